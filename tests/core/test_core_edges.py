"""Edges of the core that the other suites do not reach: each test states one behaviour."""

from __future__ import annotations

import io
import json
import runpy
import sys
import types
from typing import Any

import attrs
import pytest
from toy import Hold, Roll, Rolled, ToyPlugin, ToyRace, ToyState

import unodice
import unodice.cli.commands
import unodice.core.registry
from unodice.core._quoting import brief
from unodice.core.capabilities import CAPABILITIES
from unodice.core.chance import Draw, ScriptError
from unodice.core.errors import InvalidOptions, InvalidRecord, PluginError
from unodice.core.hooks import hookimpl
from unodice.core.moves import Move, RoundStarted, to_json
from unodice.core.options import build_options, option
from unodice.core.pieces import Bag, Colour, Die, Domino, Face, faces_of, load_components
from unodice.core.registry import Registry
from unodice.core.render import paint, paint_face
from unodice.play.agents import GreedyAgent
from unodice.records.record import replay
from unodice.testing import hidden_from, pieces_in, scripted_game


def toy_registry(*plugins: tuple[Any, str]) -> Registry:
    registry = Registry()
    registry.add_plugin(ToyPlugin(), "toy")
    for plugin, name in plugins:
        registry.add_plugin(plugin, name)
    return registry


def plugin_of(register: Any) -> Any:
    return types.SimpleNamespace(unodice_register=hookimpl(register))


# -- the command line ----------------------------------------------------------------------------


def test_python_dash_m_runs_the_command_line(monkeypatch, capsys):
    monkeypatch.setattr(unodice.core.registry, "_default", toy_registry())
    monkeypatch.setattr(sys, "argv", ["unodice", "variants"])
    monkeypatch.delitem(sys.modules, "unodice.__main__", raising=False)
    with pytest.raises(SystemExit) as exit_:
        runpy.run_module("unodice", run_name="__main__")
    assert exit_.value.code == 0 and "toy-race" in capsys.readouterr().out


def test_the_command_line_with_nothing_installed(monkeypatch):
    monkeypatch.setattr(unodice.core.registry, "_default", Registry())
    out = io.StringIO()
    assert unodice.cli.commands.main(["variants"], out) == 0
    assert unodice.cli.commands.main(["plugins"], out) == 0
    assert out.getvalue() == "no variants installed\nno plugins installed\n"


def test_an_interrupted_command_exits_with_130(monkeypatch):
    def interrupted(args: Any, out: Any) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(unodice.cli.commands, "_run_variants", interrupted)
    assert unodice.cli.commands.main(["variants"], io.StringIO()) == 130


def test_replaying_an_unfinished_game_shows_no_result(monkeypatch, tmp_path):
    registry = toy_registry()
    monkeypatch.setattr(unodice.core.registry, "_default", registry)
    game = unodice.new_game("toy-race", seed=3, registry=registry)
    game.play("roll")
    path = tmp_path / "unfinished.json"
    path.write_text(json.dumps(game.record()))
    out = io.StringIO()
    assert unodice.cli.commands.main(["replay", str(path), "--no-colour"], out) == 0
    assert "(verified)" in out.getvalue() and "result:" not in out.getvalue()


# -- the game and its table -----------------------------------------------------------------------


class Curious(ToyRace):
    """Reads every service of the table while setting up, and says what it saw."""

    name = "curious"

    def start_round(self, table: Any, previous: Any) -> ToyState:
        state = super().start_round(table, previous)
        state.seen = (table.players, table.round, table.totals)  # type: ignore[attr-defined]
        return state


def test_the_table_tells_a_variant_the_seats_round_and_totals():
    registry = toy_registry((plugin_of(lambda registry: registry.add_variant(Curious)), "c"))
    game = unodice.new_game("curious", players=3, registry=registry)
    assert game.state.seen == (3, 1, (0, 0, 0))


def test_a_move_equal_to_an_offered_one_is_played(registry):
    game = unodice.new_game("toy-race", seed=1, registry=registry)
    offered, twin = game.legal_moves()[0], Roll()
    assert twin == offered and twin is not offered
    events = game.play(twin)
    assert events[0].kind == "move-played" and game.moves == (Roll(),)


class BrokenView(ToyRace):
    name = "broken-view"

    def view_data(self, state: ToyState, seat: int) -> dict[str, Any]:
        raise ValueError("the table is dark")


def test_a_failing_view_keeps_its_type_and_names_the_plugin():
    registry = toy_registry((plugin_of(lambda registry: registry.add_variant(BrokenView)), "dark"))
    game = unodice.new_game("broken-view", registry=registry)
    view = game.view(0)  # the variant's part of a view is asked for when first read
    with pytest.raises(ValueError, match="the table is dark") as caught:
        _ = view.data
    assert caught.value.__notes__ == [
        "raised by variant 'broken-view' of plugin 'dark', in view_data"
    ]


def test_a_failing_view_still_held_refuses_the_next_move_and_changes_nothing():
    registry = toy_registry((plugin_of(lambda registry: registry.add_variant(BrokenView)), "dark"))
    game = unodice.new_game("broken-view", registry=registry)
    held = game.view(0)
    before = game.position()
    with pytest.raises(ValueError, match="the table is dark"):
        game.play(game.legal_moves()[0])  # the game reads the held view before it moves
    assert game.position() == before and len(game.moves) == 0 and held.seat == 0


def test_a_game_made_by_hand_names_the_variant_module_as_its_plugin():
    variant = ToyRace(ToyRace.Options(), 2)
    game = unodice.Game(variant, seed=1)
    assert game.plugin == "toy" and game.to_act == 0


# -- moves, events and JSON ---------------------------------------------------------------------


def test_a_move_is_its_notation_in_json():
    assert Hold().to_json() == "hold"


def test_to_json_nests_events_and_refuses_what_it_cannot_express():
    die = load_components("centre-die-40").dice[0]
    event = Rolled(1, die, die.faces[0])
    assert to_json({"last": event})["last"] == event.to_json()
    assert to_json({"seen": {3, 1}}) == {"seen": [1, 3]}
    with pytest.raises(TypeError, match="cannot express complex"):
        to_json(1j)


def test_pieces_are_found_inside_attrs_records():
    die = load_components("centre-die-40").dice[3]
    assert pieces_in({"events": [Rolled(0, die, die.faces[1])]}) == [die]


def test_default_describe_lists_an_events_fields():
    from toy import Rolled

    variant = ToyRace(ToyRace.Options(), 2)
    die = load_components("centre-die-40").dice[0]
    event = Rolled(1, die, die.faces[2])
    assert variant.describe(event) == f"rolled seat=1 die={event.to_json()['die']} face=b3"
    assert variant.describe(RoundStarted(2)) == "round 2 begins"


# -- pieces, chance and render --------------------------------------------------------------------


def test_a_bag_answers_membership_size_and_removal():
    dice = load_components("centre-die-40").dice[:3]
    bag = Bag(dice)
    assert dice[1] in bag and repr(bag) == "Bag(3 pieces)"
    bag.remove(dice[1])
    assert dice[1] not in bag and bag.count == 2


def test_faces_of_lists_every_face_in_order():
    die = load_components("centre-die-40").dice[0]
    tile = load_components("uno-dominoes-81").tiles[0]
    assert faces_of([die]) == list(die.faces)
    assert faces_of([tile]) == list(tile.ends)


def test_a_scripted_domino_code_never_fits_a_die(registry):
    game = scripted_game("toy-race", [Draw("r3|y5")], registry=registry)
    with pytest.raises(ScriptError, match="no piece in the bag fits"):
        game.play("roll")


def test_paint_colours_only_when_asked():
    red = Face("5", Colour.RED)
    assert paint("x", Colour.RED, False) == "x"
    assert paint("x", Colour.RED, True) == "\x1b[1;31mx\x1b[0m"
    assert paint("W", None, True) == "\x1b[1;35mW\x1b[0m"
    assert paint_face(Face("W"), True, declared=Colour.BLUE) == "\x1b[1;34mW:b\x1b[0m"
    assert paint_face(red, False, width=4) == "r5  "


# -- options -------------------------------------------------------------------------------------


def test_brief_shortens_what_comes_from_outside():
    assert brief(10**5000) == "<a whole number of 16610 bits>"
    assert brief(-(2**300)) == "<a whole number of 301 bits>"
    assert brief(42) == "42"
    assert len(brief("x" * 10_000)) < 80
    nested: list[Any] = []
    for _ in range(10_000):
        nested = [nested]
    assert brief(nested) == "[[[[...]]]]"


def test_a_nullable_option_needs_its_kind():
    @attrs.define
    class Opts:
        limit: int | None = option(None, "a limit", kind=int, minimum=1)

    assert attrs.fields(Opts).limit.metadata["unodice"].nullable


# -- the variant base class's defaults -------------------------------------------------------------


class Plain(unodice.Variant):
    """A variant that overrides only what it must."""

    name = "plain"
    title = "Plain"
    players = range(2, 3)

    def start_round(self, table: Any, previous: Any) -> ToyState:
        return ToyState(2, Bag())

    def legal_moves(self, state: Any) -> tuple[Move, ...]:
        return (Roll(),)

    def apply(self, table: Any, state: Any, move: Any) -> None:
        table.end_round([0])

    def parse_move(self, text: str) -> Move:
        return Roll()

    def view_data(self, state: Any, seat: int) -> dict[str, Any]:
        return {}


def test_the_base_class_defaults():
    registry = toy_registry((plugin_of(lambda registry: registry.add_variant(Plain)), "plain"))
    game = unodice.new_game("plain", registry=registry)
    assert not isinstance(game.variant, CAPABILITIES)
    assert hidden_from(game, 0) == []
    assert game.render().startswith("<toy.ToyState object")
    assert game.view(0).gain(Roll()) == 0.0
    assert "not a legal move now for seat 0" in str(
        game.variant.explain_illegal(game.state, Hold())
    )
    game.play("roll")
    assert game.is_over and game.winners == (0, 1)  # nobody scored: the default ties them


# -- the registry ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"title": 3}, "title must be a string"),
        ({"players": range(0, 3)}, "non-empty range"),
        ({"players": [2, 3]}, "non-empty range"),
        ({"players": range(2, 8, 2)}, "step 1"),
        ({"Options": dict}, "Options must be an attrs class"),
        (
            {"Options": attrs.define(type("Bare", (), {"__annotations__": {"x": "int"}, "x": 1}))},
            "was not declared with option()",
        ),
        ({"name": "Bad Name"}, "lower-case hyphenated"),
    ],
)
def test_a_malformed_variant_class_is_refused_with_the_reason(changes, words):
    variant = type("Malformed", (ToyRace,), {"name": "malformed", **changes})
    registry = toy_registry()
    info = registry.add_plugin(plugin_of(lambda registry: registry.add_variant(variant)), "m")
    assert info.error is not None and words in info.error


def test_a_plugin_pluggy_cannot_register_is_recorded():
    class WrongArguments:
        @hookimpl
        def unodice_register(self, registrar: Any) -> None:
            pass

    info = toy_registry().add_plugin(WrongArguments(), "wrong")
    assert info.error is not None and "registrar" in info.error


def test_the_same_entry_point_found_twice_is_loaded_once(monkeypatch):
    import importlib.metadata

    point = importlib.metadata.EntryPoint("toy", "toy_entry", "unodice")
    monkeypatch.setattr(importlib.metadata, "entry_points", lambda group: [point, point])
    registry = Registry.from_entry_points()
    assert [plugin.name for plugin in registry.plugins()] == ["toy"]
    assert registry.plugins()[0].error is None


def test_a_broken_plugins_house_rule_names_the_plugin_in_a_record():
    def register(registry: Any) -> None:
        registry.add_house_rule("doomed", ToyPlugin.counter)
        raise RuntimeError("late")

    registry = toy_registry((plugin_of(register), "doomed-plugin"))
    game = unodice.new_game("toy-race", seed=2, registry=registry)
    record = {**game.record(), "house_rules": ["doomed"]}
    with pytest.raises(InvalidRecord, match="plugin 'doomed-plugin' is broken") as caught:
        replay(record, registry)
    assert caught.value.field == "house_rules"
    with pytest.raises(PluginError, match="doomed-plugin"):
        unodice.new_game("toy-race", registry=registry, house_rules=["doomed"])


class Observer:
    @hookimpl
    def unodice_event(self, game: Any, event: Any) -> None:
        pass


def test_a_record_with_a_house_rule_for_another_variant_is_refused():
    registry = toy_registry(
        (
            plugin_of(
                lambda registry: registry.add_house_rule(
                    "elsewhere", Observer(), variants=["other-game"]
                )
            ),
            "elsewhere",
        )
    )
    record = {
        **unodice.new_game("toy-race", seed=2, registry=registry).record(),
        "house_rules": ["elsewhere"],
    }
    with pytest.raises(InvalidRecord, match="is for other-game, not toy-race") as caught:
        replay(record, registry)
    assert caught.value.field == "house_rules"


def test_a_record_with_too_many_outcomes_is_refused_unread(monkeypatch, registry):
    monkeypatch.setattr("unodice.core.recording.MAX_OUTCOMES", 3)
    record = unodice.new_game("toy-race", seed=2, registry=registry).record()
    record["chance"]["outcomes"] = [0, 0, 0, 0]
    with pytest.raises(InvalidRecord, match="more than the 3 allowed") as caught:
        replay(record, registry)
    assert caught.value.field == "chance.outcomes"


def test_greedy_agent_has_a_readable_repr():
    assert repr(GreedyAgent()) == "GreedyAgent()"


def test_a_die_and_a_domino_are_told_apart_by_pieces_in():
    die = Die(0, tuple(Face(str(n), Colour.RED) for n in range(6)))  # type: ignore[arg-type]
    tile = Domino(1, (Face("W"), Face("DE")))
    assert pieces_in({"a": (die,), "b": frozenset({tile})}) in ([die, tile], [tile, die])


def test_a_record_naming_a_house_rule_twice_is_refused(registry):
    record = unodice.new_game("toy-race", seed=2, registry=registry).record()
    record["house_rules"] = ["double-sevens", "double-sevens"]
    with pytest.raises(InvalidRecord, match="'double-sevens' is named twice") as caught:
        replay(record, registry)
    assert caught.value.field == "house_rules"


def test_build_options_refuses_values_that_are_not_a_mapping():
    with pytest.raises(
        InvalidOptions, match="mapping of names to values, not list; its options: target"
    ):
        build_options(ToyRace.Options, [("target", 3)], "toy-race")


def test_shared_event_hands_out_one_object_per_distinct_event():
    """Events are immutable, so a recurring one is made once and shared."""
    from unodice.core.moves import Scored, shared_event

    first = shared_event(Scored, 1, 5, "shared-event test")
    assert shared_event(Scored, 1, 5, "shared-event test") is first
    assert first == Scored(1, 5, "shared-event test")
    assert shared_event(Scored, 2, 5, "shared-event test") == Scored(2, 5, "shared-event test")
