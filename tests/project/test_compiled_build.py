"""The compiled build: it compiles the modules it lists, says so, and keeps attrs' equality.

These tests run on either build (CI runs the whole suite on both): what they check is that the
build that runs is the one it says, and that ``pyproject.toml``'s list of compiled modules is
the list of modules loaded compiled.
"""

from __future__ import annotations

import ast
import tomllib
from importlib.machinery import EXTENSION_SUFFIXES
from importlib.util import find_spec
from pathlib import Path

import attrs
import pytest
from paths import ROOT

import unodice
from unodice._version import COMPILED, NATIVE, PURE
from unodice.cli.commands import main
from unodice.core.hooks import hookimpl
from unodice.variants.dominoes.state import Snapshot

PYPROJECT = ROOT / "pyproject.toml"


def compiled_sources() -> list[Path]:
    """The source files the compiled build compiles, as ``pyproject.toml`` lists them."""
    config = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))
    hook = config["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["mypyc"]
    return [ROOT / path for path in hook["include"]]


def module_name(source: Path) -> str:
    return ".".join(source.relative_to(ROOT / "src").with_suffix("").parts)


def is_extension(module: str) -> bool:
    spec = find_spec(module)
    assert spec is not None and spec.origin is not None
    return spec.origin.endswith(tuple(EXTENSION_SUFFIXES))


needs_pyproject = pytest.mark.skipif(not PYPROJECT.exists(), reason="no pyproject.toml here")


@needs_pyproject
def test_the_listed_modules_are_all_compiled_or_none_are():
    modules = [module_name(source) for source in compiled_sources()]
    assert "unodice.core.history" in modules
    compiled = {module: is_extension(module) for module in modules}
    expected = unodice.build_kind() == COMPILED
    assert compiled == dict.fromkeys(modules, expected)


def test_moves_events_options_and_what_plugins_subclass_stay_plain_python():
    # Plugins subclass Variant and State, and moves, events and options are attrs and Value
    # classes: none of them is compiled, in either build.
    for module in (
        "unodice.core.variant",
        "unodice.core.moves",
        "unodice.core.values",
        "unodice.core.options",
        "unodice.variants.dominoes.events",
        "unodice.variants.coverall.moves",
    ):
        assert not is_extension(module), module


def test_the_version_names_the_build_that_runs(capsys):
    assert unodice.build_kind() in (COMPILED, NATIVE, PURE)
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out.strip() == (
        f"unodice {unodice.__version__} ({unodice.build_kind()})"
    )


def attrs_classes_without_their_own_eq(source: Path) -> list[str]:
    """Classes of ``source`` made by an attrs decorator that do not define ``__eq__``."""
    tree = ast.parse(source.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.ClassDef):
            continue
        by_attrs = any("attrs" in ast.unparse(decorator) for decorator in node.decorator_list)
        defines_eq = any(
            isinstance(item, ast.FunctionDef) and item.name == "__eq__" for item in node.body
        )
        if by_attrs and not defines_eq:
            found.append(f"{module_name(source)}.{node.name}")
    return found


@needs_pyproject
def test_every_attrs_class_in_a_compiled_module_defines_its_own_equality():
    # mypyc compiles == between two instances of a class declaring no __eq__ as identity: it
    # does not see the equality attrs generates, so such a class must write its own.
    missing = [
        name for source in compiled_sources() for name in attrs_classes_without_their_own_eq(source)
    ]
    assert not missing


def test_the_written_out_equality_is_attrs_equality():
    lay = unodice.new_game("dominoes", seed=1).variant._lookups.lays[0][0]
    twin = attrs.evolve(lay)
    assert twin is not lay and twin == lay and hash(twin) == hash(lay)
    assert lay != attrs.evolve(lay, far_accepts=lay.far_accepts + 1)
    first, second = Snapshot((), (1, 2), (), 3), Snapshot((), (1, 2), (), 3)
    assert first == second and hash(first) == hash(second)
    assert first != Snapshot((), (1, 2), (), 4) and first != ((), (1, 2), (), 3)


@pytest.mark.parametrize("variant", ["coverall", "centre-die", "dominoes"])
def test_a_plugin_subclasses_a_built_in_variant_in_plain_python(variant):
    """A plugin's own version of a built-in variant's rules works with either build."""
    base = unodice.core.registry.default_registry().variant(variant).variant_class

    class Quicker(base):  # type: ignore[misc,valid-type]
        title = "a plugin's version"

        def legal_moves(self, state):  # overrides a method the compiled rules call
            return super().legal_moves(state)[:1]

    class QuickerPlugin:
        @hookimpl
        def unodice_register(self, registry):
            registry.add_variant(Quicker)

    registry = unodice.core.registry.Registry()
    registry.add_plugin(QuickerPlugin(), "quicker")
    game = unodice.new_game(variant, seed=3, registry=registry)
    assert type(game.variant) is Quicker and len(game.legal_moves()) == 1
    for _ in range(20):
        if game.is_over:
            break
        game.play(game.legal_moves()[0])
