"""What a learning agent is rewarded with: the match's result, or each round's points."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal, TypeAlias

from unodice.core._quoting import brief
from unodice.core.errors import InvalidOptions
from unodice.core.moves import Event, GameEnded, RoundEnded

__all__ = ["REWARDS", "Reward", "rewards"]

Reward: TypeAlias = Literal["match", "round"]
"""How seats are rewarded:

* ``"match"``: nothing until the match ends, then ``+1`` for each winner and ``-1`` for every
  other seat (``0`` for all when every seat wins);
* ``"round"``: at the end of each round, each seat's points in it divided by the largest
  absolute number of points any seat scored in it, so from ``-1`` to ``1``.
"""

REWARDS: tuple[Reward, ...] = ("match", "round")
"""The rewards there are."""


def checked(reward: object) -> Reward:
    """``reward``, checked to be one of [`REWARDS`][unodice.rl.rewards.REWARDS].

    Raises:
        InvalidOptions: It is not.
    """
    if reward == "match":
        return "match"
    if reward == "round":
        return "round"
    raise InvalidOptions(f"reward must be 'match' or 'round', not {brief(reward)}")


def rewards(events: Iterable[Event], players: int, reward: Reward) -> list[float]:
    """Each seat's reward for ``events`` (what one move, or a game's setup, caused)."""
    earned = [0.0] * players
    if reward == "match":
        for event in events:
            if isinstance(event, GameEnded) and len(event.winners) != players:
                for seat in range(players):
                    earned[seat] += 1.0 if seat in event.winners else -1.0
    else:
        for event in events:
            if isinstance(event, RoundEnded):
                scale = max(1, *(abs(points) for points in event.points))
                for seat, points in enumerate(event.points):
                    earned[seat] += points / scale
    return earned
