"""Coverall's legal moves and scoring read plainly from the rule page (CV-2 to CV-13).

This is the slow, obvious reading beside the fast path in ``rules`` and ``kernel``: it walks
the tray cell by cell, the dice face by face and the lines die by die, with no masks, caches
or lookups. [`check_variant`][unodice.testing.check_variant] with ``reference=True`` compares the
fast path with it at every decision. The geometry comes from the options alone (rows,
columns, partition); the position from the state's plain fields: the face and the colour on
each cell, the rolled faces, the dice in the bag, the hand and the reserves, and the half the
starting die went to. Nothing here changes the state.

Coverall scores as it goes (CV-11) and nothing when the game ends (CV-13), so
``round_points`` gives zeros.
"""

from __future__ import annotations

from collections.abc import Callable

from unodice.core.capabilities import Reference
from unodice.core.moves import Move
from unodice.core.pieces import Colour, Die, Face

from .moves import CoverallMove, Declare, Place
from .options import CoverallOptions
from .state import CoverallState

__all__ = ["CoverallReference", "legal_moves", "move_points", "round_points"]

Cell = tuple[int, int]
"""A cell as its row and column, both from 0."""


# -- the tray (Components and words, CV-12) --------------------------------------------------------


def rows_of(variant: CoverallReference) -> int:
    """How many rows the tray has (option ``rows``, "Tray")."""
    rows: int = variant.options.rows
    return rows


def columns_of(variant: CoverallReference) -> int:
    """How many columns the tray has (option ``columns``, "Tray")."""
    columns: int = variant.options.columns
    return columns


def partitioned(variant: CoverallReference) -> bool:
    """Whether the partition is in force (option ``partition``, "Halves", CV-12)."""
    partition: bool = variant.options.partition
    return partition


def all_cells(variant: CoverallReference) -> list[Cell]:
    """Every cell of the tray, row by row ("Tray")."""
    rows, columns = rows_of(variant), columns_of(variant)
    return [(row, column) for row in range(rows) for column in range(columns)]


def half_of(variant: CoverallReference, cell: Cell) -> int:
    """The half a cell lies in ("Halves", CV-12): 0 left, 1 right; 0 for a whole tray."""
    if not partitioned(variant):
        return 0
    return 0 if cell[1] < columns_of(variant) // 2 else 1


def cells_of_half(variant: CoverallReference, half: int) -> list[Cell]:
    """The cells of one half (CV-12); without the partition, half 0 is the whole tray."""
    return [cell for cell in all_cells(variant) if half_of(variant, cell) == half]


def on_tray(variant: CoverallReference, cell: Cell) -> bool:
    """Whether the tray has this cell ("Tray")."""
    row, column = cell
    return 0 <= row < rows_of(variant) and 0 <= column < columns_of(variant)


def neighbours(variant: CoverallReference, cell: Cell) -> list[Cell]:
    """The cells sharing a side with ``cell`` on its side of the partition ("Neighbours")."""
    row, column = cell
    found = []
    for other in ((row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1)):
        if on_tray(variant, other) and half_of(variant, other) == half_of(variant, cell):
            found.append(other)
    return found


def face_at(variant: CoverallReference, state: CoverallState, cell: Cell) -> Face | None:
    """The face of the die on ``cell``, or ``None`` when it is empty."""
    row, column = cell
    return state.faces[row * columns_of(variant) + column]


def colour_at(variant: CoverallReference, state: CoverallState, cell: Cell) -> Colour | None:
    """The colour the die on ``cell`` counts as (CV-5): its own, or a wild's declared one."""
    face = face_at(variant, state, cell)
    if face is None:
        return None
    if face.colour is not None:
        return face.colour
    row, column = cell
    return state.colours[row * columns_of(variant) + column]


def is_empty(variant: CoverallReference, state: CoverallState, cell: Cell) -> bool:
    """Whether no die stands on ``cell``."""
    return face_at(variant, state, cell) is None


# -- matching and placing (CV-5, CV-7, CV-12) ------------------------------------------------------


def matches(face: Face, tray_face: Face, tray_colour: Colour | None) -> bool:
    """CV-5: whether ``face`` matches a die in the tray.

    It matches a die showing ``tray_face`` and counting as ``tray_colour`` by the same
    number, the same letter (R, S, D2) or the same colour. A W or WD4 may be placed beside
    any die (CV-5), so it matches every die.
    """
    if face.is_wild:
        return True
    if not tray_face.is_wild and face.symbol == tray_face.symbol:
        return True
    return tray_colour is not None and face.colour == tray_colour


def half_is_untouched(variant: CoverallReference, state: CoverallState, half: int) -> bool:
    """CV-12: no die stands in the half yet."""
    return all(is_empty(variant, state, cell) for cell in cells_of_half(variant, half))


def fits(variant: CoverallReference, state: CoverallState, face: Face, cell: Cell) -> bool:
    """CV-5, CV-12: a die showing ``face`` may go on ``cell`` as far as matching goes.

    The cell must be empty. In a half with no die yet, it matches nothing and needs no
    neighbour (CV-12); otherwise one neighbour in the same half that it matches is enough
    (CV-5). The WD4 restriction (CV-7) and which half is open are not looked at here.
    """
    if not is_empty(variant, state, cell):
        return False
    if half_is_untouched(variant, state, half_of(variant, cell)):
        return True
    for other in neighbours(variant, cell):
        tray_face = face_at(variant, state, other)
        if tray_face is not None and matches(face, tray_face, colour_at(variant, state, other)):
            return True
    return False


def dice_outside_tray(state: CoverallState) -> list[Die]:
    """CV-12, CV-13: every die in the bag, in the hand being played and in a reserve."""
    outside: list[Die] = list(state.bag)
    outside.extend(state.hand)
    for reserve in state.reserves:
        outside.extend(reserve)
    return outside


def half_is_dead(variant: CoverallReference, state: CoverallState, half: int) -> bool:
    """CV-12: no face of any die outside the tray could ever go on an empty cell of the half.

    "Could ever" looks at each face of each such die as it might one day be rolled, so the
    WD4 restriction (CV-7), which depends on what else is held, does not keep a WD4 out.
    """
    for cell in cells_of_half(variant, half):
        for die in dice_outside_tray(state):
            for face in die.faces:
                if fits(variant, state, face, cell):
                    return False
    return True


def open_half(variant: CoverallReference, state: CoverallState) -> int:
    """CV-12: the half every die is placed in now.

    Without the partition the whole tray is one region (half 0). With it, the first half (that
    of the starting die) stays open while it has empty cells and is not dead; then the other
    half opens. A full or dead first half stays so, since the tray only changes by placements.
    """
    if not partitioned(variant):
        return 0
    first = state.first_region
    assert first is not None, "the starting die is in the tray"
    has_room = any(is_empty(variant, state, cell) for cell in cells_of_half(variant, first))
    if has_room and not half_is_dead(variant, state, first):
        return first
    return 1 - first


def placeable_cells(variant: CoverallReference, state: CoverallState, face: Face) -> list[Cell]:
    """CV-5, CV-12: the cells of the open half a die showing ``face`` may go on."""
    return [
        cell
        for cell in cells_of_half(variant, open_half(variant, state))
        if fits(variant, state, face, cell)
    ]


def distinct_faces(state: CoverallState) -> list[Face]:
    """CV-3: the faces the player's dice show; two dice showing one face are one choice."""
    faces: list[Face] = []
    for face in state.showing:
        if face not in faces:
            faces.append(face)
    return faces


def placements(face: Face, cell: Cell) -> list[CoverallMove]:
    """CV-5 to CV-7: the moves that put ``face`` on ``cell``.

    A W or WD4 takes its colour as it is placed, so it has one move per colour.
    """
    row, column = cell
    if face.is_wild:
        return [Place(face, row, column, colour) for colour in Colour]
    return [Place(face, row, column)]


# -- the decisions (CV-2, CV-3, CV-7) --------------------------------------------------------------


def starting_die_moves(variant: CoverallReference, state: CoverallState) -> list[CoverallMove]:
    """CV-2: the starting player puts the starting die on any cell of the tray.

    A starting W goes in without a colour: the next player declares it.
    """
    moves: list[CoverallMove] = []
    for face in distinct_faces(state):
        for row, column in all_cells(variant):
            moves.append(Place(face, row, column))
    return moves


def undeclared_starting_wild(variant: CoverallReference, state: CoverallState) -> bool:
    """CV-2: a W stands in the tray whose colour nobody has declared yet (the starting W)."""
    for cell in all_cells(variant):
        face = face_at(variant, state, cell)
        if face is not None and face.is_wild and colour_at(variant, state, cell) is None:
            return True
    return False


def declarations() -> list[CoverallMove]:
    """CV-2: the player after the starter names the starting W's colour, any of the four."""
    return [Declare(colour) for colour in Colour]


def turn_moves(variant: CoverallReference, state: CoverallState) -> list[CoverallMove]:
    """CV-3, CV-5 to CV-7, CV-12: every placement of a face the player rolled.

    A WD4 may be placed only when no other die she holds can be placed; a placeable W counts
    as such a die, a second WD4 does not (CV-7).
    """
    others: list[CoverallMove] = []
    wild_draw_fours: list[CoverallMove] = []
    for face in distinct_faces(state):
        for cell in placeable_cells(variant, state, face):
            if face.symbol == "WD4":
                wild_draw_fours.extend(placements(face, cell))
            else:
                others.extend(placements(face, cell))
    return others if others else wild_draw_fours


def legal_moves(variant: CoverallReference, state: CoverallState) -> list[CoverallMove]:
    """Every move the seat to act may make, read from the clauses.

    The starting die's cell (CV-2), the starting W's colour (CV-2), or a placement (CV-3 to
    CV-7, CV-12); nothing once the game is over (CV-13).
    """
    if state.to_act is None:
        return []
    if all(is_empty(variant, state, cell) for cell in all_cells(variant)):
        return starting_die_moves(variant, state)
    if undeclared_starting_wild(variant, state):
        return declarations()
    return turn_moves(variant, state)


# -- scoring (CV-11) -------------------------------------------------------------------------------


def value_of(face: Face) -> int:
    """CV-11: numbers are worth their value, R, S and D2 20 each, W and WD4 nothing."""
    if face.number is not None:
        return face.number
    if face.is_wild:
        return 0
    return 20


def run_through(
    variant: CoverallReference,
    state: CoverallState,
    placed: Cell,
    step: Cell,
    belongs: Callable[[Cell], bool],
) -> list[Cell]:
    """CV-11, CV-12: the unbroken stretch of dice along one line through ``placed``.

    It walks from ``placed`` both ways along ``step`` (``(0, 1)`` a row, ``(1, 0)`` a
    column) while the cells are on the tray, in the placed die's half (no run crosses the
    partition) and hold a die that ``belongs`` to the run.
    """
    stretch = [placed]
    for direction in (1, -1):
        row = placed[0] + direction * step[0]
        column = placed[1] + direction * step[1]
        while (
            on_tray(variant, (row, column))
            and half_of(variant, (row, column)) == half_of(variant, placed)
            and belongs((row, column))
        ):
            stretch.append((row, column))
            row += direction * step[0]
            column += direction * step[1]
    return stretch


def line_points(
    variant: CoverallReference,
    state: CoverallState,
    placed: Cell,
    face: Face,
    colour: Colour | None,
    step: Cell,
) -> int:
    """CV-11: what one line through the placed die scores: the value of its better run.

    The colour run holds dice that all count as the placed die's colour (wilds as declared);
    the kind run dice that all show its number or letter (W and WD4 are kinds of their own).
    A run counts only with two dice or more; it is worth the sum of its dice's values.
    """

    def face_of(cell: Cell) -> Face:
        if cell == placed:
            return face
        shown = face_at(variant, state, cell)
        assert shown is not None
        return shown

    def same_colour(cell: Cell) -> bool:
        return colour is not None and colour_at(variant, state, cell) == colour

    def same_kind(cell: Cell) -> bool:
        shown = face_at(variant, state, cell)
        return shown is not None and shown.symbol == face.symbol

    best = 0
    for belongs in (same_colour, same_kind):
        if belongs is same_colour and colour is None:
            continue  # an undeclared starting W has no colour to share
        run = run_through(variant, state, placed, step, belongs)
        if len(run) >= 2:
            best = max(best, sum(value_of(face_of(cell)) for cell in run))
    return best


def placement_points(
    variant: CoverallReference,
    state: CoverallState,
    placed: Cell,
    face: Face,
    colour: Colour | None,
) -> int:
    """CV-11: a placed die scores its row and its column, each line on its own, added up."""
    row_points = line_points(variant, state, placed, face, colour, (0, 1))
    column_points = line_points(variant, state, placed, face, colour, (1, 0))
    return row_points + column_points


def move_points(variant: CoverallReference, state: CoverallState, move: Move) -> list[int]:
    """The points per seat that ``move`` scores by itself (CV-11).

    A placement scores for the seat that places, the starting die included (CV-2, alone it
    scores nothing); a wild counts as the colour declared with it, the starting W as no colour.
    Declaring the starting W's colour scores nothing.
    """
    points = [0] * variant.player_count
    if isinstance(move, Place) and state.to_act is not None:
        colour = move.face.colour if move.face.colour is not None else move.colour
        placed = (move.row, move.column)
        points[state.to_act] = placement_points(variant, state, placed, move.face, colour)
    return points


def round_points(variant: CoverallReference, state: CoverallState) -> list[int]:
    """The points per seat that the end of a game scores.

    None: every point was scored as the dice went in (CV-11, CV-13).
    """
    return [0] * variant.player_count


# -- the capability --------------------------------------------------------------------------------


class CoverallReference(Reference[CoverallState, CoverallMove]):
    """The plain reading as the variant's ``Reference``: the functions above; the rules inherit it.

    [`check_variant`][unodice.testing.check_variant] with ``reference=True`` compares the fast
    path with these at every decision.
    """

    # What the rules class sets up: the reading needs only the options and the seats.
    options: CoverallOptions

    def reference_legal_moves(self, state: CoverallState) -> list[CoverallMove]:
        """Every move the seat to act may make (see ``legal_moves``)."""
        return legal_moves(self, state)

    def reference_move_points(self, state: CoverallState, move: CoverallMove) -> list[int]:
        """The points per seat that ``move`` scores by itself (see ``move_points``)."""
        return move_points(self, state, move)

    def reference_round_points(self, state: CoverallState) -> list[int]:
        """The points per seat that the end of a game scores (see ``round_points``)."""
        return round_points(self, state)
