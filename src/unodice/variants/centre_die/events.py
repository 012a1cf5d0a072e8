"""What happens in a centre-die game, as events (beside the core's and the family's own).

Every roll, re-roll, draw and the end of a round is an event of this module. Skips, reversals,
challenges, Uno calls and catches are the family's shared events from
[`unodice.core.uno`][unodice.core.uno] (``skipped``, ``reversed``, ``challenged``, ``uno``,
``caught``);
the core adds the moves (``move-played``), the points (``scored``) and the ends of rounds and
of the match. In every event ``seat`` is the seat that acted.
"""

from __future__ import annotations

from typing import ClassVar

from unodice.core.moves import Event
from unodice.core.pieces import Colour, Die, Face

__all__ = [
    "CentreRedrawn",
    "CentreReverted",
    "CentreRolled",
    "Dealt",
    "Drew",
    "Rerolled",
    "RoundBlocked",
    "Starter",
    "WentOut",
]


class Starter(Event):
    """Who starts the round (CD-1): seat 0 in the first round, then the last winner.

    Attributes:
        seat: The starter.
    """

    kind: ClassVar[str] = "starter"
    seat: int


class CentreRedrawn(Event):
    """The starter drew a die without a number face for the centre; it goes back (CD-1).

    Attributes:
        seat: The starter.
        die: The die put back into the bag once the centre die is found.
    """

    kind: ClassVar[str] = "centre-redrawn"
    seat: int
    die: Die


class CentreRolled(Event):
    """The starter rolled the centre die (CD-1); she rolls again until it shows a number.

    Attributes:
        seat: The starter.
        face: What it shows.
    """

    kind: ClassVar[str] = "centre-rolled"
    seat: int
    face: Face


class Dealt(Event):
    """A player drew her hand of five dice and rolled them (CD-1).

    Attributes:
        seat: The player.
        faces: What her dice show.
    """

    kind: ClassVar[str] = "dealt"
    seat: int
    faces: tuple[Face, ...]


class Rerolled(Event):
    """A player re-rolled her whole hand (CD-4).

    Attributes:
        seat: The player.
        faces: What her dice show now.
    """

    kind: ClassVar[str] = "rerolled"
    seat: int
    faces: tuple[Face, ...]


class Drew(Event):
    """A player drew dice from the bag and rolled them into her hand.

    Attributes:
        seat: The player.
        faces: What the drawn dice show (fewer than ``wanted`` when the bag ran short).
        wanted: How many dice the rule asked for.
        reason: ``"turn"`` (CD-5), ``"draw two"`` (CD-6), ``"wild draw four"`` (CD-7),
            ``"failed challenge"`` or ``"illegal wild draw four"`` (CD-8), ``"missed uno"``
            (CD-9).
    """

    kind: ClassVar[str] = "drew"
    seat: int
    faces: tuple[Face, ...]
    wanted: int
    reason: str


class CentreReverted(Event):
    """After a successful challenge the die the WD4 covered is the centre die again (CD-8).

    Attributes:
        face: Its face.
        colour: Its declared colour when it is a W or WD4, else ``None``.
    """

    kind: ClassVar[str] = "centre-reverted"
    face: Face
    colour: Colour | None


class RoundBlocked(Event):
    """Nobody can ever play again, so the round ends with no winner and no points (CD-10).

    It happens only with unusual dice sets: the bag is empty and no face of any die in any hand
    could be put on the centre die.
    """

    kind: ClassVar[str] = "round-blocked"


class WentOut(Event):
    """A player played her last die and wins the round (CD-10).

    Attributes:
        seat: The winner.
        hand_values: What each seat's remaining dice are worth (the winner's is 0).
    """

    kind: ClassVar[str] = "went-out"
    seat: int
    hand_values: tuple[int, ...]
