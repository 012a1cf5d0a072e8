"""What happens in a game of Coverall, as events a log or a display can read.

Every point scored is explained by a [`Placed`][unodice.variants.coverall.events.Placed] event:
it lists the run that counted in each line through the placed die, its dice and its value.
The core's ``scored`` event that follows it says what was finally added (after house rules).

An S, and an R, emit the family's shared events from [`unodice.core.uno`][unodice.core.uno]:
[`Skipped`][unodice.core.uno.Skipped] and [`Reversed`][unodice.core.uno.Reversed].
"""

from __future__ import annotations

from typing import ClassVar

from unodice.core.moves import Event
from unodice.core.pieces import Colour, Face
from unodice.core.values import Value

__all__ = [
    "HalfOpened",
    "NoDice",
    "Placed",
    "ReserveDrawn",
    "RollOff",
    "Rolled",
    "Run",
    "StarterChosen",
    "StartingDie",
    "TrayClosed",
    "TurnLost",
    "WildDeclared",
]


class Run(Value):
    """One scoring run: adjacent dice in one line sharing a colour or a kind (CV-11).

    Attributes:
        line: The line it lies in: ``"row B"`` or ``"column 2"``.
        shared: What the dice share: a colour name (``"red"``) or a kind (``"5"``, ``"S"``).
        spaces: The names of the run's cells (``"B2"``), in order along the line.
        dice: The dice's faces as shown in the tray (``"r5"``, ``"W:r"``), in the same order.
        value: The sum of the dice's values (numbers their value, R/S/D2 20, wilds 0).
    """

    line: str
    shared: str
    spaces: tuple[str, ...]
    dice: tuple[str, ...]
    value: int


class RollOff(Event):
    """Players rolled one die each to find the starting player (CV-1).

    Attributes:
        seats: Who rolled, in order.
        faces: What each rolled.
    """

    kind: ClassVar[str] = "roll-off"
    seats: tuple[int, ...]
    faces: tuple[Face, ...]


class StarterChosen(Event):
    """The starting player of this game is known (CV-1, CV-14).

    Attributes:
        seat: The starting player.
        reason: How she was chosen, in words.
    """

    kind: ClassVar[str] = "starter"
    seat: int
    reason: str


class StartingDie(Event):
    """The starting player drew and rolled the starting die (CV-2).

    Attributes:
        seat: The starting player.
        die: The die's id.
        faces: Every face it showed; all but the last were WD4 and rolled again.
    """

    kind: ClassVar[str] = "starting-die"
    seat: int
    die: int
    faces: tuple[Face, ...]


class Rolled(Event):
    """A player began her turn by rolling every die she holds (CV-3).

    Attributes:
        seat: Whose turn it is.
        faces: What her dice show.
        passed: How many of them were passed to her.
        drawn: How many she drew fresh from the bag.
        reserve: How many came from her reserve (CV-7, CV-8).
    """

    kind: ClassVar[str] = "rolled"
    seat: int
    faces: tuple[Face, ...]
    passed: int
    drawn: int
    reserve: int


class WildDeclared(Event):
    """The starting W got its colour (CV-2).

    Attributes:
        seat: Who declared it.
        space: The name of the cell the W stands on (``"B2"``).
        colour: Its colour for the rest of the game.
    """

    kind: ClassVar[str] = "declared"
    seat: int
    space: str
    colour: Colour


class Placed(Event):
    """A die went into the tray, and what it scored (CV-5, CV-11).

    Attributes:
        seat: Who placed it.
        die: The die's id.
        face: The face it shows.
        declared: The colour declared for a wild (``None`` otherwise, and for the starting W).
        space: The name of the cell it went on (``"B2"``).
        runs: The run that counted in each of its lines (none when no run of two formed).
        points: What the rules give for it: the sum of the runs' values.
    """

    kind: ClassVar[str] = "placed"
    seat: int
    die: int
    face: Face
    declared: Colour | None
    space: str
    runs: tuple[Run, ...]
    points: int


class ReserveDrawn(Event):
    """A player drew dice to keep for her next turn (CV-2, CV-7, CV-8).

    Attributes:
        seat: Who drew.
        count: How many dice (fewer than asked when the bag ran short, CV-10).
        because: The face that made her draw: ``"D2"`` or ``"WD4"``.
    """

    kind: ClassVar[str] = "reserve-drawn"
    seat: int
    count: int
    because: str


class TurnLost(Event):
    """A player could place none of her dice; they went back to the bag (CV-4).

    Attributes:
        seat: Who lost her turn.
        returned: How many dice went back to the bag.
    """

    kind: ClassVar[str] = "turn-lost"
    seat: int
    returned: int


class NoDice(Event):
    """A player had no dice at all when her turn came, and passed (CV-10).

    Attributes:
        seat: Who passed.
    """

    kind: ClassVar[str] = "no-dice"
    seat: int


class HalfOpened(Event):
    """The second half of a partitioned tray opened (CV-12).

    Attributes:
        half: The half that opened, in words.
        reason: ``"full"`` (the first half filled up) or ``"dead"`` (no die could ever
            fill its remaining cells).
    """

    kind: ClassVar[str] = "half-opened"
    half: str
    reason: str


class TrayClosed(Event):
    """The game is over (CV-13).

    Attributes:
        reason: ``"full"``, or ``"dead"`` when cells are left that no die could ever fill.
        empty: The names of the cells left empty.
    """

    kind: ClassVar[str] = "tray-closed"
    reason: str
    empty: tuple[str, ...]
