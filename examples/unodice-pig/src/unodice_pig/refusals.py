"""Why a move is refused: a reason a player can act on, with the clause that forbids it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from unodice import IllegalMove, Move

from .moves import Hold
from .state import WON, PigState

if TYPE_CHECKING:
    from .rules import Pig

__all__ = ["explain"]


def explain(rules: Pig, state: PigState, move: Move) -> IllegalMove:
    """The [`IllegalMove`][unodice.core.errors.IllegalMove] for a move that is not legal now.

    A roll is always legal on a turn, so the only pig move ever refused during play is a hold
    with nothing to hold (PIG-4).
    """
    if state.phase == WON:
        return IllegalMove(move, "the game is over: a player has reached the target", "PIG-5")
    if isinstance(move, Hold):
        return IllegalMove(move, "there is nothing to hold yet: roll first", "PIG-4")
    return IllegalMove(move, "not a move of pig: roll, or hold once you have a turn total", "PIG-2")
