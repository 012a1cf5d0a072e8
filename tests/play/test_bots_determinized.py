"""The determinized flat Monte Carlo bot: valid moves, repeatable, never peeking (not strength)."""

from __future__ import annotations

import pytest
from example_plugin import PIG, with_pig

import unodice
import unodice._native
from unodice.core.errors import InvalidOptions
from unodice.play.agents import RandomAgent, make_agent, play_game
from unodice.play.bots import DeterminizedAgent, ISMCTSAgent
from unodice.play.bots.determinized import cached_play_out as play_out
from unodice.variants.centre_die.agents import CentreDieHeuristic
from unodice.variants.dominoes.agents import DominoesHeuristic

SHORT = {
    "coverall": {},
    "centre-die": {"rounds": 1},
    "dominoes": {"target": 1},
    "pig": {"target": 20},
}
"""Options that make a game one round (or a short race), so that a game is a quick test."""

NATIVE = all(
    unodice._native.native_module(name) is not None
    for name in ("centre_die", "coverall", "dominoes")
)


def _decision(variant, seed, options=None, at_least=2, **kwargs):
    """A game of ``variant`` played on by its first moves until a seat has a choice."""
    game = unodice.new_game(variant, 2, seed=seed, options=options, **kwargs)
    while len({str(move) for move in game.legal_moves()}) < at_least:
        game.play(game.legal_moves()[0])
    return game


@pytest.mark.parametrize("variant", ["coverall", "centre-die", "dominoes", PIG])
@pytest.mark.parametrize("value", ["match", "points", "round"])
def test_plays_legal_moves_on_every_variant(variant, value):
    # play_game refuses a move that is not legal: every decision of the game was legal.
    bot = DeterminizedAgent(3, seed=1, value=value)
    game = play_game(variant, [bot, RandomAgent(2)], seed=3, options=SHORT[variant])
    assert game.is_over


@pytest.mark.parametrize("variant", ["centre-die", "dominoes"])
def test_plays_a_whole_match_in_either_seat(variant):
    bot = DeterminizedAgent(2, seed=5, width=3)
    game = play_game(variant, ["heuristic", bot], seed=7, options={"target": 60})
    assert game.is_over


@pytest.mark.parametrize("variant", ["centre-die", "dominoes"])
def test_is_deterministic_for_a_seed(variant):
    def moves(seed):
        bots = [DeterminizedAgent(4, seed=seed), DeterminizedAgent(4, seed=seed + 1)]
        game = play_game(variant, bots, seed=11, options=SHORT[variant])
        return [str(move) for move in game.moves]

    assert moves(4) == moves(4)


def test_reports_its_playouts_and_takes_a_forced_move_without_searching():
    game = _decision("centre-die", 2, {"rounds": 1}, at_least=3)
    bot = DeterminizedAgent(5, seed=0, width=3)
    assert bot.choose(game.view(game.to_act), game.legal_moves()) in game.legal_moves()
    assert bot.last_playouts == 15
    moves = game.legal_moves()[:1]  # one move offered: nothing to compare
    assert bot.choose(game.view(game.to_act), moves) is moves[0]
    assert bot.last_playouts == 0


@with_pig
def test_a_variant_without_a_heuristic_ranks_by_greedy():
    game = unodice.new_game("pig", 2, seed=1)
    game.play(game.legal_moves()[0])
    bot = DeterminizedAgent(3, seed=0)
    moves = game.legal_moves()
    assert bot.choose(game.view(game.to_act), moves) in moves


def test_width_one_plays_the_heuristics_choice():
    heuristic = CentreDieHeuristic()
    for seed in range(6):
        game = _decision("centre-die", seed, {"rounds": 1})
        view, moves = game.view(game.to_act), game.legal_moves()
        bot = DeterminizedAgent(10, seed=seed, width=1)
        assert str(bot.choose(view, moves)) == str(heuristic.choose(view, moves))
        assert bot.last_playouts == 0


def test_a_margin_near_one_keeps_the_heuristics_choice():
    for seed in range(4):
        game = _decision("dominoes", seed, {"target": 1})
        view, moves = game.view(game.to_act), game.legal_moves()
        first = DominoesHeuristic().choose(view, moves)
        bot = DeterminizedAgent(6, seed=seed, margin=0.999)
        assert str(bot.choose(view, moves)) == str(first)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"determinizations": 0},
        {"determinizations": 2.5},
        {"determinizations": True},
        {"width": 0},
        {"width": True},
        {"margin": -0.1},
        {"margin": 1.0},
        {"margin": True},
        {"value": "glory"},
        {"playout": 3},
        {"confidence": -1.0},
        {"confidence": True},
    ],
)
def test_refuses_bad_settings(kwargs):
    with pytest.raises(InvalidOptions):
        DeterminizedAgent(**kwargs)


def test_refuses_an_empty_list_of_moves():
    game = _decision("centre-die", 1, {"rounds": 1})
    with pytest.raises(ValueError):
        DeterminizedAgent(2, seed=0).choose(game.view(game.to_act), [])


def _hidden_hand_twin(game, seat):
    """A copy of a dominoes game that differs from it only in a tile hidden from ``seat``."""
    twin = game.copy()
    state = twin.state
    other = next(s for s in range(twin.players) if s != seat and state.hands[s])
    hand = state.hands[other]
    boneyard = state.boneyard._items
    for index, tile in enumerate(boneyard):
        if tile not in hand:
            hand[0], boneyard[index] = tile, hand[0]
            break
    return twin


def test_does_not_read_the_hidden_hands():
    # Two games the seat cannot tell apart, with different hidden hands: the same seed gives
    # the same choice in both (the determinizations alone are searched).
    checked = 0
    for seed in range(6):
        game = unodice.new_game("dominoes", 2, seed=seed, options=SHORT["dominoes"])
        seat = game.to_act
        if len({str(move) for move in game.legal_moves()}) < 2:
            continue
        twin = _hidden_hand_twin(game, seat)
        view, twin_view = game.view(seat), twin.view(seat)
        assert view == twin_view
        assert game.state.hands != twin.state.hands
        first = DeterminizedAgent(8, seed=seed).choose(view, game.legal_moves())
        second = DeterminizedAgent(8, seed=seed).choose(twin_view, twin.legal_moves())
        assert str(first) == str(second)
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize("variant", ["centre-die", "dominoes", "coverall"])
def test_python_play_out_ends_the_round_as_the_heuristic_plays(variant):
    game = unodice.new_game(variant, 2, seed=6)
    twin = game.copy()
    played = play_out(game, "heuristic")
    assert played > 0
    assert game.round > twin.round or game.is_over
    heuristic = make_agent("heuristic", variant=variant)
    for _ in range(played):
        twin.play(heuristic.choose(twin.view(twin.to_act), twin.legal_moves()))
    assert [str(move) for move in twin.moves] == [str(move) for move in game.moves]
    assert twin.scores == game.scores
    capped = unodice.new_game(variant, 2, seed=6)
    assert play_out(capped, "heuristic", max_moves=2) == 2


@pytest.mark.skipif(not NATIVE, reason="the native engines are not built")
@pytest.mark.parametrize("variant", ["centre-die", "dominoes"])
def test_native_and_python_games_choose_alike(variant):
    # A native game's determinizations are the Python game's from the same generator, so the
    # bot makes the same choices on either.
    native = _decision(variant, 3, SHORT[variant], native=True)
    python = _decision(variant, 3, SHORT[variant])
    moves = [str(move) for move in python.legal_moves()]
    assert [str(move) for move in native.legal_moves()] == moves
    first = DeterminizedAgent(6, seed=2).choose(native.view(native.to_act), native.legal_moves())
    second = DeterminizedAgent(6, seed=2).choose(python.view(python.to_act), python.legal_moves())
    assert str(first) == str(second)


# -- the ISMCTS agent's rewards for the match and its heuristic playouts --------------------------


@pytest.mark.parametrize("variant", ["coverall", "centre-die", "dominoes", PIG])
@pytest.mark.parametrize("value", ["match", "points", "round"])
def test_ismcts_with_heuristic_playouts_and_match_rewards_plays_every_variant(variant, value):
    bot = ISMCTSAgent(
        iterations=6, seed=2, playout="heuristic", prior="heuristic", width=2, value=value
    )
    game = play_game(variant, [RandomAgent(2), bot], seed=4, options=SHORT[variant])
    assert game.is_over


@pytest.mark.parametrize("width", [None, 3])
def test_ismcts_with_match_rewards_is_deterministic_for_a_seed(width):
    def moves(seed):
        bots = [
            ISMCTSAgent(
                iterations=6, seed=seed + seat, playout="heuristic", width=width, value="match"
            )
            for seat in range(2)
        ]
        game = play_game("dominoes", bots, seed=11, options={"target": 40})
        return [str(move) for move in game.moves]

    assert moves(4) == moves(4)


def test_ismcts_with_match_rewards_cuts_playouts_and_still_plays_legally():
    bot = ISMCTSAgent(iterations=8, seed=3, playout="heuristic", playout_depth=2, value="match")
    game = play_game("centre-die", [bot, RandomAgent(1)], seed=8, options={"target": 50})
    assert game.is_over


@pytest.mark.parametrize("kwargs", [{"value": "glory"}, {"confidence": -0.5}])
def test_ismcts_refuses_an_unknown_reward_or_confidence(kwargs):
    with pytest.raises(InvalidOptions):
        ISMCTSAgent(**kwargs)


@pytest.mark.parametrize("make", ["determinized", "ismcts"])
def test_a_huge_confidence_keeps_the_heuristics_choice(make):
    for seed in range(3):
        game = _decision("centre-die", seed, {"rounds": 1})
        view, moves = game.view(game.to_act), game.legal_moves()
        if make == "determinized":
            bot = DeterminizedAgent(6, seed=seed, confidence=1e9)
        else:
            bot = ISMCTSAgent(
                iterations=12,
                seed=seed,
                playout="heuristic",
                prior="heuristic",
                width=3,
                value="match",
                confidence=1e9,
            )
        assert str(bot.choose(view, moves)) == str(CentreDieHeuristic().choose(view, moves))


def test_registered_bots_play_a_short_match():
    for name in ("ismcts", "determinized"):
        game = play_game("centre-die", [name, "heuristic"], seed=5, options={"target": 30})
        assert game.is_over


@pytest.mark.parametrize("variant", ["centre-die", "dominoes"])
def test_ismcts_flat_root_is_deterministic_and_counts_its_playouts(variant):
    game = _decision(variant, 2, SHORT[variant], at_least=3)
    view, moves = game.view(game.to_act), game.legal_moves()

    def choice():
        bot = ISMCTSAgent(
            iterations=9, seed=1, playout="heuristic", prior="heuristic", width=3, tree=False
        )
        return str(bot.choose(view, moves)), bot.last_iterations

    assert choice() == choice()
    assert choice()[0] in {str(move) for move in moves}
    assert choice()[1] == 9


@pytest.mark.parametrize("confidence", [-1, True, "2"])
def test_both_searches_refuse_a_confidence_below_zero_or_not_a_number(confidence: object) -> None:
    for search in (DeterminizedAgent, ISMCTSAgent):
        with pytest.raises(InvalidOptions, match="confidence must be 0 or more"):
            search(confidence=confidence)
