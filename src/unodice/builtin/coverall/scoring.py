"""Scoring a placement (CV-11).

When a die is placed, each of its two lines (its row and its column) is looked at on its own:
the longest stretch of adjacent dice through the new die that share its colour, and the longest
that share its kind (the same number, or the same letter). A stretch is a *run* only with two
or more dice, and never crosses the partition. A run is worth the sum of its dice's values; the
line scores the better of its two runs, and the two lines add up.

The functions work on plain sequences of kinds and colours by space, so the same code scores a
real placement and, for a bot, a placement it is only considering.
"""

from __future__ import annotations

from collections.abc import Sequence

from unodice.builtin.coverall.tray import Tray
from unodice.pieces import Colour

__all__ = ["VALUES", "LineRun", "counting_runs", "placement_points"]

VALUES: dict[str, int] = {str(n): n for n in range(10)} | {
    "R": 20, "S": 20, "D2": 20, "W": 0, "WD4": 0,
}
"""What each symbol is worth in a run: numbers their value, R/S/D2 20, W and WD4 nothing."""

_COLOUR_NAMES = {id(colour): colour.value for colour in Colour}
"""Each colour's name, by the colour's identity: an enum's ``value``, and its hash, are slower
Python-level calls."""

LineRun = tuple[int, str, tuple[int, ...], int]
"""The run that counts in one line: (line: 0 row / 1 column, what it shares, spaces, value)."""


def counting_runs(
    tray: Tray,
    kinds: Sequence[str | None],
    colours: Sequence[Colour | None],
    space: int,
    kind: str,
    colour: Colour | None,
) -> list[LineRun]:
    """The run that counts in each line through ``space`` if a die of ``kind`` stands there.

    Checked against `reference.move_points` at every decision by
    `check_variant(reference=True)`.

    Args:
        tray: The tray's shape.
        kinds: The symbol (number or letter) on every space, ``None`` when empty; ``space``
            itself is not read.
        colours: The colour every die counts as (a wild's declared colour; ``None`` when empty).
        space: Where the die is (or would be) placed.
        kind: The symbol it shows.
        colour: The colour it counts as (``None`` only for an undeclared starting W).

    Returns:
        For each line with a run of two or more dice, the better of its colour run and its kind
        run (the colour run on a tie).
    """
    # The walks along each ray are written out in place: this runs for every placement and
    # for every move a scoring bot weighs, and a helper call per ray would double its cost.
    own_value = VALUES[kind]
    found: list[LineRun] = []
    for line, back, ahead, stretches in tray.walks[space]:
        best: LineRun | None = None
        if colour is not None:
            value = own_value
            before = 0
            for other in back:
                if colours[other] is not colour:
                    break
                before += 1
                value += VALUES[kinds[other]]  # type: ignore[index]
            after = 0
            for other in ahead:
                if colours[other] is not colour:
                    break
                after += 1
                value += VALUES[kinds[other]]  # type: ignore[index]
            if before or after:
                best = (line, _COLOUR_NAMES[id(colour)], stretches[before][after], value)
        before = 0
        for other in back:
            if kinds[other] != kind:
                break
            before += 1
        after = 0
        for other in ahead:
            if kinds[other] != kind:
                break
            after += 1
        if before or after:
            value = own_value * (1 + before + after)
            if best is None or value > best[3]:
                best = (line, kind, stretches[before][after], value)
        if best is not None:
            found.append(best)
    return found


def placement_points(
    tray: Tray,
    kinds: Sequence[str | None],
    colours: Sequence[Colour | None],
    space: int,
    kind: str,
    colour: Colour | None,
) -> int:
    """What placing a die of ``kind`` counting as ``colour`` on ``space`` scores."""
    return sum(run[3] for run in counting_runs(tray, kinds, colours, space, kind, colour))
