"""Bots: agents that choose a move from what their seat can see.

An agent is any object with ``choose(view, moves) -> move`` (the
[`Agent`][unodice.play.agents.Agent] protocol). It is handed its seat's
[`View`][unodice.core.variant.View] (never the full game) and the legal moves, and returns one of
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
  ``unodice agents``), built with [`make_agent`][unodice.play.agents.make_agent];
* an **import path**, ``"module:Name"`` or ``"path/to/file.py:Name"``, where ``Name`` is an
  agent class, an agent factory or an agent object (see
  [`load_agent`][unodice.play.agents.load_agent]): a bot tried without packaging it. Worker
  processes load it again by that path, so it need not be picklable.

An agent that raises, or returns something that is not one of the legal moves, stops the game
with an [`AgentError`][unodice.play.agents.AgentError] naming the agent, its seat, the game's seed
and the index of the decision.
"""

from __future__ import annotations

import copy
import hashlib
import importlib
import importlib.util
import inspect
import os
import random
import re
import signal
import sys
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol, TypeAlias, runtime_checkable

import attrs

from unodice._version import __version__
from unodice.core._quoting import brief, did_you_mean
from unodice.core.capabilities import MatchEngine, Matches
from unodice.core.errors import IllegalMove, InvalidOptions, UnodiceError
from unodice.core.game import Game
from unodice.core.hooks import hookimpl
from unodice.core.moves import Event, Move
from unodice.core.registry import AgentInfo, Registrar, Registry, default_registry
from unodice.core.setup import new_game
from unodice.core.values import Value, fields_of
from unodice.core.variant import AnyVariant, Variant, View

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
    "agents",
    "events_for_seat",
    "is_import_path",
    "load_agent",
    "make_agent",
    "may_play_natively",
    "native_engine",
    "play_game",
    "play_out",
    "played_natively",
    "stepped_natively",
]


@runtime_checkable
class Agent(Protocol):
    """Anything that can choose a move: the one method every agent has.

    Two more methods are optional (see [`Observer`][unodice.play.agents.Observer]); the play loops
    call them only when an agent has them:

    * ``start(seat: int, view: View) -> None``: a game starts, and this agent plays ``seat``;
    * ``observe(events: Sequence[Event]) -> None``: what happened since the agent was last
      told, as its seat may see it (see [`events_for_seat`][unodice.play.agents.events_for_seat]).
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
"""An agent object, an agent factory, a registered agent's name, or an import path to one of the
first two (``"module:Name"``, ``"path/to/file.py:Name"``)."""


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
        "heuristic",
        _no_heuristic,
        "the variant's own heuristic bot (heuristic-VARIANT, from the variant's package)",
    )
    registry.add_agent(
        "ismcts",
        ismcts,
        "information-set Monte Carlo tree search over determinizations (any variant)",
    )
    registry.add_agent(
        "determinized",
        determinized,
        "every move compared on the same determinizations, played out by the heuristic and "
        "valued by the match (any variant)",
    )


ISMCTS_ITERATIONS = 64
"""Iterations per decision of the ``ismcts`` agent, repeatable from a seed (each candidate's
playout counts as one)."""


def ismcts(seed: int | None = None) -> Agent:
    """The ``ismcts`` agent: [`ISMCTSAgent`][unodice.play.bots.ismcts.ISMCTSAgent] as it plays best.

    [`ISMCTS_ITERATIONS`][unodice.play.agents.ISMCTS_ITERATIONS] iterations a decision, a
    paired root over the four first choices of the variant's own heuristic agent, each played
    out at once by the heuristic (no tree below the root: ``tree=False``), rewards that value
    each outcome for the match (``value="match"``), not only for the round, and the
    heuristic's choice kept unless another beats it by two standard errors of the paired
    differences (``confidence=2``).
    """
    from unodice.play.bots.ismcts import ISMCTSAgent

    return ISMCTSAgent(
        iterations=ISMCTS_ITERATIONS,
        seed=seed,
        playout="heuristic",
        epsilon=0.0,
        prior="heuristic",
        width=4,
        value="match",
        confidence=2.0,
        tree=False,
    )


DETERMINIZATIONS = 16
"""Determinizations per decision of the ``determinized`` agent, repeatable from a seed: each
plays every distinct legal move once and plays the round out with the variant's heuristic."""


def determinized(seed: int | None = None) -> Agent:
    """The ``determinized`` agent, a [`DeterminizedAgent`][unodice.play.bots.DeterminizedAgent].

    [`DETERMINIZATIONS`][unodice.play.agents.DETERMINIZATIONS] determinizations a decision,
    every distinct legal move a candidate, the variant's heuristic playing every seat in the
    playouts, outcomes valued by the estimated chance of winning the match.
    """
    from unodice.play.bots.determinized import DeterminizedAgent

    return DeterminizedAgent(DETERMINIZATIONS, seed=seed)


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
    if is_import_path(name):
        return Seat.of(name).build(seed, variant or "", registry, fresh=True)
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
        known = list(agents(registry))
        raise InvalidOptions(
            f"unknown agent {brief(name)}; {did_you_mean(name, known)}known agents: "
            f"{', '.join(known)} (or your own, as module:Class or path/to/file.py:Class)"
        )
    return _checked(info.factory(seed), info.name)


# -- agents by import path -------------------------------------------------------------------------

_IMPORT_PATH = "module:Name or path/to/file.py:Name"
_MODULE_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$")
_loaded_files: dict[str, tuple[tuple[int, int], Any]] = {}
_load_lock = threading.RLock()


def is_import_path(text: str) -> bool:
    """Whether ``text`` names an agent by import path (``module:Name``, ``file.py:Name``).

    A registered agent's name is lower-case letters, digits and hyphens: it has no ``:``, and
    does not end in ``.py``.
    """
    return ":" in text or text.strip().endswith(".py")


def load_agent(path: str) -> Any:
    """The agent class, factory or object an import path names.

    ``"module:Name"`` imports ``module`` (it must be importable: installed, or on
    ``PYTHONPATH``); ``"path/to/file.py:Name"`` runs the file as a module of its own (once per
    process, and again when the file changes). ``Name`` may be dotted (``Outer.Inner``).
    What it names must be an agent class, a callable that makes an agent (a factory) or an
    object with ``choose(view, moves)``.

    Raises:
        InvalidOptions: The path is not written so, no such file or module, importing it
            raised, it has no such name, or what it names is not an agent; the message says
            which, in one line.
    """
    text = path.strip()
    where, sep, name = text.rpartition(":")
    if not sep or not where or not name:
        raise InvalidOptions(
            f"agent {brief(text)}: name the agent too, as {_IMPORT_PATH} "
            f"(for example {brief((where or text) + ':MyBot')})"
        )
    if not all(part.isidentifier() for part in name.split(".")):
        raise InvalidOptions(
            f"agent {brief(text)}: {brief(name)} is not a Python name; write {_IMPORT_PATH}"
        )
    if where.endswith(".py") or "/" in where or os.sep in where:
        module = _load_file(text, where)
        what = where
    else:
        module = _load_module(text, where)
        what = f"module {where}"
    found: Any = module
    for index, part in enumerate(name.split(".")):
        try:
            found = getattr(found, part)
        except AttributeError:
            owner = what if index == 0 else ".".join(name.split(".")[:index])
            public = [n for n in dir(found) if not n.startswith("_")]
            hint = did_you_mean(part, public).rstrip() or (
                f"it has {', '.join(public[:12])}{' …' if len(public) > 12 else ''}"
                if public
                else "it has no public names"
            )
            raise InvalidOptions(
                f"agent {brief(text)}: {owner} has no {brief(part)}; {hint}"
            ) from None
        except Exception as error:
            raise InvalidOptions(
                f"agent {brief(text)}: reading {brief(part)} raised {_type_name(error)}: "
                f"{_message(error)}"
            ) from None
    if isinstance(found, type):
        if not callable(getattr(found, "choose", None)):
            raise InvalidOptions(
                f"agent {brief(text)}: class {found.__name__} is not an agent: it has no "
                "choose(view, moves) method"
            )
    elif not callable(found) and not callable(getattr(found, "choose", None)):
        raise InvalidOptions(
            f"agent {brief(text)}: {brief(name)} is an object of type {_type_name(found)}, not "
            "an agent class, an agent factory or an object with choose(view, moves)"
        )
    return found


def _load_module(text: str, where: str) -> Any:
    """Import the module ``where`` of the import path ``text``."""
    if not _MODULE_NAME.match(where):
        raise InvalidOptions(f"agent {brief(text)}: {brief(where)} is no module or .py file")
    try:
        return importlib.import_module(where)
    except ModuleNotFoundError as error:
        if error.name is not None and where.startswith(error.name):
            raise InvalidOptions(
                f"agent {brief(text)}: no module named {brief(error.name)} (a file of yours? "
                f"write its path: path/to/{where.replace('.', '/')}.py:Name)"
            ) from None
        raise InvalidOptions(_import_failed(text, where, error)) from None
    except Exception as error:
        raise InvalidOptions(_import_failed(text, where, error)) from None


def _import_failed(text: str, where: str, error: BaseException) -> str:
    return f"agent {brief(text)}: importing {where} raised {_type_name(error)}: {_message(error)}"


def _load_file(text: str, where: str) -> Any:
    """Run the file ``where`` as a module of its own; again only when it changed since."""
    file = Path(where).expanduser()
    try:
        file = file.resolve()
        stat = file.stat()
    except OSError:
        stat = None
    if stat is None or not file.is_file():
        raise InvalidOptions(f"agent {brief(text)}: no file {brief(where)}")
    if file.suffix != ".py":
        raise InvalidOptions(f"agent {brief(text)}: {brief(where)} is not a .py file")
    stamp = (stat.st_mtime_ns, stat.st_size)
    key = str(file)
    with _load_lock:
        kept = _loaded_files.get(key)
        if kept is not None and kept[0] == stamp:
            return kept[1]
        digest = hashlib.blake2b(key.encode(), digest_size=6).hexdigest()
        stem = re.sub(r"\W", "_", file.stem)
        module_name = f"unodice_agent_file_{stem}_{digest}"
        spec = importlib.util.spec_from_file_location(module_name, file)
        if spec is None or spec.loader is None:
            raise InvalidOptions(f"agent {brief(text)}: {brief(where)} cannot be imported")
        module = importlib.util.module_from_spec(spec)
        sys.modules[module_name] = module  # as import does: the file's classes find their module
        try:
            spec.loader.exec_module(module)
        except BaseException as error:
            sys.modules.pop(module_name, None)
            if isinstance(error, KeyboardInterrupt):
                raise
            raise InvalidOptions(_import_failed(text, where, error)) from None
        _loaded_files[key] = (stamp, module)
        return module


def registered_agent_name(name: str, variant: str, registry: Registry | None = None) -> str | None:
    """The registered agent that ``name`` stands for in games of ``variant``, or ``None``.

    As [`make_agent`][unodice.play.agents.make_agent] finds it: ``NAME-VARIANT`` when that is
    registered (``heuristic`` is ``heuristic-centre-die`` in centre-die), else ``NAME``.
    """
    registry = registry or default_registry()
    info = _find(f"{name}-{variant}", registry) or _find(name, registry)
    return info.name if info is not None else None


def may_play_natively(
    variant_class: type[Any], seats: Sequence[Seat], house_rules: Sequence[str]
) -> bool:
    """Whether games of ``variant_class`` between ``seats`` may be played by a native engine.

    Asked before any game is started: only a variant with the
    [`Matches`][unodice.core.capabilities.Matches] capability, with no house rule on, and every
    seat an agent given by its registered name (an agent object or a factory may be anything).
    [`native_engine`][unodice.play.agents.native_engine] then asks the variant itself.
    """
    return (
        not house_rules
        and issubclass(variant_class, Matches)
        and all(seat.kind == "name" for seat in seats)
    )


def native_engine(
    variant: AnyVariant,
    seats: Sequence[Seat],
    house_rules: Sequence[str],
    registry: Registry | None = None,
) -> MatchEngine | None:
    """The variant's own engine for whole matches between ``seats``, or ``None`` for Python.

    The one decision ``simulate``, ``tournament`` and ``play_game`` share: an engine when
    [`may_play_natively`][unodice.play.agents.may_play_natively] allows it and the variant
    offers one for these agents, as registered for it (``heuristic`` is
    ``heuristic-centre-die`` in centre-die). The engine plays the very matches the Python
    engine plays between those agents from the same seeds, so only the time differs.
    """
    if not may_play_natively(type(variant), seats, house_rules):
        return None
    assert isinstance(variant, Matches)
    names = [registered_agent_name(seat.source, variant.name, registry) for seat in seats]
    if None in names:
        return None
    return variant.match_engine(len(seats), [name for name in names if name is not None])


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


def _is_factory(spec: Any) -> bool:
    """Whether ``spec`` is an agent factory: a class, or a callable that has no ``choose``."""
    return isinstance(spec, type) or (
        callable(spec) and not callable(getattr(spec, "choose", None))
    )


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

    Made by [`seat_agents`][unodice.play.agents.seat_agents]; the simulation and the arena send
    these to their workers.

    Attributes:
        source: An agent object, an agent factory, a registered name, or an import path
            (``"module:Name"``, ``"path/to/file.py:Name"``: loaded again where the agent is
            made, so a seat sent to a worker process pickles as its text).
        label: How reports and errors name it.
        kind: ``"object"``, ``"factory"``, ``"name"`` or ``"import"``.
        seeded: For a factory, whether it is called with a seed.
    """

    source: Any
    label: str
    kind: str
    seeded: bool = True

    @classmethod
    def of(cls, spec: Any, label: str | None = None) -> Seat:
        """The seat of an agent object, factory, name or import path.

        Raises:
            InvalidOptions: ``spec`` is none of those, or its import path does not load.
        """
        if isinstance(spec, str):
            name = spec.strip()
            if not name:
                raise InvalidOptions("an agent name is empty")
            if is_import_path(name):
                load_agent(name)  # refused here, before any game, when it is wrong
                return cls(name, label or name, "import")
            return cls(name, label or name, "name")
        if _is_factory(spec):
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
        source = self.source
        if self.kind == "import":
            # Loaded again here by its path: in a worker process, the first time it is needed.
            source = load_agent(source)
            if _is_factory(source):
                made = source(seed) if _takes_seed(source) else source()
                return _checked(made, self.label)
        elif self.kind == "factory":
            made = source(seed) if self.seeded else source()
            return _checked(made, self.label)
        return copy.deepcopy(source) if fresh else source  # type: ignore[no-any-return]


def seat_agents(
    specs: AgentSpec | Sequence[AgentSpec], players: int | None = None
) -> tuple[Seat, ...]:
    """One [`Seat`][unodice.play.agents.Seat] per seat, cycling through the agents given.

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
    [`event_for_seat`][unodice.core.variant.Variant.event_for_seat], as a seat's record does: an
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


# -- calling agents --------------------------------------------------------------------------------
#
# An agent is code from outside: it may raise anything (SystemExit, GeneratorExit, an exception
# whose message cannot be shown), or hand back anything. Every such failure becomes an
# AgentError naming it; what it hands back reaches the game only as one of the game's own move
# objects, or as plain text.

_STOP_SIGNALS = tuple(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
)

_MESSAGE_LIMIT = 300
"""The most characters of an agent's own error message that an `AgentError` quotes."""


class SignalWatch:
    """While agents play, notes whether a stop signal arrived, and passes each one on.

    A ``KeyboardInterrupt`` raised while an agent chooses is a real interrupt (Ctrl-C, or a
    signal a program turns into one) only when a signal arrived; otherwise the agent raised it
    itself, and that is its failure like any other. Only the handlers that are Python
    functions (``KeyboardInterrupt`` comes from those) are watched, and only in the main
    thread, where Python runs them: in another thread, or where SIGINT is ignored (a
    simulation's worker process), no ``KeyboardInterrupt`` can come from a signal at all.
    """

    def __init__(self) -> None:
        self.arrived = False
        self._previous: dict[int, Callable[[int, Any], Any]] = {}

    def __enter__(self) -> SignalWatch:
        if threading.current_thread() is threading.main_thread():
            for signum in _STOP_SIGNALS:
                handler = signal.getsignal(signum)
                if callable(handler):
                    self._previous[signum] = handler
                    signal.signal(signum, self._note)
        return self

    def __exit__(self, *exc_info: object) -> None:
        for signum, handler in self._previous.items():
            signal.signal(signum, handler)
        self._previous.clear()

    def _note(self, signum: int, frame: Any) -> Any:
        self.arrived = True
        return self._previous[signum](signum, frame)

    def is_interrupt(self, error: BaseException) -> bool:
        """Whether ``error``, raised while an agent ran, is a real interrupt to pass on."""
        return isinstance(error, KeyboardInterrupt) and self.arrived


def _type_name(value: object) -> str:
    """The name of ``value``'s class, read without running any code of that class."""
    return str(type.__dict__["__name__"].__get__(type(value), type))


def describe(value: object) -> str:
    """A short ``repr`` of what an agent handed back, even when its ``repr`` fails."""
    try:
        return str.__str__(brief(value))
    except BaseException:  # a repr that raises (even SystemExit) is no reason to stop here
        return f"a {_type_name(value)} object that cannot be shown"


def _message(error: BaseException) -> str:
    """What ``error`` says, cut short and on one line, even when its ``str`` fails."""
    try:
        text = str.__str__(str(error))
    except BaseException:
        return "(its message cannot be shown)"
    text = " ".join(text.split())
    if len(text) > _MESSAGE_LIMIT:
        text = text[: _MESSAGE_LIMIT - 1] + "…"
    return text


def failure(error: BaseException, during: str) -> str:
    """The cause of an `AgentError` for ``error`` raised by an agent ``during`` a call."""
    said = _message(error)
    return f"{_type_name(error)} {during}" + (f": {said}" if said else "")


def agent_failed(game: Game, labels: Sequence[str], seat: int, cause: str) -> AgentError:
    """The `AgentError` of the agent at ``seat``, at the game's next decision."""
    return AgentError(labels[seat], seat, game.seed, len(game.moves), " ".join(cause.split()))


def call_agent(
    game: Game,
    labels: Sequence[str],
    seat: int,
    watch: SignalWatch,
    during: str,
    method: Callable[..., Any],
    *args: Any,
) -> Any:
    """Call one of an agent's methods; whatever it raises (a real interrupt aside) is its fault.

    Raises:
        AgentError: The agent raised anything at all: an exception, ``SystemExit``,
            ``GeneratorExit``, or a ``KeyboardInterrupt`` that no signal caused.
    """
    try:
        return method(*args)
    except BaseException as error:
        if watch.is_interrupt(error):
            raise
        raise agent_failed(game, labels, seat, failure(error, during)) from error


def agent_method(
    game: Game,
    labels: Sequence[str],
    seat: int,
    watch: SignalWatch,
    agent: Any,
    name: str,
) -> Any:
    """The agent's method ``name``, or ``None`` when it has none (looking may fail, too)."""
    return call_agent(game, labels, seat, watch, f"looking up {name}", getattr, agent, name, None)


def resolve_choice(
    game: Game, labels: Sequence[str], seat: int, moves: Sequence[Move], choice: Any
) -> Move | str:
    """What the game is handed for an agent's choice: its own move where one matches.

    A move of exactly the class of a legal move is the legal move equal to it, compared by
    that class's equality (an object that says it equals anything matches nothing); text is
    copied as plain text (no method of a ``str`` subclass runs) and is the legal move of that
    notation. Anything else matching no legal move is handed over as it is, for the game to
    say why it is refused.

    Raises:
        AgentError: The choice is neither a move nor text, or comparing it failed (a move
            built without its fields, say).
    """
    kind = type(choice)
    if issubclass(kind, str):
        text = str.__str__(choice).strip()
        for legal in moves:
            if str(legal) == text:
                return legal
        return text
    if not issubclass(kind, Move):
        cause = f"it chose {describe(choice)}, which is not a move (a {_type_name(choice)})"
        raise agent_failed(game, labels, seat, cause)
    try:
        for legal in moves:
            if type(legal) is kind and legal.__eq__(choice) is True:
                return legal
    except BaseException as error:
        cause = f"it chose {describe(choice)}, a broken move ({failure(error, 'comparing it')})"
        raise agent_failed(game, labels, seat, cause) from None
    return choice  # type: ignore[no-any-return]


def ask_agent(
    game: Game,
    labels: Sequence[str],
    seat: int,
    watch: SignalWatch,
    choose: Callable[[View, Sequence[Move]], Any],
    moves: Sequence[Move],
) -> Any:
    """Ask the agent at ``seat`` (its ``choose``) for its move; what it chose, unchecked.

    Raises:
        AgentError: The agent failed (see `call_agent`).
    """
    return call_agent(game, labels, seat, watch, "in choose", choose, game.view(seat), moves)


def choose_method(
    game: Game, labels: Sequence[str], seat: int, watch: SignalWatch, agent: Any
) -> Callable[[View, Sequence[Move]], Any]:
    """The agent's ``choose`` method.

    Raises:
        AgentError: It has none, or looking it up failed.
    """
    choose = agent_method(game, labels, seat, watch, agent, "choose")
    if not callable(choose):
        raise agent_failed(game, labels, seat, "it has no choose(view, moves) method")
    return choose  # type: ignore[no-any-return]


def play_choice(
    game: Game,
    labels: Sequence[str],
    seat: int,
    watch: SignalWatch,
    moves: Sequence[Move],
    choice: Any,
) -> tuple[Event, ...]:
    """Play what the agent at ``seat`` chose from ``moves``; every fault of it is the agent's.

    One of the very objects offered is played as it is, and anything that goes wrong then is
    the variant's. Anything else reaches the game only as the game's own equal move, or plain
    text; when it matches no legal move, the game's refusal, and anything raised while the game
    read it, is the agent's failure.

    Raises:
        AgentError: The choice is not a legal move, or could not be read.
    """
    offered = any(legal is choice for legal in moves)
    if not offered:
        choice = resolve_choice(game, labels, seat, moves, choice)
        offered = any(legal is choice for legal in moves)
    try:
        return game.play(choice)
    except IllegalMove as error:
        cause = f"it chose a move that is not legal: {_message(error)}"
        raise agent_failed(game, labels, seat, cause) from None
    except BaseException as error:
        if offered or watch.is_interrupt(error):
            raise
        cause = (
            f"it chose {describe(choice)}, which the game could not read "
            f"({failure(error, 'reading it')})"
        )
        raise agent_failed(game, labels, seat, cause) from error


def build_agent(
    game: Game,
    labels: Sequence[str],
    place: int,
    watch: SignalWatch,
    seat: Seat,
    seed: int | None,
    registry: Registry | None,
    *,
    fresh: bool,
) -> Agent:
    """Make the agent of ``place`` for ``game`` (see `Seat.build`).

    Raises:
        UnodiceError: As `Seat.build` refuses (an unknown name, a factory that makes no agent).
        AgentError: The factory, or copying the agent object, raised anything else.
    """
    try:
        return seat.build(seed, game.variant.name, registry, fresh=fresh)
    except UnodiceError:
        raise
    except BaseException as error:
        if watch.is_interrupt(error):
            raise
        during = "while it was made" if seat.kind != "object" else "while it was copied"
        raise agent_failed(game, labels, place, failure(error, during)) from error


# -- playing ---------------------------------------------------------------------------------------


def derive_seed(*parts: object) -> int:
    """A 63-bit seed that depends on ``parts`` only, the same on every platform."""
    text = ":".join(str(part) for part in parts).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1


def game_agent_seed(game_seed: int | None, seat: int) -> int:
    """The seed of the agent at ``seat`` of a single game whose seed is ``game_seed``.

    A one-way function of the game's seed: an agent that knows its own seed learns nothing of
    the game's from it (unless the game's seed is one it can guess, such as a small number
    given by hand).
    """
    return derive_seed("agent", game_seed, seat)


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

    When every seat is a built-in agent given by its registered name, no house rule is on and
    nothing but ``registry`` is passed on, the variant's native engine (where it has one; see
    [`Matches`][unodice.core.capabilities.Matches]) plays the match and the game is played
    through its choices: the game returned is the very game the agents would have played,
    with the same moves, events and record, only sooner (see
    [`native_engine`][unodice.play.agents.native_engine]). With other agents, on the same
    conditions, the agents play a game stepped by the native engine where the variant has one
    (see [`stepped_natively`][unodice.play.agents.stepped_natively]), and that
    [`NativeGame`][unodice.core.native_game.NativeGame] is returned: the same game.

    Args:
        variant: Variant name or game string; the number of agents is the number of seats.
        agents: One agent per seat, in seat order: agent objects (used as they are), agent
            factories (each called once, with a seed derived one way from the game's) or
            registered names, in any mix; or one string of names separated by commas.
        seed: Seed of the game's chance. ``None`` (the default) draws a fresh one at random,
            which no agent can work out; it is ``game.seed`` of the game returned, to play the
            game again. Whoever knows a seed knows every die the game will roll.
        options: Variant options.
        house_rules: House rules in force.
        max_decisions: A safety bound; a game still going after this many decisions is a bug.
        **game_kwargs: Passed on to [`new_game`][unodice.core.setup.new_game] (``registry`` …).

    Raises:
        AgentError: An agent failed in any way: it raised (anything, ``SystemExit`` included),
            or chose something that is not a legal move (the agent is named).
        InvalidOptions: Something given as an agent is not one, or an unknown agent name.
        UnodiceError: The game did not end within ``max_decisions``.
    """
    seats = seat_agents(agents)
    game = new_game(variant, len(seats), seed, options, house_rules, **game_kwargs)
    registry = game_kwargs.get("registry")
    natively = game_kwargs.keys() <= {"registry"}  # not from a position, chance or pauses
    seeds = [game_agent_seed(game.seed, seat) for seat in range(len(seats))]
    if natively and played_natively(game, seats, seeds, registry, max_decisions):
        return game
    if natively:
        game = stepped_natively(game)
    labels = [seat.label if seat.kind != "object" else describe(seat.source) for seat in seats]
    with SignalWatch() as watch:
        built = [
            build_agent(
                game,
                labels,
                index,
                watch,
                seat,
                game_agent_seed(game.seed, index),
                registry,
                fresh=False,
            )
            for index, seat in enumerate(seats)
        ]
        return play_seats(game, built, labels, max_decisions=max_decisions, watch=watch)


def stepped_natively(game: Game) -> Game:
    """``game``, just started, as a game stepped by its variant's native engine when it can be.

    For agents the native engine does not play (a search bot, a bot of one's own): the same
    game from the same seed, a [`NativeGame`][unodice.core.native_game.NativeGame], which
    offers the same moves and views and gives the same record, but whose copies,
    determinizations and playouts are cheap, so that a bot searching through
    ``view.determinize`` searches native games. ``game`` itself when it cannot be: house
    rules, a variant without native games (or a subclass of one), a build without the
    engine. Call it only on a game started by ``new_game`` from a seed, options and house
    rules alone (no start position, chance of the caller's or pauses), before any move.
    """
    variant = game.variant
    if game.house_rules or game.seed is None or game.moves or not isinstance(variant, Matches):
        return game
    try:
        stepped = variant.native_game(game.seed, game.plugin)
    except UnodiceError:
        return game
    return stepped if isinstance(stepped, Game) else game


def played_natively(
    game: Game,
    seats: Sequence[Seat],
    seeds: Sequence[int],
    registry: Registry | None = None,
    max_decisions: int = 1_000_000,
) -> bool:
    """Play a game just started to its end as a native engine plays it, when one may.

    The engine plays the whole match first, from the game's seed and the agents' ``seeds``;
    then its choices, indices among the legal moves, are played through ``game``, which
    therefore holds exactly what the agents' own play would have left in it: the same
    moves, events, chance and record. Only the agents' choosing is saved. ``False``, with
    the game untouched, when no engine may play (see `native_engine`) or the engine did
    not finish within ``max_decisions`` (the Python loop then plays, and says so).

    Raises:
        UnodiceError: The engine's match is not the game's (a bug of the engine).
    """
    if game.seed is None or game.moves or game.is_over:
        return False
    engine = native_engine(game.variant, seats, game.house_rules, registry)
    if engine is None:
        return False
    try:
        match = engine.play(game.seed, seeds, detail=1)
    except UnodiceError:
        return False
    if match.decisions >= max_decisions:
        return False
    for choice in match.choices:
        game.play(game.legal_moves()[choice])
    if (
        not game.is_over
        or game.scores != tuple(match.scores)
        or len(game.moves) != len(match.choices)
    ):
        raise UnodiceError(
            f"the native {game.variant.name} engine and the rules disagree on the game seeded "
            f"{game.seed}; set UNODICE_PURE=1 to play in Python alone"
        )
    return True


def play_out(game: Game, agents: Sequence[Agent], *, max_decisions: int = 1_000_000) -> Game:
    """Continue ``game`` with the given agents until it ends; return it.

    Agents with ``start`` are started as it begins (and told the events so far); agents with
    ``observe`` are told every move's events as their seat may see them.

    Raises:
        AgentError: An agent failed in any way, or chose a move that is not legal.
        UnodiceError: The game did not end within ``max_decisions``.
    """
    return play_seats(
        game, agents, [describe(agent) for agent in agents], max_decisions=max_decisions
    )


def play_seats(
    game: Game,
    agents: Sequence[Agent],
    labels: Sequence[str],
    *,
    max_decisions: int = 1_000_000,
    thinking: list[float] | None = None,
    decisions: list[int] | None = None,
    watch: SignalWatch | None = None,
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
        watch: The signal watch the caller keeps while the agents play (default: one of its
            own).
    """
    if watch is not None:
        return _play_seats(game, list(agents), labels, watch, max_decisions, thinking, decisions)
    with SignalWatch() as watch:
        return _play_seats(game, list(agents), labels, watch, max_decisions, thinking, decisions)


def _play_seats(
    game: Game,
    agents: list[Agent],
    labels: Sequence[str],
    watch: SignalWatch,
    max_decisions: int,
    thinking: list[float] | None,
    decisions: list[int] | None,
) -> Game:
    chooses = [
        choose_method(game, labels, place, watch, agent) for place, agent in enumerate(agents)
    ]
    observers: list[tuple[int, Any]] = []
    for place, agent in enumerate(agents):
        start = agent_method(game, labels, place, watch, agent, "start")
        if start is not None:
            call_agent(game, labels, place, watch, "in start", start, place, game.view(place))
        observe = agent_method(game, labels, place, watch, agent, "observe")
        if observe is not None:
            observers.append((place, observe))
    if observers:
        _tell(game, labels, watch, observers, tuple(game.events))
    clock = time.perf_counter
    for _ in range(max_decisions):
        seat = game.to_act
        if seat is None:
            return game
        moves = game.legal_moves()
        began = clock() if thinking is not None else 0.0
        choice = ask_agent(game, labels, seat, watch, chooses[seat], moves)
        if thinking is not None:
            thinking[seat] += clock() - began
        if decisions is not None:
            decisions[seat] += 1
        events = play_choice(game, labels, seat, watch, moves, choice)
        if observers:
            _tell(game, labels, watch, observers, events)
    raise UnodiceError(f"{game.variant.name} did not end within {max_decisions} decisions")


def _tell(
    game: Game,
    labels: Sequence[str],
    watch: SignalWatch,
    observers: Sequence[tuple[int, Any]],
    events: Sequence[Event],
) -> None:
    for seat, observe in observers:
        call_agent(
            game,
            labels,
            seat,
            watch,
            "in observe",
            observe,
            events_for_seat(game.variant, events, seat),
        )
