"""The centre-die game as text: the table for a terminal, and one line per event.

[`CentreDieText`][unodice.variants.centre_die.text.CentreDieText] is the variant's
[`Text`][unodice.core.capabilities.Text] capability, which the rules class inherits.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from unodice.core import uno
from unodice.core.capabilities import Text, describe_event
from unodice.core.moves import Event, MovePlayed
from unodice.core.pieces import Colour, Face
from unodice.core.render import faces_legend, notation_legend, paint, paint_face

from . import moves
from .events import (
    CentreRedrawn,
    CentreReverted,
    CentreRolled,
    Dealt,
    Drew,
    Rerolled,
    RoundBlocked,
    Starter,
    WentOut,
)
from .lookups import CentreDieLookups
from .state import ANSWERING_WD4, CATCHING, ROUND_OVER, CentreDieState

__all__ = ["CentreDieText"]


class CentreDieText(Text[CentreDieState]):
    """The table and the events in words (the rules class inherits it)."""

    _lookups: CentreDieLookups  # the dice set's lookups, which the rules class sets up

    def render(self, state: CentreDieState, seat: int | None = None, colour: bool = False) -> str:
        """The table: centre die, bag, direction, then one line per hand with its score.

        The hand of ``seat`` is marked ``(you)``; every hand is shown, since hands are open.
        """
        faces = self._lookups.faces.faces
        centre = _declared(faces[state.centre_code], state.centre_colour, colour)
        direction = "clockwise" if state.seats.direction == 1 else "anticlockwise"
        lines = [
            f"Round {state.round}   centre {centre}   bag {len(state.bag)}   {direction}",
        ]
        for place, codes in enumerate(state.codes):
            marker = ">" if place == state.to_act else " "
            you = " (you)" if place == seat else ""
            hand = _faces(tuple(faces[code] for code in codes), colour)
            lines.append(f"{marker} seat {place}{you}  {state.scores[place]:>4} pts  {hand}")
        lines.append(_status(state, colour))
        return "\n".join(lines)

    def describe(self, event: Event) -> str:
        """One line of text for an event: of this game, of the family, or of the core."""
        return _describe(event) or describe_event(event)

    def legend(self) -> str:
        """The faces, the table's words, a turn's steps and the notation table of ``moves``."""
        return "\n".join(
            [
                *faces_legend(),
                "the table: 'centre' is the die a play must match by number, colour or command "
                "(a wild goes on anything); 'bag' is how many dice are left to draw; 'pts' is "
                "each seat's score; every hand is open",
                "a turn's steps: step 1, play a die or decline (the whole hand is re-rolled); "
                "step 2, after the re-roll, play or draw one die; step 3, play the drawn die "
                "or keep it",
                "moves:",
                *(f"  {line}" for line in notation_legend(moves.__doc__)),
            ]
        )


def _faces(faces: tuple[Face, ...], colour: bool) -> str:
    return " ".join(paint_face(face, colour) for face in faces) or "-"


def _declared(face: Face, declared: Colour | None, colour: bool) -> str:
    return paint_face(face, colour, declared)


def _status(state: CentreDieState, colour: bool) -> str:
    if state.phase == ROUND_OVER:
        return "Round over."
    if state.phase == ANSWERING_WD4:
        return paint(
            f"Seat {state.to_act}: hit by a WD4 from seat {state.seats.current}; "
            "challenge or accept.",
            None,
            colour,
        )
    if state.phase == CATCHING:
        last = state.catchers[-1] if state.catchers else None
        return paint(
            f"Seat {state.to_act} may catch seat {state.catchable}, who did not call Uno: "
            f"catch or decline. Seat {last} is the next player to act.",
            None,
            colour,
        )
    text = f"Seat {state.to_act} to play ({state.phase})."
    if state.catchable is not None:
        text += f" Seat {state.catchable} did not call Uno."
    return text


def _hand_text(faces: tuple[Face, ...]) -> str:
    return " ".join(face.code for face in faces) or "nothing"


def _describe_draw(event: Drew) -> str:
    got = _hand_text(event.faces)
    short = "" if len(event.faces) == event.wanted else f" ({event.wanted} wanted)"
    return f"seat {event.seat} draws {got}{short} [{event.reason}]"


def _describe(event: Event) -> str | None:
    """One line for an event of this game or of the family (``None`` for any other event)."""
    kind = type(event)
    if kind is MovePlayed:
        assert isinstance(event, MovePlayed)
        return f"seat {event.seat}: {event.move}"
    describer = _DESCRIBERS.get(kind)
    return describer(event) if describer is not None else uno.describe(event)


# Each describer takes its own kind of event: a mapping typing cannot pair key with value.
_DESCRIBERS: dict[type[Event], Callable[[Any], str]] = {
    Starter: lambda e: f"seat {e.seat} starts the round",
    # A seat is not told which die went back into the bag (CD-1): its event has no die.
    CentreRedrawn: lambda e: (
        f"seat {e.seat} drew {'a die' if e.die is None else f'die {e.die.id}'}"
        " (no number face) and puts it back"
    ),
    CentreRolled: lambda e: f"seat {e.seat} rolls the centre die: {e.face.code}",
    Dealt: lambda e: f"seat {e.seat} rolls a hand of {_hand_text(e.faces)}",
    Rerolled: lambda e: f"seat {e.seat} re-rolls her hand: {_hand_text(e.faces)}",
    Drew: _describe_draw,
    CentreReverted: lambda e: (
        f"the centre die is {e.face.code}" + (f":{e.colour.letter}" if e.colour else "") + " again"
    ),
    WentOut: lambda e: f"seat {e.seat} plays her last die and wins the round",
    RoundBlocked: lambda e: "nobody can play any more: the round ends without a winner",
}
