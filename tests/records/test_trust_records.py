"""Record text is quoted in messages; fields are bounded and typed; one seed, one spelling.

Issue 25, item 8: ``variant_version`` reached messages raw (terminal escapes included), a
60 MB ``unodice_version`` was accepted, ``result`` took ``over: 1`` and float scores, a record
relabelled from seed ``s`` to ``-s`` replayed as untampered, and options written as text
(``" ON "``, ``"0500"``) were accepted and normalised. Issue 25, item 9: a scripted record,
replayed, went on drawing outcomes the original game never had.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

import unodice
from unodice.core.chance import ScriptError
from unodice.core.errors import InvalidRecord
from unodice.testing import Showing, scripted_game

MAX_VERSION = 100
"""``unodice.records.record.MAX_VERSION``, as the records page gives it (checked below)."""
ESCAPES = "\x1b[31mred\x1b]0;owned\x07\x1b[0m"


@pytest.fixture(scope="module")
def record() -> dict[str, Any]:
    game = unodice.new_game("centre-die", players=2, seed=11)
    for _ in range(30):
        if game.is_over:
            break
        game.play(game.legal_moves()[0])
    return game.record()


def refused(record: dict[str, Any], field: str, **edits: Any) -> InvalidRecord:
    """The refusal of ``record`` with ``edits``, checked to name ``field``."""
    edited = copy.deepcopy(record)
    edited.update(edits)
    with pytest.raises(InvalidRecord) as caught:
        unodice.replay(edited)
    assert caught.value.field == field, caught.value
    return caught.value


def test_the_record_replays_as_written(record):
    assert unodice.replay(copy.deepcopy(record)).moves


def test_terminal_escapes_in_the_variant_version_never_reach_the_message(record):
    """Issue 25, item 8: ``variant_version`` was copied raw into the message."""
    error = refused(record, "variant_version", variant_version=ESCAPES)
    assert "\x1b" not in str(error) and "\x07" not in str(error)
    assert "\\x1b" in str(error)  # quoted, so a person sees what was there


@pytest.mark.parametrize("field", ["variant_version", "unodice_version"])
def test_a_version_longer_than_the_bound_is_refused_unread(record, field):
    """Issue 25, item 8: a 60 MB ``unodice_version`` was accepted."""
    error = refused(record, field, **{field: "1" * (MAX_VERSION + 1)})
    assert f"at most {MAX_VERSION} characters" in str(error) and len(str(error)) < 200


def test_the_bound_is_the_one_the_records_page_gives():
    import unodice.records.record

    assert unodice.records.record.MAX_VERSION == MAX_VERSION


def test_a_huge_unodice_version_is_refused(record):
    """Issue 25, item 8: the 60 MB string of the report itself."""
    refused(record, "unodice_version", unodice_version="0" * 60_000_000)


@pytest.mark.parametrize(
    ("key", "spell"),
    [("over", int), ("scores", lambda scores: [float(s) for s in scores])],
)
def test_a_result_of_other_types_than_written_is_refused(record, key, spell):
    """Issue 25, item 8: ``over: 1`` and float scores compared equal and were accepted."""
    result = dict(record["result"])
    result[key] = spell(result[key])
    assert result[key] == record["result"][key]
    refused(record, f"result.{key}", result=result)


@pytest.mark.parametrize("seed", [11, 12345])
def test_a_record_relabelled_with_the_negative_seed_is_refused(seed):
    """Issue 25, item 8: seeds ``s`` and ``-s`` gave the same game, so ``-s`` replayed."""
    game = unodice.new_game("centre-die", players=2, seed=seed)
    game.play(game.legal_moves()[0])
    error = refused(game.record(), "seed", seed=-seed)
    assert "from 0" in str(error)


@pytest.mark.parametrize(
    ("name", "spelling"),
    [
        ("target", "500"),
        ("target", "0500"),
        ("target", 500.0),
        ("target", True),
        ("two_player_reverse_skips", " ON "),
        ("two_player_reverse_skips", "true"),
        ("two_player_reverse_skips", 1),
        ("dice", " centre-die-40 "),
        ("dice", "centre-die-40\n"),
    ],
)
def test_options_spelled_other_than_the_writer_writes_are_refused(record, name, spelling):
    """Issue 25, item 8: ``' ON '`` and ``'0500'`` were accepted and normalised."""
    edited = {**record, "options": {**record["options"], name: spelling}}
    with pytest.raises(InvalidRecord) as caught:
        unodice.replay(edited)
    assert caught.value.field in ("options", f"options.{name}")


def test_options_of_the_types_written_still_replay(record):
    edited = copy.deepcopy(record)
    assert edited["options"]["target"] == 500 and edited["options"]["dice"] == "centre-die-40"
    del edited["options"]["target"]  # a default left out is the same game
    assert unodice.replay(edited).options.target == 500


def test_a_replayed_scripted_record_stops_where_its_outcomes_end():
    """Issue 25, item 9: replayed, a scripted record went on with outcomes of its own."""
    original = scripted_game("centre-die", [Showing.of("r5")], players=2, seed=4, lenient=True)
    replayed = unodice.replay(original.record(), allow_scripted=True)
    assert list(replayed.chance.outcomes) == list(original.chance.outcomes)
    for _ in range(200):
        move = original.legal_moves()[0]
        drawn = len(original.chance.outcomes)
        original.play(move)
        if len(original.chance.outcomes) > drawn:
            with pytest.raises(ScriptError, match="scripted outcomes are spent"):
                replayed.play(str(move))
            return
        replayed.play(str(move))
    pytest.fail("the original game drew nothing in 200 moves")


def test_a_replayed_seeded_record_still_carries_on_as_the_original(record):
    original = unodice.new_game("centre-die", players=2, seed=11)
    for move in record["moves"]:
        original.play(move)
    replayed = unodice.replay(copy.deepcopy(record))
    for _ in range(40):
        if original.is_over:
            break
        move = original.legal_moves()[0]
        original.play(move)
        replayed.play(str(move))
    assert list(replayed.chance.outcomes) == list(original.chance.outcomes)
