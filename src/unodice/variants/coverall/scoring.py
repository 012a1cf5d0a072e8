"""Scoring a placement (CV-11).

When a die is placed, each of its two lines (its row and its column) is looked at on its own:
the longest stretch of adjacent dice through the new die that share its colour, and the longest
that share its kind (the same number, or the same letter). A stretch is a *run* only with two
or more dice, and never crosses the partition. A run is worth the sum of its dice's values; the
line scores the better of its two runs, and the two lines add up.

The functions work on plain sequences of faces and colours by space, so the same code scores a
real placement and, for a bot, a placement it is only considering.
"""

from __future__ import annotations

from collections.abc import Sequence

from unodice.pieces import Colour, Face
from unodice.variants.coverall.tray import Ray, Tray

__all__ = ["VALUES", "LineRun", "counting_runs", "placement_points"]

VALUES: dict[str, int] = {str(n): n for n in range(10)} | {
    "R": 20, "S": 20, "D2": 20, "W": 0, "WD4": 0,
}
"""What each symbol is worth in a run: numbers their value, R/S/D2 20, W and WD4 nothing."""

LineRun = tuple[int, str, tuple[int, ...], int]
"""The run that counts in one line: (line: 0 row / 1 column, what it shares, spaces, value)."""


def counting_runs(
    tray: Tray,
    faces: Sequence[Face | None],
    colours: Sequence[Colour | None],
    space: int,
    face: Face,
    colour: Colour | None,
) -> list[LineRun]:
    """The run that counts in each line through ``space`` if ``face`` stands there.

    Args:
        tray: The tray's shape.
        faces: The face on every space (``None`` when empty); ``space`` itself is not read.
        colours: The colour every die counts as (a wild's declared colour; ``None`` when empty).
        space: Where the die is (or would be) placed.
        face: The face it shows.
        colour: The colour it counts as (``None`` only for an undeclared starting W).

    Returns:
        For each line with a run of two or more dice, the better of its colour run and its kind
        run (the colour run on a tie).
    """
    symbol = face.symbol
    own_value = VALUES[symbol]
    found = []
    for line, (back, ahead) in enumerate(tray.lines[space]):
        best: LineRun | None = None
        if colour is not None:
            before = _colour_reach(back, colours, colour)
            after = _colour_reach(ahead, colours, colour)
            if before or after:
                spaces = (*reversed(back[:before]), space, *ahead[:after])
                value = own_value + _value(back[:before], faces) + _value(ahead[:after], faces)
                best = (line, colour.value, spaces, value)
        before = _kind_reach(back, faces, symbol)
        after = _kind_reach(ahead, faces, symbol)
        if before or after:
            value = own_value * (1 + before + after)
            if best is None or value > best[3]:
                best = (line, symbol, (*reversed(back[:before]), space, *ahead[:after]), value)
        if best is not None:
            found.append(best)
    return found


def placement_points(
    tray: Tray,
    faces: Sequence[Face | None],
    colours: Sequence[Colour | None],
    space: int,
    face: Face,
    colour: Colour | None,
) -> int:
    """What placing ``face`` on ``space`` scores: the counting runs' values added up."""
    return sum(run[3] for run in counting_runs(tray, faces, colours, space, face, colour))


def _colour_reach(ray: Ray, colours: Sequence[Colour | None], colour: Colour) -> int:
    """How many dice in a row along ``ray`` count as ``colour``."""
    reach = 0
    for other in ray:
        if colours[other] is not colour:
            break
        reach += 1
    return reach


def _kind_reach(ray: Ray, faces: Sequence[Face | None], symbol: str) -> int:
    """How many dice in a row along ``ray`` show ``symbol``."""
    reach = 0
    for other in ray:
        shown = faces[other]
        if shown is None or shown.symbol != symbol:
            break
        reach += 1
    return reach


def _value(spaces: Sequence[int], faces: Sequence[Face | None]) -> int:
    """The value of the dice on ``spaces`` (all occupied)."""
    return sum([VALUES[faces[other].symbol] for other in spaces])  # type: ignore[union-attr]
