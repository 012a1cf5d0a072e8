"""Uno dominoes as a whole: random games end, every tile is always somewhere, views hide hands.

These complement the clause tests in ``test_dominoes.py``: hypothesis picks seeds, seat counts
and options, random agents play, and after every decision the invariants are checked.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterable, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import unodice
from unodice.core.moves import Event, Move
from unodice.core.variant import View
from unodice.play.agents import GreedyAgent, RandomAgent
from unodice.testing import check_variant, pieces_in
from unodice.variants.dominoes.events import (
    Dealt,
    Drew,
    Opened,
    Passed,
    Placed,
    RoundOver,
    TakenBack,
)

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


@pytest.mark.slow
def test_conformance_for_two_to_six_players():
    report = check_variant("dominoes", games=2, seed=5)
    assert report.ok and report.games == 10


@pytest.mark.slow
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


# -- DO-8, DO-10: every round ends, and soon once the boneyard is empty ---------------------------


class BluffingAgent:
    """Lays a WD4 whenever one is offered and challenges every WD4; otherwise plays at random.

    Two of them next to each other would bluff and challenge for ever on an empty boneyard if
    nothing barred a WD4 taken back (DO-8).
    """

    def __init__(self, seed: int):
        self._random = random.Random(seed)

    def choose(self, view: View, moves: Sequence[Move]) -> Move:
        """A WD4 play or ``challenge`` when there is one, else a random legal move."""
        for move in moves:
            text = str(move)
            if text.startswith("play WD4") or text == "challenge":
                return move
        return self._random.choice(list(moves))


def turns_on_an_empty_boneyard(events: Iterable[Event], players: int) -> list[tuple[int, int, int]]:
    """Per round, from its events: turns begun on an empty boneyard, tiles then in the hands,
    and WD4s taken back among those turns.

    A turn ends with a tile laid (``Placed``, a WD4 later taken back included) or a pass
    (``Passed``). The turn whose own draw took the last tile began on a boneyard that was not
    empty, so it is not counted; the hands are counted as the first counted turn begins.
    """
    rounds: list[tuple[int, int, int]] = []
    boneyard = hands = turns = taken_back = 0
    first_hands: int | None = None
    emptied_by_this_turn = False
    for event in events:
        if isinstance(event, Dealt):
            boneyard, hands = event.boneyard, event.tiles * players
            turns = taken_back = 0
            first_hands, emptied_by_this_turn = None, False
        elif isinstance(event, Drew):
            boneyard -= event.count
            hands += event.count
            if event.count and not boneyard and event.reason in ("draw", "no play"):
                emptied_by_this_turn = True
        elif isinstance(event, Opened):
            hands -= 1
        elif isinstance(event, Placed | Passed):
            if not boneyard and emptied_by_this_turn:
                emptied_by_this_turn = False
            elif not boneyard:
                first_hands = hands if first_hands is None else first_hands
                turns += 1
            if isinstance(event, Placed):
                hands -= 1
        elif isinstance(event, TakenBack):
            hands += 1
            taken_back += first_hands is not None
        elif isinstance(event, RoundOver):
            rounds.append((turns, hands if first_hands is None else first_hands, taken_back))
    return rounds


def turn_bound(players: int, hands: int) -> int:
    """The most turns a round can run on an empty boneyard (the argument is in
    ``UnoDominoes._count_idle_turn``): 2P(H - P + 1)."""
    return 2 * players * (hands - players + 1)


SETTINGS = [
    (players, hand_size, reverse_skips, spin)
    for players in range(2, 7)
    for hand_size in (2, 6, 12, 20)
    if players * hand_size <= TILES
    for reverse_skips, spin in itertools.product((True, False), repeat=2)
    if players == 2 or reverse_skips  # two_player_reverse_skips only acts with two players
]


@pytest.mark.parametrize("players", range(2, 7))
def test_do8_do10_every_round_ends_and_an_empty_boneyard_lasts_at_most_the_bound(players):
    """DO-8, DO-10: random and bluffing players, large hands too; every round ends, within
    2P(H - P + 1) turns once the boneyard is empty, and WD4s are taken back on it."""
    taken_back = 0
    for _, hand_size, reverse_skips, spin in (s for s in SETTINGS if s[0] == players):
        options = {
            "hand_size": hand_size,
            "two_player_reverse_skips": reverse_skips,
            "all_doubles_spin": spin,
            "target": 100,
        }
        for seed in range(8):
            game = unodice.new_game("dominoes", players, seed, options)
            kind = BluffingAgent if seed % 2 else RandomAgent
            agents = [kind(seed * 64 + seat) for seat in range(players)]
            decisions = 0
            while not game.is_over:
                assert decisions < MAX_DECISIONS, f"no end: {players} players {options} {seed}"
                seat = game.to_act
                assert seat is not None
                game.play(agents[seat].choose(game.view(seat), game.legal_moves()))
                decisions += 1
            for turns, hands, backs in turns_on_an_empty_boneyard(game.events, players):
                assert turns <= turn_bound(players, hands), (options, seed, turns, hands)
                taken_back += backs
    assert taken_back > 0  # the bar of DO-8 was put to the test


@pytest.mark.parametrize("hand_size", [6, 12, 20])
def test_do10_greedy_against_greedy_always_ends(hand_size):
    """DO-10: two greedy bots finish a match for each of 100 seeds."""
    for seed in range(100):
        game = unodice.play_game(
            "dominoes",
            [GreedyAgent(), GreedyAgent()],
            seed=seed,
            options={"hand_size": hand_size},
            max_decisions=MAX_DECISIONS,
        )
        assert game.is_over and max(game.scores) >= 500, seed
