"""The learning environments, tested with the ecosystem's own checks.

PettingZoo's ``api_test`` and ``seed_test`` and Gymnasium's ``check_env`` run on every variant
that declares its spaces, the built-in ones and the toy race of ``toy.py`` (and the example
plugin where it is installed: see ``test_rl_example_plugin``).
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from example_plugin import PIG
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test
from toy import ToyPlugin

import unodice.rl
from unodice.core.errors import InvalidOptions, UnodiceError
from unodice.core.registry import Registry
from unodice.core.spaces import catalogue


@pytest.fixture(scope="module")
def registry() -> Registry:
    registry = Registry.from_entry_points()
    registry.add_plugin(ToyPlugin(), "toy")
    return registry


# What api_test says of every environment with masked actions, the classic games' included:
# an observation that is a dict of the observation and the mask.
EXPECTED_WARNINGS = (
    "Observation space for each agent probably should be",
    "Observation is not a NumPy array",
    # api_test resets with options={"options": 1}, which the environment says it ignores
    "reset() ignores the options 'options'",
)


def assert_api_test_passes(env, num_cycles: int = 200) -> None:
    """api_test, with anything it warns of (beyond the expected) counted as a failure."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env, num_cycles=num_cycles)
    unexpected = [
        str(w.message)
        for w in caught
        if not any(str(w.message).startswith(known) for known in EXPECTED_WARNINGS)
    ]
    assert not unexpected


VARIANTS = ["coverall", "centre-die", "dominoes", "toy-race", PIG]
"""Every variant that declares its spaces: the built-in ones, the toy and the example plugin."""


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", [2, 3])
def test_the_aec_environment_passes_pettingzoos_api_test(registry, variant, players):
    assert_api_test_passes(unodice.rl.env(variant, players=players, registry=registry))


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_aec_environment_passes_pettingzoos_seed_test(registry, variant):
    seed_test(lambda: unodice.rl.env(variant, players=3, registry=registry), num_cycles=100)


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_single_agent_environment_passes_gymnasiums_env_checker(registry, variant):
    env = unodice.rl.gym_env(variant, opponents=["greedy", "random"], registry=registry)
    check_env(env, skip_render_check=True)


def test_an_action_the_mask_rules_out_ends_the_single_agent_match(registry):
    env = unodice.rl.gym_env("toy-race", opponents=["random"], registry=registry)
    env.reset(seed=1)
    _, reward, done, _, info = env.step(1)  # hold, with nothing to hold yet
    assert (reward, done, info["illegal_action"]) == (-1.0, True, "hold")
    with pytest.raises(UnodiceError, match="reset"):
        env.step(0)


def play_match(env, seed: int):
    env.reset(seed=seed)
    rewards = {agent: 0.0 for agent in env.possible_agents}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        rewards[agent] += reward
        if terminated or truncated:
            action = None
        else:
            legal = np.flatnonzero(observation["action_mask"])
            action = int(legal[-1])
        env.step(action)
    return rewards


def test_match_rewards_are_one_for_the_winners_and_minus_one_for_the_others(registry):
    env = unodice.rl.raw_env("toy-race", players=3, registry=registry)
    rewards = play_match(env, 4)
    winners = env.game.winners
    assert rewards == {f"player_{seat}": (1.0 if seat in winners else -1.0) for seat in range(3)}


def test_round_rewards_are_each_rounds_points_over_the_largest(registry):
    env = unodice.rl.raw_env(
        "toy-race(rounds=3,target=8)", players=2, reward="round", registry=registry
    )
    rewards = play_match(env, 2)
    from unodice.core.moves import RoundEnded

    expected = [0.0, 0.0]
    for event in env.game.events:
        if isinstance(event, RoundEnded):
            scale = max(1, *map(abs, event.points))
            for seat, points in enumerate(event.points):
                expected[seat] += points / scale
    assert rewards == {f"player_{seat}": pytest.approx(expected[seat]) for seat in range(2)}
    assert len([e for e in env.game.events if isinstance(e, RoundEnded)]) == 3


def test_the_mask_is_the_legal_moves_of_the_agent_to_act_only(registry):
    env = unodice.rl.raw_env("toy-race", players=3, registry=registry)
    env.reset(seed=3)
    numbers = catalogue(env.game.variant)
    for _ in range(30):
        if env.game.is_over:
            break
        acting = env.agent_selection
        mask = env.observe(acting)["action_mask"]
        assert mask.dtype == np.int8
        assert set(np.flatnonzero(mask)) == set(numbers.indices(env.game.legal_moves()))
        for other in env.agents:
            if other != acting:
                assert not env.observe(other)["action_mask"].any()
        env.step(int(np.flatnonzero(mask)[0]))


def test_an_illegal_action_is_refused_with_the_move_it_names(registry):
    env = unodice.rl.raw_env("toy-race", players=2, registry=registry)
    env.reset(seed=1)
    with pytest.raises(UnodiceError, match="hold"):
        env.step(1)  # hold, with nothing to hold yet
    with pytest.raises(UnodiceError, match="from 0 to 1"):
        env.step(7)


def test_the_wrapped_environment_ends_the_match_for_an_illegal_action(registry):
    env = unodice.rl.env("toy-race", players=2, registry=registry)
    env.reset(seed=1)
    agent = env.agent_selection
    env.step(1)
    assert env.terminations[agent] and env.rewards[agent] == -1


def test_a_seed_fixes_the_match_and_the_next_ones(registry):
    first = unodice.rl.raw_env("toy-race", players=3, registry=registry)
    second = unodice.rl.raw_env("toy-race", players=3, registry=registry)
    assert play_match(first, 9) == play_match(second, 9)
    assert first.game.record() == second.game.record()
    first.reset()
    second.reset()
    assert first.game.seed == second.game.seed


def test_render_returns_the_position_as_text(registry):
    env = unodice.rl.raw_env("toy-race", players=2, registry=registry, render_mode="ansi")
    env.reset(seed=1)
    assert env.render() == env.game.render()


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"reward": "points"}, "reward must be 'match' or 'round'"),
        ({"render_mode": "rgb"}, "render_mode"),
        ({"players": 9}, "2 to 4 players"),
    ],
)
def test_bad_arguments_are_refused(registry, kwargs, message):
    with pytest.raises(InvalidOptions, match=message):
        unodice.rl.env("toy-race", registry=registry, **kwargs)


def test_the_single_agent_environment_plays_the_learner_against_the_opponents(registry):
    env = unodice.rl.gym_env("toy-race", opponents=["greedy", "greedy"], seat=1, registry=registry)
    observation, _ = env.reset(seed=5)
    total = 0.0
    done = False
    while not done:
        assert env.game.to_act == 1
        legal = np.flatnonzero(observation["action_mask"])
        observation, reward, done, truncated, _ = env.step(int(legal[0]))
        total += reward
        assert not truncated
    assert total == (1.0 if 1 in env.game.winners else -1.0)
    with pytest.raises(UnodiceError, match="reset"):
        env.step(0)


def test_a_variant_without_spaces_says_what_to_implement(registry):
    import types

    from toy import ToyInventory, ToyPositions, ToyRules, ToyText

    from unodice.core.hooks import hookimpl

    class Plain(ToyRules, ToyPositions, ToyText, ToyInventory):
        name = "toy-plain"

    registry.add_plugin(
        types.SimpleNamespace(
            unodice_register=hookimpl(lambda registry: registry.add_variant(Plain))
        ),
        "plain",
    )
    with pytest.raises(
        UnodiceError,
        match=r"inheriting unodice\.plugin\.Spaces and implementing actions, encode_view",
    ):
        unodice.rl.env("toy-plain", registry=registry)
