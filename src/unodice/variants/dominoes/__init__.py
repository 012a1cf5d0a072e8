"""Uno dominoes: the ``dominoes`` variant (clauses DO-1 to DO-11).

Players lay Uno dominoes on a layout that grows from a four-way spinner, matching number, word
or colour. Only the end laid against the line acts; the end left open may be wild (its colour
is declared) or a dead end that closes its line. The package has the files every variant
has:

* [`rules`][unodice.variants.dominoes.rules] — the Variant class: deal, opening, turns, effects,
  challenges, dead ends, blocked rounds and scoring, in clause order;
* [`state`][unodice.variants.dominoes.state] — the phases, the layout (its lines, open ends and
  tiles) and the round's state;
* [`moves`][unodice.variants.dominoes.moves] and [`events`][unodice.variants.dominoes.events] —
  the notation of decisions and what happens;
* [`refusals`][unodice.variants.dominoes.refusals] — why a move is not legal, and its clause;
* [`text`][unodice.variants.dominoes.text] — events in words and the position as text;
* [`tables`][unodice.variants.dominoes.tables] — what is worked out once per tile set;
* [`fast`][unodice.variants.dominoes.fast] — play moves and what they make, shared between games;
* [`agents`][unodice.variants.dominoes.agents] — the heuristic bot, `heuristic-dominoes`;
* [`reference`][unodice.variants.dominoes.reference] — a plain reading of the rules to check the
  fast path against.
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
