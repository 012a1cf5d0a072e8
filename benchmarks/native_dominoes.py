"""Whole Uno dominoes matches between random agents: the native engine against the Python one.

Two-player matches under the default options, the same seeds both ways (so the same matches),
timed in CPU seconds. Python plays them through ``play_game``; the native engine through
``NativeEngine.play``, the agents' seeds derived in Python as ``play_game`` derives them, and
once more with every decision and chance outcome recorded (what a check against Python reads).

    python benchmarks/native_dominoes.py [--games N] [--native-games N] [--players P]
"""

from __future__ import annotations

import argparse
import time

import unodice
from unodice.play.agents import game_agent_seed, play_game
from unodice.variants.dominoes.native import NativeEngine, native_module


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="matches played in Python")
    parser.add_argument("--native-games", type=int, default=20000, help="matches played natively")
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    if native_module() is None:
        raise SystemExit("the native dominoes engine is not built")
    players = args.players
    variant = unodice.new_game("dominoes", players, 0).variant
    engine = NativeEngine(variant.options, players, variant._lookups)

    clock = time.process_time
    began = clock()
    decisions = 0
    for seed in range(args.games):
        game = play_game("dominoes", ["random"] * players, seed=seed)
        decisions += len(game.moves)
    python_time = clock() - began
    python_games, python_decisions = args.games / python_time, decisions / python_time

    rows = [("python (play_game)", python_games, python_decisions)]
    for label, detail in (("native", 0), ("native, recorded", 1)):
        began = clock()
        decisions = 0
        for seed in range(args.native_games):
            seeds = [game_agent_seed(seed, seat) for seat in range(players)]
            match = engine.play(seed, seeds, detail=detail)
            decisions += match.decisions
        spent = clock() - began
        rows.append((label, args.native_games / spent, decisions / spent))

    print(f"dominoes, {players} players, default options, random agents (CPU time)")
    print(f"{'path':<22}{'games/s':>12}{'decisions/s':>16}{'x python':>10}")
    for label, games, per_second in rows:
        print(f"{label:<22}{games:>12,.0f}{per_second:>16,.0f}{games / python_games:>10,.0f}")


if __name__ == "__main__":
    main()
