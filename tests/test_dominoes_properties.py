"""Uno dominoes as a whole: random games end, every tile is always somewhere, views hide hands.

These complement the clause tests in ``test_dominoes.py``: hypothesis picks seeds, seat counts
and options, random agents play, and after every decision the invariants are checked.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

import unodice
from unodice.agents import GreedyAgent, RandomAgent
from unodice.testing import check_variant, pieces_in

TILES = 81
MAX_DECISIONS = 20_000


@st.composite
def games(draw: st.DrawFn) -> tuple[int, int, dict[str, object]]:
    players = draw(st.integers(2, 6))
    options = {
        "target": draw(st.sampled_from([50, 150, 300])),
        "all_doubles_spin": draw(st.booleans()),
        "two_player_reverse_skips": draw(st.booleans()),
        "failed_challenge_penalty": draw(st.integers(0, 3)),
        "hand_size": draw(st.integers(2, min(12, TILES // players))),
    }
    return draw(st.integers(0, 2**32 - 1)), players, options


def check_tiles_and_views(game: unodice.Game) -> None:
    places = game.variant.piece_locations(game.state)
    counted = Counter(tile.id for tiles in places.values() for tile in tiles)
    assert counted == Counter(range(TILES)), "every tile is in exactly one place"
    for seat in range(game.players):
        view = game.view(seat)
        hidden = {tile.id for tile in game.variant.hidden_pieces(game.state, seat)}
        shown = {piece.id for piece in pieces_in(view.data)}
        assert not hidden & shown, f"seat {seat} sees hidden tiles {sorted(hidden & shown)}"
        assert {t.id for t in view.data["hand"]} == {t.id for t in game.state.hands[seat]}
        assert sum(view.data["hand_sizes"]) + view.data["boneyard"] == len(hidden) + len(
            game.state.hands[seat]
        )


@settings(max_examples=25, deadline=None)
@given(games())
def test_random_games_end_conserve_every_tile_and_never_show_another_hand(setup):
    seed, players, options = setup
    game = unodice.new_game("dominoes", players, seed, options)
    agents = [RandomAgent(seed + seat) for seat in range(players)]
    decisions = 0
    while not game.is_over:
        assert decisions < MAX_DECISIONS, "the game did not end"
        moves = game.legal_moves()
        assert moves and len(set(moves)) == len(moves)
        check_tiles_and_views(game)
        seat = game.to_act
        assert seat is not None
        game.play(agents[seat].choose(game.view(seat), moves))
        decisions += 1
    check_tiles_and_views(game)
    assert max(game.scores) >= options["target"]
    assert game.winners


def test_greedy_bots_play_a_whole_match():
    game = unodice.play_game("dominoes", [GreedyAgent() for _ in range(4)], seed=11)
    assert game.is_over and max(game.scores) >= 500


def test_conformance_for_two_to_six_players():
    report = check_variant("dominoes", games=2, seed=5)
    assert report.ok and report.games == 10


def test_conformance_with_every_option_changed():
    options = {
        "all_doubles_spin": True,
        "two_player_reverse_skips": False,
        "failed_challenge_penalty": 2,
        "hand_size": 4,
        "target": 200,
    }
    report = check_variant("dominoes", players=[2, 3, 5], games=2, seed=9, options=options)
    assert report.ok
