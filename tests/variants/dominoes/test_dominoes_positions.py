"""Positions of Uno dominoes: round trips, hand-written positions, refusals, corruption.

A position written at any decision must start a game that is the same state and plays exactly
as the game it was written from. Hand-written positions set up rule situations directly (a
Wild Draw Four to challenge, DO-8; a dead layout and the double-Wild, DO-9); broken ones are
refused with ``InvalidPosition`` naming the field.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from unodice.core.chance import Chance
from unodice.core.errors import InvalidPosition
from unodice.core.game import Game, new_game
from unodice.variants.dominoes.events import Drew, RoundOver, TakenBack
from unodice.variants.dominoes.positions import FIELDS
from unodice.variants.dominoes.state import CHALLENGE, DRAWN, RESCUE, TURN, DominoesState

HEADER = "dominoes players=3 round=1 scores=0,0,0 points=0,0,0 | "


def facts(state: DominoesState) -> dict[str, Any]:
    """Everything a dominoes state holds, derived parts included, to compare two states."""
    layout = state.layout
    return {
        "hands": state.hands,
        "boneyard": list(state.boneyard),
        "placements": layout.placements,
        "ends": layout.ends,
        "accepts": layout.accepts,
        "keys": layout._keys,
        "by_colour": layout.by_colour,
        "by_symbol": layout.by_symbol,
        "seats": state.seats,
        "to_act": state.to_act,
        "phase": state.phase,
        "drawn": state.drawn,
        "plays": state.plays,
        "uno_debtor": state.uno_debtor,
        "pending": state.pending,
        "rescuers": state.rescuers,
        # Who closed the last line is read only while the double-Wild is offered (DO-9).
        "closer": state.closer if state.phase == RESCUE else None,
        "totals": state.totals,
        "idle_turns": state.idle_turns,
        "barred": state.wild_draw_four_barred,
        "revealed": state.revealed,
    }


def random_game(seed: int, players: int, spin: bool = False) -> tuple[Game, random.Random]:
    options = {"all_doubles_spin": spin, "target": 150}
    return new_game("dominoes", players, seed=seed, options=options), random.Random(seed)


def with_field(position: str, key: str, value: str | None) -> str:
    """The position with one body field set to ``value`` (``None``: left out)."""
    head, body = position.split(" | ")
    fields = [token for token in body.split() if not token.startswith(f"{key}=")]
    if value is not None:
        fields.append(f"{key}={value}")
    return f"{head} | {' '.join(fields)}"


# -- round trips -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seed", "players", "spin"),
    [
        (1, 2, False),
        (2, 3, False),
        (3, 4, True),
        (4, 6, False),
        (5, 5, True),
        (6, 3, True),
    ],
)
def test_every_decision_reads_back_as_the_same_state(seed: int, players: int, spin: bool) -> None:
    game, rng = random_game(seed, players, spin)
    for _ in range(400):
        if game.is_over:
            break
        text = game.position()
        started = new_game(position=text, seed=0)
        assert started.position() == text
        assert facts(started.state) == facts(game.state)
        game.play(rng.choice(game.legal_moves()))


def play_side_by_side(game: Game, chance_seed: int, steps: int = 15) -> None:
    """The game from ``game.position()`` and a copy of ``game`` play the same, step by step."""
    started = new_game(position=game.position(), seed=chance_seed)
    twin = game.copy(history=False)
    twin._chance = Chance(chance_seed)
    rng = random.Random(chance_seed)
    for _ in range(steps):
        if twin.is_over:
            assert started.is_over
            return
        assert started.position() == twin.position()
        assert started.legal_moves() == twin.legal_moves()
        assert started.render() == twin.render()
        seats = range(game.players)
        assert [started.view(s) for s in seats] == [twin.view(s) for s in seats]
        move = rng.choice(twin.legal_moves())
        events = [event.to_json() for event in twin.play(move)]
        assert [event.to_json() for event in started.play(str(move))] == events


@pytest.mark.parametrize(
    ("seed", "players", "spin"),
    [
        (11, 2, False),
        (12, 3, True),
        (13, 4, False),
        (14, 6, True),
    ],
)
def test_a_game_from_a_position_plays_as_the_original(seed: int, players: int, spin: bool) -> None:
    game, rng = random_game(seed, players, spin)
    for step in range(120):
        if game.is_over:
            break
        if step % 8 == 0 or game.state.phase != TURN:
            play_side_by_side(game, chance_seed=seed * 1000 + step)
        game.play(rng.choice(game.legal_moves()))


def test_every_phase_is_met_by_the_round_trip_checks() -> None:
    """The seeds above are not lucky: random play reaches every phase (and the checks)."""
    met = set()
    for seed in range(40):
        game, rng = random_game(seed, 2 + seed % 5, seed % 2 == 0)
        while not game.is_over and len(met) < 4:
            met.add(game.state.phase)
            if game.state.phase in (CHALLENGE, DRAWN, RESCUE):
                text = game.position()
                assert facts(new_game(position=text).state) == facts(game.state)
            game.play(rng.choice(game.legal_moves()))
        if len(met) == 4:
            break
    assert met == {TURN, DRAWN, CHALLENGE, RESCUE}


# -- hand-written positions ------------------------------------------------------------------

# Seat 0 laid b8|WD4 with its WD4 end on the green 9 spinner while holding g6|g5, which fits:
# the Wild Draw Four is illegal, and seat 1 is to answer it.
ILLEGAL_WD4 = HEADER + (
    "phase=challenge turn=1 direction=cw hands=g6|g5,r2|r5/g7|y2,b1|b6/g4|g4,y1|y1 "
    "boneyard=rest layout=2:g9|g9,0:WD4|b8>1 uno-debtor=- wd4=illegal rescuers=- closer=- "
    "idle-turns=0 wd4-barred=- revealed=-"
)

# Every line of a yellow spinner closed by yellow dead ends, the last by seat 1; seat 2 holds
# the double-Wild and is offered it.
DEAD_LAYOUT = HEADER + (
    "phase=rescue turn=2 direction=cw hands=r2|r5/g6|g5/W|W,b1|b6 boneyard=rest "
    "layout=0:y1|y1,1:y4|DE>1,2:y9|DE>2,0:y3|DE>3,1:y6|DE>4 uno-debtor=- wd4=- rescuers=- "
    "closer=1 idle-turns=0 wd4-barred=- revealed=-"
)


def test_do8_a_challenged_illegal_wd4_goes_back_to_its_player() -> None:
    game = new_game(position=ILLEGAL_WD4, seed=3)
    assert [str(m) for m in game.legal_moves()] == ["accept", "challenge"]
    events = game.play("challenge")
    assert any(isinstance(e, TakenBack) and e.seat == 0 for e in events)
    state = game.state
    assert len(state.layout.placements) == 1  # only the spinner is left
    assert "b8|WD4" in [tile.code for tile in state.hands[0]]
    assert len(state.hands[0]) == 3 + 4  # the WD4 back, and four drawn for it
    assert state.revealed == {25}  # the first b8|WD4 of the set, picked from its ends
    assert game.to_act == 1  # the challenger plays her own turn


def test_do8_a_legal_wd4_is_written_as_legal_and_stands() -> None:
    legal = ILLEGAL_WD4.replace("hands=g6|g5,r2|r5", "hands=y7|r3,r2|r5").replace(
        "wd4=illegal", "wd4=legal"
    )
    game = new_game(position=legal, seed=3)
    game.play("challenge")
    assert len(game.state.hands[1]) == 2 + 4  # a failed challenge: she draws four
    assert len(game.state.layout.placements) == 2


def test_do9_the_double_wild_reopens_a_dead_layout_from_the_spinner() -> None:
    game = new_game(position=DEAD_LAYOUT, seed=0)
    assert "play W|W:g on spinner" in [str(m) for m in game.legal_moves()]
    game.play("play W|W:g on spinner")
    ends = game.state.layout.ends
    assert len(ends) == 5 and ends[4].shows == "W:g" and ends[4].origin == 0
    assert [tile.code for tile in game.state.hands[2]] == ["b1|b6"]
    # Written again, the rescue is a lay ">spinner" that reads back to the same layout.
    assert ",2:W|W:g@12>spinner" in game.position()
    assert facts(new_game(position=game.position()).state) == facts(game.state)


def test_do9_declining_the_double_wild_gives_the_round_to_the_closer() -> None:
    game = new_game(position=DEAD_LAYOUT, seed=0)
    events = game.play("decline")
    over = [e for e in events if isinstance(e, RoundOver)]
    assert over and over[0].winner == 1 and over[0].ending == "dead end"


def test_do6_a_seat_that_cannot_lay_is_still_stopped_to_catch() -> None:
    """Seat 0 played down to one tile without Uno; seat 1 has nothing to lay but may catch."""
    text = with_field(with_field(TURN_BASE, "hands", "r2|r5/y8|y8,b1|b6/y1|y1"), "uno-debtor", "0")
    game = new_game(position=text, seed=31)
    assert [str(m) for m in game.legal_moves()] == ["catch", "draw"]
    drew = [event for event in game.play("catch") if isinstance(event, Drew)]
    # Seat 0 draws two for the missed call. Then seat 1, who has nothing to lay, draws on
    # and the turns go on (with this seed seat 0 draws once more, having no play either).
    assert (drew[0].seat, drew[0].count, drew[0].reason) == (0, 2, "missed uno")


def test_hand_written_tokens_are_written_back_with_their_ids() -> None:
    text = new_game(position=ILLEGAL_WD4).position()
    assert "hands=g6|g5@60,r2|r5@34/g7|y2@55,b1|b6@62/g4|g4@3,y1|y1@0 " in text
    assert "layout=2:g9|g9@8,0:WD4|b8@25>1 " in text
    assert new_game(position=text).position() == text


def test_all_doubles_spin_lines_are_rebuilt_by_laying_again() -> None:
    """DO-2: with the option, a double laid on a line opens two more; the numbers follow."""
    text = HEADER.replace("dominoes ", "dominoes(all_doubles_spin=true) ") + (
        "phase=turn turn=1 direction=cw hands=r2|r5/g6|g5,b1|b6/y1|y1 boneyard=rest "
        "layout=0:g9|g9,2:g6|g6>1,0:g6|r5>5 uno-debtor=- wd4=- rescuers=- closer=- "
        "idle-turns=0 wd4-barred=- revealed=-"
    )
    layout = new_game(position=text).state.layout
    assert [(end.id, end.origin, end.shows) for end in layout.ends[4:]] == [
        (5, 1, "r5"),
        (6, 1, "g6"),
    ]


# -- refusals --------------------------------------------------------------------------------

TURN_BASE = HEADER + (
    "phase=turn turn=1 direction=cw hands=r2|r5/g6|g5,b1|b6/y1|y1 boneyard=rest "
    "layout=0:g9|g9 uno-debtor=- wd4=- rescuers=- closer=- idle-turns=0 wd4-barred=- "
    "revealed=-"
)


@pytest.mark.parametrize(
    ("base", "key", "value", "named"),
    [
        (TURN_BASE, "colour", "r", "unknown field"),
        (TURN_BASE, "wd4", None, "wd4 missing"),
        (TURN_BASE, "phase", "over", "phase"),
        (TURN_BASE, "phase", "dance", "phase"),
        (TURN_BASE, "turn", "3", "turn"),
        (TURN_BASE, "turn", "-", "turn"),
        (TURN_BASE, "direction", "2", "direction"),
        (TURN_BASE, "hands", "r2|r5/g6|g5,b1|b6", "hands"),
        (TURN_BASE, "hands", "r2|r5/x6|g5/y1|y1", "hands"),
        (TURN_BASE, "hands", "r2|r5/g6|g5,,b1|b6/y1|y1", "hands"),
        (TURN_BASE, "hands", "r2|r5@34/g6|g5,r2|r5@34/y1|y1", "named twice"),
        (TURN_BASE, "hands", "r2|r5/g6|g5/-", "hands"),
        (TURN_BASE, "boneyard", "-", "leaves 76 pieces"),
        (TURN_BASE, "boneyard", "rest,y8|y8", "boneyard"),
        (TURN_BASE, "boneyard", "y8|y8@99,rest", "boneyard"),
        (TURN_BASE, "layout", "-", "layout"),
        (TURN_BASE, "layout", "0:gR|gR", "spinner"),
        (TURN_BASE, "layout", "g9|g9", "layout"),
        (TURN_BASE, "layout", "7:g9|g9", "seat"),
        (TURN_BASE, "layout", "0:g9|g9,1:r3|r8>1", "does not match"),
        (TURN_BASE, "layout", "0:g9|g9,1:g7|r6>9", "no end 9"),
        (TURN_BASE, "layout", "0:g9|g9,1:g7|r6", "only the spinner"),
        (TURN_BASE, "layout", "0:g9|g9,1:g7|r6>one", "layout"),
        (TURN_BASE, "layout", "0:g9|g9,1:gD2|WD4>1", "declare a colour"),
        (TURN_BASE, "layout", "0:g9|g9,1:g7|r6:b>1", "declare no colour"),
        (DEAD_LAYOUT, "layout", "0:y1|y1,1:DE|y4>1", "dead end is never"),
        (TURN_BASE, "layout", "0:g9|g9,1:W|W:r>spinner", "every line is dead"),
        (TURN_BASE, "layout", "0:g9|g9,1:g7|r6:purple>1", "layout"),
        (TURN_BASE, "uno-debtor", "1", "uno-debtor"),
        (TURN_BASE, "wd4", "maybe", "wd4"),
        (TURN_BASE, "wd4", "illegal", "wd4"),
        (TURN_BASE, "rescuers", "2", "rescuers"),
        (TURN_BASE, "rescuers", "2,2", "rescuers"),
        (TURN_BASE, "closer", "0", "closer"),
        (TURN_BASE, "idle-turns", "3", "idle-turns"),
        (TURN_BASE, "idle-turns", "1", "idle-turns"),
        (TURN_BASE, "wd4-barred", "0", "wd4-barred"),
        (TURN_BASE, "revealed", "@999", "revealed"),
        (TURN_BASE, "revealed", "@12,@12", "revealed"),
        (TURN_BASE, "hands", "r2|r5/b1|b6/y1|y1", "phase turn"),  # seat 1 has nothing that fits
        (TURN_BASE, "phase", "drawn", "phase drawn"),  # b1|b6, the tile drawn, fits nowhere
        (TURN_BASE, "phase", "rescue", "closer"),
        (TURN_BASE, "phase", "challenge", "wd4"),
        (ILLEGAL_WD4, "wd4", "legal", "wd4 is legal"),
        (ILLEGAL_WD4, "turn", "2", "answered by seat 1"),
        (ILLEGAL_WD4, "layout", "2:g9|g9,0:g7|r6>1", "last lay"),
        (DEAD_LAYOUT, "turn", "0", "holds none"),
        (DEAD_LAYOUT, "rescuers", "0", "holds none"),
        (DEAD_LAYOUT, "closer", "-", "closer"),
        (with_field(DEAD_LAYOUT, "closer", "-"), "phase", "turn", "phase is rescue"),
        (DEAD_LAYOUT, "layout", "0:y1|y1,1:y4|DE>1,2:y9|DE>2,0:y3|DE>3", "live"),
    ],
)
def test_a_broken_position_is_refused_naming_the_field(
    base: str, key: str, value: str | None, named: str
) -> None:
    text = with_field(base, key, value)
    with pytest.raises(InvalidPosition, match=re.escape(named)):
        new_game(position=text)


def test_a_token_that_is_not_a_field_is_refused() -> None:
    with pytest.raises(InvalidPosition, match="key=value"):
        new_game(position=TURN_BASE + " loose")


def test_the_bases_of_the_refusals_are_themselves_valid() -> None:
    for base in (TURN_BASE, ILLEGAL_WD4, DEAD_LAYOUT):
        assert new_game(position=base).to_act is not None
    assert tuple(token.split("=")[0] for token in TURN_BASE.split(" | ")[1].split()) == FIELDS


# -- corruption ------------------------------------------------------------------------------


def _real_positions() -> list[str]:
    texts = []
    for seed, players in ((21, 2), (22, 3), (23, 4)):
        game, rng = random_game(seed, players, spin=seed % 2 == 0)
        for step in range(60):
            if game.is_over:
                break
            if step % 12 == 5 or game.state.phase != TURN:
                texts.append(game.position())
            game.play(rng.choice(game.legal_moves()))
    return texts


REAL = _real_positions()
_ALPHABET = "0123456789|,/@:>-=rygbWDSRE spinnerst"


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_one_corrupted_character_is_refused_or_reads_as_a_valid_game(data: Any) -> None:
    text = data.draw(st.sampled_from(REAL))
    start = text.index(" | ") + 3
    index = data.draw(st.integers(start, len(text) - 1))
    char = data.draw(st.sampled_from(_ALPHABET))
    corrupted = text[:index] + char + text[index + 1 :]
    try:
        game = new_game(position=corrupted, seed=1)
    except InvalidPosition:
        return
    again = new_game(position=game.position(), seed=1)
    assert again.position() == game.position()
    assert facts(again.state) == facts(game.state)
    game.play(game.legal_moves()[0])
