"""Uno dominoes as text: a line for each event, and the position for a terminal."""

from __future__ import annotations

from unodice.core import uno
from unodice.core.capabilities import Text, describe_event
from unodice.core.moves import Event, Move, MovePlayed
from unodice.core.pieces import Colour, Domino, Face
from unodice.core.render import faces_legend, notation_legend, paint_face

from . import moves
from .events import DeadEnd, Dealt, Drew, Opened, Passed, Placed, RoundOver, TakenBack
from .options import DominoesOptions
from .state import (
    CATCHING,
    CHALLENGE,
    DRAWN,
    OVER,
    RESCUE,
    TURN,
    DominoesState,
    Layout,
    OpenEnd,
    Placement,
)

__all__ = ["DominoesText"]

_ENDINGS = {
    "went out": "goes out",
    "dead end": "wins on the dead end",
    "blocked": "wins the blocked round with the lowest hand",
}


class DominoesText(Text[DominoesState]):
    """Uno dominoes in words: a line for each event, the position for a terminal."""

    options: DominoesOptions

    def render(self, state: DominoesState, seat: int | None = None, colour: bool = False) -> str:
        """The layout as lines from the spinner, the open ends, the hands and the scores.

        Args:
            state: The round in play.
            seat: Whose eyes; other hands show only their size (``None``: every hand shown).
            colour: Paint faces in their colours with terminal escapes.
        """
        lines = [_status(state, self.options)]
        lines.extend(_layout_lines(state.layout, colour))
        lines.append("open ends: " + _open_ends(state.layout, colour))
        lines.extend(_hand_lines(state, seat, colour))
        lines.append(f"boneyard: {len(state.boneyard)} tiles")
        lines.append("scores: " + "  ".join(f"seat {s} {t}" for s, t in enumerate(state.totals)))
        return "\n".join(lines)

    def describe(self, event: Event) -> str:
        """One line for an event: the variant's, the family's and the core's."""
        if isinstance(event, Placed):
            return _placed(event)
        if isinstance(event, Drew):
            if event.count == 0:
                return f"seat {event.seat} draws nothing ({event.reason}): the boneyard is empty"
            tiles = "tile" if event.count == 1 else "tiles"
            return f"seat {event.seat} draws {event.count} {tiles} ({event.reason})"
        if isinstance(event, Passed):
            return f"seat {event.seat} passes"
        if isinstance(event, MovePlayed):
            return f"seat {event.seat}: {event.move}"
        if isinstance(event, Dealt):
            dealt = f"each player is dealt {event.tiles} tiles"
            return f"{dealt}; {event.boneyard} stay in the boneyard"
        if isinstance(event, Opened):
            return f"seat {event.seat} opens with the spinner {event.tile.code}; ends 1-4 are open"
        if isinstance(event, TakenBack):
            return f"seat {event.seat} takes {event.tile.code} back; the layout is as it was"
        if isinstance(event, DeadEnd):
            return f"seat {event.seat} closed the last line: every end is dead"
        if isinstance(event, RoundOver):
            return _round_over(event)
        return uno.describe(event) or describe_event(event)

    def describe_move(self, state: DominoesState, move: Move) -> str:
        """A move as a person is shown it; a tile on alike open ends is one choice.

        Open ends are alike when nothing tells them apart: lines of the spinner with no tile
        on them yet, showing the same face (the four ends of the opening spinner, say). A
        tile laid on any of them is described as laid on the first, naming the others, so
        that the terminal lists it once.
        """
        if not isinstance(move, moves.Play) or move.end == moves.SPINNER:
            return str(move)
        alike = _alike_ends(state.layout, move.end)
        if len(alike) < 2:
            return str(move)
        first = moves.Play(move.touching, move.far, alike[0], move.colour, move.uno)
        return f"{first} (same as on {', '.join(map(str, alike[1:]))})"

    def legend(self) -> str:
        """The faces, the notation table of ``moves``, and how the layout is drawn."""
        return "\n".join(
            [
                *faces_legend(dead_end=True),
                "a tile: its two ends, r3|y5; a double is drawn in brackets, [g9|g9]",
                "the layout: the spinner (the first double), then each line from it; 'open "
                "ends: 1=g9' is line 1's end, which the touching end of a tile must match by "
                "number, word or colour",
                "moves:",
                *(f"  {line}" for line in notation_legend(moves.__doc__)),
            ]
        )


def _alike_ends(layout: Layout, end: int) -> list[int]:
    """The open ends alike to ``end``, itself included, in order (just ``end`` if none)."""
    ends = {open_end.id: open_end for open_end in layout.ends}
    this = ends.get(end)
    if this is None or this.origin != 0 or layout.line(end):
        return [end]
    return [
        other.id
        for other in layout.ends
        if other.origin == 0
        and (other.face, other.colour, other.closed) == (this.face, this.colour, this.closed)
        and not layout.line(other.id)
    ]


def _placed(event: Placed) -> str:
    shows = event.far.code + (f":{event.colour.letter}" if event.colour is not None else "")
    if event.end == 0:
        return (
            f"seat {event.seat} lays {event.tile.code} on the spinner: "
            f"line {event.opened[0]} shows {shows}"
        )
    outcome = "is closed" if event.far.symbol == "DE" else f"now shows {shows}"
    line = f"seat {event.seat} lays {event.touching.code}|{event.far.code} on {event.end}; "
    line += f"end {event.end} {outcome}"
    if event.opened:
        line += "; opens ends " + " and ".join(map(str, event.opened))
    return line


def _round_over(event: RoundOver) -> str:
    hands = ", ".join(f"seat {s}: {p}" for s, p in enumerate(event.hand_points))
    if event.winner is None:
        return f"the round is blocked with a tie for the lowest hand; nobody scores ({hands})"
    return f"seat {event.winner} {_ENDINGS[event.ending]} (hands left: {hands})"


def _status(state: DominoesState, options: DominoesOptions) -> str:
    way = "clockwise" if state.seats.direction == 1 else "counter-clockwise"
    if state.phase == OVER or state.to_act is None:
        return "the round is over"
    seat = state.to_act
    if state.phase == CATCHING:
        return (
            f"seat {seat} may catch seat {state.uno_debtor}, who did not call Uno: catch or "
            f"decline, before seat {state.catchers[-1]} plays (play runs {way})"
        )
    doing = {
        TURN: "to lay a tile or draw",
        DRAWN: "to lay the tile just drawn or keep it",
        CHALLENGE: "to challenge or accept the Wild Draw Four",
        RESCUE: "to lay the double-Wild on the dead layout or decline",
    }[state.phase]
    if state.phase == DRAWN and options.drawn_domino == "must-play":
        doing = "to lay the tile just drawn (DO-5)"
    return f"seat {seat} {doing} (play runs {way})"


def _tile(placement: Placement, colour: bool) -> str:
    touching = paint_face(placement.touching, colour)
    far = _face(placement.far, placement.colour, colour)
    text = f"{touching}|{far}"
    return f"[{text}]" if placement.tile.is_double else text


def _face(face: Face, declared: Colour | None, colour: bool) -> str:
    return paint_face(face, colour, declared)


def _layout_lines(layout: Layout, colour: bool) -> list[str]:
    spinner = layout.spinner
    if spinner is None:
        return ["no tile laid yet"]
    out = [f"spinner {_tile(spinner, colour)} laid by seat {spinner.seat}"]
    for end in layout.ends:
        origin = "spinner" if end.origin == 0 else f"line {end.origin}"
        tiles = " ".join(_tile(p, colour) for p in layout.line(end.id)) or "-"
        out.append(f"  line {end.id} (from {origin}): {tiles}  -> {_end_text(end, colour)}")
    return out


def _end_text(end: OpenEnd, colour: bool) -> str:
    if end.closed:
        return "closed"
    return _face(end.face, end.colour, colour)


def _open_ends(layout: Layout, colour: bool) -> str:
    ends = [
        f"{end.id}={_face(end.face, end.colour, colour)}" for end in layout.ends if not end.closed
    ]
    return "  ".join(ends) or "none (every line is dead)"


def _hand_lines(state: DominoesState, seat: int | None, colour: bool) -> list[str]:
    out = []
    for other, hand in enumerate(state.hands):
        label = f"seat {other}" + (" (you)" if other == seat else "")
        count = f"{len(hand)} tile" + ("" if len(hand) == 1 else "s")
        uno = " UNO" if len(hand) == 1 else ""
        if (seat is None or other == seat) and hand:
            tiles = " ".join(_hand_tile(tile, colour) for tile in hand)
            out.append(f"{label}: {count}{uno}: {tiles}")
        else:
            out.append(f"{label}: {count}{uno}")
    return out


def _hand_tile(tile: Domino, colour: bool) -> str:
    first, second = tile.ends
    return f"{paint_face(first, colour)}|{paint_face(second, colour)}"
