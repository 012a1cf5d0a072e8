"""The arena: every agent in every seat equally often, and the same report however it is run."""

from __future__ import annotations

import json
from collections import Counter
from itertools import combinations
from typing import Any

import pytest
import stop_helpers
from hypothesis import given
from hypothesis import strategies as st

import unodice
from unodice.cli.commands import main
from unodice.core.errors import InvalidOptions
from unodice.play.agents import AgentError, GreedyAgent
from unodice.play.arena import TournamentInterrupted, _ArenaSpec, seatings, tournament

toy_registry = stop_helpers.toy_registry


class Crasher:
    def choose(self, view: Any, moves: Any) -> Any:
        raise ValueError("no")


def toy(games: int = 24, **kwargs: Any) -> Any:
    kwargs.setdefault("registry", toy_registry)
    kwargs.setdefault("workers", 1)
    agents = kwargs.pop("agents", {"greedy": "greedy", "random": "random", "bot": GreedyAgent})
    return tournament("toy-race", agents, games=games, **kwargs)


@given(agents=st.integers(2, 7), players=st.integers(2, 5))
def test_every_agent_has_every_seat_equally_often_and_every_set_plays(agents, players):
    if agents < players:
        with pytest.raises(InvalidOptions, match="at least"):
            seatings(agents, players)
        return
    table = seatings(agents, players)
    per_seat = Counter((agent, seat) for seating in table for seat, agent in enumerate(seating))
    assert len(set(per_seat.values())) == 1 and len(per_seat) == agents * players
    assert all(len(set(seating)) == players for seating in table)
    groups = Counter(frozenset(seating) for seating in table)
    assert set(groups) == {frozenset(c) for c in combinations(range(agents), players)}
    assert set(groups.values()) == {players}


def test_two_players_play_each_pairing_in_both_seat_orders():
    assert seatings(3, 2) == ((0, 1), (1, 0), (0, 2), (2, 0), (1, 2), (2, 1))


def test_the_rotations_of_one_set_share_a_deal():
    spec = _ArenaSpec("toy-race", "toy-race", 3, (), seatings(4, 3), 5, {}, ())
    deals = [spec.deal(index) for index in range(len(spec.table) * 2)]
    assert deals[0] == deals[1] == deals[2] != deals[3]
    assert len(set(deals)) == 2 * 4


def test_the_report_is_the_same_on_any_number_of_workers_and_chunks():
    alone = toy(36, seed=4)
    pair = toy(36, seed=4, workers=2, chunk_size=5)
    assert alone == pair and alone.to_json()["agents"][0]["games"] == 24

    def strip(data):
        return [{k: v for k, v in a.items() if k != "ms_per_decision"} for a in data["agents"]]

    assert strip(alone.to_json()) == strip(pair.to_json())
    assert alone.to_json()["pairwise"] == pair.to_json()["pairwise"]
    assert toy(36, seed=5).tally != alone.tally


def test_games_are_rounded_up_to_whole_rounds_and_the_counts_add_up():
    report = toy(10, seed=1)
    assert report.games == 12 and report.seatings == 6
    for result in report.agents:
        assert result.games == 8 and result.seats == (4, 4)
        assert result.low <= result.win_rate <= result.high
    assert sum(result.win_share for result in report.agents) == pytest.approx(report.games)
    for a in range(3):
        for b in range(3):
            if a != b:
                assert report.pairwise[a][b] + report.pairwise[b][a] == pytest.approx(1)
                assert report.pairwise_games[a][b] == 4
    assert report.pairwise[0][0] is None


def test_more_seats_than_two():
    report = toy(8, players=3, agents=["greedy", "random", "random", "greedy"])
    assert [r.agent for r in report.agents] == ["greedy", "random", "random-2", "greedy-2"]
    assert report.seatings == 12 and report.games == 12
    assert all(r.seats == (3, 3, 3) for r in report.agents)


@pytest.mark.parametrize(
    ("agents", "words"),
    [
        ({"only": "random"}, "at least 2 agents"),
        ({"a": "random", "b": "no-such-bot"}, "unknown agent 'no-such-bot'"),
        ({"a": "random", "b": 42}, "an agent is an object with choose"),
        ({"a": "random", "": "greedy"}, "label"),
    ],
)
def test_bad_tournaments_are_refused_before_any_game(agents, words):
    with pytest.raises(InvalidOptions, match=words):
        toy(agents=agents)


def test_a_failing_agent_is_named_with_the_game():
    words = r"agent crash at seat 1 failed at decision \d+ of game 0 \(seed \d+\): ValueError in"
    with pytest.raises(AgentError, match=words):
        toy(agents={"greedy": "greedy", "crash": Crasher()})


def test_an_interrupted_tournament_keeps_what_finished():
    def stop(done: int, total: int) -> None:
        if done >= 6:
            raise KeyboardInterrupt

    with pytest.raises(TournamentInterrupted) as caught:
        toy(60, chunk_size=6, progress=stop)
    assert caught.value.report.games == 6 and caught.value.games == 60


def test_unodice_tournament_on_a_builtin_variant():
    report = unodice.tournament(
        "coverall", {"greedy": "greedy", "random": "random"}, games=20, seed=2, workers=1
    )
    assert report.variant == "coverall" and report.games == 20
    assert "greedy" in str(report) and "95% interval" in str(report)


def test_the_arena_command_prints_json(capsys):
    assert (
        main(
            [
                "arena",
                "coverall",
                "--agents",
                "greedy,random",
                "--games",
                "8",
                "--workers",
                "1",
                "--json",
            ]
        )
        == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 8 and [a["agent"] for a in data["agents"]] == ["greedy", "random"]
    assert set(data["pairwise"]["greedy"]) == {"random"}


def test_the_arena_command_prints_text_and_its_exit_statuses(capsys):
    assert (
        main(["arena", "coverall", "--agents", "greedy,random", "--games", "4", "--workers", "1"])
        == 0
    )
    assert "coverall arena: 4 games" in capsys.readouterr().out
    assert main(["arena", "coverall", "--agents", "greedy,nobody", "--games", "4"]) == 1
    assert "unknown agent 'nobody'" in capsys.readouterr().err
    with pytest.raises(SystemExit) as caught:
        main(["arena", "coverall", "--games", "4"])
    assert caught.value.code == 2
