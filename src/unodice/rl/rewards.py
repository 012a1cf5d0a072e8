"""What a learning agent is rewarded with: the match's result, or each round's points."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal, TypeAlias

from unodice.core._quoting import brief
from unodice.core.errors import InvalidOptions
from unodice.core.game import Game
from unodice.core.moves import Event, GameEnded, RoundEnded

__all__ = ["REWARDS", "Reward", "Tally", "rewards"]

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


def rewards(
    events: Iterable[Event], players: int, reward: Reward, into: list[float] | None = None
) -> list[float]:
    """Each seat's reward for ``events`` (what one move, or a game's setup, caused).

    ``into``, when given, is a list of rewards so far, one per seat, to which these are added
    (event by event, in order) and which is returned.
    """
    earned = [0.0] * players if into is None else into
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


class Tally:
    """Hands out the rewards of one game move by move, reading as little of it as it can.

    A Python game's rewards are read from its events. A native game's events are rebuilt by
    replaying its moves in Python when first read, so its rewards are read from what the engine
    keeps: the round's number, whether the match is over, the winners and the totals. A move
    that ended no round earns nothing; one that ended a round earns, for ``"round"``, the
    change in the totals since the round was dealt, and for ``"match"``, when it ended the
    match, the winners' result. These are the events' rewards, since no variant with a native
    engine scores points as it deals a round; a move that ended more than one round (a round
    ending as it is dealt) is read from its events.

    Args:
        players: The game's number of seats.
        reward: ``"match"`` or ``"round"``.
        native: Whether the games are native games.
    """

    __slots__ = ("_base", "_native", "_over", "_players", "_reward", "_round")

    def __init__(self, players: int, reward: Reward, native: bool):
        self._players = players
        self._reward = reward
        self._native = native
        self._round = 1
        self._over = False
        self._base: tuple[int, ...] = (0,) * players

    def start(self, game: Game, into: list[float]) -> list[float]:
        """Add the rewards of ``game``'s setup to ``into`` (a new game: the tally starts over)."""
        if not self._native:
            return rewards(game.events, self._players, self._reward, into)
        self._round, self._over, self._base = 1, False, (0,) * self._players
        return self.add(game, (), into, setup=True)

    def add(
        self, game: Game, events: Sequence[Event], into: list[float], *, setup: bool = False
    ) -> list[float]:
        """Add the rewards of the move just played on ``game``, whose events are ``events``."""
        if not self._native:
            return rewards(events, self._players, self._reward, into)
        over = game.is_over
        number = game.round
        ended = number - self._round + (over and not self._over)
        if not ended:
            return into  # most moves: nothing read but two answers of the engine
        if ended > 1:  # several rounds ended at once: read what each one scored
            rewards(game.events if setup else events, self._players, self._reward, into)
        elif self._reward == "match":
            winners = game.winners
            if over and len(winners) != self._players:
                for seat in range(self._players):
                    into[seat] += 1.0 if seat in winners else -1.0
        else:
            totals = game.scores
            points = [total - base for total, base in zip(totals, self._base, strict=True)]
            scale = max(1, *(abs(gained) for gained in points))
            for seat, gained in enumerate(points):
                into[seat] += gained / scale
        self._round, self._over, self._base = number, over, game.scores
        return into
