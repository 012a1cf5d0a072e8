"""Coverall: Uno Dice, Game 3, on the tray of 24 spaces.

Players take turns placing rolled dice in the tray, each next to a die it matches by number,
letter or colour; runs of one colour or one kind score. The rules are clauses CV-1 to CV-14 of
the project's rule page. The variant registers itself through the project's own entry point.

An S or an R emits the family's shared events, [`Skipped`][unodice.core.uno.Skipped] and
[`Reversed`][unodice.core.uno.Reversed], from [`unodice.core.uno`][unodice.core.uno].
"""

from __future__ import annotations

from unodice.core.hooks import hookimpl
from unodice.core.registry import Registrar

from .agents import CoverallHeuristic
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
from .moves import Declare, Place
from .options import CoverallOptions
from .rules import Coverall
from .state import CoverallState, Phase

__all__ = [
    "Coverall",
    "CoverallHeuristic",
    "CoverallOptions",
    "CoverallState",
    "Declare",
    "HalfOpened",
    "NoDice",
    "Phase",
    "Place",
    "Placed",
    "ReserveDrawn",
    "RollOff",
    "Rolled",
    "Run",
    "StarterChosen",
    "StartingDie",
    "TrayClosed",
    "TurnLost",
    "WildDeclared",
    "unodice_register",
]


@hookimpl
def unodice_register(registry: Registrar) -> None:
    """Make Coverall available as ``coverall``."""
    registry.add_variant(Coverall)
    registry.add_agent(
        "heuristic-coverall",
        CoverallHeuristic,
        "Coverall by priorities: score now, deny the next player, keep spaces open",
    )
