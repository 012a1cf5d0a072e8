"""The decisions of pig and their notation.

| Notation | Move | Clause |
|---|---|---|
| ``roll`` | draw a die from the bag and roll it | PIG-2 |
| ``hold`` | bank the turn total and pass the turn | PIG-4 |

Notation is read in any case, with spaces around it ignored.
"""

from __future__ import annotations

from typing import ClassVar, TypeAlias

from unodice import IllegalMove, Move

__all__ = ["HOLD", "MOVES_BY_NOTATION", "ROLL", "Hold", "PigMove", "RollDie", "parse_move"]


class RollDie(Move):
    """Draw a die from the bag and roll it (PIG-2). Notation: ``roll``."""

    kind: ClassVar[str] = "roll"

    def __str__(self) -> str:
        return "roll"


class Hold(Move):
    """Bank the turn total and pass the turn (PIG-4). Notation: ``hold``."""

    kind: ClassVar[str] = "hold"

    def __str__(self) -> str:
        return "hold"


PigMove: TypeAlias = RollDie | Hold
"""Any move of pig: the move type of ``Pig``, a ``Variant[PigState, PigMove]``."""

ROLL = RollDie()
"""The one roll move, shared by every game."""
HOLD = Hold()
"""The one hold move, shared by every game."""
MOVES_BY_NOTATION: dict[str, PigMove] = {str(move): move for move in (ROLL, HOLD)}
"""Every move, by its notation."""


def parse_move(text: str) -> PigMove:
    """Read ``roll`` or ``hold`` (in any case).

    Raises:
        IllegalMove: The text is neither; the message says what the two moves look like.
    """
    move = MOVES_BY_NOTATION.get(text.strip().lower())
    if move is None:
        raise IllegalMove(text, "pig has two moves: write 'roll' or 'hold'")
    return move
