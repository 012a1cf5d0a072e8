"""The ``unodice arena`` command: a tournament between bots, from the command line.

The tournament itself is [`unodice.tournament`][unodice.arena.tournament]; this module reads
the arguments, shows progress on a terminal, and prints the report (or its JSON). Exit status:
0 on success, 1 for bad input or a failure (an agent that failed, an unknown name), 2 for a
usage error, and ``128 + signal`` when stopped by SIGINT (130) or SIGTERM (143), after printing
the report of the games that finished, marked as partial.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any, TextIO

from unodice.arena import TournamentInterrupted, tournament
from unodice.cli_simulate import (
    _dask_client,
    _key_value,
    _ProgressBar,
    _StopSignals,
    _workers_text,
)
from unodice.errors import InvalidOptions
from unodice.simulation import SimulationError, _too_many_workers, max_workers

EXIT_FAILURE = 1
"""The command's exit status for a failed tournament (the stop signals give ``128 + signal``)."""


def add_arena_command(commands: Any) -> None:
    """Add the ``arena`` command to the ``unodice`` command line.

    Args:
        commands: The sub-command set (from ``parser.add_subparsers``) to add it to.
    """
    parser = commands.add_parser(
        "arena",
        help="a tournament between bots, every bot in every seat equally often",
        description="Play a tournament between bots and print each one's win rate with a 95%% "
        "interval, its mean score and time per decision, and how often each beat each other. "
        "The same seed gives the same result however many workers are used.",
    )
    parser.add_argument("variant", help="variant name or game string, e.g. 'coverall(rows=5)'")
    parser.add_argument("--agents", required=True, metavar="NAMES",
                        help="the bots, comma-separated (see 'unodice agents'), at least as "
                             "many as the seats; a name given twice plays as NAME and NAME-2")
    parser.add_argument("--games", type=int, default=1000, metavar="N",
                        help="games to play, rounded up so every bot has every seat equally "
                             "often (default 1000)")
    parser.add_argument("--players", type=int, default=2, help="seats per game (default 2)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the tournament (default 0)")
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
    parser.set_defaults(run=_run_arena)


def _run_arena(args: argparse.Namespace, out: TextIO) -> int:
    options = dict(args.option)
    if len(options) != len(args.option):
        raise InvalidOptions("an --option is given twice")
    workers = args.workers
    if workers is not None and workers > max_workers():
        print(f"unodice: warning: {_too_many_workers(workers)}", file=sys.stderr)
        workers = max_workers()
    with _StopSignals() as signals:
        try:
            return _play_and_print(args, options, workers, out)
        except TournamentInterrupted as stop:
            return _print_partial(stop, signals, args.json, out)
        except KeyboardInterrupt:
            print(f"unodice: stopped by {signals.name}", file=sys.stderr)
            return signals.status
        except SimulationError as error:
            if signals.received is not None:
                print(f"unodice: stopped by {signals.name}", file=sys.stderr)
                return signals.status
            print(f"unodice: error: {error}", file=sys.stderr)
            return EXIT_FAILURE


def _play_and_print(
    args: argparse.Namespace, options: dict[str, str], workers: int | None, out: TextIO
) -> int:
    bar = _ProgressBar(sys.stderr, f"{args.variant} arena") if sys.stderr.isatty() else None
    client = None
    began = time.perf_counter()
    try:
        client = _dask_client(args.scheduler) if args.scheduler else None
        report = tournament(
            args.variant,
            args.agents,
            games=args.games,
            seed=args.seed,
            players=args.players,
            workers=workers,
            executor=client.get_executor() if client is not None else None,
            options=options,
            house_rules=args.house_rule,
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
    where = f"on {args.scheduler}" if args.scheduler else _workers_text(workers)
    print(f"\n{report.games:,} games in {elapsed:.1f} s ({where})", file=out)
    return 0


def _print_partial(
    stop: TournamentInterrupted, signals: _StopSignals, as_json: bool, out: TextIO
) -> int:
    """Print the report of the games that finished, marked as partial; return the status."""
    report = stop.report
    what = f"stopped by {signals.name} after {report.games:,} of {stop.games:,} games"
    if as_json:
        partial = {"games_finished": report.games, "games_asked": stop.games,
                   "stopped_by": signals.name}
        print(json.dumps({"partial": partial, **report.to_json()}, indent=2), file=out)
    else:
        print(f"PARTIAL REPORT, {what}: the bots have not all had every seat equally often.",
              file=out)
        if report.games:
            print(f"\n{report}", file=out)
    print(f"unodice: {what}; the report printed counts only those", file=sys.stderr)
    return signals.status
