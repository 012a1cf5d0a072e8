"""OpenSpiel's ISMCTS bot against unodice's heuristic, on unodice's OpenSpiel games.

Run ``python benchmarks/openspiel_ismcts.py`` (see benchmarks/README.md and the bots page). It
loads ``python_unodice_VARIANT`` (the ``openspiel`` extra), seats OpenSpiel's
``ismcts.ISMCTSBot`` (random rollouts, UCT) against the variant's ``heuristic`` agent, and plays
every deal twice, once in each seat order, as the arena does. It prints the OpenSpiel bot's
share of the games won, with its 95% Wilson interval (a drawn game counts half), and its
milliseconds per decision, for each final policy asked for (``--final``).

The games are short by default (``--option rounds=1`` for centre-die), since OpenSpiel's bot
rolls out to the end of the game it is given, here in Python: a whole match would take minutes
a decision.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

SHORT = {"centre-die": "rounds=1", "dominoes": "target=1"}
"""The default options of each variant's game here (any other is played as it is)."""


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a share of ``wins`` in ``games``."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = p + z * z / (2 * games)
    spread = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    return (centre - spread) / (1 + z * z / games), (centre + spread) / (1 + z * z / games)


def play(job: tuple[str, str, int, int, int, str]) -> tuple[float, float, int]:
    """One game: ``(the OpenSpiel bot's share of the win, its seconds, its decisions)``."""
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts

    import unodice.openspiel as unodice_openspiel
    from unodice.play.agents import events_for_seat, make_agent

    variant, options, deal, bot_seat, simulations, final = job
    parameters = f"seed={deal}" + (f",{options}" if options else "")
    game = pyspiel.load_game(f"{unodice_openspiel.game_name(variant)}({parameters})")
    rng = np.random.RandomState(deal * 2 + bot_seat)
    searcher = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
        uct_c=2.0,
        max_simulations=simulations,
        random_state=rng,
        final_policy_type=ismcts.ISMCTSFinalPolicyType[final],
    )
    heuristic = make_agent("heuristic", deal, variant=variant)
    state = game.new_initial_state()
    other = 1 - bot_seat
    match = state.match
    start = getattr(heuristic, "start", None)
    observe = getattr(heuristic, "observe", None)
    if callable(start):
        start(other, match.view(other))
    if callable(observe):
        observe(events_for_seat(match.variant, match.events, other))
    seconds, decisions = 0.0, 0
    while not state.is_terminal():
        before = len(state.match.events)
        if state.current_player() == bot_seat:
            began = time.perf_counter()
            action = searcher.step(state)
            seconds += time.perf_counter() - began
            decisions += 1
        else:
            match = state.match
            choice = heuristic.choose(match.view(other), match.legal_moves())
            action = next(
                a for a in state.legal_actions() if state.action_to_string(a) == str(choice)
            )
        state.apply_action(action)
        if callable(observe):
            match = state.match
            observe(events_for_seat(match.variant, match.events[before:], other))
    returns = state.returns()
    share = 1.0 if returns[bot_seat] > returns[other] else 0.5 if returns[0] == returns[1] else 0.0
    return share, seconds, decisions


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="OpenSpiel's ISMCTS bot against unodice's heuristic, both seat orders."
    )
    parser.add_argument("--variant", default="centre-die", help="the variant (centre-die)")
    parser.add_argument(
        "--option", default=None, help="game parameters, e.g. rounds=1 (default: a short form)"
    )
    parser.add_argument("--games", type=int, default=200, help="games, half in each seat order")
    parser.add_argument("--simulations", type=int, default=64, help="simulations a decision")
    parser.add_argument(
        "--final",
        default="MAX_VISIT_COUNT,MAX_VALUE",
        help="final policies, comma-separated (MAX_VISIT_COUNT, MAX_VALUE)",
    )
    parser.add_argument("--seed", type=int, default=0, help="the first deal's seed")
    parser.add_argument("--workers", type=int, default=2, help="worker processes")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse(argv)
    options = args.option if args.option is not None else SHORT.get(args.variant, "")
    print(
        f"OpenSpiel ISMCTSBot ({args.simulations} simulations, random rollouts, uct_c 2) "
        f"against heuristic: {args.variant} ({options or 'as it is'}), {args.games} games, "
        f"both seat orders"
    )
    for final in args.final.split(","):
        jobs: list[Any] = [
            (args.variant, options, args.seed + index // 2, index % 2, args.simulations, final)
            for index in range(args.games)
        ]
        began = time.perf_counter()
        with ProcessPoolExecutor(max_workers=args.workers) as pool:
            results = list(pool.map(play, jobs))
        wins = sum(share for share, _, _ in results)
        seconds = sum(spent for _, spent, _ in results)
        decisions = sum(made for _, _, made in results)
        low, high = wilson(wins, len(results))
        print(
            f"  final policy {final}: share {wins / len(results):.3f} [{low:.3f}, {high:.3f}], "
            f"{1000 * seconds / max(decisions, 1):.0f} ms a decision "
            f"({time.perf_counter() - began:.0f} s)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
