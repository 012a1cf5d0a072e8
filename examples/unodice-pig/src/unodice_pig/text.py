"""Pig as text: one line per event, and the game as one line for a terminal."""

from __future__ import annotations

from typing import TYPE_CHECKING

from unodice import Event
from unodice.core.render import paint_face

from .events import Busted, Rolled
from .state import PigState

if TYPE_CHECKING:
    from .rules import Pig

__all__ = ["describe", "render"]


def describe(event: Event) -> str | None:
    """One line for one of pig's events; ``None`` for any other (the core words those)."""
    match event:
        case Rolled():
            return f"seat {event.seat} rolls {event.face.code}"
        case Busted():
            return f"seat {event.seat} busts and loses {event.lost}"
    return None


def render(rules: Pig, state: PigState, seat: int | None, colour: bool) -> str:
    """One line: the turn total, the faces rolled this turn and the bag.

    Everything in it is public, so it is the same from every seat.
    """
    rolled = " ".join(paint_face(face, colour) for face in state.faces) or "nothing yet"
    return (
        f"turn total {state.turn_total} (rolled {rolled}), {len(state.bag)} dice in the "
        f"bag, first to {rules.options.target} wins"
    )
