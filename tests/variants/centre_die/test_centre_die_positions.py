"""Centre-die positions: written at every decision, read back into a game that plays the same.

A position read back must be indistinguishable from the game it was written from: the same
views, moves, rendering, events and position at every step, given the same chance. Positions
written by hand set up rule situations directly (CD-7, CD-8, CD-9); broken ones are refused
with an ``InvalidPosition`` that names the field.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import unodice
from unodice.core.chance import Chance
from unodice.core.errors import InvalidPosition
from unodice.variants.centre_die.positions import FIELDS

# The default set: dice 0-31 are number dice of four kinds, by id modulo four,
#   0: y1 g2 b3 r4 y5 g6    1: g1 b2 r3 y4 g5 b6    2: b1 r2 y3 g4 b5 r6    3: r1 y2 g3 b4 r5 y6
# and dice 32-39 carry the commands and the wild faces (every one of 32-35 has W and WD4).

TWO_PLAYERS = "centre-die players=2 round=1 scores=0,0 points=0,0"


def position(body: str, header: str = TWO_PLAYERS) -> str:
    return f"{header} | {body}"


def body(**changes: str) -> str:
    """A hand-written step-1 body for two players, with some fields changed (None: left out)."""
    fields = {
        "phase": "step1",
        "turn": "0",
        "direction": "cw",
        "centre": "r5",
        "wd4": "-",
        "covered": "-",
        "catchable": "-",
        "starter": "0",
        "hands": "r1,y2,g3/b4,y6",
        "bag": "rest",
    }
    fields.update(changes)
    return " ".join(f"{key}={value}" for key, value in fields.items() if value is not None)


def faces(game: unodice.Game, seat: int) -> list[str]:
    return [face.code for face in game.view(seat).data["hands"][seat]]


def event_log(game: unodice.Game) -> list[dict[str, object]]:
    return [event.to_json() for event in game.events]


# -- the round trip --------------------------------------------------------------------------


def assert_same_game(read: unodice.Game, twin: unodice.Game) -> None:
    assert read.is_over == twin.is_over
    assert read.scores == twin.scores
    assert event_log(read) == event_log(twin)
    if read.is_over:
        return
    for seat in range(read.players):
        assert read.view(seat) == twin.view(seat)
    assert read.legal_moves() == twin.legal_moves()
    assert read.render() == twin.render()
    assert read.position() == twin.position()


@pytest.mark.parametrize("players", [2, 3, 4, 6])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_position_read_back_plays_exactly_as_the_game_it_was_written_from(players, seed):
    rng = random.Random(seed * 10 + players)
    game = unodice.new_game("centre-die", players, seed=seed, options={"rounds": 3})
    checked = 0
    for decision in range(120):
        if game.is_over:
            break
        if decision % 8 == 0:
            text = game.position()
            chance_seed = rng.randrange(1000)
            read = unodice.new_game(position=text, seed=chance_seed)
            twin = game.copy(history=False)
            twin._chance = Chance(chance_seed)
            assert read.position() == text
            assert_same_game(read, twin)
            for _ in range(15):
                if read.is_over:
                    break
                move = rng.choice(read.legal_moves())
                read.play(move)
                twin.play(move)
                assert_same_game(read, twin)
            checked += 1
        game.play(rng.choice(game.legal_moves()))
    assert checked >= 5


def test_every_phase_and_the_pending_challenge_round_trip():
    # Random play reaches every phase; each position read back writes the same text.
    seen = set()
    for seed in range(12):
        rng = random.Random(seed)
        game = unodice.new_game("centre-die", 2 + seed % 5, seed=seed)
        for _ in range(150):
            if game.is_over:
                break
            text = game.position()
            assert unodice.new_game(position=text).position() == text
            fields = dict(field.split("=", 1) for field in text.split(" | ")[1].split())
            assert list(fields) == list(FIELDS)
            seen.add(fields["phase"])
            if fields["catchable"] != "-":
                seen.add("catchable")
            game.play(rng.choice(game.legal_moves()))
    assert seen == {"step1", "step2", "step3", "challenge", "catchable"}


# -- positions written by hand ---------------------------------------------------------------


def test_a_hand_written_position_names_dice_by_face_and_fills_the_bag_with_the_rest():
    game = unodice.new_game(position=position(body()), seed=1)
    assert faces(game, 0) == ["r1", "y2", "g3"]
    assert faces(game, 1) == ["b4", "y6"]
    written = game.position()
    # The first unused die by id with each face: r5 is on die 3, r1 on 7, y2 on 11, ...
    assert "centre=r5@3 " in written
    assert "hands=r1@7,y2@11,g3@15/b4@19,y6@23 " in written
    assert game.view(0).data["bag"] == 40 - 6
    assert [str(move) for move in game.legal_moves()] == ["play r1", "decline"]


def wd4_challenge(wd4: str) -> unodice.Game:
    """Seat 0 has just played a WD4, declaring green, on r5; seat 1 answers it (CD-8).

    Seat 0 kept r1, which matched r5: the WD4 broke CD-7 (``wd4=illegal``), unless the test
    says it did not. Her g2 matches the WD4's green, should her turn come round again.
    """
    text = body(phase="challenge", centre="WD4:g", wd4=wd4, covered="r5", hands="r1,g2/r3,b4")
    return unodice.new_game(position=position(text), seed=4)


def test_cd8_a_successful_challenge_returns_the_wd4_and_its_player_draws_four():
    game = wd4_challenge("illegal")
    assert game.to_act == 1
    assert [str(move) for move in game.legal_moves()] == ["challenge", "accept"]
    game.play("challenge")
    assert "WD4" in faces(game, 0)
    assert len(faces(game, 0)) == 2 + 1 + 4
    assert game.view(1).data["centre"].code == "r5"
    assert game.to_act == 1  # the challenger plays her turn normally: r3 matches r5


def test_cd8_a_failed_challenge_costs_the_challenger_four_and_her_turn():
    game = wd4_challenge("legal")
    game.play("challenge")
    assert len(faces(game, 1)) == 2 + 4
    assert game.view(0).data["centre"].code == "WD4"
    assert game.view(0).data["centre_colour"].letter == "g"
    assert game.to_act == 0  # with two players the victim's lost turn comes back to seat 0


def test_cd7_an_accepted_wd4_costs_its_victim_four_and_her_turn():
    game = wd4_challenge("illegal")
    game.play("accept")
    assert len(faces(game, 1)) == 2 + 4
    assert game.to_act == 0


def test_cd9_a_catchable_seat_is_caught_first_and_draws_two():
    text = body(turn="1", catchable="0", hands="y2/r3,b4")
    game = unodice.new_game(position=position(text), seed=2)
    assert game.to_act == 1
    assert str(game.legal_moves()[0]) == "catch"
    game.play("catch")
    assert len(faces(game, 0)) == 3
    assert game.to_act == 1


def test_cd5_in_step3_only_the_drawn_die_may_be_played():
    # Seat 0 drew y5 (the last die of her hand) after a re-roll that left nothing to play.
    text = body(phase="step3", centre="y1", hands="r2,b3,y5/b4,y6")
    game = unodice.new_game(position=position(text), seed=3)
    assert [str(move) for move in game.legal_moves()] == ["play y5", "keep"]


# -- refusals --------------------------------------------------------------------------------


BROKEN = [
    (body(colour="g"), "unknown field"),
    (body(starter=None), "starter"),
    (body(phase="step4"), "phase must be one of"),
    (body(phase="step 1"), "not key=value"),
    (body(turn="2"), "turn must be from 0 to 1"),
    (body(turn="-"), "turn must be"),
    (body(starter="x"), "starter must be a whole number"),
    (body(direction="left"), "direction must be cw or ccw"),
    (body(centre="@3"), "in centre"),
    (body(centre="r7"), "in centre"),
    (body(centre="W"), "in centre: a W counts as the colour declared"),
    (body(centre="r5:g"), "in centre: only a W or WD4"),
    (body(centre="W:p"), "in centre"),
    (body(centre="r1@0"), "in centre: r1 is not a face of die 0"),
    (body(hands="r1@7,r1@7/b4"), "named twice"),
    (body(hands="r1/b4/y6"), "hands has 3 groups"),
    (body(hands="@7/b4"), "hands (seat 0)"),
    (body(hands="r1@0/b4"), "hands (seat 0)"),
    (body(hands="-/b4"), "in hands: seat 0's hand is empty"),
    (body(hands="r1,,y2/b4"), "in hands"),
    (body(hands="rest/b4"), "hands (seat 0)"),
    (body(bag="@0"), "leaves"),
    (body(bag="rest,rest"), "in bag"),
    (body(bag="@99,rest"), "in bag"),
    (body(wd4="legal"), "phase challenge only"),
    (body(covered="r2"), "phase challenge only"),
    (body(phase="challenge", centre="WD4:g", covered="r2"), "wd4=legal or wd4=illegal"),
    (body(phase="challenge", centre="WD4:g", wd4="legal"), "covered"),
    (body(phase="challenge", centre="W:g", wd4="legal", covered="r2"), "WD4 being answered"),
    (body(catchable="0"), "catchable"),
    (body(catchable="1", hands="r1/b4,y6"), "catchable"),
    (body(catchable="1", phase="step2", hands="r1/b4"), "catchable"),
    (body(hands="b3,y2/r1"), "phase step1"),
    (body(phase="step2", hands="b3,y2/r1"), "phase step2"),
    (body(phase="step3", hands="r1,y2/b4"), "phase step3"),
]


@pytest.mark.parametrize(("text", "named"), BROKEN)
def test_a_broken_position_is_refused_naming_the_field(text, named):
    with pytest.raises(InvalidPosition) as refused:
        unodice.new_game(position=position(text))
    assert named in str(refused.value)


def test_a_position_for_another_player_count_is_refused_at_the_hands():
    header = "centre-die players=3 round=1 scores=0,0,0 points=0,0,0"
    with pytest.raises(InvalidPosition, match="hands has 2 groups for 3 players"):
        unodice.new_game(position=position(body(), header))


# -- corrupted positions ---------------------------------------------------------------------


def some_positions() -> list[str]:
    found = []
    for seed, players in ((5, 2), (6, 4)):
        rng = random.Random(seed)
        game = unodice.new_game("centre-die", players, seed=seed)
        for decision in range(40):
            if decision % 10 == 0:
                found.append(game.position())
            game.play(rng.choice(game.legal_moves()))
    return found


POSITIONS = some_positions()


@settings(max_examples=50, deadline=None)
@given(
    which=st.sampled_from(POSITIONS),
    where=st.floats(min_value=0, max_value=1, exclude_max=True),
    char=st.sampled_from("0123456789-,/@=:| abcdgilprstwyDRSW"),
)
def test_a_corrupted_body_is_refused_or_reads_a_consistent_game(which, where, char):
    head, body_text = which.split(" | ")
    index = int(where * len(body_text))
    corrupted = f"{head} | {body_text[:index]}{char}{body_text[index + 1 :]}"
    try:
        game = unodice.new_game(position=corrupted, seed=0)
    except InvalidPosition:
        return
    text = game.position()
    assert unodice.new_game(position=text).position() == text
    for _ in range(5):
        if game.is_over:
            break
        game.play(game.legal_moves()[0])
