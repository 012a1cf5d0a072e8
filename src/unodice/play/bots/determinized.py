"""Determinized flat Monte Carlo: the heuristic's own play, searched one move deep.

[`DeterminizedAgent`][unodice.play.bots.determinized.DeterminizedAgent] asks what each of its
moves would lead to if everyone played on as the variant's heuristic does, over many guesses of
what its seat cannot see, and plays the move that does best for the match:

1. **Candidates.** Every legal move (one per notation), or the ``width`` moves the heuristic
   ranks first (asked again without the moves it already chose). The heuristic's own choice is
   always a candidate, and it is the default.
2. **Determinize, with common random numbers.** Each of ``determinizations`` rounds of the
   search asks the view for a game that agrees with all the seat has seen, the rest of it
   (hidden pieces, future chance) drawn afresh (``view.determinize(rng)``); the bot never sees
   the true hidden state. Every candidate is played on a copy of the *same* determinization,
   with the same future dice and draws: their outcomes then differ by the move, not by luck,
   which is what lets a few dozen samples tell close moves apart.
3. **Play out** each copy with the heuristic agent at every seat to the end of the round
   (natively, in C, where the game is a native game that can: see
   [`play_out`][unodice.play.bots.playout.play_out]).
4. **Value** the outcome for the match, not for the round: a finished match is worth the
   seat's share of its winners; otherwise the seat's lead over the best opponent, in units of
   how much a lead can still change before the match ends, through a logistic: the estimated
   chance of winning the match (``value="match"``, the default). ``"points"`` values the lead
   gained in points, ``"round"`` only whether the seat won the round (what the tree search
   [`ISMCTSAgent`][unodice.play.bots.ismcts.ISMCTSAgent] rewards).
5. **Choose** the candidate of best mean value; another candidate must beat the heuristic's
   choice by more than ``margin``, and by more than ``confidence`` standard errors of the
   paired differences (one per determinization), to be preferred to it (ties go to the
   heuristic). With many candidates and noisy outcomes (a match decided in one round, won or
   lost), the best of the means is often only the luckiest; the test keeps the heuristic's
   choice unless the search has seen it beaten.

The scale of a lead (how many points a round moves) is learnt from the playouts themselves:
the root mean square of the points a round's winner gains, over every playout this bot has
played so far, so that the same bot values leads in any variant and at any target.

With a ``seed`` the bot is deterministic: the same seed and the same decisions give the same
choices.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any, Literal

from unodice.core._quoting import brief
from unodice.core.errors import InvalidOptions
from unodice.core.game import Game
from unodice.core.moves import Move
from unodice.core.variant import View
from unodice.play.bots.playout import play_out

__all__ = [
    "DEFAULT_DETERMINIZATIONS",
    "VALUES",
    "DeterminizedAgent",
    "Value",
    "Valuer",
    "cached_play_out",
    "variant_agent",
]

DEFAULT_DETERMINIZATIONS = 24
"""Determinizations per decision unless told: each plays every candidate once."""

Value = Literal["match", "points", "round"]
"""How a playout's outcome is valued (see the module docstring)."""

VALUES: tuple[Value, ...] = ("match", "points", "round")
"""Every [`Value`][unodice.play.bots.determinized.Value], for checking a name given as one."""

_SAFETY_MOVES = 100_000
"""Moves after which a Python playout stops (a round that never ends is a variant's bug)."""


def cached_play_out(
    game: Game,
    agent: str = "heuristic",
    *,
    seed: int | None = None,
    until: str = "round",
    max_moves: int | None = None,
    agents: dict[tuple[str, str], Any] | None = None,
) -> int:
    """[`play_out`][unodice.play.bots.playout.play_out], its Python agents kept in ``agents``.

    A search plays out thousands of copies; made once and kept, the agents cost nothing more.
    Only for agents that choose the same from the same view (the heuristic, greedy): one agent
    plays every seat. To the end of the current round (``until="round"``) or of the match
    (``"match"``), or for at most ``max_moves`` moves. A game with its own ``play_out`` (a
    native game that plays out in C) plays there; any other through the public API, the
    agent (made once, by [`make_agent`][unodice.play.agents.make_agent] for the game's
    variant, and kept in ``agents`` when given) choosing from each seat's view.
    """
    if getattr(game, "play_out", None) is not None:
        return play_out(game, agent, seed=seed, until=until, max_moves=max_moves)
    name = game.variant.name
    chooser = agents.get((agent, name)) if agents is not None else None
    if chooser is None:
        chooser = variant_agent(agent, seed, name)
        if agents is not None:
            agents[(agent, name)] = chooser
    start = game.round
    limit = _SAFETY_MOVES if max_moves is None else max_moves
    played = 0
    while played < limit:
        seat = game.to_act
        if seat is None or (until == "round" and game.round != start):
            break
        game.play(chooser.choose(game.view(seat), game.legal_moves()))
        played += 1
    return played


def variant_agent(name: str, seed: int | None, variant: str) -> Any:
    """The agent ``name`` for ``variant``; greedy for a ``heuristic`` the variant lacks."""
    from unodice.play.agents import make_agent

    try:
        return make_agent(name, seed, variant=variant)
    except InvalidOptions:
        if name != "heuristic":
            raise
        return make_agent("greedy", seed, variant=variant)


def _whole(value: object, name: str, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise InvalidOptions(f"{name} must be a whole number from {low}, not {brief(value)}")
    return value


def confidence_level(value: object) -> float:
    """A search's ``confidence`` (standard errors a move must win by), checked: 0 or more."""
    if not isinstance(value, int | float) or isinstance(value, bool) or value < 0:
        raise InvalidOptions(f"confidence must be 0 or more, not {brief(value)}")
    return float(value)


class DeterminizedAgent:
    """Flat Monte Carlo over determinizations with heuristic playouts (see the module docstring).

    Args:
        determinizations: Determinizations per decision; each plays every candidate once.
        seed: Seed of the bot's generator (the determinizations).
        width: Consider only the heuristic's first ``width`` moves; ``None`` considers every
            legal move.
        margin: How much better (in value, from 0 to 1) a candidate's mean must be than the
            heuristic choice's to be played instead.
        confidence: How many standard errors of the paired differences a candidate's lead
            over the heuristic's choice must exceed (0: none; about 2 in a variant decided in
            one round).
        value: How an outcome is valued: ``"match"``, ``"points"`` or ``"round"``.
        playout: The registered name of the agent that plays every seat in the playouts and
            ranks the candidates (``"heuristic"`` is the variant's own).

    Raises:
        InvalidOptions: A setting out of its range.
    """

    def __init__(
        self,
        determinizations: int = DEFAULT_DETERMINIZATIONS,
        seed: int | None = None,
        *,
        width: int | None = None,
        margin: float = 0.0,
        confidence: float = 0.0,
        value: Value = "match",
        playout: str = "heuristic",
    ):
        self.determinizations = _whole(determinizations, "determinizations", 1)
        if width is not None:
            _whole(width, "width", 1)
        if not isinstance(margin, int | float) or isinstance(margin, bool) or not 0 <= margin < 1:
            raise InvalidOptions(f"margin must be from 0 to below 1, not {brief(margin)}")
        self._valuer = Valuer(value)
        if not isinstance(playout, str):
            raise InvalidOptions(f"playout is a registered agent's name, not {brief(playout)}")
        self.seed = seed
        self.width = width
        self.margin = float(margin)
        self.confidence = confidence_level(confidence)
        self.value: Value = value
        self.playout = playout
        self._rng = random.Random(seed)
        self._agents: dict[tuple[str, str], Any] = {}
        self.last_playouts = 0
        """How many playouts the latest decision ran (0 when the move was forced)."""

    def __repr__(self) -> str:
        return (
            f"DeterminizedAgent(determinizations={self.determinizations!r}, seed={self.seed!r}, "
            f"width={self.width!r}, margin={self.margin!r}, confidence={self.confidence!r}, "
            f"value={self.value!r})"
        )

    def _guide(self, variant: str) -> Any:
        """The playout agent of ``variant``, made once (it ranks the candidates too)."""
        agent = self._agents.get((self.playout, variant))
        if agent is None:
            agent = variant_agent(self.playout, self.seed, variant)
            self._agents[(self.playout, variant)] = agent
        return agent

    def _candidates(self, view: View, by_text: dict[str, Move]) -> list[str]:
        """The moves to compare (by notation), the heuristic's choice first."""
        guide = self._guide(view.variant_name)
        remaining = list(by_text.values())
        ranked: list[str] = []
        limit = len(by_text) if self.width is None else self.width
        while remaining and len(ranked) < limit:
            text = str(guide.choose(view, remaining))
            if text not in by_text or text in ranked:  # an agent that strays: stop ranking
                break
            ranked.append(text)
            remaining = [move for move in remaining if str(move) != text]
        if not ranked:
            ranked.append(next(iter(by_text)))
        if self.width is None:
            ranked.extend(text for text in by_text if text not in ranked)
        return ranked

    def choose(self, view: View, moves: Sequence[Move]) -> Move:
        """The move of best mean value over the determinizations (see the module docstring).

        Raises:
            ValueError: ``moves`` is empty.
        """
        if not moves:
            raise ValueError("there is no move to choose from")
        self.last_playouts = 0
        by_text: dict[str, Move] = {}
        for move in moves:
            by_text.setdefault(str(move), move)
        if len(by_text) == 1:
            return moves[0]
        ranked = self._candidates(view, by_text)
        if len(ranked) == 1:
            return by_text[ranked[0]]
        seat = view.seat
        base = view.scores
        rng = self._rng
        outcomes: list[list[tuple[tuple[int, ...], tuple[int, ...], bool]]] = [[] for _ in ranked]
        agents = self._agents
        valuer = self._valuer
        for _ in range(self.determinizations):
            game = view.determinize(rng)
            for index, text in enumerate(ranked):
                twin = game.copy(history=False)
                start = twin.round
                twin.play(by_text[text])
                if twin.to_act is not None and twin.round == start:
                    cached_play_out(twin, self.playout, until="round", agents=agents)
                over = twin.is_over
                outcomes[index].append((twin.scores, twin.winners if over else (), over))
                valuer.learn(base, twin.scores)
        self.last_playouts = self.determinizations * len(ranked)
        worths = [
            [valuer.worth(seat, base, view, *outcome) for outcome in column] for column in outcomes
        ]
        first = worths[0]
        samples = len(first)
        best, best_mean = 0, sum(first) / samples + self.margin
        for index in range(1, len(ranked)):
            column = worths[index]
            mean = sum(column) / samples
            if mean <= best_mean:
                continue
            if self.confidence:
                diffs = [mine - theirs for mine, theirs in zip(column, first, strict=True)]
                lead = sum(diffs) / samples
                spread = sum((diff - lead) ** 2 for diff in diffs) / max(1, samples - 1)
                if lead <= self.margin + self.confidence * math.sqrt(spread / samples):
                    continue
            best, best_mean = index, mean
        return by_text[ranked[best]]


class Valuer:
    """Values a playout's outcome for a seat (see the module docstring's step 4).

    It learns the scale of a lead from the outcomes it is shown: the root mean square of the
    points by which a round moved the gap between its best and worst seat.

    Args:
        value: How an outcome is valued: ``"match"``, ``"points"`` or ``"round"``.
    """

    def __init__(self, value: Value = "match"):
        if value not in VALUES:
            raise InvalidOptions(f"value must be one of {', '.join(VALUES)}, not {brief(value)}")
        self.value: Value = value
        self._swing_sum = 0.0
        self._swing_count = 0

    def learn(self, base: Sequence[int], scores: Sequence[int]) -> None:
        """Note the points a playout moved from totals ``base`` to ``scores``."""
        gained = [now - then for now, then in zip(scores, base, strict=True)]
        swing = max(gained) - min(gained)
        if swing > 0:
            self._swing_sum += swing * swing
            self._swing_count += 1

    def swing(self) -> float:
        """The root mean square of the points a round moves a lead by (1 before any is seen)."""
        if not self._swing_count:
            return 1.0
        return math.sqrt(self._swing_sum / self._swing_count)

    def worth(
        self,
        seat: int,
        base: Sequence[int],
        view: View,
        scores: Sequence[int],
        winners: Sequence[int],
        over: bool,
    ) -> float:
        """What an outcome is worth to ``seat``, from 0 to 1.

        Args:
            seat: Whose worth.
            base: The match totals when the search began.
            view: The view the search began from (its options, round and seats).
            scores: The match totals at the outcome.
            winners: The match's winners, when it is over.
            over: Whether the match is over.
        """
        if over and self.value != "points":
            return 1.0 / len(winners) if seat in winners else 0.0
        gained = [now - then for now, then in zip(scores, base, strict=True)]
        if self.value == "round":  # the round's winner is the seat that gained the most
            best = max(gained)
            if best <= 0:
                return 1.0 / len(scores)
            return 1.0 / gained.count(best) if gained[seat] == best else 0.0
        swing = self.swing()
        if self.value == "points":
            rival = max(points for other, points in enumerate(gained) if other != seat)
            return 0.5 + 0.5 * math.tanh((gained[seat] - rival) / (2.0 * swing))
        lead = scores[seat] - max(total for other, total in enumerate(scores) if other != seat)
        rounds = _rounds_left(view, scores, swing)
        return 1.0 / (1.0 + math.exp(-1.7 * lead / (swing * math.sqrt(rounds))))


def _rounds_left(view: View, scores: Sequence[int], swing: float) -> float:
    """About how many rounds the match has still to go (at least one)."""
    options = view.options
    rounds = getattr(options, "rounds", None)
    if isinstance(rounds, int) and not isinstance(rounds, bool):
        return float(max(1, rounds - view.round))
    target = getattr(options, "target", None)
    if isinstance(target, int | float) and not isinstance(target, bool) and swing > 0:
        to_go = max(0.0, target - max(scores))
        return max(1.0, view.players * to_go / swing)
    return 1.0
