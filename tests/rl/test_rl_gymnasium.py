"""Where Gymnasium and PettingZoo users look: ids, render modes, masks, truncation, names.

Each test answers one friction of issue 29's Gymnasium list: no registered ids, no ``spec`` or
``render_fps``, no ``rgb_array`` (so no ``RecordVideo``), no mask in ``info``, no truncation,
an all-zero final mask under autoreset, ``reset(options=...)`` silently ignored, and a hyphen
in the PettingZoo name.
"""

from __future__ import annotations

import os
import subprocess
import sys
import warnings
from pathlib import Path

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from toy import ToyPlugin

import unodice
import unodice.rl
from unodice.core.errors import InvalidOptions, UnodiceError
from unodice.core.pictures import COLOURS
from unodice.core.pieces import Colour
from unodice.core.registry import Registry
from unodice.rl.aec import RENDER_FPS, checked_render_mode
from unodice.rl.single import END_ACTION

try:
    import PIL  # noqa: F401
except ImportError:
    HAS_PILLOW = False
else:
    HAS_PILLOW = True

needs_pillow = pytest.mark.skipif(
    not HAS_PILLOW,
    reason="rgb_array needs Pillow, in the video extra: pip install 'unodice[video]'",
)

BUILT_IN_IDS = {
    "centre-die": "unodice/CentreDie-v0",
    "coverall": "unodice/Coverall-v0",
    "dominoes": "unodice/Dominoes-v0",
}


@pytest.fixture(scope="module")
def registry() -> Registry:
    registry = Registry.from_entry_points()
    registry.add_plugin(ToyPlugin(), "toy")
    return registry


# -- ids -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("variant", "env_id"), sorted(BUILT_IN_IDS.items()))
def test_importing_the_package_registers_an_id_for_each_built_in_variant(variant, env_id):
    assert unodice.rl.gym_id(variant) == env_id
    spec = gymnasium.spec(env_id)
    assert spec.kwargs == {"variant": variant}
    assert spec.entry_point == "unodice.rl.single:UnodiceGymEnv"


def test_the_names_are_derived_from_the_variants_name():
    assert unodice.rl.gym_id("toy-race") == "unodice/ToyRace-v0"
    assert unodice.rl.gym_id("centre-die(rounds=1)") == "unodice/CentreDie-v0"
    assert unodice.rl.pettingzoo_name("centre-die") == "unodice_centre_die_v0"
    assert unodice.rl.pettingzoo_name("toy-race") == "unodice_toy_race_v0"


def test_a_plugin_variant_of_another_registry_is_registered_with_that_registry(registry):
    ids = unodice.rl.register_envs(registry)
    assert "unodice/ToyRace-v0" in ids
    assert set(BUILT_IN_IDS.values()) <= set(ids)
    env = gymnasium.make("unodice/ToyRace-v0", opponents=["greedy"])
    assert env.unwrapped.game.variant.name == "toy-race"
    # registering again leaves the ids as they are, without Gymnasium's warning of an override
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert unodice.rl.register_envs(registry) == ids


def test_make_passes_its_arguments_to_the_environment_and_sets_the_spec():
    env = gymnasium.make(
        "unodice/Dominoes-v0",
        players=3,
        opponents=["greedy", "random"],
        options={"target": 1},
        reward="round",
        native=False,
    )
    inner = env.unwrapped
    assert isinstance(inner, unodice.rl.UnodiceGymEnv)
    assert inner.game.players == 3
    assert inner.game.options.target == 1
    assert inner.native is False
    assert env.spec is not None and env.spec.id == "unodice/Dominoes-v0"
    assert env.spec.kwargs["players"] == 3
    assert env.metadata["render_fps"] == RENDER_FPS


def test_the_module_form_of_an_id_needs_no_import_first():
    source = str(Path(unodice.__file__).resolve().parents[1])
    child = (
        "import sys, gymnasium\n"
        "assert 'unodice.rl' not in sys.modules\n"
        "env = gymnasium.make('unodice.rl:unodice/CentreDie-v0', opponents=['greedy'])\n"
        "env.reset(seed=1)\n"
        "print(env.spec.id)\n"
    )
    path = os.pathsep.join([source, os.environ.get("PYTHONPATH", "")])
    result = subprocess.run(
        [sys.executable, "-c", child],
        env={**os.environ, "PYTHONPATH": path},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "unodice/CentreDie-v0"


@pytest.mark.parametrize("env_id", sorted(BUILT_IN_IDS.values()))
def test_a_made_environment_passes_check_env_without_a_warning(env_id, capsys):
    env = gymnasium.make(
        env_id, opponents=["greedy"], options={"rounds": 1} if "Centre" in env_id else {}
    )
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        # the render check makes the environment again in each render mode, through its spec
        check_env(env.unwrapped, skip_render_check=not HAS_PILLOW)


def test_an_environment_made_directly_has_a_spec_that_makes_it_again():
    env = unodice.rl.gym_env("coverall", opponents=["greedy", "random"], seat=1)
    assert env.spec is not None and env.spec.id == "unodice/Coverall-v0"
    again = env.spec.make()
    assert again.unwrapped.seat == 1
    assert again.unwrapped.game.players == 3


# -- the mask in info, and at the end -------------------------------------------------------------


def test_the_mask_is_in_info_too():
    env = unodice.rl.gym_env("centre-die(rounds=1)", opponents=["random"])
    observation, info = env.reset(seed=3)
    done = False
    while not done:
        assert np.array_equal(info["action_mask"], observation["action_mask"])
        assert np.array_equal(info["action_mask"], env.action_masks())
        action = int(np.flatnonzero(observation["action_mask"])[0])
        observation, _, done, _, info = env.step(action)
    assert np.array_equal(info["action_mask"], observation["action_mask"])


def test_the_last_observation_of_a_match_masks_in_the_end_action_only():
    env = unodice.rl.gym_env("coverall", opponents=["random"])
    observation, _ = env.reset(seed=4)
    terminated = False
    while not terminated:
        observation, _, terminated, _, _ = env.step(
            int(np.flatnonzero(observation["action_mask"])[-1])
        )
    assert np.flatnonzero(observation["action_mask"]).tolist() == [END_ACTION]
    assert np.flatnonzero(env.action_masks()).tolist() == [END_ACTION]
    with pytest.raises(UnodiceError, match="reset"):
        env.step(END_ACTION)


def test_an_illegal_actions_last_observation_masks_in_the_end_action_only(registry):
    env = unodice.rl.gym_env("toy-race", opponents=["random"], registry=registry)
    observation, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    observation, _, terminated, _, info = env.step(illegal)
    assert terminated and "illegal_action" in info
    assert np.flatnonzero(observation["action_mask"]).tolist() == [END_ACTION]


def test_sampling_from_the_mask_never_fails_over_many_autoresets():
    envs = gymnasium.make_vec(
        "unodice/CentreDie-v0",
        num_envs=3,
        opponents=["random"],
        options={"rounds": 1},
    )
    rng = np.random.default_rng(0)
    observations, _ = envs.reset(seed=11)
    ended = 0
    for _ in range(400):
        actions = [int(rng.choice(np.flatnonzero(mask))) for mask in observations["action_mask"]]
        observations, _, terminated, _, infos = envs.step(np.array(actions))
        assert np.array_equal(infos["action_mask"], observations["action_mask"])
        for index in np.flatnonzero(terminated):
            assert np.flatnonzero(observations["action_mask"][index]).tolist() == [END_ACTION]
        ended += int(terminated.sum())
    assert ended >= 10
    envs.close()


# -- truncation ------------------------------------------------------------------------------


def test_max_steps_truncates_a_long_match():
    env = unodice.rl.gym_env("centre-die", opponents=["random"], max_steps=3)
    observation, _ = env.reset(seed=5)
    for step in range(1, 4):
        observation, _, terminated, truncated, _ = env.step(
            int(np.flatnonzero(observation["action_mask"])[0])
        )
        assert not terminated
        assert truncated == (step == 3)
    # a truncated match keeps its legal moves in the mask: the position is still going
    assert observation["action_mask"].sum() >= 1
    assert not env.game.is_over
    with pytest.raises(UnodiceError, match="reset"):
        env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    observation, _ = env.reset()
    _, _, _, truncated, _ = env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert not truncated


def test_gymnasiums_max_episode_steps_truncates_too():
    env = gymnasium.make("unodice/CentreDie-v0", opponents=["random"], max_episode_steps=2)
    observation, _ = env.reset(seed=5)
    truncations = []
    for _ in range(2):
        observation, _, _, truncated, _ = env.step(
            int(np.flatnonzero(observation["action_mask"])[0])
        )
        truncations.append(truncated)
    assert truncations == [False, True]


def test_max_steps_truncates_every_agent_of_the_pettingzoo_environment():
    env = unodice.rl.raw_env("centre-die", players=3, max_steps=5)
    env.reset(seed=2)
    for _ in range(5):
        assert not any(env.truncations.values())
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(np.flatnonzero(mask)[0]))
    assert all(env.truncations.values()) and not any(env.terminations.values())
    # the agent the game would have asked next still sees its legal moves
    assert env.agent_selection == f"player_{env.game.to_act}"
    assert env.observe(env.agent_selection)["action_mask"].sum() >= 1


@pytest.mark.parametrize("max_steps", [0, -1, 2.5, True, "9"])
def test_a_bad_max_steps_is_refused(max_steps):
    with pytest.raises(InvalidOptions, match="max_steps must be None or a whole number"):
        unodice.rl.gym_env("coverall", max_steps=max_steps)
    with pytest.raises(InvalidOptions, match="max_steps"):
        unodice.rl.raw_env("coverall", max_steps=max_steps)


# -- reset options ----------------------------------------------------------------------------


def test_reset_options_may_move_the_learner_to_another_seat():
    env = unodice.rl.gym_env("dominoes", players=3, opponents=["greedy"])
    observation, _ = env.reset(seed=1, options={"seat": 2})
    assert env.seat == 2 and env.game.to_act == 2
    env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert env.game.is_over or env.game.to_act == 2
    env.reset()  # the seat stays
    assert env.seat == 2 and env.game.to_act == 2


def test_unknown_reset_options_are_refused_saying_what_reset_takes():
    env = unodice.rl.gym_env("dominoes", opponents=["greedy"])
    with pytest.raises(InvalidOptions, match=r"does not know the option 'rounds'.*'seat'"):
        env.reset(options={"rounds": 1})
    with pytest.raises(InvalidOptions, match="seat must be from 0 to 1"):
        env.reset(options={"seat": 5})
    env.reset(options={})


def test_the_pettingzoo_environment_warns_that_it_ignores_reset_options():
    # PettingZoo's api_test resets with options={"options": 1}: a warning, not an error
    env = unodice.rl.env("coverall", players=2)
    with pytest.warns(UserWarning, match=r"reset\(\) ignores the options 'x': it takes none"):
        env.reset(seed=1, options={"x": 1})
    assert env.agents
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        env.reset(seed=1, options={})
    with pytest.raises(InvalidOptions, match="reset options must be a dict"):
        env.reset(options=[1])


# -- names ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["centre-die", "coverall", "dominoes", "toy-race"])
def test_the_pettingzoo_name_has_no_hyphen(registry, variant):
    name = unodice.rl.raw_env(variant, players=2, registry=registry).metadata["name"]
    assert name == unodice.rl.pettingzoo_name(variant)
    assert "-" not in name and name.endswith("_v0")


def test_the_pettingzoo_metadata_has_render_fps():
    env = unodice.rl.raw_env("coverall", players=2)
    assert env.metadata["render_fps"] == RENDER_FPS
    assert "rgb_array" in env.metadata["render_modes"]


# -- rgb_array -----------------------------------------------------------------------------------


@needs_pillow
def test_rgb_array_frames_keep_one_size_from_start_to_end():
    env = unodice.rl.gym_env("dominoes(target=1)", opponents=["random"], render_mode="rgb_array")
    observation, _ = env.reset(seed=9)
    first = env.render()
    assert first.dtype == np.uint8 and first.ndim == 3 and first.shape[2] == 3
    done = False
    while not done:
        observation, _, done, _, _ = env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    last = env.render()
    assert last.shape == first.shape
    assert not np.array_equal(first, last)


@needs_pillow
def test_a_frame_draws_each_face_in_its_colour():
    from unodice.rl.frames import frame

    def shows(picture: np.ndarray, colour: Colour) -> bool:
        rgb = [int(COLOURS[colour][i : i + 2], 16) for i in (1, 3, 5)]
        return bool((picture == np.array(rgb, np.uint8)).all(axis=2).any())

    picture = frame("hand: r5 rD2")
    assert shows(picture, Colour.RED) and not shows(picture, Colour.BLUE)
    # long text is wrapped and cut, never drawn past the frame
    assert frame("x" * 1000 + "\n" * 100).shape == frame("").shape


@needs_pillow
def test_the_pettingzoo_environment_draws_frames_too():
    env = unodice.rl.raw_env("coverall", players=2, render_mode="rgb_array")
    env.reset(seed=1)
    assert env.render().ndim == 3


def test_rgb_array_without_pillow_says_which_extra_to_install(monkeypatch):
    for module in ("PIL", "PIL.Image", "PIL.ImageDraw", "PIL.ImageFont"):
        monkeypatch.setitem(sys.modules, module, None)  # as if Pillow were not installed
    with pytest.raises(
        UnodiceError, match=r"Pillow, which is not installed: pip install 'unodice\[video\]'"
    ):
        checked_render_mode("rgb_array")


def test_an_unknown_render_mode_lists_the_modes():
    with pytest.raises(
        InvalidOptions, match="render_mode must be None, 'ansi', 'human', 'rgb_array'"
    ):
        unodice.rl.gym_env("coverall", render_mode="rgb")


@pytest.mark.tooling
def test_record_video_writes_a_video_of_a_match(tmp_path):
    pytest.importorskip("moviepy", reason="RecordVideo needs moviepy, in the video extra")
    pytest.importorskip("PIL", reason="rgb_array needs Pillow, in the video extra")
    env = gymnasium.make(
        "unodice/CentreDie-v0",
        opponents=["random"],
        options={"rounds": 1},
        render_mode="rgb_array",
    )
    folder = tmp_path / "videos"
    env = gymnasium.wrappers.RecordVideo(env, str(folder), episode_trigger=lambda episode: True)
    observation, _ = env.reset(seed=3)
    done = False
    while not done:
        action = int(np.flatnonzero(observation["action_mask"])[0])
        observation, _, terminated, truncated, _ = env.step(action)
        done = terminated or truncated
    env.close()
    videos = list(folder.glob("*.mp4"))
    assert len(videos) == 1 and videos[0].stat().st_size > 1000
