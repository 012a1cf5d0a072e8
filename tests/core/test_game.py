"""The game orchestrator, driven through the public API with the toy variant."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from toy import Hold

import unodice
from unodice.core.errors import IllegalMove, InvalidOptions, UnknownVariant, UnodiceError
from unodice.core.moves import GameEnded, MovePlayed, RoundEnded, RoundStarted, Scored
from unodice.core.setup import parse_game_string
from unodice.play.agents import RandomAgent, play_game
from unodice.testing import Roll, Showing, check_variant, scripted_game


def test_new_game_exposes_the_public_api(registry):
    game = unodice.new_game("toy-race", players=3, seed=7, options={"target": 9}, registry=registry)
    assert (game.players, game.seed, game.options.target) == (3, 7, 9)
    assert game.to_act == 0 and not game.is_over and game.scores == (0, 0, 0)
    assert [str(m) for m in game.legal_moves()] == ["roll"]
    assert game.legal_moves() is game.legal_moves()  # computed once per decision
    assert isinstance(game.events[0], RoundStarted) and game.winners == () and game.round == 1


def test_game_string_gives_the_same_game(registry):
    a = unodice.new_game("toy-race(players=3,target=9)", seed=7, registry=registry)
    b = unodice.new_game("toy-race", players=3, seed=7, options={"target": "9"}, registry=registry)
    for _ in range(6):
        a.play(a.legal_moves()[0])
        b.play(b.legal_moves()[0])
    assert a.record() == b.record()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Toy Race", "cannot read game"),
        ("toy-race(target)", "is not key=value"),
        ("toy-race(target=1,target=2)", "given twice"),
    ],
)
def test_bad_game_strings(text, message):
    with pytest.raises(InvalidOptions, match=message):
        parse_game_string(text)


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"variant": "nope"}, UnknownVariant, "installed: toy-race"),
        ({"variant": "toy-race", "players": 5}, InvalidOptions, "for 2 to 4 players, not 5"),
        ({"variant": "toy-race", "players": True}, InvalidOptions, "players"),
        ({"variant": "toy-race(players=x)"}, InvalidOptions, "whole number"),
        ({"variant": "toy-race(players=3)", "players": 2}, InvalidOptions, "given twice"),
        ({"variant": "toy-race(target=3)", "options": {"target": 4}}, InvalidOptions, "twice"),
        ({"variant": "toy-race", "seed": "7"}, InvalidOptions, "seed"),
        ({"variant": "toy-race", "options": {"speed": 1}}, InvalidOptions, "no option 'speed'"),
        ({"variant": "toy-race", "house_rules": ["nope"]}, UnknownVariant, "house rule"),
        ({"variant": "toy-race", "house_rules": ["double-sevens"] * 2}, InvalidOptions, "twice"),
    ],
)
def test_new_game_refusals_say_what_is_valid(registry, kwargs, error, message):
    with pytest.raises(error, match=message):
        unodice.new_game(registry=registry, **kwargs)


def test_no_seed_picks_one_and_still_records_it(registry):
    game = unodice.new_game("toy-race", registry=registry)
    assert isinstance(game.seed, int)
    game.play("roll")
    assert unodice.replay(game.record(), registry).record() == game.record()


def test_play_accepts_notation_and_returns_the_events(registry):
    game = scripted_game("toy-race", [Showing.of("y5")], registry=registry)
    events = game.play(" roll ")
    assert isinstance(events[0], MovePlayed) and events[0].seat == 0
    assert events[1].face.code.endswith("5")
    assert game.moves == (game.legal_moves()[0].__class__(),) or str(game.moves[0]) == "roll"


def test_a_refused_move_leaves_the_game_unchanged(registry):
    game = unodice.new_game("toy-race", seed=3, registry=registry)
    before = json.dumps(game.record())
    with pytest.raises(IllegalMove, match="TOY-1: nothing to hold yet") as caught:
        game.play(Hold())
    assert caught.value.clause == "TOY-1" and caught.value.reason.startswith("nothing")
    with pytest.raises(IllegalMove, match="moves are 'roll' and 'hold'"):
        game.play("jump")
    with pytest.raises(IllegalMove, match="expected a move"):
        game.play(42)  # type: ignore[arg-type]
    assert json.dumps(game.record()) == before and len(game.events) == 1


def test_rounds_and_match_totals(registry):
    game = play_game(
        "toy-race(rounds=3,target=10)",
        [RandomAgent(1), RandomAgent(2)],
        seed=9,
        registry=registry,
    )
    kinds = [type(e) for e in game.events]
    assert kinds.count(RoundStarted) == 3 and kinds.count(RoundEnded) == 3
    assert kinds[-1] is GameEnded and game.is_over and game.to_act is None
    assert game.legal_moves() == ()
    rounds = [e for e in game.events if isinstance(e, RoundEnded)]
    assert [sum(x) for x in zip(*(r.points for r in rounds), strict=True)] == list(game.scores)
    best = max(game.scores)
    assert game.winners == tuple(s for s, v in enumerate(game.scores) if v == best)
    with pytest.raises(IllegalMove, match="over"):
        game.play("roll")


def test_the_previous_round_winner_starts_the_next(registry):
    game = play_game(
        "toy-race(rounds=2,target=5)", [RandomAgent(4), RandomAgent(5)], seed=2, registry=registry
    )
    first_round_end = next(e for e in game.events if isinstance(e, RoundEnded))
    second_start = game.events.index(
        next(e for e in game.events if isinstance(e, RoundStarted) and e.round == 2)
    )
    first_move = next(e for e in game.events[second_start:] if isinstance(e, MovePlayed))
    assert first_move.seat == first_round_end.winners[0]


def test_copy_is_independent(registry):
    game = unodice.new_game("toy-race", seed=5, registry=registry)
    game.play("roll")
    before = json.dumps(game.record())
    twin = game.copy()
    for _ in range(5):
        if twin.is_over:
            break
        twin.play(twin.legal_moves()[-1])
    assert json.dumps(game.record()) == before
    again = game.copy()
    again.play(again.legal_moves()[-1])
    original_next = game.copy()
    original_next.play(original_next.legal_moves()[-1])
    assert again.record() == original_next.record()


def test_view_checks_the_seat_and_hides_the_bag(registry):
    game = unodice.new_game("toy-race", seed=5, registry=registry)
    with pytest.raises(InvalidOptions, match="seat must be from 0 to 1"):
        game.view(2)
    view = game.view(1)
    assert view.to_json()["bag"] == 40 and view.seat == 1 and view.to_act == 0
    assert json.loads(json.dumps(view.to_json()))["variant"] == "toy-race"


def test_a_view_is_a_read_only_value(registry):
    game = unodice.new_game("toy-race", seed=5, registry=registry)
    view = game.view(1)
    with pytest.raises(AttributeError):
        view.seat = 0  # type: ignore[misc]
    assert view == game.view(1) and view != game.view(0)
    assert view.scores == game.scores and view.round == game.round == 1
    assert view.variant_name == "toy-race" and view.data["bag"] == 40
    assert view.options == game.options and view.players == game.players
    assert not hasattr(view, "variant"), "a view never hands out the live variant"
    with pytest.raises(TypeError):
        view.data["bag"] = 0  # type: ignore[index]
    game.play(game.legal_moves()[0])
    assert view != game.view(1), "a view taken earlier still shows the earlier position"
    assert repr(view).startswith("View(seat=1, to_act=0, ")
    with pytest.raises(TypeError):
        hash(view)


def test_a_variant_that_stalls_is_reported(registry):
    game = unodice.new_game("toy-race", seed=5, registry=registry)
    game.state.to_act = None
    with pytest.raises(UnodiceError, match="nobody to act"):
        game._settle()


def test_check_variant_passes_on_the_toy(registry):
    report = check_variant("toy-race", games=4, registry=registry)
    assert report.ok and report.games == 12 and report.decisions > 0


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4), agent_seed=st.integers(0, 99))
def test_a_seed_fixes_a_game_and_the_record_replays(shared_registry, seed, players, agent_seed):
    registry = shared_registry

    def play():
        agents = [RandomAgent(agent_seed + s) for s in range(players)]
        return play_game("toy-race(target=12)", agents, seed=seed, registry=registry)

    first, second = play(), play()
    assert first.record() == second.record()
    assert [e.to_json() for e in first.events] == [e.to_json() for e in second.events]
    replayed = unodice.replay(json.loads(json.dumps(first.record())), registry)
    assert [e.to_json() for e in replayed.events] == [e.to_json() for e in first.events]
    totals = [0] * players
    for event in first.events:
        if isinstance(event, Scored):
            totals[event.seat] += event.points
    assert tuple(totals) == first.scores


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 40))
def test_dice_are_conserved_at_every_step(shared_registry, seed, steps):
    registry = shared_registry

    game = unodice.new_game("toy-race(players=3)", seed=seed, registry=registry)
    agent = RandomAgent(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.play(agent.choose(game.view(game.to_act), game.legal_moves()))
        places = game.variant.piece_locations(game.state)
        ids = sorted(d.id for pieces in places.values() for d in pieces)
        assert ids == list(range(40))


def test_scripted_roll_sequence(registry):
    game = scripted_game("toy-race", [Showing.of("y4"), Showing.of("r6")], registry=registry)
    game.play("roll")
    game.play("roll")
    assert game.state.turn_total == 10
    game.chance.extend([Showing.of("rS")])
    game.play("roll")
    assert game.state.turn_total == 0 and game.to_act == 0  # two players: S skips seat 1
    assert isinstance(game.chance.script, list) and not game.chance.script
    assert Roll.of("r5").face.code == "r5"


@pytest.mark.parametrize("name", ["coverall", "centre-die", "dominoes"])
def test_the_history_is_what_setup_and_every_play_returned(name):
    """``events`` holds setup's events, then each move's MovePlayed and what it caused."""
    game = unodice.new_game(name, seed=4)
    history = list(game.events)
    agent = RandomAgent(4)
    while not game.is_over:
        seat = game.to_act
        move = agent.choose(game.view(seat), game.legal_moves())
        returned = game.play(move)
        assert returned[0] == MovePlayed(seat, move)
        history.extend(returned)
    assert list(game.events) == history
    assert [e.move for e in history if isinstance(e, MovePlayed)] == list(game.moves)


def test_setup_names_are_also_where_they_were_first():
    """``new_game``, ``parse_game_string`` and ``SEED_LIMIT`` moved to unodice.core.setup."""
    import unodice.core.game
    import unodice.core.setup
    from unodice.core.game import SEED_LIMIT, new_game
    from unodice.core.game import parse_game_string as old_parse

    assert new_game is unodice.core.setup.new_game is unodice.new_game
    assert old_parse is unodice.core.setup.parse_game_string is parse_game_string
    assert SEED_LIMIT == unodice.core.setup.SEED_LIMIT == 2**256 - 1
    assert unodice.core.game.__all__ == ["Game"]
    with pytest.raises(AttributeError, match="no attribute 'new_gmae'"):
        unodice.core.game.new_gmae  # noqa: B018


def test_a_game_writes_its_record_through_the_engine(registry):
    """No record maker is installed from above: the game's record is the engine's own."""
    import unodice.core.game
    import unodice.records.record
    from unodice.core.recording import make_record

    game = unodice.new_game("toy-race", seed=3, registry=registry)
    game.play("roll")
    assert game.record() == make_record(game) and game.record(1) == make_record(game, 1)
    assert unodice.records.record.make_record is make_record
    assert not hasattr(unodice.core.game, "install_record_maker")
    assert not hasattr(unodice.core.game, "_record_maker")
