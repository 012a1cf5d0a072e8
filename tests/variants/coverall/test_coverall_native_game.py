"""A coverall game on native rules (``new_game(..., native=True)``) against the Python game.

Games are stepped in lock-step through the public API, native and Python, from the same seed
with the same bots: at every decision the seat to act, the legal moves (in order), every seat's
view, the scores and the events of the move must agree; at the end the events, the moves, the
winners and the records, and each game must replay the other's record. Every option of the
variant is covered (tray shapes, the partition, the two-player R, sets of games, dice sets) at
every player count it allows. Copies, refusals, determinizations, pickles and the boundary
between a bot and the game are checked too.
"""

from __future__ import annotations

import copy
import pickle
import random
from array import array
from typing import Any

import pytest
from test_coverall_native import IDS, OPTION_SETS, NativeSets

import unodice
from unodice.core.errors import IllegalMove, UnodiceError
from unodice.core.game import Game
from unodice.core.hooks import hookimpl
from unodice.core.native_game import NativeGame
from unodice.core.registry import Registry
from unodice.play.agents import GreedyAgent, RandomAgent
from unodice.records.record import replay
from unodice.testing import _MUTABLE, _public_values, _reachable, boundary_problems, shared_problems
from unodice.variants import coverall as coverall_plugin
from unodice.variants.coverall import CoverallHeuristic
from unodice.variants.coverall.native import native_module
from unodice.variants.coverall.rules import Coverall

pytestmark = pytest.mark.skipif(
    native_module() is None,
    reason="the native coverall engine (unodice._native._coverall) is not built, or UNODICE_PURE=1",
)

SET = {"set_of_games": True}
"""A set of games: one game per player, so that games are long enough to step through."""


@pytest.fixture(scope="module")
def registry() -> Registry:
    registry = Registry()
    registry.add_plugin(coverall_plugin, "coverall")
    registry.add_plugin(NativeSets(), "coverall-native-sets")
    return registry


def games(
    players: int, seed: int, options: dict[str, Any], registry: Registry | None = None
) -> tuple[Game, Game]:
    """The native game and the Python game of one setup."""
    made = [
        unodice.new_game("coverall", players, seed, options, registry=registry, native=native)
        for native in (True, False)
    ]
    assert isinstance(made[0], NativeGame) and not isinstance(made[1], NativeGame)
    return made[0], made[1]


def same_decision(native: Game, python: Game, where: str) -> None:
    """The same position seen through every public question a bot asks."""
    assert native.to_act == python.to_act, where
    assert native.legal_moves() == python.legal_moves(), where
    assert native.scores == python.scores, where
    assert native.round == python.round, where
    assert native.is_over == python.is_over, where
    for seat in range(python.players):
        assert native.view(seat) == python.view(seat), f"seat {seat}'s view, {where}"


_BOTS = {"random": RandomAgent, "greedy": GreedyAgent, "heuristic": CoverallHeuristic}


def lock_step(
    native: Game,
    python: Game,
    agent: str = "random",
    seed: int = 0,
    every: int = 1,
    limit: int | None = None,
) -> int:
    """Play both games with the same bots until the end (or ``limit``); the decisions."""
    kind = _BOTS[agent]
    bots = [(kind(seed + seat), kind(seed + seat)) for seat in range(python.players)]
    decisions = 0
    while not python.is_over and (limit is None or decisions < limit):
        where = f"decision {decisions}"
        if decisions % every == 0:
            same_decision(native, python, where)
        seat = python.to_act
        assert seat is not None
        move = bots[seat][0].choose(native.view(seat), native.legal_moves())
        expected = bots[seat][1].choose(python.view(seat), python.legal_moves())
        assert move == expected, where
        events = native.play(move)
        assert events == python.play(expected), where
        decisions += 1
    same_decision(native, python, "the end")
    return decisions


def same_history(native: Game, python: Game) -> None:
    assert list(native.events) == list(python.events)
    assert list(native.moves) == list(python.moves)
    assert native.winners == python.winners
    assert native.record() == python.record()
    for seat in range(python.players):
        assert native.record(seat) == python.record(seat)


@pytest.mark.parametrize(("options", "seats"), OPTION_SETS, ids=IDS)
def test_native_games_step_as_python_games(
    options: dict[str, Any], seats: tuple[int, ...], registry: Registry
) -> None:
    """Random, greedy and heuristic games at every player count, compared at every decision."""
    for players in seats:
        agent = ("random", "greedy", "heuristic")[players % 3]
        for seed, bots in ((players, "random"), (players + 100, agent)):
            native, python = games(players, seed, options, registry)
            lock_step(native, python, bots, seed)
            assert native.is_over
            same_history(native, python)


def test_records_replay_either_way() -> None:
    native, python = games(3, 21, SET)
    lock_step(native, python, "random", 5, every=10)
    record = native.record()
    assert replay(record).record() == record
    # The native game replays the Python game's record by its moves.
    again = unodice.new_game("coverall", 3, 21, SET, native=True)
    for move in python.record()["moves"]:
        again.play(move["move"] if isinstance(move, dict) else move)
    assert again.record() == python.record()


def test_many_random_games_in_seconds() -> None:
    """A few hundred games, compared every few decisions and at the end."""
    decisions = 0
    for seed in range(300):
        players = 2 + seed % 7
        options = SET if seed % 3 == 0 else {}
        native, python = games(players, seed, options)
        decisions += lock_step(native, python, "random", seed, every=7)
        assert native.winners == python.winners
        assert native.scores == python.scores
        if seed % 20 == 0:
            same_history(native, python)
    assert decisions > 10_000


@pytest.mark.slow
@pytest.mark.parametrize(("options", "seats"), OPTION_SETS, ids=IDS)
def test_thousands_of_native_games(
    options: dict[str, Any], seats: tuple[int, ...], registry: Registry
) -> None:
    for seed in range(300):
        players = seats[seed % len(seats)]
        agent = ("random", "random", "greedy", "heuristic")[seed % 4]
        native, python = games(players, seed, options, registry)
        lock_step(native, python, agent, seed, every=3)
        same_history(native, python)


def test_events_are_rebuilt_when_read_in_any_order() -> None:
    """The events each move returned, read long after, and the history read midway."""
    native, python = games(4, 3, SET)
    kept = []
    rng = random.Random(3)
    while not python.is_over:
        moves = native.legal_moves()
        move = moves[rng.randrange(len(moves))]
        kept.append((native.play(move), python.play(move)))
        if len(kept) == 40:
            assert list(native.events) == list(python.events)
            assert repr(native.state) == repr(python.state)
            assert native.position() == python.position()
    assert len(kept) > 60
    for mine, theirs in reversed(kept):
        assert tuple(mine) == theirs and len(mine) == len(theirs) and mine[0] == theirs[0]
    assert repr(native.state) == repr(python.state)
    assert native.render(0) == python.render(0)
    assert native.chance.outcomes == python.chance.outcomes


def test_moves_are_taken_as_objects_equal_ones_and_notation() -> None:
    native, python = games(3, 8, SET)
    rng = random.Random(8)
    turn = 0
    while not python.is_over:
        legal = native.legal_moves()
        move = legal[rng.randrange(len(legal))]
        given: Any = (move, str(move), copy.deepcopy(move), f"  {move} ")[turn % 4]
        assert native.play(given) == python.play(given)
        turn += 1
    same_history(native, python)


def refusal(game: Game, move: Any) -> str:
    with pytest.raises(IllegalMove) as caught:
        game.play(move)
    return str(caught.value)


@pytest.mark.parametrize("options", [SET, {"dice": "cv-native-wild", "partition": False}])
def test_illegal_moves_are_refused_as_the_python_game_refuses_them(
    options: dict[str, Any], registry: Registry
) -> None:
    native, python = games(3, 4, options, registry)
    rng = random.Random(4)
    every: set[Any] = set()
    checked = 0
    while not python.is_over:
        legal = native.legal_moves()
        every.update(legal)
        others = sorted(every - set(legal), key=str)[:6]
        words = {str(move) for move in legal}
        for move in (*others, "declare red", "r5 A1", "W:r Z9", "fly", 3, None):
            if move in words:
                continue
            assert refusal(native, move) == refusal(python, move)
            checked += 1
        move = legal[rng.randrange(len(legal))]
        native.play(move)
        python.play(move)
    assert refusal(native, "declare red") == refusal(python, "declare red")
    same_history(native, python)
    assert checked > 100


def test_copies_are_independent() -> None:
    native, python = games(4, 9, SET)
    lock_step(native, python, "random", 1, limit=40)
    for history in (True, False):
        twin = native.copy(history=history)
        python_twin = python.copy(history=history)
        assert isinstance(twin, NativeGame)
        lock_step(twin, python_twin, "random", 7, every=5)
        if history:
            assert twin.record() == python_twin.record()
        else:
            with pytest.raises(UnodiceError) as mine:
                twin.record()
            with pytest.raises(UnodiceError) as theirs:
                python_twin.record()
            assert str(mine.value) == str(theirs.value)
            assert list(twin.events) == list(python_twin.events)
        same_decision(native, python, "after the copy played on")
    assert copy.copy(native).record() == native.record()
    assert copy.deepcopy(native).record() == native.record()
    lock_step(native, python, "random", 2)
    same_history(native, python)


@pytest.mark.parametrize("history", [False, True])
def test_determinize_gives_the_python_games_determinization(history: bool) -> None:
    native, python = games(3, 12, SET)
    rng = random.Random(12)
    determinized = 0
    while not python.is_over and determinized < 12:
        for _ in range(5):
            if python.is_over:
                break
            move = native.legal_moves()[0 if rng.random() < 0.3 else -1]
            native.play(move)
            python.play(move)
        if python.is_over:
            break
        seat = python.to_act
        assert seat is not None
        seed = rng.randrange(1000)
        mine = native.determinize(seat, random.Random(seed), history=history)
        theirs = python.determinize(seat, random.Random(seed), history=history)
        assert mine.seed is None and isinstance(mine, NativeGame)
        assert mine.view(seat) == native.view(seat) == theirs.view(seat)
        assert mine.variant is not native.variant
        lock_step(mine, theirs, "random", seed, every=4, limit=80)
        assert list(mine.events) == list(theirs.events)
        with pytest.raises(UnodiceError):
            mine.record()
        # An integer seed and a view's determinize give the same game.
        by_view = native.view(seat).determinize(seed)
        assert by_view.legal_moves() == python.determinize(seat, seed).legal_moves()
        determinized += 1
    assert determinized >= 8
    same_history(native, python)


def test_a_determinized_games_chance_is_fresh() -> None:
    native, _ = games(2, 30, SET)
    for _ in range(6):
        native.play(native.legal_moves()[-1])
    seat = native.to_act
    assert seat is not None
    futures = set()
    for seed in range(6):
        det = native.determinize(seat, seed)
        assert det.chance.seed != native.chance.seed
        assert sorted(det.state.bag, key=str) == sorted(native.state.bag, key=str)  # type: ignore[attr-defined]
        twin = native.copy()
        for _ in range(8):
            if det.is_over or twin.is_over:
                break
            det.play(det.legal_moves()[-1])
            twin.play(twin.legal_moves()[-1])
        futures.add(str(det.view(0).data))
    assert len(futures) > 1


def test_pickles_deal_the_game_again() -> None:
    native, python = games(3, 14, SET)
    lock_step(native, python, "random", 3, limit=30)
    seat = native.to_act
    assert seat is not None
    det = native.determinize(seat, 5)
    det.play(det.legal_moves()[0])
    for game in (native, native.copy(history=False), det):
        again = pickle.loads(pickle.dumps(game))
        assert isinstance(again, NativeGame)
        for viewer in range(3):
            assert again.view(viewer) == game.view(viewer)
        assert again.legal_moves() == game.legal_moves()
    lock_step(pickle.loads(pickle.dumps(native)), python, "random", 4, every=9)


def test_views_are_read_lazily_and_show_the_position_they_were_made_in() -> None:
    native, python = games(2, 15, {})
    held = [native.view(0), native.view(1)]
    expected = [python.view(0), python.view(1)]
    move = native.legal_moves()[0]
    native.play(move)
    python.play(move)
    assert held == expected
    assert native.view(0) != held[0]


def test_nothing_a_bot_reaches_shows_hidden_dice_or_can_be_changed() -> None:
    native = unodice.new_game("coverall", 3, 1, SET, native=True)
    bots = [RandomAgent(seat) for seat in range(3)]
    for checked in range(50):
        seat = native.to_act
        assert seat is not None
        hidden = list(native.variant.hidden_pieces(native.state, seat))  # type: ignore[attr-defined]
        roots = {"view": native.view(seat), "moves": native.legal_moves()}
        assert boundary_problems(roots, hidden) == []
        det = native.determinize(seat, random.Random(checked))
        assert shared_problems(native, det) == []
        native.play(bots[seat].choose(native.view(seat), native.legal_moves()))


def test_spoiling_a_determinized_game_leaves_the_game_as_it_was() -> None:
    native, python = games(3, 5, SET)
    rng = random.Random(5)
    spoiled = 0
    while not python.is_over:
        if len(python.moves) % 7 == 0:
            seat = native.to_act
            assert seat is not None
            spoiled += _spoil(native.determinize(seat, random.Random(len(python.moves))))
        move = native.legal_moves()[rng.randrange(len(native.legal_moves()))]
        native.play(move)
        python.play(move)
    assert spoiled > 0
    same_history(native, python)


def _spoil(det: Game) -> int:
    """Empty every mutable container and set every settable public attribute a bot reaches."""
    found = [item for _, item in _reachable({"det": det})]
    changed = 0
    for item in found:
        if isinstance(item, _MUTABLE):
            if isinstance(item, array):
                del item[:]
            else:
                item.clear()
            changed += 1
            continue
        for name, _ in list(_public_values(item)):
            try:
                setattr(item, name, None)
            except Exception:
                continue
            changed += 1
    return changed


class OwnRules(Coverall):
    """A subclass: its rules may differ from the engine's."""


class Quiet:
    """A house rule that changes nothing."""

    @hookimpl
    def unodice_score(self, game: Any, seat: int, points: int, reason: str, context: Any) -> None:
        return None


class QuietPlugin:
    @hookimpl
    def unodice_register(self, registry: Any) -> None:
        registry.add_house_rule("quiet", Quiet())


@pytest.mark.parametrize(
    ("asked", "words"),
    [
        ({"house_rules": ["quiet"]}, "house rules"),
        ({"chance": unodice.Chance(1)}, "a chance of the caller's"),
        ({"pause_between_rounds": True}, "pause_between_rounds"),
    ],
)
def test_what_cannot_be_played_natively_is_refused(asked: dict[str, Any], words: str) -> None:
    registry = Registry()
    registry.add_plugin(coverall_plugin, "coverall")
    registry.add_plugin(QuietPlugin(), "quiet-plugin")
    with pytest.raises(UnodiceError) as caught:
        unodice.new_game("coverall", 2, 1, native=True, registry=registry, **asked)
    assert str(caught.value) == f"native=True plays a variant's own rules only, not with {words}"


def test_a_start_position_is_refused() -> None:
    python = unodice.new_game("coverall", 2, 1)
    with pytest.raises(UnodiceError, match="not with a start position"):
        unodice.new_game(position=python.position(), seed=1, native=True)


def test_a_subclass_and_a_missing_engine_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    variant = OwnRules(Coverall.Options(), 2)
    with pytest.raises(UnodiceError, match="subclass"):
        variant.native_game(1, "test")
    from unodice.variants.coverall import native

    monkeypatch.setattr(native, "native_module", lambda: None)
    with pytest.raises(UnodiceError, match="not have"):
        unodice.new_game("coverall", 2, 1, native=True)
