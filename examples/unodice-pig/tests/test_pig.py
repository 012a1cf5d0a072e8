"""Pig, clause by clause: the rules, their plain reading, positions, spaces and the bot.

Each test names the clause it checks (PIG-1 to PIG-5, in the docstring of ``pig.py``), and its
numbers are worked out by hand from the rules.
"""

import re
from collections import Counter
from typing import ClassVar

import pytest
import unodice
from unodice import IllegalMove, InvalidOptions, Move, RandomAgent, new_game
from unodice.core.registry import Registry
from unodice.core.spaces import catalogue, encode, observation_size
from unodice.play.agents import make_agent
from unodice.plugin import ComponentSet, InvalidPosition, Scored, hookimpl
from unodice.testing import Showing, check_variant, refused, script_used, scripted_game

import unodice_pig
from unodice_pig import HoldAt, Pig, pig, unodice_register
from unodice_pig.pig import DICE, Busted, Rolled

# -- the contract and the rules, clause by clause --------------------------------------------------


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
    with pytest.raises(IllegalMove) as refusal:
        game.play("hold")
    assert refusal.value.clause == "PIG-4"
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
    with pytest.raises(IllegalMove) as refusal:
        game.play(Place())
    assert refusal.value.clause == "PIG-2"


def test_pig5_a_move_after_the_win_cites_the_winning_clause():
    game = rolled_game("y5", target=5)
    game.play("hold")
    with pytest.raises(IllegalMove) as refusal:
        game.play("roll")
    assert refusal.value.clause == "PIG-5"


# -- against the plain reading ---------------------------------------------------------------------


def count_the_reference(monkeypatch) -> Counter:
    """Count the moves pig's plain reading scores, by notation (holds that score apart), and
    the wins it scores the end of."""
    counts = Counter()
    move_points, round_points = Pig.reference_move_points, Pig.reference_round_points

    def counted_move_points(variant, state, move):
        points = move_points(variant, state, move)
        counts[f"{move} that scores" if any(points) else str(move)] += 1
        return points

    def counted_round_points(variant, state):
        counts["win"] += 1
        return round_points(variant, state)

    monkeypatch.setattr(Pig, "reference_move_points", counted_move_points)
    monkeypatch.setattr(Pig, "reference_round_points", counted_round_points)
    return counts


@pytest.mark.parametrize("options", [{}, {"target": 1}])
def test_pig2_to_pig5_the_rules_agree_with_the_reference_in_random_games(monkeypatch, options):
    counts = count_the_reference(monkeypatch)
    report = check_variant("pig", games=2, options=options, reference=True)
    assert report.ok
    assert sum(counts.values()) == report.decisions + report.games
    assert {"roll", "hold that scores", "win"} <= set(counts), counts


def test_the_check_catches_a_reference_that_is_wrong(monkeypatch):
    # A reference that lets a player hold with nothing to hold (PIG-4), and one that counts
    # every number twice (PIG-2).
    value = pig.pig2_value
    for name, wrong, words in [
        ("pig4_may_hold", lambda state: True, r"missing \['hold'\]"),
        ("pig2_value", lambda face: 2 * value(face), r"scored \[.*\], the reference says"),
    ]:
        with monkeypatch.context() as patch:
            patch.setattr(pig, name, wrong)
            found = check_variant(
                "pig", players=[2], games=2, reference=True, raise_on_failure=False
            )
        assert any(re.search(words, failure) for failure in found.failures), found.failures
    assert check_variant("pig", players=[2], games=2, reference=True).ok


def test_pig4_the_reference_scores_a_hold_from_the_faces_rolled():
    game = scripted_game("pig", [Showing.of("r4"), Showing.of("b3")], players=2)
    game.play("roll")
    game.play("roll")
    (hold,) = [move for move in game.legal_moves() if str(move) == "hold"]
    assert game.variant.reference_move_points(game.state, hold) == [7, 0]
    assert {str(move) for move in game.variant.reference_legal_moves(game.state)} == {
        "roll",
        "hold",
    }


# -- the dice (PIG-1) ---------------------------------------------------------------------------


def test_pig1_every_game_shares_one_sealed_lookup_of_the_dice():
    first, second = new_game("pig", players=2, seed=1), new_game("pig", players=3, seed=2)
    assert first.variant._lookups is second.variant._lookups
    assert len(first.variant._lookups.dice) == 40
    assert first.variant._lookups.letters_only  # the action dice: the bag never runs dry
    with pytest.raises(AttributeError, match="cannot be changed"):
        first.variant._lookups.dice = ()


class NumbersOnly:
    """A plugin that replaces the centre-die dice with dice that show only numbers."""

    @hookimpl
    def unodice_register(self, registry):
        face = {"symbol": "1", "colour": "red"}
        registry.add_components(ComponentSet.from_json({"set": DICE, "dice": [[face] * 6] * 3}))


def test_pig1_a_set_whose_bag_could_run_dry_is_refused():
    registry = Registry.from_entry_points(allow_override={"numbers-only"})
    registry.add_plugin(NumbersOnly(), "numbers-only")
    with pytest.raises(InvalidOptions, match="only letters"):
        new_game("pig", players=2, registry=registry)


# -- positions -------------------------------------------------------------------------------------


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


# -- spaces for learning agents --------------------------------------------------------------------


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


# -- the bot ---------------------------------------------------------------------------------------


def pig_registry() -> Registry:
    registry = Registry()
    registry.add_plugin(unodice_pig, "pig")
    return registry


def test_the_package_registers_hold_at_20():
    registry = pig_registry()
    info = registry.agent("hold-at-20")
    assert info.plugin == "pig" and "20" in info.summary
    agent = make_agent("hold-at-20", 1, registry)
    assert isinstance(agent, HoldAt) and agent.threshold == 20
    assert callable(unodice_register) and Pig.name == "pig"


def test_it_holds_at_20_and_rolls_below():
    game = unodice.new_game("pig", seed=1, registry=pig_registry())
    agent = HoldAt(20)
    moves = game.legal_moves()
    assert str(agent.choose(game.view(game.to_act), moves)) == "roll"
    while game.view(game.to_act).data["turn_total"] < 20 and game.to_act == 0:
        game.play("roll")
    if game.to_act == 0:
        assert str(agent.choose(game.view(0), game.legal_moves())) == "hold"


def test_it_beats_random_play_in_the_arena():
    report = unodice.tournament(
        "pig",
        {"hold": "hold-at-20", "random": "random"},
        games=200,
        seed=1,
        workers=1,
        registry=pig_registry(),
    )
    hold = report.agents[0]
    assert hold.agent == "hold" and hold.low > 0.5
    assert report.agents[0].seats == report.agents[1].seats == (100, 100)
