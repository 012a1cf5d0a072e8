"""Agents are first-class: objects, factories and names anywhere, registered by plugins."""

from __future__ import annotations

import json
import pickle
import subprocess
import sys
import textwrap
from collections.abc import Sequence
from typing import Any

import pytest
import stop_helpers
from example_plugin import with_pig
from toy import Hold, Roll, ToyPlugin

import unodice
from unodice.cli.commands import main
from unodice.core.errors import InvalidOptions, PluginError
from unodice.core.hooks import hookimpl
from unodice.core.registry import Registry
from unodice.play.agents import (
    AgentError,
    GreedyAgent,
    RandomAgent,
    agents,
    events_for_seat,
    make_agent,
    play_game,
    seat_agents,
)
from unodice.play.simulation import simulate

toy_registry = stop_helpers.toy_registry


# -- agents a test defines, at module level so that worker processes find them -----------------


class Cautious:
    """Holds as soon as its turn total reaches 6 (a factory: it takes a seed)."""

    def __init__(self, seed: int | None = None):
        self.seed = seed

    def choose(self, view: Any, moves: Sequence[Any]) -> Any:
        for move in moves:
            if isinstance(move, Hold) and view.data["turn_total"] >= 6:
                return move
        return next(move for move in moves if isinstance(move, Roll))


class Counting:
    """An agent object with memory: it counts the games it has started and holds on odd ones."""

    def __init__(self) -> None:
        self.games = 0

    def start(self, seat: int, view: Any) -> None:
        self.games += 1

    def choose(self, view: Any, moves: Sequence[Any]) -> Any:
        holds = [m for m in moves if isinstance(m, Hold)]
        return holds[0] if holds and self.games % 2 else moves[0]


class Recorder:
    """Remembers every notification it gets."""

    def __init__(self) -> None:
        self.started: list[int] = []
        self.told: list[Any] = []

    def start(self, seat: int, view: Any) -> None:
        self.started.append(seat)

    def observe(self, events: Sequence[Any]) -> None:
        self.told.extend(events)

    def choose(self, view: Any, moves: Sequence[Any]) -> Any:
        return GreedyAgent().choose(view, moves)


class Crasher:
    def __init__(self, after: int = 3):
        self.after = after
        self.calls = 0

    def choose(self, view: Any, moves: Sequence[Any]) -> Any:
        self.calls += 1
        if self.calls > self.after:
            raise RuntimeError("out of ideas")
        return moves[0]


def crasher() -> Crasher:
    return Crasher(2)


class Liar:
    def choose(self, view: Any, moves: Sequence[Any]) -> Any:
        return "not a move"


class AgentPlugin:
    """Registers a toy-race heuristic and a bot of its own."""

    @hookimpl
    def unodice_register(self, registry: Any) -> None:
        registry.add_agent("cautious", Cautious, "holds at 6")
        registry.add_agent("heuristic-toy-race", Cautious, "the toy race's heuristic")


class RandomThief:
    @hookimpl
    def unodice_register(self, registry: Any) -> None:
        registry.add_agent("random", Cautious, "not random at all")


def agent_registry() -> Registry:
    registry = Registry(allow_override=())
    registry.add_plugin(ToyPlugin(), "toy")
    registry.add_plugin(AgentPlugin(), "my-bots")
    return registry


# -- the registry -------------------------------------------------------------------------------


def test_a_plugin_registers_agents_and_they_are_found_by_name():
    registry = agent_registry()
    assert set(registry.agents()) == {"cautious", "heuristic-toy-race"}
    info = registry.agent("cautious")
    assert info.plugin == "my-bots" and info.summary == "holds at 6"
    plugin = next(p for p in registry.plugins() if p.name == "my-bots")
    assert plugin.agents == ("cautious", "heuristic-toy-race")
    assert isinstance(make_agent("cautious", 1, registry), Cautious)
    # unodice's own agents are known in every registry
    assert isinstance(make_agent("random", 1, registry), RandomAgent)
    assert {"random", "greedy", "heuristic", "cautious"} <= set(agents(registry))


def test_the_generic_name_resolves_to_the_variants_own_agent():
    registry = agent_registry()
    assert isinstance(make_agent("heuristic", 1, registry, variant="toy-race"), Cautious)
    with pytest.raises(InvalidOptions, match="no heuristic agent for this variant"):
        make_agent("heuristic", 1, registry, variant="other-game")
    with pytest.raises(InvalidOptions, match="unknown agent 'clever'; known agents: cautious"):
        make_agent("clever", registry=registry)


def test_unodice_s_own_agent_names_are_reserved_unless_override_is_allowed():
    registry = Registry.from_entry_points(allow_override=())
    registry.add_plugin(RandomThief(), "thief")
    thief = next(p for p in registry.plugins() if p.name == "thief")
    assert thief.agents == () and "built into unodice" in thief.refused[0]
    assert isinstance(make_agent("random", 1, registry), RandomAgent)

    allowed = Registry.from_entry_points(allow_override=["thief"])
    allowed.add_plugin(RandomThief(), "thief")
    assert isinstance(make_agent("random", 1, allowed), Cautious)


def test_two_plugins_registering_one_agent_name_give_it_to_neither():
    registry = Registry(allow_override=())
    registry.add_plugin(AgentPlugin(), "one")

    class Other:
        @hookimpl
        def unodice_register(self, registry: Any) -> None:
            registry.add_agent("cautious", GreedyAgent, "")

    registry.add_plugin(Other(), "two")
    with pytest.raises(PluginError, match="registered by 'one' and 'two'"):
        make_agent("cautious", registry=registry)


@pytest.mark.parametrize(
    ("name", "factory", "words"),
    [
        ("Bad Name", Cautious, "not a lower-case hyphenated word"),
        ("fine", 42, "must be callable"),
        ("fine", Cautious, "summary must be one line"),
    ],
)
def test_a_bad_agent_registration_marks_only_that_plugin_broken(name, factory, words):
    class Bad:
        @hookimpl
        def unodice_register(self, registry: Any) -> None:
            registry.add_agent(name, factory, "two\nlines" if "summary" in words else "")

    registry = agent_registry()
    info = registry.add_plugin(Bad(), "bad")
    assert info.error is not None and words in info.error
    assert isinstance(make_agent("cautious", registry=registry), Cautious)


def test_agents_and_plugins_commands_list_the_agents(capsys):
    assert main(["agents"]) == 0
    text = capsys.readouterr().out
    assert "random" in text and "greedy" in text and "heuristic" in text and "ismcts" in text
    assert main(["agents", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert listed["greedy"]["plugin"] == "agents"
    assert main(["plugins", "--json"]) == 0
    plugins = {p["name"]: p for p in json.loads(capsys.readouterr().out)}
    assert plugins["agents"]["agents"] == [
        "random",
        "greedy",
        "heuristic",
        "ismcts",
        "determinized",
    ]


# -- objects, factories and names, in any mix -------------------------------------------------


def test_seat_agents_tells_objects_factories_and_names_apart():
    bot = Counting()
    seats = seat_agents([bot, Cautious, "greedy", crasher], 5)
    assert [s.kind for s in seats] == ["object", "factory", "name", "factory", "object"]
    assert [s.label for s in seats] == ["Counting", "Cautious", "greedy", "crasher", "Counting"]
    assert seats[1].seeded and not seats[3].seeded
    with pytest.raises(InvalidOptions, match="an agent is an object with choose"):
        seat_agents([object()])
    with pytest.raises(InvalidOptions, match="3 agents given for 2 seats"):
        seat_agents("random,random,random", 2)


def test_play_game_takes_objects_factories_and_names(registry):
    game = play_game("toy-race", [Cautious, "greedy"], seed=4, registry=registry)
    assert game.is_over
    again = play_game("toy-race", [Cautious(), GreedyAgent()], seed=4, registry=registry)
    assert again.record() == game.record()


def test_simulate_mixes_them_and_workers_do_not_change_the_report():
    mix = [Cautious, "random", Counting()]
    alone = simulate(
        "toy-race", 30, players=3, agents=mix, seed=5, workers=1, registry=toy_registry
    )
    pair = simulate(
        "toy-race",
        30,
        players=3,
        agents=mix,
        seed=5,
        workers=2,
        registry=toy_registry,
        chunk_size=4,
    )
    assert alone == pair and alone.to_json() == pair.to_json()
    assert alone.agents == ("Cautious", "random", "Counting")


def test_an_agent_object_starts_every_game_as_it_was_given():
    bot = Counting()
    reports = [
        simulate(
            "toy-race",
            12,
            players=2,
            agents=[bot, "random"],
            seed=2,
            workers=1,
            chunk_size=size,
            registry=toy_registry,
        )
        for size in (1, 5, 12)
    ]
    assert reports[0] == reports[1] == reports[2]
    assert bot.games == 0  # each game played a copy


def test_a_factory_gets_each_games_own_seed():
    seeds: list[Any] = []

    class Spy(Cautious):
        def __init__(self, seed: int | None = None):
            super().__init__(seed)
            seeds.append(seed)

    simulate(
        "toy-race", 3, players=2, agents=[Spy, "random"], seed=1, workers=1, registry=toy_registry
    )
    assert len(set(seeds)) == 3 and all(isinstance(seed, int) for seed in seeds)


# -- notifications ------------------------------------------------------------------------------


def test_start_and_observe_tell_each_seat_the_whole_game(registry):
    one, two = Recorder(), Recorder()
    game = play_game("toy-race", [one, two], seed=3, registry=registry)
    assert one.started == [0] and two.started == [1]
    assert one.told == list(game.events) == two.told


def test_observe_hides_what_a_seat_may_not_see():
    # In centre-die the die drawn for the centre and put back is hidden from every seat's record.
    for seed in range(40):
        recorders = [Recorder(), Recorder()]
        game = play_game("centre-die", recorders, seed=seed)
        if any(event.kind == "centre-redrawn" for event in game.events):
            break
    else:
        pytest.skip("no centre redraw in these seeds")
    for seat, recorder in enumerate(recorders):
        assert recorder.told == list(events_for_seat(game.variant, game.events, seat))
        redrawn = [e for e in recorder.told if e.kind == "centre-redrawn"]
        assert redrawn and all(event.die is None for event in redrawn)
        told_json = [event.to_json() for event in recorder.told]
        assert told_json == game.record(seat=seat)["events"]


# -- failures ------------------------------------------------------------------------------------


def test_an_agent_that_raises_is_named_with_seat_seed_and_decision(registry):
    with pytest.raises(AgentError) as caught:
        play_game("toy-race", [RandomAgent(1), Crasher(2)], seed=6, registry=registry)
    error = caught.value
    assert error.seat == 1 and error.seed == 6 and error.agent.startswith("<")
    assert "RuntimeError in choose: out of ideas" in str(error)
    again = pickle.loads(pickle.dumps(error))
    assert str(again) == str(error) and again.decision == error.decision


def test_an_agent_that_returns_no_legal_move_is_named(registry):
    with pytest.raises(AgentError, match="agent Liar at seat 0 failed at decision 0") as caught:
        simulate("toy-race", 2, players=2, agents=[Liar, "random"], workers=1, registry=registry)
    assert caught.value.index == 0 and "not legal" in caught.value.cause


def test_an_agent_failing_in_a_worker_process_is_reported_there():
    with pytest.raises(AgentError, match=r"agent crasher at seat 1 .* game \d+ \(seed \d+\)"):
        simulate(
            "toy-race", 6, players=2, agents=["random", crasher], workers=2, registry=toy_registry
        )


@with_pig
def test_the_command_line_takes_a_plugins_agent(capsys):
    assert (
        main(
            [
                "simulate",
                "pig",
                "--games",
                "6",
                "--workers",
                "1",
                "--agents",
                "hold-at-20,random",
                "--json",
            ]
        )
        == 0
    )
    report = json.loads(capsys.readouterr().out)
    assert [seat["agent"] for seat in report["seats"]] == ["hold-at-20", "random"]


# -- a user's own class, defined in the script they run ----------------------------------------

SCRIPT = textwrap.dedent("""
    import json
    import unodice

    class FirstMove:
        def __init__(self, seed=None):
            self.seed = seed

        def choose(self, view, moves):
            return moves[0]

    if __name__ == "__main__":
        agents = [FirstMove, "random"]
        here = unodice.simulate("coverall", 24, agents=agents, seed=3, workers=1)
        pair = unodice.simulate("coverall", 24, agents=agents, seed=3, workers=2)
        assert here == pair, "two worker processes differ"
        from distributed import Client, LocalCluster
        with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                          dashboard_address=None) as cluster, Client(cluster) as client:
            dask = unodice.simulate("coverall", 24, agents=agents, seed=3,
                                    executor=client.get_executor())
        assert here == dask, "the Dask cluster differs"
        print(json.dumps(here.to_json()["seats"][0]["agent"]))
""")


@pytest.mark.slow
def test_a_class_defined_in_a_users_script_runs_on_workers_and_dask(tmp_path):
    pytest.importorskip("distributed")
    script = tmp_path / "my_bot.py"
    script.write_text(SCRIPT, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, cwd=tmp_path, timeout=600
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == '"FirstMove"'


def test_unodice_exports_the_new_names():
    assert unodice.AgentError is AgentError
    assert callable(unodice.tournament)
