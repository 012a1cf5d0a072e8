"""Coverall positions: written and read back exactly, played on exactly, refused when wrong.

A position is checked against the game it was written from: a game started from it and a
history-free copy of the original, both given the same fresh chance, must agree on every view,
legal move, rendering, event and position, move after move. Hand-written positions set up rule
situations directly (with faces alone, ``r5``, and ``rest`` for the bag).
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from paths import ROOT

from unodice import new_game
from unodice.core.chance import Chance
from unodice.core.errors import InvalidPosition
from unodice.core.game import Game
from unodice.core.pieces import Colour, Face
from unodice.variants.coverall import Declare, Place

GAMES = [
    (2, {}),
    (3, {}),
    (5, {"partition": False}),
    (3, {"rows": 2, "columns": 4}),
    (2, {"set_of_games": True, "two_player_reverse_skips": False}),
]
"""Player counts and options of the games whose positions are checked."""
FOLLOW = 15
"""Decisions played on from each position checked."""


def played(players: int, options: dict[str, Any], seed: int) -> list[tuple[Game, str]]:
    """Every decision of one game played at random: the game at that point, and its position."""
    game = new_game("coverall", players, seed, options)
    rng = random.Random(seed)
    out = []
    while not game.is_over:
        out.append((game.copy(), game.position()))
        game.play(rng.choice(game.legal_moves()))
    return out


def assert_same(started: Game, twin: Game, since: tuple[int, int]) -> None:
    assert started.to_act == twin.to_act
    assert started.legal_moves() == twin.legal_moves()
    assert started.render() == twin.render()
    for seat in range(started.players):
        assert started.view(seat) == twin.view(seat)
    assert [e.to_json() for e in started.events[since[0] :]] == [
        e.to_json() for e in twin.events[since[1] :]
    ]
    if not started.is_over:
        assert started.position() == twin.position()


# -- round trip ------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "options"), GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_a_position_reads_back_to_itself_at_every_decision(
    players: int, options: dict[str, Any], seed: int
) -> None:
    for _, position in played(players, options, seed):
        assert new_game(position=position, seed=0).position() == position


@pytest.mark.parametrize(("players", "options"), GAMES)
@pytest.mark.parametrize("seed", [3, 4])
def test_a_game_started_from_a_position_plays_as_the_game_it_was_written_from(
    players: int, options: dict[str, Any], seed: int
) -> None:
    decisions = played(players, options, seed)
    for game, position in decisions[::4]:
        started = new_game(position=position, seed=seed)
        twin = game.copy(history=False)
        twin._chance = Chance(seed)
        assert_same(started, twin, (0, 0))
        rng = random.Random(seed)
        for _ in range(FOLLOW):
            if started.is_over:
                break
            since = (len(started.events), len(twin.events))
            move = rng.choice(started.legal_moves())
            started.play(move)
            twin.play(move)
            assert_same(started, twin, since)


def test_a_read_state_has_the_derived_parts_of_a_played_one() -> None:
    for game, position in played(3, {}, 5)[::3]:
        read, real = new_game(position=position, seed=0).state, game.state
        for part in (
            "faces",
            "kinds",
            "colours",
            "codes",
            "dice",
            "reach",
            "vacant",
            "empty",
            "in_tray",
            "first_region",
            "open_region",
            "undeclared",
            "moves",
            "earlier",
        ):
            assert getattr(read, part) == getattr(real, part), part


def test_cv14_a_set_started_from_a_position_gives_the_next_game_to_the_next_starter() -> None:
    """CV-14: the next game's starter follows from this one's, not from the first roll-off."""
    decisions = played(3, {"set_of_games": True}, 6)
    game, position = next((g, p) for g, p in decisions if g.round == 1)
    started = new_game(position=position, seed=9)
    rng = random.Random(0)
    while started.round == 1:
        started.play(rng.choice(started.legal_moves()))
    assert started.state.starter == (game.state.starter + 1) % 3


def test_the_rule_pages_example_is_the_position_its_game_writes() -> None:
    page = ROOT / "docs" / "variants" / "coverall.md"
    example = re.search(r"```text\n(coverall .*)\n```", page.read_text(encoding="utf-8"))
    assert example is not None
    game = new_game("coverall", players=3, seed=3)
    for _ in range(5):
        game.play(game.legal_moves()[0])
    assert game.position() == example.group(1)


# -- positions written by hand ---------------------------------------------------------------


def header(players: int = 2, points: str = "0,0", game: str = "coverall") -> str:
    return f"{game} players={players} round=1 scores={points} points={points}"


def hand_written(**fields: str) -> str:
    """A two-player position in phase place, with fields changed as given."""
    body = {
        "phase": "place",
        "turn": "1",
        "direction": "cw",
        "starter": "0",
        "half": "left",
        "tray": "A1:r5",
        "hand": "g2,r7",
        "reserves": "-/-",
        "bag": "rest",
        "points": "0,0",
    }
    body.update(fields)
    return header() + " | " + " ".join(f"{k}={v}" for k, v in body.items())


def test_cv7_a_wd4_goes_in_only_when_no_other_die_can() -> None:
    with_a_match = new_game(position=hand_written(hand="WD4,r7"))
    assert {str(m) for m in with_a_match.legal_moves()} == {"r7 A2", "r7 B1"}
    only_wd4 = new_game(position=hand_written(hand="WD4,g2"))
    # CV-5: beside A1 only; CV-7: a WD4 is placed with its colour declared.
    assert set(only_wd4.legal_moves()) == {
        Place(Face.parse("WD4"), row, column, colour)
        for row, column in ((0, 1), (1, 0))
        for colour in Colour
    }


def test_cv2_the_starting_w_waits_for_the_next_player_to_name_its_colour() -> None:
    position = hand_written(phase="declare", tray="C3:W", hand="g2,y7")
    game = new_game(position=position)
    assert set(game.legal_moves()) == {Declare(colour) for colour in Colour}
    game.play("declare green")
    # The W now counts as green: g2 goes beside it, y7 matches nothing (CV-5).
    assert {str(m) for m in game.legal_moves()} == {"g2 B3", "g2 C2", "g2 D3"}


def test_cv12_an_untouched_second_half_takes_any_die_anywhere() -> None:
    left_half_full = "A1:r5,A2:r7,B1:g2,B2:b6"
    position = header(game="coverall(rows=2,columns=4)") + (
        f" | phase=place turn=0 direction=cw starter=1 half=right tray={left_half_full} "
        "hand=y9 reserves=-/- bag=rest points=0,0"
    )
    game = new_game(position=position)
    assert {str(m) for m in game.legal_moves()} == {"y9 A3", "y9 A4", "y9 B3", "y9 B4"}


def test_a_hand_written_position_names_its_dice_and_the_bag_in_order() -> None:
    game = new_game(position=hand_written(bag="@20,@3,rest"))
    written = game.position()
    assert "tray=A1:r5@7 " in written  # die 7 is the first with an r5 face
    bag = written.split("bag=")[1].split()[0].split(",")
    assert bag[:2] == ["@20", "@3"]
    assert len(bag) == 24 - 3


# -- refusals ----------------------------------------------------------------------------------


BROKEN = [
    (hand_written().replace(" bag=rest", ""), "bag missing"),
    (hand_written() + " colour=red", "unknown field"),
    (hand_written(phase="over"), "phase must be"),
    (hand_written(turn="2"), "turn must be"),
    (hand_written(starter="-"), "starter must be"),
    (hand_written(direction="1"), "direction must be"),
    (hand_written(phase="start", tray="-", hand="r7", turn="0", direction="ccw"), "direction=cw"),
    (hand_written(half="middle"), "half must be"),
    (hand_written(tray="r5@7"), "in tray"),
    (hand_written(tray="Z9:r5"), "no cell Z9"),
    (hand_written(tray="A1:r5,A1:g2"), "A1 is given twice"),
    (hand_written(tray="A1:r5:g"), "own colour"),
    (hand_written(tray="A1:W:purple"), "not a colour"),
    (hand_written(tray="A1:W"), "has no colour"),
    (hand_written(tray="A1:@7"), "shows no face"),
    (hand_written(tray="A1:r5@0"), "not a face"),
    (hand_written(hand="@3"), "in hand"),
    (hand_written(hand="-"), "hand is empty"),
    (hand_written(hand="r5@7"), "named twice"),
    (hand_written(hand="g2,y9"), "fit nowhere"),
    (hand_written(bag="@20,@21"), "leaves 19 pieces"),
    (hand_written(reserves="-"), "reserves has 1 group"),
    (hand_written(reserves="-/@3"), "in reserves"),
    (hand_written(points="0"), "points has 1 number"),
    (hand_written(points="3,0"), "points must equal"),
    (hand_written(phase="declare"), "phase declare"),
    (hand_written(phase="start", hand="r7"), "phase start"),
    (hand_written(phase="start", tray="-", hand="WD4", turn="0"), "WD4"),
    (hand_written(half="right"), "first half"),
    (hand_written().replace("round=1", "round=2"), "one round"),
]


@pytest.mark.parametrize(("position", "field"), BROKEN)
def test_a_broken_position_is_refused_naming_what_is_wrong(position: str, field: str) -> None:
    with pytest.raises(InvalidPosition, match=field):
        new_game(position=position)


def test_the_hand_written_base_is_itself_valid() -> None:
    assert new_game(position=hand_written()).legal_moves()


# -- corrupted positions -----------------------------------------------------------------------


REAL = [position for _, position in played(3, {}, 7)[::6]]
ALPHABET = "0123456789@,:/-| =abcdegrwyzDRSW"


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_corrupted_body_is_refused_or_reads_as_a_consistent_game(data: st.DataObject) -> None:
    position = data.draw(st.sampled_from(REAL))
    start = position.index(" | ") + 3
    where = data.draw(st.integers(start, len(position) - 1))
    character = data.draw(st.sampled_from(ALPHABET))
    corrupted = position[:where] + character + position[where + 1 :]
    try:
        game = new_game(position=corrupted, seed=0)
    except InvalidPosition:
        return
    again = game.position()
    assert new_game(position=again, seed=0).position() == again
    game.play(game.legal_moves()[0])
