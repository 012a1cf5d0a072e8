"""Playouts per second: a position copied (or determinized) and played out to the round's end.

What a search does at every iteration: for each variant with native games, positions are made
from seeds 0, 1, 2 … (default options), each a game played a few random moves in; from each,
``play_out(world, AGENT)`` plays a copy of it (``game.copy()``) or a determinization for the
seat to act (``game.determinize(seat, rng)``) to the end of the round. Native games play out
in the engine; the Python games of the same positions through the public API, the same moves.
Timed in CPU seconds; each figure is the median of the repeats.

    python benchmarks/playouts.py [--variant NAME ...] [--players P] [--agent NAME]
                                  [--positions N] [--repeats R] [--python N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import unodice
from unodice.core.game import Game
from unodice.play.bots import play_out

VARIANTS = ("centre-die", "dominoes", "coverall")


def positions(variant: str, players: int, count: int, native: bool) -> list[Game]:
    """``count`` positions, each a game from seed ``i`` played 0 to 19 random moves in."""
    made = []
    for seed in range(count):
        game = unodice.new_game(variant, players, seed, native=native)
        rng = random.Random(seed)
        for _ in range(rng.randrange(20)):
            if game.to_act is None:
                break
            moves = game.legal_moves()
            game.play(moves[rng.randrange(len(moves))])
        if game.to_act is not None:
            made.append(game)
    return made


def run(games: list[Game], agent: str, determinize: bool) -> tuple[int, int, float]:
    """One playout from each position: (playouts, moves, CPU seconds)."""
    moves = 0
    began = time.process_time()
    for index, game in enumerate(games):
        seat = game.to_act
        assert seat is not None
        world = game.determinize(seat, index) if determinize else game.copy(history=False)
        moves += play_out(world, agent, seed=index)
    return len(games), moves, time.process_time() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--variant", action="append", choices=VARIANTS)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--agent", default="heuristic")
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--python", type=int, default=200, help="positions for Python games")
    args = parser.parse_args()
    print(f"{args.players} players, {args.agent} playouts to the round's end, CPU time")
    print(
        f"{'variant':<11} {'start':<12} {'native/s':>10} {'moves/s':>11} {'python/s':>9} "
        f"{'ratio':>6} {'moves':>6}"
    )
    for variant in args.variant or VARIANTS:
        native = positions(variant, args.players, args.positions, True)
        python = positions(variant, args.players, args.python, False)
        for determinize in (False, True):
            rates, move_rates, python_rates = [], [], []
            length = 0.0
            for _ in range(args.repeats):
                count, moves, seconds = run(native, args.agent, determinize)
                rates.append(count / seconds)
                move_rates.append(moves / seconds)
                length = moves / count
                count, _, seconds = run(python, args.agent, determinize)
                python_rates.append(count / seconds)
            rate, python_rate = statistics.median(rates), statistics.median(python_rates)
            print(
                f"{variant:<11} {'determinize' if determinize else 'copy':<12} {rate:>10,.0f} "
                f"{statistics.median(move_rates):>11,.0f} {python_rate:>9,.0f} "
                f"{rate / python_rate:>6.0f} {length:>6.1f}"
            )


if __name__ == "__main__":
    main()
