"""The benchmark script runs from a clone and reports figures that hang together.

It is run here on tiny settings, as its README says a newcomer would run it: its speeds are not
checked (the suite has no timed tests), only that every figure is there and consistent.
"""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import sys
from typing import Any

import pytest
from paths import ROOT

import unodice
from unodice._version import COMPILED

SCRIPT = ROOT / "benchmarks" / "bench.py"


# The build installed here: measuring it builds nothing (the other would be built with mypyc).
INSTALLED = "compiled" if unodice.build_kind() == COMPILED else "pure"


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


@pytest.mark.skipif(not SCRIPT.exists(), reason="the benchmarks folder is not in this tree")
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


@pytest.mark.skipif(not SCRIPT.exists(), reason="the benchmarks folder is not in this tree")
def test_the_benchmark_names_a_variant_that_is_not_installed():
    done = bench("--variants", "coverall,no-such-game")
    assert done.returncode == 2
    assert "not installed: no-such-game" in done.stderr


@pytest.mark.skipif(not SCRIPT.exists(), reason="the benchmarks folder is not in this tree")
def test_the_benchmark_names_the_builds_it_measures():
    done = bench("--builds", "pure,fast")
    assert done.returncode == 2
    assert "--builds takes pure and compiled, not fast" in done.stderr


@pytest.mark.skipif(not SCRIPT.exists(), reason="the benchmarks folder is not in this tree")
@pytest.mark.skipif(shutil.which("valgrind") is None, reason="valgrind is not installed")
def test_the_instruction_count_is_steady_from_run_to_run():
    module = load_script()
    first = module.instructions_per_decision("coverall", None, 8)
    assert first is not None and first > 1_000  # a decision is thousands of instructions
    # With address-space randomisation off the counts are equal; where setarch cannot turn it
    # off, the layout of memory moves them by a few per cent.
    assert module.instructions_per_decision("coverall", None, 8) == pytest.approx(first, rel=0.05)


@pytest.mark.skipif(not SCRIPT.exists(), reason="the benchmarks folder is not in this tree")
def test_a_compiled_tree_is_built_again_when_the_modules_to_compile_change():
    module = load_script()
    sources = module.compiled_sources()
    key = module.tree_key(sources, "1.0")
    assert module.tree_key(list(sources), "1.0") == key
    assert module.tree_key([*sources, "src/unodice/core/chance.py"], "1.0") != key
    assert module.tree_key(sources[1:], "1.0") != key
    assert module.tree_key(sources, "2.0") != key
