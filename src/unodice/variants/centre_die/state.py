"""The phases and the state of one round of the centre-die game."""

from __future__ import annotations

from typing import Literal, TypeAlias

from unodice.core.pieces import Bag, Colour, Die, Face
from unodice.core.turns import Seats
from unodice.core.uno import PendingWildDrawFour
from unodice.core.variant import State

__all__ = [
    "ANSWERING_WD4",
    "CATCHING",
    "ROUND_OVER",
    "STEP_ONE",
    "STEP_THREE",
    "STEP_TWO",
    "CentreDieState",
    "CoveredCentre",
    "Phase",
]

Phase: TypeAlias = Literal["step 1", "step 2", "step 3", "challenge", "catching", "round over"]
"""Where the player to act stands; the view and the rendering show it as it is."""

STEP_ONE: Phase = "step 1"
"""Step 1 of a turn: play a matching die or decline (CD-3)."""
STEP_TWO: Phase = "step 2"
"""Step 2, after the re-roll: play a matching die or draw (CD-4)."""
STEP_THREE: Phase = "step 3"
"""Step 3, after the draw: play the drawn die or keep it (CD-5)."""
ANSWERING_WD4: Phase = "challenge"
"""The player hit by a WD4 challenges or accepts it (CD-8)."""
CATCHING: Phase = "catching"
"""An opponent before the next player to act may catch a missed Uno, or decline to (CD-9).

Only under the option ``catch_by="any-opponent"``.
"""
ROUND_OVER: Phase = "round over"
"""The round is over (CD-10)."""

CoveredCentre: TypeAlias = tuple[Die, int, Colour | None]
"""A centre die that a WD4 covers while the WD4 may be challenged: die, face code, colour.

It is the ``before`` of the state's [`PendingWildDrawFour`][unodice.core.uno.PendingWildDrawFour].
"""


class CentreDieState(State):
    """One round: the centre die, the open hands, the bag and whose decision it is.

    Hands are kept as three parallel sequences per seat: the dice, the codes of the faces they
    show (see [`FaceLookup`][unodice.variants.centre_die.lookups.FaceLookup]) and the faces
    themselves, kept up to date for the views. During step 3 the drawn die is the last one of
    the hand. Each seat's sequences are tuples, replaced whenever the hand changes: a view
    hands them out as they are, and a copy shares them.

    Attributes:
        seats: Whose turn it is and the direction of play (with R acting as S between two
            players when the option says so, CD-6).
        bag: The dice nobody holds.
        dice: Per seat, the dice in the hand, as a tuple.
        codes: Per seat, the face code each of those dice shows, as a tuple.
        shown: Per seat, the faces the hand shows, as a tuple in hand order.
        centre_die: The centre die.
        centre_code: The face code it shows.
        centre_colour: The colour declared for it when it is a W or WD4.
        centre_key: Its centre key (what matches it).
        pending: The WD4 waiting for its victim's answer (CD-8), with the centre die it covers
            (a [`CoveredCentre`][unodice.variants.centre_die.state.CoveredCentre]) as its
            ``before``; ``None`` at any other time.
        phase: One of the phase constants of this module.
        uno_missed: A seat that just played down to one die without calling Uno.
        catchable: The seat that the player to act may catch now (CD-9).
        catchers: In phase ``catching``, the seats still to be asked after the player to act,
            in order; the last is the next player to act, whose turn then begins (CD-9,
            ``catch_by="any-opponent"``). Empty in any other phase.
        starter: Who started the round.
        round: The round number.
        scores: Match totals, as of the round's start (updated when it is scored).
        to_act: The seat that must decide now, or ``None`` once the round is over.
    """

    __slots__ = (
        "bag",
        "catchable",
        "catchers",
        "centre_code",
        "centre_colour",
        "centre_die",
        "centre_key",
        "codes",
        "dice",
        "pending",
        "phase",
        "round",
        "scores",
        "seats",
        "shown",
        "starter",
        "to_act",
        "uno_missed",
    )

    def __init__(
        self,
        players: int,
        bag: Bag[Die],
        starter: int,
        round_number: int,
        scores: tuple[int, ...],
        two_player_reverse_skips: bool,
    ):
        self.seats = Seats.around(players, starter, two_player_reverse_skips)
        self.bag = bag
        self.dice: list[tuple[Die, ...]] = [()] * players
        self.codes: list[tuple[int, ...]] = [()] * players
        self.shown: list[tuple[Face, ...]] = [() for _ in range(players)]
        self.centre_die: Die | None = None
        self.centre_code = -1
        self.centre_colour: Colour | None = None
        self.centre_key = -1
        self.pending: PendingWildDrawFour | None = None
        self.phase: Phase = STEP_ONE
        self.uno_missed: int | None = None
        self.catchable: int | None = None
        self.catchers: tuple[int, ...] = ()
        self.starter = starter
        self.round = round_number
        self.scores = scores
        self.to_act: int | None = starter

    def copy(self) -> CentreDieState:
        """An independent copy: seats, bag and the lists of hands are copied, the rest shared.

        The hands themselves and every other attribute hold values that are replaced, never
        changed in place, so the copy shares them. The attributes are set one by one, not in a
        loop over their names: that halves the cost of a copy, which search makes by the
        million.
        """
        twin = CentreDieState.__new__(CentreDieState)
        twin.seats = self.seats.copy()
        twin.bag = self.bag.copy()
        twin.dice = self.dice[:]
        twin.codes = self.codes[:]
        twin.shown = self.shown[:]
        twin.centre_die = self.centre_die
        twin.centre_code = self.centre_code
        twin.centre_colour = self.centre_colour
        twin.centre_key = self.centre_key
        twin.pending = self.pending
        twin.phase = self.phase
        twin.uno_missed = self.uno_missed
        twin.catchable = self.catchable
        twin.catchers = self.catchers
        twin.starter = self.starter
        twin.round = self.round
        twin.scores = self.scores
        twin.to_act = self.to_act
        return twin

    def __repr__(self) -> str:
        return (
            f"<CentreDieState round={self.round} to_act={self.to_act} "
            f"phase={self.phase!r} hands={[len(h) for h in self.codes]} "
            f"bag={len(self.bag)}>"
        )
