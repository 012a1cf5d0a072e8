"""unodice-pig: the dice game pig and the house rule ``round-up``, as an unodice plugin.

Installing the package is enough: its entry point in the group ``unodice`` names this module,
and the registry calls the ``unodice_register`` hook below.
"""

from __future__ import annotations

from unodice.core.hooks import hookimpl
from unodice.core.registry import Registrar

from . import round_up
from .agents import HoldAt, hold_at_20
from .events import Busted, Rolled
from .moves import Hold, PigMove, RollDie
from .options import PigOptions
from .rules import Pig
from .state import PigState

__all__ = [
    "Busted",
    "Hold",
    "HoldAt",
    "Pig",
    "PigMove",
    "PigOptions",
    "PigState",
    "RollDie",
    "Rolled",
    "round_up",
    "unodice_register",
]


@hookimpl
def unodice_register(registry: Registrar) -> None:
    """Make the variant ``pig``, the house rule ``round-up`` and the bot ``hold-at-20`` known."""
    registry.add_variant(Pig)
    registry.add_house_rule("round-up", round_up, round_up.SUMMARY)
    registry.add_agent(
        "hold-at-20", hold_at_20, "rolls until the turn total reaches 20, then holds"
    )
