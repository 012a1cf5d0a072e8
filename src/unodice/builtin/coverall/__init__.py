"""Coverall: Uno Dice, Game 3, on the tray of 24 spaces.

Players take turns placing rolled dice in the tray, each next to a die it matches by number,
letter or colour; runs of one colour or one kind score. The rules are clauses CV-1 to CV-14 of
the project's rule page. The variant registers itself through the project's own entry point.
"""

from __future__ import annotations

from typing import Any

from unodice.builtin.coverall.events import (
    HalfOpened,
    NoDice,
    Placed,
    PlayReversed,
    ReserveDrawn,
    Rolled,
    RollOff,
    Run,
    Skipped,
    StarterChosen,
    StartingDie,
    TrayClosed,
    TurnLost,
    WildDeclared,
)
from unodice.builtin.coverall.moves import Declare, Place
from unodice.builtin.coverall.rules import Coverall, CoverallOptions
from unodice.builtin.coverall.state import CoverallState, Phase
from unodice.hooks import hookimpl

__all__ = [
    "Coverall",
    "CoverallOptions",
    "CoverallState",
    "Declare",
    "HalfOpened",
    "NoDice",
    "Phase",
    "Place",
    "Placed",
    "PlayReversed",
    "ReserveDrawn",
    "RollOff",
    "Rolled",
    "Run",
    "Skipped",
    "StarterChosen",
    "StartingDie",
    "TrayClosed",
    "TurnLost",
    "WildDeclared",
    "unodice_register",
]


@hookimpl
def unodice_register(registry: Any) -> None:
    """Make Coverall available as ``coverall``."""
    registry.add_variant(Coverall)
