"""What happens in a round of Uno dominoes, as events.

Events are public: they name tiles only once everyone has seen them (laid on the table or taken
back from it). Draws say how many tiles, never which.
"""

from __future__ import annotations

from typing import ClassVar

from unodice.moves import Event
from unodice.pieces import Colour, Domino, Face

__all__ = [
    "Caught",
    "Challenged",
    "DeadEnd",
    "Dealt",
    "DominoEvent",
    "Drew",
    "Opened",
    "Passed",
    "Placed",
    "Reversed",
    "RoundOver",
    "Skipped",
    "TakenBack",
    "UnoCalled",
]


class DominoEvent(Event):
    """Base class of this variant's events; each can say itself in one line."""

    def text(self) -> str:
        """One line for a log or the command line."""
        return self.kind


class Dealt(DominoEvent):
    """Every player was dealt her hand (DO-1).

    Attributes:
        tiles: Tiles dealt to each player.
        boneyard: Tiles left in the boneyard.
    """

    kind: ClassVar[str] = "dealt"
    tiles: int
    boneyard: int

    def text(self) -> str:
        """One line for a log or the command line."""
        return f"each player is dealt {self.tiles} tiles; {self.boneyard} stay in the boneyard"


class Drew(DominoEvent):
    """A player drew tiles from the boneyard (how many, never which).

    Attributes:
        seat: Who drew.
        count: How many tiles (fewer than asked when the boneyard ran short).
        reason: Why: ``"opening"``, ``"draw"``, ``"no play"``, ``"draw two"``,
            ``"wild draw four"``, ``"failed challenge"``, ``"illegal wild draw four"`` or
            ``"caught"``.
    """

    kind: ClassVar[str] = "drew"
    seat: int
    count: int
    reason: str

    def text(self) -> str:
        """One line for a log or the command line."""
        if self.count == 0:
            return f"seat {self.seat} draws nothing ({self.reason}): the boneyard is empty"
        tiles = "tile" if self.count == 1 else "tiles"
        return f"seat {self.seat} draws {self.count} {tiles} ({self.reason})"


class Opened(DominoEvent):
    """The round opened: a player laid the spinner (DO-1).

    Attributes:
        seat: Who opened.
        tile: The opening double.
    """

    kind: ClassVar[str] = "opened"
    seat: int
    tile: Domino

    def text(self) -> str:
        """One line for a log or the command line."""
        return f"seat {self.seat} opens with the spinner {self.tile.code}; ends 1-4 are open"


class Placed(DominoEvent):
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

    def text(self) -> str:
        """One line for a log or the command line."""
        shows = self.far.code + (f":{self.colour.letter}" if self.colour is not None else "")
        if self.end == 0:
            return (
                f"seat {self.seat} lays {self.tile.code} on the spinner: "
                f"line {self.opened[0]} shows {shows}"
            )
        outcome = "is closed" if self.far.symbol == "DE" else f"now shows {shows}"
        line = f"seat {self.seat} lays {self.touching.code}|{self.far.code} on {self.end}; "
        line += f"end {self.end} {outcome}"
        if self.opened:
            line += "; opens ends " + " and ".join(map(str, self.opened))
        return line


class UnoCalled(DominoEvent):
    """A player called Uno with the play that left her one tile (DO-6).

    Attributes:
        seat: Who called.
    """

    kind: ClassVar[str] = "uno"
    seat: int

    def text(self) -> str:
        """One line for a log or the command line."""
        return f"seat {self.seat} calls Uno"


class Caught(DominoEvent):
    """A player was caught without calling Uno (DO-6); she draws two.

    Attributes:
        catcher: Who caught her.
        seat: Who was caught.
    """

    kind: ClassVar[str] = "caught"
    catcher: int
    seat: int

    def text(self) -> str:
        """One line for a log or the command line."""
        return f"seat {self.catcher} catches seat {self.seat} without Uno"


class Skipped(DominoEvent):
    """A player loses her turn (S, a two-player R, D2 or WD4; DO-4).

    Attributes:
        seat: Who is skipped.
    """

    kind: ClassVar[str] = "skipped"
    seat: int

    def text(self) -> str:
        """One line for a log or the command line."""
        return f"seat {self.seat} loses her turn"


class Reversed(DominoEvent):
    """The direction of play reversed (DO-4).

    Attributes:
        seat: Whose tile reversed it.
        direction: The new direction: 1 clockwise (increasing seats), -1 counter-clockwise.
    """

    kind: ClassVar[str] = "reversed"
    seat: int
    direction: int

    def text(self) -> str:
        """One line for a log or the command line."""
        way = "clockwise" if self.direction == 1 else "counter-clockwise"
        return f"play now runs {way}"


class Passed(DominoEvent):
    """A player's turn ended without a tile laid (DO-5).

    Attributes:
        seat: Who passed.
    """

    kind: ClassVar[str] = "passed"
    seat: int

    def text(self) -> str:
        """One line for a log or the command line."""
        return f"seat {self.seat} passes"


class Challenged(DominoEvent):
    """A Wild Draw Four was challenged (DO-8).

    Attributes:
        challenger: Who challenged.
        seat: Who had laid the WD4.
        upheld: True when she held another playable tile, so the WD4 was illegal.
    """

    kind: ClassVar[str] = "challenged"
    challenger: int
    seat: int
    upheld: bool

    def text(self) -> str:
        """One line for a log or the command line."""
        verdict = "illegal" if self.upheld else "legal"
        return (
            f"seat {self.challenger} challenges seat {self.seat}: "
            f"the Wild Draw Four was {verdict}"
        )


class TakenBack(DominoEvent):
    """An illegal Wild Draw Four went back to its player's hand (DO-8).

    Attributes:
        seat: Whose tile it is.
        tile: The tile.
    """

    kind: ClassVar[str] = "taken-back"
    seat: int
    tile: Domino

    def text(self) -> str:
        """One line for a log or the command line."""
        return f"seat {self.seat} takes {self.tile.code} back; the layout is as it was"


class DeadEnd(DominoEvent):
    """Every line ends in a dead end (DO-9).

    Attributes:
        seat: Who closed the last line.
    """

    kind: ClassVar[str] = "dead-end"
    seat: int

    def text(self) -> str:
        """One line for a log or the command line."""
        return f"seat {self.seat} closed the last line: every end is dead"


class RoundOver(DominoEvent):
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

    def text(self) -> str:
        """One line for a log or the command line."""
        hands = ", ".join(f"seat {s}: {p}" for s, p in enumerate(self.hand_points))
        if self.winner is None:
            return f"the round is blocked with a tie for the lowest hand; nobody scores ({hands})"
        how = {
            "went out": "goes out",
            "dead end": "wins on the dead end",
            "blocked": "wins the blocked round with the lowest hand",
        }[self.ending]
        return f"seat {self.winner} {how} (hands left: {hands})"
