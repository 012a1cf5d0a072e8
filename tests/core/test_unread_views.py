"""The game's list of unread views is pruned at powers of two from 64, and stays bounded.

A game lists, by weak reference, the views it handed out that are not read yet, to read them
before it changes (see ``Game.view``). A display that asks for views again and again without a
move would grow that list without end, so the game forgets the views let go of when the list
reaches 64, and again each time it doubles (128, 256...): never at other lengths, so that a
caller who holds many views does not pay for a pass over them at every call.
"""

from __future__ import annotations

from collections.abc import Callable

import unodice
from unodice.core.game import _UNREAD_VIEWS_KEPT, Game
from unodice.core.registry import Registry
from unodice.core.variant import View


def _ask_views(game: Game, calls: int, hold: Callable[[int], bool]) -> tuple[list[int], list[View]]:
    """Ask for ``calls`` views, holding those ``hold(call)`` says and letting go of the rest.

    Returns the length of the list after each call, and the views held.
    """
    lengths, held = [], []
    for call in range(calls):
        view = game.view(call % game.players)
        if hold(call):
            held.append(view)
        del view  # let go of at once: nothing else refers to it
        lengths.append(len(game._unread_views))
    return lengths, held


def _pruned_at(lengths: list[int]) -> list[int]:
    """The lengths the list had when a call forgot views (it grew by less than the one added)."""
    before = [0, *lengths[:-1]]
    return [was for was, now in zip(before, lengths, strict=True) if now != was + 1]


def _game(registry: Registry) -> Game:
    return unodice.new_game("toy-race", seed=3, registry=registry)


def test_the_first_pruning_is_at_64():
    assert _UNREAD_VIEWS_KEPT == 64, "the docs of Game.view and these tests say 64"


def test_views_let_go_of_are_forgotten_at_64_and_no_sooner(registry):
    game = _game(registry)
    lengths, _ = _ask_views(game, 1_000, lambda call: False)
    assert lengths[:64] == list(range(1, 65)), "pruned before the list reached 64"
    assert set(_pruned_at(lengths)) == {64}
    assert max(lengths) == 64


def test_views_asked_for_without_end_keep_the_list_bounded(registry):
    game = _game(registry)
    lengths, _ = _ask_views(game, 20_000, lambda call: False)
    assert lengths == [call % 64 + 1 for call in range(20_000)]


def test_the_list_is_pruned_at_each_power_of_two_and_only_there(registry):
    """With 100 views held, nothing can be forgotten at 64: the next pass is at 128."""
    game = _game(registry)
    lengths, held = _ask_views(game, 2_000, lambda call: call < 100)
    assert len(held) == 100
    assert set(_pruned_at(lengths)) == {128}
    assert max(lengths) == 128
    assert min(lengths[128:]) == 101, "a pass kept every view still held"


def test_passes_follow_the_views_held_through_every_power_of_two(registry):
    """Half the views held: the list grows, and is pruned only when it reaches 64, 128, 256..."""
    game = _game(registry)
    lengths, held = _ask_views(game, 3_000, lambda call: call % 2 == 0)
    pruned = _pruned_at(lengths)
    assert {64, 128, 256, 512, 1024} <= set(pruned)
    for length in pruned:
        assert length >= 64 and length & (length - 1) == 0, f"pruned at {length}"
    assert max(lengths) <= 2 * len(held)


def test_a_move_reads_the_views_held_and_empties_the_list(registry):
    game = _game(registry)
    lengths, held = _ask_views(game, 300, lambda call: call % 3 == 0)
    assert lengths[-1] > 0
    game.play(game.legal_moves()[0])
    assert game._unread_views == []
    assert all(view._seen is not None for view in held), "a held view was not read"
