"""Coverall as a picture: the tray, the dice in hand, the reserves and the bag, in SVG.

Drawn from a view alone. Everything in Coverall is open but which dice the bag holds, so a
seat's picture and a spectator's differ only in whose eyes they are drawn for. Every die is
marked with its id (``data-piece``): a rolled die as ``r5@12``, a die in a reserve, not yet
rolled, as ``@12``. Each half of the tray is a group marked ``data-half`` and ``data-open``,
and the partition between them (CV-12) a line marked ``data-partition``. The die the last move
placed (given as ``last``) is ringed and marked ``data-last``; the referee's picture
(``referee``) is the spectator's, titled as the referee's: there is nothing more to show.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from unodice.core.capabilities import Pictures
from unodice.core.moves import Move
from unodice.core.pictures import FAINT, HIGHLIGHT, LINE, Canvas, draw_face, seat_label
from unodice.core.pieces import Colour, Die, Face
from unodice.core.positions import die_token
from unodice.core.variant import View

from .lookups import TrayLookup
from .moves import Place
from .state import DECLARE, OVER, PLACE, START

__all__ = ["CoverallPictures"]

CELL = 52
"""The side of a cell of the tray, in pixels."""
GAP = 6
"""The room between two cells."""
PARTITION_GAP = 26
"""The room between the two halves, where the partition runs."""
SMALL = 36
"""The side of a die in hand or in a reserve."""
MARGIN = 20
"""The room around everything."""
LABEL = 26
"""The room for the row letters left of the tray and the column numbers above it."""
ROW = 44
"""The height of one line of the panel below the tray."""
DICE_X = MARGIN + 310
"""Where the dice in hand and in the reserves start, left to right."""

OPEN_FILL = "#e2eed8"
"""The background of a half that takes dice now."""
OPEN_EDGE = "#6a9f4b"
"""The edge of a half that takes dice now."""
SHUT_FILL = "#e3ddcd"
"""The background of a half that does not."""
EMPTY_FILL = "#fbfaf5"
"""An empty cell."""
PARTITION = "#7a4e2d"
"""The partition line."""


class CoverallPictures(Pictures):
    """Coverall's pictures: the tray, the rolled dice, the reserves and the bag, in SVG."""

    # What the rules class sets up.
    title: ClassVar[str]
    _tray: TrayLookup

    def picture(
        self,
        view: View,
        spectator: bool = False,
        *,
        last: Move | None = None,
        referee: Sequence[View] | None = None,
    ) -> str:
        """The picture of ``view`` (a spectator's, without its seat marked, with ``spectator``).

        The referee's (``referee``) marks no seat either: everything it would add is open. A
        ``last`` move that placed a die rings it.
        """
        tray = self._tray
        viewer = None if spectator or referee is not None else view.seat
        tray_width = LABEL + tray.columns * CELL + (tray.columns - 1) * GAP
        if tray.partition:
            tray_width += PARTITION_GAP - GAP
        dice_in_a_line = max([len(view.data["hand"]), *map(len, view.data["reserves"])])
        width = max(
            2 * MARGIN + tray_width,
            2 * MARGIN + 560,
            DICE_X + dice_in_a_line * (SMALL + GAP) + MARGIN,
        )
        tray_top = MARGIN + 64
        tray_height = LABEL + tray.rows * CELL + (tray.rows - 1) * GAP + 22
        panel_top = tray_top + tray_height + 16
        height = panel_top + ROW * (view.players + 2) + MARGIN
        who = f"seat {viewer}" if viewer is not None else "a spectator"
        if referee is not None:
            who = "the referee"
        canvas = Canvas(width, height, f"{self.title}, round {view.round}, as {who} sees it")
        _title(canvas, self.title, view, who, width)
        placed = tray.cell(last.row, last.column) if isinstance(last, Place) else None
        _tray(canvas, tray, view, MARGIN, tray_top, placed)
        _panel(canvas, view, viewer, panel_top, width)
        return canvas.document()


def _title(canvas: Canvas, title: str, view: View, who: str, width: float) -> None:
    """The variant, the round, whose turn it is and whose eyes the picture is drawn for."""
    canvas.text(MARGIN, MARGIN + 18, title, font_size=18, font_weight="bold")
    canvas.text(
        width - MARGIN,
        MARGIN + 18,
        f"as {who} sees it",
        font_size=13,
        fill=FAINT,
        text_anchor="end",
    )
    canvas.text(MARGIN, MARGIN + 42, f"Round {view.round} · {_task(view)}", font_size=14)


def _task(view: View) -> str:
    """What is being decided now, in words."""
    data = view.data
    phase = data["phase"]
    if phase == OVER:
        best = max(view.scores)
        winners = [seat for seat, score in enumerate(view.scores) if score == best]
        if len(winners) == 1:
            return f"game over: seat {winners[0]} wins with {best}"
        return f"game over: seats {_and(winners)} share the win with {best}"
    doing = {
        START: "to place the starting die",
        DECLARE: "to declare the starting W's colour",
        PLACE: "to place a die",
    }[phase]
    return f"seat {view.to_act} {doing}"


def _and(seats: Sequence[int]) -> str:
    """``0, 1 and 3``."""
    names = [str(seat) for seat in seats]
    return ", ".join(names[:-1]) + " and " + names[-1]


# -- the tray ------------------------------------------------------------------------------------


def _column_x(tray: TrayLookup, left: float, column: int) -> float:
    """The left edge of the cells of ``column``; the partition widens the gap at the middle."""
    x = left + LABEL + column * (CELL + GAP)
    if tray.partition and column >= tray.columns // 2:
        x += PARTITION_GAP - GAP
    return x


def _tray(
    canvas: Canvas, tray: TrayLookup, view: View, left: float, top: float, placed: int | None
) -> None:
    """The halves, each shaded by whether it takes dice now, the partition, and the dice.

    ``placed`` is the cell of the die the last move placed, which is ringed.
    """
    data = view.data
    grid_top = top + LABEL
    grid_height = tray.rows * CELL + (tray.rows - 1) * GAP
    for region, cells in enumerate(tray.regions):
        columns = sorted({cell % tray.columns for cell in cells})
        x0 = _column_x(tray, left, columns[0]) - GAP / 2
        x1 = _column_x(tray, left, columns[-1]) + CELL + GAP / 2
        is_open, word = _half_state(tray, data, region)
        name = ("left half", "right half")[region] if tray.partition else "tray"
        label = f"{name} · {word}"
        if len(label) * 6.6 > x1 - x0:  # a narrow half has room for the word alone
            label = word
        canvas.open_group(
            data_half=("left", "right")[region] if tray.partition else "tray",
            data_open="true" if is_open else "false",
        )
        canvas.rect(
            x0,
            grid_top - GAP / 2,
            x1 - x0,
            grid_height + GAP,
            rx=8,
            fill=OPEN_FILL if is_open else SHUT_FILL,
            stroke=OPEN_EDGE if is_open else None,
            stroke_width=2 if is_open else None,
        )
        canvas.text(
            (x0 + x1) / 2,
            grid_top + grid_height + GAP / 2 + 16,
            label,
            text_anchor="middle",
            font_size=12,
            fill=FAINT,
        )
        canvas.close_group()
    if tray.partition:
        x = _column_x(tray, left, tray.columns // 2) - PARTITION_GAP / 2
        canvas.add(
            "line",
            x1=x,
            y1=grid_top - 14,
            x2=x,
            y2=grid_top + grid_height + 4,
            stroke=PARTITION,
            stroke_width=4,
            stroke_linecap="round",
            data_partition="true",
        )
    for column in range(tray.columns):
        canvas.text(
            _column_x(tray, left, column) + CELL / 2,
            top + 16,
            str(column + 1),
            text_anchor="middle",
            font_size=13,
            fill=FAINT,
        )
    for row in range(tray.rows):
        y = grid_top + row * (CELL + GAP)
        canvas.text(
            left + LABEL / 2 - 4,
            y + CELL / 2 + 5,
            tray.row_letter(row),
            text_anchor="middle",
            font_size=13,
            fill=FAINT,
        )
        for column in range(tray.columns):
            cell = tray.cell(row, column)
            _cell(canvas, tray, data, cell, _column_x(tray, left, column), y, cell == placed)


def _half_state(tray: TrayLookup, data: Mapping[str, Any], region: int) -> tuple[bool, str]:
    """Whether a half (or the whole tray) takes dice now, and a word on it (CV-12).

    Before the starting die is placed, any cell takes it. Afterwards one half is open; of the
    other, one holding dice has closed (full or dead) and an empty one opens next.
    """
    phase = data["phase"]
    if phase == START:
        return True, "open to the starting die"
    if phase != OVER and data["open_half"] == region:
        return True, "open"
    if any(data["tray"][cell] is not None for cell in tray.regions[region]):
        return False, "closed"
    return False, "opens next"


def _cell(
    canvas: Canvas,
    tray: TrayLookup,
    data: Mapping[str, Any],
    cell: int,
    x: float,
    y: float,
    placed: bool = False,
) -> None:
    """One cell: its die, a wild with the colour it counts as, or its name when empty.

    ``placed``: the die is the one the last move placed (ringed).
    """
    face: Face | None = data["tray"][cell]
    if face is None:
        canvas.rect(
            x, y, CELL, CELL, rx=CELL * 0.15, fill=EMPTY_FILL, stroke="#cfc8b6", stroke_width=1
        )
        canvas.text(
            x + CELL / 2,
            y + CELL / 2 + 4,
            tray.names[cell],
            text_anchor="middle",
            font_size=11,
            fill="#c2bba8",
        )
        return
    die: Die = data["tray_dice"][cell]
    declared: Colour | None = data["colours"][cell] if face.colour is None else None
    draw_face(canvas, x, y, CELL, face, declared=declared, piece=die_token(die, face), last=placed)


# -- below the tray: the dice in hand, the seats with their reserves, the bag --------------------


def _panel(canvas: Canvas, view: View, viewer: int | None, top: float, width: float) -> None:
    data = view.data
    _hand(canvas, view, top)
    for seat in range(view.players):
        _seat_line(canvas, view, seat, seat == viewer, top + ROW * (seat + 1), width)
    bottom = top + ROW * (view.players + 1)
    _bag(canvas, MARGIN, bottom + 4)
    way = "increasing" if data["direction"] == 1 else "decreasing"
    canvas.text(
        MARGIN + 34,
        bottom + 24,
        f"Bag: {data['bag']} dice · play runs towards {way} seat numbers · "
        f"seat {data['starter']} started",
        font_size=13,
    )


def _hand(canvas: Canvas, view: View, top: float) -> None:
    """The dice the holder rolled (the starting die, before it is placed), with their ids."""
    data = view.data
    holder = data["holder"]
    faces: Sequence[Face] = data["hand"]
    if data["phase"] == START:
        label = f"Starting die of seat {holder}:"
    elif data["phase"] == OVER:
        label = f"Left in seat {holder}'s hand:" if faces else "No dice left in hand."
    else:
        label = f"Rolled by seat {holder}:"
    canvas.text(MARGIN, top + SMALL / 2 + 5, label, font_size=14, font_weight="bold")
    x = DICE_X
    for die, face in zip(data["hand_dice"], faces, strict=True):
        draw_face(canvas, x, top, SMALL, face, piece=die_token(die, face))
        x += SMALL + GAP


def _seat_line(
    canvas: Canvas, view: View, seat: int, is_viewer: bool, y: float, width: float
) -> None:
    """A seat: to act or not, its points, and the dice it keeps for its next turn."""
    canvas.open_group(data_seat=seat, data_viewer="true" if is_viewer else None)
    _seat_details(canvas, view, seat, is_viewer, y, width)
    canvas.close_group()


def _seat_details(
    canvas: Canvas, view: View, seat: int, is_viewer: bool, y: float, width: float
) -> None:
    if is_viewer:
        canvas.rect(MARGIN - 8, y - 4, width - 2 * MARGIN + 16, SMALL + 8, rx=6, fill=HIGHLIGHT)
    middle = y + SMALL / 2 + 5
    seat_label(
        canvas,
        MARGIN,
        middle,
        seat,
        viewer=is_viewer,
        to_act=seat == view.to_act,
        points=view.scores[seat],
        points_right=220,
    )
    reserve: Sequence[Die] = view.data["reserves"][seat]
    if not reserve:
        canvas.text(DICE_X - 60, middle, "no reserve", font_size=12, fill=FAINT)
        return
    canvas.text(DICE_X - 60, middle, "reserve:", font_size=12, fill=FAINT)
    x = DICE_X
    for die in reserve:
        _unrolled_die(canvas, x, y, die)
        x += SMALL + GAP


def _unrolled_die(canvas: Canvas, x: float, y: float, die: Die) -> None:
    """A die kept in a reserve, not yet rolled: a plain die showing five pips (CV-7, CV-8)."""
    canvas.open_group(data_piece=die_token(die))
    canvas.rect(x, y, SMALL, SMALL, rx=SMALL * 0.15, fill="#ffffff", stroke=LINE, stroke_width=1)
    for dx, dy in ((0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)):
        canvas.circle(x + SMALL * dx, y + SMALL * dy, SMALL * 0.07, fill=LINE)
    canvas.close_group()


def _bag(canvas: Canvas, x: float, y: float) -> None:
    """A small drawstring bag."""
    canvas.add(
        "path",
        d=f"M{x + 6} {y + 8} Q{x - 2} {y + 30} {x + 13} {y + 30} "
        f"Q{x + 28} {y + 30} {x + 20} {y + 8} Z",
        fill="#b08d57",
        stroke=LINE,
        stroke_width=1,
    )
    canvas.rect(x + 5, y + 4, 16, 5, rx=2, fill="#8c6d3f")
