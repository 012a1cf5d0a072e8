"""Bots: agents that choose a move from what their seat can see.

An agent is any object with ``choose(view, moves) -> move`` (the
[`Agent`][unodice.agents.Agent] protocol). It is handed its seat's
[`View`][unodice.variant.View] (never the full game) and the legal moves, and returns one of
them. An agent that keeps memory may also have ``start(seat, view)``, called when a game
starts for its seat, and ``observe(events)``, called after every move with the events its seat
may see; the play loops call them only when the agent has them.

Wherever agents are asked for (``play_game``, ``simulate``, ``tournament``, the command line),
each one may be given as

* an **agent object**, used as it is;
* an **agent factory**: a callable that makes a fresh agent for one game, called as
  ``factory(seed)`` (or ``factory()`` when it takes no argument). An agent class is a factory.
  Worker processes and Dask workers receive it pickled, so it must be picklable: a class or
  function defined at the top level of a module or script is, a ``lambda`` or a function
  defined inside another function is not;
* a **name** registered by a plugin (``"random"``, ``"greedy"``, ``"heuristic"`` …; see
  ``unodice agents``), built with [`make_agent`][unodice.agents.make_agent].

An agent that raises, or returns something that is not one of the legal moves, stops the game
with an [`AgentError`][unodice.agents.AgentError] naming the agent, its seat, the game's seed
and the index of the decision.
"""

from __future__ import annotations

import copy
import hashlib
import inspect
import random
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeAlias, runtime_checkable

import attrs

from unodice._version import __version__
from unodice.errors import IllegalMove, InvalidOptions, UnodiceError
from unodice.game import Game, new_game
from unodice.hooks import hookimpl
from unodice.moves import Event, Move
from unodice.quoting import brief
from unodice.registry import AgentInfo, Registrar, Registry, default_registry
from unodice.values import Value, fields_of
from unodice.variant import AnyVariant, Variant, View

__all__ = [
    "ISMCTS_ITERATIONS",
    "Agent",
    "AgentError",
    "AgentFactory",
    "AgentSpec",
    "GreedyAgent",
    "Observer",
    "RandomAgent",
    "VariantHeuristic",
    "agent_label",
    "agents",
    "events_for_seat",
    "make_agent",
    "play_game",
    "play_out",
    "unodice_register",
]


@runtime_checkable
class Agent(Protocol):
    """Anything that can choose a move: the one method every agent has.

    Two more methods are optional (see [`Observer`][unodice.agents.Observer]); the play loops
    call them only when an agent has them:

    * ``start(seat: int, view: View) -> None``: a game starts, and this agent plays ``seat``;
    * ``observe(events: Sequence[Event]) -> None``: what happened since the agent was last
      told, as its seat may see it (see [`events_for_seat`][unodice.agents.events_for_seat]).
      It is called once right after ``start`` with the events of the game's setup, then after
      every move (every seat's, its own included), the last time with the events that end the
      game.

    An agent object that sits at several seats of one game is started and told once per seat:
    give a bot that keeps memory one object per seat, or a factory.
    """

    def choose(self, view: View, moves: Sequence[Move]) -> Move:
        """Return one of ``moves``, deciding from ``view`` only."""
        ...


@runtime_checkable
class Observer(Protocol):
    """The optional notifications of an agent that keeps memory from move to move."""

    def start(self, seat: int, view: View) -> None:
        """A new game starts, and this agent plays ``seat``; ``view`` is its first view."""
        ...

    def observe(self, events: Sequence[Event]) -> None:
        """The events since the last call, as this agent's seat may see them."""
        ...


AgentFactory: TypeAlias = Callable[..., Agent]
"""A callable that makes a fresh agent for one game: ``factory(seed)`` or ``factory()``."""

AgentSpec: TypeAlias = "Agent | AgentFactory | str"
"""An agent object, an agent factory, or a registered agent's name."""


class AgentError(UnodiceError):
    """An agent failed: it raised, or chose something that is not one of the legal moves.

    Attributes:
        agent: The agent's name, or its ``repr`` when it has none.
        seat: The seat it plays.
        seed: The seed of the game (play it again with it); ``None`` for a game without one.
        decision: The index of the decision in the game, from 0 (the index of the move it
            should have made in ``game.moves``).
        cause: What went wrong, in words.
        index: The game's index in a simulation or tournament, when it is one of those.
    """

    def __init__(
        self,
        agent: str,
        seat: int,
        seed: int | None,
        decision: int,
        cause: str,
        index: int | None = None,
    ):
        self.agent = agent
        self.seat = seat
        self.seed = seed
        self.decision = decision
        self.cause = cause
        self.index = index
        game = f"game {index} (seed {seed})" if index is not None else f"the game of seed {seed}"
        super().__init__(
            f"agent {agent} at seat {seat} failed at decision {decision} of {game}: {cause}"
        )

    def in_game(self, index: int) -> AgentError:
        """The same error, naming the game's index in a simulation or tournament."""
        return AgentError(self.agent, self.seat, self.seed, self.decision, self.cause, index)


# -- the built-in agents -------------------------------------------------------------------------


class RandomAgent:
    """Chooses uniformly at random among the legal moves, from its own seeded generator.

    Args:
        seed: Seed of the agent's generator; the same seed makes the same choices.
    """

    def __init__(self, seed: int | None = None):
        self.seed = seed
        self._rng = random.Random(seed)

    def choose(self, view: View, moves: Sequence[Move]) -> Move:
        """A random legal move."""
        # The same choice as moves[rng.randrange(len(moves))], drawn inline: bots choose at
        # every decision of every simulated game.
        count = len(moves)
        if not count:
            raise ValueError("there is no move to choose from")
        draw = self._rng.getrandbits
        bits = count.bit_length()
        index = draw(bits)
        while index >= count:
            index = draw(bits)
        return moves[index]

    def __repr__(self) -> str:
        return f"RandomAgent(seed={self.seed!r})"


class GreedyAgent:
    """Chooses the move that gains the most at once, by the variant's own measure.

    Ties go to the first such move in the legal order, so the agent is deterministic.

    Args:
        seed: Ignored (greedy play draws no random numbers); accepted so that the class is an
            agent factory like any other.
    """

    def __init__(self, seed: int | None = None):
        del seed

    def choose(self, view: View, moves: Sequence[Move]) -> Move:
        """The legal move with the highest immediate gain."""
        best, best_gain = moves[0], view.gain(moves[0])
        for move in moves[1:]:
            gain = view.gain(move)
            if gain > best_gain:
                best, best_gain = move, gain
        return best

    def __repr__(self) -> str:
        return "GreedyAgent()"


def _no_heuristic(seed: int | None = None) -> Agent:
    """The generic ``heuristic`` when the variant played has no heuristic agent of its own."""
    raise InvalidOptions(
        "there is no heuristic agent for this variant: a variant's package provides one by "
        "registering an agent named heuristic-VARIANT (see 'unodice agents')"
    )


@hookimpl
def unodice_register(registry: Registrar) -> None:
    """Register unodice's own agents, exactly as a plugin registers its agents."""
    registry.add_agent("random", RandomAgent, "chooses uniformly at random among the legal moves")
    registry.add_agent("greedy", GreedyAgent, "takes the move that gains the most at once")
    registry.add_agent(
        "heuristic", _no_heuristic,
        "the variant's own heuristic bot (heuristic-VARIANT, from the variant's package)",
    )
    registry.add_agent(
        "ismcts", ismcts,
        "information-set Monte Carlo tree search over determinizations (any variant)",
    )


ISMCTS_ITERATIONS = 64
"""Iterations per decision of the ``ismcts`` agent, repeatable from a seed: 25 to 65 ms a
decision in two-player games of the built-in variants on a busy two-core machine (the arena
reports the time)."""


def ismcts(seed: int | None = None) -> Agent:
    """The ``ismcts`` agent: [`ISMCTSAgent`][unodice.bots.ismcts.ISMCTSAgent] as it plays best.

    [`ISMCTS_ITERATIONS`][unodice.agents.ISMCTS_ITERATIONS] iterations a decision, greedy
    playouts, and a paired root over the two first choices of the variant's own heuristic
    agent ([`VariantHeuristic`][unodice.agents.VariantHeuristic]); the settings
    `benchmarks/strength.py` measured strongest.
    """
    from unodice.bots.ismcts import ISMCTSAgent

    return ISMCTSAgent(
        iterations=ISMCTS_ITERATIONS, seed=seed, playout="greedy", epsilon=0.0,
        prior=VariantHeuristic, width=2,
    )


class VariantHeuristic:
    """The heuristic agent of the variant being played, or a greedy agent when it has none.

    It finds ``heuristic-VARIANT`` among the installed agents at its first decision in a
    variant, so one object serves any variant, plugins included.

    Args:
        seed: Handed to the heuristic agent's factory.
    """

    def __init__(self, seed: int | None = None):
        self.seed = seed
        self._variant: str | None = None
        self._agent: Agent = GreedyAgent()

    def choose(self, view: View, moves: Sequence[Move]) -> Move:
        """The variant's heuristic agent's choice."""
        if view.variant_name != self._variant:
            self._variant = view.variant_name
            try:
                self._agent = make_agent("heuristic", self.seed, variant=self._variant)
            except InvalidOptions:
                self._agent = GreedyAgent()
        return self._agent.choose(view, moves)

    def __repr__(self) -> str:
        return f"VariantHeuristic(seed={self.seed!r})"


# -- agents by name -------------------------------------------------------------------------------

_own: Registry | None = None
_own_lock = threading.Lock()


def _own_registry() -> Registry:
    """A registry of unodice's own agents only, for registries made without them (in tests)."""
    global _own
    if _own is None:
        with _own_lock:
            if _own is None:
                import sys

                own = Registry(allow_override=())
                own.add_plugin(sys.modules[__name__], "agents", "unodice", __version__)
                _own = own
    return _own


def _find(name: str, registry: Registry) -> AgentInfo | None:
    info = registry.agents().get(name)
    if info is None and registry is not _own_registry():
        info = _own_registry().agents().get(name)
    return info


def agents(registry: Registry | None = None) -> dict[str, AgentInfo]:
    """Every agent known by name, sorted by name (as ``unodice agents`` lists them).

    Args:
        registry: Where plugins' agents are found (default: every installed plugin).
            unodice's own agents are always known.
    """
    known = dict(_own_registry().agents())
    known.update((registry or default_registry()).agents())
    return dict(sorted(known.items()))


def make_agent(
    name: str,
    seed: int | None = None,
    registry: Registry | None = None,
    *,
    variant: str | None = None,
) -> Agent:
    """Build a fresh agent by its registered name.

    When ``variant`` is given and an agent named ``NAME-VARIANT`` is registered, that one is
    built: so ``heuristic`` is the heuristic agent of the variant being played
    (``heuristic-coverall`` in coverall).

    Args:
        name: The agent's name (``unodice agents`` lists them).
        seed: Handed to the agent's factory.
        registry: Where plugins' agents are found (default: every installed plugin).
        variant: The name of the variant the agent is to play.

    Raises:
        InvalidOptions: Unknown agent name (the message lists the known ones), or no agent of
            that name for this variant.
        PluginError: The plugin that provides it is broken, or several plugins register it.
    """
    if not isinstance(name, str):
        raise InvalidOptions(f"an agent name is a string, not {brief(name)}")
    registry = registry or default_registry()
    info = None
    if variant is not None:
        info = _find(f"{name}-{variant}", registry)
    if info is None:
        info = _find(name, registry)
    if info is None:
        try:
            registry.agent(name)  # a broken or contested plugin is named
        except UnodiceError as error:
            if not isinstance(error, LookupError):
                raise
        known = ", ".join(agents(registry))
        raise InvalidOptions(f"unknown agent {brief(name)}; known agents: {known}")
    return _checked(info.factory(seed), info.name)


def _checked(agent: Any, label: str) -> Agent:
    if not callable(getattr(agent, "choose", None)):
        raise InvalidOptions(
            f"agent {label} made {brief(agent)}, which has no choose(view, moves) method"
        )
    return agent  # type: ignore[no-any-return]


def agent_label(spec: Any) -> str:
    """A short name for an agent, factory or name, as reports and errors show it.

    A name is itself; an object or factory with a string ``name`` attribute is that; a class or
    function is its ``__name__``; any other object is its class's name.
    """
    if isinstance(spec, str):
        return spec
    named = getattr(spec, "name", None)
    if isinstance(named, str) and named:
        return named
    if isinstance(spec, type) or inspect.isfunction(spec):
        return str(spec.__name__)
    return type(spec).__name__


def _takes_seed(factory: Callable[..., Any]) -> bool:
    """Whether a factory is called with a seed (a factory taking no argument is not)."""
    try:
        signature = inspect.signature(factory)
    except (TypeError, ValueError):  # no signature to read: give it the seed
        return True
    try:
        signature.bind(0)
    except TypeError:
        return False
    return True


@attrs.frozen
class Seat:
    """How the agent of one seat is made, game after game (picklable when its source is).

    Made by [`seat_agents`][unodice.agents.seat_agents]; the simulation and the arena send
    these to their workers.

    Attributes:
        source: An agent object, an agent factory or a registered name.
        label: How reports and errors name it.
        kind: ``"object"``, ``"factory"`` or ``"name"``.
        seeded: For a factory, whether it is called with a seed.
    """

    source: Any
    label: str
    kind: str
    seeded: bool = True

    @classmethod
    def of(cls, spec: Any, label: str | None = None) -> Seat:
        """The seat of an agent object, factory or name.

        Raises:
            InvalidOptions: ``spec`` is none of those.
        """
        if isinstance(spec, str):
            name = spec.strip()
            if not name:
                raise InvalidOptions("an agent name is empty")
            return cls(name, label or name, "name")
        if isinstance(spec, type) or (
            callable(spec) and not callable(getattr(spec, "choose", None))
        ):
            return cls(spec, label or agent_label(spec), "factory", _takes_seed(spec))
        if callable(getattr(spec, "choose", None)):
            return cls(spec, label or agent_label(spec), "object")
        raise InvalidOptions(
            f"an agent is an object with choose(view, moves), a factory that makes one, or a "
            f"registered agent's name; got {brief(spec)}"
        )

    def build(
        self, seed: int | None, variant: str, registry: Registry | None, *, fresh: bool
    ) -> Agent:
        """The agent for one game.

        Args:
            seed: The seed for a factory or a named agent.
            variant: The variant's name (for names such as ``heuristic``).
            registry: Where names are found.
            fresh: For an agent object, whether to play a copy of it as it was given (so that
                no game depends on what an earlier one left in it), or the object itself.
        """
        if self.kind == "name":
            return make_agent(self.source, seed, registry, variant=variant)
        if self.kind == "factory":
            made = self.source(seed) if self.seeded else self.source()
            return _checked(made, self.label)
        return copy.deepcopy(self.source) if fresh else self.source  # type: ignore[no-any-return]


def seat_agents(
    specs: AgentSpec | Sequence[AgentSpec], players: int | None = None
) -> tuple[Seat, ...]:
    """One [`Seat`][unodice.agents.Seat] per seat, cycling through the agents given.

    Args:
        specs: One agent, factory or name, a comma-separated string of names, or a sequence
            of any of those, in any mix.
        players: The number of seats (default: one per agent given).

    Raises:
        InvalidOptions: No agent, more agents than seats, or something that is not an agent.
    """
    if isinstance(specs, str):
        items: list[Any] = [name.strip() for name in specs.split(",") if name.strip()]
    elif isinstance(specs, Sequence):
        items = list(specs)
    else:
        items = [specs]
    if not items:
        raise InvalidOptions("agents: give at least one agent")
    seats = [Seat.of(item) for item in items]
    if players is None:
        return tuple(seats)
    if len(seats) > players:
        raise InvalidOptions(f"{len(seats)} agents given for {players} seats")
    return tuple(seats[seat % len(seats)] for seat in range(players))


# -- what a seat is told ---------------------------------------------------------------------------


def events_for_seat(variant: AnyVariant, events: Sequence[Event], seat: int) -> tuple[Event, ...]:
    """The events as ``seat`` may be told of them, for an agent's ``observe``.

    Each event goes through the variant's
    [`event_for_seat`][unodice.variant.Variant.event_for_seat], as a seat's record does: an
    event it leaves out is left out here, and an event whose told form differs is given with
    ``None`` in every field it hides (a die put back into the bag, say). A variant that does
    not override ``event_for_seat`` tells every seat every event as it is.
    """
    if type(variant).event_for_seat is Variant.event_for_seat:
        return tuple(events)
    told: list[Event] = []
    for event in events:
        data = variant.event_for_seat(event, seat)
        if data is None:
            continue
        values = fields_of(event)
        if data == event.to_json():
            told.append(event)
            continue
        kept = [
            value if name in data and data[name] == event.to_json().get(name) else None
            for name, value in values.items()
        ]
        told.append(Value.__new__(type(event), *kept))
    return tuple(told)


# -- playing ---------------------------------------------------------------------------------------


def _derive(*parts: object) -> int:
    """A 63-bit seed that depends on ``parts`` only, the same on every platform."""
    text = ":".join(str(part) for part in parts).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1


def play_game(
    variant: str,
    agents: AgentSpec | Sequence[AgentSpec],
    seed: int | None = None,
    options: Mapping[str, Any] | None = None,
    house_rules: Sequence[str] = (),
    *,
    max_decisions: int = 1_000_000,
    **game_kwargs: Any,
) -> Game:
    """Play a whole game between agents, one per seat, and return the finished game.

    Args:
        variant: Variant name or game string; the number of agents is the number of seats.
        agents: One agent per seat, in seat order: agent objects (used as they are), agent
            factories (each called once, with a seed derived from the game's) or registered
            names, in any mix; or one string of names separated by commas.
        seed: Seed of the game's chance.
        options: Variant options.
        house_rules: House rules in force.
        max_decisions: A safety bound; a game still going after this many decisions is a bug.
        **game_kwargs: Passed on to [`new_game`][unodice.game.new_game] (``registry`` …).

    Raises:
        AgentError: An agent raised, or chose a move that is not legal (the agent is named).
        InvalidOptions: Something given as an agent is not one, or an unknown agent name.
        UnodiceError: The game did not end within ``max_decisions``.
    """
    seats = seat_agents(agents)
    game = new_game(variant, len(seats), seed, options, house_rules, **game_kwargs)
    registry = game_kwargs.get("registry")
    built = [
        seat.build(_derive("agent", game.seed, index), game.variant.name, registry, fresh=False)
        for index, seat in enumerate(seats)
    ]
    labels = [seat.label if seat.kind != "object" else repr(seat.source) for seat in seats]
    return play_seats(game, built, labels, max_decisions=max_decisions)


def play_out(game: Game, agents: Sequence[Agent], *, max_decisions: int = 1_000_000) -> Game:
    """Continue ``game`` with the given agents until it ends; return it.

    Agents with ``start`` are started as it begins (and told the events so far); agents with
    ``observe`` are told every move's events as their seat may see them.

    Raises:
        AgentError: An agent raised, or chose a move that is not legal.
        UnodiceError: The game did not end within ``max_decisions``.
    """
    return play_seats(game, agents, [repr(agent) for agent in agents],
                      max_decisions=max_decisions)


def play_seats(
    game: Game,
    agents: Sequence[Agent],
    labels: Sequence[str],
    *,
    max_decisions: int = 1_000_000,
    thinking: list[float] | None = None,
    decisions: list[int] | None = None,
) -> Game:
    """`play_out` with the agents named by ``labels`` in errors.

    Args:
        game: The game to play to the end.
        agents: One agent per seat.
        labels: How errors name each seat's agent.
        max_decisions: A safety bound.
        thinking: When given (one number per seat), the seconds each seat's agent spent
            choosing are added to it.
        decisions: When given (one number per seat), each seat's decisions are counted in it.
    """
    agents = list(agents)
    observers: list[tuple[int, Any]] = []
    for place, agent in enumerate(agents):
        start = getattr(agent, "start", None)
        if start is not None:
            _call(game, labels, place, "in start", start, place, game.view(place))
        if getattr(agent, "observe", None) is not None:
            observers.append((place, agent.observe))  # type: ignore[attr-defined]
    if observers:
        _tell(game, labels, observers, tuple(game.events))
    clock = time.perf_counter
    for _ in range(max_decisions):
        seat = game.to_act
        if seat is None:
            return game
        moves = game.legal_moves()
        agent = agents[seat]
        began = clock() if thinking is not None else 0.0
        try:
            move = agent.choose(game.view(seat), moves)
        except Exception as error:
            cause = f"{type(error).__name__} in choose: {error}"
            raise _failed(game, labels, seat, cause) from error
        if thinking is not None:
            thinking[seat] += clock() - began
        if decisions is not None:
            decisions[seat] += 1
        try:
            events = game.play(move)
        except IllegalMove as error:
            cause = f"it chose a move that is not legal: {error}"
            raise _failed(game, labels, seat, cause) from None
        if observers:
            _tell(game, labels, observers, events)
    raise UnodiceError(f"{game.variant.name} did not end within {max_decisions} decisions")


def _failed(game: Game, labels: Sequence[str], seat: int, cause: str) -> AgentError:
    return AgentError(labels[seat], seat, game.seed, len(game.moves), " ".join(cause.split()))


def _call(
    game: Game, labels: Sequence[str], seat: int, during: str, method: Callable[..., Any],
    *args: Any,
) -> None:
    try:
        method(*args)
    except Exception as error:
        cause = f"{type(error).__name__} {during}: {error}"
        raise _failed(game, labels, seat, cause) from error


def _tell(
    game: Game, labels: Sequence[str], observers: Sequence[tuple[int, Any]],
    events: Sequence[Event],
) -> None:
    for seat, observe in observers:
        _call(game, labels, seat, "in observe", observe,
              events_for_seat(game.variant, events, seat))
