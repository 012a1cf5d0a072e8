"""The centre-die game as a picture: the centre die, every open hand and the bag, in SVG.

Drawn from a view alone. Hands are open in this game and only the bag is hidden, so a seat's
picture and a spectator's differ only in whose eyes they are drawn for. Every die is marked
with its id (``data-piece``, ``r5@12``), the centre die's group with ``data-centre``, a die
that a WD4 awaiting its answer covers with ``data-covered``, the die drawn in step 3 with
``data-drawn``, and each seat's line with ``data-seat`` (``data-viewer`` for the seat whose
view it is). A die just played (the last move, given as ``last``) is ringed and marked
``data-last``. The referee's picture (``referee``) is the spectator's, titled as the referee's:
there is nothing more to show.

[`CentreDiePictures`][unodice.variants.centre_die.pictures.CentreDiePictures] is the variant's
[`Pictures`][unodice.core.capabilities.Pictures] capability, which the rules class inherits.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from unodice.core.capabilities import Pictures
from unodice.core.moves import Move
from unodice.core.pictures import FAINT, HIGHLIGHT, Canvas, draw_face, seat_label
from unodice.core.pieces import Colour, Die, Face
from unodice.core.positions import die_token
from unodice.core.variant import View

from .moves import Bluff, Play
from .state import ANSWERING_WD4, CATCHING, ROUND_OVER, STEP_THREE

__all__ = ["CentreDiePictures"]

MARGIN = 20
"""The room around everything, in pixels."""
CENTRE = 84
"""The side of the centre die."""
DIE = 40
"""The side of a die in a hand."""
GAP = 6
"""The room between two dice."""
PER_LINE = 12
"""Dice drawn side by side in a hand before it wraps onto another line."""
DICE_X = MARGIN + 250
"""Where the dice of a hand start, left to right."""
LINE_HEIGHT = DIE + 12
"""The height of one line of dice."""

TABLE = "#e2eed8"
"""The felt the centre die lies on."""
WARNING = "#b3261e"
"""Notes that ask for an answer: a WD4 to challenge, a missed Uno to catch."""


class CentreDiePictures(Pictures):
    """The table as SVG, drawn from a view (the rules class inherits it)."""

    title: ClassVar[str]

    def picture(
        self,
        view: View,
        spectator: bool = False,
        *,
        last: Move | None = None,
        referee: Sequence[View] | None = None,
    ) -> str:
        """The centre die, every open hand and the bag, as SVG drawn from ``view`` alone.

        With ``spectator`` or ``referee``, a spectator's or the referee's picture: no seat is
        marked as the viewer's (every hand is open, so both show the same dice). A ``last``
        move that played a die rings the centre die.
        """
        data = view.data
        viewer = None if spectator or referee is not None else view.seat
        hands: Sequence[Sequence[Die]] = data["hand_dice"]
        longest = min(PER_LINE, max([5, *map(len, hands)]))
        width = max(DICE_X + longest * (DIE + GAP) + MARGIN, 640)
        hands_top = MARGIN + 64 + CENTRE + 56
        heights = [_hand_height(len(hand)) for hand in hands]
        height = hands_top + sum(heights) + MARGIN
        who = f"seat {viewer}" if viewer is not None else "a spectator"
        if referee is not None:
            who = "the referee"
        canvas = Canvas(width, height, f"{self.title}, round {view.round}, as {who} sees it")
        canvas.text(MARGIN, MARGIN + 18, self.title, font_size=18, font_weight="bold")
        canvas.text(
            width - MARGIN,
            MARGIN + 18,
            f"as {who} sees it",
            font_size=13,
            fill=FAINT,
            text_anchor="end",
        )
        canvas.text(MARGIN, MARGIN + 42, f"{_round(view)} · {_task(view)}", font_size=14)
        _centre(canvas, data, MARGIN + 64, width, played=isinstance(last, Play | Bluff))
        y = hands_top
        for seat, hand_height in enumerate(heights):
            _hand(canvas, view, seat, seat == viewer, y, width)
            y += hand_height
        return canvas.document()


def _hand_height(dice: int) -> int:
    """The height of a seat's line: one line of dice per ``PER_LINE``, at least one."""
    return LINE_HEIGHT * max(1, -(-dice // PER_LINE))


def _round(view: View) -> str:
    """The round, and what ends the match (CD-11): ``Round 2 of 3``, ``Round 2 · to 500``."""
    rounds = view.options.rounds
    if rounds is not None:
        return f"Round {view.round} of {rounds}"
    return f"Round {view.round} · to {view.options.target} points"


def _task(view: View) -> str:
    """Who decides what now, or how the match ended, in words."""
    data = view.data
    if view.to_act is None:
        best = max(view.scores)
        winners = [seat for seat, score in enumerate(view.scores) if score == best]
        if len(winners) == 1:
            return f"match over: seat {winners[0]} wins with {best}"
        names = ", ".join(map(str, winners[:-1])) + f" and {winners[-1]}"
        return f"match over: seats {names} share the win with {best}"
    if data["phase"] == ANSWERING_WD4:
        return f"seat {view.to_act} to answer a WD4"
    if data["phase"] == CATCHING:
        return f"seat {view.to_act} may catch seat {data['catchable']}"
    return f"seat {view.to_act} to play ({data['phase']})"


# -- the centre of the table ---------------------------------------------------------------------


def _centre(
    canvas: Canvas, data: Mapping[str, Any], top: float, width: float, *, played: bool = False
) -> None:
    """The centre die on its felt, what it counts as, a covered die, the bag, and a note.

    ``played``: the centre die is the one the last move played, and is ringed.
    """
    centre: Face = data["centre"]
    colour: Colour = data["centre_colour"]
    canvas.rect(MARGIN - 8, top - 8, width - 2 * MARGIN + 16, CENTRE + 16, rx=10, fill=TABLE)
    canvas.open_group(data_centre="true")
    draw_face(
        canvas,
        MARGIN,
        top,
        CENTRE,
        centre,
        declared=colour if centre.colour is None else None,
        piece=die_token(data["centre_die"], centre),
        last=played,
    )
    canvas.close_group()
    x = MARGIN + CENTRE + 20
    counts = f"Centre: {centre.code}" + (f", declared {colour.value}" if centre.is_wild else "")
    canvas.text(x, top + 22, counts, font_size=15, font_weight="bold")
    way = "clockwise" if data["direction"] == 1 else "anticlockwise"
    canvas.text(x, top + 46, f"Play runs {way}", font_size=13)
    _bag(canvas, x, top + 56)
    canvas.text(x + 30, top + 78, f"Bag: {data['bag']} dice", font_size=13)
    covered = data["covered"]
    if covered is not None:
        _covered(canvas, covered, width - MARGIN - DIE, top + (CENTRE - DIE) / 2)
    note = _note(data)
    if note:
        canvas.text(MARGIN, top + CENTRE + 34, note, font_size=14, fill=WARNING)


def _covered(canvas: Canvas, covered: tuple[Die, Face, Colour | None], x: float, y: float) -> None:
    """The die that a WD4 awaiting its answer covers: it comes back if a challenge wins."""
    die, face, colour = covered
    canvas.text(
        x - 10, y + DIE / 2 + 5, "under the WD4:", font_size=12, fill=FAINT, text_anchor="end"
    )
    canvas.open_group(data_covered="true")
    draw_face(
        canvas,
        x,
        y,
        DIE,
        face,
        declared=colour if face.colour is None else None,
        piece=die_token(die, face),
    )
    canvas.close_group()


def _note(data: Mapping[str, Any]) -> str:
    """What the player to act is asked beyond playing: a WD4 to answer, a seat to catch."""
    turn = data["turn"]
    if data["phase"] == ANSWERING_WD4:
        kept = "kept to CD-7" if data["wd4_legal"] else "broke CD-7"
        return f"Seat {turn}'s WD4 awaits its answer: challenge it or accept it (it {kept}, CD-8)."
    if data["phase"] == CATCHING:
        return (
            f"Seat {data['catchable']} did not call Uno: the seat to act may catch her or "
            f"decline; seat {data['catchers'][-1]} is the next player to act (CD-9)."
        )
    if data["catchable"] is not None:
        return f"Seat {data['catchable']} did not call Uno and may be caught (CD-9)."
    if data["phase"] == STEP_THREE:
        return f"Seat {turn} drew {data['drawn'].code}: play it or keep it (CD-5)."
    if data["phase"] == ROUND_OVER:
        out = [seat for seat, hand in enumerate(data["hands"]) if not hand]
        if out:
            return f"Seat {out[0]} went out and the round is over (CD-10)."
        return "Nobody could play any more: the round ended without a winner (CD-10)."
    return ""


def _bag(canvas: Canvas, x: float, y: float) -> None:
    """A small drawstring bag."""
    canvas.add(
        "path",
        d=f"M{x + 6} {y + 8} Q{x - 2} {y + 30} {x + 13} {y + 30} "
        f"Q{x + 28} {y + 30} {x + 20} {y + 8} Z",
        fill="#b08d57",
        stroke="#444444",
        stroke_width=1,
    )
    canvas.rect(x + 5, y + 4, 16, 5, rx=2, fill="#8c6d3f")


# -- the hands -----------------------------------------------------------------------------------


def _hand(canvas: Canvas, view: View, seat: int, is_viewer: bool, top: float, width: float) -> None:
    """A seat's line: to act or not, its points, and its open hand."""
    data = view.data
    dice: Sequence[Die] = data["hand_dice"][seat]
    faces: Sequence[Face] = data["hands"][seat]
    canvas.open_group(data_seat=seat, data_viewer="true" if is_viewer else None)
    if is_viewer:
        canvas.rect(
            MARGIN - 8,
            top - 6,
            width - 2 * MARGIN + 16,
            _hand_height(len(dice)),
            rx=6,
            fill=HIGHLIGHT,
        )
    middle = top + DIE / 2 + 5
    seat_label(
        canvas,
        MARGIN,
        middle,
        seat,
        viewer=is_viewer,
        to_act=seat == view.to_act,
        points=view.scores[seat],
        points_right=200,
    )
    if not dice:
        canvas.text(DICE_X, middle, "no dice: went out", font_size=12, fill=FAINT)
    drawn_index = len(dice) - 1 if data["phase"] == STEP_THREE and seat == data["turn"] else -1
    for index, (die, face) in enumerate(zip(dice, faces, strict=True)):
        row, column = divmod(index, PER_LINE)
        x, y = DICE_X + column * (DIE + GAP), top + row * LINE_HEIGHT
        if index == drawn_index:
            canvas.open_group(data_drawn="true")
            canvas.rect(
                x - 3,
                y - 3,
                DIE + 6,
                DIE + 6,
                rx=8,
                fill="none",
                stroke=WARNING,
                stroke_width=2,
                stroke_dasharray="4 3",
            )
        draw_face(canvas, x, y, DIE, face, piece=die_token(die, face))
        if index == drawn_index:
            canvas.close_group()
    canvas.close_group()
