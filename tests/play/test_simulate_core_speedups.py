"""What the engine's fast paths must keep exactly as the plain code did."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from unodice.core.chance import Chance
from unodice.play.agents import RandomAgent


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**70), st.lists(st.integers(1, 2**40), min_size=1, max_size=60))
def test_chance_below_gives_the_numbers_randrange_gives(seed, bounds):
    """Records and old seeds depend on it: the inline draw equals random.Random.randrange."""
    chance = Chance(seed)
    reference = random.Random(seed)
    drawn = [chance.below(bound) for bound in bounds]
    assert drawn == [reference.randrange(bound) for bound in bounds]
    assert list(chance.outcomes) == drawn


def test_chance_below_nothing_is_refused():
    with pytest.raises(ValueError):
        Chance(0).below(0)


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**64), st.lists(st.integers(1, 300), min_size=1, max_size=80))
def test_random_agent_chooses_what_randrange_chooses(seed, counts):
    """Simulated games depend on it: the inline choice equals moves[randrange(len(moves))]."""
    agent = RandomAgent(seed)
    reference = random.Random(seed)
    for count in counts:
        moves = list(range(count))
        assert agent.choose(None, moves) == moves[reference.randrange(count)]


def test_random_agent_refuses_an_empty_choice():
    with pytest.raises(ValueError):
        RandomAgent(1).choose(None, [])


def test_copied_random_agents_choose_alike_and_independently():
    agent = RandomAgent(3)
    agent.choose(None, [1, 2, 3])
    twin = copy.deepcopy(agent)
    moves = list(range(9))
    assert [twin.choose(None, moves) for _ in range(20)] == [
        agent.choose(None, moves) for _ in range(20)
    ]


@settings(max_examples=50, deadline=None)
@given(
    st.integers(0, 2**70),
    st.integers(0, 50),
    st.lists(st.integers(1, 2**20), min_size=1, max_size=40),
)
def test_a_copied_chance_goes_on_exactly_like_the_original(seed, spent, bounds):
    chance = Chance(seed)
    for _ in range(spent):
        chance.below(6)
    twin = chance.copy()
    assert twin.outcomes == chance.outcomes and twin.seed == chance.seed
    assert [twin.below(b) for b in bounds] == [chance.below(b) for b in bounds]
    twin.below(7)
    assert len(twin.outcomes) == len(chance.outcomes) + 1  # independent from then on


def test_a_copied_chance_also_copies_the_gauss_cache():
    """random.Random keeps a spare normal variate; a faithful copy keeps it too."""
    chance = Chance(4)
    chance._rng.gauss()
    twin = chance.copy()
    assert twin._rng.gauss() == chance._rng.gauss()
