"""The options of Coverall: the tray's shape and partition, the two-player R, sets of games."""

from __future__ import annotations

import attrs

from unodice.core.errors import InvalidOptions
from unodice.core.options import option

__all__ = ["CoverallOptions"]


@attrs.frozen
class CoverallOptions:
    """Options of Coverall (see the rule page for what each changes)."""

    partition: bool = option(
        True, "split the tray into two halves that no match or run crosses (CV-12)"
    )
    rows: int = option(4, "rows of the tray, lettered from A", minimum=1, maximum=26)
    columns: int = option(
        6, "columns of the tray, numbered from 1; even with the partition", minimum=1, maximum=26
    )
    two_player_reverse_skips: bool = option(
        True, "with two players an R skips the other player instead of reversing (CV-9)"
    )
    set_of_games: bool = option(
        False, "play one game per player, each starting one; totals add up (CV-14)"
    )
    dice: str = option("coverall-24", "the component set of dice to play with")

    def __attrs_post_init__(self) -> None:
        if self.partition and self.columns % 2:
            raise InvalidOptions(
                f"the partition splits the columns in half, so columns must be even, "
                f"not {self.columns}; choose an even number or set partition=false"
            )
