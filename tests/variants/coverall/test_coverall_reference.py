"""Coverall's fast path against its plain reading of the rules (``coverall.reference``).

``check_variant(reference=True)`` compares, at every decision of many random games, the fast
path's legal moves with ``reference.legal_moves`` (CV-2 to CV-7, CV-12, CV-13) and the points
each move and each game's end score with ``reference.move_points`` and
``reference.round_points`` (CV-11). The games run over every seat count and the options that
change legal moves or scoring; the moves played and the ways the games ended are counted, so
that the test shows every kind was reached. Hand-built positions then check tricky clauses one
by one, and a deliberately wrong reference shows that the check can fail.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest
from test_coverall_rules import Dice, custom_registry

from unodice import new_game
from unodice.core.capabilities import Reference
from unodice.core.game import Game
from unodice.core.moves import Move, Scored
from unodice.core.pieces import Colour, ComponentSet, Face, load_components
from unodice.testing import Draw, Roll, check_variant, scripted_game
from unodice.variants.coverall import Coverall, CoverallState, Declare, HalfOpened, Place, reference
from unodice.variants.coverall.reference import CoverallReference

STANDARD = load_components("coverall-24").dice


def dice_set(name: str, *dice: str) -> ComponentSet:
    """A set from one string of six face codes per die."""

    def face(code: str) -> dict[str, Any]:
        parsed = Face.parse(code)
        return {"symbol": parsed.symbol, "colour": parsed.colour.value if parsed.colour else None}

    return ComponentSet.from_json(
        {"set": name, "dice": [[face(code) for code in die.split()] for die in dice]}
    )


# Single-colour dice whose numbers no other group shows, and one die of wilds and letters:
# once that die is in the tray, a half (CV-12) or the whole tray (CV-13) can go dead.
GROUPS = dice_set(
    "reference-groups",
    *["r1 r2 r1 r2 r1 r2"] * 2,
    *["b3 b4 b3 b4 b3 b4"] * 2,
    *["g5 g6 g5 g6 g5 g6"] * 2,
    *["y7 y8 y7 y8 y7 y8"] * 2,
    "W WD4 rS bR gD2 y9",
)


registry_with = custom_registry


# -- the random games --------------------------------------------------------------------------


def move_kind(variant: Coverall, state: CoverallState, move: Move) -> str:
    """What kind of move ``move`` is, in words."""
    if isinstance(move, Declare):
        return "declare the starting W (CV-2)"
    assert isinstance(move, Place)
    symbol = "number" if move.face.is_number else move.face.symbol
    if all(face is None for face in state.faces):
        return f"starting die {symbol} (CV-2)"
    half = reference.half_of(variant, (move.row, move.column))
    if reference.half_is_untouched(variant, state, half):
        first = state.first_region
        room = any(
            reference.is_empty(variant, state, cell)
            for cell in reference.cells_of_half(variant, first)  # type: ignore[arg-type]
        )
        return (
            "opening a dead first half's other half (CV-12)"
            if room
            else ("opening a full first half's other half (CV-12)")
        )
    return f"place {symbol}"


def end_kind(variant: Coverall, state: CoverallState) -> str:
    """How a game ended (CV-13), in words."""
    empty = [s for s in reference.all_cells(variant) if reference.is_empty(variant, state, s)]
    return "tray dead (CV-13)" if empty else "tray full (CV-13)"


class CountingReference:
    """The variant's Reference, counting the moves played and the ways games ended as it is
    asked: it takes the place of ``CoverallReference``'s points while a test runs."""

    def __init__(self, monkeypatch: Any) -> None:
        self.moves: Counter[str] = Counter()
        self.ends: Counter[str] = Counter()
        move_points = CoverallReference.reference_move_points
        round_points = CoverallReference.reference_round_points

        def counted_move_points(variant: Coverall, state: CoverallState, move: Place) -> Any:
            self.moves[move_kind(variant, state, move)] += 1
            return move_points(variant, state, move)

        def counted_round_points(variant: Coverall, state: CoverallState) -> Any:
            self.ends[end_kind(variant, state)] += 1
            return round_points(variant, state)

        monkeypatch.setattr(CoverallReference, "reference_move_points", counted_move_points)
        monkeypatch.setattr(CoverallReference, "reference_round_points", counted_round_points)


ALL_SEATS = range(2, 9)
GAMES: list[tuple[dict[str, Any], range | list[int], int, bool]] = [
    # (options, seat counts, games per seat count, with the GROUPS dice set)
    ({}, ALL_SEATS, 4, False),
    ({"partition": False}, ALL_SEATS, 2, False),  # CV-12: one region
    ({"two_player_reverse_skips": False}, [2], 6, False),  # CV-9
    ({"set_of_games": True}, [2, 3, 4], 1, False),  # CV-14: a game per player
    ({"rows": 2, "columns": 4}, ALL_SEATS, 4, False),  # "Tray": another shape
    ({"rows": 1, "columns": 6}, ALL_SEATS, 2, False),  # a single row
    ({"rows": 2, "columns": 4}, ALL_SEATS, 5, True),  # CV-12, CV-13: dead halves and trays
    ({"rows": 2, "columns": 3, "partition": False}, ALL_SEATS, 3, True),  # CV-13 unpartitioned
]

MOVE_KINDS = {
    *(f"starting die {kind} (CV-2)" for kind in ("number", "R", "S", "D2", "W")),
    "declare the starting W (CV-2)",
    *(f"place {kind}" for kind in ("number", "R", "S", "D2", "W", "WD4")),
    "opening a full first half's other half (CV-12)",
    "opening a dead first half's other half (CV-12)",
}
END_KINDS = {"tray full (CV-13)", "tray dead (CV-13)"}


@pytest.mark.slow
def test_fast_path_agrees_with_the_reference_at_every_decision(monkeypatch):
    """CV-2 to CV-14: the same legal moves and points at every decision of every game."""
    counting = CountingReference(monkeypatch)
    registry = registry_with(GROUPS)
    games = decisions = 0
    for number, (options, seats, per_count, groups) in enumerate(GAMES):
        report = check_variant(
            "coverall",
            players=seats,
            games=per_count,
            seed=number,
            options={**options, "dice": GROUPS.name} if groups else options,
            registry=registry,
            reference=True,
        )
        games += report.games
        decisions += report.decisions
    print(f"\n{games} games, {decisions} decisions")
    print("moves:", dict(sorted(counting.moves.items())))
    print("ends:", dict(sorted(counting.ends.items())))
    assert set(counting.moves) == MOVE_KINDS, sorted(MOVE_KINDS ^ set(counting.moves))
    assert set(counting.ends) == END_KINDS, sorted(END_KINDS ^ set(counting.ends))


# -- the check can fail ------------------------------------------------------------------------


def test_the_plain_reading_is_the_variants_reference_capability():
    """Coverall declares ``Reference`` by inheriting ``CoverallReference``, whose methods read
    the plain functions of ``reference``; no 0.1-style ``reference`` attribute is left."""
    game = new_game("coverall", players=3, seed=1)
    variant = game.variant
    assert isinstance(variant, Reference) and isinstance(variant, CoverallReference)
    assert not hasattr(variant, "reference")
    state = game.state
    plain = variant.reference_legal_moves(state)
    assert plain == reference.legal_moves(variant, state)
    assert sorted(map(str, plain)) == sorted(map(str, game.legal_moves()))
    move = game.legal_moves()[0]
    assert variant.reference_move_points(state, move) == reference.move_points(variant, state, move)
    assert variant.reference_round_points(state) == [0, 0, 0]


def test_the_check_catches_a_reference_that_drops_a_move(monkeypatch):
    """A reference forgetting the last legal move (here, CV-5 placements) is reported."""
    plain = reference.legal_moves

    def forgetful(variant: Coverall, state: CoverallState) -> list[Move]:
        return plain(variant, state)[:-1]

    monkeypatch.setattr(reference, "legal_moves", forgetful)
    report = check_variant("coverall", players=[3], games=1, reference=True, raise_on_failure=False)
    # The fast path offers the dropped move, so it is named as one the reference lacks.
    assert any(
        re.search(r"missing \[\], not in the reference \['\S", failure)
        for failure in report.failures
    ), report.failures


def test_the_check_catches_a_reference_that_scores_wrongly(monkeypatch):
    """A reference valuing R, S and D2 at 10 rather than 20 (CV-11) is reported."""
    plain = reference.value_of

    def cheap_letters(face: Face) -> int:
        return 10 if face.is_command else plain(face)

    monkeypatch.setattr(reference, "value_of", cheap_letters)
    report = check_variant(
        "coverall", players=[2, 3], games=2, reference=True, raise_on_failure=False
    )
    assert any("the reference says" in failure for failure in report.failures), report.failures


# -- hand-built positions ----------------------------------------------------------------------


def rolls(*codes: str) -> list[Roll]:
    """Forced rolls of dice already held, in hand order."""
    return [Roll.of(code) for code in codes]


def start(first: str, players: int = 2, options: dict[str, Any] | None = None) -> tuple[Game, Dice]:
    """A game whose seat 0 wins the roll-off (CV-1) and rolls ``first`` as the starting die."""
    dice = Dice()
    script: list[Draw | Roll] = [Draw(dice.pick("r9")), Roll.of("r9")]
    for _ in range(1, players):
        script += [Draw(dice.pick("W")), Roll.of("W")]
    dice.taken.clear()  # the roll-off dice go back into the bag
    script += dice.draw(first)
    return scripted_game("coverall", script, players=players, options=options, lenient=True), dice


def play(game: Game, move: str, *script: list[Draw | Roll]) -> None:
    """Check the position against the reference, force what comes next, then play ``move``."""
    agree(game)
    for part in script:
        game.chance.extend(part)
    chosen = game.variant.parse_move(move)
    expected = reference.move_points(game.variant, game.state, chosen)
    scored = [0] * game.players
    for event in game.play(chosen):
        if isinstance(event, Scored):
            scored[event.seat] += event.points
    assert scored == expected, (move, scored, expected)


def agree(game: Game) -> set[str]:
    """The legal moves, after checking that the fast path and the reference give the same."""
    fast = set(game.legal_moves())
    plain = reference.legal_moves(game.variant, game.state)
    assert len(plain) == len(set(plain))
    assert fast == set(plain), (
        sorted(map(str, fast - set(plain))),
        sorted(map(str, set(plain) - fast)),
    )
    return {str(move) for move in plain}


def points(game: Game, move: str) -> list[int]:
    """What the reference says ``move`` would score now."""
    return reference.move_points(game.variant, game.state, game.variant.parse_move(move))


def test_cv2_the_starting_die_goes_anywhere_and_a_starting_w_waits_for_its_colour():
    game, dice = start("W")
    assert len(agree(game)) == 24 and "W D6" in agree(game)  # no colour for the starting W
    assert points(game, "W C3") == [0, 0]  # a lone die scores nothing
    play(game, "W C3", dice.draw("r5", "b3", "g2", "y1"))
    assert agree(game) == {f"declare {colour.value}" for colour in Colour}
    play(game, "declare red")
    assert agree(game) == {"r5 B3", "r5 C2", "r5 D3"}


def test_cv7_a_placeable_w_keeps_a_wd4_out_but_an_unplaceable_hand_lets_it_in():
    game, dice = start("r7", options={"rows": 1, "columns": 4})
    play(game, "r7 A1", dice.draw("W", "WD4", "b3", "g2"))
    # The W can go beside r7, so the WD4 may not (CV-7); b3 and g2 match nothing.
    assert agree(game) == {f"W:{colour.letter} A2" for colour in Colour}
    game, dice = start("r7", options={"rows": 1, "columns": 4})
    play(game, "r7 A1", dice.draw("WD4", "WD4", "b3", "g2"))
    # Only WD4s can be placed; the two dice showing WD4 are one choice (CV-3, CV-7).
    assert agree(game) == {f"WD4:{colour.letter} A2" for colour in Colour}


def test_cv12_an_untouched_second_half_takes_any_die_anywhere_but_a_wd4_still_waits():
    game, dice = start("r7", options={"rows": 1, "columns": 4})
    play(game, "r7 A1", dice.draw("r5", "WD4", "r3", "y1"))
    play(game, "r5 A2", rolls("WD4", "r3", "y1"))
    # The left half is full; the right half has no die yet, so r3 and y1 need no neighbour,
    # and with them placeable the WD4 may not go (CV-7).
    assert agree(game) == {f"{code} {cell}" for code in ("r3", "y1") for cell in ("A3", "A4")}
    # r3 on A3 lies beside r5 only across the partition: no run crosses it (CV-11, CV-12).
    assert points(game, "r3 A3") == [0, 0]
    play(game, "r3 A3", rolls("WD4", "y1"))


def test_cv12_no_match_crosses_the_partition():
    game, dice = start("r7", options={"rows": 2, "columns": 4})
    play(game, "r7 A2", dice.draw("r5", "g2", "b3", "y1"))
    # A3 is beside A2 only across the partition.
    assert agree(game) == {"r5 A1", "r5 B2"}


def test_cv12_a_dead_first_half_opens_the_other():
    registry = registry_with(GROUPS)
    # Seat 0 rolls y9 on the wild die, seat 1 b3: seat 0 starts, with r1 (die 0).
    script = [Draw(8), Roll.of("y9"), Draw(2), Roll.of("b3"), Draw(0), Roll.of("r1")]
    game = scripted_game(
        "coverall",
        script,
        players=2,
        registry=registry,
        options={"dice": GROUPS.name, "rows": 2, "columns": 4},
        lenient=True,
    )
    assert len(agree(game)) == 8
    play(game, "r1 A1", [Draw(1), Draw(8), Draw(3), Draw(4)], rolls("r2", "W", "b4", "g5"))
    play(game, "r2 A2", rolls("W", "b4", "g5"))
    assert not reference.half_is_dead(game.variant, game.state, 0)
    assert "W:r B1" in agree(game)
    game.chance.extend(rolls("b4", "g5"))
    events = game.play("W:r B1")
    # Both red dice and the wild die are in the tray: nothing outside it can ever go on B2.
    assert [event.reason for event in events if isinstance(event, HalfOpened)] == ["dead"]
    assert reference.half_is_dead(game.variant, game.state, 0)
    assert reference.open_half(game.variant, game.state) == 1
    assert agree(game) == {
        f"{code} {cell}" for code in ("b4", "g5") for cell in ("A3", "A4", "B3", "B4")
    }


def test_cv11_a_declared_wild_joins_a_colour_run():
    game, dice = start("r7", options={"rows": 1, "columns": 6, "partition": False})
    play(game, "r7 A1", dice.draw("W", "r3", "y7", "b2"))
    play(game, "W:r A2", rolls("r3", "y7", "b2"))  # red run r7 W: 7 + 0
    assert game.scores == (0, 7)
    # r3 on A3: the red run r7 W r3 is worth 10; A3's column is a single die.
    assert points(game, "r3 A3") == [10, 0]
    play(game, "r3 A3", rolls("y7", "b2"))
    assert game.scores == (10, 7)


def test_cv11_the_better_of_the_colour_run_and_the_kind_run_counts():
    game, dice = start("r7", options={"rows": 1, "columns": 6, "partition": False})
    play(game, "r7 A3", dice.draw("y7", "r2", "g2", "b2"))
    # y7 beside r7: the kind run 7 7 is worth 14, there is no colour run.
    assert points(game, "y7 A4") == [0, 14]
    assert points(game, "y7 A2") == [0, 14]
    play(game, "y7 A4", rolls("r2", "g2", "b2"))
    # r2 on A2 beside r7: a red run r2 r7 worth 9; the kind run is r2 alone.
    assert points(game, "r2 A2") == [9, 0]


def test_cv11_a_run_that_is_both_colour_and_kind_counts_once():
    game, dice = start("r7", options={"rows": 1, "columns": 6, "partition": False})
    play(game, "r7 A3", dice.draw("r7", "y2", "g2", "b2"))
    # r7 beside r7: the colour run and the kind run are the same two dice, worth 14 once.
    assert points(game, "r7 A4") == [0, 14]
    play(game, "r7 A4", rolls("y2", "g2", "b2"))
    assert game.scores == (0, 14)
