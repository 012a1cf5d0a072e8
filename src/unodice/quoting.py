"""Quoting values from outside in messages, cut short.

A refusal quotes what it refuses; the value may be a 10 MB name, a record nested a thousand
deep or a number of a million digits. [`brief`][unodice.quoting.brief] quotes any of them in a
line. A bottom module: it imports only the standard library, so that every module, the errors
and the pieces included, may use it.
"""

from __future__ import annotations

import reprlib
from typing import Any

__all__ = ["brief"]


class _Brief(reprlib.Repr):
    """``repr`` cut short: long texts and deep nesting elided, huge numbers summarised."""

    def __init__(self) -> None:
        super().__init__()
        self.maxstring = self.maxother = 60
        self.maxlevel = 3

    def repr_int(self, value: int, level: int) -> str:
        # Python refuses to turn ints of more than a few thousand digits into text.
        if value.bit_length() > 200:
            return f"<a whole number of {value.bit_length()} bits>"
        return super().repr_int(value, level)


_brief = _Brief()


def brief(value: Any) -> str:
    """A short ``repr`` of a value from outside, safe for huge or deeply nested data."""
    return _brief.repr(value)
