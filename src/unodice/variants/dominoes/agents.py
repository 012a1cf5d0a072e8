"""Uno dominoes' heuristic agent: plays the hidden-hand tile game as a careful player would."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from unodice.core import uno
from unodice.core.moves import Move
from unodice.core.pieces import Colour, Domino, Face
from unodice.core.variant import View

from .moves import Play
from .state import CHALLENGE

__all__ = ["DominoesHeuristic"]

_ATTACKS = frozenset({"D2", "S", "WD4"})
"""Touching ends that cost the next seat her turn (DO-4); R too between two players."""

_CHALLENGE_HAND = 3
"""When a failed challenge costs more than the four tiles, challenge only a WD4 whose player
still holds at least this many tiles: the more she holds, the likelier one of them fitted."""


def _fits(face: Face, far: Face, colour: Colour | None) -> bool:
    """Whether ``face`` could touch an open end showing ``far`` (declared ``colour``) (DO-3)."""
    if far.symbol == "DE":
        return False
    return face.is_wild or face.colour == (far.colour or colour) or face.symbol == far.symbol


class DominoesHeuristic:
    """Uno dominoes played by priorities, from the view alone (other hands are hidden).

    Priorities, first to last; the first that tells two moves apart decides, and ties go to
    the first in the legal order:

    1. Catch a missed Uno (DO-6).
    2. Answer a WD4 (DO-8): challenge when a failed challenge costs nothing more than
       accepting (``failed_challenge_penalty`` 0), or when its player still holds at least
       three tiles, so that one of them likely fitted; accept otherwise.
    3. Go out with the last tile (DO-7), and call Uno with every play that leaves one (DO-6).
    4. When the next seat holds two tiles or fewer, lay a touching end that stops her: D2, S
       or WD4, and R between two players (DO-4); or close a line with a dead end (DO-9).
    5. Hold tiles with a wild end (W, WD4) while a tile without one can be laid (DO-3).
    6. Keep options open: leave a far end that the rest of the hand fits, and declare for a
       wild far end the colour the rest of the hand shows most (DO-3, DO-4).
    7. Shed the tile worth most by DO-7.
    8. Lay a tile rather than draw, keep or decline (DO-5, DO-9).

    The agent is deterministic; ``seed`` is accepted (and ignored) so that the class is its
    own agent factory.
    """

    def __init__(self, seed: int | None = None):
        self.seed = seed

    def __repr__(self) -> str:
        return "DominoesHeuristic()"

    def choose(self, view: View, moves: Sequence[Move]) -> Move:
        """The legal move that ranks highest by the priorities above."""
        data = view.data
        if data["phase"] == CHALLENGE and uno.CHALLENGE in moves:
            offender = data["wild_draw_four_by"]
            penalty = getattr(view.options, "failed_challenge_penalty", 0)
            sizes = data["hand_sizes"]
            if not penalty or (offender is not None and sizes[offender] >= _CHALLENGE_HAND):
                return uno.CHALLENGE
            return uno.ACCEPT
        best, best_score = moves[0], self._score(view, moves[0], moves)
        for move in moves[1:]:
            score = self._score(view, move, moves)
            if score > best_score:
                best, best_score = move, score
        return best

    def _score(self, view: View, move: Move, moves: Sequence[Move]) -> tuple[float, ...]:
        if move == uno.CATCH:
            return (4.0,)
        if not isinstance(move, Play):
            return (0.0 if move != uno.DRAW else -1.0,)  # keep, pass, decline; a draw last
        data = view.data
        seat = view.seat
        players = view.players
        hand: tuple[Domino, ...] = data["hand"]
        nxt = (seat + data["direction"]) % players
        threatened = data["hand_sizes"][nxt] <= 2
        touching, far = move.touching, move.far
        going_out = 1.0 if len(hand) == 1 else 0.0
        calls = 1.0 if move.uno else 0.0
        attack = 0.0
        if threatened and (
            touching.symbol in _ATTACKS
            or (touching.symbol == "R" and players == 2)
            or far.symbol == "DE"
        ):
            attack = 1.0
        wild = touching.is_wild or far.is_wild
        tame_play = any(
            isinstance(other, Play) and not (other.touching.is_wild or other.far.is_wild)
            for other in moves
        )
        wild_held = -1.0 if wild and tame_play else 0.0
        rest = list(hand)
        for index, tile in enumerate(rest):
            if tile.ends in ((touching, far), (far, touching)):
                del rest[index]
                break
        colour = move.colour
        open_for_me = sum(1 for tile in rest if any(_fits(end, far, colour) for end in tile.ends))
        declare = 0.0
        if far.is_wild and colour is not None:
            shown: Counter[Colour] = Counter(
                end.colour for tile in rest for end in tile.ends if end.colour is not None
            )
            declare = shown[colour] * 0.1
        return (1.0, going_out, calls, attack, wild_held, open_for_me + declare, view.gain(move))
