"""The options of the centre-die game."""

from __future__ import annotations

import attrs

from unodice.core.options import option

__all__ = ["DEFAULT_DICE", "CentreDieOptions"]

DEFAULT_DICE = "centre-die-40"
"""The component set played with unless the ``dice`` option names another."""


@attrs.frozen
class CentreDieOptions:
    """Options of the centre-die game (see the variant's reference page).

    Attributes:
        target: Match points that end the match (CD-11).
        rounds: Play exactly this many rounds instead of playing to the target (CD-11).
        two_player_reverse_skips: With two players, R makes the other player lose her turn (CD-6).
        failed_challenge_penalty: Dice drawn on top of the four by a player whose WD4 challenge
            fails (CD-8).
        dice: The name of the component set of dice.
    """

    target: int = option(500, "match points that end the match (CD-11)", minimum=1, maximum=100_000)
    rounds: int | None = option(
        None,
        "play this many rounds instead of playing to the target (CD-11)",
        kind=int,
        minimum=1,
        maximum=10_000,
    )
    two_player_reverse_skips: bool = option(
        True, "with two players, R makes the other player lose her turn (CD-6)"
    )
    failed_challenge_penalty: int = option(
        0, "extra dice for a player whose WD4 challenge fails (CD-8)", minimum=0, maximum=20
    )
    dice: str = option(DEFAULT_DICE, "name of the component set of dice")
