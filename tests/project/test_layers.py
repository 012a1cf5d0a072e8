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

pytestmark = pytest.mark.tooling


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
    assert "The game does not import records KEPT" in result.stdout


def test_the_game_importing_records_breaks_the_contracts(tmp_path):
    tree = _copy_tree(tmp_path)
    game = tree / "src" / "unodice" / "game.py"
    game.write_text(game.read_text() + "\n\nimport unodice.records.record  # a forbidden import\n")
    result = _lint_imports(tree)
    assert result.returncode != 0
    assert "The game does not import records BROKEN" in result.stdout
    assert "unodice.core.game -> unodice.records.record" in result.stdout
    assert "Layers: imports only point down BROKEN" in result.stdout


def test_argparse_below_the_cli_breaks_the_terminal_contract(tmp_path):
    tree = _copy_tree(tmp_path)
    stats = tree / "src" / "unodice" / "stats.py"
    stats.write_text(stats.read_text() + "\n\nimport argparse  # a forbidden import\n")
    result = _lint_imports(tree)
    assert result.returncode != 0
    assert "Only the CLI knows the terminal BROKEN" in result.stdout
    assert "unodice.play.stats -> argparse" in result.stdout
