"""The ``unodice simulate`` command: arguments, progress, signals and the printed report.

The simulation itself is [`unodice.simulate`][unodice.play.simulation.simulate]; this module is the
command line's part of it, and like the rest of the command line the only place that knows the
terminal.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from types import FrameType, TracebackType
from typing import Any, TextIO

from unodice.cli.spelling import check_game
from unodice.core._quoting import whole_number
from unodice.core.errors import InvalidOptions
from unodice.core.setup import SEED_LIMIT
from unodice.play.simulation import (
    SimulationError,
    SimulationInterrupted,
    _cores,
    _one_line,
    _too_many_workers,
    ask_to_stop,
    clear_stop,
    max_workers,
    simulate,
)

EXIT_FAILURE = 1
"""The command's exit status for a failed simulation (the stop signals give ``128 + signal``)."""

SCHEDULER_TIMEOUT = "10s"
"""How long ``--scheduler`` waits to reach the Dask scheduler before it gives up."""


def add_simulate_command(commands: Any) -> None:
    """Add the ``simulate`` command to the ``unodice`` command line.

    Args:
        commands: The sub-command set (from ``parser.add_subparsers``) to add it to.
    """
    parser = commands.add_parser(
        "simulate",
        help="play many games between bots and summarise them",
        description="Play many games between bots on all cores (or a Dask cluster) and print "
        "win rates per seat with 95% intervals, and score and game-length distributions. "
        "The same seed gives the same result however many workers are used.",
    )
    parser.add_argument("variant", help="variant name or game string, e.g. 'coverall(players=3)'")
    parser.add_argument(
        "--games", type=number_argument, required=True, metavar="N", help="how many games to play"
    )
    parser.add_argument(
        "--players", type=number_argument, help="seats per game (default: the least allowed)"
    )
    parser.add_argument(
        "--agents",
        default="random",
        metavar="NAMES",
        help="agents, comma-separated, cycled over the seats: names (see 'unodice agents') "
        "or your own as module:Class or path/to/file.py:Class (default random)",
    )
    parser.add_argument(
        "--seed",
        type=seed_argument,
        help="seed of the simulation (default: a fresh random one, printed in the report)",
    )
    add_run_arguments(parser)
    parser.set_defaults(run=_run_simulate)


def add_run_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of every command that plays many games.

    They are the options, the house rules, where the games run (``--workers`` or
    ``--scheduler``) and ``--json``.
    """
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        type=_key_value,
        metavar="KEY=VALUE",
        help="a variant option; repeat for more",
    )
    parser.add_argument(
        "--house-rule",
        action="append",
        default=[],
        metavar="NAME",
        help="a house rule to use; repeat for more",
    )
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--workers",
        type=number_argument,
        metavar="W",
        help="local worker processes (default: one per core; 1: no subprocesses)",
    )
    where.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="run on a Dask cluster, e.g. tcp://host:8786 (needs unodice[dask])",
    )
    parser.add_argument("--json", action="store_true", help="print the report as JSON")


def number_argument(text: str) -> int:
    """A whole number argument, in the digits 0-9 (argparse's ``int`` takes ``٤`` and ``1_0``)."""
    return whole_number(text, "the value", argparse.ArgumentTypeError, negative=True)


SEED_DIGITS = len(str(SEED_LIMIT))
"""The most digits of a seed: any number up to ``SEED_LIMIT`` may be one."""


def seed_argument(text: str) -> int:
    """A ``--seed``: a whole number in the digits 0-9, of at most 256 bits."""
    return whole_number(
        text, "a seed", argparse.ArgumentTypeError, negative=True, digits=SEED_DIGITS
    )


def _key_value(text: str) -> tuple[str, str]:
    key, sep, value = text.partition("=")
    if not sep or not key.strip():
        raise argparse.ArgumentTypeError(f"{text!r} is not KEY=VALUE")
    return key.strip(), value.strip()


def _run_simulate(args: argparse.Namespace, out: TextIO) -> int:
    return run_many_games(
        args, out, _simulate, SimulationInterrupted, "it counts only the games that finished"
    )


def _simulate(
    args: argparse.Namespace,
    options: dict[str, str],
    workers: int | None,
    executor: Any,
    progress: Any,
) -> Any:
    return simulate(
        args.variant,
        args.games,
        players=args.players,
        agents=args.agents,
        seed=args.seed,
        options=options,
        house_rules=args.house_rule,
        executor=executor,
        workers=workers,
        progress=progress,
    )


PlayMany = Callable[[argparse.Namespace, dict[str, str], "int | None", Any, Any], Any]
"""What a command that plays many games runs: ``(args, options, workers, executor, progress)``
to its report."""


def run_many_games(
    args: argparse.Namespace,
    out: TextIO,
    play: PlayMany,
    interrupted: type[BaseException],
    partial_note: str,
) -> int:
    """Run ``play`` as a command does, and print its report.

    The options are read, the workers capped, a progress bar shown on a terminal, and SIGINT
    and SIGTERM stop it with the partial report printed.

    Args:
        args: The command's arguments (from `add_run_arguments`, with ``variant``).
        out: Where the report goes.
        play: Plays the games and returns the report.
        interrupted: The exception ``play`` raises when stopped, carrying ``report`` and
            ``games`` (the games asked for).
        partial_note: What a partial report leaves out, for its heading.

    Returns:
        The exit status: 0, [`EXIT_FAILURE`][unodice.cli.simulate.EXIT_FAILURE], or
        ``128 + signal``.
    """
    options = dict(args.option)
    if len(options) != len(args.option):
        raise InvalidOptions("an --option is given twice")
    args.variant = check_game(args.variant, options, args.house_rule)
    workers = args.workers
    if workers is not None and workers > max_workers():
        print(f"unodice: warning: {_too_many_workers(workers)}", file=sys.stderr)
        workers = max_workers()
    with _StopSignals() as signals:
        try:
            return _play_and_print(args, options, workers, out, play)
        except interrupted as stop:
            return _print_partial(stop, signals, args.json, out, partial_note)
        except KeyboardInterrupt:
            print(f"unodice: stopped by {signals.name}", file=sys.stderr)
            return signals.status
        except SimulationError as error:
            if signals.received is not None:  # a worker was stopped by the same signal
                print(f"unodice: stopped by {signals.name}", file=sys.stderr)
                return signals.status
            print(f"unodice: error: {error}", file=sys.stderr)
            return EXIT_FAILURE


def _play_and_print(
    args: argparse.Namespace,
    options: dict[str, str],
    workers: int | None,
    out: TextIO,
    play: PlayMany,
) -> int:
    command = getattr(args, "command", "simulate")
    label = args.variant if command == "simulate" else f"{args.variant} {command}"
    bar = _ProgressBar(sys.stderr, label) if sys.stderr.isatty() else None
    client = None
    began = time.perf_counter()
    try:
        client = _dask_client(args.scheduler) if args.scheduler else None
        executor = client.get_executor() if client is not None else None
        report = play(args, options, workers, executor, bar)
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
    print(f"\n{footer(report.games, elapsed, where)}", file=out)
    return 0


def footer(games: int, elapsed: float, where: str) -> str:
    """The report's last line: how many games, how long, how fast, and where they ran.

    ``1 game in 0.8 s (1.25 games/s, in one process)``: a rate of 100 games a second or more
    is a whole number, a smaller one has three significant figures, and under one game a
    second it is the seconds a game.
    """
    rate = games / max(elapsed, 1e-9)
    if rate >= 100:
        speed = f"{rate:,.0f} games/s"
    elif rate >= 10:
        speed = f"{rate:.1f} games/s"
    elif rate >= 1:
        speed = f"{rate:.2f} games/s"
    elif games:
        speed = f"{elapsed / games:,.1f} s a game"
    else:
        return f"no games in {elapsed:.1f} s ({where})"
    return f"{games:,} {'game' if games == 1 else 'games'} in {elapsed:.1f} s ({speed}, {where})"


def _print_partial(stop: Any, signals: _StopSignals, as_json: bool, out: TextIO, note: str) -> int:
    """Print the report of the games that finished, marked as partial; return the status."""
    report = stop.report
    what = f"stopped by {signals.name} after {report.games:,} of {stop.games:,} games"
    if as_json:
        partial = {
            "games_finished": report.games,
            "games_asked": stop.games,
            "stopped_by": signals.name,
        }
        print(json.dumps({"partial": partial, **report.to_json()}, indent=2), file=out)
    else:
        print(f"PARTIAL REPORT, {what}: {note}.", file=out)
        if report.games:
            print(f"\n{report}", file=out)
    print(f"unodice: {what}; the report printed counts only those", file=sys.stderr)
    return signals.status


class _StopSignals:
    """While the command runs, SIGINT and SIGTERM stop it the same way.

    The handler only records the first signal and asks the run to stop
    (`unodice.play.simulation.ask_to_stop`); the run sees that within a moment, stops
    its workers and raises ``KeyboardInterrupt``, and the command prints the partial report and
    exits with ``128 + signal`` (130 for SIGINT, 143 for SIGTERM). The handler never raises:
    a signal can come at any step, even inside the hooks that run around a fork, where an
    exception is dropped and the stop with it. A second signal ends the process at once, killed
    by that signal, for a stop that cannot finish. The previous handlers are put back at the
    end.
    """

    def __init__(self) -> None:
        self.received: int | None = None
        self._owner = os.getpid()
        self._previous: dict[int, Any] = {}

    def __enter__(self) -> _StopSignals:
        clear_stop()
        if threading.current_thread() is threading.main_thread():
            for signum in (signal.SIGINT, signal.SIGTERM):
                self._previous[signum] = signal.signal(signum, self._handle)
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        for signum, handler in self._previous.items():
            if handler is not None:
                signal.signal(signum, handler)
        clear_stop()

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        if os.getpid() != self._owner or self.received is not None:
            # A worker forked before it set its own handlers, or a second signal: end now, as
            # if no handler were set. Workers of a process gone this way end on their own.
            signal.signal(signum, signal.SIG_DFL)
            os.kill(os.getpid(), signum)
            return
        self.received = signum
        ask_to_stop()

    @property
    def name(self) -> str:
        """The signal's name (``SIGINT`` for a ``KeyboardInterrupt`` from elsewhere)."""
        return signal.Signals(self.received or signal.SIGINT).name

    @property
    def status(self) -> int:
        """The exit status: 128 plus the signal's number."""
        return 128 + (self.received or signal.SIGINT)


def _workers_text(workers: int | None) -> str:
    if workers == 1:
        return "in one process"
    return f"{workers or _cores()} worker processes"


def _dask_client(address: str) -> Any:
    """A Dask ``distributed`` client connected to ``address``.

    An address that cannot be one (an unknown scheme, no port) is refused before a client is
    made. A client that fails to connect is collected at once: left to the garbage collector, its
    finalizer can run while a later client is starting, and wait for ever on the lock that start
    holds.
    """
    try:
        from distributed import Client
    except ImportError:
        raise SimulationError(
            "--scheduler needs Dask: install the extra with pip install 'unodice[dask]'"
        ) from None
    problem = _address_problem(address)
    if problem is None:
        try:
            return Client(address, timeout=SCHEDULER_TIMEOUT)
        except Exception as error:  # a scheduler out of reach
            problem = str(error)
        gc.collect()
    raise SimulationError(
        _one_line(
            f"cannot reach the Dask scheduler at {address}: {problem} (an address looks like "
            f"tcp://host:8786)"
        )
    )


def _address_problem(address: str) -> str | None:
    """What makes ``address`` no Dask address, or None when it may be one."""
    from distributed.comm import get_address_host_port, parse_address
    from distributed.comm.registry import get_backend

    try:
        scheme, _ = parse_address(address)
        get_backend(scheme)
        if scheme != "inproc":  # an address within this process has no host and port
            get_address_host_port(address)
    except ValueError as error:
        return str(error)
    return None


class _ProgressBar:
    """A one-line text progress bar, redrawn in place."""

    def __init__(self, stream: TextIO, label: str, width: int = 30):
        self._stream = stream
        self._label = label
        self._width = width
        self._began = time.perf_counter()
        self._drawn = False

    def __call__(self, done: int, total: int) -> None:
        filled = self._width * done // max(total, 1)
        rate = done / max(time.perf_counter() - self._began, 1e-9)
        self._stream.write(
            f"\r{self._label} [{'#' * filled}{'.' * (self._width - filled)}] "
            f"{done:,}/{total:,} games {100 * done // max(total, 1):3d}% {rate:,.0f}/s "
        )
        self._stream.flush()
        self._drawn = True

    def close(self) -> None:
        """End the bar's line."""
        if self._drawn:
            self._stream.write("\n")
            self._stream.flush()
