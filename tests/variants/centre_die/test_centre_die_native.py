"""The native centre-die engine against the Python rules, decision by decision.

Each match is played natively from a game seed and the agents' seeds, as ``play_game``
derives them, with every legal move kept. The same match is then replayed in Python: at every
decision the Python game must offer the same legal moves in the same order, to the same seat,
and the built-in agent (``RandomAgent`` or ``GreedyAgent`` with the seed ``play_game`` gives
it) must choose the move the engine chose; at the end the chance outcomes, the winners, the
totals and the number of rounds must be the same. Every option of the variant is covered, with
every player count its dice set allows.
"""

from __future__ import annotations

from typing import Any

import pytest
from centre_die_support import BLOCKED_SET, SMALL_SET, _dice, registry_with_test_sets
from native_support import replay_in_python

import unodice
from unodice.core.hooks import hookimpl
from unodice.core.pieces import ComponentSet
from unodice.core.registry import Registry
from unodice.play.agents import GreedyAgent, RandomAgent, game_agent_seed, play_game
from unodice.variants.centre_die import CentreDieHeuristic
from unodice.variants.centre_die.lookups import lookups_for
from unodice.variants.centre_die.native import (
    NativeEngine,
    decode_move,
    native_module,
    play_native_match,
)

pytestmark = pytest.mark.skipif(
    native_module() is None,
    reason="the native centre-die engine (unodice._native._centre_die) is not built, "
    "or UNODICE_PURE=1",
)

DRAWS_SET = "cd-native-draws"
"""Thirty-one dice that show D2, WD4 and commands often: final D2 and WD4, bluffs, challenges."""

MIXED_SET = "cd-native-mixed"
"""Thirty-one dice, some of them with no number face (set aside when drawn for the centre)."""

ONE_WILD_SET = "cd-native-one-wild"
"""Eleven dice whose rounds can block once the one W is played (CD-10)."""


class NativeSets:
    @hookimpl
    def unodice_register(self, registry: Any) -> None:
        sets = {
            DRAWS_SET: _dice(*["r1 y2 gS bR rD2 WD4"] * 31),
            MIXED_SET: _dice(
                *["r1 y2 g3 b4 r5 y6"] * 9,
                *["g1 b2 r3 y4 g5 b6"] * 9,
                *["W WD4 rR yS gD2 bR"] * 6,
                *["WD4 WD4 rS yS gS bS"] * 4,
                *["W rD2 yD2 gR bS W"] * 3,
            ),
            ONE_WILD_SET: _dice(*["r1 r2 y1 y2 r3 y3"] * 10, "W " * 6),
        }
        for name, dice in sets.items():
            registry.add_components(ComponentSet.from_json({"set": name, **dice}))


@pytest.fixture(scope="module")
def registry() -> Registry:
    registry = registry_with_test_sets()
    registry.add_plugin(NativeSets(), "centre-die-native-sets")
    return registry


ALL = (2, 3, 4, 5, 6)

OPTION_SETS: list[tuple[dict[str, Any], tuple[int, ...]]] = [
    ({}, ALL),
    ({"target": 60}, ALL),
    ({"rounds": 3}, ALL),
    ({"two_player_reverse_skips": False}, ALL),
    ({"failed_challenge_penalty": 3}, ALL),
    ({"draw_after_reroll": "only-when-unable"}, ALL),
    ({"catch_by": "any-opponent"}, ALL),
    ({"dice": DRAWS_SET, "target": 200}, ALL),
    ({"dice": MIXED_SET, "catch_by": "any-opponent", "failed_challenge_penalty": 1}, ALL),
    ({"dice": SMALL_SET, "rounds": 4}, (2,)),
    ({"dice": ONE_WILD_SET, "rounds": 3}, (2,)),
    ({"dice": BLOCKED_SET, "rounds": 2}, (2,)),
]
IDS = [
    ",".join(f"{key}={value}" for key, value in options.items()) or "default"
    for options, _ in OPTION_SETS
]


def check_match(
    players: int,
    seed: int,
    options: dict[str, Any],
    registry: Registry,
    agents: tuple[str, ...] = (),
) -> int:
    """Play a match natively, replay it in Python, compare every decision; the decisions."""
    names = agents or ("random",) * players
    game = unodice.new_game("centre-die", players, seed, options, registry=registry)
    variant = game.variant
    agent_seeds = [game_agent_seed(seed, seat) for seat in range(players)]
    native = play_native_match(
        variant.options, players, variant.dice_set, seed, agent_seeds, names, detail=2
    )
    lookups = lookups_for(variant.dice_set)
    kinds = {"random": RandomAgent, "greedy": GreedyAgent, "heuristic": CentreDieHeuristic}
    bots = [kinds[name](agent_seed) for name, agent_seed in zip(names, agent_seeds, strict=True)]
    where = f"{players} players, seed {seed}, options {options}"
    return replay_in_python(game, native, bots, lambda code: decode_move(lookups, code), where)


@pytest.mark.parametrize(("options", "seats"), OPTION_SETS, ids=IDS)
def test_native_matches_python(
    options: dict[str, Any], seats: tuple[int, ...], registry: Registry
) -> None:
    """About a hundred matches: two per option set and player count."""
    seeds = range(2) if len(seats) > 1 else range(6)
    for players in seats:
        for seed in seeds:
            check_match(players, 1000 * players + seed, options, registry)


def test_native_greedy_matches_python(registry: Registry) -> None:
    """Greedy agents, alone and against random ones, choose as the Python ``GreedyAgent``."""
    for seed in range(4):
        check_match(2, seed, {}, registry, ("greedy", "greedy"))
        check_match(
            3, seed, {"dice": DRAWS_SET, "target": 200}, registry, ("greedy", "random", "greedy")
        )
        check_match(4, seed, {"catch_by": "any-opponent"}, registry, ("random", "greedy") * 2)


@pytest.mark.parametrize(("options", "seats"), OPTION_SETS, ids=IDS)
def test_native_heuristic_matches_python(
    options: dict[str, Any], seats: tuple[int, ...], registry: Registry
) -> None:
    """The heuristic agent, alone and against random and greedy ones, chooses as in Python."""
    for index, players in enumerate(seats):
        mixed = ("heuristic", "random", "greedy", "heuristic", "random", "heuristic")
        check_match(players, 500 + index, options, registry, ("heuristic",) * players)
        check_match(players, 600 + index, options, registry, mixed[:players])


def test_native_result_is_play_game(registry: Registry) -> None:
    """The result alone (no record kept) is what ``play_game`` gives, agents named as it takes
    them (``heuristic`` is the variant's own)."""
    names = ("random", "heuristic", "greedy", "random", "heuristic-centre-die", "random")
    for players in ALL:
        for seed in range(3):
            agents = ["random"] * players if seed < 2 else list(names[:players])
            game = play_game("centre-die", agents, seed=seed)
            seeds = [game_agent_seed(seed, seat) for seat in range(players)]
            variant = game.variant
            engine = NativeEngine(variant.options, players, variant.dice_set, agents)
            native = engine.play(seed, seeds)
            assert native.winners == game.winners
            assert native.scores == game.scores
            assert native.rounds == game.round
            assert native.decisions == len(game.moves)
            assert native.outcomes == ()


def test_large_seeds_are_seeded_as_python_does(registry: Registry) -> None:
    """Seeds of several 32-bit words and the seed 0 seed the generator as random.Random does."""
    for seed in (0, 2**32, 2**32 - 1, 2**70 + 12345):
        check_match(2, seed, {}, registry)


def test_limits_are_refused(registry: Registry) -> None:
    game = unodice.new_game("centre-die", 2, 5)
    variant = game.variant
    seeds = [game_agent_seed(5, seat) for seat in range(2)]
    with pytest.raises(unodice.UnodiceError, match="did not end within 3 decisions"):
        play_native_match(variant.options, 2, variant.dice_set, 5, seeds, max_decisions=3)
    with pytest.raises(unodice.InvalidOptions, match="2 players need 2 agents"):
        play_native_match(variant.options, 2, variant.dice_set, 5, seeds, ("random",))
    with pytest.raises(unodice.InvalidOptions, match="ismcts"):
        play_native_match(variant.options, 2, variant.dice_set, 5, seeds, ("random", "ismcts"))


@pytest.mark.slow
@pytest.mark.parametrize(("options", "seats"), OPTION_SETS, ids=IDS)
def test_native_matches_python_thousand(
    options: dict[str, Any], seats: tuple[int, ...], registry: Registry
) -> None:
    """A thousand matches per option set, over every player count it allows.

    Every tenth match is between greedy and heuristic agents besides the random ones.
    """
    mixed = ("heuristic", "random", "greedy", "heuristic", "random", "greedy")
    for index in range(1000):
        players = seats[index % len(seats)]
        agents = mixed[:players] if index % 10 == 9 else ()
        check_match(players, 7919 * index + 13, options, registry, agents)
