"""Live centre-die games stay small: their history keeps rolls packed, rebuilt when read.

Half a two-player match is some 660 decisions and 1,400 events, a fifth of them rolls of
several dice. Kept as event objects with tuples of faces, such a game held some 65 kB; with
those rolls packed, some 39 kB. The bound sits between the two, with room either side.
"""

from __future__ import annotations

import gc
import pickle
import random
import tracemalloc

import pytest

import unodice
from unodice.core.game import Game

GAMES = 60
DECISIONS = 660
BOUND = 50_000
"""Bytes a live half-played game may hold at most (packed: about 39,000; unpacked: 65,000)."""


def _half_played(seed: int) -> Game:
    game = unodice.new_game("centre-die", 2, seed)
    pick = random.Random(seed)
    for _ in range(DECISIONS):
        if game.to_act is None:
            break
        moves = game.legal_moves()
        game.play(moves[pick.randrange(len(moves))])
    return game


@pytest.mark.slow
def test_half_played_centre_die_games_hold_less_than_50_kb_each():
    for seed in range(GAMES):  # fill the engine's shared events and lookups first
        _half_played(GAMES + seed)
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        games = [_half_played(seed) for seed in range(GAMES)]
        gc.collect()
        held = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert sum(len(game.events) for game in games) > GAMES * 1_000  # the games went far
    assert held / GAMES < BOUND, f"{held / GAMES:,.0f} bytes a game"


def test_a_packed_history_reads_as_the_events_emitted():
    game = unodice.new_game("centre-die", 2, 7)
    pick = random.Random(7)
    emitted = []
    while game.to_act is not None and len(emitted) < 1_500:
        moves = game.legal_moves()
        emitted.extend(game.play(moves[pick.randrange(len(moves))]))
    packed = [entry for entry in game._log.entries if type(entry) is int]  # tags
    assert packed, "no event was packed"
    events = list(game.events)
    assert events[-len(emitted) :] == emitted
    assert [type(event) for event in events[-len(emitted) :]] == [type(e) for e in emitted]
    assert [game.events[i] for i in range(len(events))] == events
    assert list(game.copy().events) == events
    assert list(pickle.loads(pickle.dumps(game)).events) == events
    for seat in range(2):
        assert game.record(seat) == game.copy().record(seat)
        assert list(game.determinize(seat, 1, history=True).events) == events
