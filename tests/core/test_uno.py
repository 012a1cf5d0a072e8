"""`unodice.core.uno`: the Uno family's shared mechanics, on a toy table.

The toy below is the smallest thing that satisfies `UnoRules`: hands are counts of pieces and
the bag a count. The variants' own tests show the mechanics in their games (CV-8, CV-9, CD-6
to CD-9, DO-4, DO-6, DO-8).
"""

from __future__ import annotations

from typing import Any

import pytest

from unodice.core import uno
from unodice.core.chance import Chance
from unodice.core.moves import Event
from unodice.core.turns import Seats
from unodice.core.uno import Penalty, PendingWildDrawFour


class ToyTable:
    """Records what the mechanics emit."""

    def __init__(self) -> None:
        self.events: list[Event] = []
        self.chance = Chance(0)

    def emit(self, event: Event) -> None:
        self.events.append(event)


class ToyState:
    def __init__(self, players: int, bag: int, hand: int = 5) -> None:
        self.hands = [hand] * players
        self.bag = bag
        self.log: list[tuple[Any, ...]] = []


class ToyRules:
    """Draws from a counted bag and logs every call the mechanics make."""

    def penalise(self, table: Any, state: ToyState, seat: int, penalty: Penalty) -> int:
        drawn = min(penalty.count, state.bag)
        state.bag -= drawn
        state.hands[seat] += drawn
        state.log.append(("penalise", seat, penalty.reason, drawn))
        return drawn

    def keep_wild_draw_four(self, table: Any, state: ToyState, pending: Any) -> None:
        state.log.append(("keep", pending.seat))

    def take_back(self, table: Any, state: ToyState, pending: Any) -> None:
        state.hands[pending.seat] += 1
        state.log.append(("take back", pending.seat, pending.before))

    def after_take_back(self, table: Any, state: ToyState, challenger: int, drew: int) -> None:
        state.log.append(("after take back", challenger, drew))

    def play_on(self, table: Any, state: ToyState, seat: int, next_seat: int) -> None:
        state.log.append(("play on", seat, next_seat))


def kinds(table: ToyTable) -> list[str]:
    return [event.kind for event in table.events]


def test_s_skips_the_next_player_and_names_who_acted():
    table, seats = ToyTable(), Seats.around(4, current=1)
    assert uno.skip_or_reverse(table, seats, 1, "S") == 1
    assert table.events == [uno.Skipped(1, 2, "S")]
    assert seats.direction == 1


def test_r_reverses_with_three_or_more_players_even_when_the_option_is_on():
    table, seats = ToyTable(), Seats.around(3, current=0, two_player_reverse_skips=True)
    assert not seats.reverse_skips
    assert uno.skip_or_reverse(table, seats, 0, "R") == 0
    assert table.events == [uno.Reversed(0, -1)]
    assert seats.next_seat(1, 0) == 2


@pytest.mark.parametrize("option", [True, False])
def test_cv9_r_between_two_players_skips_only_with_the_option(option):
    table, seats = ToyTable(), Seats.around(2, two_player_reverse_skips=option)
    skip = uno.skip_or_reverse(table, seats, 0, "R")
    if option:
        assert (skip, table.events, seats.direction) == (1, [uno.Skipped(0, 1, "R")], 1)
    else:
        assert (skip, table.events, seats.direction) == (0, [uno.Reversed(0, -1)], -1)


def test_the_reverse_skips_setting_survives_a_copy():
    seats = Seats.around(2, two_player_reverse_skips=True)
    assert seats.copy().reverse_skips


def test_d2_makes_the_next_player_draw_two_and_lose_her_turn():
    table, state, rules = ToyTable(), ToyState(3, bag=1), ToyRules()
    seats = Seats.around(3)
    skip = uno.command_effect(rules, table, state, seats, 2, "D2")
    assert skip == 1
    assert state.log == [("penalise", 0, "draw two", 1)]  # the bag held one die
    assert table.events == [uno.Skipped(2, 0, "D2")]


def test_other_symbols_do_nothing():
    table, state, rules = ToyTable(), ToyState(3, bag=9), ToyRules()
    assert uno.command_effect(rules, table, state, Seats.around(3), 0, "r5") == 0
    assert table.events == [] and state.log == []


@pytest.mark.parametrize(("symbol", "count"), [("D2", 2), ("WD4", 4), ("S", 0), ("W", 0)])
def test_a_final_draw_still_hits_the_next_player(symbol, count):
    table, state, rules = ToyTable(), ToyState(3, bag=9), ToyRules()
    uno.final_draw(rules, table, state, Seats.around(3), 1, symbol)
    assert state.hands[2] == 5 + count and state.bag == 9 - count


def test_an_accepted_wild_draw_four_stands_and_skips_its_victim():
    table, state, rules = ToyTable(), ToyState(4, bag=20), ToyRules()
    pending = PendingWildDrawFour(1, True, "covered")
    uno.answer_wild_draw_four(rules, table, state, Seats.around(4), pending, 2, False, 3)
    assert state.log == [("keep", 1), ("penalise", 2, "wild draw four", 4), ("play on", 1, 3)]
    assert table.events == [uno.Skipped(1, 2, "WD4")]


def test_a_failed_challenge_costs_four_and_the_extra_penalty():
    table, state, rules = ToyTable(), ToyState(4, bag=20), ToyRules()
    pending = PendingWildDrawFour(3, False, None)
    uno.answer_wild_draw_four(rules, table, state, Seats.around(4), pending, 0, True, 2)
    assert state.log == [("keep", 3), ("penalise", 0, "failed challenge", 6), ("play on", 3, 1)]
    assert table.events == [uno.Challenged(0, 3, False), uno.Skipped(3, 0, "WD4")]


def test_an_upheld_challenge_takes_the_wild_draw_four_back():
    table, state, rules = ToyTable(), ToyState(4, bag=2), ToyRules()
    pending = PendingWildDrawFour(3, True, "layout before")
    uno.answer_wild_draw_four(rules, table, state, Seats.around(4), pending, 0, True, 0)
    assert state.log == [
        ("take back", 3, "layout before"),
        ("penalise", 3, "illegal wild draw four", 2),
        ("after take back", 0, 2),
    ]
    assert table.events == [uno.Challenged(0, 3, True)]
    assert state.hands[0] == 5  # the challenger draws nothing and plays her turn


def test_an_upheld_challenge_without_take_back_leaves_the_wild_draw_four_standing():
    """``take_back=False`` (DO-8 ``stays``): its player draws four; the challenger plays on."""
    table, state, rules = ToyTable(), ToyState(4, bag=20), ToyRules()
    pending = PendingWildDrawFour(3, True, "layout before")
    uno.answer_wild_draw_four(
        rules, table, state, Seats.around(4), pending, 0, True, 2, take_back=False
    )
    assert state.log == [
        ("keep", 3),
        ("penalise", 3, "illegal wild draw four", 4),
        ("play on", 3, 0),
    ]
    assert table.events == [uno.Challenged(0, 3, True)]
    assert state.hands[0] == 5  # the challenger draws nothing, is not skipped, plays her turn


def test_a_call_is_an_event_and_a_missed_one_is_reported():
    table = ToyTable()
    assert not uno.uno_missed(table, 2, True, 1)
    assert table.events == [uno.UnoCalled(2)]
    assert uno.uno_missed(table, 2, False, 1)
    assert not uno.uno_missed(table, 2, False, 3)
    assert len(table.events) == 1


def test_only_another_player_may_catch_and_only_while_one_piece_is_left():
    assert uno.may_catch(1, 2, 1)
    assert not uno.may_catch(1, 1, 1)
    assert not uno.may_catch(1, 2, 3)
    assert not uno.may_catch(None, 2, 1)


def test_a_catch_costs_the_offender_two():
    table, state, rules = ToyTable(), ToyState(3, bag=9), ToyRules()
    uno.catch(rules, table, state, 0, 2)
    assert table.events == [uno.Caught(0, 2)]
    assert state.log == [("penalise", 2, "missed uno", 2)]


def test_words_are_read_only_among_those_a_variant_offers():
    offered = (uno.ACCEPT, uno.CHALLENGE, uno.CATCH)
    assert uno.read_word("  Accept ", offered) is uno.ACCEPT
    assert uno.read_word("keep", offered) is None
    assert uno.read_word("play r5", offered) is None
    assert {str(word) for word in uno.WORDS.values()} == set(uno.WORDS)


def test_shared_events_have_the_same_fields_whatever_the_variant():
    assert uno.Skipped(1, 2, "S").to_json() == {
        "kind": "skipped",
        "seat": 1,
        "victim": 2,
        "cause": "S",
    }
    assert uno.Challenged(0, 3, True).to_json() == {
        "kind": "challenged",
        "seat": 0,
        "offender": 3,
        "upheld": True,
    }
    assert uno.Caught(4, 1).to_json() == {"kind": "caught", "seat": 4, "offender": 1}


@pytest.mark.parametrize(
    "event",
    [
        uno.Skipped(1, 2, "S"),
        uno.Reversed(0, -1),
        uno.Challenged(0, 3, False),
        uno.UnoCalled(2),
        uno.Caught(4, 1),
    ],
)
def test_every_shared_event_says_itself_naming_its_seats(event):
    text = uno.describe(event)
    assert text is not None and f"seat {event.seat}" in text


def test_describe_leaves_other_events_to_the_variant():
    from unodice.core.moves import RoundStarted

    assert uno.describe(RoundStarted(1)) is None


# -- CD-9 and DO-6 under catch_by="any-opponent": who is asked, in which order ----------------


@pytest.mark.parametrize(
    ("offender", "actor", "reversed_", "expected"),
    [
        (0, 1, False, (2, 3, 1)),  # the next player is asked last, with her turn
        (0, 2, False, (1, 3, 2)),  # after an S the skipped seat is still an opponent
        (0, 3, True, (2, 1, 3)),  # play order follows the direction
        (2, 3, False, (0, 1, 3)),  # from the seat after the offender, round the table
    ],
)
def test_cd9_any_opponent_is_asked_in_play_order_with_the_next_player_last(
    offender, actor, reversed_, expected
):
    seats = Seats.around(4)
    if reversed_:
        seats.reverse()
    assert uno.catchers(seats, offender, actor, any_opponent=True) == expected


@pytest.mark.parametrize("count", range(2, 7))
def test_cd9_every_opponent_is_asked_once_and_the_offender_never(count):
    for offender in range(count):
        for actor in range(count):
            if actor == offender:
                continue
            order = uno.catchers(Seats.around(count), offender, actor, any_opponent=True)
            assert sorted(order) == sorted(set(range(count)) - {offender})
            assert order[-1] == actor


def test_cd9_only_the_next_player_is_asked_by_default():
    assert uno.catchers(Seats.around(5), 0, 3, any_opponent=False) == (3,)
    assert uno.CATCH_BY == ("next", "any-opponent")
