"""The hand-and-centre-die Uno dice game (``centre-die``), rules CD-1 to CD-11.

Each player holds an open hand of five rolled dice and, turn by turn, plays dice that match the
centre die by number, colour or command; wild dice take a declared colour. A player who cannot
or will not play re-rolls her hand, then may draw one die. The first player to play her last
die wins the round and scores the dice left in every other hand. See the variant's reference
page for the rules, options, notation and events.
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
