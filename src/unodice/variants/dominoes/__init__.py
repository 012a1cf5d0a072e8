"""Uno dominoes: the ``dominoes`` variant (clauses DO-1 to DO-11).

Players lay Uno dominoes on a layout that grows from a four-way spinner, matching number, word
or colour. Only the end laid against the line acts; the end left open may be wild (its colour
is declared) or a dead end that closes its line. The package has the files every variant
has, each with one job:

* `__init__` (this module) — the plugin: ``unodice_register`` adds the variant and its bot;
* [`options`][unodice.variants.dominoes.options] — ``DominoesOptions``, the options and their
  checks;
* [`moves`][unodice.variants.dominoes.moves] — the ``Play`` move, the notation table and
  ``parse_move``;
* [`events`][unodice.variants.dominoes.events] — the variant's own events;
* [`state`][unodice.variants.dominoes.state] — the phases, the layout (its lines, open ends and
  tiles) and ``DominoesState``, the round's state;
* [`lookups`][unodice.variants.dominoes.lookups] — what is worked out once per tile set:
  ``TileLookup``, the ways to lay each tile and the faces each open end takes, loaded by
  ``lookups_for``;
* [`kernel`][unodice.variants.dominoes.kernel] — the fast path's machinery: ``PlayLookup``,
  the play moves and landings every game of a set shares, and the plays a hand holds, by bit
  masks;
* [`rules`][unodice.variants.dominoes.rules] — ``UnoDominoes``, the Variant class: deal,
  opening, turns, effects, challenges, dead ends, blocked rounds and scoring, in clause order,
  with resampling and the inventory; it inherits the capabilities of the modules below;
* [`refusals`][unodice.variants.dominoes.refusals] — ``explain``: why a move is not legal, and
  its clause;
* [`text`][unodice.variants.dominoes.text] — ``DominoesText``: events in words and the position
  as text;
* [`positions`][unodice.variants.dominoes.positions] — ``DominoesPositions``: the round as the
  body of a position, and back;
* [`pictures`][unodice.variants.dominoes.pictures] — ``DominoesPictures``: the position as an
  SVG picture;
* [`spaces`][unodice.variants.dominoes.spaces] — ``DominoesSpaces``: the action catalogue and
  the observation for learning agents;
* [`reference`][unodice.variants.dominoes.reference] — ``DominoesReference``: a plain reading
  of the rules to check the fast path against;
* [`agents`][unodice.variants.dominoes.agents] — the heuristic bot, `heuristic-dominoes`;
* [`native`][unodice.variants.dominoes.native] — ``NativeEngine``: whole matches between the
  built-in agents in the C engine of the native build, the same matches as the rules play;
* [`native_game`][unodice.variants.dominoes.native_game] — ``DominoesKit``: a game on the
  native engine through the public API (``new_game(..., native=True)``), its determinizations
  dealt by the rules' ``resample``.
"""

from __future__ import annotations

from unodice.core.hooks import hookimpl
from unodice.core.registry import Registrar

from .agents import DominoesHeuristic
from .options import DominoesOptions
from .rules import UnoDominoes

__all__ = ["DominoesHeuristic", "DominoesOptions", "UnoDominoes", "unodice_register"]


@hookimpl
def unodice_register(registry: Registrar) -> None:
    """Register the ``dominoes`` variant."""
    registry.add_variant(UnoDominoes)
    registry.add_agent(
        "heuristic-dominoes",
        DominoesHeuristic,
        "Dominoes by priorities: catch, challenge when likely, go out, block, hold wild tiles",
    )
