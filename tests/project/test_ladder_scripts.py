"""The ladder and the seat-advantage study run, and write their tables into their pages.

Each script is run as its page says, on its ``--quick`` budget (a handful of games a cell), and
writes into a copy of the page: the tables must be there, between the markers, with the
page's prose kept. Their figures are not checked: at four games a cell they say nothing, and
the full runs are for people to read. The discovery of the ladder's bots and the writing
between markers are checked in this process.
"""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from paths import ROOT

LADDER = ROOT / "benchmarks" / "ladder.py"
SEATS = ROOT / "benchmarks" / "seats.py"

needs_scripts = pytest.mark.skipif(
    not (LADDER.exists() and SEATS.exists()), reason="the benchmarks folder is not in this tree"
)


def load(path: Path) -> Any:
    """A script, imported as a module."""
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run(script: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(script), *argv],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        cwd=ROOT,
    )


@needs_scripts
def test_the_ladder_finds_the_registered_bots_of_each_variant():
    ladder = load(LADDER)
    assert ladder.builtin_variants() == ["centre-die", "coverall", "dominoes"]
    bots, left = ladder.ladder_bots("centre-die", ladder.game_options("centre-die", False))
    # unodice's own bots, the variant's heuristic once (as ``heuristic``), nothing of another
    # variant's; a bot of another game that is installed is left off with its reason.
    assert {"random", "greedy", "heuristic", "ismcts"} <= set(bots)
    assert not any(name.endswith(("-coverall", "-dominoes", "-centre-die")) for name in bots)
    assert "heuristic-centre-die" not in left
    assert all(reason for reason in left.values())


@needs_scripts
def test_the_tables_go_between_their_markers_and_the_prose_stays(tmp_path):
    ladder = load(LADDER)
    page = tmp_path / "page.md"
    page.write_text(
        "prose before\n<!-- ladder:coverall:start -->\nold\n<!-- ladder:coverall:end -->\n"
        "prose after\n",
        encoding="utf-8",
    )
    ladder.write(page, {"coverall": "new table", "dominoes": "another"})
    text = page.read_text(encoding="utf-8")
    assert "old" not in text
    assert "<!-- ladder:coverall:start -->\nnew table\n<!-- ladder:coverall:end -->" in text
    assert text.startswith("prose before\n") and "prose after" in text
    # a variant without markers is added at the end, with them
    assert text.rstrip().endswith("another\n<!-- ladder:dominoes:end -->")
    ladder.write(page, {"coverall": "newer"})
    assert page.read_text(encoding="utf-8").count("ladder:coverall:start") == 1


@pytest.mark.tooling
@needs_scripts
def test_the_ladder_command_runs_and_writes_its_page(tmp_path):
    page = tmp_path / "ladder.md"
    shutil.copy(ROOT / "docs" / "ladder.md", page)
    done = run(
        LADDER, "--quick", "--workers", "1", "--variants", "centre-die", "--write", str(page)
    )
    assert done.returncode == 0, done.stderr
    assert "| bot | 2 players: share vs heuristic [95%] |" in done.stdout
    text = page.read_text(encoding="utf-8")
    block = text.split("<!-- ladder:centre-die:start -->")[1].split(
        "<!-- ladder:centre-die:end -->"
    )[0]
    for bot in ("random", "greedy", "heuristic", "ismcts"):
        assert f"| `{bot}` |" in block
    assert "options: rounds=1" in block
    assert "iterations" in block  # the budget of ismcts
    assert text.startswith("# Bot ladder")  # the prose is kept
    assert "<!-- ladder:dominoes:start -->" in text  # the other variants' markers too


@pytest.mark.tooling
@needs_scripts
def test_the_seat_study_command_runs_and_writes_its_page(tmp_path):
    page = tmp_path / "simulation.md"
    shutil.copy(ROOT / "docs" / "simulation.md", page)
    done = run(SEATS, "--quick", "--workers", "1", "--players", "2,3", "--write", str(page))
    assert done.returncode == 0, done.stderr
    text = page.read_text(encoding="utf-8")
    for variant in ("centre-die", "coverall", "dominoes"):
        start, end = f"<!-- seats:{variant}:start -->", f"<!-- seats:{variant}:end -->"
        assert text.count(start) == 1 and text.count(end) == 1
        block = text.split(start)[1].split(end)[0]
        assert "| bots | form | players | par | seat 0 | seat 1 | seat 2 |" in block
        assert f"unodice simulate {variant} --games 20" in block
        forms = 1 if variant == "coverall" else 2  # whole matches, and single rounds
        openers = 2 if variant == "dominoes" else 0  # who opened each single round
        assert block.count("\n| heuristic |") == block.count("\n| random |") == 2 * forms + openers
        assert ("the opener's share of single rounds" in block) == (variant == "dominoes")
    assert text.startswith("# Simulation")


@pytest.mark.tooling
@needs_scripts
def test_openspiels_ismcts_plays_the_heuristic_under_each_final_policy():
    pytest.importorskip("pyspiel")
    script = ROOT / "benchmarks" / "openspiel_ismcts.py"
    done = run(script, "--games", "2", "--simulations", "4", "--workers", "1")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert "against heuristic: centre-die (rounds=1), 2 games" in lines[0]
    for final in ("MAX_VISIT_COUNT", "MAX_VALUE"):
        (said,) = [line for line in lines if f"final policy {final}: share " in line]
        assert " ms a decision " in said
