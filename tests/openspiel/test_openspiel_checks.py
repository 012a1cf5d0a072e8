"""OpenSpiel's own checks and an OpenSpiel bot, on every built-in variant.

``pyspiel.random_sim_test`` plays random matches checking clones, legal actions, the game's
length bound and the returns (its serialization check asks a sampled-stochastic game for an
RNG state, which OpenSpiel 2 gives a Python game no way to provide: unodice's states serialize
through ``state.serialize()``, checked in ``test_openspiel.py``). The playthrough generator
reads every string and tensor of every seat at every state, and serializes each state.
"""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import generate_playthrough, ismcts, mcts

import unodice.openspiel  # noqa: F401  (registers the games)

pytestmark = pytest.mark.tooling

SHORT = {
    "centre-die": "python_unodice_centre_die(rounds=1)",
    "coverall": "python_unodice_coverall(partition=true)",
    "dominoes": "python_unodice_dominoes(target=1)",
}


@pytest.mark.parametrize("variant", sorted(SHORT))
@pytest.mark.parametrize("players", [2, 3])
def test_random_sim_test(variant, players):
    game = pyspiel.load_game(SHORT[variant].replace("(", f"(players={players},", 1))
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


def test_random_sim_test_on_a_whole_match_to_the_default_target():
    game = pyspiel.load_game("python_unodice_centre_die(seed=2)")
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("variant", sorted(SHORT))
def test_the_playthrough_generator(variant):
    lines = generate_playthrough.playthrough(SHORT[variant], [], seed=3)
    assert "InformationStateString(1) = " in lines
    assert "ObservationTensor(0)" in lines
    assert "SerializeState() = " in lines
    assert "IsTerminal() = True" in lines
    assert lines == generate_playthrough.playthrough(SHORT[variant], [], seed=3)


@pytest.mark.parametrize("variant", ["centre-die", "dominoes"])
def test_an_ismcts_bot_plays_a_random_bot(variant):
    game = pyspiel.load_game(SHORT[variant].replace("(", "(seed=5,", 1))
    rng = np.random.RandomState(7)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    searcher = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=16, random_state=rng)
    opponent = pyspiel.make_uniform_random_bot(1, 11)
    results = []
    for _ in range(2):
        state = game.new_initial_state()
        while not state.is_terminal():
            bot = searcher if state.current_player() == 0 else opponent
            state.apply_action(bot.step(state))
        results.append(state.returns())
    for returns in results:
        assert sum(returns) == pytest.approx(0.0)
        assert all(value in (-1.0, 0.0, 1.0) for value in returns)
