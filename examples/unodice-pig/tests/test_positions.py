"""Positions of pig: written and read back, written by hand, and refused when malformed."""

import pytest
from unodice import RandomAgent, new_game
from unodice.core.errors import InvalidPosition
from unodice.testing import Showing, refused, script_used, scripted_game


def test_a_position_reads_back_as_the_game_at_every_decision():
    game = new_game("pig", players=3, seed=7, options={"target": 30})
    agent = RandomAgent(7)
    decisions = 0
    while not game.is_over:
        text = game.position()
        again = new_game(position=text, seed=1)
        assert again.position() == text
        assert again.legal_moves() == game.legal_moves()
        assert [again.view(seat) for seat in range(3)] == [game.view(seat) for seat in range(3)]
        game.play(agent.choose(game.view(game.to_act), game.legal_moves()))
        decisions += 1
    assert decisions > 20


def test_pig5_holding_from_a_hand_written_position_wins_at_the_target():
    # Seat 1 has 46 points and has rolled a red 4 this turn: holding makes 50, the target.
    position = "pig players=2 round=1 scores=0,46 points=0,46 | turn=1 rolled=r4 bag=rest"
    game = scripted_game(position=position)
    assert game.to_act == 1
    assert game.view(1).data["turn_total"] == 4
    game.play("hold")
    assert game.is_over
    assert game.winners == (1,)
    assert game.scores == (0, 50)


def test_pig2_a_roll_from_a_hand_written_position_adds_to_the_turn_total():
    position = "pig players=2 round=1 scores=0,0 points=0,0 | turn=0 rolled=r4,b3 bag=rest"
    game = scripted_game(script=[Showing.of("g6")], position=position)
    game.play("roll")
    script_used(game)
    assert game.view(0).data["turn_total"] == 4 + 3 + 6
    assert game.view(0).data["bag"] == 40 - 3


def test_pig4_holding_nothing_is_refused_at_a_position_with_nothing_rolled():
    game = new_game(
        position="pig players=2 round=1 scores=5,0 points=5,0 | turn=1 rolled=- bag=rest"
    )
    assert refused(game, "hold").clause == "PIG-4"


@pytest.mark.parametrize(
    ("body", "why"),
    [
        ("turn=0 rolled=-", "field bag missing"),
        ("turn=2 rolled=- bag=rest", "turn must be from 0 to 1"),
        ("turn=0 rolled=yS bag=rest", r"busted the turn \(PIG-3\)"),
        ("turn=0 rolled=@3 bag=rest", "write the face die 3 shows"),
        ("turn=0 rolled=r1@3 bag=@3", "named twice"),
        ("turn=0 rolled=- bag=@0,@1", "leaves 38 pieces of the set out"),
        ("turn=0 rolled=- bag=rest colour=red", "unknown field 'colour'"),
    ],
)
def test_a_malformed_position_is_refused_saying_what_is_wrong(body, why):
    with pytest.raises(InvalidPosition, match=why):
        new_game(position=f"pig players=2 round=1 scores=0,0 points=0,0 | {body}")


def test_pig5_a_position_in_which_a_score_has_reached_the_target_is_refused():
    with pytest.raises(InvalidPosition, match=r"the game would be over \(PIG-5\)"):
        new_game(
            position="pig(target=20) players=2 round=1 scores=20,0 points=20,0 | turn=1 "
            "rolled=- bag=rest"
        )
