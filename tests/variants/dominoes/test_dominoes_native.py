"""The native dominoes engine against the Python rules, decision by decision.

Each match is played natively from a game seed and the agents' seeds, as ``play_game``
derives them, with every legal move kept. The same match is then replayed in Python: at every
decision the Python game must offer the same legal moves in the same order, to the same seat,
and the built-in agent (``RandomAgent``, ``GreedyAgent`` or ``DominoesHeuristic``, with the seed
``play_game`` gives it) must choose the move the engine chose; at the end the chance outcomes,
the winners, the totals and the number of rounds must be the same. Every option of the variant
is covered, with every player count its tile set allows, on the default set and on small sets
that make the rare rules common: challenges, take-backs on an empty boneyard, dead ends and the
double-Wild, blocked rounds, twin tiles and rounds opened by drawing.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from native_support import replay_in_python

import unodice
from unodice.core.hooks import hookimpl
from unodice.core.pieces import ComponentSet, Face
from unodice.core.registry import Registry
from unodice.play.agents import GreedyAgent, RandomAgent, game_agent_seed, play_game
from unodice.variants.dominoes import DominoesHeuristic
from unodice.variants.dominoes.native import (
    NativeEngine,
    decode_move,
    engine_for,
    native_module,
    play_native_match,
)
from unodice.variants.dominoes.options import DominoesOptions
from unodice.variants.dominoes.rules import UnoDominoes

pytestmark = pytest.mark.skipif(
    native_module() is None,
    reason="the native dominoes engine (unodice._native._dominoes) is not built, or UNODICE_PURE=1",
)

MIXED_SET = "do-native-mixed"
"""Dead ends, three double-Wilds and a WD4 or two: dead layouts, rescues and challenges."""
MIXED = (
    "r9|r9 g8|g8 r1|DE g1|DE b1|DE y1|DE WD4|DE r2|DE y2|DE b3|DE W|W W|W W|W WD4|b3 W|y4 "
    "b5|b6 y5|y6 b7|y7 b2|y2 rS|gS bR|yR rD2|bD2 r3|g3 y3|b4 g5|r6 r7|g7 b8|y8"
)

BLOCKY_SET = "do-native-blocky"
"""Tiles that rarely match the spinner: passes on an empty boneyard and blocked rounds."""
BLOCKY = "r9|r9 r1|b2 b1|y2 y1|g2 g1|b2 b1|g2 y1|b2 g1|y2 r2|b1 W|W g1|DE b2|DE"

WILD_SET = "do-native-wild"
"""Many WD4s, some tiles twice over (either way round) and one number double among thirty-odd
tiles, so that rounds often open by drawing: challenges upheld and failed, WD4s taken back on
an empty boneyard (the bar of DO-8), twin tiles offered once."""
WILD = (
    "r5|r5 WD4|r1 WD4|y2 WD4|g3 WD4|b4 WD4|WD4 r1|y2 y2|r1 r1|y2 g3|b4 b4|g3 rD2|yS yS|rD2 "
    "gR|bR W|r1 W|g3 W|W r2|r3 y2|y3 g2|g3 b2|b3 r1|g1 y1|b1 rS|rR gD2|bD2 WD4|DE r3|DE "
    "y4|y4 g4|b4 rD2|rD2"
)


def _set(name: str, tiles: str) -> ComponentSet:
    def face(code: str) -> dict[str, Any]:
        parsed = Face.parse(code)
        return {"symbol": parsed.symbol, "colour": parsed.colour.value if parsed.colour else None}

    return ComponentSet.from_json(
        {"set": name, "tiles": [[face(end) for end in tile.split("|")] for tile in tiles.split()]}
    )


class NativeSets:
    @hookimpl
    def unodice_register(self, registry: Any) -> None:
        for name, tiles in ((MIXED_SET, MIXED), (BLOCKY_SET, BLOCKY), (WILD_SET, WILD)):
            registry.add_components(_set(name, tiles))


@pytest.fixture(scope="module")
def registry() -> Registry:
    registry = Registry.from_entry_points()
    registry.add_plugin(NativeSets(), "dominoes-native-sets")
    return registry


ALL = (2, 3, 4, 5, 6)

OPTION_SETS: list[tuple[dict[str, Any], tuple[int, ...]]] = [
    ({}, ALL),
    ({"target": 150, "all_doubles_spin": True}, ALL),
    ({"target": 150, "two_player_reverse_skips": False}, (2, 3)),
    ({"target": 150, "failed_challenge_penalty": 2}, ALL),
    ({"target": 150, "hand_size": 13}, ALL),
    ({"target": 150, "hand_size": 2}, ALL),
    ({"target": 150, "drawn_domino": "must-play"}, ALL),
    ({"target": 150, "catch_by": "any-opponent"}, ALL),
    ({"target": 150, "wild_draw_four_upheld": "stays"}, ALL),
    (
        {
            "target": 150,
            "all_doubles_spin": True,
            "drawn_domino": "must-play",
            "catch_by": "any-opponent",
            "wild_draw_four_upheld": "stays",
            "failed_challenge_penalty": 1,
        },
        ALL,
    ),
    ({"tiles": MIXED_SET, "target": 100, "hand_size": 4}, ALL),
    (
        {
            "tiles": MIXED_SET,
            "target": 100,
            "hand_size": 3,
            "all_doubles_spin": True,
            "catch_by": "any-opponent",
        },
        ALL,
    ),
    ({"tiles": BLOCKY_SET, "target": 100, "hand_size": 2}, (2, 3, 4)),
    ({"tiles": BLOCKY_SET, "target": 100, "hand_size": 4, "drawn_domino": "must-play"}, (2, 3)),
    ({"tiles": WILD_SET, "target": 100, "hand_size": 5}, ALL),
    (
        {"tiles": WILD_SET, "target": 100, "hand_size": 4, "wild_draw_four_upheld": "stays"},
        ALL,
    ),
    (
        {
            "tiles": WILD_SET,
            "target": 100,
            "hand_size": 3,
            "catch_by": "any-opponent",
            "failed_challenge_penalty": 3,
            "all_doubles_spin": True,
        },
        ALL,
    ),
]
IDS = [
    ",".join(f"{key}={value}" for key, value in options.items()) or "default"
    for options, _ in OPTION_SETS
]

_KINDS = {"random": RandomAgent, "greedy": GreedyAgent, "heuristic": DominoesHeuristic}


def check_match(
    players: int,
    seed: int,
    options: dict[str, Any],
    registry: Registry,
    agents: tuple[str, ...] = (),
    seen: Counter[str] | None = None,
) -> int:
    """Play a match natively, replay it in Python, compare every decision; the decisions.

    ``seen`` counts the kinds of moves played (a play on the spinner as ``rescue``).
    """
    names = agents or ("random",) * players
    game = unodice.new_game("dominoes", players, seed, options, registry=registry)
    variant = game.variant
    lookups = variant._lookups
    agent_seeds = [game_agent_seed(seed, seat) for seat in range(players)]
    native = play_native_match(
        variant.options, players, lookups, seed, agent_seeds, names, detail=2
    )
    bots = [_KINDS[name](agent_seed) for name, agent_seed in zip(names, agent_seeds, strict=True)]
    where = f"{players} players, seed {seed}, options {options}, agents {names}"

    def count(choice: Any) -> None:
        if seen is not None:
            kind = choice.kind
            if kind == "play" and choice.end == 0:
                kind = "rescue"
            seen[kind] += 1

    return replay_in_python(
        game, native, bots, lambda code: decode_move(lookups, code), where, count
    )


@pytest.mark.parametrize(("options", "seats"), OPTION_SETS, ids=IDS)
def test_native_matches_python(
    options: dict[str, Any], seats: tuple[int, ...], registry: Registry
) -> None:
    """About two hundred random matches: two or more per option set and player count."""
    seeds = range(2) if len(seats) > 2 else range(4)
    for players in seats:
        for seed in seeds:
            check_match(players, 1000 * players + seed, options, registry)


def test_the_matches_meet_every_kind_of_move(registry: Registry) -> None:
    """The matches compared play every kind of move, so each was compared."""
    seen: Counter[str] = Counter()
    for options, seats in OPTION_SETS[10:]:
        for players in seats:
            check_match(players, 77 * players, options, registry, seen=seen)
    kinds = {"play", "rescue", "draw", "keep", "pass", "challenge", "accept", "catch", "decline"}
    assert set(seen) == kinds, seen


def test_native_greedy_matches_python(registry: Registry) -> None:
    """Greedy agents, alone and against random ones, choose as the Python ``GreedyAgent``."""
    for seed in range(4):
        check_match(2, seed, {}, registry, ("greedy", "greedy"))
        check_match(3, seed, OPTION_SETS[14][0], registry, ("greedy", "random", "greedy"))
        check_match(4, seed, OPTION_SETS[7][0], registry, ("random", "greedy") * 2)


@pytest.mark.parametrize(("options", "seats"), OPTION_SETS, ids=IDS)
def test_native_heuristic_matches_python(
    options: dict[str, Any], seats: tuple[int, ...], registry: Registry
) -> None:
    """The heuristic agent, alone and against random and greedy ones, chooses as in Python."""
    for index, players in enumerate(seats):
        mixed = ("heuristic", "random", "greedy", "heuristic", "random", "heuristic")
        check_match(players, 500 + index, options, registry, ("heuristic",) * players)
        check_match(players, 600 + index, options, registry, mixed[:players])


def test_native_result_is_play_game() -> None:
    """The result alone (no record kept) is what ``play_game`` gives, agents named as it takes
    them (``heuristic`` is the variant's own)."""
    names = ("random", "heuristic", "greedy", "random", "heuristic-dominoes", "random")
    for players in ALL:
        for seed in range(3):
            agents = ["random"] * players if seed < 2 else list(names[:players])
            game = play_game("dominoes", agents, seed=seed)
            seeds = [game_agent_seed(seed, seat) for seat in range(players)]
            variant = game.variant
            engine = NativeEngine(variant.options, players, variant._lookups, agents)
            native = engine.play(seed, seeds)
            assert native.winners == game.winners
            assert native.scores == game.scores
            assert native.rounds == game.round
            assert native.decisions == len(game.moves)
            assert native.outcomes == ()


def test_large_seeds_are_seeded_as_python_does(registry: Registry) -> None:
    """Seeds of several 32-bit words and the seed 0 seed the generator as random.Random does."""
    for seed in (0, 2**32, 2**32 - 1, 2**70 + 12345):
        check_match(2, seed, {"target": 150}, registry)


def test_engine_for_refuses_what_it_does_not_play(registry: Registry) -> None:
    game = unodice.new_game("dominoes", 2, 5)
    options, lookups = game.variant.options, game.variant._lookups
    assert engine_for(options, 2, lookups, ("random", "heuristic-dominoes")) is not None
    assert engine_for(options, 2, lookups, ("random", "ismcts")) is None
    assert engine_for(options, 3, lookups, ("random", "random")) is None


def test_the_rules_ask_for_the_engine_only_for_their_own_class() -> None:
    """A subclass may change the rules, so its matches are played in Python."""

    class HouseDominoes(UnoDominoes):
        pass

    agents = ("random", "greedy")
    assert UnoDominoes(DominoesOptions(), 2).match_engine(2, agents) is not None
    assert HouseDominoes(DominoesOptions(), 2).match_engine(2, agents) is None


def test_limits_are_refused() -> None:
    game = unodice.new_game("dominoes", 2, 5)
    variant = game.variant
    lookups = variant._lookups
    seeds = [game_agent_seed(5, seat) for seat in range(2)]
    with pytest.raises(unodice.UnodiceError, match="did not end within 3 decisions"):
        play_native_match(variant.options, 2, lookups, 5, seeds, max_decisions=3)
    with pytest.raises(unodice.InvalidOptions, match="2 players need 2 agents"):
        play_native_match(variant.options, 2, lookups, 5, seeds, ("random",))
    with pytest.raises(unodice.InvalidOptions, match="ismcts"):
        play_native_match(variant.options, 2, lookups, 5, seeds, ("random", "ismcts"))


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
