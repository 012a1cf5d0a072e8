"""Nothing a bot is handed can change a game: moves, events and pieces refuse every write.

A bot gets ``view(seat)`` and the legal move objects. Many of those objects are shared by every
game in the process (the move caches of a component set, shared events, the canonical faces),
so a single write to one of them would change games the bot never played. For every variant,
random games are attacked at several decisions: every legal move, every event so far and every
piece reachable from them or from the view, with ``object.__setattr__``, ``setattr``,
``object.__delattr__``, ``delattr``, ``__class__`` assignment and ``vars()``. Every attempt must
fail, nothing may change, and a game started afterwards with the same seed must be the same game.
"""

from __future__ import annotations

import copy
import enum
from collections import Counter
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from every_variant import VARIANTS, everything, fingerprint

import unodice
from unodice.core.game import Game
from unodice.core.moves import Event, Move, to_json
from unodice.core.pieces import ComponentSet, Die, Domino, Face
from unodice.play.agents import RandomAgent

ATTACK_AT = (0, 1, 2, 5, 9, 14, 20, 30, 45)
"""The decisions (counted from 0) at which each game is attacked."""

PLAIN = (type(None), bool, int, float, str, bytes, enum.Enum)
_MISSING = object()


class Poison:
    """What the attacks try to write."""

    def __repr__(self) -> str:
        return "<poison>"


POISON = Poison()


def names_of(value: Any) -> list[str]:
    """Every attribute name a class declares for its instances, inherited ones included."""
    names = ["poison"]
    for cls in type(value).__mro__:
        names += [name for name in vars(cls).get("__annotations__", {}) if name not in names]
        slots = vars(cls).get("__slots__", ())
        names += [
            name for name in ((slots,) if isinstance(slots, str) else slots) if name not in names
        ]
    return names


def children(value: Any) -> Iterator[Any]:
    """What a value holds: container items, or the values of its declared attributes."""
    if isinstance(value, Mapping):
        yield from value.values()
        return
    if isinstance(value, list | tuple | set | frozenset):
        yield from value
    if not isinstance(value, list | tuple | set | frozenset) or type(value) not in (
        list,
        tuple,
        set,
        frozenset,
    ):
        for name in names_of(value):
            found = getattr(value, name, _MISSING)
            # What the class itself holds (its constants, its metadata) is not the value's.
            if (
                found is not _MISSING
                and not callable(found)
                and (getattr(type(value), name, _MISSING) is not found)
            ):
                yield found


def targets(*roots: Any) -> Iterator[Any]:
    """Every object inside ``roots`` that is not a plain value or a plain container."""
    seen: set[int] = set()
    stack = list(roots)
    while stack:
        value = stack.pop()
        if isinstance(value, PLAIN) or id(value) in seen:
            continue
        seen.add(id(value))
        if type(value) not in (list, tuple, set, frozenset, dict):
            yield value
        stack.extend(children(value))


def pieces_seen(view: Any) -> list[Any]:
    """The faces, dice and tiles in a view's data."""
    return [value for value in targets(view.data) if isinstance(value, Face | Die | Domino)]


def snapshot(value: Any) -> tuple[Any, ...]:
    """What must not change: the text forms, the JSON form and an equal copy."""
    try:
        json_form = value.to_json() if isinstance(value, Move | Event) else to_json(value)
    except TypeError:  # not a value of the library's (the self-test's open object)
        json_form = None
    return (str(value), repr(value), json_form, copy.copy(value))


def attempts(value: Any, decoys: list[type]) -> Iterator[tuple[str, Any]]:
    """Each write to try on ``value``: a description and a callable making it."""
    for name in names_of(value):
        yield f"object.__setattr__ {name}", lambda n=name: object.__setattr__(value, n, POISON)
        yield f"setattr {name}", lambda n=name: setattr(value, n, POISON)
        yield f"object.__delattr__ {name}", lambda n=name: object.__delattr__(value, n)
        yield f"delattr {name}", lambda n=name: delattr(value, n)
    for decoy in decoys:
        if decoy is not type(value):
            yield (
                f"__class__ = {decoy.__name__}",
                lambda d=decoy: object.__setattr__(value, "__class__", d),
            )
    yield "vars()", lambda: vars(value)
    yield "__dict__", lambda: value.__dict__


def restore(value: Any, saved: dict[str, Any], cls: type) -> None:
    """Undo a write that should have failed, so that one failure does not spread to others."""
    if type(value) is not cls:
        object.__setattr__(value, "__class__", cls)
    for name, original in saved.items():
        try:
            if original is _MISSING:
                object.__delattr__(value, name)
            else:
                object.__setattr__(value, name, original)
        except (AttributeError, TypeError):
            pass


def attack(value: Any, decoys: list[type]) -> list[str]:
    """Try every write on ``value``; the ones that worked or changed it, in words."""
    problems = []
    before = snapshot(value)
    cls = type(value)
    label = f"{cls.__name__} {before[0][:40]!r}"
    saved = {name: getattr(value, name, _MISSING) for name in names_of(value)}
    for what, make in attempts(value, decoys):
        try:
            make()
        except (AttributeError, TypeError):
            pass
        else:
            problems.append(f"{cls.__name__}: {what} worked on {label}")
            restore(value, saved, cls)
    after = snapshot(value)
    if after[:3] != before[:3] or not (value == before[3] and hash(value) == hash(before[3])):
        problems.append(f"{cls.__name__}: {label} changed to {after[0][:40]!r}")
    return problems


def decoys_for(value: Any) -> list[type]:
    """Classes a hostile bot could try to give ``value``: its base and its siblings'."""
    cls = type(value)
    found = [base for base in cls.__mro__[1:] if base is not object]
    for base in found[:1]:
        found += [sibling for sibling in base.__subclasses__() if sibling is not cls][:3]
    return found


def played(name: str, seed: int, attack_too: bool) -> tuple[Game, list[str]]:
    """A random game of ``name``; with ``attack_too`` everything a bot sees is attacked."""
    game = unodice.new_game(name, seed=seed, registry=everything())
    agents = [RandomAgent(seed * 31 + seat) for seat in range(game.players)]
    problems: list[str] = []
    attacked: set[int] = set()
    step = 0
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        moves = game.legal_moves()
        if attack_too and step in ATTACK_AT:
            position = fingerprint(game)
            notation = [str(move) for move in moves]
            roots = [
                moves,
                tuple(game.events),
                tuple(game.moves),
                game.variant.components(game.state),
            ]
            for value in [*targets(*roots), *targets(dict(view.data))]:
                if id(value) not in attacked:
                    attacked.add(id(value))
                    problems += attack(value, decoys_for(value))
            assert [str(move) for move in game.legal_moves()] == notation
            assert fingerprint(game) == position, "an attack changed the game"
        game.play(agents[seat].choose(view, moves))
        step += 1
    return game, problems


@pytest.mark.parametrize("name", VARIANTS)
def test_nothing_a_bot_is_handed_can_be_changed(name):
    seeds = (3, 4)
    before = [fingerprint(played(name, seed, attack_too=False)[0]) for seed in seeds]
    problems: list[str] = []
    for seed in seeds:
        problems += played(name, seed, attack_too=True)[1]
    by_class = Counter(problem.split(":", 1)[0] for problem in problems)
    assert not problems, f"{len(problems)} writes worked {dict(by_class)}, such as {problems[:3]}"
    after = [fingerprint(played(name, seed, attack_too=False)[0]) for seed in seeds]
    assert after == before, "a game started after the attacks is not the same game"


def test_the_attacks_reach_moves_events_and_pieces():
    # The test above is only as good as what it reaches: every kind must be among the targets.
    game = unodice.new_game("dominoes", players=2, seed=1)
    for _ in range(3):
        game.play(game.legal_moves()[0])
    view = game.view(game.to_act)
    found = [
        *targets(game.legal_moves(), tuple(game.events), game.variant.components(game.state)),
        *pieces_seen(view),
    ]
    for kind in (Move, Event, Face, Domino, ComponentSet):
        assert any(isinstance(value, kind) for value in found), kind
    dice = unodice.new_game("centre-die", players=2, seed=1)
    assert any(isinstance(value, Die) for value in targets(dice.variant.components()))


def test_a_write_that_works_is_reported():
    # The attack itself must be able to fail: an ordinary object takes every write.
    class Open:
        end: int

        def __init__(self) -> None:
            self.end = 1

    problems = attack(Open(), [])
    assert any("object.__setattr__ end" in problem for problem in problems)
    assert any("vars()" in problem for problem in problems)
