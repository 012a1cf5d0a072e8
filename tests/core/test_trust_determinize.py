"""Trust, round three (issue 25): what the core itself hands out stays sealed.

Item 1, a determinized game shares nothing live with its game; item 3, options yield to no
write; item 6, a move with bad fields is refused as illegal; item 9, games and views pickle,
``deepcopy`` is ``copy``, a hook cannot play the game it hears of, observers hear only of
moves that stand, ``render`` checks its seat and ``house_rules=None`` means none.
"""

from __future__ import annotations

import copy
import pickle
import random
import types
from typing import Any, ClassVar

import attrs
import pytest
from toy import ToyPlugin, ToyRace, ToyState

import unodice
from unodice.core.errors import IllegalMove, InvalidOptions, PluginError, UnodiceError
from unodice.core.hooks import hookimpl
from unodice.core.moves import Move
from unodice.core.registry import Registry
from unodice.testing import check_variant

BUILT_IN = ["coverall", "centre-die", "dominoes"]


def played(variant: str, players: int, seed: int, moves: int, **options: Any) -> unodice.Game:
    """A seeded game after ``moves`` random moves (fewer if it ends first)."""
    game = unodice.new_game(variant, players, seed, options or None)
    pick = random.Random(seed)
    for _ in range(moves):
        if game.is_over:
            break
        game.play(pick.choice(game.legal_moves()))
    return game


# -- item 1: a determinized game is a sealed copy ------------------------------------------------


@pytest.mark.parametrize("variant", BUILT_IN)
def test_a_determinized_game_has_a_variant_of_its_own(variant):
    """Attack: ``det.variant`` was the live variant, its caches and options with it."""
    game = played(variant, 3, 4, 10)
    det = game.view(1).determinize(7)
    assert det.variant is not game.variant
    assert type(det.variant) is type(game.variant) and det.options == game.options
    det.variant.spoiled = True  # a bot's scribble on its own copy
    assert not hasattr(game.variant, "spoiled")


def test_a_determinized_game_keeps_no_start_position_and_no_round_end_states():
    """Attack: ``det.start_position`` held every hand and the bag's order of a game started
    from a position, and ``det.round_end_states`` the real states rounds ended in."""
    game = played("dominoes", 3, 2, 0, target=100)
    started = unodice.new_game(position=game.position(), seed=5)
    assert started.start_position is not None
    det = started.determinize(0, 1)
    assert det.start_position is None and det.round_end_states == ()
    ended = unodice.new_game("dominoes", 2, 3, {"target": 500})
    pick = random.Random(0)
    while not ended.round_end_states:
        ended.play(pick.choice(ended.legal_moves()))
    assert ended.round_end_states
    assert ended.determinize(0, 1).round_end_states == ()


def test_a_determinized_game_between_rounds_holds_its_own_state():
    game = unodice.new_game("dominoes", 2, 3, {"target": 500}, pause_between_rounds=True)
    pick = random.Random(0)
    while not game.between_rounds:
        game.play(pick.choice(game.legal_moves()))
    det = game.determinize(0, 2)
    assert det.between_rounds and det.state is not game.state
    det.next_round()
    assert game.between_rounds  # dealing the determinized game's next round changed nothing


class LeakyShared(ToyRace):
    """A variant whose instances share a public table that its rules fill from every pile."""

    name = "leaky-shared"
    seen: ClassVar[dict[int, int]] = {}

    def legal_moves(self, state: ToyState) -> tuple[Move, ...]:
        for die in state.pile:
            self.seen[die.id] = state.to_act  # type: ignore[assignment]
        return super().legal_moves(state)


def test_check_variant_fails_a_variant_whose_determinizations_share_what_can_change():
    """``check_variant`` walks what a determinized game reaches, as it walks a view."""
    registry = Registry()
    registry.add_plugin(ToyPlugin(), "toy")
    registry.add_plugin(
        types.SimpleNamespace(
            unodice_register=hookimpl(lambda registry: registry.add_variant(LeakyShared))
        ),
        "leaky-shared",
    )
    report = check_variant("leaky-shared", games=2, registry=registry, raise_on_failure=False)
    assert any(
        "determinized.variant.seen (dict) is shared with the game" in failure
        for failure in report.failures
    ), report.failures
    assert check_variant("toy-race", games=2, registry=registry).ok


# -- item 3: options yield to no write -----------------------------------------------------------


@pytest.mark.parametrize("variant", BUILT_IN)
def test_options_yield_to_object_setattr(variant):
    """Attack: ``object.__setattr__(view.options, "target", 1)`` ended a match after one round,
    and the record then claimed ``target: 1`` from the start."""
    game = unodice.new_game(variant, 2, 3)
    options = game.view(0).options
    before = game.record()["options"]
    for name in (field.name for field in attrs.fields(type(options))):
        value = getattr(options, name)
        with pytest.raises((AttributeError, TypeError)):
            object.__setattr__(options, name, value)
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            setattr(options, name, value)
        with pytest.raises((AttributeError, TypeError)):
            delattr(options, name)
        # The options class's own slot, written past the sealed class, is read by nothing.
        slot = type(options).__mro__[1].__dict__.get(name)
        if hasattr(slot, "__set__"):
            slot.__set__(options, "spoiled")
        assert getattr(options, name) == value
    with pytest.raises((AttributeError, TypeError)):
        object.__setattr__(options, "_sealed_values", ())
    assert game.record()["options"] == before and game.options is options


def test_sealed_options_still_behave_as_the_plugins_class():
    options = unodice.new_game("dominoes", 2, 3, {"target": 77}).options
    plain = type(options).__mro__[1](target=77)
    assert options == plain and isinstance(options, type(plain))
    assert attrs.evolve(options, target=5).target == 5 and options.target == 77
    assert pickle.loads(pickle.dumps(options)) == options
    assert copy.deepcopy(options) is options and hash(options) == hash(copy.copy(options))
    assert attrs.asdict(options)["target"] == 77 and "target=77" in repr(options)


# -- item 6: moves with bad fields ----------------------------------------------------------------


def _bad_moves(game: unodice.Game) -> list[Move]:
    move = game.legal_moves()[0]
    kind = type(move)
    fields = list(tuple.__iter__(move))
    bad: list[Move] = [tuple.__new__(kind, ()), tuple.__new__(kind, (None,))]
    for index in range(len(fields)):
        for junk in (None, 99, "x", -1, 1.5):
            mangled = fields[:]
            mangled[index] = junk
            bad.append(tuple.__new__(kind, mangled))
    return bad


@pytest.mark.parametrize("variant", BUILT_IN)
def test_a_move_with_bad_fields_is_refused_as_illegal(variant):
    """Attack: ``Place(None, 0, 0)``, ``Place(face, 99, 99)`` and half-built moves reached
    the variant and raised AttributeError, TypeError or IndexError blamed on it."""
    game = played(variant, 2, 1, 4)
    before = game.record()
    for move in _bad_moves(game):
        if any(move is m or move == m for m in game.legal_moves()):
            continue
        with pytest.raises(IllegalMove):
            game.play(move)
    assert game.record() == before


class Unwritable(Move):
    kind: ClassVar[str] = "unwritable"

    def __str__(self) -> str:
        raise RuntimeError("no words")


def test_a_move_that_cannot_be_written_is_refused_with_a_message():
    game = unodice.new_game("coverall", 2, 1)
    with pytest.raises(IllegalMove, match="<a Unwritable that cannot be written>"):
        game.play(Unwritable())


# -- item 9: pickles and copies -------------------------------------------------------------------


@pytest.mark.parametrize("variant", BUILT_IN)
def test_a_game_pickles_with_views_outstanding_and_plays_on_alike(variant):
    """Attack: a game could not be pickled once a view was asked for since its last move."""
    game = played(variant, 3, 6, 12, **({"target": 100} if variant != "coverall" else {}))
    views = [game.view(seat) for seat in range(3)]
    again = pickle.loads(pickle.dumps(game))
    assert [again.view(seat) for seat in range(3)] == views
    pick = random.Random(1)
    while not game.is_over:
        index = pick.randrange(len(game.legal_moves()))
        assert again.legal_moves() == game.legal_moves()
        game.play(game.legal_moves()[index])
        again.play(again.legal_moves()[index])
    assert (again.scores, again.record()) == (game.scores, game.record())


@pytest.mark.parametrize("variant", BUILT_IN)
def test_a_view_pickles_as_what_it_shows_without_the_game(variant):
    game = played(variant, 2, 3, 5)
    view = game.view(0)
    again = pickle.loads(pickle.dumps(view))
    assert again == view and again.options == view.options and again.players == view.players
    assert again._game is None
    with pytest.raises(UnodiceError, match=r"not made by Game\.view"):
        again.determinize(1)
    assert copy.deepcopy(view) is view


@pytest.mark.parametrize("variant", BUILT_IN)
def test_deepcopy_and_copy_of_a_game_are_its_copy(variant):
    game = played(variant, 2, 3, 5)
    for twin in (copy.deepcopy(game), copy.copy(game)):
        assert twin is not game and twin.state is not game.state
        assert twin.record() == game.record()
        twin.play(twin.legal_moves()[0])
        assert len(twin.moves) == len(game.moves) + 1


def test_a_game_with_house_rules_pickles():
    registry = Registry.from_entry_points()
    registry.add_plugin(ToyPlugin(), "toy")
    game = unodice.new_game("toy-race", seed=2, registry=registry, house_rules=["double-sevens"])
    game.play("roll")
    again = pickle.loads(pickle.dumps(game))
    assert again.record() == game.record()


# -- item 9: hooks -------------------------------------------------------------------------------


class PlaysFromAHook:
    """A house rule that tries to play the game it observes."""

    def __init__(self) -> None:
        self.refusals: list[str] = []
        self.armed = True

    @hookimpl
    def unodice_event(self, game: Any, event: Any) -> None:
        if self.armed and event.kind == "move-played" and not game.is_over:
            try:
                game.play(game.legal_moves()[0])
            except UnodiceError as error:
                self.refusals.append(str(error))
                raise


class Listens:
    def __init__(self) -> None:
        self.heard: list[str] = []

    @hookimpl
    def unodice_event(self, event: Any) -> None:
        self.heard.append(event.kind)


def _rules_registry(**rules: Any) -> Registry:
    registry = Registry.from_entry_points()
    registry.add_plugin(ToyPlugin(), "toy")

    def register(registry: Any) -> None:
        for name, rule in rules.items():
            registry.add_house_rule(name, rule)

    registry.add_plugin(types.SimpleNamespace(unodice_register=hookimpl(register)), "rules")
    return registry


def test_a_hook_cannot_play_the_game_and_the_record_still_replays():
    """Attack: a house rule that called ``game.play`` from its event hook made the game's own
    record fail to replay."""
    player = PlaysFromAHook()
    registry = _rules_registry(player=player)
    game = unodice.new_game("toy-race", seed=3, registry=registry, house_rules=["player"])
    with pytest.raises(
        PluginError,
        match=r"house rule 'player' failed in unodice_event: "
        r"UnodiceError: game\.play",
    ):
        game.play("roll")
    assert player.refusals and "a hook may read the game, not play it" in player.refusals[0]
    assert len(game.moves) == 1  # the move it observed stands, and nothing more was played
    player.armed = False
    assert unodice.replay(game.record(), registry=registry).record() == game.record()


class FailsOnRoll:
    armed = True

    @hookimpl
    def unodice_event(self, event: Any) -> None:
        if self.armed and event.kind == "rolled":
            raise RuntimeError("not this one")


def test_observers_hear_only_of_moves_that_stand():
    """Attack: observers heard of a move that another house rule then refused."""
    listens, later, fails = Listens(), Listens(), FailsOnRoll()
    registry = _rules_registry(listens=listens, fails=fails, later=later)
    game = unodice.new_game(
        "toy-race", seed=3, registry=registry, house_rules=["listens", "fails", "later"]
    )
    with pytest.raises(PluginError, match=r"house rule 'fails'.*the move it observed stands"):
        game.play("roll")
    # Every other observer heard the whole move, and the move is the game's.
    assert listens.heard == later.heard and listens.heard[-2:] == ["move-played", "rolled"]
    assert len(game.moves) == 1
    fails.armed = False
    record = game.record()
    assert unodice.replay(record, registry=registry).record() == record


def test_a_wrapper_rule_hook_is_refused_at_registration():
    class Wraps:
        @hookimpl(wrapper=True)
        def unodice_event(self, event: Any) -> Any:
            return (yield)

    registry = _rules_registry(wraps=Wraps())
    assert "wraps" not in registry.house_rules()
    assert any(
        "rule hooks are plain functions" in str(info.error)
        for info in registry.plugins()
        if info.error
    )


# -- item 9: render and house_rules=None ---------------------------------------------------------


@pytest.mark.parametrize("seat", ["0", 1.5, -1, 3, True])
def test_render_checks_its_seat(seat):
    """Attack: ``render('0')`` and ``render(1.5)`` drew a picture for no seat."""
    game = unodice.new_game("centre-die", 3, 1)
    with pytest.raises(InvalidOptions, match="seat must be None"):
        game.render(seat)
    assert game.render(None) and game.render(2)


def test_house_rules_none_means_none():
    game = unodice.new_game("coverall", 2, 1, house_rules=None)
    assert game.house_rules == ()


def test_the_refusal_of_a_move_that_would_not_unpickle_still_pickles():
    """A refused half-built move crosses to another process as its text (with tblib, which
    Dask installs, an AgentError carries the refusal it came from)."""
    game = unodice.new_game("coverall", 2, 1)
    half_built = tuple.__new__(type(game.legal_moves()[0]), ())
    with pytest.raises(IllegalMove) as caught:
        game.play(half_built)
    again = pickle.loads(pickle.dumps(caught.value))
    assert str(again) == str(caught.value) and again.move == "<a Place that cannot be written>"
    fine = IllegalMove(game.legal_moves()[0], "not now")
    assert pickle.loads(pickle.dumps(fine)).move == game.legal_moves()[0]
