"""The state of a round of Uno dominoes: its phases, the layout and the hands.

The layout is a set of lines. The opening double, the *spinner*, starts four of them (its two
ends and its two sides); every line grows at its one open end. A double laid on a line lies
crosswise and continues it, showing its own face; with the option ``all_doubles_spin`` it also
starts two new lines from its sides. The double-Wild can start one more line from the spinner
when every line is dead (DO-9).

Lines, and so open ends, are numbered from 1 in the order they open: 1–4 are the spinner's,
later ones follow. A line keeps its number as it grows, which is what the move notation names.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, NamedTuple, Protocol, TypeAlias

import attrs

from unodice.core.pieces import Bag, Colour, Domino, Face
from unodice.core.turns import Seats
from unodice.core.values import Value
from unodice.core.variant import State

from .lookups import EndKeys, Lay, TileLookup
from .moves import SPINNER, Play

if TYPE_CHECKING:
    from unodice.core.uno import PendingWildDrawFour

__all__ = [
    "CATCHING",
    "CHALLENGE",
    "DRAWN",
    "OVER",
    "RESCUE",
    "SPINNER",
    "TURN",
    "DominoesState",
    "LandingLike",
    "Layout",
    "OpenEnd",
    "Opening",
    "Phase",
    "Placement",
    "Snapshot",
    "open_end",
]

# -- phases ----------------------------------------------------------------------------------

Phase: TypeAlias = Literal["turn", "drawn", "challenge", "rescue", "catching", "over"]
"""What kind of decision the seat to act faces."""

TURN: Phase = "turn"
"""Play a tile or draw one (DO-5)."""
DRAWN: Phase = "drawn"
"""Play the tile just drawn, or keep it (DO-5)."""
CHALLENGE: Phase = "challenge"
"""Challenge or accept the Wild Draw Four that hit her (DO-8)."""
RESCUE: Phase = "rescue"
"""Lay the double-Wild on the spinner of a dead layout, or decline (DO-9)."""
CATCHING: Phase = "catching"
"""Catch the player who did not call Uno, or decline, out of turn (DO-6, ``catch_by`` set to
``"any-opponent"``)."""
OVER: Phase = "over"
"""The round is over."""

# -- the layout (DO-2) -----------------------------------------------------------------------


class OpenEnd(Value):
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


class Placement(Value):
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


class Opening(NamedTuple):
    """The spinner's four lines as a layout files them (see ``Layout.open_spinner``)."""

    ends: tuple[OpenEnd, ...]
    accepts: tuple[int, ...]
    keys: tuple[EndKeys, ...]
    by_colour: tuple[int, ...]
    by_symbol: tuple[int, ...]


class LandingLike(Protocol):
    """What [`Layout.extend`][unodice.variants.dominoes.state.Layout.extend] reads of a landing.

    The rules hand it a [`Landing`][unodice.variants.dominoes.kernel.Landing], made once per tile
    set and shared (the layout only reads it). Attributes as there.
    """

    lay: Lay
    line: int
    index: int
    colour: Colour | None
    accepts: int
    keys: EndKeys
    ends_after: tuple[OpenEnd | None, ...]

    def end(self, origin: int) -> OpenEnd:
        """The line's open end afterwards, for a line that branches from ``origin``."""
        ...


class Layout:
    """The tiles on the table and the open ends they offer.

    Args:
        lookups: The precomputed facts of the tile set.

    Attributes:
        placements: Every tile on the table, in the order laid (the spinner first). A tuple,
            replaced at each tile laid: copies of the layout and the views of every seat share
            it rather than copy it at each decision (see
            [`copy`][unodice.variants.dominoes.state.Layout.copy]).
        ends: Every line's open end, by line number less one.
        accepts: For each open end, the mask of the touching faces it takes (DO-3; see
            [`lookups`][unodice.variants.dominoes.lookups] for masks); 0 for a dead end.
        by_colour: Per colour slot (see ``TileLookup.colour_slots``), the mask of the open ends
            of that colour, by their face or the colour declared for it (bit ``i``: line
            ``i + 1``); the slot ``live_slot`` has every end that is not dead.
        by_symbol: Per symbol slot, the mask of the coloured open ends with that number or
            word.

    The last two say which ends take a touching face without looking at every end: see
    [`ends_taking`][unodice.variants.dominoes.state.Layout.ends_taking].
    """

    __slots__ = ("_keys", "_lookups", "accepts", "by_colour", "by_symbol", "ends", "placements")

    def __init__(self, lookups: TileLookup):
        self._lookups = lookups
        self.placements: tuple[Placement, ...] = ()
        self.ends: list[OpenEnd] = []
        self.accepts: list[int] = []
        self._keys: list[EndKeys] = []
        self.by_colour = [0] * (lookups.live_slot + 1)
        self.by_symbol = [0] * (lookups.empty_slot + 1)

    def copy(self) -> Layout:
        """An independent copy (placements and ends are immutable, so lists suffice).

        The placements are a tuple, never changed in place: the copy shares it.
        """
        twin = Layout.__new__(Layout)
        twin._lookups = self._lookups
        twin.placements = self.placements
        twin.ends = list(self.ends)
        twin.accepts = list(self.accepts)
        twin._keys = list(self._keys)
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
        return not self.by_colour[self._lookups.live_slot]

    @property
    def live_ends(self) -> int:
        """The mask of the open ends that are not dead (bit ``i``: line ``i + 1``)."""
        return self.by_colour[self._lookups.live_slot]

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
        the coloured ends of its number or word. (A wild touching face's slots are the one of
        every live end and an empty one, so one formula serves both.)
        """
        return self.by_colour[lay.colour_slot] | self.by_symbol[lay.symbol_slot]

    def takes(self, touch: int) -> bool:
        """Whether some open end accepts a touching face (by its index in ``TileLookup.faces``)."""
        return bool(self.takeable >> touch & 1)

    def open_spinner(self, seat: int, tile: Domino, opening: Opening | None = None) -> None:
        """Lay the opening double and open its four lines (DO-1, DO-2).

        Args:
            seat: Who opens.
            tile: The opening double.
            opening: The same spinner's four lines as another layout opened them
                ([`opening`][unodice.variants.dominoes.state.Layout.opening]), to copy rather
                than work out again; open ends are immutable, so they are shared.
        """
        assert not self.ends, "the spinner opens an empty layout"
        face = tile.ends[0]
        self.placements = (Placement(seat, tile, face, face, SPINNER, None),)
        if opening is None:
            for _ in range(4):
                self._open_line(face, None, SPINNER)
            return
        ends, accepts, keys, by_colour, by_symbol = opening
        self.ends.extend(ends)
        self.accepts.extend(accepts)
        self._keys.extend(keys)
        self.by_colour = list(by_colour)
        self.by_symbol = list(by_symbol)

    def opening(self) -> Opening:
        """The open ends as they are, for another layout's ``open_spinner`` to copy."""
        return Opening(
            tuple(self.ends),
            tuple(self.accepts),
            tuple(self._keys),
            tuple(self.by_colour),
            tuple(self.by_symbol),
        )

    def extend(self, landing: LandingLike, placement: Placement, spin: bool) -> tuple[int, ...]:
        """Lay a tile at an open end; return the lines a spinning double opens.

        Args:
            landing: Where and how the tile goes (its line, its way round, the colour declared).
            placement: The tile on the table, as ``landing.laid`` gives it.
            spin: Whether the tile is a double that opens its two sides (``all_doubles_spin``).
        """
        self.placements += (placement,)
        index = landing.index
        origin = self.ends[index].origin
        self.ends[index] = landing.ends_after[origin] or landing.end(origin)
        self.accepts[index] = landing.accepts
        # File the end anew. Flipping its bit takes it out of its old slot, flipping it again
        # puts it in the new one (when both are the same slot, the two flips leave it there).
        bit = 1 << index
        old_colour, old_symbol, old_live = self._keys[index]
        self._keys[index] = landing.keys
        colour, symbol, live = landing.keys
        by_colour, by_symbol = self.by_colour, self.by_symbol
        by_colour[old_colour] ^= bit
        by_colour[colour] ^= bit
        by_symbol[old_symbol] ^= bit
        by_symbol[symbol] ^= bit
        if live != old_live:
            by_colour[self._lookups.live_slot] ^= bit
        if not spin:
            return ()
        far, declared, line = landing.lay.far, landing.colour, landing.line
        return (self._open_line(far, declared, line), self._open_line(far, declared, line))

    def open_from_spinner(self, seat: int, tile: Domino, colour: Colour | None) -> int:
        """Lay the double-Wild against the spinner, opening a new line (DO-9); return its number."""
        line = self._open_line(tile.ends[1], colour, SPINNER)
        self.placements += (Placement(seat, tile, tile.ends[0], tile.ends[1], line, colour),)
        return line

    def _open_line(self, face: Face, colour: Colour | None, origin: int) -> int:
        line = len(self.ends) + 1
        self.ends.append(open_end(line, face, colour, origin))
        self.accepts.append(self._lookups.accepts(face, colour))
        self._file(self._lookups.end_keys(face, colour))
        return line

    def _file(self, keys: EndKeys) -> None:
        """File a new end under its colour and symbol (see ``ends_taking``)."""
        bit = 1 << len(self._keys)
        self._keys.append(keys)
        colour, symbol, live = keys
        self.by_colour[colour] |= bit
        self.by_symbol[symbol] |= bit
        if live:
            self.by_colour[self._lookups.live_slot] |= bit

    def snapshot(self) -> Snapshot:
        """The layout as it is, to restore after a successful challenge."""
        return Snapshot(
            tuple(self.ends), tuple(self.accepts), tuple(self._keys), len(self.placements)
        )

    def restore(self, snapshot: Snapshot) -> None:
        """Put the layout back as it was at ``snapshot`` (DO-8)."""
        self.ends[:] = snapshot.ends
        self.accepts[:] = snapshot.accepts
        self.placements = self.placements[: snapshot.placements]
        self._keys = []
        self.by_colour = [0] * len(self.by_colour)
        self.by_symbol = [0] * len(self.by_symbol)
        for keys in snapshot.keys:
            self._file(keys)

    def line(self, number: int) -> list[Placement]:
        """The tiles on one line, from the spinner outwards."""
        return [p for p in self.placements if p.line == number]


# -- the round --------------------------------------------------------------------------------


class DominoesState(State):
    """Everything about the round in play.

    Args:
        players: Number of seats.
        boneyard: The tiles not dealt.
        layout: The (empty) layout.
        reverse_skips: Whether an R acts as an S (two players and the option, DO-4).

    Attributes:
        hands: Each seat's tiles, in the order received.
        boneyard: The tiles nobody holds yet.
        layout: The tiles on the table and their open ends.
        seats: Whose turn it is and which way play runs.
        to_act: The seat that must decide now, ``None`` once the round is over.
        phase: What kind of decision that is.
        drawn: The tile just drawn, while its player decides whether to lay it.
        plays: The plays open to the seat to act (a turn, or the tile just drawn), worked
            out as her decision began; ``None`` when not worked out.
        uno_debtor: A seat that played down to one tile without calling Uno and may still be
            caught (DO-6).
        pending: The Wild Draw Four awaiting an answer; its ``before`` is the tile and the
            layout before it was laid, ``(tile, snapshot)``, to take it back (DO-8).
        rescuers: The seats still to be offered the double-Wild on a dead layout (DO-9).
        closer: Who closed the last line (DO-9).
        totals: The match totals as they stood when the round began or last scored.
        idle_turns: Real passes in a row on an empty boneyard, since the last tile that stayed
            on the table or the last Wild Draw Four taken back (DO-10).
        wild_draw_four_barred: The seats whose Wild Draw Four was taken back on an empty
            boneyard (so that they drew nothing) since a tile was last laid and stayed: they may
            not lay a tile with its WD4 end touching until one is (DO-8). Replaced, never
            changed in place, so copies may share it.
        catchers: While the phase is ``catching``: the seats still to be asked after the seat
            to act, in order, the last being the next player to act, whose own decision then
            begins (DO-6, ``catch_by`` set to ``"any-opponent"``). Empty otherwise.
        resume: While the phase is ``catching``: the phase of that next player's decision
            (turn, challenge or rescue).
        revealed: The ids of the tiles every seat has seen go into a hand: a Wild Draw Four
            taken back after a challenge goes back to its player in view of all (DO-8). Such a
            tile is known to be in that hand until it is laid again; a search's resampling
            keeps it there. Replaced, never changed in place, so copies may share it.
    """

    def __init__(
        self, players: int, boneyard: Bag[Domino], layout: Layout, reverse_skips: bool = False
    ):
        self.hands: list[list[Domino]] = [[] for _ in range(players)]
        self.boneyard = boneyard
        self.layout = layout
        self.seats = Seats.around(players, 0, reverse_skips)
        self.to_act: int | None = None
        self.phase: Phase = TURN
        self.drawn: Domino | None = None
        self.plays: list[Play] | None = None
        self.uno_debtor: int | None = None
        self.pending: PendingWildDrawFour | None = None
        self.rescuers: tuple[int, ...] = ()
        self.closer: int | None = None
        self.totals: tuple[int, ...] = (0,) * players
        self.idle_turns = 0
        self.wild_draw_four_barred: frozenset[int] = frozenset()
        self.revealed: frozenset[int] = frozenset()
        self.catchers: tuple[int, ...] = ()
        self.resume: Phase = TURN

    def copy(self) -> DominoesState:
        """An independent copy, for ``Game.copy()``."""
        # Attribute by attribute, in the order __init__ sets them: far cheaper than updating
        # a new object's __dict__ from this one's, which makes the copy a dict of its own.
        twin = DominoesState.__new__(DominoesState)
        twin.hands = [list(hand) for hand in self.hands]
        twin.boneyard = self.boneyard.copy()
        twin.layout = self.layout.copy()
        twin.seats = self.seats.copy()
        twin.to_act = self.to_act
        twin.phase = self.phase
        twin.drawn = self.drawn
        plays = self.plays
        # A list: the copy's own, so changing it leaves this one be.
        twin.plays = None if plays is None else list(plays)
        twin.uno_debtor = self.uno_debtor
        twin.pending = self.pending
        twin.rescuers = self.rescuers
        twin.closer = self.closer
        twin.totals = self.totals
        twin.idle_turns = self.idle_turns
        twin.wild_draw_four_barred = self.wild_draw_four_barred
        twin.revealed = self.revealed
        twin.catchers = self.catchers
        twin.resume = self.resume
        return twin

    def __repr__(self) -> str:
        return (
            f"<DominoesState phase={self.phase} to_act={self.to_act} "
            f"hands={[len(h) for h in self.hands]} boneyard={len(self.boneyard)}>"
        )
