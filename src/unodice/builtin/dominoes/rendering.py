"""The position as text for a terminal: lines from the spinner, open ends, hands, scores."""

from __future__ import annotations

from typing import TYPE_CHECKING

from unodice.builtin.dominoes.layout import Layout, OpenEnd, Placement
from unodice.builtin.dominoes.state import DominoesState, Phase
from unodice.pieces import Colour, Domino, Face
from unodice.render import paint_face

if TYPE_CHECKING:
    from unodice.builtin.dominoes.variant import UnoDominoes

__all__ = ["render"]


def render(variant: UnoDominoes, state: DominoesState, seat: int | None, colour: bool) -> str:
    """The position as ``seat`` sees it (``None``: everything, every hand shown).

    Args:
        variant: The game's variant (for points and the player count).
        state: The round in play.
        seat: Whose eyes; other hands show only their size.
        colour: Paint faces in their colours with terminal escapes.
    """
    lines = [_status(state)]
    lines.extend(_layout_lines(state.layout, colour))
    lines.append("open ends: " + _open_ends(state.layout, colour))
    lines.extend(_hand_lines(variant, state, seat, colour))
    lines.append(f"boneyard: {len(state.boneyard)} tiles")
    lines.append("scores: " + "  ".join(f"seat {s} {t}" for s, t in enumerate(state.totals)))
    return "\n".join(lines)


def _status(state: DominoesState) -> str:
    way = "clockwise" if state.seats.direction == 1 else "counter-clockwise"
    if state.phase is Phase.OVER or state.to_act is None:
        return "the round is over"
    seat = state.to_act
    doing = {
        Phase.TURN: "to lay a tile or draw",
        Phase.DRAWN: "to lay the tile just drawn or keep it",
        Phase.CHALLENGE: "to challenge or accept the Wild Draw Four",
        Phase.RESCUE: "to lay the double-Wild on the dead layout or decline",
    }[state.phase]
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


def _hand_lines(
    variant: UnoDominoes, state: DominoesState, seat: int | None, colour: bool
) -> list[str]:
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
