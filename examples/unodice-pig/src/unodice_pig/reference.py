"""The rules of pig read plainly: legal moves and scoring, clause by clause.

This module is pig's [`Reference`][unodice.core.variant.Reference]: a slow, obvious reading of
PIG-2 to PIG-5 beside the rules in ``rules.py``, which
[`check_variant`][unodice.testing.check_variant] with ``reference=True`` compares with it at
every decision. Each clause's question is a helper named after it. It works the turn total out
from the faces rolled this turn rather than reading the state's running total, builds every
move with its class's constructor and never changes the state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from unodice import Move
from unodice.core.pieces import Face

from .moves import Hold, RollDie
from .state import WON, PigState

if TYPE_CHECKING:
    from .rules import Pig

__all__ = [
    "legal_moves",
    "move_points",
    "pig2_turn_total",
    "pig2_value",
    "pig4_may_hold",
    "round_points",
]


# -- PIG-2 to PIG-4: the turn -------------------------------------------------------------------


def pig2_value(face: Face) -> int:
    """PIG-2: what a face adds to the turn total: a number its value.

    Raises:
        ValueError: The face is a letter, which busts the turn (PIG-3) and adds nothing.
    """
    if face.number is None:
        raise ValueError(f"{face} is a letter: it busts the turn (PIG-3)")
    return face.number


def pig2_turn_total(state: PigState) -> int:
    """PIG-2: the sum of the numbers rolled this turn.

    A turn that busted is over (PIG-3), so the faces of the turn in progress are all numbers.
    """
    return sum(pig2_value(face) for face in state.faces)


def pig4_may_hold(state: PigState) -> bool:
    """PIG-4: a player may hold when her turn total is above zero."""
    return pig2_turn_total(state) > 0


# -- the protocol -------------------------------------------------------------------------------


def legal_moves(variant: Pig, state: PigState) -> list[Move]:
    """Every move the player to act may make: roll (PIG-2), and hold if she may (PIG-4).

    None once the game is won (PIG-5).
    """
    if state.phase == WON:
        return []
    moves: list[Move] = [RollDie()]
    if pig4_may_hold(state):
        moves.append(Hold())
    return moves


def move_points(variant: Pig, state: PigState, move: Move) -> list[int]:
    """The points a move scores: a hold scores the turn total for the holder (PIG-4).

    A roll scores nothing: a number only adds to the turn total (PIG-2), and a letter loses it
    (PIG-3).
    """
    points = [0] * variant.player_count
    if isinstance(move, Hold) and state.to_act is not None:
        points[state.to_act] = pig2_turn_total(state)
    return points


def round_points(variant: Pig, state: PigState) -> list[int]:
    """The points the end of the game scores: none, since the winning hold has scored (PIG-5)."""
    return [0] * variant.player_count
