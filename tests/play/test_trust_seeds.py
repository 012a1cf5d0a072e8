"""Seeds a bot cannot compute (issue 25, item 2).

A run given no seed used seed 0, so a bot's factory could search small (seed, game, seat)
ranges for the seed it was given, and from it compute the game's seed: every hand and every
roll to come. Now a run given no seed draws a fresh 64-bit one, and reports it; agent seeds
are one-way functions of it, kept apart from the games' seeds.
"""

from __future__ import annotations

import json
from typing import Any, ClassVar

import pytest

import unodice.rl
from unodice.cli.commands import main
from unodice.core.errors import InvalidOptions
from unodice.play.agents import RandomAgent, game_agent_seed, play_game
from unodice.play.arena import tournament
from unodice.play.simulation import agent_seed, game_seed, simulate, simulated_game

SEARCHED = range(64)
"""The small master seeds the red team's factory tried."""


class Spy(RandomAgent):
    """A random agent that keeps every seed it is made with (this process only)."""

    seen: ClassVar[list[int]] = []

    def __init__(self, seed: int | None = None):
        super().__init__(seed)
        assert seed is not None
        Spy.seen.append(seed)


def _found(seeds: list[int], games: int, seats: int) -> list[int]:
    """The searched master seeds that would give one of ``seeds`` as an agent seed."""
    return [
        master
        for master in SEARCHED
        for index in range(games)
        for seat in range(seats)
        if agent_seed(master, index, seat) in seeds
    ]


def test_a_simulation_given_no_seed_draws_one_a_bot_cannot_find():
    """Issue 25, item 2: the factory found the game seed in 40 of 40 games."""
    Spy.seen = []
    report = simulate("coverall", 6, players=2, agents=[Spy, "random"], workers=1)
    assert len(Spy.seen) == 6 and not _found(Spy.seen, 6, 2)
    assert report.seed not in SEARCHED and report.seed.bit_length() > 32
    assert (
        simulate("coverall", 6, players=2, agents=[Spy, "random"], workers=1, seed=report.seed)
        == report
    )
    assert simulate("coverall", 6, players=2, workers=1).seed != report.seed


def test_a_tournament_given_no_seed_draws_one_and_reports_it():
    """Issue 25, item 2."""
    Spy.seen = []
    report = tournament("coverall", {"spy": Spy, "random": "random"}, games=4, workers=1)
    assert report.seed not in SEARCHED and not _found(Spy.seen, 4, 2)
    again = tournament(
        "coverall", {"spy": Spy, "random": "random"}, games=4, workers=1, seed=report.seed
    )
    assert again == report


def test_a_seeded_simulation_plays_as_before():
    """Issue 25, item 2: a seed given by hand still fixes the games."""
    # The seeds the derivation gave before the fix: seeded runs are unchanged.
    assert (agent_seed(0, 0, 0), game_seed(0, 0)) == (5206474786348333600, 4570871389711084151)
    report = simulate("coverall", 5, players=2, seed=3, workers=1)
    assert report == simulate("coverall", 5, players=2, seed=3, workers=2, chunk_size=2)


def test_replaying_one_game_needs_the_simulations_seed():
    """Issue 25, item 2: a default of 0 would replay a game no unseeded run played."""
    with pytest.raises(InvalidOptions, match=r"report\.seed"):
        simulated_game("coverall", 0, players=2)


def test_the_command_line_draws_a_seed_and_prints_it(capsys):
    """Issue 25, item 2: ``--seed`` defaulted to 0."""
    seeds = []
    for command in ("simulate", "arena"):
        assert (
            main(
                [
                    command,
                    "coverall",
                    "--games",
                    "2",
                    "--agents",
                    "random,greedy",
                    "--workers",
                    "1",
                    "--json",
                ]
            )
            == 0
        )
        seeds.append(json.loads(capsys.readouterr().out)["seed"])
    assert all(seed not in SEARCHED for seed in seeds) and seeds[0] != seeds[1]


def test_play_game_draws_the_seed_and_agent_seeds_are_one_way():
    """Issue 25, item 2."""
    Spy.seen = []
    game = play_game("coverall", [Spy, "random"])
    assert game.seed is not None and Spy.seen == [game_agent_seed(game.seed, 0)]


def test_a_gym_opponents_seed_is_not_the_match_seed_plus_its_place():
    """Issue 25, item 2: in the Gym environment an opponent's seed was the game's plus 1."""
    Spy.seen = []
    env = unodice.rl.gym_env("coverall", opponents=[Spy])
    env.reset()
    seed = env.game.seed
    assert seed is not None and Spy.seen[-1] != seed + 1
    assert Spy.seen[-1] == game_agent_seed(seed, 1)
    assert isinstance(env.np_random_seed, int)
    first: Any = env.game.seed
    env.reset(seed=env.np_random_seed)
    assert env.game.seed == first


def test_the_pettingzoo_environment_keeps_its_master_seed():
    """Issue 25, item 2: matches started without a seed can be played again."""
    env = unodice.rl.env("coverall")
    env.reset()
    first = env.unwrapped.game.seed
    env.reset(seed=env.unwrapped.master_seed)
    assert env.unwrapped.game.seed == first
