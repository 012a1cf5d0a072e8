"""Coverall pictures: every die a seat sees is drawn with its id, and no die of the bag is.

The positions are those of random games (several seeds, seat counts and tray shapes) at random
decisions and at their end, each drawn for every seat and for a spectator. The pictures are
read back as XML: a die is found by its ``data-piece`` (``r5@12`` rolled, ``@12`` not yet
rolled), a half of the tray by ``data-half`` and ``data-open``, the partition by
``data-partition``, the seat whose view it is by ``data-viewer``.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from dice_pictures import (
    check_jupyter_shows_the_same_pictures,
    check_only_the_bag_is_hidden,
    check_the_same_view_gives_the_same_picture,
    check_the_viewer_is_marked,
    drawn,
)

from unodice import new_game
from unodice.core.game import Game
from unodice.core.positions import die_token

GAMES = [
    (2, {}, 1),
    (3, {}, 2),
    (4, {"partition": False}, 3),
    (3, {"rows": 2, "columns": 4}, 4),
    (2, {"set_of_games": True, "two_player_reverse_skips": False}, 5),
    (8, {}, 6),
]
"""Seat counts, options and seeds of the games whose positions are drawn."""
SAMPLED = 5
"""Decisions drawn from each game, besides its start and its end."""


def positions(players: int, options: dict[str, Any], seed: int) -> list[Game]:
    """Copies of one random game at its start, at a few random decisions, and at its end."""
    game = new_game("coverall", players, seed, options)
    rng = random.Random(seed)
    decisions = 0
    games = [game.copy()]
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
        decisions += 1
        if rng.random() < 0.1 and len(games) <= SAMPLED:
            games.append(game.copy())
    return [*games, game]


POSITIONS = [
    pytest.param(game, id=f"{players}p-seed{seed}-{index}")
    for players, options, seed in GAMES
    for index, game in enumerate(positions(players, options, seed))
]


def expected_tokens(game: Game) -> Counter[str]:
    """The token of every die outside the bag: rolled dice with their face, reserves without."""
    state, data = game.state, game.view(0).data
    wanted: Counter[str] = Counter()
    for die, face in zip(state.dice, state.faces, strict=True):
        if die is not None:
            wanted[die_token(die, face)] += 1
    for die, face in zip(state.hand, state.showing, strict=True):
        wanted[die_token(die, face)] += 1
    for reserve in data["reserves"]:
        wanted.update(die_token(die) for die in reserve)
    return wanted


@pytest.mark.parametrize("game", POSITIONS)
def test_each_picture_shows_every_die_outside_the_bag_and_none_inside(game: Game) -> None:
    """A seat's picture and a spectator's show the same dice: only the bag is hidden (CV-1)."""
    check_only_the_bag_is_hidden(game, expected_tokens)


@pytest.mark.parametrize("game", POSITIONS)
def test_the_viewer_is_marked_and_a_spectator_is_nobody(game: Game) -> None:
    check_the_viewer_is_marked(game)


@pytest.mark.parametrize("game", POSITIONS)
def test_jupyter_shows_the_same_pictures(game: Game) -> None:
    check_jupyter_shows_the_same_pictures(game)


def test_the_same_view_gives_the_same_picture() -> None:
    """Two games played alike have equal views, and so byte-equal pictures."""
    check_the_same_view_gives_the_same_picture("coverall", 12, 1)


@pytest.mark.parametrize("game", POSITIONS)
def test_cv6_a_wild_in_the_tray_shows_the_colour_it_counts_as(game: Game) -> None:
    """CV-6: a placed W or WD4 carries its declared colour; the starting W, none till named."""
    state = game.state
    root = drawn(game.svg(0))
    by_token = {el.attrib["data-piece"]: el for el in root.iter() if "data-piece" in el.attrib}
    for die, face, colour in zip(state.dice, state.faces, state.colours, strict=True):
        if die is None or face is None or not face.is_wild:
            continue
        declared = by_token[die_token(die, face)].attrib.get("data-declared")
        assert declared == (colour.letter if colour is not None else None)


@pytest.mark.parametrize("game", POSITIONS)
def test_cv12_the_partition_is_drawn_between_the_halves_and_the_open_half_marked(
    game: Game,
) -> None:
    """CV-12: with the partition, two halves and the line between them; one half is open
    (either, before the starting die is placed); without it, one tray and no line."""
    data = game.view(0).data
    root = drawn(game.svg(None))
    halves = {
        el.attrib["data-half"]: el.attrib["data-open"]
        for el in root.iter()
        if "data-half" in el.attrib
    }
    lines = [el for el in root.iter() if "data-partition" in el.attrib]
    if not game.variant.options.partition:
        assert (halves, lines) == ({"tray": "false" if game.is_over else "true"}, [])
        return
    assert len(lines) == 1
    if data["phase"] == "start":
        assert halves == {"left": "true", "right": "true"}
    elif game.is_over:
        assert halves == {"left": "false", "right": "false"}
    else:
        open_half = ("left", "right")[data["open_half"]]
        assert halves == {"left": "false", "right": "false", open_half: "true"}


def test_cv12_a_hand_written_position_shows_the_right_half_open() -> None:
    """CV-12: once the left half is full, the right half is the open one."""
    text = (
        "coverall(rows=2,columns=2) players=2 round=1 scores=0,2 points=0,2 | phase=place "
        "turn=0 direction=cw starter=0 half=right tray=A1:r5,B1:r7 hand=b3 reserves=-/- "
        "bag=rest points=0,2"
    )
    game = new_game(position=text, seed=0)
    root = drawn(game.svg(1))
    halves = {
        el.attrib["data-half"]: el.attrib["data-open"]
        for el in root.iter()
        if "data-half" in el.attrib
    }
    assert halves == {"left": "false", "right": "true"}
