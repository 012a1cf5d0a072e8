"""What happens in a round of Uno dominoes, as events.

Events are public: they name tiles only once everyone has seen them (laid on the table or taken
back from it). Draws say how many tiles, never which. ``seat`` is always the seat that acted.
The family's shared events (``skipped``, ``reversed``, ``challenged``, ``uno``, ``caught``) are
in [`unodice.core.uno`][unodice.core.uno];
[`DominoesText.describe`][unodice.variants.dominoes.text.DominoesText.describe] words them all.
"""

from __future__ import annotations

from typing import ClassVar

from unodice.core.moves import Event
from unodice.core.pieces import Colour, Domino, Face

__all__ = [
    "DeadEnd",
    "Dealt",
    "Drew",
    "Opened",
    "Passed",
    "Placed",
    "RoundOver",
    "TakenBack",
]


class Dealt(Event):
    """Every player was dealt her hand (DO-1).

    Attributes:
        tiles: Tiles dealt to each player.
        boneyard: Tiles left in the boneyard.
    """

    kind: ClassVar[str] = "dealt"
    tiles: int
    boneyard: int


class Drew(Event):
    """A player drew tiles from the boneyard (how many, never which).

    Attributes:
        seat: Who drew.
        count: How many tiles (fewer than asked when the boneyard ran short).
        reason: Why: ``"opening"``, ``"draw"``, ``"no play"``, ``"draw two"``,
            ``"wild draw four"``, ``"failed challenge"``, ``"illegal wild draw four"`` or
            ``"missed uno"`` (the [`Penalty`][unodice.core.uno.Penalty] reasons for the last five).
    """

    kind: ClassVar[str] = "drew"
    seat: int
    count: int
    reason: str


class Opened(Event):
    """The round opened: a player laid the spinner (DO-1).

    Attributes:
        seat: Who opened.
        tile: The opening double.
    """

    kind: ClassVar[str] = "opened"
    seat: int
    tile: Domino


class Placed(Event):
    """A player laid a tile (DO-3), or the double-Wild on the spinner (DO-9).

    Attributes:
        seat: Who laid it.
        tile: The tile.
        touching: The end against the line (the active end).
        far: The end left open.
        end: The open end it was laid on, or 0 for the spinner.
        colour: The colour declared for a W or WD4 far end.
        opened: The new lines it started (a spinning double's sides, or the double-Wild's line).
    """

    kind: ClassVar[str] = "placed"
    seat: int
    tile: Domino
    touching: Face
    far: Face
    end: int
    colour: Colour | None
    opened: tuple[int, ...]


class Passed(Event):
    """A player's turn ended without a tile laid (DO-5).

    Attributes:
        seat: Who passed.
    """

    kind: ClassVar[str] = "passed"
    seat: int


class TakenBack(Event):
    """An illegal Wild Draw Four went back to its player's hand (DO-8).

    Attributes:
        seat: Whose tile it is.
        tile: The tile.
    """

    kind: ClassVar[str] = "taken-back"
    seat: int
    tile: Domino


class DeadEnd(Event):
    """Every line ends in a dead end (DO-9).

    Attributes:
        seat: Who closed the last line.
    """

    kind: ClassVar[str] = "dead-end"
    seat: int


class RoundOver(Event):
    """The round ended (DO-7, DO-9, DO-10); the scores follow as ``scored`` events.

    Attributes:
        winner: Who won it, or ``None`` on a blocked round tied for the lowest hand.
        ending: ``"went out"``, ``"dead end"`` or ``"blocked"``.
        hand_points: What each hand left was worth.
    """

    kind: ClassVar[str] = "round-over"
    winner: int | None
    ending: str
    hand_points: tuple[int, ...]
