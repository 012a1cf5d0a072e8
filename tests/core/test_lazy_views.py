"""Views are read lazily: a bot that does not read its view does not pay for it, and a view
read late still shows the position it was made in."""

from __future__ import annotations

import gc
import types
from typing import Any

import pytest
from every_variant import VARIANTS, everything
from toy import ToyPlugin, ToyRace, ToyState

import unodice
from unodice.core.hooks import hookimpl
from unodice.core.registry import Registry


class CountedRace(ToyRace):
    """A toy race that counts how often the game asks it for a view."""

    name = "counted"
    asked = 0

    def view_data(self, state: ToyState, seat: int) -> dict[str, Any]:
        CountedRace.asked += 1
        return super().view_data(state, seat)


@pytest.fixture
def counted() -> unodice.Game:
    registry = Registry()
    registry.add_plugin(ToyPlugin(), "toy")
    registry.add_plugin(
        types.SimpleNamespace(
            unodice_register=hookimpl(lambda registry: registry.add_variant(CountedRace))
        ),
        "counted",
    )
    CountedRace.asked = 0
    return unodice.new_game("counted", seed=3, registry=registry)


def test_a_view_let_go_unread_is_never_worked_out(counted):
    for _ in range(5):
        counted.view(counted.to_act)  # made and dropped, as a random bot does
        counted.play(counted.legal_moves()[0])
    assert CountedRace.asked == 0


def test_a_view_is_worked_out_once_however_often_it_is_read(counted):
    view = counted.view(0)
    assert view.data == view.data and view == counted.view(0)
    assert CountedRace.asked == 2  # once for each of the two views


def test_a_view_held_unread_across_a_move_is_read_before_the_move(counted):
    view = counted.view(0)
    counted.play(counted.legal_moves()[0])
    assert CountedRace.asked == 1  # read by the game before it moved
    gc.collect()
    counted.play(counted.legal_moves()[0])
    assert CountedRace.asked == 1  # and then forgotten: the next move reads nothing
    del view


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_view_read_late_shows_the_position_it_was_made_in(variant):
    game = unodice.new_game(variant, seed=11, registry=everything())
    for _ in range(30):
        if game.is_over:
            break
        seat = game.to_act
        held, eager = game.view(seat), game.view(seat)
        shown = dict(eager.data)  # read at once
        moves = game.legal_moves()
        game.play(moves[len(moves) // 2])
        assert dict(held.data) == shown, "a view read after the move showed the new position"
        assert held == eager


def test_views_asked_for_again_and_again_without_a_move_are_not_all_remembered(counted):
    """A display polling a game that does not move (a finished one) holds no growing list."""
    held = counted.view(0)
    for _ in range(10_000):
        counted.view(1)  # made and dropped
    assert len(counted._unread_views) <= 64
    counted.play(counted.legal_moves()[0])
    assert CountedRace.asked == 1  # the held view was still read before the move
    del held


def test_many_views_held_unread_all_show_the_position_they_were_made_in(counted):
    """Past the point where the game forgets views let go of, the ones still held are kept."""
    held = [counted.view(seat % 2) for seat in range(300)]
    expected = [counted.view(seat % 2).to_json() for seat in range(2)]
    counted.play(counted.legal_moves()[0])
    assert [view.to_json() for view in held] == [expected[seat % 2] for seat in range(300)]
