"""Pig for learning agents: its two moves numbered, and a view as numbers from 0 to 1.

The action catalogue is the same for every game: ``roll`` is action 0 and ``hold`` action 1.

An observation is read from the observer's seat: *relative seat* 0 is hers, relative seat
``k`` the seat ``k`` turns after hers (the turn passes to the next seat up, PIG-1). With ``P``
players it holds, in this order:

* ``scores`` (``P``): per relative seat, the score over the target, clipped to 1 (PIG-5);
* ``to act`` (``P``): the relative seat whose turn it is, one-hot (zeros once somebody won);
* ``turn total`` (1): the points at stake this turn over the target, clipped to 1 (PIG-2);
* ``bag`` (1): the dice in the bag over the dice of the set; the others were rolled this turn.

That is ``2 * P + 2`` numbers. The order of the bag, the one thing the game hides, is in none.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from unodice import View
from unodice.core.spaces import Buffer, Slot

from .moves import HOLD, ROLL, PigMove

if TYPE_CHECKING:
    from .rules import Pig

__all__ = ["actions", "encode", "layout"]


def actions(variant: Pig) -> tuple[PigMove, ...]:
    """Every move of pig, numbered by its place: ``roll``, then ``hold``."""
    return (ROLL, HOLD)


def layout(variant: Pig) -> tuple[Slot, ...]:
    """The slots of an observation, in the order of the module's docstring."""
    players = variant.player_count
    return (
        Slot("scores", players, "per relative seat, the observer first: score over the target"),
        Slot("to act", players, "the relative seat whose turn it is, one-hot"),
        Slot("turn total", 1, "the points at stake this turn over the target"),
        Slot("bag", 1, "the dice in the bag over the dice of the set"),
    )


def encode(variant: Pig, view: View, out: Buffer) -> None:
    """Write ``view`` into ``out`` (zeros, as long as the layout), from the observer's seat."""
    players = variant.player_count
    target = view.options.target
    for relative in range(players):
        seat = (view.seat + relative) % players
        out[relative] = min(1.0, view.scores[seat] / target)
    if view.to_act is not None:
        out[players + (view.to_act - view.seat) % players] = 1
    out[2 * players] = min(1.0, view.data["turn_total"] / target)
    out[2 * players + 1] = view.data["bag"] / len(variant.tables.dice)
