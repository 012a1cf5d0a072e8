"""The options of Uno dominoes, with their defaults."""

from __future__ import annotations

import attrs

from unodice.core.options import option

__all__ = ["DominoesOptions"]


@attrs.frozen
class DominoesOptions:
    """Options of the ``dominoes`` variant.

    Attributes:
        target: Points that win the match (DO-11).
        all_doubles_spin: Every double opens its two sides as well, not only the spinner (DO-2).
        two_player_reverse_skips: With two players a reverse acts as a skip (DO-4).
        failed_challenge_penalty: Extra tiles a player draws when her challenge fails (DO-8).
        hand_size: Tiles dealt to each player (DO-1).
        tiles: The component set of dominoes to play with.
    """

    target: int = option(500, "points that win the match (DO-11)", minimum=1, maximum=100_000)
    all_doubles_spin: bool = option(False, "every double opens its two sides too (DO-2)")
    two_player_reverse_skips: bool = option(
        True, "with two players a reverse acts as a skip (DO-4)"
    )
    failed_challenge_penalty: int = option(
        0, "extra tiles drawn after a failed challenge (DO-8)", minimum=0, maximum=10
    )
    hand_size: int = option(6, "tiles dealt to each player (DO-1)", minimum=2, maximum=40)
    tiles: str = option("uno-dominoes-81", "component set of dominoes")
