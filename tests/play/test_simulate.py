"""`unodice.simulate`: the same seed gives the same report however the work is run."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

import pytest
import stop_helpers

from unodice.core.errors import InvalidOptions, UnknownVariant
from unodice.core.game import new_game
from unodice.core.registry import default_registry
from unodice.play.agents import RandomAgent
from unodice.play.simulation import (
    SimulationError,
    agent_seed,
    game_seed,
    run_chunk,
    simulate,
    simulated_game,
)

BUILT_IN = ("coverall", "centre-die", "dominoes")


# Module level (in a module of their own), so worker processes can rebuild the registries.
toy_registry = stop_helpers.toy_registry
broken_registry = stop_helpers.failing_registry


def toy(games: int = 60, **kwargs: Any) -> Any:
    kwargs.setdefault("registry", toy_registry)
    kwargs.setdefault("players", 3)
    kwargs.setdefault("seed", 0)  # a run given no seed draws its own (issue 25, item 2)
    return simulate("toy-race", games, **kwargs)


# -- same seed, same report ---------------------------------------------------------------------


def test_one_and_two_worker_processes_give_the_same_report():
    alone = toy(80, workers=1, seed=11)
    pair = toy(80, workers=2, seed=11)
    assert alone == pair
    assert alone.to_json() == pair.to_json()
    assert alone.games == 80


def test_chunk_size_never_changes_the_report():
    reports = [toy(50, workers=1, chunk_size=size) for size in (1, 7, 50, 1000)]
    assert all(report == reports[0] for report in reports)


def test_a_different_seed_gives_different_games():
    assert toy(50, workers=1, seed=1).tally != toy(50, workers=1, seed=2).tally


def test_a_process_pool_passed_in_gives_the_same_report():
    with ProcessPoolExecutor(max_workers=2) as pool:
        pooled = toy(40, executor=pool, agents="greedy,random")
    assert pooled == toy(40, workers=1, agents="greedy,random")


def test_a_thread_pool_may_use_a_registry_object(registry):
    with ThreadPoolExecutor(max_workers=2) as pool:
        threaded = simulate("toy-race", 40, players=2, seed=0, executor=pool, registry=registry)
    assert threaded == simulate("toy-race", 40, players=2, seed=0, workers=1, registry=registry)


def test_a_registry_object_runs_in_this_process_by_default(registry):
    report = simulate("toy-race", 10, players=2, registry=registry)
    assert report.games == 10


# -- every game depends on (seed, index) only ---------------------------------------------------


def test_game_i_is_seeded_from_the_simulation_seed_and_its_index():
    """Replaying game 5 by hand with the documented seeds gives simulated_game's game."""
    replayed = simulated_game(
        "toy-race", 5, players=2, agents="random", seed=9, registry=toy_registry
    )
    game = new_game("toy-race", 2, game_seed(9, 5), registry=toy_registry())
    agents = [RandomAgent(agent_seed(9, 5, seat)) for seat in range(2)]
    while not game.is_over:
        seat = game.to_act
        game.play(agents[seat].choose(game.view(seat), game.legal_moves()))
    assert game.record() == replayed.record()


def test_a_chunk_of_one_game_tallies_that_game():
    report = toy(8, workers=1, seed=3)
    spec_tally = run_chunk(_spec(seed=3), 6, 7)
    game = simulated_game("toy-race", 6, players=3, seed=3, registry=toy_registry)
    assert spec_tally.games == 1
    assert spec_tally.decisions == {len(game.moves): 1}
    for seat, score in enumerate(game.scores):
        assert spec_tally.scores[seat] == {score: 1}
        assert report.tally.scores[seat][score] >= 1


def test_seeds_differ_by_index_and_seat():
    assert len({game_seed(0, i) for i in range(1000)}) == 1000
    assert agent_seed(0, 1, 0) != agent_seed(0, 1, 1) != agent_seed(0, 2, 1)
    assert game_seed(-4, 0) >= 0


def _spec(seed: int) -> Any:
    from unodice.play.simulation import _prepare

    spec, _, _ = _prepare("toy-race", 3, "random", seed, None, (), toy_registry)
    return spec


# -- the report ---------------------------------------------------------------------------------


def test_report_counts_every_game_and_seat():
    report = toy(60, workers=1, agents="random,greedy")
    assert report.games == 60 == report.decisions.count == report.rounds.count
    assert report.score.count == 60 * 3
    assert [seat.agent for seat in report.seats] == ["random", "greedy", "random"]
    assert sum(seat.win_rate for seat in report.seats) == pytest.approx(1.0)
    for seat in report.seats:
        assert seat.low <= seat.win_rate <= seat.high
    assert report.variant == "toy-race"
    assert report.options == {"target": 20, "rounds": 1}


def test_options_and_house_rules_reach_every_game():
    """Options and house rules reach the games on worker processes too."""
    report = toy(30, workers=2, options={"target": 5, "rounds": 2}, house_rules=["double-sevens"])
    assert report.options == {"target": 5, "rounds": 2}
    assert report.house_rules == ("double-sevens",)
    assert report.rounds.min == report.rounds.max == 2
    assert report == toy(
        30, workers=1, options={"target": 5, "rounds": 2}, house_rules=["double-sevens"]
    )


def test_the_player_count_may_come_from_a_game_string():
    report = simulate("toy-race(players=4)", 5, workers=1, registry=toy_registry)
    assert report.players == 4 and len(report.seats) == 4


def test_agents_are_cycled_over_the_seats():
    report = simulate(
        "toy-race", 5, players=4, agents=["greedy", "random"], workers=1, registry=toy_registry
    )
    assert report.agents == ("greedy", "random", "greedy", "random")


def test_progress_runs_from_zero_to_all_games():
    seen: list[tuple[int, int]] = []
    toy(25, workers=2, chunk_size=4, progress=lambda done, total: seen.append((done, total)))
    assert seen[0] == (0, 25)
    assert seen[-1] == (25, 25)
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)
    assert len(seen) == 1 + 7  # the start, then one call per chunk of 4 (the last holds 1)


# -- refusals -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"games": 0}, "games"),
        ({"agents": "random,clever"}, "unknown agent 'clever'"),
        ({"agents": ""}, "at least one agent"),
        ({"agents": "random,random,random,random"}, "4 agents given for 3 seats"),
        ({"agents": [42]}, "an agent is an object with choose"),
        ({"workers": 0}, "workers"),
        ({"chunk_size": 0}, "chunk_size"),
        ({"seed": "x"}, "seed"),
        ({"seed": 2**300}, "at most 256 bits"),
        ({"players": 9}, "2 to 4 players"),
        ({"options": {"target": 0}}, "target"),
    ],
)
def test_bad_arguments_are_refused_with_a_reason(kwargs, words):
    arguments = {"games": 5, "players": 3, "registry": toy_registry, "workers": 1, **kwargs}
    with pytest.raises(InvalidOptions, match=words):
        simulate("toy-race", **arguments)


def test_an_unknown_variant_is_named():
    with pytest.raises(UnknownVariant, match="no-such-game"):
        simulate("no-such-game", 5, registry=toy_registry, workers=1)


def test_a_registry_object_is_refused_for_worker_processes(registry):
    with pytest.raises(InvalidOptions, match="module-level function"):
        simulate("toy-race", 5, registry=registry, workers=2)
    with ProcessPoolExecutor(max_workers=1) as pool, pytest.raises(InvalidOptions):
        simulate("toy-race", 5, registry=registry, executor=pool)


def test_an_executor_and_a_worker_count_together_are_refused():
    with ThreadPoolExecutor(1) as pool, pytest.raises(InvalidOptions, match="not both"):
        toy(5, executor=pool, workers=2)


@pytest.mark.parametrize("workers", [1, 2])
def test_a_failing_game_is_reported_with_its_index_and_seed(workers):
    """The failure crosses process boundaries as a SimulationError that says how to replay."""
    with pytest.raises(
        SimulationError,
        match=r"game [0-3] of failing-race \(seed \d+\) failed: "
        r"RuntimeError: the dice fell off the table",
    ):
        simulate("failing-race", 4, players=2, workers=workers, registry=broken_registry)


# -- Dask ---------------------------------------------------------------------------------------


def test_a_dask_local_cluster_gives_the_same_report():
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            processes=False, n_workers=1, threads_per_worker=2, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        on_dask = toy(40, executor=client.get_executor(), agents="random,greedy", seed=5)
    assert on_dask == toy(40, workers=1, agents="random,greedy", seed=5)


# -- built-in variants, once installed ----------------------------------------------------------


def _installed(name: str) -> bool:
    return name in default_registry().variants()


@pytest.mark.parametrize("variant", BUILT_IN)
def test_built_in_variant_same_report_on_one_and_two_workers(variant):
    if not _installed(variant):
        pytest.skip(f"{variant} is not installed")
    alone = simulate(variant, 12, workers=1, agents="random,greedy", seed=0)
    assert alone == simulate(variant, 12, workers=2, agents="random,greedy", seed=0)
    assert alone.games == 12


@pytest.mark.parametrize("variant", BUILT_IN)
def test_built_in_variant_on_dask(variant):
    distributed = pytest.importorskip("distributed")
    if not _installed(variant):
        pytest.skip(f"{variant} is not installed")
    with (
        distributed.LocalCluster(
            processes=False, n_workers=1, threads_per_worker=2, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        on_dask = simulate(variant, 8, seed=0, executor=client.get_executor())
    assert on_dask == simulate(variant, 8, seed=0, workers=1)
