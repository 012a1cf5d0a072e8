"""Plugins: registration through hooks, and fault isolation for broken plugins."""

from __future__ import annotations

import importlib.metadata
import types

import pytest
from toy import DoubleSevens, ToyPlugin, ToyRace

import unodice
from unodice.core.errors import PluginError, UnknownVariant
from unodice.core.hooks import hookimpl
from unodice.core.pieces import ComponentSet
from unodice.core.registry import Registry, default_registry, reset_default_registry


def _plugin(register):
    return types.SimpleNamespace(unodice_register=hookimpl(register))


class Incomplete(ToyRace):
    name = "incomplete"
    legal_moves = None  # type: ignore[assignment]


class Twin(ToyRace):
    name = "twin"


class AbstractOne(unodice.Variant):
    name = "abstract-one"
    title = "Abstract"
    players = range(2, 3)


def test_a_plugin_registers_variants_and_house_rules(registry):
    info = registry.variant("toy-race")
    assert info.plugin == "toy" and info.players == range(2, 5)
    assert [o.name for o in info.options] == ["target", "rounds"]
    assert set(registry.house_rules()) == {"double-sevens", "count-events"}
    (plugin,) = registry.plugins()
    assert plugin.error is None and plugin.hooks == ("unodice_register",)


def test_unknown_variant_lists_installed_ones(registry):
    with pytest.raises(UnknownVariant, match="installed: toy-race"):
        registry.variant("nope")
    with pytest.raises(UnknownVariant, match="house rule"):
        registry.house_rule("nope")


@pytest.mark.parametrize(
    ("register", "cause"),
    [
        (lambda registry: 1 / 0, "ZeroDivisionError"),
        (lambda registry: registry.add_variant(object), "not a subclass"),
        (lambda registry: registry.add_variant(AbstractOne), "does not implement"),
        (lambda registry: registry.add_house_rule("Bad Name", DoubleSevens()), "lower-case"),
        (lambda registry: registry.add_house_rule("idle", object()), "implements no rule hook"),
        (
            lambda registry: [registry.add_variant(Twin) for _ in range(2)],
            "variant 'twin' is already registered by this plugin",
        ),
        (lambda registry: registry.add_components("x"), "ComponentSet"),
    ],
)
def test_a_broken_plugin_breaks_nothing_else(registry, register, cause):
    info = registry.add_plugin(_plugin(register), "broken")
    assert info.error is not None and cause in info.error
    assert registry.variant("toy-race").plugin == "toy"
    assert unodice.new_game("toy-race", seed=1, registry=registry).to_act == 0
    broken = [p for p in registry.plugins() if p.name == "broken"]
    assert broken and broken[0].error == info.error


def test_a_failed_registration_adds_nothing_of_that_plugin(registry):
    def register(registry):
        registry.add_variant(type("Fine", (ToyRace,), {"name": "fine"}))
        raise RuntimeError("late failure")

    registry.add_plugin(_plugin(register), "half")
    with pytest.raises(PluginError, match="plugin 'half' is broken: RuntimeError: late failure"):
        registry.variant("fine")


def test_asking_for_a_broken_plugins_variant_names_plugin_and_cause(registry):
    registry.add_plugin(_plugin(lambda registry: registry.add_variant(Incomplete)), "bad")
    with pytest.raises(PluginError, match=r"plugin 'bad' is broken: .*incomplete"):
        unodice.new_game("incomplete", registry=registry)


def test_plugins_that_fail_to_import_are_recorded(monkeypatch):
    good = importlib.metadata.EntryPoint("toy", "toy_entry", "unodice")
    bad = importlib.metadata.EntryPoint("ghost", "no_such_module_here", "unodice")

    def fake_entry_points(group):
        assert group == "unodice"
        return [good, bad]

    monkeypatch.setattr(importlib.metadata, "entry_points", fake_entry_points)
    registry = Registry.from_entry_points()
    assert registry.variant("toy-race").plugin == "toy"
    ghost = next(p for p in registry.plugins() if p.name == "ghost")
    assert ghost.error.startswith("import failed: ModuleNotFoundError")
    with pytest.raises(PluginError, match="ghost"):
        registry.variant("ghost")


def test_duplicate_plugin_names_are_refused(registry):
    info = registry.add_plugin(ToyPlugin(), "toy")
    assert "already loaded" in info.error
    assert registry.variant("toy-race").plugin == "toy"


def test_a_component_set_name_registered_twice_goes_to_neither(registry):
    mini = ComponentSet.from_json({"set": "mini", "tiles": [[{"symbol": "W", "colour": None}] * 2]})
    registry.add_plugin(_plugin(lambda registry: registry.add_components(mini)), "sets")
    assert registry.component_sets() == {"mini": mini}
    info = registry.add_plugin(_plugin(lambda registry: registry.add_components(mini)), "again")
    assert info.error is None and "also registered by 'sets'" in info.refused[0]
    assert registry.component_sets() == {}
    builtin = ComponentSet.from_json({"set": "coverall-24", "tiles": mini.to_json()["tiles"]})
    info = registry.add_plugin(_plugin(lambda registry: registry.add_components(builtin)), "x")
    assert "built into unodice" in info.refused[0]


def test_the_default_registry_loads_once_and_can_be_reset():
    first = default_registry()
    assert default_registry() is first
    reset_default_registry()
    assert default_registry() is not first


@pytest.mark.parametrize("variant", ["coverall", "centre-die", "dominoes"])
def test_a_plugin_subclasses_a_built_in_variant(variant):
    """A plugin's own version of a built-in variant's rules: a subclass, in plain Python."""
    base = default_registry().variant(variant).variant_class

    class Quicker(base):  # type: ignore[misc,valid-type]
        title = "a plugin's version"

        def legal_moves(self, state):  # overrides a method the built-in rules call
            return super().legal_moves(state)[:1]

    class QuickerPlugin:
        @hookimpl
        def unodice_register(self, registry):
            registry.add_variant(Quicker)

    registry = Registry()
    registry.add_plugin(QuickerPlugin(), "quicker")
    game = unodice.new_game(variant, seed=3, registry=registry)
    assert type(game.variant) is Quicker and len(game.legal_moves()) == 1
    for _ in range(20):
        if game.is_over:
            break
        game.play(game.legal_moves()[0])
