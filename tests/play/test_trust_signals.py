"""Signals to ``unodice simulate`` are never lost (issue 25, item 4).

The command's handler used to raise ``KeyboardInterrupt``. A signal that came while the worker
processes were being forked could be handled inside a fork hook, where Python prints the
exception and drops it; the stop was marked as begun all the same, so every later signal was
ignored and only SIGKILL ended the command. Now the handler only records the signal and the run
acts on it, and a second signal ends the process at once.

Each test runs a small script as a subprocess in its own session; every wait on it is bounded,
and its processes are killed at the end whatever happens.
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator

import pytest
from paths import TESTS

RACES = 500
RACE_BOUND = 60.0  # seconds one race may take before it counts as hung (a loaded machine)

posix = pytest.mark.skipif(
    not hasattr(os, "killpg") or not hasattr(os, "register_at_fork"),
    reason="needs POSIX signals and fork",
)


def _script(body: str) -> list[str]:
    code = f"import sys\nsys.path.insert(0, {str(TESTS)!r})\n" + textwrap.dedent(body)
    return [sys.executable, "-c", code]


@contextlib.contextmanager
def _session(argv: list[str]) -> Iterator[subprocess.Popen[bytes]]:
    process = subprocess.Popen(
        argv,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
        cwd=TESTS,
    )
    try:
        yield process
    finally:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.communicate(timeout=RACE_BOUND)


def _lines(process: subprocess.Popen[bytes], bound: float) -> Iterator[str]:
    """The lines the process prints, each waited for at most ``bound`` seconds."""
    assert process.stdout is not None
    pending = b""
    while True:
        while b"\n" not in pending:
            deadline = time.monotonic() + bound
            ready = select.select([process.stdout], [], [], max(0.0, deadline - time.monotonic()))
            if not ready[0]:
                raise AssertionError(f"nothing printed for {bound:.0f} s: the process hangs")
            chunk = os.read(process.stdout.fileno(), 65536)
            if not chunk:
                if pending:
                    yield pending.decode()
                return
            pending += chunk
        line, pending = pending.split(b"\n", 1)
        yield line.decode()


# Races the command's start-up with a signal, in one process, again and again. Half the signals
# are sent from a timer at a random moment of the start-up (from the handler being set until
# well after the workers are forked); the other half from a fork hook in this process, so that
# the handler runs inside a fork hook, which is where it used to lose the signal.
RACE = """
    import io, json, multiprocessing, os, random, signal, threading
    from unodice.cli import simulate as cli_simulate
    from unodice.cli.commands import main

    races, seed = int(sys.argv[1]), int(sys.argv[2])
    choose = random.Random(seed)
    plan = {}
    COMMAND = ["simulate", "coverall", "--games", "1000000000", "--workers", "2", "--json"]

    set_handlers = cli_simulate._StopSignals.__enter__

    def set_then_time(stop_signals):
        entered = set_handlers(stop_signals)
        if plan["how"] == "timer":
            plan["timer"] = threading.Timer(plan["delay"], os.kill,
                                            (os.getpid(), plan["signum"]))
            plan["timer"].start()
        return entered

    cli_simulate._StopSignals.__enter__ = set_then_time

    def after_fork():
        plan["forks"] = plan.get("forks", 0) + 1
        if plan.get("how") == "fork" and plan["forks"] == plan["at_fork"]:
            os.kill(os.getpid(), plan["signum"])

    os.register_at_fork(after_in_parent=after_fork)

    for race in range(races):
        plan.clear()
        plan.update(how=choose.choice(["timer", "fork"]), delay=choose.uniform(0, 0.05),
                    at_fork=choose.choice([1, 2]),
                    signum=choose.choice([signal.SIGINT, signal.SIGTERM]))
        out = io.StringIO()
        status = main(COMMAND, out)
        if "timer" in plan:
            plan["timer"].join()
        stopped_by = json.loads(out.getvalue())["partial"]["stopped_by"]
        left = len(multiprocessing.active_children())
        print(race, plan["how"], int(plan["signum"]), status, stopped_by, left, flush=True)
"""


def _run_races(races: int, seed: int) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [*_script(RACE), str(races), str(seed)],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
        cwd=TESTS,
    )


@posix
@pytest.mark.slow
def test_a_signal_during_start_up_always_stops_the_command():
    """Issue 25, item 4: the start-up race, run 500 times, never hangs and never loses a signal.

    The races run in two processes side by side; each race must end within a bound, with the
    partial report, the status of its signal, and no worker process left.
    """
    halves = [RACES // 2, RACES - RACES // 2]
    processes = [_run_races(count, seed) for seed, count in enumerate(halves)]
    seen = {"timer": 0, "fork": 0}
    try:
        for process, count in zip(processes, halves, strict=True):
            lines = list(_lines(process, RACE_BOUND))
            err = process.communicate(timeout=RACE_BOUND)[1].decode(errors="replace")
            assert process.returncode == 0, err
            assert len(lines) == count, err
            for line in lines:
                _, how, signum, status, stopped_by, left = line.split()
                assert int(status) == 128 + int(signum), line
                assert stopped_by == signal.Signals(int(signum)).name, line
                assert left == "0", line
                seen[how] += 1
            # The handler never raises, so no exception is dropped in a fork hook.
            assert "Exception ignored" not in err and "Traceback" not in err, err
    finally:
        for process in processes:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
    assert sum(seen.values()) == RACES and min(seen.values()) > RACES // 4


# A game stuck for an hour in this process (--workers 1): the run cannot look for a stop until
# the game ends, so the first signal is recorded and nothing more; the second ends the command.
STUCK = """
    import os, time
    from toy import ToyRace
    import unodice.core.registry as registry_module
    from unodice.cli import simulate as cli_simulate
    from unodice.cli.commands import main
    from unodice.core.hooks import hookimpl

    class Stuck(ToyRace):
        name = "stuck-here"

        def apply(self, table, state, move):
            print("stuck", flush=True)
            time.sleep(3600)

    class Plugin:
        @hookimpl
        def unodice_register(self, registry):
            registry.add_variant(Stuck)

    registry = registry_module.Registry()
    registry.add_plugin(Plugin(), "stuck")
    registry_module._default = registry

    ask = cli_simulate.ask_to_stop

    def ask_and_say():
        ask()
        print("asked", flush=True)

    cli_simulate.ask_to_stop = ask_and_say
    sys.exit(main(["simulate", "stuck-here", "--games", "10", "--players", "2",
                   "--workers", "1"], sys.stdout))
"""


@posix
def test_a_second_signal_ends_a_stop_that_cannot_finish():
    """Issue 25, item 4: a second signal still ends the command, killed by that signal."""
    with _session(_script(STUCK)) as process:
        lines = _lines(process, RACE_BOUND)
        assert next(lines) == "stuck"
        os.kill(process.pid, signal.SIGTERM)
        assert next(lines) == "asked"
        os.kill(process.pid, signal.SIGINT)
        out, err = process.communicate(timeout=RACE_BOUND)
    assert process.returncode == -signal.SIGINT, err.decode(errors="replace")
    assert out == b""
