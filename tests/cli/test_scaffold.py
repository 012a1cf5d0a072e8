"""``unodice new-plugin``: the packages it writes follow the template and work as written."""

from __future__ import annotations

import ast
import io
import shutil
import subprocess
import sys
import tomllib
import warnings
from pathlib import Path

import pytest
from unpacked_plugins import (
    entry_points,
    imported,
    metadata_folder,
    registry_of,
    run_package_tests,
    run_with_package,
)

from unodice.cli.commands import main
from unodice.cli.scaffold import ScaffoldError, check_plugin_name, write_plugin
from unodice.core.game import new_game
from unodice.plugin import Inventory, Positions, Reference, Spaces, Text, Variant
from unodice.testing import check_variant

PACKAGE_MODULES = {
    "__init__",
    "options",
    "moves",
    "events",
    "state",
    "lookups",
    "rules",
    "refusals",
    "text",
    "positions",
    "spaces",
    "reference",
    "agents",
}
"""The modules of the package form (``docs/plugins/variant-anatomy.md``), less ``kernel`` and
``pictures``."""

CAPABILITIES = (Positions, Spaces, Text, Inventory, Reference)
"""The capabilities the variant written declares, by inheriting them."""

RULES_MODULE = {"module": "unodice_demo.demo", "package": "unodice_demo.rules"}
"""Where each form keeps the rules, with their clauses in its docstring."""


def new_plugin(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return main(["new-plugin", *argv], out), out.getvalue()


@pytest.fixture(scope="module", params=["module", "package"])
def variant_package(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Path:
    """A variant plugin ``demo`` in each layout, written once by the command for the tests
    that only read it."""
    folder = tmp_path_factory.mktemp(f"scaffold-{request.param}")
    status, _ = new_plugin("demo", "--layout", request.param, "--directory", str(folder))
    assert status == 0
    return folder / "unodice-demo"


def layout_of(package: Path) -> str:
    """The layout a package written by the fixture was written in."""
    return "package" if (package / "src" / "unodice_demo" / "rules.py").exists() else "module"


@pytest.fixture(scope="module")
def house_rule_package(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("scaffold")
    status, _ = new_plugin("twice", "--house-rule", "--directory", str(folder))
    assert status == 0
    return folder / "unodice-twice"


# -- the variant package ------------------------------------------------------------------------


def test_the_variant_package_has_the_files_of_its_layout(variant_package: Path):
    module = variant_package / "src" / "unodice_demo"
    expected = {"__init__", "demo"} if layout_of(variant_package) == "module" else PACKAGE_MODULES
    assert {path.stem for path in module.glob("*.py")} == expected
    assert (variant_package / "README.md").read_text().startswith("# unodice-demo")
    assert [path.name for path in (variant_package / "tests").iterdir()] == ["test_demo.py"]


def test_the_module_is_the_default_layout(tmp_path: Path):
    written = write_plugin("demo", tmp_path)
    assert [path.relative_to(tmp_path / "unodice-demo").as_posix() for path in written] == [
        "README.md",
        "pyproject.toml",
        "src/unodice_demo/__init__.py",
        "src/unodice_demo/demo.py",
        "tests/test_demo.py",
    ]


def test_the_variant_declares_its_capabilities_by_inheriting_them(variant_package: Path):
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        with imported(variant_package, "unodice_demo") as plugin:
            rules = plugin.Demo
            assert rules.__mro__[1] is Variant
            assert all(issubclass(rules, capability) for capability in CAPABILITIES)
            registry = registry_of(plugin, "demo")
            game = new_game("demo", players=2, seed=1, registry=registry)
            game.play(game.legal_moves()[0])
            assert game.position() and game.render()


def test_no_module_of_the_package_form_imports_the_rules_module(variant_package: Path):
    if layout_of(variant_package) == "module":
        pytest.skip("the one-module form has no rules module")
    for path in sorted((variant_package / "src" / "unodice_demo").glob("*.py")):
        if path.stem in ("__init__", "rules"):
            continue
        tree = ast.parse(path.read_text())
        imported_modules = {
            node.module or alias.name
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.level == 1
            for alias in node.names
        }
        assert "rules" not in imported_modules, path.name


def test_the_pyproject_declares_the_entry_point_and_the_test_extra(variant_package: Path):
    pyproject = tomllib.loads((variant_package / "pyproject.toml").read_text())
    assert pyproject["build-system"]["build-backend"] == "hatchling.build"
    assert pyproject["project"]["name"] == "unodice-demo"
    assert entry_points(variant_package) == {"demo": "unodice_demo"}
    assert any(
        need.startswith("pytest") for need in pyproject["project"]["optional-dependencies"]["test"]
    )
    assert pyproject["tool"]["hatch"]["build"]["targets"]["wheel"]["packages"] == [
        "src/unodice_demo"
    ]


def test_the_variant_passes_check_variant_against_its_reference(variant_package: Path):
    with imported(variant_package, "unodice_demo") as plugin:
        registry = registry_of(plugin, "demo")
        report = check_variant("demo", games=3, reference=True, registry=registry)
        assert report.ok and report.games == 3 * 3
        assert registry.agent("heuristic-demo").plugin == "demo"
        game = new_game("demo", players=2, seed=1, registry=registry)
        clauses = sys.modules[RULES_MODULE[layout_of(variant_package)]].__doc__ or ""
        assert all(f"**DEMO-{number} " in clauses for number in range(1, 5))
        assert game.variant.end_clause == "DEMO-4"


@pytest.mark.tooling
def test_the_variants_own_tests_pass_as_written(variant_package: Path, tmp_path: Path):
    result = run_package_tests(variant_package, metadata_folder(variant_package, tmp_path))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "15 passed" in result.stdout


@pytest.mark.tooling
def test_the_declared_entry_point_lists_the_variant(variant_package: Path, tmp_path: Path):
    result = run_with_package(
        variant_package, metadata_folder(variant_package, tmp_path), "-m", "unodice", "variants"
    )
    assert result.returncode == 0, result.stderr
    assert "demo  Demo (2–4 players, rules v1.0, from demo)" in result.stdout


# -- the house-rule package ---------------------------------------------------------------------


def test_the_house_rule_package_registers_one_rule_with_its_summary(house_rule_package: Path):
    assert entry_points(house_rule_package) == {"twice": "unodice_twice"}
    with imported(house_rule_package, "unodice_twice") as plugin:
        rule = registry_of(plugin, "twice").house_rule("twice")
        assert rule.summary == "centre-die: every score counts double"
        assert rule.variants == ("centre-die",)


@pytest.mark.tooling
def test_the_house_rules_own_tests_pass_as_written(house_rule_package: Path, tmp_path: Path):
    result = run_package_tests(house_rule_package, metadata_folder(house_rule_package, tmp_path))
    assert result.returncode == 0, result.stdout + result.stderr
    assert " passed" in result.stdout and "failed" not in result.stdout


# -- the code written is clean ------------------------------------------------------------------


@pytest.mark.tooling
@pytest.mark.parametrize("name", ["x", "my-race", "abcdef-ghijk", "zebra"])
def test_the_code_written_passes_ruff_with_its_own_settings(name: str, tmp_path: Path):
    if shutil.which("ruff") is None:
        pytest.skip("ruff is not installed")
    write_plugin(name, tmp_path)
    write_plugin(name, tmp_path / "package", layout="package")
    write_plugin(name, tmp_path / "rule", house_rule=True)
    for package in (
        tmp_path / f"unodice-{name}",
        tmp_path / "package" / f"unodice-{name}",
        tmp_path / "rule" / f"unodice-{name}",
    ):
        result = subprocess.run(
            ["ruff", "check", "--no-cache", "."],
            cwd=package,
            capture_output=True,
            text=True,
            check=False,
        )
        assert result.returncode == 0, result.stdout


@pytest.mark.tooling
def test_the_code_written_passes_mypy_strict(variant_package: Path, house_rule_package: Path):
    pytest.importorskip("mypy")
    for package in (variant_package, house_rule_package):
        result = subprocess.run(
            [sys.executable, "-m", "mypy", "--strict", "src"],
            cwd=package,
            capture_output=True,
            text=True,
            check=False,
        )
        assert result.returncode == 0, result.stdout


# -- what is refused ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("My-Race", "lower-case"),
        ("my_race", "lower-case"),
        ("2race", "starting with a letter"),
        ("race-", "lower-case"),
        ("a--b", "lower-case"),
        ("", "lower-case"),
        ("abcdefghijklm", "at most 12 characters"),
        ("coverall", "unodice's own"),
        ("none", "class None"),
        ("variant", "class Variant"),
        ("if", "cannot import"),
        ("hookimpl", "already uses the name hookimpl"),
    ],
)
def test_a_bad_name_is_a_usage_error_on_one_line(
    name: str, why: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
):
    with pytest.raises(ScaffoldError, match=why):
        check_plugin_name(name)
    with pytest.raises(SystemExit) as exit_:
        new_plugin(name, "--directory", str(tmp_path))
    assert exit_.value.code == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and why in error
    assert list(tmp_path.iterdir()) == []


def test_an_existing_folder_that_is_not_empty_is_refused_unless_forced(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
):
    mine = tmp_path / "unodice-demo" / "NOTES.txt"
    mine.parent.mkdir()
    mine.write_text("my notes")
    status, _ = new_plugin("demo", "--directory", str(tmp_path))
    assert status == 1
    assert "is not empty" in capsys.readouterr().err
    assert [path.name for path in mine.parent.iterdir()] == ["NOTES.txt"]
    status, text = new_plugin("demo", "--directory", str(tmp_path), "--force")
    assert status == 0 and "wrote 5 files" in text
    assert mine.read_text() == "my notes"
    assert (mine.parent / "src" / "unodice_demo" / "demo.py").is_file()
    status, text = new_plugin(
        "demo", "--layout", "package", "--directory", str(tmp_path), "--force"
    )
    assert status == 0 and "wrote 16 files" in text
    assert (mine.parent / "src" / "unodice_demo" / "rules.py").is_file()


def test_an_empty_existing_folder_is_written_into(tmp_path: Path):
    (tmp_path / "unodice-demo").mkdir()
    written = write_plugin("demo", tmp_path)
    assert tmp_path / "unodice-demo" / "pyproject.toml" in written


def test_a_file_in_the_way_is_refused(tmp_path: Path):
    (tmp_path / "unodice-demo").write_text("")
    with pytest.raises(ScaffoldError, match="not a folder"):
        write_plugin("demo", tmp_path)


def test_a_layout_is_for_a_variant(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    status, _ = new_plugin(
        "twice", "--house-rule", "--layout", "package", "--directory", str(tmp_path)
    )
    assert status == 1 and "--layout is for a variant" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exit_:
        new_plugin("demo", "--layout", "tree", "--directory", str(tmp_path))
    assert exit_.value.code == 2
    with pytest.raises(ScaffoldError, match="choose module or package"):
        write_plugin("demo", tmp_path, layout="tree")
    assert list(tmp_path.iterdir()) == []
