"""Coverall as text: the position for a terminal, and one line per event.

Colour is optional: with it, each die is painted in its colour (wilds in their declared colour);
without it the same text reads on its own, since every die is written with its colour letter.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from unodice.core import uno
from unodice.core.capabilities import Text, describe_event
from unodice.core.moves import Event
from unodice.core.pieces import Colour, Face
from unodice.core.render import faces_legend, notation_legend, paint_face

from . import moves
from .events import (
    HalfOpened,
    NoDice,
    Placed,
    ReserveDrawn,
    Rolled,
    RollOff,
    Run,
    StarterChosen,
    StartingDie,
    TrayClosed,
    TurnLost,
    WildDeclared,
)
from .lookups import TrayLookup, tray_code
from .state import DECLARE, OVER, PLACE, START, CoverallState

__all__ = ["CoverallText"]

_CELL = 6
_COLOUR_NAMES = frozenset(colour.value for colour in Colour)
_PARTITION = "| "


class CoverallText(Text[CoverallState]):
    """Coverall in words: the position as a grid and a few lines, and a line per event."""

    # What the rules class sets up.
    _tray: TrayLookup

    def render(self, state: CoverallState, seat: int | None = None, colour: bool = False) -> str:
        """The whole position: tray grid, whose turn, rolled dice, reserves, bag and scores."""
        lines = _grid(self._tray, state, colour)
        lines.append("")
        lines.extend(_status(self._tray, self.player_count, state, seat, colour))
        return "\n".join(lines)

    def describe(self, event: Event) -> str:
        """One line per event, in words.

        Coverall's own events first; an S or an R emits the shared ``skipped`` and
        ``reversed`` events, which [`unodice.core.uno.describe`][unodice.core.uno.describe]
        words; the core's events are worded by
        [`describe_event`][unodice.core.capabilities.describe_event].
        """
        describer = _DESCRIBERS.get(type(event))
        if describer is not None:
            return describer(event)
        return uno.describe(event) or describe_event(event)

    def legend(self) -> str:
        """The faces, how cells are named, the position's words, and the notation table."""
        tray = self._tray
        last_row = tray.row_letter(tray.rows - 1)
        lines = [
            *faces_legend(),
            f"cells: rows A to {last_row}, columns 1 to {tray.columns}; a cell is its row "
            "letter and column number, B2; '.' is an empty cell",
        ]
        if tray.partition:
            lines.append(
                "the '|' splits the tray into two halves: dice go into the open half, and no "
                "match or run crosses the line (CV-12)"
            )
        lines.extend(
            [
                "a die goes beside a die it matches by number, letter or colour; a wild goes "
                "anywhere",
                "Reserves: dice a seat has drawn for her next turn; Bag: dice left to draw",
                "moves:",
                *(f"  {line}" for line in notation_legend(moves.__doc__)),
            ]
        )
        return "\n".join(lines)


def _grid(tray: TrayLookup, state: CoverallState, colour: bool) -> list[str]:
    half = tray.columns // 2 if tray.partition else None
    header = "   "
    for column in range(tray.columns):
        if column == half:
            header += _PARTITION
        header += f"{column + 1:<{_CELL}}"
    lines = [header.rstrip()]
    for row in range(tray.rows):
        text = f"{tray.row_letter(row)}  "
        for column in range(tray.columns):
            if column == half:
                text += _PARTITION
            cell = tray.cell(row, column)
            text += _cell(state.faces[cell], state.colours[cell], colour)
        lines.append(text.rstrip())
    return lines


def _cell(face: Face | None, declared: Colour | None, colour: bool) -> str:
    if face is None:
        return ".".ljust(_CELL)
    wild_colour = declared if face.colour is None else None
    return paint_face(face, colour, wild_colour, width=_CELL)


def _status(
    tray: TrayLookup, players: int, state: CoverallState, seat: int | None, colour: bool
) -> list[str]:
    def who(other: int) -> str:
        return f"seat {other}" + (" (you)" if other == seat else "")

    lines = []
    if tray.partition and state.first_region is not None:
        lines.append(f"Open: {tray.region_name(state.open_region)}")
    way = "increasing" if state.seats.direction == 1 else "decreasing"
    lines.append(f"Play runs towards {way} seat numbers; seat {state.starter} started.")
    if state.phase != OVER and state.holder is not None:
        dice = " ".join(paint_face(face, colour) for face in state.showing) or "none"
        task = {
            START: "to place the starting die",
            DECLARE: "to declare the starting W's colour",
            PLACE: "to place a die",
        }[state.phase]
        lines.append(f"{who(state.holder)} {task}; dice: {dice}")
    else:
        lines.append("Game over.")
    reserves = [
        f"{who(other)}: {len(state.reserves[other])}"
        for other in range(players)
        if state.reserves[other]
    ]
    lines.append("Reserves: " + (", ".join(reserves) if reserves else "none"))
    lines.append(f"Bag: {len(state.bag)} dice")
    scores = ", ".join(
        f"{who(other)}: {state.earlier[other] + state.points[other]}" for other in range(players)
    )
    lines.append(f"Scores: {scores}")
    return lines


def _codes(faces: tuple[Face, ...]) -> str:
    return " ".join(face.code for face in faces)


def _roll_off(event: RollOff) -> str:
    rolls = ", ".join(
        f"seat {seat} {face.code}" for seat, face in zip(event.seats, event.faces, strict=True)
    )
    return f"roll-off: {rolls}"


def _starting_die(event: StartingDie) -> str:
    shown = " then ".join(face.code for face in event.faces)
    again = " (WD4 is rolled again)" if len(event.faces) > 1 else ""
    return f"seat {event.seat} rolls the starting die: {shown}{again}"


def _rolled(event: Rolled) -> str:
    sources = [
        f"{count} {what}"
        for count, what in (
            (event.passed, "passed"),
            (event.drawn, "drawn"),
            (event.reserve, "from reserve"),
        )
        if count
    ]
    return f"seat {event.seat} rolls {_codes(event.faces)} ({', '.join(sources)})"


def _run(run: Run) -> str:
    shared = f"{run.shared} run" if run.shared in _COLOUR_NAMES else f"run of {run.shared}s"
    return f"{run.line} {shared} {' '.join(run.dice)} = {run.value}"


def _placed(event: Placed) -> str:
    code = tray_code(event.face, event.declared)
    scored = "; ".join(_run(run) for run in event.runs) or "no run"
    return f"seat {event.seat} places {code} on {event.space}: {scored}: {event.points} points"


def _dice(count: int) -> str:
    return f"{count} {'die' if count == 1 else 'dice'}"


def _reserve_drawn(event: ReserveDrawn) -> str:
    if not event.count:
        return f"seat {event.seat} draws nothing for her {event.because}: the bag is empty"
    return f"seat {event.seat} draws {_dice(event.count)} for her next turn ({event.because})"


def _tray_closed(event: TrayClosed) -> str:
    if event.reason == "full":
        return "the tray is full: game over"
    return f"no die can ever fill {' '.join(event.empty)}: game over"


# Each describer takes its own kind of event: a mapping typing cannot pair key with value.
_DESCRIBERS: dict[type[Event], Callable[[Any], str]] = {
    RollOff: _roll_off,
    StarterChosen: lambda e: f"seat {e.seat} starts ({e.reason})",
    StartingDie: _starting_die,
    Rolled: _rolled,
    WildDeclared: lambda e: f"seat {e.seat} declares the W on {e.space} {e.colour.value}",
    Placed: _placed,
    ReserveDrawn: _reserve_drawn,
    TurnLost: lambda e: (
        f"seat {e.seat} can place nothing and loses the turn; {_dice(e.returned)} back to the bag"
    ),
    NoDice: lambda e: f"seat {e.seat} has no dice and passes",
    HalfOpened: lambda e: f"the {e.half} opens (the first half is {e.reason})",
    TrayClosed: _tray_closed,
}
