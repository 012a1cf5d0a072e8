"""A game keeps 29 attributes, and every game shares their names.

CPython keeps the names of an object's attributes once for all the objects of a class, while
there are at most 30 of them: a game with a 30th attribute holds its own dict of names, 1.3 kB
more a game (the benchmark's memory of 10,000 live games shows it). So the number is a rule, and
these tests fail when an attribute is added to ``Game`` (or when one is removed: then lower the
number here).
"""

from __future__ import annotations

import pickle
import platform
import sys

import pytest

import unodice
from unodice.core.game import Game
from unodice.core.registry import Registry

ATTRIBUTES = 29
"""How many attributes a game keeps: no more, or its attribute names stop being shared."""

WHY = (
    "a game keeps {expected} attributes, this one {found} ({names}): with a 30th, CPython "
    "stops sharing the attribute names between games and every game holds 1.3 kB more. Fold "
    "the new attribute into an existing one (a small object or a tuple), or make room by "
    "removing one; if one was removed, lower ATTRIBUTES here"
)


def _games(registry: Registry) -> dict[str, Game]:
    """A game made every way a game is made: new, played, copied, determinized, unpickled..."""
    fresh = unodice.new_game("toy-race", players=3, seed=4, registry=registry)
    played = unodice.new_game("toy-race(rounds=3,target=5)", seed=5, registry=registry)
    for _ in range(12):
        if played.is_over:
            break
        played.play(played.legal_moves()[0])
    paused = unodice.new_game(
        "toy-race(rounds=3,target=5)", seed=6, registry=registry, pause_between_rounds=True
    )
    while not paused.between_rounds:
        paused.play("hold" if paused.state.turn_total else "roll")
    ruled = unodice.new_game("toy-race", seed=7, house_rules=["double-sevens"], registry=registry)
    return {
        "new": fresh,
        "played": played,
        "between rounds": paused,
        "with house rules": ruled,
        "from a position": unodice.new_game(position=played.position(), seed=8, registry=registry),
        "copy": played.copy(),
        "copy without history": played.copy(history=False),
        "determinized": played.determinize(0, 9),
        "unpickled": pickle.loads(pickle.dumps(played)),
    }


def test_a_game_keeps_29_attributes_however_it_was_made(registry):
    for how, game in _games(registry).items():
        names = sorted(vars(game))
        found = len(names)
        assert found == ATTRIBUTES, f"{how}: " + WHY.format(
            expected=ATTRIBUTES, found=found, names=", ".join(names)
        )


@pytest.mark.skipif(
    platform.python_implementation() != "CPython", reason="a CPython rule of dict layout"
)
def test_every_game_shares_its_attribute_names(registry):
    """The attributes cost less than a dict of them would: their names are kept once for all."""
    for how, game in _games(registry).items():
        shared, alone = sys.getsizeof(vars(game)), sys.getsizeof(dict(vars(game)))
        assert shared < alone, (
            f"{how}: the game's attributes take {shared} bytes, as many as a dict of its own "
            f"({alone}): its attribute names are not shared with other games any more. A game "
            "with more than 29 attributes, or whose attributes were set in another order or "
            "all at once (dict.update on a new game's __dict__), holds its own"
        )


@pytest.mark.skipif(
    sys.implementation.name != "cpython" or sys.version_info[:2] != (3, 11),
    reason="the numbers were measured on CPython 3.11",
)
def test_a_30th_attribute_costs_every_game_more_than_a_kilobyte(registry):
    """What the rule guards against, shown: the check above sees a 30th attribute."""
    game = unodice.new_game("toy-race", seed=4, registry=registry)
    before = sys.getsizeof(vars(game))
    game.one_too_many = True
    after = sys.getsizeof(vars(game))
    assert after - before > 1_000
    assert after >= sys.getsizeof(dict(vars(game)))
