"""The other readings of the centre-die sources, as options: ``draw_after_reroll`` (CD-4) and
``catch_by`` (CD-9).

Each hand-worked test fails when its option is ignored; the default reading is checked beside
it, so that both stay as the clause says.
"""

from __future__ import annotations

import io
import random

import pytest
from centre_die_support import deal, hand, moves, of_kind, rolls

import unodice
import unodice.rl
from unodice import IllegalMove, InvalidPosition
from unodice.cli.commands import main
from unodice.core.chance import Showing
from unodice.testing import check_variant

ONLY_WHEN_UNABLE = {"draw_after_reroll": "only-when-unable"}
ANY_OPPONENT = {"catch_by": "any-opponent"}


# -- CD-4 draw_after_reroll ------------------------------------------------------------------------


def _rerolled_to_a_play(options: dict[str, str] | None = None):
    """Seat 0 declines at step 1; her re-rolled hand holds r5, which matches the centre (CD-4)."""
    game = deal(
        "r5",
        ["r1", "y2", "g3", "b4", "y6"],
        ["y1", "g2", "b3", "r4", "y5"],
        options=options,
    )
    game.chance.extend(rolls("y2", "g3", "b4", "y6", "r5"))
    game.play("decline")
    assert game.state.phase == "step 2"
    return game


def test_cd4_free_a_player_who_can_play_after_the_reroll_may_still_draw():
    game = _rerolled_to_a_play()
    assert moves(game) == ["play r5", "draw"]


def test_cd4_only_when_unable_a_player_who_can_play_after_the_reroll_must_play():
    game = _rerolled_to_a_play(ONLY_WHEN_UNABLE)
    assert moves(game) == ["play r5"]
    with pytest.raises(IllegalMove) as refused:
        game.play("draw")
    assert refused.value.clause == "CD-4"
    assert "r5" in str(refused.value)
    assert "only-when-unable" in str(refused.value)


def test_cd4_only_when_unable_a_player_with_nothing_to_play_after_the_reroll_draws():
    game = deal(
        "r5",
        ["r1", "y2", "g3", "b4", "y6"],
        ["y1", "g2", "b3", "r4", "y5"],
        options=ONLY_WHEN_UNABLE,
    )
    game.chance.extend(rolls("y2", "g3", "b4", "y6", "y2"))
    game.chance.extend([Showing.of("r3")])
    game.play("decline")
    assert moves(game) == ["play r3", "keep"]


# -- CD-9 catch_by --------------------------------------------------------------------------------

FOUR_SEATS = (
    "centre-die{options} players=4 round=1 scores=0,0,0,0 points=0,0,0,0 | phase=step1 turn=0 "
    "direction=cw centre=r5 wd4=- covered=- catchable=-{catchers} starter=0 "
    "hands={first},y2/g3,b4,r6/y1,y3,b2/g1,g4,b6 bag=rest"
)
"""Four seats, seat 0 to play with two dice: her first die (r1 or a WD4) is her next-to-last."""


def _missed(catch_by: str, first: str = "r1", play: str = "play r1"):
    """Seat 0 plays down to one die (y2) without calling Uno; seat 1 is the next to act."""
    options = "" if catch_by == "next" else f"(catch_by={catch_by})"
    catchers = "" if catch_by == "next" else " catchers=-"
    text = FOUR_SEATS.format(options=options, catchers=catchers, first=first)
    game = unodice.new_game(position=text, seed=3)
    assert not of_kind(game.play(play), "uno")
    return game


def test_cd9_next_only_the_next_player_to_act_may_catch():
    game = _missed("next")
    assert game.to_act == 1
    assert moves(game) == ["catch", "play r6", "decline"]


def test_cd9_any_opponent_every_opponent_is_asked_in_play_order_the_next_player_last():
    # Seat 0 missed her call and seat 1 is next: seats 2 and 3 are asked first, one decision
    # each, then seat 1 has the catch among the first moves of her turn.
    game = _missed("any-opponent")
    asked = []
    while game.state.phase == "catching":
        asked.append(game.to_act)
        assert moves(game) == ["catch", "decline"]
        game.play("decline")
    assert asked == [2, 3]
    assert game.to_act == 1
    assert moves(game) == ["catch", "play r6", "decline"]
    game.play("play r6")
    assert game.state.catchable is None
    assert "catch" not in moves(game)
    assert not of_kind(game.events, "caught")


def test_cd9_any_opponent_a_catch_closes_the_window_for_everyone():
    game = _missed("any-opponent")
    game.play("decline")
    assert game.to_act == 3
    events = game.play("catch")
    assert [(event.seat, event.offender) for event in of_kind(events, "caught")] == [(3, 0)]
    assert of_kind(events, "drew")[0].reason == "missed uno"
    assert len(hand(game, 0)) == 3
    assert game.to_act == 1
    assert game.state.phase == "step 1"
    assert moves(game) == ["play r6", "decline"]


def test_cd9_any_opponent_before_a_wd4_is_answered():
    # Seat 0 plays her WD4 down to one die without the call: seats 2 and 3 are asked, then
    # seat 1, hit by the WD4, may catch beside her answer.
    game = _missed("any-opponent", first="WD4", play="play WD4:g")
    assert (game.to_act, moves(game)) == (2, ["catch", "decline"])
    game.play("decline")
    game.play("decline")
    assert (game.to_act, moves(game)) == (1, ["catch", "challenge", "accept"])
    game = _missed("any-opponent", first="WD4", play="play WD4:g")
    game.play("catch")
    assert len(hand(game, 0)) == 3
    assert (game.to_act, moves(game)) == (1, ["challenge", "accept"])


def test_cd9_any_opponent_asked_catch_is_refused_out_of_the_window():
    game = _missed("any-opponent")
    with pytest.raises(IllegalMove) as refused:
        game.play("play g3")
    assert refused.value.clause == "CD-9"
    assert "seat 2" in str(refused.value) and "seat 0" in str(refused.value)


def test_cd9_any_opponent_the_catching_question_is_written_read_and_shown():
    game = _missed("any-opponent")
    text = game.position()
    assert " phase=catching " in text and " catchers=3,1 " in text
    again = unodice.new_game(position=text, seed=1)
    assert again.position() == text
    assert again.legal_moves() == game.legal_moves() and again.to_act == 2
    assert "Seat 2 may catch seat 0, who did not call Uno" in game.render(2)
    assert game.svg(2)


def test_cd9_any_opponent_a_person_at_the_terminal_answers_the_question_out_of_turn(monkeypatch):
    text = _missed("any-opponent").position()
    answers = iter(["catch", "quit"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    out = io.StringIO()
    argv = ["play", "centre-die", "--position", text, "--human", "2", "--seed", "1"]
    main([*argv, "--no-colour"], out)
    shown = out.getvalue()
    assert "Seat 2 may catch seat 0, who did not call Uno: catch or decline." in shown
    assert "seat 2 catches seat 0 without Uno" in shown


@pytest.mark.parametrize("seed", range(8))
def test_cd9_any_opponent_with_two_players_plays_exactly_as_next(seed):
    games = [
        unodice.play_game(
            "centre-die", ["random", "random"], seed=seed, options={"rounds": 2, "catch_by": by}
        )
        for by in ("next", "any-opponent")
    ]
    assert [str(move) for move in games[0].moves] == [str(move) for move in games[1].moves]
    assert [event.to_json() for event in games[0].events] == [
        event.to_json() for event in games[1].events
    ]


@pytest.mark.parametrize("players", range(3, 7))
def test_cd9_any_opponent_rounds_end_nobody_catches_twice_nobody_is_asked_twice(players):
    rng = random.Random(players)
    windows = 0
    for seed in range(6):
        game = unodice.new_game(
            "centre-die", players=players, seed=seed, options={"rounds": 1, **ANY_OPPONENT}
        )
        asked: set[int] = set()
        offender = None
        decisions = 0
        while not game.is_over:
            decisions += 1
            assert decisions < 5_000, "the round does not end"
            state = game.state
            if state.catchable is None:
                asked, offender = set(), None
            else:
                if offender is None:
                    windows += 1
                    offender = state.catchable
                assert state.catchable == offender
                assert game.to_act not in asked, "a seat is asked twice for the same miss"
                assert game.to_act != offender
                asked.add(game.to_act)
            choices = game.legal_moves()
            move = choices[0] if str(choices[0]) == "catch" and rng.random() < 0.3 else None
            events = game.play(move or rng.choice(choices))
            caught = of_kind(events, "caught")
            assert len(caught) <= 1
            if caught:
                assert game.state.catchable is None, "a catch closes the window for everyone"
    assert windows > 0


# -- every reading: the reference, the bots, the learning environments ---------------------------

READINGS = [ONLY_WHEN_UNABLE, ANY_OPPONENT]
"""Each non-default reading alone, then all of them together."""
if len(READINGS) > 1:
    READINGS.append({key: value for reading in READINGS for key, value in reading.items()})


def _name(options: dict[str, str]) -> str:
    return ",".join(f"{key}={value}" for key, value in options.items())


@pytest.mark.slow
@pytest.mark.parametrize("options", READINGS, ids=_name)
def test_the_fast_path_agrees_with_the_reference_under_each_reading(options):
    report = check_variant(
        "centre-die", players=range(2, 7), games=4, seed=27, options={"rounds": 2, **options}
    )
    assert report.ok
    report = check_variant(
        "centre-die",
        players=range(2, 7),
        games=3,
        seed=127,
        options={"rounds": 1, **options},
        reference=True,
    )
    assert report.ok


@pytest.mark.parametrize("options", READINGS, ids=_name)
@pytest.mark.parametrize("agent", ["random", "greedy", "heuristic"])
def test_the_bots_play_every_reading(options, agent):
    for players in (2, 4):
        game = unodice.play_game(
            "centre-die", [agent] * players, seed=players, options={"rounds": 1, **options}
        )
        assert game.is_over


@pytest.mark.slow
@pytest.mark.parametrize("options", READINGS, ids=_name)
def test_ismcts_plays_every_reading(options):
    game = unodice.play_game(
        "centre-die", ["ismcts", "random", "random"], seed=3, options={"rounds": 1, **options}
    )
    assert game.is_over


@pytest.mark.parametrize("options", READINGS, ids=_name)
def test_the_learning_environments_run_under_every_reading(options):
    gym = unodice.rl.gym_env("centre-die", opponents=["random", "random"], options=options)
    observation, _ = gym.reset(seed=5)
    for _ in range(200):
        mask = observation["action_mask"]
        action = int(next(index for index, legal in enumerate(mask) if legal))
        observation, _, terminated, truncated, _ = gym.step(action)
        assert gym.observation_space.contains(observation)
        if terminated or truncated:
            break
    aec = unodice.rl.env("centre-die", players=4, options=options)
    aec.reset(seed=6)
    for _seat in aec.agent_iter(max_iter=300):
        observation, _, terminated, truncated, _ = aec.last()
        if terminated or truncated:
            aec.step(None)
            continue
        mask = observation["action_mask"]
        aec.step(int(next(index for index, legal in enumerate(mask) if legal)))


@pytest.mark.parametrize(
    "catchers",
    ["2,3,1", "3,2", "1,3", "-", "9"],  # the seat asked now, wrong order, wrong end, none, no seat
)
def test_cd9_any_opponent_a_position_with_other_catchers_is_refused(catchers):
    text = _missed("any-opponent").position()
    with pytest.raises(InvalidPosition, match="catchers"):
        unodice.new_game(position=text.replace(" catchers=3,1 ", f" catchers={catchers} "), seed=1)


def test_cd9_any_opponent_the_seat_asked_now_follows_from_the_catchers():
    game = _missed("any-opponent")
    game.play("decline")  # seat 2 lets it go: seat 3 is asked, then seat 1
    text = game.position()
    assert " catchers=1 " in text and game.to_act == 3
    assert all(game.view(seat).data["catchers"] == (1,) for seat in range(4))
    again = unodice.new_game(position=text, seed=1)
    assert again.to_act == 3 and again.position() == text
