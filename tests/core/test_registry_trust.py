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
import unodice.core.registry
from unodice.cli.commands import main
from unodice.core.errors import PluginError
from unodice.core.hooks import hookimpl
from unodice.core.pieces import ComponentSet
from unodice.core.registry import Registry
from unodice.variants.coverall import Coverall
from unodice.variants.dominoes import UnoDominoes

Install = Callable[..., None]

FAKE_COVERALL = """
    from toy import ToyRace
    from unodice.core.hooks import hookimpl


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


def plugin_named(registry: Registry, name: str) -> unodice.core.registry.PluginInfo:
    (info,) = [plugin for plugin in registry.plugins() if plugin.name == name]
    return info


def plugin_of(register: Any) -> Any:
    return types.SimpleNamespace(unodice_register=hookimpl(register))


def registering(
    *variants: type, rules: dict[str, Any] | None = None, components: tuple[ComponentSet, ...] = ()
) -> Any:
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
    game = unodice.play_game(
        "coverall", [unodice.RandomAgent(1), unodice.RandomAgent(2)], seed=5, registry=registry
    )
    assert unodice.replay(json.loads(json.dumps(game.record())), registry).scores == game.scores


# -- reserved names -------------------------------------------------------------------------------


def test_a_plugin_registering_a_builtin_variant_name_does_not_replace_it(install):
    # "aaa" loads before "coverall" in name order: it used to take the name and break coverall
    install(
        "unodice-aaa", {"aaa": "aaa_takeover"}, aaa_takeover=FAKE_COVERALL.format(extra="aaa-extra")
    )
    registry = Registry.from_entry_points()
    assert registry.variant("coverall").variant_class is Coverall
    assert registry.variant("coverall").plugin == "coverall"
    assert plugin_named(registry, "coverall").error is None
    coverall_still_plays(registry)
    aaa = plugin_named(registry, "aaa")
    assert aaa.error is None and aaa.variants == ("aaa-extra",)
    (refusal,) = aaa.refused
    assert "variant 'coverall' is built into unodice" in refusal
    assert "UNODICE_ALLOW_OVERRIDE=aaa" in refusal
    assert registry.variant("aaa-extra").plugin == "aaa"


def test_a_plugin_added_by_hand_cannot_replace_a_builtin_either():
    class Fake(ToyRace):
        name = "dominoes"

    registry = Registry.from_entry_points()
    info = registry.add_plugin(registering(Fake), "mine")
    assert registry.variant("dominoes").variant_class is UnoDominoes
    assert info.error is None and "variant 'dominoes' is built into unodice" in info.refused[0]


def test_a_plugin_whose_entry_point_has_a_builtin_name_does_not_knock_it_out(install):
    install(
        "unodice-knockout",
        {"dominoes": "knockout_plugin"},
        knockout_plugin="""
        from toy import ToyRace
        from unodice.core.hooks import hookimpl


        class Knockout(ToyRace):
            name = "knockout"


        @hookimpl
        def unodice_register(registry):
            registry.add_variant(Knockout)
        """,
    )
    registry = Registry.from_entry_points()
    assert registry.variant("dominoes").variant_class is UnoDominoes
    assert plugin_named(registry, "dominoes").error is None
    assert plugin_named(registry, "dominoes").distribution == "unodice"
    unodice.new_game("dominoes", seed=1, registry=registry).legal_moves()
    other = plugin_named(registry, "unodice-knockout:dominoes")
    assert other.error is None and other.distribution == "unodice-knockout"
    assert registry.variant("knockout").plugin == "unodice-knockout:dominoes"


def test_a_plugin_with_a_builtin_entry_point_name_and_variant_name_changes_nothing(install):
    install(
        "unodice-twin",
        {"coverall": "twin_coverall"},
        twin_coverall=FAKE_COVERALL.format(extra="twin-extra"),
    )
    registry = Registry.from_entry_points()
    assert registry.variant("coverall").variant_class is Coverall
    twin = plugin_named(registry, "unodice-twin:coverall")
    assert "UNODICE_ALLOW_OVERRIDE=unodice-twin:coverall" in twin.refused[0]
    coverall_still_plays(registry)


def test_the_user_lets_a_named_plugin_override_through_the_environment(install, monkeypatch):
    install(
        "unodice-aaa", {"aaa": "aaa_takeover"}, aaa_takeover=FAKE_COVERALL.format(extra="aaa-extra")
    )
    monkeypatch.setenv("UNODICE_ALLOW_OVERRIDE", "someone-else, aaa")
    registry = Registry.from_entry_points()
    assert registry.variant("coverall").variant_class.__name__ == "FakeCoverall"
    assert registry.variant("coverall").plugin == "aaa"
    assert plugin_named(registry, "aaa").refused == ()
    assert plugin_named(registry, "aaa").variants == ("coverall", "aaa-extra")
    builtin = plugin_named(registry, "coverall")
    assert builtin.error is None and builtin.variants == ()
    (refusal,) = builtin.refused
    assert "variant 'coverall' is overridden by plugin 'aaa'" in refusal


def test_the_user_lets_a_named_plugin_override_through_an_argument(install):
    install(
        "unodice-aaa", {"aaa": "aaa_takeover"}, aaa_takeover=FAKE_COVERALL.format(extra="aaa-extra")
    )
    registry = Registry.from_entry_points(allow_override={"aaa"})
    assert registry.variant("coverall").plugin == "aaa"

    class Fake(ToyRace):
        name = "centre-die"

    by_hand = Registry(allow_override=["mine"])
    by_hand.add_plugin(importlib.import_module("unodice.variants.centre_die"), "centre-die")
    by_hand.add_plugin(registering(Fake), "mine")
    assert by_hand.variant("centre-die").variant_class is Fake


def test_an_override_allowed_for_one_plugin_lets_no_other_through(install, monkeypatch):
    install(
        "unodice-aaa", {"aaa": "aaa_takeover"}, aaa_takeover=FAKE_COVERALL.format(extra="aaa-extra")
    )
    monkeypatch.setenv("UNODICE_ALLOW_OVERRIDE", "aa,aaa-extra")
    registry = Registry.from_entry_points()
    assert registry.variant("coverall").variant_class is Coverall
    assert Registry.from_entry_points(allow_override=()).variant("coverall").plugin == "coverall"


def test_the_argument_replaces_the_environment(install, monkeypatch):
    install(
        "unodice-aaa", {"aaa": "aaa_takeover"}, aaa_takeover=FAKE_COVERALL.format(extra="aaa-extra")
    )
    monkeypatch.setenv("UNODICE_ALLOW_OVERRIDE", "aaa")
    assert Registry.from_entry_points(allow_override=()).variant("coverall").plugin == "coverall"
    assert Registry.from_entry_points().variant("coverall").plugin == "aaa"


def test_a_builtin_component_set_name_is_refused_alone_unless_allowed():
    tiles = [[{"symbol": "W", "colour": None}] * 2]
    fake = ComponentSet.from_json({"set": "coverall-24", "tiles": tiles})
    mini = ComponentSet.from_json({"set": "mini", "tiles": tiles})
    registry = Registry()
    info = registry.add_plugin(registering(components=(fake, mini)), "sets")
    assert registry.component_sets() == {"mini": mini}
    assert info.error is None and info.components == ("mini",)
    assert "component set 'coverall-24' is built into unodice" in info.refused[0]
    allowed = Registry(allow_override="sets")
    allowed.add_plugin(registering(components=(fake, mini)), "sets")
    assert allowed.component_sets() == {"coverall-24": fake, "mini": mini}


# -- the same name from two plugins -------------------------------------------------------------


class PigA(ToyRace):
    name = "twin-race"


class PigB(ToyRace):
    name = "twin-race"


TILES = [[{"symbol": "W", "colour": None}] * 2]


@pytest.mark.parametrize("order", ["a-first", "b-first"])
@pytest.mark.parametrize(
    ("what", "plugins", "ask"),
    [
        (
            "variant",
            {"a-pig": registering(PigA), "b-pig": registering(PigB)},
            lambda registry: registry.variant("twin-race"),
        ),
        (
            "house rule",
            {
                "a-pig": registering(rules={"twin-race": Quiet()}),
                "b-pig": registering(rules={"twin-race": Quiet()}),
            },
            lambda registry: registry.house_rule("twin-race"),
        ),
    ],
    ids=["variant", "house-rule"],
)
def test_a_name_two_plugins_register_goes_to_neither_in_either_order(what, plugins, ask, order):
    registry = Registry()
    registry.add_plugin(ToyPlugin(), "toy")
    names = sorted(plugins, reverse=order == "b-first")
    for name in names:
        registry.add_plugin(plugins[name], name)
    with pytest.raises(PluginError) as caught:
        ask(registry)
    assert "'a-pig'" in str(caught.value) and "'b-pig'" in str(caught.value)
    assert f"{what} 'twin-race'" in str(caught.value)
    for name, other in (("a-pig", "b-pig"), ("b-pig", "a-pig")):
        info = plugin_named(registry, name)
        assert info.error is None
        (refusal,) = info.refused
        assert f"{what} 'twin-race' is also registered by {other!r}" in refusal
        assert "UNODICE_ALLOW_OVERRIDE" in refusal
    assert registry.variant("toy-race").plugin == "toy"


@pytest.mark.parametrize("order", [1, -1])
def test_a_component_set_two_plugins_register_goes_to_neither(order):
    first = ComponentSet.from_json({"set": "mini", "tiles": TILES})
    second = ComponentSet.from_json({"set": "mini", "tiles": TILES * 2})
    registry = Registry()
    for name, component_set in [("one", first), ("two", second)][::order]:
        registry.add_plugin(registering(components=(component_set,)), name)
    assert registry.component_sets() == {}
    assert (
        "component set 'mini' is also registered by 'two'"
        in plugin_named(registry, "one").refused[0]
    )
    assert (
        "component set 'mini' is also registered by 'one'"
        in plugin_named(registry, "two").refused[0]
    )


def test_of_two_plugins_registering_one_name_the_one_allowed_to_override_gets_it():
    registry = Registry(allow_override={"b-pig"})
    registry.add_plugin(registering(PigB), "b-pig")
    registry.add_plugin(registering(PigA), "a-pig")
    assert registry.variant("twin-race").variant_class is PigB
    assert (
        "variant 'twin-race' is overridden by plugin 'b-pig'"
        in plugin_named(registry, "a-pig").refused[0]
    )


def test_two_plugins_allowed_to_override_that_register_one_name_get_neither():
    registry = Registry.from_entry_points(allow_override={"one", "two"})
    registry.add_plugin(registering(type("One", (ToyRace,), {"name": "coverall"})), "one")
    registry.add_plugin(registering(type("Two", (ToyRace,), {"name": "coverall"})), "two")
    with pytest.raises(PluginError, match="registered by 'one' and 'two'"):
        registry.variant("coverall")
    assert "allow only one of them" in plugin_named(registry, "one").refused[0]
    builtin = plugin_named(registry, "coverall").refused[0]
    assert "variant 'coverall' is overridden by plugins 'one' and 'two'" in builtin


def test_the_other_registrations_of_two_contending_plugins_still_work():
    class OnlyA(ToyRace):
        name = "only-a"

    registry = Registry()
    registry.add_plugin(registering(PigA, OnlyA), "a-pig")
    registry.add_plugin(registering(PigB), "b-pig")
    assert registry.variant("only-a").plugin == "a-pig"
    assert plugin_named(registry, "a-pig").variants == ("only-a",)
    assert plugin_named(registry, "b-pig").variants == ()


def test_two_installed_plugins_registering_one_name_are_both_reported(install):
    source = """
        from toy import ToyRace
        from unodice.core.hooks import hookimpl


        class Pig(ToyRace):
            name = "twin-race"


        @hookimpl
        def unodice_register(registry):
            registry.add_variant(Pig)
        """
    install("twins-one", {"twin-race": "twins_one"}, twins_one=source)
    install("twins-two", {"twin-race": "twins_two"}, twins_two=source)
    registry = Registry.from_entry_points()
    names = {plugin.name for plugin in registry.plugins()}
    assert {"twins-one:twin-race", "twins-two:twin-race"} <= names and "twin-race" not in names
    with pytest.raises(PluginError, match=r"'twins-one:twin-race'.*'twins-two:twin-race'"):
        registry.variant("twin-race")
    coverall_still_plays(registry)


# -- BaseException from a plugin ----------------------------------------------------------------


class Stop(BaseException):
    """Raised by the plugins below: a BaseException that is not an Exception."""


def test_a_base_exception_at_import_breaks_only_that_plugin(install, monkeypatch):
    install(
        "unodice-stopper",
        {"stopper": "stops_on_import"},
        stops_on_import="""
        class Stop(BaseException):
            pass


        raise Stop("not today")
        """,
    )
    registry = Registry.from_entry_points()
    error = plugin_named(registry, "stopper").error
    assert error == "import failed: Stop: not today"
    coverall_still_plays(registry)
    with pytest.raises(PluginError, match="plugin 'stopper' is broken: import failed: Stop"):
        registry.variant("stopper")
    monkeypatch.setattr(unodice.core.registry, "_default", registry)
    out = io.StringIO()
    assert main(["plugins"], out) == 0
    assert "stopper  (unodice-stopper 1.0)  BROKEN: import failed: Stop: not today" in (
        out.getvalue().splitlines()
    )
    assert main(["variants"], io.StringIO()) == 0


@pytest.mark.parametrize(
    "raised",
    [Stop("halt"), GeneratorExit("gone"), SystemExit(2)],
    ids=["own", "generator-exit", "system-exit"],
)
def test_a_base_exception_while_registering_breaks_only_that_plugin(raised):
    def register(registry: Any) -> None:
        raise raised

    registry = Registry()
    registry.add_plugin(ToyPlugin(), "toy")
    info = registry.add_plugin(plugin_of(register), "raiser")
    assert info.error == f"{type(raised).__name__}: {raised}"
    assert unodice.new_game("toy-race", seed=1, registry=registry).to_act == 0


def test_a_keyboard_interrupt_still_stops_the_program(install):
    install(
        "unodice-ctrl-c",
        {"ctrl-c": "interrupted_plugin"},
        interrupted_plugin="raise KeyboardInterrupt\n",
    )
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
    variant = type(
        "Fine",
        (ToyRace,),
        {"name": "a" * 40, "title": "T" * 80, "summary": "", "version": "2024.1-beta"},
    )
    info = Registry().add_plugin(registering(variant), "fine")
    assert info.error is None and info.variants == ("a" * 40,)


@pytest.mark.parametrize(
    ("summary", "words"),
    [
        (5, "summary must be a string"),
        ("one\ntwo", "summary must be one line"),
        ("s" * 201, "at most 200 characters"),
    ],
)
def test_a_house_rule_summary_must_be_one_line_of_text(summary, words):
    def register(registry: Any) -> None:
        registry.add_house_rule("quiet", Quiet(), summary)

    info = Registry().add_plugin(plugin_of(register), "rules")
    assert info.error is not None and words in info.error


# -- the plugins command ------------------------------------------------------------------------


def test_the_plugins_command_shows_each_refusal_on_one_line(monkeypatch):
    registry = Registry.from_entry_points()

    class Fake(ToyRace):
        name = "coverall"

    registry.add_plugin(registering(Fake, PigA), "a-pig")
    registry.add_plugin(registering(PigB), "b-pig")
    monkeypatch.setattr(unodice.core.registry, "_default", registry)
    out = io.StringIO()
    assert main(["plugins"], out) == 0
    lines = out.getvalue().splitlines()
    a_pig = lines.index("a-pig  (?)  ok")
    refusals = lines[a_pig + 1 : a_pig + 4]
    assert sorted(line.split(":")[0] for line in refusals) == [
        "    hooks",
        "    refused",
        "    refused",
    ]
    assert any("variant 'coverall' is built into unodice" in line for line in refusals)
    assert any("variant 'twin-race' is also registered by 'b-pig'" in line for line in refusals)
    assert "    refused: variant 'twin-race' is also registered by 'a-pig'" in " ".join(lines)
    out = io.StringIO()
    assert main(["variants"], out) == 0
    assert "(3 refused registrations: see 'unodice plugins')" in out.getvalue()
    out = io.StringIO()
    assert main(["plugins", "--json"], out) == 0
    (entry,) = [plugin for plugin in json.loads(out.getvalue()) if plugin["name"] == "b-pig"]
    assert len(entry["refused"]) == 1 and entry["error"] is None


def test_a_plugin_error_with_control_characters_prints_as_one_harmless_line(monkeypatch):
    def register(registry: Any) -> None:
        raise RuntimeError("bad\x1b[2J\x1b]0;owned\x07 luck\r\nnext")

    registry = Registry()
    info = registry.add_plugin(plugin_of(register), "noisy")
    assert info.error is not None and info.error.isprintable()
    assert info.error.startswith("RuntimeError: bad\\x1b[2J")
    monkeypatch.setattr(unodice.core.registry, "_default", registry)
    out = io.StringIO()
    assert main(["plugins"], out) == 0
    assert all(line.isprintable() for line in out.getvalue().splitlines())
