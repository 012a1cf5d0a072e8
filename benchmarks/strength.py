"""Measure how strong the ISMCTS bot plays: win shares against an opponent, per variant.

Run ``python benchmarks/strength.py`` (see benchmarks/README.md). Per variant it plays
``--games`` two-player games of ISMCTS against ``--opponent`` (greedy by default), half with
the bot in each seat, every game from a fixed seed, and prints the bot's win share (a shared
win counts as a share) with its 95% Wilson interval, and the bot's mean wall time and
iterations per decision. Games run in ``--workers`` processes.

The games are short forms, as the strength target is stated for them: centre-die one round,
dominoes to one point, coverall as it is, pig to 20.
"""

from __future__ import annotations

import argparse
import importlib
import math
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from unodice.core.game import new_game
from unodice.play.agents import GreedyAgent, RandomAgent, play_out
from unodice.play.bots import ISMCTSAgent

SHORT: dict[str, dict[str, Any]] = {
    "coverall": {},
    "centre-die": {"rounds": 1},
    "dominoes": {"target": 1},
    "pig": {"target": 20},
}
"""The options of each variant's measured games."""

HEURISTICS = {
    "coverall": "unodice.variants.coverall.agents:CoverallHeuristic",
    "centre-die": "unodice.variants.centre_die.agents:CentreDieHeuristic",
    "dominoes": "unodice.variants.dominoes.agents:DominoesHeuristic",
}
"""Each built-in variant's heuristic agent class (a variant without one falls back to greedy)."""


def heuristic(variant: str) -> Any:
    """The variant's heuristic agent class, or ``"greedy"`` when it has none."""
    where = HEURISTICS.get(variant)
    if where is None:
        return "greedy"
    module, name = where.split(":")
    return getattr(importlib.import_module(module), name)


def policy(name: str, variant: str) -> Any:
    """A policy for the bot by its command-line name."""
    return heuristic(variant) if name == "heuristic" else name


class Timed:
    """Wraps the measured bot and counts its decisions, time and iterations."""

    def __init__(self, bot: ISMCTSAgent):
        self.bot = bot
        self.decisions = 0
        self.seconds = 0.0
        self.iterations = 0

    def choose(self, view: Any, moves: Any) -> Any:
        """The bot's choice, timed."""
        start = time.perf_counter()
        move = self.bot.choose(view, moves)
        self.seconds += time.perf_counter() - start
        self.decisions += 1
        self.iterations += self.bot.last_iterations
        return move


def make_bot(variant: str, index: int, settings: dict[str, Any]) -> ISMCTSAgent:
    """The measured bot for one game."""
    width = settings["width"] or None
    return ISMCTSAgent(
        iterations=settings["iterations"],
        time_budget=settings["budget"] / 1000 if settings["budget"] else None,
        seed=index,
        exploration=settings["exploration"],
        playout=policy(settings["playout"], variant),
        playout_depth=settings["depth"],
        epsilon=settings["epsilon"],
        prior=policy(settings["prior"], variant) if width else None,
        width=width,
        margin=settings["margin"],
        score_weight=settings["score_weight"],
    )


def make_opponent(name: str, variant: str, index: int) -> Any:
    """The opponent for one game."""
    if name == "greedy":
        return GreedyAgent()
    if name == "random":
        return RandomAgent(10_000 + index)
    return heuristic(variant)(index)


def one_game(variant: str, index: int, settings: dict[str, Any]) -> tuple[float, int, float, int]:
    """Play game ``index``; the bot's win share, decisions, seconds and iterations."""
    bot = Timed(make_bot(variant, index, settings))
    other = make_opponent(settings["opponent"], variant, index)
    seats = [bot, other] if index % 2 == 0 else [other, bot]
    game = new_game(variant, 2, settings["seed"] + index // 2, SHORT.get(variant, {}))
    play_out(game, seats)
    mine = index % 2
    share = 1 / len(game.winners) if mine in game.winners else 0.0
    return share, bot.decisions, bot.seconds, bot.iterations


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win share."""
    if not games:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def main() -> None:
    """Parse the command line, play the games, print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variants", default="coverall,centre-die,dominoes")
    parser.add_argument("--games", type=int, default=200, help="games per variant (even)")
    parser.add_argument("--budget", type=float, default=45.0, help="ms per decision; 0: none")
    parser.add_argument("--iterations", type=int, default=None, help="iterations per decision")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=20_000, help="seed of the first game pair")
    parser.add_argument("--opponent", default="greedy", choices=["greedy", "random", "heuristic"])
    parser.add_argument("--playout", default="greedy", help="random, greedy or heuristic")
    parser.add_argument("--prior", default="heuristic", help="random, greedy or heuristic")
    parser.add_argument("--width", type=int, default=2, help="paired-root width; 0: plain tree")
    parser.add_argument("--epsilon", type=float, default=0.0)
    parser.add_argument("--margin", type=float, default=0.0)
    parser.add_argument("--score-weight", type=float, default=0.0)
    parser.add_argument("--exploration", type=float, default=0.7)
    parser.add_argument("--depth", type=int, default=None, help="playout depth; default: none")
    args = parser.parse_args()
    if not args.budget and not args.iterations:
        parser.error("give a --budget, --iterations or both")
    settings = {
        key: getattr(args, key)
        for key in (
            "budget",
            "iterations",
            "seed",
            "opponent",
            "playout",
            "prior",
            "width",
            "epsilon",
            "margin",
            "score_weight",
            "exploration",
            "depth",
        )
    }
    print("settings:", ", ".join(f"{k}={v}" for k, v in settings.items()))
    print(
        f"{'variant':<12} {'games':>5} {'win share':>9} {'95% interval':>15} "
        f"{'ms/dec':>7} {'iter/dec':>8} {'wall s':>7}"
    )
    with ProcessPoolExecutor(args.workers) as pool:
        for variant in args.variants.split(","):
            start = time.perf_counter()
            results = list(
                pool.map(
                    one_game,
                    [variant] * args.games,
                    range(args.games),
                    [settings] * args.games,
                    chunksize=1,
                )
            )
            wins = sum(r[0] for r in results)
            decisions = sum(r[1] for r in results)
            seconds = sum(r[2] for r in results)
            iterations = sum(r[3] for r in results)
            low, high = wilson(wins, args.games)
            per = max(decisions, 1)
            print(
                f"{variant:<12} {args.games:>5} {wins / args.games:>9.3f} "
                f"{f'[{low:.3f}, {high:.3f}]':>15} {1000 * seconds / per:>7.1f} "
                f"{iterations / per:>8.1f} {time.perf_counter() - start:>7.0f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
