"""The native Twister draws what random.Random draws, from the same seed or the same state.

Every draw of the engine is ``getrandbits(k)`` with ``k <= 32``, or a number below a bound drawn
from such bits, so that is what the native generator offers, and these tests check it against
``random.Random`` itself: small seeds and seeds of hundreds of bits, draws of mixed widths past
the end of the first block of 624 words, and states handed both ways at any point. The tests
need the native build: on a pure-Python install, or under ``UNODICE_PURE=1``, they are skipped
and say why (the project tests check that a native build does carry the module).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from unodice._native import FORCED_PURE, native_module

_twister = native_module("twister")

pytestmark = pytest.mark.skipif(
    _twister is None,
    reason=(
        "UNODICE_PURE is set: pure Python is forced"
        if FORCED_PURE
        else "the native modules were not built (a pure-Python install, without a C compiler)"
    ),
)

SEEDS = st.one_of(
    st.integers(min_value=0, max_value=2**32 - 1),
    st.integers(min_value=0, max_value=2**64),
    st.integers(min_value=0, max_value=2**1000),
    st.sampled_from([0, 1, 2**32 - 1, 2**32, 2**32 + 1, 2**64 - 1, 2**64, 2**19937]),
)
WIDTHS = st.lists(st.integers(min_value=0, max_value=32), min_size=1, max_size=200)
BOUNDS = st.integers(min_value=1, max_value=2**32 - 1)
# A draw: ("bits", k) or ("below", n), mixed as the engine mixes rolls and bag draws.
DRAWS = st.lists(
    st.one_of(
        st.tuples(st.just("bits"), st.integers(min_value=0, max_value=32)),
        st.tuples(st.just("below"), st.one_of(st.integers(1, 120), BOUNDS)),
    ),
    max_size=150,
)
# Draws of 32 bits made first, to reach later blocks of the generator (624 words each).
SKIPS = st.integers(min_value=0, max_value=1500)


def twister(seed: int):  # type: ignore[no-untyped-def]
    assert _twister is not None
    return _twister.Twister(seed)


def draw(generator, draws):  # type: ignore[no-untyped-def]
    """The numbers ``draws`` takes from a Twister or a random.Random."""
    below = generator.below if hasattr(generator, "below") else generator.randrange
    return [generator.getrandbits(k) if kind == "bits" else below(k) for kind, k in draws]


def skip(generator, count: int) -> None:  # type: ignore[no-untyped-def]
    for _ in range(count):
        generator.getrandbits(32)


@settings(max_examples=150, deadline=None)
@given(SEEDS, SKIPS, WIDTHS)
def test_getrandbits_draws_what_random_draws_from_the_same_seed(seed, skipped, widths):
    native, python = twister(seed), random.Random(seed)
    assert native.getstate() == python.getstate()
    skip(native, skipped)
    skip(python, skipped)
    assert [native.getrandbits(k) for k in widths] == [python.getrandbits(k) for k in widths]


@settings(max_examples=150, deadline=None)
@given(SEEDS, st.lists(BOUNDS, min_size=1, max_size=100))
def test_below_is_randrange(seed, bounds):
    native, python = twister(seed), random.Random(seed)
    assert [native.below(n) for n in bounds] == [python.randrange(n) for n in bounds]


@settings(max_examples=150, deadline=None)
@given(SEEDS, SKIPS, DRAWS)
def test_mixed_draws_keep_the_same_state_as_random(seed, skipped, draws):
    native, python = twister(seed), random.Random(seed)
    skip(native, skipped)
    skip(python, skipped)
    assert draw(native, draws) == draw(python, draws)
    assert native.getstate() == python.getstate()


@settings(max_examples=100, deadline=None)
@given(SEEDS, SKIPS, DRAWS, DRAWS)
def test_a_native_state_goes_on_in_random(seed, skipped, before, after):
    native = twister(seed)
    skip(native, skipped)
    draw(native, before)
    python = random.Random()
    python.setstate(native.getstate())
    assert draw(python, after) == draw(native, after)
    assert python.getstate() == native.getstate()


@settings(max_examples=100, deadline=None)
@given(SEEDS, SKIPS, DRAWS, DRAWS, SEEDS)
def test_a_random_state_goes_on_in_native_code(seed, skipped, before, after, other):
    python = random.Random(seed)
    skip(python, skipped)
    draw(python, before)
    native = twister(other)  # whatever it was seeded with, the state replaces it
    native.setstate(python.getstate())
    assert native.getstate() == python.getstate()
    assert draw(native, after) == draw(python, after)


@settings(max_examples=50, deadline=None)
@given(SEEDS, SKIPS, DRAWS)
def test_a_state_taken_twice_replays_the_same_draws(seed, skipped, draws):
    native = twister(seed)
    skip(native, skipped)
    state = native.getstate()
    first = draw(native, draws)
    native.setstate(state)
    assert draw(native, draws) == first


def test_the_state_is_in_randoms_format():
    version, internal, gauss_next = twister(7).getstate()
    assert version == 3 and gauss_next is None
    assert len(internal) == 625 and internal[-1] == 624
    assert all(type(word) is int and 0 <= word < 2**32 for word in internal)


def test_a_bool_seed_is_the_whole_number_it_stands_for():
    assert twister(True).getstate() == random.Random(1).getstate()


@pytest.mark.parametrize(
    ("seed", "error"),
    [(-1, ValueError), (-(2**70), ValueError), (1.0, TypeError), ("7", TypeError)],
)
def test_a_seed_that_is_not_a_whole_number_of_0_or_more_is_refused(seed, error):
    with pytest.raises(error):
        twister(seed)


@pytest.mark.parametrize("k", [-1, 33, 64, 2**70, -(2**70)])
def test_getrandbits_refuses_more_than_32_bits_or_fewer_than_0(k):
    with pytest.raises(ValueError, match="0 to 32 bits"):
        twister(1).getrandbits(k)


@pytest.mark.parametrize("n", [0, -1, 2**32, 2**70, -(2**70)])
def test_below_refuses_a_bound_out_of_range(n):
    with pytest.raises(ValueError, match="0 < n < 2"):
        twister(1).below(n)


def test_draws_take_integers_only():
    with pytest.raises(TypeError):
        twister(1).getrandbits(1.5)
    with pytest.raises(TypeError):
        twister(1).below(2.0)


def _state(**change):  # type: ignore[no-untyped-def]
    version, internal, gauss_next = random.Random(3).getstate()
    internal = list(internal)
    for index, value in change.pop("words", {}).items():
        internal[index] = value
    parts = {"version": version, "internal": tuple(internal), "gauss_next": gauss_next, **change}
    return (parts["version"], parts["internal"], parts["gauss_next"])


@pytest.mark.parametrize(
    ("state", "error"),
    [
        (_state(version=2), ValueError),
        (_state(internal=(0,) * 624), ValueError),
        (_state(internal=[0] * 625), ValueError),
        (_state(words={0: 2**32}), ValueError),
        (_state(words={5: -1}), ValueError),
        (_state(words={5: 1.0}), TypeError),
        (_state(words={624: 625}), ValueError),
        (_state(words={624: -1}), ValueError),
        (_state(gauss_next=0.5), ValueError),
        ((3, ()), TypeError),
        ([3, (0,) * 625, None], TypeError),
    ],
)
def test_a_state_random_would_not_give_is_refused_and_changes_nothing(state, error):
    native = twister(11)
    before = native.getstate()
    with pytest.raises(error):
        native.setstate(state)
    assert native.getstate() == before


def test_the_index_at_the_end_of_a_block_is_a_state_too():
    python = random.Random(5)
    skip(python, 624)
    native = twister(0)
    native.setstate(python.getstate())
    assert native.getstate()[1][-1] == 624
    assert [native.getrandbits(32) for _ in range(700)] == [
        python.getrandbits(32) for _ in range(700)
    ]


def test_the_twister_is_documented_and_final():
    assert _twister is not None
    assert "random.Random" in (_twister.Twister.__doc__ or "")
    assert "randrange" in (_twister.Twister.below.__doc__ or "")
    with pytest.raises(TypeError):
        type("Sub", (_twister.Twister,), {})
