"""The learning environments on native games, against the same environments on Python games.

Both environments are stepped in lock-step from the same seeds with the same random legal
actions, for every built-in variant with 2 and 4 players and both rewards: the observations,
the masks, the rewards (of the step and summed), the terminations, truncations and infos, and
the agent to act must agree at every step. The native environments pass PettingZoo's
``api_test`` and Gymnasium's ``check_env``, and step their games without rebuilding them in
Python. What chooses the games (``native``) is checked in every build.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from toy import ToyPlugin

import unodice.rl
from unodice._native import native_module
from unodice.core.errors import InvalidOptions, UnodiceError
from unodice.core.game import Game
from unodice.core.moves import Event, GameEnded, RoundEnded
from unodice.core.native_game import NativeGame
from unodice.core.registry import Registry
from unodice.rl.rewards import Tally

BUILT_IN = ["centre-die", "coverall", "dominoes"]

native_build = pytest.mark.skipif(
    native_module("dominoes") is None,
    reason="the native engines are not built, or UNODICE_PURE=1",
)


@pytest.fixture(scope="module")
def registry() -> Registry:
    registry = Registry.from_entry_points()
    registry.add_plugin(ToyPlugin(), "toy")
    return registry


def same_observations(
    first: dict[str, Any], second: dict[str, Any], keys: set[str] | None = None
) -> None:
    """The same arrays under the same ``keys`` (those of an observation unless given)."""
    assert first.keys() == second.keys() == (keys or {"observation", "action_mask"})
    for key in first:
        assert first[key].dtype == second[key].dtype
        assert np.array_equal(first[key], second[key])


def untouched(game: Game) -> bool:
    """Whether a native game was stepped without replaying its moves in Python."""
    assert isinstance(game, NativeGame)
    return game._shadow_game is None


# -- choosing the games (every build) --------------------------------------------------------------


def test_python_games_are_played_when_asked_for(registry):
    env = unodice.rl.raw_env("dominoes", players=3, native=False)
    assert not env.native and not isinstance(env.game, NativeGame)
    gym = unodice.rl.gym_env("dominoes", native=False)
    assert not gym.native and not isinstance(gym.game, NativeGame)


def test_a_setup_native_games_cannot_play_falls_back_to_python_games(registry):
    env = unodice.rl.raw_env(
        "centre-die", players=2, house_rules=["count-events"], registry=registry
    )
    assert not env.native and not isinstance(env.game, NativeGame)
    env = unodice.rl.raw_env("toy-race", players=2, registry=registry)
    assert not env.native


def test_native_games_asked_for_are_refused_as_new_game_refuses_them(registry):
    with pytest.raises(UnodiceError, match="house rules"):
        unodice.rl.raw_env(
            "centre-die", house_rules=["count-events"], registry=registry, native=True
        )
    with pytest.raises(UnodiceError, match="native"):
        unodice.rl.raw_env("toy-race", registry=registry, native=True)
    with pytest.raises(UnodiceError, match="native"):
        unodice.rl.gym_env("toy-race", registry=registry, native=True)


def test_bad_setups_are_refused_whatever_native_says():
    for native in (None, True, False):
        with pytest.raises(InvalidOptions, match="players"):
            unodice.rl.raw_env("coverall", players=99, native=native)
    with pytest.raises(InvalidOptions, match="native must be"):
        unodice.rl.raw_env("coverall", native="yes")
    with pytest.raises(InvalidOptions, match="native must be"):
        unodice.rl.gym_env("coverall", native=1)


@pytest.mark.skipif(native_module("dominoes") is not None, reason="the native build is installed")
def test_the_pure_build_plays_python_games_by_default():
    for variant in BUILT_IN:
        assert not unodice.rl.raw_env(variant).native
        assert not unodice.rl.gym_env(variant).native
        with pytest.raises(UnodiceError, match="native"):
            unodice.rl.raw_env(variant, native=True)


# -- the rewards of a move that ends several rounds ------------------------------------------------


class _Stub:
    """Just what a tally reads of a game: the round, whether it is over, winners, totals."""

    def __init__(self, events: list[Event]):
        self.round, self.is_over, self.winners, self.scores = 1, False, (), (0, 0)
        self.events = events


def test_a_move_that_ends_several_rounds_is_rewarded_from_its_events():
    events: list[Event] = [RoundEnded(1, (0,), (3, 0)), RoundEnded(2, (1,), (0, 2))]
    game: Any = _Stub([])
    tally = Tally(2, "round", native=True)
    assert tally.start(game, [0.0, 0.0]) == [0.0, 0.0]
    game.round, game.scores = 3, (3, 2)
    assert tally.add(game, events, [0.0, 0.0]) == [1.0, 1.0]
    game.scores = (7, 2)
    game.is_over, game.winners = True, (0,)
    assert tally.add(game, [RoundEnded(3, (0,), (4, 0))], [0.0, 0.0]) == [1.0, 0.0]
    tally = Tally(2, "match", native=True)
    game = _Stub([RoundEnded(1, (0,), (3, 0)), GameEnded((3, 0), (0,))])
    game.is_over, game.winners, game.scores = True, (0,), (3, 0)
    assert tally.start(game, [0.0, 0.0]) == [1.0, -1.0]


# -- native against Python, step by step (the native build) ----------------------------------------


def _random_action(observation: dict[str, Any], rng: random.Random) -> int:
    legal = observation["action_mask"].nonzero()[0]
    return int(legal[rng.randrange(len(legal))])


@native_build
@pytest.mark.parametrize("variant", BUILT_IN)
@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("reward", ["match", "round"])
def test_the_aec_environment_steps_native_games_as_it_steps_python_games(variant, players, reward):
    native = unodice.rl.raw_env(variant, players=players, reward=reward)
    python = unodice.rl.raw_env(variant, players=players, reward=reward, native=False)
    assert native.native and not python.native
    assert native.observation_space("player_0") == python.observation_space("player_0")
    assert native.action_space("player_0") == python.action_space("player_0")
    rng = random.Random(players)
    rewarded = 0
    for seed in range(2):
        native.reset(seed=seed)
        python.reset(seed=seed)
        assert isinstance(native.game, NativeGame)
        for agent in native.agent_iter():
            assert python.agent_selection == agent
            assert native.agents == python.agents
            for name in native.possible_agents:
                same_observations(native.observe(name), python.observe(name))
            last, last_python = native.last(), python.last()
            same_observations(last[0], last_python[0])
            assert last[1:] == last_python[1:]
            assert native.rewards == python.rewards
            assert native._cumulative_rewards == python._cumulative_rewards
            assert native.terminations == python.terminations
            assert native.truncations == python.truncations
            assert native.infos == python.infos
            rewarded += any(native.rewards.values())
            done = last[2] or last[3]
            action = None if done else _random_action(last[0], rng)
            native.step(action)
            python.step(action)
        assert native.agents == python.agents == []
        assert native.game.scores == python.game.scores
        assert native.game.winners == python.game.winners
        assert untouched(native.game)
    assert rewarded


OPTION_SETS = [
    ("centre-die", {"rounds": 1}),
    (
        "centre-die",
        {"target": 60, "two_player_reverse_skips": False, "failed_challenge_penalty": 2},
    ),
    ("coverall", {"set_of_games": True}),
    ("coverall", {"partition": False, "two_player_reverse_skips": False}),
    ("dominoes", {"target": 80, "all_doubles_spin": True, "failed_challenge_penalty": 2}),
    ("dominoes", {"target": 40, "hand_size": 7, "two_player_reverse_skips": False}),
]
"""Options that change the rounds and their scoring (several rounds of coverall, say)."""


@native_build
@pytest.mark.parametrize(("variant", "options"), OPTION_SETS)
@pytest.mark.parametrize("players", [2, 3])
def test_rewards_agree_with_every_option(variant, options, players):
    for reward in ("match", "round"):
        made = [
            unodice.rl.raw_env(
                variant, players=players, options=options, reward=reward, native=native
            )
            for native in (True, False)
        ]
        assert made[0].native and not made[1].native
        rng = random.Random(7)
        for seed in range(3):
            for env in made:
                env.reset(seed=seed)
            for agent in made[0].agent_iter():
                last = [env.last() for env in made]
                assert made[1].agent_selection == agent
                same_observations(last[0][0], last[1][0])
                assert last[0][1:] == last[1][1:]
                assert made[0].rewards == made[1].rewards
                action = None if last[0][2] else _random_action(last[0][0], rng)
                for env in made:
                    env.step(action)
            assert made[0].game.scores == made[1].game.scores
            assert untouched(made[0].game)


class _Watcher:
    """A random opponent that is told the events: the environment reads them for it."""

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)
        self.told: list[Event] = []

    def choose(self, view: Any, moves: Any) -> Any:
        return moves[self.rng.randrange(len(moves))]

    def observe(self, events: Any) -> None:
        self.told.extend(events)


@native_build
@pytest.mark.parametrize("variant", BUILT_IN)
@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("reward", ["match", "round"])
def test_the_gym_environment_steps_native_games_as_it_steps_python_games(variant, players, reward):
    made = {
        native: unodice.rl.gym_env(
            variant,
            opponents=["random", "greedy"][: players - 1],
            players=players,
            seat=players - 1,
            reward=reward,
            native=native,
        )
        for native in (True, False)
    }
    native, python = made[True], made[False]
    assert native.native and not python.native
    rng = random.Random(players)
    for seed in range(3):
        observation, info = native.reset(seed=seed)
        observation_python, info_python = python.reset(seed=seed)
        same_observations(observation, observation_python)
        same_observations(info, info_python, {"action_mask"})
        done = False
        while not done:
            assert np.array_equal(native.action_masks(), python.action_masks())
            action = _random_action(observation, rng)
            observation, reward_native, done, truncated, info = native.step(action)
            observation_python, reward_python, done_python, truncated_python, info_python = (
                python.step(action)
            )
            same_observations(observation, observation_python)
            assert (reward_native, done, truncated) == (
                reward_python,
                done_python,
                truncated_python,
            )
            same_observations(info, info_python, {"action_mask"})
        assert native.game.scores == python.game.scores
        assert untouched(native.game)


@native_build
@pytest.mark.parametrize("variant", BUILT_IN)
def test_opponents_that_observe_are_told_the_same_events_on_native_games(variant):
    watchers: dict[bool, list[_Watcher]] = {True: [], False: []}

    def factory(native: bool) -> Any:
        def make(seed: int | None = None) -> _Watcher:
            watcher = _Watcher(seed)
            watchers[native].append(watcher)
            return watcher

        return make

    made = {
        native: unodice.rl.gym_env(variant, opponents=[factory(native)], players=3, native=native)
        for native in (True, False)
    }
    rng = random.Random(0)
    observation, _ = made[True].reset(seed=5)
    made[False].reset(seed=5)
    done = False
    while not done:
        action = _random_action(observation, rng)
        observation, reward, done, _, _ = made[True].step(action)
        assert (reward, done) == made[False].step(action)[1:3]
    told = [[watcher.told for watcher in watchers[native]] for native in (True, False)]
    assert told[0] == told[1]
    assert all(told[0])


@native_build
@pytest.mark.parametrize("variant", BUILT_IN)
def test_the_native_aec_environment_passes_pettingzoos_api_test(variant):
    from test_rl import assert_api_test_passes

    env = unodice.rl.env(variant, players=3, native=True)
    assert env.unwrapped.native
    assert_api_test_passes(env)
    assert_api_test_passes(unodice.rl.env(variant, players=2, native=True), num_cycles=50)


@native_build
@pytest.mark.parametrize("variant", BUILT_IN)
def test_the_native_gym_environment_passes_gymnasiums_env_checker(variant):
    env = unodice.rl.gym_env(variant, opponents=["random"], native=True)
    assert env.native
    check_env(env, skip_render_check=True)


@native_build
def test_rendering_a_native_environment_shows_the_python_games_text():
    native = unodice.rl.raw_env("coverall", players=2, render_mode="ansi")
    python = unodice.rl.raw_env("coverall", players=2, render_mode="ansi", native=False)
    native.reset(seed=3)
    python.reset(seed=3)
    assert native.render() == python.render()
