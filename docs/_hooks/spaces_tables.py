"""MkDocs hook: action-space and observation tables generated from the variants' own code.

A line ``<!-- actions: NAME -->`` becomes a table of the installed variant ``NAME``'s action
catalogue with default options, for each seat count: its size, and the ranges of indices each
kind of move takes, in order, with the first and last move of each range. A line
``<!-- observation: NAME -->`` becomes the table of its observation layout (for the least seat
count, and the size for each): each slot's offset, size and meaning. Both are made from the code
at build time, so they cannot drift from it.
"""

from __future__ import annotations

import re
from typing import Any

from unodice.core.game import new_game
from unodice.core.registry import default_registry
from unodice.core.spaces import catalogue

ACTIONS = re.compile(r"^<!-- actions: (?P<variant>[a-z0-9-]+) -->$", re.MULTILINE)
OBSERVATION = re.compile(r"^<!-- observation: (?P<variant>[a-z0-9-]+) -->$", re.MULTILINE)


def on_page_markdown(markdown: str, **_: Any) -> str:
    """Replace every actions and observation marker of a page by its table."""
    markdown = ACTIONS.sub(lambda match: actions_table(match["variant"]), markdown)
    return OBSERVATION.sub(lambda match: observation_table(match["variant"]), markdown)


def _variant(name: str, players: int) -> Any:
    return new_game(name, players, 0).variant


def actions_table(name: str) -> str:
    """The catalogue of ``name`` with default options: ranges of moves of one kind, in order."""
    seats = default_registry().variant(name).players
    sizes = _by_seats({players: len(catalogue(_variant(name, players))) for players in seats})
    moves = catalogue(_variant(name, seats.start)).moves
    rows = [
        f"With default options the catalogue holds {sizes}. With {seats.start} players, in order:",
        "",
        "| indices | moves | first | last |",
        "| --- | --- | --- | --- |",
    ]
    runs: list[tuple[int, int]] = []
    start = 0
    for index in range(1, len(moves) + 1):
        if index == len(moves) or _kind(moves[index]) != _kind(moves[start]):
            runs.append((start, index))
            start = index
    words: list[tuple[int, int]] = []  # single moves in a row (accept, draw …), one line
    for run in [*runs, (len(moves), len(moves))]:
        if run[1] - run[0] == 1:
            words.append(run)
            continue
        if words:
            first, last = words[0][0], words[-1][0]
            listed = ", ".join(f"`{moves[at]}`" for at, _ in words)
            rows.append(
                f"| {first}–{last} | {listed} | | |"
                if first != last
                else f"| {first} | {listed} | | |"
            )
            words = []
        if run[0] < len(moves):
            first, stop = run
            rows.append(
                f"| {first}–{stop - 1} | {_kind(moves[first])} ({stop - first:,}) | "
                f"`{moves[first]}` | `{moves[stop - 1]}` |"
            )
    return "\n".join(rows)


def _by_seats(sizes: dict[int, int]) -> str:
    """``1,725 for 2 to 6 players``, or ``175 with 2 players, 218 with 3 …``."""
    values = set(sizes.values())
    seats = list(sizes)
    if len(values) == 1:
        return f"{values.pop():,} moves for {seats[0]} to {seats[-1]} players"
    return ", ".join(f"{size:,} with {players}" for players, size in sizes.items()) + " players"


def _kind(move: Any) -> str:
    return f"`{type(move).kind}`"


def observation_table(name: str) -> str:
    """The observation layout of ``name`` with default options and the least seat count."""
    seats = default_registry().variant(name).players
    layouts = {players: _variant(name, players).observation_layout() for players in seats}
    sizes = _by_seats(
        {players: sum(slot.size for slot in layout) for players, layout in layouts.items()}
    )
    rows = [
        f"With default options an observation holds {sizes}. With {seats.start} players, in order:",
        "",
        "| offset | size | slot | meaning |",
        "| --- | --- | --- | --- |",
    ]
    offset = 0
    for slot in layouts[seats.start]:
        rows.append(f"| {offset} | {slot.size} | `{slot.name}` | {slot.meaning} |")
        offset += slot.size
    return "\n".join(rows)
