"""The phases of a game of pig and its state."""

from __future__ import annotations

from typing import Literal, TypeAlias

from unodice import State
from unodice.core.pieces import Bag, Die, Face

__all__ = ["TURN", "WON", "Phase", "PigState"]

Phase: TypeAlias = Literal["turn", "won"]
"""Where a game of pig stands: a player's turn, or won."""

TURN: Phase = "turn"
"""A player is rolling (PIG-2 to PIG-4): she may roll, and hold once she has a turn total."""
WON: Phase = "won"
"""Somebody has reached the target and the game is over (PIG-5)."""


class PigState(State):
    """A game of pig in progress.

    Attributes:
        phase: ``TURN``, or ``WON`` once somebody has won.
        to_act: The seat whose turn it is, or ``None`` once somebody has won.
        bag: The dice not yet drawn this turn.
        set_aside: The dice drawn this turn, in the order they were rolled.
        faces: The faces those dice showed, in the same order.
        turn_total: The points at stake this turn.
    """

    def __init__(self, bag: Bag[Die]):
        self.phase: Phase = TURN
        self.to_act: int | None = 0
        self.bag = bag
        self.set_aside: list[Die] = []
        self.faces: list[Face] = []
        self.turn_total = 0

    def copy(self) -> PigState:
        """An independent copy: the dice and faces are shared, the lists that hold them not."""
        twin = PigState(self.bag.copy())
        twin.phase = self.phase
        twin.to_act = self.to_act
        twin.set_aside = list(self.set_aside)
        twin.faces = list(self.faces)
        twin.turn_total = self.turn_total
        return twin
