"""Pieces as data: faces, dice, dominoes, bags and component sets."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from unodice.core.errors import ComponentError
from unodice.core.pieces import (
    Bag,
    Colour,
    ComponentSet,
    Face,
    builtin_component_sets,
    load_components,
    parse_colour,
)


def test_colour_letters_and_parsing():
    assert [c.letter for c in Colour] == ["r", "y", "g", "b"]
    assert parse_colour("Red") is Colour.RED
    assert parse_colour(" b ") is Colour.BLUE
    with pytest.raises(ValueError, match="purple"):
        parse_colour("purple")


@pytest.mark.parametrize("code", ["r5", "y0", "gD2", "bR", "rS", "W", "WD4", "DE"])
def test_face_code_round_trip(code):
    assert Face.parse(code).code == code


def test_face_properties():
    five = Face("5", Colour.RED)
    assert five.is_number and five.number == 5 and not five.is_wild and not five.is_command
    assert Face("D2", Colour.BLUE).is_command
    assert Face("WD4").is_wild and Face("WD4").number is None


@pytest.mark.parametrize(
    ("symbol", "colour", "message"),
    [("5", None, "needs a colour"), ("W", Colour.RED, "has no colour"), ("X", None, "unknown")],
)
def test_face_refuses_bad_combinations(symbol, colour, message):
    with pytest.raises(ValueError, match=message):
        Face(symbol, colour)


@pytest.mark.parametrize("code", ["", "5", "p5", "rW", "r10", "WD2"])
def test_face_parse_refuses_non_faces(code):
    with pytest.raises(ValueError, match="not a face"):
        Face.parse(code)


def test_builtin_sets_match_their_reference_counts():
    assert set(builtin_component_sets()) == {"coverall-24", "centre-die-40", "uno-dominoes-81"}
    coverall = load_components("coverall-24")
    assert len(coverall.dice) == 24 and all(len(d.faces) == 6 for d in coverall.dice)
    wilds = [f for d in coverall.dice for f in d.faces if f.is_wild]
    assert sum(f.symbol == "W" for f in wilds) == 8 and sum(f.symbol == "WD4" for f in wilds) == 8
    centre = load_components("centre-die-40")
    assert len(centre.dice) == 40
    dominoes = load_components("uno-dominoes-81")
    assert dominoes.kind == "tiles" and len(dominoes.tiles) == 81
    assert sum(t.is_double for t in dominoes.tiles) == 13
    assert [p.id for p in dominoes.tiles] == list(range(81))


def test_unknown_set_lists_the_known_ones():
    with pytest.raises(ComponentError, match="coverall-24"):
        load_components("nope")


def test_extra_sets_are_found_by_name():
    wild = {"symbol": "W", "colour": None}
    extra = ComponentSet.from_json({"set": "mini", "tiles": [[wild, wild]]})
    assert load_components("mini", {"mini": extra}) is extra


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "JSON object"),
        ({"dice": []}, "'set'"),
        ({"set": "x"}, "exactly one of"),
        ({"set": "x", "dice": []}, "non-empty"),
        ({"set": "x", "dice": [[{"symbol": "1", "colour": "red"}] * 5]}, r"dice\[0\]: needs"),
        ({"set": "x", "dice": [[{"symbol": "1", "colour": "pink"}] * 6]}, "unknown colour 'pink'"),
        ({"set": "x", "dice": [[{"symbol": "Q", "colour": "red"}] * 6]}, "unknown symbol 'Q'"),
        ({"set": "x", "dice": [[{"symbol": "DE", "colour": None}] * 6]}, "domino end"),
        ({"set": "x", "dice": [[{"symbol": "1", "colour": None}] * 6]}, "needs a colour"),
        ({"set": "x", "tiles": [[{"symbol": "W", "colour": None}, 3]]}, r"tiles\[0\]\[1\]"),
    ],
)
def test_component_set_validation_names_the_entry(data, message):
    with pytest.raises(ComponentError, match=message):
        ComponentSet.from_json(data, "test.json")


def test_component_set_json_round_trip():
    for name in builtin_component_sets():
        original = load_components(name)
        assert ComponentSet.from_json(original.to_json()) == original


@settings(max_examples=50, deadline=None)
@given(st.lists(st.integers(), max_size=30), st.data())
def test_bag_take_at_conserves_pieces(items, data):
    bag = Bag(items)
    taken = []
    while bag:
        taken.append(bag.take_at(data.draw(st.integers(0, len(bag) - 1))))
    assert sorted(taken) == sorted(items)
    bag.put_all(taken)
    assert sorted(bag) == sorted(items) and bag.count == len(items)
