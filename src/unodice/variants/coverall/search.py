"""Coverall's search bot: every candidate placement played out on the same dice.

In Coverall everything is open but the bag: the only thing a player does not know is which
dice come out of it next and what they will show. A game that agrees with everything she has
seen is the real one with the bag shuffled and chance seeded anew
([`View.determinize`][unodice.core.variant.View.determinize]), so sampling such games samples
exactly the future she faces.

[`CoverallSearch`][unodice.variants.coverall.search.CoverallSearch] improves on the heuristic
agent by a rollout over it:

1. **Candidates.** The heuristic ranks the legal moves
   ([`CoverallHeuristic.ranking`][unodice.variants.coverall.agents.CoverallHeuristic.ranking]);
   the first ``width`` of them are searched.
2. **Common dice.** Each sample is one determinization. Every candidate is played on its own
   copy of that same game, and the rest of the game is played out with the heuristic at every
   seat. The candidates then meet the same dice in the same order, so their outcomes differ by
   the move, not by the luck of the bag.
3. **Value.** A finished playout is worth, to the bot's seat, 1 for a win (shared among tied
   winners) plus ``score_weight`` times its lead over the best other seat in points (the
   match is points). The lead makes close samples count, which a win alone does not.
4. **Racing.** Every few samples, a candidate whose mean difference from the leader's, sample
   by sample, lies more than ``drop`` standard errors below zero is dropped: the samples left
   go to the candidates still in doubt, and the search stops when one is left.
5. **Choice.** The candidate of highest mean value, unless it beats the heuristic's own
   choice by no more than ``margin``; ties go to the heuristic's order.

The playouts use the game's own ``play_out`` when it has one (a native game plays them in the
compiled engine, many times faster) and the heuristic through the public API otherwise.

With a ``seed`` and no ``time_budget`` the bot is repeatable: the same seed and the same
decisions give the same choices.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import Any

from unodice.core.errors import InvalidOptions
from unodice.core.game import Game
from unodice.core.moves import Move
from unodice.core.variant import View

from .agents import CoverallHeuristic

__all__ = [
    "DEFAULT_DROP",
    "DEFAULT_MARGIN",
    "DEFAULT_SAMPLES",
    "DEFAULT_SCORE_WEIGHT",
    "DEFAULT_WIDTH",
    "CoverallSearch",
]

DEFAULT_SAMPLES = 128
"""Determinizations per decision, each playing out every candidate."""

DEFAULT_WIDTH = 8
"""Candidates searched: the heuristic's first choices."""

DEFAULT_SCORE_WEIGHT = 0.003
"""What a point of lead is worth beside a win (1)."""

DEFAULT_MARGIN = 0.03
"""How much better than the heuristic's choice a candidate must look to be preferred: the best of
several noisy means is flattered by the noise."""

DEFAULT_DROP = 2.0
"""Standard errors below the leader at which a candidate stops being searched."""

_FIRST_DROP = 16
"""Samples before any candidate may be dropped."""

_DROP_EVERY = 8
"""Samples between two checks for candidates to drop."""

_SAFETY_MOVES = 10_000
"""Moves after which a playout stops (a game that never ends would be the rules' bug)."""


def _play_out(game: Game, agent: Any, *, until: str = "round", max_moves: int | None = None) -> int:
    """Play ``game`` forward with ``agent`` at every seat; the number of moves played.

    ``until`` is ``"round"`` (the end of the current round) or ``"match"``; ``max_moves``
    stops sooner.
    """
    start_round = game.round
    limit = _SAFETY_MOVES if max_moves is None else max_moves
    played = 0
    while not game.is_over and played < limit:
        if until == "round" and game.round != start_round:
            break
        seat = game.to_act
        if seat is None:  # between rounds
            if until == "round":
                break
            game.next_round()
            continue
        game.play(agent.choose(game.view(seat), game.legal_moves()))
        played += 1
    return played


class CoverallSearch:
    """Coverall by playouts over the heuristic on shared dice (see the module docstring).

    Args:
        seed: Seed of the bot's generator (the determinizations).
        samples: Determinizations per decision, each playing out every candidate.
        width: Candidates searched, the heuristic's first choices (at least 1; 1 plays as the
            heuristic does).
        time_budget: Seconds per decision: sampling stops when it runs out (at least one
            sample is taken). Not repeatable from a seed.
        margin: How much a candidate's mean value must exceed the heuristic's choice's to be
            preferred to it.
        score_weight: What a point of lead over the best other seat is worth beside a win.
        drop: Standard errors below the leader at which a candidate is no longer searched
            (checked every few samples); ``0`` searches every candidate to the end.

    Raises:
        InvalidOptions: A count below 1, or a negative budget, margin or weight.
    """

    def __init__(
        self,
        seed: int | None = None,
        *,
        samples: int = DEFAULT_SAMPLES,
        width: int = DEFAULT_WIDTH,
        time_budget: float | None = None,
        margin: float = DEFAULT_MARGIN,
        score_weight: float = DEFAULT_SCORE_WEIGHT,
        drop: float = DEFAULT_DROP,
    ):
        if samples < 1 or width < 1:
            raise InvalidOptions(f"samples and width must be at least 1, not {samples} and {width}")
        if time_budget is not None and time_budget <= 0:
            raise InvalidOptions(f"time_budget must be positive, not {time_budget}")
        if margin < 0 or score_weight < 0 or drop < 0:
            raise InvalidOptions(
                "margin, score_weight and drop must not be negative, not "
                f"{margin}, {score_weight} and {drop}"
            )
        self.seed = seed
        self.samples = samples
        self.width = width
        self.time_budget = time_budget
        self.margin = margin
        self.score_weight = score_weight
        self.drop = drop
        self._rng = random.Random(seed)
        self._heuristic = CoverallHeuristic()

    def __repr__(self) -> str:
        return (
            f"CoverallSearch(seed={self.seed!r}, samples={self.samples}, width={self.width}, "
            f"time_budget={self.time_budget!r}, margin={self.margin}, "
            f"score_weight={self.score_weight}, drop={self.drop})"
        )

    def choose(self, view: View, moves: Sequence[Move]) -> Move:
        """The candidate of best mean value over the samples (see the class)."""
        if len(moves) == 1:
            return moves[0]
        candidates = self._heuristic.ranking(view, moves)[: self.width]
        if len(candidates) == 1:
            return candidates[0]
        values: list[list[float]] = [[] for _ in candidates]
        alive = list(range(len(candidates)))
        seat = view.seat
        deadline = None if self.time_budget is None else time.perf_counter() + self.time_budget
        taken = 0
        while taken < self.samples and len(alive) > 1:
            if taken and deadline is not None and time.perf_counter() >= deadline:
                break
            taken += 1
            game = view.determinize(self._rng.getrandbits(64))
            for index in alive:
                trial = game.copy(history=False)
                trial.play(candidates[index])
                self._finish(trial)
                values[index].append(self._value(trial, seat))
            if self.drop and taken >= _FIRST_DROP and taken % _DROP_EVERY == 0:
                alive = _survivors(values, alive, taken, self.drop)
        means = {index: sum(values[index][:taken]) / taken for index in alive}
        best = max(alive, key=lambda index: (means[index], -index))
        if best and 0 in means and means[best] - means[0] <= self.margin:
            return candidates[0]
        return candidates[best]

    def _finish(self, game: Game) -> None:
        """Play ``game`` to the end of the match with the heuristic at every seat."""
        native = getattr(game, "play_out", None)
        if native is not None:
            native("heuristic", until="match")
        else:
            _play_out(game, self._heuristic, until="match")

    def _value(self, game: Game, seat: int) -> float:
        """What the finished ``game`` is worth to ``seat`` (see the class)."""
        scores = game.scores
        winners = game.winners
        win = 1.0 / len(winners) if seat in winners else 0.0
        others = max(score for other, score in enumerate(scores) if other != seat)
        return win + self.score_weight * (scores[seat] - others)


def _survivors(values: list[list[float]], alive: list[int], taken: int, drop: float) -> list[int]:
    """The candidates not yet shown worse than the leader.

    A candidate is dropped when its mean difference from the leader's, sample by sample (the
    same dice), lies more than ``drop`` standard errors below zero. The leader stays.
    """
    leader = max(alive, key=lambda index: (sum(values[index][:taken]), -index))
    lead = values[leader]
    kept = []
    for index in alive:
        if index != leader:
            differences = [mine - theirs for mine, theirs in zip(values[index], lead, strict=True)]
            mean = sum(differences) / taken
            spread = sum((difference - mean) ** 2 for difference in differences) / (taken - 1)
            if mean + drop * math.sqrt(spread / taken) < 0:
                continue
        kept.append(index)
    return kept
