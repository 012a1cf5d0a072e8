"""Every reading a built-in variant offers as an option, played by everything that plays.

A *reading* is an option with a fixed set of choices: another reading of the source's words
(issue 27: DO-5's drawn tile, CD-4's draw after the re-roll, CD-9 and DO-6's catch, DO-8's
take-back). The readings are found from the variants' own option declarations, so a reading
added later is covered here without a change. Each non-default choice is tried alone, and all
of a variant's non-default choices together.

The variants' own folders hold the hand-worked tests of each clause; this file checks that the
rest of the library keeps up: the reference reading (``check_variant(reference=True)``, slow
tier), every registered agent, and both learning environments.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from pettingzoo.test import api_test

import unodice.rl
from unodice.core.registry import Registry
from unodice.play.agents import play_game
from unodice.records.record import replay
from unodice.testing import check_variant

BUILT_IN = ("centre-die", "coverall", "dominoes")

SHORT = {"centre-die": {"rounds": 1}, "coverall": {}, "dominoes": {"target": 1}}
"""Options that make a game one round, so that a game is a quick test."""


def _readings(variant: str) -> list[dict[str, Any]]:
    """Each non-default choice of each of ``variant``'s readings alone, then all of them."""
    alone = [
        {info.name: choice}
        for info in Registry.from_entry_points().variant(variant).options
        if info.choices
        for choice in info.choices
        if choice != info.default
    ]
    together = {name: value for reading in alone for name, value in reading.items()}
    return [*alone, together] if len(alone) > 1 else alone


READINGS = [
    pytest.param(variant, reading, id=f"{variant}-{'-'.join(map(str, reading.values()))}")
    for variant in BUILT_IN
    for reading in _readings(variant)
]


def test_the_readings_of_issue_27_are_found():
    found = {(param.values[0], name) for param in READINGS for name in param.values[1]}
    assert {
        ("centre-die", "draw_after_reroll"),
        ("centre-die", "catch_by"),
        ("dominoes", "drawn_domino"),
        ("dominoes", "catch_by"),
        ("dominoes", "wild_draw_four_upheld"),
    } <= found


@pytest.mark.slow
@pytest.mark.parametrize(("variant", "reading"), READINGS)
def test_the_reference_reading_follows_every_reading(variant, reading):
    seats = Registry.from_entry_points().variant(variant).players
    report = check_variant(
        variant,
        players=range(seats.start, seats.stop),
        games=4,
        seed=27,
        options={**SHORT[variant], **reading},
        reference=True,
    )
    assert report.games == 4 * len(seats)


@pytest.mark.parametrize(("variant", "reading"), READINGS)
@pytest.mark.parametrize("agent", ["random", "greedy", "heuristic", "ismcts"])
def test_every_agent_plays_every_reading(variant, reading, agent):
    options = {**SHORT[variant], **reading}
    for players in (2, 4):
        game = play_game(variant, [agent] + ["random"] * (players - 1), seed=5, options=options)
        assert game.is_over and game.winners


@pytest.mark.parametrize(("variant", "reading"), READINGS)
def test_a_record_under_every_reading_replays_and_keeps_the_reading(variant, reading):
    options = {**SHORT[variant], **reading}
    game = play_game(variant, ["random"] * 4, seed=9, options=options)
    record = json.loads(json.dumps(game.record()))
    assert {name: record["options"][name] for name in reading} == reading
    again = replay(record)
    assert again.record() == game.record()
    assert [type(event).__name__ for event in again.events] == [
        type(event).__name__ for event in game.events
    ]


# What api_test says of every environment with masked (dict) observations, as in tests/rl.
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.filterwarnings("ignore:reset\\(\\) ignores the options")
@pytest.mark.filterwarnings("ignore:Observation space for each agent")
@pytest.mark.parametrize(("variant", "reading"), READINGS)
def test_the_learning_environments_run_every_reading(variant, reading):
    options = {**SHORT[variant], **reading}
    api_test(unodice.rl.env(variant, players=3, options=options), num_cycles=100)
    env = unodice.rl.gym_env(variant, opponents=["greedy", "random"], options=options)
    observation, _ = env.reset(seed=3)
    for _ in range(300):
        action = int(observation["action_mask"].nonzero()[0][0])
        observation, _, terminated, truncated, _ = env.step(action)
        if terminated or truncated:
            observation, _ = env.reset()
