"""Coverall's decisions and their notation.

| notation | move | clause |
|---|---|---|
| ``r5 B2``, ``gD2 A4`` | `Place` the die showing a face on a cell | CV-3, CV-5 |
| ``W:g C4``, ``WD4:b A1`` | `Place` a wild, with the colour declared for it | CV-6, CV-7 |
| ``W C3`` | `Place` the starting W, whose colour the next player declares | CV-2 |
| ``declare red``, ``declare r`` | `Declare` the starting W's colour | CV-2 |

A face is written by its code (``r5``, ``bS``, ``W``), a cell by its row letter and column
number (``B2``). A move names a face, not a die: two dice showing the same face are the same
move.
"""

from __future__ import annotations

import re
import string
from typing import ClassVar, TypeAlias

from unodice.core._quoting import brief
from unodice.core.errors import IllegalMove
from unodice.core.moves import Move
from unodice.core.pieces import Colour, Face, parse_colour

__all__ = ["DECLARATIONS", "CoverallMove", "Declare", "Place", "parse_cell", "parse_move"]

_PLACE = re.compile(r"^(\S+?)(?::(\w+))?\s+(\S+)$")
_DECLARE = re.compile(r"^declare\s+(\w+)$", re.IGNORECASE)
_CELL = re.compile(r"^([A-Za-z])([0-9]{1,2})$")

NOTATION_HELP = (
    "write a face and a cell, like 'r5 B2' or 'gD2 A4'; a wild with its colour, "
    "like 'W:g C4' or 'WD4:b A1'; or 'declare red' for the starting W"
)


class Place(Move):
    """Place the die showing ``face`` on the cell at ``row`` and ``column`` (CV-5).

    Attributes:
        face: The face the placed die shows.
        row: The cell's row, from 0 (row ``A``).
        column: The cell's column, from 0 (column ``1``).
        colour: The colour declared for a W or WD4 (CV-6, CV-7); ``None`` for a coloured
            face and for the starting W, whose colour the next player declares (CV-2).
    """

    kind: ClassVar[str] = "place"
    face: Face
    row: int
    column: int
    colour: Colour | None = None

    @property
    def cell_name(self) -> str:
        """The cell's name, such as ``B2``."""
        return f"{string.ascii_uppercase[self.row]}{self.column + 1}"

    def __str__(self) -> str:
        declared = f":{self.colour.letter}" if self.colour is not None else ""
        return f"{self.face.code}{declared} {self.cell_name}"


class Declare(Move):
    """Declare the colour of the starting W (CV-2).

    Attributes:
        colour: The colour it takes for the rest of the game.
    """

    kind: ClassVar[str] = "declare"
    colour: Colour

    def __str__(self) -> str:
        return f"declare {self.colour.value}"


CoverallMove: TypeAlias = Place | Declare
"""Any coverall move: the move type of the ``Coverall`` variant."""

DECLARATIONS: tuple[Declare, ...] = tuple(Declare(colour) for colour in Colour)
"""Every way to declare the starting W's colour (CV-2), the legal moves of its decision."""


def parse_move(text: str) -> CoverallMove:
    """Read a move from its notation.

    Raises:
        IllegalMove: The text is not a coverall move; the message shows what one looks like.
    """
    if not isinstance(text, str):
        raise IllegalMove(text, NOTATION_HELP)
    words = text.strip()
    declare = _DECLARE.match(words)
    if declare:
        return Declare(_colour(text, declare.group(1)))
    place = _PLACE.match(words)
    if not place:
        raise IllegalMove(text, f"cannot read the move: {NOTATION_HELP}")
    face_code, colour_code, cell = place.groups()
    try:
        face = Face.parse(face_code)
        row, column = parse_cell(cell)
    except ValueError as error:
        raise IllegalMove(text, f"{error}; {NOTATION_HELP}") from None
    if colour_code is not None and not face.is_wild:
        raise IllegalMove(text, f"only W and WD4 take a declared colour, not {face.code}")
    colour = _colour(text, colour_code) if colour_code is not None else None
    return Place(face, row, column, colour)


def parse_cell(text: str) -> tuple[int, int]:
    """Read a cell name (``"B2"``, ``"b2"``) into its row and column, both from 0.

    Raises:
        ValueError: The text is not a row letter followed by a column number.
    """
    match = _CELL.match(text.strip())
    if not match or int(match.group(2)) < 1:
        raise ValueError(f"{brief(text)} is not a cell; name one by row letter and column, like B2")
    return string.ascii_uppercase.index(match.group(1).upper()), int(match.group(2)) - 1


def _colour(text: str, code: str) -> Colour:
    try:
        return parse_colour(code)
    except ValueError as error:
        raise IllegalMove(text, str(error)) from None
