"""Benchmark every installed unodice variant with random agents, through the public API.

Run ``python benchmarks/bench.py`` (see benchmarks/README.md). Per variant it measures:

* decisions/s and games/s: whole games where each decision is ``game.legal_moves()``, the
  agent's ``choose(game.view(seat), moves)`` and ``game.play(move)``;
* copies/s: ``game.copy()``, ``game.copy(history=False)`` (a search's copy) and
  ``game.determinize(seat, rng)`` of positions taken from such games;
* instructions per decision, counted by callgrind where valgrind is installed;
* records/s: ``game.record()`` to JSON text and back through ``unodice.replay``;
* memory of 10,000 live games stopped mid-game (tracemalloc);
* ``simulate`` with 1 worker and with W worker processes (the speed-up ratio);

and, when ``rlcard`` is importable, RLCard's UNO engine in the same run for a side-by-side
decisions/s ratio. Every speed is the median of several repeats of the same work. ``--soak``
instead plays one million decisions per variant in one process and prints memory samples.

Both builds are measured, each in a process of its own (``--builds``): the installed one run
as pure Python (with ``UNODICE_PURE=1``), and, where it has them, with its native modules.
"""

from __future__ import annotations

import argparse
import functools
import gc
import json
import math
import os
import platform
import random
import re
import shutil
import statistics
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import unodice
from unodice._version import NATIVE, PURE
from unodice.core.errors import UnodiceError
from unodice.core.game import Game
from unodice.core.hooks import hookimpl
from unodice.core.moves import WordMove
from unodice.core.registry import Registrar, Registry
from unodice.core.variant import NoOptions, State, Table, Variant
from unodice.play.agents import RandomAgent
from unodice.play.simulation import simulate

BUILDS = {"pure": PURE, "native": NATIVE}
"""The builds ``--builds`` names, and what ``unodice.build_kind()`` says of each."""

HOW_COMPARED = (
    "Compared side by side in one process: both engines play whole 2-player games (unless "
    "--players says otherwise for unodice) choosing uniformly at random among the legal moves, "
    "with fixed seeds. Each repeat of a variant is followed at once by a repeat of RLCard, so "
    "both meet the same load, and 'vs RLCard' is the median of those paired ratios, with the "
    "lowest and highest pair beside it (RLCard's row is the median of all its repeats). "
    "unodice is driven through its "
    "public API (new_game, legal_moves, view, RandomAgent.choose, play); RLCard through "
    "rlcard.games.uno.game.UnoGame (init_game, get_legal_actions, step), with no environment "
    "layer."
)


# -- playing -------------------------------------------------------------------------------------


SIMULATE_SECONDS = 0.25
"""The least time one repeat of the ``simulate`` figure plays for."""

NATIVE_GAMES = unodice.build_kind() == NATIVE
"""Whether games are made on the native engines (``new_game(..., native=True)``): in the native
build, for every variant that offers them."""


@functools.cache
def native_games(variant: str) -> bool:
    """Whether this build plays ``variant``'s games on a native engine."""
    if not NATIVE_GAMES:
        return False
    try:
        unodice.new_game(variant, None, 0, native=True)
    except UnodiceError:
        return False  # a variant with no native games (a plugin's): its Python game
    return True


def new_game(variant: str, players: int | None, seed: int) -> Game:
    """A fresh game: on the native engine in the native build, where the variant has one."""
    if native_games(variant):
        return unodice.new_game(variant, players, seed, native=True)
    return unodice.new_game(variant, players, seed)


def new_random_game(variant: str, players: int | None, seed: int) -> tuple[Game, list[Any]]:
    """A fresh game and one seeded random agent per seat."""
    game = new_game(variant, players, seed)
    agents = [RandomAgent(seed * 64 + seat) for seat in range(game.players)]
    return game, agents


def advance(game: Game, agents: Sequence[Any], decisions: int | None = None) -> int:
    """Play random decisions through the public API (all of them, or at most ``decisions``)."""
    played = 0
    while (seat := game.to_act) is not None and (decisions is None or played < decisions):
        moves = game.legal_moves()
        game.play(agents[seat].choose(game.view(seat), moves))
        played += 1
    return played


def play_games(variant: str, players: int | None, decisions_wanted: int) -> tuple[int, int]:
    """Play whole games, seeds 0, 1, 2 …, until at least ``decisions_wanted`` decisions."""
    decisions = games = 0
    while decisions < decisions_wanted:
        game, agents = new_random_game(variant, players, games)
        decisions += advance(game, agents)
        games += 1
    return decisions, games


def simulate_games(variant: str, players: int | None, games: int) -> tuple[int, int]:
    """``simulate`` of ``games`` games between random agents in one process: decisions, games.

    Whole matches between built-in agents are what a variant's native engine plays
    (the ``Matches`` capability), so in the native build this is that engine's speed, and in
    the others the Python engine's through the same call.
    """
    report = simulate(variant, games, players=players, agents="random", seed=0, workers=1)
    return report.decisions.total, games


def play_rlcard(players: int, decisions_wanted: int) -> tuple[int, int]:
    """The same loop on RLCard's UNO engine: random legal actions, no environment layer."""
    from rlcard.games.uno.game import UnoGame

    decisions = games = 0
    while decisions < decisions_wanted:
        game = UnoGame(num_players=players)
        game.np_random.seed(games)
        choice = random.Random(games)
        game.init_game()
        while not game.is_over():
            legal = game.get_legal_actions()
            game.step(legal[choice.randrange(len(legal))])
            decisions += 1
        games += 1
    return decisions, games


# -- the floor: a variant whose rules cost almost nothing ----------------------------------------


class _Left(WordMove):
    kind = "left"


class _Right(WordMove):
    kind = "right"


_FLOOR_MOVES = (_Left(), _Right())
FLOOR_LENGTH = 50
"""Decisions in a game of the floor variant: about as many as in a random game of RLCard's UNO."""


class _FloorState(State):
    __slots__ = ("left", "to_act")

    def __init__(self, to_act: int | None, left: int):
        self.to_act = to_act
        self.left = left

    def copy(self) -> _FloorState:
        return _FloorState(self.to_act, self.left)


class Floor(Variant[_FloorState, WordMove]):
    """The cheapest rules the core can play: what a decision costs the core itself.

    Each seat in turn picks one of two moves; each move draws one chance outcome (so that
    chance is paid for) and passes the turn. After ``FLOOR_LENGTH`` moves the seat that played
    the last scores a point and the game ends. What a decision costs is then the core's
    ``legal_moves``, ``view`` and ``play``: history, chance, scores, the round's end.
    """

    name = "floor"
    title = "Floor"
    players = range(2, 3)
    summary = "Two moves a turn and one chance outcome a move: the core's own cost."
    version = "1.0"
    Options = NoOptions

    def start_round(self, table: Table, previous: Any) -> _FloorState:
        return _FloorState(0, FLOOR_LENGTH)

    def legal_moves(self, state: _FloorState) -> tuple[WordMove, ...]:
        return _FLOOR_MOVES

    def apply(self, table: Table, state: _FloorState, move: WordMove) -> None:
        table.chance.below(2)
        seat = state.to_act
        assert seat is not None
        state.left -= 1
        if state.left:
            state.to_act = 1 - seat
            return
        table.score(seat, 1, "last move", {})
        state.to_act = None
        table.end_round([seat])

    def parse_move(self, text: str) -> WordMove:
        return _Left() if text.strip() == "left" else _Right()

    def view_data(self, state: _FloorState, seat: int) -> dict[str, Any]:
        return {"left": state.left}


class _FloorPlugin:
    @staticmethod
    @hookimpl
    def unodice_register(registry: Registrar) -> None:
        registry.add_variant(Floor)


def floor_registry() -> Registry:
    """A registry holding the floor variant alone (it is no plugin anyone installs)."""
    registry = Registry()
    registry.add_plugin(_FloorPlugin(), "bench-floor")
    return registry


def play_floor(registry: Registry, decisions_wanted: int) -> tuple[int, int]:
    """``play_games`` on the floor variant: seeds 0, 1, 2 …, the same loop and agents."""
    decisions = games = 0
    while decisions < decisions_wanted:
        game = unodice.new_game("floor", 2, games, registry=registry)
        agents = [RandomAgent(games * 64 + seat) for seat in range(2)]
        decisions += advance(game, agents)
        games += 1
    return decisions, games


# -- measuring -----------------------------------------------------------------------------------


CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}
"""Wall-clock time (the default), or this process's CPU time (steadier on a busy machine)."""
clock = CLOCKS["wall"]


def env_steps(variant: str, players: int | None, steps_wanted: int) -> tuple[int, int]:
    """Steps of the PettingZoo environment (``unodice.rl``) with random legal actions.

    Returns the steps taken and the matches played (as ``play_games`` counts decisions and
    games), so the two rates compare: an environment step is one decision, plus encoding
    the view and the mask, and handing out rewards. The action is drawn as cheaply as
    ``RandomAgent`` draws a move in ``play_games`` (``random.Random`` over the mask's nonzero
    places): NumPy's ``Generator.choice`` alone takes about as long as a whole decision.
    The environment steps native games where ``new_game`` makes them (the native build), as
    ``play_games`` does, so the two rates are of the same engine.
    """
    from unodice.rl import raw_env

    env = raw_env(variant, players=players, native=native_games(variant))
    rng = random.Random(0)
    steps = matches = 0
    while steps < steps_wanted:
        env.reset(seed=matches)
        matches += 1
        for _ in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = observation["action_mask"].nonzero()[0]
            env.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
    return steps, matches


def env_rate(variant: str, args: argparse.Namespace) -> float | None:
    """Environment steps per second, or ``None`` without the rl extra or the variant's spaces."""
    try:
        import unodice.rl
        from unodice.core.spaces import catalogue

        catalogue(unodice.new_game(variant, args.players, 0).variant)
    except (ImportError, unodice.UnodiceError):
        return None
    wanted = max(1_000, args.decisions // 5)
    return median_rate(lambda: env_steps(variant, args.players, wanted), args.repeats)["per_s"]


def median_rate(work: Callable[[], tuple[int, int]], repeats: int) -> dict[str, float]:
    """Run ``work`` (returning ``(units, games)``) ``repeats`` times; median rates per second."""
    unit_rates, game_rates = [], []
    for _ in range(repeats):
        began = clock()
        units, games = work()
        elapsed = clock() - began
        unit_rates.append(units / elapsed)
        game_rates.append(games / elapsed)
    return {"per_s": statistics.median(unit_rates), "games_per_s": statistics.median(game_rates)}


def positions(variant: str, players: int | None, count: int) -> list[Game]:
    """Mid-game positions: games stopped after a random number of decisions."""
    chooser = random.Random(0)
    found = []
    for seed in range(count):
        game, agents = new_random_game(variant, players, seed)
        advance(game, agents, chooser.randrange(0, 40))
        found.append(game)
    return found


def copy_rates(variant: str, players: int | None, repeats: int, rounds: int) -> dict[str, float]:
    """Median copies per second over mid-game positions: whole, for search, determinized."""
    games = positions(variant, players, 200)
    rng = random.Random(0)
    ways: dict[str, Callable[[Game], Any]] = {
        "copies_per_s": lambda game: game.copy(),
        "search_copies_per_s": lambda game: game.copy(history=False),
        "determinizations_per_s": lambda game: game.determinize(game.to_act or 0, rng),
    }
    rates = {}
    for name, way in ways.items():

        def copy_all(way: Callable[[Game], Any] = way) -> tuple[int, int]:
            for _ in range(rounds):
                for game in games:
                    way(game)
            return rounds * len(games), 0

        rates[name] = median_rate(copy_all, repeats)["per_s"]
    return rates


# The decisions callgrind counts: the same random games as play_games, from seed 0.
_COUNTED_GAMES = """
import sys
import unodice
from unodice.play.agents import RandomAgent
variant, players, wanted = sys.argv[1], (int(sys.argv[2]) or None), int(sys.argv[3])
native = {"native": True} if sys.argv[4] == "native" else {}
done = seed = 0
while done < wanted:
    game = unodice.new_game(variant, players, seed, **native)
    agents = [RandomAgent(seed * 64 + seat) for seat in range(game.players)]
    while (seat := game.to_act) is not None and done < wanted:
        moves = game.legal_moves()
        game.play(agents[seat].choose(game.view(seat), moves))
        done += 1
    seed += 1
"""


def instructions_per_decision(variant: str, players: int | None, short: int) -> float | None:
    """Instructions per decision under callgrind (``None`` without valgrind).

    Two runs, of ``short`` and three times as many decisions, from the same seeds: the
    difference divided by twice ``short`` leaves
    out start-up. Address-space randomisation is turned off (``setarch -R``) and the hash seed
    fixed, so the count is the same from run to run.
    """
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        return None
    command = [valgrind, "--tool=callgrind", "--callgrind-out-file=/dev/null"]
    setarch = shutil.which("setarch")
    if setarch is not None:
        command = [setarch, platform.machine(), "-R", *command]
    # The build this process runs, first on the counted process's path.
    root = str(Path(unodice.__file__).resolve().parent.parent)
    env = {
        **os.environ,
        "PYTHONHASHSEED": "0",
        "PYTHONPATH": os.pathsep.join([root, os.environ.get("PYTHONPATH", "")]),
    }
    counts = []
    for decisions in (short, 3 * short):
        done = subprocess.run(
            [
                *command,
                sys.executable,
                "-c",
                _COUNTED_GAMES,
                variant,
                str(players or 0),
                str(decisions),
                "native" if native_games(variant) else "python",
            ],
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        found = re.search(r"Collected : (\d+)", done.stderr)
        if done.returncode != 0 or found is None:
            print(f"bench: callgrind failed for {variant}: {done.stderr[-300:]}", file=sys.stderr)
            return None
        counts.append(int(found.group(1)))
    return (counts[1] - counts[0]) / (2 * short)


def record_rate(variant: str, players: int | None, repeats: int, count: int) -> float:
    """Median record → JSON text → ``unodice.replay`` round trips per second, finished games."""
    finished = []
    for seed in range(count):
        game, agents = new_random_game(variant, players, seed)
        advance(game, agents)
        finished.append(game)

    def round_trips() -> tuple[int, int]:
        for game in finished:
            again = unodice.replay(json.loads(json.dumps(game.record())))
            assert again.scores == game.scores
        return len(finished), 0

    return median_rate(round_trips, repeats)["per_s"]


def live_games_memory(variant: str, players: int | None, count: int, depth: int) -> float:
    """Bytes held by ``count`` live games each stopped after ``depth`` decisions (tracemalloc)."""
    new_random_game(variant, players, 0)  # load plugins and component sets first
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    games = []
    for seed in range(count):
        game, agents = new_random_game(variant, players, seed)
        advance(game, agents, depth)
        games.append(game)
    gc.collect()
    held = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    del games
    return held


def simulate_scaling(variant: str, games: int, workers: int) -> dict[str, Any]:
    """Seconds for ``simulate`` with 1 worker and with ``workers`` worker processes.

    Also how many cores other processes kept busy meanwhile (where the machine tells), since
    the workers can only scale onto cores nobody else is using.
    """
    alone, one, others_1 = _timed(lambda: simulate(variant, games, seed=0, workers=1))
    together, many, others_w = _timed(lambda: simulate(variant, games, seed=0, workers=workers))
    assert alone == together, "simulate gave different reports on 1 and W workers"
    return {
        "games": games,
        "workers": workers,
        "seconds_1": one,
        "seconds_w": many,
        "speedup": one / many,
        "efficiency": one / many / workers,
        "others_cores_1": others_1,
        "others_cores_w": others_w,
    }


def _timed(work: Callable[[], Any]) -> tuple[Any, float, float | None]:
    """Run ``work``: its result, wall seconds, and the cores other processes used meanwhile."""
    busy, own = _machine_busy_seconds(), _own_cpu_seconds()
    began = time.perf_counter()
    result = work()
    seconds = time.perf_counter() - began
    busy_after = _machine_busy_seconds()
    if busy is None or busy_after is None:
        return result, seconds, None
    others = (busy_after - busy) - (_own_cpu_seconds() - own)
    return result, seconds, max(others, 0.0) / seconds


def _machine_busy_seconds() -> float | None:
    """CPU seconds the whole machine has been busy since it started (Linux), else ``None``."""
    try:
        with open("/proc/stat") as stat:
            ticks = [int(field) for field in stat.readline().split()[1:9]]
    except (OSError, ValueError):
        return None
    user, nice, system, _idle, _iowait, irq, softirq, steal = ticks
    return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")


def _own_cpu_seconds() -> float:
    """CPU seconds of this process and of its worker processes that have finished."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def paired_rates(
    ours: Callable[[], tuple[int, int]], theirs: Callable[[], tuple[int, int]], repeats: int
) -> tuple[dict[str, float], list[float], list[float]]:
    """Repeats of ``ours`` each followed at once by one of ``theirs``.

    Returns the median rates of ``ours``, the paired ratios (ours / theirs) and the rates of
    ``theirs``: a pair shares whatever else the machine is doing, so its ratio is steadier
    than a ratio of rates taken minutes apart.
    """
    unit_rates, game_rates, ratios, their_rates = [], [], [], []
    for _ in range(repeats):
        began = clock()
        units, games = ours()
        elapsed = clock() - began
        began = clock()
        their_units, _ = theirs()
        their_rate = their_units / (clock() - began)
        unit_rates.append(units / elapsed)
        game_rates.append(games / elapsed)
        ratios.append(units / elapsed / their_rate)
        their_rates.append(their_rate)
    speed = {"per_s": statistics.median(unit_rates), "games_per_s": statistics.median(game_rates)}
    return speed, ratios, their_rates


def measure_variant(
    variant: str, args: argparse.Namespace, rlcard: dict[str, Any] | None
) -> dict[str, Any]:
    """Every figure for one variant; with ``rlcard``, paired with RLCard's runs."""
    print(f"measuring {variant} …", file=sys.stderr)
    play_games(variant, args.players, 2_000)  # warm up
    ours = lambda: play_games(variant, args.players, args.decisions)  # noqa: E731
    ratios: list[float] = []
    if rlcard is None:
        speed = median_rate(ours, args.repeats)
    else:
        theirs = lambda: play_rlcard(rlcard["players"], args.decisions)  # noqa: E731
        speed, ratios, their_rates = paired_rates(ours, theirs, args.repeats)
        rlcard["rates"].extend(their_rates)
    result: dict[str, Any] = {
        "variant": variant,
        "build": unodice.build_kind(),
        "decisions_per_s": speed["per_s"],
        "games_per_s": speed["games_per_s"],
        "decisions_per_game": speed["per_s"] / speed["games_per_s"],
        **copy_rates(variant, args.players, args.repeats, 5 if args.quick else 25),
        "instructions_per_decision": (
            None
            if args.no_instructions
            else instructions_per_decision(variant, args.players, 500 if args.quick else 1_000)
        ),
        "records_per_s": record_rate(variant, args.players, args.repeats, 10 if args.quick else 40),
        "env_steps_per_s": env_rate(variant, args),
    }
    if ratios:
        result["vs_rlcard"] = statistics.median(ratios)
        result["vs_rlcard_pairs"] = ratios
    sim_games = max(1, round(args.decisions / result["decisions_per_game"]))
    simulate_games(variant, args.players, sim_games)  # warm up: tables are built once
    started = time.perf_counter()
    simulate_games(variant, args.players, sim_games)
    took = time.perf_counter() - started
    # A native engine plays those games in milliseconds, where a call's fixed cost and the
    # clock's grain weigh: each repeat plays at least SIMULATE_SECONDS' worth of games.
    sim_games *= min(1_000, max(1, math.ceil(SIMULATE_SECONDS / max(took, 1e-6))))
    simulated = lambda: simulate_games(variant, args.players, sim_games)  # noqa: E731
    if rlcard is None:
        sim_speed = median_rate(simulated, args.repeats)
    else:
        sim_speed, sim_ratios, their_rates = paired_rates(simulated, theirs, args.repeats)
        rlcard["rates"].extend(their_rates)
        result["simulate_vs_rlcard"] = statistics.median(sim_ratios)
    result["simulate_decisions_per_s"] = sim_speed["per_s"]
    result["simulate_games_per_s"] = sim_speed["games_per_s"]
    depth = max(1, round(result["decisions_per_game"] / 2))
    scale = 10_000 / args.live_games / 1e6
    fresh = live_games_memory(variant, args.players, args.live_games, 0)
    halfway = live_games_memory(variant, args.players, args.live_games, depth)
    result["live_games"] = args.live_games
    result["live_depth"] = depth
    result["mb_per_10000_new_games"] = fresh * scale
    result["mb_per_10000_games"] = halfway * scale
    if args.workers > 1:
        games = max(args.workers * 4, round(args.scale_decisions / result["decisions_per_game"]))
        result["simulate"] = simulate_scaling(variant, games, args.workers)
    return result


def measure_floor(args: argparse.Namespace, rlcard: dict[str, Any] | None) -> dict[str, Any]:
    """The core's own cost per decision: the floor variant, paired with RLCard like a variant."""
    print("measuring the floor …", file=sys.stderr)
    registry = floor_registry()
    play_floor(registry, 2_000)  # warm up
    ours = lambda: play_floor(registry, args.decisions)  # noqa: E731
    result: dict[str, Any] = {"build": unodice.build_kind(), "decisions_per_game": FLOOR_LENGTH}
    if rlcard is None:
        speed = median_rate(ours, args.repeats)
    else:
        theirs = lambda: play_rlcard(rlcard["players"], args.decisions)  # noqa: E731
        speed, ratios, their_rates = paired_rates(ours, theirs, args.repeats)
        rlcard["rates"].extend(their_rates)
        result["vs_rlcard"] = statistics.median(ratios)
        result["vs_rlcard_pairs"] = ratios
    result["decisions_per_s"] = speed["per_s"]
    return result


# -- soak ----------------------------------------------------------------------------------------


def resident_mb() -> float:
    """The process's resident memory now, in MB (Linux /proc; else the peak from resource)."""
    try:
        with open("/proc/self/statm") as statm:
            pages = int(statm.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 1e6
    except (OSError, ValueError, AttributeError):
        import resource

        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak / (1e6 if sys.platform == "darwin" else 1e3)


def soak(variant: str, players: int | None, total: int, samples: int) -> list[dict[str, float]]:
    """Play ``total`` decisions of back-to-back games; sample memory ``samples`` times."""
    every = max(1, total // samples)
    taken: list[dict[str, float]] = []
    decisions = games = 0
    began = time.perf_counter()
    next_sample = 0
    while decisions < total:
        game, agents = new_random_game(variant, players, games)
        decisions += advance(game, agents)
        games += 1
        if decisions >= next_sample:
            gc.collect()
            taken.append(
                {
                    "decisions": decisions,
                    "games": games,
                    "rss_mb": resident_mb(),
                    "seconds": time.perf_counter() - began,
                }
            )
            next_sample += every
    return taken


def run_soak(variants: Sequence[str], args: argparse.Namespace) -> dict[str, Any]:
    results = {}
    for variant in variants:
        print(f"soaking {variant}: {args.soak_decisions:,} decisions …", file=sys.stderr)
        taken = soak(variant, args.players, args.soak_decisions, args.soak_samples)
        results[variant] = taken
        if not args.json:
            print(f"\n{variant}: memory while playing {args.soak_decisions:,} decisions")
            print(f"{'decisions':>12} {'games':>8} {'RSS MB':>9} {'growth MB':>10} {'s':>7}")
            for sample in taken:
                print(
                    f"{sample['decisions']:>12,} {sample['games']:>8,} "
                    f"{sample['rss_mb']:>9.1f} {sample['rss_mb'] - taken[0]['rss_mb']:>10.1f} "
                    f"{sample['seconds']:>7.1f}"
                )
    return {"soak": results}


# -- output --------------------------------------------------------------------------------------


def print_table(
    results: list[dict[str, Any]],
    rlcard: dict[str, Any] | None,
    args: argparse.Namespace,
    floors: Sequence[dict[str, Any]] = (),
) -> None:
    print(
        f"unodice {unodice.__version__} on Python {platform.python_version()}, "
        f"{platform.machine()}, {os.cpu_count()} cores; medians of {args.repeats} repeats "
        f"of at least {args.decisions:,} decisions, {args.clock} clock"
    )
    print()
    header = (
        f"{'variant':<12}{'build':<10}{'decisions/s':>13}{'games/s':>10}{'dec/game':>10}"
        f"{'instr/dec':>11}{'env steps/s':>13}"
    )
    if rlcard:
        header += f"{'vs RLCard':>11}  {'(pairs)':<11}"
    print(header)
    for row in results:
        line = (
            f"{row['variant']:<12}{_build_name(row):<10}{row['decisions_per_s']:>13,.0f}"
            f"{row['games_per_s']:>10,.0f}{row['decisions_per_game']:>10.1f}"
            f"{_optional(row.get('instructions_per_decision'), 11)}"
            f"{_optional(row.get('env_steps_per_s'), 13)}"
        )
        if rlcard:
            pairs = row["vs_rlcard_pairs"]
            line += f"{row['vs_rlcard']:>10.2f}x  ({min(pairs):.2f}–{max(pairs):.2f})"
        print(line)
    if rlcard:
        print(
            f"{'RLCard UNO':<22}{rlcard['decisions_per_s']:>13,.0f}"
            f"{rlcard['games_per_s']:>10,.0f}{rlcard['decisions_per_game']:>10.1f}"
        )
    for floor in floors:
        line = (
            f"floor ({floor['build']}): {floor['decisions_per_s']:,.0f} decisions/s on a variant "
            "whose rules cost almost nothing, the core's own cost per decision"
        )
        if "vs_rlcard" in floor:
            pairs = floor["vs_rlcard_pairs"]
            line += f"; {floor['vs_rlcard']:.2f}x RLCard ({min(pairs):.2f}–{max(pairs):.2f})"
        print(line)
    print()
    header = f"{'variant':<12}{'build':<10}{'simulate dec/s':>16}{'games/s':>10}"
    if rlcard:
        header += f"{'vs RLCard':>11}"
    print(header)
    for row in results:
        line = (
            f"{row['variant']:<12}{_build_name(row):<10}"
            f"{row['simulate_decisions_per_s']:>16,.0f}{row['simulate_games_per_s']:>10,.0f}"
        )
        if rlcard:
            line += f"{row['simulate_vs_rlcard']:>10.2f}x"
        print(line)
    print(
        "simulate: whole games between random agents in one process, as simulate() plays "
        "them (the variant's native engine where the build has one)."
    )
    print()
    print(
        f"{'variant':<12}{'build':<10}{'copies/s':>11}{'search c/s':>12}{'determ./s':>11}"
        f"{'records/s':>11}{'MB/10k new':>12}{'MB/10k half':>13}"
    )
    for row in results:
        print(
            f"{row['variant']:<12}{_build_name(row):<10}{row['copies_per_s']:>11,.0f}"
            f"{row['search_copies_per_s']:>12,.0f}{row['determinizations_per_s']:>11,.0f}"
            f"{row['records_per_s']:>11,.0f}{row['mb_per_10000_new_games']:>12.1f}"
            f"{row['mb_per_10000_games']:>13.1f}"
        )
    print()
    print(
        "copies/s: game.copy(); search c/s: game.copy(history=False), a search's copy; "
        "determ./s: game.determinize(seat, rng)."
    )
    print(
        f"Memory (tracemalloc), scaled to 10,000 live games from {args.live_games:,}: new "
        f"games, and games stopped halfway through a typical game."
    )
    for row in results:
        rate = row.get("env_steps_per_s")
        if rate:
            print(
                f"unodice.rl {row['variant']} ({row['build']}): {rate:,.0f} environment steps/s, "
                f"{rate / row['decisions_per_s']:.0%} of the engine's decisions/s (the "
                "wrapper's cost: encoding, the mask, rewards)"
            )
    for row in results:
        scale = row.get("simulate")
        if scale:
            print(
                f"simulate {row['variant']} ({row['build']}): {scale['games']:,} games, "
                f"{scale['seconds_1']:.2f} s on 1 worker, {scale['seconds_w']:.2f} s on "
                f"{scale['workers']} workers: speed-up {scale['speedup']:.2f}x "
                f"({scale['efficiency']:.0%} of linear){_load_note(scale)}"
            )
    if rlcard:
        print()
        print(HOW_COMPARED)
    else:
        print(
            "\nRLCard is not installed, so there is no side-by-side comparison "
            "(pip install rlcard to add it)."
        )


def _build_name(row: dict[str, Any]) -> str:
    """The row's build as ``--builds`` names it: pure or native."""
    return next(name for name, kind in BUILDS.items() if kind == row["build"])


def _optional(figure: float | None, width: int) -> str:
    """A figure right-aligned in ``width``, or a dash where it was not measured."""
    return f"{'—':>{width}}" if figure is None else f"{figure:>{width},.0f}"


def _load_note(scale: dict[str, Any]) -> str:
    """A warning when other processes were busy: the workers then had fewer cores to use."""
    others = [scale.get("others_cores_1"), scale.get("others_cores_w")]
    if None in others or max(others) < 0.2:  # type: ignore[type-var]
        return ""
    cores = os.cpu_count() or 1
    return (
        f"; other processes kept {others[0]:.1f} and {others[1]:.1f} of the {cores} cores "
        "busy during the two runs"
    )


# -- builds --------------------------------------------------------------------------------------


class BuildUnavailable(Exception):
    """A build cannot be measured here (the installed one has no native modules)."""


def measure_build(build: str, argv: Sequence[str]) -> dict[str, Any]:
    """Every figure of one build, measured by this script in a process of its own."""
    env = dict(os.environ)
    env.pop("UNODICE_PURE", None)
    if build == "pure":
        env["UNODICE_PURE"] = "1"  # the native modules, where there are any, set aside
    elif unodice.build_kind() != NATIVE:
        raise BuildUnavailable(
            "the native modules are not installed (install unodice where there is a C compiler)"
        )
    print(f"== the {BUILDS[build]} build", file=sys.stderr)
    done = subprocess.run(
        [sys.executable, __file__, *argv, "--one-build", build, "--json"],
        env=env,
        stdout=subprocess.PIPE,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(
            f"bench: measuring the {BUILDS[build]} build failed (status {done.returncode})"
        )
    report: dict[str, Any] = json.loads(done.stdout)
    return report


def merge_builds(reports: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """One report of several builds' reports: their rows, variant by variant, build by build."""
    first = next(iter(reports.values()))
    rows = [
        row
        for variant in [row["variant"] for row in first["variants"]]
        for report in reports.values()
        for row in report["variants"]
        if row["variant"] == variant
    ]
    rlcards = [report["rlcard"] for report in reports.values() if report["rlcard"]]
    rlcard = None
    if rlcards:
        rlcard = dict(rlcards[0])
        rlcard["decisions_per_s"] = statistics.median(r["decisions_per_s"] for r in rlcards)
        rlcard["games_per_s"] = rlcard["decisions_per_s"] / rlcard["decisions_per_game"]
    floors = [report["floor"] for report in reports.values() if report.get("floor")]
    return {
        **first,
        "variants": rows,
        "floor": floors,
        "rlcard": rlcard,
        "builds": list(reports),
    }


def parse_arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Benchmark unodice variants with random agents through the public API."
    )
    parser.add_argument("--variants", help="comma-separated variants (default: all installed)")
    parser.add_argument(
        "--players",
        type=int,
        help="seats per game (default: each variant's smallest count, 2 for RLCard)",
    )
    parser.add_argument("--repeats", type=int, help="repeats per figure (default 5; quick 3)")
    parser.add_argument(
        "--decisions", type=int, help="decisions per speed repeat (default 100,000; quick 10,000)"
    )
    parser.add_argument(
        "--live-games",
        type=int,
        help="live games for the memory figure (default 10,000; quick 1,000)",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=2,
        help="worker processes for the simulate scaling figure (default 2; 1 skips it)",
    )
    parser.add_argument(
        "--scale-decisions",
        type=int,
        help="about how many decisions the scaling run plays (default 1,000,000; quick 100,000)",
    )
    parser.add_argument("--quick", action="store_true", help="smaller runs, for a quick look")
    parser.add_argument(
        "--clock",
        choices=sorted(CLOCKS),
        default="wall",
        help="time speeds by the wall clock (default) or by this process's CPU "
        "time, steadier when other work shares the machine",
    )
    parser.add_argument("--no-rlcard", action="store_true", help="skip the RLCard comparison")
    parser.add_argument(
        "--floor",
        action="store_true",
        help="also measure the core's own cost per decision, on a variant whose rules cost "
        "almost nothing, paired with RLCard like the variants (--variants '' for it alone)",
    )
    parser.add_argument(
        "--no-instructions",
        action="store_true",
        help="skip the instruction counts (callgrind, where valgrind exists)",
    )
    parser.add_argument(
        "--soak",
        action="store_true",
        help="instead: play a million decisions per variant, sampling memory",
    )
    parser.add_argument(
        "--soak-decisions",
        type=int,
        default=1_000_000,
        help="decisions per variant in the soak (default 1,000,000)",
    )
    parser.add_argument(
        "--soak-samples",
        type=int,
        default=10,
        help="memory samples per variant in the soak (default 10)",
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument(
        "--builds",
        default="pure,native",
        help="comma-separated builds to measure, each in a process of its own: "
        "pure (the installed build, with UNODICE_PURE=1) and native (the installed build, "
        "when it has its native modules); default pure,native",
    )
    # Internal: measure the build this process runs, as one of the builds of --builds.
    parser.add_argument("--one-build", choices=sorted(BUILDS), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    args.builds = [build.strip() for build in args.builds.split(",") if build.strip()]
    unknown = [build for build in args.builds if build not in BUILDS]
    if unknown or not args.builds:
        parser.error(f"--builds takes {', '.join(BUILDS)}, not {','.join(unknown) or 'none'}")
    quick = args.quick
    args.repeats = args.repeats or (3 if quick else 5)
    args.decisions = args.decisions or (10_000 if quick else 100_000)
    args.live_games = args.live_games or (1_000 if quick else 10_000)
    args.scale_decisions = args.scale_decisions or (100_000 if quick else 1_000_000)
    return args


def rlcard_figures(args: argparse.Namespace) -> dict[str, Any] | None:
    if args.no_rlcard:
        return None
    try:
        import rlcard.games.uno.game  # noqa: F401
    except ImportError:
        return None
    print("measuring RLCard UNO …", file=sys.stderr)
    players = 2
    play_rlcard(players, 2_000)  # warm up
    # One run for the length of its games; its speed is measured in pairs with each variant's.
    speed = median_rate(lambda: play_rlcard(players, args.decisions), 1)
    return {
        "engine": "rlcard.games.uno.game.UnoGame",
        "players": players,
        "rates": [],  # filled by the repeats paired with each variant's
        "decisions_per_game": speed["per_s"] / speed["games_per_s"],
        "how_compared": HOW_COMPARED,
    }


def main(argv: Sequence[str] | None = None) -> int:
    global clock
    args = parse_arguments(argv)
    clock = CLOCKS[args.clock]
    installed = list(unodice.available_variants())
    variants = installed
    if args.variants is not None:  # empty with --floor: the floor alone
        variants = [name for name in args.variants.split(",") if name]
    unknown = [name for name in variants if name not in installed]
    if unknown:
        print(
            f"bench: not installed: {', '.join(unknown)}; installed: {', '.join(installed)}",
            file=sys.stderr,
        )
        return 2
    if args.soak:
        soaked = run_soak(variants, args)
        if args.json:
            print(json.dumps(soaked, indent=2))
        return 0
    if args.one_build is None:
        return measure_builds(args, sys.argv[1:] if argv is None else list(argv))
    if unodice.build_kind() != BUILDS[args.one_build]:
        print(
            f"bench: asked for the {BUILDS[args.one_build]} build, but this process runs the "
            f"{unodice.build_kind()} one",
            file=sys.stderr,
        )
        return 2
    rlcard = rlcard_figures(args)
    results = [measure_variant(variant, args, rlcard) for variant in variants]
    floor = measure_floor(args, rlcard) if args.floor else None
    if rlcard:
        rlcard["decisions_per_s"] = statistics.median(rlcard.pop("rates"))
        rlcard["games_per_s"] = rlcard["decisions_per_s"] / rlcard["decisions_per_game"]
    print(
        json.dumps(
            {
                "variants": results,
                "floor": floor,
                "rlcard": rlcard,
                "repeats": args.repeats,
                "clock": args.clock,
                "cores": os.cpu_count(),
            },
            indent=2,
        )
    )
    return 0


def measure_builds(args: argparse.Namespace, argv: list[str]) -> int:
    """Measure each build of ``--builds`` in a process of its own; print one table of them all."""
    reports: dict[str, dict[str, Any]] = {}
    missing: dict[str, str] = {}
    for build in args.builds:
        try:
            reports[build] = measure_build(build, argv)
        except BuildUnavailable as why:
            print(f"bench: the {BUILDS[build]} build is not measured: {why}", file=sys.stderr)
            missing[build] = str(why)
    if not reports:
        return 2
    merged = merge_builds(reports)
    merged["builds_not_measured"] = missing
    if args.json:
        print(json.dumps(merged, indent=2))
    else:
        print_table(merged["variants"], merged["rlcard"], args, merged["floor"])
        for build, why in missing.items():
            print(f"The {BUILDS[build]} build is not measured: {why}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
