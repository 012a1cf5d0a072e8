"""Coverall's action catalogue and observations for learning agents.

Random games over every seat count and several option sets check that every legal move is in
the catalogue and that observations are in range, rotate with the observer and hold nothing a
determinization changes. Hand-written positions build the extreme situations: the starting die
on any cell (CV-2), a lone WD4 beside a die (CV-7), an untouched half that takes any die on any
cell (CV-12).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from unodice import Game, new_game
from unodice.core import spaces
from unodice.core.errors import UnodiceError
from unodice.core.pieces import Colour, Face
from unodice.variants.coverall import Coverall, Declare, Place
from unodice.variants.coverall.lookups import spaces_lookup_for
from unodice.variants.coverall.rules import RESERVE_DRAWS
from unodice.variants.coverall.spaces import MOST_IN_RESERVE, POINTS_PER_CELL, plan

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"partition": False, "rows": 3, "columns": 5, "two_player_reverse_skips": False},
    {"dice": "centre-die-40", "rows": 5, "set_of_games": True},
]
"""The default game, a smaller undivided tray, and another dice set on a taller tray in sets."""
SEEDS = (0, 1)


def game_string(options: dict[str, Any]) -> str:
    if not options:
        return "coverall"
    written = ",".join(f"{key}={str(value).lower()}" for key, value in options.items())
    return f"coverall({written})"


def decisions(players: int, options: dict[str, Any], seed: int) -> Iterator[Game]:
    """The game at each decision of a random game (the same game object, moved on)."""
    game = new_game(game_string(options), players=players, seed=seed)
    chooser = random.Random(seed)
    while game.to_act is not None:
        yield game
        game.play(chooser.choice(game.legal_moves()))


def observation(game: Game, seat: int) -> list[float]:
    out = [0.0] * spaces.observation_size(game.variant)
    spaces.encode(game.view(seat), out)
    return out


def coverall(game: Game) -> Coverall:
    variant = game.variant
    assert isinstance(variant, Coverall)
    return variant


def position(game: str = "coverall", **fields: str) -> str:
    """A two-player position in phase place, with fields changed as given."""
    points = fields.get("points", "0,0")
    header = f"{game} players=2 round=1 scores={points} points={points}"
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
    return header + " | " + " ".join(f"{k}={v}" for k, v in body.items())


# -- the action catalogue --------------------------------------------------------------------------


@pytest.mark.parametrize("options", OPTION_SETS, ids=["default", "small-open", "other-set"])
@pytest.mark.parametrize("players", range(2, 9))
def test_every_legal_move_at_every_decision_is_in_the_catalogue(
    players: int, options: dict[str, Any]
) -> None:
    for seed in SEEDS:
        for game in decisions(players, options, seed):
            catalogue = spaces.catalogue(game.variant)
            for move in game.legal_moves():
                assert catalogue.move(catalogue.index(move)) == move


@pytest.mark.parametrize("options", OPTION_SETS, ids=["default", "small-open", "other-set"])
def test_the_catalogue_numbers_each_move_once_and_its_notation_reads_back(
    options: dict[str, Any],
) -> None:
    variant = new_game(game_string(options), players=3, seed=0).variant
    catalogue = spaces.catalogue(variant)
    assert len(set(catalogue.moves)) == len(catalogue)
    for number, move in enumerate(catalogue.moves):
        assert catalogue.index(move) == number
        assert variant.parse_move(str(move)) == move


@pytest.mark.parametrize("players", range(2, 9))
def test_the_default_catalogue_has_the_pages_1468_moves_for_any_seat_count(players: int) -> None:
    """The page states it: 24 x (52 + 2 x 4) placements, 24 starting Ws, 4 declarations."""
    variant = new_game("coverall", players=players, seed=0).variant
    assert len(spaces.catalogue(variant)) == 24 * (52 + 2 * 4) + 24 + 4 == 1468


def test_an_undivided_3_by_5_tray_has_the_pages_919_moves() -> None:
    variant = new_game("coverall(partition=false,rows=3,columns=5)", players=2, seed=0).variant
    assert len(spaces.catalogue(variant)) == 15 * 60 + 15 + 4 == 919


@pytest.mark.parametrize("players", range(2, 9))
def test_the_default_observation_has_the_pages_518_plus_4_per_seat(players: int) -> None:
    variant = new_game("coverall", players=players, seed=0).variant
    assert spaces.observation_size(variant) == 518 + 4 * players


@pytest.mark.parametrize("options", OPTION_SETS, ids=["default", "small-open", "other-set"])
def test_the_catalogue_is_numbered_by_the_documented_formula(options: dict[str, Any]) -> None:
    """Placements by face, cell and colour; then the starting W by cell; then declarations."""
    variant = coverall(new_game(game_string(options), players=2, seed=0))
    catalogue = spaces.catalogue(variant)
    size = variant.tray.size
    faces = spaces_lookup_for(variant.dice_set).faces
    assert [face.code for face in faces] == sorted(face.code for face in faces)
    widths = [4 if face.is_wild else 1 for face in faces]
    placements = size * sum(widths)
    for number, face in enumerate(faces):
        before = size * sum(widths[:number])
        for cell in range(size):
            row, column = divmod(cell, variant.tray.columns)
            colours: list[Colour | None] = list(Colour) if face.is_wild else [None]
            for place, colour in enumerate(colours):
                move = Place(face, row, column, colour)
                assert catalogue.index(move) == before + cell * widths[number] + place
    starting_ws = [face for face in faces if face.symbol == "W"]
    for cell in range(size):
        row, column = divmod(cell, variant.tray.columns)
        assert catalogue.index(Place(Face("W"), row, column)) == placements + cell
    for place, colour in enumerate(Colour):
        assert catalogue.index(Declare(colour)) == placements + size * len(starting_ws) + place
    assert len(catalogue) == placements + size * len(starting_ws) + len(Colour)


def test_a_move_that_can_never_be_legal_is_left_out() -> None:
    """A coloured face never takes a declared colour; a WD4 is never the starting die (CV-2)."""
    catalogue = spaces.catalogue(new_game("coverall", players=2, seed=0).variant)
    for never in (Place(Face.parse("r5"), 0, 0, Colour.RED), Place(Face.parse("WD4"), 0, 0)):
        with pytest.raises(UnodiceError, match="not in coverall's action catalogue"):
            catalogue.index(never)


# -- the extremes: every face on every cell can be legal -------------------------------------------


def test_cv2_the_starting_die_on_any_cell_and_the_declarations_are_in_the_catalogue() -> None:
    variant = coverall(new_game("coverall", players=2, seed=0))
    catalogue = spaces.catalogue(variant)
    starting_faces = [
        face for face in spaces_lookup_for(variant.dice_set).faces if face.symbol != "WD4"
    ]
    for face in starting_faces:
        game = new_game(position=position(phase="start", turn="0", tray="-", hand=face.code))
        assert len(game.legal_moves()) == variant.tray.size
        catalogue.indices(game.legal_moves())
    declare = new_game(position=position(phase="declare", tray="C3:W", hand="g2,y7"))
    assert set(declare.legal_moves()) == {Declare(colour) for colour in Colour}
    catalogue.indices(declare.legal_moves())


@pytest.mark.parametrize("cell", range(12))
def test_cv7_a_lone_wd4_beside_a_die_on_any_cell_is_in_the_catalogue(cell: int) -> None:
    """Without the partition, on a 3 x 4 tray: the WD4 goes beside r5 in every colour."""
    game_name = "coverall(partition=false,rows=3,columns=4)"
    variant = coverall(new_game(game_name, players=2, seed=0))
    neighbour = variant.tray.neighbours[cell][0]
    tray = f"{variant.tray.names[neighbour]}:r5"
    game = new_game(position=position(game=game_name, tray=tray, hand="WD4", half="tray"))
    row, column = variant.tray.row_and_column(cell)
    offered = set(game.legal_moves())
    assert {Place(Face.parse("WD4"), row, column, colour) for colour in Colour} <= offered
    spaces.catalogue(variant).indices(offered)


def test_cv12_an_untouched_half_offers_every_face_in_hand_on_every_cell() -> None:
    """The left half full, the right untouched: each of 12 faces (a W among them) anywhere."""
    game_name = "coverall(rows=2,columns=4)"
    hand = "W,r0,y1,g2,b3,rS,yR,gD2,b9,r8,y7,g6"
    left_half_full = "A1:r5,A2:r7,B1:g2,B2:b6"
    game = new_game(
        position=position(
            game=game_name,
            turn="0",
            starter="1",
            half="right",
            tray=left_half_full,
            hand=hand,
        )
    )
    legal = game.legal_moves()
    assert len(legal) == 4 * (11 + 4)  # four cells; the W in each of four colours
    spaces.catalogue(game.variant).indices(legal)


def test_the_reserve_bound_is_the_largest_draw_of_cv7_and_cv8() -> None:
    assert max(RESERVE_DRAWS.values()) == MOST_IN_RESERVE
    for players in (2, 5):
        for game in decisions(players, {}, seed=3):
            assert all(len(kept) <= MOST_IN_RESERVE for kept in game.view(0).data["reserves"])


# -- observations ----------------------------------------------------------------------------------


@pytest.mark.parametrize("options", OPTION_SETS, ids=["default", "small-open", "other-set"])
@pytest.mark.parametrize("players", [2, 3, 8])
def test_observations_are_of_the_layouts_size_and_in_range(
    players: int, options: dict[str, Any]
) -> None:
    for game in decisions(players, options, seed=1):
        size = sum(slot.size for slot in game.variant.observation_layout())
        assert size == spaces.observation_size(game.variant)
        for seat in range(players):
            encoded = observation(game, seat)
            assert len(encoded) == size
            assert all(0 <= value <= 1 for value in encoded)


@pytest.mark.parametrize("players", [2, 4])
def test_an_observation_is_the_same_for_a_determinized_game(players: int) -> None:
    for number, game in enumerate(decisions(players, {}, seed=2)):
        if number % 3:
            continue
        for seat in range(players):
            twin = game.determinize(seat, number)
            assert observation(twin, seat) == observation(game, seat)


def test_each_seat_sees_herself_as_seat_0() -> None:
    """The holder's own observation has her first in ``holder``; the others' have her after."""
    for game in decisions(4, {}, seed=5):
        where = plan(coverall(game))
        holder = game.view(0).data["holder"]
        reserves = game.view(0).data["reserves"]
        for seat in range(4):
            encoded = observation(game, seat)
            relative = (holder - seat) % 4
            assert encoded[where.holder : where.holder + 4] == [
                float(place == relative) for place in range(4)
            ]
            assert encoded[where.reserves] == len(reserves[seat]) / MOST_IN_RESERVE


def test_seats_whose_own_reserves_differ_observe_differently() -> None:
    """CV-7, CV-8: a D2 or WD4 gives one seat a reserve; her observation and another's differ."""
    checked = 0
    for game in decisions(3, {}, seed=4):
        reserves = game.view(0).data["reserves"]
        for seat, other in ((0, 1), (1, 2), (0, 2)):
            if len(reserves[seat]) != len(reserves[other]):
                assert observation(game, seat) != observation(game, other)
                checked += 1
    assert checked


def test_the_observation_changes_with_every_move() -> None:
    """Each move changes something public: the tray, the phase, the hand or the turn."""
    game = new_game("coverall", players=3, seed=6)
    chooser = random.Random(6)
    while game.to_act is not None:
        before = observation(game, 0)
        game.play(chooser.choice(game.legal_moves()))
        assert observation(game, 0) != before


def test_a_position_is_encoded_slot_by_slot() -> None:
    """A1 holds r5; seat 1 holds g2 and r7; nothing else is in the tray."""
    game = new_game(position=position(reserves="@3/-", points="4,30"))
    variant = coverall(game)
    where = plan(variant)
    lookup = spaces_lookup_for(variant.dice_set)
    encoded = observation(game, 1)
    assert encoded[where.phase : where.phase + 4] == [0, 0, 1, 0]
    kinds = encoded[where.tray_kinds : where.tray_colours]
    assert [i for i, value in enumerate(kinds) if value] == [lookup.symbol_index["5"]]
    colours = encoded[where.tray_colours : where.open_half]
    assert [i for i, value in enumerate(colours) if value] == [0]  # A1, red
    assert encoded[where.open_half : where.hand] == [1, 0]
    hand = encoded[where.hand : where.holder]
    for code in ("g2", "r7"):
        face = Face.parse(code)
        assert hand[lookup.index_of(face)] == 1 / lookup.dice_with[lookup.index_of(face)]
    assert sum(1 for value in hand if value) == 2
    assert encoded[where.holder : where.holder + 2] == [1, 0]  # seat 1 holds the dice
    assert encoded[where.reserves : where.reserves + 2] == [0, 1 / MOST_IN_RESERVE]  # seat 0
    assert encoded[where.bag] == (24 - 1 - 2 - 1) / 24  # not in the tray, hand or reserve
    assert encoded[where.direction] == 1
    assert encoded[where.starter : where.starter + 2] == [0, 1]  # seat 0 is next after seat 1
    scale = POINTS_PER_CELL * 24
    assert encoded[where.points : where.points + 2] == [30 / scale, 4 / scale]


def test_cv14_the_game_of_a_set_and_the_totals_are_observed() -> None:
    game = new_game("coverall(set_of_games=true)", players=2, seed=7)
    where = plan(coverall(game))
    chooser = random.Random(7)
    seen_games = set()
    while game.to_act is not None:
        encoded = observation(game, 0)
        game_slot = encoded[where.game : where.game + 2]
        assert sum(game_slot) == 1
        seen_games.add(game_slot.index(1))
        game.play(chooser.choice(game.legal_moves()))
    assert seen_games == {0, 1}
