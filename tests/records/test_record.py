"""Records: JSON out, replay in, every field and move checked."""

from __future__ import annotations

import copy
import json

import pytest

import unodice
from unodice.core.errors import InvalidRecord
from unodice.play.agents import RandomAgent, play_game
from unodice.records.record import FORMAT_VERSION, MAX_MOVES, load, save
from unodice.testing import Showing, scripted_game


@pytest.fixture
def record(registry):
    game = play_game(
        "toy-race(target=10)", [RandomAgent(1), RandomAgent(2)], seed=4, registry=registry
    )
    return json.loads(json.dumps(game.record()))


def test_record_fields(record, registry):
    assert record["format"] == "unodice-record" and record["format_version"] == FORMAT_VERSION
    assert record["variant"] == "toy-race" and record["variant_version"] == "1.0"
    assert record["options"] == {"target": 10, "rounds": 1} and record["house_rules"] == []
    assert record["chance"]["source"] == "seed" and record["moves"]
    assert all(type(o) is int for o in record["chance"]["outcomes"])
    assert record["result"]["over"] is True
    game = unodice.replay(record, registry)
    assert game.record() == record


def test_an_unfinished_game_replays_and_continues_as_the_original(registry):
    game = unodice.new_game("toy-race", seed=12, registry=registry)
    for _ in range(5):
        game.play(game.legal_moves()[0])
    resumed = unodice.replay(game.record(), registry)
    for _ in range(5):
        game.play(game.legal_moves()[0])
        resumed.play(resumed.legal_moves()[0])
    assert resumed.record() == game.record()


def test_a_scripted_game_replays_from_its_outcomes(registry):
    game = scripted_game(
        "toy-race", [Showing.of("y5"), Showing.of("r6")], seed=3, registry=registry
    )
    game.play("roll")
    game.play("roll")
    record = game.record()
    assert record["chance"]["source"] == "script"
    assert unodice.replay(record, registry, allow_scripted=True).state.turn_total == 11


def _mutated(record, path, value):
    bad = copy.deepcopy(record)
    target = bad
    for key in path[:-1]:
        target = target[key]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return bad


@pytest.mark.parametrize(
    ("path", "value", "field", "message"),
    [
        (("format",), "other", "format", "must be 'unodice-record'"),
        (("format_version",), 99, "format_version", "version 99 is not readable"),
        (("format_version",), True, "format_version", "must be int"),
        (("variant",), KeyError, "variant", "missing"),
        (("variant",), "nope", "variant", "unknown variant 'nope'"),
        (("variant_version",), "9.9", "variant_version", "version '9.9'"),
        (("players",), 9, "players", "for 2 to 4 players"),
        (("players",), "2", "players", "must be int"),
        (("options",), {"target": "x"}, "options", "whole number"),
        (("house_rules",), ["nope"], "house_rules", "house rule"),
        (("house_rules",), [3], "house_rules[0]", "named by a string"),
        (("moves",), "roll", "moves", "must be list"),
        (("moves", 0), "fly", "moves[0]", r"illegal here: .*\(move 'fly'\)$"),
        (("moves", 0), "hold", "moves[0]", "TOY-1"),
        (("moves", 0), None, "moves[0]", "notation"),
        (("chance",), [], "chance", "must be dict"),
        (("chance", "source"), "dice", "chance.source", "'seed' or 'script'"),
        (("chance", "extra"), 1, "chance", "exactly 'source' and 'outcomes'"),
        (("chance", "outcomes"), "123", "chance.outcomes", "list of whole numbers"),
        (("chance", "outcomes", 0), 99, "chance.outcomes[0]", "not a whole number from 0"),
        (("chance", "outcomes", 0), 1.0, "chance.outcomes[0]", "not a whole number"),
        (("result", "scores"), [1, 1], "result.scores", "the replay gives"),
        (("result", "extra"), 1, "result", "exactly 'over'"),
        (("surprise",), 1, "surprise", "unknown field"),
    ],
)
def test_bad_records_name_the_field(record, registry, path, value, field, message):
    with pytest.raises(InvalidRecord, match=message) as caught:
        unodice.replay(_mutated(record, path, value), registry)
    assert caught.value.field == field


def test_tampered_outcome_within_range_is_caught(record, registry):
    outcomes = record["chance"]["outcomes"]
    index = next(i for i, v in enumerate(outcomes) if v > 0)
    with pytest.raises(InvalidRecord, match="does not follow from the seed"):
        unodice.replay(_mutated(record, ("chance", "outcomes", index), 0), registry)


def test_unused_and_missing_outcomes(record, registry):
    extra = _mutated(record, ("chance", "outcomes"), record["chance"]["outcomes"] + [0])
    with pytest.raises(InvalidRecord, match="never needed"):
        unodice.replay(extra, registry)


def test_moves_after_the_end_are_refused(record, registry):
    longer = _mutated(record, ("moves",), record["moves"] + ["roll"])
    with pytest.raises(InvalidRecord, match="already over") as caught:
        unodice.replay(longer, registry)
    assert caught.value.field == f"moves[{len(record['moves'])}]"


def test_absurd_sizes_are_refused_unread(record, registry):
    with pytest.raises(InvalidRecord, match="more than the"):
        unodice.replay(_mutated(record, ("moves",), ["roll"] * (MAX_MOVES + 1)), registry)


@pytest.mark.parametrize("value", [[], "record", 3, None])
def test_a_record_must_be_an_object(registry, value):
    with pytest.raises(InvalidRecord, match="JSON object"):
        unodice.replay(value, registry)


def test_save_and_load(tmp_path, registry, monkeypatch):
    game = play_game("toy-race", [RandomAgent(1), RandomAgent(2)], seed=8, registry=registry)
    path = tmp_path / "game.json"
    save(game, path)
    assert load(path, registry).record() == game.record()
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(InvalidRecord, match="not JSON"):
        load(path, registry)
    monkeypatch.setattr("unodice.records.record.MAX_BYTES", 4)
    with pytest.raises(InvalidRecord, match="larger than"):
        load(path, registry)
