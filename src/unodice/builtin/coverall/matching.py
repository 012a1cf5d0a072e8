"""Which face may go next to which die (CV-5), as bit masks.

A die in the tray *offers* its empty neighbours a few bits: one for being there at all, one
for its colour (a wild's declared colour) and one for its kind (its number or letter). A face in
a player's hand *wants* bits: its colour and its kind, or, for W and WD4, only a die to stand
next to. A face may go on an empty space when what it wants meets what the space is offered by
its neighbours in the same region, so each test is one ``&``.
"""

from __future__ import annotations

from unodice.pieces import COLOURED_SYMBOLS, Colour, Die, Face

__all__ = [
    "BIT_COUNT",
    "NEXT_TO_A_DIE",
    "NEXT_TO_A_DIE_BIT",
    "bit_numbers",
    "die_wants",
    "offers",
    "wants",
]

NEXT_TO_A_DIE = 1
"""The bit every die in the tray offers its neighbours, and all that a wild face wants."""
NEXT_TO_A_DIE_BIT = 0
"""The number of that bit."""

_COLOUR_BIT = {colour: 1 << (1 + i) for i, colour in enumerate(Colour)}
_KIND_BIT = {symbol: 1 << (5 + i) for i, symbol in enumerate(sorted(COLOURED_SYMBOLS))}
BIT_COUNT = 5 + len(COLOURED_SYMBOLS)
"""How many bits there are: being there, four colours and each coloured kind."""


def wants(face: Face) -> int:
    """The bits a neighbour must offer for ``face`` to be placed beside it."""
    if face.colour is None:
        return NEXT_TO_A_DIE
    return _COLOUR_BIT[face.colour] | _KIND_BIT[face.symbol]


def offers(face: Face, colour: Colour | None) -> int:
    """What a die showing ``face`` (a wild counting as ``colour``) offers its neighbours."""
    bits = NEXT_TO_A_DIE | _KIND_BIT.get(face.symbol, 0)
    return bits | _COLOUR_BIT[colour] if colour is not None else bits


def die_wants(die: Die) -> int:
    """Everything any face of ``die`` could want: the die fits a space offering any of it."""
    bits = 0
    for face in die.faces:
        bits |= wants(face)
    return bits


def bit_numbers(bits: int) -> tuple[int, ...]:
    """The numbers of the bits set in ``bits``, lowest first."""
    return tuple(number for number in range(BIT_COUNT) if bits >> number & 1)
