"""The other readings of the dominoes source text, as options (DO-5, DO-6, DO-8).

Each test is worked out by hand from the clause it names, with the option set to the reading
that is not the default; each fails when the option is ignored.
"""

from __future__ import annotations

import io
import random
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
import pytest

import unodice.rl
from unodice import IllegalMove, InvalidPosition, new_game, play_game
from unodice.cli.commands import main
from unodice.core.game import Game
from unodice.core.hooks import hookimpl
from unodice.core.pieces import ComponentSet, Face
from unodice.core.registry import Registry
from unodice.core.uno import CATCH as CATCH_MOVE
from unodice.core.uno import Caught, Challenged, Skipped
from unodice.play.agents import make_agent
from unodice.play.bots import ISMCTSAgent
from unodice.testing import Draw, check_variant, scripted_game
from unodice.variants import dominoes as dominoes_plugin
from unodice.variants.dominoes.events import Drew, Passed, RoundOver, TakenBack
from unodice.variants.dominoes.moves import parse_move
from unodice.variants.dominoes.state import CATCHING, DRAWN, RESCUE, TURN
from unodice.variants.dominoes.state import CHALLENGE as CHALLENGE_PHASE

# Fillers that match nothing green or 9 and hold no number double.
DULL = ("b1|b6", "r2|r5", "b4|r7", "y7|r3")


def start(
    *hands: Sequence[str],
    then: Iterable[str] = (),
    options: dict[str, Any] | None = None,
    registry: Registry | None = None,
    seed: int = 0,
) -> Game:
    """A game whose seats are dealt ``hands`` (equal sizes), then draw ``then`` in order."""
    script = [Draw(code) for hand in hands for code in hand] + [Draw(code) for code in then]
    chosen = {"hand_size": len(hands[0]), **(options or {})}
    return scripted_game(
        "dominoes",
        script,
        players=len(hands),
        options=chosen,
        seed=seed,
        registry=registry,
        lenient=True,
    )


def texts(game: Game) -> set[str]:
    return {str(move) for move in game.legal_moves()}


def hand(game: Game, seat: int) -> list[str]:
    return sorted(tile.code for tile in game.state.hands[seat])


def of_kind(events: Iterable[Any], kind: type) -> list[Any]:
    return [event for event in events if isinstance(event, kind)]


# -- DO-5 drawn_domino ---------------------------------------------------------------------------

MUST_PLAY = {"drawn_domino": "must-play"}


def test_do5_must_play_a_drawn_tile_that_fits_is_laid_not_kept():
    """DO-5 ``must-play``: "Play the drawn domino if possible." Reneging stays allowed."""
    game = start(
        ["g9|g9", *DULL[:2]], ["g7|r6", "b4|r7", "y1|g2"], then=["g5|g9"], options=MUST_PLAY
    )
    assert "draw" in texts(game) and "play g7|r6 on 1" in texts(game)  # she may renege
    game.play("draw")
    assert game.to_act == 1 and game.state.phase == DRAWN
    moves = texts(game)
    assert "keep" not in moves
    assert "seat 1 to lay the tile just drawn (DO-5)" in game.render(seat=1)
    assert {"play g5|g9 on 1", "play g9|g5 on 1"} <= moves
    assert all(text.startswith("play g5|g9") or text.startswith("play g9|g5") for text in moves)


def test_do5_must_play_a_refused_keep_cites_the_clause_and_names_the_tile_and_its_ends():
    """DO-5 ``must-play``: keep is refused, naming the drawn tile and where it fits."""
    game = start(
        ["g9|g9", *DULL[:2]], ["g7|r6", "b4|r7", "y1|g2"], then=["g5|g9"], options=MUST_PLAY
    )
    game.play("draw")
    with pytest.raises(IllegalMove) as kept:
        game.play("keep")
    assert kept.value.clause == "DO-5"
    assert "g5|g9" in kept.value.reason and "1, 2, 3, 4" in kept.value.reason
    game.play("play g5|g9 on 2")
    assert "g5|g9" not in hand(game, 1) and game.to_act == 0


def test_do5_must_play_the_tile_drawn_for_want_of_a_play_is_laid_too():
    """DO-5 ``must-play``: the automatic draw of a player who cannot lay offers no keep."""
    game = start(
        ["g9|g9", "g7|r6", "b1|b6"], ["b4|r7", "r2|r5", "y7|r3"], then=["g5|g9"], options=MUST_PLAY
    )
    assert [(e.seat, e.reason) for e in of_kind(game.events, Drew)] == [(1, "no play")]
    assert game.to_act == 1 and game.state.phase == DRAWN
    assert "keep" not in texts(game) and texts(game)


def test_do5_must_play_a_drawn_tile_that_fits_nowhere_still_passes():
    """DO-5 ``must-play``: "Otherwise, play proceeds to the next player.\""""
    game = start(
        ["g9|g9", "g7|r6", "b1|b6"], ["g5|g9", "b4|r7", "y1|g2"], then=["r2|r5"], options=MUST_PLAY
    )
    events = game.play("draw")
    assert [e.seat for e in of_kind(events, Passed)] == [1]
    assert game.to_act == 0 and game.state.phase == TURN


def test_do5_keep_is_offered_by_default():
    game = start(["g9|g9", *DULL[:2]], ["g7|r6", "b4|r7", "y1|g2"], then=["g5|g9"])
    game.play("draw")
    assert "keep" in texts(game)


# -- DO-6 catch_by ---------------------------------------------------------------------------------

ANY = {"catch_by": "any-opponent"}


def miss_position(options: dict[str, Any] | None = None) -> Game:
    """Four seats; seat 0 opens g9|g9 and seat 1 lays g7|r6 without calling Uno."""
    game = start(
        ["g9|g9", "b1|b6"],
        ["g7|r6", "b4|r7"],
        ["g5|g9", "y1|g2"],
        ["r2|r5", "y7|r3"],
        options=options,
    )
    game.play("play g7|r6 on 1")
    return game


def test_do6_any_opponent_asks_every_opponent_in_play_order_before_the_next_player():
    """DO-6 ``any-opponent``: "someone catches you before the next person plays".

    Seat 1 missed her call and seat 2 plays next: seat 3, then seat 0, are asked first, one
    decision each (catch or decline); then seat 2's turn begins with the catch among her moves.
    """
    game = miss_position(ANY)
    assert (game.to_act, game.state.phase) == (3, CATCHING)
    assert [str(move) for move in game.legal_moves()] == ["catch", "decline"]
    game.play("decline")
    assert (game.to_act, game.state.phase) == (0, CATCHING)
    assert [str(move) for move in game.legal_moves()] == ["catch", "decline"]
    game.play("decline")
    assert (game.to_act, game.state.phase) == (2, TURN)
    moves = [str(move) for move in game.legal_moves()]
    assert moves[0] == "catch" and "play g9|g5 on 2" in moves and "decline" not in moves
    events = game.play("catch")
    assert [(e.seat, e.offender) for e in of_kind(events, Caught)] == [(2, 1)]
    assert game.to_act == 2 and "catch" not in texts(game)


def test_do6_any_opponent_a_catch_ends_the_window_for_all():
    """DO-6 ``any-opponent``: seat 0 catches; seat 1 holds three tiles, and seat 2 plays on."""
    game = miss_position(ANY)
    game.play("decline")
    events = game.play("catch")
    assert [(e.seat, e.offender) for e in of_kind(events, Caught)] == [(0, 1)]
    assert [(e.seat, e.count, e.reason) for e in of_kind(events, Drew)] == [(1, 2, "missed uno")]
    assert len(game.state.hands[1]) == 3
    assert (game.to_act, game.state.phase) == (2, TURN)
    assert "catch" not in texts(game) and game.state.uno_debtor is None


def test_do6_next_only_the_next_player_may_catch():
    game = miss_position()
    assert (game.to_act, game.state.phase) == (2, TURN) and game.legal_moves()[0] == CATCH_MOVE


def test_do6_any_opponent_with_two_players_plays_as_next():
    """DO-6: with two players the only opponent is the next player: no out-of-turn question."""
    hands = (["g9|g9", "b1|b6"], ["g7|r6", "b4|r7"])
    games = [start(*hands, options=options) for options in (None, ANY)]
    for game in games:
        game.play("play g7|r6 on 1")
    by_next, by_any = ((g.to_act, g.state.phase, texts(g)) for g in games)
    assert by_next == by_any and by_any[1] == TURN and "catch" in by_any[2]


def test_do6_any_opponent_a_move_out_of_turn_is_refused_citing_the_clause():
    game = miss_position(ANY)
    with pytest.raises(IllegalMove) as early:
        game.play("play y7|r3 on 1")
    assert early.value.clause == "DO-6" and "seat 1" in early.value.reason
    assert "'catch' or 'decline'" in early.value.reason


def test_do6_any_opponent_is_shown_as_a_question_to_the_seat_asked():
    game = miss_position(ANY)
    assert "seat 3 may catch seat 1, who did not call Uno" in game.render(seat=3)
    assert game.view(3).data["phase"] == CATCHING


def test_do6_any_opponent_before_the_answer_to_a_wild_draw_four():
    """DO-6 and DO-8: seat 1 lays her WD4 leaving one tile without Uno; seat 2 must answer it.

    Seats 3 and 0 are asked first; then seat 2 may catch beside challenge and accept.
    """
    game = start(
        ["g9|g9", "b1|b6"],
        ["y2|WD4", "b4|r7"],
        ["g5|g9", "y1|g2"],
        ["r2|r5", "y7|r3"],
        options=ANY,
    )
    game.play("play WD4|y2 on 1")
    assert (game.to_act, game.state.phase) == (3, CATCHING)
    game.play("decline")
    game.play("decline")
    assert (game.to_act, game.state.phase) == (2, CHALLENGE_PHASE)
    assert [str(move) for move in game.legal_moves()] == ["catch", "accept", "challenge"]


def test_do6_any_opponent_seats_are_asked_from_the_offender_in_the_direction_of_play():
    """DO-6: after a skip (S) the next player is seat 3; seats 2 and 0 are asked first."""
    game = start(
        ["g9|g9", "b1|b6"],
        ["gS|g6", "b4|r7"],
        ["g5|g9", "y1|g2"],
        ["r2|r5", "y7|r3"],
        options=ANY,
    )
    game.play("play gS|g6 on 1")
    asked = []
    while game.state.phase == CATCHING:
        asked.append(game.to_act)
        game.play("decline")
    assert asked == [2, 0] and game.to_act == 3 and "catch" in texts(game)


def test_do6_do9_any_opponent_before_the_double_wild_is_offered():
    """DO-6 and DO-9: seat 1 closes the last line leaving one tile without Uno.

    The double-Wild is offered to seat 0 (seat 2 holds none), so seat 0 is the next player:
    seat 2 is asked first, then seat 0 may catch beside laying the double-Wild or declining.
    """
    tiles = ("r3|r3", "r1|DE", "W|W", "r2|DE", "r4|DE", "b5|b6", "r5|DE", "g1|g2", "g3|g4")
    tiles += ("y1|y2", "y3|y4")  # the boneyard
    game = start(
        ["r3|r3", "r1|DE", "W|W"],
        ["r2|DE", "r4|DE", "b5|b6"],
        ["r5|DE", "g1|g2", "g3|g4"],
        registry=registry_with_tiles(*tiles),
        options={"tiles": "tiny", "target": 10, **ANY},
    )
    for move in ("play r2|DE on 1", "play r5|DE on 2", "play r1|DE on 3 uno"):
        game.play(move)
    game.play("play r4|DE on 4")  # the last line closes; seat 1 keeps b5|b6 and no call
    assert (game.to_act, game.state.phase) == (2, CATCHING)
    game.play("decline")
    assert (game.to_act, game.state.phase) == (0, RESCUE)
    moves = [str(move) for move in game.legal_moves()]
    assert moves[0] == "catch" and moves[-1] == "decline" and "play W|W:g on spinner" in moves
    game.play("catch")
    assert (game.to_act, game.state.phase) == (0, RESCUE) and len(game.state.hands[1]) == 3
    assert "catch" not in texts(game)


def test_do6_any_opponent_the_picture_shows_the_question():
    game = miss_position(ANY)
    picture = game.variant.picture(game.view(3))
    assert "Seat 3 may catch seat 1, who did not call Uno, or decline" in picture


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_do6_any_opponent_random_rounds_end_and_nobody_is_asked_twice(players):
    """DO-6 ``any-opponent``: every round ends; per missed call, a seat is asked once at most
    and at most one seat catches; the next player's decision comes after every other seat's.
    """
    asked_total = 0
    for seed in range(6):
        rng = random.Random(seed)
        game = new_game(
            "dominoes", players, seed=seed, options={**ANY, "target": 60, "hand_size": 4}
        )
        window: list[int] = []  # the seats asked about the current miss, in order
        catches = 0
        for _ in range(20_000):
            if game.is_over:
                break
            state = game.state
            seat = game.to_act
            moves = game.legal_moves()
            if catches:
                assert CATCH_MOVE not in moves, "a catch after the window closed"
            if state.phase == CATCHING or CATCH_MOVE in moves:
                assert seat not in window, "a seat is asked twice about one miss"
                window.append(seat)
                if state.phase == CATCHING:
                    assert list(moves) == [CATCH_MOVE, parse_move("decline")]
                    assert seat != state.uno_debtor and state.catchers
                    asked_total += 1
            asking = state.phase == CATCHING
            events = game.play(rng.choice(moves))
            if of_kind(events, Caught):
                catches += 1
                assert catches == 1, "two catches of one miss"
            if not asking:  # the next player's first move ends the window (DO-6)
                window, catches = [], 0
        assert game.is_over
    assert asked_total > 0  # the question was met


@pytest.mark.parametrize("players", [3, 5])
def test_do6_any_opponent_positions_read_back_as_the_same_state(players):
    """Positions write the question and the seats still to ask, and read them back."""
    met = 0
    for seed in range(4):
        rng = random.Random(seed)
        game = new_game("dominoes", players, seed=seed, options={**ANY, "target": 60})
        for _ in range(400):
            if game.is_over:
                break
            text = game.position()
            started = new_game(position=text, seed=0)
            assert started.position() == text
            state, again = game.state, started.state
            for name in ("phase", "to_act", "catchers", "uno_debtor", "plays", "pending"):
                assert getattr(again, name) == getattr(state, name), name
            if state.phase == CATCHING:
                met += 1
                assert again.resume == state.resume and again.seats == state.seats
                assert "catchers=" in text and "phase=catching" in text
            game.play(rng.choice(game.legal_moves()))
    assert met > 0


def test_do6_a_position_asking_the_wrong_seat_is_refused():
    game = miss_position(ANY)
    text = game.position()
    assert "phase=catching" in text and "turn=3" in text and "catchers=0,2" in text
    with pytest.raises(InvalidPosition):
        new_game(position=text.replace("turn=3", "turn=0"))
    with pytest.raises(InvalidPosition):
        new_game(position=text.replace("catchers=0,2", "catchers=2"))


def test_do6_a_view_names_the_seats_still_to_be_asked():
    game = miss_position(ANY)
    assert game.to_act == 3
    assert all(game.view(seat).data["catchers"] == (0, 2) for seat in range(4))
    assert miss_position().view(0).data["catchers"] == ()


def test_default_positions_have_no_catchers_field():
    assert "catchers" not in miss_position().position()


# -- DO-8 wild_draw_four_upheld --------------------------------------------------------------------

STAYS = {"wild_draw_four_upheld": "stays"}


def wd4_position(offender: Sequence[str], options: dict[str, Any] | None = None) -> Game:
    """Seat 0 opens g9|g9; seat 1 holds ``offender``; seat 2 is hit."""
    return start(
        ["g9|g9", "r2|r5", "b1|b6"],
        offender,
        ["g5|g9", "b4|r7", "y1|g2"],
        then=["r6|r7", "g6|r5", "b5|r8", "y9|b2", "g8|b2", "b6|g4", "y5|bR", "r3|r8"],
        options=options,
    )


def registry_with_tiles(*tiles: str, name: str = "tiny") -> Registry:
    """A registry with the dominoes plugin and a small tile set of our own."""

    def face(code: str) -> dict[str, Any]:
        parsed = Face.parse(code)
        return {"symbol": parsed.symbol, "colour": parsed.colour.value if parsed.colour else None}

    component_set = ComponentSet.from_json(
        {"set": name, "tiles": [[face(end) for end in tile.split("|")] for tile in tiles]}
    )

    class SmallSet:
        @hookimpl
        def unodice_register(self, registry: Any) -> None:
            registry.add_components(component_set)

    registry = Registry()
    registry.add_plugin(dominoes_plugin, "dominoes")
    registry.add_plugin(SmallSet(), name)
    return registry


def ends(game: Game) -> dict[int, str]:
    """Open end number -> what it shows ('closed' for a dead end)."""
    return {end.id: "closed" if end.closed else end.shows for end in game.view(0).data["ends"]}


def test_do8_stays_an_upheld_challenge_leaves_the_wd4_and_its_player_draws_four():
    """DO-8 ``stays``: "that player instead must draw four dominoes", and nothing more."""
    game = wd4_position(["y2|WD4", "g7|r6", "b9|r7"], STAYS)  # g7|r6 could have been laid
    game.play("play WD4|y2 on 1")
    assert game.to_act == 2 and texts(game) == {"accept", "challenge"}
    events = game.play("challenge")
    assert [(e.seat, e.offender, e.upheld) for e in of_kind(events, Challenged)] == [(2, 1, True)]
    assert not of_kind(events, TakenBack) and not of_kind(events, Skipped)
    assert [(e.seat, e.count, e.reason) for e in of_kind(events, Drew)] == [
        (1, 4, "illegal wild draw four")
    ]
    assert ends(game)[1] == "y2"  # the WD4 is still on the layout
    assert "y2|WD4" not in hand(game, 1) and len(game.state.hands[1]) == 2 + 4
    assert game.to_act == 2 and game.state.phase == TURN  # she plays her turn normally
    assert len(game.state.hands[2]) == 3  # and draws nothing


def test_do8_stays_the_declared_colour_of_the_wd4_stands():
    """DO-8 ``stays``: a WD4 laid with a wild far end keeps the colour declared for it."""
    registry = registry_with_tiles("g9|g9", "r2|r5", "b1|b6", "WD4|W", "g7|r6", "b4|r7")
    game = start(
        ["g9|g9", "r2|r5", "b1|b6"],
        ["WD4|W", "g7|r6", "b4|r7"],
        registry=registry,
        options={"tiles": "tiny", "target": 10, **STAYS},
    )
    game.play("play WD4|W:b on 1")  # illegal: g7|r6 could go
    events = game.play("challenge")
    assert [e.upheld for e in of_kind(events, Challenged)] == [True]
    assert ends(game)[1] == "W:b" and game.to_act == 0
    assert "play b1|b6 on 1" in texts(game)  # blue, as declared


def test_do8_stays_a_legal_wd4_challenged_costs_the_challenger_as_before():
    game = wd4_position(["y2|WD4", "y7|r3", "r1|y3"], {**STAYS, "failed_challenge_penalty": 1})
    game.play("play WD4|y2 on 1")
    events = game.play("challenge")
    assert [e.upheld for e in of_kind(events, Challenged)] == [False]
    assert [(e.seat, e.count) for e in of_kind(events, Drew)][:1] == [(2, 5)]
    assert [(e.seat, e.victim, e.cause) for e in of_kind(events, Skipped)] == [(1, 2, "WD4")]


def test_do8_stays_nothing_is_barred_on_an_empty_boneyard():
    """DO-8 ``stays``: the WD4 stays on the table, so its player needs no bar (DO-10)."""
    registry = registry_with_tiles("g9|g9", "b3|y3", "b1|WD4", "g2|y2")
    game = start(
        ["g9|g9", "b3|y3"],
        ["b1|WD4", "g2|y2"],
        registry=registry,
        options={"tiles": "tiny", "target": 10, **STAYS},
    )
    game.play("play WD4|b1 on 1")  # illegal: g2|y2 could go
    events = game.play("challenge")
    assert [(e.seat, e.count) for e in of_kind(events, Drew)] == [(1, 0)]
    assert not of_kind(events, TakenBack)
    assert game.state.wild_draw_four_barred == frozenset()
    assert game.to_act == 0 and "play b3|y3 on 1" in texts(game)  # b3 on the b1 left open
    events = game.play("play b3|y3 on 1")
    assert [(e.winner, e.ending) for e in of_kind(events, RoundOver)] == [(0, "went out")]


# -- every reading: the reference, the bots and the learning environments -------------------------

READINGS = [
    {"drawn_domino": "must-play"},
    {"catch_by": "any-opponent"},
    {"wild_draw_four_upheld": "stays"},
]
"""Each non-default reading alone, then all of them together."""
ALL_READINGS = {name: value for options in READINGS for name, value in options.items()}
EVERY = [*READINGS, ALL_READINGS]


@pytest.mark.slow
@pytest.mark.parametrize("options", EVERY, ids=str)
def test_the_fast_path_agrees_with_the_reference_under_each_reading(options):
    report = check_variant("dominoes", games=1, seed=3, options=options, reference=True)
    assert report.ok and report.games == 5


@pytest.mark.parametrize("options", EVERY, ids=str)
def test_every_bot_plays_under_each_reading(options):
    """Random, greedy, heuristic and search bots, round the table, play each reading."""
    chosen = {**options, "target": 40, "hand_size": 4}
    agents = [
        make_agent("random", seed=1),
        make_agent("greedy", seed=2),
        make_agent("heuristic", seed=3, variant="dominoes"),
        ISMCTSAgent(iterations=4, seed=4),
    ]
    for seed in range(2):
        game = play_game("dominoes", agents, seed=seed, options=chosen)
        assert game.is_over


@pytest.mark.parametrize("options", EVERY, ids=str)
def test_the_learning_environments_run_under_each_reading(options):
    chosen = {**options, "target": 40, "hand_size": 4}
    env = unodice.rl.gym_env("dominoes", players=3, opponents=["random"], options=chosen)
    observation, _ = env.reset(seed=1)
    for _ in range(300):
        legal = np.flatnonzero(observation["action_mask"])
        observation, _, done, truncated, _ = env.step(int(legal[0]))
        if done or truncated:
            observation, _ = env.reset()
    aec = unodice.rl.env("dominoes", players=4, options=chosen)
    aec.reset(seed=2)
    for _ in range(300):
        agent = aec.agent_selection
        observation, _, done, truncated, _ = aec.last()
        if done or truncated:
            aec.step(None)
        else:
            aec.step(int(np.flatnonzero(observation["action_mask"])[0]))
        if not aec.agents:
            aec.reset()
    assert agent is not None


def test_do6_a_person_at_the_terminal_answers_a_question_out_of_turn(monkeypatch):
    """``unodice play``: seat 0, a person, is asked out of turn and catches (seed 3)."""
    monkeypatch.setattr("builtins.input", lambda prompt="": "1")  # the first move: catch
    out = io.StringIO()
    argv = ["play", "dominoes", "--players", "3", "--human", "0", "--seed", "3"]
    argv += ["--option", "target=100", "--option", "catch_by=any-opponent", "--no-colour"]
    assert main(argv, out) == 0
    text = out.getvalue()
    assert "seat 0 may catch seat 2, who did not call Uno" in text
    assert "seat 0 catches seat 2 without Uno" in text
