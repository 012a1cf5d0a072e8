"""The centre-die variant through the public API: options, notation, refusals, views, text."""

from __future__ import annotations

import json

import pytest
from centre_die_support import (
    DOMINO_SET,
    SMALL_SET,
    centre,
    deal,
    hand,
    moves,
    registry_with_test_sets,
    rolls,
)

import unodice
from unodice import GreedyAgent, IllegalMove, InvalidOptions
from unodice.core.moves import MovePlayed
from unodice.core.pieces import Colour, Face
from unodice.core.uno import Caught, Skipped
from unodice.testing import check_variant, pieces_in
from unodice.variants.centre_die import Bluff, CentreDie, Play


@pytest.fixture(scope="module")
def small_registry():
    return registry_with_test_sets()


def _opening():
    """Seat 0 to act at step 1 on a red 1 with r2 and a WD4 (which would be a bluff)."""
    return deal("r1", [(38, "WD4"), "r2", "y3", "g4", "b5"], ["g1", "r1", "y1", "b1", "g5"])


# -- registration and options ----------------------------------------------------------------


def test_registered_for_two_to_six_players():
    info = unodice.available_variants()["centre-die"]
    assert info.variant_class is CentreDie
    assert info.players == range(2, 7)
    names = [option.name for option in info.options]
    assert names == [
        "target",
        "rounds",
        "two_player_reverse_skips",
        "failed_challenge_penalty",
        "dice",
        "draw_after_reroll",
        "catch_by",
    ]


def test_cd11_options_defaults():
    game = unodice.new_game("centre-die", players=3, seed=1)
    options = game.options
    assert (options.target, options.rounds, options.two_player_reverse_skips) == (500, None, True)
    assert (options.failed_challenge_penalty, options.dice) == (0, "centre-die-40")


def test_options_from_a_game_string():
    game = unodice.new_game("centre-die(players=4,target=100,rounds=none)", seed=2)
    assert (game.players, game.options.target, game.options.rounds) == (4, 100, None)


@pytest.mark.parametrize(
    "options",
    [
        {"target": 0},
        {"rounds": 0},
        {"failed_challenge_penalty": -1},
        {"failed_challenge_penalty": 21},
        {"two_player_reverse_skips": "maybe"},
    ],
)
def test_out_of_range_options_are_refused(options):
    with pytest.raises(InvalidOptions):
        unodice.new_game("centre-die", players=2, seed=0, options=options)


@pytest.mark.parametrize("players", [1, 7])
def test_player_counts_outside_two_to_six_are_refused(players):
    with pytest.raises(InvalidOptions):
        unodice.new_game("centre-die", players=players, seed=0)


def test_unknown_dice_set_is_refused_with_the_sets_that_exist():
    with pytest.raises(InvalidOptions) as refused:
        unodice.new_game("centre-die", players=2, seed=0, options={"dice": "no-such-dice"})
    assert "centre-die-40" in str(refused.value)


def test_a_set_of_dominoes_is_refused(small_registry):
    with pytest.raises(InvalidOptions) as refused:
        unodice.new_game(
            "centre-die", players=2, seed=0, options={"dice": DOMINO_SET}, registry=small_registry
        )
    assert "dominoes" in str(refused.value)


def test_a_set_too_small_for_the_players_is_refused(small_registry):
    options = {"dice": SMALL_SET}
    unodice.new_game("centre-die", players=2, seed=0, options=options, registry=small_registry)
    with pytest.raises(InvalidOptions) as refused:
        unodice.new_game("centre-die", players=3, seed=0, options=options, registry=small_registry)
    assert "16" in str(refused.value)


# -- notation --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("play r5", Play(Face.parse("r5"))),
        ("PLAY gD2 UNO", Play(Face.parse("gD2"), None, True)),
        ("play W:g", Play(Face("W"), Colour.GREEN)),
        ("play wd4:blue uno", Play(Face("WD4"), Colour.BLUE, True)),
        ("bluff WD4:y", Bluff(Colour.YELLOW)),
    ],
)
def test_notation_reads_plays(text, move):
    game = _opening()
    parsed = game.variant.parse_move(text)
    assert parsed == move
    assert game.variant.parse_move(str(parsed)) == parsed


@pytest.mark.parametrize("word", ["decline", "draw", "keep", "challenge", "accept", "catch"])
def test_notation_reads_single_words(word):
    assert str(_opening().variant.parse_move(f"  {word.upper()} ")) == word


@pytest.mark.parametrize(
    ("text", "clause"),
    [
        ("play W", "CD-7"),
        ("bluff r5", "CD-7"),
        ("play r5:g", None),
        ("play x9", None),
        ("play r5 now", None),
        ("jump", None),
        ("", None),
    ],
)
def test_unreadable_notation_says_what_notation_looks_like(text, clause):
    with pytest.raises(IllegalMove) as refused:
        _opening().variant.parse_move(text)
    assert refused.value.clause == clause
    assert "'play" in refused.value.reason or "'bluff" in refused.value.reason


# -- refusals cite their clause --------------------------------------------------------------


@pytest.mark.parametrize(
    ("move", "clause"),
    [
        ("play g4", "CD-2"),
        ("play r3", "CD-3"),
        ("play r2 uno", "CD-9"),
        ("draw", "CD-3"),
        ("keep", "CD-3"),
        ("challenge", "CD-8"),
        ("catch", "CD-9"),
        ("play WD4:g", "CD-7"),
    ],
)
def test_refused_moves_cite_the_clause_and_change_nothing(move, clause):
    game = _opening()
    before = json.dumps(game.record())
    with pytest.raises(IllegalMove) as refused:
        game.play(move)
    assert refused.value.clause == clause
    assert json.dumps(game.record()) == before


def test_cd4_decline_after_the_reroll_is_refused():
    game = deal(
        "y1",
        ["y2", "r1", "g3", "b4", "r5"],
        ["y1", "g2", "b3", "r4", "y5"],
        then=rolls("g3", "g3", "b4", "b4", "y6"),
    )
    game.play("decline")
    with pytest.raises(IllegalMove) as refused:
        game.play("decline")
    assert refused.value.clause == "CD-4"


def test_cd7_a_legal_wd4_is_no_bluff():
    game = deal("r1", [(38, "WD4"), "y3", "g4", "b5", "y2"], ["g1", "r1", "y1", "b1", "g5"])
    with pytest.raises(IllegalMove) as refused:
        game.play("bluff WD4:b")
    assert refused.value.clause == "CD-7"


def test_cd8_other_moves_wait_for_the_answer_to_a_wd4():
    game = deal("r1", [(38, "WD4"), "y3", "g4", "b5", "y2"], ["g1", "r1", "y1", "b1", "g5"])
    game.play("play WD4:b")
    with pytest.raises(IllegalMove) as refused:
        game.play("play b1")
    assert refused.value.clause == "CD-8"


# -- what seats see --------------------------------------------------------------------------


def test_hands_are_open_and_only_the_bag_is_hidden():
    game = unodice.new_game("centre-die", players=4, seed=3)
    for seat in range(4):
        view = game.view(seat)
        assert [len(h) for h in view.data["hands"]] == [len(d) for d in game.state.dice]
        assert view.data["bag"] == len(game.state.bag)
        hidden = {die.id for die in game.variant.hidden_pieces(game.state, seat)}
        assert hidden == {die.id for die in game.state.bag}
        assert not {die.id for die in pieces_in(view.data)} & hidden
        json.dumps(view.to_json())


def test_every_die_is_in_exactly_one_place():
    game = unodice.new_game("centre-die", players=6, seed=4)
    places = game.variant.piece_locations(game.state)
    assert set(places) == {"centre", "bag", *(f"hand {seat}" for seat in range(6))}
    ids = sorted(die.id for dice in places.values() for die in dice)
    assert ids == list(range(40))


def test_view_tells_the_hit_player_whether_the_wd4_was_legal():
    game = _opening()
    game.play("bluff WD4:g")
    assert game.view(1).data["wd4_legal"] is False
    assert game.view(1).data["phase"] == "challenge"


def test_render_shows_centre_every_hand_bag_direction_and_scores():
    game = deal("r5", ["r1", "y2", "g3", "b4", "y6"], ["y1", "g2", "b3", "r4", "y5"])
    text = game.render(0)
    assert "r5" in text
    assert "r1 y2 g3 b4 y6" in text and "y1 g2 b3 r4 y5" in text
    assert f"bag {40 - 11}" in text
    assert "clockwise" in text
    assert "\x1b[" not in text
    assert "\x1b[" in game.render(None, colour=True)


def test_describe_gives_a_line_per_event_naming_the_seat():
    variant = _opening().variant
    played = MovePlayed(2, Play(Face.parse("r5"), None, True))
    assert "seat 2" in variant.describe(played) and "play r5 uno" in variant.describe(played)
    assert "seat 1" in variant.describe(Skipped(0, 1, "S"))
    assert "seat 3" in variant.describe(Caught(0, 3))


def test_every_event_of_a_game_has_a_description():
    game = unodice.play_game(
        "centre-die", agents=[unodice.RandomAgent(1)] * 3, seed=5, options={"rounds": 1}
    )
    for event in game.events:
        line = game.variant.describe(event)
        assert line and "\n" not in line


# -- bots ------------------------------------------------------------------------------------


def test_greedy_sheds_the_most_valuable_die_and_calls_uno():
    game = deal("r1", [(36, "W"), "r2", "y3", "g4", "b5"], ["g1", "r1", "y1", "b1", "g5"])
    choice = GreedyAgent().choose(game.view(0), game.legal_moves())
    assert choice.face == Face("W")
    game = deal(
        "r1",
        [(32, "rS"), (37, "rS"), (39, "rS"), "r3", "r4"],
        ["r5", "y1", "y2", "g2", "b2"],
    )
    for _ in range(3):
        game.play("play rS")
    assert str(GreedyAgent().choose(game.view(0), game.legal_moves())) == "play r4 uno"


def test_greedy_catches_and_challenges_only_a_bluff():
    game = _opening()
    game.play("bluff WD4:g")
    assert str(GreedyAgent().choose(game.view(1), game.legal_moves())) == "challenge"
    game = deal("r1", [(38, "WD4"), "y3", "g4", "b5", "y2"], ["g1", "r1", "y1", "b1", "g5"])
    game.play("play WD4:b")
    assert str(GreedyAgent().choose(game.view(1), game.legal_moves())) == "accept"


def test_greedy_prefers_going_out():
    game = deal(
        "r1",
        [(32, "rS"), (37, "rS"), (39, "rS"), "r3", (35, "W")],
        ["r5", "y1", "y2", "g2", "b2"],
    )
    for _ in range(3):
        game.play("play rS")
    game.play("play W:r uno")
    game.play("play r5")
    assert game.to_act == 0
    view = game.view(0)
    assert view.gain(game.legal_moves()[0]) > 1000


def test_catch_is_worth_more_than_any_play():
    game = deal(
        "r1",
        [(32, "rS"), (37, "rS"), (39, "rS"), "r3", "r4"],
        ["r5", (35, "W"), "y2", "g2", "b2"],
    )
    for _ in range(3):
        game.play("play rS")
    game.play("play r3")
    assert str(GreedyAgent().choose(game.view(1), game.legal_moves())) == "catch"


# -- the conformance kit ---------------------------------------------------------------------


@pytest.mark.slow
def test_check_variant_passes_for_two_to_six_players():
    report = check_variant("centre-die", games=2, seed=11, options={"target": 100})
    assert report.ok and report.games == 10


@pytest.mark.slow
def test_check_variant_passes_with_every_option_changed():
    options = {"rounds": 2, "two_player_reverse_skips": False, "failed_challenge_penalty": 3}
    report = check_variant("centre-die", players=[2, 3], games=2, seed=12, options=options)
    assert report.ok


def test_a_copy_plays_on_without_touching_the_original():
    game = deal("r5", ["r1", "y2", "g3", "b4", "y6"], ["y1", "g2", "b3", "r4", "y5"])
    twin = game.copy()
    before = json.dumps(game.record())
    twin.play("play r1")
    assert centre(twin) == "r1"
    assert json.dumps(game.record()) == before
    assert centre(game) == "r5"
    assert hand(game, 0) == ["r1", "y2", "g3", "b4", "y6"]
    assert moves(game) == ["play r1", "decline"]
