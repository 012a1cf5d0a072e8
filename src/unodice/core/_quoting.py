"""Values from outside: quoted in messages, cut short, and numbers read from text.

A refusal quotes what it refuses; the value may be a 10 MB name, a record nested a thousand
deep or a number of a million digits. [`brief`][unodice.core._quoting.brief] quotes any of them in a
line. [`whole_number`][unodice.core._quoting.whole_number] reads a number from text the one way the
library writes it, so that no other spelling (``٤``, ``²``, ``+7``, `` 7 ``, ``1_000``,
``0004``) names the same number. A bottom module: it imports only the standard library, so
that every module, the errors and the pieces included, may use it.
"""

from __future__ import annotations

import difflib
import re
import reprlib
from collections.abc import Callable, Sequence
from typing import Any

__all__ = ["brief", "did_you_mean", "whole_number"]


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


_WHOLE = re.compile(r"0|-?[1-9][0-9]*")


def whole_number(
    text: str,
    what: str,
    refuse: Callable[[str], Exception],
    *,
    negative: bool = False,
    digits: int = 20,
) -> int:
    """The whole number ``text`` writes, read as the library writes numbers, or a refusal.

    A number is the ASCII digits ``0`` to ``9``, with no leading zero, and (where ``negative``)
    a ``-`` before them: one spelling for each number. ``int()`` and ``str.isdigit`` also take
    other scripts' digits, superscripts, spaces, ``+`` and ``_``; none of them is taken here.

    Args:
        text: The text to read.
        what: What the number is, for the message (``"players"``, ``"option 'target'"``).
        refuse: Makes the caller's exception from a message; what is raised.
        negative: Whether a ``-`` may come first.
        digits: The most digits read (a longer number is refused unread).

    Raises:
        Exception: ``refuse(message)``, when the text is anything else.
    """
    shape = "a whole number" if negative else "a whole number from 0"
    if (
        not isinstance(text, str)
        or not _WHOLE.fullmatch(text)
        or (text.startswith("-") and not negative)
    ):
        raise refuse(
            f"{what} must be {shape}, written in the digits 0-9 with no leading zero, "
            f"not {brief(text)}"
        )
    if len(text.lstrip("-")) > digits:
        raise refuse(f"{what} must be {shape} of at most {digits} digits, not {brief(text)}")
    return int(text)


def did_you_mean(word: str, choices: Sequence[str], *, lower: bool = False) -> str:
    """``"did you mean 'x'? "`` naming the choices closest to ``word``, or ``""`` when none is.

    Args:
        word: What was given.
        choices: What it could have been.
        lower: Compare in lower case (for names that are written in lower case).
    """
    if not isinstance(word, str):
        return ""
    key = word.lower() if lower else word
    keyed = {(choice.lower() if lower else choice): choice for choice in choices}
    close = difflib.get_close_matches(key, list(keyed), n=2, cutoff=0.6)
    if not close:
        return ""
    return f"did you mean {' or '.join(brief(keyed[match]) for match in close)}? "
