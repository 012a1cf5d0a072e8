"""Small helpers for showing pieces in a terminal, with or without colour.

Variants use these in their ``render`` methods so that every game looks alike on the command
line. Colour uses ANSI escapes and is only turned on when the caller asks (the command line asks
when its output is a colour terminal and ``NO_COLOR`` is not set).
"""

from __future__ import annotations

from unodice.core.pieces import Colour, Face

__all__ = ["paint", "paint_face"]

_ANSI = {
    Colour.RED: "\x1b[1;31m",
    Colour.YELLOW: "\x1b[1;33m",
    Colour.GREEN: "\x1b[1;32m",
    Colour.BLUE: "\x1b[1;34m",
}
_WILD = "\x1b[1;35m"
_RESET = "\x1b[0m"


def paint(text: str, colour: Colour | None, enabled: bool) -> str:
    """``text`` in ``colour`` when ``enabled``; wild (``None``) is shown in magenta."""
    if not enabled:
        return text
    return f"{_ANSI.get(colour, _WILD) if colour else _WILD}{text}{_RESET}"


def paint_face(face: Face, enabled: bool, declared: Colour | None = None, width: int = 0) -> str:
    """A face's code, padded to ``width``, coloured when ``enabled``.

    A wild face with a ``declared`` colour is shown as ``W:r`` and painted in that colour.
    """
    text = face.code if declared is None else f"{face.code}:{declared.letter}"
    return paint(text.ljust(width), face.colour or declared, enabled)
