"""Whole matches between built-in agents: each variant's native engine against its Python one.

Matches under the default options, the same seeds both ways (so the same matches), timed in
CPU seconds. Python plays them through ``play_game``; the native engine (the variant's
``match_engine``) one at a time through ``play``, the agents' seeds derived in Python as
``play_game`` derives them, once more with every decision and chance outcome recorded (what a
check against Python reads), and many at once through ``play_many`` (what ``simulate`` uses).

    python benchmarks/native.py [--variant centre-die|coverall|dominoes|all] [--games N]
        [--native-games N] [--players P] [--agent random|greedy|heuristic]
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import unodice
from unodice.core.capabilities import Matches
from unodice.play.agents import game_agent_seed, play_game

VARIANTS = ("centre-die", "coverall", "dominoes")
"""The variants with a native engine."""


def engine_of(name: str, players: int, agent: str) -> Any:
    """The variant's native engine for ``players`` seats of ``agent``, or exit saying why not."""
    variant = unodice.new_game(name, players, 0).variant
    if not isinstance(variant, Matches):
        raise SystemExit(f"{name} has no native engine")
    engine = variant.match_engine(players, [agent] * players)
    if engine is None:
        raise SystemExit(f"the native {name} engine is not built")
    return engine


def measure(name: str, games: int, native_games: int, players: int, agent: str) -> None:
    """Time one variant's three paths and print its table."""
    engine = engine_of(name, players, agent)
    agents = [agent] * players
    clock = time.process_time

    began = clock()
    decisions = 0
    for seed in range(games):
        game = play_game(name, agents, seed=seed)
        decisions += len(game.moves)
    python_time = clock() - began
    python_games, python_decisions = games / python_time, decisions / python_time

    rows = [("python (play_game)", python_games, python_decisions)]
    for label, detail in (("native", 0), ("native, recorded", 1)):
        began = clock()
        decisions = 0
        for seed in range(native_games):
            seeds = [game_agent_seed(seed, seat) for seat in range(players)]
            match = engine.play(seed, seeds, detail=detail)
            decisions += match.decisions
        spent = clock() - began
        rows.append((label, native_games / spent, decisions / spent))
    began = clock()
    seeds = list(range(native_games))
    agent_seeds = [game_agent_seed(seed, seat) for seed in seeds for seat in range(players)]
    batch = engine.play_many(seeds, agent_seeds)
    spent = clock() - began
    rows.append(("native, play_many", native_games / spent, sum(batch.decisions) / spent))

    print(f"{name}, {players} players, default options, {agent} agents (CPU time)")
    print(f"{'path':<22}{'games/s':>12}{'decisions/s':>16}{'x python':>10}")
    for label, per_game, per_decision in rows:
        print(
            f"{label:<22}{per_game:>12,.0f}{per_decision:>16,.0f}{per_game / python_games:>10,.0f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="all", choices=(*VARIANTS, "all"))
    parser.add_argument("--games", type=int, default=200, help="matches played in Python")
    parser.add_argument("--native-games", type=int, default=20000, help="matches played natively")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--agent", default="random", choices=("random", "greedy", "heuristic"))
    args = parser.parse_args()
    names = VARIANTS if args.variant == "all" else (args.variant,)
    for index, name in enumerate(names):
        if index:
            print()
        measure(name, args.games, args.native_games, args.players, args.agent)


if __name__ == "__main__":
    main()
