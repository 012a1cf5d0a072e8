"""The decisions of Uno dominoes and their notation.

| Notation | Move | Clause |
|---|---|---|
| ``play r3|y5 on 2`` | lay a tile on open end 2, ``r3`` touching it, ``y5`` left open | DO-3 |
| ``play b8|WD4:g on 1`` | the same, declaring green for a W or WD4 far end | DO-4 |
| ``play r3|y5 on 2 uno`` | the same play, calling Uno (only when it leaves one tile) | DO-6 |
| ``play W|W:r on spinner`` | lay the double-Wild on the spinner when every line is dead | DO-9 |
| ``draw`` | draw a tile instead of playing (also to renege) | DO-5 |
| ``keep`` | do not play the tile just drawn; the turn passes | DO-5 |
| ``pass`` | end the turn (only offered when nothing can be played or drawn) | DO-5 |
| ``challenge``, ``accept`` | answer a Wild Draw Four that hit you | DO-8 |
| ``catch`` | catch a player who played down to one tile without calling Uno | DO-6 |
| ``decline`` | refuse the double-Wild on a dead layout; asked out of turn, not catch | DO-9, DO-6 |
"""

from __future__ import annotations

import re
from typing import ClassVar, Self, TypeAlias, cast

from unodice.core import uno
from unodice.core.errors import IllegalMove
from unodice.core.moves import Move
from unodice.core.pieces import Colour, Face, parse_colour
from unodice.core.uno import ACCEPT, CATCH, CHALLENGE, DECLINE, DRAW, KEEP, PASS, read_word
from unodice.core.values import Value, field

__all__ = ["NOTATION_HELP", "SPINNER", "WORDS", "DominoesMove", "Play", "parse_move"]

SPINNER = 0
"""The number standing for the spinner itself, as a line's origin and in the notation."""

NOTATION_HELP = (
    "dominoes moves look like 'play r3|y5 on 2' (the touching end first, then the open end's "
    "number), 'play b8|WD4:g on 1' (declare a colour r, y, g or b for a W or WD4 far end), "
    "'play r3|y5 on 2 uno' (when it leaves one tile), 'play W|W:g on spinner', 'draw', "
    "'keep', 'pass', 'challenge', 'accept', 'catch' or 'decline'"
)
"""What the notation looks like, for error messages."""


class Play(Move):
    """Lay a tile from the hand on an open end (DO-3), or the double-Wild on the spinner (DO-9).

    The notation is worked out once, when the play is made. It names every field, so two plays
    are equal exactly when their notation is.

    Attributes:
        touching: The end laid against the open end; it is the active end (DO-4).
        far: The other end, which becomes the line's open end.
        end: The open end's number, or 0 (``on spinner``) for the double-Wild on a dead layout.
        colour: The colour declared for a W or WD4 far end; ``None`` for any other.
        uno: Whether the player calls Uno with this play (it leaves her one tile).
        text: The notation, worked out once.
    """

    kind: ClassVar[str] = "play"
    touching: Face
    far: Face
    end: int
    colour: Colour | None = None
    uno: bool = False
    text: str = field(init=False, repr=False)

    def __new__(
        cls, touching: Face, far: Face, end: int, colour: Colour | None = None, uno: bool = False
    ) -> Self:
        declared = f":{colour.letter}" if colour is not None else ""
        target = "spinner" if end == SPINNER else str(end)
        call = " uno" if uno else ""
        text = f"play {touching.code}|{far.code}{declared} on {target}{call}"
        return Value.__new__(cls, touching, far, end, colour, uno, text)

    @property
    def tile_code(self) -> str:
        """The tile as ``touching|far``."""
        return f"{self.touching.code}|{self.far.code}"

    def __str__(self) -> str:
        return self.text


DominoesMove: TypeAlias = (
    Play | uno.Draw | uno.Keep | uno.Pass | uno.Challenge | uno.Accept | uno.Catch | uno.Decline
)
"""Any dominoes move: the move type of the ``UnoDominoes`` variant."""

WORDS = (DRAW, KEEP, PASS, CHALLENGE, ACCEPT, CATCH, DECLINE)
"""The family's word moves dominoes uses (DO-5, DO-6, DO-8, DO-9), from
[`unodice.core.uno`][unodice.core.uno]."""
_END_DIGITS = 6
"""Open ends are numbered from 1 as lines open: far fewer than a million in any layout."""
_PLAY = re.compile(
    r"^play\s+([^\s|:]+)\|([^\s|:]+)(?::(\S+))?\s+on\s+([0-9]+|spinner)(\s+uno)?$", re.IGNORECASE
)


def parse_move(text: str) -> DominoesMove:
    """Read a move from its notation (see the table above).

    Raises:
        IllegalMove: The text is not a dominoes move; the message shows what moves look like.
    """
    word = read_word(text, WORDS)
    if word is not None:
        return cast(DominoesMove, word)  # one of WORDS
    cleaned = " ".join(text.split())
    match = _PLAY.match(cleaned)
    if match is None:
        raise IllegalMove(text, f"cannot read the move; {NOTATION_HELP}")
    touching_code, far_code, colour_code, target, uno = match.groups()
    try:
        touching, far = Face.parse(touching_code), Face.parse(far_code)
        colour = parse_colour(colour_code) if colour_code else None
    except ValueError as error:
        raise IllegalMove(text, f"{error}; {NOTATION_HELP}") from None
    if len(target) > _END_DIGITS and target.lower() != "spinner":
        raise IllegalMove(
            text, f"open end numbers have at most {_END_DIGITS} digits, not {len(target)}"
        )
    end = SPINNER if target.lower() == "spinner" else int(target)
    return Play(touching, far, end, colour, uno is not None)
