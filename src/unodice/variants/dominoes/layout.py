"""The layout: the tiles on the table and the open ends they offer (DO-2).

The layout is a set of lines. The opening double, the *spinner*, starts four of them (its two
ends and its two sides); every line grows at its one open end. A double laid on a line lies
crosswise and continues it, showing its own face; with the option ``all_doubles_spin`` it also
starts two new lines from its sides. The double-Wild can start one more line from the spinner
when every line is dead (DO-9).

Lines, and so open ends, are numbered from 1 in the order they open: 1–4 are the spinner's,
later ones follow. A line keeps its number as it grows, which is what the move notation names.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from unodice.pieces import Colour, Domino, Face
from unodice.variants.dominoes.tiles import EndKeys, Lay, TileTable

if TYPE_CHECKING:
    from unodice.variants.dominoes.landings import Landing

__all__ = ["SPINNER", "Layout", "OpenEnd", "Placement", "Snapshot", "open_end"]

SPINNER = 0
"""The number standing for the spinner itself, as a line's origin and in the notation."""


@attrs.frozen(slots=True)
class OpenEnd:
    """A line of the layout and the end it offers.

    Attributes:
        id: The line's number: 1–4 for the spinner's lines, then in the order lines open.
        face: The face the end shows.
        colour: The colour declared for a W or WD4 face; ``None`` for other faces.
        origin: The line it branches from, or 0 for the spinner.
        closed: Whether the end shows a dead end, so that the line takes nothing more.
    """

    id: int
    face: Face
    colour: Colour | None
    origin: int
    closed: bool

    @property
    def shows(self) -> str:
        """The end as text: the face's code, with ``:g`` for a declared colour."""
        declared = f":{self.colour.letter}" if self.colour is not None else ""
        return self.face.code + declared


def open_end(id: int, face: Face, colour: Colour | None, origin: int) -> OpenEnd:
    """The open end of line ``id`` showing ``face``; it is closed when the face is a dead end."""
    return OpenEnd(id, face, colour, origin, face.symbol == "DE")


@attrs.frozen(slots=True)
class Placement:
    """A tile on the table.

    Attributes:
        seat: Who laid it.
        tile: The tile.
        touching: The end laid against the line (the spinner's face for the spinner).
        far: The end left open.
        line: The line it lies on (0 for the spinner).
        colour: The colour declared for a W or WD4 far end.
    """

    seat: int
    tile: Domino
    touching: Face
    far: Face
    line: int
    colour: Colour | None


@attrs.frozen(slots=True)
class Snapshot:
    """The layout as it was before a play, to take a challenged Wild Draw Four back (DO-8)."""

    ends: tuple[OpenEnd, ...]
    accepts: tuple[int, ...]
    keys: tuple[EndKeys, ...]
    placements: int


class Layout:
    """The tiles on the table and the open ends they offer.

    Args:
        table: The precomputed facts of the tile set.

    Attributes:
        placements: Every tile on the table, in the order laid (the spinner first).
        ends: Every line's open end, by line number less one.
        accepts: For each open end, the mask of the touching faces it takes (DO-3; see
            [`tiles`][unodice.variants.dominoes.tiles] for masks); 0 for a dead end.
        live_ends: The mask of the open ends that are not dead (bit ``i``: line ``i + 1``).
        by_colour: Per colour slot (see ``TileTable.end_keys``), the mask of the open ends of
            that colour, by their face or the colour declared for it.
        by_symbol: Per symbol slot, the mask of the coloured open ends with that number or
            word.

    The last three say which ends take a touching face without looking at every end: see
    [`ends_taking`][unodice.variants.dominoes.layout.Layout.ends_taking].
    """

    __slots__ = (
        "_keys", "_table", "accepts", "by_colour", "by_symbol", "ends", "live_ends", "placements",
    )

    def __init__(self, table: TileTable):
        self._table = table
        self.placements: list[Placement] = []
        self.ends: list[OpenEnd] = []
        self.accepts: list[int] = []
        self._keys: list[EndKeys] = []
        self.live_ends = 0
        self.by_colour = [0] * (table.no_colour + 1)
        self.by_symbol = [0] * (table.no_symbol + 1)

    def copy(self) -> Layout:
        """An independent copy (placements and ends are immutable, so lists suffice)."""
        twin = Layout.__new__(Layout)
        twin._table = self._table
        twin.placements = list(self.placements)
        twin.ends = list(self.ends)
        twin.accepts = list(self.accepts)
        twin._keys = list(self._keys)
        twin.live_ends = self.live_ends
        twin.by_colour = list(self.by_colour)
        twin.by_symbol = list(self.by_symbol)
        return twin

    @property
    def spinner(self) -> Placement | None:
        """The opening double, once laid."""
        return self.placements[0] if self.placements else None

    @property
    def all_closed(self) -> bool:
        """Whether every line ends in a dead end (DO-9)."""
        return not self.live_ends

    @property
    def takeable(self) -> int:
        """The mask of the touching faces that some open end accepts."""
        takeable = 0
        for accepted in self.accepts:
            takeable |= accepted
        return takeable

    def ends_taking(self, lay: Lay) -> int:
        """The mask of the open ends that accept ``lay``'s touching face (DO-3).

        A wild touching face fits every live end; any other fits the ends of its colour and
        the coloured ends of its number or word.
        """
        if lay.wild_touch:
            return self.live_ends
        return self.by_colour[lay.colour_slot] | self.by_symbol[lay.symbol_slot]

    def takes(self, touch: int) -> bool:
        """Whether some open end accepts a touching face (by its index in the tile table)."""
        return bool(self.takeable >> touch & 1)

    def open_spinner(self, seat: int, tile: Domino) -> None:
        """Lay the opening double and open its four lines (DO-1, DO-2)."""
        face = tile.ends[0]
        self.placements.append(Placement(seat, tile, face, face, SPINNER, None))
        # Every round opens so: the four ends are made once per spinner and shared (they are
        # immutable), as are the sets they accept.
        opening = self._table.openings.get(tile.id)
        if opening is None:
            ends = tuple(open_end(line, face, None, SPINNER) for line in range(1, 5))
            opening = (ends, (self._table.accepts(face, None),) * 4)
            self._table.openings[tile.id] = opening
        self.ends.extend(opening[0])
        self.accepts.extend(opening[1])
        keys = self._table.end_keys(face, None)
        for index in range(4):
            self._file(index, keys)

    def extend(
        self, landing: Landing, placement: Placement, spin: bool
    ) -> tuple[int, ...]:
        """Lay a tile at an open end; return the lines a spinning double opens.

        Args:
            landing: Where and how the tile goes (its line, its way round, the colour declared).
            placement: The tile on the table, as ``landing.laid`` gives it.
            spin: Whether the tile is a double that opens its two sides (``all_doubles_spin``).
        """
        self.placements.append(placement)
        index = landing.index
        self.ends[index] = landing.end(self.ends[index].origin)
        self.accepts[index] = landing.accepts
        self._file(index, landing.keys)
        if not spin:
            return ()
        far, colour, line = landing.lay.far, landing.colour, landing.line
        return (self._open_line(far, colour, line), self._open_line(far, colour, line))

    def open_from_spinner(self, seat: int, tile: Domino, colour: Colour | None) -> int:
        """Lay the double-Wild against the spinner, opening a new line (DO-9); return its number."""
        line = self._open_line(tile.ends[1], colour, SPINNER)
        self.placements.append(Placement(seat, tile, tile.ends[0], tile.ends[1], line, colour))
        return line

    def _open_line(self, face: Face, colour: Colour | None, origin: int) -> int:
        line = len(self.ends) + 1
        self.ends.append(open_end(line, face, colour, origin))
        self.accepts.append(self._table.accepts(face, colour))
        self._file(line - 1, self._table.end_keys(face, colour))
        return line

    def _file(self, index: int, keys: EndKeys) -> None:
        """File the end at ``index`` under its colour and symbol (see ``ends_taking``)."""
        bit = 1 << index
        filed = self._keys
        if index < len(filed):
            # Take it out from where it was: flipping its bit clears it.
            old = filed[index]
            self.by_colour[old.colour_slot] ^= bit
            self.by_symbol[old.symbol_slot] ^= bit
            if old.live:
                self.live_ends ^= bit
            filed[index] = keys
        else:
            filed.append(keys)
        self.by_colour[keys.colour_slot] ^= bit
        self.by_symbol[keys.symbol_slot] ^= bit
        if keys.live:
            self.live_ends ^= bit

    def snapshot(self) -> Snapshot:
        """The layout as it is, to restore after a successful challenge."""
        return Snapshot(
            tuple(self.ends), tuple(self.accepts), tuple(self._keys), len(self.placements)
        )

    def restore(self, snapshot: Snapshot) -> None:
        """Put the layout back as it was at ``snapshot`` (DO-8)."""
        self.ends[:] = snapshot.ends
        self.accepts[:] = snapshot.accepts
        del self.placements[snapshot.placements :]
        self._keys = []
        self.live_ends = 0
        self.by_colour = [0] * len(self.by_colour)
        self.by_symbol = [0] * len(self.by_symbol)
        for index, keys in enumerate(snapshot.keys):
            self._file(index, keys)

    def line(self, number: int) -> list[Placement]:
        """The tiles on one line, from the spinner outwards."""
        return [p for p in self.placements if p.line == number]
