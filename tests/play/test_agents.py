"""Bots and playing whole games."""

from __future__ import annotations

import pytest
from toy import Hold, Roll

import unodice
from unodice.core.errors import InvalidOptions, UnodiceError
from unodice.play.agents import Agent, AgentError, GreedyAgent, RandomAgent, make_agent, play_game


def test_random_agents_with_a_seed_repeat_their_choices(registry):
    def play(seed):
        return play_game(
            "toy-race", [RandomAgent(seed), RandomAgent(seed + 1)], seed=1, registry=registry
        ).record()

    assert play(3) == play(3)
    assert play(3) != play(4)


def test_greedy_agent_takes_the_best_gain_and_the_first_on_ties(registry):
    game = unodice.new_game("toy-race", seed=1, registry=registry)
    greedy = GreedyAgent()
    assert greedy.choose(game.view(0), (Roll(),)) == Roll()
    game.state.turn_total = 6
    assert greedy.choose(game.view(0), (Roll(), Hold())) == Hold()
    game.state.turn_total = 0
    assert greedy.choose(game.view(0), (Roll(), Hold())) == Roll()


def test_make_agent_by_name():
    assert isinstance(make_agent("random", 3), RandomAgent)
    assert isinstance(make_agent("greedy"), GreedyAgent)
    assert isinstance(make_agent("random"), Agent)
    with pytest.raises(InvalidOptions, match=r"known agents: (.*, )?greedy, heuristic, .*random"):
        make_agent("clever")


class Cheat:
    def choose(self, view, moves):
        return Hold()


def test_an_agent_choosing_an_illegal_move_is_named(registry):
    with pytest.raises(AgentError, match="Cheat") as caught:
        play_game("toy-race", [Cheat(), Cheat()], seed=1, registry=registry)
    assert caught.value.seat == 0 and caught.value.seed == 1 and caught.value.decision == 0
    assert "not legal" in caught.value.cause


def test_a_game_that_does_not_end_is_reported(registry):
    with pytest.raises(UnodiceError, match="did not end within 3 decisions"):
        play_game(
            "toy-race", [RandomAgent(1), RandomAgent(2)], seed=1, max_decisions=3, registry=registry
        )
