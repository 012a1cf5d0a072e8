"""What a game's record holds: the data [`Game.record`][unodice.core.game.Game.record] returns.

A record holds what is needed to rebuild a game exactly: the variant and its version, the seats,
options and house rules, the seed, every move in notation and every chance outcome. It holds no
code and no pickle. The seed and the outcomes fix every deal, so a full record is the referee's
document; a seat's record (``game.record(seat=k)``) leaves them out and cannot be replayed.

This module writes a record's data, JSON-ready, and says how long a record may be. Reading,
saving, loading and replaying records is [`unodice.records.record`][unodice.records.record],
which also exports the names here; the records page describes each field.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from unodice._version import __version__
from unodice.core._quoting import brief
from unodice.core.errors import InvalidOptions, InvalidRecord, PluginError, UnodiceError
from unodice.core.variant import MAX_MOVES

if TYPE_CHECKING:
    from unodice.core.game import Game
    from unodice.core.variant import AnyVariant

__all__ = ["FORMAT", "FORMAT_VERSION", "MAX_OUTCOMES", "make_record", "record_limits"]

FORMAT = "unodice-record"
"""The value of a record's ``format`` field."""
FORMAT_VERSION = 1
"""The record format version this library writes and reads."""
MAX_OUTCOMES = 2_000_000
"""The most chance outcomes a record of [`MAX_MOVES`][unodice.core.variant.MAX_MOVES] moves may
hold: ten a move. A variant that allows more moves allows more outcomes in proportion."""


def make_record(game: Game, seat: int | None = None) -> dict[str, Any]:
    """The record of a game, or of what one seat may know of it, as JSON-ready data.

    See the records page for each field. [`Game.record`][unodice.core.game.Game.record] calls
    it, once it has checked that the game can be recorded.

    Args:
        game: The game.
        seat: ``None`` for the full record. It is the referee's document: its seed and
            outcomes fix every deal and draw, hidden hands included, so it is not for the
            players while the game is on. A seat's number for the record that seat may be
            given: it holds no seed and no outcomes, and the events only as that seat may be
            told of them ([`Variant.event_for_seat`][unodice.core.variant.Variant.event_for_seat]).
            It says whom it was made for (``redacted_for``) and cannot be replayed.

    Raises:
        InvalidOptions: ``seat`` is not a seat of the game.
        InvalidRecord: (The full record.) The game has more moves or chance outcomes than a
            record of it may hold ([`Variant.move_limit`][unodice.core.variant.Variant.move_limit]),
            so its record could not be replayed.
    """
    head: dict[str, Any] = {"format": FORMAT, "format_version": FORMAT_VERSION}
    if seat is not None:
        if type(seat) is not int or not 0 <= seat < game.players:
            raise InvalidOptions(f"seat must be from 0 to {game.players - 1}, got {brief(seat)}")
        head["redacted_for"] = seat
    head.update(
        {
            "unodice_version": __version__,
            "variant": game.variant.name,
            "variant_version": game.variant.version,
            "players": game.players,
            "options": game.options_json(),
            "house_rules": list(game.house_rules),
        }
    )
    moves = [str(move) for move in game.moves]
    result = {"over": game.is_over, "scores": list(game.scores), "winners": list(game.winners)}
    if seat is not None:
        return {**head, "moves": moves, "events": _events_for(game, seat), "result": result}
    most_moves, most_outcomes = record_limits(game.variant, game.plugin)
    where = f"a record of {game.variant.name} with these options may hold"
    if len(moves) > most_moves:
        raise InvalidRecord(
            f"the game has {len(moves)} moves, more than the {most_moves} {where}, so it "
            "could not be replayed and is not recorded",
            "moves",
        )
    outcomes = game.chance.outcomes
    if len(outcomes) > most_outcomes:
        raise InvalidRecord(
            f"the game drew {len(outcomes)} chance outcomes, more than the {most_outcomes} "
            f"{where}, so it could not be replayed and is not recorded",
            "chance.outcomes",
        )
    # A position names every hidden piece: it belongs in the referee's record only.
    start = {} if game.start_position is None else {"position": game.start_position}
    return {
        **head,
        **start,
        "seed": game.seed,
        "moves": moves,
        "chance": {"source": game.chance.source, "outcomes": list(outcomes)},
        "result": result,
    }


def _events_for(game: Game, seat: int) -> list[Any]:
    """The game's events as ``seat`` may be told of them, in order, as JSON-ready data."""
    tell = game.variant.event_for_seat
    try:
        told = [tell(event, seat) for event in game.events]
    except Exception as error:
        if not isinstance(error, UnodiceError):
            error.add_note(
                f"raised by variant {game.variant.name!r} of plugin {game.plugin!r}, "
                "in event_for_seat"
            )
        raise
    return [event for event in told if event is not None]


def record_limits(variant: AnyVariant, plugin: str) -> tuple[int, int]:
    """The most moves and chance outcomes a record of a game of ``variant`` may hold.

    The moves are the variant's
    [`move_limit`][unodice.core.variant.Variant.move_limit]; the outcomes are
    [`MAX_OUTCOMES`][unodice.core.recording.MAX_OUTCOMES] in proportion to it.

    Raises:
        PluginError: ``move_limit`` did not return a whole number from 1 (``plugin`` is named).
    """
    moves = variant.move_limit()
    if type(moves) is not int or moves < 1:
        raise PluginError(
            plugin,
            f"variant {variant.name!r}: move_limit returned {brief(moves)}, not a "
            "whole number from 1",
        )
    return moves, MAX_OUTCOMES * moves // MAX_MOVES
