"""Turn order: seats around a table, a direction of play, skips and reverses.

Seats are numbered ``0 … n-1``; play starts clockwise, which is increasing seat numbers, and "the
player to the left" is the next seat in the current direction. What an S or an R does is in
[`unodice.core.uno`][unodice.core.uno.skip_or_reverse]; whether an R skips between two players is
the
seats' ``reverse_skips``.
"""

from __future__ import annotations

import attrs

__all__ = ["Seats"]


@attrs.define(slots=True)
class Seats:
    """Whose turn it is and which way play runs.

    Attributes:
        count: Number of seats.
        current: The seat whose turn it is.
        direction: ``1`` for clockwise (increasing seat numbers), ``-1`` after a reverse.
        reverse_skips: Whether an R skips the other player instead of reversing: true only
            with two seats and the variant's ``two_player_reverse_skips`` option (CV-9).
    """

    count: int
    current: int = 0
    direction: int = 1
    reverse_skips: bool = False

    @classmethod
    def around(cls, count: int, current: int = 0, two_player_reverse_skips: bool = False) -> Seats:
        """Seats for ``count`` players; R acts as S when there are two and the option says so."""
        return cls(count, current, 1, count == 2 and two_player_reverse_skips)

    def next_seat(self, steps: int = 1, seat: int | None = None) -> int:
        """The seat ``steps`` places after ``seat`` (default: the current seat) in play order."""
        start = self.current if seat is None else seat
        return (start + self.direction * steps) % self.count

    def advance(self, skip: int = 0) -> int:
        """Pass the turn on, skipping ``skip`` seats; return the new current seat."""
        self.current = (self.current + self.direction * (1 + skip)) % self.count
        return self.current

    def reverse(self) -> None:
        """Reverse the direction of play."""
        self.direction = -self.direction

    def order_from(self, seat: int) -> list[int]:
        """Every seat once, in play order, starting at ``seat``."""
        return [(seat + self.direction * i) % self.count for i in range(self.count)]

    def copy(self) -> Seats:
        """An independent copy."""
        # Field by field rather than through the constructor: every copy of a game copies
        # its seats, and a search makes thousands.
        twin = object.__new__(Seats)
        twin.count = self.count
        twin.current = self.current
        twin.direction = self.direction
        twin.reverse_skips = self.reverse_skips
        return twin
