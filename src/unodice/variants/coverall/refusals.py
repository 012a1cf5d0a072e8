"""Why a move is not legal now, with the clause that says so.

[`explain`][unodice.variants.coverall.refusals.explain] is what the Variant's
``explain_illegal`` returns; the core raises it and leaves the game as it was.
"""

from __future__ import annotations

from unodice.core.errors import IllegalMove
from unodice.core.moves import Move

from .kernel import NEXT_TO_A_DIE, offers
from .lookups import CoverallLookups, TrayLookup, tray_code
from .moves import Declare, Place
from .state import DECLARE, OVER, START, CoverallState

__all__ = ["explain"]


def explain(
    tray: TrayLookup, lookups: CoverallLookups, state: CoverallState, move: Move
) -> IllegalMove:
    """Why ``move`` is refused now, citing the clause that forbids it.

    Args:
        tray: The game's tray.
        lookups: The lookups of its dice set.
        state: The game's state.
        move: The move refused.
    """
    if state.phase == OVER:
        return IllegalMove(move, "the game is over", "CV-13")
    if isinstance(move, Declare):
        return IllegalMove(
            move,
            "no W is waiting for its colour: only the starting W is declared on its own; "
            "other wilds take their colour as they are placed, like 'W:r B2'",
            "CV-2",
        )
    if not isinstance(move, Place):
        return IllegalMove(move, "not a coverall move")
    if state.phase == DECLARE:
        name = tray.names[state.undeclared]  # type: ignore[index]
        return IllegalMove(
            move,
            f"first declare the colour of the starting W on {name}, like 'declare red'",
            "CV-2",
        )
    return _placement(tray, lookups, state, move)


def _placement(
    tray: TrayLookup, lookups: CoverallLookups, state: CoverallState, move: Place
) -> IllegalMove:
    """CV-2, CV-3, CV-5 to CV-7, CV-12: why this placement is not one of the legal ones."""
    if not tray.contains(move.row, move.column):
        return IllegalMove(
            move,
            f"there is no cell {move.cell_name}: the tray has {tray.describe_shape()}",
            "CV-5",
        )
    if move.face not in state.showing:
        shown = " ".join(face.code for face in state.showing) or "nothing"
        return IllegalMove(
            move, f"none of your dice shows {move.face.code}; they show {shown}", "CV-3"
        )
    cell = tray.cell(move.row, move.column)
    name = tray.names[cell]
    if state.faces[cell] is not None:
        return IllegalMove(move, f"{name} already holds {state.faces[cell]}", "CV-5")
    if state.phase == START:
        return IllegalMove(
            move,
            f"the starting W is placed without a colour ('W {name}'): the next player declares it",
            "CV-2",
        )
    if move.face.is_wild and move.colour is None:
        clause = "CV-7" if move.face.symbol == "WD4" else "CV-6"
        return IllegalMove(
            move,
            f"declare the {move.face.symbol}'s colour as you place it, like "
            f"'{move.face.symbol}:r {name}'",
            clause,
        )
    region = tray.region_of[cell]
    if region != state.open_region:
        return _closed_half(tray, state, move, region)
    untouched = state.empty[region] == len(tray.regions[region])
    if not untouched:
        reason = _no_match(tray, lookups, state, move, cell)
        if reason is not None:
            return reason
    if move.face.symbol == "WD4":
        others = sorted({str(m.face) for m in state.moves if isinstance(m, Place)})
        return IllegalMove(
            move,
            "a WD4 may be placed only when no other die you hold can be; you can "
            f"place {', '.join(others)}",
            "CV-7",
        )
    return IllegalMove(move, "not a legal move now")


def _closed_half(tray: TrayLookup, state: CoverallState, move: Place, region: int) -> IllegalMove:
    """CV-12: every die goes to the open half."""
    open_name = tray.region_name(state.open_region)
    if region == state.first_region:
        why = "is full" if not state.empty[region] else "can take no more dice"
        return IllegalMove(
            move, f"the {tray.region_name(region)} {why}; dice now go to the {open_name}", "CV-12"
        )
    return IllegalMove(
        move,
        f"while the {open_name} has cells a die can fill, every die goes there",
        "CV-12",
    )


def _no_match(
    tray: TrayLookup, lookups: CoverallLookups, state: CoverallState, move: Place, cell: int
) -> IllegalMove | None:
    """CV-5 / CV-12 reasons a placement next to (or away from) dice is refused."""
    name = tray.names[cell]
    want = lookups.face(move.face).wants
    offered = _offered_to(state, cell)
    if offered & want:
        return None
    across = _across_partition(tray, state, cell)
    if not offered & NEXT_TO_A_DIE:
        if across:
            return IllegalMove(
                move,
                f"{name}'s only neighbours are across the partition, which no match crosses",
                "CV-12",
            )
        return IllegalMove(
            move, f"{name} has no die beside it; a die goes next to one it matches", "CV-5"
        )
    if any(offers(state.faces[s], state.colours[s]) & want for s in across):  # type: ignore[arg-type]
        return IllegalMove(
            move,
            f"{move.face.code} matches a die beside {name} only across the "
            "partition, which no match crosses",
            "CV-12",
        )
    beside = " ".join(
        tray_code(state.faces[s], state.colours[s])
        for s in tray.neighbours[cell]
        if state.faces[s] is not None
    )
    return IllegalMove(
        move,
        f"{move.face.code} matches none of the dice beside {name} ({beside}): it needs "
        "the same number, letter or colour",
        "CV-5",
    )


def _offered_to(state: CoverallState, cell: int) -> int:
    """The matching bits that the dice beside ``cell`` offer it."""
    bit = 1 << cell
    return sum(1 << number for number, cells in enumerate(state.reach) if cells & bit)


def _across_partition(tray: TrayLookup, state: CoverallState, cell: int) -> list[int]:
    """The occupied cells beside ``cell`` on the other side of the partition."""
    row, column = tray.row_and_column(cell)
    found = []
    for dc in (-1, 1):
        if tray.contains(row, column + dc):
            other = tray.cell(row, column + dc)
            if tray.region_of[other] != tray.region_of[cell] and state.faces[other] is not None:
                found.append(other)
    return found
