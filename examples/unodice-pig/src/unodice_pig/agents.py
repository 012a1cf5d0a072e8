"""A bot for pig: hold once the turn total reaches 20 (or would win the game).

The classic rule of thumb for pig: keep rolling until the turn has banked 20 points, then
hold; hold at once when the turn total is enough to reach the target. The package registers it
as ``hold-at-20`` (see ``unodice_register`` in ``__init__.py``), so ``--agents hold-at-20``
finds it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from unodice.core.moves import Move
from unodice.core.variant import View

from .moves import Hold, RollDie

__all__ = ["HoldAt", "hold_at_20"]


class HoldAt:
    """Rolls until the turn total reaches ``threshold`` or would win, then holds.

    Args:
        threshold: The turn total to hold at.
    """

    def __init__(self, threshold: int = 20):
        self.threshold = threshold

    def choose(self, view: View, moves: Sequence[Move]) -> Move:
        """Hold when the turn total is high enough or wins; roll otherwise."""
        total = view.data["turn_total"]
        wins = view.scores[view.seat] + total >= view.data["target"]
        for move in moves:
            if isinstance(move, Hold) and (total >= self.threshold or wins):
                return move
        for move in moves:
            if isinstance(move, RollDie):
                return move
        return moves[0]

    def __repr__(self) -> str:
        return f"HoldAt({self.threshold})"


def hold_at_20(seed: Any = None) -> HoldAt:
    """The agent factory ``hold-at-20`` registers (the seed is not needed: it is deterministic)."""
    return HoldAt(20)
