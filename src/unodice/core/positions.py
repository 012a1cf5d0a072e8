"""Positions: the whole state of a game as one line of text, and games started from one.

A position is to a game of unodice what FEN is to chess: everything needed to carry on, the
hidden parts included (what the bag holds and in which order, every hand), written so that a
person can read it and write one by hand. [`Game.position`][unodice.core.game.Game.position] writes
it, and [`new_game(..., position=TEXT)`][unodice.core.setup.new_game] starts a game from it; the two
round-trip exactly.

A position has two parts, joined by ``" | "``:

* the **header**, written by the core: the game (the variant's name, with the options that
  differ from their defaults as in a game string), the number of players, the round, the match
  scores and the points scored so far in this round:
  ``centre-die(target=200) players=3 round=2 scores=31,0,12 points=0,0,0``;
* the **body**, written by the variant's
  [`write_position`][unodice.core.capabilities.Positions.write_position] and read back by its
  [`read_position`][unodice.core.capabilities.Positions.read_position]: space-separated
  ``key=value`` fields, documented on each variant's page.

This module also holds the small readers and writers that every variant's body uses, so that
all positions spell things the same way:

* fields: [`write_fields`][unodice.core.positions.write_fields] and
  [`read_fields`][unodice.core.positions.read_fields];
* lists (``a,b,c``, empty as ``-``) and one group per seat (``a,b/c/-``):
  [`items`][unodice.core.positions.items] and [`per_seat`][unodice.core.positions.per_seat];
* numbers, seats and the direction of play: [`read_number`][unodice.core.positions.read_number],
  [`read_seat`][unodice.core.positions.read_seat] (``-`` for nobody) and
  [`read_direction`][unodice.core.positions.read_direction] (``cw`` or ``ccw``);
* pieces: [`die_token`][unodice.core.positions.die_token] and
  [`domino_token`][unodice.core.positions.domino_token] write a piece with its id (``r5@12``: die
  12,
  showing r5; ``@12``: die 12; ``r3|y5@40``: tile 40), and a
  [`PieceReader`][unodice.core.positions.PieceReader] reads them back, checks that no piece is named
  twice and, for positions written by hand, finds a piece from its face or ends alone (``r5``:
  the first unused die with an r5 face) and hands out ``rest``, every piece not named elsewhere.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Generic, TypeVar

import attrs

from unodice.core._quoting import brief, whole_number
from unodice.core.errors import InvalidPosition
from unodice.core.options import option_text
from unodice.core.pieces import Die, Domino, Face

__all__ = [
    "MAX_POSITION",
    "NOBODY",
    "NONE",
    "REST",
    "PieceReader",
    "die_token",
    "domino_token",
    "items",
    "per_seat",
    "read_bool",
    "read_direction",
    "read_fields",
    "read_number",
    "read_seat",
    "write_bool",
    "write_direction",
    "write_fields",
    "write_items",
    "write_per_seat",
    "write_seat",
]

MAX_POSITION = 20_000
"""The longest position text read, in characters (a full position of any built-in variant is a
few hundred)."""

NONE = "-"
"""How a position writes an empty list or an absent value."""
NOBODY = "-"
"""How a position writes "no seat"."""
REST = "rest"
"""A list of pieces written as ``rest``: every piece of the set not named elsewhere, by id."""

Piece = TypeVar("Piece", Die, Domino)

_SEPARATOR = " | "
_KEY = re.compile(r"^[a-z][a-z0-9-]*$")


@attrs.frozen
class Header:
    """The core's part of a position.

    Attributes:
        game: The variant's name, with the options that differ from their defaults, as a game
            string (``"coverall(partition=false)"``).
        players: Number of seats.
        round: The current round's number, from 1.
        scores: Match totals, per seat.
        points: Points scored in the current round so far, per seat.
        body: The variant's part, as its ``read_position`` reads it.
    """

    game: str
    players: int
    round: int
    scores: tuple[int, ...]
    points: tuple[int, ...]
    body: str

    def write(self) -> str:
        """The whole position text."""
        head = write_fields(
            [
                ("players", str(self.players)),
                ("round", str(self.round)),
                ("scores", write_items(map(str, self.scores))),
                ("points", write_items(map(str, self.points))),
            ]
        )
        return f"{self.game} {head}{_SEPARATOR}{self.body}"


def read_header(text: Any) -> Header:
    """Split a position into the core's header and the variant's body, checking the header.

    Raises:
        InvalidPosition: The text is not a position: not text, too long, no ``" | "``, or a
            header field missing or malformed.
    """
    if not isinstance(text, str):
        raise InvalidPosition(f"a position is text, not {type(text).__name__}")
    if len(text) > MAX_POSITION:
        raise InvalidPosition(f"a position is at most {MAX_POSITION} characters, not {len(text)}")
    head, separator, body = text.strip().partition("|")
    if not separator:
        raise InvalidPosition(
            f"{brief(text)} is not a position: write the game, its header fields and the "
            "variant's fields, as 'coverall players=3 round=1 scores=0,0,0 points=0,0,0 | ...'"
        )
    game, _, rest = head.strip().partition(" ")
    if not game:
        raise InvalidPosition("a position starts with its game, such as coverall")
    fields = read_fields(rest, ("players", "round", "scores", "points"), "header")
    players = read_number(fields["players"], "players", 1, 256)
    scores = tuple(read_number(v, "scores", -(2**63), 2**63) for v in items(fields["scores"]))
    points = tuple(read_number(v, "points", -(2**63), 2**63) for v in items(fields["points"]))
    for name, values in (("scores", scores), ("points", points)):
        if len(values) != players:
            raise InvalidPosition(f"{name} has {len(values)} numbers for {players} players")
    return Header(
        game=game,
        players=players,
        round=read_number(fields["round"], "round", 1, 1_000_000),
        scores=scores,
        points=points,
        body=body.strip(),
    )


# -- fields ----------------------------------------------------------------------------------


def write_fields(fields: Iterable[tuple[str, str]]) -> str:
    """``key=value`` fields, separated by spaces, in the order given.

    A value may hold a ``|`` (every tile does): a position is split at its first ``|``, which
    ends the header, whose values never hold one.
    """
    out = []
    for key, value in fields:
        if not _KEY.fullmatch(key) or not value or any(c in value for c in " ="):
            raise ValueError(f"cannot write field {key!r}={value!r} into a position")
        out.append(f"{key}={value}")
    return " ".join(out)


def read_fields(text: str, names: Sequence[str], where: str = "position") -> dict[str, str]:
    """Read ``key=value`` fields: exactly the fields ``names``, in any order, each once.

    Raises:
        InvalidPosition: A token is not ``key=value``, a field is unknown, given twice or
            missing; the message lists the fields expected.
    """
    expected = ", ".join(names)
    found: dict[str, str] = {}
    for token in text.split():
        key, sep, value = token.partition("=")
        if not sep or not value:
            raise InvalidPosition(f"in the {where}: {brief(token)} is not key=value")
        if key not in names:
            raise InvalidPosition(
                f"in the {where}: unknown field {brief(key)}; the fields are {expected}"
            )
        if key in found:
            raise InvalidPosition(f"in the {where}: field {key!r} is given twice")
        found[key] = value
    missing = [name for name in names if name not in found]
    if missing:
        raise InvalidPosition(
            f"in the {where}: field{'s' if len(missing) > 1 else ''} {', '.join(missing)} "
            f"missing; the fields are {expected}"
        )
    return found


# -- lists and seats -------------------------------------------------------------------------


def write_items(values: Iterable[str]) -> str:
    """Values joined by commas; ``-`` for none."""
    return ",".join(values) or NONE


def items(value: str) -> list[str]:
    """The comma-separated values of a field; ``-`` is none."""
    if value == NONE:
        return []
    parts = value.split(",")
    if any(not part for part in parts):
        raise InvalidPosition(f"{brief(value)} has an empty item between commas")
    return parts


def write_per_seat(groups: Iterable[Iterable[str]]) -> str:
    """One comma-separated group per seat, joined by ``/`` (``r5@1,g2@7/-/W@30``)."""
    return "/".join(write_items(group) for group in groups)


def per_seat(value: str, players: int, field: str) -> list[list[str]]:
    """The groups of a per-seat field, one list per seat.

    Raises:
        InvalidPosition: The field does not have exactly one group per seat.
    """
    groups = value.split("/")
    if len(groups) != players:
        raise InvalidPosition(
            f"{field} has {len(groups)} group{'s' if len(groups) != 1 else ''} for {players} "
            "players; write one per seat, separated by '/'"
        )
    out = []
    for group in groups:
        try:
            out.append(items(group))
        except InvalidPosition as error:
            raise InvalidPosition(f"in {field}: {error}") from None
    return out


def read_number(value: str, field: str, minimum: int, maximum: int) -> int:
    """A whole number from ``minimum`` to ``maximum``, in the digits 0-9 with no leading zero.

    Raises:
        InvalidPosition: It is not a whole number so written, or out of range.
    """
    number = whole_number(value, field, InvalidPosition, negative=minimum < 0)
    if not minimum <= number <= maximum:
        raise InvalidPosition(f"{field} must be from {minimum} to {maximum}, not {number}")
    return number


def write_seat(seat: int | None) -> str:
    """A seat's number, or ``-`` for nobody."""
    return NOBODY if seat is None else str(seat)


def read_seat(value: str, players: int, field: str, *, nobody: bool = True) -> int | None:
    """A seat's number, or ``None`` for ``-`` when ``nobody`` is allowed.

    Raises:
        InvalidPosition: It is not a seat of the game (or ``-`` where a seat is required).
    """
    if value == NOBODY and nobody:
        return None
    return read_number(value, field, 0, players - 1)


def write_direction(direction: int) -> str:
    """The direction of play: ``cw`` (clockwise, increasing seat numbers) or ``ccw``."""
    return "cw" if direction == 1 else "ccw"


def read_direction(value: str, field: str = "direction") -> int:
    """``cw`` as ``1``, ``ccw`` as ``-1``.

    Raises:
        InvalidPosition: Anything else.
    """
    if value not in ("cw", "ccw"):
        raise InvalidPosition(f"{field} must be cw or ccw, not {brief(value)}")
    return 1 if value == "cw" else -1


def write_bool(value: bool) -> str:
    """``yes`` or ``no``."""
    return "yes" if value else "no"


def read_bool(value: str, field: str) -> bool:
    """``yes`` or ``no``.

    Raises:
        InvalidPosition: Anything else.
    """
    if value not in ("yes", "no"):
        raise InvalidPosition(f"{field} must be yes or no, not {brief(value)}")
    return value == "yes"


# -- pieces ----------------------------------------------------------------------------------


def die_token(die: Die, face: Face | None = None) -> str:
    """A die as a position writes it: ``r5@12`` (die 12 showing r5), or ``@12`` (no face)."""
    return f"{face.code if face is not None else ''}@{die.id}"


def domino_token(tile: Domino) -> str:
    """A tile as a position writes it: its ends and its id, ``r3|y5@40``."""
    return f"{tile.code}@{tile.id}"


class PieceReader(Generic[Piece]):
    """Reads the pieces of one position, each at most once.

    Args:
        pieces: Every piece of the game's component set.

    A token names a piece by its id (``@12``, or with what it shows, ``r5@12``; the face must be
    on the die, the ends must be the tile's), or, written by hand, by its face or ends alone
    (``r5``; ``r3|y5`` either way round): then the first unused piece, by id, that fits.
    """

    def __init__(self, pieces: Iterable[Piece]):
        self._by_id: dict[int, Piece] = {piece.id: piece for piece in pieces}
        self._used: set[int] = set()

    def die(self, token: str, field: str) -> tuple[Die, Face | None]:
        """The die a token names, and the face it shows (``None`` for ``@12``).

        Raises:
            InvalidPosition: No such die, the face is not on it, or it is named twice.
        """
        code, at, number = token.partition("@")
        face = self._face(code, field) if code else None
        if at:
            piece = self._by_number(number, field)
            if not isinstance(piece, Die):
                raise InvalidPosition(f"in {field}: piece {piece.id} is not a die")
            if face is not None and face not in piece.faces:
                raise InvalidPosition(f"in {field}: {face.code} is not a face of {piece}")
        else:
            if face is None:
                raise InvalidPosition(f"in {field}: an empty die token")
            piece = self._first(
                lambda p: isinstance(p, Die) and face in p.faces,
                f"a die with a {face.code} face",
                field,
            )
        self._use(piece, field)
        assert isinstance(piece, Die)
        return piece, face

    def domino(self, token: str, field: str) -> Domino:
        """The tile a token names (``r3|y5@40``, ``@40`` or, by hand, ``r3|y5``).

        Raises:
            InvalidPosition: No such tile, its ends are not the ones written, or it is named
                twice.
        """
        code, at, number = token.partition("@")
        ends = self._ends(code, field) if code else None
        if at:
            piece = self._by_number(number, field)
            if not isinstance(piece, Domino):
                raise InvalidPosition(f"in {field}: piece {piece.id} is not a domino")
            if ends is not None and sorted(ends, key=_code) != sorted(piece.ends, key=_code):
                raise InvalidPosition(f"in {field}: tile {piece.id} is {piece.code}, not {code}")
        else:
            if ends is None:
                raise InvalidPosition(f"in {field}: an empty tile token")
            wanted = sorted(ends, key=_code)
            piece = self._first(
                lambda p: isinstance(p, Domino) and sorted(p.ends, key=_code) == wanted,
                f"a tile {code}",
                field,
            )
        self._use(piece, field)
        assert isinstance(piece, Domino)
        return piece

    def rest(self) -> list[Piece]:
        """Every piece not named so far, by id; they count as named from now on."""
        left = [self._by_id[i] for i in sorted(self._by_id) if i not in self._used]
        self._used.update(piece.id for piece in left)
        return left

    def unused(self) -> list[Piece]:
        """The pieces not named so far, by id (the position must say where they are)."""
        return [self._by_id[i] for i in sorted(self._by_id) if i not in self._used]

    def check_all_named(self) -> None:
        """Refuse a position that leaves pieces of the set out.

        Raises:
            InvalidPosition: Some pieces are not named anywhere.
        """
        left = self.unused()
        if left:
            shown = ", ".join(f"@{piece.id}" for piece in left[:8])
            more = f" and {len(left) - 8} more" if len(left) > 8 else ""
            raise InvalidPosition(
                f"the position leaves {len(left)} piece{'s' if len(left) != 1 else ''} of the "
                f"set out ({shown}{more}); name each one where it is, or write the bag as "
                f"{REST!r}"
            )

    # -- inside --------------------------------------------------------------------------

    def _by_number(self, number: str, field: str) -> Die | Domino:
        piece_id = whole_number(number, f"in {field}: a piece's id", InvalidPosition, digits=12)
        if piece_id not in self._by_id:
            raise InvalidPosition(f"in {field}: no piece @{piece_id} in the set")
        return self._by_id[piece_id]

    def _first(self, fits: Any, what: str, field: str) -> Piece:
        for number in sorted(self._by_id):
            piece = self._by_id[number]
            if number not in self._used and fits(piece):
                return piece
        raise InvalidPosition(f"in {field}: no unused piece is {what}")

    def _use(self, piece: Die | Domino, field: str) -> None:
        if piece.id in self._used:
            raise InvalidPosition(f"in {field}: piece @{piece.id} is named twice")
        self._used.add(piece.id)

    @staticmethod
    def _face(code: str, field: str) -> Face:
        try:
            return Face.parse(code)
        except ValueError as error:
            raise InvalidPosition(f"in {field}: {error}") from None

    def _ends(self, code: str, field: str) -> tuple[Face, Face]:
        left, bar, right = code.partition("|")
        if not bar:
            raise InvalidPosition(
                f"in {field}: {brief(code)} is not a tile; write its ends as r3|y5"
            )
        return self._face(left, field), self._face(right, field)


def _code(face: Face) -> str:
    return face.code


def options_text(name: str, options: Any, defaults: Any) -> str:
    """The game string of a position's header: the name, with the options that differ.

    ``defaults`` is the options class's default instance.
    """
    changed = [
        f"{field.name}={option_text(getattr(options, field.name))}"
        for field in attrs.fields(type(defaults))
        if getattr(options, field.name) != getattr(defaults, field.name)
    ]
    return f"{name}({','.join(changed)})" if changed else name


def same_pieces(
    locations: Mapping[str, Iterable[Die | Domino]], expected: Iterable[Die | Domino]
) -> str | None:
    """Why ``locations`` do not hold exactly the pieces ``expected``, each once (or ``None``)."""
    seen: dict[int, int] = {}
    for pieces in locations.values():
        for piece in pieces:
            seen[piece.id] = seen.get(piece.id, 0) + 1
    wanted = {piece.id for piece in expected}
    twice = sorted(i for i, n in seen.items() if n > 1)
    missing = sorted(wanted - set(seen))
    extra = sorted(set(seen) - wanted)
    problems = []
    if twice:
        problems.append("named more than once: " + ", ".join(f"@{i}" for i in twice[:8]))
    if missing:
        problems.append("missing: " + ", ".join(f"@{i}" for i in missing[:8]))
    if extra:
        problems.append("not in the set: " + ", ".join(f"@{i}" for i in extra[:8]))
    return "; ".join(problems) or None
