"""The conformance machine: for every variant, hypothesis interleaves legal moves, refused moves,
copies, views, records and replays, and checks after every step that pieces are conserved, that
copies stay independent and that no view shows a hidden piece; each refusal is checked to change
nothing and each replay to reproduce the game exactly.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from every_variant import (
    VARIANTS,
    conservation_problem,
    everything,
    fingerprint,
    json_round_trip,
    leaked_pieces,
)
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

import unodice
from unodice.core.errors import IllegalMove
from unodice.core.game import Game
from unodice.core.moves import Move

MACHINE_SETTINGS = settings(
    max_examples=30,
    stateful_step_count=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
"""Up to about fifteen seconds per variant on a small machine."""


class GameMachine(RuleBasedStateMachine):
    """One game of one variant, driven through the whole public API."""

    variant_name: str = ""

    def __init__(self) -> None:
        super().__init__()
        self.game: Game
        self.seen: set[Move] = set()
        self.copies: list[tuple[Game, str]] = []

    @initialize(data=st.data())
    def start(self, data: st.DataObject) -> None:
        seats = everything().variant(self.variant_name).players
        players = data.draw(
            st.integers(seats.start, min(seats.stop - 1, seats.start + 3)), label="players"
        )
        seed = data.draw(st.integers(0, 2**64), label="seed")
        self.game = unodice.new_game(self.variant_name, players, seed, registry=everything())
        self.rng = random.Random(seed)

    # -- moves ------------------------------------------------------------------------------------

    def _remember_legal(self) -> tuple[Move, ...]:
        legal = self.game.legal_moves()
        self.seen.update(legal)
        return legal

    @precondition(lambda self: not self.game.is_over)
    @rule(data=st.data())
    def play_a_legal_move(self, data: st.DataObject) -> None:
        legal = self._remember_legal()
        move = data.draw(st.sampled_from(legal), label="move")
        if data.draw(st.booleans(), label="as notation"):
            self.game.play(str(move))
        else:
            self.game.play(move)
        assert self.game.moves[-1] == move

    @precondition(lambda self: not self.game.is_over)
    @rule(count=st.integers(1, 150))
    def play_on(self, count: int) -> None:
        """Many random moves at once, to reach late positions, round ends and game ends."""
        for _ in range(count):
            if self.game.is_over:
                return
            self.game.play(self.rng.choice(self._remember_legal()))

    @rule(data=st.data())
    def a_stale_move_is_refused_and_changes_nothing(self, data: st.DataObject) -> None:
        legal = set(self.game.legal_moves())
        stale = sorted((move for move in self.seen if move not in legal), key=str)
        if not stale:
            return
        move = data.draw(st.sampled_from(stale), label="stale move")
        self._assert_refused(move)
        self._assert_refused(str(move))

    @rule(text=st.text(max_size=20))
    def any_text_is_played_or_refused(self, text: str) -> None:
        legal = self.game.legal_moves()
        before = fingerprint(self.game)
        try:
            self.game.play(text)
        except IllegalMove:
            assert fingerprint(self.game) == before
        else:
            assert self.game.moves[-1] in legal

    def _assert_refused(self, move: Move | str) -> None:
        before = fingerprint(self.game)
        try:
            self.game.play(move)
        except IllegalMove as error:
            assert str(error)
        else:
            raise AssertionError(f"{move!r} was played though it is not among the legal moves")
        assert fingerprint(self.game) == before, f"refusing {move!r} changed the game"

    # -- copies, views, records -------------------------------------------------------------------

    @rule(moves=st.integers(0, 5))
    def a_copy_goes_its_own_way(self, moves: int) -> None:
        before = fingerprint(self.game)
        twin = self.game.copy()
        assert fingerprint(twin) == before
        for _ in range(moves):
            if twin.is_over:
                break
            legal = twin.legal_moves()
            self.seen.update(legal)
            twin.play(self.rng.choice(legal))
        assert fingerprint(self.game) == before, "playing on a copy changed the original"
        self.copies = [*self.copies[-2:], (twin, fingerprint(twin))]

    @rule()
    def every_view_is_json_and_agrees_with_the_game(self) -> None:
        for seat in range(self.game.players):
            view = self.game.view(seat)
            assert view.seat == seat and view.to_act == self.game.to_act
            assert view.scores == self.game.scores and view.round == self.game.round
            json.dumps(view.to_json())

    @rule(continue_on_replay=st.booleans())
    def the_record_replays_to_the_same_game(self, continue_on_replay: bool) -> None:
        replayed = unodice.replay(json_round_trip(self.game.record()), everything())
        assert fingerprint(replayed) == fingerprint(self.game)
        if continue_on_replay:
            self.game = replayed

    @precondition(lambda self: self.game.is_over)
    @rule()
    def a_finished_game_refuses_everything(self) -> None:
        assert self.game.legal_moves() == () and self.game.to_act is None
        for move in sorted(self.seen, key=str)[:3]:
            self._assert_refused(move)

    # -- after every step -------------------------------------------------------------------------

    @invariant()
    def pieces_are_conserved(self) -> None:
        problem = conservation_problem(self.game)
        assert problem is None, problem

    @invariant()
    def no_view_shows_a_hidden_piece(self) -> None:
        assert leaked_pieces(self.game) == {}

    @invariant()
    def copies_stay_independent(self) -> None:
        for twin, then in self.copies:
            assert fingerprint(twin) == then, "a copy changed when another game moved"

    @invariant()
    def scores_add_up(self) -> None:
        totals = [0] * self.game.players
        for event in self.game.events:
            if event.kind == "scored":
                totals[event.seat] += event.points  # type: ignore[attr-defined]
        assert tuple(totals) == self.game.scores

    def teardown(self) -> None:
        if hasattr(self, "game"):
            replayed = unodice.replay(json_round_trip(self.game.record()), everything())
            assert fingerprint(replayed) == fingerprint(self.game)


def machine_for(name: str) -> Any:
    return type(f"{name.title().replace('-', '')}Machine", (GameMachine,), {"variant_name": name})


@pytest.mark.slow
@pytest.mark.parametrize("name", VARIANTS)
def test_conformance_machine(name):
    run_state_machine_as_test(machine_for(name), settings=MACHINE_SETTINGS)
