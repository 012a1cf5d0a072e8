"""The options of pig."""

from __future__ import annotations

import attrs
from unodice import option

__all__ = ["PigOptions"]


@attrs.frozen
class PigOptions:
    """The options of a game of pig.

    Attributes:
        target: The score that wins the game (PIG-5).
    """

    target: int = option(50, "points that win the game", minimum=1, maximum=1000)
