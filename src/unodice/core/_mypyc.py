"""What the compiled build asks of the code it compiles, at no cost to the pure-Python build.

[`mypyc_attr`][unodice.core._mypyc.mypyc_attr] is mypyc's own class decorator where
``mypy_extensions`` is installed (it comes with mypy, which the compiled build is made with)
and a decorator that changes nothing where it is not. mypyc reads it through this module
as its own, so ``@mypyc_attr(allow_interpreted_subclasses=True)`` on a built-in variant lets
a plugin subclass that variant in plain Python under the compiled build too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["mypyc_attr"]

_Class = TypeVar("_Class", bound=type)

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # the pure-Python build, which does not need mypy_extensions

    def mypyc_attr(  # type: ignore[misc]
        *attrs: str, **kwattrs: Any
    ) -> Callable[[_Class], _Class]:
        """Change nothing: the class is plain Python either way."""
        return lambda cls: cls
