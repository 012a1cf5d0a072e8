"""The fast path's machinery: matching as bits, cells as masks, runs walked in place.

Nothing here is the only statement of a rule: each function cites its clause, and
[`reference`][unodice.variants.coverall.reference] reads the same clause plainly;
[`check_variant`][unodice.testing.check_variant] with ``reference=True`` compares the two at
every decision.

**Matching as bits (CV-5).** A die in the tray *offers* its empty neighbours a few bits: one
for being there at all, one for its colour (a wild's declared colour) and one for its kind (its
number or letter). A face in a player's hand *wants* bits: its colour and its kind, or, for W
and WD4, only a die to stand next to. A face may go on an empty cell when what it wants meets
what the cell is offered by its neighbours in the same region, so each test is one ``&``.

**Cells as masks.** Bit ``s`` of a mask stands for cell ``s``. The rules keep, for each
matching bit, the mask of the cells a neighbour offers it (the state's ``reach``); the cells
a face may go to are then a few ``|`` and ``&`` of masks, and
[`MovesOnCells`][unodice.variants.coverall.kernel.MovesOnCells] turns that mask into the face's
moves, reading it eight cells at a time, without testing the cells one by one.

**Shared events.** A game keeps every event it emits. A roll of one die says one of a few
hundred things, so [`SharedRolls`][unodice.variants.coverall.kernel.SharedRolls] hands out one
shared ``Rolled`` object for each instead of a new one each time (events are immutable).

**Runs (CV-11).** [`counting_runs`][unodice.variants.coverall.kernel.counting_runs] walks the two
lines through a placed die on plain sequences of kinds and colours by cell, so the same code
scores a real placement and, for a bot, a placement it is only considering.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from typing import TYPE_CHECKING

from unodice.core.pieces import COLOURED_SYMBOLS, Colour, Die, Face

from .events import Rolled

if TYPE_CHECKING:
    from .moves import Place

__all__ = [
    "BIT_COUNT",
    "NEXT_TO_A_DIE",
    "NEXT_TO_A_DIE_BIT",
    "SHARED_ROLLS_LIMIT",
    "VALUES",
    "LineRun",
    "MovesOnCells",
    "Ray",
    "SharedRolls",
    "Walk",
    "bit_numbers",
    "cells_of",
    "counting_runs",
    "die_wants",
    "mask_of",
    "offers",
    "wants",
]

# -- CV-5: matching as bits ------------------------------------------------------------------------

NEXT_TO_A_DIE = 1
"""The bit every die in the tray offers its neighbours, and all that a wild face wants."""
NEXT_TO_A_DIE_BIT = 0
"""The number of that bit."""

_COLOUR_BIT = {colour: 1 << (1 + i) for i, colour in enumerate(Colour)}
_KIND_BIT = {symbol: 1 << (5 + i) for i, symbol in enumerate(sorted(COLOURED_SYMBOLS))}
BIT_COUNT = 5 + len(COLOURED_SYMBOLS)
"""How many bits there are: being there, four colours and each coloured kind."""


def wants(face: Face) -> int:
    """CV-5: the bits a neighbour must offer for ``face`` to be placed beside it.

    The plain reading is `reference.matches`.
    """
    if face.colour is None:
        return NEXT_TO_A_DIE
    return _COLOUR_BIT[face.colour] | _KIND_BIT[face.symbol]


def offers(face: Face, colour: Colour | None) -> int:
    """CV-5: what a die showing ``face`` (a wild counting as ``colour``) offers its neighbours.

    The plain reading is `reference.matches`.
    """
    bits = NEXT_TO_A_DIE | _KIND_BIT.get(face.symbol, 0)
    return bits | _COLOUR_BIT[colour] if colour is not None else bits


def die_wants(die: Die) -> int:
    """CV-12, CV-13: everything any face of ``die`` could want: it fits where any is offered.

    The plain reading is `reference.half_is_dead`.
    """
    bits = 0
    for face in die.faces:
        bits |= wants(face)
    return bits


def bit_numbers(bits: int) -> tuple[int, ...]:
    """The numbers of the bits set in ``bits``, lowest first."""
    return tuple(number for number in range(BIT_COUNT) if bits >> number & 1)


# -- cells as masks --------------------------------------------------------------------------------


def mask_of(cells: Iterable[int]) -> int:
    """The mask of a set of cells."""
    mask = 0
    for cell in cells:
        mask |= 1 << cell
    return mask


def cells_of(mask: int) -> list[int]:
    """The cells of a mask, in ascending order."""
    return [cell for cell in range(mask.bit_length()) if mask >> cell & 1]


@cache
def _blocks(size: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For each block of eight cells of a tray of ``size``, the cells each bit pattern sets."""
    return tuple(
        tuple(tuple(first + offset for offset in cells_of(bits)) for bits in range(256))
        for first in range(0, size, 8)
    )


class MovesOnCells:
    """CV-5: one face's moves on any set of cells, in ascending cell order.

    The order is that of `reference.legal_moves`, which lists the cells row by row. The lists
    of which cells each pattern of eight bits sets hold only numbers and are shared by every
    face of the same tray size; lists of moves per pattern would be faster to read, but for
    every face they would hold tens of thousands of tuples.

    Args:
        per_cell: The face's moves on each cell of the tray, by cell number.
    """

    __slots__ = ("_blocks", "_per_cell")

    def __init__(self, per_cell: Sequence[tuple[Place, ...]]):
        self._per_cell = tuple(per_cell)
        self._blocks = _blocks(len(per_cell))

    def on(self, mask: int) -> list[Place]:
        """The moves on the cells of ``mask``: each cell's moves in turn."""
        moves: list[Place] = []
        per_cell = self._per_cell
        for block in self._blocks:
            bits = mask & 255
            if bits:
                for cell in block[bits]:
                    moves += per_cell[cell]
            mask >>= 8
            if not mask:
                break
        return moves


# -- shared events (CV-3) -------------------------------------------------------------------------

SHARED_ROLLS_LIMIT = 1 << 12
"""The most one-die rolls a dice set shares; rolls beyond it are made afresh."""


class SharedRolls:
    """CV-3: the ``Rolled`` events of one-die rolls, made once per dice set and shared.

    About a quarter of a game's rolls are of a single die (the last die passed on, or a lone
    reserve die), and between them they say only a few hundred things: who rolled, which face,
    where the die came from. Every game of the set hands out one shared object for each, which
    saves each such roll an event and a tuple of faces (about 140 bytes) in the game's history.
    Rolls of more dice differ too much to be worth sharing and are made afresh.

    Faces are keyed by identity (a roll shows the set's own face objects); a shared event is
    handed out only when its face is the very one rolled.
    """

    __slots__ = ("_events",)

    def __init__(self) -> None:
        self._events: dict[tuple[int, int, int, int, int], Rolled] = {}

    def rolled(
        self, seat: int, faces: tuple[Face, ...], passed: int, drawn: int, reserve: int
    ) -> Rolled:
        """``Rolled(seat, faces, passed, drawn, reserve)``, shared when one die was rolled."""
        if len(faces) != 1:
            return Rolled(seat, faces, passed, drawn, reserve)
        face = faces[0]
        key = (seat, id(face), passed, drawn, reserve)
        event = self._events.get(key)
        if event is None or event.faces[0] is not face:
            event = Rolled(seat, faces, passed, drawn, reserve)
            if len(self._events) < SHARED_ROLLS_LIMIT:
                self._events[key] = event
        return event


# -- CV-11: runs -----------------------------------------------------------------------------------

VALUES: dict[str, int] = {str(n): n for n in range(10)} | {
    "R": 20,
    "S": 20,
    "D2": 20,
    "W": 0,
    "WD4": 0,
}
"""CV-11: what each symbol is worth in a run: numbers their value, R/S/D2 20, W and WD4 nothing.

The plain reading is `reference.value_of`."""

_COLOUR_NAMES = {id(colour): colour.value for colour in Colour}
"""Each colour's name, by the colour's identity: an enum's ``value``, and its hash, are slower
Python-level calls."""

Ray = tuple[int, ...]
"""Cells walked outward from a cell along one line, nearest first, stopping at a region edge."""
Walk = tuple[int, Ray, Ray, tuple[tuple[tuple[int, ...], ...], ...]]
"""One line through a cell, ready to walk: ``(line, back, ahead, stretches)``.

``line`` is ``0`` for the row and ``1`` for the column; ``back`` and ``ahead`` are its two
rays, towards the lower and the higher numbers; ``stretches[b][a]`` is the stretch of cells
through the cell reaching ``b`` cells back and ``a`` ahead, in order along the line. The
tray's lookup holds the two walks of each cell (``TrayLookup.walks``)."""
LineRun = tuple[int, str, tuple[int, ...], int]
"""The run that counts in one line: (line: 0 row / 1 column, what it shares, cells, value)."""


def counting_runs(
    walks: tuple[Walk, Walk],
    kinds: Sequence[str | None],
    colours: Sequence[Colour | None],
    kind: str,
    colour: Colour | None,
) -> list[LineRun]:
    """CV-11: the run that counts in each line through a cell if a die of ``kind`` stands there.

    Each of the two lines (row and column) is looked at on its own: the longest stretch of
    adjacent dice through the new die that share its colour, and the longest that share its
    kind. A stretch is a run only with two or more dice, and never crosses the partition. The
    line scores the better of its two runs.

    Checked against `reference.move_points` at every decision by
    `check_variant(reference=True)`.

    Args:
        walks: The two lines through the cell where the die is (or would be) placed, its row
            and its column, as the tray's lookup has them (``TrayLookup.walks`` of the cell).
        kinds: The symbol (number or letter) on every cell, ``None`` when empty; the placed
            die's own cell is not read.
        colours: The colour every die counts as (a wild's declared colour; ``None`` when empty).
        kind: The symbol it shows.
        colour: The colour it counts as (``None`` only for an undeclared starting W).

    Returns:
        For each line with a run of two or more dice, the better of its colour run and its kind
        run (the colour run on a tie).
    """
    # The walks along each ray are written out in place: this runs for every placement and
    # for every move a scoring bot weighs, and a helper call per ray would double its cost.
    own_value = VALUES[kind]
    found: list[LineRun] = []
    for line, back, ahead, stretches in walks:
        best: LineRun | None = None
        if colour is not None:
            value = own_value
            before = 0
            for other in back:
                if colours[other] is not colour:
                    break
                before += 1
                value += VALUES[kinds[other]]  # type: ignore[index]
            after = 0
            for other in ahead:
                if colours[other] is not colour:
                    break
                after += 1
                value += VALUES[kinds[other]]  # type: ignore[index]
            if before or after:
                best = (line, _COLOUR_NAMES[id(colour)], stretches[before][after], value)
        before = 0
        for other in back:
            if kinds[other] != kind:
                break
            before += 1
        after = 0
        for other in ahead:
            if kinds[other] != kind:
                break
            after += 1
        if before or after:
            value = own_value * (1 + before + after)
            if best is None or value > best[3]:
                best = (line, kind, stretches[before][after], value)
        if best is not None:
            found.append(best)
    return found
