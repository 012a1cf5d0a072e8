"""Centre-die's heuristic agent: plays the open-hand dice game as a careful player would."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from unodice.core import uno
from unodice.core.moves import Move
from unodice.core.pieces import Colour, Face
from unodice.core.variant import View

from .moves import Bluff, Play
from .state import ANSWERING_WD4

__all__ = ["CentreDieHeuristic"]

_ATTACKS = frozenset({"D2", "S", "WD4"})
"""Faces that cost the next seat her turn (CD-6, CD-7); R too between two players."""


def _matches(face: Face, centre: Face, colour: Colour | None) -> bool:
    """Whether ``face`` may be played on a centre die showing ``centre`` (CD-2)."""
    return face.is_wild or face.colour == colour or face.symbol == centre.symbol


class CentreDieHeuristic:
    """Centre-die played by priorities, from the view alone (every hand is open, CD-1).

    Priorities, first to last; the first that tells two moves apart decides, and ties go to
    the first in the legal order:

    1. Catch a missed Uno (CD-9).
    2. Answer a WD4: challenge it when the view says it broke CD-7, accept it otherwise (CD-8).
    3. Go out with the last die (CD-10), and call Uno with every play that leaves one (CD-9).
    4. Never bluff a WD4: the victim sees whether it kept to CD-7 and would challenge (CD-8).
    5. When the next seat holds two dice or fewer, play what stops her: D2, S or WD4, and R
       between two players (CD-6, CD-7).
    6. Hold the wilds (W, WD4) while any other die plays (CD-7).
    7. Leave the next seat as few dice that match the new centre die as possible (CD-2); for a
       wild, declare the colour the next seat holds least of and this hand most of.
    8. Shed the die worth most by CD-10 (R, S, D2 20, a number its value).
    9. Play rather than decline, draw or keep (CD-3 to CD-5).

    The agent is deterministic; ``seed`` is accepted (and ignored) so that the class is its
    own agent factory.
    """

    def __init__(self, seed: int | None = None):
        self.seed = seed

    def __repr__(self) -> str:
        return "CentreDieHeuristic()"

    def choose(self, view: View, moves: Sequence[Move]) -> Move:
        """The legal move that ranks highest by the priorities above."""
        data = view.data
        if data["phase"] == ANSWERING_WD4 and uno.CHALLENGE in moves:
            # 2. The view says whether the WD4 kept to CD-7.
            return uno.CHALLENGE if data["wd4_legal"] is False else uno.ACCEPT
        best, best_score = moves[0], self._score(view, moves[0], moves)
        for move in moves[1:]:
            score = self._score(view, move, moves)
            if score > best_score:
                best, best_score = move, score
        return best

    def _score(self, view: View, move: Move, moves: Sequence[Move]) -> tuple[float, ...]:
        data = view.data
        if move == uno.CATCH:
            return (4.0,)
        if isinstance(move, Bluff):
            return (-2.0,)
        if not isinstance(move, Play):
            return (0.0,)  # decline, draw, keep, accept
        seat = view.seat
        players = view.players
        hands = data["hands"]
        mine = hands[seat]
        nxt = (seat + data["direction"]) % players
        theirs: tuple[Face, ...] = hands[nxt]
        face = move.face
        going_out = 1.0 if len(mine) == 1 else 0.0
        calls = 1.0 if move.uno else 0.0
        attack = 0.0
        if len(theirs) <= 2 and (face.symbol in _ATTACKS or (face.symbol == "R" and players == 2)):
            attack = 1.0
        others_play = any(isinstance(other, Play) and not other.face.is_wild for other in moves)
        wild_held = -1.0 if face.is_wild and others_play else 0.0
        colour = face.colour or move.colour
        rest = list(mine)
        if face in rest:
            rest.remove(face)
        denied = -sum(1 for die in theirs if _matches(die, face, colour))
        declare = 0.0
        if face.is_wild and colour is not None:
            own: Counter[Any] = Counter(die.colour for die in rest if die.colour is not None)
            declare = own[colour] * 0.1
        return (1.0, going_out, calls, attack, wild_held, denied + declare, view.gain(move))
