"""The state of one game of Coverall."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, TypeAlias

from unodice.core.pieces import Bag, Colour, Die, Face
from unodice.core.turns import Seats
from unodice.core.variant import State

from .kernel import BIT_COUNT

if TYPE_CHECKING:
    from .moves import CoverallMove

__all__ = ["DECLARE", "OVER", "PLACE", "START", "CoverallState", "Phase"]

Phase: TypeAlias = Literal["start", "declare", "place", "over"]
"""What the seat to act is deciding."""

START: Phase = "start"
"""The starting player chooses the cell of the starting die (CV-2)."""
DECLARE: Phase = "declare"
"""The player after the starter names the starting W's colour (CV-2)."""
PLACE: Phase = "place"
"""A player places one of the dice she rolled (CV-3, CV-5)."""
OVER: Phase = "over"
"""The game is over (CV-13)."""


class CoverallState(State):
    """Everything about one game in progress. Only one player holds rolled dice at a time.

    Attributes:
        phase: What is being decided.
        to_act: The seat that must decide, ``None`` once the game is over.
        seats: Whose turn it is, which way play runs, and whether an R skips (CV-8, CV-9).
        starter: The starting player (CV-1).
        bag: The dice bag.
        faces: The face on each cell of the tray, ``None`` when empty.
        kinds: The symbol on each cell (its number or letter), ``None`` when empty.
        colours: The colour each die in the tray counts as (a wild's declared colour).
        codes: Each cell's die as text (``r5``, ``W:r``; ``.`` when empty).
        dice: The die on each cell.
        reach: For each matching bit (by number), the mask of the cells a neighbour offers it,
            empty or not (see the ``fast`` module).
        vacant: The mask of the empty cells.
        empty: How many empty cells each region has left.
        open_region: The region placements go to now (CV-12).
        first_region: The region of the starting die, once it is placed.
        undeclared: The cell of the starting W while its colour is not yet declared.
        holder: The seat holding the rolled dice (the seat to act, or the last to place).
        hand: The dice she holds, and ``showing``: what they show, in the same order.
        reserves: The dice each seat keeps for her next turn (CV-7, CV-8).
        in_tray: A bit per die id, set once the die is in the tray.
        moves: The legal moves of the decision at hand, worked out once.
        points: What each seat has scored in this game.
        earlier: Each seat's total from the earlier games of a set (CV-14).
    """

    __slots__ = (
        "bag",
        "codes",
        "colours",
        "dice",
        "earlier",
        "empty",
        "faces",
        "first_region",
        "hand",
        "holder",
        "in_tray",
        "kinds",
        "moves",
        "open_region",
        "phase",
        "points",
        "reach",
        "reserves",
        "seats",
        "showing",
        "starter",
        "to_act",
        "undeclared",
        "vacant",
    )

    def __init__(
        self, seats: Seats, size: int, regions: int, bag: Bag[Die], earlier: tuple[int, ...]
    ):
        players = seats.count
        self.phase: Phase = START
        self.to_act: int | None = None
        self.seats = seats
        self.starter = 0
        self.bag = bag
        self.faces: list[Face | None] = [None] * size
        self.kinds: list[str | None] = [None] * size
        self.colours: list[Colour | None] = [None] * size
        self.codes: list[str] = ["."] * size
        self.dice: list[Die | None] = [None] * size
        self.reach = [0] * BIT_COUNT
        self.vacant = (1 << size) - 1
        self.empty = [size // regions] * regions
        self.open_region = 0
        self.first_region: int | None = None
        self.undeclared: int | None = None
        self.holder: int | None = None
        self.hand: tuple[Die, ...] = ()
        self.showing: tuple[Face, ...] = ()
        self.reserves: list[tuple[Die, ...]] = [()] * players
        self.in_tray = 0
        self.moves: tuple[CoverallMove, ...] = ()
        self.points = [0] * players
        self.earlier = earlier

    def copy(self) -> CoverallState:
        """An independent copy (pieces and faces are immutable and shared)."""
        twin = object.__new__(CoverallState)
        twin.phase = self.phase
        twin.to_act = self.to_act
        twin.seats = self.seats.copy()
        twin.starter = self.starter
        twin.bag = self.bag.copy()
        twin.faces = self.faces.copy()
        twin.kinds = self.kinds.copy()
        twin.colours = self.colours.copy()
        twin.codes = self.codes.copy()
        twin.dice = self.dice.copy()
        twin.reach = self.reach.copy()
        twin.vacant = self.vacant
        twin.empty = self.empty.copy()
        twin.open_region = self.open_region
        twin.first_region = self.first_region
        twin.undeclared = self.undeclared
        twin.holder = self.holder
        twin.hand = self.hand
        twin.showing = self.showing
        twin.reserves = self.reserves.copy()
        twin.in_tray = self.in_tray
        twin.moves = self.moves
        twin.points = self.points.copy()
        twin.earlier = self.earlier
        return twin

    @property
    def filled(self) -> int:
        """How many dice are in the tray."""
        return len(self.faces) - sum(self.empty)

    def __repr__(self) -> str:
        return (
            f"<CoverallState {self.phase} to_act={self.to_act} "
            f"dice in tray={self.filled} bag={len(self.bag)}>"
        )
