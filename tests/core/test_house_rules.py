"""House rules: opt-in per game, through the scoring and event hooks."""

from __future__ import annotations

import types

import pytest
from toy import ToyPlugin

import unodice
from unodice.core.errors import InvalidOptions, UnodiceError
from unodice.core.hooks import hookimpl
from unodice.core.moves import Scored
from unodice.core.registry import Registry
from unodice.testing import Showing, scripted_game


def _bank_seven(registry, house_rules=()):
    game = scripted_game(
        "toy-race", [Showing.of("y3"), Showing.of("r4")], registry=registry, house_rules=house_rules
    )
    game.play("roll")
    game.play("roll")
    return game.play("hold")


def test_installed_house_rules_change_no_game(registry):
    events = _bank_seven(registry)
    assert [e.points for e in events if isinstance(e, Scored)] == [7]


def test_a_named_house_rule_changes_the_score(registry):
    events = _bank_seven(registry, ["double-sevens"])
    assert [e.points for e in events if isinstance(e, Scored)] == [14]


def test_an_observer_sees_every_event_in_order(registry):
    counter = ToyPlugin.counter
    counter.seen.clear()
    game = scripted_game(
        "toy-race", [Showing.of("y3")], registry=registry, house_rules=["count-events"]
    )
    game.play("roll")
    assert counter.seen == [e.kind for e in game.events]


def test_house_rule_limited_to_some_variants():
    registry = Registry()
    registry.add_plugin(ToyPlugin(), "toy")

    class Only:
        @hookimpl
        def unodice_score(self, game, seat, points, reason, context):
            return None

    plugin = types.SimpleNamespace(
        unodice_register=hookimpl(
            lambda registry: registry.add_house_rule("only-other", Only(), variants=["other"])
        )
    )
    registry.add_plugin(plugin, "limited")
    with pytest.raises(InvalidOptions, match="is for other, not toy-race"):
        unodice.new_game("toy-race", house_rules=["only-other"], registry=registry)


def test_a_house_rule_returning_nonsense_is_an_error():
    registry = Registry()
    registry.add_plugin(ToyPlugin(), "toy")

    class Bad:
        @hookimpl
        def unodice_score(self, game, seat, points, reason, context):
            return "lots"

    plugin = types.SimpleNamespace(
        unodice_register=hookimpl(lambda registry: registry.add_house_rule("bad", Bad()))
    )
    registry.add_plugin(plugin, "bad")
    with pytest.raises(UnodiceError, match="returned 'lots'"):
        _bank_seven(registry, ["bad"])


def test_house_rules_are_recorded_and_replayed(registry):
    game = scripted_game(
        "toy-race",
        [Showing.of("y3"), Showing.of("r4")],
        registry=registry,
        house_rules=["double-sevens"],
    )
    for move in ("roll", "roll", "hold"):
        game.play(move)
    record = game.record()
    assert record["house_rules"] == ["double-sevens"]
    assert unodice.replay(record, registry, allow_scripted=True).scores == game.scores == (14, 0)


def test_the_first_named_house_rule_decides_the_score():
    registry = Registry()
    registry.add_plugin(ToyPlugin(), "toy")

    class Five:
        @hookimpl
        def unodice_score(self):
            return 5

    class Nine:
        @hookimpl
        def unodice_score(self):
            return 9

    plugin = types.SimpleNamespace(
        unodice_register=hookimpl(
            lambda registry: (
                registry.add_house_rule("five", Five()),
                registry.add_house_rule("nine", Nine()),
            )
        )
    )
    registry.add_plugin(plugin, "fixed")
    assert [e.points for e in _bank_seven(registry, ["five", "nine"]) if isinstance(e, Scored)] == [
        5
    ]
    assert [e.points for e in _bank_seven(registry, ["nine", "five"]) if isinstance(e, Scored)] == [
        9
    ]
