"""The referee's picture and the last move's mark (issue 29, friction 8).

``svg(game, referee=True)`` shows every seat's hidden pieces face up; ``svg(game,
mark_last=True)`` rings the piece the last move placed, while it is on the table. A plugin whose
``picture`` takes neither keyword still draws: its referee's picture is every seat's picture,
one under another, and nothing is marked.
"""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from typing import Any, ClassVar

import pytest
from toy import ToyPlugin, ToyRace

import unodice
from unodice._native import native_module
from unodice.core.capabilities import Pictures
from unodice.core.errors import InvalidOptions
from unodice.core.game import Game
from unodice.core.pictures import Canvas, svg
from unodice.core.positions import die_token, domino_token
from unodice.core.registry import Registry
from unodice.core.variant import View

SVG = "{http://www.w3.org/2000/svg}"


def pieces_in(tree: ET.Element) -> list[str]:
    """The ``data-piece`` of every piece drawn face up."""
    return [el.attrib["data-piece"] for el in tree.iter() if el.get("data-piece")]


def marked(picture: str) -> list[str]:
    """The ``data-piece`` of every group marked as the last move's."""
    tree = ET.fromstring(picture)
    return [el.get("data-piece", "") for el in tree.iter() if el.get("data-last") == "true"]


def played_until(game: Game, wanted: str, rng: random.Random) -> Game:
    """``game`` played at random until its last move is of the kind ``wanted``."""
    while not game.is_over:
        choices = game.legal_moves()
        kinds = [move for move in choices if move.kind == wanted]
        game.play(rng.choice(kinds) if kinds and rng.random() < 0.5 else rng.choice(choices))
        if game.moves[-1].kind == wanted and not _new_round_since_last_move(game):
            return game
    raise AssertionError(f"no {wanted} move was played")


def _new_round_since_last_move(game: Game) -> bool:
    kinds = [event.kind for event in game.events]
    return "round-started" in kinds[len(kinds) - 1 - kinds[::-1].index("move-played") :]


# -- the referee's picture -----------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_referees_dominoes_picture_shows_every_hand_face_up(seed: int) -> None:
    game = unodice.new_game("dominoes", players=3, seed=seed)
    rng = random.Random(seed)
    for _ in range(25):
        if game.is_over:
            break
        picture = svg(game, referee=True)
        tree = ET.fromstring(picture)
        state = game.state
        tiles = [placement.tile for placement in state.layout.placements]
        tiles += [tile for hand in state.hands for tile in hand]
        assert sorted(pieces_in(tree)) == sorted(map(domino_token, tiles))
        assert "as the referee sees it" in tree.findtext(f"{SVG}title", "")
        assert {el.get("data-viewer") for el in tree.iter() if "data-viewer" in el.attrib} == {
            "referee"
        }
        # Only the boneyard is face down, at most three backs for its heap.
        assert sum(1 for el in tree.iter() if el.get("data-back")) <= 3
        # The spectator's picture of the same position shows no hand.
        spectator = pieces_in(ET.fromstring(svg(game)))
        assert sorted(spectator) == sorted(domino_token(p.tile) for p in state.layout.placements)
        game.play(rng.choice(game.legal_moves()))


@pytest.mark.parametrize("name", ["centre-die", "coverall"])
def test_an_open_game_shows_the_referee_what_a_spectator_sees(name: str) -> None:
    game = unodice.new_game(name, players=3, seed=4)
    for _ in range(6):
        game.play(game.legal_moves()[0])
    referee, spectator = svg(game, referee=True), svg(game)
    assert referee.replace("the referee", "a spectator") == spectator


def test_a_referees_picture_is_of_no_seat_and_of_a_game() -> None:
    game = unodice.new_game("dominoes", players=2, seed=1)
    with pytest.raises(InvalidOptions, match="no seat's: give seat=None"):
        svg(game, 0, referee=True)
    with pytest.raises(InvalidOptions, match="ask the game"):
        svg(game.view(0), referee=True)
    with pytest.raises(InvalidOptions, match="ask the game"):
        svg(game.view(0), mark_last=True)


# -- the last move's mark --------------------------------------------------------------------------


def test_the_tile_just_laid_is_ringed_in_every_picture() -> None:
    game = played_until(unodice.new_game("dominoes", players=3, seed=8), "play", random.Random(8))
    laid = domino_token(game.state.layout.placements[-1].tile)
    for picture in (
        svg(game, mark_last=True),
        svg(game, 1, mark_last=True),
        svg(game, referee=True, mark_last=True),
    ):
        assert marked(picture) == [laid]
    assert marked(svg(game)) == [], "only when asked"
    game.play(game.legal_moves()[0])
    if game.moves[-1].kind != "play":
        assert marked(svg(game, mark_last=True)) == []


def test_a_draw_marks_nothing() -> None:
    game = played_until(unodice.new_game("dominoes", players=2, seed=5), "draw", random.Random(5))
    assert marked(svg(game, mark_last=True)) == []


def test_the_die_just_played_is_ringed_in_the_centre() -> None:
    game = unodice.new_game("centre-die", players=3, seed=6)
    game = played_until(game, "play", random.Random(6))
    state = game.state
    centre = die_token(state.centre_die, game.variant._faces.faces[state.centre_code])
    assert marked(svg(game, mark_last=True)) == [centre]
    tree = ET.fromstring(svg(game, mark_last=True))
    group = next(el for el in tree.iter() if el.get("data-centre"))
    assert any(el.get("data-last") for el in group.iter())


def test_the_die_just_placed_is_ringed_on_its_cell() -> None:
    game = unodice.new_game("coverall", players=2, seed=3)
    rng = random.Random(3)
    for _ in range(5):
        game.play(rng.choice(game.legal_moves()))
    move = game.moves[-1]
    assert move.kind == "place"
    cell = game.variant._tray.cell(move.row, move.column)
    view = game.view(0)
    expected = die_token(view.data["tray_dice"][cell], view.data["tray"][cell])
    assert marked(svg(game, mark_last=True)) == [expected]


def test_no_mark_once_a_new_round_is_dealt() -> None:
    game = unodice.new_game("centre-die", players=2, seed=2, options={"target": 10_000})
    while game.round == 1:
        game.play(game.legal_moves()[0])
    assert game.moves[-1].kind == "play", "the round was won by a play"
    assert marked(svg(game, mark_last=True)) == []
    # The new round's first play is marked again.
    game = played_until(game, "play", random.Random(2))
    assert len(marked(svg(game, mark_last=True))) == 1


@pytest.mark.skipif(
    native_module("dominoes") is None, reason="the native engines are not built, or UNODICE_PURE=1"
)
@pytest.mark.parametrize("name", ["centre-die", "coverall", "dominoes"])
def test_a_native_game_draws_the_same_pictures(name: str) -> None:
    python = unodice.new_game(name, players=3, seed=9)
    native = unodice.new_game(name, players=3, seed=9, native=True)
    for _ in range(12):
        python.play(python.legal_moves()[-1])
        native.play(native.legal_moves()[-1])
        for options in (
            {"referee": True},
            {"mark_last": True},
            {"referee": True, "mark_last": True},
        ):
            assert svg(native, **options) == svg(python, **options)


# -- a plugin drawn with the earlier signature -----------------------------------------------------


class OldPictures(ToyRace, Pictures):
    """A plugin variant whose ``picture`` takes neither ``last`` nor ``referee``."""

    name = "toy-drawn"
    calls: ClassVar[list[dict[str, Any]]] = []

    def picture(self, view: View, spectator: bool = False) -> str:  # type: ignore[override]
        OldPictures.calls.append({"seat": view.seat, "spectator": spectator})
        canvas = Canvas(200, 50 + 10 * view.seat, f"toy, seat {view.seat}")
        canvas.text(10, 30, "spectator" if spectator else f"seat {view.seat}")
        return canvas.document()


class OldPlugin(ToyPlugin):
    @unodice.plugin.hookimpl
    def unodice_register(self, registry: Any) -> None:
        registry.add_variant(OldPictures)


def test_a_plugin_picture_without_the_keywords_still_draws() -> None:
    registry = Registry()
    registry.add_plugin(OldPlugin(), "old")
    game = unodice.new_game("toy-drawn", players=3, seed=1, registry=registry)
    game.play(game.legal_moves()[0])
    OldPictures.calls.clear()
    assert svg(game, mark_last=True) == svg(game)
    referee = svg(game, referee=True, mark_last=True)
    tree = ET.fromstring(referee)
    assert tree.findtext(f"{SVG}title") == f"{game.variant.title}, as the referee sees it"
    inner = tree.findall(f"{SVG}svg")
    assert [el.get("y") for el in inner] == ["0", "50", "110"]
    assert [el.findtext(f"{SVG}text") for el in inner] == ["seat 0", "seat 1", "seat 2"]
    assert (tree.get("width"), tree.get("height")) == ("200", "180")
    assert {"seat": 2, "spectator": False} in OldPictures.calls
