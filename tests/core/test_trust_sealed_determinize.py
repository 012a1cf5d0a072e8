"""Issue 25, item 1: a determinized game shares nothing with its game that a bot could change.

A bot searching for its move is handed ``game.determinize(seat, rng)``. Its variant used to
reach, through public attributes, the per-set tables every game of the process shares (dicts
of faces and tiles, a play table whose landings had settable slots), and a dominoes copy shared
the list of the plays offered to the seat to act. A bot writing into them spoiled every other
game. Now those tables are private to the variant, what stays public is read-only, and a copy
has its own list of plays.
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Iterator
from typing import Any

import pytest

import unodice
from unodice.core.game import Game
from unodice.testing import _MUTABLE, _public_values, _reachable, shared_problems

SETTINGS = [
    ("coverall", {}),
    ("coverall", {"partition": False}),
    ("centre-die", {}),
    ("dominoes", {}),
    ("dominoes", {"all_doubles_spin": True}),
]
IDS = ["coverall", "coverall-whole-tray", "centre-die", "dominoes", "dominoes-all-doubles-spin"]


def _decisions(
    variant: str, options: dict[str, Any], players: int, seed: int, limit: int = 60
) -> Iterator[Game]:
    """A seeded random game, yielded at each of its first ``limit`` decisions."""
    game = unodice.new_game(variant, players, seed, options)
    rng = random.Random(seed)
    for _ in range(limit):
        if game.is_over:
            return
        yield game
        moves = game.legal_moves()
        game.play(moves[rng.randrange(len(moves))])


def _play(variant: str, options: dict[str, Any], players: int, seed: int) -> list[str]:
    """A whole seeded random game: the legal moves of every decision, and the final scores."""
    game = unodice.new_game(variant, players, seed, options)
    rng = random.Random(seed)
    seen = []
    while not game.is_over:
        moves = game.legal_moves()
        seen.append(" ".join(map(str, moves)))
        game.play(moves[rng.randrange(len(moves))])
    return [*seen, repr(game.scores)]


@pytest.mark.slow
@pytest.mark.parametrize(("variant", "options"), SETTINGS, ids=IDS)
def test_a_determinized_game_shares_nothing_a_bot_could_change(variant, options):
    """Every seat's determinization, every few decisions, at every seat count tried."""
    checked = 0
    for players in (2, 3, 4):
        for count, game in enumerate(_decisions(variant, options, players, players)):
            if count % 5:
                continue
            for seat in range(players):
                det = game.determinize(seat, random.Random(count * 8 + seat))
                assert shared_problems(game, det) == [], (players, count, seat)
                checked += 1
    assert checked > 20


def _spoil(det: Game) -> int:
    """Change everything a bot reaches from ``det`` by ordinary means; how many things changed.

    Every mutable container is emptied and every public attribute that can be set is set to
    ``None`` (what cannot be set is left).
    """
    found = [item for _, item in _reachable({"det": det})]
    changed = 0
    for item in found:
        if isinstance(item, _MUTABLE):
            if isinstance(item, array):
                del item[:]
            else:
                item.clear()
            changed += 1
            continue
        for name, _ in list(_public_values(item)):
            try:
                setattr(item, name, None)
            except Exception:
                continue
            changed += 1
    return changed


@pytest.mark.parametrize(("variant", "options"), SETTINGS, ids=IDS)
def test_spoiling_a_determinized_game_leaves_other_games_as_they_were(variant, options):
    """A bot empties and overwrites all it reaches; the live game and fresh games play on."""
    fresh_before = [_play(variant, options, players, 11) for players in (2, 4)]
    rng, twin_rng = random.Random(5), random.Random(5)
    live = unodice.new_game(variant, 3, 5, options)
    twin = unodice.new_game(variant, 3, 5, options)  # never determinized
    spoiled = 0
    while not live.is_over:
        if live.moves and len(live.moves) % 7 == 0:
            seat = live.to_act
            assert seat is not None
            spoiled += _spoil(live.determinize(seat, random.Random(len(live.moves))))
        moves = live.legal_moves()
        assert [str(move) for move in moves] == [str(move) for move in twin.legal_moves()]
        live.play(moves[rng.randrange(len(moves))])
        twin_moves = twin.legal_moves()
        twin.play(twin_moves[twin_rng.randrange(len(twin_moves))])
    assert spoiled > 0
    assert live.record() == twin.record()
    assert [_play(variant, options, players, 11) for players in (2, 4)] == fresh_before
