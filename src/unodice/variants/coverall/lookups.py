"""Lookups worked out once and shared: the tray's geometry, and the lookups of a dice set.

**The tray.** Cells are numbered row by row from ``0`` (top left). A cell is named by its row
letter and column number, ``A1`` to ``D6`` on the standard tray. With the partition on, the
columns are split into a left and a right half; a half is a *region*, and nothing (no
neighbour, no run) crosses from one region to the other (CV-12). Without the partition the
whole tray is one region. A [`TrayLookup`][unodice.variants.coverall.lookups.TrayLookup]
depends only on the tray's shape, so it is built once per shape and shared by every game of
that shape.

**The dice set.** [`lookups_for`][unodice.variants.coverall.lookups.lookups_for] loads the set
the ``dice`` option names, refuses one the rules cannot play with, and hands out its
[`CoverallLookups`][unodice.variants.coverall.lookups.CoverallLookups]: for each face, what it
wants of its neighbours, what it offers them once in the tray and its moves on each cell,
built once per set and tray shape.

**For learning agents.** [`SpacesLookup`][unodice.variants.coverall.lookups.SpacesLookup] number
the set's faces, symbols and colours once per set, for the action catalogue and the
observations of the ``spaces`` module.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from operator import itemgetter
from types import MappingProxyType
from typing import Any

from unodice.core.lookups import LookupsPerSet, SealedLookup, load_set, unsuitable_set
from unodice.core.pieces import Colour, ComponentSet, Face

from .kernel import (
    BIT_COUNT,
    NEXT_TO_A_DIE,
    MovesOnCells,
    Ray,
    SharedRolls,
    Walk,
    bit_numbers,
    die_wants,
    mask_of,
    offers,
    wants,
)
from .moves import Place

__all__ = [
    "CoverallLookups",
    "FaceLookup",
    "SpacesLookup",
    "StretchReading",
    "TrayLookup",
    "lookups_for",
    "roll_value",
    "spaces_lookup_for",
    "tray_code",
    "tray_of",
]

StretchReading = tuple[tuple[str, ...], Callable[[Sequence[Any]], tuple[Any, ...]]]
"""A stretch's cell names, and a getter of its entries: see ``TrayLookup.stretch_readings``."""

# -- the tray (CV-12) ------------------------------------------------------------------------------


class TrayLookup(SealedLookup):
    """The shape of the tray and every lookup derived from it.

    Args:
        rows: Number of rows (lettered from ``A``).
        columns: Number of columns (numbered from ``1``).
        partition: Whether the columns are split into two halves that nothing crosses.

    Attributes:
        rows: Number of rows.
        columns: Number of columns.
        partition: Whether the partition is in force.
        size: Number of cells.
        names: Each cell's name (``"B2"``), by cell number.
        region_of: Each cell's region: ``0`` (left half, or the whole tray) or ``1``.
        regions: The cells of each region, in cell order.
        neighbours: Each cell's orthogonal neighbours in its own region.
        line_names: Each cell's two lines in words: ``("row B", "column 2")``.
        lines: Each cell's two lines, row then column, each as two rays
            (towards the lower and the higher numbers) that stop at the region's edge.
        walks: Each cell's two lines as ``(line, back, ahead, stretches)``: the line's
            number (``0`` row, ``1`` column), its two rays as in ``lines``, and the stretch of
            cells through the cell reaching ``b`` cells back and ``a`` ahead,
            ``stretches[b][a]``, in order along the line.
        stretch_names: The names of the cells of each stretch of two cells or more.
        stretch_readings: For each stretch of two cells or more, by the identity of its tuple
            in ``walks``: its names, and a getter of its entries in a list by cell (such as
            the tray codes). A scored run looks its stretch up here, which saves hashing the
            stretch and building a getter for it at every placement.
        region_masks: The cells of each region as a bit mask (bit ``s`` for cell ``s``).
        neighbour_masks: Each cell's neighbours as a bit mask.
    """

    def __init__(self, rows: int, columns: int, partition: bool):
        self.rows = rows
        self.columns = columns
        self.partition = partition
        self.size = rows * columns
        self.names: tuple[str, ...] = tuple(
            f"{string.ascii_uppercase[r]}{c + 1}" for r in range(rows) for c in range(columns)
        )
        self.region_of: tuple[int, ...] = tuple(
            self._region_of_column(cell % columns) for cell in range(self.size)
        )
        region_count = 2 if partition else 1
        self.regions: tuple[tuple[int, ...], ...] = tuple(
            tuple(s for s in range(self.size) if self.region_of[s] == region)
            for region in range(region_count)
        )
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(
            self._neighbours(cell) for cell in range(self.size)
        )
        self.region_masks: tuple[int, ...] = tuple(mask_of(cells) for cells in self.regions)
        self.neighbour_masks: tuple[int, ...] = tuple(mask_of(n) for n in self.neighbours)
        self.line_names: tuple[tuple[str, str], ...] = tuple(
            (f"row {name[0]}", f"column {name[1:]}") for name in self.names
        )
        self.lines: tuple[tuple[tuple[Ray, Ray], tuple[Ray, Ray]], ...] = tuple(
            (self._row_rays(cell), self._column_rays(cell)) for cell in range(self.size)
        )
        self.walks: tuple[tuple[Walk, Walk], ...] = tuple(
            (_walk(0, cell, *rays[0]), _walk(1, cell, *rays[1]))
            for cell, rays in enumerate(self.lines)
        )
        # Read-only views: every game of the shape shares them.
        self.stretch_names: Mapping[tuple[int, ...], tuple[str, ...]] = MappingProxyType(
            {
                stretch: tuple(self.names[s] for s in stretch)
                for pair in self.walks
                for walk in pair
                for ahead_of in walk[3]
                for stretch in ahead_of
                if len(stretch) > 1
            }
        )
        self.stretch_readings: Mapping[int, StretchReading] = MappingProxyType(
            {
                id(stretch): (self.stretch_names[stretch], itemgetter(*stretch))
                for pair in self.walks
                for walk in pair
                for ahead_of in walk[3]
                for stretch in ahead_of
                if len(stretch) > 1
            }
        )
        self.seal()

    # -- names -------------------------------------------------------------------------------------

    def cell(self, row: int, column: int) -> int:
        """The number of the cell at ``row`` and ``column`` (both from 0)."""
        return row * self.columns + column

    def row_and_column(self, cell: int) -> tuple[int, int]:
        """The row and column (both from 0) of a cell."""
        return divmod(cell, self.columns)

    def contains(self, row: int, column: int) -> bool:
        """Whether the tray has a cell at ``row`` and ``column`` (both from 0)."""
        return 0 <= row < self.rows and 0 <= column < self.columns

    def row_letter(self, row: int) -> str:
        """The letter of a row (``0`` is ``A``)."""
        return string.ascii_uppercase[row]

    def describe_shape(self) -> str:
        """The tray's extent in words, for error messages: ``rows A–D, columns 1–6``."""
        return f"rows A–{self.row_letter(self.rows - 1)}, columns 1–{self.columns}"

    def region_name(self, region: int) -> str:
        """A region in words: ``left half (columns 1–3)``, or ``tray`` without a partition."""
        if not self.partition:
            return "tray"
        half = self.columns // 2
        first, last = (1, half) if region == 0 else (half + 1, self.columns)
        side = "left" if region == 0 else "right"
        columns = f"column {first}" if first == last else f"columns {first}–{last}"
        return f"{side} half ({columns})"

    # -- derived lookups ---------------------------------------------------------------------------

    def _region_of_column(self, column: int) -> int:
        return int(self.partition and column >= self.columns // 2)

    def _neighbours(self, cell: int) -> tuple[int, ...]:
        row, column = self.row_and_column(cell)
        found = []
        for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
            r, c = row + dr, column + dc
            if self.contains(r, c) and self.region_of[self.cell(r, c)] == self.region_of[cell]:
                found.append(self.cell(r, c))
        return tuple(found)

    def _ray(self, cell: int, dr: int, dc: int) -> Ray:
        row, column = self.row_and_column(cell)
        region = self.region_of[cell]
        out = []
        r, c = row + dr, column + dc
        while self.contains(r, c) and self.region_of[self.cell(r, c)] == region:
            out.append(self.cell(r, c))
            r, c = r + dr, c + dc
        return tuple(out)

    def _row_rays(self, cell: int) -> tuple[Ray, Ray]:
        return self._ray(cell, 0, -1), self._ray(cell, 0, 1)

    def _column_rays(self, cell: int) -> tuple[Ray, Ray]:
        return self._ray(cell, -1, 0), self._ray(cell, 1, 0)


def _walk(line: int, cell: int, back: Ray, ahead: Ray) -> Walk:
    stretches = tuple(
        tuple((*reversed(back[:before]), cell, *ahead[:after]) for after in range(len(ahead) + 1))
        for before in range(len(back) + 1)
    )
    return line, back, ahead, stretches


@cache
def tray_of(rows: int, columns: int, partition: bool) -> TrayLookup:
    """The shared [`TrayLookup`][unodice.variants.coverall.lookups.TrayLookup] of a shape."""
    return TrayLookup(rows, columns, partition)


# -- the dice set (CV-1, CV-2, CV-5) ---------------------------------------------------------------


def tray_code(face: Face | None, colour: Colour | None) -> str:
    """A die as it stands in the tray: ``r5``, or ``W:r`` for a wild declared red."""
    if face is None:
        return "."
    if face.colour is None and colour is not None:
        return f"{face.code}:{colour.letter}"
    return face.code


def roll_value(face: Face) -> int:
    """A face's worth in the roll-off (CV-1): its number; a letter counts as nothing (-1)."""
    number = face.number
    return -1 if number is None else number


class FaceLookup(SealedLookup):
    """What the rules need to know, over and over, about one face of the dice set.

    Attributes:
        wants: The bits a neighbour must offer for the face to go beside it (CV-5).
        want_bits: Two bit numbers (the same one twice for a wild): the face fits where either
            is offered.
        wild_draw: Whether the face is a WD4 (CV-7).
        moves: The face's placements on any set of cells, with each colour for a wild.
        starts: The face as the starting die on each cell (CV-2), without a colour.
        as_shown: What the die offers in the tray as it shows (a starting W before its
            declaration), and its tray code.
        as_declared: The same for a wild, by its declared colour.
    """

    def __init__(self, face: Face, rows: int, columns: int):
        cells = [(row, column) for row in range(rows) for column in range(columns)]
        colours: Sequence[Colour | None] = tuple(Colour) if face.is_wild else (None,)
        self.wants = wants(face)
        wanted = bit_numbers(self.wants)
        self.want_bits: tuple[int, int] = (wanted[0], wanted[-1])
        self.wild_draw = face.symbol == "WD4"
        self.moves = MovesOnCells(
            [tuple(Place(face, row, column, colour) for colour in colours) for row, column in cells]
        )
        self.starts = tuple(Place(face, row, column) for row, column in cells)
        self.as_shown = _in_tray(face, face.colour)
        declared = tuple(Colour) if face.is_wild else ()
        self.as_declared: Mapping[Colour, tuple[tuple[int, ...], str]] = MappingProxyType(
            {colour: _in_tray(face, colour) for colour in declared}
        )
        self.seal()


def _in_tray(face: Face, colour: Colour | None) -> tuple[tuple[int, ...], str]:
    """The bits (by number) a die showing ``face`` as ``colour`` offers, and its tray code."""
    return bit_numbers(offers(face, colour)), tray_code(face, colour)


class CoverallLookups(SealedLookup):
    """Lookups worked out once per dice set and tray shape, shared by every game.

    Faces are looked up by identity first: every face a roll shows is one of the set's own
    face objects, and an identity lookup is much cheaper than hashing a face.

    Attributes:
        dice_set: The set.
        by_face: Each face's [`FaceLookup`][unodice.variants.coverall.lookups.FaceLookup].
        by_identity: The same by the face object's identity.
        outside_checks: For each die, its bit and everything its faces could want (CV-12).
        all_dice: The bits of every die.
        reach_all: Where each matching bit is offered in an untouched half: on every cell
            (CV-12).
        wild_dice: The bits of the dice with a wild face.
        fixed_roll: The ids of the dice that can show only one roll-off value (CV-1).
        only_wd4: The ids of the dice that show only WD4 (CV-2).
        shared_rolls: The set's one-die ``Rolled`` events, shared by its games.
    """

    def __init__(self, dice_set: ComponentSet, rows: int, columns: int):
        self.dice_set = dice_set
        self.by_face = {
            face: FaceLookup(face, rows, columns)
            for face in sorted({f for die in dice_set.dice for f in die.faces}, key=str)
        }
        self.by_identity = {id(f): self.by_face[f] for die in dice_set.dice for f in die.faces}
        self.outside_checks = tuple((1 << die.id, die_wants(die)) for die in dice_set.dice)
        self.all_dice = sum(1 << die.id for die in dice_set.dice)
        self.reach_all = (-1,) * BIT_COUNT
        self.wild_dice = sum(1 << die.id for die in dice_set.dice if die_wants(die) & NEXT_TO_A_DIE)
        self.fixed_roll = frozenset(
            die.id for die in dice_set.dice if len({roll_value(f) for f in die.faces}) == 1
        )
        self.only_wd4 = tuple(
            die.id for die in dice_set.dice if all(f.symbol == "WD4" for f in die.faces)
        )
        self.shared_rolls = SharedRolls()
        self.seal()

    def face(self, face: Face) -> FaceLookup:
        """The face's lookup."""
        return self.by_identity.get(id(face)) or self.by_face[face]


_per_set: LookupsPerSet[CoverallLookups] = LookupsPerSet(CoverallLookups)
"""The shared lookups of a dice set (by identity: sets are immutable) and tray shape."""


def lookups_for(
    name: str, extra: Mapping[str, ComponentSet] | None, tray: TrayLookup, players: int
) -> CoverallLookups:
    """The lookups of the dice set option ``dice`` names, for ``tray`` and ``players``.

    Raises:
        InvalidOptions: The set is unknown or holds dominoes; it has fewer dice than the tray
            has cells, or than there are players for the roll-off (CV-1); or it has a die
            that shows only WD4, which as the starting die would be rolled again for ever
            (CV-2).
    """
    dice_set = load_set("coverall", "dice", name, extra, "dice")
    lookups = _per_set(dice_set, tray.rows, tray.columns)
    count = len(dice_set.dice)
    if count < tray.size:
        raise unsuitable_set(
            "coverall",
            "dice",
            name,
            f"has only {count} dice but the {tray.rows} x "
            f"{tray.columns} tray has {tray.size} cells; use a smaller tray or a larger set",
        )
    if count < players:
        raise unsuitable_set(
            "coverall",
            "dice",
            name,
            f"has only {count} dice but the roll-off (CV-1) needs "
            f"a die per player: {players} players",
        )
    if lookups.only_wd4:
        raise unsuitable_set(
            "coverall",
            "dice",
            name,
            f"has die {lookups.only_wd4[0]}, which shows only WD4, "
            "so as a starting die it would be rolled again for ever (CV-2)",
        )
    return lookups


# -- the spaces for learning agents ----------------------------------------------------------------


class SpacesLookup(SealedLookup):
    """Lookups for the action catalogue and the observation of one dice set (see ``spaces``).

    Faces are looked up by identity first, as in
    [`CoverallLookups`][unodice.variants.coverall.lookups.CoverallLookups], and colours by
    identity only (there are four, each one object).

    Attributes:
        faces: Every face of the set, in the order of their codes as text (``W``, ``WD4``,
            ``b0`` … ``yS``): the order of the catalogue's placements and of the hand slot.
        face_index: Each face's place in ``faces``, by the face object's identity.
        face_index_by_value: The same by the face's value, for a face that is not one of the
            set's own objects.
        dice_count: How many dice the set has.
        dice_with: For each face in ``faces``, how many dice of the set have it: the most
            dice a hand can show it on at once.
        symbols: The set's symbols (kinds), numbers in ascending order first, then the letters
            in text order (``D2``, ``R``, ``S``, ``W``, ``WD4``).
        symbol_index: Each symbol's place in ``symbols``.
        colour_index: Each colour's place in the order red, yellow, green, blue, by the
            colour's identity.
    """

    def __init__(self, dice_set: ComponentSet):
        self.faces: tuple[Face, ...] = tuple(
            sorted({face for die in dice_set.dice for face in die.faces}, key=lambda f: f.code)
        )
        self.face_index_by_value: dict[Face, int] = {f: i for i, f in enumerate(self.faces)}
        self.face_index: dict[int, int] = {
            id(face): self.face_index_by_value[face] for die in dice_set.dice for face in die.faces
        }
        self.dice_count = len(dice_set.dice)
        self.dice_with: tuple[int, ...] = tuple(
            sum(face in die.faces for die in dice_set.dice) for face in self.faces
        )
        self.symbols: tuple[str, ...] = tuple(
            sorted({face.symbol for face in self.faces}, key=_symbol_order)
        )
        self.symbol_index: dict[str, int] = {s: i for i, s in enumerate(self.symbols)}
        self.colour_index: dict[int, int] = {id(c): i for i, c in enumerate(Colour)}
        self.seal()

    def index_of(self, face: Face) -> int:
        """The face's place in ``faces``."""
        index = self.face_index.get(id(face))
        return self.face_index_by_value[face] if index is None else index


def _symbol_order(symbol: str) -> tuple[bool, int, str]:
    """Numbers first, by value; then letters as text."""
    return (not symbol.isdigit(), int(symbol) if symbol.isdigit() else 0, symbol)


_spaces_per_set: LookupsPerSet[SpacesLookup] = LookupsPerSet(SpacesLookup)
"""The shared learning-space lookups of each dice set (by identity: sets are immutable)."""


def spaces_lookup_for(dice_set: ComponentSet) -> SpacesLookup:
    """The [`SpacesLookup`][unodice.variants.coverall.lookups.SpacesLookup] of a dice set."""
    return _spaces_per_set(dice_set)
