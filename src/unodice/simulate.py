"""Simulation at scale: play very many games between bots and summarise them.

[`simulate`][unodice.simulate.simulate] plays ``games`` games of a variant between named agents
and returns a [`Report`][unodice.stats.Report]: each seat's win rate with a 95% confidence
interval, and the distributions of scores, decisions per game and rounds per match.

How the work is shared out:

* Game ``i`` is seeded by [`game_seed(seed, i)`][unodice.simulate.game_seed] and its agents by
  [`agent_seed(seed, i, seat)`][unodice.simulate.agent_seed]; nothing else. So every game is
  the same however the work is cut, and
  [`simulated_game`][unodice.simulate.simulated_game] replays any single one of them.
* The games are cut into ranges of indices (chunks). Each chunk is played by one worker and
  comes back as a [`Tally`][unodice.stats.Tally] of exact counts; tallies merge associatively
  and commutatively, so the report is identical on one process, many, or a cluster.
* Chunks run in this process (``workers=1``), in local worker processes (the default, one per
  core), or on any `concurrent.futures.Executor` you pass, such as a Dask ``distributed``
  client's ``client.get_executor()`` for a cluster.

Agents are given by name (``"random"``, ``"greedy"``) because worker processes build their own.
Worker processes find variants through the installed plugins (the default registry). A custom
[`Registry`][unodice.registry.Registry] object can only be used in this process (or with a
thread pool); to use custom plugins in worker processes, pass instead a module-level function
that builds the registry, which each worker calls once.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import sys
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures import as_completed as futures_as_completed
from typing import Any, TextIO

import attrs

from unodice._callable import make_module_callable
from unodice.agents import AGENTS, make_agent, play_out
from unodice.errors import InvalidOptions, UnodiceError
from unodice.game import SEED_LIMIT, Game, new_game
from unodice.options import brief
from unodice.registry import Registry
from unodice.stats import Distribution, Report, SeatResult, Tally

__all__ = [
    "Distribution",
    "Report",
    "SeatResult",
    "SimulationError",
    "Tally",
    "add_simulate_command",
    "agent_seed",
    "game_seed",
    "simulate",
    "simulated_game",
]

Progress = Callable[[int, int], None]
"""A progress callback: ``progress(games_done, games_total)``."""

RegistrySource = Registry | Callable[[], Registry]
"""A registry object (this process only) or a module-level function that builds one."""

MAX_CHUNK = 1000
"""The most games in one chunk (one unit of work sent to a worker)."""


class SimulationError(UnodiceError):
    """A simulated game failed; the message names the game's index and seed to replay it."""


# -- seeds -----------------------------------------------------------------------------------------


def _derive(*parts: object) -> int:
    """A 63-bit seed that depends on ``parts`` only, the same on every platform."""
    text = ":".join(str(part) for part in parts).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a simulation seeded with ``seed``."""
    return _derive("game", seed, index)


def agent_seed(seed: int, index: int, seat: int) -> int:
    """The seed of the agent at ``seat`` in game ``index`` of a simulation seeded with ``seed``."""
    return _derive("agent", seed, index, seat)


# -- one game, one chunk -------------------------------------------------------------------------


@attrs.frozen
class _Spec:
    """Everything a worker needs to play any game of a simulation (picklable)."""

    variant: str
    players: int
    agents: tuple[str, ...]
    seed: int
    options: Mapping[str, Any]
    house_rules: tuple[str, ...]
    registry_factory: Callable[[], Registry] | None = None

    def start(self, index: int, registry: Registry | None) -> Game:
        """Start game ``index``, not yet played."""
        return new_game(
            self.variant,
            self.players,
            game_seed(self.seed, index),
            self.options,
            self.house_rules,
            registry=registry,
        )

    def play(self, index: int, registry: Registry | None) -> Game:
        """Play game ``index`` to the end and return it."""
        game = self.start(index, registry)
        agents = [
            make_agent(name, agent_seed(self.seed, index, seat))
            for seat, name in enumerate(self.agents)
        ]
        return play_out(game, agents)


_built_registries: dict[Callable[[], Registry], Registry] = {}
_build_lock = threading.Lock()


def _registry_from(factory: Callable[[], Registry] | None) -> Registry | None:
    """The registry a factory builds, built once per process (``None``: the default one)."""
    if factory is None:
        return None
    with _build_lock:
        registry = _built_registries.get(factory)
        if registry is None:
            registry = _built_registries[factory] = factory()
    return registry


def run_chunk(spec: _Spec, start: int, stop: int, registry: Registry | None = None) -> Tally:
    """Play games ``start`` to ``stop - 1`` of a simulation and tally them.

    This is the unit of work sent to executors; it is a module-level function so that it
    pickles by reference.

    Args:
        spec: What is simulated.
        start: Index of the first game.
        stop: One past the index of the last game.
        registry: A registry to use in this process; ``None`` builds it from the spec's
            factory, or uses the installed plugins.

    Raises:
        SimulationError: A game failed; the message names its index and seed.
    """
    if registry is None:
        registry = _registry_from(spec.registry_factory)
    tally = Tally.empty(spec.players)
    for index in range(start, stop):
        try:
            game = spec.play(index, registry)
        except Exception as error:
            raise SimulationError(
                f"game {index} of {spec.variant} (seed {game_seed(spec.seed, index)}) failed: "
                f"{type(error).__name__}: {error}"
            ) from error
        tally.add(game.scores, game.winners, len(game.moves), game.round)
    return tally


def _chunks(games: int, chunk_size: int) -> Iterator[tuple[int, int]]:
    for start in range(0, games, chunk_size):
        yield start, min(games, start + chunk_size)


def _default_chunk_size(games: int) -> int:
    """About 200 chunks: enough to share among many workers and to show progress."""
    return max(1, min(MAX_CHUNK, math.ceil(games / 200)))


# -- where the chunks run -------------------------------------------------------------------------


def _choose_executor(
    executor: Executor | None, workers: int | None, registry: RegistrySource | None
) -> tuple[Executor | None, bool]:
    """The executor to run chunks on (``None``: this process) and whether we own it."""
    local_registry = isinstance(registry, Registry)
    if executor is not None:
        if workers is not None:
            raise InvalidOptions("give either an executor or a number of workers, not both")
        if local_registry and not isinstance(executor, ThreadPoolExecutor):
            raise InvalidOptions(
                "a Registry object cannot be sent to other processes; pass a module-level "
                "function that builds it, or run in this process (workers=1)"
            )
        return executor, False
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int)
                                or workers < 1):
        raise InvalidOptions(f"workers must be a whole number of at least 1, not {workers!r}")
    if local_registry and workers is not None and workers > 1:
        raise InvalidOptions(
            "a Registry object cannot be sent to worker processes; pass a module-level "
            "function that builds it, or use workers=1"
        )
    count = workers if workers is not None else (1 if local_registry else os.cpu_count() or 1)
    if count == 1:
        return None, False
    return ProcessPoolExecutor(max_workers=count), True


def _run_here(
    spec: _Spec, chunks: list[tuple[int, int]], registry: Registry | None, progress: Progress
) -> Tally:
    total = Tally.empty(spec.players)
    done = 0
    games = chunks[-1][1] if chunks else 0
    for start, stop in chunks:
        total = total.merge(run_chunk(spec, start, stop, registry))
        done += stop - start
        progress(done, games)
    return total


def _run_on(
    executor: Executor,
    spec: _Spec,
    chunks: list[tuple[int, int]],
    registry: Registry | None,
    progress: Progress,
) -> Tally:
    games = chunks[-1][1] if chunks else 0
    futures: list[Future[Tally]] = [
        executor.submit(run_chunk, spec, start, stop, registry) for start, stop in chunks
    ]
    total = Tally.empty(spec.players)
    done = 0
    try:
        # Merged as they finish: the merge is order-independent, so the result is the same.
        for future in futures_as_completed(futures):
            part = future.result()
            total = total.merge(part)
            done += part.games
            progress(done, games)
    except BaseException:
        for future in futures:
            future.cancel()
        raise
    return total


# -- the public entry points ----------------------------------------------------------------------


def _agent_names(agents: str | Sequence[str], players: int) -> tuple[str, ...]:
    """One agent name per seat, cycling through the names given."""
    if isinstance(agents, str):
        names = [name.strip() for name in agents.split(",") if name.strip()]
    elif isinstance(agents, Sequence) and all(isinstance(name, str) for name in agents):
        names = [name.strip() for name in agents]
    else:
        raise InvalidOptions(
            f"agents are given by name ({', '.join(AGENTS)}), as one name, a comma-separated "
            f"list or a list of names, so that worker processes can build them; got {agents!r}"
        )
    if not names:
        raise InvalidOptions("agents: give at least one agent name")
    for name in names:
        if name not in AGENTS:
            raise InvalidOptions(f"unknown agent {name!r}; known agents: {', '.join(AGENTS)}")
    if len(names) > players:
        raise InvalidOptions(f"{len(names)} agents named for {players} seats")
    return tuple(names[seat % len(names)] for seat in range(players))


def _prepare(
    variant: str,
    players: int | None,
    agents: str | Sequence[str],
    seed: int,
    options: Mapping[str, Any] | None,
    house_rules: Sequence[str],
    registry: RegistrySource | None,
) -> tuple[_Spec, Registry | None, Game]:
    """Check everything by starting game 0 here, so that mistakes show before any work."""
    if isinstance(seed, bool) or not isinstance(seed, int) or abs(seed) > SEED_LIMIT:
        raise InvalidOptions(f"seed must be a whole number of at most {SEED_LIMIT.bit_length()} "
                             f"bits, got {brief(seed)}")
    factory = None if registry is None or isinstance(registry, Registry) else registry
    local = registry if isinstance(registry, Registry) else _registry_from(factory)
    house_rules = (house_rules,) if isinstance(house_rules, str) else tuple(house_rules)
    probe = new_game(variant, players, game_seed(seed, 0), options, house_rules, registry=local)
    spec = _Spec(
        variant=variant,
        players=probe.players,
        agents=_agent_names(agents, probe.players),
        seed=seed,
        options=dict(options or {}),
        house_rules=house_rules,
        registry_factory=factory,
    )
    return spec, local, probe


def simulate(
    variant: str,
    games: int,
    players: int | None = None,
    agents: str | Sequence[str] = "random",
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    house_rules: Sequence[str] = (),
    executor: Executor | None = None,
    workers: int | None = None,
    progress: Progress | None = None,
    chunk_size: int | None = None,
    *,
    registry: RegistrySource | None = None,
) -> Report:
    """Play many games between bots and summarise them.

    The same arguments give the same report however the work is run: game ``i`` depends only
    on ``seed`` and ``i``, and the per-chunk counts merge exactly.

    Args:
        variant: The variant's name, or a game string such as ``"coverall(players=3)"``.
        games: How many games to play.
        players: Seats per game (default: the variant's smallest count).
        agents: Agent names, cycled over the seats: ``"random"``, ``"random,greedy"`` or
            ``["greedy", "random", "random"]``.
        seed: The simulation's seed; game ``i`` is seeded by ``game_seed(seed, i)``.
        options: Variant options.
        house_rules: Names of house rules in force.
        executor: Where to run the chunks: any `concurrent.futures.Executor`, such as a
            ``ProcessPoolExecutor`` or a Dask client's ``client.get_executor()``. It is left
            open for you to shut down.
        workers: Without an executor: ``1`` plays every game in this process; ``N`` starts
            ``N`` local worker processes; ``None`` (the default) one per core.
        progress: Called as ``progress(games_done, games_total)`` at the start and after each
            chunk, in this thread.
        chunk_size: Games per unit of work (default: about 1/200 of the games, at most
            1,000). It changes how work is shared, never the report.
        registry: Where to find variants: a [`Registry`][unodice.registry.Registry] (this
            process or a thread pool only), or a module-level function returning one (called
            once in each worker). Default: the installed plugins.

    Returns:
        The [`Report`][unodice.stats.Report].

    Raises:
        InvalidOptions: Bad counts, agents, options, players or executor arguments.
        UnknownVariant: No such variant or house rule is installed.
        SimulationError: A game failed; the message names its index and seed.
    """
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise InvalidOptions(f"games must be a whole number of at least 1, not {games!r}")
    if chunk_size is None:
        chunk_size = _default_chunk_size(games)
    elif isinstance(chunk_size, bool) or not isinstance(chunk_size, int) or chunk_size < 1:
        raise InvalidOptions(f"chunk_size must be a whole number of at least 1, not {chunk_size!r}")
    spec, local_registry, probe = _prepare(
        variant, players, agents, seed, options, house_rules, registry
    )
    runner, owned = _choose_executor(executor, workers, registry)
    chunks = list(_chunks(games, chunk_size))
    report_progress = progress or (lambda done, total: None)
    report_progress(0, games)
    try:
        if runner is None:
            tally = _run_here(spec, chunks, local_registry, report_progress)
        else:
            # Only a thread pool gets a Registry object (it is refused for other executors).
            shared = registry if isinstance(registry, Registry) else None
            tally = _run_on(runner, spec, chunks, shared, report_progress)
    finally:
        if owned and runner is not None:
            runner.shutdown(wait=True, cancel_futures=True)
    return Report.from_tally(
        tally,
        variant=probe.variant.name,
        seed=seed,
        agents=spec.agents,
        options=probe.options_json(),
        house_rules=spec.house_rules,
    )


def simulated_game(
    variant: str,
    index: int,
    players: int | None = None,
    agents: str | Sequence[str] = "random",
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    house_rules: Sequence[str] = (),
    *,
    registry: RegistrySource | None = None,
) -> Game:
    """Play one game of a simulation again, exactly as `simulate` played it.

    Returns the finished game, to look at an odd result or to save its record.

    Args:
        variant: As given to ``simulate``.
        index: The game's index, from 0.
        players: As given to ``simulate``.
        agents: As given to ``simulate``.
        seed: As given to ``simulate``.
        options: As given to ``simulate``.
        house_rules: As given to ``simulate``.
        registry: As given to ``simulate``.
    """
    spec, local_registry, _ = _prepare(
        variant, players, agents, seed, options, house_rules, registry
    )
    return spec.play(index, local_registry)


# -- the command line -----------------------------------------------------------------------------


def add_simulate_command(commands: Any) -> None:
    """Add the ``simulate`` command to the ``unodice`` command line.

    Args:
        commands: The sub-command set (from ``parser.add_subparsers``) to add it to.
    """
    parser = commands.add_parser(
        "simulate",
        help="play many games between bots and summarise them",
        description="Play many games between bots on all cores (or a Dask cluster) and print "
        "win rates per seat with 95%% intervals, and score and game-length distributions. "
        "The same seed gives the same result however many workers are used.",
    )
    parser.add_argument("variant", help="variant name or game string, e.g. 'coverall(players=3)'")
    parser.add_argument("--games", type=int, required=True, metavar="N",
                        help="how many games to play")
    parser.add_argument("--players", type=int, help="seats per game (default: the least allowed)")
    parser.add_argument("--agents", default="random", metavar="NAMES",
                        help=f"agents, comma-separated, cycled over the seats "
                             f"({', '.join(AGENTS)}; default random)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the simulation (default 0)")
    parser.add_argument("--option", action="append", default=[], type=_key_value,
                        metavar="KEY=VALUE", help="a variant option; repeat for more")
    parser.add_argument("--house-rule", action="append", default=[], metavar="NAME",
                        help="a house rule to use; repeat for more")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--workers", type=int, metavar="W",
                       help="local worker processes (default: one per core; 1: no subprocesses)")
    where.add_argument("--scheduler", metavar="ADDRESS",
                       help="run on a Dask cluster, e.g. tcp://host:8786 (needs unodice[dask])")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.set_defaults(run=_run_simulate)


def _key_value(text: str) -> tuple[str, str]:
    key, sep, value = text.partition("=")
    if not sep or not key.strip():
        raise argparse.ArgumentTypeError(f"{text!r} is not KEY=VALUE")
    return key.strip(), value.strip()


def _run_simulate(args: argparse.Namespace, out: TextIO) -> int:
    options = dict(args.option)
    if len(options) != len(args.option):
        raise InvalidOptions("an --option is given twice")
    bar = _ProgressBar(sys.stderr, args.variant) if sys.stderr.isatty() else None
    client = _dask_client(args.scheduler) if args.scheduler else None
    began = time.perf_counter()
    try:
        report = simulate(
            args.variant,
            args.games,
            players=args.players,
            agents=args.agents,
            seed=args.seed,
            options=options,
            house_rules=args.house_rule,
            executor=client.get_executor() if client is not None else None,
            workers=args.workers,
            progress=bar,
        )
    finally:
        if bar is not None:
            bar.close()
        if client is not None:
            client.close()
    elapsed = time.perf_counter() - began
    if args.json:
        print(json.dumps(report.to_json(), indent=2), file=out)
        return 0
    print(report, file=out)
    where = f"on {args.scheduler}" if args.scheduler else _workers_text(args.workers)
    print(f"\n{report.games:,} games in {elapsed:.1f} s "
          f"({report.games / max(elapsed, 1e-9):,.0f} games/s, {where})", file=out)
    return 0


def _workers_text(workers: int | None) -> str:
    if workers == 1:
        return "in one process"
    return f"{workers or os.cpu_count() or 1} worker processes"


def _dask_client(address: str) -> Any:
    """A Dask ``distributed`` client connected to ``address``."""
    try:
        from distributed import Client
    except ImportError:
        raise UnodiceError(
            "--scheduler needs Dask: install the extra with pip install 'unodice[dask]'"
        ) from None
    try:
        return Client(address, timeout="10s")
    except (OSError, TimeoutError) as error:
        raise UnodiceError(f"cannot reach the Dask scheduler at {address}: {error}") from None


class _ProgressBar:
    """A one-line text progress bar, redrawn in place."""

    def __init__(self, stream: TextIO, label: str, width: int = 30):
        self._stream = stream
        self._label = label
        self._width = width
        self._began = time.perf_counter()
        self._drawn = False

    def __call__(self, done: int, total: int) -> None:
        filled = self._width * done // max(total, 1)
        rate = done / max(time.perf_counter() - self._began, 1e-9)
        self._stream.write(
            f"\r{self._label} [{'#' * filled}{'.' * (self._width - filled)}] "
            f"{done:,}/{total:,} games {100 * done // max(total, 1):3d}% {rate:,.0f}/s "
        )
        self._stream.flush()
        self._drawn = True

    def close(self) -> None:
        """End the bar's line."""
        if self._drawn:
            self._stream.write("\n")
            self._stream.flush()


# ``unodice.simulate(...)`` calls `simulate`; the module stays importable by its name.
make_module_callable(__name__, simulate)
