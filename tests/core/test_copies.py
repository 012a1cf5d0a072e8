"""Every copy in the core copies every attribute.

The core's copies are written out attribute by attribute, not made by ``copy.deepcopy``: a
search copies games by the million. A copy written so forgets an attribute added to its class
later, silently. So each class is listed here with each of its attributes and what its copy
does with it, and these tests fail when the class gains an attribute this file does not know
(say here what the copy does with it, and make the copy do so), when a copy leaves one out, or
when a copy shares what it must own.

The states of the variants are copied the same way: every installed variant's state, at every
decision of a few games, must copy into a state with the same attributes.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from every_variant import VARIANTS, everything

import unodice
from unodice.core.chance import Chance, Draw, ReplayChance, Roll, ScriptedChance, Showing
from unodice.core.errors import IllegalMove
from unodice.core.game import Game
from unodice.core.history import Log
from unodice.core.moves import Move
from unodice.core.pieces import Bag, load_components
from unodice.core.registry import Registry
from unodice.core.turns import Seats

SAME = "the same value (equal; immutable, or never changed in place, so it may be shared)"
OWN = "the copy's own object, equal to the original's"
COPIED = "the copy's own object, made by the copy() of its class (which is checked on its own)"
FRESH = "made afresh for the copy (not compared)"
OWN_WHEN_USED = "an empty tuple, shared, until something is put in it; then the copy's own object"


def attribute_names(thing: object) -> set[str]:
    """The attributes an object has: its ``__dict__`` and every slot of its class that is set."""
    names = set(getattr(thing, "__dict__", {}))
    for kind in type(thing).__mro__:
        slots = kind.__dict__.get("__slots__", ())
        for name in (slots,) if isinstance(slots, str) else slots:
            if name not in ("__dict__", "__weakref__") and hasattr(thing, name):
                names.add(name)
    return names


def declared_slots(kind: type) -> set[str]:
    """Every slot a class and its bases declare."""
    names: set[str] = set()
    for base in kind.__mro__:
        slots = base.__dict__.get("__slots__", ())
        names.update((slots,) if isinstance(slots, str) else slots)
    return names - {"__dict__", "__weakref__"}


def _comparable(value: Any) -> Any:
    """A value as compared: sequences by their items (an array equals the list it holds)."""
    if isinstance(value, Bag):
        return list(value)
    if hasattr(value, "__len__") and hasattr(value, "__getitem__") and not isinstance(value, str):
        try:
            return [_comparable(item) for item in value]
        except TypeError:
            return value
    return value


def check_copy(original: object, twin: object, expected: dict[str, str], what: str) -> None:
    """Check ``twin`` copies every attribute of ``original`` as ``expected`` says."""
    names = attribute_names(original)
    unknown = names - set(expected)
    assert not unknown, (
        f"{what} has attributes this test does not know: {sorted(unknown)}. Make its copy copy "
        "them, and list each in tests/core/test_copies.py with what the copy does with it"
    )
    missing = names - attribute_names(twin)
    assert not missing, f"{what}'s copy leaves out {sorted(missing)}: its copy must set them"
    for name in sorted(names):
        mine, theirs = getattr(original, name), getattr(twin, name)
        if expected[name] == SAME:
            assert _comparable(theirs) == _comparable(mine), f"{what}.{name} is not copied as is"
        elif expected[name] == OWN:
            assert theirs is not mine, f"{what}'s copy shares {name}, which it must own"
            assert _comparable(theirs) == _comparable(mine), f"{what}.{name} is copied wrong"
        elif expected[name] == OWN_WHEN_USED:
            assert theirs is not mine or mine == (), f"{what}'s copy shares {name}, once used"
            assert _comparable(theirs) == _comparable(mine), f"{what}.{name} is copied wrong"
        elif expected[name] == COPIED:
            assert theirs is not mine, f"{what}'s copy shares {name}, which it must own"
            assert type(theirs) is type(mine), f"{what}.{name} is copied wrong"


def check_known(kind: type, expected: dict[str, str]) -> None:
    """Every slot ``kind`` declares is listed in ``expected``, and nothing else is."""
    slots = declared_slots(kind)
    assert slots == set(expected), (
        f"{kind.__name__} declares {sorted(slots - set(expected))} unknown to this test, and "
        f"this test lists {sorted(set(expected) - slots)} it does not declare: make "
        f"{kind.__name__}'s copy copy every attribute, and list each here"
    )


# -- chance ----------------------------------------------------------------------------------------

CHANCE = {
    "seed": SAME,
    "outcomes": OWN,
    # The copy takes its generator's state when it is first drawn from (see Chance.copy).
    "_generator": FRESH,
    "_origin": FRESH,
    "_future": FRESH,
    "_bits": FRESH,
}
REPLAY_CHANCE = {
    **CHANCE,
    "_recorded": SAME,  # never changed once made
    "_next": SAME,
    "_strict": SAME,
    "_field": SAME,
    "_carry_on": SAME,
    "source": SAME,
}
SCRIPTED_CHANCE = {**CHANCE, "script": OWN, "lenient": SAME, "_pending": OWN, "_done": SAME}


def _drawn(chance: Chance) -> Chance:
    """``chance`` after it rolled five dice and drew from a bag."""
    for die in load_components("coverall-24").dice[:5]:
        chance.roll(die)
    chance.draw(Bag(range(10)))
    return chance


@pytest.mark.parametrize("outcomes", [True, False])
def test_chance_copies_every_attribute(outcomes):
    check_known(Chance, CHANCE)
    chance = _drawn(Chance(17))
    twin = chance.copy(outcomes=outcomes)
    check_copy(chance, twin, CHANCE if outcomes else {**CHANCE, "outcomes": FRESH}, "Chance")
    assert [twin.below(1000) for _ in range(20)] == [chance.below(1000) for _ in range(20)]


def test_replay_chance_copies_every_attribute():
    check_known(ReplayChance, REPLAY_CHANCE)
    recorded = list(_drawn(Chance(5)).outcomes)
    chance = ReplayChance(recorded, seed=5, strict=True, field="chance.outcomes", carry_on=False)
    for die in load_components("coverall-24").dice[:3]:
        chance.roll(die)  # three of the six recorded outcomes used
    twin = chance.copy()
    check_copy(chance, twin, REPLAY_CHANCE, "ReplayChance")
    assert twin.unused == chance.unused > 0


def test_scripted_chance_copies_every_attribute():
    check_known(ScriptedChance, SCRIPTED_CHANCE)
    coverall = load_components("coverall-24")
    first = coverall.dice[0]
    chance = ScriptedChance(
        [Roll(first.faces[1]), Showing.of("WD4"), Roll("y1"), Draw(3)], seed=2, lenient=True
    )
    chance.roll(coverall.dice[0])
    chance.draw(Bag(coverall.dice))  # a die showing WD4 is pending
    twin = chance.copy()
    assert chance._pending and chance._done == 2
    check_copy(chance, twin, SCRIPTED_CHANCE, "ScriptedChance")


# -- pieces, seats, history ------------------------------------------------------------------------

BAG = {"_items": OWN}
SEATS = {"count": SAME, "current": SAME, "direction": SAME, "reverse_skips": SAME}
LOG = {
    "entries": OWN,
    "movers": OWN,
    "packed": SAME,
    "_positions": OWN_WHEN_USED,  # worked out when first asked for
    "_packs": OWN_WHEN_USED,
    "_packed_at": OWN_WHEN_USED,
}


def test_a_bag_copies_every_attribute():
    check_known(Bag, BAG)
    bag = Bag(range(9))
    bag.take_at(2)
    check_copy(bag, bag.copy(), BAG, "Bag")


def test_seats_copy_every_attribute():
    check_known(Seats, SEATS)
    seats = Seats.around(2, current=1, two_player_reverse_skips=True)
    seats.reverse()
    twin = seats.copy()
    check_copy(seats, twin, SEATS, "Seats")
    assert twin == seats


@pytest.mark.parametrize("how", ["copy", "truncated"])
def test_a_log_copies_every_attribute(how, registry):
    check_known(Log, LOG)
    game = unodice.new_game("toy-race", seed=5, registry=registry)
    for _ in range(6):
        game.play(game.legal_moves()[0])
    log = game._log
    log.positions()  # worked out, so that there is something to copy
    twin = log.copy() if how == "copy" else log.truncated(len(log.entries), len(log.movers))
    check_copy(log, twin, LOG, "Log")


@pytest.mark.parametrize("how", ["copy", "truncated"])
def test_a_log_with_packed_events_copies_every_attribute(how):
    game = unodice.new_game("centre-die", 2, seed=5)
    for _ in range(80):
        game.play(game.legal_moves()[0])
    log = game._log
    assert log._packs, "nothing was packed"
    twin = log.copy() if how == "copy" else log.truncated(len(log.entries), len(log.movers))
    check_copy(log, twin, LOG, "Log")


# -- the game --------------------------------------------------------------------------------------

GAME = {
    "variant": SAME,
    "players": SAME,
    "options": SAME,
    "seed": SAME,
    "plugin": SAME,
    "house_rules": SAME,
    "_hooks": SAME,  # the house rules' hooks: they keep nothing of a game's
    "_broken": SAME,
    "_unrecordable": SAME,
    "_plays": SAME,
    "_round": SAME,
    "_round_winners": SAME,
    "_over": SAME,
    "_winners": SAME,
    "round_end_states": SAME,  # the states rounds ended in: never changed after
    "_legal": SAME,
    "_by_text": SAME,  # replaced, never changed in place
    "start_position": SAME,
    "_pause_between_rounds": SAME,
    "_paused": SAME,  # the outcome of the round that ended: frozen, its state read only
    "_chance": COPIED,
    "_log": COPIED,
    "_events": OWN,
    "_movers": OWN,
    "_totals": OWN,
    "_round_points": OWN,
    "_table": FRESH,  # the variant's services, bound to the copy
    "_unread_views": FRESH,  # views belong to the game that made them
    "state": COPIED,  # checked by the states' test below
}


def _played(registry: Registry) -> Game:
    """A game with house rules, some moves in, a view listed unread and its moves by text."""
    game = unodice.new_game(
        "toy-race(rounds=3,target=5)", seed=5, registry=registry, house_rules=["double-sevens"]
    )
    for _ in range(9):
        game.play(game.legal_moves()[0])
    with pytest.raises(IllegalMove):
        game.play("fold")  # the legal moves are listed by their text, to read it
    game.view(0)
    assert game._by_text and game._unread_views and game._legal and not game.is_over
    return game


def _check_game_copy(game: Game, twin: Game, expected: dict[str, str], what: str) -> None:
    check_copy(game, twin, expected, what)
    assert twin._table._game is twin, f"{what}: the variant's table serves the original"
    assert twin._events is twin._log.entries and twin._movers is twin._log.movers
    assert twin._unread_views == []


@pytest.mark.parametrize("how", ["copy", "copy.copy", "copy.deepcopy"])
def test_a_game_copies_every_attribute(how, registry):
    game = _played(registry)
    twin = {"copy": Game.copy, "copy.copy": copy.copy, "copy.deepcopy": copy.deepcopy}[how](game)
    _check_game_copy(game, twin, GAME, f"Game ({how})")


def test_a_game_paused_between_rounds_copies_every_attribute(registry):
    game = unodice.new_game(
        "toy-race(rounds=3,target=5)", seed=6, registry=registry, pause_between_rounds=True
    )
    while not game.between_rounds:
        game.play("hold" if game.state.turn_total else "roll")
    twin = game.copy()
    _check_game_copy(game, twin, GAME, "Game (between rounds)")
    assert twin.next_round() == game.next_round()


def test_a_copy_without_history_copies_every_other_attribute(registry):
    game = _played(registry)
    twin = game.copy(history=False)
    empty = {"_log": FRESH, "_events": FRESH, "_movers": FRESH, "_chance": FRESH}
    expected = {**GAME, **empty, "_unrecordable": FRESH}
    _check_game_copy(game, twin, expected, "Game (copy without history)")
    assert len(twin.events) == 0 and len(twin._chance.outcomes) == 0


def test_a_determinized_game_copies_every_other_attribute(registry):
    game = _played(registry)
    twin = game.determinize(1, 4)
    made_up = {"_log": FRESH, "_events": FRESH, "_movers": FRESH, "_chance": FRESH}
    sealed = {"variant": FRESH, "seed": FRESH, "start_position": FRESH, "round_end_states": FRESH}
    changed = {"_unrecordable": FRESH, "_legal": FRESH, "_by_text": FRESH}
    expected = {**GAME, **made_up, **sealed, **changed}
    _check_game_copy(game, twin, expected, "Game (determinized)")
    assert twin.variant is not game.variant and type(twin.variant) is type(game.variant)


# -- every variant's state -------------------------------------------------------------------------


def _check_state_copy(state: Any, what: str, depth: int = 0) -> None:
    """The state's copy has the state's attributes; so do the copies of its copied parts."""
    twin = state.copy()
    names = attribute_names(state)
    assert attribute_names(twin) == names, (
        f"{what}'s copy has {sorted(attribute_names(twin) - names)} more and "
        f"{sorted(names - attribute_names(twin))} fewer attributes: its copy() must set each"
    )
    assert type(twin) is type(state)
    if depth > 2:
        return
    for name in sorted(names):
        part, copied = getattr(state, name), getattr(twin, name)
        if part is copied or not callable(getattr(part, "copy", None)):
            continue
        if isinstance(part, list | dict | set | Bag | Seats) or type(part).__module__ == "array":
            continue  # a container or a piece of the core, checked above
        _check_state_copy(part, f"{what}.{name}", depth + 1)


@pytest.mark.parametrize("name", VARIANTS)
def test_every_variant_state_copies_every_attribute(name):
    players = everything().variant(name).players
    for count in sorted({players.start, players.stop - 1}):
        for seed in (1, 2):
            game = unodice.new_game(name, players=count, seed=seed, registry=everything())
            chooser = random.Random(seed)
            for _ in range(60):
                if game.is_over:
                    break
                _check_state_copy(game.state, f"{name}'s {type(game.state).__name__}")
                moves: tuple[Move, ...] = game.legal_moves()
                game.play(chooser.choice(moves))
            _check_state_copy(game.state, f"{name}'s {type(game.state).__name__} at the end")


def test_the_helpers_see_what_is_left_out():
    """A copy that forgets an attribute is caught, by name."""

    class Careless:
        __slots__ = ("forgotten", "kept")

        def __init__(self) -> None:
            self.kept, self.forgotten = 1, 2

        def copy(self) -> Careless:
            twin = object.__new__(Careless)
            twin.kept = self.kept
            return twin

    with pytest.raises(AssertionError, match=r"leaves out \['forgotten'\]"):
        check_copy(Careless(), Careless().copy(), {"kept": SAME, "forgotten": SAME}, "Careless")
    with pytest.raises(AssertionError, match=r"\['forgotten'\] unknown"):
        check_known(Careless, {"kept": SAME})
