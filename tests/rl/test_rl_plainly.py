"""The environments' observations, masks and rewards, step by step, against plain computations.

``plain_spaces`` works each of them out the plain way (the encodings as first written, the mask
from a dictionary of the catalogue, rewards from each step's events); the environments must
give exactly the same numbers, bit for bit, over hundreds of steps of seeded random play.
"""

from __future__ import annotations

import random

import numpy as np
import plain_spaces
import pytest
from example_plugin import PIG
from toy import ToyPlugin

import unodice.rl
from unodice.core.errors import UnodiceError
from unodice.core.registry import Registry
from unodice.core.spaces import observation_size
from unodice.rl.single import END_ACTION

STEPS = 400
"""Steps played per case (over as many matches as it takes)."""


@pytest.fixture(scope="module")
def registry() -> Registry:
    registry = Registry.from_entry_points()
    registry.add_plugin(ToyPlugin(), "toy")
    return registry


CASES = [
    ("centre-die", 2, {}, "match"),
    ("centre-die", 3, {"catch_by": "any-opponent", "rounds": 2, "target": 150}, "round"),
    ("centre-die", 4, {"target": 100}, "match"),
    ("coverall", 2, {}, "match"),
    ("coverall", 3, {"set_of_games": True, "partition": False}, "round"),
    ("coverall", 2, {"rows": 2, "columns": 4}, "round"),
    ("dominoes", 2, {"target": 60}, "match"),
    ("dominoes", 3, {"catch_by": "any-opponent", "all_doubles_spin": True, "target": 80}, "round"),
    ("dominoes", 4, {"hand_size": 3, "drawn_domino": "must-play", "target": 40}, "match"),
    ("toy-race", 3, {}, "match"),
    pytest.param("pig", 2, {}, "match", marks=PIG.marks, id="pig"),
]


def assert_same_observation(got: dict, want: dict) -> None:
    assert set(got) == {"observation", "action_mask"}
    for key in ("observation", "action_mask"):
        assert got[key].dtype == want[key].dtype
        assert got[key].shape == want[key].shape
        assert got[key].tobytes() == want[key].tobytes(), key


def seat_of(agent: str) -> int:
    return int(agent.removeprefix("player_"))


@pytest.mark.parametrize(("variant", "players", "options", "reward"), CASES)
def test_aec_steps_give_what_the_plain_computation_gives(
    registry, variant, players, options, reward
):
    env = unodice.rl.raw_env(
        variant, players=players, options=options, reward=reward, registry=registry
    )
    choose = random.Random(11)
    steps = match = 0
    while steps < STEPS:
        env.reset(seed=match)
        match += 1
        game = env.game
        earned = plain_spaces.rewards(game.events, players, reward)
        expected = {f"player_{seat}": earned[seat] for seat in range(players)}
        assert env.rewards == expected
        cumulative = dict(expected)
        for agent in env.agent_iter():
            for other in env.agents:
                acting = other == env.agent_selection
                want = plain_spaces.observation(game, seat_of(other), acting)
                assert_same_observation(env.observe(other), want)
            observation, got_reward, terminated, truncated, info = env.last()
            assert got_reward == cumulative[agent]
            assert info == {}
            assert not truncated
            if terminated:
                assert game.is_over
                env.step(None)
                continue
            mark = len(game.events)
            legal = observation["action_mask"].nonzero()[0]
            env.step(int(legal[choose.randrange(len(legal))]))
            steps += 1
            earned = plain_spaces.rewards(game.events[mark:], players, reward)
            assert env.rewards == {f"player_{seat}": earned[seat] for seat in range(players)}
            cumulative[agent] = 0.0
            for other in env.agents:
                cumulative[other] += env.rewards[other]
            assert env._cumulative_rewards == cumulative
            assert env.terminations == dict.fromkeys(env.agents, game.is_over)
            assert env.infos == {other: {} for other in env.agents}


@pytest.mark.parametrize(("variant", "players", "options", "reward"), CASES)
def test_a_list_is_encoded_as_the_plain_computation_encodes_it(
    registry, variant, players, options, reward
):
    game = unodice.new_game(variant, players, 5, options, registry=registry)
    size = observation_size(game.variant)
    choose = random.Random(3)
    for _ in range(150):
        if game.is_over:
            break
        for seat in range(players):
            got: list[float] = [0.0] * size
            want: list[float] = [0.0] * size
            game.variant.encode_view(game.view(seat), got)
            plain_spaces.encode(game, seat, want)
            assert got == want
        moves = game.legal_moves()
        game.play(moves[choose.randrange(len(moves))])


@pytest.mark.parametrize(("variant", "players", "options", "reward"), CASES)
def test_gym_steps_give_what_the_plain_computation_gives(
    registry, variant, players, options, reward
):
    env = unodice.rl.gym_env(
        variant,
        players=players,
        options=options,
        reward=reward,
        opponents=["random"],
        seat=players - 1,
        registry=registry,
    )
    choose = random.Random(5)
    steps = match = 0
    while steps < STEPS // 2:
        observation, info = env.reset(seed=match)
        match += 1
        game = env.game
        assert info.keys() == {"action_mask"}
        assert info["action_mask"].tobytes() == observation["action_mask"].tobytes()
        done = False
        while not done:
            want = plain_spaces.observation(game, players - 1, acting=True)
            assert_same_observation(observation, want)
            assert np.array_equal(env.action_masks(), want["action_mask"])
            legal = observation["action_mask"].nonzero()[0]
            mark = len(game.events)
            observation, reward_got, done, truncated, info = env.step(
                int(legal[choose.randrange(len(legal))])
            )
            steps += 1
            assert info.keys() == {"action_mask"} and not truncated
            assert info["action_mask"].tobytes() == observation["action_mask"].tobytes()
            assert done == game.is_over
            earned = plain_spaces.rewards(game.events[mark:], players, reward)
            assert reward_got == earned[players - 1]
        # the match is over: its last observation masks in END_ACTION only
        want = plain_spaces.observation(game, players - 1, acting=False)
        want["action_mask"][END_ACTION] = 1
        assert_same_observation(observation, want)


def test_the_catalogue_numbers_other_objects_equal_to_its_moves_by_value(monkeypatch):
    from unodice.core import spaces
    from unodice.core.spaces import ActionCatalogue
    from unodice.variants.centre_die.moves import Play, parse_move

    texts = ["play r1", "play r1 uno", "play W:g", "draw", "keep"]
    numbers = ActionCatalogue([parse_move(text) for text in texts], "centre-die")
    others = [parse_move(text) for text in reversed(texts)]
    assert all(other is not move for other, move in zip(others, numbers.moves, strict=True))
    assert numbers.indices(others) == [4, 3, 2, 1, 0]
    assert numbers.indices(others) == [4, 3, 2, 1, 0]  # now by identity
    assert numbers.indices(numbers.moves) == [0, 1, 2, 3, 4]
    with pytest.raises(UnodiceError, match="not in centre-die's action catalogue"):
        numbers.indices([parse_move("play b9")])
    # Past the bound, the other objects are forgotten, and numbered by value again.
    monkeypatch.setattr(spaces, "_MAX_ALIASES", 3)
    many = [parse_move(text) for text in texts * 4]
    assert numbers.indices(many) == [0, 1, 2, 3, 4] * 4
    assert len(numbers._aliases) <= 3
    assert isinstance(numbers.moves[0], Play)


@pytest.mark.parametrize(
    ("variant", "options"),
    [
        ("centre-die", {}),
        ("coverall", {"set_of_games": True}),
        ("dominoes", {}),
        ("dominoes", {"all_doubles_spin": True, "catch_by": "any-opponent"}),
    ],
)
def test_encoders_shared_by_games_and_variants_encode_each_view_as_its_own(
    registry, variant, options
):
    """An encoder keeps numbers from one view to the next: views of other games must not get them.

    A game and its copy share their variant object, so its encoder sees views of both, played
    apart; two games of two seat counts, and two variants, take turns at one ``Arrays`` each.
    """
    from unodice.rl._arrays import Arrays

    choose = random.Random(7)
    game = unodice.new_game(variant, 2, 1, options, registry=registry)
    copy = game.copy()
    other = unodice.new_game(variant, 3, 2, options, registry=registry)
    foreign = unodice.new_game("centre-die" if variant != "centre-die" else "dominoes", 2, 3)
    encoder = game.variant.view_encoder()
    assert encoder is not None
    shared = Arrays(game.variant)
    arrays = {id(g): Arrays(g.variant) for g in (other, foreign)}
    for _ in range(120):
        for played in (game, copy, other, foreign):
            if played.is_over:
                continue
            for seat in range(played.players):
                want = plain_spaces.observation(played, seat, acting=False)["observation"]
                if played.variant is game.variant:
                    got = np.zeros(len(want), np.float32)
                    encoder(played.view(seat), got)
                    assert got.tobytes() == want.tobytes()
                    observed = shared.observe(played, seat, acting=False)["observation"]
                else:
                    observed = arrays[id(played)].observe(played, seat, acting=False)["observation"]
                assert observed.tobytes() == want.tobytes()
            moves = played.legal_moves()
            played.play(moves[choose.randrange(len(moves))])
