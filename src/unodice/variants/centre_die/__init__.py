"""The hand-and-centre-die Uno dice game (``centre-die``), rules CD-1 to CD-11.

Each player holds an open hand of five rolled dice and, turn by turn, plays dice that match the
centre die by number, colour or command; wild dice take a declared colour. A player who cannot
or will not play re-rolls her hand, then may draw one die. The first player to play her last
die wins the round and scores the dice left in every other hand. See the variant's reference
page for the rules, options, notation and events.

The package's files:

* ``__init__.py``: the plugin, ``unodice_register`` (the variant and its bot).
* ``options.py``: ``CentreDieOptions``.
* ``moves.py``: the moves ``Play`` and ``Bluff``, the notation table and ``parse_move``.
* ``events.py``: the game's own events.
* ``state.py``: the phases of a turn and ``CentreDieState``.
* ``lookups.py``: what is worked out once per dice set: the set checked (``load_dice``), its
  ``FaceLookup`` and ``CentreDieLookups``, handed out by ``lookups_for``.
* ``kernel.py``: the fast path's machinery: the events that games of a dice set share.
* ``rules.py``: ``CentreDie``, the required rules in the order of the clauses; it inherits the
  capabilities below and implements ``Resampling`` and ``Inventory`` itself.
* ``refusals.py``: ``explain``, why a move is not legal, with its clause.
* ``text.py``: ``CentreDieText``, the table and the events in words.
* ``positions.py``: ``CentreDiePositions``, the round as the body of a position, and back.
* ``pictures.py``: ``CentreDiePictures``, the table as SVG.
* ``spaces.py``: ``CentreDieSpaces``, the action catalogue and the observation layout.
* ``reference.py``: ``CentreDieReference`` over plain functions, the rules read clause by
  clause for ``check_variant(..., reference=True)``.
* ``agents.py``: ``CentreDieHeuristic``, the variant's bot.
* ``native.py``: the native engine's glue: the C engine's tables from the lookups, and whole
  matches between built-in agents played in C (``play_native_match``), the same as in Python.
* ``native_game.py``: ``NativeGame``, a game on the native engine through the public API
  (``new_game(..., native=True)``), its events and records rebuilt by the Python engine.
"""

from __future__ import annotations

from unodice.core.hooks import hookimpl
from unodice.core.registry import Registrar

from .agents import CentreDieHeuristic
from .moves import Bluff, Play
from .options import CentreDieOptions
from .rules import CentreDie

__all__ = [
    "Bluff",
    "CentreDie",
    "CentreDieHeuristic",
    "CentreDieOptions",
    "Play",
    "unodice_register",
]


@hookimpl
def unodice_register(registry: Registrar) -> None:
    """Register the centre-die variant."""
    registry.add_variant(CentreDie)
    registry.add_agent(
        "heuristic-centre-die",
        CentreDieHeuristic,
        "Centre-die by priorities: catch, challenge what broke CD-7, go out, block, hold wilds",
    )
