"""Game pieces as plain data: colours, faces, dice, dominoes, bags and component sets.

Nothing here knows a rule. A [`Face`][unodice.core.pieces.Face] is what a die side or a domino end
shows; a [`Die`][unodice.core.pieces.Die] has six faces, a [`Domino`][unodice.core.pieces.Domino]
two ends.
Pieces carry an ``id`` (their index in their component set) so that every piece can be accounted
for wherever it is. Component sets are JSON data shipped inside the package and validated on load.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import cache
from importlib import resources
from typing import Any, Generic, Self, TypeVar

from unodice.core._quoting import brief
from unodice.core.errors import ComponentError
from unodice.core.values import Value

__all__ = [
    "COLOURED_SYMBOLS",
    "COMMANDS",
    "NUMBERS",
    "SYMBOLS",
    "WILDS",
    "Bag",
    "Colour",
    "ComponentSet",
    "Die",
    "Domino",
    "Face",
    "load_components",
    "parse_colour",
    "shared_face",
]


class Colour(enum.Enum):
    """The four Uno colours. The value is the lower-case English name."""

    RED = "red"
    """Red (``r`` in notation)."""
    YELLOW = "yellow"
    """Yellow (``y`` in notation)."""
    GREEN = "green"
    """Green (``g`` in notation)."""
    BLUE = "blue"
    """Blue (``b`` in notation)."""

    @property
    def letter(self) -> str:
        """The one-letter code used in notation: ``r``, ``y``, ``g`` or ``b``."""
        return self.value[0]

    def __str__(self) -> str:
        return self.value


_COLOUR_BY_NAME = {c.value: c for c in Colour} | {c.letter: c for c in Colour}


def parse_colour(text: str) -> Colour:
    """Read a colour from its name or its letter, in any case (``"Red"``, ``"r"``).

    Raises:
        ValueError: The text names no colour; the message lists the valid ones.
    """
    colour = _COLOUR_BY_NAME.get(text.strip().lower())
    if colour is None:
        names = ", ".join(f"{c.value} ({c.letter})" for c in Colour)
        raise ValueError(f"{brief(text)} is not a colour; use one of {names}")
    return colour


NUMBERS: frozenset[str] = frozenset(str(n) for n in range(10))
"""Number symbols, ``"0"`` to ``"9"``."""
COMMANDS: frozenset[str] = frozenset({"R", "S", "D2"})
"""Coloured action symbols: reverse, skip and draw two."""
WILDS: frozenset[str] = frozenset({"W", "WD4"})
"""Wild symbols: they have no colour of their own."""
COLOURED_SYMBOLS: frozenset[str] = NUMBERS | COMMANDS
"""Symbols that always come with a colour."""
SYMBOLS: frozenset[str] = COLOURED_SYMBOLS | WILDS | {"DE"}
"""Every symbol a face may show. ``DE`` (dead end) appears on dominoes only."""


class Face(Value):
    """What one die side or one domino end shows: a symbol and, unless wild or DE, a colour.

    Attributes:
        symbol: One of [`SYMBOLS`][unodice.core.pieces.SYMBOLS].
        colour: The colour, or ``None`` for ``W``, ``WD4`` and ``DE``.
    """

    symbol: str
    colour: Colour | None = None

    def __new__(cls, symbol: str, colour: Colour | None = None) -> Self:
        if symbol not in SYMBOLS:
            raise ValueError(f"unknown symbol {symbol!r}; known: {', '.join(sorted(SYMBOLS))}")
        if (symbol in COLOURED_SYMBOLS) != (colour is not None):
            need = "needs a colour" if symbol in COLOURED_SYMBOLS else "has no colour"
            raise ValueError(f"symbol {symbol!r} {need}")
        return Value.__new__(cls, symbol, colour)

    @property
    def is_number(self) -> bool:
        """True for ``0`` to ``9``."""
        return self.symbol in NUMBERS

    @property
    def number(self) -> int | None:
        """The face's number, or ``None`` for a letter face."""
        return int(self.symbol) if self.symbol in NUMBERS else None

    @property
    def is_wild(self) -> bool:
        """True for ``W`` and ``WD4``."""
        return self.symbol in WILDS

    @property
    def is_command(self) -> bool:
        """True for ``R``, ``S`` and ``D2``."""
        return self.symbol in COMMANDS

    @property
    def code(self) -> str:
        """Short notation: colour letter then symbol (``r5``, ``gD2``), or the bare symbol."""
        return self.symbol if self.colour is None else self.colour.letter + self.symbol

    @classmethod
    def parse(cls, code: str) -> Face:
        """Read a face from its [`code`][unodice.core.pieces.Face.code] (``"r5"``, ``"WD4"``).

        Raises:
            ValueError: The text is not a face code.
        """
        text = code.strip()
        if text.upper() in ("W", "WD4", "DE"):
            return shared_face(cls(text.upper()))
        if len(text) >= 2 and text[0].lower() in "rygb":
            try:
                return shared_face(cls(text[1:].upper(), _COLOUR_BY_NAME[text[0].lower()]))
            except ValueError:
                pass
        raise ValueError(
            f"{brief(code)} is not a face; write a colour letter and a symbol (r5, gD2, yS, bR) "
            "or W, WD4, DE"
        )

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Face({self.code})"


class Die(Value):
    """A six-sided die.

    Attributes:
        id: The die's index in its component set; unique within a game.
        faces: The six faces, in a fixed order.
    """

    id: int
    faces: tuple[Face, Face, Face, Face, Face, Face]

    def __str__(self) -> str:
        return f"die {self.id} [{' '.join(f.code for f in self.faces)}]"


class Domino(Value):
    """A domino tile with two ends.

    Attributes:
        id: The tile's index in its component set; unique within a game.
        ends: The two ends, in the order the set lists them.
    """

    id: int
    ends: tuple[Face, Face]

    @property
    def is_double(self) -> bool:
        """True when both ends show the same face."""
        return self.ends[0] == self.ends[1]

    @property
    def code(self) -> str:
        """Notation of the tile: its two end codes joined by ``|`` (``r3|y5``)."""
        return f"{self.ends[0].code}|{self.ends[1].code}"

    def __str__(self) -> str:
        return self.code


Piece = TypeVar("Piece")


class Bag(Generic[Piece]):
    """A closed container of pieces: a dice bag or a domino boneyard.

    Its order is an implementation detail, kept only so that a seeded game is reproducible;
    the rules never look inside. Draw from it through the game's
    [`Chance`][unodice.core.chance.Chance], never directly.
    """

    __slots__ = ("_items",)

    def __init__(self, items: Iterable[Piece] = ()):
        self._items: list[Piece] = list(items)

    def __len__(self) -> int:
        return len(self._items)

    def __bool__(self) -> bool:
        return bool(self._items)

    def __iter__(self) -> Iterator[Piece]:
        return iter(self._items)

    def __contains__(self, piece: object) -> bool:
        return piece in self._items

    def __repr__(self) -> str:
        return f"Bag({len(self._items)} pieces)"

    @property
    def count(self) -> int:
        """How many pieces the bag holds."""
        return len(self._items)

    def put(self, piece: Piece) -> None:
        """Return one piece to the bag."""
        self._items.append(piece)

    def put_all(self, pieces: Iterable[Piece]) -> None:
        """Return several pieces to the bag."""
        self._items.extend(pieces)

    def take_at(self, index: int) -> Piece:
        """Remove and return the piece at ``index`` (the chance layer picks the index)."""
        items = self._items
        piece = items[index]
        items[index] = items[-1]
        items.pop()
        return piece

    def remove(self, piece: Piece) -> None:
        """Remove a given piece (for scripted positions in tests)."""
        self._items.remove(piece)

    def copy(self) -> Bag[Piece]:
        """An independent bag with the same pieces in the same order."""
        twin: Bag[Piece] = object.__new__(Bag)  # no constructor: a search copies many bags
        twin._items = self._items[:]
        return twin


class ComponentSet(Value):
    """A named set of dice or dominoes.

    Attributes:
        name: The set's name, as options refer to it (``"coverall-24"``).
        dice: The dice, empty for a domino set.
        tiles: The dominoes, empty for a dice set.
    """

    name: str
    dice: tuple[Die, ...] = ()
    tiles: tuple[Domino, ...] = ()

    @property
    def kind(self) -> str:
        """``"dice"`` or ``"tiles"``."""
        return "dice" if self.dice else "tiles"

    @property
    def pieces(self) -> tuple[Die, ...] | tuple[Domino, ...]:
        """The dice or the tiles, whichever the set holds."""
        return self.dice or self.tiles

    @classmethod
    def from_codes(cls, name: str, codes: Sequence[str]) -> ComponentSet:
        """Build a set from piece codes, as notation writes them.

        A tile is its two ends (``"r9|r9"``, ``"b8|WD4"``); a die is its six faces, separated
        by spaces (``"r1 g2 b3 y4 r5 WD4"``). Every code must be of the same kind; the pieces
        are numbered from 0 in the order given.

        Raises:
            ComponentError: A code is not a tile or a die, or the codes mix the two.
        """
        if isinstance(codes, str) or not codes:
            raise ComponentError(f"set {name!r}: give a list of piece codes, such as ['r9|r9']")
        tiles = ["|" in code for code in codes]
        if any(tiles) and not all(tiles):
            raise ComponentError(f"set {name!r}: the codes mix tiles (a|b) and dice")
        pieces: list[Any] = []
        for index, code in enumerate(codes):
            parts = code.split("|") if tiles[0] else code.split()
            wanted = 2 if tiles[0] else 6
            if len(parts) != wanted:
                what = "a tile has two ends, as r3|y5" if tiles[0] else "a die has six faces"
                raise ComponentError(f"set {name!r}, piece {index} ({code!r}): {what}")
            try:
                faces = tuple(Face.parse(part) for part in parts)
            except ValueError as error:
                raise ComponentError(f"set {name!r}, piece {index}: {error}") from None
            piece = Domino(index, faces) if tiles[0] else Die(index, faces)  # type: ignore[arg-type]
            pieces.append(piece)
        if tiles[0]:
            return cls(name, tiles=tuple(pieces))
        return cls(name, dice=tuple(pieces))

    @classmethod
    def from_json(cls, data: Mapping[str, Any], source: str = "<data>") -> ComponentSet:
        """Build and validate a set from its JSON form.

        The form is ``{"set": NAME, "dice": [[face × 6], …]}`` or
        ``{"set": NAME, "tiles": [[end, end], …]}``, a face being
        ``{"symbol": "5", "colour": "red"}`` (``colour`` null for W, WD4 and DE).

        Raises:
            ComponentError: Naming the source and the entry at fault.
        """
        if not isinstance(data, Mapping):
            raise ComponentError(f"{source}: expected a JSON object, got {type(data).__name__}")
        name = data.get("set")
        if not isinstance(name, str) or not name:
            raise ComponentError(f"{source}: 'set' must be a non-empty string naming the set")
        has_dice, has_tiles = "dice" in data, "tiles" in data
        if has_dice == has_tiles:
            raise ComponentError(f"{source}: give exactly one of 'dice' or 'tiles'")
        key, size = ("dice", 6) if has_dice else ("tiles", 2)
        entries = data[key]
        if not isinstance(entries, list) or not entries:
            raise ComponentError(f"{source}: '{key}' must be a non-empty list")
        pieces: list[Any] = []
        for index, entry in enumerate(entries):
            where = f"{source}: {key}[{index}]"
            if not isinstance(entry, list) or len(entry) != size:
                raise ComponentError(f"{where}: needs exactly {size} faces")
            faces = tuple(_face_from_json(face, f"{where}[{n}]") for n, face in enumerate(entry))
            if has_dice:
                if any(f.symbol == "DE" for f in faces):
                    raise ComponentError(f"{where}: DE (dead end) is a domino end, not a die face")
                pieces.append(Die(index, faces))  # type: ignore[arg-type]
            else:
                pieces.append(Domino(index, faces))  # type: ignore[arg-type]
        if has_dice:
            return cls(name, dice=tuple(pieces))
        return cls(name, tiles=tuple(pieces))

    def to_json(self) -> dict[str, Any]:
        """The JSON form, read by [`from_json`][unodice.core.pieces.ComponentSet.from_json]."""

        def face(f: Face) -> dict[str, Any]:
            return {"symbol": f.symbol, "colour": f.colour.value if f.colour else None}

        if self.dice:
            return {"set": self.name, "dice": [[face(f) for f in d.faces] for d in self.dice]}
        return {"set": self.name, "tiles": [[face(f) for f in t.ends] for t in self.tiles]}


def _face_from_json(entry: Any, where: str) -> Face:
    if not isinstance(entry, Mapping) or set(entry) - {"symbol", "colour"}:
        raise ComponentError(f"{where}: a face is {{'symbol': ..., 'colour': ...}}")
    symbol, colour_name = entry.get("symbol"), entry.get("colour")
    if symbol not in SYMBOLS:
        raise ComponentError(f"{where}: unknown symbol {symbol!r}; known: {sorted(SYMBOLS)}")
    colour = None
    if colour_name is not None:
        if colour_name not in {c.value for c in Colour}:
            known = ", ".join(c.value for c in Colour)
            raise ComponentError(f"{where}: unknown colour {colour_name!r}; known: {known}")
        colour = Colour(colour_name)
    try:
        return shared_face(Face(symbol, colour))
    except ValueError as error:
        raise ComponentError(f"{where}: {error}") from None


_SHARED_FACES: dict[Face, Face] = {}


def shared_face(face: Face) -> Face:
    """The one shared object equal to ``face``.

    Faces read from component sets and from notation are shared this way (there are only a few
    dozen different ones), so that equal faces are usually the very same object and the rules
    can look them up by identity, much faster than by value.
    """
    return _SHARED_FACES.setdefault(face, face)


@cache
def _builtin_sets() -> dict[str, ComponentSet]:
    sets: dict[str, ComponentSet] = {}
    for entry in sorted(resources.files("unodice.data").iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".json"):
            source = f"unodice/data/{entry.name}"
            try:
                data = json.loads(entry.read_text(encoding="utf-8"))
            except json.JSONDecodeError as error:
                raise ComponentError(f"{source}: not valid JSON: {error}") from None
            component_set = ComponentSet.from_json(data, source)
            sets[component_set.name] = component_set
    return sets


def builtin_component_sets() -> tuple[str, ...]:
    """The names of the component sets shipped with the library."""
    return tuple(_builtin_sets())


def load_components(name: str, extra: Mapping[str, ComponentSet] | None = None) -> ComponentSet:
    """Return a component set by name: one shipped with the library or one in ``extra``.

    Raises:
        ComponentError: No set has that name; the message lists those that exist.
    """
    sets = dict(_builtin_sets())
    if extra:
        sets.update(extra)
    try:
        return sets[name]
    except KeyError:
        raise ComponentError(
            f"no component set named {name!r}; available: {', '.join(sorted(sets))}"
        ) from None


def faces_of(pieces: Sequence[Die] | Sequence[Domino]) -> list[Face]:
    """Every face of every piece, in order (six per die, two per tile)."""
    out: list[Face] = []
    for piece in pieces:
        out.extend(piece.faces if isinstance(piece, Die) else piece.ends)
    return out
