"""Plays as the layout takes them, with the objects they make, shared between games.

A play lays a tile one way (a [`Lay`][unodice.builtin.dominoes.tiles.Lay]) on one open end,
declaring a colour for a wild far end. All it makes is immutable: the placement on the table,
the line's new open end and the ``Placed`` event. A
[`Landing`][unodice.builtin.dominoes.landings.Landing] makes each of them once and hands the
same object to every game with the same tile set that makes the same play: building them anew
at every play was a large share of a play's cost.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from unodice.builtin.dominoes.events import Placed
from unodice.builtin.dominoes.layout import OpenEnd, Placement, open_end
from unodice.builtin.dominoes.tiles import Lay
from unodice.pieces import Colour, Domino

if TYPE_CHECKING:
    from unodice.builtin.dominoes.tiles import TileTable

__all__ = ["Landing"]


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
    """

    __slots__ = ("_ends", "_laid", "accepts", "colour", "index", "keys", "lay", "line")

    def __init__(self, table: TileTable, lay: Lay, line: int, colour: Colour | None):
        self.lay = lay
        self.line = line
        self.index = line - 1
        self.colour = colour
        self.accepts = table.accepts_after(lay, colour)
        self.keys = table.end_keys(lay.far, colour)
        self._ends: dict[int, OpenEnd] = {}
        self._laid: dict[tuple[int, int], tuple[Placement, Placed]] = {}

    def end(self, origin: int) -> OpenEnd:
        """The line's open end afterwards, for a line that branches from ``origin``."""
        found = self._ends.get(origin)
        if found is None:
            found = open_end(self.line, self.lay.far, self.colour, origin)
            self._ends[origin] = found
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
