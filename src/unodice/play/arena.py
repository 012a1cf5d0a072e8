"""The arena: a tournament between agents, every agent in every seat equally often.

[`tournament`][unodice.play.arena.tournament] plays games between the agents it is given and
returns a [`TournamentReport`][unodice.play.arena.TournamentReport]: each agent's win share with a
95% Wilson interval, its mean score, the time it took per decision, and a pairwise table of
how often each agent beat each other one.

How the seats are filled, for ``A`` agents and ``P`` seats (``A >= P``): every set of ``P``
different agents plays, and each set plays in ``P`` seatings, its agents rotated one seat at a
time, so that each of them has each seat once. That makes ``C(A, P) × P`` seatings (for two
players: every pairing, in both seat orders), played in turn; the number of games is rounded
up to a whole number of rounds of them, so every agent has every seat equally often. The ``P``
rotations of one set share a deal (the same game seed), which takes the luck of the deal out of
the comparison. To seat one agent twice, give it twice under two labels.

Game ``i`` is seeded from the tournament's seed and ``i`` only, and the work is cut into chunks
whose counts merge exactly, as in [`simulate`][unodice.play.simulation.simulate]: the same seed
gives the same report on one process, many, or a Dask cluster. Agents are given as agent
objects, factories or registered names, as there (see [`unodice.play.agents`][unodice.play.agents]).
"""

from __future__ import annotations

import itertools
import math
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from fractions import Fraction
from typing import Any

import attrs

from unodice.core.capabilities import MatchEngine
from unodice.core.errors import InvalidOptions
from unodice.core.game import Game
from unodice.core.options import option_text
from unodice.core.registry import Registry
from unodice.core.setup import new_game
from unodice.play.agents import (
    AgentError,
    AgentSpec,
    Seat,
    SignalWatch,
    agent_label,
    build_agent,
    native_engine,
    play_seats,
    stepped_natively,
)
from unodice.play.simulation import (
    Progress,
    RegistrySource,
    SimulationError,
    WorkInterrupted,
    _one_line,
    _registry_from,
    agent_seed,
    check_counts,
    check_seed,
    fresh_seed,
    game_seed,
    native_variant,
    registries,
    run_work,
)
from unodice.play.stats import wilson_interval

__all__ = [
    "AgentResult",
    "ArenaTally",
    "TournamentInterrupted",
    "TournamentReport",
    "seatings",
    "tournament",
]


def seatings(agents: int, players: int) -> tuple[tuple[int, ...], ...]:
    """The seatings of a tournament: for each, the index of the agent at each seat.

    Every set of ``players`` different agents (in the order of ``itertools.combinations``),
    each rotated one seat at a time, so that every agent has every seat equally often.

    Raises:
        InvalidOptions: Fewer agents than seats.
    """
    if agents < players:
        raise InvalidOptions(
            f"a tournament of {players}-player games needs at least {players} agents (each seat "
            f"has a different one), not {agents}; to seat an agent twice, give it twice under "
            "two labels"
        )
    table = []
    for group in itertools.combinations(range(agents), players):
        for shift in range(players):
            table.append(group[shift:] + group[:shift])
    return tuple(table)


@attrs.define(eq=True)
class ArenaTally:
    """What happened in some games of a tournament, as counts that merge exactly.

    Attributes:
        agents: How many agents take part.
        games: Games counted.
        played: Games each agent played, by agent index.
        seats: ``(agent, seat) -> games``.
        wins: ``(agent, number of winners) -> games`` it won, alone or jointly.
        scores: The sum of each agent's final scores.
        ahead: ``(a, b) -> games`` that ``a`` won and ``b`` did not, of those both played.
        level: ``(a, b) -> games`` that both or neither of them won.
        decisions: Decisions each agent took.
        thinking: Seconds each agent spent choosing (not compared: it is a measurement).
    """

    agents: int
    games: int = 0
    played: Counter[int] = attrs.field(factory=Counter)
    seats: Counter[tuple[int, int]] = attrs.field(factory=Counter)
    wins: Counter[tuple[int, int]] = attrs.field(factory=Counter)
    scores: Counter[int] = attrs.field(factory=Counter)
    ahead: Counter[tuple[int, int]] = attrs.field(factory=Counter)
    level: Counter[tuple[int, int]] = attrs.field(factory=Counter)
    decisions: Counter[int] = attrs.field(factory=Counter)
    thinking: dict[int, float] = attrs.field(factory=dict, eq=False)

    def add(
        self,
        seating: Sequence[int],
        scores: Sequence[int],
        winners: Sequence[int],
        decisions: Sequence[int],
        thinking: Sequence[float],
    ) -> None:
        """Count one finished game; every argument but ``winners`` is per seat."""
        winning = {seating[seat] for seat in winners}
        for seat, agent in enumerate(seating):
            self.played[agent] += 1
            self.seats[agent, seat] += 1
            self.scores[agent] += int(scores[seat])
            self.decisions[agent] += decisions[seat]
            self.thinking[agent] = self.thinking.get(agent, 0.0) + thinking[seat]
            if agent in winning:
                self.wins[agent, len(winners)] += 1
        for a, b in itertools.permutations(seating, 2):
            if a in winning and b not in winning:
                self.ahead[a, b] += 1
            elif (a in winning) == (b in winning):
                self.level[a, b] += 1
        self.games += 1

    def merge(self, other: ArenaTally) -> ArenaTally:
        """A new tally counting the games of both (neither is changed)."""
        thinking = dict(self.thinking)
        for agent, seconds in other.thinking.items():
            thinking[agent] = thinking.get(agent, 0.0) + seconds
        return ArenaTally(
            self.agents,
            self.games + other.games,
            self.played + other.played,
            self.seats + other.seats,
            self.wins + other.wins,
            self.scores + other.scores,
            self.ahead + other.ahead,
            self.level + other.level,
            self.decisions + other.decisions,
            thinking,
        )


@attrs.frozen
class _ArenaSpec:
    """Everything a worker needs to play any game of a tournament (picklable)."""

    variant: str
    variant_name: str
    players: int
    agents: tuple[Seat, ...]
    table: tuple[tuple[int, ...], ...]
    seed: int
    options: Mapping[str, Any]
    house_rules: tuple[str, ...]
    registry_factory: Callable[[], Registry] | None = None

    def empty(self) -> ArenaTally:
        """The tally of no games."""
        return ArenaTally(len(self.agents))

    def seating(self, index: int) -> tuple[int, ...]:
        """The agent at each seat of game ``index``."""
        return self.table[index % len(self.table)]

    def deal(self, index: int) -> int:
        """The seed of game ``index``: the rotations of one set of agents share it."""
        return game_seed(self.seed, index // self.players)

    def start(self, index: int, registry: Registry | None) -> Game:
        """Start game ``index``, not yet played."""
        return new_game(
            self.variant,
            self.players,
            self.deal(index),
            self.options,
            self.house_rules,
            registry=registry,
        )

    def run(self, start: int, stop: int, registry: Registry | None) -> ArenaTally:
        """Play games ``start`` to ``stop - 1`` and tally them.

        Raises:
            AgentError: An agent failed (the message names it and the game).
            SimulationError: A game failed otherwise.
        """
        if registry is None:
            registry = _registry_from(self.registry_factory)
        tally = self.empty()
        engines = _engines(self, registry)
        for index in range(start, stop):
            seating = self.seating(index)
            try:
                engine = engines.get(seating) if engines is not None else None
                if engine is not None:
                    tally.add(seating, *self._play_natively(engine, index))
                    continue
                game, decisions, thinking = self._play(index, seating, registry)
            except AgentError as error:
                raise error.in_game(index) from None
            except Exception as error:
                raise SimulationError(
                    _one_line(
                        f"game {index} of the {self.variant} tournament (seed "
                        f"{self.deal(index)}) failed: {type(error).__name__}: {error}"
                    )
                ) from error
            tally.add(seating, game.scores, game.winners, decisions, thinking)
        return tally

    def _play(
        self, index: int, seating: Sequence[int], registry: Registry | None
    ) -> tuple[Game, list[int], list[float]]:
        """Play game ``index`` in Python: the game, each seat's decisions and thinking time.

        The game is stepped by the native engine when it may be (see `stepped_natively`): the
        same game, cheaper for the agents to copy and search.
        """
        game = stepped_natively(self.start(index, registry))
        seats = [self.agents[agent] for agent in seating]
        labels = [seat.label for seat in seats]
        thinking = [0.0] * self.players
        decisions = [0] * self.players
        with SignalWatch() as watch:
            built = [
                build_agent(
                    game,
                    labels,
                    place,
                    watch,
                    seat,
                    agent_seed(self.seed, index, place),
                    registry,
                    fresh=True,
                )
                for place, seat in enumerate(seats)
            ]
            play_seats(game, built, labels, thinking=thinking, decisions=decisions, watch=watch)
        return game, decisions, thinking

    def _play_natively(
        self, engine: MatchEngine, index: int
    ) -> tuple[Sequence[int], Sequence[int], list[int], list[float]]:
        """Play game ``index`` with a native engine: scores, winners, decisions, thinking.

        The engine's agents cannot be timed apart from its rules: each seat is given the
        match's time in proportion to the decisions it took.
        """
        seeds = [agent_seed(self.seed, index, place) for place in range(self.players)]
        began = time.perf_counter()
        match = engine.play(self.deal(index), seeds, detail=1)
        seconds = time.perf_counter() - began
        decisions = [match.seats.count(seat) for seat in range(self.players)]
        total = max(1, len(match.seats))
        thinking = [seconds * count / total for count in decisions]
        return match.scores, match.winners, decisions, thinking


_Engines = dict[tuple[int, ...], MatchEngine]


def _engines(spec: _ArenaSpec, registry: Registry | None) -> _Engines | None:
    """The native engine of each seating of a tournament that has one, or ``None`` (none may).

    The same decision as ``simulate``'s (see
    [`native_engine`][unodice.play.agents.native_engine]), taken for each seating, since each
    seats other agents. Kept for the spec last asked about: a run asks every few games.
    """
    cached = _last_engines.get("spec")
    if cached is not None and cached[0] is spec and cached[1] is registry:
        return cached[2]
    engines: _Engines | None = None
    named = [seat for seat in spec.agents if seat.kind == "name"]
    variant = (
        native_variant(spec.variant_name, named, spec.house_rules, registry, spec.start)
        if len(named) >= spec.players
        else None
    )
    if variant is not None:
        engines = {}
        for seating in dict.fromkeys(spec.table):
            seats = [spec.agents[agent] for agent in seating]
            engine = native_engine(variant, seats, spec.house_rules, registry)
            if engine is not None:
                engines[seating] = engine
    _last_engines["spec"] = (spec, registry, engines)
    return engines


_last_engines: dict[str, tuple[_ArenaSpec, Registry | None, _Engines | None]] = {}
"""The engines of the tournament last asked about, by seating."""


@attrs.frozen
class AgentResult:
    """How one agent did in a tournament.

    Attributes:
        agent: Its label.
        games: Games it played.
        wins: Games it won alone.
        shared: Games it won jointly with others.
        win_share: Its wins, a win shared by ``k`` winners counting ``1/k``.
        win_rate: ``win_share`` divided by ``games``.
        low: Lower end of the 95% Wilson interval of the win rate.
        high: Upper end of that interval.
        mean_score: Its mean final score.
        seats: Games it played at each seat (equal, by the seating scheme).
        decisions: Decisions it took.
        seconds: Seconds it spent choosing (a measurement: not compared).
    """

    agent: str
    games: int
    wins: int
    shared: int
    win_share: float
    win_rate: float
    low: float
    high: float
    mean_score: float
    seats: tuple[int, ...]
    decisions: int
    seconds: float = attrs.field(eq=False)

    @property
    def ms_per_decision(self) -> float:
        """Milliseconds per decision (0.0 when it took none)."""
        return 1000 * self.seconds / self.decisions if self.decisions else 0.0

    def to_json(self) -> dict[str, Any]:
        """The result as JSON-ready data."""
        return {
            "agent": self.agent,
            "games": self.games,
            "wins": self.wins,
            "shared_wins": self.shared,
            "win_share": self.win_share,
            "win_rate": self.win_rate,
            "win_rate_95": [self.low, self.high],
            "mean_score": self.mean_score,
            "seats": list(self.seats),
            "decisions": self.decisions,
            "ms_per_decision": self.ms_per_decision,
        }


@attrs.frozen
class TournamentReport:
    """The result of a tournament.

    It depends only on what was played (variant, seats, agents, seed, options, house rules,
    games), never on how the work was split: equal reports compare equal (the time each agent
    took, a measurement, is left out of the comparison).

    Attributes:
        variant: The variant's name.
        players: Seats per game.
        games: Games played (a whole number of rounds of the seatings).
        seed: The tournament's seed.
        options: The variant options, as JSON-ready data.
        house_rules: The house rules in force.
        seatings: How many seatings one round has.
        agents: One [`AgentResult`][unodice.play.arena.AgentResult] per agent, in the order given.
        pairwise: ``pairwise[a][b]``: of the games agents ``a`` and ``b`` both played, the
            share ``a`` beat ``b`` (``a`` won and ``b`` did not), a game both or neither won
            counting a half; ``None`` on the diagonal. For two players it is the head-to-head
            win share, and ``pairwise[a][b] + pairwise[b][a] == 1``.
        pairwise_games: ``pairwise_games[a][b]``: how many games they both played.
        tally: The merged counts everything above is computed from.
    """

    variant: str
    players: int
    games: int
    seed: int
    options: Mapping[str, Any]
    house_rules: tuple[str, ...]
    seatings: int
    agents: tuple[AgentResult, ...]
    pairwise: tuple[tuple[float | None, ...], ...]
    pairwise_games: tuple[tuple[int, ...], ...]
    tally: ArenaTally = attrs.field(repr=False)

    @classmethod
    def from_tally(
        cls,
        tally: ArenaTally,
        *,
        labels: Sequence[str],
        variant: str,
        players: int,
        seed: int,
        options: Mapping[str, Any],
        house_rules: Sequence[str],
        seatings: int,
    ) -> TournamentReport:
        """Compute the report of a merged tally."""
        results = []
        for agent, label in enumerate(labels):
            games = tally.played[agent]
            share = sum(
                (Fraction(n, k) for (a, k), n in sorted(tally.wins.items()) if a == agent),
                Fraction(0),
            )
            low, high = wilson_interval(float(share), games)
            results.append(
                AgentResult(
                    agent=label,
                    games=games,
                    wins=tally.wins.get((agent, 1), 0),
                    shared=sum(n for (a, k), n in tally.wins.items() if a == agent and k > 1),
                    win_share=float(share),
                    win_rate=float(share / games) if games else 0.0,
                    low=low,
                    high=high,
                    mean_score=tally.scores[agent] / games if games else 0.0,
                    seats=tuple(tally.seats[agent, seat] for seat in range(players)),
                    decisions=tally.decisions[agent],
                    seconds=tally.thinking.get(agent, 0.0),
                )
            )
        count = len(labels)
        together = [
            [tally.ahead[a, b] + tally.ahead[b, a] + tally.level[a, b] for b in range(count)]
            for a in range(count)
        ]
        pairwise = tuple(
            tuple(
                None
                if a == b or not together[a][b]
                else float(Fraction(2 * tally.ahead[a, b] + tally.level[a, b], 2 * together[a][b]))
                for b in range(count)
            )
            for a in range(count)
        )
        return cls(
            variant=variant,
            players=players,
            games=tally.games,
            seed=seed,
            options=dict(options),
            house_rules=tuple(house_rules),
            seatings=seatings,
            agents=tuple(results),
            pairwise=pairwise,
            pairwise_games=tuple(
                tuple(0 if a == b else together[a][b] for b in range(count)) for a in range(count)
            ),
            tally=tally,
        )

    def to_json(self) -> dict[str, Any]:
        """The report as JSON-ready data."""
        labels = [result.agent for result in self.agents]
        return {
            "variant": self.variant,
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "options": dict(self.options),
            "house_rules": list(self.house_rules),
            "seatings": self.seatings,
            "agents": [result.to_json() for result in self.agents],
            "pairwise": {
                a: {b: self.pairwise[i][j] for j, b in enumerate(labels) if i != j}
                for i, a in enumerate(labels)
            },
            "pairwise_games": {
                a: {b: self.pairwise_games[i][j] for j, b in enumerate(labels) if i != j}
                for i, a in enumerate(labels)
            },
        }

    def __str__(self) -> str:
        return "\n".join(_report_lines(self))


def _report_lines(report: TournamentReport) -> list[str]:
    options = ", ".join(f"{key}={option_text(value)}" for key, value in report.options.items())
    rules = f", house rules {', '.join(report.house_rules)}" if report.house_rules else ""
    labels = [result.agent for result in report.agents]
    width = max(8, *(len(label) for label in labels))
    column = max([10, *(len(label) for label in labels)])  # whole labels: columns fit them
    lines = [
        f"{report.variant} arena: {report.games:,} {'game' if report.games == 1 else 'games'}, "
        f"{report.players} players, seed {report.seed}, {report.seatings} "
        f"{'seating' if report.seatings == 1 else 'seatings'}"
        + (f", options {options}" if options else "")
        + rules,
        "",
        f"{'agent':<{width}}  {'win rate':>8}  {'95% interval':<15}  {'games':>8}  "
        f"{'mean score':>10}  {'ms/decision':>11}",
    ]
    for result in sorted(report.agents, key=lambda r: -r.win_rate):
        interval = f"{result.low:.1%}–{result.high:.1%}"
        lines.append(
            f"{result.agent:<{width}}  {result.win_rate:>8.1%}  {interval:<15}  "
            f"{result.games:>8,}  {result.mean_score:>10.2f}  {result.ms_per_decision:>11.3f}"
        )
    lines += [
        "",
        "how often the row's agent beat the column's (a game both or neither won: half)",
        f"{'':<{width}}" + "".join(f"  {label:>{column}}" for label in labels),
    ]
    for i, label in enumerate(labels):
        cells = "".join(
            f"  {'—' if value is None else f'{value:.1%}':>{column}}"
            for value in report.pairwise[i]
        )
        lines.append(f"{label:<{width}}{cells}")
    return lines


class TournamentInterrupted(KeyboardInterrupt):
    """`tournament` was interrupted (Ctrl-C); its worker processes are stopped.

    Attributes:
        report: The report of the games that had finished (a partial view only: its agents
            have not had every seat equally often).
        games: The number of games asked for.
    """

    def __init__(self, report: TournamentReport, games: int):
        super().__init__(report, games)
        self.report = report
        self.games = games

    def __str__(self) -> str:
        return f"tournament interrupted after {self.report.games:,} of {self.games:,} games"

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), (self.report, self.games)


def _labelled(
    agents: Mapping[str, AgentSpec] | Sequence[AgentSpec] | str,
) -> list[tuple[str, Seat]]:
    """The agents with their labels; a label used twice gets ``-2``, ``-3`` … after it."""
    if isinstance(agents, Mapping):
        pairs = []
        for label, spec in agents.items():
            if not isinstance(label, str) or not label.strip():
                raise InvalidOptions(f"an agent's label is a word, not {label!r}")
            pairs.append((label.strip(), Seat.of(spec, label.strip())))
        return pairs
    if isinstance(agents, str):
        specs: list[Any] = [name.strip() for name in agents.split(",") if name.strip()]
    elif isinstance(agents, Sequence):
        specs = list(agents)
    else:
        raise InvalidOptions(
            "agents are a mapping of labels to agents, or a list of agents, factories or names"
        )
    seen: Counter[str] = Counter()
    pairs = []
    for spec in specs:
        base = agent_label(spec) if not isinstance(spec, str) else spec.strip()
        seen[base] += 1
        label = base if seen[base] == 1 else f"{base}-{seen[base]}"
        pairs.append((label, Seat.of(spec, label)))
    return pairs


def tournament(
    variant: str,
    agents: Mapping[str, AgentSpec] | Sequence[AgentSpec] | str,
    games: int = 1000,
    seed: int | None = None,
    players: int = 2,
    workers: int | None = None,
    executor: Executor | None = None,
    options: Mapping[str, Any] | None = None,
    house_rules: Sequence[str] = (),
    progress: Progress | None = None,
    chunk_size: int | None = None,
    *,
    registry: RegistrySource | None = None,
) -> TournamentReport:
    """Play a tournament between agents, every agent in every seat equally often.

    Args:
        variant: The variant's name, or a game string such as ``"coverall(partition=false)"``.
        agents: ``{label: agent}``, each agent an agent object, a factory or a registered
            name; or a list of them (labelled by name), or one string of names separated by
            commas. At least ``players`` of them.
        games: How many games to play, at least; rounded up to a whole number of rounds of
            the seatings (see [`unodice.play.arena`][unodice.play.arena]).
        seed: The tournament's seed. ``None`` (the default) draws a fresh one at random,
            which no agent can work out; the report's ``seed`` gives it, to play the same
            games again. Whoever knows a seed knows every die of every game.
        players: Seats per game.
        workers: As for [`simulate`][unodice.play.simulation.simulate]: ``1`` plays in this
            process, ``None`` one worker process per core.
        executor: As for ``simulate``: any ``concurrent.futures.Executor`` (a Dask client's).
        options: Variant options.
        house_rules: House rules in force.
        progress: Called as ``progress(games_done, games_total)``.
        chunk_size: Games per unit of work; it never changes the report.
        registry: As for ``simulate``.

    Returns:
        The [`TournamentReport`][unodice.play.arena.TournamentReport].

    Raises:
        InvalidOptions: Fewer agents than seats, a label used twice, bad counts or options.
        UnknownVariant: No such variant or house rule is installed.
        AgentError: An agent raised or chose an illegal move (named, with the game).
        SimulationError: A game failed otherwise, or a worker process died.
        TournamentInterrupted: Interrupted; it holds the report of the games that finished.
    """
    pairs = _labelled(agents)
    labels = [label for label, _ in pairs]
    if len(set(labels)) != len(labels):
        raise InvalidOptions("each agent needs a label of its own")
    if seed is None:
        seed = fresh_seed()
    check_seed(seed)
    factory, local = registries(registry)
    house_rules = (house_rules,) if isinstance(house_rules, str) else tuple(house_rules)
    probe = new_game(variant, players, game_seed(seed, 0), options, house_rules, registry=local)
    table = seatings(len(pairs), probe.players)
    for _, seat in pairs:  # an unknown name is refused before any work
        if seat.kind == "name":
            seat.build(0, probe.variant.name, local, fresh=True)
    check_counts(games, chunk_size)
    total = len(table) * math.ceil(games / len(table))
    chunk_size = check_counts(total, chunk_size)
    spec = _ArenaSpec(
        variant=variant,
        variant_name=probe.variant.name,
        players=probe.players,
        agents=tuple(seat for _, seat in pairs),
        table=table,
        seed=seed,
        options=dict(options or {}),
        house_rules=house_rules,
        registry_factory=factory,
    )

    def report_of(tally: ArenaTally) -> TournamentReport:
        return TournamentReport.from_tally(
            tally,
            labels=labels,
            variant=probe.variant.name,
            players=probe.players,
            seed=seed,
            options=probe.options_json(),
            house_rules=house_rules,
            seatings=len(table),
        )

    try:
        tally = run_work(
            spec,
            total,
            chunk_size=chunk_size,
            executor=executor,
            workers=workers,
            progress=progress,
            registry=registry,
            local_registry=local,
        )
    except WorkInterrupted as stop:
        raise TournamentInterrupted(report_of(stop.counts), total) from None
    return report_of(tally)
