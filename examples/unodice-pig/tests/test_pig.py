"""The rules of pig, clause by clause, and the contract every variant honours."""

from typing import ClassVar

import pytest
from unodice import IllegalMove, InvalidOptions, Move, new_game
from unodice.core.moves import Scored
from unodice.testing import Showing, check_variant, scripted_game

from unodice_pig.events import Busted, Rolled


class Place(Move):
    """A move of some other game."""

    kind: ClassVar[str] = "place"

    def __str__(self) -> str:
        return "place"


def rolled_game(*faces: str, **options: int):
    """A two-player game in which seat 0 has rolled dice showing ``faces``, in order."""
    game = scripted_game("pig", [Showing.of(face) for face in faces], players=2, options=options)
    for _ in faces:
        game.play("roll")
    return game


def test_pig_honours_the_variant_contract():
    report = check_variant("pig", games=3)
    assert report.ok
    assert report.games == 3 * len(range(2, 7))


def test_pig1_seat_zero_starts_with_every_die_in_the_bag():
    game = new_game("pig", players=3, seed=11)
    assert game.to_act == 0
    assert game.view(0).data["bag"] == 40
    assert [str(move) for move in game.legal_moves()] == ["roll"]


def test_pig2_numbers_add_up_and_the_player_may_go_on():
    game = rolled_game("r4", "b3")
    view = game.view(0)
    assert view.data["turn_total"] == 4 + 3
    assert view.data["bag"] == 40 - 2
    assert game.to_act == 0
    assert [str(move) for move in game.legal_moves()] == ["roll", "hold"]


def test_pig2_the_roll_is_an_event_with_the_face_shown():
    game = scripted_game("pig", [Showing.of("g6")], players=2)
    (rolled,) = [event for event in game.play("roll") if isinstance(event, Rolled)]
    assert (rolled.seat, rolled.face.code) == (0, "g6")
    assert "g6" in [face.code for face in rolled.die.faces]


def test_pig3_a_letter_loses_the_turn_total_and_returns_the_dice():
    game = rolled_game("g6", "yS")
    assert Busted(0, 6) in game.events
    assert game.scores == (0, 0)
    assert game.to_act == 1
    assert game.view(1).data["turn_total"] == 0
    assert game.view(1).data["bag"] == 40


def test_pig3_a_wild_face_busts_too():
    game = rolled_game("r2", "W")
    assert Busted(0, 2) in game.events
    assert game.to_act == 1


def test_pig4_holding_scores_the_turn_total_and_passes_the_turn():
    game = rolled_game("r4", "b3")
    events = game.play("hold")
    assert Scored(0, 7, "banked") in events
    assert game.scores == (7, 0)
    assert game.to_act == 1
    assert game.view(1).data["bag"] == 40


def test_pig4_holding_nothing_is_refused_and_changes_nothing():
    game = new_game("pig", players=2, seed=5)
    before = game.record()
    with pytest.raises(IllegalMove) as refused:
        game.play("hold")
    assert refused.value.clause == "PIG-4"
    assert game.record() == before


def test_pig5_reaching_the_target_wins_at_once():
    game = rolled_game("y5", target=5)
    game.play("hold")
    assert game.is_over
    assert game.winners == (0,)
    assert game.scores == (5, 0)
    assert game.to_act is None


def test_pig5_below_the_target_play_goes_on():
    game = rolled_game("y5", target=6)
    game.play("hold")
    assert not game.is_over
    assert game.to_act == 1


def test_notation_reads_back_in_any_case():
    game = rolled_game("b1")
    assert game.variant.parse_move(" HOLD ") in game.legal_moves()


def test_unreadable_notation_says_what_moves_look_like():
    game = new_game("pig", players=2, seed=1)
    with pytest.raises(IllegalMove, match="'roll' or 'hold'"):
        game.play("jump")


def test_a_target_out_of_range_is_refused():
    with pytest.raises(InvalidOptions, match="target"):
        new_game("pig", options={"target": 0})


def test_pig2_a_move_of_another_game_is_refused_citing_a_clause():
    game = new_game("pig", players=2, seed=1)
    with pytest.raises(IllegalMove) as refused:
        game.play(Place())
    assert refused.value.clause == "PIG-2"


def test_pig5_a_move_after_the_win_cites_the_winning_clause():
    game = rolled_game("y5", target=5)
    game.play("hold")
    with pytest.raises(IllegalMove) as refused:
        game.play("roll")
    assert refused.value.clause == "PIG-5"
