"""Uno dominoes as a picture: the layout from the spinner outward, the hands and the boneyard.

The layout is drawn as a tree: the spinner stands crosswise at the left, and each line runs to
the right on a row of its own, from the spinner outward, its number in a disc at its start
(DO-2). A line that branches off another (a spinning double's side, with ``all_doubles_spin``)
hangs below its parent, indented, and joined to it; the double-Wild's line on a dead layout
hangs from the spinner like the first four (DO-9). Doubles lie crosswise, as on the table. A
long line wraps onto the next row. Each line ends in a tag: a dashed square showing what its
open end takes (the face, or the colour declared for a wild end), or, for a dead end, a red
cap with a cross (DO-9).

Under the layout, one row per seat: the viewer's own tiles face up (the one just drawn
outlined), every other hand as as many face-down backs as it holds tiles, each with its
count; then the boneyard's count. A spectator sees every hand face down; the referee (given
every seat's view, ``referee``) sees every hand face up, each from its seat's own view. The
title line says the round, whose decision it is, the direction of play and the scores; the seat
whose view it is is marked in its corner and on its row. The tile the last move laid (given as
``last``) is ringed and marked ``data-last``.

Every tile drawn face up is a group whose ``data-piece`` is its token (``r3|y5@40``); a back
carries no id and no face. Open ends carry ``data-end`` (the line), dead ends
``data-dead-end``, crosswise doubles ``data-crosswise``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar, NamedTuple

from unodice.core.capabilities import Pictures
from unodice.core.moves import Move
from unodice.core.pictures import COLOURS, LINE, Canvas, draw_face, mark_last
from unodice.core.pieces import Colour, Domino, Face
from unodice.core.positions import domino_token

from .moves import Play
from .state import CATCHING, CHALLENGE, DRAWN, RESCUE, SPINNER, TURN, OpenEnd, Placement

if TYPE_CHECKING:
    from unodice.core.variant import View

__all__ = ["DominoesPictures"]

WIDTH = 780
"""Every picture's width, in pixels; its height follows from what it shows."""
MARGIN = 16
FACE = 26
"""The side of one end of a tile."""
PAD = 2
LONG = 2 * FACE + 3 * PAD
"""A tile's length."""
SHORT = FACE + 2 * PAD
"""A tile's width."""
STEP = 5
"""The space between two tiles in a row."""
ROW = LONG + 8
"""The height of a row holding a crosswise double, and of a row of a hand."""
THIN_ROW = SHORT + 14
"""The height of a row of the layout without a double."""
INDENT = 30
"""How far a branching line is set in from its parent."""
DISC = 10
"""The radius of a line number's disc."""
END_TAG = FACE + 16
"""The room an open end's tag takes after the last tile."""
BACK_WIDTH, BACK_HEIGHT, BACK_STEP = 11, 24, 14
HAND_LABEL = 190
"""Where a seat's tiles start, after its label."""

IVORY = "#fffdf6"
BACK = "#3b3f58"
ACCENT = "#e07a1f"
"""Whose turn it is, the tile just drawn."""
VIEWER = "#fbefc9"
"""The band behind the viewer's own row."""
DEAD = "#c62828"

_DOING = {
    TURN: "to lay a tile or draw",
    DRAWN: "to lay the tile just drawn or keep it",
    CHALLENGE: "to challenge or accept the Wild Draw Four",
    RESCUE: "to lay the double-Wild on the dead layout or decline",
}


class DominoesPictures(Pictures):
    """Uno dominoes drawn as SVG: the layout as a tree from the spinner, the hands, the boneyard."""

    title: ClassVar[str]

    def picture(
        self,
        view: View,
        spectator: bool = False,
        *,
        last: Move | None = None,
        referee: Sequence[View] | None = None,
    ) -> str:
        """The position in ``view`` as an SVG document; a ``spectator`` sees no hand face up.

        With ``referee`` (every seat's view), every hand is face up, each from its own view,
        and no seat is the viewer. A ``last`` move that laid a tile rings it in the layout.
        """
        data = view.data
        rows = _layout_rows(data["layout"], data["ends"])
        # Each seat's tiles shown face up, and the tile it just drew, if any.
        shown: dict[int, tuple[Sequence[Domino], Domino | None]] = {}
        if referee is not None:
            shown = {
                seat: (seen.data["hand"], seen.data["drawn"]) for seat, seen in enumerate(referee)
            }
        elif not spectator:
            shown = {view.seat: (data["hand"], data["drawn"])}
        layout_top = 52 + 19 * len(_header_lines(view)) + 30
        layout_height = sum(row.height for row in rows) if rows else ROW
        seats_top = layout_top + layout_height + 44
        seat_heights = [
            _hand_rows(len(shown[seat][0])) * ROW if seat in shown else 40
            for seat in range(view.players)
        ]
        height = seats_top + sum(seat_heights) + 40 + MARGIN
        who = "the referee" if referee is not None else "a spectator" if spectator else None
        who = who or f"seat {view.seat}"
        canvas = Canvas(WIDTH, height, f"{self.title}, round {view.round}, as {who} sees it")
        _draw_title(canvas, self.title, view, who)
        _heading(canvas, layout_top - 14, "Layout")
        laid = data["layout"][-1] if isinstance(last, Play) and data["layout"] else None
        _draw_layout(canvas, rows, data["layout"], layout_top, laid)
        _heading(canvas, seats_top - 14, "Hands")
        # The hands are drawn in a group of their own, moved down below the layout: as the
        # layout grows, only the group's move changes, and a replay page stores one change.
        canvas.open_group(transform=f"translate(0 {seats_top})")
        y = 0
        viewer = None if referee is not None or spectator else view.seat
        for seat, seat_height in enumerate(seat_heights):
            own, drawn = shown.get(seat, (None, None))
            _draw_seat(canvas, view, seat, y, seat_height, own, drawn, seat == viewer)
            y += seat_height
        _draw_boneyard(canvas, data["boneyard"], y + 8)
        canvas.close_group()
        return canvas.document()


# -- the title --------------------------------------------------------------------------------


def _header_lines(view: View) -> list[str]:
    """The lines under the title: whose decision, the scores, and what is pending."""
    data = view.data
    scores = view.scores
    if view.to_act is None:
        leaders = [seat for seat, points in enumerate(scores) if points == max(scores)]
        status = "The match is over" + (
            f": seat {leaders[0]} wins with {scores[leaders[0]]}" if len(leaders) == 1 else ""
        )
    else:
        way = "clockwise" if data["direction"] == 1 else "counter-clockwise"
        doing = _DOING.get(data["phase"], "to decide")
        if data["phase"] == DRAWN and view.options.drawn_domino == "must-play":
            doing = "to lay the tile just drawn (DO-5)"
        if data["phase"] == CATCHING:
            doing = f"may catch seat {data['uno_debtor']}, who did not call Uno, or decline"
        status = f"Seat {view.to_act} {doing} (play runs {way})"
    points = " · ".join(f"seat {seat}: {total}" for seat, total in enumerate(scores))
    return [status, f"Scores: {points}", *_notes(view)]


_WATCHERS = {"a spectator": "spectator", "the referee": "referee"}
"""The ``data-viewer`` of a picture that is no seat's."""


def _draw_title(canvas: Canvas, title: str, view: View, who: str) -> None:
    canvas.text(MARGIN, 28, f"{title} · round {view.round}", font_size=18, font_weight="bold")
    label = f"as {who} sees it"
    width = 7 * len(label) + 20
    canvas.rect(
        WIDTH - MARGIN - width,
        12,
        width,
        24,
        rx=12,
        fill=VIEWER,
        stroke=ACCENT,
        data_viewer=_WATCHERS.get(who, view.seat),
    )
    canvas.text(WIDTH - MARGIN - width / 2, 28.5, label, font_size=13, text_anchor="middle")
    for index, line in enumerate(_header_lines(view)):
        note = index >= 2
        canvas.text(
            MARGIN,
            52 + 19 * index,
            line,
            font_size=13 if note else 14,
            font_style="italic" if note else None,
            fill=DEAD if note else LINE,
        )


def _notes(view: View) -> list[str]:
    """What the rules keep pending, in words: a Wild Draw Four, a missed Uno, a dead layout."""
    data = view.data
    notes = []
    if data["wild_draw_four_by"] is not None:
        notes.append(f"seat {data['wild_draw_four_by']}'s Wild Draw Four awaits its answer (DO-8)")
    if data["uno_debtor"] is not None:
        notes.append(f"seat {data['uno_debtor']} did not call Uno and may be caught (DO-6)")
    if data["ends"] and all(end.closed for end in data["ends"]):
        notes.append("every line is dead (DO-9)")
    return notes


def _heading(canvas: Canvas, y: float, text: str) -> None:
    canvas.text(
        MARGIN,
        y,
        text.upper(),
        font_size=11,
        font_weight="bold",
        letter_spacing=1.5,
        fill="#888888",
    )
    canvas.line(
        MARGIN + 10 * len(text) + 8, y - 4, WIDTH - MARGIN, y - 4, stroke="#cccccc", stroke_width=1
    )


# -- tiles ------------------------------------------------------------------------------------


def _draw_tile(
    canvas: Canvas,
    x: float,
    y: float,
    first: Face,
    second: Face,
    tile: Domino,
    *,
    upright: bool,
    crosswise: bool = False,
    declared: Colour | None = None,
    drawn: bool = False,
    last: bool = False,
) -> None:
    """A tile face up, ``first`` at its left (at its top when ``upright``), with its token.

    ``crosswise`` marks a double lying across its line (DO-2); ``declared`` is the colour
    declared for a wild ``second`` end; a tile just ``drawn`` is outlined (DO-5); the tile the
    ``last`` move laid is ringed.
    """
    width, height = (SHORT, LONG) if upright else (LONG, SHORT)
    canvas.open_group(
        data_piece=domino_token(tile),
        data_crosswise="1" if crosswise else None,
        data_drawn="1" if drawn else None,
        data_last="true" if last else None,
    )
    if last:
        mark_last(canvas, x, y, width, height)
    canvas.rect(
        x,
        y,
        width,
        height,
        rx=5,
        fill=IVORY,
        stroke=ACCENT if drawn else LINE,
        stroke_width=3 if drawn else 1,
    )
    step_x, step_y = (0, FACE + PAD) if upright else (FACE + PAD, 0)
    draw_face(canvas, x + PAD, y + PAD, FACE, first)
    draw_face(canvas, x + PAD + step_x, y + PAD + step_y, FACE, second, declared=declared)
    canvas.close_group()


def _draw_back(canvas: Canvas, x: float, y: float) -> None:
    """A tile face down: no id, no face."""
    canvas.rect(
        x, y, BACK_WIDTH, BACK_HEIGHT, rx=3, fill=BACK, stroke=IVORY, stroke_width=1, data_back="1"
    )


# -- the layout -------------------------------------------------------------------------------


class _Row(NamedTuple):
    """One row of the layout: a stretch of a line, and where its tiles start."""

    end: OpenEnd
    depth: int
    tiles: tuple[Placement, ...]
    first: bool
    last: bool

    @property
    def height(self) -> int:
        """Room for a crosswise double when the row holds one."""
        return ROW if any(p.tile.is_double for p in self.tiles) else THIN_ROW


def _layout_rows(placements: Sequence[Placement], ends: Sequence[OpenEnd]) -> list[_Row]:
    """The layout's rows, top to bottom: each line after its parent, wrapped when long."""
    rows: list[_Row] = []

    def visit(origin: int, depth: int) -> None:
        for end in ends:
            if end.origin == origin:
                line = tuple(p for p in placements if p.line == end.id)
                rows.extend(_wrap(end, depth, line))
                visit(end.id, depth + 1)

    visit(SPINNER, 0)
    return rows


def _wrap(end: OpenEnd, depth: int, line: tuple[Placement, ...]) -> list[_Row]:
    """A line cut into rows that fit the picture (at least one tile a row)."""
    room = WIDTH - MARGIN - END_TAG - _tiles_x(depth)
    stretches: list[tuple[Placement, ...]] = []
    stretch: list[Placement] = []
    used = 0.0
    for placement in line:
        width = _width(placement)
        if stretch and used + width > room:
            stretches.append(tuple(stretch))
            stretch, used = [], 0.0
        stretch.append(placement)
        used += width + STEP
    stretches.append(tuple(stretch))
    last = len(stretches) - 1
    return [
        _Row(end, depth, tiles, index == 0, index == last) for index, tiles in enumerate(stretches)
    ]


def _width(placement: Placement) -> int:
    return SHORT if placement.tile.is_double else LONG


def _disc_x(depth: int) -> float:
    return MARGIN + SHORT + 28 + DISC + depth * INDENT


def _tiles_x(depth: int) -> float:
    return _disc_x(depth) + DISC + 10


def _draw_layout(
    canvas: Canvas,
    rows: list[_Row],
    placements: Sequence[Placement],
    top: float,
    laid: Placement | None = None,
) -> None:
    """The layout from the spinner outward; ``laid`` is the tile the last move laid."""
    spinner = placements[0] if placements else None
    if spinner is None:
        canvas.text(MARGIN, top + ROW / 2, "no tile laid yet", font_style="italic")
        return
    centres, y = [], top
    for row in rows:
        centres.append(y + row.height / 2)
        y += row.height
    _draw_connectors(canvas, rows, centres)
    trunk = [
        centre for row, centre in zip(rows, centres, strict=True) if row.depth == 0 and row.first
    ]
    middle = (trunk[0] + trunk[-1]) / 2 if trunk else top + ROW / 2
    canvas.line(MARGIN + SHORT, middle, MARGIN + SHORT + 14, middle, stroke=LINE, stroke_width=1.5)
    canvas.open_group(data_spinner="1")
    _draw_tile(
        canvas,
        MARGIN,
        middle - LONG / 2,
        spinner.touching,
        spinner.far,
        spinner.tile,
        upright=True,
        crosswise=True,
        last=spinner is laid,
    )
    canvas.text(
        MARGIN + SHORT / 2, middle + LONG / 2 + 14, "spinner", font_size=10, text_anchor="middle"
    )
    canvas.close_group()
    for row, centre in zip(rows, centres, strict=True):
        _draw_row(canvas, row, centre, laid)


def _draw_connectors(canvas: Canvas, rows: list[_Row], centres: list[float]) -> None:
    """The tree's branches: from the spinner (or a parent line's disc) to each line's disc."""
    trunk_top = min(
        centre
        for row, centre in zip(rows, centres, strict=True)
        if row.first and row.end.origin == SPINNER
    )
    for index, row in enumerate(rows):
        if not row.first:
            continue
        stem_x: float = MARGIN + SHORT + 14
        stem_top = trunk_top
        if row.end.origin != SPINNER:
            parent = next(
                i
                for i in range(index, -1, -1)
                if rows[i].first and rows[i].end.id == row.end.origin
            )
            stem_x, stem_top = _disc_x(rows[parent].depth), centres[parent] + DISC
        centre = centres[index]
        canvas.line(stem_x, stem_top, stem_x, centre, stroke=LINE, stroke_width=1.5)
        canvas.line(
            stem_x, centre, _disc_x(row.depth) - DISC, centre, stroke=LINE, stroke_width=1.5
        )


def _draw_row(canvas: Canvas, row: _Row, centre: float, laid: Placement | None) -> None:
    """A row of a line: its number's disc (or, wrapped, a mark), its tiles, and its end."""
    end = row.end
    canvas.open_group(data_line=end.id)
    if row.first:
        canvas.circle(_disc_x(row.depth), centre, DISC, fill=LINE)
        canvas.text(
            _disc_x(row.depth),
            centre + 4.5,
            str(end.id),
            font_size=12,
            font_weight="bold",
            fill=IVORY,
            text_anchor="middle",
        )
    x = _tiles_x(row.depth)
    if not row.first:
        canvas.text(_disc_x(row.depth) + 4, centre + 4, "…", font_size=14)
    for placement in row.tiles:
        crosswise = placement.tile.is_double
        y = centre - (LONG if crosswise else SHORT) / 2
        _draw_tile(
            canvas,
            x,
            y,
            placement.touching,
            placement.far,
            placement.tile,
            upright=crosswise,
            crosswise=crosswise,
            declared=placement.colour,
            last=placement is laid,
        )
        x += _width(placement) + STEP
    if row.last:
        _draw_end(canvas, end, x, centre)
    else:
        canvas.text(x, centre + 4, "…", font_size=14)
    canvas.close_group()


def _draw_end(canvas: Canvas, end: OpenEnd, x: float, centre: float) -> None:
    """What the end of a line offers: a dashed square with what it takes, or a dead end's cap."""
    if end.closed:
        canvas.open_group(data_dead_end=end.id)
        # A red cap against the dead end, a white cross on it.
        middle = x - STEP + 1 + 8
        canvas.rect(middle - 8, centre - SHORT / 2 - 3, 16, SHORT + 6, rx=3, fill=DEAD)
        for top, bottom in ((-4.5, 4.5), (4.5, -4.5)):
            canvas.line(
                middle - 4.5,
                centre + top,
                middle + 4.5,
                centre + bottom,
                stroke=IVORY,
                stroke_width=2.5,
                stroke_linecap="round",
            )
        canvas.close_group()
        return
    colour = COLOURS[end.colour if end.colour is not None else end.face.colour]
    x += 4
    canvas.open_group(data_end=end.id, data_takes=end.shows)
    canvas.line(x, centre, x + 8, centre, stroke=colour, stroke_width=2)
    canvas.rect(
        x + 10,
        centre - FACE / 2,
        FACE,
        FACE,
        rx=FACE * 0.15,
        fill="none",
        stroke=colour,
        stroke_width=2,
        stroke_dasharray="4 3",
    )
    symbol = end.face.symbol
    canvas.text(
        x + 10 + FACE / 2,
        centre + 5,
        symbol,
        font_size=13 if len(symbol) < 2 else 9,
        font_weight="bold",
        fill=colour,
        text_anchor="middle",
    )
    canvas.close_group()


# -- the hands and the boneyard ---------------------------------------------------------------


def _per_row() -> int:
    return int((WIDTH - MARGIN - HAND_LABEL) // (SHORT + STEP))


def _hand_rows(tiles: int) -> int:
    return max(1, -(-tiles // _per_row()))


def _draw_seat(
    canvas: Canvas,
    view: View,
    seat: int,
    top: float,
    height: float,
    hand: Sequence[Domino] | None,
    drawn: Domino | None,
    viewer: bool,
) -> None:
    """A seat's row: who, how many tiles, and the tiles (face up when ``hand`` is given).

    ``viewer``: the seat is the one whose view the picture is drawn from.
    """
    data = view.data
    count = data["hand_sizes"][seat]
    canvas.open_group(data_seat=seat)
    if viewer:
        canvas.rect(MARGIN - 6, top + 2, WIDTH - 2 * MARGIN + 12, height - 4, rx=6, fill=VIEWER)
    middle = top + (ROW / 2 if hand is not None else height / 2)
    if view.to_act == seat:
        canvas.add(
            "polygon",
            points=f"{MARGIN},{middle - 7} {MARGIN + 11},{middle} {MARGIN},{middle + 7}",
            fill=ACCENT,
        )
    name = f"seat {seat}" + (" (you)" if viewer else "")
    canvas.text(MARGIN + 18, middle - 2, name, font_weight="bold")
    tags = [f"{count} tile" + ("" if count == 1 else "s")]
    if count == 1:
        tags.append("UNO")
    if seat in data["wild_draw_four_barred"]:
        tags.append("no WD4 (DO-8)")
    canvas.text(MARGIN + 18, middle + 14, " · ".join(tags), font_size=11)
    x0 = MARGIN + HAND_LABEL
    if hand is None:
        for index in range(count):
            _draw_back(canvas, x0 + index * BACK_STEP, top + (height - BACK_HEIGHT) / 2)
    else:
        per_row = _per_row()
        for index, tile in enumerate(hand):
            x = x0 + (index % per_row) * (SHORT + STEP)
            y = top + (index // per_row) * ROW + (ROW - LONG) / 2
            first, second = tile.ends
            _draw_tile(canvas, x, y, first, second, tile, upright=True, drawn=tile == drawn)
    canvas.close_group()


def _draw_boneyard(canvas: Canvas, count: int, top: float) -> None:
    canvas.open_group(data_boneyard=count)
    for layer in range(min(count, 3)):
        _draw_back(canvas, MARGIN + 18 + layer * 4, top - layer * 3)
    canvas.text(
        MARGIN + 18 + 36,
        top + 18,
        f"boneyard: {count} tile" + ("" if count == 1 else "s"),
        font_weight="bold",
    )
    canvas.close_group()
