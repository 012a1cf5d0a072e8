"""Coverall over many random games: the conformance check, and an independent reading of the rules.

The reference functions below read the rules straight from the clauses, slowly and plainly, from
what a seat can see; every random game is checked against them at every decision.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_coverall_rules import custom_registry, dice_set

from unodice import RandomAgent, new_game
from unodice.core.game import Game
from unodice.core.moves import Scored
from unodice.core.pieces import Colour, Face
from unodice.testing import check_variant
from unodice.variants.coverall import Place, Placed, TrayClosed

VALUES = {"R": 20, "S": 20, "D2": 20, "W": 0, "WD4": 0} | {str(n): n for n in range(10)}
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


class Position:
    """A plain reading of the tray from a seat's view and the game's options."""

    def __init__(self, game: Game):
        self.options = game.options
        self.rows, self.columns = game.options.rows, game.options.columns
        data = game.view(0).data
        self.faces: tuple[Face | None, ...] = data["tray"]
        self.colours: tuple[Colour | None, ...] = data["colours"]
        self.hand: tuple[Face, ...] = data["hand"]
        self.phase = data["phase"]

    def at(self, row: int, column: int) -> int:
        return row * self.columns + column

    def half(self, column: int) -> int:
        return int(self.options.partition and column >= self.columns // 2)

    def name(self, row: int, column: int) -> str:
        return f"{LETTERS[row]}{column + 1}"

    def cells(self, half: int) -> list[tuple[int, int]]:
        every = [(r, c) for r in range(self.rows) for c in range(self.columns)]
        return [(r, c) for r, c in every if self.half(c) == half]

    def neighbours(self, row: int, column: int) -> list[tuple[int, int]]:
        """CV-5 and CV-12: sharing a side, on the same side of the partition."""
        found = []
        for r, c in ((row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1)):
            if 0 <= r < self.rows and 0 <= c < self.columns and self.half(c) == self.half(column):
                found.append((r, c))
        return found

    def fits(self, face: Face, row: int, column: int) -> bool:
        """CV-5: beside a die it matches by number, letter or colour; a wild beside any die."""
        for r, c in self.neighbours(row, column):
            other = self.faces[self.at(r, c)]
            if other is None:
                continue
            if face.is_wild or face.symbol == other.symbol:
                return True
            if face.colour is not None and face.colour == self.colours[self.at(r, c)]:
                return True
        return False

    def could_take(self, face: Face, half: int) -> bool:
        """Whether ``face`` could go on some empty cell of ``half`` now."""
        cells = self.cells(half)
        if all(self.faces[self.at(r, c)] is None for r, c in cells):
            return True  # CV-12: an untouched half takes any die anywhere
        return any(self.faces[self.at(r, c)] is None and self.fits(face, r, c) for r, c in cells)

    def dead(self, half: int, outside: list[Any]) -> bool:
        """CV-12/CV-13: no face of any die outside the tray could fill an empty cell."""
        return not any(self.could_take(face, half) for die in outside for face in die.faces)


def open_half(game: Game, position: Position) -> int:
    """CV-12 read afresh: the starting die's half, until it is full or dead; then the other."""
    if not game.options.partition:
        return 0
    first_cell = next(e for e in game.events if isinstance(e, Placed)).space
    first = position.half(int(first_cell[1:]) - 1)
    outside = [
        die
        for place, dice in game.variant.piece_locations(game.state).items()
        if place != "tray"
        for die in dice
    ]
    empty = any(position.faces[position.at(r, c)] is None for r, c in position.cells(first))
    return first if empty and not position.dead(first, outside) else 1 - first


def reference_moves(game: Game) -> set[str]:
    """CV-5 to CV-7 and CV-12: every placement of every face the player shows."""
    position = Position(game)
    half = open_half(game, position)
    ordinary, wild_draws = set(), set()
    for face in set(position.hand):
        for row, column in position.cells(half):
            if position.faces[position.at(row, column)] is not None:
                continue
            untouched = all(
                position.faces[position.at(r, c)] is None for r, c in position.cells(half)
            )
            if not (untouched or position.fits(face, row, column)):
                continue
            name = position.name(row, column)
            if face.is_wild:
                found = {f"{face.code}:{c.letter} {name}" for c in Colour}
            else:
                found = {f"{face.code} {name}"}
            (wild_draws if face.symbol == "WD4" else ordinary).update(found)
    return ordinary or wild_draws


def reference_points(game: Game, move: Place) -> int:
    """CV-11 read afresh: per line the better run of one colour or one kind, two dice or more."""
    position = Position(game)
    colour = move.colour or move.face.colour
    total = 0
    for dr, dc in ((0, 1), (1, 0)):
        best = 0
        for same in ("colour", "kind"):
            run = [VALUES[move.face.symbol]]
            for sign in (-1, 1):
                r, c = move.row + sign * dr, move.column + sign * dc
                while (
                    0 <= r < position.rows
                    and 0 <= c < position.columns
                    and position.half(c) == position.half(move.column)
                ):
                    face = position.faces[position.at(r, c)]
                    if face is None:
                        break
                    if same == "colour" and position.colours[position.at(r, c)] != colour:
                        break
                    if same == "kind" and face.symbol != move.face.symbol:
                        break
                    run.append(VALUES[face.symbol])
                    r, c = r + sign * dr, c + sign * dc
            if len(run) > 1 and (same == "kind" or colour is not None):
                best = max(best, sum(run))
        total += best
    return total


def check_pieces(game: Game) -> None:
    locations = game.variant.piece_locations(game.state)
    ids = Counter(die.id for dice in locations.values() for die in dice)
    assert ids == Counter(die.id for die in game.variant.components().dice), ids
    assert set(locations) == (
        {"tray", "bag"}
        | {f"{kind} {seat}" for kind in ("hand", "reserve") for seat in range(game.players)}
    )


def check_game_over(game: Game) -> None:
    """CV-13: the tray is full, or dead everywhere a die could still go."""
    (closed,) = [e for e in game.events if isinstance(e, TrayClosed)][-1:]
    position = Position(game)
    empty = [
        (r, c)
        for r in range(position.rows)
        for c in range(position.columns)
        if position.faces[position.at(r, c)] is None
    ]
    if closed.reason == "full":
        assert not empty
        return
    assert empty
    outside = [
        die
        for place, dice in game.variant.piece_locations(game.state).items()
        if place != "tray"
        for die in dice
    ]
    for half in {position.half(c) for _, c in empty}:
        assert position.dead(half, outside)


def options_strategy() -> st.SearchStrategy[dict[str, Any]]:
    @st.composite
    def build(draw: Any) -> dict[str, Any]:
        partition = draw(st.booleans())
        rows = draw(st.integers(1, 4))
        columns = draw(st.sampled_from([2, 4, 6]) if partition else st.integers(1, 6))
        return {
            "partition": partition,
            "rows": rows,
            "columns": columns,
            "two_player_reverse_skips": draw(st.booleans()),
        }

    return build()


def play_and_check(game: Game, seed: int) -> None:
    """Play a random game, checking it against the reference reading at every decision."""
    agent = RandomAgent(seed)
    decisions = 0
    while not game.is_over:
        check_pieces(game)
        moves = game.legal_moves()
        placing = game.view(0).data["phase"] == "place"
        if placing:
            assert {str(m) for m in moves} == reference_moves(game)
        move = agent.choose(game.view(game.to_act), moves)
        if placing:
            expected = reference_points(game, move)
            assert game.view(game.to_act).gain(move) == expected
            events = game.play(move)
            assert next(e for e in events if isinstance(e, Placed)).points == expected
        else:
            game.play(move)
        decisions += 1
        assert decisions < 500
    check_pieces(game)
    check_game_over(game)
    scored = [0] * game.players
    for event in game.events:
        if isinstance(event, Scored):
            scored[event.seat] += event.points
    assert tuple(scored) == game.scores
    assert sum(e.points for e in game.events if isinstance(e, Placed)) == sum(game.scores)
    best = max(game.scores)
    assert game.winners == tuple(s for s, points in enumerate(game.scores) if points == best)


@settings(max_examples=120, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 8), options=options_strategy())
def test_every_game_ends_full_or_dead_conserves_dice_and_adds_up(seed, players, options):
    """CV-5 to CV-13 against the reference reading, at every decision of a random game."""
    play_and_check(new_game("coverall", players=players, seed=seed, options=options), seed)


COLOURS = "rygb"
ONE_FACE = [f"{COLOURS[i % 4]}{i % 6}" for i in range(24)]
SPARSE_SETS = custom_registry(
    # Each die shows one face only: trays go dead, and first halves die before they fill.
    dice_set("one-face", *(" ".join([code] * 6) for code in ONE_FACE)),
    # The same with a W on every eighth die.
    dice_set(
        "few-wilds",
        *(" ".join([code] * 5 + ["W" if i % 8 == 0 else code]) for i, code in enumerate(ONE_FACE)),
    ),
)


@settings(max_examples=80, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(2, 5),
    partition=st.booleans(),
    dice=st.sampled_from(["one-face", "few-wilds"]),
)
def test_dead_trays_and_dead_halves_are_found_exactly(seed, players, partition, dice):
    """CV-12, CV-13: with sparse dice, games end dead; the reference agrees at every step."""
    game = new_game(
        "coverall",
        players=players,
        seed=seed,
        registry=SPARSE_SETS,
        options={"partition": partition, "dice": dice},
    )
    play_and_check(game, seed)


@pytest.mark.slow
def test_check_variant_with_the_partition_for_two_to_eight_players():
    report = check_variant("coverall", players=range(2, 9), games=5, seed=1)
    assert report.ok and report.games == 35


@pytest.mark.slow
def test_check_variant_without_the_partition_for_two_to_eight_players():
    report = check_variant(
        "coverall", players=range(2, 9), games=5, seed=2, options={"partition": False}
    )
    assert report.ok and report.games == 35


@pytest.mark.slow
def test_check_variant_with_a_set_of_games_and_small_trays():
    """CV-14 sets replay from their records; small trays end early and often dead."""
    assert check_variant(
        "coverall", players=[2, 3, 5], games=3, seed=3, options={"set_of_games": True}
    ).ok
    assert check_variant(
        "coverall", players=[2, 4], games=5, seed=4, options={"rows": 1, "columns": 2}
    ).ok
