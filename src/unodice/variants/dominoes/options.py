"""The options of Uno dominoes, with their defaults."""

from __future__ import annotations

import attrs

from unodice.core.options import option
from unodice.core.uno import CATCH_BY

__all__ = ["DRAWN_DOMINO", "WILD_DRAW_FOUR_UPHELD", "DominoesOptions"]

DRAWN_DOMINO = ("keep", "must-play")
"""The readings of "Play the drawn domino if possible" (DO-5): she may keep a drawn tile that
fits, or must lay it."""

WILD_DRAW_FOUR_UPHELD = ("take-back", "stays")
"""The readings of an upheld challenge (DO-8): the WD4 goes back to its player's hand, or it
stays on the layout and only its player draws four."""


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
        drawn_domino: ``"keep"``: a drawn tile that fits may be laid or kept; ``"must-play"``:
            it must be laid (DO-5).
        catch_by: ``"next"``: only the next player to decide may catch a missed Uno;
            ``"any-opponent"``: every opponent is asked in turn before she moves (DO-6).
        wild_draw_four_upheld: ``"take-back"``: an illegal WD4 goes back to its player's hand
            and the layout is as it was; ``"stays"``: it stays on the layout (DO-8).
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
    drawn_domino: str = option(
        "keep", "a drawn tile that fits may be kept, or must be laid (DO-5)", choices=DRAWN_DOMINO
    )
    catch_by: str = option(
        "next",
        "who may catch a missed Uno: the next player or any opponent (DO-6)",
        choices=CATCH_BY,
    )
    wild_draw_four_upheld: str = option(
        "take-back",
        "an illegal WD4 challenged goes back to its player, or stays on the layout (DO-8)",
        choices=WILD_DRAW_FOUR_UPHELD,
    )
