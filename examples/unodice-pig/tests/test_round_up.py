"""The house rule round-up, on its own and in games."""

import pytest
import unodice
from unodice.core.moves import Scored
from unodice.play.agents import RandomAgent
from unodice.testing import Showing, check_variant, scripted_game

from unodice_pig.round_up import rounded_up


@pytest.mark.parametrize(("points", "expected"), [(0, 0), (1, 5), (5, 5), (7, 10), (-3, 0)])
def test_rounded_up_to_a_multiple_of_five(points, expected):
    assert rounded_up(points) == expected


def bank(house_rules=(), **options):
    """Seat 0 rolls a red 4 and a blue 3, then holds: 7 points by the plain rules."""
    script = [Showing.of("r4"), Showing.of("b3")]
    game = scripted_game("pig", script, players=2, options=options, house_rules=house_rules)
    for move in ("roll", "roll", "hold"):
        game.play(move)
    return game


def test_a_bank_of_seven_scores_ten():
    game = bank(house_rules=["round-up"])
    assert Scored(0, 10, "banked") in game.events
    assert game.scores == (10, 0)


def test_games_without_the_rule_score_as_usual():
    assert bank().scores == (7, 0)


def test_the_rounded_score_counts_towards_the_target():
    assert not bank(target=10).is_over
    game = bank(house_rules=["round-up"], target=10)
    assert game.is_over
    assert game.winners == (0,)


def test_pig_with_round_up_still_honours_the_variant_contract():
    assert check_variant("pig", players=[2, 3], games=2, house_rules=["round-up"]).ok


@pytest.mark.parametrize("variant", sorted(unodice.available_variants()))
def test_every_score_is_a_multiple_of_five_in_any_variant(variant):
    seats = unodice.available_variants()[variant].players.start
    agents = [RandomAgent(seat) for seat in range(seats)]
    game = unodice.play_game(variant, agents, seed=3, house_rules=["round-up"])
    assert all(event.points % 5 == 0 for event in game.events if isinstance(event, Scored))
