"""What a Python programmer tries first: ``parse_move``, ``is_legal``, and the habits that fail.

Moves are objects, equal only to moves of their class: ``"decline" in game.legal_moves()`` is
``False`` whatever the game, and ``game.is_legal("decline")`` is the question to ask instead.
``legal_moves()`` stays a method and ``is_over`` a property; the concepts page says so in its
"Common mistakes" box, which the last test reads.
"""

from __future__ import annotations

import pytest
from paths import ROOT

import unodice
from unodice._native import native_module
from unodice.core.errors import IllegalMove, UnodiceError
from unodice.core.game import Game

BUILT_IN = ["centre-die", "coverall", "dominoes"]

native_build = pytest.mark.skipif(
    native_module("dominoes") is None,
    reason="the native engines are not built, or UNODICE_PURE=1",
)


def _games(name: str) -> list[Game]:
    games = [unodice.new_game(name, players=3, seed=11)]
    if native_module("dominoes") is not None:
        games.append(unodice.new_game(name, players=3, seed=11, native=True))
    return games


@pytest.mark.parametrize("name", BUILT_IN)
def test_parse_move_gives_the_legal_move_object_itself(name: str) -> None:
    for game in _games(name):
        for _ in range(12):
            legal = game.legal_moves()
            for move in legal:
                assert game.parse_move(str(move)) is move
                assert game.parse_move(f"  {move} ") is move  # spaces around are read past
            game.play(legal[-1])


@pytest.mark.parametrize("name", BUILT_IN)
def test_parse_move_of_text_that_is_no_move_is_a_library_error(name: str) -> None:
    for game in _games(name):
        with pytest.raises(IllegalMove, match=r"look like|write a face") as caught:
            game.parse_move("corverall")
        assert isinstance(caught.value, UnodiceError)
        assert not game.is_legal("corverall")


def test_parse_move_reads_a_move_that_is_not_legal_now() -> None:
    # At the start nobody has played a WD4, so "challenge" is a centre-die move but not legal.
    for game in _games("centre-die"):
        move = game.parse_move("challenge")
        assert str(move) == "challenge"
        assert move not in game.legal_moves()
        assert not game.is_legal("challenge") and not game.is_legal(move)
        with pytest.raises(IllegalMove, match="CD-8"):
            game.play(move)


def test_is_legal_takes_a_move_its_notation_or_an_equal_move() -> None:
    for game in _games("dominoes"):
        move = game.legal_moves()[0]
        twin = game.variant.parse_move(str(move))  # equal, not the same object
        assert twin is not move and twin == move
        assert game.is_legal(move) and game.is_legal(twin) and game.is_legal(str(move))
        game.play(move)
        assert not game.is_legal(move) and not game.is_legal(str(move))


def test_a_move_is_never_equal_to_its_notation() -> None:
    # The habit the issue names: "decline" in game.legal_moves() is silently False. It stays so
    # (a move equal to a string would hash apart from it); is_legal answers the question.
    game = unodice.new_game("centre-die", players=2, seed=3)
    move = game.legal_moves()[0]
    assert move != str(move) and str(move) not in game.legal_moves()
    assert game.is_legal(str(move))
    assert len({move, str(move)}) == 2


@pytest.mark.parametrize("method", ["parse_move", "is_legal", "play"])
def test_a_number_where_a_move_is_expected_points_to_legal_moves(method: str) -> None:
    for game in _games("coverall"):
        with pytest.raises(IllegalMove, match=r"use game\.legal_moves\(\)\[2\]"):
            getattr(game, method)(2)
        with pytest.raises(IllegalMove, match="not NoneType"):
            getattr(game, method)(None)


def test_is_legal_on_a_game_over_is_false() -> None:
    game = unodice.new_game("centre-die", players=2, seed=5, options={"rounds": 1})
    while not game.is_over:
        game.play(game.legal_moves()[0])
    assert game.legal_moves() == ()
    assert not game.is_legal("draw")
    assert str(game.parse_move("draw")) == "draw"


@native_build
@pytest.mark.parametrize("name", BUILT_IN)
def test_native_and_python_games_answer_alike(name: str) -> None:
    python = unodice.new_game(name, players=3, seed=21)
    native = unodice.new_game(name, players=3, seed=21, native=True)
    for _ in range(40):
        if python.is_over:
            break
        for move in python.legal_moves():
            assert native.is_legal(str(move)) and native.parse_move(str(move)) == move
        python.play(python.legal_moves()[-1])
        native.play(native.legal_moves()[-1])


def test_the_habits_that_python_cannot_change_fail_loudly() -> None:
    game = unodice.new_game("centre-die", players=2, seed=3)
    with pytest.raises(TypeError, match="not iterable"):
        iter(game.legal_moves)  # type: ignore[call-overload]
    with pytest.raises(TypeError, match="not callable"):
        game.is_over()  # type: ignore[operator]


def test_the_concepts_page_answers_each_habit() -> None:
    page = (ROOT / "docs" / "concepts.md").read_text(encoding="utf-8")
    box = page[page.index('"Common mistakes"') :]
    box = box[: box.index("\n\n#")] if "\n\n#" in box else box
    for habit in (
        "for move in game.legal_moves:",
        "game.is_over()",
        '"decline" in game.legal_moves()',
        "game.is_legal(",
        "game.parse_move(",
    ):
        assert habit in box, habit
