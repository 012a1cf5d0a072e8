"""Records from outside are untrusted: mutated real records of every variant either replay or
are refused with an ``InvalidRecord`` that names the field, through ``unodice.replay``,
``unodice.records.record.load`` and the command line alike. Never a raw ``KeyError``, ``TypeError``,
``IndexError`` or ``RecursionError``, never a hang.
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import math
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from every_variant import VARIANTS, everything, sample_records
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import unodice
import unodice.core.registry
from unodice.cli.commands import main
from unodice.core._quoting import brief
from unodice.core.errors import InvalidRecord
from unodice.core.game import Game
from unodice.records.record import load

SECONDS_PER_REPLAY = 10.0
"""A replay slower than this counts as a hang (real records replay in milliseconds)."""

TOP_FIELDS = (
    "format",
    "format_version",
    "unodice_version",
    "variant",
    "variant_version",
    "players",
    "options",
    "house_rules",
    "seed",
    "moves",
    "chance",
    "result",
)

json_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=False),
    st.text(max_size=12),
)
json_values = st.recursive(
    json_scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)
python_oddities = st.sampled_from(
    [
        float("nan"),
        float("inf"),
        b"bytes",
        {1, 2},
        (1, 2),
        object(),
        10**5000,
        -(10**400),
        {1: "int key"},
        {("a",): "tuple key"},
        range(3),
        "x" * 100_000,
        "\x00\n\udcff",
    ]
).map(copy.deepcopy)  # mutations write into drawn values: never share one between examples
any_value = json_values | python_oddities


def deep(depth: int, leaf: Any = 0, kind: str = "list") -> Any:
    """``leaf`` wrapped in ``depth`` lists (or dicts)."""
    value = leaf
    for _ in range(depth):
        value = [value] if kind == "list" else {"k": value}
    return value


# -- mutations: each takes a record (a fresh deep copy) and a hypothesis data object ------------


def drop_field(record: dict[str, Any], data: st.DataObject) -> None:
    del record[data.draw(st.sampled_from(sorted(record)), label="dropped")]


def rename_field(record: dict[str, Any], data: st.DataObject) -> None:
    old = data.draw(st.sampled_from(sorted(record)), label="renamed")
    new = data.draw(st.sampled_from([old.upper(), old + "_", old[:-1], " " + old]), label="to")
    record[new] = record.pop(old)


def add_field(record: dict[str, Any], data: st.DataObject) -> None:
    key = data.draw(st.text(max_size=10) | st.integers() | st.none(), label="new key")
    record[key] = data.draw(any_value, label="new value")


def retype_field(record: dict[str, Any], data: st.DataObject) -> None:
    field = data.draw(st.sampled_from(TOP_FIELDS), label="field")
    record[field] = data.draw(any_value, label="value")


def retype_nested(record: dict[str, Any], data: st.DataObject) -> None:
    targets = [
        ("chance", "source"),
        ("chance", "outcomes"),
        ("result", "over"),
        ("result", "scores"),
        ("result", "winners"),
    ]
    targets += [("options", name) for name in record["options"]]
    parent, key = data.draw(st.sampled_from(targets), label="nested field")
    record[parent][key] = data.draw(any_value, label="value")


def bad_option(record: dict[str, Any], data: st.DataObject) -> None:
    key = data.draw(st.sampled_from([*record["options"], "no-such-option", ""]), label="option")
    record["options"][key] = data.draw(
        any_value | st.sampled_from(["true", "none", "-1", "1e9", " 3 ", "9" * 5000]),
        label="option value",
    )


def truncate_moves(record: dict[str, Any], data: st.DataObject) -> None:
    moves = record["moves"]
    record["moves"] = moves[: data.draw(st.integers(0, len(moves)), label="kept")]


def extend_moves(record: dict[str, Any], data: st.DataObject) -> None:
    extra = data.draw(
        st.lists(
            st.text(max_size=12) | st.sampled_from(record["moves"] or ["x"]), min_size=1, max_size=5
        ),
        label="extra moves",
    )
    record["moves"] = record["moves"] + extra


def swap_moves(record: dict[str, Any], data: st.DataObject) -> None:
    moves = record["moves"]
    if len(moves) < 2:
        return
    i = data.draw(st.integers(0, len(moves) - 1), label="i")
    j = data.draw(st.integers(0, len(moves) - 1), label="j")
    moves[i], moves[j] = moves[j], moves[i]


def replace_move(record: dict[str, Any], data: st.DataObject) -> None:
    moves = record["moves"]
    if not moves:
        return
    index = data.draw(st.integers(0, len(moves) - 1), label="move index")
    other = [m for m in moves if m != moves[index]] or ["?"]
    moves[index] = data.draw(
        st.text(max_size=30)
        | st.sampled_from(other)
        | st.just(moves[index].upper())
        | st.just("x" * 201)
        | json_values,
        label="move",
    )


def change_outcome(record: dict[str, Any], data: st.DataObject) -> None:
    outcomes = record["chance"]["outcomes"]
    if not outcomes:
        outcomes.append(0)
    index = data.draw(st.integers(0, len(outcomes) - 1), label="outcome index")
    outcomes[index] = data.draw(
        st.integers(-3, 12) | st.integers(-(2**80), 2**80) | json_values, label="outcome"
    )


def insert_or_drop_outcome(record: dict[str, Any], data: st.DataObject) -> None:
    outcomes = record["chance"]["outcomes"]
    index = data.draw(st.integers(0, len(outcomes)), label="at")
    if outcomes and data.draw(st.booleans(), label="drop"):
        del outcomes[min(index, len(outcomes) - 1)]
    else:
        outcomes.insert(index, data.draw(st.integers(0, 6), label="inserted"))


def flip_chance_source(record: dict[str, Any], data: st.DataObject) -> None:
    chance = record["chance"]
    chance["source"] = "script" if chance["source"] == "seed" else "seed"


def huge_number(record: dict[str, Any], data: st.DataObject) -> None:
    field = data.draw(st.sampled_from(["seed", "players", "format_version"]), label="field")
    record[field] = data.draw(
        st.sampled_from([2**63, -(2**63), 2**256, 2**257, 10**4000, -1, 0]), label="number"
    )


def nest_deeply(record: dict[str, Any], data: st.DataObject) -> None:
    field = data.draw(st.sampled_from([*TOP_FIELDS, "options.x", "result.scores"]), label="field")
    value = deep(
        data.draw(st.integers(1, 3000), label="depth"),
        kind=data.draw(st.sampled_from(["list", "dict"]), label="kind"),
    )
    if "." in field:
        parent, key = field.split(".")
        record[parent][key] = value
    else:
        record[field] = value


def wrong_variant(record: dict[str, Any], data: st.DataObject) -> None:
    record["variant"] = data.draw(
        st.sampled_from([*VARIANTS, "nope", "", "coverall(players=3)", "x" * 5000]),
        label="variant",
    )


def wrong_version(record: dict[str, Any], data: st.DataObject) -> None:
    field = data.draw(st.sampled_from(["variant_version", "unodice_version"]), label="field")
    record[field] = data.draw(
        st.sampled_from(["0.0", "99", "", "1.0 ", "x" * 10_000]), label="version"
    )


def bad_house_rules(record: dict[str, Any], data: st.DataObject) -> None:
    names = [*everything().house_rules(), "nope"]
    record["house_rules"] = data.draw(
        st.lists(st.sampled_from(names) | json_values, max_size=3), label="house rules"
    )


MUTATIONS: list[Callable[[dict[str, Any], st.DataObject], None]] = [
    drop_field,
    rename_field,
    add_field,
    retype_field,
    retype_nested,
    bad_option,
    truncate_moves,
    extend_moves,
    swap_moves,
    replace_move,
    change_outcome,
    insert_or_drop_outcome,
    flip_chance_source,
    huge_number,
    nest_deeply,
    wrong_variant,
    wrong_version,
    bad_house_rules,
]


PLAY_MUTATIONS = [
    bad_option,
    truncate_moves,
    extend_moves,
    swap_moves,
    replace_move,
    change_outcome,
    insert_or_drop_outcome,
    flip_chance_source,
]
"""The mutations that keep a record's shape, so that the variant itself meets the damage."""


@st.composite
def mutated_records(
    draw: st.DrawFn, mutations: list[Callable[[dict[str, Any], st.DataObject], None]] = MUTATIONS
) -> dict[str, Any]:
    """A real record of some variant with one to three of ``mutations`` applied."""
    name = draw(st.sampled_from(VARIANTS), label="variant")
    record = json.loads(draw(st.sampled_from(sample_records(name)), label="record"))
    data = draw(st.data())
    for mutation in draw(
        st.lists(st.sampled_from(mutations), min_size=1, max_size=3), label="mutations"
    ):
        # An earlier mutation may have removed or retyped what a later one edits: skip it then.
        with contextlib.suppress(LookupError, TypeError, AttributeError, ValueError):
            mutation(record, data)
    return record


def replay_or_refusal(record: Any) -> Game | InvalidRecord:
    """Replay ``record``: the game, or the ``InvalidRecord``; any other exception fails."""
    started = time.perf_counter()
    try:
        return unodice.replay(record, everything())
    except InvalidRecord as error:
        return error
    finally:
        assert time.perf_counter() - started < SECONDS_PER_REPLAY, "replay took too long"


def assert_answer(record: Any, outcome: Game | InvalidRecord) -> None:
    """A refusal names its field; a replayed game is as good as a fresh one."""
    if isinstance(outcome, InvalidRecord):
        assert isinstance(outcome.field, str) and outcome.field, outcome
        head = outcome.field.split("[")[0].split(".")[0]
        event(f"refused at {head if head in TOP_FIELDS else 'an unknown field'}")
        if head not in TOP_FIELDS:  # then it is an unknown field, named as it is in the record
            assert "unknown field" in str(outcome)
            assert any(outcome.field in (key, brief(key)) for key in record), outcome.field
        assert len(str(outcome)) < 2000, "a refusal message must stay readable"
        return
    event("replayed")
    again = unodice.replay(json.loads(json.dumps(outcome.record())), everything())
    assert again.record() == outcome.record()


@pytest.mark.slow
@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_records())
def test_a_mutated_record_replays_or_is_refused_naming_the_field(record):
    assert_answer(record, replay_or_refusal(record))


@pytest.mark.slow
@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_records(PLAY_MUTATIONS))
def test_damaged_moves_and_outcomes_replay_or_are_refused_naming_the_field(record):
    """Moves cut, added, swapped or replaced, outcomes changed, inserted or dropped."""
    assert_answer(record, replay_or_refusal(record))


@pytest.mark.parametrize("name", VARIANTS)
def test_every_sample_record_replays_unchanged(name):
    """The unmutated records are valid: the fuzzing above starts from real games."""
    for text in sample_records(name):
        record = json.loads(text)
        assert unodice.replay(record, everything()).record() == record


@pytest.mark.parametrize("name", VARIANTS)
def test_an_illegal_move_is_refused_at_its_index(name):
    """A move that was legal elsewhere in the game, put where it is not, is caught there."""
    record = json.loads(sample_records(name)[0])
    moves = record["moves"]
    game = unodice.new_game(
        name, record["players"], record["seed"], record["options"], registry=everything()
    )
    for index, text in enumerate(moves):
        legal = {str(move) for move in game.legal_moves()}
        stranger = next((move for move in moves if move not in legal), None)
        if stranger is not None:
            bad = copy.deepcopy(record)
            bad["moves"][index] = stranger
            outcome = replay_or_refusal(bad)
            assert isinstance(outcome, InvalidRecord)
            assert outcome.field == f"moves[{index}]"
            return
        game.play(text)
    pytest.skip(f"every move of the sample {name} game is legal at every point")


@pytest.mark.parametrize("name", VARIANTS)
def test_a_tampered_outcome_within_range_is_refused(name):
    """An outcome changed to another in-range value does not follow from the seed."""
    record = json.loads(sample_records(name)[0])
    outcomes = record["chance"]["outcomes"]
    index = next((i for i, value in enumerate(outcomes) if value > 0), None)
    if index is None:
        pytest.skip("no outcome above zero to lower")
    outcomes[index] -= 1
    outcome = replay_or_refusal(record)
    assert isinstance(outcome, InvalidRecord)
    assert outcome.field == f"chance.outcomes[{index}]"


# -- files ----------------------------------------------------------------------------------------


@contextlib.contextmanager
def record_file(tmp: Path, content: bytes) -> Iterator[Path]:
    path = tmp / "record.json"
    path.write_bytes(content)
    yield path


garbage_files = st.one_of(
    st.binary(max_size=200),
    st.text(max_size=200).map(lambda text: text.encode("utf-8", "surrogatepass")),
    st.sampled_from(
        [
            b"",
            b"\xef\xbb\xbf{}",
            "{}".encode("utf-16"),
            b"[" * 100_000,
            b'{"a":' * 50_000,
            b"9" * 5000,
            b'{"seed": ' + b"9" * 5000 + b"}",
            b"NaN",
            b"[1, 2",
            b"null",
            b"\x00" * 64,
            b'{"format": "unodice-record"}',
        ]
    ),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(garbage_files)
def test_load_refuses_garbage_files_as_invalid_records(tmp_path_factory, content):
    with (
        record_file(tmp_path_factory.mktemp("garbage"), content) as path,
        pytest.raises(InvalidRecord),
    ):
        load(path, everything())


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(VARIANTS).flatmap(lambda n: st.sampled_from(sample_records(n))), st.data())
def test_load_refuses_a_cut_record(tmp_path_factory, text, data):
    cut = data.draw(st.integers(0, len(text) - 1), label="cut at")
    with (
        record_file(tmp_path_factory.mktemp("cut"), text[:cut].encode()) as path,
        pytest.raises(InvalidRecord),
    ):
        load(path, everything())


def test_load_reads_no_more_than_the_limit(tmp_path, monkeypatch):
    """A record file over the size limit is refused without being read to its end."""
    monkeypatch.setattr("unodice.records.record.MAX_BYTES", 1000)
    with (
        record_file(tmp_path, b" " * 1001) as path,
        pytest.raises(InvalidRecord, match="larger than"),
    ):
        load(path, everything())


def test_load_of_a_device_stops_at_the_limit(monkeypatch):
    """A device reports size 0 but never ends; the byte cap still stops the read."""
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero here")
    monkeypatch.setattr("unodice.records.record.MAX_BYTES", 10_000)
    with pytest.raises(InvalidRecord, match="larger than"):
        load("/dev/zero", everything())


def test_load_of_a_missing_file_is_an_os_error(tmp_path):
    with pytest.raises(OSError):
        load(tmp_path / "missing.json", everything())


# -- the command line ---------------------------------------------------------------------------


def cli_replay(path: Path) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with (
        mock.patch.object(unodice.core.registry, "_default", everything()),
        contextlib.redirect_stderr(err),
    ):
        status = main(["replay", "--quiet", str(path)], out)
    return status, out.getvalue(), err.getvalue()


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_records())
def test_the_cli_answers_a_bad_record_in_one_line_with_status_1(tmp_path_factory, record):
    try:
        text = json.dumps(record)
        parsed = json.loads(text)
    except (TypeError, ValueError, RecursionError):
        return  # not JSON-ready, or nested beyond what the json module writes and reads back
    outcome = replay_or_refusal(parsed)
    with record_file(tmp_path_factory.mktemp("cli"), text.encode()) as path:
        status, out, err = cli_replay(path)
    if isinstance(outcome, InvalidRecord):
        assert status == 1 and out == ""
        assert err.count("\n") == 1 and err.startswith("unodice: invalid record: "), err
    else:
        assert status == 0 and out.startswith("valid: ") and err == ""


@pytest.mark.parametrize("content", [b"{", b"[" * 100_000, b"\xff", b'{"seed": ' + b"9" * 9000])
def test_the_cli_answers_a_garbage_file_in_one_line(tmp_path, content):
    with record_file(tmp_path, content) as path:
        status, out, err = cli_replay(path)
    assert status == 1 and out == "" and err.count("\n") == 1


def test_the_cli_answers_a_missing_file_in_one_line(tmp_path):
    status, _, err = cli_replay(tmp_path / "missing.json")
    assert status == 1 and err.count("\n") == 1 and "missing.json" in err


def test_nan_and_infinity_in_a_record_file_are_refused(tmp_path):
    record = json.loads(sample_records(VARIANTS[0])[0])
    for value in (math.nan, math.inf):
        text = json.dumps({**record, "seed": value}).encode()
        with record_file(tmp_path, text) as path, pytest.raises(InvalidRecord) as caught:
            load(path, everything())
        assert caught.value.field == "seed"
