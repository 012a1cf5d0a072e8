"""What the rules need to know about a tile set, worked out once per set and shared.

Tiles and their faces never change, so the variant works out in advance every way to lay each
tile, which touching faces each open face accepts (DO-3) and what each tile is worth at the end
of a round (DO-7). The hot path then only looks things up. A
[`TileLookup`][unodice.variants.dominoes.lookups.TileLookup] is shared by every game with the
same set and never changes once built;
[`lookups_for`][unodice.variants.dominoes.lookups.lookups_for] loads the set an option names
and hands out its lookup.

A set of touching faces is a bit mask, an ``int`` whose bit ``i`` stands for the face numbered
``i`` in ``TileLookup.faces``: testing, merging and emptiness are then single integer
operations.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

import attrs

from unodice.core.errors import InvalidOptions
from unodice.core.lookups import LookupsPerSet, SealedLookup, load_set, unsuitable_set
from unodice.core.pieces import COMMANDS, WILDS, Colour, ComponentSet, Domino, Face

__all__ = [
    "DEAD_END",
    "WILD",
    "EndKeys",
    "Lay",
    "TileLookup",
    "face_points",
    "is_double_wild",
    "is_number_double",
    "lookups_for",
    "shared_tile_lookup",
]

WILD = Face("W")
"""The wild face; the double-Wild is ``W|W``."""
DEAD_END = Face("DE")
"""The dead-end face: an open end showing it takes nothing (DO-3)."""


def face_points(face: Face) -> int:
    """What one end of a tile left in a hand is worth (DO-7).

    Numbers count their value, D2, R and S 10, WD4 and DE 20, W 25.
    """
    if face.number is not None:
        return face.number
    if face.symbol in COMMANDS:
        return 10
    return 25 if face.symbol == "W" else 20


def is_number_double(tile: Domino) -> bool:
    """Whether a tile may open a round: a double of a number (DO-1)."""
    return tile.is_double and tile.ends[0].is_number


def is_double_wild(tile: Domino) -> bool:
    """Whether a tile is the double-Wild ``W|W`` that can reopen a dead layout (DO-9)."""
    return tile.is_double and tile.ends[0].symbol == "W"


@attrs.frozen(slots=True)
class Lay:
    """One way to lay a tile: which end touches the open end and which stays open.

    Attributes:
        id: A number unique to this pair of faces within the tile set.
        touching: The end that touches the open end (the active end, DO-4).
        far: The end that becomes the open end.
        touch: The touching face's index in ``TileLookup.faces``.
        bit: The touching face as a mask (``1 << touch``).
        colour_slot: The slot of a layout's ends by colour to look in for the ends this fits:
            the touching face's colour, or the slot of every live end when it is wild.
        symbol_slot: The slot of a layout's ends by symbol to look in: the touching face's
            number or word, or a slot that stays empty when it is wild.
        wild_touch: Whether the touching end is W or WD4 (the WD4 rule of DO-3 ignores those).
        acts: Whether the touching end is R, S or D2, whose action (DO-4) decides who plays
            next.
        wild_far: Whether the far end is W or WD4, so that a colour must be declared (DO-4).
        far_accepts: The mask of touching faces the far end accepts once it is the open end
            (DO-3), unless it is wild: then that depends on the colour declared.
    """

    id: int
    touching: Face
    far: Face
    touch: int
    bit: int
    colour_slot: int
    symbol_slot: int
    wild_touch: bool
    acts: bool
    wild_far: bool
    far_accepts: int


class EndKeys(NamedTuple):
    """How a layout files an open end, to find the ends a touching face fits (DO-3).

    Attributes:
        colour_slot: The end's colour (its face's, or the one declared for a wild face), as a
            slot of ``Layout.by_colour``; the spare last slot when it has none.
        symbol_slot: A coloured end's number or word, as a slot of ``Layout.by_symbol``; the
            spare last slot for a wild or dead end.
        live: Whether the end takes anything at all (it is not a dead end).
    """

    colour_slot: int
    symbol_slot: int
    live: bool


class TileLookup(SealedLookup):
    """The precomputed facts of one tile set.

    Args:
        components: A set of dominoes.

    Attributes:
        components: The set itself.
        faces: Every face on some tile, numbered in order of first appearance.
        lays: Per tile id, the distinct ways to lay it (a double has one; a dead end is never
            the touching end, so a tile with a DE end has one).
        holders: Per way to lay (by its id), per tile id, whether the tile can be laid that
            way.
        kinds: Per tile id, a number shared by tiles with the same two faces (the set may
            hold copies), so that moves are not offered twice.
        twins: Per tile id, whether another tile of the set has the same two faces.
        points: Per tile id, its DO-7 value (both ends).
        doubles: Per tile id, whether both ends show the same face.
        opening_numbers: Per tile id, the number of a number double (which may open a round,
            DO-1), or -1 for any other tile.
        colour_slots: The slot of each colour in a layout's ends by colour. Two more slots
            follow: ``no_colour`` files the ends without a colour, and ``live_slot`` every
            end that is not dead.
        symbol_slots: The slot of each number or word in a layout's ends by symbol. Two more
            follow: ``no_symbol`` files wild and dead ends, and ``empty_slot`` stays empty.
        max_lines: The most lines a layout can have: the spinner's four, two per other
            double (when doubles spin) and one per double-Wild (DO-9).
    """

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled as its set: the other side uses the lookup its process shares for that set,
        # as every game played there does, rather than a copy of this one.
        return shared_tile_lookup, (self.components,)

    def __init__(self, components: ComponentSet):
        self.components = components
        self.faces: dict[Face, int] = {}
        # One object per distinct face, so that moves built from them compare by identity.
        self._canonical: dict[Face, Face] = {}
        for tile in components.tiles:
            for face in tile.ends:
                self.faces.setdefault(face, len(self.faces))
                self._canonical.setdefault(face, face)
        self._lay_ids: dict[tuple[Face, Face], Lay] = {}
        self._accepts: dict[tuple[Face, Colour | None], int] = {}
        self._keys: dict[tuple[Face, Colour | None], EndKeys] = {}
        symbols = [face.symbol for face in self.faces if face.colour is not None]
        self.symbol_slots: dict[str, int] = {}
        for symbol in symbols:
            self.symbol_slots.setdefault(symbol, len(self.symbol_slots))
        self.colour_slots: dict[Colour, int] = {colour: slot for slot, colour in enumerate(Colour)}
        self.no_colour = len(self.colour_slots)
        self.live_slot = self.no_colour + 1
        self.no_symbol = len(self.symbol_slots)
        self.empty_slot = self.no_symbol + 1
        self.lays: tuple[tuple[Lay, ...], ...] = tuple(
            self._ways_to_lay(tile) for tile in components.tiles
        )
        kind_ids: dict[frozenset[Face], int] = {}
        self.kinds: tuple[int, ...] = tuple(
            kind_ids.setdefault(frozenset(tile.ends), len(kind_ids)) for tile in components.tiles
        )
        self.twins: tuple[bool, ...] = tuple(self.kinds.count(kind) > 1 for kind in self.kinds)
        holders: list[list[bool]] = [[False] * len(components.tiles) for _ in self._lay_ids]
        for tile, ways in zip(components.tiles, self.lays, strict=True):
            for lay in ways:
                holders[lay.id][tile.id] = True
        self.holders: tuple[tuple[bool, ...], ...] = tuple(map(tuple, holders))
        self.points: tuple[int, ...] = tuple(
            face_points(tile.ends[0]) + face_points(tile.ends[1]) for tile in components.tiles
        )
        self.doubles: tuple[bool, ...] = tuple(tile.is_double for tile in components.tiles)
        self.opening_numbers: tuple[int, ...] = tuple(
            int(tile.ends[0].symbol) if is_number_double(tile) else -1 for tile in components.tiles
        )
        doubles = sum(tile.is_double for tile in components.tiles)
        self.max_lines = 4 + 2 * doubles + sum(map(is_double_wild, components.tiles))
        # Every face an open end can show, with every colour one can declare: all worked out
        # now, so that the lookup never changes once sealed.
        for face in self.faces:
            for colour in (None, *Colour):
                self.end_keys(face, colour)
        self.seal()

    def _ways_to_lay(self, tile: Domino) -> tuple[Lay, ...]:
        first, second = tile.ends
        ways: list[Lay] = []
        for touching, far in ((first, second), (second, first)):
            if touching == DEAD_END:
                continue
            lay = self._lay_ids.get((touching, far))
            if lay is None:
                wild_touch, wild_far = touching.symbol in WILDS, far.symbol in WILDS
                lay = Lay(
                    id=len(self._lay_ids),
                    touching=self._canonical[touching],
                    far=self._canonical[far],
                    touch=self.faces[touching],
                    bit=1 << self.faces[touching],
                    colour_slot=self.live_slot if wild_touch else self._colour_slot(touching),
                    symbol_slot=self.empty_slot if wild_touch else self._symbol_slot(touching),
                    wild_touch=wild_touch,
                    acts=touching.symbol in COMMANDS,
                    wild_far=wild_far,
                    far_accepts=0 if wild_far else self.accepts(far, None),
                )
                self._lay_ids[(touching, far)] = lay
            if lay not in ways:
                ways.append(lay)
        return tuple(ways)

    @property
    def lay_count(self) -> int:
        """How many distinct ways to lay a tile the set has (ids ``0 … lay_count - 1``)."""
        return len(self._lay_ids)

    def _colour_slot(self, face: Face) -> int:
        return self.no_colour if face.colour is None else self.colour_slots[face.colour]

    def _symbol_slot(self, face: Face) -> int:
        return self.no_symbol if face.colour is None else self.symbol_slots[face.symbol]

    def end_keys(self, face: Face, colour: Colour | None) -> EndKeys:
        """How a layout files an open end showing ``face`` (with ``colour`` declared if wild).

        A touching end fits an open end when it is wild, or has the open end's colour (a wild
        end's declared one), or the same number or word as a coloured open end (DO-3). So the
        ends a touching face fits are found by its colour and its symbol, and a wild touching
        face fits every live end.
        """
        key = (face, colour)
        keys = self._keys.get(key)
        if keys is None:
            live = face != DEAD_END
            shown = face.colour or colour
            colour_slot = self.no_colour if shown is None else self.colour_slots[shown]
            keys = EndKeys(colour_slot, self._symbol_slot(face), live)
            # The same rule as accepts(), said the other way round: check they agree.
            matched = sum(
                1 << index
                for touching, index in self.faces.items()
                if live
                and touching != DEAD_END
                and (
                    touching.symbol in WILDS
                    or self._colour_slot(touching) == keys.colour_slot
                    or self._symbol_slot(touching) == keys.symbol_slot
                )
            )
            assert matched == self.accepts(face, colour), (face, colour)
            self._keys[key] = keys
        return keys

    def lay_of(self, touching: Face, far: Face) -> Lay | None:
        """The way to lay a tile with ``touching`` against the open end, if any tile has it."""
        return self._lay_ids.get((touching, far))

    def accepts_after(self, lay: Lay, colour: Colour | None) -> int:
        """The mask the far end of ``lay`` accepts once open, with ``colour`` declared if wild."""
        return self.accepts(lay.far, colour) if lay.wild_far else lay.far_accepts

    def accepts(self, face: Face, colour: Colour | None) -> int:
        """The mask of the touching faces that an open end accepts (DO-3).

        Args:
            face: The face the open end shows.
            colour: The colour declared for a W or WD4 open end (``None`` otherwise).

        A touching face fits when it is W or WD4, shows the same number or word as a coloured
        open face, or has the open end's colour (a wild open end's declared colour). A dead
        end accepts nothing.
        """
        key = (face, colour)
        found = self._accepts.get(key)
        if found is None:  # only while the lookup is built: it holds every face of the set
            faces = self.faces.items()
            found = sum(1 << index for touching, index in faces if _fits(touching, face, colour))
            self._accepts[key] = found
        return found


def _fits(touching: Face, face: Face, colour: Colour | None) -> bool:
    if face == DEAD_END or touching == DEAD_END:
        return False
    if touching.symbol in WILDS:
        return True
    if face.colour is not None and touching.symbol == face.symbol:
        return True
    return touching.colour is not None and touching.colour == (face.colour or colour)


def lookups_for(
    name: str, extra: Mapping[str, ComponentSet], players: int, hand_size: int
) -> TileLookup:
    """The lookup of the tile set an option names, checked that a round can be played with it.

    Raises:
        InvalidOptions: The set is unknown, is a set of dice, has no number double to open
            a round with (DO-1), or has too few tiles to deal ``hand_size`` to every player.
    """
    components = load_set("dominoes", "tiles", name, extra, "tiles")
    if not any(is_number_double(tile) for tile in components.tiles):
        raise unsuitable_set(
            "dominoes", "tiles", name, "has no number double, so no round could open (DO-1)"
        )
    needed = players * hand_size
    if needed > len(components.tiles):
        raise InvalidOptions(
            f"dominoes: dealing hand_size={hand_size} to {players} players needs {needed} tiles, "
            f"but {name!r} has {len(components.tiles)}; choose a hand size of at most "
            f"{len(components.tiles) // players}"
        )
    return _lookup_of(components)


_lookup_of: LookupsPerSet[TileLookup] = LookupsPerSet(TileLookup)
"""The lookup of a set, shared by every game with the same set object (it never changes)."""


def shared_tile_lookup(components: ComponentSet) -> TileLookup:
    """The lookup of ``components`` that every game of the process shares."""
    return _lookup_of(components)
