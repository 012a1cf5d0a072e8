"""Information-set Monte Carlo tree search: a bot that looks ahead without peeking.

[`ISMCTSAgent`][unodice.bots.ismcts.ISMCTSAgent] is single-observer information-set MCTS
(Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search", IEEE TCIAIG 2012),
for any number of players. It reaches the game only through the public API, so it plays every
variant, plugins included:

1. **Determinize.** Each iteration asks the view for a game that agrees with everything the
   seat has seen, with everything hidden from it resampled and a fresh chance stream
   (``view.determinize(rng)``). The bot never sees the true hidden state.
2. **Select.** From the root, while every move legal in this determinization has a child, go
   to the child of highest UCB score for the seat that makes the move:
   ``mean reward + exploration * sqrt(ln(availability) / visits)``, where a child's
   availability counts the iterations in which its move was legal when its parent was reached
   (the availability counts of the paper, so that moves legal only in some determinizations are
   not favoured). Nodes are keyed by the moves' notation.
3. **Expand** one move not tried yet (chosen with the bot's own generator).
4. **Play out** with a cheap policy (``"random"``, or ``"greedy"``: the move of highest
   ``view.gain``, ties and a small share of moves at random) until the current round ends, or
   for at most ``playout_depth`` moves.
5. **Back up** one reward per seat, each node crediting the seat that made its move.

The reward: 1 shared by the winners of the round the search started in (a single-round game's
winners are the game's), 0 for everyone else. A playout cut at ``playout_depth`` before the
round ends is valued by the match totals: the seats with the highest total share 1. The
decision is the root's most visited move.

With an ``iterations`` budget and a ``seed`` the bot is deterministic: the same seed and the
same decisions give the same choices. A ``time_budget`` (seconds per decision) makes it as
strong as the machine allows, and no longer repeatable.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import Literal

from unodice.errors import InvalidOptions
from unodice.game import Game
from unodice.moves import Move, RoundEnded
from unodice.quoting import brief
from unodice.variant import View

__all__ = ["DEFAULT_ITERATIONS", "ISMCTSAgent", "Playout"]

DEFAULT_ITERATIONS = 200
"""Iterations per decision when neither an iteration nor a time budget is given."""

Playout = Literal["random", "greedy"]
"""The playout policies: uniformly random moves, or the move of highest immediate gain."""

_PLAYOUTS = ("random", "greedy")
_SAFETY_DEPTH = 10_000
"""Playout moves after which a playout stops even without a depth limit (a round that never
ends is a variant's bug, not the bot's)."""


class _Node:
    """A node of the search tree: the move that led to it and its statistics."""

    __slots__ = ("avail", "children", "mover", "reward", "visits")

    def __init__(self, mover: int):
        self.mover = mover
        """The seat that made the move leading here (its reward is what UCB reads)."""
        self.visits = 0
        self.avail = 0
        self.reward = 0.0
        self.children: dict[str, _Node] = {}


class ISMCTSAgent:
    """Single-observer information-set MCTS over determinizations (see the module docstring).

    Args:
        iterations: Iterations per decision. With ``time_budget`` too, whichever runs out
            first stops the search; with neither, [`DEFAULT_ITERATIONS`][unodice.bots.ismcts.\
DEFAULT_ITERATIONS].
        time_budget: Seconds of search per decision (not repeatable from a seed).
        seed: Seed of the bot's generator (determinizations, expansion, playouts).
        exploration: The UCB exploration constant (rewards lie between 0 and 1).
        playout: ``"random"`` or ``"greedy"`` (see [`Playout`][unodice.bots.ismcts.Playout]).
        playout_depth: Playout moves after which a playout is cut and valued by the match
            totals; ``None`` plays to the end of the round.
        epsilon: With the greedy playout, the share of playout moves chosen at random.

    Raises:
        InvalidOptions: A budget that is not positive, or an unknown playout policy.
    """

    def __init__(
        self,
        iterations: int | None = None,
        time_budget: float | None = None,
        seed: int | None = None,
        exploration: float = 0.7,
        *,
        playout: Playout = "random",
        playout_depth: int | None = None,
        epsilon: float = 0.1,
    ):
        if iterations is not None and (
            isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1
        ):
            raise InvalidOptions(
                f"iterations must be a whole number from 1, not {brief(iterations)}"
            )
        if time_budget is not None and not (
            isinstance(time_budget, int | float) and not isinstance(time_budget, bool)
            and time_budget > 0
        ):
            raise InvalidOptions(
                f"time_budget is seconds per decision, above 0, not {brief(time_budget)}"
            )
        if playout not in _PLAYOUTS:
            raise InvalidOptions(
                f"playout must be one of {', '.join(_PLAYOUTS)}, not {brief(playout)}"
            )
        if playout_depth is not None and (
            isinstance(playout_depth, bool) or not isinstance(playout_depth, int)
            or playout_depth < 0
        ):
            raise InvalidOptions(
                f"playout_depth must be a whole number from 0 or None, not {brief(playout_depth)}"
            )
        if not isinstance(exploration, int | float) or exploration < 0:
            raise InvalidOptions(f"exploration must be 0 or more, not {brief(exploration)}")
        if not isinstance(epsilon, int | float) or not 0 <= epsilon <= 1:
            raise InvalidOptions(f"epsilon must be from 0 to 1, not {brief(epsilon)}")
        if iterations is None and time_budget is None:
            iterations = DEFAULT_ITERATIONS
        self.iterations = iterations
        self.time_budget = time_budget
        self.seed = seed
        self.exploration = float(exploration)
        self.playout = playout
        self.playout_depth = playout_depth
        self.epsilon = float(epsilon)
        self._rng = random.Random(seed)
        self.last_iterations = 0
        """How many iterations the latest search ran (0 when the move was forced)."""

    def __repr__(self) -> str:
        return (
            f"ISMCTSAgent(iterations={self.iterations!r}, time_budget={self.time_budget!r}, "
            f"seed={self.seed!r}, exploration={self.exploration!r}, playout={self.playout!r})"
        )

    # -- the search ------------------------------------------------------------------------------

    def choose(self, view: View, moves: Sequence[Move]) -> Move:
        """The most visited root move after the search; a forced move without searching.

        Raises:
            ValueError: ``moves`` is empty.
        """
        if not moves:
            raise ValueError("there is no move to choose from")
        self.last_iterations = 0
        if len(moves) == 1:
            return moves[0]
        by_text = {str(move): move for move in moves}
        if len(by_text) == 1:
            return moves[0]
        root = _Node(view.seat)
        players = view.players
        deadline = (
            time.perf_counter() + self.time_budget if self.time_budget is not None else None
        )
        limit = self.iterations
        done = 0
        while limit is None or done < limit:
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            self._iterate(view, root, players)
            done += 1
        self.last_iterations = done
        best_text, best_visits = None, -1
        for text in by_text:  # the legal order breaks ties
            child = root.children.get(text)
            visits = child.visits if child is not None else 0
            if visits > best_visits:
                best_text, best_visits = text, visits
        assert best_text is not None
        return by_text[best_text]

    def _iterate(self, view: View, root: _Node, players: int) -> None:
        rng = self._rng
        game = view.determinize(rng)
        start_round = game.round
        path = [root]
        node = root
        outcome: list[float] | None = None
        # Selection and expansion.
        while True:
            seat = game.to_act
            if seat is None:
                break
            legal = game.legal_moves()
            children = node.children
            untried: list[tuple[str, Move]] = []
            available: list[tuple[_Node, Move]] = []
            seen: set[str] = set()
            for move in legal:
                text = str(move)
                if text in seen:
                    continue
                seen.add(text)
                child = children.get(text)
                if child is None:
                    untried.append((text, move))
                else:
                    available.append((child, move))
            if untried:
                text, move = untried[rng.randrange(len(untried))] if len(untried) > 1 \
                    else untried[0]
                child = _Node(seat)
                children[text] = child
                for other, _ in available:
                    other.avail += 1
                child.avail += 1
                path.append(child)
                outcome = self._step(game, move, start_round)
                break
            chosen, move = self._select(available)
            path.append(chosen)
            outcome = self._step(game, move, start_round)
            if outcome is not None:
                break
            node = chosen
        if outcome is None:
            outcome = self._rollout(game, start_round, players)
        for visited in path:
            visited.visits += 1
            visited.reward += outcome[visited.mover]

    def _select(self, available: list[tuple[_Node, Move]]) -> tuple[_Node, Move]:
        """UCB over the children available in this determinization (availability counts)."""
        c = self.exploration
        best: tuple[_Node, Move] | None = None
        best_score = -math.inf
        for pair in available:
            child = pair[0]
            child.avail += 1
            score = child.reward / child.visits + c * math.sqrt(
                math.log(child.avail) / child.visits
            )
            if score > best_score:
                best, best_score = pair, score
        assert best is not None
        return best

    def _step(self, game: Game, move: Move, start_round: int) -> list[float] | None:
        """Play ``move``; the rewards if that ends the round the search started in."""
        events = game.play(move)
        return _round_result(game, events, start_round)

    def _rollout(self, game: Game, start_round: int, players: int) -> list[float]:
        """Play on with the playout policy; the rewards per seat."""
        rng = self._rng
        greedy = self.playout == "greedy"
        epsilon = self.epsilon
        depth = self.playout_depth if self.playout_depth is not None else _SAFETY_DEPTH
        play = game.play
        legal_moves = game.legal_moves
        for _ in range(depth):
            seat = game.to_act
            if seat is None:
                break
            legal = legal_moves()
            count = len(legal)
            if count == 1:
                move = legal[0]
            elif greedy and rng.random() >= epsilon:
                move = _greedy(game.view(seat), legal)
            else:
                move = legal[rng.randrange(count)]
            outcome = _round_result(game, play(move), start_round)
            if outcome is not None:
                return outcome
        return _leaders(game.scores, players)


def _greedy(view: View, legal: Sequence[Move]) -> Move:
    """The first legal move of highest immediate gain."""
    best, best_gain = legal[0], view.gain(legal[0])
    for move in legal[1:]:
        gain = view.gain(move)
        if gain > best_gain:
            best, best_gain = move, gain
    return best


def _round_result(
    game: Game, events: Sequence[object], start_round: int
) -> list[float] | None:
    """The rewards per seat if the events end the round the search started in, else ``None``."""
    for event in events:
        if type(event) is RoundEnded:
            assert isinstance(event, RoundEnded)
            if event.round >= start_round:
                return _shares(event.winners, game.players)
    if game.is_over:
        return _shares(game.winners, game.players)
    return None


def _shares(winners: Sequence[int], players: int) -> list[float]:
    """1 shared by ``winners``; with none (a round nobody won), an equal share for all."""
    rewards = [0.0] * players
    if not winners:
        return [1.0 / players] * players
    share = 1.0 / len(winners)
    for seat in winners:
        rewards[seat] = share
    return rewards


def _leaders(scores: Sequence[int], players: int) -> list[float]:
    """A cut playout's value: the seats with the highest match total share 1."""
    best = max(scores)
    return _shares([seat for seat, total in enumerate(scores) if total == best], players)
