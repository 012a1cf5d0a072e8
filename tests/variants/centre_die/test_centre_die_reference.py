"""The centre-die fast path against its plain reading of the rules (``reference.py``).

``check_variant(reference=True)`` compares the legal moves and the points of the fast path with
the reference's at every decision of many random games: every seat count, the options that
change what may be played or what is scored, and small dice sets that reach the rare round
ends (a round nobody can finish, CD-10; a final D2 or WD4). A counting wrapper around the
reference shows that every kind of move and every way a round ends was met. Then a few dealt
positions check the tricky clauses against the moves worked out by hand, and one test shows
that the check catches a reference that is wrong.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest
from centre_die_support import (
    BLOCKED_SET,
    _dice,
    deal,
    draws,
    registry_with_test_sets,
    rolls,
)

import unodice
from unodice.core.hooks import hookimpl
from unodice.core.moves import Move
from unodice.core.pieces import ComponentSet
from unodice.core.registry import Registry
from unodice.plugin import Reference
from unodice.testing import check_variant, scripted_game
from unodice.variants.centre_die import CentreDie, reference
from unodice.variants.centre_die.reference import CentreDieReference
from unodice.variants.centre_die.state import ANSWERING_WD4, STEP_THREE, CentreDieState

ONE_WILD_SET = "cd-ref-one-wild"
"""Two players' worth of dice (eleven): ten red-and-yellow number dice and one all-W die.

Once the W is played with green or blue declared and the bag runs dry, nobody can ever play
again: the round is blocked (CD-10).
"""

DRAWS_SET = "cd-ref-draws"
"""Twenty dice that show D2 and WD4 often, so that rounds end on a final D2 or WD4 (CD-10)."""


class ReferenceSets:
    """A plugin that registers the two dice sets above."""

    @hookimpl
    def unodice_register(self, registry: Any) -> None:
        one_wild = _dice(*["r1 r2 y1 y2 r3 y3"] * 10, "W " * 6)
        registry.add_components(ComponentSet.from_json({"set": ONE_WILD_SET, **one_wild}))
        draws_set = _dice(*["r1 y2 gS bR rD2 WD4"] * 20)
        registry.add_components(ComponentSet.from_json({"set": DRAWS_SET, **draws_set}))


@pytest.fixture(scope="module")
def sets_registry() -> Registry:
    registry = registry_with_test_sets()
    registry.add_plugin(ReferenceSets(), "centre-die-reference-sets")
    return registry


# -- the random games ---------------------------------------------------------------------------


class CountingReference:
    """The reference, counting the kinds of moves played and of round ends it is shown.

    ``moves`` counts each move once by its kind; ``details`` counts what some of them were
    besides (a play with the Uno call, a play of the drawn die, a catch before a WD4 answer).
    ``install`` puts it in place of the variant's Reference capability.
    """

    def __init__(self) -> None:
        self.moves: Counter[str] = Counter()
        self.details: Counter[str] = Counter()
        self.ends: Counter[str] = Counter()

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """Answer the Reference capability's three methods, for every centre-die variant."""

        def legal_moves(variant: CentreDie, state: CentreDieState) -> list[Any]:
            return self.legal_moves(variant, state)

        def move_points(variant: CentreDie, state: CentreDieState, move: Any) -> list[int]:
            return self.move_points(variant, state, move)

        def round_points(variant: CentreDie, state: CentreDieState) -> list[int]:
            return self.round_points(variant, state)

        monkeypatch.setattr(CentreDieReference, "reference_legal_moves", legal_moves)
        monkeypatch.setattr(CentreDieReference, "reference_move_points", move_points)
        monkeypatch.setattr(CentreDieReference, "reference_round_points", round_points)

    def legal_moves(self, variant: CentreDie, state: CentreDieState) -> list[Any]:
        # Hands are open (CD-1): every view shows each die's face, whatever changed the hand.
        shown = variant.view_data(state, 0)["hands"]
        seats = range(variant.player_count)
        assert [list(faces) for faces in shown] == [
            reference.hand_faces(variant, state, seat) for seat in seats
        ]
        return reference.legal_moves(variant, state)

    def move_points(self, variant: CentreDie, state: CentreDieState, move: Any) -> list[int]:
        kind = move.kind
        if kind == "play":
            face = move.face
            kind = "play number" if face.is_number else f"play {face.symbol}"
            if state.phase == STEP_THREE:
                self.details["play the drawn die"] += 1
        if kind in ("play W", "play WD4", "bluff") and getattr(move, "uno", False):
            self.details["wild play with the uno call"] += 1
        elif getattr(move, "uno", False):
            self.details["play with the uno call"] += 1
        if kind == "challenge":
            assert state.pending is not None
            kind = "challenge won" if state.pending.illegal else "challenge lost"
        if kind == "catch" and state.phase == ANSWERING_WD4:
            self.details["catch before answering a WD4"] += 1
        self.moves[kind] += 1
        return reference.move_points(variant, state, move)

    def round_points(self, variant: CentreDie, state: CentreDieState) -> list[int]:
        if reference.cd10_winner(state) is None:
            self.ends["blocked"] += 1
        else:
            face = reference.centre_face(variant, state)
            symbol = face.symbol
            if face.is_number or symbol in ("R", "S"):
                symbol = "number" if face.is_number else "R or S"
            self.ends[f"out with {symbol}"] += 1
        return reference.round_points(variant, state)


MOVE_KINDS = {
    "play number",
    "play R",
    "play S",
    "play D2",
    "play W",
    "play WD4",
    "bluff",
    "play with the uno call",
    "wild play with the uno call",
    "play the drawn die",
    "decline",
    "draw",
    "keep",
    "challenge won",
    "challenge lost",
    "accept",
    "catch",
    "catch before answering a WD4",
}
ROUND_ENDS = {
    "out with number",
    "out with R or S",
    "out with D2",
    "out with W",
    "out with WD4",
    "blocked",
}

RUNS: list[dict[str, Any]] = [
    # CD-1 to CD-10 with the standard dice, every seat count.
    {"players": range(2, 7), "games": 6, "options": {"rounds": 1}},
    # CD-6: with two players R only reverses; CD-8: a failed challenge costs two more dice.
    {
        "players": [2],
        "games": 3,
        "options": {"rounds": 2, "two_player_reverse_skips": False, "failed_challenge_penalty": 2},
    },
    # CD-10: rounds that nobody can finish.
    {"players": [2], "games": 6, "options": {"rounds": 3, "dice": ONE_WILD_SET}},
    # CD-10: rounds won by a final D2 or WD4, whose draws count; CD-8 with a penalty.
    {
        "players": [2, 3],
        "games": 3,
        "options": {"rounds": 3, "dice": DRAWS_SET, "failed_challenge_penalty": 1},
    },
]


def test_the_variant_declares_its_reference_by_inheriting_it() -> None:
    # The Reference capability, inherited, takes the place of the old class attribute.
    assert issubclass(CentreDie, CentreDieReference) and not hasattr(CentreDie, "reference")
    game = unodice.new_game("centre-die", players=2, seed=4)
    assert isinstance(game.variant, Reference)
    plain = game.variant.reference_legal_moves(game.state)
    assert plain == reference.legal_moves(game.variant, game.state)


@pytest.mark.slow
def test_cd2_to_cd10_the_fast_path_agrees_with_the_reference_in_random_games(
    monkeypatch: pytest.MonkeyPatch, sets_registry: Registry
) -> None:
    counting = CountingReference()
    counting.install(monkeypatch)
    decisions = 0
    for run in RUNS:
        report = check_variant("centre-die", reference=True, registry=sets_registry, **run)
        assert report.ok
        decisions += report.decisions
    assert sum(counting.moves.values()) == decisions
    seen = set(counting.moves) | set(counting.details)
    assert MOVE_KINDS - seen == set(), (counting.moves, counting.details)
    assert ROUND_ENDS - set(counting.ends) == set(), counting.ends


@pytest.mark.slow
def test_the_check_catches_a_reference_that_is_wrong(
    monkeypatch: pytest.MonkeyPatch, sets_registry: Registry
) -> None:
    # A reference that forgets keep (CD-5), and one that values W and WD4 at 25 as Uno
    # dominoes values W (DO-7) instead of 50 (CD-10), played with dice that often show WD4.
    moves = reference.legal_moves
    value = reference.cd10_value_left_in_hand

    def forgets_keep(variant: CentreDie, state: CentreDieState) -> list[Move]:
        return [move for move in moves(variant, state) if move.kind != "keep"]

    def cheap_wilds(face: Any) -> int:
        return 25 if face.is_wild else value(face)

    for name, wrong, words in [
        ("legal_moves", forgets_keep, r"not in the reference \['keep'\]"),
        ("cd10_value_left_in_hand", cheap_wilds, r"scored \[.*\], the reference says"),
    ]:
        with monkeypatch.context() as patch:
            patch.setattr(reference, name, wrong)
            found = check_variant(
                "centre-die",
                players=[3],
                games=3,
                reference=True,
                options={"rounds": 2, "dice": DRAWS_SET},
                registry=sets_registry,
                raise_on_failure=False,
            )
        assert any(re.search(words, failure) for failure in found.failures), found.failures
    assert check_variant(
        "centre-die",
        players=[3],
        games=3,
        reference=True,
        options={"rounds": 2, "dice": DRAWS_SET},
        registry=sets_registry,
    ).ok


def test_a_move_that_ends_two_rounds_is_checked_round_by_round(sets_registry: Registry) -> None:
    # Seed 9: at decision 19 seat 1 wins round 1 with 'play y2'; round 2 is blocked at once, so
    # one move ends two rounds and each is scored against the state it ended in (CD-10).
    check_variant(
        "centre-die",
        players=[2],
        games=1,
        seed=9,
        reference=True,
        options={"rounds": 2, "dice": BLOCKED_SET},
        registry=sets_registry,
    )


# -- dealt positions ----------------------------------------------------------------------------


def _snapshot(state: CentreDieState) -> Any:
    """Everything in the state that the reference could change."""
    return (
        [list(dice) for dice in state.dice],
        [list(codes) for codes in state.codes],
        list(state.shown),
        list(state.bag),
        state.centre_die,
        state.centre_code,
        state.centre_colour,
        state.centre_key,
        state.pending,
        state.phase,
        state.uno_missed,
        state.catchable,
        state.to_act,
        state.seats.copy(),
        state.scores,
    )


def agreed(game: Any) -> set[str]:
    """The legal moves, once the reference and the fast path agree on them, as notation."""
    state = game.state
    before = _snapshot(state)
    plain = reference.legal_moves(game.variant, state)
    assert _snapshot(state) == before, "the reference changed the state"
    assert len(plain) == len(set(plain))
    assert set(plain) == set(game.legal_moves())
    return {str(move) for move in plain}


def wild(verb: str, face: str, uno: bool = False) -> set[str]:
    return {f"{verb} {face}:{letter}" + (" uno" if uno else "") for letter in "rygb"}


def test_cd2_a_die_matches_by_number_colour_or_command() -> None:
    game = deal("y1", ["y2", "r1", "g3", "b4", "r5"], ["y1", "g2", "b3", "r4", "y5"])
    assert agreed(game) == {"play r1", "play y2", "decline"}
    game = deal("r1", [(32, "rS"), (33, "gS"), "y2", "g3", "b4"], ["y1", "g2", "b3", "r4", "y5"])
    game.play("play rS")  # two players: R and S give seat 0 another turn (CD-6)
    assert agreed(game) == {"play gS", "decline"}


def test_cd2_a_wild_centre_die_matches_its_declared_colour_only() -> None:
    game = deal("r1", [(36, "W"), "r2", "y3", "g4", "b5"], ["g1", "r1", "y1", "b1", "g5"])
    assert agreed(game) == {"play r2", "decline"} | wild("play", "W")
    game.play("play W:g")
    assert agreed(game) == {"play g1", "play g5", "decline"}


def test_cd7_a_wd4_is_played_only_when_nothing_else_matches_and_a_w_does_not_count() -> None:
    game = deal("r1", [(38, "WD4"), (36, "W"), "y3", "g4", "b5"], ["g1", "r1", "y1", "b1", "g5"])
    assert agreed(game) == wild("play", "W") | wild("play", "WD4") | {"decline"}
    game = deal("r1", [(38, "WD4"), "r2", "y3", "g4", "b5"], ["g1", "r1", "y1", "b1", "g5"])
    assert agreed(game) == {"play r2", "decline"} | wild("bluff", "WD4")


def test_cd3_to_cd5_play_or_decline_then_play_or_draw_then_only_the_drawn_die() -> None:
    game = deal(
        "y1",
        ["y2", "r1", "g3", "b4", "r5"],
        ["g2", "b3", "r4", "y5", "g6"],
        then=rolls("g3", "g3", "b4", "b4", "y6"),
    )
    assert agreed(game) == {"play y2", "play r1", "decline"}
    game.play("decline")
    assert agreed(game) == {"play y6", "draw"}
    game.chance.extend(draws("y5"))
    game.play("draw")
    assert agreed(game) == {"play y5", "keep"}  # y6 matches too, but only the drawn die counts


def _down_to_two(last: str | tuple[int, str] = "r4") -> Any:
    """Two players; seat 0 skips seat 1 three times and holds r3 and ``last`` (centre rS)."""
    game = deal(
        "r1",
        [(32, "rS"), (37, "rS"), (39, "rS"), "r3", last],
        ["r5", "y1", "y2", "g2", "b2"],
    )
    for _ in range(3):
        game.play("play rS")
    return game


def test_cd9_uno_call_catch_and_who_may_catch() -> None:
    game = _down_to_two()
    assert agreed(game) == {"play r3", "play r3 uno", "play r4", "play r4 uno", "decline"}
    game.play("play r3")
    assert agreed(game) == {"catch", "play r5", "decline"}
    game.chance.extend(draws("y4", "g4"))
    game.play("catch")
    assert agreed(game) == {"play r5", "decline"}  # the chance is taken, and gone


def test_cd9_the_offender_who_acts_next_cannot_be_caught() -> None:
    # Two players: seat 0's S leaves her one die without the call and gives her the next turn.
    game = deal(
        "r1",
        [(32, "rS"), (37, "rS"), (39, "rS"), (33, "yS"), (35, "yS")],
        ["r5", "y1", "y2", "g2", "b2"],
    )
    for _ in range(3):
        game.play("play rS")
    game.play("play yS")
    assert game.to_act == 0
    assert agreed(game) == {"play yS", "decline"}


def test_cd7_cd9_a_bluff_that_leaves_one_die_comes_with_and_without_the_call() -> None:
    game = _down_to_two((38, "WD4"))  # r3 matches the red S: the WD4 can only be bluffed
    assert agreed(game) == (
        {"play r3", "play r3 uno", "decline"} | wild("bluff", "WD4") | wild("bluff", "WD4", True)
    )


def test_cd8_catch_then_challenge_or_accept() -> None:
    game = deal(
        "r1",
        [(32, "rS"), (37, "rS"), (39, "rS"), (38, "WD4"), "y3"],
        ["g1", "r1", "y1", "b1", "g5"],
    )
    for _ in range(3):
        game.play("play rS")
    # y3 does not match red S, so the WD4 keeps to CD-7.
    assert agreed(game) == wild("play", "WD4") | wild("play", "WD4", True) | {"decline"}
    game.play("play WD4:g")
    assert agreed(game) == {"catch", "challenge", "accept"}
    game.chance.extend(draws("y4", "g4"))
    game.play("catch")
    assert agreed(game) == {"challenge", "accept"}


def test_cd8_after_a_successful_challenge_the_challenger_plays_on_the_reverted_centre() -> None:
    game = deal("r1", [(38, "WD4"), "r2", "g4", "b5", "y2"], ["g1", "r1", "y1", "b1", "g5"])
    game.play("bluff WD4:b")
    assert agreed(game) == {"challenge", "accept"}
    game.chance.extend(draws("y4", "y5", "y6", "g6"))
    game.play("challenge")
    assert agreed(game) == {"play r1", "play y1", "play g1", "play b1", "decline"}


def test_cd10_a_final_d2_counts_its_draw_for_the_winner() -> None:
    seat0 = ["r2", (35, "W"), (39, "WD4"), (37, "gS"), "b6"]
    seat1 = [(32, "rS"), (33, "yS"), (34, "bS"), (36, "bD2"), (38, "bD2")]
    game = deal("r5", seat0, seat1, then=draws("y5", "g5") + draws("r6", "g6"))
    for move in ("play r2", "play rS", "play yS", "play bS", "play bD2 uno"):
        game.play(move)
        agreed(game)
    assert reference.move_points(game.variant, game.state, game.legal_moves()[0]) == [0, 0]
    game.play("play bD2")
    # Seat 0 keeps W, WD4, gS, b6 (50 + 50 + 20 + 6) and drew y5, g5, r6, g6 (5 + 5 + 6 + 6).
    assert reference.round_points(game.variant, game.round_end_state) == [0, 148]
    assert game.scores == (0, 148)


def test_cd10_a_round_nobody_can_play_scores_nothing(sets_registry: Registry) -> None:
    script = draws((0, "r1")) + draws(*["y2"] * 5) + draws(*["y2"] * 5)
    game = scripted_game(
        "centre-die",
        script,
        players=2,
        options={"dice": BLOCKED_SET, "rounds": 1},
        registry=sets_registry,
        lenient=True,
    )  # the rerolls until the round is given up are seeded
    assert reference.cd10_winner(game.round_end_state) is None
    assert reference.round_points(game.variant, game.round_end_state) == [0, 0]
    assert reference.legal_moves(game.variant, game.round_end_state) == []
