"""The centre-die rules, clause by clause (CD-1 … CD-11), on scripted positions.

Every position is dealt with forced draws and rolls (see ``test_centre_die_support``); the
expected results are worked out by hand from the rules.
"""

from __future__ import annotations

import pytest
from centre_die_support import (
    BLOCKED_SET,
    SMALL_SET,
    bag_ids,
    centre,
    deal,
    draws,
    hand,
    moves,
    of_kind,
    registry_with_test_sets,
    rolls,
)

import unodice
from unodice import IllegalMove
from unodice.core.chance import Draw, Roll, Showing
from unodice.testing import scripted_game

# Number dice come in four kinds, eight of each:
#   A: y1 g2 b3 r4 y5 g6    B: g1 b2 r3 y4 g5 b6    C: b1 r2 y3 g4 b5 r6    D: r1 y2 g3 b4 r5 y6
# A hand of one kind can be re-rolled to any face of that kind.


@pytest.fixture(scope="module")
def small_registry():
    return registry_with_test_sets()


# -- CD-1 setup ------------------------------------------------------------------------------


@pytest.mark.parametrize("players", range(2, 7))
def test_cd1_number_centre_die_and_hands_of_five_rolled_in_play_order(players):
    game = unodice.new_game("centre-die", players=players, seed=players)
    events = game.events
    assert of_kind(events, "starter")[0].seat == 0
    assert of_kind(events, "centre-rolled")[-1].face.is_number
    dealt = of_kind(events, "dealt")
    assert [event.seat for event in dealt] == list(range(players))
    assert all(len(event.faces) == 5 for event in dealt)


def test_cd1_starter_plays_first_without_rerolling():
    game = deal("r5", ["r1", "y2", "g3", "b4", "y6"], ["y1", "g2", "b3", "r4", "y5"])
    assert game.to_act == 0
    assert not of_kind(game.events, "rerolled")
    assert centre(game) == "r5"
    assert hand(game, 0) == ["r1", "y2", "g3", "b4", "y6"]
    assert moves(game) == ["play r1", "decline"]


def test_cd1_a_die_without_a_number_face_is_put_back_and_another_drawn():
    script = [Draw(32), Showing.of("r5")]
    script += draws("r1", "y2", "g3", "b4", "y6") + draws("y1", "g2", "b3", "r4", "y5")
    game = scripted_game("centre-die", script, players=2, lenient=True)
    redrawn = of_kind(game.events, "centre-redrawn")
    assert [event.die.id for event in redrawn] == [32]
    assert centre(game) == "r5"
    assert 32 in bag_ids(game)


def test_cd1_centre_die_rolled_until_it_shows_a_number(small_registry):
    # Die 0 of the small set shows red S on five faces and red 1 on the sixth.
    script = [Draw(0), Roll.of("rS"), Roll.of("rS"), Roll.of("r1")]
    script += draws((1, "r2"), (2, "y1"), (3, "y2"), (4, "y3"), (5, "y1"))
    script += draws((6, "r3"), (7, "y1"), (8, "y2"), (9, "rD2"), (10, "rD2"))
    game = scripted_game(
        "centre-die",
        script,
        players=2,
        options={"dice": SMALL_SET},
        registry=small_registry,
        lenient=True,
    )
    rolled = [event.face.code for event in of_kind(game.events, "centre-rolled")]
    assert rolled == ["rS", "rS", "r1"]
    assert centre(game) == "r1"


def test_cd1_cd10_round_won_by_a_final_d2_whose_draw_counts_and_winner_starts_next_round():
    seat0 = ["r2", (35, "W"), (39, "WD4"), (37, "gS"), "b6"]
    seat1 = [(32, "rS"), (33, "yS"), (34, "bS"), (36, "bD2"), (38, "bD2")]
    game = deal("r5", seat0, seat1, then=draws("y5", "g5") + draws("r6", "g6"))
    game.play("play r2")
    game.play("play rS")
    game.play("play yS")
    game.play("play bS")
    game.play("play bD2 uno")
    events = game.play("play bD2")
    # Seat 0 keeps W, WD4, gS, b6 (50 + 50 + 20 + 6) and drew y5, g5, r6, g6 (5 + 5 + 6 + 6).
    scored = of_kind(events, "scored")
    assert [(event.seat, event.points) for event in scored] == [(1, 148)]
    assert of_kind(events, "round-ended")[0].winners == (1,)
    last_draw = of_kind(events, "drew")[0]
    assert (last_draw.seat, [face.code for face in last_draw.faces]) == (0, ["r6", "g6"])
    assert of_kind(events, "starter")[-1].seat == 1
    assert game.round == 2


# -- CD-2 matching ---------------------------------------------------------------------------


def test_cd2_a_die_matches_by_number_or_colour():
    game = deal("y1", ["y2", "r1", "g3", "b4", "r5"], ["y1", "g2", "b3", "r4", "y5"])
    assert moves(game) == ["play r1", "play y2", "decline"]


def test_cd2_commands_match_by_command_in_any_colour():
    seat0 = [(32, "rS"), (33, "gS"), "y2", "g3", "b4"]
    game = deal("r1", seat0, ["y1", "g2", "b3", "r4", "y5"])
    game.play("play rS")  # two players: seat 1 loses her turn, seat 0 plays again
    assert game.to_act == 0
    assert moves(game) == ["play gS", "decline"]


def test_cd2_a_wild_centre_die_counts_as_its_declared_colour():
    game = deal("r1", [(36, "W"), "r2", "y3", "g4", "b5"], ["g1", "r1", "y1", "b1", "g5"])
    game.play("play W:g")
    assert centre(game) == "W:g"
    assert game.to_act == 1
    assert moves(game) == ["play g1", "play g5", "decline"]


# -- CD-3 step 1 -----------------------------------------------------------------------------


def test_cd3_played_die_becomes_centre_and_old_centre_returns_to_bag():
    game = deal("y1", ["y2", "r1", "g3", "b4", "r5"], ["y1", "g2", "b3", "r4", "y5"])
    old_centre = game.variant.piece_locations(game.state)["centre"][0]
    played = game.state.dice[0][1]
    game.play("play r1")
    assert game.variant.piece_locations(game.state)["centre"] == (played,)
    assert old_centre.id in bag_ids(game)
    assert hand(game, 0) == ["y2", "g3", "b4", "r5"]


def test_cd3_hands_are_not_rerolled_at_the_start_of_a_turn():
    game = deal("y1", ["y2", "r1", "g3", "b4", "r5"], ["y1", "g2", "b3", "r4", "y5"])
    events = game.play("play r1")
    assert game.to_act == 1
    assert not of_kind(events, "rerolled")
    assert hand(game, 1) == ["y1", "g2", "b3", "r4", "y5"]


# -- CD-4 step 2 -----------------------------------------------------------------------------


def test_cd4_declining_rerolls_the_whole_hand_then_play_or_draw():
    game = deal(
        "y1",
        ["y2", "r1", "g3", "b4", "r5"],
        ["y1", "g2", "b3", "r4", "y5"],
        then=rolls("g3", "g3", "b4", "b4", "y6"),
    )
    events = game.play("decline")
    assert [face.code for face in of_kind(events, "rerolled")[0].faces] == [
        "g3",
        "g3",
        "b4",
        "b4",
        "y6",
    ]
    assert game.to_act == 0
    assert moves(game) == ["play y6", "draw"]


def test_cd4_a_hand_with_nothing_to_play_is_rerolled_without_asking():
    game = deal(
        "y1",
        ["g3", "b4", "r5", "g3", "b4"],
        ["y1", "g2", "b3", "r4", "y5"],
        then=rolls("r1", "g3", "b4", "r5", "g3"),
    )
    assert [event.seat for event in of_kind(game.events, "rerolled")] == [0]
    assert game.to_act == 0
    assert moves(game) == ["play r1", "draw"]


# -- CD-5 step 3 -----------------------------------------------------------------------------


def _at_step_two():
    return deal(
        "y1",
        ["y2", "r1", "g3", "b4", "r5"],
        ["g2", "b3", "r4", "y5", "g6"],
        then=rolls("g3", "g3", "b4", "b4", "y6"),
    )


def test_cd5_only_the_drawn_die_may_be_played():
    game = _at_step_two()
    game.play("decline")
    game.chance.extend(draws("y5"))
    game.play("draw")
    assert hand(game, 0) == ["g3", "g3", "b4", "b4", "y6", "y5"]
    assert moves(game) == ["play y5", "keep"]  # y6 matches too, but only the drawn die counts
    with pytest.raises(IllegalMove) as refused:
        game.play("play y6")
    assert refused.value.clause == "CD-5"


def test_cd5_keeping_the_drawn_die_ends_the_turn():
    game = _at_step_two()
    game.play("decline")
    game.chance.extend(draws("y5"))
    game.play("draw")
    game.play("keep")
    assert game.to_act == 1
    assert len(hand(game, 0)) == 6


def test_cd5_a_drawn_die_that_does_not_match_ends_the_turn():
    game = _at_step_two()
    game.play("decline")
    game.chance.extend(draws("g2"))
    events = game.play("draw")
    assert [face.code for face in of_kind(events, "drew")[0].faces] == ["g2"]
    assert game.to_act == 1
    assert hand(game, 0) == ["g3", "g3", "b4", "b4", "y6", "g2"]


def test_cd5_an_empty_bag_gives_nothing_and_the_turn_ends(small_registry):
    # 1 centre die + 2 hands of 5 = all 11 dice of the small set: the bag is empty.
    script = draws((1, "r1"))
    script += draws((2, "y2"), (3, "y3"), (4, "y2"), (5, "y3"), (6, "y2"))
    script += draws((7, "r2"), (8, "y1"), (9, "rD2"), (10, "rD2"), (0, "rS"))
    script += rolls("y3", "y2", "y3", "y2", "y3")
    game = scripted_game(
        "centre-die",
        script,
        players=2,
        options={"dice": SMALL_SET},
        registry=small_registry,
        lenient=True,
    )
    drew = of_kind(game.events, "drew")
    assert [(event.seat, event.faces, event.wanted) for event in drew] == [(0, (), 1)]
    assert game.to_act == 1
    assert len(hand(game, 0)) == 5


# -- CD-6 commands ---------------------------------------------------------------------------


def test_cd6_skip_makes_the_next_player_lose_her_turn():
    game = deal(
        "r1",
        [(32, "rS"), "y2", "g3", "b4", "y6"],
        ["y1", "g2", "b3", "r4", "y5"],
        ["r2", "y3", "g4", "b5", "b1"],
    )
    events = game.play("play rS")
    skipped = [(event.seat, event.victim, event.cause) for event in of_kind(events, "skipped")]
    assert skipped == [(0, 1, "S")]
    assert game.to_act == 2


def test_cd6_reverse_turns_play_the_other_way():
    game = deal(
        "r1",
        [(32, "rR"), "y2", "g3", "b4", "y6"],
        ["r2", "y3", "g4", "b5", "b1"],
        ["y1", "g2", "b3", "r4", "y5"],
    )
    events = game.play("play rR")
    assert [(event.seat, event.direction) for event in of_kind(events, "reversed")] == [(0, -1)]
    assert game.to_act == 2
    game.play("play r4")
    assert game.to_act == 1


def test_cd6_with_two_players_reverse_acts_as_skip():
    game = deal("r1", [(32, "rR"), "y2", "g3", "b4", "y6"], ["r2", "y3", "g4", "b5", "b1"])
    events = game.play("play rR")
    skipped = [(event.seat, event.victim, event.cause) for event in of_kind(events, "skipped")]
    assert skipped == [(0, 1, "R")]
    assert game.to_act == 0


def test_cd6_two_player_reverse_skips_off_only_reverses():
    game = deal(
        "r1",
        [(32, "rR"), "y2", "g3", "b4", "y6"],
        ["r2", "y3", "g4", "b5", "b1"],
        options={"two_player_reverse_skips": False},
    )
    events = game.play("play rR")
    assert not of_kind(events, "skipped")
    assert game.state.seats.direction == -1
    assert game.to_act == 1


def test_cd6_draw_two_makes_the_next_player_draw_two_and_lose_her_turn():
    game = deal(
        "r1",
        [(32, "rD2"), "y2", "g3", "b4", "y6"],
        ["r2", "y3", "g4", "b5", "b1"],
        then=draws("g1", "y4"),
    )
    events = game.play("play rD2")
    drew = of_kind(events, "drew")[0]
    assert (drew.seat, [face.code for face in drew.faces], drew.reason) == (
        1,
        ["g1", "y4"],
        "draw two",
    )
    assert hand(game, 1) == ["r2", "y3", "g4", "b5", "b1", "g1", "y4"]
    assert game.to_act == 0


def test_cd6_draw_two_with_one_die_left_in_the_bag_takes_that_one(small_registry):
    # All 11 dice are dealt; playing rD2 puts the old centre die (die 1) back: one die in the bag.
    script = draws((1, "r1"))
    script += draws((9, "rD2"), (2, "y1"), (3, "y2"), (4, "y3"), (5, "y1"))
    script += draws((6, "y1"), (7, "y2"), (8, "y3"), (10, "rD2"), (0, "rS"))
    game = scripted_game(
        "centre-die",
        script,
        players=2,
        options={"dice": SMALL_SET},
        registry=small_registry,
        lenient=True,
    )
    assert bag_ids(game) == set()
    game.chance.extend(draws((1, "r2")))
    events = game.play("play rD2")
    drew = of_kind(events, "drew")[0]
    assert (drew.seat, [face.code for face in drew.faces], drew.wanted) == (1, ["r2"], 2)
    assert [die.id for die in game.state.dice[1]] == [6, 7, 8, 10, 0, 1]


# -- CD-7 wild dice --------------------------------------------------------------------------


def test_cd7_wild_may_be_played_even_when_another_die_matches():
    game = deal("r1", [(36, "W"), "r2", "y3", "g4", "b5"], ["g1", "r1", "y1", "b1", "g5"])
    assert moves(game) == ["play r2", "play W:r", "play W:y", "play W:g", "play W:b", "decline"]


def test_cd7_wd4_refused_while_a_die_matches_the_centre():
    game = deal("r1", [(38, "WD4"), "r2", "y3", "g4", "b5"], ["g1", "r1", "y1", "b1", "g5"])
    before = game.record()
    with pytest.raises(IllegalMove) as refused:
        game.play("play WD4:b")
    assert refused.value.clause == "CD-7"
    assert "r2" in refused.value.reason
    assert game.record() == before
    assert "play WD4:b" not in moves(game)


def test_cd7_a_wild_in_hand_does_not_block_a_wd4():
    game = deal("r1", [(38, "WD4"), (36, "W"), "y3", "g4", "b5"], ["g1", "r1", "y1", "b1", "g5"])
    assert "play WD4:b" in moves(game)
    assert not any(move.startswith("bluff") for move in moves(game))


def test_cd7_accepted_wd4_draws_four_and_loses_the_turn():
    game = deal(
        "r1",
        [(38, "WD4"), "y3", "g4", "b5", "y2"],
        ["g1", "r1", "y1", "b1", "g5"],
        ["r4", "y5", "b3", "b6", "y4"],
    )
    game.play("play WD4:b")
    assert centre(game) == "WD4:b"
    assert game.to_act == 1
    assert moves(game) == ["challenge", "accept"]
    game.chance.extend(draws("y4", "y5", "y6", "g6"))
    events = game.play("accept")
    assert of_kind(events, "drew")[0].reason == "wild draw four"
    assert hand(game, 1) == ["g1", "r1", "y1", "b1", "g5", "y4", "y5", "y6", "g6"]
    skipped = [(event.seat, event.victim, event.cause) for event in of_kind(events, "skipped")]
    assert skipped == [(0, 1, "WD4")]
    assert game.to_act == 2


def test_cd7_the_die_an_accepted_wd4_covered_is_back_in_the_bag_before_the_victim_draws():
    # CD-3 puts the old centre die back into the bag; under a WD4 that happens once the WD4
    # stands, and before its victim draws her four: she may draw that very die.
    game = deal("r1", [(38, "WD4"), "y3", "g4", "b5", "y2"], ["g1", "r1", "y1", "b1", "g5"])
    covered = game.variant.piece_locations(game.state)["centre"][0]
    game.play("play WD4:b")
    assert covered.id not in bag_ids(game)
    assert game.variant.piece_locations(game.state)["centre"][1] is covered
    game.chance.extend(draws((covered.id, "r1"), "y4", "y5", "y6"))
    game.play("accept")
    assert hand(game, 1)[5:] == ["r1", "y4", "y5", "y6"]
    assert covered in game.state.dice[1]


# -- CD-8 challenge --------------------------------------------------------------------------


def test_cd8_failed_challenge_draws_four_plus_the_penalty_and_loses_the_turn():
    game = deal(
        "r1",
        [(38, "WD4"), "y3", "g4", "b5", "y2"],
        ["g1", "r1", "y1", "b1", "g5"],
        options={"failed_challenge_penalty": 2},
    )
    game.play("play WD4:b")
    game.chance.extend(draws("y4", "y5", "y6", "g6", "g2", "g3"))
    events = game.play("challenge")
    challenged = of_kind(events, "challenged")
    assert [(event.seat, event.offender, event.upheld) for event in challenged] == [(1, 0, False)]
    drew = of_kind(events, "drew")[0]
    assert (drew.seat, len(drew.faces), drew.reason) == (1, 6, "failed challenge")
    assert len(hand(game, 1)) == 11
    assert centre(game) == "WD4:b"
    assert game.to_act == 0  # two players: the challenger lost her turn


def test_cd8_successful_challenge_returns_the_wd4_and_reverts_the_centre():
    game = deal(
        "r1",
        [(38, "WD4"), "r2", "g4", "b5", "y2"],
        ["g1", "r1", "y1", "b1", "g5"],
    )
    old_centre = game.variant.piece_locations(game.state)["centre"][0]
    assert "play WD4:b" not in moves(game)
    game.play("bluff WD4:b")
    assert game.to_act == 1
    game.chance.extend(draws("y4", "y5", "y6", "g6"))
    events = game.play("challenge")
    challenged = of_kind(events, "challenged")
    assert [(event.seat, event.offender, event.upheld) for event in challenged] == [(1, 0, True)]
    drew = of_kind(events, "drew")[0]
    assert (drew.seat, drew.reason) == (0, "illegal wild draw four")
    assert hand(game, 0) == ["r2", "g4", "b5", "y2", "WD4", "y4", "y5", "y6", "g6"]
    assert game.variant.piece_locations(game.state)["centre"] == (old_centre,)
    assert centre(game) == "r1"
    assert game.to_act == 1  # the challenger now takes her turn normally
    assert moves(game) == ["play r1", "play y1", "play g1", "play b1", "decline"]


# -- CD-9 Uno --------------------------------------------------------------------------------


def _down_to_two():
    """Two players; seat 0 skips seat 1 three times and holds r3, r4 (centre rS)."""
    game = deal(
        "r1",
        [(32, "rS"), (37, "rS"), (39, "rS"), "r3", "r4"],
        ["r5", "y1", "y2", "g2", "b2"],
    )
    for _ in range(3):
        game.play("play rS")
    assert hand(game, 0) == ["r3", "r4"]
    return game


def test_cd9_a_play_that_leaves_one_die_comes_with_and_without_the_call():
    game = _down_to_two()
    assert moves(game) == ["play r3", "play r3 uno", "play r4", "play r4 uno", "decline"]


def test_cd9_missed_uno_caught_by_the_next_player_draws_two():
    game = _down_to_two()
    assert not of_kind(game.play("play r3"), "uno")
    assert game.to_act == 1
    assert moves(game)[0] == "catch"
    game.chance.extend(draws("y4", "g4"))
    events = game.play("catch")
    assert [(event.seat, event.offender) for event in of_kind(events, "caught")] == [(1, 0)]
    assert of_kind(events, "drew")[0].reason == "missed uno"
    assert hand(game, 0) == ["r4", "y4", "g4"]
    assert game.to_act == 1
    assert moves(game) == ["play r5", "decline"]


def test_cd9_missed_uno_not_caught_before_the_next_players_move_goes_unpunished():
    game = _down_to_two()
    game.play("play r3")
    game.play("play r5")
    assert game.to_act == 0
    assert "catch" not in moves(game)
    events = game.play("play r4")
    assert of_kind(events, "went-out")[0].seat == 0
    assert [(event.seat, event.points) for event in of_kind(events, "scored")] == [(0, 7)]


def test_cd9_uno_called_cannot_be_caught():
    game = _down_to_two()
    events = game.play("play r3 uno")
    assert [event.seat for event in of_kind(events, "uno")] == [0]
    assert game.to_act == 1
    assert "catch" not in moves(game)


def test_cd9_only_the_next_player_to_act_may_catch():
    # Seats 1 and 2 keep the colour red with W dice; seat 0 plays her fourth die, a red S,
    # without the call: seat 1 loses her turn, so seat 2 is the next player to act.
    game = deal(
        "r1",
        ["r2", "r3", "r4", (39, "rS"), "r6"],
        [(32, "W"), (33, "W"), (34, "W"), "y1", "y2"],
        [(35, "W"), (36, "W"), (37, "W"), "r5", "g2"],
    )
    for number in "234":
        game.play(f"play r{number}")
        assert "catch" not in moves(game)
        game.play("play W:r")
        game.play("play W:r")
    game.play("play rS")
    assert game.to_act == 2
    assert moves(game)[0] == "catch"
    game.play("play r5 uno")
    assert game.to_act == 0
    assert "catch" not in moves(game)
    assert hand(game, 0) == ["r6"]


# -- CD-10 end of a round --------------------------------------------------------------------


def test_cd10_final_wd4_makes_the_next_player_draw_four_without_a_challenge():
    game = deal(
        "r1",
        [(32, "rS"), (37, "rS"), (39, "rS"), "r3", (38, "WD4")],
        ["r5", "y1", "y2", "y3", "y4"],
    )
    for _ in range(3):
        game.play("play rS")
    game.play("play r3 uno")
    game.play("play r5")
    assert moves(game) == ["play WD4:r", "play WD4:y", "play WD4:g", "play WD4:b", "decline"]
    game.chance.extend(draws("y5", "y6", "g1", "g2"))
    events = game.play("play WD4:g")
    assert not of_kind(events, "challenged")
    drew = of_kind(events, "drew")[0]
    assert (drew.seat, drew.reason) == (1, "wild draw four")
    # Seat 1 keeps y1 y2 y3 y4 (10) and drew y5 y6 g1 g2 (14).
    assert [(event.seat, event.points) for event in of_kind(events, "scored")] == [(0, 24)]


def test_cd10_a_round_where_nobody_can_ever_play_ends_without_a_winner(small_registry):
    # Centre red 1; every hand holds dice that show yellow 2 on every face; the bag is empty.
    script = draws((0, "r1")) + draws(*["y2"] * 5) + draws(*["y2"] * 5)
    game = scripted_game(
        "centre-die",
        script,
        players=2,
        options={"dice": BLOCKED_SET, "rounds": 1},
        registry=small_registry,
        lenient=True,
    )
    assert of_kind(game.events, "round-blocked")
    assert of_kind(game.events, "round-ended")[0].winners == ()
    assert not of_kind(game.events, "scored")
    assert game.is_over
    assert game.scores == (0, 0)


# -- CD-11 the match -------------------------------------------------------------------------


def _seat_one_wins_148(options):
    seat0 = ["r2", (35, "W"), (39, "WD4"), (37, "gS"), "b6"]
    seat1 = [(32, "rS"), (33, "yS"), (34, "bS"), (36, "bD2"), (38, "bD2")]
    game = deal("r5", seat0, seat1, then=draws("y5", "g5") + draws("r6", "g6"), options=options)
    for move in ("play r2", "play rS", "play yS", "play bS", "play bD2 uno", "play bD2"):
        game.play(move)
    return game


def test_cd11_the_match_ends_when_a_total_reaches_the_target():
    game = _seat_one_wins_148({"target": 148})
    assert game.is_over
    assert game.scores == (0, 148)
    assert game.winners == (1,)
    assert game.to_act is None


def test_cd11_below_the_target_another_round_starts():
    game = _seat_one_wins_148({"target": 149})
    assert not game.is_over
    assert game.round == 2


def test_cd11_rounds_option_plays_a_fixed_number_of_rounds():
    game = _seat_one_wins_148({"rounds": 1, "target": 10_000})
    assert game.is_over
    assert game.winners == (1,)
    game = _seat_one_wins_148({"rounds": 2, "target": 100})
    assert not game.is_over
