"""The dominoes fast path against its plain reading of the rules (DO-2 to DO-10).

``check_variant(reference=True)`` compares the fast path's legal moves and points with the
variant's ``Reference`` capability, the plain functions of
[`reference`][unodice.variants.dominoes.reference], at every decision. A survey of random games
over every seat count and the options that change legal moves or scoring shows that every kind
of move and every way a round ends was reached (and so compared); hand-built positions check
the tricky clauses one by one.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

import pytest

import unodice
from unodice.core.capabilities import Reference
from unodice.core.game import Game
from unodice.core.hooks import hookimpl
from unodice.core.moves import Move, Scored
from unodice.core.pieces import Colour, ComponentSet, Domino, Face
from unodice.core.registry import Registry
from unodice.testing import CheckReport, Draw, check_variant, scripted_game
from unodice.variants import dominoes as dominoes_plugin
from unodice.variants.dominoes import reference
from unodice.variants.dominoes.moves import Play
from unodice.variants.dominoes.reference import DominoesReference
from unodice.variants.dominoes.rules import UnoDominoes
from unodice.variants.dominoes.state import CHALLENGE, DRAWN, RESCUE, DominoesState

# A small set rich in dead ends, wilds and words, so that dead layouts and the double-Wild on
# the spinner come up in few games.
MIXED = (
    "r9|r9",
    "g8|g8",
    "r1|DE",
    "g1|DE",
    "b1|DE",
    "y1|DE",
    "WD4|DE",
    "r2|DE",
    "y2|DE",
    "b3|DE",
    "W|W",
    "W|W",
    "W|W",
    "WD4|b3",
    "W|y4",
    "b5|b6",
    "y5|y6",
    "b7|y7",
    "b2|y2",
    "rS|gS",
    "bR|yR",
    "rD2|bD2",
    "r3|g3",
    "y3|b4",
    "g5|r6",
    "r7|g7",
    "b8|y8",
)
# A set whose tiles rarely match the spinner, worth 3 each but for a few: passes on an empty
# boneyard and blocked rounds, won and tied, come up in few games.
BLOCKY = (
    "r9|r9",
    "r1|b2",
    "b1|y2",
    "y1|g2",
    "g1|b2",
    "b1|g2",
    "y1|b2",
    "g1|y2",
    "r2|b1",
    "W|W",
    "g1|DE",
    "b2|DE",
)

# (seat counts, games per count, options, the tile set: None for the default one)
SURVEY: list[tuple[Sequence[int], int, dict[str, Any], str | None]] = [
    (range(2, 7), 1, {"target": 60}, None),
    (range(2, 7), 1, {"target": 60, "all_doubles_spin": True}, None),
    ([2], 2, {"target": 60, "two_player_reverse_skips": False}, None),
    ([3, 6], 1, {"target": 40, "hand_size": 12}, None),
    (range(2, 7), 5, {"target": 100, "hand_size": 4}, "mixed"),
    (range(2, 7), 2, {"target": 100, "hand_size": 3, "all_doubles_spin": True}, "mixed"),
    ([2, 3], 3, {"target": 100, "hand_size": 4, "two_player_reverse_skips": False}, "mixed"),
    ([2, 3, 4, 6], 4, {"target": 100, "hand_size": 2}, "blocky"),
    ([2, 3], 5, {"target": 100, "hand_size": 4}, "blocky"),
    ([4], 3, {"target": 100, "hand_size": 3, "all_doubles_spin": True}, "blocky"),
]

MOVE_KINDS = {
    "play",
    "play the tile drawn",
    "play calling uno",
    "play declaring a colour",
    "play a wild draw four",
    "play the double-wild on the spinner",
    "draw",
    "keep",
    "pass",
    "challenge upheld",
    "challenge failed",
    "accept",
    "catch",
    "decline",
}
ROUND_ENDS = {"went out (DO-7)", "dead end (DO-9)", "blocked (DO-10)", "blocked, tied (DO-10)"}


def registry_with_tiles(*tiles: str, name: str = "reference-set") -> Registry:
    """A registry with the dominoes plugin and a tile set of our own."""

    def face(code: str) -> dict[str, Any]:
        parsed = Face.parse(code)
        return {"symbol": parsed.symbol, "colour": parsed.colour.value if parsed.colour else None}

    component_set = ComponentSet.from_json(
        {"set": name, "tiles": [[face(end) for end in tile.split("|")] for tile in tiles]}
    )

    class TileSet:
        @hookimpl
        def unodice_register(self, registry: Any) -> None:
            registry.add_components(component_set)

    registry = Registry()
    registry.add_plugin(dominoes_plugin, "dominoes")
    registry.add_plugin(TileSet(), name)
    return registry


class Survey:
    """The reference, counting what the check meets, and checking each WD4 verdict (DO-8).

    Its methods stand in for the variant's ``reference_*`` methods (see ``survey``).
    ``check_variant`` asks ``reference_move_points`` about every move before it is played, and
    ``reference_round_points`` about every state a round ended in: that is where the counts
    come from.
    """

    def __init__(self) -> None:
        self.moves: Counter[str] = Counter()
        self.ends: Counter[str] = Counter()
        self.verdicts: list[str] = []
        self._expected_illegal: bool | None = None

    def legal_moves(self, variant: UnoDominoes, state: DominoesState) -> list[Move]:
        if state.phase == CHALLENGE and self._expected_illegal is not None:
            assert state.pending is not None
            if state.pending.illegal != self._expected_illegal:
                self.verdicts.append(
                    f"fast path says illegal={state.pending.illegal}, DO-3 says "
                    f"{self._expected_illegal}"
                )
            self._expected_illegal = None
        return reference.legal_moves(variant.options, state)

    def move_points(self, variant: UnoDominoes, state: DominoesState, move: Move) -> list[int]:
        for kind in self._kinds(variant, state, move):
            self.moves[kind] += 1
        return reference.move_points(state, move)

    def _kinds(self, variant: UnoDominoes, state: DominoesState, move: Move) -> list[str]:
        if not isinstance(move, Play):
            if move.kind == "challenge":
                assert state.pending is not None
                return ["challenge upheld" if state.pending.illegal else "challenge failed"]
            return [move.kind]
        if move.end == 0:
            return ["play the double-wild on the spinner"]
        kinds = ["play"]
        if state.phase == DRAWN:
            kinds.append("play the tile drawn")
        if move.uno:
            kinds.append("play calling uno")
        if move.colour is not None:
            kinds.append("play declaring a colour")
        seat = state.to_act
        assert seat is not None
        hand = state.hands[seat]
        if move.touching.symbol == "WD4" and len(hand) > 1:
            kinds.append("play a wild draw four")
            self._expected_illegal = not reference.wild_draw_four_is_legal(
                hand,
                laid_index(state, hand, move),
                reference.open_ends(variant.options, state.layout.placements),
            )
        return kinds

    def round_points(self, variant: UnoDominoes, state: DominoesState) -> list[int]:
        placements = state.layout.placements
        if any(not hand for hand in state.hands):
            self.ends["went out (DO-7)"] += 1
        elif all(
            reference.is_dead_end(face)
            for _, face, _ in reference.open_ends(variant.options, placements)
        ):
            self.ends["dead end (DO-9)"] += 1
        elif reference.round_winner(variant.options, state) is None:
            self.ends["blocked, tied (DO-10)"] += 1
        else:
            self.ends["blocked (DO-10)"] += 1
        return reference.round_points(variant.options, state)


def laid_index(state: DominoesState, hand: Sequence[Domino], move: Play) -> int:
    """Which tile of the hand a play lays: the one just drawn, or one with its two ends."""
    if state.phase == DRAWN:
        return next(index for index, tile in enumerate(hand) if tile is state.drawn)
    wanted = sorted((move.touching.code, move.far.code))
    return next(
        index for index, tile in enumerate(hand) if sorted(end.code for end in tile.ends) == wanted
    )


@pytest.fixture(scope="module")
def survey() -> tuple[Survey, list[CheckReport]]:
    counting = Survey()
    registries = {
        name: registry_with_tiles(*tiles, name=name)
        for name, tiles in (("mixed", MIXED), ("blocky", BLOCKY))
    }
    reports = []
    with pytest.MonkeyPatch.context() as patch:
        # Plain functions, so that each is bound to the variant the check plays.
        patch.setattr(
            UnoDominoes,
            "reference_legal_moves",
            lambda variant, state: counting.legal_moves(variant, state),
        )
        patch.setattr(
            UnoDominoes,
            "reference_move_points",
            lambda variant, state, move: counting.move_points(variant, state, move),
        )
        patch.setattr(
            UnoDominoes,
            "reference_round_points",
            lambda variant, state: counting.round_points(variant, state),
        )
        for seed, (players, games, options, tiles) in enumerate(SURVEY):
            chosen = options if tiles is None else {**options, "tiles": tiles}
            reports.append(
                check_variant(
                    "dominoes",
                    players=players,
                    games=games,
                    seed=seed,
                    options=chosen,
                    registry=None if tiles is None else registries[tiles],
                    reference=True,
                    raise_on_failure=False,
                )
            )
    return counting, reports


# -- the survey ---------------------------------------------------------------------------------


def test_the_plain_reading_is_the_variants_reference_capability():
    """The variant declares ``Reference`` by inheriting it; its methods are the plain functions."""
    assert issubclass(UnoDominoes, DominoesReference) and issubclass(UnoDominoes, Reference)
    assert not hasattr(UnoDominoes, "reference")  # the 0.1 way, a module as an attribute, is gone
    game = unodice.new_game("dominoes", players=3, seed=4)
    variant, state = game.variant, game.state
    assert isinstance(variant, Reference)
    assert variant.reference_legal_moves(state) == reference.legal_moves(variant.options, state)
    move = game.legal_moves()[0]
    assert variant.reference_move_points(state, move) == [0, 0, 0]
    assert set(variant.reference_legal_moves(state)) == set(game.legal_moves())


@pytest.mark.slow
def test_the_fast_path_agrees_with_the_reference_at_every_decision(survey):
    """DO-2 to DO-10: legal moves, move points and round points, at every decision."""
    _, reports = survey
    for report in reports:
        assert report.ok, report.failures
    assert sum(report.games for report in reports) >= 40


@pytest.mark.slow
def test_the_survey_meets_every_kind_of_move(survey):
    """DO-3 to DO-9: each kind of move was played, so each was compared."""
    counting, _ = survey
    assert set(counting.moves) >= MOVE_KINDS, sorted(MOVE_KINDS - set(counting.moves))


@pytest.mark.slow
def test_the_survey_meets_every_way_a_round_ends(survey):
    """DO-7, DO-9, DO-10: each way a round ends was scored and compared."""
    counting, _ = survey
    assert set(counting.ends) == ROUND_ENDS, counting.ends


@pytest.mark.slow
def test_every_wild_draw_four_verdict_agrees_with_do3(survey):
    """DO-3, DO-8: the verdict the fast path keeps for a challenge is the clause's."""
    counting, _ = survey
    assert counting.moves["play a wild draw four"] > 0
    assert counting.verdicts == []


def test_a_wrong_reference_is_caught(monkeypatch):
    """The check can fail: a reference that forgets the Uno call (DO-6) or miscounts W (DO-7)."""
    monkeypatch.setattr(reference, "uno_calls", lambda hand: [False])
    report = check_variant(
        "dominoes",
        players=[3],
        games=1,
        options={"target": 40},
        reference=True,
        raise_on_failure=False,
    )
    assert any(
        re.search(r"not in the reference \['play .* uno'", failure) for failure in report.failures
    ), report.failures
    monkeypatch.undo()
    monkeypatch.setattr(reference, "end_points", lambda face: 0)
    report = check_variant(
        "dominoes",
        players=[2],
        games=1,
        options={"target": 40},
        reference=True,
        raise_on_failure=False,
    )
    assert any("the reference says" in failure for failure in report.failures), report.failures


# -- hand-built positions -----------------------------------------------------------------------


def start(
    *hands: Sequence[str], then: Iterable[str] = (), tiles: Sequence[str] = (), **options: Any
) -> Game:
    """A game whose seats are dealt ``hands``, then draw ``then``, from a set of ``tiles``."""
    dealt = [code for hand in hands for code in hand]
    script = [Draw(code) for code in [*dealt, *then]]
    registry = registry_with_tiles(*(tiles or [*dealt, *then]))
    chosen = {"hand_size": len(hands[0]), "tiles": "reference-set", **options}
    return scripted_game(
        "dominoes", script, players=len(hands), options=chosen, registry=registry, lenient=True
    )


def agree(game: Game) -> set[str]:
    """The reference's legal moves, after checking that the fast path offers the same."""
    plain = reference.legal_moves(game.variant.options, game.state)
    assert len(set(plain)) == len(plain)
    assert set(plain) == set(game.legal_moves())
    ends = reference.open_ends(game.variant.options, game.state.layout.placements)
    shown = [(end.id, end.face, end.colour) for end in game.view(0).data["ends"]]
    assert ends == shown
    return {str(move) for move in plain}


CROSSWISE = (["g9|g9", "r5|y6", "b3|b4"], ["r9|r5", "r5|r5", "y7|b7"])


def test_do2_the_spinner_offers_four_ends_showing_its_face():
    """DO-2, DO-3: the opening double's four lines each take a 9, whatever its colour."""
    game = start(*CROSSWISE, then=["g1|g2", "b1|b2"])
    assert agree(game) == {f"play r9|r5 on {line}" for line in range(1, 5)} | {"draw"}


@pytest.mark.parametrize("spin", [False, True])
def test_do2_a_double_lies_crosswise_and_spins_only_with_the_option(spin):
    """DO-2: a double continues its line showing its face; with the option it opens two more."""
    game = start(*CROSSWISE, then=["g1|g2", "b1|b2"], all_doubles_spin=spin)
    game.play("play r9|r5 on 1")
    agree(game)
    game.play("draw")  # g1|g2 fits a green 9 end
    assert game.state.phase == DRAWN
    agree(game)
    game.play("keep")
    assert "play r5|r5 on 1" in agree(game)
    game.play("play r5|r5 on 1")
    moves = agree(game)
    lines = reference.open_ends(game.variant.options, game.state.layout.placements)
    assert [(line, face.code) for line, face, _ in lines] == (
        [(1, "r5"), (2, "g9"), (3, "g9"), (4, "g9")] + ([(5, "r5"), (6, "r5")] if spin else [])
    )
    assert ("play r5|y6 on 5" in moves) is spin


DEAD = (["g9|g9", "g1|DE", "g2|DE", "b5|b6"], ["g3|DE", "g4|DE", "W|W", "y5|y6"])


def close_every_line(game: Game) -> None:
    """Seats take turns closing lines 1 to 4 with dead ends; seat 0 closes the last."""
    for move in ("play g3|DE on 1", "play g1|DE on 2", "play g4|DE on 3", "play g2|DE on 4"):
        moves = agree(game)
        assert not any(
            f"on {line}" in text for text in moves for line in range(1, int(move[-1]))
        )  # closed lines take nothing
        game.play(move)


def test_do9_a_dead_layout_offers_the_double_wild_on_the_spinner():
    """DO-3, DO-6, DO-9: closed lines take nothing; the double-Wild (with Uno, four colours)."""
    game = start(*DEAD, then=["r1|r2"])
    close_every_line(game)
    assert game.state.phase == RESCUE
    wilds = {f"play W|W:{c} on spinner{uno}" for c in "rygb" for uno in ("", " uno")}
    assert agree(game) == {"catch", "decline"} | wilds
    game.play("play W|W:r on spinner uno")
    agree(game)
    assert reference.open_ends(game.variant.options, game.state.layout.placements)[-1] == (
        5,
        Face.parse("W"),
        Colour.RED,
    )


def test_do9_declined_the_closer_scores_the_other_hands():
    """DO-7, DO-9: nobody lays the double-Wild, so the closer wins W|W and y5|y6 (61)."""
    game = start(*DEAD, then=["r1|r2"])
    close_every_line(game)
    ended = game.play("decline")
    points = reference.round_points(game.variant.options, game.round_end_state)
    assert points == [61, 0]
    assert [(e.seat, e.points) for e in ended if isinstance(e, Scored)] == [(0, 61)]


@pytest.mark.parametrize(
    ("second", "third", "legal"),
    [
        ("g5|r6", "r7|b8", False),  # g5 fits the green 9 end
        ("W|r6", "r7|b8", True),  # W|r6 fits only with its wild end
        ("WD4|g3", "r7|b8", False),  # a copy of the tile laid is another tile
        ("W|r6", "r7|g8", False),  # r7|g8 laid the other way round, g8 touching, fits
    ],
)
def test_do3_a_wild_draw_four_is_legal_only_without_another_non_wild_play(second, third, legal):
    """DO-3, DO-8: the fast path's verdict is the clause's; the laid tile's far end never counts."""
    hands = (["g9|g9", "b1|b2", "y1|y2"], ["WD4|g3", second, third])
    game = start(*hands, then=["r1|r2", "b7|b6", "y3|y4", "r3|r4", "b3|b4"])
    before = reference.open_ends(game.variant.options, game.state.layout.placements)
    assert reference.wild_draw_four_is_legal(game.state.hands[1], 0, before) is legal
    assert "play WD4|g3 on 2" in agree(game)  # a bluff is always offered (DO-3)
    game.play("play WD4|g3 on 2")
    assert game.state.phase == CHALLENGE
    assert agree(game) == {"accept", "challenge"}
    assert game.state.pending is not None
    assert game.state.pending.illegal is not legal
