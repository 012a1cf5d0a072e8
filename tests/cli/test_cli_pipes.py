"""The command line writing to a reader that went away, or to no standard output at all.

Real processes, since the point is what the interpreter does with its own standard output. A
pipe whose reading end is closed before the command starts makes every write fail, so these
tests do not depend on timing. Each runs with and without ``PYTHONUNBUFFERED``: buffered, the
output is written only when the program ends, which is where an unhandled broken pipe used to
print "Exception ignored" and exit 120.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

try:
    import fcntl
except ImportError:  # not on every system
    fcntl = None  # type: ignore[assignment]

pytestmark = [
    pytest.mark.skipif(os.name != "posix", reason="pipes and file descriptors of POSIX"),
    pytest.mark.tooling,
]

COMMAND = [sys.executable, "-m", "unodice"]
QUIET_STOP = 1
"""The status of a command whose output could not be written (as Python's docs suggest)."""


@pytest.fixture(params=["buffered", "unbuffered"])
def env(request) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    if request.param == "unbuffered":
        env["PYTHONUNBUFFERED"] = "1"
    return env


def run_into_a_closed_pipe(argv: list[str], env: dict[str, str]) -> subprocess.CompletedProcess:
    reading, writing = os.pipe()
    os.close(reading)
    try:
        return subprocess.run(
            [*COMMAND, *argv],
            stdout=writing,
            stderr=subprocess.PIPE,
            stdin=subprocess.DEVNULL,
            env=env,
            timeout=120,
        )
    finally:
        os.close(writing)


@pytest.mark.parametrize(
    "argv",
    [
        ["variants"],
        ["variants", "--json"],
        ["plugins"],
        ["play", "coverall", "--seed", "1"],
        ["play", "dominoes", "--seed", "1", "--quiet"],
        ["--help"],
        ["--version"],
    ],
)
def test_output_to_a_closed_pipe_ends_quietly(argv, env):
    done = run_into_a_closed_pipe(argv, env)
    assert done.stderr == b""
    assert done.returncode in ((0, QUIET_STOP) if argv[0].startswith("--") else (QUIET_STOP,))


def test_a_reader_that_stops_after_one_line_ends_the_output_quietly(env):
    """``unodice play dominoes ... | head -1``: the writes after the reader left fail."""
    reading, writing = os.pipe()
    if fcntl is not None and hasattr(fcntl, "F_SETPIPE_SZ"):  # a pipe the output overflows
        fcntl.fcntl(writing, fcntl.F_SETPIPE_SZ, 4096)
    process = subprocess.Popen(
        # --verbose: a position before every decision, far more than the pipe holds.
        [*COMMAND, "play", "dominoes", "--seed", "1", "--players", "4", "--no-colour", "--verbose"],
        stdout=writing,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        env=env,
    )
    os.close(writing)
    with os.fdopen(reading, "rb") as reader:
        assert reader.readline().startswith(b"Uno dominoes: 4 players")
    _, err = process.communicate(timeout=120)
    assert err == b""
    assert process.returncode == QUIET_STOP


@pytest.mark.skipif(shutil.which("head") is None, reason="needs head")
def test_variants_piped_to_head_ends_quietly(env):
    """``unodice variants | head -c 1``, as two processes."""
    writer = subprocess.Popen(
        [*COMMAND, "variants"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        env=env,
    )
    assert writer.stdout is not None
    head = subprocess.Popen(["head", "-c", "1"], stdin=writer.stdout, stdout=subprocess.PIPE)
    writer.stdout.close()  # head holds the only reading end now
    first, _ = head.communicate(timeout=120)
    _, err = writer.communicate(timeout=120)
    assert len(first) == 1 and err == b""
    # The whole list may fit in the pipe before head leaves (0), or not (the quiet stop).
    assert writer.returncode in (0, QUIET_STOP)


def test_a_closed_standard_output_stops_quietly(env):
    """``unodice play coverall --seed 1 >&-``: there is nowhere to write at all."""
    for argv in (["play", "coverall", "--seed", "1"], ["variants"]):
        done = subprocess.run(
            [*COMMAND, *argv],
            stdout=None,
            stderr=subprocess.PIPE,
            stdin=subprocess.DEVNULL,
            env=env,
            timeout=120,
            preexec_fn=lambda: os.close(1),
        )
        assert done.stderr == b"", argv
        assert done.returncode == QUIET_STOP, argv
