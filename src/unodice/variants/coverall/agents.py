"""Coverall's heuristic agent: places dice as a careful player would."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from unodice.core.moves import Move
from unodice.core.pieces import Colour, Face
from unodice.core.variant import View

from .moves import Declare, Place
from .state import PLACE

__all__ = ["CoverallHeuristic"]

_DENIAL = 0.5
"""How much of what the passed-on dice could score for the next player counts against a
placement (the dice not placed pass on, CV-5)."""

_RESERVE = 1.0
"""What a D2 or WD4 is worth beyond its points: its player's reserve of dice (CV-7, CV-8)."""


class CoverallHeuristic:
    """Coverall played by priorities, from the view alone (everything but the bag is open).

    Each placement is valued, and the highest value wins (ties go to the first in the legal
    order):

    1. What it scores now by CV-11 (the variant's own measure, ``view.gain``).
    2. Less half of what the dice passed on could score for the next player (CV-5): her best
       placement among the faces left, as they could be placed now. A skip or a reverse
       between two players keeps them from her, so then nothing is taken off (CV-8, CV-9).
    3. A D2 or WD4 earns a point more for the reserve it brings (CV-7, CV-8).
    4. Ties: keep options open, preferring a cell that fewer of the dice left could go on.

    The starting die goes on the first cell offered (CV-2), and the declared colour of a
    starting W is the colour the rolled dice show most (CV-2).

    The agent is deterministic; ``seed`` is accepted (and ignored) so that the class is its
    own agent factory.
    """

    def __init__(self, seed: int | None = None):
        self.seed = seed

    def __repr__(self) -> str:
        return "CoverallHeuristic()"

    def choose(self, view: View, moves: Sequence[Move]) -> Move:
        """The legal move of highest value by the priorities above."""
        data = view.data
        if isinstance(moves[0], Declare):
            return _declaration(data, moves)
        if data["phase"] != PLACE:
            return moves[0]
        scores = _placement_scores(view, moves)
        if scores is None:
            return moves[0]
        best, best_score = moves[0], (-1e9, 0.0)
        for move, score in zip(moves, scores, strict=True):
            if score is not None and score > best_score:
                best, best_score = move, score
        return best

    def ranking(self, view: View, moves: Sequence[Move]) -> list[Move]:
        """``moves`` from the most preferred to the least: ``choose``'s pick comes first.

        Placements are ordered by their value by the priorities above (ties in the legal
        order); declarations by how many rolled dice show the colour; anything else (the
        starting die) stays in the legal order.
        """
        data = view.data
        if isinstance(moves[0], Declare):
            first = _declaration(data, moves)
            return [first, *(move for move in moves if move is not first)]
        scores = _placement_scores(view, moves) if data["phase"] == PLACE else None
        if scores is None:
            return list(moves)
        order = sorted(
            range(len(moves)),
            key=lambda index: (
                scores[index] if scores[index] is not None else (-2e9, 0.0),
                -index,
            ),
            reverse=True,
        )
        return [moves[index] for index in order]


def _declaration(data: Mapping[str, Any], moves: Sequence[Move]) -> Move:
    """The declaration of the colour the rolled dice show most (the first such, CV-2)."""
    shown: Counter[Colour] = Counter(
        face.colour for face in data["hand"] if face.colour is not None
    )
    declares = [move for move in moves if isinstance(move, Declare)]
    return max(declares, key=lambda move: shown[move.colour])


def _placement_scores(view: View, moves: Sequence[Move]) -> list[tuple[float, float] | None] | None:
    """Each move's score by the heuristic's priorities, or ``None`` when none is a placement.

    A move that is not a placement scores ``None``.
    """
    data = view.data
    gains: dict[Move, float] = {}
    best_by_face: dict[Face, float] = {}
    cells_by_face: dict[Face, set[tuple[int, int]]] = {}
    for move in moves:
        if not isinstance(move, Place):
            continue
        gain = view.gain(move)
        gains[move] = gain
        face = move.face
        if gain > best_by_face.get(face, -1.0):
            best_by_face[face] = gain
        cells_by_face.setdefault(face, set()).add((move.row, move.column))
    if not gains:
        return None
    hand: tuple[Face, ...] = data["hand"]
    two = view.players == 2
    scores: list[tuple[float, float] | None] = []
    for move in moves:
        if not isinstance(move, Place):
            scores.append(None)
            continue
        face = move.face
        rest = list(hand)
        if face in rest:
            rest.remove(face)
        value = gains[move]
        keeps_them = two and face.symbol in ("S", "R")
        if not keeps_them:
            value -= _DENIAL * max((best_by_face.get(other, 0.0) for other in rest), default=0.0)
        if face.symbol in ("D2", "WD4"):
            value += _RESERVE
        cell = (move.row, move.column)
        shared = sum(1 for other in rest if cell in cells_by_face.get(other, ()))
        scores.append((value, -float(shared)))
    return scores
