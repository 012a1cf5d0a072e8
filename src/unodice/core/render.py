"""Small helpers for showing pieces in a terminal, with or without colour.

Variants use these in their ``render`` methods so that every game looks alike on the command
line. Colour uses ANSI escapes and is only turned on when the caller asks (the command line asks
when its output is a colour terminal and ``NO_COLOR`` is not set).
"""

from __future__ import annotations

import re

from unodice.core.pieces import Colour, Face

__all__ = ["faces_legend", "notation_legend", "paint", "paint_face"]

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


_SYMBOL_WORDS = {
    "R": "reverse",
    "S": "skip",
    "D2": "draw two",
    "W": "wild",
    "WD4": "wild draw four",
    "DE": "dead end",
}
_CODE = re.compile(r"``?([^`]+)``?")


def faces_legend(dead_end: bool = False) -> list[str]:
    """Lines that say how faces are written, for a variant's ``Text.legend``.

    Args:
        dead_end: Whether the pieces have the dominoes' dead end (``DE``).
    """
    colours = ", ".join(f"{colour.letter} {colour.value}" for colour in Colour)
    commands = ", ".join(f"{symbol} {_SYMBOL_WORDS[symbol]}" for symbol in ("R", "S", "D2"))
    lines = [
        f"colours: {colours}",
        f"faces: a colour's letter, then 0-9 or {commands} (r5, yS, gD2)",
        f"wilds: W {_SYMBOL_WORDS['W']}, WD4 {_SYMBOL_WORDS['WD4']}; no colour of their own: "
        "W:g is a W declared green",
    ]
    if dead_end:
        lines.append("DE: a dead end, which closes its line")
    return lines


def notation_legend(table: str | None) -> list[str]:
    """The rows of a notation table in Markdown (a moves module's docstring), one line each.

    Each row ``| ``r5 B2`` | `Place` a die ... | CV-3 |`` becomes ``r5 B2: place a die ...
    (CV-3)``. Cells are split at `` | `` (a pipe with a space each side), so that a pipe in
    a code span (``r3|y5``) stays in its cell. ``None`` or text without a table gives no line.
    """
    rows = [line.strip() for line in (table or "").splitlines() if line.strip().startswith("|")]
    lines = []
    for row in rows[2:]:  # past the header and the line under it
        cells = [_CODE.sub(r"\1", cell.strip()) for cell in row.strip("|").split(" | ")]
        if len(cells) < 2:
            continue
        clause = f" ({cells[2]})" if len(cells) > 2 and cells[2] else ""
        lines.append(f"{cells[0]}: {cells[1]}{clause}")
    return lines
