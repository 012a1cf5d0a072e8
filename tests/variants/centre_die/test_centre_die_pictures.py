"""Centre-die pictures: every die a seat sees is drawn with its id, and no die of the bag is.

The positions are those of random matches (several seeds and seat counts) at random decisions
and at their end, each drawn for every seat and for a spectator. The pictures are read back as
XML: a die is found by its ``data-piece`` (``r5@12``), the centre die by ``data-centre``, a die
a WD4 covers by ``data-covered``, the die drawn in step 3 by ``data-drawn``, the seat whose
view it is by ``data-viewer``.
"""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
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
    (2, {"rounds": 2}, 1),
    (3, {"rounds": 1}, 2),
    (4, {"target": 150}, 3),
    (6, {"rounds": 1, "two_player_reverse_skips": False}, 4),
    (3, {"rounds": 1}, 15),
]
"""Seat counts, options and seeds of the matches whose positions are drawn."""
SAMPLED = 6
"""Decisions drawn from each match, besides its start and its end."""
PHASES = ("step 1", "step 2", "step 3", "challenge")
"""The phases a decision is taken in; every one is drawn at least once when it comes up."""


def positions(players: int, options: dict[str, Any], seed: int) -> list[Game]:
    """Copies of one random match at its start, at random decisions, the first decision of
    each phase and each catch, and at its end."""
    game = new_game("centre-die", players, seed, options)
    rng = random.Random(seed)
    games = [game.copy()]
    firsts = set()
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
        data = game.view(0).data
        kind = (data["phase"], data["catchable"] is not None)
        if kind not in firsts or (rng.random() < 0.05 and len(games) <= SAMPLED + 8):
            firsts.add(kind)
            games.append(game.copy())
    return [*games, game]


POSITIONS = [
    pytest.param(game, id=f"{players}p-seed{seed}-{index}")
    for players, options, seed in GAMES
    for index, game in enumerate(positions(players, options, seed))
]


def marked(root: ET.Element, mark: str) -> list[str]:
    """The ``data-piece`` of every die inside a group marked ``mark``."""
    return [
        piece.attrib["data-piece"]
        for group in root.iter()
        if mark in group.attrib
        for piece in group.iter()
        if "data-piece" in piece.attrib
    ]


def expected_tokens(game: Game) -> Counter[str]:
    """The token of every die outside the bag, with the face it shows."""
    state = game.state
    faces = game.variant._faces.faces
    wanted: Counter[str] = Counter()
    wanted[die_token(state.centre_die, faces[state.centre_code])] += 1
    if state.pending is not None:
        die, code, _ = state.pending.before
        wanted[die_token(die, faces[code])] += 1
    for dice, shown in zip(state.dice, state.shown, strict=True):
        wanted.update(die_token(die, face) for die, face in zip(dice, shown, strict=True))
    return wanted


def test_the_sampled_positions_reach_every_phase() -> None:
    """So that the tests below draw a WD4 awaiting its answer, a step 3 and a catch."""
    phases = {game.view(0).data["phase"] for game in (p.values[0] for p in POSITIONS)}
    catches = [p for p in POSITIONS if p.values[0].view(0).data["catchable"] is not None]
    assert set(PHASES) <= phases and catches


@pytest.mark.parametrize("game", POSITIONS)
def test_each_picture_shows_every_die_outside_the_bag_and_none_inside(game: Game) -> None:
    """Hands are open and only the bag is hidden (CD-1): every seat and a spectator see the
    centre die, a die a WD4 covers, and every hand, each die with the face it shows."""
    check_only_the_bag_is_hidden(game, expected_tokens)


@pytest.mark.parametrize("game", POSITIONS)
def test_the_viewer_is_marked_and_a_spectator_is_nobody(game: Game) -> None:
    check_the_viewer_is_marked(game)


@pytest.mark.parametrize("game", POSITIONS)
def test_jupyter_shows_the_same_pictures(game: Game) -> None:
    check_jupyter_shows_the_same_pictures(game)


def test_the_same_view_gives_the_same_picture() -> None:
    """Two matches played alike have equal views, and so byte-equal pictures."""
    check_the_same_view_gives_the_same_picture("centre-die", 15, 2)


@pytest.mark.parametrize("game", POSITIONS)
def test_cd7_the_centre_die_shows_the_colour_it_counts_as(game: Game) -> None:
    """CD-7: a wild in the centre carries its declared colour; a coloured die, none."""
    data = game.view(0).data
    root = drawn(game.svg(None))
    centres = [group for group in root.iter() if "data-centre" in group.attrib]
    assert len(centres) == 1
    (face,) = [el for el in centres[0].iter() if "data-piece" in el.attrib]
    assert face.attrib["data-piece"] == die_token(data["centre_die"], data["centre"])
    declared = data["centre_colour"].letter if data["centre"].is_wild else None
    assert face.attrib.get("data-declared") == declared


@pytest.mark.parametrize("game", POSITIONS)
def test_cd8_a_wd4_awaiting_its_answer_shows_the_die_it_covers(game: Game) -> None:
    """CD-8: while a WD4 may be challenged, the die it covered (back if the challenge wins) is
    drawn beside it; at any other time no die is drawn as covered."""
    pending = game.state.pending
    covered = marked(drawn(game.svg(None)), "data-covered")
    if pending is None:
        assert covered == []
    else:
        die, code, _ = pending.before
        assert covered == [die_token(die, game.variant._faces.faces[code])]


@pytest.mark.parametrize("game", POSITIONS)
def test_cd5_the_die_drawn_in_step_3_is_marked(game: Game) -> None:
    """CD-5: in step 3 the die just drawn (the last of the hand) is marked; never otherwise."""
    data = game.view(0).data
    drawn_dice = marked(drawn(game.svg(None)), "data-drawn")
    if data["phase"] != "step 3":
        assert drawn_dice == []
    else:
        turn = data["turn"]
        assert drawn_dice == [die_token(data["hand_dice"][turn][-1], data["drawn"])]
