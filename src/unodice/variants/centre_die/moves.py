"""The decisions of the centre-die game and their notation.

| Notation | Move | Clause |
|---|---|---|
| ``play r5``, ``play gD2`` | play a die showing that face | CD-3, CD-4, CD-5 |
| ``play W:g``, ``play WD4:b`` | play a wild die, declaring its colour | CD-7 |
| ``play r5 uno`` | the same play, calling Uno (only when it leaves one die) | CD-9 |
| ``bluff WD4:b`` | play a WD4 although another die matches (it may be challenged) | CD-7, CD-8 |
| ``decline`` | play nothing at step 1; the hand is re-rolled | CD-3 |
| ``draw`` | play nothing at step 2; draw one die | CD-4 |
| ``keep`` | do not play the drawn die; the turn ends | CD-5 |
| ``challenge``, ``accept`` | answer a WD4 that hit you | CD-8 |
| ``catch`` | catch the previous player's missed Uno | CD-9 |

The words are the family's shared word moves from [`unodice.core.uno`][unodice.core.uno].
"""

from __future__ import annotations

from typing import ClassVar, TypeAlias, cast

from unodice.core import uno
from unodice.core._quoting import brief
from unodice.core.errors import IllegalMove
from unodice.core.moves import Move, WordMove
from unodice.core.pieces import Colour, Face, parse_colour
from unodice.core.uno import ACCEPT, CATCH, CHALLENGE, DECLINE, DRAW, KEEP

__all__ = [
    "NOTATION_HELP",
    "WD4",
    "WORDS",
    "Bluff",
    "CentreDieMove",
    "Play",
    "parse_move",
]

WD4 = Face("WD4")
"""The wild-draw-four face."""

NOTATION_HELP = (
    "centre-die moves look like 'play r5', 'play r5 uno', 'play W:g', 'play WD4:b uno', "
    "'bluff WD4:b', 'decline', 'draw', 'keep', 'challenge', 'accept' or 'catch' "
    "(colours r, y, g, b)"
)
"""What the notation looks like, for error messages."""


def _suffix(colour: Colour | None, call: bool) -> str:
    declared = f":{colour.letter}" if colour is not None else ""
    return declared + (" uno" if call else "")


class Play(Move):
    """Play a die from the hand onto the centre (CD-3).

    Attributes:
        face: The face the played die shows.
        colour: The declared colour of a W or WD4; ``None`` for every other face.
        uno: Whether the player calls Uno with this play (CD-9).
    """

    kind: ClassVar[str] = "play"
    face: Face
    colour: Colour | None = None
    uno: bool = False

    def __str__(self) -> str:
        return f"play {self.face.code}{_suffix(self.colour, self.uno)}"


class Bluff(Move):
    """Play a WD4 although another die in the hand matches the centre die (CD-7).

    The play breaks CD-7 on purpose; the next player may challenge it (CD-8).

    Attributes:
        colour: The declared colour.
        uno: Whether the player calls Uno with this play (CD-9).
    """

    kind: ClassVar[str] = "bluff"
    colour: Colour
    uno: bool = False

    @property
    def face(self) -> Face:
        """The face played: always WD4."""
        return WD4

    def __str__(self) -> str:
        return f"bluff WD4{_suffix(self.colour, self.uno)}"


CentreDieMove: TypeAlias = (
    Play | Bluff | uno.Decline | uno.Draw | uno.Keep | uno.Challenge | uno.Accept | uno.Catch
)
"""Any centre-die move: the move type of the ``CentreDie`` variant."""

WORDS: tuple[WordMove, ...] = (DECLINE, DRAW, KEEP, CHALLENGE, ACCEPT, CATCH)
"""The family's word moves this game uses (see the notation table)."""


def parse_move(text: str) -> CentreDieMove:
    """Read a move from its notation (see the table in this module's docstring).

    Raises:
        IllegalMove: The text is not centre-die notation; the message shows what it looks like.
    """
    word = uno.read_word(text, WORDS)
    if word is not None:
        return cast(CentreDieMove, word)
    words = text.strip().lower().split() if isinstance(text, str) else []
    if len(words) in (2, 3) and words[0] in ("play", "bluff"):
        if len(words) == 3 and words[2] != "uno":
            raise IllegalMove(text, f"cannot read {brief(words[2])}; {NOTATION_HELP}")
        return _read_play(text, words[0], words[1], len(words) == 3)
    raise IllegalMove(text, f"cannot read the move; {NOTATION_HELP}")


def _read_play(text: str, verb: str, face_text: str, call: bool) -> Play | Bluff:
    code, _, colour_text = face_text.partition(":")
    try:
        face = Face.parse(code)
        colour = parse_colour(colour_text) if colour_text else None
    except ValueError as error:
        raise IllegalMove(text, f"{error}; {NOTATION_HELP}") from None
    if face.is_wild and colour is None:
        raise IllegalMove(
            text, f"declare the colour of {face.code}, for example '{verb} {face.code}:g'", "CD-7"
        )
    if not face.is_wild and colour is not None:
        raise IllegalMove(text, f"only W and WD4 take a declared colour; write '{verb} {code}'")
    if verb == "bluff":
        if face != WD4:
            raise IllegalMove(text, "only a WD4 can be bluffed: 'bluff WD4:g'", "CD-7")
        assert colour is not None
        return Bluff(colour, call)
    return Play(face, colour, call)
