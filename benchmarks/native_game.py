"""Decisions per second through the public API: native games, Python games, RLCard.

For each variant with native games (centre-die, coverall, dominoes), the loop is the one
``bench.py`` times: whole games from seeds 0, 1, 2 …, each decision ``game.legal_moves()``,
``RandomAgent.choose(game.view(seat), moves)``, ``game.play(move)``, default options; the same
games both ways (``new_game(..., native=True)`` and the Python game). RLCard's UNO engine runs
its own loop (``init_game``, ``get_legal_actions``, ``step`` with a random legal action), when
it is installed. The three are run in turn, repeat after repeat, so they meet the same load,
timed in CPU seconds; each figure is the median of the repeats, and each ratio the median of
the ratios within a repeat.

    python benchmarks/native_game.py [--variant NAME ...] [--decisions N] [--repeats R]
                                     [--players P]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import unodice
from unodice._native import native_module
from unodice.play.agents import RandomAgent

VARIANTS = {"centre-die": "centre_die", "coverall": "coverall", "dominoes": "dominoes"}
"""The variants with native games, and their native modules."""


def play_api(variant: str, players: int, wanted: int, native: bool) -> int:
    """Whole games through the public API until ``wanted`` decisions; the decisions."""
    decisions = seed = 0
    while decisions < wanted:
        game = unodice.new_game(variant, players, seed, native=native)
        agents = [RandomAgent(seed * players + seat) for seat in range(players)]
        while (seat := game.to_act) is not None:
            moves = game.legal_moves()
            game.play(agents[seat].choose(game.view(seat), moves))
            decisions += 1
        seed += 1
    return decisions


def play_rlcard(players: int, wanted: int) -> int:
    """The same loop on RLCard's UNO engine: random legal actions, no environment layer."""
    from rlcard.games.uno.game import UnoGame

    decisions = seed = 0
    while decisions < wanted:
        game = UnoGame(num_players=players)
        game.np_random.seed(seed)
        choice = random.Random(seed)
        game.init_game()
        while not game.is_over():
            legal = game.get_legal_actions()
            game.step(legal[choice.randrange(len(legal))])
            decisions += 1
        seed += 1
    return decisions


def rate(work: Callable[[], int]) -> float:
    began = time.process_time()
    decisions = work()
    return decisions / (time.process_time() - began)


def measure(variant: str, players: int, wanted: int, repeats: int, have_rlcard: bool) -> None:
    runs: dict[str, list[float]] = {"native": [], "python": [], "rlcard": []}
    for _ in range(repeats):
        runs["native"].append(rate(lambda: play_api(variant, players, wanted, True)))
        runs["python"].append(rate(lambda: play_api(variant, players, wanted // 5, False)))
        if have_rlcard:
            runs["rlcard"].append(rate(lambda: play_rlcard(players, wanted // 5)))
    print(f"{variant}, {players} players, random agents, CPU time, median of {repeats}")
    print(f"{'':24}{'decisions/s':>14}{'vs Python':>11}{'vs RLCard':>11}")
    rows = [("native game (API)", "native"), ("Python game (API)", "python")]
    if have_rlcard:
        rows.append(("RLCard UNO (engine)", "rlcard"))
    for label, key in rows:
        line = f"{label:24}{statistics.median(runs[key]):>14,.0f}"
        pairs = zip(runs[key], runs["python"], strict=True)
        line += f"{statistics.median(a / b for a, b in pairs):>10.2f}x"
        if have_rlcard:
            pairs = zip(runs[key], runs["rlcard"], strict=True)
            line += f"{statistics.median(a / b for a, b in pairs):>10.2f}x"
        print(line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--variant",
        action="append",
        choices=sorted(VARIANTS),
        help="a variant to measure (again for more); all of them by default",
    )
    parser.add_argument("--decisions", type=int, default=100_000, help="decisions per repeat")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    try:
        import rlcard  # noqa: F401

        have_rlcard = True
    except ImportError:
        have_rlcard = False
    for number, variant in enumerate(args.variant or sorted(VARIANTS)):
        if native_module(VARIANTS[variant]) is None:
            raise SystemExit(f"the native {variant} engine is not built")
        if number:
            print()
        measure(variant, args.players, args.decisions, args.repeats, have_rlcard)


if __name__ == "__main__":
    main()
