"""Uno dominoes for learning agents: its action catalogue and its observations.

Random games check that every legal move has a number that gives it back, positions build the
layouts with the most open ends the rules allow (DO-2, DO-9), and observations are checked to
read only what the seat may see.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import unodice
from unodice.core import spaces
from unodice.core.moves import Move
from unodice.core.uno import ACCEPT, CATCH, CHALLENGE, DECLINE, DRAW, KEEP, PASS
from unodice.variants.dominoes.rules import UnoDominoes
from unodice.variants.dominoes.spaces import SpaceLookup, most_lines, spaces_for
from unodice.variants.dominoes.state import TURN, DominoesState

OPTION_SETS: tuple[dict[str, Any], ...] = (
    {},
    {"all_doubles_spin": True, "hand_size": 3},
    {"two_player_reverse_skips": False, "failed_challenge_penalty": 2, "hand_size": 9},
)
"""The default space, a larger one (doubles spin) and one whose options do not change it."""
MAX_DECISIONS = 300
HEADER = "players=3 round=1 scores=0,0,0 points=0,0,0 | "
TAIL = " uno-debtor=- wd4=- rescuers=- closer=- idle-turns=0 wd4-barred=- revealed=-"

SPINNING_LAYOUT = (
    "0:g9|g9,0:WD4|y6>1,0:y1|y1>1,0:WD4|y2>1,0:r2|r2>1,0:r3|r3>1,0:g4|g4>2,0:WD4|b7>1,"
    "0:b5|b5>1,0:g6|g6>2,0:g7|g7>2,0:y8|y8>5,0:rD2|rD2>7,0:bS|bS>1,0:gR|gR>2,0:W|W:r>1"
)
"""Every double of the set laid after the spinner, each opening two lines: 28 in all, the last
showing the double-Wild's W declared red. (WD4 tiles link the doubles that match no end.)"""
MOST_LINES_SPINNING = (
    "dominoes(all_doubles_spin=true) " + HEADER + "phase=turn turn=0 direction=cw "
    "hands=r1|y3,b1|b6/g6|g5/r2|r5 boneyard=rest layout=" + SPINNING_LAYOUT + TAIL
)
DEAD_LAYOUT = (
    "dominoes " + HEADER + "phase=rescue turn=2 direction=cw hands=r2|r5,g1|b3/g6|g5/W|W,b1|b6 "
    "boneyard=rest layout=0:y1|y1,1:y4|DE>1,2:y9|DE>2,0:y3|DE>3,1:y6|DE>4 uno-debtor=- wd4=- "
    "rescuers=- closer=1 idle-turns=0 wd4-barred=- revealed=-"
)
"""Every line dead; seat 2 holds the double-Wild (DO-9) and one more tile."""


def random_games(seeds: range) -> Iterator[tuple[unodice.Game, random.Random]]:
    """Games of every seat count and option set, each with the random source to play it on."""
    for seed in seeds:
        for options in OPTION_SETS:
            for players in range(2, 7):
                if players * options.get("hand_size", 6) > 80:
                    continue
                game = unodice.new_game(
                    "dominoes", players=players, seed=seed, options={"target": 60, **options}
                )
                yield game, random.Random(seed)


def decisions(game: unodice.Game, rng: random.Random) -> Iterator[tuple[Move, ...]]:
    """Play ``game`` at random, giving the legal moves of each decision before its move."""
    for _ in range(MAX_DECISIONS):
        if game.is_over:
            return
        legal = game.legal_moves()
        yield legal
        game.play(rng.choice(legal))


def variant_of(game: unodice.Game) -> UnoDominoes:
    variant = game.variant
    assert isinstance(variant, UnoDominoes)
    return variant


def state_of(game: unodice.Game) -> DominoesState:
    state = game.state
    assert isinstance(state, DominoesState)
    return state


def lookup_of(game: unodice.Game) -> SpaceLookup:
    variant = variant_of(game)
    return spaces_for(variant._lookups, variant.options.all_doubles_spin, variant.player_count)


def observe(game: unodice.Game, seat: int) -> list[float]:
    out = [0.0] * spaces.observation_size(game.variant)
    spaces.encode(game.view(seat), out)
    return out


def part(game: unodice.Game, observation: list[float], name: str) -> list[float]:
    """The numbers of one slot."""
    lookup = lookup_of(game)
    start = lookup.offsets[name]
    size = next(slot.size for slot in lookup.slots if slot.name == name)
    return observation[start : start + size]


def game_from(position: str) -> unodice.Game:
    return unodice.new_game(position=position, seed=0)


# -- the action catalogue ----------------------------------------------------------------------


def test_every_legal_move_is_numbered_and_its_number_gives_it_back() -> None:
    """At every decision of random games, each legal move's index names that move again."""
    for game, rng in random_games(range(3)):
        catalogue = spaces.catalogue(game.variant)
        for legal in decisions(game, rng):
            for move in legal:
                assert catalogue.move(catalogue.index(move)) == move


def test_the_catalogue_holds_each_move_once_and_depends_on_options_not_seats() -> None:
    for options in OPTION_SETS:
        catalogues = [
            spaces.catalogue(unodice.new_game("dominoes", players=players, options=options).variant)
            for players in range(2, 7)
        ]
        moves = catalogues[0].moves
        assert len(set(moves)) == len(moves)
        assert all(other.moves == moves for other in catalogues[1:])
        made_again = variant_of(unodice.new_game("dominoes", players=3, options=options)).actions()
        assert tuple(made_again) == moves, "the order is the same every time"


def test_catalogue_moves_read_back_from_their_notation() -> None:
    game = unodice.new_game("dominoes", players=2, options={"all_doubles_spin": True})
    moves = spaces.catalogue(game.variant).moves
    for move in moves[::13] + moves[-16:]:
        assert game.variant.parse_move(str(move)) == move


def test_the_words_come_first_in_a_fixed_order() -> None:
    """The word moves are 0 to 6 whatever the options (DO-5, DO-6, DO-8, DO-9)."""
    words = (DRAW, KEEP, PASS, CHALLENGE, ACCEPT, CATCH, DECLINE)
    for options in OPTION_SETS:
        catalogue = spaces.catalogue(
            unodice.new_game("dominoes", players=4, options=options).variant
        )
        assert catalogue.moves[:7] == words


@pytest.mark.parametrize(("options", "size"), [({}, 1725), ({"all_doubles_spin": True}, 9591)])
def test_the_catalogue_size_is_the_documented_formula(options: dict[str, Any], size: int) -> None:
    """7 words, 2E per plain way to lay, 8E per way with a wild far end, 8 rescue plays."""
    game = unodice.new_game("dominoes", players=3, options=options)
    lookups = variant_of(game)._lookups
    ways = {lay.id: lay for lays in lookups.lays for lay in lays}.values()
    wild = sum(lay.wild_far for lay in ways)
    lines = lookup_of(game).lines
    assert (
        len(spaces.catalogue(game.variant))
        == 7 + 2 * lines * (len(ways) - wild) + (8 * lines * wild) + 8
        == size
    )


def test_play_numbers_follow_the_documented_formula() -> None:
    """Plain far ends at ``7 + (k * E + e - 1) * 2 + u``, wild ones by colour after them (DO-4)."""
    game = unodice.new_game("dominoes", players=3)
    catalogue = spaces.catalogue(game.variant)
    parse = game.variant.parse_move
    lines = lookup_of(game).lines
    # The set begins y1|y1, r2|r2, ... gR|gR (plain ways 0 to 11), W|W (the first wild far
    # end), y4|DE (plain way 12); 131 ways have a plain far end.
    assert catalogue.index(parse("play y1|y1 on 1")) == 7
    assert catalogue.index(parse("play r2|r2 on 4")) == 7 + (1 * lines + 3) * 2
    assert catalogue.index(parse("play y4|DE on 2 uno")) == 7 + (12 * lines + 1) * 2 + 1
    wild_start = 7 + 131 * lines * 2
    green = 2
    assert catalogue.index(parse("play W|W:g on 3")) == wild_start + ((0 + 2) * 4 + green) * 2
    rescue_start = wild_start + 10 * lines * 8
    assert catalogue.index(parse("play W|W:r on spinner uno")) == rescue_start + 1


# -- the bound on open ends (DO-2, DO-9) -------------------------------------------------------


def test_do2_most_lines_when_every_double_spins_are_in_the_catalogue() -> None:
    """Each double but the spinner opens two lines: 4 + 2 * 12 = 28, the catalogue's bound."""
    game = game_from(MOST_LINES_SPINNING)
    assert len(state_of(game).layout.ends) == lookup_of(game).lines == 28
    legal = game.legal_moves()
    assert {str(move) for move in legal} >= {"play r1|y3 on 28", "play r1|y3 on 28 uno"}
    catalogue = spaces.catalogue(game.variant)
    for move in legal:
        assert catalogue.move(catalogue.index(move)) == move


def test_do9_the_double_wild_on_a_dead_layout_opens_the_fifth_line() -> None:
    """Without spinning doubles only the double-Wild opens a line (DO-9): 5 lines at most."""
    game = game_from(DEAD_LAYOUT)
    catalogue = spaces.catalogue(game.variant)
    rescue = game.legal_moves()
    assert "play W|W:r on spinner uno" in {str(move) for move in rescue}
    catalogue.indices(rescue)
    game.play("play W|W:r on spinner uno")
    assert game.to_act == 0 and len(state_of(game).layout.ends) == lookup_of(game).lines == 5
    legal = game.legal_moves()
    assert "play r2|r5 on 5 uno" in {str(move) for move in legal}
    catalogue.indices(legal)


def test_most_lines_of_the_standard_set() -> None:
    """The bound follows the set: 4 + double-Wilds, or 4 + 2 * (layable doubles - 1)."""
    lookups = variant_of(unodice.new_game("dominoes", players=2))._lookups
    assert most_lines(lookups, False) == 5
    assert most_lines(lookups, True) == 28


# -- observations ------------------------------------------------------------------------------


def test_observations_fit_the_layout_and_stay_between_0_and_1() -> None:
    for game, rng in random_games(range(2)):
        size = sum(slot.size for slot in game.variant.observation_layout())
        assert size == spaces.observation_size(game.variant)
        for number, _ in enumerate(decisions(game, rng)):
            if number % 7 == 0:
                for seat in range(game.players):
                    observation = observe(game, seat)
                    assert len(observation) == size
                    assert all(0.0 <= value <= 1.0 for value in observation)


def test_a_determinized_game_looks_the_same_to_its_seat() -> None:
    """Other hands and the boneyard are dealt afresh; the seat's observation must not change."""
    for game, rng in random_games(range(2)):
        for number, _ in enumerate(decisions(game, rng)):
            if number % 23 == 5:
                for seat in range(game.players):
                    twin = game.determinize(seat, number)
                    assert observe(twin, seat) == observe(game, seat)


def test_each_seat_sees_its_own_hand_first() -> None:
    """The hand slot is the observer's own tiles, and relative seat 0 is the observer."""
    game = unodice.new_game("dominoes", players=4, seed=5)
    lookup = lookup_of(game)
    own_hands = []
    for seat in range(4):
        observation = observe(game, seat)
        hand = part(game, observation, "hand")
        expected = [0.0] * len(hand)
        for tile in state_of(game).hands[seat]:
            expected[lookup.kinds[tile.id]] += lookup.shares[tile.id]
        assert hand == expected
        assert part(game, observation, "hand_sizes")[0] == len(state_of(game).hands[seat]) / 80
        own_hands.append(hand)
    assert len({tuple(hand) for hand in own_hands}) == 4, "different hands, different numbers"


def test_do4_seats_are_counted_from_the_observer_in_the_direction_of_play() -> None:
    """After a reverse, relative seat 1 is the seat before the observer's number."""
    for game, rng in random_games(range(3)):
        if game.players < 3:
            continue
        for _ in decisions(game, rng):
            direction = state_of(game).seats.direction
            if direction == -1 and state_of(game).phase == TURN:
                seat = 1
                observation = observe(game, seat)
                assert part(game, observation, "reversed") == [1.0]
                sizes = part(game, observation, "hand_sizes")
                hands = state_of(game).hands
                assert sizes == [
                    len(hands[(seat - step) % game.players]) / 80 for step in range(game.players)
                ]
                to_act = part(game, observation, "to_act")
                assert game.to_act is not None
                assert to_act.index(1.0) == (seat - game.to_act) % game.players
                return
    raise AssertionError("no random game reversed its direction")


def test_the_observation_follows_what_is_public() -> None:
    """A seat's observation changes when another seat lays a tile (the layout, the ends)."""
    game = unodice.new_game("dominoes", players=3, seed=2)
    watcher = (game.to_act + 1) % 3 if game.to_act is not None else 0
    before = observe(game, watcher)
    play = next(move for move in game.legal_moves() if str(move).startswith("play"))
    game.play(play)
    after = observe(game, watcher)
    assert part(game, before, "laid") != part(game, after, "laid")
    assert part(game, before, "ends") != part(game, after, "ends")
    assert part(game, before, "hand") == part(game, after, "hand")


def test_encode_reads_the_view_not_the_state() -> None:
    """Two games whose views of a seat are equal give that seat equal observations."""
    game = game_from(DEAD_LAYOUT)
    other = game_from(DEAD_LAYOUT.replace("g6|g5/", "b5|g4/"))
    assert state_of(game).hands[1] != state_of(other).hands[1]
    assert observe(game, 0) == observe(other, 0)
    assert observe(game, 1) != observe(other, 1)


def test_do5_only_the_seat_deciding_on_a_drawn_tile_sees_it() -> None:
    """The drawn slot names the tile just drawn for its holder, and nothing for the others."""
    for game, rng in random_games(range(2)):
        for _ in decisions(game, rng):
            drawn = state_of(game).drawn
            if drawn is not None and game.to_act is not None:
                lookup = lookup_of(game)
                holder = observe(game, game.to_act)
                seen = part(game, holder, "drawn")
                assert seen.index(1.0) == lookup.kinds[drawn.id] and sum(seen) == 1
                other = (game.to_act + 1) % game.players
                assert not any(part(game, observe(game, other), "drawn"))
                return
    raise AssertionError("no random game stopped at a drawn tile")
