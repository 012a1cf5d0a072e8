"""Reinforcement learning: PettingZoo and Gymnasium environments for every variant.

Install the extra first: ``pip install 'unodice[rl]'`` (NumPy, Gymnasium and PettingZoo).

* [`env`][unodice.rl.env] makes a PettingZoo AEC environment of a whole match, one agent per
  seat (``player_0`` …), with observations ``{"observation", "action_mask"}``;
* [`gym_env`][unodice.rl.gym_env] makes a Gymnasium environment in which one learner plays
  against agents from the registry; importing ``unodice.rl`` registers it with Gymnasium for
  every installed variant (``gymnasium.make("unodice/CentreDie-v0")``, see
  [`register_envs`][unodice.rl.registration.register_envs]).

Both number the moves by the variant's action catalogue and encode each seat's view by its
observation layout (see [`unodice.core.spaces`][unodice.core.spaces]); the reinforcement learning
page
shows both for every built-in variant.
"""

from __future__ import annotations

try:
    import gymnasium  # noqa: F401
    import numpy  # noqa: F401
    import pettingzoo  # noqa: F401
except ImportError as missing:  # pragma: no cover - the extra is installed where it is tested
    raise ImportError(
        f"unodice.rl needs the rl extra ({missing.name} is missing): pip install 'unodice[rl]'"
    ) from missing

from unodice.rl.aec import UnodiceAECEnv, env, raw_env
from unodice.rl.registration import gym_id, pettingzoo_name, register_envs
from unodice.rl.rewards import REWARDS, Reward
from unodice.rl.single import UnodiceGymEnv, gym_env

__all__ = [
    "REWARDS",
    "Reward",
    "UnodiceAECEnv",
    "UnodiceGymEnv",
    "env",
    "gym_env",
    "gym_id",
    "pettingzoo_name",
    "raw_env",
    "register_envs",
]

# Gymnasium 1.x reads no plugin entry points: the ids are registered here, on import (which
# gymnasium.make("unodice.rl:unodice/CentreDie-v0") does itself).
register_envs()
