"""Coverall: Uno Dice, Game 3, on the tray of 24 cells.

Players take turns placing rolled dice in the tray, each next to a die it matches by number,
letter or colour; runs of one colour or one kind score. The rules are clauses CV-1 to CV-14 of
the project's rule page. The variant registers itself through the project's own entry point.

An S or an R emits the family's shared events, [`Skipped`][unodice.core.uno.Skipped] and
[`Reversed`][unodice.core.uno.Reversed], from [`unodice.core.uno`][unodice.core.uno].

The package, file by file (no module imports ``rules.py`` but this one):

| file | holds |
|---|---|
| ``__init__.py`` | the plugin: ``unodice_register`` adds the variant and its bot; public names |
| ``options.py`` | ``CoverallOptions``: the tray's shape and partition, the two-player R, sets of \
games, the dice |
| ``moves.py`` | ``Place`` and ``Declare``, their notation, ``parse_move`` and ``parse_cell``; \
``DECLARATIONS`` |
| ``events.py`` | Coverall's own events (``Placed`` with its ``Run``, ``Rolled``, \
``TrayClosed``...) |
| ``state.py`` | the phases (``START``, ``DECLARE``, ``PLACE``, ``OVER``) and ``CoverallState`` |
| ``lookups.py`` | what is worked out once and shared: the tray's geometry (``TrayLookup``), \
each dice set's ``CoverallLookups`` (loaded and checked by ``lookups_for``) and its \
``SpacesLookup`` for learning agents |
| ``kernel.py`` | the fast path's machinery: matching as bits, cells as masks, shared \
``Rolled`` events, runs walked in place (``counting_runs``) |
| ``rules.py`` | the ``Coverall`` variant, clause by clause (CV-1 to CV-14), with its \
resampling, its inventory of pieces and its native engine for whole matches; it inherits the \
capabilities of the modules below |
| ``refusals.py`` | ``explain``: why a move is refused, with its clause |
| ``text.py`` | ``CoverallText``: the tray as text, a line per event |
| ``positions.py`` | ``CoverallPositions``: the game as the body of a position, and back |
| ``pictures.py`` | ``CoverallPictures``: the position as an SVG picture |
| ``spaces.py`` | ``CoverallSpaces``: the action catalogue and the observations for learning \
agents |
| ``reference.py`` | ``CoverallReference``: a plain, slow reading of the legal moves and the \
scoring, checked against the fast path |
| ``agents.py`` | ``CoverallHeuristic``, registered as ``heuristic-coverall`` |
| ``search.py`` | ``CoverallSearch``, registered as ``determinized-coverall``: every candidate \
placement played out with the heuristic on the same sampled dice |
| ``native.py`` | the native engine's glue: the C engine's tables from the lookups, and whole \
matches between built-in agents played in C (``play_native_match``), the same as in Python |
| ``native_game.py`` | ``CoverallKit``: what a ``NativeGame`` (``new_game(..., native=True)``) \
needs of the native engine; ``native_game``, what the rules hand ``new_game`` |
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
from .search import CoverallSearch
from .state import CoverallState, Phase

__all__ = [
    "Coverall",
    "CoverallHeuristic",
    "CoverallOptions",
    "CoverallSearch",
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
        "Coverall by priorities: score now, deny the next player, keep cells open",
    )
    registry.add_agent(
        "determinized-coverall",
        CoverallSearch,
        "the heuristic's first choices, each played out to the end on the same sampled dice",
    )
