"""Sets of tray spaces as bit masks, and the moves a face has on such a set.

Bit ``s`` of a mask stands for space ``s``. The rules keep, for each matching bit (see the
``matching`` module), the mask of the spaces a neighbour offers it; the spaces a face may go to
are then a few ``|`` and ``&`` of masks, and
[`MovesOnSpaces`][unodice.builtin.coverall.masks.MovesOnSpaces] turns that mask into the face's
moves, reading it eight spaces at a time, without testing the spaces one by one.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from unodice.builtin.coverall.moves import Place

__all__ = ["MovesOnSpaces", "mask_of", "spaces_of"]

def mask_of(spaces: Iterable[int]) -> int:
    """The mask of a set of spaces."""
    mask = 0
    for space in spaces:
        mask |= 1 << space
    return mask


def spaces_of(mask: int) -> list[int]:
    """The spaces of a mask, in ascending order."""
    return [space for space in range(mask.bit_length()) if mask >> space & 1]


@cache
def _blocks(size: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For each block of eight spaces of a tray of ``size``, the spaces each bit pattern sets."""
    return tuple(
        tuple(tuple(first + offset for offset in spaces_of(bits)) for bits in range(256))
        for first in range(0, size, 8)
    )


class MovesOnSpaces:
    """One face's moves on any set of spaces, in ascending space order.

    The tables of which spaces each pattern of eight bits sets hold only numbers and are
    shared by every face of the same tray size; tables of moves per pattern would be faster
    to read, but for every face they would hold tens of thousands of tuples.

    Args:
        per_space: The face's moves on each space of the tray, by space number.
    """

    __slots__ = ("_blocks", "_per_space")

    def __init__(self, per_space: Sequence[tuple[Place, ...]]):
        self._per_space = per_space
        self._blocks = _blocks(len(per_space))

    def on(self, mask: int) -> list[Place]:
        """The moves on the spaces of ``mask``: each space's moves in turn."""
        moves: list[Place] = []
        per_space = self._per_space
        for table in self._blocks:
            bits = mask & 255
            if bits:
                for space in table[bits]:
                    moves += per_space[space]
            mask >>= 8
            if not mask:
                break
        return moves
