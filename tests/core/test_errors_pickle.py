"""Every library exception crosses process boundaries intact (pickle round trip)."""

from __future__ import annotations

import inspect
import multiprocessing
import pickle
from concurrent.futures import ProcessPoolExecutor

import pytest
from stop_helpers import faulty_plugin_registry, unpicklable_fault_registry
from toy import Roll

import unodice.core.errors
from unodice.core.errors import PluginError, UnodiceError
from unodice.play.simulation import SimulationError, simulate

EXAMPLES: dict[str, BaseException] = {
    "UnodiceError": UnodiceError("something went wrong"),
    "UnknownVariant": unodice.core.errors.UnknownVariant("nope", ["coverall", "dominoes"]),
    "InvalidOptions": unodice.core.errors.InvalidOptions("target must be at least 1"),
    "InvalidPosition": unodice.core.errors.InvalidPosition("in hands: piece @3 is named twice"),
    "ComponentError": unodice.core.errors.ComponentError("no such component set 'x'"),
    "IllegalMove": unodice.core.errors.IllegalMove(Roll(), "roll first", "TOY-1"),
    "InvalidRecord": unodice.core.errors.InvalidRecord("not a move", field="moves[3]"),
    "PluginError": PluginError("flaky", "import failed: RuntimeError: boom"),
    "GameBroken": unodice.core.errors.GameBroken("this game can no longer be used"),
    "Unsupported": unodice.core.errors.Unsupported("cannot write a position: no Positions"),
}


def _classes() -> list[type[BaseException]]:
    return [
        cls
        for _, cls in inspect.getmembers(unodice.core.errors, inspect.isclass)
        if issubclass(cls, BaseException) and cls.__module__ == unodice.core.errors.__name__
    ]


def test_every_exception_class_has_an_example():
    assert sorted(cls.__name__ for cls in _classes()) == sorted(EXAMPLES)


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_an_exception_round_trips_through_pickle(name):
    error = EXAMPLES[name]
    error.add_note("a note travels too")
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        copy = pickle.loads(pickle.dumps(error, protocol))
        assert type(copy) is type(error)
        assert str(copy) == str(error)
        assert copy.args == error.args
        assert vars(copy) == vars(error)


def test_other_attributes_survive_too():
    error = unodice.core.errors.UnknownVariant("ghost", ("a",), what="house rule")
    copy = pickle.loads(pickle.dumps(error))
    assert (copy.name, copy.known, str(copy)) == ("ghost", ("a",), str(error))
    move = pickle.loads(pickle.dumps(unodice.core.errors.IllegalMove("hold", "no", None)))
    assert (move.move, move.reason, move.clause) == ("hold", "no", None)


def test_a_simulation_error_round_trips():
    error = SimulationError("game 3 of toy-race (seed 12) failed: RuntimeError: x")
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is SimulationError and str(copy) == str(error)


def _spawned_pool() -> ProcessPoolExecutor:
    return ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))


def test_a_plugin_fault_in_a_spawned_worker_arrives_as_that_plugin_error():
    with _spawned_pool() as pool, pytest.raises(PluginError) as caught:
        simulate("toy-race", 4, players=2, executor=pool, registry=faulty_plugin_registry)
    cause = "its data files are missing in this process"
    assert str(caught.value) == f"plugin 'flaky' is broken: {cause}"
    assert (caught.value.plugin, caught.value.cause) == ("flaky", cause)


def test_an_exception_that_cannot_cross_becomes_a_simulation_error_naming_it():
    with _spawned_pool() as pool, pytest.raises(SimulationError) as caught:
        simulate("toy-race", 4, players=2, executor=pool, registry=unpicklable_fault_registry)
    assert "Unpicklable: the moon and the tide" in str(caught.value)
    assert "\n" not in str(caught.value)
