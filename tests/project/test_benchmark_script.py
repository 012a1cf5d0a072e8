"""The benchmark script runs from a clone and reports figures that hang together.

The default run checks the script's logic in this process: its answers to bad arguments and the
arithmetic of the instruction count. The tooling tier runs the script itself on tiny settings,
as its README says a newcomer would run it: its speeds are not checked (the suite has no timed
tests), only that every figure is there and consistent. Counting instructions under valgrind
takes minutes, so the check that the count is steady from run to run is marked ``benchmark`` and
runs in CI's benchmark step (``pytest -m benchmark``).
"""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from paths import ROOT

import unodice
from unodice._version import NATIVE

SCRIPT = ROOT / "benchmarks" / "bench.py"


# The build installed here, as ``--builds`` names it.
INSTALLED = "native" if unodice.build_kind() == NATIVE else "pure"


def load_script() -> Any:
    """The benchmark script, imported as a module."""
    spec = importlib.util.spec_from_file_location("bench", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def bench(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), "--no-rlcard", *argv],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


needs_script = pytest.mark.skipif(
    not SCRIPT.exists(), reason="the benchmarks folder is not in this tree"
)


@pytest.mark.tooling
@needs_script
def test_the_benchmark_reports_every_figure_for_each_variant():
    done = bench(
        "--variants",
        "coverall,dominoes",
        "--decisions",
        "300",
        "--repeats",
        "1",
        "--live-games",
        "20",
        "--workers",
        "2",
        "--scale-decisions",
        "600",
        "--json",
        "--builds",
        INSTALLED,
        "--no-instructions",
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert [row["variant"] for row in report["variants"]] == ["coverall", "dominoes"]
    assert report["rlcard"] is None and report["repeats"] == 1
    assert report["builds"] == [INSTALLED]
    for row in report["variants"]:
        assert row["build"] == unodice.build_kind()
        assert row["decisions_per_s"] > 0 and row["games_per_s"] > 0
        assert row["decisions_per_game"] == pytest.approx(
            row["decisions_per_s"] / row["games_per_s"]
        )
        assert row["copies_per_s"] > 0 and row["records_per_s"] > 0
        assert row["search_copies_per_s"] > 0 and row["determinizations_per_s"] > 0
        assert row["instructions_per_decision"] is None  # not asked for
        assert row["env_steps_per_s"] > 0  # the rl extra is part of the test extra
        assert 0 < row["mb_per_10000_new_games"] < row["mb_per_10000_games"]
        scale = row["simulate"]
        assert scale["workers"] == 2 and scale["games"] > 0
        assert scale["speedup"] == pytest.approx(scale["seconds_1"] / scale["seconds_w"])


@needs_script
def test_the_benchmark_names_a_variant_that_is_not_installed(capsys):
    module = load_script()
    assert module.main(["--no-rlcard", "--variants", "coverall,no-such-game"]) == 2
    assert "not installed: no-such-game" in capsys.readouterr().err


@needs_script
def test_the_benchmark_names_the_builds_it_measures(capsys):
    module = load_script()
    with pytest.raises(SystemExit) as exit_:
        module.parse_arguments(["--builds", "pure,fast"])
    assert exit_.value.code == 2
    assert "--builds takes pure, native, not fast" in capsys.readouterr().err


def callgrind_answers(*answers: tuple[int, str]) -> tuple[list[Any], Any]:
    """A stand-in for ``subprocess.run`` answering as callgrind would, and the calls it got."""
    calls: list[Any] = []
    waiting = list(answers)

    def run(command: list[str], **options: Any) -> subprocess.CompletedProcess[str]:
        calls.append((command, options))
        status, stderr = waiting.pop(0)
        return subprocess.CompletedProcess(command, status, "", stderr)

    return calls, run


@needs_script
def test_the_instruction_count_leaves_out_start_up(monkeypatch):
    """Two runs, of 8 and 24 decisions: the difference over 16 is the count per decision."""
    module = load_script()
    monkeypatch.setattr(module.shutil, "which", lambda name: f"/usr/bin/{name}")
    calls, run = callgrind_answers(
        (0, "==1== Collected : 1000000"), (0, "==2== Collected : 1160000")
    )
    monkeypatch.setattr(module.subprocess, "run", run)
    assert module.instructions_per_decision("coverall", None, 8) == 10_000
    (first, options), (second, _) = calls
    assert first[:3] == ["/usr/bin/setarch", module.platform.machine(), "-R"]
    assert first[3:5] == ["/usr/bin/valgrind", "--tool=callgrind"]
    assert first[-4:-1] == ["coverall", "0", "8"] and second[-4:-1] == ["coverall", "0", "24"]
    # the counted games are the measured ones: on the native engine in the native build
    expected = "native" if module.native_games("coverall") else "python"
    assert first[-1] == second[-1] == expected
    assert options["env"]["PYTHONHASHSEED"] == "0"


@needs_script
def test_the_instruction_count_is_none_without_valgrind_or_when_callgrind_fails(monkeypatch):
    module = load_script()
    monkeypatch.setattr(module.shutil, "which", lambda name: None)
    assert module.instructions_per_decision("coverall", None, 8) is None
    monkeypatch.setattr(module.shutil, "which", lambda name: f"/usr/bin/{name}")
    _, run = callgrind_answers((1, "valgrind: no such tool"))
    monkeypatch.setattr(module.subprocess, "run", run)
    assert module.instructions_per_decision("coverall", None, 8) is None


@pytest.mark.benchmark
@needs_script
@pytest.mark.skipif(shutil.which("valgrind") is None, reason="valgrind is not installed")
def test_the_instruction_count_is_steady_from_run_to_run():
    module = load_script()
    # The two counts are taken side by side, each in processes of its own under callgrind.
    with ThreadPoolExecutor(2) as pool:
        first, second = pool.map(
            lambda _: module.instructions_per_decision("coverall", None, 8), range(2)
        )
    assert first is not None and first > 1_000  # a decision is thousands of instructions
    # With address-space randomisation off the counts are equal; where setarch cannot turn it
    # off, the layout of memory moves them by a few per cent.
    assert second == pytest.approx(first, rel=0.05)
