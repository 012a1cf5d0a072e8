"""The boundary between a bot and the game: each test replays an attack that once worked.

A bot is handed ``game.view(seat)`` and ``game.legal_moves()``; nothing reachable from them may
reveal what its seat may not see, or change any game.
"""

from __future__ import annotations

import re
import types
from typing import Any, ClassVar

import attrs
import pytest
from toy import ToyPlugin, ToyRace, ToyState

import unodice
from unodice import IllegalMove, Move
from unodice.core.capabilities import Reference
from unodice.core.errors import GameBroken, PluginError
from unodice.core.hooks import hookimpl
from unodice.core.registry import Registry
from unodice.play.agents import RandomAgent
from unodice.testing import boundary_problems, check_variant

BUILT_IN = ("coverall", "centre-die", "dominoes")


def positions(variant: str, players: int = 3, seed: int = 1, decisions: int = 60):
    """Games of ``variant`` at successive decisions of one seeded random game."""
    game = unodice.new_game(variant, players, seed)
    agents = [RandomAgent(seed + seat) for seat in range(players)]
    for _ in range(decisions):
        if game.is_over:
            return
        yield game
        seat = game.to_act
        game.play(agents[seat].choose(game.view(seat), game.legal_moves()))


@pytest.mark.parametrize("variant", BUILT_IN)
def test_nothing_a_bot_reaches_shows_hidden_pieces_or_can_be_changed(variant):
    """Attack: ``view.variant.tiles`` held move caches filled from every hidden hand."""
    checked = 0
    for game in positions(variant):
        seat = game.to_act
        hidden = list(game.variant.hidden_pieces(game.state, seat))
        roots = {"view": game.view(seat), "moves": game.legal_moves()}
        assert boundary_problems(roots, hidden) == []
        checked += 1
    assert checked > 10


def test_the_dominoes_hand_reading_attack_finds_nothing():
    """The red team's bot: read opponents' tiles out of caches reachable from the view."""
    game = next(iter(positions("dominoes", players=2, decisions=1)))
    view = game.view(0)
    assert not hasattr(view, "variant")
    assert {name for name in dir(view) if not name.startswith("_")} == {
        "data",
        "determinize",
        "gain",
        "options",
        "players",
        "round",
        "scores",
        "seat",
        "to_act",
        "to_json",
        "variant_name",
    }


@pytest.mark.parametrize("variant", BUILT_IN)
def test_options_seen_through_a_view_cannot_be_changed(variant):
    """Attack: ``view.variant.options.target = 1`` ended a dominoes match after one round."""
    game = unodice.new_game(variant, 2, 3)
    options = game.view(0).options
    field = attrs.fields(type(options))[0]
    before = game.record()["options"]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        setattr(options, field.name, getattr(options, field.name))
    assert game.options is options and game.record()["options"] == before


def test_a_copy_shares_only_frozen_options():
    """Attack: ``copy()`` shared the options object, so changing one changed both."""
    game = unodice.new_game("dominoes", 2, 3)
    twin = game.copy()
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        twin.options.target = 1  # type: ignore[misc]
    assert game.options.target == twin.options.target == 500


def test_a_plugin_options_class_declared_mutable_still_gives_frozen_options(registry):
    """A plugin may declare ``Options`` with ``attrs.define``; its games' options are frozen."""

    @attrs.define
    class LooseOptions:
        target: int = unodice.option(20, "points that win", minimum=1)
        rounds: int = unodice.option(1, "rounds", minimum=1, maximum=9)

    class Loose(ToyRace):
        name = "loose-race"
        Options: ClassVar[type] = LooseOptions

    registry.add_plugin(
        types.SimpleNamespace(
            unodice_register=hookimpl(lambda registry: registry.add_variant(Loose))
        ),
        "loose",
    )
    game = unodice.new_game("loose-race", seed=1, options={"target": 5}, registry=registry)
    assert isinstance(game.options, LooseOptions) and game.options == LooseOptions(5)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        game.view(0).options.target = 1


def test_shared_tables_cannot_be_rewritten():
    """Attack: rewriting the tile points table made every dominoes game in the process score 0."""
    game = unodice.new_game("dominoes", 2, 3)
    with pytest.raises(AttributeError, match="shared by every game"):
        game.variant._lookups.points = (0,) * len(game.variant._lookups.points)
    dice = unodice.new_game("centre-die", 2, 3)
    with pytest.raises(AttributeError, match="shared by every game"):
        dice.variant._faces.faces = ()


class Everything(Move):
    """A hostile move that claims to equal every move."""

    kind: ClassVar[str] = "everything"

    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = Move.__hash__

    def __str__(self) -> str:
        return "place r5 A1"


@pytest.mark.parametrize("variant", BUILT_IN)
def test_a_move_that_equals_everything_is_refused(variant):
    """Attack: a move whose ``__eq__`` is always true placed a die on an occupied space."""
    game = unodice.new_game(variant, 2, 5)
    before = (game.record(), len(game.events))
    with pytest.raises(IllegalMove):
        game.play(Everything())
    assert (game.record(), len(game.events)) == before


@pytest.mark.parametrize("variant", BUILT_IN)
def test_play_carries_out_the_games_own_move_object(variant):
    """An equal move of the caller's (here read back from its notation) is not the one used."""
    for game in positions(variant, decisions=12):
        offered = game.legal_moves()[0]
        own = game.variant.parse_move(str(offered))
        assert own == offered
        played = game.play(own)[0]
        assert played.move is offered
        return


def test_history_is_read_without_copying_it(registry):
    """Attack on speed: ``game.events`` rebuilt the whole history at every access."""
    game = unodice.new_game("dominoes", 2, 7, options={"target": 2000})
    agents = [RandomAgent(1), RandomAgent(2)]
    while not game.is_over and len(game.events) < 3000:
        seat = game.to_act
        game.play(agents[seat].choose(game.view(seat), game.legal_moves()))

    class Counting(list):  # type: ignore[type-arg]
        reads = 0

        def __getitem__(self, index: Any) -> Any:
            Counting.reads += 1
            return super().__getitem__(index)

        def __iter__(self) -> Any:
            Counting.reads += len(self)
            return super().__iter__()

    game._set_log(type(game._log)(Counting(game._events), game._movers))
    Counting.reads = 0
    for _ in range(100):
        last, count, moves = game.events[-1], len(game.events), game.moves[-1]
    assert Counting.reads < 3000, "reading the last event 100 times read the whole history"
    assert last == tuple(game.events)[-1] and count == len(tuple(game.events))
    assert moves == [entry for entry in game.events if entry.kind == "move-played"][-1].move


def test_history_reads_like_a_tuple(registry):
    game = unodice.new_game("toy-race", seed=5, registry=registry)
    game.play("roll")
    events = game.events
    assert events == tuple(events) and events == list(events)
    assert events[:2] == tuple(events)[:2]
    assert game.moves == (game.moves[0],) and str(game.moves[-1]) == "roll"
    game.play(game.legal_moves()[0])
    assert len(events) < len(game.events), "a history asked for earlier stays as it was"
    with pytest.raises(IndexError):
        events[len(events)]
    with pytest.raises(TypeError):
        events[0] = None  # type: ignore[index]


class Watcher:
    """A house rule that observes events and fails to score the second bank."""

    def __init__(self) -> None:
        self.seen: list[str] = []
        self.banks = 0

    @hookimpl
    def unodice_event(self, game: Any, event: Any) -> None:
        self.seen.append(event.kind)

    @hookimpl
    def unodice_score(self, game: Any, seat: int, points: int, reason: str, context: Any) -> Any:
        self.banks += 1
        if self.banks == 2:
            raise RuntimeError("scoring failed")
        return None


def test_observers_never_hear_of_a_refused_move():
    """Attack: an event hook saw the events of a move that a failing hook then refused."""
    watcher = Watcher()
    registry = Registry()
    registry.add_plugin(ToyPlugin(), "toy")
    registry.add_plugin(
        types.SimpleNamespace(
            unodice_register=hookimpl(lambda registry: registry.add_house_rule("watcher", watcher))
        ),
        "watcher",
    )
    game = unodice.new_game("toy-race", 2, 11, house_rules=["watcher"], registry=registry)
    refused = None
    while not game.is_over and refused is None:
        heard = list(watcher.seen)
        before = game.record()
        move = "hold" if "hold" in map(str, game.legal_moves()) else game.legal_moves()[0]
        try:
            game.play(move)
        except PluginError:
            refused = move
    assert refused is not None, "the second bank was never reached"
    assert watcher.seen == heard, "an observer heard of the refused move's events"
    assert game.record() == before
    assert watcher.seen == [event.kind for event in game.events]


def interrupting(variant: ToyRace) -> None:
    """Make the variant's next move stop halfway, as Ctrl-C would."""
    real = variant.apply

    def apply(table: Any, state: ToyState, move: Any) -> None:
        state.turn_total += 1000  # half the move done
        raise KeyboardInterrupt

    variant.apply = apply  # type: ignore[method-assign]
    variant._real_apply = real  # type: ignore[attr-defined]


def test_a_move_stopped_halfway_leaves_the_game_unusable_not_corrupt(registry):
    game = unodice.new_game("toy-race", 2, 5, registry=registry)
    interrupting(game.variant)  # type: ignore[arg-type]
    with pytest.raises(KeyboardInterrupt):
        game.play("roll")
    for use in (
        game.legal_moves,
        lambda: game.play("roll"),
        lambda: game.view(0),
        game.copy,
        game.record,
    ):
        with pytest.raises(GameBroken, match="stopped in the middle of a move"):
            use()


def test_a_move_stopped_halfway_with_house_rules_leaves_the_game_as_it_was(registry):
    game = unodice.new_game("toy-race", 2, 5, house_rules=["double-sevens"], registry=registry)
    before = (game.record(), game.render(), len(game.events))
    interrupting(game.variant)  # type: ignore[arg-type]
    with pytest.raises(KeyboardInterrupt):
        game.play("roll")
    assert (game.record(), game.render(), len(game.events)) == before
    game.variant.apply = game.variant._real_apply  # type: ignore[attr-defined]
    game.play("roll")


class LeakyCache(ToyRace):
    """Every view carries a table shared by all games, filled from each seat's pile."""

    name = "leaky-cache"
    seen: ClassVar[dict[int, int]] = {}

    def legal_moves(self, state: ToyState) -> tuple[Move, ...]:
        for die in state.pile:
            self.seen[die.id] = state.to_act  # type: ignore[assignment]
        return super().legal_moves(state)

    def view_data(self, state: ToyState, seat: int) -> dict[str, Any]:
        return {**super().view_data(state, seat), "seen": types.MappingProxyType(self.seen)}


class Rewritable(ToyRace):
    """Every view carries an object whose attribute a bot could set."""

    name = "rewritable"

    def view_data(self, state: ToyState, seat: int) -> dict[str, Any]:
        return {**super().view_data(state, seat), "rules": types.SimpleNamespace(target=20)}


@pytest.mark.parametrize(
    ("variant", "words"),
    [
        (LeakyCache, "changed while a copy of the game played on"),
        (Rewritable, r"view.data\['rules'\].target can be set"),
    ],
)
def test_check_variant_catches_a_view_that_leaks_or_can_be_changed(variant, words):
    registry = Registry()
    registry.add_plugin(ToyPlugin(), "toy")
    registry.add_plugin(
        types.SimpleNamespace(
            unodice_register=hookimpl(lambda registry: registry.add_variant(variant))
        ),
        variant.name,
    )
    report = check_variant(variant.name, games=2, registry=registry, raise_on_failure=False)
    assert any(re.search(words, f) for f in report.failures), report.failures
    assert check_variant("toy-race", games=2, registry=registry).ok


@pytest.mark.parametrize(
    ("variant", "clause"),
    [
        ("coverall", "CV-13"),
        ("centre-die", "CD-11"),
        ("dominoes", "DO-11"),
    ],
)
def test_a_move_after_the_end_cites_the_game_end_clause(variant, clause):
    game = unodice.play_game(
        variant,
        [RandomAgent(1), RandomAgent(2)],
        seed=3,
        options={"target": 50} if variant != "coverall" else None,
    )
    with pytest.raises(IllegalMove, match=f"^{clause}: the game is over"):
        game.play("draw")


class ToyReference:
    """The toy's rules read plainly: roll, or hold a turn total above nothing to bank it."""

    def __init__(self, hold_bonus: int = 0, forget_hold: bool = False):
        self.hold_bonus = hold_bonus
        self.forget_hold = forget_hold

    def legal_moves(self, variant: Any, state: ToyState) -> list[Move]:
        from toy import Hold, Roll

        holding = state.turn_total > 0 and not self.forget_hold
        return [Roll(), Hold()] if holding else [Roll()]

    def move_points(self, variant: Any, state: ToyState, move: Any) -> list[int]:
        points = [0] * variant.player_count
        if str(move) == "hold":
            points[state.seats.current] = state.turn_total + self.hold_bonus
        return points

    def round_points(self, variant: Any, state: ToyState) -> list[int]:
        return [0] * variant.player_count


@pytest.mark.parametrize(
    ("reading", "words"),
    [
        (ToyReference(), None),
        (ToyReference(hold_bonus=1), r"playing 'hold' scored \[\d+, \d+\], the reference says"),
        (ToyReference(forget_hold=True), r"not in the reference \['hold'\]"),
    ],
)
def test_check_variant_compares_the_fast_path_with_the_reference(reading, words):
    class Referenced(ToyRace, Reference[ToyState, Move]):
        name = "referenced-race"

        def reference_legal_moves(self, state: ToyState) -> list[Move]:
            return reading.legal_moves(self, state)

        def reference_move_points(self, state: ToyState, move: Move) -> list[int]:
            return reading.move_points(self, state, move)

        def reference_round_points(self, state: ToyState) -> list[int]:
            return reading.round_points(self, state)

    registry = Registry()
    registry.add_plugin(
        types.SimpleNamespace(
            unodice_register=hookimpl(lambda registry: registry.add_variant(Referenced))
        ),
        "referenced",
    )
    report = check_variant(
        "referenced-race",
        players=[2],
        games=3,
        registry=registry,
        reference=True,
        raise_on_failure=False,
    )
    if words is None:
        assert report.ok, report.failures
    else:
        assert any(re.search(words, failure) for failure in report.failures), report.failures


def test_the_reference_check_needs_a_reference(registry):
    report = check_variant(
        "toy-race", games=1, registry=registry, reference=True, raise_on_failure=False
    )
    assert report.failures and "no plain reading of its rules" in report.failures[0]
