"""The ``unodice arena`` command: a tournament between bots, from the command line.

The tournament itself is [`unodice.tournament`][unodice.play.arena.tournament]; this module reads
the arguments, shows progress on a terminal, and prints the report (or its JSON). Exit status:
0 on success, 1 for bad input or a failure (an agent that failed, an unknown name), 2 for a
usage error, and ``128 + signal`` when stopped by SIGINT (130) or SIGTERM (143), after printing
the report of the games that finished, marked as partial.
"""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from unodice.cli.simulate import (
    EXIT_FAILURE,
    add_run_arguments,
    number_argument,
    run_many_games,
    seed_argument,
)
from unodice.play.arena import TournamentInterrupted, tournament

__all__ = ["EXIT_FAILURE", "add_arena_command"]


def add_arena_command(commands: Any) -> None:
    """Add the ``arena`` command to the ``unodice`` command line.

    Args:
        commands: The sub-command set (from ``parser.add_subparsers``) to add it to.
    """
    parser = commands.add_parser(
        "arena",
        help="a tournament between bots, every bot in every seat equally often",
        description="Play a tournament between bots and print each one's win rate with a 95% "
        "interval, its mean score and time per decision, and how often each beat each other. "
        "The same seed gives the same result however many workers are used.",
    )
    parser.add_argument("variant", help="variant name or game string, e.g. 'coverall(rows=5)'")
    parser.add_argument(
        "--agents",
        required=True,
        metavar="NAMES",
        help="the bots, comma-separated, at least as many as the seats: names (see "
        "'unodice agents') or your own as module:Class or path/to/file.py:Class; a bot given "
        "twice plays as NAME and NAME-2",
    )
    parser.add_argument(
        "--games",
        type=number_argument,
        default=1000,
        metavar="N",
        help="games to play, rounded up so every bot has every seat equally often (default 1000)",
    )
    parser.add_argument(
        "--players", type=number_argument, default=2, help="seats per game (default 2)"
    )
    parser.add_argument(
        "--seed",
        type=seed_argument,
        help="seed of the tournament (default: a fresh random one, printed in the report)",
    )
    add_run_arguments(parser)
    parser.set_defaults(run=_run_arena)


def _run_arena(args: argparse.Namespace, out: TextIO) -> int:
    return run_many_games(
        args,
        out,
        _tournament,
        TournamentInterrupted,
        "the bots have not all had every seat equally often",
    )


def _tournament(
    args: argparse.Namespace,
    options: dict[str, str],
    workers: int | None,
    executor: Any,
    progress: Any,
) -> Any:
    return tournament(
        args.variant,
        args.agents,
        games=args.games,
        seed=args.seed,
        players=args.players,
        workers=workers,
        executor=executor,
        options=options,
        house_rules=args.house_rule,
        progress=progress,
    )
