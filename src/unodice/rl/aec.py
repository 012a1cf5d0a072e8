"""A PettingZoo AEC environment of one match of any variant, one agent per seat."""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from unodice.core._quoting import brief
from unodice.core.errors import InvalidOptions, UnodiceError
from unodice.core.game import Game
from unodice.core.moves import Event
from unodice.core.registry import Registry
from unodice.rl._arrays import Arrays
from unodice.rl._games import Games, reset_options, step_limit
from unodice.rl.frames import frame, require_pillow
from unodice.rl.registration import pettingzoo_name
from unodice.rl.rewards import Reward, Tally, checked

__all__ = ["RENDER_FPS", "RENDER_MODES", "UnodiceAECEnv", "env", "raw_env"]

RENDER_MODES = ("ansi", "human", "rgb_array")
"""``"ansi"``: ``render()`` returns the position as text; ``"human"``: it prints it;
``"rgb_array"``: it returns it drawn as an RGB array (see [`unodice.rl.frames`][unodice.rl.frames];
it needs Pillow, in the ``video`` extra)."""

RENDER_FPS = 4
"""The frames per second a video of a match is played at (``metadata["render_fps"]``)."""


def checked_render_mode(render_mode: object) -> str | None:
    """``render_mode``, checked: ``None`` or one of [`RENDER_MODES`][unodice.rl.aec.RENDER_MODES].

    Raises:
        InvalidOptions: It is not.
        UnodiceError: It is ``"rgb_array"`` and Pillow is not installed.
    """
    if render_mode is None:
        return None
    if render_mode not in RENDER_MODES:
        modes = ", ".join(repr(mode) for mode in RENDER_MODES)
        raise InvalidOptions(f"render_mode must be None, {modes}, not {brief(render_mode)}")
    if render_mode == "rgb_array":
        require_pillow()
    return str(render_mode)


def agent_name(seat: int) -> str:
    """The PettingZoo name of a seat: ``player_0``, ``player_1`` and so on."""
    return f"player_{seat}"


class UnodiceAECEnv(AECEnv):  # type: ignore[misc]  # PettingZoo ships no type information
    """One match of a variant as a PettingZoo AEC environment.

    Every seat is an agent, ``player_0`` to ``player_{n-1}``, alive for the whole match, across
    its rounds; the agent to act is the game's seat to act (skips and reverses included). An
    observation is ``{"observation": float32 array, "action_mask": int8 array}``: the seat's
    view encoded by the variant's observation layout, and its legal moves by the action
    catalogue (all zeros for an agent that is not to act). An action is a move's index in the
    catalogue. Rewards follow ``reward`` (see [`Reward`][unodice.rl.rewards.Reward]).

    Args:
        variant: The variant's name, or a game string with options.
        players: Number of seats (default: the variant's least).
        options: Option values.
        reward: ``"match"`` or ``"round"``.
        render_mode: ``None``, ``"ansi"`` (``render()`` returns the position as text, every
            hand shown), ``"human"`` (it prints it) or ``"rgb_array"`` (it returns it drawn;
            needs the ``video`` extra).
        max_steps: The most moves in a match, all seats' together (``None``: no limit); a
            match still going after that many ends with every agent truncated.
        house_rules: House rules for every game.
        registry: Where the variant is found.
        native: Whether the matches are played on the variant's native engine: ``None``
            (the default) when the build has it and the setup allows it (see
            [`new_game`][unodice.core.setup.new_game]'s ``native``), ``True`` always (or
            ``new_game``'s refusal is raised), ``False`` never. Both play the same matches,
            with the same observations, masks and rewards.

    Attributes:
        native: Whether the matches are played on the native engine.
        master_seed: The seed the matches come from: the one last given to ``reset``, or one
            drawn at random (64 bits) when the environment was made.

    Raises:
        InvalidOptions: Bad variant, options, players, reward, render mode or ``max_steps``.
        UnodiceError: The variant has no action catalogue or observation layout; or
            ``native=True`` and its games cannot be played natively; or
            ``render_mode="rgb_array"`` and Pillow is not installed.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012  # PettingZoo's own name and type
        "render_modes": list(RENDER_MODES),
        "render_fps": RENDER_FPS,
        "is_parallelizable": False,
    }

    def __init__(
        self,
        variant: str,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        reward: Reward = "match",
        render_mode: str | None = None,
        max_steps: int | None = None,
        *,
        house_rules: Sequence[str] = (),
        registry: Registry | None = None,
        native: bool | None = None,
    ):
        super().__init__()
        self.render_mode = checked_render_mode(render_mode)
        self._reward = checked(reward)
        self._max_steps = step_limit(max_steps)
        self._steps = 0
        self._games = Games(variant, players, options or {}, house_rules, registry, native)
        self.native = self._games.native
        self.game: Game = self._games.first
        self._tally = Tally(self.game.players, self._reward, self.native)
        self.metadata = {**self.metadata, "name": pettingzoo_name(self.game.variant.name)}
        self._arrays = Arrays(self.game.variant)
        self.possible_agents = [agent_name(seat) for seat in range(self.game.players)]
        self._seat = {name: seat for seat, name in enumerate(self.possible_agents)}
        self._observation_spaces = {a: self._arrays.observation_space for a in self.possible_agents}
        self._action_spaces = {a: self._arrays.action_space for a in self.possible_agents}
        self.master_seed = secrets.randbits(64)
        self._seeds = random.Random(self.master_seed)
        self.agents: list[str] = []

    # -- the spaces ------------------------------------------------------------------------------

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The observation space of ``agent`` (the same object on every call)."""
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The action space of ``agent``: ``Discrete`` over the action catalogue."""
        return self._action_spaces[agent]

    @property
    def catalogue(self) -> Any:
        """The variant's action catalogue: ``catalogue.move(action)`` is the move."""
        return self._arrays.catalogue

    # -- the cycle -------------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new match. ``seed`` fixes it (and the seeds of the matches after it).

        Without a seed, the matches follow ``master_seed``: the seed last given, or one drawn
        at random when the environment was made (``reset(seed=env.master_seed)`` plays the
        same matches again).

        ``reset`` takes no ``options`` (the variant's options are given when the environment
        is made): any it is given are ignored with a ``UserWarning`` that says so. (It does not
        refuse them, as the single-agent environment does, since PettingZoo's ``api_test``
        resets with an option of its own making.)

        Raises:
            InvalidOptions: ``options`` is not a dict.
        """
        reset_options(options, {}, refuse=False)
        self._steps = 0
        if seed is not None:
            self.master_seed = seed
            self._seeds.seed(seed)
        self.game = self._games.new(self._seeds.getrandbits(63))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._settle(None)

    def observe(self, agent: str) -> dict[str, Any]:
        """``agent``'s observation now."""
        return self._arrays.observe(self.game, self._seat[agent], agent == self.agent_selection)

    def step(self, action: int | None) -> None:
        """Play the move numbered ``action`` for the agent to act.

        Raises:
            UnodiceError: ``action`` is not a legal move's index now (the message says which
                move it is, and why it is refused).
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise UnodiceError(f"{agent} is to act: give an action, not None")
        number = int(action)
        game = self.game
        # A legal action is played as the very move object the game offered (found at once);
        # any other is played as the catalogue's move, which the game refuses, saying why.
        move = self._arrays.legal_move(game, number)
        if move is None:
            move = self._arrays.catalogue.move(number)
        self._cumulative_rewards[agent] = 0.0
        events = game.play(move)
        self._steps += 1
        self._settle(events)
        if self.render_mode == "human":
            self.render()

    def _settle(self, events: Sequence[Event] | None) -> None:
        """Hand out the rewards of a move, and pass the turn on (or end the match).

        ``events`` are the move's events (``None``: the game was just set up).
        """
        game = self.game
        earned = [0.0] * game.players
        if events is None:
            self._tally.start(game, earned)
        else:
            self._tally.add(game, events, earned)
        agents = self.agents
        if not any(earned):
            # Most moves: nothing to add to the cumulative rewards (adding 0.0 to them would
            # leave every one as it is).
            self.rewards = dict.fromkeys(agents, 0.0)
        elif agents == self.possible_agents:  # every seat's agent, in seat order (they stay)
            self.rewards = dict(zip(agents, earned, strict=True))
            self._accumulate_rewards()
        else:
            seat_of = self._seat
            self.rewards = {agent: earned[seat_of[agent]] for agent in agents}
            self._accumulate_rewards()
        if game.is_over:
            self.terminations = dict.fromkeys(agents, True)
            return
        seat = game.to_act
        assert seat is not None
        self.agent_selection = self.possible_agents[seat]
        if self._steps == self._max_steps:
            self.truncations = dict.fromkeys(agents, True)

    def render(self) -> Any:
        """The position, every hand shown.

        ``"ansi"`` returns it as text, ``"human"`` prints it, ``"rgb_array"`` returns it
        drawn, an array of shape ``(560, 992, 3)`` (see [`unodice.rl.frames`][unodice.rl.frames]).
        """
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode; give one to env()")
            return None
        text = self.game.render()
        if self.render_mode == "human":
            print(text)
            return None
        if self.render_mode == "rgb_array":
            return frame(text)
        return text

    def close(self) -> None:
        """Nothing to release."""


def raw_env(variant: str, **kwargs: Any) -> UnodiceAECEnv:
    """The environment without PettingZoo's wrappers (see [`env`][unodice.rl.env])."""
    return UnodiceAECEnv(variant, **kwargs)


def env(variant: str, **kwargs: Any) -> Any:
    """A PettingZoo AEC environment of a match of ``variant``, wrapped as the classic games are.

    The wrappers refuse actions outside the space and calls out of order, and end the match
    with a reward of ``-1`` for an agent whose action is masked out (an illegal move). The
    keyword arguments are those of [`UnodiceAECEnv`][unodice.rl.aec.UnodiceAECEnv]:
    ``unodice.rl.env("dominoes", players=3, reward="round")``.
    """
    wrapped: Any = raw_env(variant, **kwargs)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)
