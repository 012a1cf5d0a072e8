"""Coverall's bit masks of cells: kept right through random games, and read back in order.

The engine keeps, for each matching bit, the mask of the cells a neighbour offers it, and finds
each face's cells with a few mask operations. These tests check those masks, and the legal
placements read from them (moves and their order), against a plain cell-by-cell reading.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from test_coverall_properties import options_strategy

from unodice import RandomAgent, new_game
from unodice.core.game import Game
from unodice.core.moves import Move
from unodice.core.pieces import Colour, Face
from unodice.variants.coverall import CoverallState, Place
from unodice.variants.coverall.events import Rolled
from unodice.variants.coverall.kernel import (
    BIT_COUNT,
    MovesOnCells,
    SharedRolls,
    cells_of,
    mask_of,
    offers,
    wants,
)
from unodice.variants.coverall.lookups import tray_of
from unodice.variants.coverall.state import PLACE


@settings(max_examples=200, deadline=None)
@given(size=st.integers(1, 40), data=st.data())
def test_moves_on_cells_lists_each_cell_in_ascending_order(size: int, data: Any) -> None:
    """A mask's moves are each of its cells' moves in turn, lowest cell first."""
    per_cell = [tuple(range(cell * 10, cell * 10 + cell % 3 + 1)) for cell in range(size)]
    cells = data.draw(st.sets(st.integers(0, size - 1)))
    mask = mask_of(cells)
    assert cells_of(mask) == sorted(cells)
    expected = [move for cell in sorted(cells) for move in per_cell[cell]]
    assert list(MovesOnCells(per_cell).on(mask)) == expected  # type: ignore[arg-type]


def offered_by(state: CoverallState, cell: int) -> int:
    """What the die on ``cell`` offers its neighbours; nothing when the cell is empty."""
    face = state.faces[cell]
    return 0 if face is None else offers(face, state.colours[cell])


def check_masks(game: Game) -> None:
    """The state's masks agree with the tray: ``vacant`` with its empty cells, and ``reach``
    with what each cell's neighbours in its own half offer (CV-5, CV-12)."""
    state: CoverallState = game.state
    tray = game.variant.tray
    assert state.vacant == mask_of(s for s, face in enumerate(state.faces) if face is None)
    for number in range(BIT_COUNT):
        offered = mask_of(
            cell
            for cell in range(tray.size)
            if any(offered_by(state, n) >> number & 1 for n in tray.neighbours[cell])
        )
        assert state.reach[number] == offered, number


def plain_placements(game: Game) -> tuple[Move, ...]:
    """CV-5 to CV-7, CV-12, cell by cell: each distinct face shown, in the order shown, on
    each empty cell of the open half, in cell order, that it may take: any cell of an
    untouched half (CV-12), else one beside a die of its half it matches (CV-5); a wild beside
    any die (CV-6), once per colour; a WD4 only when nothing else can go (CV-7)."""
    state: CoverallState = game.state
    tray = game.variant.tray
    cells = tray.regions[state.open_region]
    untouched = all(state.faces[cell] is None for cell in cells)
    others: list[Move] = []
    wild_draws: list[Move] = []
    for face in dict.fromkeys(state.showing):
        for cell in cells:
            if state.faces[cell] is not None:
                continue
            fits = untouched or any(
                offered_by(state, n) & wants(face) for n in tray.neighbours[cell]
            )
            if not fits:
                continue
            row, column = tray.row_and_column(cell)
            colours = tuple(Colour) if face.is_wild else (None,)
            moves = [Place(face, row, column, colour) for colour in colours]
            (wild_draws if face.symbol == "WD4" else others).extend(moves)
    return tuple(others or wild_draws)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 8), options=options_strategy())
def test_masks_and_placements_match_a_cell_by_cell_reading(
    seed: int, players: int, options: dict[str, Any]
) -> None:
    """CV-5, CV-6, CV-7, CV-12: at every decision of random games (any tray shape, with or
    without the partition) the masks are right, and the legal placements, in order, are those
    of the plain reading. A copy of the state keeps its own masks."""
    game = new_game("coverall", players=players, seed=seed, options=options)
    agent = RandomAgent(seed)
    while not game.is_over:
        check_masks(game)
        if game.state.phase == PLACE:
            assert game.legal_moves() == plain_placements(game)
        twin = game.state.copy()
        reach, vacant = list(twin.reach), twin.vacant
        game.play(agent.choose(game.view(game.to_act), game.legal_moves()))
        assert (twin.reach, twin.vacant) == (reach, vacant)
    check_masks(game)


@settings(max_examples=40, deadline=None)
@given(rows=st.integers(1, 6), columns=st.integers(1, 8), partition=st.booleans())
def test_each_stretch_runs_straight_through_its_cell_within_its_half(
    rows: int, columns: int, partition: bool
) -> None:
    """CV-11, CV-12: the stretch of a line through a cell reaching ``b`` back and ``a`` ahead
    is that many adjacent cells of the line, in order, and never crosses the partition."""
    if partition and columns % 2:
        columns += 1
    tray = tray_of(rows, columns, partition)
    for cell in range(tray.size):
        row, column = tray.row_and_column(cell)
        for line, back, ahead, stretches in tray.walks[cell]:
            assert (back, ahead) == tray.lines[cell][line]
            for before, row_of_stretches in enumerate(stretches):
                for after, stretch in enumerate(row_of_stretches):
                    step = (0, 1) if line == 0 else (1, 0)
                    assert stretch == tuple(
                        tray.cell(row + k * step[0], column + k * step[1])
                        for k in range(-before, after + 1)
                    )
                    assert {tray.region_of[s] for s in stretch} == {tray.region_of[cell]}
            assert len(stretches) == len(back) + 1
            assert all(len(ahead_of) == len(ahead) + 1 for ahead_of in stretches)


@settings(max_examples=20, deadline=None)
@given(rows=st.integers(1, 5), columns=st.integers(1, 6), partition=st.booleans())
def test_each_stretch_reads_its_own_names_and_entries(
    rows: int, columns: int, partition: bool
) -> None:
    """CV-11: the reading of a stretch of two cells or more, found by its identity, gives the
    names of its own cells and its own entries of a list by cell, in order along the line."""
    if partition and columns % 2:
        columns += 1
    tray = tray_of(rows, columns, partition)
    by_cell = [f"entry {cell}" for cell in range(tray.size)]
    for pair in tray.walks:
        for _line, _back, _ahead, stretches in pair:
            for stretch in (s for ahead_of in stretches for s in ahead_of if len(s) > 1):
                names, entries_of = tray.stretch_readings[id(stretch)]
                assert names == tuple(tray.names[cell] for cell in stretch)
                assert entries_of(by_cell) == tuple(f"entry {cell}" for cell in stretch)


def rolls_of(game: Game) -> list[Rolled]:
    """Every roll of a game, in order."""
    return [event for event in game.events if isinstance(event, Rolled)]


def test_one_die_rolls_share_one_event_between_games() -> None:
    """CV-3: a roll of one die is the same event object in every game that rolls it; rolls of
    more dice are made afresh; either way the event equals one made anew."""
    first_of: dict[Rolled, Rolled] = {}
    recurring = 0
    for seed in range(30):
        game = new_game("coverall", 2, seed=seed)
        agent = RandomAgent(seed)
        while game.to_act is not None:
            game.play(agent.choose(game.view(game.to_act), game.legal_moves()))
        for event in rolls_of(game):
            fresh = Rolled(event.seat, tuple(event.faces), event.passed, event.drawn, event.reserve)
            assert event == fresh
            if len(event.faces) == 1:
                recurring += event in first_of
                assert first_of.setdefault(event, event) is event
            else:
                assert event not in first_of or first_of[event] is not event
                first_of[event] = event
    assert recurring > 10


def test_a_roll_of_an_equal_but_other_face_is_not_handed_a_shared_event() -> None:
    """CV-3: the shared roll of a face is handed out only for that very face object."""
    shared = SharedRolls()
    red_five = Face("5", Colour.RED)
    first = shared.rolled(0, (red_five,), 1, 0, 0)
    assert shared.rolled(0, (red_five,), 1, 0, 0) is first
    twin = Face("5", Colour.RED)
    other = shared.rolled(0, (twin,), 1, 0, 0)
    assert other == first and other.faces[0] is twin
    assert shared.rolled(1, (red_five,), 1, 0, 0) is not first
    pair = (red_five, twin)
    assert shared.rolled(0, pair, 2, 0, 0) is not shared.rolled(0, pair, 2, 0, 0)
