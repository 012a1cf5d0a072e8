"""The fast path's machinery: play moves and what they make, built once and shared between games.

A play lays a tile one way (a [`Lay`][unodice.variants.dominoes.lookups.Lay]) on one open end,
declaring a colour for a wild far end. Everything it needs and makes is immutable: the move
objects offered for it, the placement on the table, the line's new open end and the ``Placed``
event. Building them anew at every decision was a large share of a decision's cost, so a
[`PlayLookup`][unodice.variants.dominoes.kernel.PlayLookup] per tile set makes them all when the
set is first loaded and hands the same objects to every game with that set afterwards. It also
answers the hot path's question, which plays a hand holds
([`plays_from`][unodice.variants.dominoes.kernel.PlayLookup.plays_from]), with bit masks.

The lookup is shared by every game of the set, determinized games included, so it must not
remember what any game asked of it: a memo filled from the legal moves of the seat to act would
record which tiles that seat held, for anyone holding the lookup to read (issue 25, item 1). So
it is made whole: the plays of the spinner's four lines, by every mask of those lines, when the
set is loaded; those of a further line (which only spinning doubles and the double-Wild open)
for every way to lay every tile at once, when some game first opens that line, which every seat
sees. The plays on a mask of ends beyond the spinner's lines are put together from the lines'
plays at each decision, and the placements and events on such lines made afresh.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType

from unodice.core.lookups import LookupsPerSet
from unodice.core.pieces import Colour, Domino

from .events import Placed
from .lookups import Lay, TileLookup, is_number_double
from .moves import Play
from .state import SPINNER, DominoesState, Layout, OpenEnd, Opening, Placement, open_end

__all__ = ["SPINNER_LINES", "Landing", "Offer", "PlayLookup", "make_plays", "plays_for"]

_NO_COLOUR: tuple[Colour | None, ...] = (None,)
_COLOURS: tuple[Colour | None, ...] = tuple(Colour)

SPINNER_LINES = 4
"""The lines the spinner opens (DO-2): the plays on them are all made in advance."""

_SPINNER_MASKS = 1 << SPINNER_LINES
"""Masks of open ends below this name only the spinner's lines."""

_MOST_SEATS = 6
"""The most players a round has (``UnoDominoes.players``)."""

Offer = tuple[int, int, tuple[tuple[Play, ...], ...], Lay]
"""One way to lay a tile: its colour slot, its symbol slot, its moves by open-end mask, itself.

The moves by mask hold, for each mask of the spinner's four lines (below ``1 << 4``), the moves
laying it on each open end of the mask, by line number (see ``PlayLookup.plays_on``).
"""


class Landing:
    """Laying a tile one way on one open end, declaring a colour if its far end is wild.

    Args:
        lookups: The precomputed facts of the tile set.
        lay: Which end touches the line and which is left open.
        line: The line whose open end takes it.
        colour: The colour declared for a W or WD4 far end, else ``None``.

    Attributes:
        lay: Which end touches the line and which is left open.
        line: The line's number.
        index: Its index in the layout's lists of ends (``line - 1``).
        colour: The colour declared, if any.
        accepts: The mask of touching faces the line's end accepts afterwards (DO-3).
        keys: How that end matches touching faces.
        ends_after: The line's open end afterwards, by the line's origin, where it is made in
            advance (``None`` elsewhere: [`end`][unodice.variants.dominoes.kernel.Landing.end]
            makes it): a tuple index is what ``Layout.extend`` pays at each tile laid, where a
            call costs more. The spinner's lines branch from the spinner alone.
    """

    __slots__ = ("_laid", "accepts", "colour", "ends_after", "index", "keys", "lay", "line")

    def __init__(self, lookups: TileLookup, lay: Lay, line: int, colour: Colour | None):
        self.lay = lay
        self.line = line
        self.index = line - 1
        self.colour = colour
        self.accepts = lookups.accepts_after(lay, colour)
        self.keys = lookups.end_keys(lay.far, colour)
        # An origin is a line's number, or 0 for the spinner: at most max_lines.
        ends_after: list[OpenEnd | None] = [None] * (lookups.max_lines + 1)
        laid: dict[tuple[int, int], tuple[Placement, Placed]] = {}
        if line <= SPINNER_LINES:
            ends_after[SPINNER] = open_end(line, lay.far, colour, SPINNER)
            holders = lookups.holders[lay.id]
            for tile in lookups.components.tiles:
                if holders[tile.id]:
                    for seat in range(_MOST_SEATS):
                        laid[seat, tile.id] = self._make_laid(seat, tile)
        self.ends_after: tuple[OpenEnd | None, ...] = tuple(ends_after)
        self._laid = laid

    def end(self, origin: int) -> OpenEnd:
        """The line's open end afterwards, for a line that branches from ``origin``."""
        return self.ends_after[origin] or open_end(self.line, self.lay.far, self.colour, origin)

    def laid(self, seat: int, tile: Domino) -> tuple[Placement, Placed]:
        """The tile on the table and the event saying so, when ``seat`` lays ``tile`` so.

        The event is the one of a play that opens no new line (see ``Layout.extend``). On
        the spinner's lines they are made in advance and shared; beyond, made afresh.
        """
        return self._laid.get((seat, tile.id)) or self._make_laid(seat, tile)

    def _make_laid(self, seat: int, tile: Domino) -> tuple[Placement, Placed]:
        touching, far, line, colour = self.lay.touching, self.lay.far, self.line, self.colour
        return (
            Placement(seat, tile, touching, far, line, colour),
            Placed(seat, tile, touching, far, line, colour, ()),
        )


def make_plays(lay: Lay, end: int, leaves_one: bool) -> tuple[Play, ...]:
    """The moves laying ``lay`` on ``end``: one per declared colour (DO-4) and Uno call (DO-6).

    A play that leaves one tile comes with Uno called and without.
    """
    calls = (True, False) if leaves_one else (False,)
    return tuple(
        Play(lay.touching, lay.far, end, colour, uno)
        for colour in (_COLOURS if lay.wild_far else _NO_COLOUR)
        for uno in calls
    )


class PlayLookup:
    """The shared move objects and landings of one tile set, and the plays a hand holds.

    What it holds depends on the tile set alone, never on what any hand held (issue 25, item
    1): the plays and landings of the spinner's four lines are made when the set is loaded,
    and those of a further line, for every way to lay every tile at once, when some game
    first opens that many lines (which every seat sees).

    Args:
        lookups: The tile set's lookup.

    Attributes:
        lookups: The tile set's lookup.
        offers: For a play leaving one tile or not (index 0 or 1), per tile id, the
            [`Offer`][unodice.variants.dominoes.kernel.Offer] of each way to lay it.
        landings: The landing of each play move by its notation, read only
            ([`landing`][unodice.variants.dominoes.kernel.PlayLookup.landing] finds any).
    """

    __slots__ = (
        "_by_id",
        "_by_line",
        "_landings",
        "_made",
        "_openings",
        "landings",
        "lookups",
        "offers",
    )

    def __init__(self, lookups: TileLookup):
        self.lookups = lookups
        lays = {lay.id: lay for ways in lookups.lays for lay in ways}
        self._by_id: tuple[Lay, ...] = tuple(lays[number] for number in range(lookups.lay_count))
        self._landings: dict[str, Landing] = {}
        self._made: dict[tuple[int, int, Colour | None], Landing] = {}
        # Per line - 1, per leaves_one, per lay id: the moves, each with its landing.
        self._by_line: list[tuple[tuple[tuple[Play, ...], ...], ...]] = []
        self._add_lines(SPINNER_LINES)
        self.landings: Mapping[str, Landing] = MappingProxyType(self._landings)
        self.offers: tuple[tuple[tuple[Offer, ...], ...], ...] = (
            self._offers(False),
            self._offers(True),
        )
        openings: dict[int, Opening] = {}
        for tile in lookups.components.tiles:
            if is_number_double(tile):
                scratch = Layout(lookups)
                scratch.open_spinner(0, tile)
                openings[tile.id] = scratch.opening()
        self._openings: Mapping[int, Opening] = MappingProxyType(openings)

    # -- what a hand may lay (DO-3) ----------------------------------------------------------

    def plays_from(
        self, state: DominoesState, seat: int, tiles: Iterable[Domino], leaves_one: bool
    ) -> list[Play]:
        """Every way ``seat`` may lay any of ``tiles`` on an open end (DO-3), each tile kind once.

        This is the hot path of the engine: move objects come from this lookup, which every
        game with the same tile set shares, looked up by (whether it leaves one tile, way to
        lay, the mask of the open ends that take it); plays on lines beyond the spinner's four
        are made afresh. A seat whose WD4 was taken back on an empty boneyard is offered no
        play with a WD4 touching end (DO-8); that costs a test only while some seat is barred.
        Reads the state and changes nothing, here or in it. Checked against the plain reading
        of [`reference`][unodice.variants.dominoes.reference] at every decision by
        `check_variant(reference=True)`.
        """
        lookups = self.lookups
        offers, twins = self.offers[leaves_one], lookups.twins
        by_colour, by_symbol = state.layout.by_colour, state.layout.by_symbol
        seen: list[int] = []
        moves: list[Play] = []
        for tile in tiles:
            tile_id = tile.id
            if twins[tile_id]:
                kind = lookups.kinds[tile_id]
                if kind in seen:
                    continue
                seen.append(kind)
            for colour_slot, symbol_slot, by_mask, lay in offers[tile_id]:
                # Layout.ends_taking(lay), inlined: the open ends that take it, as a mask.
                ends = by_colour[colour_slot] | by_symbol[symbol_slot]
                if not ends:  # most tiles fit no end most of the time: skip the look-up
                    continue
                try:
                    moves += by_mask[ends]
                except IndexError:  # an end beyond the spinner's four lines takes it
                    moves += self.plays_on(lay, ends, leaves_one)
        barred = state.wild_draw_four_barred
        if barred and seat in barred:
            return [move for move in moves if move.touching.symbol != "WD4"]
        return moves

    def holds_other_play(
        self, layout: Layout, hand: Sequence[Domino], played: Domino | None
    ) -> bool:
        """Whether ``hand`` holds a tile but ``played`` whose non-wild touching end fits (DO-3).

        A Wild Draw Four laid while she does is illegal, which a challenge shows (DO-8).
        ``layout`` is the layout to fit: the one the Wild Draw Four was laid on.
        """
        lays = self.lookups.lays
        for tile in hand:
            if tile is not played:
                for lay in lays[tile.id]:
                    if not lay.wild_touch and layout.ends_taking(lay):
                        return True
        return False

    # -- the shared moves and landings ---------------------------------------------------------

    def _add_lines(self, lines: int) -> None:
        """Make the plays and landings of every line up to ``lines``, for every way to lay."""
        by_line = self._by_line
        for end in range(len(by_line) + 1, lines + 1):
            by_line.append(
                tuple(
                    tuple(self._plays_landed(lay, end, leaves_one) for lay in self._by_id)
                    for leaves_one in (False, True)
                )
            )

    def _plays_landed(self, lay: Lay, end: int, leaves_one: bool) -> tuple[Play, ...]:
        """The moves laying ``lay`` on ``end``, each with its landing made and filed."""
        moves = make_plays(lay, end, leaves_one)
        landings, made = self._landings, self._made
        for move in moves:
            if move.text not in landings:
                # A play lands the same way with Uno called or not: one landing serves both.
                key = (lay.id, end, move.colour)
                landing = made.get(key)
                if landing is None:
                    landing = made[key] = Landing(self.lookups, lay, end, move.colour)
                landings[move.text] = landing
        return moves

    def _offers(self, leaves_one: bool) -> tuple[tuple[Offer, ...], ...]:
        by_mask = [
            tuple(self.plays_on(lay, ends, leaves_one) for ends in range(_SPINNER_MASKS))
            for lay in self._by_id
        ]
        return tuple(
            tuple((lay.colour_slot, lay.symbol_slot, by_mask[lay.id], lay) for lay in ways)
            for ways in self.lookups.lays
        )

    def plays_on(self, lay: Lay, ends: int, leaves_one: bool) -> tuple[Play, ...]:
        """The moves laying ``lay`` on each open end of the mask ``ends``, by line number."""
        plays: list[Play] = []
        for index in range(ends.bit_length()):
            if ends >> index & 1:
                plays += self.plays_at(lay, index + 1, leaves_one)
        return tuple(plays)

    def plays_at(self, lay: Lay, end: int, leaves_one: bool) -> tuple[Play, ...]:
        """[`make_plays`][unodice.variants.dominoes.kernel.make_plays], made once per set."""
        if end > len(self._by_line):  # a line no game of the set has opened before
            self._add_lines(end)
        return self._by_line[end - 1][leaves_one][lay.id]

    def landing(self, move: Play) -> Landing:
        """How ``move`` lands on the layout, from what it carries (its ends, end and colour).

        The move must name a way to lay some tile of the set (every legal play does).
        """
        found = self._landings.get(move.text)
        if found is None:  # a line no game of the set has opened before
            self._add_lines(move.end)
            found = self._landings.get(move.text)
            assert found is not None, f"no tile of the set is laid as {move.tile_code}"
        return found

    def opening(self, tile: Domino) -> Opening:
        """The four lines the spinner ``tile`` opens, as a layout files them (DO-2)."""
        found = self._openings.get(tile.id)
        if found is None:  # not a number double: no round opens with it
            scratch = Layout(self.lookups)
            scratch.open_spinner(0, tile)
            found = scratch.opening()
        return found


plays_for: LookupsPerSet[PlayLookup] = LookupsPerSet(PlayLookup)
"""The play lookup of a tile set's lookup, shared by every game that plays with it."""
