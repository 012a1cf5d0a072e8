"""The fast path's machinery: play moves and what they make, built once and shared between games.

A play lays a tile one way (a [`Lay`][unodice.builtin.dominoes.tables.Lay]) on one open end,
declaring a colour for a wild far end. Everything it needs and makes is immutable: the move
objects offered for it, the placement on the table, the line's new open end and the ``Placed``
event. Building them anew at every decision was a large share of a decision's cost, so a
[`PlayTable`][unodice.builtin.dominoes.fast.PlayTable] per tile set makes each the first time
anyone asks for it and hands the same object to every game with that set afterwards.

Every memo here is a function of the tile set and its key alone, and fills itself: whoever
asks first (the legal moves, a play, a test) gets what anyone else would have got. Nothing in
it depends on which game asked or in what order.
"""

from __future__ import annotations

from unodice.pieces import Colour, Domino
from unodice.tables import TablesPerSet

from .events import Placed
from .moves import Play
from .state import Layout, OpenEnd, Opening, Placement, open_end
from .tables import Lay, TileTable

__all__ = ["Landing", "Offer", "PlayTable", "play_table"]

_NO_COLOUR: tuple[Colour | None, ...] = (None,)
_COLOURS: tuple[Colour | None, ...] = tuple(Colour)

Offer = tuple[int, int, dict[int, tuple[Play, ...]], Lay]
"""One way to lay a tile: its colour slot, its symbol slot, its moves by open-end mask, itself.

The moves by mask are a memo: the moves laying it on each open end of the mask (by line
number), made the first time a layout shows those ends (see ``PlayTable.plays_on``).
"""


class Landing:
    """Laying a tile one way on one open end, declaring a colour if its far end is wild.

    Args:
        table: The precomputed facts of the tile set.
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
        ends_after: The line's open end afterwards, by the line's origin (``None`` until
            [`end`][unodice.builtin.dominoes.fast.Landing.end] makes it): a list index is
            what ``Layout.extend`` pays at each tile laid, where a call and a dict look-up
            cost more.
    """

    __slots__ = ("_laid", "accepts", "colour", "ends_after", "index", "keys", "lay", "line")

    def __init__(self, table: TileTable, lay: Lay, line: int, colour: Colour | None):
        self.lay = lay
        self.line = line
        self.index = line - 1
        self.colour = colour
        self.accepts = table.accepts_after(lay, colour)
        self.keys = table.end_keys(lay.far, colour)
        # An origin is a line's number, or 0 for the spinner: at most max_lines.
        self.ends_after: list[OpenEnd | None] = [None] * (table.max_lines + 1)
        self._laid: dict[tuple[int, int], tuple[Placement, Placed]] = {}

    def end(self, origin: int) -> OpenEnd:
        """The line's open end afterwards, for a line that branches from ``origin``."""
        found = self.ends_after[origin]
        if found is None:
            found = open_end(self.line, self.lay.far, self.colour, origin)
            self.ends_after[origin] = found
        return found

    def laid(self, seat: int, tile: Domino) -> tuple[Placement, Placed]:
        """The tile on the table and the event saying so, when ``seat`` lays ``tile`` so.

        The event is the one of a play that opens no new line (see ``Layout.extend``).
        """
        key = (seat, tile.id)
        found = self._laid.get(key)
        if found is None:
            touching, far, line, colour = self.lay.touching, self.lay.far, self.line, self.colour
            found = (
                Placement(seat, tile, touching, far, line, colour),
                Placed(seat, tile, touching, far, line, colour, ()),
            )
            self._laid[key] = found
        return found


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


class PlayTable:
    """The shared move objects and landings of one tile set, each made on first use.

    Args:
        tiles: The tile set's table.

    Attributes:
        tiles: The tile set's table.
        offers: For a play leaving one tile or not (index 0 or 1), per tile id, the
            [`Offer`][unodice.builtin.dominoes.fast.Offer] of each way to lay it.
        landings: The landing of each play move by its notation (a memo that
            [`landing`][unodice.builtin.dominoes.fast.PlayTable.landing] and ``plays_at``
            fill).
    """

    __slots__ = ("_openings", "_plays_at", "landings", "offers", "tiles")

    def __init__(self, tiles: TileTable):
        self.tiles = tiles
        self.offers: tuple[tuple[tuple[Offer, ...], ...], ...] = (self._offers(), self._offers())
        self.landings: dict[str, Landing] = {}
        self._plays_at: dict[tuple[int, int, bool], tuple[Play, ...]] = {}
        self._openings: dict[int, Opening] = {}

    def _offers(self) -> tuple[tuple[Offer, ...], ...]:
        cached: list[dict[int, tuple[Play, ...]]] = [{} for _ in range(self.tiles.lay_count)]
        return tuple(
            tuple((lay.colour_slot, lay.symbol_slot, cached[lay.id], lay) for lay in ways)
            for ways in self.tiles.lays
        )

    def plays_on(self, lay: Lay, ends: int, leaves_one: bool) -> tuple[Play, ...]:
        """The moves laying ``lay`` on each open end of the mask ``ends``, by line number."""
        plays: list[Play] = []
        for index in range(ends.bit_length()):
            if ends >> index & 1:
                plays += self.plays_at(lay, index + 1, leaves_one)
        return tuple(plays)

    def plays_at(self, lay: Lay, end: int, leaves_one: bool) -> tuple[Play, ...]:
        """[`make_plays`][unodice.builtin.dominoes.fast.make_plays], made once per set.

        The landing of each move is made with it: the way to lay is at hand now, where the
        move alone would have to look it up again.
        """
        key = (lay.id, end, leaves_one)
        moves = self._plays_at.get(key)
        if moves is None:
            moves = self._plays_at[key] = make_plays(lay, end, leaves_one)
            landings = self.landings
            for move in moves:
                if move.text not in landings:
                    landings[move.text] = Landing(self.tiles, lay, end, move.colour)
        return moves

    def landing(self, move: Play) -> Landing:
        """How ``move`` lands on the layout, from what it carries (its ends, end and colour).

        The move must name a way to lay some tile of the set (every legal play does).
        """
        found = self.landings.get(move.text)
        if found is None:
            lay = self.tiles.lay_of(move.touching, move.far)
            assert lay is not None, f"no tile of the set is laid as {move.tile_code}"
            found = self.landings[move.text] = Landing(self.tiles, lay, move.end, move.colour)
        return found

    def opening(self, tile: Domino) -> Opening:
        """The four lines the spinner ``tile`` opens, as a layout files them (DO-2)."""
        found = self._openings.get(tile.id)
        if found is None:
            scratch = Layout(self.tiles)
            scratch.open_spinner(0, tile)
            found = self._openings[tile.id] = scratch.opening()
        return found


play_table: TablesPerSet[PlayTable] = TablesPerSet(PlayTable)
"""The play table of a tile set's table, shared by every game that plays with it."""
