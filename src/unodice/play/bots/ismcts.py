"""Information-set Monte Carlo tree search: a bot that looks ahead without peeking.

[`ISMCTSAgent`][unodice.play.bots.ismcts.ISMCTSAgent] is single-observer information-set MCTS
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
3. **Expand** one move not tried yet: the one the playout policy would play among them (at
   random for the random policy, and for a share ``epsilon`` of expansions).
4. **Play out** with a policy until the current round ends, or for at most ``playout_depth``
   moves: ``"random"``; ``"greedy"``, the move of highest ``view.gain``; or any agent (such as
   the variant's heuristic). With a policy other than random, a share ``epsilon`` of the
   playout moves is chosen at random.
5. **Back up** one reward per seat, each node crediting the seat that made its move.

The reward: 1 shared by the winners of the round the search started in (a single-round game's
winners are the game's), 0 for everyone else. A playout cut at ``playout_depth`` before the
round ends is valued by the match totals: the seats with the highest total share 1. The
decision is the root's most visited move. With ``value="match"`` (or ``"points"``) every
outcome is instead valued for the match, for each seat, as
[`DeterminizedAgent`][unodice.play.bots.determinized.DeterminizedAgent] values it: a finished
match by its winners, otherwise the seat's lead scaled by how much a lead can still change
before the match ends. A round won by one point and a round lost by one point are then nearly
worth the same, and a match is what the arena counts.

**Paired root.** With a search ``width``, the root considers only the ``width`` moves that a
``prior`` policy ranks first (found by asking it again without the moves it already chose),
and each iteration plays *every* one of them on copies of the same determinization, with the
same chance and the same playout generator (common random numbers): their outcomes then differ
by the move, not by the luck of the dice, which is what lets a few dozen iterations tell close
moves apart. Below the root the tree grows as above, unless ``tree=False``: then each
candidate is played out by the playout policy at once (flat Monte Carlo), which with the
heuristic's playouts is the stronger search at a small budget, as the tree's expansions make
every seat below the root try its weaker moves too. The decision is the candidate of best
mean reward, the prior's order breaking ties; a candidate must beat the prior's first choice
by more than ``margin``, and with a ``confidence`` by that many standard errors of the
paired differences of their rewards (one per iteration), to be preferred to it.

With an ``iterations`` budget and a ``seed`` the bot is deterministic: the same seed and the
same decisions give the same choices. A ``time_budget`` (seconds per decision) makes it as
strong as the machine allows, and no longer repeatable.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Literal, Protocol

from unodice.core._quoting import brief
from unodice.core.errors import InvalidOptions
from unodice.core.game import Game
from unodice.core.moves import Move, RoundEnded
from unodice.core.variant import View
from unodice.play.bots.determinized import (
    VALUES,
    Value,
    Valuer,
    cached_play_out,
    confidence_level,
    variant_agent,
)

__all__ = ["DEFAULT_ITERATIONS", "ISMCTSAgent", "Playout", "Policy"]

DEFAULT_ITERATIONS = 200
"""Iterations per decision when neither an iteration nor a time budget is given."""

Playout = Literal["random", "greedy", "heuristic"]
"""The built-in policies: uniformly random moves, the move of highest immediate gain, or the
variant's own heuristic agent (whose playouts run in the native engine where the game is a
native game that plays out there; ``epsilon`` does not apply to them)."""


class _Chooser(Protocol):
    """An agent: anything that chooses a move from a view."""

    def choose(self, view: View, moves: Sequence[Move]) -> Move:
        """Return one of ``moves``."""
        ...


Policy = Playout | _Chooser | Callable[[int | None], _Chooser]
"""A policy for playouts or for ranking root moves: ``"random"``, ``"greedy"``, an agent
(anything with ``choose(view, moves)``), or an agent factory ``factory(seed) -> agent`` (such
as each variant's heuristic class, which takes a seed)."""

_PLAYOUTS = ("random", "greedy", "heuristic")
_SAFETY_DEPTH = 10_000
"""Playout moves after which a playout stops even without a depth limit (a round that never
ends is a variant's bug, not the bot's)."""


def _resolve(policy: object, name: str, seed: int) -> str | _Chooser:
    """``"random"``, ``"greedy"`` or an agent, from a policy as the caller gave it."""
    if isinstance(policy, str):
        if policy not in _PLAYOUTS:
            raise InvalidOptions(
                f"{name} must be one of {', '.join(_PLAYOUTS)}, an agent or an agent factory, "
                f"not {brief(policy)}"
            )
        return policy
    if callable(getattr(policy, "choose", None)) and not isinstance(policy, type):
        return policy  # type: ignore[return-value]
    if callable(policy):
        made = policy(seed)
        if not callable(getattr(made, "choose", None)):
            raise InvalidOptions(
                f"{name}: the factory {brief(policy)} made {brief(made)}, which has no "
                "choose(view, moves)"
            )
        return made  # type: ignore[no-any-return]
    raise InvalidOptions(
        f"{name} must be one of {', '.join(_PLAYOUTS)}, an agent or an agent factory, "
        f"not {brief(policy)}"
    )


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
        iterations: Iterations per decision (with a ``width``, each candidate's playout counts
            as one). With ``time_budget`` too, whichever runs out first stops the search; with
            neither, [`DEFAULT_ITERATIONS`][unodice.play.bots.ismcts.DEFAULT_ITERATIONS].
        time_budget: Seconds of search per decision (not repeatable from a seed).
        seed: Seed of the bot's generator (determinizations, expansion, playouts), and of
            the agents that policy factories make.
        exploration: The UCB exploration constant (rewards lie between 0 and 1).
        playout: The playout policy (see [`Policy`][unodice.play.bots.ismcts.Policy]).
        playout_depth: Playout moves after which a playout is cut and valued by the match
            totals; ``None`` plays to the end of the round.
        epsilon: With a playout policy other than random, the share of playout moves chosen
            at random.
        prior: The policy that ranks the root's moves for ``width`` (``"greedy"`` unless
            given).
        width: Search only the prior's first ``width`` root moves, all of them in every
            iteration on the same determinization (the paired root of the module docstring);
            ``None`` searches every move, one per iteration.
        margin: With a ``width``, how much better a mean reward than that of the prior's
            first choice another candidate needs to be chosen instead.
        score_weight: How much of the reward is the seat's share of the points scored from
            the search's position to the playout's end (the rest is the win): for a variant
            won on points, a margin tells the search more than a win or a loss does.
        tree: With a ``width``, grow a tree below the root's candidates; ``False`` plays each
            candidate out at once (flat Monte Carlo at the root).
        confidence: With a ``width``, how many standard errors of the paired differences a
            candidate's lead over the prior's first choice must exceed (0: none).
        value: The reward: ``"round"``, 1 shared by the winners of the round (the module
            docstring); ``"match"`` or ``"points"``, the outcome valued for the match as
            [`DeterminizedAgent`][unodice.play.bots.determinized.DeterminizedAgent] values it
            (see its module), for every seat.

    Raises:
        InvalidOptions: A budget that is not positive, an unknown policy, or a setting out of
            its range.
    """

    def __init__(
        self,
        iterations: int | None = None,
        time_budget: float | None = None,
        seed: int | None = None,
        exploration: float = 0.7,
        *,
        playout: Policy = "random",
        playout_depth: int | None = None,
        epsilon: float = 0.1,
        prior: Policy | None = None,
        width: int | None = None,
        margin: float = 0.0,
        confidence: float = 0.0,
        tree: bool = True,
        score_weight: float = 0.0,
        value: Value = "round",
    ):
        if iterations is not None and (
            isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1
        ):
            raise InvalidOptions(
                f"iterations must be a whole number from 1, not {brief(iterations)}"
            )
        if time_budget is not None and not (
            isinstance(time_budget, int | float)
            and not isinstance(time_budget, bool)
            and time_budget > 0
        ):
            raise InvalidOptions(
                f"time_budget is seconds per decision, above 0, not {brief(time_budget)}"
            )
        if playout_depth is not None and (
            isinstance(playout_depth, bool)
            or not isinstance(playout_depth, int)
            or playout_depth < 0
        ):
            raise InvalidOptions(
                f"playout_depth must be a whole number from 0 or None, not {brief(playout_depth)}"
            )
        if width is not None and (
            isinstance(width, bool) or not isinstance(width, int) or width < 1
        ):
            raise InvalidOptions(f"width must be a whole number from 1 or None, not {brief(width)}")
        if not isinstance(exploration, int | float) or exploration < 0:
            raise InvalidOptions(f"exploration must be 0 or more, not {brief(exploration)}")
        if not isinstance(epsilon, int | float) or not 0 <= epsilon <= 1:
            raise InvalidOptions(f"epsilon must be from 0 to 1, not {brief(epsilon)}")
        if not isinstance(margin, int | float) or isinstance(margin, bool) or margin < 0:
            raise InvalidOptions(f"margin must be 0 or more, not {brief(margin)}")
        if not isinstance(score_weight, int | float) or not 0 <= score_weight <= 1:
            raise InvalidOptions(f"score_weight must be from 0 to 1, not {brief(score_weight)}")
        if value not in VALUES:
            raise InvalidOptions(f"value must be one of {', '.join(VALUES)}, not {brief(value)}")
        if iterations is None and time_budget is None:
            iterations = DEFAULT_ITERATIONS
        self.iterations = iterations
        self.time_budget = time_budget
        self.seed = seed
        self.exploration = float(exploration)
        self.playout = playout
        self.playout_depth = playout_depth
        self.epsilon = float(epsilon)
        self.prior = prior
        self.width = width
        self.margin = float(margin)
        self.confidence = confidence_level(confidence)
        self.tree = bool(tree)
        self.score_weight = float(score_weight)
        self.value: Value = value
        self._valuer = Valuer(value)
        self._view: View | None = None
        self._agents: dict[tuple[str, str], object] = {}
        self._agent_seed: int | None = None
        self._base: tuple[int, ...] = ()
        self._rng = random.Random(seed)
        agent_seed = self._rng.getrandbits(32) if seed is not None else None
        self._agent_seed = agent_seed
        self._policy = _resolve(playout, "playout", agent_seed)  # type: ignore[arg-type]
        self._prior = (
            _resolve("greedy" if prior is None else prior, "prior", agent_seed)  # type: ignore[arg-type]
            if width is not None
            else None
        )
        self.last_iterations = 0
        """How many iterations the latest search ran (0 when the move was forced)."""

    def __repr__(self) -> str:
        extra = f", width={self.width!r}" if self.width is not None else ""
        return (
            f"ISMCTSAgent(iterations={self.iterations!r}, time_budget={self.time_budget!r}, "
            f"seed={self.seed!r}, exploration={self.exploration!r}, playout={self.playout!r}"
            f"{extra})"
        )

    # -- the search ------------------------------------------------------------------------------

    def choose(self, view: View, moves: Sequence[Move]) -> Move:
        """The search's choice (see the module docstring); a forced move without searching.

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
        self._base = view.scores
        self._view = view
        if self._prior is not None:
            return self._choose_paired(view, by_text)
        root = _Node(view.seat)
        players = view.players
        deadline = time.perf_counter() + self.time_budget if self.time_budget is not None else None
        limit = self.iterations
        done = 0
        while limit is None or done < limit:
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            game = view.determinize(self._rng)
            self._descend(game, root, [root], game.round, players, self._rng)
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

    def _rank(self, view: View, by_text: dict[str, Move]) -> list[str]:
        """The prior's first ``width`` moves (by text), best first."""
        prior = self._prior
        assert prior is not None and self.width is not None
        remaining = list(by_text.values())
        ranked: list[str] = []
        while remaining and len(ranked) < self.width:
            if prior == "greedy":
                move = _greedy(view, remaining)
            elif prior == "heuristic":
                move = self._heuristic(view.variant_name).choose(view, remaining)
            elif prior == "random":
                move = remaining[self._rng.randrange(len(remaining))]
            else:
                assert not isinstance(prior, str)
                move = prior.choose(view, remaining)
            text = str(move)
            if text not in by_text or text in ranked:  # a prior that strays: keep its order
                break
            ranked.append(text)
            remaining = [other for other in remaining if str(other) != text]
        return ranked or [next(iter(by_text))]

    def _choose_paired(self, view: View, by_text: dict[str, Move]) -> Move:
        """The paired-root search: every candidate in every iteration, common random numbers."""
        ranked = self._rank(view, by_text)
        if len(ranked) == 1:
            return by_text[ranked[0]]
        seat = view.seat
        players = view.players
        root = _Node(seat)
        children = [_Node(seat) for _ in ranked]
        rewards: list[list[float]] = [[] for _ in ranked]
        deadline = time.perf_counter() + self.time_budget if self.time_budget is not None else None
        limit = self.iterations
        done = 0
        rng = self._rng
        while limit is None or done < limit:
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            game = view.determinize(rng)
            start_round = game.round
            stream = rng.getrandbits(64)
            for text, child, mine in zip(ranked, children, rewards, strict=True):
                if limit is not None and done >= limit:
                    break
                local = random.Random(stream)
                twin = game.copy(history=False)
                outcome = self._outcome(twin, twin.play(by_text[text]), start_round)
                path = [child]
                if outcome is None and self.tree:
                    outcome = self._descend(twin, child, path, start_round, players, local)
                else:
                    if outcome is None:
                        outcome = self._rollout(twin, start_round, players, local)
                    outcome = self._blend(outcome, twin)
                    child.visits += 1
                    child.reward += outcome[seat]
                mine.append(outcome[seat])
                done += 1
        self.last_iterations = done
        del root
        best = 0
        first = children[0]
        first_mean = first.reward / first.visits if first.visits else 0.0
        best_mean = first_mean + self.margin
        for index, child in enumerate(children[1:], 1):
            if child.visits and child.reward / child.visits > best_mean:
                if self.confidence and not _beats(
                    rewards[index], rewards[0], self.margin, self.confidence
                ):
                    continue
                best, best_mean = index, child.reward / child.visits
        return by_text[ranked[best]]

    def _descend(
        self,
        game: Game,
        node: _Node,
        path: list[_Node],
        start_round: int,
        players: int,
        rng: random.Random,
    ) -> list[float]:
        """One iteration from ``node`` (already on ``path``): select, expand, play out, back up."""
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
                text, move = self._expansion(game, seat, untried, rng)
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
            outcome = self._rollout(game, start_round, players, rng)
        outcome = self._blend(outcome, game)
        for visited in path:
            visited.visits += 1
            visited.reward += outcome[visited.mover]
        return outcome

    def _expansion(
        self, game: Game, seat: int, untried: list[tuple[str, Move]], rng: random.Random
    ) -> tuple[str, Move]:
        """The untried move to expand: the playout policy's choice among them.

        A random one for the random policy, and for a share ``epsilon`` of expansions.
        """
        count = len(untried)
        if count == 1:
            return untried[0]
        policy = self._policy
        if policy == "random" or rng.random() < self.epsilon:
            return untried[rng.randrange(count)]
        moves = [move for _, move in untried]
        view = game.view(seat)
        if policy == "greedy":
            chosen = _greedy(view, moves)
        elif policy == "heuristic":
            chosen = self._heuristic(view.variant_name).choose(view, moves)
        else:
            assert not isinstance(policy, str)
            chosen = policy.choose(view, moves)
        for pair in untried:
            if pair[1] is chosen or pair[1] == chosen:
                return pair
        return untried[rng.randrange(count)]  # a policy that strays from the moves given

    def _blend(self, outcome: list[float], game: Game) -> list[float]:
        """Mix into the rewards each seat's share of the points scored since the search began."""
        weight = self.score_weight
        if not weight:
            return outcome
        gained = [max(total - base, 0) for total, base in zip(game.scores, self._base, strict=True)]
        scored = sum(gained)
        if not scored:
            return outcome
        return [
            (1 - weight) * won + weight * points / scored
            for won, points in zip(outcome, gained, strict=True)
        ]

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
        return self._outcome(game, events, start_round)

    def _rollout(
        self, game: Game, start_round: int, players: int, rng: random.Random
    ) -> list[float]:
        """Play on with the playout policy; the rewards per seat."""
        policy = self._policy
        if policy == "heuristic":
            depth_limit = self.playout_depth
            cached_play_out(
                game, "heuristic", until="round", max_moves=depth_limit, agents=self._agents
            )
            ended = self._outcome(game, (), start_round)
            return ended if ended is not None else self._cut(game, players)
        agent = None if isinstance(policy, str) else policy
        greedy = policy == "greedy"
        guided = greedy or agent is not None
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
            elif guided and rng.random() >= epsilon:
                if agent is not None:
                    move = agent.choose(game.view(seat), legal)
                else:
                    move = _greedy(game.view(seat), legal)
            else:
                move = legal[rng.randrange(count)]
            outcome = self._outcome(game, play(move), start_round)
            if outcome is not None:
                return outcome
        return self._cut(game, players)

    def _heuristic(self, variant: str) -> _Chooser:
        """The variant's heuristic agent (greedy for a variant without one), made once."""
        agent = self._agents.get(("heuristic", variant))
        if agent is None:
            agent = self._agents[("heuristic", variant)] = variant_agent(
                "heuristic", self._agent_seed, variant
            )
        return agent  # type: ignore[return-value]

    def _outcome(
        self, game: Game, events: Sequence[object], start_round: int
    ) -> list[float] | None:
        """The rewards per seat if the round the search started in is over, else ``None``.

        The ``"round"`` reward reads the round's end from the events (the module docstring);
        the others see it in the game (its round, or the match over) and value the totals.
        """
        if self.value == "round" and self._policy != "heuristic":
            return _round_result(game, events, start_round)
        if game.is_over or game.round != start_round or game.to_act is None:
            return self._valued(game)
        return None

    def _cut(self, game: Game, players: int) -> list[float]:
        """The rewards of a playout cut before the round ended."""
        if self.value == "round":
            return _leaders(game.scores, players)
        return self._valued(game)

    def _valued(self, game: Game) -> list[float]:
        """Every seat's reward: the outcome valued as ``value`` says."""
        view = self._view
        assert view is not None
        base = self._base
        scores = game.scores
        over = game.is_over
        winners = game.winners if over else ()
        valuer = self._valuer
        valuer.learn(base, scores)
        return [
            valuer.worth(seat, base, view, scores, winners, over) for seat in range(game.players)
        ]


def _beats(mine: list[float], theirs: list[float], margin: float, confidence: float) -> bool:
    """Whether ``mine`` leads ``theirs`` by more than ``margin`` and ``confidence`` errors.

    The rewards are paired by iteration; the error is the standard error of the differences.
    """
    diffs = [a - b for a, b in zip(mine, theirs, strict=False)]
    if not diffs:
        return False
    count = len(diffs)
    lead = sum(diffs) / count
    spread = sum((diff - lead) ** 2 for diff in diffs) / max(1, count - 1)
    return lead > margin + confidence * math.sqrt(spread / count)


def _greedy(view: View, legal: Sequence[Move]) -> Move:
    """The first legal move of highest immediate gain."""
    best, best_gain = legal[0], view.gain(legal[0])
    for move in legal[1:]:
        gain = view.gain(move)
        if gain > best_gain:
            best, best_gain = move, gain
    return best


def _round_result(game: Game, events: Sequence[object], start_round: int) -> list[float] | None:
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
