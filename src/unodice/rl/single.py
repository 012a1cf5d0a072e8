"""A Gymnasium environment: one learner at the table, the other seats played by agents."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

import gymnasium
import numpy as np

from unodice.core._quoting import brief
from unodice.core.errors import InvalidOptions, UnodiceError
from unodice.core.game import Game
from unodice.core.moves import Event
from unodice.core.registry import Registry
from unodice.play.agents import (
    Agent,
    AgentSpec,
    Seat,
    SignalWatch,
    agent_method,
    ask_agent,
    build_agent,
    call_agent,
    choose_method,
    events_for_seat,
    game_agent_seed,
    play_choice,
    seat_agents,
)
from unodice.rl._arrays import END_ACTION, Arrays
from unodice.rl._games import Games, reset_options, step_limit
from unodice.rl.aec import RENDER_FPS, RENDER_MODES, checked_render_mode
from unodice.rl.frames import frame
from unodice.rl.registration import ENTRY_POINT, gym_id
from unodice.rl.rewards import Reward, Tally, checked

__all__ = ["END_ACTION", "ILLEGAL_REWARD", "RESET_OPTIONS", "UnodiceGymEnv", "gym_env"]

ILLEGAL_REWARD = -1.0
"""The learner's reward for an action the mask rules out, which ends the match."""

_SETUP_ATTEMPTS = 100
"""How many new matches ``reset`` deals before giving up on one in which the learner acts."""

RESET_OPTIONS = {"seat": "the learner's seat, from this match on"}
"""What ``reset(options=...)`` of the single-agent environment takes, and what each is."""


class UnodiceGymEnv(gymnasium.Env[dict[str, Any], int]):
    """One match of a variant in which the learner plays one seat and agents play the others.

    The observation and action spaces are those of the PettingZoo environment (see
    [`UnodiceAECEnv`][unodice.rl.aec.UnodiceAECEnv]). ``step`` plays the learner's move, then the
    other seats' moves until the learner must choose again or the match ends; the reward is the
    learner's for all of them. The info of ``reset`` and ``step`` holds the mask too, as
    ``info["action_mask"]``. The last observation of a match that ended (``terminated``) masks
    in one action only, [`END_ACTION`][unodice.rl.single.END_ACTION], so that a mask is never
    empty; that action is never played (see the reinforcement learning page).

    Args:
        variant: The variant's name, or a game string with options.
        opponents: The agents of the other seats, in seat order after skipping the learner's:
            names from the registry (``"greedy"``), agent objects or factories; cycled when
            fewer are given than there are other seats.
        players: Number of seats (default: the learner and one seat per opponent).
        seat: The learner's seat.
        options: Option values.
        reward: ``"match"`` or ``"round"``.
        render_mode: ``None``, ``"ansi"`` (``render()`` returns the learner's view as text),
            ``"human"`` (it prints it) or ``"rgb_array"`` (it returns it drawn as an RGB array,
            see [`unodice.rl.frames`][unodice.rl.frames]; needs the ``video`` extra).
        max_steps: The most decisions of the learner in a match (``None``: no limit); a
            match still going after that many ends with ``truncated`` true.
        registry: Where the variant and the named agents are found.
        native: Whether the matches are played on the variant's native engine: ``None``
            (the default) when the build has it and the setup allows it, ``True`` always (or
            [`new_game`][unodice.core.setup.new_game]'s refusal is raised), ``False`` never,
            as in [`UnodiceAECEnv`][unodice.rl.aec.UnodiceAECEnv].

    Attributes:
        native: Whether the matches are played on the native engine.

    Raises:
        InvalidOptions: Bad variant, options, players, seat, agents, reward, render mode or
            ``max_steps``.
        UnodiceError: ``native=True`` and the variant's games cannot be played natively; or
            ``render_mode="rgb_array"`` and Pillow is not installed.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012  # Gymnasium's own name and type
        "render_modes": list(RENDER_MODES),
        "render_fps": RENDER_FPS,
    }

    def __init__(
        self,
        variant: str,
        opponents: AgentSpec | Sequence[AgentSpec] = ("random",),
        players: int | None = None,
        seat: int = 0,
        options: Mapping[str, Any] | None = None,
        reward: Reward = "match",
        render_mode: str | None = None,
        max_steps: int | None = None,
        *,
        registry: Registry | None = None,
        native: bool | None = None,
    ):
        self.render_mode = checked_render_mode(render_mode)
        self._reward = checked(reward)
        self._max_steps = step_limit(max_steps)
        self._steps = 0
        # Whether the match was cut short at max_steps (it is ended too).
        self._truncated = False
        specs: list[Any] = list(seat_agents(opponents))
        if players is None:
            players = len(specs) + 1
        self._registry = registry
        self._games = Games(variant, players, options or {}, (), registry, native)
        self.native = self._games.native
        self.game: Game = self._games.first
        self._tally = Tally(self.game.players, self._reward, self.native)
        if len(specs) > players - 1:
            raise InvalidOptions(f"{len(specs)} opponents given for {players - 1} other seats")
        self._specs = specs
        self._place(seat)
        self._agents: list[Agent | None] = [None] * players
        # The observe methods of the agents that have one, by seat (looked up as each match
        # starts): the events are read only for them.
        self._observers: list[tuple[int, Any]] = []
        self._ended = False
        self._arrays = Arrays(self.game.variant)
        self.observation_space: gymnasium.spaces.Space[dict[str, Any]] = (
            self._arrays.observation_space
        )
        self.action_space: gymnasium.spaces.Space[int] = self._arrays.action_space  # type: ignore[assignment]
        # The id and arguments that make this environment again (gymnasium.make puts its own
        # in their place), for Gymnasium's tools that read them, check_env among them.
        arguments = {
            "variant": variant,
            "opponents": opponents,
            "players": players,
            "seat": seat,
            "options": dict(options or {}),
            "reward": reward,
            "render_mode": render_mode,
            "max_steps": max_steps,
            "native": native,
        }
        self.spec = gymnasium.envs.registration.EnvSpec(
            id=gym_id(self.game.variant.name),
            entry_point=ENTRY_POINT
            if registry is None
            else partial(UnodiceGymEnv, registry=registry),
            kwargs=arguments,
        )

    def _place(self, seat: object) -> None:
        """Seat the learner at ``seat`` and the opponents, in order, at the other seats.

        Raises:
            InvalidOptions: ``seat`` is not a seat of the game.
        """
        players = self.game.players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise InvalidOptions(f"seat must be from 0 to {players - 1}, not {brief(seat)}")
        self.seat = seat
        self._seats: list[Seat | None] = [None] * players
        others = [place for place in range(players) if place != seat]
        for index, place in enumerate(others):
            self._seats[place] = self._specs[index % len(self._specs)]
        self._labels = [source.label if source is not None else "learner" for source in self._seats]

    @property
    def catalogue(self) -> Any:
        """The variant's action catalogue: ``catalogue.move(action)`` is the move."""
        return self._arrays.catalogue

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Deal a new match and play the other seats up to the learner's first decision.

        ``seed`` fixes the match and the matches after it. Without one, the first ``reset``
        draws a fresh seed at random, which ``env.np_random_seed`` gives afterwards
        (``reset(seed=env.np_random_seed)`` plays the same matches again). Each opponent's seed
        is a one-way function of its match's seed, so an opponent cannot work out the dice.

        ``options`` may hold ``"seat"``: the learner's seat from this match on (see
        [`RESET_OPTIONS`][unodice.rl.single.RESET_OPTIONS]). The info holds the mask,
        ``info["action_mask"]``.

        Raises:
            InvalidOptions: ``options`` holds anything else, or a seat the game has not.
            AgentError: An opponent failed in any way, or chose a move that is not legal.
        """
        chosen = reset_options(options, RESET_OPTIONS)
        if "seat" in chosen:
            self._place(chosen["seat"])
        super().reset(seed=seed)
        self._ended = self._truncated = False
        self._steps = 0
        for _ in range(_SETUP_ATTEMPTS):
            game_seed = int(self.np_random.integers(2**63 - 1))
            self.game = self._games.new(game_seed)
            self._tally.start(self.game, [0.0] * self.game.players)
            with SignalWatch() as watch:
                self._start_agents(game_seed, watch)
                if self._observers:
                    self._tell(tuple(self.game.events), watch)
                self._others_play([0.0] * self.game.players, watch)
            if not self.game.is_over:
                observation = self._observation()
                return observation, {"action_mask": observation["action_mask"].copy()}
        raise UnodiceError(
            f"{_SETUP_ATTEMPTS} matches in a row ended before seat {self.seat} had a decision"
        )

    def step(self, action: int) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        """Play the learner's move numbered ``action``, then the others' until it is its turn.

        An action the mask rules out is not played: it ends the match at once with a reward of
        ``ILLEGAL_REWARD`` and ``info["illegal_action"]`` set, as PettingZoo's classic games
        end it (a learner should sample from the mask). After ``max_steps`` decisions of the
        learner, a match that is not over ends with ``truncated`` true. The info holds the mask
        of the observation, ``info["action_mask"]``.

        Raises:
            UnodiceError: The match is over (call ``reset``), or ``action`` is not a number of
                the action space.
            AgentError: An opponent failed in any way, or chose a move that is not legal.
        """
        if self.game.is_over or self._ended:
            raise UnodiceError("the match is over: call reset() to start another")
        number = int(action)
        move = self._arrays.legal_move(self.game, number)
        if move is None:
            illegal = self._arrays.catalogue.move(number)
            self._ended = True
            observation = self._observation()
            info = {
                "illegal_action": str(illegal),
                "action_mask": observation["action_mask"].copy(),
            }
            return observation, ILLEGAL_REWARD, True, False, info
        game = self.game
        events = game.play(move)
        earned = self._tally.add(game, events, [0.0] * game.players)
        with SignalWatch() as watch:
            self._tell(events, watch)
            reward = self._others_play(earned, watch)
        self._steps += 1
        terminated = game.is_over
        truncated = not terminated and self._steps == self._max_steps
        if truncated:
            self._ended = self._truncated = True
        if self.render_mode == "human":
            self.render()
        observation = self._observation()
        info = {"action_mask": observation["action_mask"].copy()}
        return observation, reward, terminated, truncated, info

    def _start_agents(self, game_seed: int, watch: SignalWatch) -> None:
        # An opponent's seed is a one-way function of the match's: knowing its own seed, an
        # opponent cannot work out the match's, and with it the dice to come.
        game, labels, registry = self.game, self._labels, self._registry
        self._observers = []
        for place, source in enumerate(self._seats):
            if source is None:
                self._agents[place] = None
                continue
            agent = build_agent(
                game,
                labels,
                place,
                watch,
                source,
                game_agent_seed(game_seed, place),
                registry,
                fresh=True,
            )
            start = agent_method(game, labels, place, watch, agent, "start")
            if start is not None:
                call_agent(game, labels, place, watch, "in start", start, place, game.view(place))
            self._agents[place] = agent
            observe = agent_method(game, labels, place, watch, agent, "observe")
            if observe is not None:
                self._observers.append((place, observe))

    def _others_play(self, earned: list[float], watch: SignalWatch) -> float:
        """Play the other seats until the learner must choose; the learner's reward for it all.

        ``earned`` are the rewards of the learner's move, to which the others' are added.

        Raises:
            AgentError: An opponent failed, or chose a move that is not legal.
        """
        game, labels = self.game, self._labels
        while not game.is_over and game.to_act != self.seat:
            place = game.to_act
            assert place is not None
            choose = choose_method(game, labels, place, watch, self._agents[place])
            moves = game.legal_moves()
            choice = ask_agent(game, labels, place, watch, choose, moves)
            played = play_choice(game, labels, place, watch, moves, choice)
            self._tally.add(game, played, earned)
            self._tell(played, watch)
        return earned[self.seat]

    def _tell(self, events: Sequence[Event], watch: SignalWatch) -> None:
        """Tell the agents that observe what ``events`` each may see (read only for them)."""
        game, labels = self.game, self._labels
        for place, observe in self._observers:
            call_agent(
                game,
                labels,
                place,
                watch,
                "in observe",
                observe,
                events_for_seat(game.variant, events, place),
            )

    def _over(self) -> bool:
        """Whether the match ended: over, or stopped by an illegal action (not truncated)."""
        return self.game.is_over or (self._ended and not self._truncated)

    def _observation(self) -> dict[str, Any]:
        # A match cut short (truncated) keeps its legal moves in the mask; one that ended has
        # only END_ACTION, so that no mask is empty.
        over = self._over()
        return self._arrays.observe(self.game, self.seat, acting=not over, ended=over)

    def action_masks(self) -> np.ndarray[Any, Any]:
        """The mask of the learner's last observation (the hook maskable learners look for)."""
        return self._arrays.end_mask() if self._over() else self._arrays.mask(self.game)

    def render(self) -> Any:
        """The position from the learner's seat.

        ``"ansi"`` returns it as text, ``"human"`` prints it, ``"rgb_array"`` returns it drawn,
        an array of shape ``(560, 992, 3)`` (see [`unodice.rl.frames`][unodice.rl.frames]).
        """
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode")
            return None
        text = self.game.render(self.seat)
        if self.render_mode == "human":
            print(text)
            return None
        if self.render_mode == "rgb_array":
            return frame(text)
        return text


def gym_env(variant: str, **kwargs: Any) -> UnodiceGymEnv:
    """A Gymnasium environment of ``variant`` for one learner against registry agents.

    ``unodice.rl.gym_env("dominoes", opponents=["greedy", "greedy"])``; the keyword arguments
    are those of [`UnodiceGymEnv`][unodice.rl.single.UnodiceGymEnv].
    """
    return UnodiceGymEnv(variant, **kwargs)
