"""`simulate` plays a variant natively when every seat is a built-in agent, to the same report.

The native engines' own tests (tests/variants/centre_die/test_centre_die_native.py,
tests/variants/coverall/test_coverall_native.py) compare them with the Python engine at every
decision; these check that the simulation picks an engine exactly when it may, and that a report
is the same whichever engine played.
"""

from __future__ import annotations

import pytest

import unodice
import unodice._native
from unodice.core.registry import Registry
from unodice.play import simulation
from unodice.play.agents import RandomAgent
from unodice.play.simulation import simulate

pytestmark = pytest.mark.skipif(
    unodice._native.native_module("centre_die") is None
    or unodice._native.native_module("coverall") is None
    or unodice._native.native_module("dominoes") is None,
    reason="the native engines are not built (a pure-Python install, or UNODICE_PURE set)",
)


def _pure(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(unodice._native, "FORCED_PURE", True)


@pytest.mark.parametrize(
    ("variant", "agents", "options"),
    [
        ("centre-die", ["random", "random"], {}),
        ("centre-die", ["greedy", "heuristic", "random"], {"target": 200}),
        (
            "centre-die",
            ["heuristic"] * 4,
            {"catch_by": "any-opponent", "draw_after_reroll": "only-when-unable"},
        ),
        ("centre-die", ["random", "greedy"], {"rounds": 3, "two_player_reverse_skips": False}),
        ("coverall", ["random", "random"], {}),
        ("coverall", ["greedy", "heuristic", "random"], {"partition": False}),
        ("coverall", ["heuristic"] * 4, {"set_of_games": True, "rows": 3, "columns": 4}),
        ("coverall", ["random", "greedy"], {"two_player_reverse_skips": False}),
        ("dominoes", ["random", "random"], {}),
        ("dominoes", ["greedy", "heuristic", "random"], {"target": 200}),
        (
            "dominoes",
            ["heuristic"] * 4,
            {"catch_by": "any-opponent", "drawn_domino": "must-play", "all_doubles_spin": True},
        ),
        ("dominoes", ["random", "greedy"], {"wild_draw_four_upheld": "stays", "target": 300}),
    ],
)
def test_a_report_is_the_same_natively_and_in_python(monkeypatch, variant, agents, options):
    run = {"agents": agents, "players": len(agents), "games": 40, "seed": 7}
    run |= {"options": options, "workers": 1}
    native = simulate(variant, **run).to_json()
    _pure(monkeypatch)
    python = simulate(variant, **run).to_json()
    for report in (native, python):
        report.pop("seconds", None)
        report.pop("games_per_second", None)
    assert native == python


def _engine(agents, house_rules=(), options=None, variant="centre-die"):
    spec = simulation._Spec(
        variant,
        len(agents),
        tuple(simulation.seat_agents(agents)),
        1,
        options or {},
        tuple(house_rules),
    )
    return simulation.match_engine(spec, Registry.from_entry_points())


@pytest.mark.parametrize("variant", ["centre-die", "coverall", "dominoes"])
def test_the_native_engine_plays_only_built_in_agents_by_name(monkeypatch, variant):
    assert _engine(["random", "heuristic"], variant=variant) is not None
    assert _engine(["random", "ismcts"], variant=variant) is None  # an agent it does not play
    assert _engine(["random", RandomAgent], variant=variant) is None  # a class: any subclass
    _pure(monkeypatch)
    assert _engine(["random", "random"], variant=variant) is None


@pytest.mark.parametrize(
    ("variant", "agents", "options"),
    [
        ("centre-die", ["random", "random"], {}),
        ("centre-die", ["greedy", "heuristic", "random"], {"rounds": 2}),
        ("coverall", ["random", "random", "random"], {"set_of_games": True}),
        ("coverall", ["heuristic", "random"], {}),
        ("dominoes", ["random", "random"], {}),
        ("dominoes", ["random", "greedy", "heuristic", "random"], {"target": 200}),
    ],
)
def test_batches_are_the_matches_played_one_by_one(variant, agents, options):
    """``play_many`` plays the matches ``play`` plays, seed for seed, whatever came before."""
    players = len(agents)
    spec = simulation._Spec(variant, players, tuple(simulation.seat_agents(agents)), 3, options, ())
    engine = simulation.match_engine(spec, None)
    assert simulation._plays_batches(engine)
    seeds, agent_seeds = simulation._seeds_of(3, 0, 30, players)
    batch = engine.play_many(seeds, agent_seeds)
    assert len(batch.decisions) == 30
    for index, seed in enumerate(seeds):
        alone = engine.play(seed, agent_seeds[index * players : (index + 1) * players])
        assert batch.match(index) == alone, f"match {index}"
    # Seeds the batch does not take in C (negative, or 2**64 on) are played one by one.
    odd = [-5, 2**64, 2**70 + 1]
    slow = engine.play_many(odd, [2**64 + seat for seat in range(3 * players)])
    for index, seed in enumerate(odd):
        seats = [2**64 + index * players + seat for seat in range(players)]
        assert slow.match(index) == engine.play(seed, seats)


def test_a_batch_that_does_not_end_names_its_match():
    spec = simulation._Spec(
        "centre-die", 2, tuple(simulation.seat_agents(["random", "random"])), 1, {}, ()
    )
    engine = simulation.match_engine(spec, None)
    seeds, agent_seeds = simulation._seeds_of(1, 0, 4, 2)
    lengths = engine.play_many(seeds, agent_seeds).decisions
    limit = max(lengths) - 1
    late = lengths.index(max(lengths))
    with pytest.raises(unodice.UnodiceError, match=f"match {late}: .* within {limit} decisions"):
        engine.play_many(seeds, agent_seeds, max_decisions=limit)


def test_the_seeds_of_a_run_are_game_seed_and_agent_seed():
    games, agents = simulation._seeds_of(2**40 + 9, 95, 130, 3)
    assert games == [simulation.game_seed(2**40 + 9, index) for index in range(95, 130)]
    assert agents == [
        simulation.agent_seed(2**40 + 9, index, seat)
        for index in range(95, 130)
        for seat in range(3)
    ]


@pytest.mark.parametrize("variant", ["centre-die", "coverall", "dominoes"])
@pytest.mark.parametrize("chunk_size", [3, 20, 1000])
def test_a_report_is_the_same_in_batches(monkeypatch, variant, chunk_size):
    """Chunks of many games play in batches (a few games each), to the Python path's report."""
    run = {"agents": ["random", "greedy", "random"], "players": 3, "games": 45, "seed": 11}
    run |= {"workers": 1, "chunk_size": chunk_size}
    native = simulate(variant, **run).to_json()
    _pure(monkeypatch)
    python = simulate(variant, **run).to_json()
    for report in (native, python):
        report.pop("seconds", None)
        report.pop("games_per_second", None)
    assert native == python


def test_a_failed_batch_is_played_again_one_by_one(monkeypatch):
    """When a batch fails, its games are played one at a time: the report is the same, and a
    game that fails is named as on the Python path."""
    run = {"agents": "random", "games": 30, "seed": 5, "workers": 1, "chunk_size": 10}
    before = simulate("dominoes", **run).to_json()
    spec = simulation._Spec(
        "dominoes", 2, tuple(simulation.seat_agents(["random", "random"])), 5, {}, ()
    )
    engine_type = type(simulation.match_engine(spec, None))

    def broken(self, seeds, agent_seeds, **kwargs):
        raise unodice.UnodiceError("a batch that fails")

    monkeypatch.setattr(engine_type, "play_many", broken)
    after = simulate("dominoes", **run).to_json()
    for report in (before, after):
        report.pop("seconds", None)
        report.pop("games_per_second", None)
    assert before == after
