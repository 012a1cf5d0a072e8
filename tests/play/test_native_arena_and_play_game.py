"""`tournament`, `play_game` and `simulated_game` use the native engines, to the same results.

Like tests/play/test_simulate_native.py for `simulate`: each is run with the native engines and
again with pure Python forced, and what the caller gets must be the same: the tournament's
report, the finished game (moves, events, chance, record).
"""

from __future__ import annotations

from typing import Any

import pytest

import unodice._native
from unodice.core.errors import UnodiceError
from unodice.core.hooks import hookimpl
from unodice.core.registry import Registry
from unodice.core.setup import new_game
from unodice.play import arena
from unodice.play.agents import RandomAgent, play_game, played_natively, seat_agents
from unodice.play.arena import tournament
from unodice.play.simulation import simulated_game

pytestmark = pytest.mark.skipif(
    unodice._native.native_module("centre_die") is None
    or unodice._native.native_module("coverall") is None
    or unodice._native.native_module("dominoes") is None,
    reason="the native engines are not built (a pure-Python install, or UNODICE_PURE set)",
)

VARIANTS = ["centre-die", "coverall", "dominoes"]

MIXES = [
    ("centre-die", "random,greedy,heuristic", 2, {}),
    ("centre-die", "heuristic,greedy,random,heuristic,greedy", 4, {"target": 200}),
    ("centre-die", "random,heuristic,greedy,random", 4, {"catch_by": "any-opponent"}),
    ("coverall", "random,greedy,heuristic", 2, {"partition": False}),
    ("coverall", "heuristic,greedy,random,heuristic,greedy", 4, {}),
    ("coverall", "random,heuristic,greedy,random", 4, {"rows": 3, "columns": 4}),
    ("dominoes", "random,greedy,heuristic", 2, {"drawn_domino": "must-play"}),
    ("dominoes", "heuristic,greedy,random,heuristic,greedy", 4, {"target": 200}),
    ("dominoes", "random,heuristic,greedy,random", 4, {"wild_draw_four_upheld": "stays"}),
]


def _pure(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(unodice._native, "FORCED_PURE", True)


def _both(monkeypatch: pytest.MonkeyPatch, run: Any) -> tuple[Any, Any]:
    """What ``run()`` gives with the native engines, and then in pure Python."""
    native = run()
    with monkeypatch.context() as patch:
        _pure(patch)
        python = run()
    return native, python


def _json(report: arena.TournamentReport) -> dict[str, Any]:
    data = report.to_json()
    for result in data["agents"]:
        result.pop("ms_per_decision")  # a measurement
    return data


def _same_game(native: Any, python: Any) -> None:
    assert native.record() == python.record()
    assert list(native.moves) == list(python.moves)
    assert list(native.events) == list(python.events)
    assert list(native.chance.outcomes) == list(python.chance.outcomes)
    assert native.render() == python.render()
    assert (native.scores, native.winners, native.round) == (
        python.scores,
        python.winners,
        python.round,
    )
    for seat in range(native.players):
        assert native.view(seat) == python.view(seat)
        assert native.record(seat) == python.record(seat)


# -- the arena ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("variant", "agents", "players", "options"), MIXES)
def test_a_tournament_is_the_same_natively_and_in_python(
    monkeypatch, variant, agents, players, options
):
    def run() -> arena.TournamentReport:
        return tournament(
            variant, agents, games=40, seed=5, players=players, options=options, workers=1
        )

    native, python = _both(monkeypatch, run)
    assert native == python
    assert _json(native) == _json(python)
    assert all(result.seconds > 0 for result in native.agents)  # the engine's time, shared out


def test_a_native_tournament_is_the_same_on_worker_processes():
    run = {"games": 120, "seed": 4, "players": 2}
    alone = tournament("coverall", "random,greedy,heuristic", workers=1, **run)
    shared = tournament("coverall", "random,greedy,heuristic", workers=2, chunk_size=25, **run)
    assert alone == shared


def _spec(variant: str, agents: Any, players: int = 2, house_rules: Any = ()) -> Any:
    pairs = arena._labelled(agents)
    return arena._ArenaSpec(
        variant,
        variant,
        players,
        tuple(seat for _, seat in pairs),
        arena.seatings(len(pairs), players),
        1,
        {},
        tuple(house_rules),
    )


@pytest.mark.parametrize("variant", VARIANTS)
def test_each_seating_of_built_in_agents_by_name_has_an_engine(monkeypatch, variant):
    registry = Registry.from_entry_points()
    spec = _spec(variant, "random,greedy,heuristic")
    assert set(arena._engines(spec, registry) or {}) == set(spec.table)
    mixed = _spec(variant, ["random", "greedy", RandomAgent, "ismcts"])
    engines = arena._engines(mixed, registry)
    assert engines is not None
    assert set(engines) == {seating for seating in mixed.table if set(seating) <= {0, 1}}
    assert arena._engines(_spec(variant, [RandomAgent, "random"]), registry) is None
    assert arena._engines(_spec(variant, "random,greedy", house_rules=["x"]), registry) is None
    _pure(monkeypatch)
    assert arena._engines(_spec(variant, "random,greedy,heuristic"), registry) in (None, {})


def test_a_tournament_mixing_native_and_python_seatings_is_the_same(monkeypatch):
    def run() -> arena.TournamentReport:
        agents = {"random": "random", "greedy": "greedy", "bot": RandomAgent}
        return tournament("dominoes", agents, games=30, seed=2, workers=1)

    native, python = _both(monkeypatch, run)
    assert _json(native) == _json(python)


class Doubling:
    @hookimpl
    def unodice_score(self, game: Any, seat: int, points: int, reason: str, context: Any) -> int:
        return points * 2


class DoublingPlugin:
    @hookimpl
    def unodice_register(self, registry: Any) -> None:
        registry.add_house_rule("doubling", Doubling(), "scores twice")


def _doubling_registry() -> Registry:
    registry = Registry.from_entry_points()
    registry.add_plugin(DoublingPlugin(), "doubling")
    return registry


@pytest.mark.parametrize("variant", VARIANTS)
def test_house_rules_are_played_in_python(monkeypatch, variant):
    registry = _doubling_registry()
    spec = _spec(variant, "random,greedy", house_rules=["doubling"])
    assert arena._engines(spec, registry) is None

    def run() -> arena.TournamentReport:
        return tournament(
            variant,
            "random,greedy",
            games=6,
            seed=3,
            house_rules=["doubling"],
            registry=registry,
            workers=1,
        )

    native, python = _both(monkeypatch, run)
    assert _json(native) == _json(python)
    plain = tournament(variant, "random,greedy", games=6, seed=3, workers=1)
    assert _json(native) != _json(plain)


# -- play_game and simulated_game ----------------------------------------------------------------


@pytest.mark.parametrize(("variant", "agents", "players", "options"), MIXES)
def test_play_game_returns_the_same_game_natively_and_in_python(
    monkeypatch, variant, agents, players, options
):
    names = agents.split(",")[:players]
    for seed in (0, 1, 2**70 + 3):
        native, python = _both(
            monkeypatch, lambda seed=seed: play_game(variant, names, seed=seed, options=options)
        )
        _same_game(native, python)


@pytest.mark.parametrize("variant", VARIANTS)
def test_play_game_plays_natively_only_built_in_agents_by_name(monkeypatch, variant):
    registry = Registry.from_entry_points()

    def natively(agents: Any, house_rules: Any = (), reg: Registry = registry) -> bool:
        seats = seat_agents(agents)
        game = new_game(variant, len(seats), 9, house_rules=house_rules, registry=reg)
        return played_natively(game, seats, [1] * len(seats), reg)

    assert natively(["random", "heuristic"])
    assert natively(["greedy", "random", "heuristic", "greedy"])
    assert not natively(["random", RandomAgent])  # a class: any subclass
    assert not natively(["random", RandomAgent(1)])
    assert not natively(["random", "ismcts"])  # an agent the engine does not play
    assert not natively(["random", "greedy"], ["doubling"], _doubling_registry())
    game = new_game(variant, 2, 9, registry=registry)
    game.play(game.legal_moves()[0])
    assert not played_natively(game, seat_agents("random,random"), [1, 2], registry)  # begun
    _pure(monkeypatch)
    assert not natively(["random", "random"])


@pytest.mark.parametrize("variant", VARIANTS)
def test_play_game_with_a_house_rule_or_a_start_of_its_own_is_the_same(monkeypatch, variant):
    registry = _doubling_registry()
    native, python = _both(
        monkeypatch,
        lambda: play_game(
            variant, "random,greedy", seed=4, house_rules=["doubling"], registry=registry
        ),
    )
    _same_game(native, python)
    position = new_game(variant, 2, 8).position()
    native, python = _both(
        monkeypatch, lambda: play_game(variant, "greedy,random", seed=4, position=position)
    )
    _same_game(native, python)


@pytest.mark.parametrize("variant", VARIANTS)
def test_play_game_gives_up_after_max_decisions_as_in_python(monkeypatch, variant):
    errors = []
    for pure in (False, True):
        with monkeypatch.context() as patch:
            if pure:
                _pure(patch)
            with pytest.raises(UnodiceError) as error:
                play_game(variant, "heuristic,greedy", seed=6, max_decisions=5)
            errors.append(str(error.value))
    assert errors[0] == errors[1]
    assert "did not end within 5 decisions" in errors[0]


@pytest.mark.parametrize("variant", VARIANTS)
def test_simulated_game_is_the_same_natively_and_in_python(monkeypatch, variant):
    for index in (0, 7):
        native, python = _both(
            monkeypatch,
            lambda index=index: simulated_game(
                variant, index, players=4, agents="heuristic,random,greedy", seed=11
            ),
        )
        _same_game(native, python)
