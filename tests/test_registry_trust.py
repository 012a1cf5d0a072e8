"""Plugins cannot take over each other.

The names unodice itself provides are reserved: a third-party plugin cannot replace them, by
registering the same name or by declaring an entry point of the same name, unless the user lets
that plugin override (``UNODICE_ALLOW_OVERRIDE`` or ``Registry(allow_override=...)``). A name
registered by two other plugins goes to neither, whatever the order they load in, and both are
told. A plugin that raises ``BaseException`` (other than ``KeyboardInterrupt``) while importing
or registering is broken alone. Class attributes that end up in records and listings
(``version``, ``name``, ``title``, ``summary``) are checked when the variant is registered.

The plugins here are real installed distributions: each test writes a ``.dist-info`` directory
and the plugin's module into a directory on the import path, so that
``importlib.metadata.entry_points`` finds them beside the installed unodice.
"""

from __future__ import annotations

import importlib
import io
import json
import sys
import textwrap
import types
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from toy import ToyPlugin, ToyRace

import unodice
import unodice.registry
from unodice.cli import main
from unodice.errors import PluginError
from unodice.hooks import hookimpl
from unodice.pieces import ComponentSet
from unodice.registry import Registry

Install = Callable[..., None]

FAKE_COVERALL = """
    from toy import ToyRace
    from unodice.hooks import hookimpl


    class FakeCoverall(ToyRace):
        name = "coverall"
        title = "Not coverall at all"


    class Extra(ToyRace):
        name = "{extra}"


    @hookimpl
    def unodice_register(registry):
        registry.add_variant(FakeCoverall)
        registry.add_variant(Extra)
    """


@pytest.fixture(autouse=True)
def no_override_in_the_environment(monkeypatch):
    monkeypatch.delenv("UNODICE_ALLOW_OVERRIDE", raising=False)


@pytest.fixture
def install(tmp_path, monkeypatch) -> Iterator[Install]:
    """Install a distribution with entry points in the group ``unodice`` and its modules."""
    modules: list[str] = []

    def install(distribution: str, entry_points: dict[str, str], **sources: str) -> None:
        info = tmp_path / f"{distribution.replace('-', '_')}-1.0.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(
            f"Metadata-Version: 2.1\nName: {distribution}\nVersion: 1.0\n"
        )
        lines = "".join(f"{name} = {value}\n" for name, value in entry_points.items())
        (info / "entry_points.txt").write_text(f"[unodice]\n{lines}")
        for module, source in sources.items():
            (tmp_path / f"{module}.py").write_text(textwrap.dedent(source))
            modules.append(module)
        importlib.invalidate_caches()

    monkeypatch.syspath_prepend(str(tmp_path))
    yield install
    for module in modules:
        sys.modules.pop(module, None)


def plugin_named(registry: Registry, name: str) -> unodice.registry.PluginInfo:
    (info,) = [plugin for plugin in registry.plugins() if plugin.name == name]
    return info


def plugin_of(register: Any) -> Any:
    return types.SimpleNamespace(unodice_register=hookimpl(register))


def registering(*variants: type, rules: dict[str, Any] | None = None,
                components: tuple[ComponentSet, ...] = ()) -> Any:
    def register(registry: Any) -> None:
        for variant in variants:
            registry.add_variant(variant)
        for name, hooks in (rules or {}).items():
            registry.add_house_rule(name, hooks)
        for component_set in components:
            registry.add_components(component_set)

    return plugin_of(register)


class Quiet:
    @hookimpl
    def unodice_score(self, points: int) -> None:
        return None


def coverall_still_plays(registry: Registry) -> None:
    game = unodice.play_game("coverall", [unodice.RandomAgent(1), unodice.RandomAgent(2)],
                             seed=5, registry=registry)
    assert unodice.replay(json.loads(json.dumps(game.record())), registry).scores == game.scores


# -- BaseException from a plugin ----------------------------------------------------------------


class Stop(BaseException):
    """Raised by the plugins below: a BaseException that is not an Exception."""


def test_a_base_exception_at_import_breaks_only_that_plugin(install, monkeypatch):
    install("unodice-stopper", {"stopper": "stops_on_import"}, stops_on_import="""
        class Stop(BaseException):
            pass


        raise Stop("not today")
        """)
    registry = Registry.from_entry_points()
    error = plugin_named(registry, "stopper").error
    assert error == "import failed: Stop: not today"
    coverall_still_plays(registry)
    with pytest.raises(PluginError, match="plugin 'stopper' is broken: import failed: Stop"):
        registry.variant("stopper")
    monkeypatch.setattr(unodice.registry, "_default", registry)
    out = io.StringIO()
    assert main(["plugins"], out) == 0
    assert "stopper  (unodice-stopper 1.0)  BROKEN: import failed: Stop: not today" in (
        out.getvalue().splitlines())
    assert main(["variants"], io.StringIO()) == 0


@pytest.mark.parametrize("raised", [Stop("halt"), GeneratorExit("gone"), SystemExit(2)],
                         ids=["own", "generator-exit", "system-exit"])
def test_a_base_exception_while_registering_breaks_only_that_plugin(raised):
    def register(registry: Any) -> None:
        raise raised

    registry = Registry()
    registry.add_plugin(ToyPlugin(), "toy")
    info = registry.add_plugin(plugin_of(register), "raiser")
    assert info.error == f"{type(raised).__name__}: {raised}"
    assert unodice.new_game("toy-race", seed=1, registry=registry).to_act == 0


def test_a_keyboard_interrupt_still_stops_the_program(install):
    install("unodice-ctrl-c", {"ctrl-c": "interrupted_plugin"},
            interrupted_plugin="raise KeyboardInterrupt\n")
    with pytest.raises(KeyboardInterrupt):
        Registry.from_entry_points()

    def register(registry: Any) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        Registry().add_plugin(plugin_of(register), "ctrl-c")


def test_an_exception_that_cannot_be_printed_is_still_recorded():
    class Unprintable(Exception):
        def __str__(self) -> str:
            raise Stop("no words")

    def register(registry: Any) -> None:
        raise Unprintable

    info = Registry().add_plugin(plugin_of(register), "mute")
    assert info.error is not None and info.error.startswith("Unprintable")


# -- class attributes checked at registration ---------------------------------------------------


def test_an_int_version_is_refused_with_what_to_write():
    class Versioned(ToyRace):
        name = "versioned"
        version = 2  # type: ignore[assignment]

    registry = Registry()
    info = registry.add_plugin(registering(Versioned), "versioned")
    assert info.error is not None
    assert "version must be a string" in info.error and 'version = "2"' in info.error
    with pytest.raises(PluginError, match='version = "2"'):
        registry.variant("versioned")


@pytest.mark.parametrize(
    ("attributes", "words"),
    [
        ({"version": 1.5}, 'version = "1.5"'),
        ({"version": ""}, "version must be a string and not empty"),
        ({"version": "1." + "0" * 40}, "version must be at most 40 characters"),
        ({"version": "1.0\n"}, "version must be one line of printable text"),
        ({"version": None}, "version must be a string"),
        ({"name": "a" * 41}, "name must be at most 40 characters"),
        ({"title": ""}, "title must be a string and not empty"),
        ({"title": 7}, "title must be a string and not empty"),
        ({"title": "Toy\x1b[31m race"}, "title must be one line of printable text"),
        ({"title": "T" * 81}, "title must be at most 80 characters"),
        ({"summary": None}, "summary must be a string"),
        ({"summary": "one\ntwo"}, "summary must be one line of printable text"),
        ({"summary": "s" * 201}, "summary must be at most 200 characters"),
        ({"players": range(0, 3)}, "players must be a non-empty range"),
    ],
    ids=lambda value: value if isinstance(value, str) else ",".join(value),
)
def test_malformed_class_attributes_are_refused_at_registration(attributes, words):
    variant = type("Malformed", (ToyRace,), {"name": "malformed", **attributes})
    registry = Registry()
    info = registry.add_plugin(registering(variant), "malformed")
    assert info.error is not None and words in info.error, info.error
    assert "\n" not in info.error


def test_well_formed_class_attributes_are_accepted():
    variant = type("Fine", (ToyRace,), {"name": "a" * 40, "title": "T" * 80, "summary": "",
                                        "version": "2024.1-beta"})
    info = Registry().add_plugin(registering(variant), "fine")
    assert info.error is None and info.variants == ("a" * 40,)


@pytest.mark.parametrize(
    ("summary", "words"),
    [(5, "summary must be a string"), ("one\ntwo", "summary must be one line"),
     ("s" * 201, "at most 200 characters")],
)
def test_a_house_rule_summary_must_be_one_line_of_text(summary, words):
    def register(registry: Any) -> None:
        registry.add_house_rule("quiet", Quiet(), summary)

    info = Registry().add_plugin(plugin_of(register), "rules")
    assert info.error is not None and words in info.error
