"""The house rule ``round-up``: every score is rounded up to a multiple of five.

It changes nothing but scoring, so it works with any variant: a game opts in with
``new_game(..., house_rules=["round-up"])``.
"""

from __future__ import annotations

from unodice.plugin import hookimpl

__all__ = ["STEP", "SUMMARY", "rounded_up", "unodice_score"]

STEP = 5
"""Scores are rounded up to a multiple of this."""

SUMMARY = "every score is rounded up to a multiple of five"
"""The line ``unodice plugins`` shows for the rule."""


def rounded_up(points: int, step: int = STEP) -> int:
    """``points`` rounded up to the next multiple of ``step``: 7 gives 10, 10 stays 10."""
    return -(-points // step) * step


@hookimpl
def unodice_score(points: int) -> int | None:
    """Round the points about to be scored up to a multiple of five.

    A hook implementation may take only the hook arguments it needs. Points that are already
    a multiple of five are left alone (``None``), so that another house rule may still change
    them.
    """
    rounded = rounded_up(points)
    return None if rounded == points else rounded
