"""The dominoes package has the shape of every variant: capabilities inherited, no import cycle.

``UnoDominoes`` declares each optional capability by inheriting the class of the module of that
name (resampling and the inventory it implements itself), so importing it gives no warning; and
no module of the package imports ``rules``, so its imports run one way.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from unodice.core.capabilities import CAPABILITIES, Matches
from unodice.variants.dominoes.pictures import DominoesPictures
from unodice.variants.dominoes.positions import DominoesPositions
from unodice.variants.dominoes.reference import DominoesReference
from unodice.variants.dominoes.rules import UnoDominoes
from unodice.variants.dominoes.spaces import DominoesSpaces
from unodice.variants.dominoes.text import DominoesText

PACKAGE = "unodice.variants.dominoes"


def test_the_variant_inherits_every_capability() -> None:
    # Matches too: whole matches between built-in agents in the native engine.
    for capability in CAPABILITIES:
        assert issubclass(UnoDominoes, capability), capability.__name__
    assert issubclass(UnoDominoes, Matches)
    for own in (DominoesPositions, DominoesPictures, DominoesSpaces, DominoesText):
        assert issubclass(UnoDominoes, own)
    assert issubclass(UnoDominoes, DominoesReference)


def test_importing_the_package_gives_no_deprecation_warning() -> None:
    result = subprocess.run(
        [sys.executable, "-W", "error::DeprecationWarning", "-c", f"import {PACKAGE}"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr


def test_no_module_of_the_package_imports_rules_and_no_import_cycle() -> None:
    grimp = pytest.importorskip("grimp")
    graph = grimp.build_graph("unodice")
    modules = sorted(name for name in graph.modules if name.startswith(PACKAGE + "."))
    assert graph.find_modules_that_directly_import(PACKAGE + ".rules") == {PACKAGE}
    inside = {
        module: {
            imported
            for imported in graph.find_modules_directly_imported_by(module)
            if imported in modules
        }
        for module in modules
    }
    # Every module can be put in an order where each imports only modules before it.
    placed: list[str] = []
    while len(placed) < len(modules):
        ready = [m for m in modules if m not in placed and inside[m] <= set(placed)]
        assert ready, f"an import cycle among {sorted(set(modules) - set(placed))}"
        placed += ready
