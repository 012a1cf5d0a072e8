"""Coverall's fixed spaces for learning agents: every move numbered, every view laid out.

**The action catalogue.** The moves are numbered in three ranges, one after the other. ``S`` is
the number of cells (``rows x columns``, row by row from ``A1``), the faces are the dice set's
faces in the order of their codes as text (``W``, ``WD4``, ``b0`` … ``yS``), and a face's
*width* is 4 for a wild (one move per colour it may be declared, red, yellow, green, blue)
and 1 for a coloured face.

1. **Placements** (CV-5 to CV-7): every face on every cell, a wild with each colour. The
   placement of face ``f`` on cell ``s`` declared colour ``c`` is number
   ``S x (widths of the faces before f) + s x width(f) + c``, where ``c`` is the colour's
   place (0 for a coloured face). An untouched half takes any die on any cell (CV-12) and a
   wild goes on any cell beside a die, so each of these can be legal.
2. **The starting W** (CV-2): a W as the starting die goes on any cell without a colour, one
   move per cell. (Any other starting face is a placement of range 1, and a WD4 is never the
   starting die: it is rolled again.)
3. **Declarations** (CV-2): the starting W's colour, red, yellow, green, blue.

With the standard set (52 coloured faces, W and WD4) on the standard tray that is
``24 x (52 + 2 x 4) + 24 + 4 = 1468`` moves, for any number of seats: seats never change it;
the tray's shape and the dice set do.

**The observation.** Seats are numbered relative to the observer: she is seat 0, then the
seats follow in seat-number order (the order of play until an R reverses it; the
``direction`` slot says which way play runs now). Every number is from 0 to 1. In order:

* ``phase``: one-hot, start, declare, place, over.
* ``tray kinds``: per cell, row by row, the one-hot of its die's symbol among the set's
  symbols (numbers ascending, then ``D2``, ``R``, ``S``, ``W``, ``WD4``); zeros when empty.
* ``tray colours``: per cell, the one-hot of the colour its die counts as (a wild's declared
  colour); zeros when empty and for the starting W before its colour is declared.
  Kind and colour together give the die's tray code exactly.
* ``open half``: one-hot, the half placements go to (one number without the partition).
* ``hand``: per face, the holder's rolled dice showing it, divided by how many of the set's
  dice have that face.
* ``holder``: one-hot relative seat of the player holding the rolled dice, who is the seat to
  act while the game runs.
* ``reserves``: per relative seat, the dice kept for her next turn, divided by 4, the most a
  reserve can hold (see ``MOST_IN_RESERVE``).
* ``bag``: the dice in the bag divided by the dice in the set.
* ``direction``: 1 while play runs towards higher seat numbers, 0 when reversed.
* ``starter``: one-hot relative seat of the starting player.
* ``points``: per relative seat, this game's points divided by ``20 x S`` (an action die's
  value in a run for every cell, CV-11), clipped to 0..1.
* With ``set_of_games`` only (CV-14): ``totals``, the match totals scaled as the points are
  times the number of games, and ``game``, the one-hot of which game of the set this is.
"""

from __future__ import annotations

from unodice.core.capabilities import Spaces
from unodice.core.lookups import LookupsPerSet, SealedLookup
from unodice.core.pieces import Colour, ComponentSet
from unodice.core.spaces import Buffer, Slot
from unodice.core.variant import View

from .lookups import CoverallLookups, SpacesLookup, TrayLookup, spaces_lookup_for
from .moves import CoverallMove, Declare
from .options import CoverallOptions
from .state import DECLARE, OVER, PLACE, START

__all__ = [
    "MOST_IN_RESERVE",
    "POINTS_PER_CELL",
    "CoverallEncoder",
    "CoverallSpaces",
    "PlanLookup",
    "plan",
]

MOST_IN_RESERVE = 4
"""The most dice a reserve holds: one placement draws it (2 for a D2, 4 for a WD4, CV-7,
CV-8), and its player takes it up when her next turn begins, before she can place again."""
POINTS_PER_CELL = 20
"""The points scale per cell: an action die's value in a run (CV-11)."""
PHASES = {START: 0, DECLARE: 1, PLACE: 2, OVER: 3}
"""Each phase's place in the ``phase`` slot."""
_COLOURS = len(Colour)


class CoverallSpaces(Spaces[CoverallMove]):
    """Coverall's action catalogue and observations for learning agents (see the module)."""

    # What the rules class sets up.
    options: CoverallOptions
    dice_set: ComponentSet
    _tray: TrayLookup
    _lookups: CoverallLookups

    def actions(self) -> tuple[CoverallMove, ...]:
        """Every placement, the starting W on each cell, the declarations, in that order."""
        lookups = self._lookups
        faces = spaces_lookup_for(self.dice_set).faces
        every_cell = (1 << self._tray.size) - 1
        # The lookups' own move objects: legal moves are the same objects, so looking them up
        # in the catalogue finds them by identity.
        placements = [move for face in faces for move in lookups.face(face).moves.on(every_cell)]
        # A WD4 is never the starting die (it is rolled again, CV-2), and a coloured starting
        # die is a placement already: only the W has moves of its own.
        starting_w = [
            move for face in faces if face.symbol == "W" for move in lookups.face(face).starts
        ]
        declarations = [Declare(colour) for colour in Colour]
        return (*placements, *starting_w, *declarations)

    def observation_layout(self) -> tuple[Slot, ...]:
        """The tray, the rolled dice, reserves, bag, turn and points, by slot (see the module)."""
        return plan(self).slots

    def encode_view(self, view: View, out: Buffer) -> None:
        """Write ``view`` into ``out`` (zeros), the observer as seat 0 (see the module)."""
        self.view_encoder()(view, out)

    def view_encoder(self) -> CoverallEncoder:
        """An encoder of this variant's views (see ``CoverallEncoder``)."""
        return CoverallEncoder(plan(self))


class CoverallEncoder:
    """Writes views of one game's variant as ``encode_view`` does.

    (See [`view_encoder`][unodice.core.capabilities.Spaces.view_encoder].) It holds the
    observation plan every view of the game is encoded with, worked out once.

    Args:
        where: The observation plan of the variant's set, tray, seats and options.
    """

    __slots__ = ("where",)

    def __init__(self, where: PlanLookup):
        self.where = where

    def __call__(self, view: View, out: Buffer) -> None:
        """Write ``view`` into ``out`` (zeros, as long as the layout)."""
        where = self.where
        lookup = where.lookup
        data = view.data
        players = where.players
        me = view.seat
        out[where.phase + PHASES[data["phase"]]] = 1
        symbol_index, colour_index = lookup.symbol_index, lookup.colour_index
        for at, kind in zip(where.cell_kinds, data["kinds"], strict=True):
            if kind is not None:
                out[at + symbol_index[kind]] = 1
        for at, colour in zip(where.cell_colours, data["colours"], strict=True):
            if colour is not None:
                out[at + colour_index[id(colour)]] = 1
        out[where.open_half + data["open_half"]] = 1
        hand = data["hand"]
        if hand:
            shown: dict[int, int] = {}
            by_identity, index_of = lookup.face_index, lookup.index_of
            for face in hand:
                index = by_identity.get(id(face))
                if index is None:
                    index = index_of(face)
                shown[index] = shown.get(index, 0) + 1
            dice_with, at = lookup.dice_with, where.hand
            for index, count in shown.items():
                out[at + index] = count / dice_with[index]
        holder = data["holder"]
        if holder is not None:
            out[where.holder + (holder - me) % players] = 1
        for seat, reserve in enumerate(data["reserves"]):
            if reserve:
                out[where.reserves + (seat - me) % players] = min(len(reserve) / MOST_IN_RESERVE, 1)
        out[where.bag] = data["bag"] / lookup.dice_count
        out[where.direction] = 1 if data["direction"] == 1 else 0
        out[where.starter + (data["starter"] - me) % players] = 1
        scale = where.points_scale
        for seat, points in enumerate(data["points"]):
            if points > 0:
                out[where.points + (seat - me) % players] = min(points / scale, 1)
        if where.in_a_set:
            scale *= players
            for seat, total in enumerate(view.scores):
                if total > 0:
                    out[where.totals + (seat - me) % players] = min(total / scale, 1)
            out[where.game + min(view.round, players) - 1] = 1


class PlanLookup(SealedLookup):
    """An observation's slots and where each begins, for one set, tray, seat count and options.

    Attributes:
        slots: The layout.
        lookup: The dice set's learning-space lookup.
        players: The number of seats.
        kind_count: How many symbols the set has: each cell's width in ``tray kinds``.
        points_scale: What ``points`` are divided by.
        in_a_set: Whether the games are a set (CV-14): ``totals`` and ``game`` follow.

    The attributes named after the slots (``phase``, ``tray_kinds``, ``tray_colours``,
    ``open_half``, ``hand``, ``holder``, ``reserves``, ``bag``, ``direction``, ``starter``,
    ``points``, ``totals``, ``game``) are where each slot begins (``totals`` and ``game`` are
    ``-1`` outside a set). ``cell_kinds`` and ``cell_colours`` are where each cell's numbers
    begin in ``tray kinds`` and ``tray colours``.
    """

    def __init__(
        self, lookup: SpacesLookup, cells: int, regions: int, players: int, in_a_set: bool
    ):
        self.lookup = lookup
        self.players = players
        self.kind_count = len(lookup.symbols)
        self.points_scale = POINTS_PER_CELL * cells
        self.in_a_set = in_a_set
        symbols = ", ".join(lookup.symbols)
        slots = [
            Slot("phase", len(PHASES), "one-hot: start, declare, place, over (CV-2, CV-3, CV-13)"),
            Slot(
                "tray kinds",
                cells * self.kind_count,
                f"per cell, row by row: one-hot of its die's symbol ({symbols}); 0 if empty",
            ),
            Slot(
                "tray colours",
                cells * _COLOURS,
                "per cell: one-hot of the colour its die counts as (red, yellow, green, "
                "blue; a wild's declared colour); 0 if empty or an undeclared starting W",
            ),
            Slot("open half", regions, "one-hot: the half placements go to (CV-12)"),
            Slot(
                "hand",
                len(lookup.faces),
                "per face (codes in text order): the holder's rolled dice showing it / the "
                "set's dice with that face (CV-3)",
            ),
            Slot("holder", players, "one-hot by relative seat: who holds the rolled dice"),
            Slot(
                "reserves",
                players,
                f"per relative seat: the dice in her reserve / {MOST_IN_RESERVE} (CV-7, CV-8)",
            ),
            Slot("bag", 1, "the dice in the bag / the dice in the set"),
            Slot("direction", 1, "1 while play runs to higher seat numbers, 0 reversed (CV-8)"),
            Slot("starter", players, "one-hot by relative seat: the starting player (CV-1)"),
            Slot(
                "points",
                players,
                f"per relative seat: this game's points / {self.points_scale}, clipped (CV-11)",
            ),
        ]
        if in_a_set:
            slots += [
                Slot(
                    "totals",
                    players,
                    f"per relative seat: the match total / {self.points_scale * players}, "
                    "clipped (CV-14)",
                ),
                Slot("game", players, "one-hot: which game of the set this is (CV-14)"),
            ]
        self.slots: tuple[Slot, ...] = tuple(slots)
        starts: dict[str, int] = {}
        offset = 0
        for slot in self.slots:
            starts[slot.name] = offset
            offset += slot.size
        self.phase = starts["phase"]
        self.tray_kinds = starts["tray kinds"]
        self.tray_colours = starts["tray colours"]
        self.open_half = starts["open half"]
        self.hand = starts["hand"]
        self.holder = starts["holder"]
        self.reserves = starts["reserves"]
        self.bag = starts["bag"]
        self.direction = starts["direction"]
        self.starter = starts["starter"]
        self.points = starts["points"]
        self.totals = starts.get("totals", -1)
        self.game = starts.get("game", -1)
        self.cell_kinds: tuple[int, ...] = tuple(
            self.tray_kinds + cell * self.kind_count for cell in range(cells)
        )
        self.cell_colours: tuple[int, ...] = tuple(
            self.tray_colours + cell * _COLOURS for cell in range(cells)
        )
        self.seal()


def _build_plan(
    dice_set: ComponentSet, cells: int, regions: int, players: int, in_a_set: bool
) -> PlanLookup:
    return PlanLookup(spaces_lookup_for(dice_set), cells, regions, players, in_a_set)


_plans: LookupsPerSet[PlanLookup] = LookupsPerSet(_build_plan)
"""The plan of each dice set (by identity), tray size, regions, seat count and kind of match."""


def plan(variant: CoverallSpaces) -> PlanLookup:
    """The observation plan of a game's variant, built once and shared."""
    tray = variant._tray
    return _plans(
        variant.dice_set,
        tray.size,
        len(tray.regions),
        variant.player_count,
        variant.options.set_of_games,
    )
