"""What the engine's fast paths must keep exactly as the plain code did."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from unodice.chance import Chance


@settings(max_examples=200, deadline=None)
@given(st.integers(-(2**70), 2**70), st.lists(st.integers(1, 2**40), min_size=1, max_size=60))
def test_chance_below_gives_the_numbers_randrange_gives(seed, bounds):
    """Records and old seeds depend on it: the inline draw equals random.Random.randrange."""
    chance = Chance(seed)
    reference = random.Random(seed)
    drawn = [chance.below(bound) for bound in bounds]
    assert drawn == [reference.randrange(bound) for bound in bounds]
    assert chance.outcomes == drawn


def test_chance_below_nothing_is_refused():
    with pytest.raises(ValueError):
        Chance(0).below(0)
