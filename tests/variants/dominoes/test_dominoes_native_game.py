"""A dominoes game on native rules (``new_game(..., native=True)``) against the Python game.

Games are stepped in lock-step through the public API, native and Python, from the same seed
with the same bots: at every decision the seat to act, the legal moves (in order), every seat's
view, the scores and the events of the move must agree; at the end the events, the moves, the
winners and the records, and each game must replay the other's record. Copies, refusals,
determinizations (the tiles a seat has not seen dealt as the Python game deals them), pickles
and the boundary between a bot and the game are checked too, with every option and on the
small tile sets that make the rare rules common (take-backs, dead ends, the double-Wild,
blocked rounds, twin tiles).
"""

from __future__ import annotations

import copy
import pickle
import random
from array import array
from typing import Any

import pytest
from test_dominoes_native import IDS, OPTION_SETS, WILD_SET, NativeSets

import unodice
from unodice.core.errors import IllegalMove, UnodiceError
from unodice.core.game import Game
from unodice.core.hooks import hookimpl
from unodice.core.native_game import NativeGame
from unodice.core.registry import Registry
from unodice.play.agents import GreedyAgent, RandomAgent
from unodice.records.record import replay
from unodice.testing import _MUTABLE, _public_values, _reachable, boundary_problems, shared_problems
from unodice.variants.dominoes import DominoesHeuristic
from unodice.variants.dominoes.native import native_module
from unodice.variants.dominoes.rules import UnoDominoes

pytestmark = pytest.mark.skipif(
    native_module() is None,
    reason="the native dominoes engine (unodice._native._dominoes) is not built, or UNODICE_PURE=1",
)

_KINDS = {"random": RandomAgent, "greedy": GreedyAgent, "heuristic": DominoesHeuristic}


@pytest.fixture(scope="module")
def registry() -> Registry:
    registry = Registry.from_entry_points()
    registry.add_plugin(NativeSets(), "dominoes-native-sets")
    return registry


def games(
    players: int, seed: int, options: dict[str, Any], registry: Registry | None = None
) -> tuple[Game, Game]:
    """The native game and the Python game of one setup."""
    made = [
        unodice.new_game("dominoes", players, seed, options, registry=registry, native=native)
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


def lock_step(
    native: Game,
    python: Game,
    agent: str = "random",
    seed: int = 0,
    every: int = 1,
    limit: int | None = None,
) -> int:
    """Play both games with the same bots until the end (or ``limit``); the decisions."""
    kind = _KINDS[agent]
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
    options = {**options, "target": min(options.get("target", 500), 100)}
    for players in seats:
        agent = ("random", "greedy", "heuristic")[players % 3]
        native, python = games(players, players, options, registry)
        lock_step(native, python, agent, players)
        assert native.is_over
        same_history(native, python)


def test_records_replay_either_way() -> None:
    native, python = games(3, 21, {"target": 150})
    lock_step(native, python, "random", 5, every=50)
    record = native.record()
    assert replay(record).record() == record
    # The native game replays the Python game's record by its moves.
    again = unodice.new_game("dominoes", 3, 21, {"target": 150}, native=True)
    for move in python.record()["moves"]:
        again.play(move["move"] if isinstance(move, dict) else move)
    assert again.record() == python.record()


def test_many_random_games_in_seconds() -> None:
    """Two hundred games, compared every few decisions and at the end."""
    decisions = 0
    for seed in range(200):
        players = 2 + seed % 5
        native, python = games(players, seed, {"target": 150})
        decisions += lock_step(native, python, "random", seed, every=13)
        assert native.winners == python.winners
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
    native, python = games(2, 3, {})
    kept = []
    rng = random.Random(3)
    for _ in range(150):
        moves = native.legal_moves()
        move = moves[rng.randrange(len(moves))]
        kept.append((native.play(move), python.play(move)))
        if len(kept) == 40:
            assert list(native.events) == list(python.events)
    for mine, theirs in reversed(kept):
        assert tuple(mine) == theirs and len(mine) == len(theirs) and mine[0] == theirs[0]
    assert repr(native.state) == repr(python.state)
    assert native.position() == python.position()
    assert native.render(0) == python.render(0)
    assert native.chance.outcomes == python.chance.outcomes
    outcomes = array("I")
    outcomes.frombytes(native._engine.outcomes())  # type: ignore[attr-defined]
    assert list(outcomes) == list(python.chance.outcomes)


def test_moves_are_taken_as_objects_equal_ones_and_notation() -> None:
    native, python = games(3, 8, {})
    rng = random.Random(8)
    for turn in range(120):
        if python.is_over:
            break
        legal = native.legal_moves()
        move = legal[rng.randrange(len(legal))]
        given: Any = (move, str(move), copy.deepcopy(move), f"  {move} ")[turn % 4]
        assert native.play(given) == python.play(given)
    same_history(native, python)


def refusal(game: Game, move: Any) -> str:
    with pytest.raises(IllegalMove) as caught:
        game.play(move)
    return str(caught.value)


def test_illegal_moves_are_refused_as_the_python_game_refuses_them() -> None:
    native, python = games(3, 4, {"catch_by": "any-opponent", "target": 150})
    rng = random.Random(4)
    every: set[Any] = set()
    checked = 0
    while not python.is_over:
        legal = native.legal_moves()
        every.update(legal)
        others = sorted(every - set(legal), key=str)
        for move in (*others[:: max(1, len(others) // 5)], "play", "fly", 3, None, "keep"):
            if move in legal or move in {str(legal_move) for legal_move in legal}:
                continue
            assert refusal(native, move) == refusal(python, move)
            checked += 1
        move = legal[rng.randrange(len(legal))]
        native.play(move)
        python.play(move)
    same_history(native, python)
    assert checked > 100


def test_copies_are_independent() -> None:
    native, python = games(4, 9, {"target": 200})
    lock_step(native, python, "random", 1, limit=60)
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


def determinizations(
    players: int,
    seed: int,
    options: dict[str, Any],
    registry: Registry | None,
    history: bool = False,
    most: int = 12,
) -> int:
    """Determinize the native and the Python game alike at random points, and play both on."""
    native, python = games(players, seed, options, registry)
    rng = random.Random(seed)
    determinized = 0
    while not python.is_over and determinized < most:
        for _ in range(rng.randrange(1, 12)):
            if python.is_over:
                break
            legal = native.legal_moves()
            move = legal[rng.randrange(len(legal))]
            native.play(move)
            python.play(move)
        if python.is_over:
            break
        seat = rng.choice([python.to_act, rng.randrange(players)])
        assert seat is not None
        number = rng.randrange(1000)
        mine_rng, their_rng = random.Random(number), random.Random(number)
        mine = native.determinize(seat, mine_rng, history=history)
        theirs = python.determinize(seat, their_rng, history=history)
        assert mine_rng.getstate() == their_rng.getstate()  # the generator drawn alike
        assert mine.seed is None and isinstance(mine, NativeGame)
        assert mine.view(seat) == native.view(seat) == theirs.view(seat)
        assert mine.variant is not native.variant
        # Every seat's view agrees: the other hands and the boneyard dealt alike.
        lock_step(mine, theirs, "random", number, every=2, limit=60)
        assert list(mine.events) == list(theirs.events)
        assert repr(mine.state) == repr(theirs.state)
        with pytest.raises(UnodiceError):
            mine.record()
        determinized += 1
    same_history(native, python)
    return determinized


@pytest.mark.parametrize("history", [False, True])
def test_determinize_gives_the_python_games_determinization(history: bool) -> None:
    assert determinizations(3, 12, {"target": 200}, None, history) > 5
    # An integer seed and a view's determinize give the same game.
    native, python = games(4, 13, {})
    for _ in range(25):
        move = native.legal_moves()[0]
        native.play(move)
        python.play(move)
    seat = native.to_act
    assert seat is not None
    by_view = native.view(seat).determinize(77)
    assert by_view.legal_moves() == python.determinize(seat, 77).legal_moves()
    for other in range(4):
        assert by_view.view(other) == python.determinize(seat, 77).view(other)


@pytest.mark.parametrize(("options", "seats"), OPTION_SETS, ids=IDS)
def test_determinize_with_every_option(
    options: dict[str, Any], seats: tuple[int, ...], registry: Registry
) -> None:
    """With the small sets: a drawn tile to decide on, pending WD4s, rescues, revealed tiles."""
    for players in seats[:: max(1, len(seats) // 2)]:
        determinizations(players, 40 + players, options, registry, most=6)


@pytest.mark.slow
@pytest.mark.parametrize(("options", "seats"), OPTION_SETS, ids=IDS)
def test_hundreds_of_determinizations(
    options: dict[str, Any], seats: tuple[int, ...], registry: Registry
) -> None:
    for seed in range(40):
        determinizations(seats[seed % len(seats)], seed, options, registry, seed % 5 == 0, most=8)


def test_a_determinized_games_hands_are_dealt_afresh() -> None:
    native, _ = games(3, 30, {})
    for _ in range(20):
        native.play(native.legal_moves()[-1])
    seat = native.to_act
    assert seat is not None
    others = set()
    for number in range(6):
        det = native.determinize(seat, number)
        assert det.view(seat) == native.view(seat)
        assert det.chance.seed != native.chance.seed
        hidden = sorted(native.variant.hidden_pieces(native.state, seat), key=str)  # type: ignore[attr-defined]
        assert sorted(det.variant.hidden_pieces(det.state, seat), key=str) == hidden  # type: ignore[attr-defined]
        others.add(str(det.view((seat + 1) % 3).data["hand"]))
    assert len(others) > 1


def test_pickles_deal_the_game_again(registry: Registry) -> None:
    native, python = games(3, 14, {"tiles": WILD_SET, "target": 500, "hand_size": 5}, registry)
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
        assert list(again.events) == list(game.events)
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


def test_nothing_a_bot_reaches_shows_hidden_tiles_or_can_be_changed() -> None:
    native = unodice.new_game("dominoes", 3, 1, native=True)
    bots = [RandomAgent(seat) for seat in range(3)]
    for checked in range(60):
        seat = native.to_act
        assert seat is not None
        hidden = list(native.variant.hidden_pieces(native.state, seat))  # type: ignore[attr-defined]
        roots = {"view": native.view(seat), "moves": native.legal_moves()}
        assert boundary_problems(roots, hidden) == []
        det = native.determinize(seat, random.Random(checked))
        assert shared_problems(native, det) == []
        native.play(bots[seat].choose(native.view(seat), native.legal_moves()))


def test_spoiling_a_determinized_game_leaves_the_game_as_it_was() -> None:
    native, python = games(3, 5, {"target": 200})
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


class OwnRules(UnoDominoes):
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
    registry = Registry.from_entry_points()
    registry.add_plugin(QuietPlugin(), "quiet-plugin")
    with pytest.raises(UnodiceError) as caught:
        unodice.new_game("dominoes", 2, 1, native=True, registry=registry, **asked)
    assert str(caught.value) == f"native=True plays a variant's own rules only, not with {words}"


def test_a_start_position_is_refused() -> None:
    python = unodice.new_game("dominoes", 2, 1)
    with pytest.raises(UnodiceError, match="not with a start position"):
        unodice.new_game(position=python.position(), seed=1, native=True)


def test_a_subclass_and_a_missing_engine_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    variant = OwnRules(UnoDominoes.Options(), 2)
    with pytest.raises(UnodiceError, match="subclass"):
        variant.native_game(1, "test")
    from unodice.variants.dominoes import native

    monkeypatch.setattr(native, "native_module", lambda: None)
    with pytest.raises(UnodiceError, match="not have"):
        unodice.new_game("dominoes", 2, 1, native=True)


def test_a_tile_set_beyond_the_engine_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    from unodice.variants.dominoes import native

    monkeypatch.setattr(native, "fits_engine", lambda lookups: False)
    with pytest.raises(UnodiceError, match="at most 64 faces"):
        unodice.new_game("dominoes", 2, 1, {"target": 50, "hand_size": 3}, native=True)
