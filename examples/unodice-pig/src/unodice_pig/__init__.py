"""unodice-pig: the dice game pig and the house rule ``round-up``, as an unodice plugin.

Installing the package is enough: its entry point in the group ``unodice`` names this module,
and the registry calls the ``unodice_register`` hook below. The variant and its bot are in
``pig.py``, the house rule in ``round_up.py``.
"""

from __future__ import annotations

from unodice.plugin import Registrar, hookimpl

from . import round_up
from .pig import (
    Busted,
    Hold,
    HoldAt,
    Pig,
    PigMove,
    PigOptions,
    PigState,
    RollDie,
    Rolled,
    hold_at_20,
)

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
