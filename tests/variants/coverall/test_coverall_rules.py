"""Coverall, clause by clause (CV-1 … CV-14), from scripted positions with forced dice.

Every position is built the way a game gets there: a roll-off, a starting die and turns, with
each draw and roll forced. ``Dice`` picks dice of the standard set by the face they are to show,
so a script reads as the faces the players see. Expected scores are worked out by hand from the
rules in the comments beside them.
"""

from __future__ import annotations

from typing import Any

import pytest

from unodice import IllegalMove
from unodice.core.game import Game
from unodice.core.hooks import hookimpl
from unodice.core.moves import Event, RoundEnded, RoundStarted, Scored
from unodice.core.pieces import Colour, ComponentSet, Face, load_components
from unodice.core.registry import Registry
from unodice.core.uno import Reversed, Skipped
from unodice.testing import Draw, Roll, scripted_game
from unodice.variants import coverall as coverall_plugin
from unodice.variants.coverall import (
    HalfOpened,
    NoDice,
    Placed,
    ReserveDrawn,
    Rolled,
    RollOff,
    Run,
    StarterChosen,
    StartingDie,
    TrayClosed,
    TurnLost,
    WildDeclared,
)

STANDARD = load_components("coverall-24").dice
ROLL_OFF_LETTER_DICE = (0, 1, 2, 3, 4, 5, 6, 7)  # each has a W face
ROLL_OFF_NINE = 12  # shows r9


class Dice:
    """Picks dice of the standard set by the face each is to show; a die is picked once."""

    def __init__(self) -> None:
        self.taken: set[int] = set()

    def pick(self, code: str) -> int:
        face = Face.parse(code)
        for die in STANDARD:
            if die.id not in self.taken and face in die.faces:
                self.taken.add(die.id)
                return die.id
        raise LookupError(f"no die left with {code}")

    def draw(self, *codes: str) -> list[Draw | Roll]:
        """Draw one die per code, then roll them to show those codes (a turn's fresh dice)."""
        return [Draw(self.pick(code)) for code in codes] + [Roll.of(code) for code in codes]

    def take(self, *codes: str) -> list[Draw]:
        """Draw dice that can show these codes, without rolling them (a reserve)."""
        return [Draw(self.pick(code)) for code in codes]


def rolls(*codes: str) -> list[Roll]:
    """Forced rolls of dice already held (passed dice, reserves), in hand order."""
    return [Roll.of(code) for code in codes]


def roll_off(players: int, starter: int) -> list[Draw | Roll]:
    """CV-1 script: the starter rolls a 9, everyone else a letter."""
    script: list[Draw | Roll] = []
    letters = iter(ROLL_OFF_LETTER_DICE)
    for seat in range(players):
        if seat == starter:
            script += [Draw(ROLL_OFF_NINE), Roll.of("r9")]
        else:
            script += [Draw(next(letters)), Roll.of("W")]
    return script


def start(
    first: str,
    players: int = 3,
    starter: int = 0,
    options: dict[str, Any] | None = None,
    then: list[Draw | Roll] | None = None,
) -> tuple[Game, Dice]:
    """A game whose starter (by roll-off) rolls ``first`` as the starting die."""
    dice = Dice()
    script = roll_off(players, starter) + dice.draw(first) + (then or [])
    return scripted_game("coverall", script, players=players, options=options, lenient=True), dice


def play(game: Game, move: str, *script: list[Draw | Roll]) -> tuple[Event, ...]:
    """Force what the move will draw and roll, then play it."""
    for part in script:
        game.chance.extend(part)
    return game.play(move)


def of(kind: type, events: Any) -> list[Any]:
    return [event for event in events if isinstance(event, kind)]


def texts(game: Game) -> set[str]:
    return {str(move) for move in game.legal_moves()}


def colour_at(game: Game, name: str) -> Colour | None:
    tray = game.variant.tray
    return game.view(0).data["colours"][tray.names.index(name)]


def custom_registry(*sets: ComponentSet) -> Registry:
    """A registry with coverall and some extra dice sets."""

    class ExtraDice:
        @hookimpl
        def unodice_register(self, registry: Any) -> None:
            for component_set in sets:
                registry.add_components(component_set)

    registry = Registry()
    registry.add_plugin(coverall_plugin, "coverall")
    registry.add_plugin(ExtraDice(), "extra-dice")
    return registry


def dice_set(name: str, *dice: str) -> ComponentSet:
    """A set from one string of six face codes per die."""

    def face(code: str) -> dict[str, Any]:
        parsed = Face.parse(code)
        return {"symbol": parsed.symbol, "colour": parsed.colour.value if parsed.colour else None}

    faces = [[face(code) for code in die.split()] for die in dice]
    return ComponentSet.from_json({"set": name, "dice": faces})


# -- CV-1 starting player ----------------------------------------------------------------------


def test_cv1_the_highest_number_starts():
    script = [Draw(0), Roll.of("r0"), Draw(1), Roll.of("g9"), Draw(2), Roll.of("y7")]
    game = scripted_game("coverall", script, players=3, lenient=True)
    faces = tuple(map(Face.parse, ("r0", "g9", "y7")))
    assert of(RollOff, game.events) == [RollOff((0, 1, 2), faces)]
    assert of(StarterChosen, game.events)[0].seat == 1
    assert game.to_act == 1
    assert game.view(1).data["phase"] == "start"


def test_cv1_letters_count_as_nothing():
    script = [Draw(0), Roll.of("yS"), Draw(3), Roll.of("y0")]
    game = scripted_game("coverall", script, players=2, lenient=True)
    assert of(StarterChosen, game.events)[0].seat == 1


def test_cv1_players_tied_for_highest_roll_again_among_themselves():
    script = [
        Draw(1),
        Roll.of("g9"),
        Draw(12),
        Roll.of("r9"),
        Draw(2),
        Roll.of("y7"),
        Roll.of("r7"),
        Roll.of("g5"),  # seats 0 and 1 roll again; seat 2 does not
    ]
    game = scripted_game("coverall", script, players=3, lenient=True)
    offs = of(RollOff, game.events)
    assert [o.seats for o in offs] == [(0, 1, 2), (0, 1)]
    assert offs[1].faces == (Face.parse("r7"), Face.parse("g5"))
    assert of(StarterChosen, game.events)[0].seat == 0


def test_cv1_when_nobody_rolls_a_number_everyone_rolls_again():
    script = [Draw(0), Roll.of("W"), Draw(1), Roll.of("rS"), Roll.of("y3"), Roll.of("g8")]
    game = scripted_game("coverall", script, players=2, lenient=True)
    assert [o.seats for o in of(RollOff, game.events)] == [(0, 1), (0, 1)]
    assert of(StarterChosen, game.events)[0].seat == 1


def test_cv1_a_tie_no_roll_can_break_goes_to_the_first_tied_seat():
    fixed = dice_set("fives", *["r5 r5 r5 r5 r5 r5"] * 3)
    game = scripted_game(
        "coverall",
        players=3,
        options={"dice": "fives", "rows": 1, "columns": 2},
        registry=custom_registry(fixed),
        lenient=True,
    )
    assert len(of(RollOff, game.events)) == 1
    assert of(StarterChosen, game.events)[0].seat == 0


def test_cv1_roll_off_dice_go_back_to_the_bag():
    game, _ = start("r7")
    assert game.view(0).data["bag"] == 23  # only the starting die is out


# -- CV-2 the starting die --------------------------------------------------------------------


def test_cv2_starting_die_goes_on_any_cell_chosen_by_the_starter():
    game, _ = start("r7")
    assert game.to_act == 0
    assert len(game.legal_moves()) == 24
    assert texts(game) >= {"r7 A1", "r7 D6", "r7 B4"}


def test_cv2_a_number_lets_the_left_player_begin():
    game, dice = start("r7")
    events = play(game, "r7 B2", dice.draw("r5", "b3", "g2", "y1"))
    rolled = of(Rolled, events)
    assert [(r.seat, r.drawn, r.passed) for r in rolled] == [(1, 4, 0)]
    assert game.to_act == 1


def test_cv2_a_wd4_starting_die_is_rolled_again_until_it_is_not():
    script = [*roll_off(3, 0), Draw(8), Roll.of("WD4"), Roll.of("WD4"), Roll.of("y6")]
    game = scripted_game("coverall", script, players=3, lenient=True)
    faces = tuple(map(Face.parse, ("WD4", "WD4", "y6")))
    assert of(StartingDie, game.events) == [StartingDie(0, 8, faces)]
    assert texts(game) >= {"y6 A1", "y6 C5"}


def test_cv2_a_starting_w_is_declared_by_the_left_player_after_she_rolls():
    game, dice = start("W")
    assert "W C3" in texts(game)  # placed without a colour
    play(game, "W C3", dice.draw("r5", "b3", "g2", "y1"))
    assert game.to_act == 1
    assert game.view(1).data["phase"] == "declare"
    assert game.view(1).data["hand"] == tuple(map(Face.parse, ("r5", "b3", "g2", "y1")))
    assert texts(game) == {"declare red", "declare yellow", "declare green", "declare blue"}
    with pytest.raises(IllegalMove) as refused:
        game.play("r5 B3")
    assert refused.value.clause == "CV-2"
    events = game.play("declare r")
    assert of(WildDeclared, events) == [WildDeclared(1, "C3", Colour.RED)]
    assert colour_at(game, "C3") is Colour.RED
    # C3's neighbours in the left half are B3, D3 and C2; only the red die matches the W now.
    assert texts(game) == {"r5 B3", "r5 C2", "r5 D3"}


def test_cv2_a_declaration_is_refused_when_no_w_waits_for_it():
    game, dice = start("r7")
    play(game, "r7 B2", dice.draw("r5", "b3", "g2", "y1"))
    with pytest.raises(IllegalMove) as refused:
        game.play("declare red")
    assert refused.value.clause == "CV-2"


def test_cv2_a_d2_starting_die_gives_the_starter_a_reserve_for_her_next_turn():
    game, dice = start("rD2")
    events = play(game, "rD2 A1", dice.take("b5", "g8"), dice.draw("r5", "r3", "r0", "r1"))
    assert of(ReserveDrawn, events) == [ReserveDrawn(0, 2, "D2")]
    assert game.to_act == 1
    assert len(game.view(0).data["reserves"][0]) == 2
    play(game, "r5 A2", rolls("r3", "r0", "r1"))
    events = play(game, "r3 A3", rolls("r0", "r1", "b5", "g8"))
    assert [(r.seat, r.passed, r.drawn, r.reserve) for r in of(Rolled, events)] == [(0, 2, 0, 2)]
    assert game.view(0).data["reserves"][0] == ()


def test_cv2_an_r_starting_die_lets_the_starter_play_first_and_play_runs_right():
    game, dice = start("rR")
    events = play(game, "rR A1", dice.draw("r5", "r3", "b3", "g2"))
    assert of(Reversed, events) == [Reversed(0, -1)]
    assert [r.seat for r in of(Rolled, events)] == [0]
    assert game.to_act == 0
    play(game, "r5 A2", rolls("r3", "b3", "g2"))
    assert game.to_act == 2  # to her right


def test_cv2_an_s_starting_die_skips_the_left_player():
    game, dice = start("yS")
    events = play(game, "yS A1", dice.draw("y3", "b3", "g2", "r1"))
    assert of(Skipped, events) == [Skipped(0, 1, "S")]
    assert [r.seat for r in of(Rolled, events)] == [2]
    assert game.to_act == 2


# -- CV-3 a turn, passing dice -----------------------------------------------------------------


def test_cv3_remaining_dice_pass_on_and_the_last_die_brings_four_fresh_ones():
    game, dice = start("r7")
    play(game, "r7 A1", dice.draw("r5", "r3", "r0", "r1"))
    events = play(game, "r5 A2", rolls("r3", "r0", "r1"))
    assert [(r.seat, r.passed, r.drawn) for r in of(Rolled, events)] == [(2, 3, 0)]
    events = play(game, "r3 A3", rolls("r0", "r1"))
    assert [(r.seat, r.passed, r.drawn) for r in of(Rolled, events)] == [(0, 2, 0)]
    events = play(game, "r0 B1", rolls("r1"))
    assert [(r.seat, r.passed, r.drawn) for r in of(Rolled, events)] == [(1, 1, 0)]
    events = play(game, "r1 B2", dice.draw("b3", "r4", "g2", "y1"))
    assert [(r.seat, r.passed, r.drawn) for r in of(Rolled, events)] == [(2, 0, 4)]


def test_cv3_a_player_must_place_one_of_her_own_dice():
    game, dice = start("r7")
    play(game, "r7 A1", dice.draw("r5", "b3", "g2", "y1"))
    with pytest.raises(IllegalMove) as refused:
        game.play("r4 A2")
    assert refused.value.clause == "CV-3"
    assert "r5 b3 g2 y1" in refused.value.reason


# -- CV-4 nothing placeable --------------------------------------------------------------------


def test_cv4_with_nothing_placeable_the_turn_is_lost_and_the_dice_go_back():
    game, dice = start("r7")
    events = play(
        game, "r7 A1", dice.draw("b3", "g2", "y1", "b4"), dice.draw("r5", "b8", "g6", "y4")
    )
    assert of(TurnLost, events) == [TurnLost(1, 4)]
    assert [(r.seat, r.passed, r.drawn) for r in of(Rolled, events)] == [(1, 0, 4), (2, 0, 4)]
    assert game.to_act == 2
    assert game.view(2).data["bag"] == 24 - 1 - 4


# -- CV-5 placement ----------------------------------------------------------------------------


def test_cv5_a_die_matches_by_number_or_colour():
    game, dice = start("r7")
    play(game, "r7 B2", dice.draw("b7", "r0", "gS", "y1"))
    around = ("A2", "C2", "B1", "B3")
    assert texts(game) == {f"{code} {cell}" for code in ("b7", "r0") for cell in around}


def test_cv5_a_die_matches_by_letter():
    game, dice = start("rS")
    play(game, "rS B2", dice.draw("yS", "b2", "g4", "y1"))
    assert texts(game) == {f"yS {cell}" for cell in ("A2", "C2", "B1", "B3")}


def test_cv5_one_matching_neighbour_suffices():
    game, dice = start("r7")
    play(game, "r7 A1", dice.draw("r5", "b5", "y7", "g1"))
    play(game, "r5 A2", rolls("b5", "y7", "g1"))
    play(game, "b5 B2", rolls("y7", "g1"))
    # B1 touches A1 (r7: the 7 matches) and B2 (b5: no match); one match is enough.
    assert "y7 B1" in texts(game)


def test_cv5_a_die_that_matches_no_neighbour_is_refused():
    game, dice = start("r7")
    play(game, "r7 B2", dice.draw("b3", "r0", "g2", "y1"))
    with pytest.raises(IllegalMove) as refused:
        game.play("b3 B3")
    assert refused.value.clause == "CV-5"
    assert "matches none" in refused.value.reason


def test_cv5_a_diagonal_die_is_not_a_neighbour():
    game, dice = start("r7")
    play(game, "r7 B2", dice.draw("r5", "b3", "g2", "y1"))
    with pytest.raises(IllegalMove) as refused:
        game.play("r5 A1")
    assert refused.value.clause == "CV-5"
    assert "no die beside it" in refused.value.reason


def test_cv5_a_taken_cell_is_refused():
    game, dice = start("r7")
    play(game, "r7 B2", dice.draw("r5", "b3", "g2", "y1"))
    with pytest.raises(IllegalMove) as refused:
        game.play("r5 B2")
    assert refused.value.clause == "CV-5"


def test_cv5_wilds_go_next_to_any_die():
    game, dice = start("r7")
    play(game, "r7 B2", dice.draw("W", "b3", "g2", "y1"))
    around = ("A2", "C2", "B1", "B3")
    assert texts(game) == {f"W:{c} {cell}" for c in "rygb" for cell in around}


# -- CV-6 wild -------------------------------------------------------------------------------


def test_cv6_a_w_may_be_placed_while_other_dice_could_be_and_keeps_its_colour():
    game, dice = start("r7")
    play(game, "r7 B2", dice.draw("W", "r5", "g2", "y1"))
    moves = texts(game)
    assert "r5 B3" in moves and "W:g B3" in moves
    play(game, "W:g B3", rolls("r5", "g2", "y1"))
    assert colour_at(game, "B3") is Colour.GREEN
    # B3 now counts as green: the g2 passed on may go beside it (A3, C3), the y1 may not.
    assert {"g2 A3", "g2 C3"} <= texts(game)
    assert not any(move.startswith("y1") for move in texts(game))


def test_cv6_a_wild_needs_its_colour_declared_as_it_is_placed():
    game, dice = start("r7")
    play(game, "r7 B2", dice.draw("W", "r5", "g2", "y1"))
    with pytest.raises(IllegalMove) as refused:
        game.play("W B3")
    assert refused.value.clause == "CV-6"


# -- CV-7 wild draw four ---------------------------------------------------------------------


def test_cv7_wd4_refused_while_other_die_placeable():
    game, dice = start("r7")
    play(game, "r7 B2", dice.draw("WD4", "r5", "g2", "y1"))
    assert not any(move.startswith("WD4") for move in texts(game))
    with pytest.raises(IllegalMove) as refused:
        game.play("WD4:b B3")
    assert refused.value.clause == "CV-7"
    assert "r5" in refused.value.reason


def test_cv7_a_placeable_w_counts_as_another_die():
    game, dice = start("r7")
    play(game, "r7 B2", dice.draw("WD4", "W", "g2", "y1"))
    assert texts(game) == {f"W:{c} {s}" for c in "rygb" for s in ("A2", "C2", "B1", "B3")}


def test_cv7_wd4_alone_is_placed_draws_four_for_next_turn_and_does_not_skip():
    game, dice = start("r7")
    play(game, "r7 B2", dice.draw("WD4", "b3", "g2", "y1"))
    assert texts(game) == {f"WD4:{c} {s}" for c in "rygb" for s in ("A2", "C2", "B1", "B3")}
    events = play(game, "WD4:y B3", dice.take("r5", "r3", "r0", "r1"), rolls("b3", "g2", "y1"))
    assert of(ReserveDrawn, events) == [ReserveDrawn(1, 4, "WD4")]
    assert colour_at(game, "B3") is Colour.YELLOW
    assert not of(Skipped, events)
    assert [(r.seat, r.passed) for r in of(Rolled, events)] == [(2, 3)]
    assert len(game.view(0).data["reserves"][1]) == 4


# -- CV-8 skip, reverse, draw two ---------------------------------------------------------------


def test_cv8_s_skips_the_next_player_and_the_dice_pass_to_the_one_after():
    game, dice = start("r7")
    play(game, "r7 A1", dice.draw("rS", "r5", "r3", "r1"))
    events = play(game, "rS A2", rolls("r5", "r3", "r1"))
    assert of(Skipped, events) == [Skipped(1, 2, "S")]
    assert [(r.seat, r.passed) for r in of(Rolled, events)] == [(0, 3)]


def test_cv8_r_reverses_the_direction_of_play():
    game, dice = start("r7")
    play(game, "r7 A1", dice.draw("rR", "r5", "r3", "r1"))
    events = play(game, "rR A2", rolls("r5", "r3", "r1"))
    assert of(Reversed, events) == [Reversed(1, -1)]
    assert [(r.seat, r.passed) for r in of(Rolled, events)] == [(0, 3)]
    play(game, "r5 A3", rolls("r3", "r1"))
    assert game.to_act == 2  # and on in the reversed direction


def test_cv8_d2_draws_two_for_her_next_turn_without_skipping_and_they_are_rolled_then():
    game, dice = start("r7")
    play(game, "r7 A1", dice.draw("rD2", "r5", "r3", "r1"))
    events = play(game, "rD2 A2", dice.take("g8", "b4"), rolls("r5", "r3", "r1"))
    assert of(ReserveDrawn, events) == [ReserveDrawn(1, 2, "D2")]
    assert [(r.seat, r.passed) for r in of(Rolled, events)] == [(2, 3)]
    play(game, "r5 A3", rolls("r3", "r1"))
    events = play(game, "r3 B1", rolls("r1", "g8", "b4"))
    assert [(r.seat, r.passed, r.reserve) for r in of(Rolled, events)] == [(1, 1, 2)]
    assert of(Rolled, events)[0].faces == tuple(map(Face.parse, ("r1", "g8", "b4")))


# -- CV-9 two players -------------------------------------------------------------------------


def test_cv9_with_two_players_r_skips_the_other_player():
    game, dice = start("r7", players=2)
    play(game, "r7 A1", dice.draw("rR", "r5", "r3", "r1"))
    events = play(game, "rR A2", rolls("r5", "r3", "r1"))
    assert of(Skipped, events) == [Skipped(1, 0, "R")]
    assert not of(Reversed, events)
    assert [(r.seat, r.passed) for r in of(Rolled, events)] == [(1, 3)]  # the same player again


def test_cv9_a_starting_r_between_two_players_skips_the_other_and_the_starter_plays_first():
    game, dice = start("rR", players=2)
    events = play(game, "rR A1", dice.draw("r5", "r3", "b3", "g2"))
    assert of(Skipped, events) == [Skipped(0, 1, "R")]
    assert not of(Reversed, events)
    assert [r.seat for r in of(Rolled, events)] == [0]
    assert game.to_act == 0 and game.view(0).data["direction"] == 1


def test_cv9_option_off_r_reverses_between_two_players_too():
    game, dice = start("r7", players=2, options={"two_player_reverse_skips": False})
    play(game, "r7 A1", dice.draw("rR", "r5", "r3", "r1"))
    events = play(game, "rR A2", rolls("r5", "r3", "r1"))
    assert of(Reversed, events) == [Reversed(1, -1)]
    assert [(r.seat, r.passed) for r in of(Rolled, events)] == [(0, 3)]


# -- CV-10 short and empty bags ---------------------------------------------------------------

SIX = dice_set("six", *["r1 r2 r3 rD2 b1 W"] * 6)


def test_cv10_a_short_bag_gives_what_it_has_and_a_player_without_dice_passes():
    script = [Draw(0), Roll.of("r3"), Draw(1), Roll.of("r1"), Draw(0), Roll.of("r1")]
    game = scripted_game(
        "coverall",
        script,
        players=2,
        options={"dice": "six", "rows": 1, "columns": 6, "partition": False},
        registry=custom_registry(SIX),
        lenient=True,
    )
    assert game.to_act == 0
    play(game, "r1 A1", [Draw(1), Draw(2), Draw(3), Draw(4)], rolls("r2", "r2", "r2", "r2"))
    assert game.view(0).data["bag"] == 1
    play(game, "r2 A2", rolls("r3", "r3", "r3"))
    play(game, "r3 A3", rolls("r2", "r2"))
    play(game, "r2 A4", rolls("rD2"))
    # Seat 0 places her last die, a D2: two are due but the bag holds one (die 5).
    events = play(game, "rD2 A5", [Draw(5)], rolls("r1"))
    assert of(ReserveDrawn, events) == [ReserveDrawn(0, 1, "D2")]
    # Seat 1 gets no dice passed, the bag is empty and she has no reserve: she passes.
    assert of(NoDice, events) == [NoDice(1)]
    assert [(r.seat, r.reserve) for r in of(Rolled, events)] == [(0, 1)]
    assert game.to_act == 0
    events = game.play("r1 A6")
    assert of(TrayClosed, events) == [TrayClosed("full", ())]


# -- CV-11 scoring -----------------------------------------------------------------------------


def placed(events: Any) -> Placed:
    (event,) = of(Placed, events)
    return event


def scored(events: Any) -> int:
    (event,) = of(Scored, events)
    return event.points


def test_cv11_a_colour_run_in_a_row_scores_its_dice():
    game, dice = start("r7")
    play(game, "r7 A1", dice.draw("r5", "b3", "g2", "y1"))
    events = play(game, "r5 A2", rolls("b3", "g2", "y1"))
    assert placed(events).runs == (Run("row A", "red", ("A1", "A2"), ("r7", "r5"), 12),)
    assert placed(events).points == 12 and scored(events) == 12


def test_cv11_a_kind_run_scores_its_dice():
    game, dice = start("r7")
    play(game, "r7 A1", dice.draw("b7", "b3", "g2", "y1"))
    events = play(game, "b7 B1", rolls("b3", "g2", "y1"))
    assert placed(events).runs == (Run("column 1", "7", ("A1", "B1"), ("r7", "b7"), 14),)


def test_cv11_a_line_scores_the_larger_of_its_colour_and_kind_runs():
    game, dice = start("b5")
    play(game, "b5 A1", dice.draw("r5", "r5", "g2", "y1"))
    events = play(game, "r5 A2", rolls("r5", "g2", "y1"))
    assert scored(events) == 10  # kind run b5 r5
    events = play(game, "r5 A3", rolls("g2", "y1"))
    # Row A: red run r5 r5 = 10, kind run b5 r5 r5 = 15: the line scores 15.
    run = Run("row A", "5", ("A1", "A2", "A3"), ("b5", "r5", "r5"), 15)
    assert placed(events).runs == (run,)
    assert scored(events) == 15


def test_cv11_when_both_runs_are_worth_the_same_the_colour_run_is_named():
    game, dice = start("r5")
    play(game, "r5 A1", dice.draw("r5", "b3", "g2", "y1"))
    events = play(game, "r5 A2", rolls("b3", "g2", "y1"))
    assert placed(events).runs == (Run("row A", "red", ("A1", "A2"), ("r5", "r5"), 10),)


def test_cv11_run_scored_in_both_lines_at_once():
    game, dice = start("r7")
    play(game, "r7 A1", dice.draw("r3", "r5", "r1", "g2"))
    assert scored(play(game, "r3 B1", rolls("r5", "r1", "g2"))) == 10  # column 1: r7 r3
    assert scored(play(game, "r5 A2", rolls("r1", "g2"))) == 12  # row A: r7 r5
    events = play(game, "r1 B2", rolls("g2"))
    # Row B: r3 r1 = 4; column 2: r5 r1 = 6.
    assert placed(events).runs == (
        Run("row B", "red", ("B1", "B2"), ("r3", "r1"), 4),
        Run("column 2", "red", ("A2", "B2"), ("r5", "r1"), 6),
    )
    assert scored(events) == 10


def test_cv11_a_wild_counts_as_its_colour_and_is_worth_nothing():
    game, dice = start("r7")
    play(game, "r7 A1", dice.draw("W", "b3", "g2", "y1"))
    events = play(game, "W:r A2", rolls("b3", "g2", "y1"))
    assert placed(events).runs == (Run("row A", "red", ("A1", "A2"), ("r7", "W:r"), 7),)


def test_cv11_letters_are_worth_twenty():
    game, dice = start("rS")
    play(game, "rS A1", dice.draw("yS", "b3", "g2", "y1"))
    assert scored(play(game, "yS A2", rolls("b3", "g2", "y1"))) == 40


def test_cv11_a_lone_die_scores_nothing():
    game, dice = start("r7")
    events = play(game, "r7 A1", dice.draw("r5", "b3", "g2", "y1"))
    assert placed(events).runs == () and scored(events) == 0


def test_cv11_runs_stop_at_the_partition():
    options = {"rows": 1, "columns": 4}
    game, dice = start("r7", options=options)
    play(game, "r7 A2", dice.draw("r5", "r3", "g2", "y1"))
    play(game, "r5 A1", rolls("r3", "g2", "y1"))
    events = play(game, "r3 A3", rolls("g2", "y1"))
    assert placed(events).runs == () and scored(events) == 0


def test_cv11_without_the_partition_the_same_run_scores():
    options = {"rows": 1, "columns": 4, "partition": False}
    game, dice = start("r7", options=options)
    play(game, "r7 A2", dice.draw("r5", "r3", "g2", "y1"))
    play(game, "r5 A1", rolls("r3", "g2", "y1"))
    events = play(game, "r3 A3", rolls("g2", "y1"))
    assert scored(events) == 5 + 7 + 3


def test_cv11_scoring_goes_through_the_scoring_hook_with_its_context():
    seen: list[dict[str, Any]] = []

    class Doubling:
        @hookimpl
        def unodice_score(
            self, game: Any, seat: int, points: int, reason: str, context: Any
        ) -> int:
            seen.append(dict(context, reason=reason))
            return points * 2

    class Rules:
        @hookimpl
        def unodice_register(self, registry: Any) -> None:
            registry.add_house_rule("doubling", Doubling(), "scores twice")

    registry = Registry()
    registry.add_plugin(coverall_plugin, "coverall")
    registry.add_plugin(Rules(), "rules")
    dice = Dice()
    game = scripted_game(
        "coverall",
        roll_off(3, 0) + dice.draw("r7"),
        players=3,
        house_rules=["doubling"],
        registry=registry,
        lenient=True,
    )
    play(game, "r7 A1", dice.draw("r5", "b3", "g2", "y1"))
    events = play(game, "r5 A2", rolls("b3", "g2", "y1"))
    assert scored(events) == 24 and placed(events).points == 12
    assert game.scores == (0, 24, 0)
    context = seen[-1]
    assert context["reason"] == "placement"
    assert context["space"] == "A2" and context["face"] == Face.parse("r5")
    assert context["die"].id == 7 and context["declared"] is None
    assert context["runs"] == placed(events).runs


# -- CV-12 partition ---------------------------------------------------------------------------


def test_cv12_placements_stay_in_the_first_half_while_it_has_room():
    game, dice = start("r7")
    play(game, "r7 A3", dice.draw("r5", "b3", "g2", "y1"))
    assert texts(game) == {"r5 A2", "r5 B3"}
    with pytest.raises(IllegalMove) as refused:
        game.play("r5 A4")
    assert refused.value.clause == "CV-12"


def test_cv12_without_the_partition_the_tray_is_one_region():
    game, dice = start("r7", options={"partition": False})
    play(game, "r7 A3", dice.draw("r5", "b3", "g2", "y1"))
    assert texts(game) == {"r5 A2", "r5 B3", "r5 A4"}


def test_cv12_the_second_half_opens_when_the_first_is_full_and_takes_any_die_anywhere():
    game, dice = start("r7", options={"rows": 1, "columns": 4})
    play(game, "r7 A1", dice.draw("r5", "b3", "g2", "y1"))
    events = play(game, "r5 A2", rolls("b3", "g2", "y1"))
    assert of(HalfOpened, events) == [HalfOpened("right half (columns 3–4)", "full")]
    assert texts(game) == {f"{c} {s}" for c in ("b3", "g2", "y1") for s in ("A3", "A4")}
    events = play(game, "b3 A4", rolls("g2", "y1"))
    # Later dice follow CV-5 in the second half: neither g2 nor y1 matches b3.
    assert of(TurnLost, events)[0].seat == 0


def test_cv12_the_partition_forbidding_a_cross_partition_match():
    options = {"rows": 2, "columns": 4}
    game, dice = start("r7", options=options)
    play(game, "r7 A1", dice.draw("r5", "r3", "r1", "g5"))
    play(game, "r5 A2", rolls("r3", "r1", "g5"))
    play(game, "r3 B1", rolls("r1", "g5"))
    events = play(game, "r1 B2", rolls("g5"))
    assert of(HalfOpened, events)
    play(game, "g5 B4", dice.draw("r0", "b4", "y4", "g1"))
    with pytest.raises(IllegalMove) as refused:
        game.play("r0 B3")  # beside B2 (r1) only across the partition; B4 (g5) does not match
    assert refused.value.clause == "CV-12"
    assert "across the partition" in refused.value.reason
    with pytest.raises(IllegalMove) as refused:
        game.play("r0 A3")  # its only neighbour with a die is A2, across the partition
    assert refused.value.clause == "CV-12"
    assert texts(game) == {"g1 A4", "g1 B3"}  # only g1 matches g5 in the right half


DEAD_END = dice_set(
    "dead-end",
    "r5 r5 r5 r5 r5 r5",
    "b1 b2 b3 g1 g2 g3",
    "b1 b2 b3 g1 g2 g3",
    "b4 g4 b6 g6 b7 g7",
)


def dead_end_game(options: dict[str, Any]) -> Game:
    script = [Draw(1), Roll.of("b3"), Draw(2), Roll.of("b1"), Draw(0), Roll.of("r5")]
    return scripted_game(
        "coverall",
        script,
        players=2,
        options={"dice": "dead-end", "rows": 1, **options},
        registry=custom_registry(DEAD_END),
        lenient=True,
    )


def test_cv12_a_dead_first_half_opens_the_second():
    game = dead_end_game({"columns": 4})
    # No die outside the tray shows red or 5, and none has a wild face: A2 can never be filled.
    events = play(game, "r5 A1", [Draw(1), Draw(2), Draw(3)], rolls("b1", "b2", "b6"))
    assert of(HalfOpened, events) == [HalfOpened("right half (columns 3–4)", "dead")]
    assert [(r.seat, r.drawn) for r in of(Rolled, events)] == [(1, 3)]  # CV-10: the bag had 3
    assert texts(game) == {f"{c} {s}" for c in ("b1", "b2", "b6") for s in ("A3", "A4")}
    with pytest.raises(IllegalMove) as refused:
        game.play("b1 A2")
    assert refused.value.clause == "CV-12"
    assert "left half (columns 1–2) can take no more dice" in refused.value.reason
    play(game, "b1 A3", rolls("b2", "b6"))
    events = game.play("b2 A4")
    assert of(TrayClosed, events) == [TrayClosed("dead", ("A2",))]
    assert game.is_over


# -- CV-13 end of the game ---------------------------------------------------------------------


def test_cv13_a_full_tray_ends_the_game_and_the_highest_total_wins():
    game, dice = start("r7", players=2, options={"rows": 1, "columns": 2, "partition": False})
    play(game, "r7 A1", dice.draw("r5", "b3", "g2", "y1"))
    events = game.play("r5 A2")
    assert of(TrayClosed, events) == [TrayClosed("full", ())]
    assert game.is_over and game.to_act is None and game.legal_moves() == ()
    assert game.scores == (0, 12) and game.winners == (1,)


def test_cv13_tied_totals_share_the_win():
    game, dice = start("r7", players=2, options={"rows": 1, "columns": 3, "partition": False})
    play(game, "r7 A2", dice.draw("r5", "W", "g2", "y1"))
    play(game, "r5 A1", rolls("W", "g2", "y1"))
    game.play("W:r A3")  # row A: r5 r7 W = 12, as seat 1 scored
    assert game.scores == (12, 12) and game.winners == (0, 1)


def test_cv13_dead_tray_ending_the_game():
    game = dead_end_game({"columns": 3, "partition": False})
    events = game.play("r5 A2")
    assert of(TrayClosed, events) == [TrayClosed("dead", ("A1", "A3"))]
    assert game.is_over and game.winners == (0, 1)


def test_cv13_a_starting_w_that_fills_the_tray_ends_the_game_without_a_declaration():
    game, _ = start("W", players=2, options={"rows": 1, "columns": 1, "partition": False})
    events = game.play("W A1")
    assert of(TrayClosed, events) == [TrayClosed("full", ())]
    assert not of(Rolled, events) and game.is_over


def test_cv12_a_starting_w_that_fills_its_half_opens_the_other_before_it_is_declared():
    game, dice = start("W", players=2, options={"rows": 1, "columns": 2})
    events = play(game, "W A1", dice.draw("r5", "b3", "g2", "y1"))
    assert of(HalfOpened, events) == [HalfOpened("right half (column 2)", "full")]
    assert game.view(1).data["phase"] == "declare"
    game.play("declare blue")
    assert texts(game) == {"r5 A2", "b3 A2", "g2 A2", "y1 A2"}


def test_cv13_no_move_is_accepted_after_the_end():
    game, dice = start("r7", players=2, options={"rows": 1, "columns": 2, "partition": False})
    play(game, "r7 A1", dice.draw("r5", "b3", "g2", "y1"))
    game.play("r5 A2")
    with pytest.raises(IllegalMove):
        game.play("b3 A1")


# -- CV-14 a set of games ----------------------------------------------------------------------


def test_cv14_a_set_has_a_game_per_player_each_started_by_a_different_player():
    from unodice import RandomAgent, play_game

    game = play_game(
        "coverall", [RandomAgent(seat) for seat in range(3)], seed=4, options={"set_of_games": True}
    )
    starters = [event.seat for event in of(StarterChosen, game.events)]
    assert len(of(RoundStarted, game.events)) == 3
    first = starters[0]
    assert starters == [first, (first + 1) % 3, (first + 2) % 3]
    assert len(of(RollOff, game.events)) >= 1
    per_game = [event.points for event in of(RoundEnded, game.events)]
    assert game.scores == tuple(sum(points[seat] for points in per_game) for seat in range(3))


def test_cv14_without_the_option_a_match_is_one_game():
    from unodice import RandomAgent, play_game

    game = play_game("coverall", [RandomAgent(seat) for seat in range(3)], seed=4)
    assert len(of(RoundStarted, game.events)) == 1
