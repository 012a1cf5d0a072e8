"""Uno dominoes, clause by clause (DO-1 … DO-11), from scripted deals and forced draws.

Every position is dealt with ``Draw`` entries (seat 0's hand first, then seat 1's …), so the
tiles in each hand and the next tiles drawn are known, and every expected outcome below was
worked out by hand from the rules.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import pytest

import unodice
from unodice import IllegalMove, InvalidOptions
from unodice.core.game import Game
from unodice.core.hooks import hookimpl
from unodice.core.moves import MovePlayed, RoundEnded, Scored
from unodice.core.pieces import ComponentSet, Face
from unodice.core.registry import Registry
from unodice.core.uno import Caught, Challenged, Reversed, Skipped, UnoCalled
from unodice.testing import Draw, pieces_in, scripted_game
from unodice.variants import dominoes as dominoes_plugin
from unodice.variants.dominoes import events as dominoes_events
from unodice.variants.dominoes.events import (
    DeadEnd,
    Drew,
    Opened,
    Passed,
    Placed,
    RoundOver,
    TakenBack,
)
from unodice.variants.dominoes.moves import parse_move
from unodice.variants.dominoes.state import DRAWN, RESCUE, TURN

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


def codes(tiles: Iterable[Any]) -> list[str]:
    return sorted(tile.code for tile in tiles)


def hand(game: Game, seat: int) -> list[str]:
    return codes(game.state.hands[seat])


def texts(game: Game) -> set[str]:
    return {str(move) for move in game.legal_moves()}


def of_kind(events: Iterable[Any], kind: type) -> list[Any]:
    return [event for event in events if isinstance(event, kind)]


def ends(game: Game) -> dict[int, str]:
    """Open end number -> what it shows ('closed' for a dead end)."""
    return {end.id: "closed" if end.closed else end.shows for end in game.view(0).data["ends"]}


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


# -- DO-1 opening ----------------------------------------------------------------------------------


def test_do1_highest_number_double_opens_and_play_goes_left():
    game = start(
        ["b5|b5", "r2|r5", "y1|g2"],
        ["y8|y8", "b1|b6", "r6|r7"],
        ["g4|g4", "y7|r3", "b4|r7"],
    )
    opened = of_kind(game.events, Opened)
    assert [(e.seat, e.tile.code) for e in opened] == [(1, "y8|y8")]
    assert ends(game) == {1: "y8", 2: "y8", 3: "y8", 4: "y8"}
    assert hand(game, 1) == ["b1|b6", "r6|r7"]
    assert game.to_act == 2 and game.state.phase == TURN


def test_do1_word_doubles_and_the_double_wild_never_open():
    game = start(["W|W", "rD2|rD2", "bS|bS"], ["gR|gR", "y1|y1", "y1|g2"])
    assert [(e.seat, e.tile.code) for e in of_kind(game.events, Opened)] == [(1, "y1|y1")]
    assert game.to_act == 0


def test_do1_nobody_holds_a_number_double_so_players_draw_in_turn_from_seat_0():
    game = start(
        ["r2|r5", "y1|g2"],
        ["b1|b6", "y7|r3"],
        ["b4|r7", "r6|r7"],
        then=["b9|r7", "rD2|rD2", "g4|g4"],
    )
    draws = [(e.seat, e.count, e.reason) for e in of_kind(game.events, Drew)]
    assert draws == [(0, 1, "opening"), (1, 1, "opening"), (2, 1, "opening")]
    assert [(e.seat, e.tile.code) for e in of_kind(game.events, Opened)] == [(2, "g4|g4")]
    assert [len(h) for h in game.state.hands] == [3, 3, 2]
    assert "rD2|rD2" in hand(game, 1)  # a word double drawn is kept, it does not open
    assert game.to_act == 0  # left of the opener


# -- DO-2 layout -----------------------------------------------------------------------------------


def test_do2_the_spinner_offers_four_ends_showing_its_face():
    game = start(["g9|g9", *DULL[:2]], ["g7|r6", *DULL[2:]])
    view_ends = game.view(1).data["ends"]
    assert [(e.id, e.face.code, e.origin, e.closed) for e in view_ends] == [
        (1, "g9", 0, False),
        (2, "g9", 0, False),
        (3, "g9", 0, False),
        (4, "g9", 0, False),
    ]


def test_do2_a_double_lies_crosswise_and_continues_its_line():
    game = start(["g9|g9", "r2|r5", "b1|b6"], ["g4|g4", "y7|r3", "b4|r7"])
    events = game.play("play g4|g4 on 1")
    placed = of_kind(events, Placed)[0]
    assert placed.opened == ()
    assert ends(game) == {1: "g4", 2: "g9", 3: "g9", 4: "g9"}


def test_do2_all_doubles_spin_opens_the_two_sides_of_every_double():
    game = start(
        ["g9|g9", "r2|r5", "b1|b6"],
        ["g4|g4", "y7|r3", "b4|r7"],
        options={"all_doubles_spin": True},
    )
    placed = of_kind(game.play("play g4|g4 on 1"), Placed)[0]
    assert placed.opened == (5, 6)
    assert ends(game) == {1: "g4", 2: "g9", 3: "g9", 4: "g9", 5: "g4", 6: "g4"}
    assert [e.origin for e in game.view(0).data["ends"]][4:] == [1, 1]


# -- DO-3 matching ---------------------------------------------------------------------------------


def test_do3_touching_end_matches_number_colour_or_wild_and_dead_end_never_touches():
    game = start(
        ["g9|g9", "r2|r5", "b1|b6", "y1|g2", "r6|r7"],
        ["y9|DE", "g7|r6", "b4|r7", "bR|b3", "y2|WD4"],
    )
    plays = {text for text in texts(game) if text.startswith("play")}
    expected = set()
    for end in (1, 2, 3, 4):
        expected |= {f"play y9|DE on {end}", f"play g7|r6 on {end}", f"play WD4|y2 on {end}"}
    assert plays == expected
    assert "draw" in texts(game)


def test_do3_same_word_matches_across_colours():
    game = start(["g6|g6", "yS|gR", "b1|b6"], ["gS|g6", "b4|r7", "y7|r3"])
    game.play("play g6|gS on 1")  # a skip left open has no effect: seat 0 plays next
    assert game.to_act == 0
    assert {"play yS|gR on 1", "play gR|yS on 1"} <= texts(game)


def test_do3_refusals_cite_the_clause():
    game = start(
        ["g9|g9", "r2|r5", "b1|b6", "y1|g2"],
        ["y9|DE", "g7|r6", "b4|r7", "y3|DE"],
    )
    with pytest.raises(IllegalMove) as no_match:
        game.play("play b4|r7 on 1")
    assert no_match.value.clause == "DO-3"
    with pytest.raises(IllegalMove) as dead_touch:
        game.play("play DE|y9 on 1")
    assert dead_touch.value.clause == "DO-3"
    with pytest.raises(IllegalMove) as unknown_end:
        game.play("play g7|r6 on 9")
    assert unknown_end.value.clause == "DO-2"


def test_do3_a_dead_end_takes_nothing():
    game = start(
        ["g9|g9", "g7|r6", "b1|b6", "y1|g2"],
        ["y9|DE", "g5|g9", "b4|r7", "y3|DE"],
    )
    game.play("play y9|DE on 2")
    assert game.to_act == 0
    with pytest.raises(IllegalMove) as closed:
        game.play("play g7|r6 on 2")
    assert closed.value.clause == "DO-3" and "dead end" in closed.value.reason
    assert not any(" on 2" in text for text in texts(game))


# -- DO-4 the active end ---------------------------------------------------------------------------


def three_seats_after_g9() -> Game:
    """Seat 0 opens g9|g9; seat 1 to act holds every kind of action tile."""
    return start(
        ["g9|g9", "r2|r5", "y1|g2", "b1|b6"],
        ["rD2|g9", "gD2|g8", "gS|g6", "gR|y8"],
        ["g7|r6", "g5|g9", "b4|r7", "y5|g9"],
    )


def test_do4_draw_two_touching_makes_the_next_player_draw_two_and_lose_her_turn():
    game = three_seats_after_g9()
    events = game.play("play gD2|g8 on 1")
    assert [(e.seat, e.count, e.reason) for e in of_kind(events, Drew)][:1] == [(2, 2, "draw two")]
    assert [(e.seat, e.victim, e.cause) for e in of_kind(events, Skipped)] == [(1, 2, "D2")]
    assert len(game.state.hands[2]) == 6
    assert game.state.seats.current == 0


def test_do4_draw_two_left_open_has_no_effect():
    game = three_seats_after_g9()
    events = game.play("play g9|rD2 on 1")
    assert of_kind(events, Drew) == [] and of_kind(events, Skipped) == []
    assert ends(game)[1] == "rD2"
    assert game.to_act == 2 and len(game.state.hands[2]) == 4


def test_do4_skip_touching_skips_the_next_player():
    game = three_seats_after_g9()
    events = game.play("play gS|g6 on 1")
    assert [(e.seat, e.victim, e.cause) for e in of_kind(events, Skipped)] == [(1, 2, "S")]
    assert game.state.seats.current == 0


def test_do4_reverse_touching_reverses_play():
    game = three_seats_after_g9()
    events = game.play("play gR|y8 on 1")
    assert [(e.seat, e.direction) for e in of_kind(events, Reversed)] == [(1, -1)]
    assert game.state.seats.current == 0  # counter-clockwise from seat 1


def two_seats_reverse(options: dict[str, Any]) -> Game:
    return start(["g9|g9", "r2|r5", "b1|b6"], ["gR|y8", "g7|r6", "b4|r7"], options=options)


def test_do4_with_two_players_a_reverse_acts_as_a_skip():
    game = two_seats_reverse({})
    events = game.play("play gR|y8 on 1")
    assert [(e.seat, e.victim, e.cause) for e in of_kind(events, Skipped)] == [(1, 0, "R")]
    assert game.to_act == 1  # she plays again


def test_do4_two_player_reverse_skips_can_be_turned_off():
    game = two_seats_reverse({"two_player_reverse_skips": False})
    events = game.play("play gR|y8 on 1")
    assert of_kind(events, Skipped) == [] and of_kind(events, Reversed) != []
    assert of_kind(events, Drew)[0].seat == 0  # seat 0's turn: she has no play and draws


def test_do4_a_wild_end_left_open_takes_a_declared_colour():
    game = start(["y8|y8", "r2|r5", "b4|r7"], ["y6|WD4", "g7|r6", "b1|b6"])
    with pytest.raises(IllegalMove) as undeclared:
        game.play("play y6|WD4 on 1")
    assert undeclared.value.clause == "DO-4"
    assert {f"play y6|WD4:{c} on 1" for c in "rygb"} <= texts(game)
    events = game.play("play y6|WD4:r on 1")
    assert of_kind(events, Skipped) == []  # only the touching end acts: y6 does nothing
    assert ends(game)[1] == "WD4:r"
    assert {"play r2|r5 on 1", "play r5|r2 on 1", "play r7|b4 on 1"} <= texts(game)


def test_do4_a_dead_end_left_open_closes_its_line():
    game = start(["g9|g9", *DULL[:3]], ["y9|DE", "g7|r6", "y3|DE", "g5|g9"])
    placed = of_kind(game.play("play y9|DE on 3"), Placed)[0]
    assert (placed.touching.code, placed.far.code) == ("y9", "DE")
    assert ends(game) == {1: "g9", 2: "g9", 3: "closed", 4: "g9"}


# -- DO-5 a turn -----------------------------------------------------------------------------------


def test_do5_drawing_is_allowed_even_with_a_play_and_the_drawn_tile_may_be_played():
    game = start(["g9|g9", *DULL[:2]], ["g7|r6", "b4|r7", "y1|g2"], then=["g5|g9"])
    assert "draw" in texts(game) and "play g7|r6 on 1" in texts(game)
    events = game.play("draw")
    assert [(e.seat, e.count, e.reason) for e in of_kind(events, Drew)] == [(1, 1, "draw")]
    assert game.to_act == 1 and game.state.phase == DRAWN
    moves = texts(game)
    assert "keep" in moves and "play g5|g9 on 1" in moves and "play g9|g5 on 1" in moves
    assert not any("g7|r6" in text for text in moves)  # only the drawn tile
    with pytest.raises(IllegalMove) as other:
        game.play("play g7|r6 on 1")
    assert other.value.clause == "DO-5"


def test_do5_keep_passes_the_turn():
    game = start(["g9|g9", *DULL[:2]], ["g7|r6", "b4|r7", "y1|g2"], then=["g5|g9"])
    game.play("draw")
    events = game.play("keep")
    assert [e.seat for e in of_kind(events, Passed)][:1] == [1]
    assert "g5|g9" in hand(game, 1)


def test_do5_a_drawn_tile_that_fits_nowhere_passes_by_itself():
    game = start(["g9|g9", "g7|r6", "b1|b6"], ["g5|g9", "b4|r7", "y1|g2"], then=["r2|r5"])
    events = game.play("draw")
    assert [e.seat for e in of_kind(events, Passed)] == [1]
    assert game.to_act == 0 and game.state.phase == TURN


def test_do5_a_player_who_cannot_play_draws_without_being_asked():
    game = start(["g9|g9", "g7|r6", "b1|b6"], ["b4|r7", "r2|r5", "y7|r3"], then=["g5|g9"])
    draws = [(e.seat, e.count, e.reason) for e in of_kind(game.events, Drew)]
    assert draws == [(1, 1, "no play")]
    assert game.to_act == 1 and game.state.phase == DRAWN


def test_do5_refusals_for_keep_and_draw():
    game = start(["g9|g9", *DULL[:2]], ["g7|r6", "b4|r7", "y1|g2"], then=["g5|g9"])
    with pytest.raises(IllegalMove) as keep:
        game.play("keep")
    assert keep.value.clause == "DO-5"
    game.play("draw")
    with pytest.raises(IllegalMove) as again:
        game.play("draw")
    assert again.value.clause == "DO-5"


# -- DO-6 Uno --------------------------------------------------------------------------------------


def uno_position() -> Game:
    return start(["g9|g9", "b1|b6"], ["g7|r6", "b4|r7"], ["g5|g9", "y1|g2"])


def test_do6_a_play_leaving_one_tile_may_call_uno():
    game = uno_position()
    assert {"play g7|r6 on 1 uno", "play g7|r6 on 1"} <= texts(game)
    events = game.play("play g7|r6 on 1 uno")
    assert [e.seat for e in of_kind(events, UnoCalled)] == [1]
    assert "catch" not in texts(game)


def test_do6_the_next_player_catches_a_missed_uno_and_the_offender_draws_two():
    game = uno_position()
    game.play("play g7|r6 on 1")
    assert game.to_act == 2 and game.legal_moves()[0] == parse_move("catch")
    events = game.play("catch")
    assert [(e.seat, e.offender) for e in of_kind(events, Caught)] == [(2, 1)]
    assert next((e.seat, e.count, e.reason) for e in of_kind(events, Drew)) == (1, 2, "missed uno")
    assert len(game.state.hands[1]) == 3
    assert game.to_act == 2 and "catch" not in texts(game)


def test_do6_the_chance_to_catch_ends_with_the_next_players_first_move():
    game = uno_position()
    game.play("play g7|r6 on 1")
    game.play("play g9|g5 on 2 uno")
    assert game.to_act == 0 and "play b6|b1 on 1" in texts(game)  # b6 matches r6
    assert "catch" not in texts(game)
    with pytest.raises(IllegalMove) as late:
        game.play("catch")
    assert late.value.clause == "DO-6"


def test_do6_uno_cannot_be_called_on_a_play_that_leaves_more_than_one_tile():
    game = start(["g9|g9", *DULL[:2]], ["g7|r6", "b4|r7", "y1|g2"])
    with pytest.raises(IllegalMove) as early:
        game.play("play g7|r6 on 1 uno")
    assert early.value.clause == "DO-6"


def test_do6_catch_with_nothing_else_to_do_offers_pass_and_an_empty_boneyard_gives_nothing():
    registry = registry_with_tiles("g9|g9", "b3|r3", "g1|y1", "g2|y2")
    game = start(
        ["g9|g9", "b3|r3"],
        ["g1|y1", "g2|y2"],
        registry=registry,
        options={"tiles": "tiny", "target": 5},
    )
    game.play("play g1|y1 on 1")  # down to one tile, no Uno
    assert game.to_act == 0 and texts(game) == {"catch", "pass"}
    events = game.play("catch")
    assert [(e.seat, e.count) for e in of_kind(events, Drew)] == [(1, 0)]
    # Seat 0 still cannot lay anything: she passes by herself, and seat 1 goes out.
    assert [e.seat for e in of_kind(events, Passed)] == [0]
    assert game.to_act == 1
    events = game.play("play g2|y2 on 2")
    assert [(e.winner, e.ending) for e in of_kind(events, RoundOver)] == [(1, "went out")]


# -- DO-7 going out and scoring --------------------------------------------------------------------


def test_do7_the_winner_scores_the_others_hands():
    game = start(["g9|g9", "r2|r5"], ["g7|r6", "b4|r7"])
    game.play("play g7|r6 on 1 uno")
    events = game.play("play r5|r2 on 1")
    assert [(e.winner, e.ending, e.hand_points) for e in of_kind(events, RoundOver)] == [
        (0, "went out", (0, 11))
    ]
    assert [(e.seat, e.points, e.reason) for e in of_kind(events, Scored)] == [(0, 11, "round won")]


def test_do7_a_final_draw_two_is_drawn_before_the_hands_are_counted():
    game = start(["g9|g9", "gD2|g8"], ["g7|r6", "b4|r7"], then=["y1|y1", "b1|b6"])
    game.play("play g7|r6 on 1 uno")
    events = game.play("play gD2|g8 on 2")
    assert [(e.seat, e.count) for e in of_kind(events, Drew)] == [(1, 2)]
    # b4|r7 11 + y1|y1 2 + b1|b6 7
    assert [(e.seat, e.points) for e in of_kind(events, Scored)] == [(0, 20)]


def test_do7_tile_values():
    game = start(["g9|g9", *DULL[:2]], ["g7|r6", "b4|r7", "y1|g2"])
    variant = game.variant
    tiles = {tile.code: tile for tile in variant.components().tiles}
    assert variant.hand_points([tiles["W|W"]]) == 50
    assert variant.hand_points([tiles["b8|WD4"]]) == 28
    assert variant.hand_points([tiles["yD2|DE"]]) == 30
    assert variant.hand_points([tiles["rS|r3"], tiles["bR|b3"], tiles["y1|y1"]]) == 28


# -- DO-8 Wild Draw Four ---------------------------------------------------------------------------


def wd4_position(offender: Sequence[str], options: dict[str, Any] | None = None) -> Game:
    """Seat 0 opens g9|g9; seat 1 holds ``offender``; seat 2 is hit."""
    return start(
        ["g9|g9", "r2|r5", "b1|b6"],
        offender,
        ["g5|g9", "b4|r7", "y1|g2"],
        then=["r6|r7", "g6|r5", "b5|r8", "y9|b2", "g8|b2", "b6|g4", "y5|bR", "r3|r8"],
        options=options,
    )


def test_do8_an_illegal_wild_draw_four_challenged_goes_back_and_its_player_draws_four():
    game = wd4_position(["y2|WD4", "g7|r6", "b9|r7"])  # g7|r6 could have been laid
    game.play("play WD4|y2 on 1")
    assert game.to_act == 2 and texts(game) == {"accept", "challenge"}
    events = game.play("challenge")
    assert [(e.seat, e.offender, e.upheld) for e in of_kind(events, Challenged)] == [(2, 1, True)]
    assert [(e.seat, e.tile.code) for e in of_kind(events, TakenBack)] == [(1, "y2|WD4")]
    assert ends(game)[1] == "g9"
    assert len(game.state.hands[1]) == 3 + 4
    assert "y2|WD4" in hand(game, 1)
    assert game.to_act == 2 and game.state.phase == TURN  # she plays normally
    assert len(game.state.hands[2]) == 3


def test_do8_a_legal_wild_draw_four_challenged_costs_the_challenger_four_plus_the_penalty():
    game = wd4_position(["y2|WD4", "y7|r3", "r1|y3"], {"failed_challenge_penalty": 1})
    game.play("play WD4|y2 on 1")
    events = game.play("challenge")
    assert [e.upheld for e in of_kind(events, Challenged)] == [False]
    assert next((e.seat, e.count, e.reason) for e in of_kind(events, Drew)) == (
        2,
        5,
        "failed challenge",
    )
    assert [(e.seat, e.victim, e.cause) for e in of_kind(events, Skipped)] == [(1, 2, "WD4")]
    assert ends(game)[1] == "y2"
    assert game.state.seats.current == 0


def test_do8_only_a_non_wild_touching_end_makes_a_wild_draw_four_illegal():
    game = wd4_position(["y2|WD4", "W|W", "y7|r3"])  # the double-Wild does not count
    game.play("play WD4|y2 on 1")
    events = game.play("challenge")
    assert [e.upheld for e in of_kind(events, Challenged)] == [False]


def test_do8_accepting_draws_four_and_loses_the_turn():
    game = wd4_position(["y2|WD4", "g7|r6", "b9|r7"])
    game.play("play WD4|y2 on 1")
    events = game.play("accept")
    assert next((e.seat, e.count, e.reason) for e in of_kind(events, Drew)) == (
        2,
        4,
        "wild draw four",
    )
    assert [(e.seat, e.victim, e.cause) for e in of_kind(events, Skipped)] == [(1, 2, "WD4")]
    assert game.state.seats.current == 0


def test_do8_the_answer_comes_before_anything_else():
    game = wd4_position(["y2|WD4", "g7|r6", "b9|r7"])
    game.play("play WD4|y2 on 1")
    with pytest.raises(IllegalMove) as early:
        game.play("play g5|g9 on 2")
    assert early.value.clause == "DO-8"


# -- DO-9 dead end ---------------------------------------------------------------------------------


def dead_end_game(second_hand_extra: str, options: dict[str, Any] | None = None) -> Game:
    """Seat 0 opens r3|r3 and the two players close all four lines; seat 0 closes the last."""
    game = start(
        ["r3|r3", "y3|DE", "y7|r3", "y4|DE", "b4|r7"],
        ["r1|y3", "b3|DE", "y6|DE", second_hand_extra, "b1|b6"],
        options=options,
    )
    for move in (
        "play r1|y3 on 4",
        "play y3|DE on 1",
        "play b3|DE on 2",
        "play r3|y7 on 3",
        "play y6|DE on 3",
    ):
        game.play(move)
    return game


def test_do9_every_line_dead_without_the_double_wild_the_closer_wins():
    game = dead_end_game("g7|y2")
    events = game.play("play y4|DE on 4 uno")
    assert [e.seat for e in of_kind(events, DeadEnd)] == [0]
    # Seat 1 keeps g7|y2 (9) and b1|b6 (7); seat 0's own b4|r7 does not count.
    assert [(e.winner, e.ending) for e in of_kind(events, RoundOver)] == [(0, "dead end")]
    assert [(e.seat, e.points) for e in of_kind(events, Scored)] == [(0, 16)]


def test_do9_the_double_wild_may_reopen_a_dead_layout_from_the_spinner():
    game = dead_end_game("W|W")
    game.play("play y4|DE on 4 uno")
    assert game.to_act == 1 and game.state.phase == RESCUE
    assert texts(game) == {f"play W|W:{c} on spinner{u}" for c in "rygb" for u in ("", " uno")} | {
        "decline"
    }
    events = game.play("play W|W:b on spinner uno")
    placed = of_kind(events, Placed)[0]
    assert (placed.end, placed.opened) == (0, (5,))
    assert ends(game)[5] == "W:b"
    assert game.view(0).data["ends"][4].origin == 0
    assert game.to_act == 0  # play goes on after her: b4|r7 fits the blue line


def test_do9_declining_the_double_wild_lets_the_closer_win():
    game = dead_end_game("W|W")
    game.play("play y4|DE on 4 uno")
    events = game.play("decline")
    assert [(e.winner, e.ending) for e in of_kind(events, RoundOver)] == [(0, "dead end")]
    # W|W 50 and b1|b6 7
    assert [(e.seat, e.points) for e in of_kind(events, Scored)] == [(0, 57)]


def test_do9_the_spinner_takes_nothing_while_a_line_is_open():
    game = dead_end_game("W|W")
    with pytest.raises(IllegalMove) as early:
        game.play("play W|W:g on spinner")
    assert early.value.clause == "DO-9"


# -- DO-10 blocked round ---------------------------------------------------------------------------


def test_do10_a_blocked_round_goes_to_the_lowest_hand_which_scores_the_others():
    registry = registry_with_tiles("g9|g9", "b1|y2", "b3|y4", "r6|y7", "r8|y1")
    game = start(
        ["g9|g9", "b1|y2"],
        ["b3|y4", "r6|y7"],
        registry=registry,
        options={"tiles": "tiny", "target": 10},
    )
    round_one = game.events[: game.events.index(of_kind(game.events, RoundEnded)[0]) + 1]
    assert [(e.seat, e.reason) for e in of_kind(round_one, Drew)] == [(1, "no play")]
    assert [e.seat for e in of_kind(round_one, Passed)] == [1, 0, 1]
    # seat 0: b1|y2 = 3; seat 1: 7 + 13 + 9 (the drawn r8|y1) = 29
    assert [(e.winner, e.ending, e.hand_points) for e in of_kind(round_one, RoundOver)] == [
        (0, "blocked", (3, 29))
    ]
    assert [(e.seat, e.points) for e in of_kind(round_one, Scored)] == [(0, 29)]
    assert game.is_over and game.winners == (0,)


def test_do10_a_tie_for_the_lowest_hand_scores_nothing():
    registry = registry_with_tiles("g9|g9", "b1|y2", "b3|y3", "b1|y1", "b2|y1", "r2|y2")
    game = start(
        ["g9|g9", "b1|y2", "b3|y3"],
        ["b1|y1", "b2|y1", "r2|y2"],
        registry=registry,
        options={"tiles": "tiny", "target": 1},
    )
    first = of_kind(game.events, RoundEnded)[0]
    assert (first.winners, first.points) == ((), (0, 0))
    over = of_kind(game.events, RoundOver)[0]
    assert (over.winner, over.hand_points) == (None, (9, 9))


def test_do8_do10_a_boneyard_emptied_by_the_take_back_does_not_block_the_round_either():
    """DO-8, DO-10: the last tile goes to the player whose WD4 went back; she has not passed."""
    registry = registry_with_tiles("g9|g9", "b3|y3", "b1|WD4", "g2|y2", "b4|y4")
    game = start(
        ["g9|g9", "b3|y3"],
        ["b1|WD4", "g2|y2"],
        then=["b4|y4"],
        registry=registry,
        options={"tiles": "tiny", "target": 10},
    )
    game.play("play WD4|b1 on 1")  # illegal: g2|y2 could go
    events = game.play("challenge")
    # Seat 1 takes it back and draws the last tile; seat 0 cannot lay a tile and passes,
    # but seat 1 can, so the round goes on with her turn.
    assert [(e.seat, e.count) for e in of_kind(events, Drew)] == [(1, 1)]
    assert [e.seat for e in of_kind(events, Passed)] == [0]
    assert not of_kind(events, RoundOver)
    assert len(game.state.boneyard) == 0
    assert game.to_act == 1 and "play g2|y2 on 1" in texts(game)
    # She drew a tile, so DO-8's bar does not apply: she may lay the WD4 again.
    assert game.state.wild_draw_four_barred == set() and "play WD4|b1 on 2" in texts(game)


def test_do8_do10_a_wild_draw_four_taken_back_is_not_a_pass_so_the_round_is_not_blocked():
    """DO-8, DO-10: only real passes block a round, not a turn whose WD4 was taken back.

    The whole set is dealt, so the boneyard is empty from the start. Seat 1 lays her WD4
    although g2|y2 could go; seat 0 challenges, the WD4 goes back, and seat 0, who cannot lay
    anything, passes. Seat 1 has not passed and can still lay g2|y2, so the round goes on.
    """
    registry = registry_with_tiles("g9|g9", "b3|y3", "b1|WD4", "g2|y2")
    game = start(
        ["g9|g9", "b3|y3"],
        ["b1|WD4", "g2|y2"],
        registry=registry,
        options={"tiles": "tiny", "target": 10},
    )
    assert len(game.state.boneyard) == 0 and game.to_act == 1
    game.play("play WD4|b1 on 1")  # illegal: g2|y2 could go
    events = game.play("challenge")
    assert [e.upheld for e in of_kind(events, Challenged)] == [True]
    assert [e.seat for e in of_kind(events, Passed)] == [0]
    assert not of_kind(events, RoundOver)
    assert game.to_act == 1 and game.state.phase == TURN
    assert "play g2|y2 on 1 uno" in texts(game)
    game.play("play g2|y2 on 1 uno")
    events = game.play("play y3|b3 on 1")  # seat 0 goes out on the y2 end
    # seat 1 is left with b1|WD4: 1 + 20
    assert [(e.winner, e.ending, e.hand_points) for e in of_kind(events, RoundOver)] == [
        (0, "went out", (0, 21))
    ]


def position(game: Game) -> str:
    """Everything a later move could depend on, with the order of tiles in a hand left out."""
    state = game.state
    return repr(
        (
            game.round,
            game.is_over,
            game.to_act,
            state.phase,
            len(state.boneyard),
            [codes(tiles) for tiles in state.hands],
            sorted(ends(game).items()),
            sorted(texts(game)),
            state.seats.direction,
        )
    )


def bluffer_and_challenger(game: Game, limit: int) -> list[str]:
    """Finish the round, always laying a WD4 when offered and always challenging; the moves.

    With no rule against it, this repeats a bluff taken back on an empty boneyard for ever;
    stops after ``limit`` decisions.
    """
    made: list[str] = []
    current = game.round
    while not game.is_over and game.round == current and len(made) < limit:
        moves = [str(move) for move in game.legal_moves()]
        move = next((m for m in moves if m.startswith("play WD4")), None)
        move = move or ("challenge" if "challenge" in moves else moves[0])
        game.play(move)
        made.append(move)
    return made


def test_do8_do10_a_bluff_taken_back_on_an_empty_boneyard_must_not_bring_the_round_back():
    """DO-8, DO-10: every round must end, so a turn must not lead back to where it started.

    Seat 1 bluffs the WD4, seat 0 challenges, the tile goes back and seat 0 passes. Seat 1
    drew nothing, so DO-8's Decision bars her from the WD4 until a tile is laid: she must lay
    g2|y2, and the round ends (seat 0 goes out on it), even for players who would bluff and
    challenge for ever.
    """
    registry = registry_with_tiles("g9|g9", "b3|y3", "b1|WD4", "g2|y2")
    game = start(
        ["g9|g9", "b3|y3"],
        ["b1|WD4", "g2|y2"],
        registry=registry,
        options={"tiles": "tiny", "target": 100},
    )
    before = position(game)
    game.play("play WD4|b1 on 1")
    game.play("challenge")
    assert position(game) != before
    made = bluffer_and_challenger(game, limit=20)
    assert made == ["play g2|y2 on 1 uno", "play y3|b3 on 1"]
    first_round = of_kind(game.events, RoundOver)[0]
    assert (first_round.winner, first_round.ending) == (0, "went out")


def test_do8_a_wd4_taken_back_on_an_empty_boneyard_cannot_be_laid_again_at_once():
    """DO-8: she drew nothing, so until a tile is laid she is offered no WD4 and is refused one."""
    registry = registry_with_tiles("g9|g9", "b3|y3", "b1|WD4", "g2|y2")
    game = start(
        ["g9|g9", "b3|y3"],
        ["b1|WD4", "g2|y2"],
        registry=registry,
        options={"tiles": "tiny", "target": 10},
    )
    assert "play WD4|b1 on 1" in texts(game)
    game.play("play WD4|b1 on 1")
    events = game.play("challenge")
    assert [(e.seat, e.count) for e in of_kind(events, Drew)] == [(1, 0)]
    assert [e.seat for e in of_kind(events, Passed)] == [0]  # seat 0 cannot lay anything
    assert game.to_act == 1 and "b1|WD4" in hand(game, 1)
    assert texts(game) == {
        f"play g2|y2 on {end}{uno}" for end in range(1, 5) for uno in ("", " uno")
    }
    assert [game.view(seat).data["wild_draw_four_barred"] for seat in (0, 1)] == [(1,), (1,)]
    with pytest.raises(IllegalMove) as barred:
        game.play("play WD4|b1 on 2")
    assert barred.value.clause == "DO-8"
    assert "cannot be played again until a tile has been laid" in barred.value.reason


def test_do8_any_tile_laid_lifts_the_bar_and_a_copy_keeps_its_own():
    """DO-8: seat 0's tile stays on the table, so seat 1 may lay her WD4 again."""
    registry = registry_with_tiles("g9|g9", "g3|r3", "r8|y8", "b1|WD4", "g2|y2", "b5|y5")
    game = start(
        ["g9|g9", "g3|r3", "r8|y8"],
        ["b1|WD4", "g2|y2", "b5|y5"],
        registry=registry,
        options={"tiles": "tiny", "target": 10},
    )
    game.play("play WD4|b1 on 1")
    game.play("challenge")
    assert game.to_act == 0 and game.state.wild_draw_four_barred == {1}
    twin = game.copy()
    twin.play("play g3|r3 on 2")
    assert twin.state.wild_draw_four_barred == set()
    assert game.state.wild_draw_four_barred == {1}  # the copy changed nothing here
    game.play("play g3|r3 on 2")
    assert game.to_act == 1 and game.view(1).data["wild_draw_four_barred"] == ()
    assert {"play WD4|b1 on 1", "play WD4|b1 on 2"} <= texts(game)


# -- DO-11 the match -------------------------------------------------------------------------------


def test_do11_the_match_goes_on_until_a_player_reaches_the_target():
    registry = registry_with_tiles("g9|g9", "b1|y2", "b3|y4", "r6|y7", "r8|y1")
    below = start(
        ["g9|g9", "b1|y2"],
        ["b3|y4", "r6|y7"],
        registry=registry,
        options={"tiles": "tiny", "target": 30},
    )
    assert below.scores[0] >= 29 and below.round >= 2
    at = start(
        ["g9|g9", "b1|y2"],
        ["b3|y4", "r6|y7"],
        registry=registry,
        options={"tiles": "tiny", "target": 29},
    )
    assert at.is_over and at.round == 1 and at.scores == (29, 0)


def test_do11_rounds_are_played_until_someone_has_the_target():
    from unodice import RandomAgent, play_game

    game = play_game(
        "dominoes",
        [RandomAgent(1), RandomAgent(2), RandomAgent(3)],
        seed=5,
        options={"target": 150},
    )
    totals = [0, 0, 0]
    ends_of_rounds = []
    for event in game.events:
        if isinstance(event, Scored):
            totals[event.seat] += event.points
        if isinstance(event, RoundEnded):
            ends_of_rounds.append(max(totals))
    assert all(best < 150 for best in ends_of_rounds[:-1]) and ends_of_rounds[-1] >= 150
    assert game.winners == (totals.index(max(totals)),)


# -- hidden information ----------------------------------------------------------------------------


def test_a_view_shows_the_own_hand_the_layout_and_only_counts_of_hidden_tiles():
    game = start(["g9|g9", "r2|r5", "b1|b6"], ["g7|r6", "b4|r7", "y7|r3"])
    view = game.view(1).data
    assert codes(view["hand"]) == ["b4|r7", "g7|r6", "y7|r3"]
    assert view["hand_sizes"] == (2, 3) and view["boneyard"] == 81 - 6
    assert [p.tile.code for p in view["layout"]] == ["g9|g9"]
    hidden = {tile.id for tile in game.variant.hidden_pieces(game.state, 1)}
    assert len(hidden) == 2 + 75
    assert not hidden & {piece.id for piece in pieces_in(view)}


def test_the_drawn_tile_is_shown_only_to_its_player():
    game = start(["g9|g9", "g7|r6", "b1|b6"], ["b4|r7", "r2|r5", "y7|r3"], then=["g5|g9"])
    assert game.view(1).data["drawn"].code == "g5|g9"
    assert game.view(0).data["drawn"] is None
    assert "g5|g9" not in game.render(0) and "g5|g9" in game.render(1)


def test_render_for_a_seat_lists_only_her_own_tiles():
    game = start(["g9|g9", "r2|r5", "b1|b6"], ["g7|r6", "b4|r7", "y7|r3"])
    mine, theirs = game.render(1), game.render(0)
    for code in ("g7|r6", "b4|r7", "y7|r3"):
        assert code in mine and code not in theirs
    assert all(code in game.render() for code in ("r2|r5", "b1|b6", "g7|r6"))


# -- notation, options, refusals -------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "play r3|y5 on 2",
        "play b8|WD4:g on 1",
        "play r3|y5 on 12 uno",
        "play W|W:r on spinner",
        "play W|W:b on spinner uno",
        "draw",
        "keep",
        "pass",
        "challenge",
        "accept",
        "catch",
        "decline",
    ],
)
def test_notation_reads_back(text):
    assert str(parse_move(text)) == text


def test_plays_are_equal_exactly_when_their_notation_is():
    # A play compares its fields; its notation names every one, so the two agree.
    plays = [
        parse_move(text)
        for text in (
            "play r3|y5 on 2",
            "play y5|r3 on 2",
            "play r3|y5 on 3",
            "play r3|y5 on 2 uno",
            "play b8|WD4:g on 1",
            "play b8|WD4:b on 1",
            "play W|W:r on spinner",
            "play W|W:r on 1",
        )
    ]
    game = unodice.new_game("dominoes", players=3, seed=5)
    while not game.is_over and len(plays) < 400:
        plays += game.legal_moves()
        game.play(game.legal_moves()[-1])
    for a in plays:
        for b in plays[:60]:
            assert (a == b) is (str(a) == str(b)) and (a != b) is (str(a) != str(b)), (a, b)
            if a == b:
                assert hash(a) == hash(b)
    for a in plays:
        twin = parse_move(str(a))
        assert twin == a and hash(twin) == hash(a)


def test_notation_is_forgiving_about_case_and_spaces():
    assert parse_move("  PLAY R3|Y5  on 2 UNO ") == parse_move("play r3|y5 on 2 uno")


@pytest.mark.parametrize(
    "text",
    ["lay r3|y5 on 2", "play r3 on 2", "play x3|y5 on 2", "play r3|W:q on 1", "play r3|y5 on"],
)
def test_unreadable_notation_says_what_moves_look_like(text):
    with pytest.raises(IllegalMove) as refused:
        parse_move(text)
    assert "play r3|y5 on 2" in str(refused.value)


def test_a_tile_not_in_hand_is_refused_with_the_clause():
    game = start(["g9|g9", *DULL[:2]], ["g7|r6", "b4|r7", "y7|r3"])
    with pytest.raises(IllegalMove) as missing:
        game.play("play g5|g9 on 1")
    assert missing.value.clause == "DO-5" and "holds no" in missing.value.reason


def test_copies_of_a_tile_and_doubles_give_no_duplicate_moves():
    game = start(["g9|g9", *DULL[:3]], ["b8|WD4", "b8|WD4", "g4|g4", "W|W"])
    moves = game.legal_moves()
    assert len(moves) == len(set(moves)) == len({str(m) for m in moves})
    # b8|WD4 (WD4 touching) on 4 ends, g4|g4 on 4 ends, W|W on 4 ends x 4 colours, draw
    assert len(moves) == 4 + 4 + 16 + 1


@pytest.mark.parametrize(
    ("options", "players", "words"),
    [
        ({"tiles": "no-such-set"}, 2, "no component set"),
        ({"tiles": "coverall-24"}, 2, "set of dice"),
        ({"hand_size": 14}, 6, "needs 84 tiles"),
        ({"hand_size": 1}, 2, "at least 2"),
        ({"failed_challenge_penalty": -1}, 2, "at least 0"),
        ({"target": 0}, 2, "at least 1"),
    ],
)
def test_bad_options_are_refused_with_what_is_valid(options, players, words):
    with pytest.raises(InvalidOptions) as refused:
        unodice.new_game("dominoes", players=players, options=options)
    assert words in str(refused.value)


def test_a_tile_set_without_a_number_double_is_refused():
    registry = registry_with_tiles("rS|rS", "b1|y2", "b3|y4", "r6|y7", name="no-doubles")
    with pytest.raises(InvalidOptions) as refused:
        unodice.new_game(
            "dominoes", 2, options={"tiles": "no-doubles", "hand_size": 2}, registry=registry
        )
    assert "DO-1" in str(refused.value)


def test_every_event_of_the_variant_is_described_in_words():
    game = unodice.play_game(
        "dominoes", [unodice.RandomAgent(7), unodice.RandomAgent(8)], seed=3, options={"target": 60}
    )
    own = [
        e
        for e in game.events
        if type(e).__module__ in (dominoes_events.__name__, "unodice.core.uno")
        or isinstance(e, MovePlayed)
    ]
    assert {e.kind for e in own} >= {"dealt", "opened", "placed", "drew", "move-played"}
    for event in own:
        line = game.variant.describe(event)
        assert "=" not in line  # not the generic "kind field=value" fallback
        assert "seat" in line or event.kind in ("dealt", "reversed")


def test_do3_a_play_lands_from_what_it_carries_not_from_what_legal_moves_left_behind():
    """Playing a move needs nothing that generating the legal moves filled in as it went."""
    from unodice.variants.dominoes.moves import Play

    for seed in range(20):
        game = unodice.new_game("dominoes", 3, seed)
        twin = game.copy()
        for _ in range(40):
            if game.is_over:
                break
            moves = game.legal_moves()
            move = next((m for m in moves if isinstance(m, Play)), moves[-1])
            # A variant that has worked out nothing for this game's decisions plays the move.
            game.variant = type(game.variant)(
                game.variant.options, game.players, game.variant.component_sets
            )
            assert [e.to_json() for e in game.play(move)] == [
                e.to_json() for e in twin.play(str(move))
            ]
