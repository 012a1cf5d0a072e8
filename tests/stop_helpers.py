"""Registry factories for the tests of stopping simulations, importable by worker processes.

Worker processes (forked or spawned) import this module by name to build their registry, so
everything here is at module level.
"""

from __future__ import annotations

import multiprocessing
import os
import time
from typing import Any

from toy import ToyPlugin, ToyRace

from unodice.core.errors import PluginError
from unodice.core.hooks import hookimpl
from unodice.core.registry import Registry

_games_started: dict[int, int] = {}


class StuckRace(ToyRace):
    """A toy race in which every process plays one game, then gets stuck in its next one.

    So a simulation of it finishes a few games (one per worker) and then never ends: what an
    interrupted long simulation looks like, without depending on how fast the machine is.
    """

    name = "stuck-race"

    def start_round(self, table: Any, previous: Any) -> Any:
        pid = os.getpid()
        _games_started[pid] = _games_started.get(pid, 0) + 1
        self._stuck = _games_started[pid] > 1
        return super().start_round(table, previous)

    def apply(self, table: Any, state: Any, move: Any) -> None:
        if self._stuck:
            time.sleep(3600)
        super().apply(table, state, move)


class _StuckPlugin:
    @hookimpl
    def unodice_register(self, registry: Any) -> None:
        registry.add_variant(StuckRace)


def stuck_registry() -> Registry:
    """A registry holding the stuck race."""
    registry = Registry()
    registry.add_plugin(_StuckPlugin(), "stuck")
    return registry


def toy_registry() -> Registry:
    """A registry holding the toy plugin."""
    registry = Registry()
    registry.add_plugin(ToyPlugin(), "toy")
    return registry


class FailingRace(ToyRace):
    """A toy race whose every move fails, to see how failures come back."""

    name = "failing-race"

    def apply(self, table: Any, state: Any, move: Any) -> None:
        raise RuntimeError("the dice fell off the table")


class _FailingPlugin:
    @hookimpl
    def unodice_register(self, registry: Any) -> None:
        registry.add_variant(FailingRace)


def failing_registry() -> Registry:
    """A registry holding the failing race."""
    registry = Registry()
    registry.add_plugin(_FailingPlugin(), "failing")
    return registry


def in_a_worker() -> bool:
    """Whether this is a worker process (started by multiprocessing) rather than the caller."""
    return multiprocessing.parent_process() is not None


def faulty_plugin_registry() -> Registry:
    """The toy registry in the calling process; in a worker, a plugin that fails to load."""
    if in_a_worker():
        raise PluginError("flaky", "its data files are missing in this process")
    return toy_registry()


class Unpicklable(Exception):
    """An exception that pickles but cannot be unpickled (its constructor needs two values)."""

    def __init__(self, first: str, second: str):
        super().__init__(f"{first} and {second}")


def unpicklable_fault_registry() -> Registry:
    """The toy registry in the calling process; in a worker, an exception that cannot cross."""
    if in_a_worker():
        raise Unpicklable("the moon", "the tide")
    return toy_registry()
