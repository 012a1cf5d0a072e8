"""The options of the centre-die game."""

from __future__ import annotations

import attrs

from unodice.core.options import option
from unodice.core.uno import CATCH_BY

__all__ = ["DEFAULT_DICE", "DRAW_AFTER_REROLL", "CentreDieOptions"]

DEFAULT_DICE = "centre-die-40"
"""The component set played with unless the ``dice`` option names another."""

DRAW_AFTER_REROLL = ("free", "only-when-unable")
"""The readings of CD-4, as the ``draw_after_reroll`` option offers them.

``"free"``: after the re-roll a player may draw although she could play. ``"only-when-unable"``:
she draws only when nothing can be played.
"""


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
        draw_after_reroll: After the re-roll, whether a player who can play may draw anyway
            (``"free"``) or must play (``"only-when-unable"``) (CD-4).
        catch_by: Who may catch a missed Uno: the next player to act (``"next"``) or every
            opponent, one after the other, before the next player's first move
            (``"any-opponent"``) (CD-9).
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
    draw_after_reroll: str = option(
        "free",
        "after the re-roll, draw although a die could be played, or only when none can (CD-4)",
        choices=DRAW_AFTER_REROLL,
    )
    catch_by: str = option(
        "next",
        "who may catch a missed Uno: the next player to act, or any opponent (CD-9)",
        choices=CATCH_BY,
    )
