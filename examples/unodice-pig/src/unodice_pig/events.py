"""The events of pig: a die was rolled, and a player busted.

The core's own events (``move-played``, ``scored``, ``round-started``, ``round-ended``,
``game-ended``) say the rest: a hold is a ``scored`` event with the reason ``"banked"``.
"""

from __future__ import annotations

from typing import ClassVar

from unodice import Event
from unodice.core.pieces import Die, Face

__all__ = ["Busted", "Rolled"]


class Rolled(Event):
    """A player drew a die and rolled it (PIG-2).

    Attributes:
        seat: Who rolled.
        die: The die drawn from the bag.
        face: The face it shows.
    """

    kind: ClassVar[str] = "rolled"
    seat: int
    die: Die
    face: Face


class Busted(Event):
    """A letter face lost a player her turn total (PIG-3).

    Attributes:
        seat: Who busted.
        lost: The turn total she lost.
    """

    kind: ClassVar[str] = "busted"
    seat: int
    lost: int
