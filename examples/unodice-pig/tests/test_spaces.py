"""Pig for learning agents: every legal move is numbered, and observations show only the view."""

import pytest
from unodice import RandomAgent, new_game
from unodice.core.spaces import catalogue, encode, observation_size


def observation(game, seat):
    out = [0.0] * observation_size(game.variant)
    encode(game.view(seat), out)
    return out


@pytest.mark.parametrize("players", range(2, 7))
def test_every_legal_move_at_every_decision_is_numbered_and_reads_back(players):
    for seed in range(3):
        game = new_game("pig", players=players, seed=seed, options={"target": 30})
        actions = catalogue(game.variant)
        agent = RandomAgent(seed)
        while not game.is_over:
            for move in game.legal_moves():
                assert actions.move(actions.index(move)) == move
            game.play(agent.choose(game.view(game.to_act), game.legal_moves()))


def test_roll_is_action_0_and_hold_action_1_whatever_the_seats_and_target():
    for players in range(2, 7):
        game = new_game("pig", players=players, seed=1, options={"target": 20})
        assert [str(move) for move in catalogue(game.variant).moves] == ["roll", "hold"]
        for move in catalogue(game.variant).moves:
            assert game.variant.parse_move(str(move)) == move


@pytest.mark.parametrize("players", [2, 4, 6])
def test_observations_fit_the_layout_from_0_to_1_and_survive_determinization(players):
    game = new_game("pig", players=players, seed=3, options={"target": 30})
    agent = RandomAgent(3)
    step = 0
    while not game.is_over:
        seat = step % players
        values = observation(game, seat)
        assert len(values) == 2 * players + 2
        assert all(0 <= value <= 1 for value in values)
        assert observation(game.determinize(seat, step), seat) == values
        game.play(agent.choose(game.view(game.to_act), game.legal_moves()))
        step += 1


def test_each_seat_sees_its_own_score_first_and_the_next_seat_up_second():
    # Seat 1 has rolled a red 4 (PIG-2); the scores are 10, 20 and 25 of a target of 50.
    position = "pig players=3 round=1 scores=10,20,25 points=10,20,25 | turn=1 rolled=r4 bag=rest"
    game = new_game(position=position, seed=1)
    assert observation(game, 0) == [0.2, 0.4, 0.5, 0, 1, 0, 4 / 50, 39 / 40]
    assert observation(game, 1) == [0.4, 0.5, 0.2, 1, 0, 0, 4 / 50, 39 / 40]
    assert observation(game, 2) == [0.5, 0.2, 0.4, 0, 0, 1, 4 / 50, 39 / 40]


def test_pig2_a_roll_shows_in_the_observation():
    game = new_game("pig", players=2, seed=4)
    before = observation(game, 0)
    game.play("roll")
    assert observation(game, 0) != before
