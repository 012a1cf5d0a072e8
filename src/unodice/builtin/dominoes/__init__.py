"""Uno dominoes: the ``dominoes`` variant (clauses DO-1 to DO-11).

Players lay Uno dominoes on a layout that grows from a four-way spinner, matching number, word
or colour. Only the end laid against the line acts; the end left open may be wild (its colour
is declared) or a dead end that closes its line. The modules:

* [`variant`][unodice.builtin.dominoes.variant] — the rules: deal, opening, turns, effects,
  challenges, dead ends, blocked rounds and scoring;
* [`layout`][unodice.builtin.dominoes.layout] — the lines, their open ends and the tiles on them;
* [`landings`][unodice.builtin.dominoes.landings] — plays as the layout takes them, with the
  objects they make, shared between games;
* [`tiles`][unodice.builtin.dominoes.tiles] — what is worked out once per tile set;
* [`moves`][unodice.builtin.dominoes.moves] and [`events`][unodice.builtin.dominoes.events] —
  the notation of decisions and what happens;
* [`rendering`][unodice.builtin.dominoes.rendering] — the position as text.
"""

from __future__ import annotations

from typing import Any

from unodice.builtin.dominoes.options import DominoesOptions
from unodice.builtin.dominoes.variant import UnoDominoes
from unodice.hooks import hookimpl

__all__ = ["DominoesOptions", "UnoDominoes", "unodice_register"]


@hookimpl
def unodice_register(registry: Any) -> None:
    """Register the ``dominoes`` variant."""
    registry.add_variant(UnoDominoes)
