"""Game records: a game as JSON, and replay that checks every step.

A record holds what is needed to rebuild a game exactly: the variant and its version, the seats,
options and house rules, the seed, every move in notation and every chance outcome. It holds no
code and no pickle. The seed and the outcomes fix every deal, so a full record is the referee's
document; a seat's record (``game.record(seat=k)``) leaves them out and cannot be replayed.

The game writes its own record's data ([`Game.record`][unodice.core.game.Game.record], through
[`unodice.core.recording`][unodice.core.recording], whose names this module exports too); this
module saves it, loads it and replays it.

[`replay`][unodice.records.record.replay] treats a record as untrusted input: it checks every field,
re-validates every move against the rules, checks each chance outcome, and raises
[`InvalidRecord`][unodice.core.errors.InvalidRecord] naming the field or the move index at the first
fault. A record whose outcomes were scripted is refused unless the caller allows it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from unodice.core._quoting import brief
from unodice.core.chance import ReplayChance
from unodice.core.errors import (
    IllegalMove,
    InvalidOptions,
    InvalidPosition,
    InvalidRecord,
    PluginError,
    UnknownVariant,
)
from unodice.core.options import build_options, options_to_json
from unodice.core.positions import MAX_POSITION
from unodice.core.recording import (
    FORMAT,
    FORMAT_VERSION,
    MAX_OUTCOMES,
    make_record,
    record_limits,
)
from unodice.core.registry import Registry, VariantInfo, default_registry
from unodice.core.setup import SEED_LIMIT, new_game
from unodice.core.variant import MAX_MOVES

if TYPE_CHECKING:
    from unodice.core.game import Game
    from unodice.core.variant import AnyVariant

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "MAX_MOVES",
    "MAX_NAME",
    "MAX_OUTCOMES",
    "MAX_VERSION",
    "load",
    "make_record",
    "read_record",
    "replay",
    "save",
    "set_up",
]

MAX_BYTES = 64 * 1024 * 1024
"""The largest record file [`load`][unodice.records.record.load] reads."""
MAX_NAME = 100
"""The longest variant or house-rule name a record may hold."""
MAX_VERSION = 100
"""The longest ``unodice_version`` or ``variant_version`` a record may hold."""

_FIELDS = {
    "format": str,
    "format_version": int,
    "unodice_version": str,
    "variant": str,
    "variant_version": str,
    "players": int,
    "options": dict,
    "house_rules": list,
    "seed": int,
    "position": str,
    "moves": list,
    "chance": dict,
    "result": dict,
}
_OPTIONAL = {"position", "result", "unodice_version"}
_OUTCOME_LIMIT = 2**63 - 1


def _check_lengths(record: Mapping[str, Any], variant: AnyVariant, plugin: str) -> None:
    """Refuse, unread, more moves or outcomes than a record of this game may hold."""
    most_moves, most_outcomes = record_limits(variant, plugin)
    moves = record["moves"]
    if len(moves) > most_moves:
        raise InvalidRecord(
            f"{len(moves)} moves is more than the {most_moves} allowed for "
            f"{variant.name} with these options",
            "moves",
        )
    if len(record["chance"]["outcomes"]) > most_outcomes:
        raise InvalidRecord(
            f"more than the {most_outcomes} allowed for {variant.name} with these options",
            "chance.outcomes",
        )


def _check_shape(record: Any) -> None:
    if not isinstance(record, Mapping):
        raise InvalidRecord(f"a record is a JSON object, not {type(record).__name__}")
    if "redacted_for" in record:
        raise InvalidRecord(
            f"this record was made for seat {brief(record['redacted_for'])}: it holds no seed "
            "and no chance outcomes, so it cannot be replayed; only the full record (the "
            "referee's) replays",
            "redacted_for",
        )
    unknown = sorted((field for field in record if field not in _FIELDS), key=brief)
    if unknown:
        raise InvalidRecord(
            "unknown field; a record has " + ", ".join(_FIELDS), _field_name(unknown[0])
        )
    for field, kind in _FIELDS.items():
        if field not in record:
            if field in _OPTIONAL:
                continue
            raise InvalidRecord("missing", field)
        value = record[field]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise InvalidRecord(f"must be {kind.__name__}, not {type(value).__name__}", field)
    if record["format"] != FORMAT:
        raise InvalidRecord(f"must be {FORMAT!r}, not {brief(record['format'])}", "format")
    if record["format_version"] != FORMAT_VERSION:
        raise InvalidRecord(
            f"version {brief(record['format_version'])} is not readable here; this library reads "
            f"version {FORMAT_VERSION}",
            "format_version",
        )
    chance = record["chance"]
    if set(chance) != {"source", "outcomes"}:
        raise InvalidRecord("must have exactly 'source' and 'outcomes'", "chance")
    if chance["source"] not in ("seed", "script"):
        raise InvalidRecord("must be 'seed' or 'script'", "chance.source")
    if not isinstance(chance["outcomes"], list):
        raise InvalidRecord("must be a list of whole numbers", "chance.outcomes")
    for field, most in (
        ("variant", MAX_NAME),
        ("variant_version", MAX_VERSION),
        ("unodice_version", MAX_VERSION),
        ("position", MAX_POSITION),
    ):
        if field in record and len(record[field]) > most:
            raise InvalidRecord(
                f"must be at most {most} characters, not {len(record[field])}", field
            )
    for index, rule in enumerate(record["house_rules"]):
        if not isinstance(rule, str) or len(rule) > MAX_NAME:
            raise InvalidRecord(
                f"a house rule is named by a string of at most {MAX_NAME} characters",
                f"house_rules[{index}]",
            )
    if not 0 <= record["seed"] <= SEED_LIMIT:
        # random.Random(-s) is random.Random(s): a negative seed would be a second spelling of
        # the same game, and a record relabelled so would replay as untampered.
        raise InvalidRecord("must be a whole number from 0 to 2**256 - 1", "seed")


def _check_elements(record: Mapping[str, Any]) -> None:
    """Check each move and each outcome (once their numbers are known to be allowed)."""
    for index, move in enumerate(record["moves"]):
        if not isinstance(move, str) or len(move) > 200:
            raise InvalidRecord("a move is its notation, a short string", f"moves[{index}]")
    for index, value in enumerate(record["chance"]["outcomes"]):
        # Each outcome is checked against its bound when the game asks for it; anything that
        # is not even a modest whole number is refused here, before it reaches a message.
        if type(value) is not int or not 0 <= value <= _OUTCOME_LIMIT:
            raise InvalidRecord(
                f"outcome {brief(value)} is not a whole number from 0 up",
                f"chance.outcomes[{index}]",
            )


def _variant_of(record: Mapping[str, Any], info: VariantInfo, registry: Registry) -> AnyVariant:
    """The variant with the record's options and seats, to learn its limits before replay."""
    try:
        options = build_options(info.variant_class.Options, record["options"], info.name)
        variant = info.variant_class(options, record["players"], registry.component_sets())
    except InvalidOptions as error:
        raise InvalidRecord(str(error), "options") from None
    _check_options_spelling(record["options"], options_to_json(options))
    return variant


def _check_options_spelling(recorded: Mapping[str, Any], written: Mapping[str, Any]) -> None:
    """Refuse options not written exactly as a record writes them.

    Text such as ``" ON "`` or ``"0004"`` is for game strings and the command line: a record
    holds each option as JSON of its own type (``true``, ``4``, ``"coverall-24"``), so that one
    game has one record.
    """
    for name, value in recorded.items():
        expected = written[name]
        if type(value) is not type(expected) or value != expected:
            raise InvalidRecord(
                f"{brief(value)} is not how a record writes this value: write {brief(expected)}",
                f"options.{_field_name(name)}",
            )


def _check_house_rules(names: list[str], variant: str, registry: Registry) -> None:
    where = "house_rules"
    for index, name in enumerate(names):
        if name in names[:index]:
            raise InvalidRecord(f"{brief(name)} is named twice", where)
        try:
            rule = registry.house_rule(name)
        except (UnknownVariant, PluginError) as error:
            raise InvalidRecord(str(error), where) from None
        if rule.variants is not None and variant not in rule.variants:
            raise InvalidRecord(
                f"house rule {name!r} is for {', '.join(rule.variants)}, not {variant}", where
            )


def _field_name(key: Any) -> str:
    """An unknown field's name as an error names it: as is when plain, else quoted and cut."""
    if isinstance(key, str) and key.isprintable() and key == key.strip() and 0 < len(key) <= 80:
        return key
    return brief(key)


def replay(
    record: Mapping[str, Any],
    registry: Registry | None = None,
    *,
    allow_scripted: bool = False,
) -> Game:
    """Rebuild a game from its record, checking everything.

    Args:
        record: A record, as [`Game.record`][unodice.core.game.Game.record] made it (or as read
            from JSON).
        registry: Where to look up the variant (default: every installed plugin).
        allow_scripted: Accept a record whose ``chance.source`` is ``"script"``. Its outcomes
            are only checked to be in range, so anyone can choose them: accept one only from a
            source you trust (a test's own games).

    Returns:
        The game, in the state the record ends in. Play can continue from it.

    Raises:
        InvalidRecord: The record is a seat's (it cannot be replayed); a field is missing, of
            the wrong type or unknown; the record is scripted and ``allow_scripted`` is not
            given; the variant is not installed or of another version; the record holds more
            moves or outcomes than its options allow
            ([`Variant.move_limit`][unodice.core.variant.Variant.move_limit]); a move is illegal
            where it stands; a chance outcome is out of range or does not follow from the seed;
            or the result differs.
        PluginError: A house rule named by the record failed while the game was replayed (the
            record itself may be sound), or the variant's ``move_limit`` is broken.
    """
    _check_shape(record)
    if record["chance"]["source"] == "script" and not allow_scripted:
        raise InvalidRecord(
            "the outcomes of a scripted record were chosen, not drawn from the seed, and are "
            "taken as they stand, so the record proves nothing about its dice; replay it only "
            "if you trust where it came from, with replay(..., allow_scripted=True)",
            "chance.source",
        )
    registry = registry or default_registry()
    try:
        info = registry.variant(record["variant"])
    except (UnknownVariant, PluginError) as error:
        raise InvalidRecord(str(error), "variant") from None
    if record["variant_version"] != info.version:
        raise InvalidRecord(
            f"recorded with version {brief(record['variant_version'])} of {info.name}'s rules; "
            f"version {info.version} is installed",
            "variant_version",
        )
    if record["players"] not in info.players:
        raise InvalidRecord(
            f"{info.name} is for {info.players.start} to {info.players.stop - 1} players",
            "players",
        )
    _check_house_rules(record["house_rules"], info.name, registry)
    _check_lengths(record, _variant_of(record, info, registry), info.plugin)
    _check_elements(record)
    try:
        game = set_up(record, registry)
    except InvalidPosition as error:
        raise InvalidRecord(str(error), "position") from None
    except InvalidOptions as error:
        raise InvalidRecord(str(error), "options") from None
    chance = game.chance
    assert isinstance(chance, ReplayChance)
    for index, text in enumerate(record["moves"]):
        if game.is_over:
            raise InvalidRecord("the game is already over here", f"moves[{index}]")
        try:
            game.play(text)
        except IllegalMove as error:
            # The refusal ends with the move itself: quoting it here too would say it twice.
            raise InvalidRecord(f"illegal here: {error}", f"moves[{index}]") from None
    if chance.unused:
        raise InvalidRecord(
            f"{chance.unused} recorded outcomes were never needed", "chance.outcomes"
        )
    _check_result(game, record.get("result"))
    return game


def set_up(record: Mapping[str, Any], registry: Registry | None = None) -> Game:
    """A new game in a record's set-up, drawing the record's chance outcomes; no move played.

    The record is taken as sound: [`replay`][unodice.records.record.replay] checks it first (and
    plays
    its moves on the game this returns). Tools that step through a checked record use it to
    replay it once, move by move.
    """
    seeded = record["chance"]["source"] == "seed"
    # Scripted outcomes say nothing of what the original drew after them: the game stops there.
    chance = ReplayChance(
        record["chance"]["outcomes"],
        seed=record["seed"],
        strict=seeded,
        field="chance.outcomes",
        carry_on=seeded,
    )
    return new_game(
        record["variant"],
        players=record["players"],
        seed=record["seed"],
        options=record["options"],
        house_rules=record["house_rules"],
        chance=chance,
        registry=registry,
        position=record.get("position"),
    )


def _check_result(game: Game, result: Any) -> None:
    if result is None:
        return
    expected = {"over": game.is_over, "scores": list(game.scores), "winners": list(game.winners)}
    if set(result) != set(expected):
        raise InvalidRecord("must have exactly 'over', 'scores' and 'winners'", "result")
    for key, value in expected.items():
        # Of the very types written: 1 is not true, and 5.0 is not 5.
        if not _same_json(result[key], value):
            raise InvalidRecord(
                f"the replay gives {value!r}, the record says {brief(result[key])}",
                f"result.{key}",
            )


def _same_json(found: Any, expected: Any) -> bool:
    """Whether ``found`` is ``expected`` (a bool, an int or a list of them), types included."""
    if isinstance(expected, list):
        return (
            type(found) is list
            and len(found) == len(expected)
            and all(_same_json(a, b) for a, b in zip(found, expected, strict=True))
        )
    return type(found) is type(expected) and found == expected


def save(game: Game, path: str | Path) -> None:
    """Write a game's record to a JSON file.

    Raises:
        InvalidRecord: The game cannot be recorded (see
            [`make_record`][unodice.core.recording.make_record]), or its record would be larger
            than [`load`][unodice.records.record.load] reads; nothing is written.
        OSError: The file cannot be written.
    """
    data = (json.dumps(game.record(), indent=1) + "\n").encode("utf-8")
    if len(data) > MAX_BYTES:
        raise InvalidRecord(
            f"the record is {len(data)} bytes, larger than the {MAX_BYTES} bytes load reads; "
            "it is not written"
        )
    Path(path).write_bytes(data)


def read_record(path: str | Path) -> Any:
    """Read a record file as JSON data, not yet checked (see [`load`][unodice.records.record.load]).

    Raises:
        InvalidRecord: The file is too large, not JSON, JSON nested too deeply, or with
            numbers too long to read.
        OSError: The file cannot be read.
    """
    path = Path(path)
    # Read at most one byte past the limit: the size on disk says nothing for pipes and
    # devices, which could otherwise be read forever.
    with path.open("rb") as stream:
        data = stream.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise InvalidRecord(f"{path.name} is larger than {MAX_BYTES} bytes")
    try:
        return json.loads(data.decode("utf-8"))
    except ValueError as error:  # bad JSON, bad UTF-8, or a number too long to convert
        raise InvalidRecord(f"{path.name} is not JSON: {error}") from None
    except RecursionError:
        raise InvalidRecord(f"{path.name} is JSON nested too deeply to read") from None


def load(
    path: str | Path, registry: Registry | None = None, *, allow_scripted: bool = False
) -> Game:
    """Read a record file and replay it.

    Args:
        path: The file.
        registry: Where to look up the variant (default: every installed plugin).
        allow_scripted: Accept a scripted record (see [`replay`][unodice.records.record.replay]).

    Raises:
        InvalidRecord: The file is too large, not JSON (or JSON nested too deeply, or with
            numbers too long to read), or does not replay.
        OSError: The file cannot be read.
    """
    record = read_record(path)
    return replay(record, registry, allow_scripted=allow_scripted)
