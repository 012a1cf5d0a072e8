"""The statistics behind `simulate`: exact tallies, their merge, quantiles, intervals, ties."""

from __future__ import annotations

import json
import math
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from unodice.core.errors import UnodiceError
from unodice.play.stats import Distribution, Report, Tally, wilson_interval

# -- Distribution -------------------------------------------------------------------------------


def test_quantiles_are_nearest_rank_values():
    """Four values 1..4: the median is the 2nd value, p95 the 4th, p5 the 1st (ranks by hand)."""
    dist = Distribution.of({1: 1, 2: 1, 3: 1, 4: 1})
    assert dist.quantile(Fraction(1, 2)) == 2
    assert dist.quantile(Fraction(95, 100)) == 4
    assert dist.quantile(Fraction(5, 100)) == 1
    assert dist.quantile(0) == 1
    assert dist.quantile(1) == 4


def test_quantiles_respect_counts():
    """Value 10 seen 9 times and 50 once: p50 and p75 are 10, only the top 10% reach 50."""
    dist = Distribution.of({50: 1, 10: 9})
    assert dist.quantile(Fraction(1, 2)) == 10
    assert dist.quantile(Fraction(9, 10)) == 10
    assert dist.quantile(Fraction(91, 100)) == 50


def test_mean_and_sample_stdev_by_hand():
    """1, 2, 3, 4: mean 2.5; squared deviations sum to 5, so the sample stdev is sqrt(5/3)."""
    dist = Distribution.of({1: 1, 2: 1, 3: 1, 4: 1})
    assert dist.mean == 2.5
    assert dist.stdev == pytest.approx(math.sqrt(5 / 3))
    assert (dist.min, dist.max, dist.count, dist.total) == (1, 4, 4, 10)


def test_empty_distribution_has_no_values():
    dist = Distribution.of({})
    assert dist.count == 0
    assert dist.mean == 0.0
    assert dist.quantile(Fraction(1, 2)) is None
    assert dist.min is None and dist.max is None


def test_quantile_outside_zero_to_one_is_refused():
    with pytest.raises(ValueError):
        Distribution.of({1: 1}).quantile(Fraction(3, 2))


def test_zero_counts_are_dropped():
    assert Distribution.of({3: 0, 4: 2}).counts == ((4, 2),)


# -- Wilson interval ----------------------------------------------------------------------------


def test_wilson_interval_with_no_successes():
    """p = 0, n = 10: the upper bound is (z²/n) / (1 + z²/n) = 0.38415 / 1.38415."""
    low, high = wilson_interval(0, 10)
    z2 = 1.959963984540054**2
    assert low == 0.0
    assert high == pytest.approx((z2 / 10) / (1 + z2 / 10))


def test_wilson_interval_is_symmetric_about_one_half():
    low, high = wilson_interval(50, 100)
    assert low + high == pytest.approx(1.0)
    assert 0.40 < low < 0.41  # 0.4038 by the formula


def test_wilson_interval_without_trials_is_everything():
    assert wilson_interval(0, 0) == (0.0, 1.0)


# -- Tally and ties -----------------------------------------------------------------------------


def test_a_shared_win_counts_one_over_k_to_each_winner():
    """A game won jointly by seats 0 and 1, then one won by seat 2: shares 1/2, 1/2, 1."""
    tally = Tally.empty(3)
    tally.add([10, 10, 4], [0, 1], decisions=12, rounds=1)
    tally.add([3, 5, 20], [2], decisions=8, rounds=2)
    assert tally.win_share(0) == Fraction(1, 2)
    assert tally.win_share(2) == 1
    report = _report(tally)
    assert report.ties == 1
    assert [seat.shared for seat in report.seats] == [1, 1, 0]
    assert [seat.wins for seat in report.seats] == [0, 0, 1]
    assert [seat.win_rate for seat in report.seats] == [0.25, 0.25, 0.5]
    assert report.decisions.counts == ((8, 1), (12, 1))
    assert report.rounds.counts == ((1, 1), (2, 1))
    assert report.score.total == 52


def test_win_rates_add_up_to_one_with_a_three_way_tie():
    tally = Tally.empty(3)
    tally.add([1, 1, 1], [0, 1, 2], decisions=3, rounds=1)
    report = _report(tally)
    assert report.ties == 1
    assert sum(seat.win_rate for seat in report.seats) == pytest.approx(1.0)


def test_tally_refuses_bad_games():
    tally = Tally.empty(2)
    with pytest.raises(UnodiceError):
        tally.add([1, 2, 3], [0], 1, 1)
    with pytest.raises(UnodiceError):
        tally.add([1, 2], [], 1, 1)
    with pytest.raises(UnodiceError):
        tally.add([1.5, 2], [0], 1, 1)


def test_tallies_of_different_seat_counts_do_not_merge():
    with pytest.raises(UnodiceError):
        Tally.empty(2).merge(Tally.empty(3))


def test_report_json_is_plain_json():
    tally = Tally.empty(2)
    tally.add([7, 3], [0], 20, 1)
    data = json.loads(json.dumps(_report(tally).to_json()))
    assert data["seats"][0]["win_rate"] == 1.0
    assert data["score"]["histogram"] == [[3, 1], [7, 1]]


# -- merging: associative, commutative, exact ---------------------------------------------------


@st.composite
def outcomes(draw: st.DrawFn, players: int) -> tuple[list[int], list[int], int, int]:
    scores = draw(st.lists(st.integers(-50, 500), min_size=players, max_size=players))
    winners = draw(st.sets(st.integers(0, players - 1), min_size=1))
    return scores, sorted(winners), draw(st.integers(1, 400)), draw(st.integers(1, 6))


@st.composite
def three_tallies(draw: st.DrawFn) -> tuple[list[Tally], list[tuple]]:
    players = draw(st.integers(2, 4))
    games = draw(st.lists(outcomes(players), max_size=30))
    cut_a = draw(st.integers(0, len(games)))
    cut_b = draw(st.integers(cut_a, len(games)))
    parts = [games[:cut_a], games[cut_a:cut_b], games[cut_b:]]
    return [_tally_of(players, part) for part in parts], games


def _tally_of(players: int, games: list[tuple]) -> Tally:
    tally = Tally.empty(players)
    for scores, winners, decisions, rounds in games:
        tally.add(scores, winners, decisions, rounds)
    return tally


def _report(tally: Tally) -> Report:
    return Report.from_tally(
        tally, variant="v", seed=0, agents=["random"] * tally.players, options={}
    )


@settings(max_examples=150, deadline=None)
@given(three_tallies())
def test_merge_is_associative(case):
    (a, b, c), _ = case
    assert a.merge(b).merge(c) == a.merge(b.merge(c))


@settings(max_examples=150, deadline=None)
@given(three_tallies())
def test_merge_is_commutative_and_order_free(case):
    (a, b, c), _ = case
    assert a.merge(b) == b.merge(a)
    assert _report(a.merge(b).merge(c)) == _report(c.merge(a).merge(b))


@settings(max_examples=100, deadline=None)
@given(three_tallies())
def test_merged_parts_equal_counting_everything_at_once(case):
    """However the games are split, the merged tally (and its report) is the same."""
    (a, b, c), games = case
    whole = _tally_of(a.players, games)
    merged = a.merge(b).merge(c)
    assert merged == whole
    assert _report(merged) == _report(whole)


@settings(max_examples=50, deadline=None)
@given(three_tallies())
def test_the_empty_tally_is_the_identity(case):
    (a, _, _), _ = case
    empty = Tally.empty(a.players)
    assert a.merge(empty) == a == empty.merge(a)


@settings(max_examples=50, deadline=None)
@given(three_tallies())
def test_merge_leaves_its_operands_unchanged(case):
    (a, b, _), _ = case
    before = (Tally.empty(a.players).merge(a), Tally.empty(b.players).merge(b))
    a.merge(b)
    assert (a, b) == before


@settings(max_examples=100, deadline=None)
@given(
    st.dictionaries(st.integers(-100, 100), st.integers(1, 20), min_size=1),
    st.fractions(min_value=0, max_value=1),
)
def test_quantile_matches_sorting_every_value(counts, q):
    """The quantile from counts equals the nearest-rank value of the expanded sorted list."""
    values = sorted(v for v, n in counts.items() for _ in range(n))
    rank = max(1, math.ceil(q * len(values)))
    assert Distribution.of(counts).quantile(q) == values[rank - 1]


@settings(max_examples=60)
@given(
    st.integers(min_value=2, max_value=6).flatmap(
        lambda players: st.tuples(
            st.just(players),
            st.lists(
                st.tuples(
                    st.lists(st.integers(-50, 500), min_size=players, max_size=players),
                    st.integers(1, 2**players - 1),
                    st.integers(0, 3000),
                    st.integers(1, 12),
                ),
                max_size=20,
            ),
        )
    )
)
def test_adding_many_games_at_once_counts_as_adding_them_one_by_one(case):
    players, games = case
    one_by_one = Tally.empty(players)
    for scores, bits, decisions, rounds in games:
        winners = [seat for seat in range(players) if bits >> seat & 1]
        one_by_one.add(scores, winners, decisions, rounds)
    at_once = Tally.empty(players)
    at_once.add_many(
        [score for scores, _, _, _ in games for score in scores],
        [bits for _, bits, _, _ in games],
        [decisions for _, _, decisions, _ in games],
        [rounds for _, _, _, rounds in games],
    )
    assert at_once == one_by_one


def test_adding_many_games_refuses_a_game_without_a_winner_or_short_runs():
    with pytest.raises(UnodiceError, match="at least one winner"):
        Tally.empty(2).add_many([1, 2, 3, 4], [1, 0], [5, 6], [1, 1])
    with pytest.raises(UnodiceError, match="beyond the 2 seats"):
        Tally.empty(2).add_many([1, 2], [4], [5], [1])
    with pytest.raises(UnodiceError, match="expected 2 games"):
        Tally.empty(2).add_many([1, 2, 3], [1, 1], [5, 6], [1, 1])
