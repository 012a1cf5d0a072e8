"""Playouts (``unodice.play.bots.playout``): the native engines play the Python agents' moves.

Each case plays a native game and a Python game of one setup to the same point mid-game (the
same random choices on both), then plays both out: the native game in its engine
(``NativeGame.play_out``) and the Python game through the public API with the Python agents.
The two must agree move for move: the same records, scores, winners, seat to act, round and
legal moves; and so must the native game played out through the public API (the Python way).
The same after a determinization, and after more moves played on a game played out (its
caches). The fast tier plays a few setups; the slow tier hundreds.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import unodice
from unodice.core.errors import InvalidOptions
from unodice.core.game import Game
from unodice.core.native_game import NativeGame
from unodice.play.agents import RandomAgent, make_agent
from unodice.play.bots import play_out, seat_seed
from unodice.play.bots.playout import _python_play_out
from unodice.variants.centre_die.native import native_module as centre_die_module
from unodice.variants.coverall.native import native_module as coverall_module
from unodice.variants.dominoes.native import native_module as dominoes_module

pytestmark = pytest.mark.skipif(
    None in (centre_die_module(), coverall_module(), dominoes_module()),
    reason="the native engines are not built, or UNODICE_PURE=1",
)

SETUPS: list[tuple[str, dict[str, Any], tuple[int, ...]]] = [
    ("centre-die", {}, (2, 3, 4)),
    ("centre-die", {"catch_by": "any-opponent", "failed_challenge_penalty": 1}, (2, 3, 4)),
    ("centre-die", {"rounds": 3, "draw_after_reroll": "only-when-unable"}, (2, 4)),
    ("centre-die", {"target": 60, "two_player_reverse_skips": False}, (2, 3)),
    ("dominoes", {}, (2, 3, 4)),
    ("dominoes", {"target": 100, "catch_by": "any-opponent", "hand_size": 3}, (2, 3, 4)),
    ("dominoes", {"target": 100, "hand_size": 2, "all_doubles_spin": True}, (2, 3)),
    ("dominoes", {"target": 150, "failed_challenge_penalty": 2}, (2, 4)),
    ("coverall", {}, (2, 3, 4)),
    ("coverall", {"set_of_games": True, "rows": 2, "columns": 4}, (2, 3)),
    ("coverall", {"partition": False, "two_player_reverse_skips": False}, (2, 3)),
    ("coverall", {"rows": 1, "columns": 2, "set_of_games": True}, (2, 3)),
]
IDS = [
    f"{name}-" + (",".join(f"{key}={value}" for key, value in options.items()) or "default")
    for name, options, _ in SETUPS
]
AGENTS = ("heuristic", "greedy", "random")


def pair(name: str, players: int, seed: int, options: dict[str, Any]) -> tuple[Game, Game]:
    """The native game and the Python game of one setup."""
    native = unodice.new_game(name, players, seed, options, native=True)
    python = unodice.new_game(name, players, seed, options)
    assert isinstance(native, NativeGame) and not isinstance(python, NativeGame)
    return native, python


def advance(native: Game, python: Game, moves: int, rng: random.Random) -> None:
    """The same random choices played on both, at most ``moves`` of them."""
    for _ in range(moves):
        if python.to_act is None:
            return
        legal = python.legal_moves()
        assert native.legal_moves() == legal
        move = legal[rng.randrange(len(legal))]
        native.play(move)
        python.play(move)


def same(native: Game, python: Game, where: str, record: bool = True) -> None:
    """The same game, by every public question, its moves and events, and its record."""
    assert native.to_act == python.to_act, where
    assert native.round == python.round, where
    assert native.scores == python.scores, where
    assert native.winners == python.winners, where
    assert native.is_over == python.is_over, where
    assert native.legal_moves() == python.legal_moves(), where
    for seat in range(python.players):
        assert native.view(seat) == python.view(seat), f"seat {seat}'s view, {where}"
    assert list(native.moves) == list(python.moves), where
    assert list(native.events) == list(python.events), where
    if record:
        assert native.record() == python.record(), where


def check_case(name: str, players: int, seed: int, options: dict[str, Any]) -> None:
    """One setup: played to a random point, then out, every agent and way to stop."""
    rng = random.Random(seed)
    native, python = pair(name, players, seed, options)
    advance(native, python, rng.randrange(0, 40), rng)
    for agent in AGENTS:
        for until, most in (("round", None), ("match", None), ("match", rng.randrange(1, 30))):
            where = f"{name} {options} players={players} seed={seed} {agent} {until} {most}"
            playout_seed = rng.getrandbits(64)
            ours, theirs, plain = native.copy(), python.copy(), native.copy()
            played = play_out(ours, agent, seed=playout_seed, until=until, max_moves=most)
            assert play_out(theirs, agent, seed=playout_seed, until=until, max_moves=most) == played
            assert _python_play_out(plain, agent, playout_seed, until == "match", most) == played, (
                where
            )
            same(ours, theirs, where)
            same(plain, theirs, where)
            if until == "round" and not theirs.is_over:
                assert theirs.round == python.round + 1 or python.to_act is None, where
            if most is not None:
                assert played <= most, where
            advance(ours, theirs, 5, random.Random(seed))  # the played-out game's caches
            same(ours, theirs, f"{where}, moves after")
    if python.to_act is None:
        return
    seat = python.to_act
    draw = rng.getrandbits(32)
    ours = native.determinize(seat, random.Random(draw))
    theirs = python.determinize(seat, random.Random(draw))
    assert isinstance(ours, NativeGame)
    playout_seed = rng.getrandbits(64)
    played = play_out(ours, "heuristic", seed=playout_seed)
    assert play_out(theirs, "heuristic", seed=playout_seed) == played
    same(ours, theirs, f"{name} {options} players={players} seed={seed} determinized", False)


@pytest.mark.parametrize(("name", "options", "seats"), SETUPS, ids=IDS)
def test_playouts_agree(name: str, options: dict[str, Any], seats: tuple[int, ...]) -> None:
    """A few positions per setup, native and Python played out alike."""
    for players in seats[:2]:
        check_case(name, players, 11 + players, options)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "options", "seats"), SETUPS, ids=IDS)
def test_playouts_agree_many(name: str, options: dict[str, Any], seats: tuple[int, ...]) -> None:
    """Hundreds of positions in all: every player count, many seeds."""
    for players in seats:
        for seed in range(12):
            check_case(name, players, 1000 * players + seed, options)


def test_a_playout_stops_at_the_round_s_end() -> None:
    """A round played out: the next round dealt (or the match over), and nothing of it played."""
    for name in ("centre-die", "dominoes"):
        game = unodice.new_game(name, 2, 3, native=True)
        python = unodice.new_game(name, 2, 3)
        played = play_out(game)
        assert played > 0 and game.round == 2 and not game.is_over
        assert len(game.moves) == played
        assert play_out(python) == played and python.round == 2


def test_a_paused_game_is_played_out_to_its_pause_or_through_it() -> None:
    """A game that pauses between rounds stops there; until="match" deals the next rounds."""
    paused = unodice.new_game("centre-die", 2, 8, pause_between_rounds=True)
    plain = unodice.new_game("centre-die", 2, 8, native=True)
    first = play_out(paused)
    assert paused.between_rounds and paused.to_act is None and paused.round == 1
    assert play_out(paused) == 0
    assert play_out(plain) == first
    rest = play_out(paused, until="match")
    assert play_out(plain, until="match") == rest
    assert paused.is_over and plain.is_over and paused.scores == plain.scores


def test_the_random_agents_are_seeded_seat_by_seat() -> None:
    """Seat s's random agent is RandomAgent(seat_seed(seed, s)), in the engine too."""
    native, python = pair("centre-die", 3, 21, {})
    agents = [RandomAgent(seat_seed(99, seat)) for seat in range(3)]
    start = python.round
    played = 0
    while python.to_act is not None and python.round == start:
        seat = python.to_act
        python.play(agents[seat].choose(python.view(seat), python.legal_moves()))
        played += 1
    assert play_out(native, "random", seed=99) == played
    assert native.record() == python.record()
    assert seat_seed(0, 0) != seat_seed(1, 0) and seat_seed(5, 1) < 1 << 64


def test_playouts_repeat_from_their_seed() -> None:
    """The same seed, the same playout; the heuristic draws nothing."""
    game = unodice.new_game("dominoes", 3, 4, native=True)
    runs = [game.copy() for _ in range(3)]
    play_out(runs[0], "random", seed=5, until="match")
    play_out(runs[1], "random", seed=5, until="match")
    assert runs[0].record() == runs[1].record()
    play_out(runs[2], "random", until="match")  # a seed drawn at random
    assert runs[2].is_over
    a, b = game.copy(), game.copy()
    play_out(a, seed=1)
    play_out(b, seed=2)
    assert a.record() == b.record()


def test_a_playout_leaves_the_game_playable() -> None:
    """Views made before a playout still show the position they were made in."""
    game = unodice.new_game("coverall", 2, 6, native=True)
    before = game.view(0)
    scores = game.scores
    assert play_out(game, max_moves=3) == 3
    assert before.scores == scores
    assert play_out(game, max_moves=0) == 0
    assert play_out(game, until="match") > 0 and game.is_over
    assert play_out(game, until="match") == 0


def test_other_agents_play_out_through_the_public_api() -> None:
    """An agent the engines do not play is played in Python, native game or not."""
    game = unodice.new_game("centre-die", 2, 9, native=True)
    python = unodice.new_game("centre-die", 2, 9)
    assert play_out(game, "heuristic-centre-die") == play_out(python, "heuristic")
    assert game.record() == python.record()


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"agent": "nobody"}, "unknown agent"),
        ({"agent": 3}, "by its name"),
        ({"seed": -1}, "seed must be"),
        ({"seed": 1 << 64}, "seed must be"),
        ({"seed": True}, "seed must be"),
        ({"until": "turn"}, "until is"),
        ({"max_moves": -1}, "max_moves"),
        ({"max_moves": 1.5}, "max_moves"),
    ],
)
def test_bad_arguments_are_refused(kwargs: dict[str, Any], message: str) -> None:
    for native in (True, False):
        game = unodice.new_game("centre-die", 2, 1, native=native)
        with pytest.raises(InvalidOptions, match=message):
            play_out(game, **kwargs)
        assert not game.moves


def test_the_native_method_refuses_agents_it_does_not_play() -> None:
    game = unodice.new_game("dominoes", 2, 1, native=True)
    assert isinstance(game, NativeGame)
    with pytest.raises(InvalidOptions, match="plays out with"):
        game.play_out("ismcts")


# -- the arena and play_game step native games for agents in Python ----------------------------

WORLDS: list[str] = []
"""The kind of game each LookAhead decision searched (agents are copied into each game)."""


class LookAhead:
    """A small search: each move tried on one determinization, played out by the heuristic."""

    def choose(self, view: Any, moves: Any) -> Any:
        best, best_score = moves[0], None
        for index, move in enumerate(moves[:4]):
            world = view.determinize(index)
            WORLDS.append(type(world).__name__)
            world.play(move)
            play_out(world, "heuristic", seed=index)
            score = world.scores[view.seat] - max(world.scores)
            if best_score is None or score > best_score:
                best, best_score = move, score
        return best


@pytest.mark.parametrize("name", ["centre-die", "dominoes", "coverall"])
def test_the_arena_steps_native_games_for_agents_in_python(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A search bot's determinizations are native games, and the report is as before."""
    from unodice.play import arena

    WORLDS.clear()
    native = unodice.tournament(
        name, {"look": LookAhead(), "heuristic": "heuristic"}, games=4, seed=3, workers=1
    )
    assert set(WORLDS) == {"NativeGame"}
    WORLDS.clear()
    monkeypatch.setattr(arena, "stepped_natively", lambda game: game)
    python = unodice.tournament(
        name, {"look": LookAhead(), "heuristic": "heuristic"}, games=4, seed=3, workers=1
    )
    assert set(WORLDS) == {"Game"}
    assert native == python


def test_play_game_steps_a_native_game_for_agents_in_python() -> None:
    """play_game returns the native game the agents played: the same game as in Python."""
    game = unodice.play_game("dominoes", [LookAhead(), "heuristic"], seed=12)
    assert isinstance(game, NativeGame) and game.is_over
    python = unodice.new_game("dominoes", 2, 12)
    bot = LookAhead()
    heuristic = make_agent("heuristic", variant="dominoes")
    agents = [bot, heuristic]
    while python.to_act is not None:
        seat = python.to_act
        python.play(agents[seat].choose(python.view(seat), python.legal_moves()))
    assert game.record() == python.record()
    paused = unodice.play_game(
        "dominoes", [LookAhead(), "heuristic"], seed=12, pause_between_rounds=False
    )
    assert not isinstance(paused, NativeGame)  # given more than a registry: played in Python
    assert paused.record() == python.record()
