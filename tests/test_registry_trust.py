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
from toy import ToyPlugin

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
