"""Coverall's surface: registration, options, notation, views, rendering, event lines, the CLI."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest
from test_coverall_rules import custom_registry, dice_set, play, rolls, start

import unodice
from unodice import IllegalMove, InvalidOptions, new_game
from unodice.cli.commands import main
from unodice.core.capabilities import CAPABILITIES, Matches
from unodice.core.pieces import Colour, Face
from unodice.testing import pieces_in
from unodice.variants.coverall import Coverall, Declare, Place


def test_coverall_is_registered_with_its_seats_and_options():
    info = unodice.available_variants()["coverall"]
    assert info.players == range(2, 9)
    defaults = {option.name: option.default for option in info.options}
    assert defaults == {
        "partition": True,
        "rows": 4,
        "columns": 6,
        "two_player_reverse_skips": True,
        "set_of_games": False,
        "dice": "coverall-24",
    }


def test_coverall_declares_every_capability_by_inheriting_it():
    # Matches too: whole matches in the variant's native engine (see native.py).
    for capability in CAPABILITIES:
        assert issubclass(Coverall, capability), capability.__name__
    assert issubclass(Coverall, Matches)
    assert "reference" not in vars(Coverall)
    # Nothing is declared the 0.1 way, so importing the plugin warns of nothing.
    imported = subprocess.run(
        [
            sys.executable,
            "-W",
            "error::DeprecationWarning",
            "-c",
            "import unodice.variants.coverall",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert imported.returncode == 0, imported.stderr


# -- options ------------------------------------------------------------------------------------


def test_a_game_string_gives_the_same_game_as_options():
    one = new_game("coverall(players=3,partition=false)", seed=7)
    other = new_game("coverall", players=3, seed=7, options={"partition": False})
    assert one.options == other.options and one.render() == other.render()


def test_an_odd_number_of_columns_is_refused_with_the_partition():
    with pytest.raises(InvalidOptions, match="columns must be even"):
        new_game("coverall", players=2, options={"columns": 5})
    new_game("coverall", players=2, options={"columns": 5, "partition": False})


@pytest.mark.parametrize("players", [1, 9])
def test_two_to_eight_players(players):
    with pytest.raises(InvalidOptions, match="2 to 8 players"):
        new_game("coverall", players=players)


def test_an_unknown_dice_set_is_refused_listing_the_sets():
    with pytest.raises(InvalidOptions, match=r"no component set named 'nope'.*coverall-24"):
        new_game("coverall", players=2, options={"dice": "nope"})


def test_a_domino_set_is_refused():
    with pytest.raises(InvalidOptions, match="tiles, not dice"):
        new_game("coverall", players=2, options={"dice": "uno-dominoes-81"})


def test_a_tray_larger_than_the_dice_set_is_refused():
    with pytest.raises(InvalidOptions, match="has only 24 dice but the 5 x 6 tray has 30 cells"):
        new_game("coverall", players=2, options={"rows": 5})


def test_a_set_needs_a_die_per_player_for_the_roll_off():
    registry = custom_registry(dice_set("pair", "r1 r2 r3 r4 r5 r6", "b1 b2 b3 b4 b5 b6"))
    with pytest.raises(InvalidOptions, match="roll-off"):
        new_game(
            "coverall",
            players=3,
            registry=registry,
            options={"dice": "pair", "rows": 1, "columns": 2},
        )


def test_a_die_showing_only_wd4_is_refused():
    registry = custom_registry(dice_set("wild", *["WD4 WD4 WD4 WD4 WD4 WD4"] * 2))
    with pytest.raises(InvalidOptions, match="only WD4"):
        new_game(
            "coverall",
            players=2,
            registry=registry,
            options={"dice": "wild", "rows": 1, "columns": 2},
        )


def test_another_dice_set_is_played_with():
    registry = custom_registry(dice_set("reds", *["r1 r2 r3 r4 r5 r6"] * 4))
    game = unodice.play_game(
        "coverall",
        [unodice.RandomAgent(1), unodice.RandomAgent(2)],
        seed=1,
        registry=registry,
        options={"dice": "reds", "rows": 2, "columns": 2},
    )
    assert game.is_over and sum(game.scores) > 0
    assert game.variant.components().name == "reds"


# -- notation -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("r5 B2", Place(Face.parse("r5"), 1, 1)),
        ("gD2 A4", Place(Face.parse("gD2"), 0, 3)),
        ("W:g C4", Place(Face.parse("W"), 2, 3, Colour.GREEN)),
        ("WD4:b A1", Place(Face.parse("WD4"), 0, 0, Colour.BLUE)),
        ("W C3", Place(Face.parse("W"), 2, 2)),
        ("declare red", Declare(Colour.RED)),
    ],
)
def test_notation_reads_back(text, move):
    variant = new_game("coverall", players=2, seed=1).variant
    assert variant.parse_move(text) == move
    assert str(move) == text


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("r5 b2", "r5 B2"),
        ("  W:Green c4 ", "W:g C4"),
        ("declare B", "declare blue"),
        ("wd4:y D6", "WD4:y D6"),
    ],
)
def test_notation_is_forgiving_about_case_and_spaces(text, canonical):
    variant = new_game("coverall", players=2, seed=1).variant
    assert str(variant.parse_move(text)) == canonical


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "like 'r5 B2'"),
        ("r5", "like 'r5 B2'"),
        ("r5 Z", "is not a cell"),
        ("r5 A0", "is not a cell"),
        ("x5 A1", "is not a face"),
        ("r5:g A1", "only W and WD4 take a declared colour"),
        ("W:x A1", "is not a colour"),
        ("declare purple", "is not a colour"),
    ],
)
def test_unreadable_notation_says_what_notation_looks_like(text, says):
    game = new_game("coverall", players=2, seed=1)
    with pytest.raises(IllegalMove, match=says):
        game.play(text)


def test_a_cell_off_the_tray_is_refused_with_the_trays_size():
    game, dice = start("r7")
    play(game, "r7 B2", dice.draw("r5", "b3", "g2", "y1"))
    with pytest.raises(IllegalMove, match="no cell E1: the tray has rows A–D, columns 1–6"):
        game.play("r5 E1")


def test_two_dice_showing_the_same_face_make_one_move_per_cell():
    game, dice = start("r7")
    play(game, "r7 B2", dice.draw("r5", "r5", "g2", "y1"))
    moves = [str(move) for move in game.legal_moves()]
    assert sorted(moves) == sorted(f"r5 {s}" for s in ("A2", "C2", "B1", "B3"))


def test_legal_moves_are_in_a_stable_order():
    one, two = new_game("coverall", players=4, seed=9), new_game("coverall", players=4, seed=9)
    for _ in range(10):
        assert one.legal_moves() == two.legal_moves()
        one.play(one.legal_moves()[-1])
        two.play(str(two.legal_moves()[-1]))


# -- views, gain, rendering ---------------------------------------------------------------------


def test_the_view_shows_the_rolled_dice_and_hides_the_bag():
    game, dice = start("r7")
    play(game, "r7 B2", dice.draw("r5", "b3", "g2", "y1"))
    for seat in range(3):
        view = game.view(seat)
        assert view.data["hand"] == tuple(map(Face.parse, ("r5", "b3", "g2", "y1")))
        assert view.data["holder"] == 1 and view.data["bag"] == 19
        bag = {die.id for die in game.variant.hidden_pieces(game.state, seat)}
        assert len(bag) == 19
        assert not bag & {die.id for die in pieces_in(view.data)}
        json.dumps(view.to_json())


def test_gain_is_what_the_placement_would_score():
    game, dice = start("r7")
    play(game, "r7 A1", dice.draw("r5", "b7", "W", "g2"))
    view = game.view(1)
    gains = {str(move): view.gain(move) for move in game.legal_moves()}
    assert gains["r5 A2"] == 12 and gains["b7 B1"] == 14 and gains["W:r A2"] == 7
    assert gains["W:b A2"] == 0
    greedy = unodice.GreedyAgent().choose(view, game.legal_moves())
    assert str(greedy) == "b7 A2"  # 14 points; first of the two 14-point moves in order


def test_gain_of_the_starting_die_and_of_a_declaration_is_nothing():
    game, dice = start("W")
    assert game.view(0).gain(game.legal_moves()[0]) == 0
    play(game, "W A1", dice.draw("r5", "b3", "g2", "y1"))
    assert game.view(1).gain(game.legal_moves()[0]) == 0


def test_the_rendering_shows_the_grid_partition_hand_reserves_bag_and_scores():
    game, dice = start("r7")
    play(game, "r7 A1", dice.draw("rD2", "r3", "g2", "y1"))
    play(game, "rD2 A2", dice.take("g8", "b4"), rolls("r3", "g2", "y1"))
    text = game.render(2)
    lines = text.splitlines()
    assert lines[0].split() == ["1", "2", "3", "|", "4", "5", "6"]
    assert lines[1].split()[:4] == ["A", "r7", "rD2", "."]
    assert "|" in lines[1] and [line.split()[0] for line in lines[1:5]] == ["A", "B", "C", "D"]
    assert "Open: left half (columns 1–3)" in text
    assert "seat 2 (you) to place a die; dice: r3 g2 y1" in text
    assert "Reserves: seat 1: 2" in text and "Bag: 17 dice" in text
    assert "Scores: seat 0: 0, seat 1: 27, seat 2 (you): 0" in text  # red run r7 rD2
    assert "\x1b[" not in text


def test_the_rendering_is_coloured_on_request_and_shows_declared_wilds():
    game, dice = start("r7")
    play(game, "r7 A1", dice.draw("W", "b3", "g2", "y1"))
    play(game, "W:g A2", rolls("b3", "g2", "y1"))
    plain, coloured = game.render(), game.render(colour=True)
    assert "W:g" in plain and "\x1b[1;32mW:g" in coloured and "\x1b[1;31mr7" in coloured


def test_without_the_partition_the_grid_has_no_divider():
    game = new_game("coverall", players=2, seed=1, options={"partition": False})
    assert "|" not in game.render()


def test_every_event_has_its_own_line():
    game = unodice.play_game("coverall", [unodice.RandomAgent(s) for s in range(4)], seed=12)
    own = [
        event
        for event in game.events
        if type(event).__module__.startswith("unodice.variants.coverall")
    ]
    assert {event.kind for event in own} >= {
        "roll-off",
        "starter",
        "starting-die",
        "rolled",
        "placed",
        "tray-closed",
    }
    for event in own:
        line = game.variant.describe(event)
        assert line and not line.startswith(event.kind + " ")


def test_a_placement_line_explains_its_points():
    game, dice = start("r7")
    play(game, "r7 A1", dice.draw("r5", "b7", "g2", "y1"))
    events = play(game, "r5 A2", rolls("b7", "g2", "y1"))
    lines = [game.variant.describe(event) for event in events]
    assert "seat 1 places r5 on A2: row A red run r7 r5 = 12: 12 points" in lines
    events = play(game, "b7 B1", rolls("g2", "y1"))
    lines = [game.variant.describe(event) for event in events]
    assert "seat 2 places b7 on B1: column 1 run of 7s r7 b7 = 14: 14 points" in lines


def test_cv8_an_s_and_an_r_read_as_the_families_shared_events():
    game, dice = start("r7")
    play(game, "r7 A1", dice.draw("rS", "rR", "r3", "r1"))
    lines = [game.variant.describe(event) for event in play(game, "rS A2", rolls("rR", "r3", "r1"))]
    assert "seat 2 loses her turn (S of seat 1)" in lines
    lines = [game.variant.describe(event) for event in play(game, "rR A3", rolls("r3", "r1"))]
    assert "seat 0 reverses play: it now runs by decreasing seat numbers" in lines


# -- shared lookups ------------------------------------------------------------------------------


def test_games_of_one_set_and_tray_share_lookups_that_cannot_change():
    first = new_game("coverall", players=2, seed=1)
    second = new_game("coverall", players=3, seed=2)
    assert first.variant._lookups is second.variant._lookups
    assert first.variant.tray is second.variant.tray
    with pytest.raises(AttributeError, match="shared by every game"):
        first.variant._lookups.all_dice = 0
    with pytest.raises(AttributeError, match="shared by every game"):
        first.variant.tray.columns = 3
    face = next(iter(first.variant._lookups.by_face.values()))
    with pytest.raises(AttributeError, match="shared by every game"):
        face.wants = 0


# -- copies and the command line ----------------------------------------------------------------


def test_a_copy_plays_on_without_touching_the_original():
    game = new_game("coverall", players=3, seed=5)
    for _ in range(6):
        game.play(game.legal_moves()[0])
    before = (game.render(), game.scores, len(game.events))
    twin = game.copy()
    while not twin.is_over:
        twin.play(twin.legal_moves()[-1])
    assert (game.render(), game.scores, len(game.events)) == before


def test_the_command_line_plays_a_whole_game_with_bots():
    out = io.StringIO()
    assert main(["play", "coverall", "--players", "3", "--seed", "2", "--no-colour"], out) == 0
    text = out.getvalue()
    assert "game over" in text and "Game over." in text
    assert "result:" in text and "winner" in text
    assert "| 4" in text
