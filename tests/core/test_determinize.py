"""Search that cannot peek: copies without history and determinized games.

``game.determinize(seat, rng)`` and ``view.determinize(rng)`` hand a search a game that agrees
with everything ``seat`` has seen, with what it has not seen drawn afresh.
"""

from __future__ import annotations

import random
from collections import Counter
from math import sqrt

import pytest
from example_plugin import PIG, needs_pig

import unodice
import unodice.testing
from unodice import UnodiceError
from unodice.core.errors import InvalidOptions
from unodice.core.moves import Move
from unodice.play.agents import RandomAgent
from unodice.variants.dominoes.lookups import is_double_wild
from unodice.variants.dominoes.state import CHALLENGE, DRAWN, RESCUE, TURN


def test_a_copy_without_history_plays_as_the_game_would_and_cannot_be_recorded():
    game = unodice.new_game("dominoes", 3, seed=4)
    for _ in range(5):
        game.play(game.legal_moves()[0])
    cheap = game.copy(history=False)
    full = game.copy()
    assert len(cheap.events) == 0 and len(cheap.moves) == 0 and len(cheap.chance.outcomes) == 0
    while not full.is_over:
        move = full.legal_moves()[-1]
        assert cheap.legal_moves() == full.legal_moves()
        full.play(move)
        cheap.play(move)
    assert cheap.scores == full.scores and cheap.winners == full.winners
    with pytest.raises(UnodiceError, match="copy made without its history"):
        cheap.record()
    assert game.record()  # the original still records


def test_a_determinized_game_has_no_seed_a_fresh_chance_and_refuses_a_record():
    game = unodice.new_game("centre-die", 3, seed=2)
    twin = game.determinize(game.to_act, 7)
    assert twin.seed is None
    assert len(twin.chance.outcomes) == 0 and len(twin.events) == 0
    with pytest.raises(UnodiceError, match="determinization for seat"):
        twin.record()
    # An int seed fixes the determinization; a generator is drawn from, so calls differ.
    assert game.determinize(0, 7).chance.below(2**60) == game.determinize(0, 7).chance.below(2**60)
    rng = random.Random(1)
    assert game.determinize(0, rng).chance.below(2**60) != game.determinize(0, rng).chance.below(
        2**60
    )
    with_history = game.determinize(0, 7, history=True)
    assert len(with_history.events) == len(game.events)


@pytest.mark.parametrize("rng", ["7", 1.5, True, None])
def test_determinize_refuses_what_is_not_a_generator_or_a_seed(rng):
    game = unodice.new_game("coverall", 2, seed=1)
    with pytest.raises(InvalidOptions, match="rng must be"):
        game.determinize(0, rng)


@pytest.mark.parametrize("seat", [-1, 3, "0"])
def test_determinize_refuses_a_seat_that_is_not_in_the_game(seat):
    game = unodice.new_game("coverall", 3, seed=1)
    with pytest.raises(InvalidOptions, match="seat must be"):
        game.determinize(seat, 1)


def test_a_view_determinizes_until_the_game_moves_on():
    game = unodice.new_game("dominoes", 2, seed=3)
    seat = game.to_act
    view = game.view(seat)
    assert view.determinize(1).view(seat) == view
    game.play(game.legal_moves()[0])
    with pytest.raises(UnodiceError, match="moved on by 1 move since"):
        view.determinize(1)
    assert game.view(game.to_act).determinize(1).view(game.to_act) == game.view(game.to_act)


def test_a_refused_move_does_not_age_a_view():
    game = unodice.new_game("dominoes", 2, seed=3)
    view = game.view(game.to_act)
    with pytest.raises(unodice.IllegalMove):
        game.play("nonsense")
    assert view.determinize(2).view(view.seat) == view


# -- every variant: what the seat sees is kept, nothing else leaks back ------------------------

VARIANTS = [
    ("dominoes", 2),
    ("dominoes", 4),
    ("centre-die", 3),
    ("coverall", 2),
    ("coverall", 3),
    pytest.param("pig", 2, marks=needs_pig),
    pytest.param("pig", 3, marks=needs_pig),
]


def decisions(variant, players, seed, limit=120):
    """The game at successive decisions of one seeded random game."""
    game = unodice.new_game(variant, players, seed)
    agent = RandomAgent(seed)
    for _ in range(limit):
        if game.is_over:
            return
        yield game
        game.play(agent.choose(game.view(game.to_act), game.legal_moves()))


def position(game):
    """Everything observable of a game, to tell that it did not change."""
    return (
        [game.view(seat).to_json() for seat in range(game.players)],
        game.render(),
        len(game.events),
        list(game.chance.outcomes),
        game.scores,
    )


def conserved(game):
    """Whether every piece of the set is in exactly one place."""
    seen = Counter()
    for pieces in game.variant.piece_locations(game.state).values():
        seen.update(piece.id for piece in pieces)
    return seen == Counter(piece.id for piece in game.variant.components(game.state).pieces)


@pytest.mark.parametrize(("variant", "players"), VARIANTS)
def test_a_determinized_game_agrees_with_the_seat_and_leaves_the_game_alone(variant, players):
    """At every decision and for every seat: the same view, the same legal moves for the seat
    to act, every piece in one place, and playing the determinized game on changes nothing."""
    rng = random.Random(11)
    checked = 0
    for seed in (1, 2):
        for game in decisions(variant, players, seed):
            before = position(game)
            for seat in range(players):
                twin = game.determinize(seat, rng)
                assert twin.view(seat) == game.view(seat)
                if seat == game.to_act:
                    assert twin.legal_moves() == game.legal_moves()
                assert conserved(twin)
                for _ in range(15):
                    if twin.is_over:
                        break
                    moves = twin.legal_moves()
                    assert moves, "a determinized position must offer its seat a move"
                    twin.play(moves[rng.randrange(len(moves))])
                checked += 1
            assert position(game) == before
    assert checked > 50


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["dominoes", "centre-die", "coverall", PIG])
def test_check_variant_checks_determinization(variant):
    report = unodice.testing.check_variant(variant, players=[2], games=2, raise_on_failure=False)
    assert report.ok, report.failures


def test_check_variant_catches_a_resample_that_changes_what_the_seat_sees(monkeypatch):
    """A resample that shuffles the seat's own hand is reported (the check can fail)."""
    from unodice.variants.dominoes.rules import UnoDominoes

    def careless(self, state, seat, rng):
        hand = state.hands[seat]
        other = state.hands[(seat + 1) % len(state.hands)]
        if hand and other:
            hand[0], other[0] = other[0], hand[0]

    monkeypatch.setattr(UnoDominoes, "resample", careless)
    report = unodice.testing.check_variant("dominoes", players=[2], games=1, raise_on_failure=False)
    assert any("view of its determinized game differs" in line for line in report.failures)


# -- dominoes: hidden tiles are dealt with the chances the seat gives them ---------------------


def chi_square_limit(df, z=3.09):
    """The chi-square value exceeded with chance about 0.001 (Wilson-Hilferty)."""
    return df * (1 - 2 / (9 * df) + z * sqrt(2 / (9 * df))) ** 3


def a_dominoes_position(players, seed, at, own_turn=True):
    for number, game in enumerate(decisions("dominoes", players, seed, 400)):
        if number >= at and (game.to_act == 0) == own_turn and not game.state.revealed:
            return game
    raise AssertionError("no such position")


def test_unseen_tiles_land_in_each_hidden_place_in_proportion_to_its_size():
    """Seat 0 on its own turn (nothing constrains the others): each unseen tile is in seat k's
    hand with chance hand size / unseen count, and in the boneyard with chance boneyard size /
    unseen count; a chi-square test over every tile and place at a fixed seed."""
    game = a_dominoes_position(3, seed=5, at=6)
    state = game.state
    places = {1: len(state.hands[1]), 2: len(state.hands[2]), "boneyard": len(state.boneyard)}
    unseen = [*state.hands[1], *state.hands[2], *state.boneyard]
    samples = 3000
    counts = {tile.id: Counter() for tile in unseen}
    rng = random.Random(20)
    for _ in range(samples):
        twin = game.determinize(0, rng).state
        for seat in (1, 2):
            for tile in twin.hands[seat]:
                counts[tile.id][seat] += 1
        for tile in twin.boneyard:
            counts[tile.id]["boneyard"] += 1
    statistic = 0.0
    for tile in unseen:
        assert sum(counts[tile.id].values()) == samples
        for place, size in places.items():
            expected = samples * size / len(unseen)
            statistic += (counts[tile.id][place] - expected) ** 2 / expected
    assert statistic < chi_square_limit(len(unseen) * (len(places) - 1))


def test_the_true_hand_is_no_more_likely_than_chance():
    """The share of seat 1's true tiles that a sample puts in seat 1's hand matches what a
    random deal gives (hand size / unseen count), within four standard errors."""
    game = a_dominoes_position(2, seed=8, at=4)
    state = game.state
    truth = {tile.id for tile in state.hands[1]}
    unseen = len(state.hands[1]) + len(state.boneyard)
    size = len(state.hands[1])
    samples = 2000
    rng = random.Random(21)
    shares = [
        len(truth & {tile.id for tile in game.determinize(0, rng).state.hands[1]}) / size
        for _ in range(samples)
    ]
    mean = sum(shares) / samples
    expected = size / unseen
    spread = sqrt(sum((share - mean) ** 2 for share in shares) / (samples - 1))
    assert abs(mean - expected) < 4 * spread / sqrt(samples) + 1e-9
    assert expected < 1  # there was something to hide


def revealed_positions():
    """Positions where a Wild Draw Four taken back is still in its player's hand."""
    found = []
    for seed in range(200):
        for game in decisions("dominoes", 2, seed, 400):
            state = game.state
            for seat, hand in enumerate(state.hands):
                kept = [tile for tile in hand if tile.id in state.revealed]
                if kept:
                    found.append((game.copy(), seat, kept))
                    break
            if len(found) >= 3:
                return found
    return found


def test_a_tile_taken_back_in_view_of_all_stays_in_its_hand():
    """TakenBack names the tile: the other seat saw it go into the hand, so it stays there."""
    found = revealed_positions()
    assert found, "no Wild Draw Four was taken back in 200 games"
    rng = random.Random(3)
    for game, holder, kept in found:
        for _ in range(50):
            hand = game.determinize(1 - holder, rng).state.hands[holder]
            assert {tile.id for tile in kept} <= {tile.id for tile in hand}


def phase_positions(phase, players=3, seeds=range(40)):
    for seed in seeds:
        for game in decisions("dominoes", players, seed, 300):
            if game.state.phase == phase:
                yield game.copy()


def test_a_pending_wild_draw_four_is_judged_on_the_resampled_hand():
    """Its ``illegal`` flag depends on the offender's hand: worked out again for any other
    seat, from the resampled hand and the layout it was laid on, and it does vary."""
    rng = random.Random(4)
    flags = Counter()
    for game in list(phase_positions(CHALLENGE))[:30]:
        pending = game.state.pending
        for seat in range(game.players):
            twin = game.determinize(seat, rng)
            if seat == pending.seat:
                assert twin.state.pending == pending
                continue
            before = twin.state.layout.copy()
            before.restore(pending.before[1])
            hand = twin.state.hands[pending.seat]
            expected = twin.variant._plays.holds_other_play(before, hand, None)
            assert twin.state.pending.illegal == expected
            flags[expected != pending.illegal] += 1
    assert flags[True] and flags[False]


def test_another_seat_to_act_keeps_what_the_rules_showed_of_its_hand():
    """Deciding on a drawn tile, that tile is the last of her hand and can be laid; at her
    turn with nobody to catch she holds a tile she can lay."""
    rng = random.Random(5)
    seen = Counter()
    for game in list(phase_positions(DRAWN))[:20] + list(phase_positions(TURN, 2))[:40]:
        actor = game.to_act
        for seat in range(game.players):
            if seat == actor:
                continue
            state = game.determinize(seat, rng).state
            hand = state.hands[actor]
            if state.phase == DRAWN:
                assert hand[-1] is state.drawn
                assert state.plays is None
                leaves_one = len(hand) == 2
                assert game.variant._plays.plays_from(state, actor, (state.drawn,), leaves_one)
            elif state.uno_debtor is None:
                assert game.variant._plays.plays_from(state, actor, hand, len(hand) == 2)
            seen[state.phase] += 1
    assert seen[DRAWN] and seen[TURN]


def test_the_double_wild_offered_on_a_dead_layout_stays_with_the_seat_offered_it():
    """Offered it (DO-9), she is known to hold it: every deal for another seat gives her one."""
    rng = random.Random(6)
    games = [
        game for game, _ in zip(phase_positions(RESCUE, 2, range(300)), range(3), strict=False)
    ]
    assert games, "no dead layout in 300 games"
    for game in games:
        actor = game.to_act
        for _ in range(20):
            twin = game.determinize(1 - actor, rng)
            assert any(map(is_double_wild, twin.state.hands[actor]))
            assert all(isinstance(move, Move) for move in twin.legal_moves())


# -- dice variants: the bag is what is nowhere else, and what comes out of it is fresh ---------


@pytest.mark.parametrize("variant", ["centre-die", "coverall", PIG])
def test_the_bag_holds_what_it_held_and_the_next_draw_is_uniform(variant):
    """Only the bag's order is hidden: its dice are the same; the next die drawn comes from a
    fresh chance, uniform over the bag (chi-square at a fixed seed), not the game's own."""
    game = next(iter(decisions(variant, 2, 3, 3)))
    bag = sorted(die.id for die in game.state.bag)
    rng = random.Random(7)
    counts = Counter()
    samples = 40 * len(bag)
    for _ in range(samples):
        twin = game.determinize(0, rng)
        assert sorted(die.id for die in twin.state.bag) == bag
        counts[twin.chance.draw(twin.state.bag.copy()).id] += 1
    expected = samples / len(bag)
    statistic = sum((counts[die] - expected) ** 2 / expected for die in bag)
    assert statistic < chi_square_limit(len(bag) - 1)


def test_two_games_a_seat_cannot_tell_apart_give_it_the_same_determinizations():
    """A determinization depends on what the seat has seen and on ``rng`` alone: swap an unseen
    tile between the other hand and the boneyard, and every sample is the same as before."""
    compared = 0
    for seed in range(8):
        game = unodice.new_game("dominoes", 2, seed)
        seat = game.to_act
        assert seat is not None
        other = 1 - seat
        twin = game.copy()
        hand, boneyard = twin.state.hands[other], list(twin.state.boneyard)
        swap = next(tile for tile in boneyard if tile not in hand)
        twin.state.hands[other] = [swap, *hand[1:]]
        twin.state.boneyard = type(twin.state.boneyard)(
            [hand[0] if tile is swap else tile for tile in boneyard]
        )
        assert twin.view(seat) == game.view(seat)
        assert twin.state.hands[other] != game.state.hands[other]
        for sample in range(5):
            mine = game.determinize(seat, sample).state
            theirs = twin.determinize(seat, sample).state
            assert mine.hands == theirs.hands
            assert list(mine.boneyard) == list(theirs.boneyard)
            compared += 1
    assert compared == 40
