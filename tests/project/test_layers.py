"""The import layers are contracts that fail when broken, and the docs say what they say.

``lint-imports`` checks the contracts of ``pyproject.toml``. These tests run it on a copy of the
source tree, unchanged and with a forbidden import added, so they show the contracts both pass
and catch a break. The "Architecture" page draws the same layers and lists the same contracts,
in tables a test compares with ``pyproject.toml``; and every variant package's modules import
one another without a cycle.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import pytest
from paths import ROOT

import unodice

ARCHITECTURE = ROOT / "docs" / "architecture.md"

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
    for contract in _contracts():
        assert f"{contract['name']} KEPT" in result.stdout


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


# -- the architecture page ------------------------------------------------------------------------


def _contracts() -> list[dict[str, Any]]:
    with (ROOT / "pyproject.toml").open("rb") as stream:
        contracts: list[dict[str, Any]] = tomllib.load(stream)["tool"]["importlinter"]["contracts"]
    return contracts


def _contract(contract_id: str) -> dict[str, Any]:
    return next(contract for contract in _contracts() if contract["id"] == contract_id)


def _table(marker: str) -> list[list[str]]:
    """The rows of the table after ``<!-- marker: ... -->`` on the page, as lists of cells."""
    lines = ARCHITECTURE.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"<!-- {marker}:"))
    rows = []
    for line in lines[start + 1 :]:
        if not line.strip() and not rows:
            continue
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
    return rows[2:]  # past the header and the line under it


def _names(cell: str) -> list[str]:
    return re.findall(r"`([^`]+)`", cell)


def _layer(text: str) -> tuple[list[str], str]:
    """A layer of a ``layers`` contract: its modules, and how they stand side by side."""
    if "|" in text:
        return [name.strip() for name in text.split("|")], "independent"
    if ":" in text:
        return [name.strip() for name in text.split(":")], "may import each other"
    return [text.strip()], ""


@pytest.mark.parametrize("contract_id", ["layers", "engine"])
def test_the_architecture_page_draws_the_layers_of_each_layers_contract(contract_id):
    rows = _table(contract_id)
    layers = [_layer(text) for text in _contract(contract_id)["layers"]]
    assert [row[0] for row in rows] == [str(number) for number in range(1, len(layers) + 1)]
    assert [(_names(row[1]), row[2]) for row in rows] == layers


def test_the_architecture_page_lists_every_contract_as_pyproject_has_it():
    rows = {_names(row[0])[0]: row for row in _table("contracts")}
    contracts = {contract["id"]: contract for contract in _contracts()}
    assert list(rows) == list(contracts)
    for contract_id, contract in contracts.items():
        _, kind, sources, targets, words = rows[contract_id]
        assert kind == contract["type"], contract_id
        assert words, f"{contract_id}: say what it means"
        if contract["type"] == "forbidden":
            assert _names(sources) == contract["source_modules"], contract_id
            assert _names(targets) == contract["forbidden_modules"], contract_id
        elif contract["type"] == "independence":
            assert not sources
            assert _names(targets) == contract["modules"], contract_id
        else:
            assert contract["type"] == "layers"
            assert not sources and not targets, contract_id


def test_the_architecture_page_names_every_import_a_contract_lets_through():
    page = ARCHITECTURE.read_text(encoding="utf-8")
    for contract in _contracts():
        for ignored in contract.get("ignore_imports", []):
            importer = ignored.split("->")[0].strip()
            assert f"`{importer}`" in page, f"{contract['id']}: say why {ignored} is let through"


def test_the_architecture_page_is_in_the_nav():
    assert "architecture.md" in (ROOT / "mkdocs.yml").read_text(encoding="utf-8")


# -- no cycle inside a variant package -------------------------------------------------------------


def _variant_packages() -> list[str]:
    """The package of every installed variant (the built-in ones, and plugins such as pig)."""
    packages = set()
    for info in unodice.available_variants().values():
        module = info.variant_class.__module__
        spec = importlib.util.find_spec(module)
        is_package = spec is not None and spec.submodule_search_locations is not None
        package = module if is_package else module.rpartition(".")[0]
        if package:
            packages.add(package)
    return sorted(packages)


def _cycles(edges: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """The cycles of a graph, as its strongly connected components of more than one module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for other in edges[module]:
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in on_stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            component = []
            while True:
                other = stack.pop()
                on_stack.discard(other)
                component.append(other)
                if other == module:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for module in sorted(edges):
        if module not in index:
            visit(module)
    return found


@pytest.fixture(scope="module")
def import_graph() -> Any:
    grimp = pytest.importorskip("grimp")
    tops = sorted({package.split(".")[0] for package in _variant_packages()})
    # Imports made only for the type checker count: a cycle through them is still a cycle.
    return grimp.build_graph(*tops, exclude_type_checking_imports=False, cache_dir=None)


@pytest.mark.parametrize("package", _variant_packages())
def test_no_variant_package_has_an_import_cycle_inside_it(package, import_graph):
    modules = {m for m in import_graph.modules if m == package or m.startswith(package + ".")}
    edges = {
        module: sorted(set(import_graph.find_modules_directly_imported_by(module)) & modules)
        for module in modules
    }
    assert _cycles(edges) == [], f"{package}: modules that import each other in a cycle"


def test_the_cycle_finder_finds_a_cycle_and_only_a_cycle():
    assert _cycles({"a": ["b"], "b": ["c"], "c": ["a"], "d": ["a"]}) == [["a", "b", "c"]]
    assert _cycles({"a": ["b"], "b": [], "c": ["a", "b"]}) == []
