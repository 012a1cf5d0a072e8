"""The import layers are contracts that fail when broken.

``lint-imports`` checks the contracts of ``pyproject.toml``. These tests run it on a copy of the
source tree, unchanged and with a forbidden import added, so they show the contracts both pass
and catch a break.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from paths import ROOT


def _copy_tree(to: Path) -> Path:
    shutil.copytree(ROOT / "src", to / "src", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", to / "pyproject.toml")
    return to


def _lint_imports(tree: Path) -> subprocess.CompletedProcess[str]:
    linter = shutil.which("lint-imports", path=os.path.dirname(sys.executable))
    linter = linter or shutil.which("lint-imports")
    if linter is None:
        pytest.fail("lint-imports is not installed (it is in the test extra)")
    env = {**os.environ, "PYTHONPATH": str(tree / "src")}
    return subprocess.run(
        [linter, "--no-cache", "--no-logo", str(tree / "pyproject.toml")],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _copy_tree(tmp_path_factory.mktemp("layers"))


def test_the_contracts_hold_on_the_source_tree(tree):
    result = _lint_imports(tree)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "BROKEN" not in result.stdout
    assert "Layers: imports only point down KEPT" in result.stdout
    assert "Inside the engine: imports only point down KEPT" in result.stdout


def _add_import(tree: Path, module: str, line: str) -> None:
    path = tree / "src" / "unodice" / module
    path.write_text(path.read_text() + f"\n\n{line}  # a forbidden import\n")


def test_the_game_importing_records_breaks_the_contracts(tmp_path):
    tree = _copy_tree(tmp_path)
    _add_import(tree, "core/game.py", "import unodice.records.record")
    result = _lint_imports(tree)
    assert result.returncode != 0
    assert "Layers: imports only point down BROKEN" in result.stdout
    assert "unodice.core.game -> unodice.records.record" in result.stdout


def test_the_engine_importing_setup_from_below_breaks_the_contracts(tmp_path):
    """Only the game may name setup (for the names that first lived in it), and only lazily."""
    tree = _copy_tree(tmp_path)
    _add_import(tree, "core/recording.py", "import unodice.core.setup")
    result = _lint_imports(tree)
    assert result.returncode != 0
    assert "Inside the engine: imports only point down BROKEN" in result.stdout
    assert "unodice.core.recording -> unodice.core.setup" in result.stdout


def test_argparse_below_the_cli_breaks_the_terminal_contract(tmp_path):
    tree = _copy_tree(tmp_path)
    _add_import(tree, "play/stats.py", "import argparse")
    result = _lint_imports(tree)
    assert result.returncode != 0
    assert "Only the command line knows the terminal BROKEN" in result.stdout
    assert "unodice.play.stats -> argparse" in result.stdout
