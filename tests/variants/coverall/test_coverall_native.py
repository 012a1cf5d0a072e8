"""The native coverall engine against the Python rules, decision by decision.

Each match is played natively from a game seed and the agents' seeds, as ``play_game``
derives them, with every legal move kept. The same match is then replayed in Python: at every
decision the Python game must offer the same legal moves in the same order, to the same seat,
and the built-in agent (``RandomAgent``, ``GreedyAgent`` or ``CoverallHeuristic`` with the seed
``play_game`` gives it) must choose the move the engine chose; at the end the chance outcomes,
the winners, the totals and the number of games must be the same. Every option of the variant
is covered (tray shapes, the partition, the two-player R, sets of games, dice sets), with every
player count its dice set allows.
"""

from __future__ import annotations

from typing import Any

import pytest
from native_support import replay_in_python

import unodice
from unodice.core.hooks import hookimpl
from unodice.core.pieces import ComponentSet, Face, load_components
from unodice.core.registry import Registry
from unodice.play.agents import GreedyAgent, RandomAgent, game_agent_seed, play_game
from unodice.variants import coverall as coverall_plugin
from unodice.variants.coverall import CoverallHeuristic, rules
from unodice.variants.coverall.lookups import lookups_for
from unodice.variants.coverall.native import (
    RESERVES,
    NativeEngine,
    decode_move,
    engine_for,
    native_module,
    play_native_match,
)

pytestmark = pytest.mark.skipif(
    native_module() is None,
    reason="the native coverall engine (unodice._native._coverall) is not built, or UNODICE_PURE=1",
)


def _dice(name: str, *dice: str) -> ComponentSet:
    """A set from one string of six face codes per die."""

    def face(code: str) -> dict[str, Any]:
        parsed = Face.parse(code)
        return {"symbol": parsed.symbol, "colour": parsed.colour.value if parsed.colour else None}

    faces = [[face(code) for code in die.split()] for die in dice]
    return ComponentSet.from_json({"set": name, "dice": faces})


GROUPS_SET = "cv-native-groups"
"""Single-colour dice of numbers no other group shows, and one die of wilds and letters: halves
(CV-12) and the whole tray (CV-13) go dead."""
ACTIONS_SET = "cv-native-actions"
"""Thirty dice that show D2, WD4, S and R often: reserves, skips, reverses, WD4 only when
nothing else goes (CV-7), starting dice rolled again."""
WILD_SET = "cv-native-wild"
"""Twenty-four dice, most of them wild: starting Ws declared (CV-2), wilds on every side."""
FIXED_SET = "cv-native-fixed"
"""Dice that show a single roll-off value: ties no roll breaks (CV-1)."""
BIG_SET = "cv-native-big"
"""The standard dice three times over: 72 dice for large trays."""
HUGE_SET = "cv-native-huge"
"""The standard dice thirty times over: 720 dice for the largest tray, 26 by 26."""


class NativeSets:
    @hookimpl
    def unodice_register(self, registry: Any) -> None:
        standard = [
            " ".join(face.code for face in die.faces) for die in load_components("coverall-24").dice
        ]
        sets = [
            _dice(
                GROUPS_SET,
                *["r1 r2 r1 r2 r1 r2"] * 2,
                *["b3 b4 b3 b4 b3 b4"] * 2,
                *["g5 g6 g5 g6 g5 g6"] * 2,
                *["y7 y8 y7 y8 y7 y8"] * 2,
                "W WD4 rS bR gD2 y9",
            ),
            _dice(
                ACTIONS_SET,
                *["rD2 WD4 gS bR y1 WD4"] * 10,
                *["WD4 WD4 WD4 WD4 WD4 r5"] * 5,
                *["rS yS gR bR rD2 yD2"] * 10,
                *["W g2 b3 r4 y5 g6"] * 5,
            ),
            _dice(
                WILD_SET,
                *["W W W r1 y2 WD4"] * 12,
                *["W W W W W g3"] * 6,
                *["b4 b5 W WD4 rS yR"] * 6,
            ),
            _dice(
                FIXED_SET,
                *["r5 y5 g5 b5 r5 y5"] * 10,
                *["rS W rR gD2 WD4 bS"] * 10,
                *["r1 y2 g3 b4 r5 y6"] * 6,
            ),
            _dice(BIG_SET, *standard * 3),
            _dice(HUGE_SET, *standard * 30),
        ]
        for component_set in sets:
            registry.add_components(component_set)


@pytest.fixture(scope="module")
def registry() -> Registry:
    registry = Registry()
    registry.add_plugin(coverall_plugin, "coverall")
    registry.add_plugin(NativeSets(), "coverall-native-sets")
    return registry


ALL = (2, 3, 4, 5, 6, 7, 8)

OPTION_SETS: list[tuple[dict[str, Any], tuple[int, ...]]] = [
    ({}, ALL),
    ({"partition": False}, ALL),
    ({"two_player_reverse_skips": False}, (2, 3)),
    ({"set_of_games": True}, ALL),
    ({"rows": 3, "columns": 4}, ALL),
    ({"rows": 2, "columns": 3, "partition": False, "set_of_games": True}, (2, 3, 5)),
    ({"rows": 1, "columns": 2}, (2, 3)),
    ({"rows": 1, "columns": 1, "partition": False}, (2, 4)),
    ({"dice": GROUPS_SET, "rows": 2, "columns": 4}, (2, 3, 4)),
    ({"dice": GROUPS_SET, "rows": 3, "columns": 3, "partition": False}, (2, 3, 4)),
    ({"dice": ACTIONS_SET, "two_player_reverse_skips": False}, ALL),
    ({"dice": ACTIONS_SET, "rows": 5, "columns": 6, "set_of_games": True}, (2, 3)),
    ({"dice": WILD_SET, "partition": False}, ALL),
    ({"dice": FIXED_SET, "set_of_games": True}, ALL),
    ({"dice": BIG_SET, "rows": 6, "columns": 12}, (2, 5, 8)),
    ({"dice": BIG_SET, "rows": 9, "columns": 7, "partition": False}, (3,)),
]
IDS = [
    ",".join(f"{key}={value}" for key, value in options.items()) or "default"
    for options, _ in OPTION_SETS
]

_AGENTS = {"random": RandomAgent, "greedy": GreedyAgent, "heuristic": CoverallHeuristic}


def check_match(
    players: int,
    seed: int,
    options: dict[str, Any],
    registry: Registry,
    agents: tuple[str, ...] = (),
) -> int:
    """Play a match natively, replay it in Python, compare every decision; the decisions."""
    names = agents or ("random",) * players
    game = unodice.new_game("coverall", players, seed, options, registry=registry)
    variant = game.variant
    tray = variant.tray
    lookups = lookups_for(variant.options.dice, variant.component_sets, tray, players)
    agent_seeds = [game_agent_seed(seed, seat) for seat in range(players)]
    native = play_native_match(
        variant.options, players, lookups, tray, seed, agent_seeds, names, detail=2
    )
    bots = [_AGENTS[name](agent_seed) for name, agent_seed in zip(names, agent_seeds, strict=True)]
    where = f"{players} players, seed {seed}, options {options}, agents {names}"
    return replay_in_python(
        game, native, bots, lambda code: decode_move(lookups, tray, code), where
    )


@pytest.mark.parametrize(("options", "seats"), OPTION_SETS, ids=IDS)
def test_native_matches_python(
    options: dict[str, Any], seats: tuple[int, ...], registry: Registry
) -> None:
    """About 240 matches: three or six per option set and player count."""
    seeds = range(3) if len(seats) > 2 else range(6)
    for players in seats:
        for seed in seeds:
            check_match(players, 1000 * players + seed, options, registry)


def test_native_greedy_matches_python(registry: Registry) -> None:
    """Greedy agents, alone and against random ones, choose as the Python ``GreedyAgent``."""
    for seed in range(4):
        check_match(2, seed, {}, registry, ("greedy", "greedy"))
        check_match(3, seed, {"dice": ACTIONS_SET}, registry, ("greedy", "random", "greedy"))
        check_match(4, seed, {"partition": False}, registry, ("random", "greedy") * 2)


@pytest.mark.parametrize(("options", "seats"), OPTION_SETS, ids=IDS)
def test_native_heuristic_matches_python(
    options: dict[str, Any], seats: tuple[int, ...], registry: Registry
) -> None:
    """The heuristic agent, alone and against random and greedy ones, chooses as in Python."""
    mixed = (
        "heuristic",
        "random",
        "greedy",
        "heuristic",
        "random",
        "heuristic",
        "greedy",
        "random",
    )
    for index, players in enumerate(seats):
        check_match(players, 500 + index, options, registry, ("heuristic",) * players)
        check_match(players, 600 + index, options, registry, mixed[:players])


def test_native_result_is_play_game() -> None:
    """The result alone (no record kept) is what ``play_game`` gives, agents named as it takes
    them (``heuristic`` is the variant's own)."""
    names = ("random", "heuristic", "greedy", "random", "heuristic-coverall", "random")
    for players in (2, 3, 4, 5, 6):
        for seed in range(3):
            agents = ["random"] * players if seed < 2 else list(names[:players])
            game = play_game("coverall", agents, seed=seed)
            seeds = [game_agent_seed(seed, seat) for seat in range(players)]
            variant = game.variant
            tray = variant.tray
            lookups = lookups_for(variant.options.dice, variant.component_sets, tray, players)
            engine = NativeEngine(variant.options, players, lookups, tray, agents)
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


def test_the_reserves_are_the_rules() -> None:
    assert rules.RESERVE_DRAWS == RESERVES
    assert rules.FRESH_DICE == 4  # written into the C engine as FRESH_DICE


def test_limits_are_refused() -> None:
    game = unodice.new_game("coverall", 2, 5)
    variant = game.variant
    tray = variant.tray
    lookups = lookups_for(variant.options.dice, variant.component_sets, tray, 2)
    seeds = [game_agent_seed(5, seat) for seat in range(2)]
    with pytest.raises(unodice.UnodiceError, match="did not end within 3 decisions"):
        play_native_match(variant.options, 2, lookups, tray, 5, seeds, max_decisions=3)
    with pytest.raises(unodice.InvalidOptions, match="2 players need 2 agents"):
        play_native_match(variant.options, 2, lookups, tray, 5, seeds, ("random",))
    with pytest.raises(unodice.InvalidOptions, match="ismcts"):
        play_native_match(variant.options, 2, lookups, tray, 5, seeds, ("random", "ismcts"))
    assert engine_for(variant.options, 2, lookups, tray, ("random", "ismcts")) is None
    assert engine_for(variant.options, 2, lookups, tray, ("random", "heuristic")) is not None


@pytest.mark.slow
@pytest.mark.parametrize(("options", "seats"), OPTION_SETS, ids=IDS)
def test_native_matches_python_thousand(
    options: dict[str, Any], seats: tuple[int, ...], registry: Registry
) -> None:
    """A thousand matches per option set, over every player count it allows.

    Every tenth match is between greedy and heuristic agents besides the random ones.
    """
    mixed = (
        "heuristic",
        "random",
        "greedy",
        "heuristic",
        "random",
        "greedy",
        "heuristic",
        "random",
    )
    for index in range(1000):
        players = seats[index % len(seats)]
        agents = mixed[:players] if index % 10 == 9 else ()
        check_match(players, 7919 * index + 13, options, registry, agents)


def test_the_variant_hands_out_the_engine_for_its_own_rules_only() -> None:
    variant = unodice.new_game("coverall", 3, 1).variant
    engine = variant.match_engine(3, ["random", "heuristic-coverall", "greedy"])
    assert isinstance(engine, NativeEngine)
    assert variant.match_engine(3, ["random", "ismcts", "greedy"]) is None
    assert variant.match_engine(3, ["random", "random"]) is None

    class HouseCoverall(type(variant)):  # type: ignore[misc]
        pass

    house = HouseCoverall(variant.options, 3)
    assert house.match_engine(3, ["random"] * 3) is None


@pytest.mark.slow
def test_native_plays_the_largest_tray(registry: Registry) -> None:
    """The largest tray the options allow, 26 rows by 26 columns, with and without halves."""
    largest = {"dice": HUGE_SET, "rows": 26, "columns": 26}
    assert check_match(3, 11, largest, registry) == 26 * 26
    largest["partition"] = False
    check_match(2, 12, largest, registry, ("heuristic", "greedy"))
