"""The spaces of Uno dominoes for learning agents: every move numbered, and a view as numbers.

See [`unodice.core.spaces`][unodice.core.spaces] for what a catalogue and a layout are for.

**The action catalogue.** Its moves come in four ranges, in this order:

1. the seven word moves, at 0 to 6: ``draw``, ``keep``, ``pass``, ``challenge``,
   ``accept``, ``catch``, ``decline`` (the same numbers whatever the options);
2. the plays whose far end is not wild: for the ``k``-th such way to lay a tile (from 0;
   the ways come in the set's order of tiles, each tile first with its first end touching,
   then the other way round, each way once), open end ``e`` (1 to ``E``) and Uno call ``u``
   (0 without, 1 with), the index ``7 + (k * E + e - 1) * 2 + u``;
3. the plays whose far end is W or WD4, which declare a colour ``c`` (0 to 3: red, yellow,
   green, blue): ``start + ((k * E + e - 1) * 4 + c) * 2 + u``, ``k`` counting those ways;
4. the double-Wild laid on the spinner of a dead layout (DO-9), when the set has one:
   ``start + c * 2 + u``.

``E`` is the most lines a layout can ever have, from the rules of DO-2 and DO-9 (see
[`most_lines`][unodice.variants.dominoes.spaces.most_lines]). Every way to lay a tile on every
line, with every colour and call, is in the catalogue, whether or not that line ever shows a
face the tile matches: the numbering then stays a plain formula. Only the options name the
moves (the tile set and ``all_doubles_spin``); the number of seats does not change them.

**The observation**, for a view of seat ``s``, holds the slots of
[`observation_layout`][unodice.variants.dominoes.spaces.DominoesSpaces.observation_layout], each
number from 0 to 1. Seats are
numbered from the observer: relative seat ``k`` is the seat ``k`` steps after ``s`` in the
current direction of play, so relative seat 0 is ``s`` and 1 is the next to play after her.
Tiles are counted by *kind* (tiles with the same two faces, which the rules never tell apart):
a kind's number is the share of its copies in the place the slot describes. Counts of tiles
are divided by the most a hand can hold, the set's size less the spinner.

With ``catch_by`` set to ``"any-opponent"`` (DO-6) the phase slot has a fifth place,
``catching``: the seat to act (``to_act``) is asked out of turn whether to catch the seat in
``uno_debtor``. Under the default options the layout is unchanged.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from operator import is_
from typing import TYPE_CHECKING, cast

from unodice.core.capabilities import Spaces
from unodice.core.lookups import LookupsPerSet, SealedLookup
from unodice.core.pieces import Colour, Domino, Face
from unodice.core.spaces import Buffer, Slot

from .kernel import make_plays
from .lookups import TileLookup, is_double_wild
from .moves import WORDS, DominoesMove, Play
from .options import DominoesOptions
from .state import CATCHING, CHALLENGE, DRAWN, RESCUE, SPINNER, TURN, OpenEnd, Placement

if TYPE_CHECKING:
    from unodice.core.variant import View

__all__ = ["DominoesEncoder", "DominoesSpaces", "SpaceLookup", "most_lines", "spaces_for"]

_PHASES = (TURN, DRAWN, CHALLENGE, RESCUE)
"""The decisions the phase slot tells apart, in its order (a finished round sets none)."""
_COLOUR_INDEX = {colour: index for index, colour in enumerate(Colour)}


def most_lines(lookups: TileLookup, doubles_spin: bool) -> int:
    """The most lines (so open ends) a layout of this set can ever have (DO-2, DO-9).

    Lines open only three ways: the spinner opens four (DO-2); with ``all_doubles_spin`` a
    double laid on a line opens two more; and the double-Wild laid against the spinner of a
    dead layout opens one (DO-9). A tile on the table stays there (a Wild Draw Four taken back,
    DO-8, takes its lines with it), so each tile opens lines once. When doubles spin, every
    double that can be laid (one with a face other than DE) but the spinner, itself a double,
    opens at most two: ``4 + 2 * (doubles - 1)``. Otherwise only each double-Wild can open
    one: ``4 + double-Wilds``.
    """
    if doubles_spin:
        set_tiles = lookups.components.tiles
        layable = sum(1 for tile in set_tiles if tile.is_double and lookups.lays[tile.id])
        return 4 + 2 * (layable - 1)
    return 4 + sum(map(is_double_wild, lookups.components.tiles))


class SpaceLookup(SealedLookup):
    """The catalogue and the look-ups of the observation, for one tile set, options and seats.

    Args:
        lookups: The tile set's lookup.
        doubles_spin: The ``all_doubles_spin`` option.
        players: The number of seats.
        catching: Whether opponents are asked out of turn to catch a missed Uno
            (``catch_by="any-opponent"``, DO-6): the phase slot then has a fifth place.

    Attributes:
        phases: The decisions the phase slot tells apart, in its order.
        lines: The most open ends a layout can have (``E`` of the numbering).
        actions: The action catalogue's moves, in order.
        kinds: Per tile id, its kind's number (``TileLookup.kinds``).
        shares: Per tile id, the share of its kind one tile is: one over the kind's copies.
        faces: Per face, its place in an open end's face plane (``TileLookup.faces``).
        end_size: How many numbers one open end takes in the ``ends`` slot.
        most_tiles: What tile counts are divided by: the set's size less the spinner.
        slots: The observation's slots, in order.
        offsets: Per slot name, where it starts in the observation.
        size: The observation's size.
        players: The number of seats.
        phase_at: Per decision the phase slot tells apart, its place in the observation.
        kind_share: Per tile kind, the share of it one tile is.
        exact_shares: Whether every kind has a power of two of copies, so that its tiles'
            shares add up exactly in any floating point.
        tile_set: The set of tiles.
        kind_by_identity: The kind of each of the set's tile objects, by identity.
    """

    def __init__(
        self, lookups: TileLookup, doubles_spin: bool, players: int, catching: bool = False
    ):
        self.lines = most_lines(lookups, doubles_spin)
        self.phases: tuple[str, ...] = (*_PHASES, CATCHING) if catching else _PHASES
        self.actions: tuple[DominoesMove, ...] = _catalogue(lookups, self.lines)
        self.kinds: tuple[int, ...] = lookups.kinds
        copies = [lookups.kinds.count(kind) for kind in lookups.kinds]
        share_of = {count: _share(count) for count in set(copies)}
        self.shares: tuple[float, ...] = tuple(share_of[count] for count in copies)
        self.faces: dict[Face, int] = dict(lookups.faces)
        self.most_tiles = len(lookups.components.tiles) - 1
        kinds = len(set(lookups.kinds))
        end_size = len(self.faces) + len(Colour)
        seats = players  # the slots of relative seats
        self.slots: tuple[Slot, ...] = (
            Slot("hand", kinds, "own tiles: per tile kind, the share of its copies held"),
            Slot("drawn", kinds, "the kind of the tile just drawn, while deciding on it (DO-5)"),
            Slot("laid", kinds, "tiles on the layout: per tile kind, the share of its copies"),
            Slot(
                "ends",
                self.lines * end_size,
                f"per line 1 to {self.lines}: the face its open end shows ({len(self.faces)}, "
                "in the set's order), then the colour declared for a wild one (4)",
            ),
            Slot("hand_sizes", seats, f"per relative seat, tiles held / {self.most_tiles}"),
            Slot("one_tile", seats, "per relative seat, 1 when she holds one tile (DO-6)"),
            Slot("boneyard", 1, f"tiles in the boneyard / {self.most_tiles}"),
            Slot(
                "phase",
                len(self.phases),
                "the decision: turn, drawn, challenge or rescue"
                + (", or catching (asked out of turn, DO-6)" if catching else ""),
            ),
            Slot("to_act", seats, "the relative seat that decides now"),
            Slot("reversed", 1, "1 when play runs in decreasing seat numbers (DO-4)"),
            Slot("uno_debtor", seats, "the relative seat that may be caught (DO-6)"),
            Slot("wild_draw_four_by", seats, "the relative seat whose WD4 awaits its answer"),
            Slot("wild_draw_four_barred", seats, "relative seats barred from the WD4 (DO-8)"),
            Slot("scores", seats, "per relative seat, match points / target, at most 1"),
        )
        offsets: dict[str, int] = {}
        start = 0
        for slot in self.slots:
            offsets[slot.name] = start
            start += slot.size
        self.offsets = offsets
        self.size = start
        self.end_size = end_size
        self.players = players
        self.phase_at: dict[str, int] = {
            phase: offsets["phase"] + index for index, phase in enumerate(self.phases)
        }
        kind_share: dict[int, float] = {}
        for kind, share in zip(self.kinds, self.shares, strict=True):
            kind_share[kind] = share
        self.kind_share = kind_share
        self.exact_shares = all(count & (count - 1) == 0 for count in copies)
        # Held with the set, so that no other object can have one of its tiles' identities.
        self.tile_set = lookups.components
        self.kind_by_identity: dict[int, int] = {
            id(tile): self.kinds[tile.id] for tile in lookups.components.tiles
        }
        self.seal()


def _share(copies: int) -> float:
    """One over ``copies``, rounded down if need be so that ``copies`` of it add up to at most 1.

    ``encode`` adds a tile's share once per tile; ``1 / copies`` added up ``copies`` times can
    come out a hair above 1 in floating point.
    """
    share = 1 / copies
    while sum([share] * copies) > 1:
        share = math.nextafter(share, 0)
    return share


def _catalogue(lookups: TileLookup, lines: int) -> tuple[DominoesMove, ...]:
    """Every move, in the order the module's docstring gives."""
    by_id = {lay.id: lay for ways in lookups.lays for lay in ways}
    ways = [by_id[number] for number in sorted(by_id)]
    plain = [lay for lay in ways if not lay.wild_far]
    wild = [lay for lay in ways if lay.wild_far]
    moves: list[DominoesMove] = list(WORDS)
    for group in (plain, wild):
        for lay in group:
            for end in range(1, lines + 1):
                moves += _without_then_with_uno(make_plays(lay, end, True))
    set_tiles = lookups.components.tiles
    double_wild = next((tile for tile in set_tiles if is_double_wild(tile)), None)
    if double_wild is not None:
        moves += _without_then_with_uno(make_plays(lookups.lays[double_wild.id][0], SPINNER, True))
    return tuple(moves)


def _without_then_with_uno(plays: tuple[Play, ...]) -> list[DominoesMove]:
    """``make_plays`` gives each colour's play with the Uno call first; the catalogue, after."""
    return [play for pair in zip(plays[1::2], plays[0::2], strict=True) for play in pair]


spaces_for: LookupsPerSet[SpaceLookup] = LookupsPerSet(SpaceLookup)
"""The space lookup of a tile set's lookup, options and seats, shared by every game with them."""


class DominoesSpaces(Spaces[DominoesMove]):
    """The action catalogue and the observation of Uno dominoes (see the module's docstring)."""

    options: DominoesOptions
    _lookups: TileLookup

    def actions(self) -> tuple[DominoesMove, ...]:
        """Every move, numbered as the module's docstring explains."""
        return _lookup(self).actions

    def observation_layout(self) -> tuple[Slot, ...]:
        """The observation's slots, in order (see the module's docstring)."""
        return _lookup(self).slots

    def encode_view(self, view: View, out: Buffer) -> None:
        """Write ``view`` into ``out``, zeros as long as the layout, reading only the view."""
        self.view_encoder()(view, out)

    def view_encoder(self) -> DominoesEncoder:
        """An encoder of this variant's views (see ``DominoesEncoder``)."""
        return DominoesEncoder(_lookup(self), self.options.target)


class DominoesEncoder:
    """Writes views of one game's variant as ``encode_view`` does, keeping what changes seldom.

    (See [`view_encoder`][unodice.core.capabilities.Spaces.view_encoder].) The laid tiles'
    numbers are kept with the tuple of placements they were worked out from, and brought up
    to date by the one tile laid since when the view's tuple is that one and one more; the
    open ends' with the ends. Both tuples are held, so that no other object can take their
    identities, and compared before their numbers are written again.

    Args:
        lookup: The space lookup of the variant's tile set, options and seats.
        target: The option ``target``.
    """

    __slots__ = (
        "_colour_at",
        "_ends",
        "_ends_places",
        "_face_at",
        "_laid",
        "_laid_at",
        "_laid_numbers",
        "at",
        "lookup",
        "orders",
        "target",
    )

    def __init__(self, lookup: SpaceLookup, target: int):
        self.lookup = lookup
        self.target = target
        self.at = lookup.offsets
        players = lookup.players
        # Per direction, per observer: the seats by relative seat.
        self.orders: dict[int, tuple[tuple[int, ...], ...]] = {
            direction: tuple(
                tuple((seat + direction * relative) % players for relative in range(players))
                for seat in range(players)
            )
            for direction in (1, -1)
        }
        self._laid: tuple[Placement, ...] = ()
        self._laid_numbers: list[tuple[int, float]] = []  # per kind laid: place, value
        self._laid_at: dict[int, tuple[int, int]] = {}  # per kind: where in them, its count
        self._ends: tuple[OpenEnd, ...] = ()
        self._ends_places: tuple[int, ...] = ()
        # A face's and a colour's places by identity: hashing them hashes an enum member,
        # which Python does in Python. The lookup holds the faces, the enum its members.
        self._face_at = {id(face): index for face, index in lookup.faces.items()}
        self._colour_at = {id(colour): index for colour, index in _COLOUR_INDEX.items()}

    def __call__(self, view: View, out: Buffer) -> None:
        """Write ``view`` into ``out`` (zeros, as long as the layout)."""
        data = view.data
        lookup, at = self.lookup, self.at
        if lookup.exact_shares:
            self._hand(data["hand"], out)
            for place, value in self._laid_shares(data["layout"]):
                out[place] = value
        else:
            # Added one tile at a time, as a buffer of any number type adds them (a kind's
            # copies' shares need not add up exactly).
            kinds, shares = lookup.kinds, lookup.shares
            base = at["hand"]
            for tile in data["hand"]:
                out[base + kinds[tile.id]] += shares[tile.id]
            base = at["laid"]
            for placement in data["layout"]:
                out[base + kinds[placement.tile.id]] += shares[placement.tile.id]
        drawn = data["drawn"]
        if drawn is not None:
            out[at["drawn"] + lookup.kinds[drawn.id]] = 1
        ends = data["ends"]
        last = self._ends
        if len(ends) != len(last) or not all(map(is_, ends, last)):
            self._ends = tuple(ends)
            self._ends_places = self._end_places(ends)
        for place in self._ends_places:
            out[place] = 1
        seat, players, direction = view.seat, lookup.players, data["direction"]
        most, target = lookup.most_tiles, self.target
        sizes, one_tile = at["hand_sizes"], at["one_tile"]
        scores, at_scores = view.scores, at["scores"]
        hand_sizes = data["hand_sizes"]
        for relative, other in enumerate(self.orders[direction][seat]):
            held = hand_sizes[other]
            out[sizes + relative] = held / most
            if held == 1:
                out[one_tile + relative] = 1
            out[at_scores + relative] = min(max(scores[other] / target, 0.0), 1.0)
        out[at["boneyard"]] = data["boneyard"] / most
        phase_at = lookup.phase_at.get(data["phase"])
        if phase_at is not None:
            out[phase_at] = 1
        if direction == -1:
            out[at["reversed"]] = 1
        to_act = view.to_act
        if to_act is not None:
            out[at["to_act"] + (to_act - seat) * direction % players] = 1
        debtor = data["uno_debtor"]
        if debtor is not None:
            out[at["uno_debtor"] + (debtor - seat) * direction % players] = 1
        by = data["wild_draw_four_by"]
        if by is not None:
            out[at["wild_draw_four_by"] + (by - seat) * direction % players] = 1
        barred = at["wild_draw_four_barred"]
        for who in data["wild_draw_four_barred"]:
            out[barred + (who - seat) * direction % players] = 1

    def _hand(self, hand: Sequence[Domino], out: Buffer) -> None:
        """Write the ``hand`` slot: per kind held, the count times its share of its copies."""
        lookup = self.lookup
        found = list(map(lookup.kind_by_identity.get, map(id, hand)))
        kinds = (
            [lookup.kinds[tile.id] for tile in hand]  # not the set's own tile objects
            if None in found
            else cast(list[int], found)
        )
        at, kind_share = self.at["hand"], lookup.kind_share
        if len(set(kinds)) == len(kinds):  # each kind once, as most hands hold them
            for kind in kinds:
                out[at + kind] = kind_share[kind]
        else:
            for kind, count in Counter(kinds).items():
                out[at + kind] = count * kind_share[kind]

    def _laid_shares(self, layout: tuple[Placement, ...]) -> list[tuple[int, float]]:
        """The ``laid`` slot's places and values, worked out again only for what was laid since.

        The list is the encoder's own, to read at once.
        """
        last = self._laid
        if layout is not last:
            if len(layout) == len(last) + 1 and all(map(is_, layout, last)):
                self._add_laid(layout[-1])
            else:  # a new round, a Wild Draw Four taken back (DO-8), another game's view
                self._laid_numbers, self._laid_at = [], {}
                for placement in layout:
                    self._add_laid(placement)
            self._laid = layout
        return self._laid_numbers

    def _add_laid(self, placement: Placement) -> None:
        lookup = self.lookup
        tile = placement.tile
        kind = lookup.kind_by_identity.get(id(tile))
        if kind is None:
            kind = lookup.kinds[tile.id]
        share = lookup.kind_share[kind]
        found = self._laid_at.get(kind)
        if found is None:
            self._laid_at[kind] = (len(self._laid_numbers), 1)
            self._laid_numbers.append((self.at["laid"] + kind, share))
        else:  # the count times the share, as a hand's kind is worked out
            where, count = found
            self._laid_at[kind] = (where, count + 1)
            self._laid_numbers[where] = (self.at["laid"] + kind, (count + 1) * share)

    def _end_places(self, ends: Sequence[OpenEnd]) -> tuple[int, ...]:
        """The places the ``ends`` slot sets to 1: per open end, its face, and a wild's colour."""
        lookup = self.lookup
        base, faces, colours_at = self.at["ends"], lookup.faces, len(lookup.faces)
        face_at, colour_at = self._face_at, self._colour_at
        places: list[int] = []
        for end in ends:
            face = face_at.get(id(end.face))
            places.append(base + (faces[end.face] if face is None else face))
            colour = end.colour
            if colour is not None:
                places.append(base + colours_at + colour_at[id(colour)])
            base += lookup.end_size
        return tuple(places)


def _lookup(variant: DominoesSpaces) -> SpaceLookup:
    """The space lookup of a variant's tile set, options and seats."""
    options = variant.options
    return spaces_for(
        variant._lookups,
        options.all_doubles_spin,
        variant.player_count,
        options.catch_by == "any-opponent",
    )
