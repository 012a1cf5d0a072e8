"""Simulations stop cleanly: on signals, on a dead worker, on absurd requests; no process is left.

The signal tests run the command line (or a small script) as a real subprocess in its own
session, wait for something observable (its worker processes in ``/proc``, its progress on a
terminal), send the signal, and then check the output, the exit status, and that every worker
process it had is gone. Every wait is a bounded poll; whatever happens, the session's processes
are killed at the end of the test.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import select
import signal
import subprocess
import sys
import textwrap
import time
import warnings
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from paths import TESTS
from stop_helpers import failing_registry, toy_registry

import unodice.play.simulation as simulation
from unodice.cli.commands import main
from unodice.core import registry as registry_module
from unodice.core.errors import InvalidOptions
from unodice.play.simulation import MAX_GAMES, simulate

WAIT = 120.0  # seconds: generous bounds on a loaded machine; the polls end as soon as they can

posix_with_proc = pytest.mark.skipif(
    not Path("/proc/self/stat").exists() or not hasattr(os, "killpg"),
    reason="needs POSIX signals and /proc",
)


# -- watching processes ---------------------------------------------------------------------------


def _stat(pid: int) -> list[str] | None:
    """The fields of /proc/PID/stat after the command name, or None when there is no such pid."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return None
    return text[text.rindex(")") + 2 :].split()


def _children(pid: int) -> dict[int, str]:
    """The children of ``pid``, each with its start time (to tell a reused pid apart)."""
    found = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            fields = _stat(int(entry.name))
            if fields is not None and int(fields[1]) == pid:
                found[int(entry.name)] = fields[19]
    return found


def _running(processes: dict[int, str]) -> list[int]:
    """Those of ``processes`` that still run (not gone, not a zombie, not a reused pid)."""
    alive = []
    for pid, started in processes.items():
        fields = _stat(pid)
        if fields is not None and fields[19] == started and fields[0] != "Z":
            alive.append(pid)
    return alive


def _poll(condition: Callable[[], Any], what: str, timeout: float = WAIT) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting {timeout:.0f} s for {what}")
        time.sleep(0.05)


def _assert_all_gone(workers: dict[int, str]) -> None:
    _poll(lambda: not _running(workers), f"worker processes {sorted(workers)} to end")


def interruptible() -> None:
    """Run in a child before it starts: SIGINT as a terminal's foreground job has it.

    A shell that starts a job in the background without job control leaves SIGINT ignored in
    it, and the ignoring is inherited: the tests' children would never see a Ctrl-C.
    """
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class _Session:
    """A subprocess in its own session, with its stderr on a terminal (so progress shows)."""

    def __init__(self, argv: list[str], terminal: bool = True):
        self.stderr = b""
        self._terminal = None
        if terminal:
            self._terminal, subordinate = os.openpty()
        self.process = subprocess.Popen(
            argv,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subordinate if terminal else subprocess.PIPE,
            start_new_session=True,
            cwd=TESTS,
            preexec_fn=interruptible,
        )
        if terminal:
            os.close(subordinate)

    def read_terminal(self) -> str:
        """What the process has written on its terminal so far."""
        while self._terminal is not None and select.select([self._terminal], [], [], 0)[0]:
            try:
                chunk = os.read(self._terminal, 65536)
            except OSError:  # every writer has closed it
                chunk = b""
            if not chunk:
                os.close(self._terminal)
                self._terminal = None
                break
            self.stderr += chunk
        return self.stderr.decode(errors="replace")

    def workers(self, count: int) -> dict[int, str]:
        """Wait until the process has ``count`` children, and return them."""
        return _poll(
            lambda: len(found := _children(self.process.pid)) >= count and found,
            f"{count} worker processes to start",
        )

    def finish(self) -> tuple[int, str, str]:
        """Wait for the process to end: its status, standard output and standard error."""
        out, err = self.process.communicate(timeout=WAIT)
        if self._terminal is not None:
            _poll(
                lambda: (self.read_terminal(), self._terminal is None)[1], "the terminal to close"
            )
            err = self.stderr
        return self.process.returncode, out.decode(), err.decode(errors="replace")

    def kill_all(self) -> None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.process.pid, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.communicate(timeout=WAIT)
        if self._terminal is not None:
            os.close(self._terminal)
            self._terminal = None


@contextlib.contextmanager
def _session(argv: list[str], terminal: bool = True) -> Iterator[_Session]:
    session = _Session(argv, terminal)
    try:
        yield session
    finally:
        session.kill_all()


def _cli(*argv: str) -> list[str]:
    return [sys.executable, "-m", "unodice", "simulate", *argv]


LONG = ["coverall", "--games", "1000000000", "--workers", "2", "--seed", "3"]
"""A simulation that never ends during a test, in chunks of 1,000 games."""


def _games_done(text: str) -> int:
    counts = re.findall(r"([\d,]+)/[\d,]+ games", text)
    return int(counts[-1].replace(",", "")) if counts else 0


# -- signals to the command line ------------------------------------------------------------------


@pytest.mark.tooling
@posix_with_proc
@pytest.mark.parametrize(("signum", "status"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_signal_stops_the_workers_and_prints_the_partial_report(signum, status):
    with _session(_cli(*LONG, "--json")) as session:
        workers = session.workers(2)
        _poll(lambda: _games_done(session.read_terminal()) > 0, "a chunk to finish")
        os.kill(session.process.pid, signum)
        code, out, err = session.finish()
        _assert_all_gone(workers)
    name = signal.Signals(signum).name
    assert code == status, err
    report = json.loads(out)
    finished = report["partial"]["games_finished"]
    assert report["partial"] == {
        "games_finished": finished,
        "games_asked": 10**9,
        "stopped_by": name,
    }
    assert report["games"] == finished > 0
    assert finished % 1000 == 0  # whole chunks only
    assert sum(seat["win_share"] for seat in report["seats"]) == pytest.approx(finished)
    last = err.strip().splitlines()[-1]
    assert last == (
        f"unodice: stopped by {name} after {finished:,} of 1,000,000,000 games; "
        f"the report printed counts only those"
    ), err
    assert "Traceback" not in err


@pytest.mark.tooling
@posix_with_proc
def test_the_partial_text_report_says_it_is_partial():
    with _session(_cli(*LONG)) as session:
        workers = session.workers(2)
        _poll(lambda: _games_done(session.read_terminal()) > 0, "a chunk to finish")
        os.kill(session.process.pid, signal.SIGINT)
        code, out, err = session.finish()
        _assert_all_gone(workers)
    assert code == 130
    assert "Traceback" not in err
    first = out.splitlines()[0]
    finished = int(re.search(r"after ([\d,]+) of", first)[1].replace(",", ""))
    assert first == (
        f"PARTIAL REPORT, stopped by SIGINT after {finished:,} of 1,000,000,000 "
        f"games: it counts only the games that finished."
    )
    assert f"coverall: {finished:,} games, 2 players, seed 3" in out


@pytest.mark.tooling
@posix_with_proc
def test_a_signal_before_any_game_finished_still_stops_everything():
    with _session(_cli(*LONG, "--json"), terminal=False) as session:
        workers = session.workers(2)
        os.kill(session.process.pid, signal.SIGTERM)
        code, out, err = session.finish()
        _assert_all_gone(workers)
    assert code == 143
    assert json.loads(out)["partial"]["stopped_by"] == "SIGTERM"
    assert "Traceback" not in err


@pytest.mark.tooling
@posix_with_proc
def test_ctrl_c_to_the_whole_job_stops_it_cleanly():
    """A terminal sends SIGINT to every process of the job, workers included."""
    with _session(_cli(*LONG, "--json")) as session:
        workers = session.workers(2)
        _poll(lambda: _games_done(session.read_terminal()) > 0, "a chunk to finish")
        os.killpg(session.process.pid, signal.SIGINT)
        code, out, err = session.finish()
        _assert_all_gone(workers)
    assert code == 130
    assert json.loads(out)["partial"]["games_finished"] > 0
    assert "Traceback" not in err and "KeyboardInterrupt" not in err


@pytest.mark.tooling
@posix_with_proc
def test_a_killed_worker_is_one_line_and_status_1():
    with _session(_cli(*LONG), terminal=False) as session:
        workers = session.workers(2)
        victim = min(workers)
        os.kill(victim, signal.SIGKILL)
        code, out, err = session.finish()
        _assert_all_gone(workers)
    assert code == 1
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith(
        f"unodice: error: worker process {victim} was killed by SIGKILL "
        f"while it was playing games, so the simulation stopped"
    )
    assert "--workers 1" in err


# -- the Python API -------------------------------------------------------------------------------


def _script(body: str) -> list[str]:
    code = f"import sys\nsys.path.insert(0, {str(TESTS)!r})\n" + textwrap.dedent(body)
    return [sys.executable, "-c", code]


API_RUN = """
    import multiprocessing
    from stop_helpers import stuck_registry
    from unodice.play.simulation import SimulationInterrupted, simulate

    def progress(done, total):
        print(done, flush=True)

    try:
        simulate("stuck-race", 1000, players=2, workers=2, chunk_size=1,
                 registry=stuck_registry, progress=progress)
    except SimulationInterrupted as stop:
        print("interrupted", stop.report.games, stop.games,
              len(multiprocessing.active_children()), isinstance(stop, KeyboardInterrupt))
"""


@pytest.mark.tooling
@posix_with_proc
def test_ctrl_c_in_the_api_stops_the_workers_and_keeps_the_finished_games():
    """Each worker plays one game and is then stuck; Ctrl-C still ends it, with those games."""
    with _session(_script(API_RUN), terminal=False) as session:
        workers = session.workers(2)
        printed = b""
        while b"2\n" not in printed:  # both workers' first games are in
            ready = select.select([session.process.stdout], [], [], WAIT)[0]
            assert ready, "gave up waiting for the first games"
            chunk = os.read(session.process.stdout.fileno(), 4096)
            assert chunk, "the script ended early"
            printed += chunk
        os.kill(session.process.pid, signal.SIGINT)
        code, out, err = session.finish()
        _assert_all_gone(workers)
    assert code == 0, err
    assert printed.split() == [b"0", b"1", b"2"]
    assert out.split() == ["interrupted", "2", "1000", "0", "True"]


@pytest.mark.tooling
@posix_with_proc
def test_workers_end_on_their_own_when_the_caller_is_killed_outright():
    """SIGKILL cannot be caught: the workers notice their caller has gone, and end."""
    script = _script("""
        from stop_helpers import stuck_registry
        from unodice.play.simulation import simulate
        simulate("stuck-race", 1000, players=2, workers=2, chunk_size=1,
                 registry=stuck_registry)
    """)
    with _session(script, terminal=False) as session:
        workers = session.workers(2)
        os.kill(session.process.pid, signal.SIGKILL)
        session.process.wait(WAIT)
        _assert_all_gone(workers)


def test_an_interrupt_in_this_process_keeps_the_finished_chunks():
    seen = []

    def interrupt(done, total):
        seen.append(done)
        if done >= 6:
            raise KeyboardInterrupt

    with pytest.raises(simulation.SimulationInterrupted) as caught:
        simulate(
            "toy-race",
            50,
            players=2,
            seed=0,
            workers=1,
            chunk_size=3,
            registry=toy_registry,
            progress=interrupt,
        )
    assert caught.value.report.games == 6 and caught.value.games == 50
    assert str(caught.value) == "simulation interrupted after 6 of 50 games"
    assert (
        caught.value.report.tally
        == simulate("toy-race", 6, players=2, seed=0, workers=1, registry=toy_registry).tally
    )


def test_an_interrupt_on_dask_cancels_the_rest_and_leaves_the_client_working():
    distributed = pytest.importorskip("distributed")

    def interrupt(done, total):
        if done:
            raise KeyboardInterrupt

    with (
        distributed.LocalCluster(
            processes=False, n_workers=1, threads_per_worker=2, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        with pytest.raises(simulation.SimulationInterrupted) as caught:
            simulate(
                "toy-race",
                400,
                players=2,
                chunk_size=1,
                executor=client.get_executor(),
                registry=toy_registry,
                progress=interrupt,
            )
        assert client.submit(sum, [1, 2]).result() == 3
    assert caught.value.report.games == 1 and caught.value.games == 400


# -- bounds ---------------------------------------------------------------------------------------


def test_an_absurd_number_of_games_is_refused_before_any_work():
    with pytest.raises(InvalidOptions, match=r"games must be at most 1,000,000,000,000"):
        simulate("toy-race", 2**70, players=2, registry=toy_registry, workers=1)
    assert MAX_GAMES == 10**12


def test_the_limit_itself_is_accepted():
    stop = []

    def interrupt(done, total):
        stop.append(total)
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        simulate(
            "toy-race", MAX_GAMES, players=2, registry=toy_registry, workers=1, progress=interrupt
        )
    assert stop == [MAX_GAMES]


class _CountingPool(ThreadPoolExecutor):
    """A thread pool that records the most chunks it held at once (submitted, not yet done)."""

    def __init__(self, workers: int):
        super().__init__(max_workers=workers)
        self.most = 0
        self._held: list[Any] = []

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
        future = super().submit(fn, *args, **kwargs)
        self._held = [*(held for held in self._held if not held.done()), future]
        self.most = max(self.most, len(self._held))
        return future


def test_the_work_queue_is_bounded_whatever_the_number_of_games():
    with _CountingPool(2) as pool:
        report = simulate(
            "toy-race", 3000, players=2, chunk_size=1, executor=pool, registry=toy_registry
        )
    assert report.games == 3000
    assert 0 < pool.most <= simulation.PENDING_PER_WORKER * 2


def test_too_many_workers_are_capped_with_a_warning(monkeypatch):
    asked = []

    def pool(max_workers, **kwargs):  # a thread pool standing in for the processes
        asked.append(max_workers)
        return ThreadPoolExecutor(2)

    monkeypatch.setattr(simulation, "ProcessPoolExecutor", pool)
    with pytest.warns(RuntimeWarning, match="10000 worker processes asked for, more than"):
        report = simulate("toy-race", 20, players=2, workers=10_000, registry=toy_registry)
    assert report.games == 20
    assert asked == [simulation.max_workers()]
    assert simulation.max_workers() == 2 * simulation._cores()


def test_the_command_caps_workers_with_one_line(capsys):
    if simulation.max_workers() >= 150:
        pytest.skip("this machine can use 150 workers")
    status = main(
        ["simulate", "coverall", "--games", "4", "--workers", "150", "--json"], io.StringIO()
    )
    err = capsys.readouterr().err
    assert status == 0
    assert err == (
        f"unodice: warning: 150 worker processes asked for, more than this "
        f"machine can use: starting {simulation.max_workers()} "
        f"({simulation.WORKERS_PER_CORE} per core, {simulation._cores()} cores)\n"
    )


def test_a_reasonable_worker_count_gives_no_warning():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert simulate("toy-race", 6, players=2, workers=2, registry=toy_registry).games == 6


# -- command-line failures ------------------------------------------------------------------------


def test_a_failing_game_is_one_line_and_status_1(monkeypatch, capsys):
    monkeypatch.setattr(registry_module, "_default", failing_registry())
    status = main(["simulate", "failing-race", "--games", "3", "--workers", "1"], io.StringIO())
    err = capsys.readouterr().err
    assert status == 1
    assert err.count("\n") == 1
    assert re.match(
        r"unodice: error: game 0 of failing-race \(seed \d+\) failed: RuntimeError: "
        r"the dice fell off the table$",
        err.strip(),
    )


@pytest.mark.parametrize("address", ["notaurl", "tcp://", "foo://x:1"])
def test_a_scheduler_address_that_is_not_one_is_one_line_and_status_1(address, capsys):
    pytest.importorskip("distributed")
    status = main(["simulate", "coverall", "--games", "3", "--scheduler", address], io.StringIO())
    err = capsys.readouterr().err
    assert status == 1
    assert err.count("\n") == 1
    assert err.startswith(f"unodice: error: cannot reach the Dask scheduler at {address}: ")
    assert "tcp://host:8786" in err
