"""Simulation at scale: play very many games between bots and summarise them.

[`simulate`][unodice.play.simulation.simulate] plays ``games`` games of a variant between named
agents
and returns a [`Report`][unodice.play.stats.Report]: each seat's win rate with a 95% confidence
interval, and the distributions of scores, decisions per game and rounds per match.

How the work is shared out:

* Game ``i`` is seeded by [`game_seed(seed, i)`][unodice.play.simulation.game_seed] and its agents
  by
  [`agent_seed(seed, i, seat)`][unodice.play.simulation.agent_seed]; nothing else. So every game is
  the same however the work is cut, and
  [`simulated_game`][unodice.play.simulation.simulated_game] replays any single one of them.
* The games are cut into ranges of indices (chunks). Each chunk is played by one worker and
  comes back as a [`Tally`][unodice.play.stats.Tally] of exact counts; tallies merge associatively
  and commutatively, so the report is identical on one process, many, or a cluster.
* Chunks run in this process (``workers=1``), in local worker processes (the default, one per
  core), or on any `concurrent.futures.Executor` you pass, such as a Dask ``distributed``
  client's ``client.get_executor()`` for a cluster.

Agents are given as agent objects, agent factories, registered names or import paths
(``"path/to/file.py:MyBot"``), in any mix (see [`unodice.play.agents`][unodice.play.agents]).
Each game gets fresh agents: a factory is called with
[`agent_seed(seed, i, seat)`][unodice.play.simulation.agent_seed], a name is built with that seed,
and an agent object is played as a copy of the object as it was given, so that nothing one game
leaves in it reaches the next. What goes to worker processes or a Dask cluster is pickled:
factories and agent objects must be picklable (a class or function defined at the top level of
a module or script is; a ``lambda`` is not, and is refused before any game with a message that
says what to do). An agent given by import path is sent as its path, and loaded again in each
worker. A class defined in the script you run works on
local worker processes and on Dask (which sends what a script defines by value). An agent that
draws random numbers should be given as a factory, so that each game has its own seed.

Worker processes find variants through the installed plugins (the default registry). A custom
[`Registry`][unodice.core.registry.Registry] object can only be used in this process (or with a
thread pool); to use custom plugins in worker processes, pass instead a module-level function
that builds the registry, which each worker calls once.
"""

from __future__ import annotations

import hashlib
import itertools
import math
import os
import pickle
import secrets
import signal
import threading
import time
import warnings
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import (
    FIRST_COMPLETED,
    BrokenExecutor,
    Executor,
    Future,
    ProcessPoolExecutor,
    ThreadPoolExecutor,
)
from concurrent.futures import process as futures_process
from concurrent.futures import wait as futures_wait
from typing import Any, Protocol, TypeGuard, TypeVar

import attrs

from unodice.core._quoting import brief
from unodice.core.capabilities import BatchMatchEngine, MatchEngine
from unodice.core.errors import InvalidOptions, UnodiceError
from unodice.core.game import Game
from unodice.core.registry import Registry, default_registry
from unodice.core.setup import SEED_LIMIT, new_game, parse_game_string
from unodice.core.variant import AnyVariant
from unodice.play.agents import (
    AgentError,
    AgentSpec,
    Seat,
    SignalWatch,
    build_agent,
    derive_seed,
    may_play_natively,
    native_engine,
    play_seats,
    played_natively,
    seat_agents,
)
from unodice.play.stats import Distribution as Distribution  # still importable from here
from unodice.play.stats import Report, Tally
from unodice.play.stats import SeatResult as SeatResult  # still importable from here

__all__ = [
    "MAX_CHUNK",
    "MAX_GAMES",
    "PENDING_PER_WORKER",
    "WORKERS_PER_CORE",
    "Progress",
    "RegistrySource",
    "SimulationError",
    "SimulationInterrupted",
    "agent_seed",
    "fresh_seed",
    "game_seed",
    "max_workers",
    "simulate",
    "simulated_game",
]

Progress = Callable[[int, int], None]
"""A progress callback: ``progress(games_done, games_total)``."""

RegistrySource = Registry | Callable[[], Registry]
"""A registry object (this process only) or a module-level function that builds one."""


class Counts(Protocol):
    """What a chunk of work comes back as: counts that merge associatively."""

    @property
    def games(self) -> int:
        """How many games are counted."""
        ...

    def merge(self, other: Any) -> Any:
        """The counts of both."""
        ...


class Work(Protocol):
    """A picklable description of many games, which any worker can play a range of."""

    def empty(self) -> Counts:
        """The counts of no games."""
        ...

    def run(self, start: int, stop: int, registry: Registry | None) -> Counts:
        """Play games ``start`` to ``stop - 1`` and count them."""
        ...


_C = TypeVar("_C", bound=Counts)

MAX_CHUNK = 1000
"""The most games in one chunk (one unit of work sent to a worker)."""

MAX_GAMES = 10**12
"""The most games one simulation plays (a million million); more is refused.

At the speed of the built-in variants that is decades of work for one core: a bigger number is
almost surely a mistake (such as ``2**70``), and would never finish.
"""

WORKERS_PER_CORE = 2
"""Local worker processes started per core, at most: ``workers`` above that is lowered to it."""

PENDING_PER_WORKER = 4
"""Chunks handed out ahead per worker: more are handed out only as others finish.

So the work waiting in the queue, and the memory it takes, does not grow with ``games``. An
executor whose number of workers is unknown (a Dask client's) gets 256 chunks ahead.
"""

_PENDING_UNSIZED = 256


class SimulationError(UnodiceError):
    """A simulation failed: a game raised, a worker process died, or a cluster is out of reach.

    When a game raised, the message names its index and seed, to play it again with
    [`simulated_game`][unodice.play.simulation.simulated_game].
    """


class SimulationInterrupted(KeyboardInterrupt):
    """`simulate` was interrupted (Ctrl-C, or a signal that raises ``KeyboardInterrupt``).

    By the time it is raised, the worker processes `simulate` started are stopped. It is a
    ``KeyboardInterrupt``, so code that stops on Ctrl-C keeps doing so.

    Attributes:
        report: The report of the games that had finished (``report.games`` of them, maybe
            none). Which games finished depends on timing, so it is a partial view only.
        games: The number of games asked for.
    """

    def __init__(self, report: Report, games: int):
        super().__init__(report, games)
        self.report = report
        self.games = games

    def __str__(self) -> str:
        return f"simulation interrupted after {self.report.games:,} of {self.games:,} games"

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), (self.report, self.games)


# -- seeds -----------------------------------------------------------------------------------------


def fresh_seed() -> int:
    """A new seed for a run given none: 64 bits from the system's source of secure randomness.

    No agent can work it out, nor the seeds of the games derived from it; the report gives
    it, so that the run can be repeated.
    """
    return secrets.randbits(64)


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a simulation seeded with ``seed``."""
    return derive_seed("game", seed, index)


def agent_seed(seed: int, index: int, seat: int) -> int:
    """The seed of the agent at ``seat`` in game ``index`` of a simulation seeded with ``seed``.

    Like [`game_seed`][unodice.play.simulation.game_seed], a one-way function of ``seed`` (BLAKE2b
    under a label of its own): an agent that knows its seed cannot work out the simulation's
    seed from it, nor any game's, unless the simulation's seed is one it can guess.
    """
    return derive_seed("agent", seed, index, seat)


def _seeds_of(seed: int, start: int, stop: int, players: int) -> tuple[list[int], list[int]]:
    """The seeds of games ``start`` to ``stop - 1`` and of their agents, seat by seat.

    The same numbers as [`game_seed`][unodice.play.simulation.game_seed] and
    [`agent_seed`][unodice.play.simulation.agent_seed] (``derive_seed``'s), worked out with
    the text they hash built once per run of games rather than once per seed.
    """
    blake2b = hashlib.blake2b
    from_bytes = int.from_bytes
    game_prefix = f"game:{seed}:".encode()
    agent_prefix = f"agent:{seed}:".encode()
    seats = [f":{seat}".encode() for seat in range(players)]
    games: list[int] = []
    agents: list[int] = []
    for index in range(start, stop):
        number = str(index).encode()
        games.append(from_bytes(blake2b(game_prefix + number, digest_size=8).digest()) >> 1)
        prefix = agent_prefix + number
        agents += [
            from_bytes(blake2b(prefix + seat, digest_size=8).digest()) >> 1 for seat in seats
        ]
    return games, agents


# -- one game, one chunk -------------------------------------------------------------------------


@attrs.frozen
class _Spec:
    """Everything a worker needs to play any game of a simulation (picklable)."""

    variant: str
    players: int
    agents: tuple[Seat, ...]
    seed: int
    options: Mapping[str, Any]
    house_rules: tuple[str, ...]
    registry_factory: Callable[[], Registry] | None = None
    variant_name: str = ""

    def empty(self) -> Tally:
        """The tally of no games."""
        return Tally.empty(self.players)

    def run(self, start: int, stop: int, registry: Registry | None) -> Tally:
        """Play and tally games ``start`` to ``stop - 1`` (see `run_chunk`)."""
        return run_chunk(self, start, stop, registry)

    def games_between_looks(self, registry: Registry | None) -> int:
        """Games played in this process between looks for a stop.

        More when the variant's own engine plays them, in batches.
        """
        engine = match_engine(self, registry)
        return _NATIVE_GAMES if _plays_batches(engine) else _GAMES_BETWEEN_LOOKS

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
        labels = [agent.label for agent in self.agents]
        with SignalWatch() as watch:
            agents = [
                build_agent(
                    game,
                    labels,
                    seat,
                    watch,
                    agent,
                    agent_seed(self.seed, index, seat),
                    registry,
                    fresh=True,
                )
                for seat, agent in enumerate(self.agents)
            ]
            return play_seats(game, agents, labels, watch=watch)


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
        AgentError: An agent failed; the message names it, its seat, the game's index and
            seed, and the decision.
        SimulationError: A game failed; the message names its index and seed.
    """
    if registry is None:
        registry = _registry_from(spec.registry_factory)
    tally = Tally.empty(spec.players)
    engine = match_engine(spec, registry)
    if _plays_batches(engine) and _played_in_batch(spec, engine, start, stop, tally):
        return tally
    for index in range(start, stop):
        try:
            if engine is not None:
                seeds = [agent_seed(spec.seed, index, seat) for seat in range(spec.players)]
                match = engine.play(game_seed(spec.seed, index), seeds)
                tally.add(match.scores, match.winners, match.decisions, match.rounds)
                continue
            game = spec.play(index, registry)
        except AgentError as error:
            raise error.in_game(index) from None
        except Exception as error:
            raise SimulationError(
                _one_line(
                    f"game {index} of {spec.variant} (seed {game_seed(spec.seed, index)}) failed: "
                    f"{type(error).__name__}: {error}"
                )
            ) from error
        tally.add(game.scores, game.winners, len(game.moves), game.round)
    return tally


_batch_types: dict[type, bool] = {}
"""Whether engines of a type play batches (``BatchMatchEngine``), found once per type."""


def _plays_batches(engine: MatchEngine | None) -> TypeGuard[BatchMatchEngine]:
    """Whether ``engine`` plays many matches in one call (the protocol's check, kept per type)."""
    if engine is None:
        return False
    kind = type(engine)
    batches = _batch_types.get(kind)
    if batches is None:
        batches = _batch_types[kind] = isinstance(engine, BatchMatchEngine)
    return batches


def _played_in_batch(
    spec: _Spec, engine: BatchMatchEngine, start: int, stop: int, tally: Tally
) -> bool:
    """Play games ``start`` to ``stop - 1`` in one batch of the engine and tally them.

    ``False`` when the batch failed, with nothing tallied: the games are then played one by
    one, so that the game that fails is named as it is on the Python path.
    """
    games, agents = _seeds_of(spec.seed, start, stop, spec.players)
    try:
        batch = engine.play_many(games, agents)
    except Exception:
        return False
    tally.add_many(batch.scores, batch.winners, batch.decisions, batch.rounds)
    return True


def match_engine(spec: _Spec, registry: Registry | None) -> MatchEngine | None:
    """The variant's own engine for the simulation's games, or ``None`` to play them in Python.

    Asked of a variant with the [`Matches`][unodice.core.capabilities.Matches] capability, when
    every seat is an agent given by its registered name and no house rule is on (see
    [`native_engine`][unodice.play.agents.native_engine]); the engine plays the same matches,
    so the report is the same either way, only sooner.
    """
    if spec.house_rules or any(seat.kind != "name" for seat in spec.agents):
        return None
    cached = _last_engine.get("spec")
    if cached is not None and cached[0] is spec and cached[1] is registry:
        return cached[2]
    engine = _new_match_engine(spec, registry)
    _last_engine["spec"] = (spec, registry, engine)
    return engine


_last_engine: dict[str, tuple[_Spec, Registry | None, MatchEngine | None]] = {}
"""The engine of the spec last asked about: a run in one process asks again every few games."""

_probe: dict[str, tuple[_Spec, Registry | None, Game]] = {}
"""Game 0 of the run last prepared here, to find its engine without starting that game again."""


def _start_probed(spec: _Spec) -> Callable[[int, Registry | None], Game]:
    """``spec.start``, but game 0 of the run last prepared here is the game already started."""

    def start(index: int, registry: Registry | None) -> Game:
        probe = _probe.get("spec")
        if index == 0 and probe is not None and probe[0] is spec and probe[1] is registry:
            return probe[2]
        return spec.start(index, registry)

    return start


def _new_match_engine(spec: _Spec, registry: Registry | None) -> MatchEngine | None:
    variant = native_variant(
        spec.variant_name or spec.variant,
        spec.agents,
        spec.house_rules,
        registry,
        _start_probed(spec),
    )
    if variant is None:
        return None
    return native_engine(variant, spec.agents, spec.house_rules, registry)


def native_variant(
    variant: str,
    seats: Sequence[Seat],
    house_rules: Sequence[str],
    registry: Registry | None,
    start: Callable[[int, Registry | None], Game],
) -> AnyVariant | None:
    """The variant to ask for a native engine (see `native_engine`), or ``None`` when none may play.

    Asked of the class first: starting a game (``start(0, registry)``) of a variant that has no
    engine to offer would be a game the run did not ask for.
    """
    name = parse_game_string(variant)[0]
    variant_class = (registry or default_registry()).variant(name).variant_class
    if not may_play_natively(variant_class, seats, house_rules):
        return None
    return start(0, registry).variant


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _sent_chunk(spec: Work, start: int, stop: int, registry: Registry | None) -> Counts:
    """A chunk of work as sent to an executor: whatever it raises can be sent back.

    An exception that does not survive pickling would break the process pool ("terminated
    abruptly") instead of reaching the caller; it is replaced by a `SimulationError` naming it.
    """
    try:
        return spec.run(start, stop, registry)
    except Exception as error:
        try:
            pickle.loads(pickle.dumps(error))
        except Exception:
            raise SimulationError(
                _one_line(
                    f"games {start} to {stop - 1} of {getattr(spec, 'variant', '?')} failed in a "
                    f"worker with "
                    f"{type(error).__name__}: {error} (an error that cannot be sent back from "
                    f"a worker; run with workers=1 to see it where it happens)"
                )
            ) from None
        raise


def _chunks(games: int, chunk_size: int) -> Iterator[tuple[int, int]]:
    for start in range(0, games, chunk_size):
        yield start, min(games, start + chunk_size)


def _default_chunk_size(games: int) -> int:
    """About 200 chunks: enough to share among many workers and to show progress."""
    return max(1, min(MAX_CHUNK, math.ceil(games / 200)))


# -- local worker processes -----------------------------------------------------------------------


def _cores() -> int:
    """The number of cores this process may run on."""
    count = getattr(os, "process_cpu_count", None)  # Python 3.13 and later
    if count is not None:
        return count() or 1
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def max_workers() -> int:
    """The most local worker processes `simulate` starts: `WORKERS_PER_CORE` per core.

    Asking for more starts this many, with a warning: more processes than that compete for the
    same cores and only use memory.
    """
    return WORKERS_PER_CORE * _cores()


def _worker_started() -> None:
    """Set up a local worker process so that the process that started it decides when it ends.

    Ctrl-C reaches every process of the terminal's job: the workers ignore it and are stopped
    by the caller instead. ``terminate()`` ends a worker at once, whatever handler it inherited.
    And a worker whose caller has gone away (killed outright) ends on its own within a second.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    watcher = threading.Thread(
        target=_end_with_parent, args=(os.getppid(),), name="unodice-parent-watch", daemon=True
    )
    watcher.start()


def _end_with_parent(parent: int) -> None:
    while True:
        time.sleep(1.0)
        if os.getppid() != parent:
            os._exit(1)


def _describe_exit(code: int) -> str:
    if code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = f"signal {-code}"
        return f"was killed by {name}"
    return f"exited with status {code}"


class _LocalPool:
    """The worker processes one simulation starts; whatever happens, they are gone at the end.

    ``ProcessPoolExecutor.shutdown`` cancels the chunks not yet started but lets running ones
    finish (possibly never), so stopping also terminates the processes, then kills any that
    have not ended a few seconds later.
    """

    def __init__(self, count: int):
        self.executor = ProcessPoolExecutor(max_workers=count, initializer=_worker_started)
        self.processes = _processes_of(self.executor)

    def close(self) -> None:
        """All the work is done: let the workers end normally."""
        self.executor.shutdown(wait=True)

    def stop(self) -> None:
        """Stop now: cancel what has not started, end the workers, wait until they are gone."""
        workers = list(self.processes.values())
        manager = getattr(self.executor, "_executor_manager_thread", None)
        self.executor.shutdown(wait=False, cancel_futures=True)
        for worker in workers:
            _signal_worker(worker, "terminate")
        for worker in workers:
            worker.join(5)
            if worker.exitcode is None:
                _signal_worker(worker, "kill")
                worker.join(5)
        # The pool's own thread sees the workers end and closes its pipes. Wait for it: if it
        # were still closing them when the interpreter exits, the pool's exit hook could write
        # to a closed pipe and print a spurious "Bad file descriptor" error.
        if isinstance(manager, threading.Thread):
            manager.join(10)


def _processes_of(executor: Executor) -> dict[int, Any]:
    """The live map of a process pool's worker processes by pid (filled in as they start)."""
    processes = getattr(executor, "_processes", None)
    return processes if isinstance(processes, dict) else {}


def _signal_worker(worker: Any, how: str) -> None:
    try:
        if worker.exitcode is None:
            getattr(worker, how)()
    except (OSError, ValueError):  # already ended, or already closed
        pass


def _broken(error: BrokenExecutor, processes: Mapping[int, Any]) -> SimulationError:
    """A broken pool (a worker died) as a `SimulationError` that says which and how to look."""
    died: list[tuple[int, int]] = []
    for pid, worker in list(processes.items()):
        try:
            code = worker.exitcode
        except ValueError:  # closed
            continue
        if code:
            died.append((pid, code))
    # The pool terminates the other workers once one has died: name the one that died first.
    died.sort(key=lambda death: death[1] == -signal.SIGTERM)
    if died:
        pid, code = died[0]
        what = f"worker process {pid} {_describe_exit(code)}"
    else:
        cause = error.__cause__
        last = str(cause).strip().splitlines()[-1:] if cause is not None else []
        what = f"a worker process ended abruptly ({last[0].strip() if last else error})"
    return SimulationError(
        _one_line(
            f"{what} while it was playing games, so the simulation stopped; to see why, run it "
            f"in this process (workers=1, or --workers 1 on the command line) or look for the "
            f"process in the system's log (the out-of-memory killer names the processes it kills)"
        )
    )


# -- stopping on a signal ------------------------------------------------------------------------

STOP_POLL = 0.1
"""Seconds between looks for a stop asked for by a signal, while the workers play."""

_GAMES_BETWEEN_LOOKS = 8
"""Games played in this process (``workers=1``) between looks for a stop asked for."""

_NATIVE_GAMES = 64
"""Games a variant's own engine plays in one batch, at most, between looks for a stop: a few
milliseconds of work. A chunk of games played so is this many games at least, by default."""

_stop_asked = False


def ask_to_stop() -> None:
    """Ask the run in this process to stop, from a signal handler; safe anywhere.

    A signal handler runs between any two steps of the main thread, even inside the hooks that
    run around a fork, where an exception it raises is printed and dropped. So the command
    line's handler does not raise: it calls this, which only sets a flag, and the run raises
    ``KeyboardInterrupt`` itself at its next look (every `STOP_POLL` seconds while workers
    play, every few games in this process), then stops its workers as for Ctrl-C.
    """
    global _stop_asked
    _stop_asked = True


def stop_asked() -> bool:
    """Whether a stop was asked for (by `ask_to_stop`) and not yet cleared."""
    return _stop_asked


def clear_stop() -> None:
    """Forget a stop asked for: the next run plays until it is asked again."""
    global _stop_asked
    _stop_asked = False


def _act_on_stop() -> None:
    if _stop_asked:
        raise KeyboardInterrupt


# -- where the chunks run -------------------------------------------------------------------------


def _choose_executor(
    executor: Executor | None, workers: int | None, registry: RegistrySource | None
) -> tuple[Executor | None, _LocalPool | None]:
    """The executor to run chunks on (``None``: this process), and the pool if we start it."""
    local_registry = isinstance(registry, Registry)
    if executor is not None:
        if workers is not None:
            raise InvalidOptions("give either an executor or a number of workers, not both")
        if local_registry and not isinstance(executor, ThreadPoolExecutor):
            raise InvalidOptions(
                "a Registry object cannot be sent to other processes; pass a module-level "
                "function that builds it, or run in this process (workers=1)"
            )
        return executor, None
    if workers is not None and (
        isinstance(workers, bool) or not isinstance(workers, int) or workers < 1
    ):
        raise InvalidOptions(f"workers must be a whole number of at least 1, not {workers!r}")
    if local_registry and workers is not None and workers > 1:
        raise InvalidOptions(
            "a Registry object cannot be sent to worker processes; pass a module-level "
            "function that builds it, or use workers=1"
        )
    count = workers if workers is not None else (1 if local_registry else _cores())
    limit = max_workers()
    if count > limit:
        warnings.warn(_too_many_workers(count), RuntimeWarning, stacklevel=3)
        count = limit
    if count == 1:
        return None, None
    pool = _LocalPool(count)
    return pool.executor, pool


def _too_many_workers(count: int) -> str:
    return (
        f"{count} worker processes asked for, more than this machine can use: starting "
        f"{max_workers()} ({WORKERS_PER_CORE} per core, {_cores()} cores)"
    )


def _pending_limit(executor: Executor) -> int:
    """How many chunks to hand ``executor`` ahead (`PENDING_PER_WORKER` per worker)."""
    size = getattr(executor, "_max_workers", None)
    if isinstance(size, int) and not isinstance(size, bool) and size > 0:
        return PENDING_PER_WORKER * size
    return _PENDING_UNSIZED


class _Run:
    """The chunks of one run of work and what has come back of them so far."""

    def __init__(self, spec: Work, games: int, chunk_size: int, progress: Progress):
        self.spec = spec
        self.games = games
        self.chunk_size = chunk_size
        self.progress = progress
        self.tally: Any = spec.empty()

    def _add(self, part: Counts) -> None:
        # Merged as they finish: the merge is order-independent, so the result is the same.
        self.tally = self.tally.merge(part)
        self.progress(self.tally.games, self.games)

    def here(self, registry: Registry | None) -> None:
        """Play every chunk in this process, one after another.

        A chunk is played a few games at a time, so that a stop asked for by a signal is seen
        within a few games; the parts merge into exactly the chunk's counts.
        """
        looks = getattr(self.spec, "games_between_looks", None)
        between = _GAMES_BETWEEN_LOOKS if looks is None else looks(registry)
        for start, stop in _chunks(self.games, self.chunk_size):
            chunk: Counts | None = None
            try:
                for part_start, part_stop in _chunks(stop - start, between):
                    _act_on_stop()
                    part = self.spec.run(start + part_start, start + part_stop, registry)
                    chunk = part if chunk is None else chunk.merge(part)
            except KeyboardInterrupt:
                if chunk is not None:  # the games that finished still count
                    self.tally = self.tally.merge(chunk)
                raise
            assert chunk is not None  # a chunk has a game at least
            self._add(chunk)

    def on(self, executor: Executor, registry: Registry | None) -> None:
        """Play the chunks on ``executor``, a few ahead per worker, refilled as they finish."""
        chunks = _chunks(self.games, self.chunk_size)
        limit = _pending_limit(executor)
        pending: set[Future[Counts]] = set()
        try:
            while True:
                _act_on_stop()
                for start, stop in itertools.islice(chunks, limit - len(pending)):
                    pending.add(executor.submit(_sent_chunk, self.spec, start, stop, registry))
                if not pending:
                    return
                finished, pending = futures_wait(
                    pending, timeout=STOP_POLL, return_when=FIRST_COMPLETED
                )
                for future in finished:
                    self._add(future.result())
                _act_on_stop()
        except BaseException:
            for future in pending:
                future.cancel()
            raise


class WorkInterrupted(KeyboardInterrupt):
    """`run_work` was interrupted; ``counts`` holds what the finished chunks counted."""

    def __init__(self, counts: Any):
        super().__init__(counts)
        self.counts = counts


def run_work(
    spec: Work,
    games: int,
    *,
    chunk_size: int,
    executor: Executor | None,
    workers: int | None,
    progress: Progress | None,
    registry: RegistrySource | None,
    local_registry: Registry | None,
) -> Any:
    """Play ``games`` games of ``spec`` in chunks, where asked, and return the merged counts.

    The simulation and the arena share it: it chooses the executor, starts and always stops
    the local worker processes, and hands out the chunks a few at a time.

    Raises:
        WorkInterrupted: Interrupted; the worker processes are stopped.
        SimulationError: A worker process died.
    """
    runner, pool = _choose_executor(executor, workers, registry)
    run = _Run(spec, games, chunk_size, progress or (lambda done, total: None))
    processes = pool.processes if pool is not None else _processes_of(runner) if runner else {}
    try:
        if pool is not None or isinstance(runner, futures_process.ProcessPoolExecutor):
            check_sendable(spec)  # what the pool's own thread would fail to pickle
        run.progress(0, games)
        if runner is None:
            run.here(local_registry)
        else:
            # Only a thread pool gets a Registry object (it is refused for other executors).
            run.on(runner, registry if isinstance(registry, Registry) else None)
    except KeyboardInterrupt:
        if pool is not None:
            pool.stop()
        raise WorkInterrupted(run.tally) from None
    except BrokenExecutor as error:
        if pool is not None:
            pool.stop()  # after it, every worker's exit status is known
        if stop_asked():  # a signal to the whole job ended a worker before it could ignore it
            raise WorkInterrupted(run.tally) from None
        raise _broken(error, processes) from None
    except BaseException:
        if pool is not None:
            pool.stop()
        raise
    if pool is not None:
        try:
            pool.close()
        except BaseException:
            pool.stop()
            raise
    return run.tally


def check_sendable(spec: Work) -> None:
    """Refuse, before any game, work that worker processes could not be sent.

    A process pool pickles what it sends; an agent that does not pickle (a ``lambda``, a
    function or class defined inside a function) would otherwise fail in the pool's own
    thread.

    Raises:
        InvalidOptions: Something in ``spec`` does not pickle; the message names the agent when
            it is one, and what to do instead.
    """
    try:
        pickle.dumps(spec)
    except Exception as error:
        what = "the work"
        for seat in getattr(spec, "agents", ()):
            try:
                pickle.dumps(seat)
            except Exception:
                what = f"agent {seat.label}"
                break
        raise InvalidOptions(
            _one_line(
                f"{what} cannot be sent to worker processes ({type(error).__name__}: {error}); "
                "define it at the top level of a module, give it by import path "
                "('module:Name' or 'path/to/file.py:Name'), or play in this process with "
                "workers=1 (--workers 1 on the command line)"
            )
        ) from None


def check_counts(games: int, chunk_size: int | None) -> int:
    """Check ``games`` and ``chunk_size``; return the chunk size to use.

    Raises:
        InvalidOptions: Either is not a whole number in range.
    """
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise InvalidOptions(f"games must be a whole number of at least 1, not {games!r}")
    if games > MAX_GAMES:
        raise InvalidOptions(
            f"games must be at most {MAX_GAMES:,} (a million million), "
            f"not {games:,}; run several simulations with different seeds"
        )
    if chunk_size is None:
        return _default_chunk_size(games)
    if isinstance(chunk_size, bool) or not isinstance(chunk_size, int) or chunk_size < 1:
        raise InvalidOptions(f"chunk_size must be a whole number of at least 1, not {chunk_size!r}")
    return chunk_size


def check_seed(seed: int) -> None:
    """Refuse a seed that is not a whole number of at most 256 bits."""
    if isinstance(seed, bool) or not isinstance(seed, int) or abs(seed) > SEED_LIMIT:
        raise InvalidOptions(
            f"seed must be a whole number of at most {SEED_LIMIT.bit_length()} "
            f"bits, got {brief(seed)}"
        )


def registries(
    registry: RegistrySource | None,
) -> tuple[Callable[[], Registry] | None, Registry | None]:
    """The factory to send to workers and the registry to use here, from ``registry``."""
    factory = None if registry is None or isinstance(registry, Registry) else registry
    local = registry if isinstance(registry, Registry) else _registry_from(factory)
    return factory, local


# -- the public entry points ----------------------------------------------------------------------


def _prepare(
    variant: str,
    players: int | None,
    agents: AgentSpec | Sequence[AgentSpec],
    seed: int,
    options: Mapping[str, Any] | None,
    house_rules: Sequence[str],
    registry: RegistrySource | None,
) -> tuple[_Spec, Registry | None, Game]:
    """Check everything by starting game 0 here, so that mistakes show before any work."""
    check_seed(seed)
    factory, local = registries(registry)
    house_rules = (house_rules,) if isinstance(house_rules, str) else tuple(house_rules)
    probe = new_game(variant, players, game_seed(seed, 0), options, house_rules, registry=local)
    spec = _Spec(
        variant=variant,
        players=probe.players,
        agents=seat_agents(agents, probe.players),
        seed=seed,
        options=dict(options or {}),
        house_rules=house_rules,
        registry_factory=factory,
        variant_name=probe.variant.name,
    )
    for seat in spec.agents:  # an unknown name is refused before any work
        if seat.kind == "name":
            seat.build(0, probe.variant.name, local, fresh=True)
    return spec, local, probe


@attrs.frozen
class _Setup:
    """What a run's checks found that does not depend on its seed, kept for the next run."""

    key: tuple[Any, ...]
    registry: RegistrySource | None
    default: Registry | None
    spec: _Spec
    local: Registry | None
    options_json: Mapping[str, Any]
    engine: MatchEngine | None


_setups: dict[str, _Setup] = {}
"""The setup of the last run here whose agents are all names: a run of the same setup (only
its seed changes) then skips the checks and the probe game, which would find the same."""

_PLAIN = (str, int, float, bool, type(None))
"""Option values a kept setup may be keyed by (values that cannot change under it)."""


def _setup_key(
    variant: str,
    players: int | None,
    agents: AgentSpec | Sequence[AgentSpec],
    options: Mapping[str, Any] | None,
    house_rules: Sequence[str],
) -> tuple[Any, ...] | None:
    """The key of a setup that may be kept, or ``None``: agents by name, plain options."""
    if isinstance(agents, str):
        names: tuple[str, ...] = (agents,)
    elif isinstance(agents, list | tuple) and all(isinstance(agent, str) for agent in agents):
        names = tuple(agents)
    else:
        return None
    if options is None:
        pairs: tuple[tuple[str, type, Any], ...] = ()
    elif isinstance(options, dict) and all(
        isinstance(key, str) and type(value) in _PLAIN for key, value in options.items()
    ):
        pairs = tuple((key, type(value), value) for key, value in sorted(options.items()))
    else:
        return None
    if isinstance(house_rules, str):
        rules: tuple[str, ...] = (house_rules,)
    elif isinstance(house_rules, list | tuple) and all(
        isinstance(rule, str) for rule in house_rules
    ):
        rules = tuple(house_rules)
    else:
        return None
    if not isinstance(variant, str) or not (players is None or type(players) is int):
        return None  # (a bool is not a count of players)
    return (variant, players, names, pairs, rules)


def _prepare_kept(
    variant: str,
    players: int | None,
    agents: AgentSpec | Sequence[AgentSpec],
    seed: int,
    options: Mapping[str, Any] | None,
    house_rules: Sequence[str],
    registry: RegistrySource | None,
) -> tuple[_Spec, Registry | None, Mapping[str, Any]]:
    """`_prepare` for `simulate`, with the options as the report gives them.

    A run whose setup is the last one's but for the seed (agents by name, plain options, the
    same registry) skips the probe game: everything it would check was checked then, and what
    the run needs of it does not depend on the seed. Otherwise game 0 is started as
    `_prepare` starts it, and kept for the run to find its engine.
    """
    check_seed(seed)
    key = _setup_key(variant, players, agents, options, house_rules)
    kept = _setups.get("last")
    default = default_registry() if registry is None else None
    if (
        key is not None
        and kept is not None
        and kept.key == key
        and kept.registry is registry
        and kept.default is default
    ):
        spec = attrs.evolve(kept.spec, seed=seed)
        _last_engine["spec"] = (spec, kept.local, kept.engine)
        return spec, kept.local, kept.options_json
    spec, local, probe = _prepare(variant, players, agents, seed, options, house_rules, registry)
    _probe["spec"] = (spec, local, probe)
    options_json = probe.options_json()
    if key is not None:
        _setups["last"] = _Setup(
            key, registry, default, spec, local, options_json, match_engine(spec, local)
        )
    return spec, local, options_json


def simulate(
    variant: str,
    games: int,
    players: int | None = None,
    agents: AgentSpec | Sequence[AgentSpec] = "random",
    seed: int | None = None,
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
        games: How many games to play, at most `MAX_GAMES`.
        players: Seats per game (default: the variant's smallest count).
        agents: The agents, cycled over the seats: registered names (``"random"``,
            ``"random,greedy"``), agent factories (``MyBot``, called as ``MyBot(seed)`` for
            each game) or agent objects (each game plays a fresh copy), alone or in a list in
            any mix: ``[MyBot, "greedy", "random"]``. What runs in worker processes must be
            picklable (see [`unodice.play.simulation`][unodice.play.simulation]).
        seed: The simulation's seed; game ``i`` is seeded by ``game_seed(seed, i)``. ``None``
            (the default) draws a fresh one at random (see
            [`fresh_seed`][unodice.play.simulation.fresh_seed]), which no agent can work out; the
            report's ``seed`` gives it, to run the same games again. Whoever knows a seed
            knows every die of every game: a bot given a small seed by hand could find it.
        options: Variant options.
        house_rules: Names of house rules in force.
        executor: Where to run the chunks: any `concurrent.futures.Executor`, such as a
            ``ProcessPoolExecutor`` or a Dask client's ``client.get_executor()``. It is left
            open for you to shut down (on an error or an interrupt, the chunks not yet started
            are cancelled; those running finish there).
        workers: Without an executor: ``1`` plays every game in this process; ``N`` starts
            ``N`` local worker processes (at most
            [`max_workers()`][unodice.play.simulation.max_workers],
            with a ``RuntimeWarning`` if more are asked for); ``None`` (the default) one per
            core. They are always stopped when `simulate` returns or raises.
        progress: Called as ``progress(games_done, games_total)`` at the start and after each
            chunk, in this thread.
        chunk_size: Games per unit of work (default: about 1/200 of the games, at most
            1,000, and at least 64 when the variant's own engine plays them). It changes how
            work is shared, never the report.
        registry: Where to find variants: a [`Registry`][unodice.core.registry.Registry] (this
            process or a thread pool only), or a module-level function returning one (called
            once in each worker). Default: the installed plugins.

    Returns:
        The [`Report`][unodice.play.stats.Report].

    Raises:
        InvalidOptions: Bad counts (``games`` above `MAX_GAMES`, say), agents, options,
            players or executor arguments.
        UnknownVariant: No such variant or house rule is installed.
        PluginError: A plugin failed to load in a worker process.
        AgentError: An agent raised or chose an illegal move (the message names the agent, its
            seat, the game's index and seed, and the decision).
        SimulationError: A game failed (the message names its index and seed), or a worker
            process died (the message says how it ended and how to find out why).
        SimulationInterrupted: Interrupted (``KeyboardInterrupt``): the worker processes are
            stopped, and the exception holds the report of the games that finished.
    """
    given_chunk_size = chunk_size
    chunk_size = check_counts(games, chunk_size)
    if seed is None:
        seed = fresh_seed()
    spec, local_registry, options_json = _prepare_kept(
        variant, players, agents, seed, options, house_rules, registry
    )
    if given_chunk_size is None and _plays_batches(match_engine(spec, local_registry)):
        chunk_size = max(chunk_size, _NATIVE_GAMES)  # batches of a few milliseconds

    def report_of(tally: Tally) -> Report:
        return Report.from_tally(
            tally,
            variant=spec.variant_name,
            seed=seed,
            agents=[agent.label for agent in spec.agents],
            options=options_json,
            house_rules=spec.house_rules,
        )

    try:
        tally = run_work(
            spec,
            games,
            chunk_size=chunk_size,
            executor=executor,
            workers=workers,
            progress=progress,
            registry=registry,
            local_registry=local_registry,
        )
    except WorkInterrupted as stop:
        raise SimulationInterrupted(report_of(stop.counts), games) from None
    return report_of(tally)


def simulated_game(
    variant: str,
    index: int,
    players: int | None = None,
    agents: AgentSpec | Sequence[AgentSpec] = "random",
    seed: int | None = None,
    options: Mapping[str, Any] | None = None,
    house_rules: Sequence[str] = (),
    *,
    registry: RegistrySource | None = None,
) -> Game:
    """Play one game of a simulation again, exactly as `simulate` played it.

    Returns the finished game, to look at an odd result or to save its record. When
    `simulate` would play it natively, the native engine plays it and the game returned is
    played through its choices (see [`played_natively`][unodice.play.agents.played_natively]).

    Args:
        variant: As given to ``simulate``.
        index: The game's index, from 0.
        players: As given to ``simulate``.
        agents: As given to ``simulate``.
        seed: The simulation's seed, as its report gives it (``report.seed``); required.
        options: As given to ``simulate``.
        house_rules: As given to ``simulate``.
        registry: As given to ``simulate``.

    Raises:
        InvalidOptions: No seed given (a simulation given none drew its own: its report
            gives it).
    """
    if seed is None:
        raise InvalidOptions(
            "give the simulation's seed: one run without a seed drew its own, which its "
            "report gives (report.seed)"
        )
    spec, local_registry, _ = _prepare(
        variant, players, agents, seed, options, house_rules, registry
    )
    if match_engine(spec, local_registry) is not None:
        game = spec.start(index, local_registry)
        seeds = [agent_seed(seed, index, seat) for seat in range(spec.players)]
        if played_natively(game, spec.agents, seeds, local_registry):
            return game
    return spec.play(index, local_registry)
