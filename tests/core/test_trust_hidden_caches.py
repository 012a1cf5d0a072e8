"""Issue 25, item 1: no table shared between games remembers what a hand held.

The built-in variants share tables per component set between every game of the process,
determinized games included, and a bot holding a determinized game reaches them through its
variant. So what those tables hold must depend on the set alone (or on what every seat saw),
never on which tiles or dice some hand held. A determinized game must also rearrange the order
of the bag, which no seat sees.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import unodice
from unodice.core.game import Game
from unodice.variants.centre_die.events import CentreRedrawn
from unodice.variants.dominoes.kernel import Landing, PlayLookup


def _snapshot(root: object) -> Any:
    """Everything reachable from ``root`` through containers and slots, as comparable data.

    Objects seen again are named by the order they were first met, so that two walks compare
    equal exactly when they found the same contents in the same places.
    """
    seen: dict[int, int] = {}

    def walk(value: object) -> Any:
        if value is None or isinstance(value, (bool, int, float, str)):
            return value
        if id(value) in seen:
            return ("seen", seen[id(value)])
        seen[id(value)] = len(seen)
        if isinstance(value, dict):
            return ("dict", tuple((repr(key), walk(item)) for key, item in value.items()))
        if isinstance(value, (list, tuple)):
            return (type(value).__name__, tuple(walk(item) for item in value))
        slots = [name for cls in type(value).__mro__ for name in getattr(cls, "__slots__", ())]
        if isinstance(value, (PlayLookup, Landing)):
            return (
                type(value).__name__,
                tuple((name, walk(getattr(value, name))) for name in slots if hasattr(value, name)),
            )
        if hasattr(value, "items") and hasattr(value, "keys"):  # a read-only mapping
            return ("mapping", tuple((repr(key), walk(item)) for key, item in value.items()))
        return repr(value)

    return walk(root)


def _play_randomly(game: Game, rng: random.Random, decisions: int | None = None) -> None:
    done = 0
    while not game.is_over and (decisions is None or done < decisions):
        moves = game.legal_moves()
        game.play(moves[rng.randrange(len(moves))])
        done += 1


@pytest.mark.slow
@pytest.mark.parametrize("options", [{}, {"all_doubles_spin": True}])
def test_dominoes_play_lookup_is_the_same_after_many_games(options: dict[str, Any]) -> None:
    """Issue 25, item 1: games leave the shared play lookup of their tile set as they found it.

    The lookup used to fill its memos from the hand of the seat to act, so that afterwards it
    named the tiles of other seats' hands. Now the spinner's lines are made when the set is
    loaded; a further line is made whole, for every tile, when a game opens it, so once as
    many lines are open as a game can show, nothing changes at all.
    """
    first = unodice.new_game("dominoes", 2, seed=1, options=options)
    plays = first.variant._plays
    plays.plays_at(plays.lookups.lays[0][0], plays.lookups.max_lines, False)  # every line made
    before = _snapshot(plays)
    for seed in range(30):
        _play_randomly(
            unodice.new_game("dominoes", 3, seed=seed, options=options), random.Random(seed)
        )
    assert _snapshot(plays) == before


def test_dominoes_play_lookup_does_not_depend_on_hidden_hands() -> None:
    """Issue 25, item 1: the lookup after one decision is the same whatever the hands held.

    Two fresh lookups of the same set; one game's legal moves are asked of one of them, the
    other game's (other hands: another seed) of the other. They must still be equal. Before,
    the per-mask memos of the ways to lay the tiles of the hand to act were filled, and no
    two deals filled the same ones.
    """
    lookups = []
    for seed in (1, 2):
        game = unodice.new_game("dominoes", 2, seed=seed)
        fresh = PlayLookup(game.variant._lookups)
        game.variant._plays = fresh
        game.variant._landings = fresh.landings
        for _ in range(6):
            if game.is_over:
                break
            game.play(game.legal_moves()[0])
        lookups.append(fresh)
    assert lookups[0].landings.keys() == lookups[1].landings.keys()
    masks = [
        [[len(by_mask) for _, _, by_mask, _ in ways] for ways in lookup.offers[0]]
        for lookup in lookups
    ]
    assert masks[0] == masks[1]
    assert _snapshot(lookups[0].offers) == _snapshot(lookups[1].offers)


def test_dominoes_offers_cannot_name_opponents_tiles() -> None:
    """Issue 25, item 1: the attack itself, reading the determinized game's shared offers.

    The red team listed the tiles whose offers held moves for some mask of open ends: those
    were the tiles hands had held (480 of 480 right). Now every tile of the set has them all,
    from the moment the lookup is made, before any game asks for a legal move.
    """
    game = unodice.new_game("dominoes", 4, seed=5)
    _play_randomly(game, random.Random(5), decisions=20)
    det = game.determinize(0, 7)
    tiles = det.variant._lookups.components.tiles
    for plays in (det.variant._plays, PlayLookup(det.variant._lookups)):
        filled = {
            tile.id
            for tile in tiles
            for _, _, by_mask, _ in plays.offers[0][tile.id]
            if any(by_mask)
        }
        assert filled == {tile.id for tile in tiles}
    fresh = PlayLookup(det.variant._lookups)
    assert _snapshot(det.variant._plays.offers) == _snapshot(fresh.offers)


def test_dominoes_shared_lookup_cannot_be_poisoned_through_its_attributes() -> None:
    """Issue 25, item 1: the shared play lookup is read-only.

    The red team wrote wrong plays into the shared per-mask memos of a determinized game, and
    20 unrelated games then offered plays on a missing end and crashed with ``IndexError``.
    """
    game = unodice.new_game("dominoes", 2, seed=3)
    det = game.determinize(0, 1)
    plays = det.variant._plays
    _, _, by_mask, _ = plays.offers[0][0][0]
    with pytest.raises(TypeError):
        by_mask[1] = ()  # type: ignore[index]
    with pytest.raises(TypeError):
        plays.landings["play r1|r1 on 1"] = None  # type: ignore[index]


def test_centre_die_shared_events_do_not_remember_the_die_put_back() -> None:
    """Issue 25, item 1: which die was drawn for the centre and put back is not in a shared table.

    That die goes back into the bag, and no view says which it was; the set's shared events
    used to keep its event, keyed by the die.
    """
    redrawn = 0
    for seed in range(60):
        game = unodice.new_game("centre-die", 2, seed=seed)
        redrawn += sum(isinstance(event, CentreRedrawn) for event in game.events)
        shared = game.variant._shared
        assert not any(
            isinstance(event, CentreRedrawn)
            for cache in vars(shared).values()
            if isinstance(cache, dict)
            for event in cache.values()
        )
    assert redrawn, "no deal put a die back: choose other seeds"


@pytest.mark.parametrize("variant", ["coverall", "centre-die"])
def test_determinized_bag_is_shuffled(variant: str) -> None:
    """Issue 25, item 1: a determinization rearranges the bag, as ``determinize`` promises.

    Before, coverall and centre-die kept the real bag's order, so that its last die was, for
    one, the die put back after being drawn for the centre (CD-1).
    """
    game = unodice.new_game(variant, 2, seed=11)
    _play_randomly(game, random.Random(11), decisions=5)
    real = [die.id for die in game.state.bag]
    assert len(real) > 3
    orders = []
    for seed in range(20):
        bag = [die.id for die in game.determinize(0, seed).state.bag]
        assert sorted(bag) == sorted(real)  # the same dice, only in another order
        orders.append(bag)
    assert real not in orders
    assert len({tuple(order) for order in orders}) > 1
    # The same seed gives the same determinization.
    assert [die.id for die in game.determinize(0, 3).state.bag] == orders[3]
