"""Search that cannot peek: copies without history and determinized games.

``game.determinize(seat, rng)`` and ``view.determinize(rng)`` hand a search a game that agrees
with everything ``seat`` has seen, with what it has not seen drawn afresh.
"""

from __future__ import annotations

import random

import pytest

import unodice
from unodice import UnodiceError
from unodice.errors import InvalidOptions


def test_a_copy_without_history_plays_as_the_game_would_and_cannot_be_recorded():
    game = unodice.new_game("dominoes", 3, seed=4)
    for _ in range(5):
        game.play(game.legal_moves()[0])
    cheap = game.copy(history=False)
    full = game.copy()
    assert len(cheap.events) == 0 and len(cheap.moves) == 0 and len(cheap.chance.outcomes) == 0
    while not full.is_over:
        move = full.legal_moves()[-1]
        assert cheap.legal_moves() == full.legal_moves()
        full.play(move)
        cheap.play(move)
    assert cheap.scores == full.scores and cheap.winners == full.winners
    with pytest.raises(UnodiceError, match="copy made without its history"):
        cheap.record()
    assert game.record()  # the original still records


def test_a_determinized_game_has_no_seed_a_fresh_chance_and_refuses_a_record():
    game = unodice.new_game("centre-die", 3, seed=2)
    twin = game.determinize(game.to_act, 7)
    assert twin.seed is None
    assert len(twin.chance.outcomes) == 0 and len(twin.events) == 0
    with pytest.raises(UnodiceError, match="determinization for seat"):
        twin.record()
    # An int seed fixes the determinization; a generator is drawn from, so calls differ.
    assert game.determinize(0, 7).chance.below(2**60) == game.determinize(0, 7).chance.below(2**60)
    rng = random.Random(1)
    assert game.determinize(0, rng).chance.below(2**60) != game.determinize(0, rng).chance.below(
        2**60
    )
    with_history = game.determinize(0, 7, history=True)
    assert len(with_history.events) == len(game.events)


@pytest.mark.parametrize("rng", ["7", 1.5, True, None])
def test_determinize_refuses_what_is_not_a_generator_or_a_seed(rng):
    game = unodice.new_game("coverall", 2, seed=1)
    with pytest.raises(InvalidOptions, match="rng must be"):
        game.determinize(0, rng)


@pytest.mark.parametrize("seat", [-1, 3, "0"])
def test_determinize_refuses_a_seat_that_is_not_in_the_game(seat):
    game = unodice.new_game("coverall", 3, seed=1)
    with pytest.raises(InvalidOptions, match="seat must be"):
        game.determinize(seat, 1)


def test_a_view_determinizes_until_the_game_moves_on():
    game = unodice.new_game("dominoes", 2, seed=3)
    seat = game.to_act
    view = game.view(seat)
    assert view.determinize(1).view(seat) == view
    game.play(game.legal_moves()[0])
    with pytest.raises(UnodiceError, match="moved on by 1 move since"):
        view.determinize(1)
    assert game.view(game.to_act).determinize(1).view(game.to_act) == game.view(game.to_act)


def test_a_refused_move_does_not_age_a_view():
    game = unodice.new_game("dominoes", 2, seed=3)
    view = game.view(game.to_act)
    with pytest.raises(unodice.IllegalMove):
        game.play("nonsense")
    assert view.determinize(2).view(view.seat) == view
