"""Coverall's search bot: legal, repeatable, refuses bad budgets, and never peeks at the bag.

These test behaviour only; how strong the bot is, is measured with the arena, not asserted.
"""

from __future__ import annotations

import random
import re

import pytest

import unodice
from unodice.core.errors import InvalidOptions
from unodice.play.agents import make_agent
from unodice.play.arena import tournament
from unodice.variants.coverall import CoverallHeuristic, CoverallSearch
from unodice.variants.coverall.native import native_module

SMALL = {"samples": 2, "width": 3}


def _play(game: unodice.Game, bots: list[CoverallSearch]) -> list[str]:
    """Play ``game`` to the end with one bot per seat, checking every choice is legal."""
    chosen = []
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        moves = game.legal_moves()
        move = bots[seat].choose(game.view(seat), moves)
        assert move in moves
        chosen.append(str(move))
        game.play(move)
    return chosen


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, {}),
        (3, {}),
        (4, {"partition": False}),
        (2, {"set_of_games": True, "rows": 3, "columns": 4}),
        (2, {"two_player_reverse_skips": False}),
    ],
)
def test_plays_whole_games_with_legal_moves(players: int, options: dict[str, object]) -> None:
    game = unodice.new_game("coverall", players=players, seed=players, options=options)
    _play(game, [CoverallSearch(seat, **SMALL) for seat in range(players)])
    assert game.is_over and game.winners


@pytest.mark.skipif(native_module() is None, reason="the native engines are not built")
def test_plays_native_games() -> None:
    game = unodice.new_game("coverall", players=2, seed=9, native=True)
    python = unodice.new_game("coverall", players=2, seed=9)
    native_moves = _play(game, [CoverallSearch(seat, **SMALL) for seat in range(2)])
    python_moves = _play(python, [CoverallSearch(seat, **SMALL) for seat in range(2)])
    assert game.is_over
    # a determinization of either deals the same games, so the same seeds choose alike
    assert native_moves == python_moves


def test_the_same_seed_makes_the_same_choices() -> None:
    runs = []
    for _ in range(2):
        game = unodice.new_game("coverall", players=3, seed=21)
        runs.append(_play(game, [CoverallSearch(100 + seat, **SMALL) for seat in range(3)]))
    assert runs[0] == runs[1]


def test_width_one_plays_as_the_heuristic() -> None:
    game = unodice.new_game("coverall", players=2, seed=4)
    bot, heuristic = CoverallSearch(1, width=1), CoverallHeuristic()
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        view, moves = game.view(seat), game.legal_moves()
        move = bot.choose(view, moves)
        assert move == heuristic.choose(view, moves)
        game.play(move)


def test_every_candidate_searched_without_racing() -> None:
    game = unodice.new_game("coverall", players=2, seed=8)
    bots = [CoverallSearch(seat, samples=20, width=4, drop=0.0) for seat in range(2)]
    assert _play(game, bots)


def test_a_time_budget_still_decides() -> None:
    game = unodice.new_game("coverall", players=2, seed=2)
    game.play(game.legal_moves()[0])
    bot = CoverallSearch(3, samples=10_000, time_budget=0.01)
    assert bot.choose(game.view(game.to_act), game.legal_moves()) in game.legal_moves()


def test_the_heuristic_ranking_starts_with_its_choice() -> None:
    heuristic = CoverallHeuristic()
    rng = random.Random(5)
    game = unodice.new_game("coverall", players=3, seed=5)
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        view, moves = game.view(seat), game.legal_moves()
        ranking = heuristic.ranking(view, moves)
        assert ranking[0] == heuristic.choose(view, moves)
        assert sorted(map(str, ranking)) == sorted(map(str, moves))
        game.play(rng.choice(moves))


@pytest.mark.parametrize(
    "arguments",
    [
        {"samples": 0},
        {"width": 0},
        {"time_budget": 0.0},
        {"margin": -0.1},
        {"score_weight": -1.0},
        {"drop": -1.0},
    ],
)
def test_refuses_bad_settings(arguments: dict[str, float]) -> None:
    with pytest.raises(InvalidOptions):
        CoverallSearch(0, **arguments)  # type: ignore[arg-type]


def test_does_not_see_the_order_of_the_bag() -> None:
    game = unodice.new_game("coverall", players=2, seed=3)
    for _ in range(6):
        game.play(game.legal_moves()[0])
    position = game.position()
    bag = re.search(r"bag=(\S+)", position)
    assert bag is not None
    dice = bag.group(1).split(",")
    assert len(dice) > 2
    shuffled = list(reversed(dice))
    other = position.replace(f"bag={bag.group(1)}", "bag=" + ",".join(shuffled))
    first, second = unodice.new_game(position=position), unodice.new_game(position=other)
    assert first.position() != second.position()
    for seed in range(4):
        choices = [
            CoverallSearch(seed, samples=3, width=8).choose(g.view(g.to_act), g.legal_moves())
            for g in (first, second)
        ]
        assert choices[0] == choices[1]


def test_registered_by_name_and_plays_in_the_arena() -> None:
    bot = make_agent("determinized-coverall", 7, variant="coverall")
    assert isinstance(bot, CoverallSearch)
    report = tournament(
        "coverall(rows=2,columns=4)",
        {"search": "determinized-coverall", "heuristic": "heuristic"},
        games=2,
        seed=1,
        workers=1,
    )
    assert report.games == 2
