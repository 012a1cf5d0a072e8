"""Pig's part of a position: whose turn it is, the dice rolled this turn, and the bag.

The body is the fields of ``FIELDS``, in that order, for example
``turn=1 rolled=r4@12,b3@7 bag=@0,@1,@2,...``:

* ``turn``: the seat whose turn it is;
* ``rolled``: the dice rolled this turn, in order, each with the face it shows (``r4@12``: die
  12, showing r4), or ``-`` before the first roll;
* ``bag``: every other die, in the bag's order (chance draws from it by place), or ``rest``.

The turn total is not written: it is the sum of the faces rolled (PIG-2), and reading works it
out. A position written by hand may name a die by its face alone (``rolled=r4,b3 bag=rest``):
the first die with that face is taken.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from unodice.core.errors import InvalidPosition
from unodice.core.pieces import Bag, Die, Face
from unodice.core.positions import (
    REST,
    PieceReader,
    die_token,
    items,
    read_fields,
    read_seat,
    write_fields,
    write_items,
    write_seat,
)
from unodice.core.variant import Table

from .state import PigState

if TYPE_CHECKING:
    from .rules import Pig

__all__ = ["FIELDS", "read", "write"]

FIELDS = ("turn", "rolled", "bag")
"""The body's fields, in the order they are written."""


def write(variant: Pig, state: PigState) -> str:
    """The body of a position: ``state`` as ``key=value`` fields (see ``FIELDS``)."""
    return write_fields(
        [
            ("turn", write_seat(state.to_act)),
            ("rolled", write_items(map(die_token, state.set_aside, state.faces))),
            ("bag", write_items(die_token(die) for die in state.bag)),
        ]
    )


def read(variant: Pig, table: Table, text: str) -> PigState:
    """The state a body describes, checked to be one the rules could be in.

    Raises:
        InvalidPosition: A field is missing, unknown or malformed; a die is named twice or
            not at all; a die rolled has no face or shows a letter, which would have busted
            the turn (PIG-3); or a score has reached the target, which would have ended the
            game (PIG-5).
    """
    fields = read_fields(text, FIELDS)
    turn = read_seat(fields["turn"], variant.player_count, "turn", nobody=False)
    pieces: PieceReader[Die] = PieceReader(variant.tables.dice)
    rolled = [_rolled(pieces, token) for token in items(fields["rolled"])]
    bag = (
        pieces.rest()
        if fields["bag"] == REST
        else [pieces.die(token, "bag")[0] for token in items(fields["bag"])]
    )
    pieces.check_all_named()
    _check_not_won(variant, table)
    state = PigState(Bag(bag))
    state.to_act = turn
    state.set_aside = [die for die, _ in rolled]
    state.faces = [face for _, face in rolled]
    state.turn_total = sum(face.number or 0 for face in state.faces)
    return state


def _rolled(pieces: PieceReader[Die], token: str) -> tuple[Die, Face]:
    """A die rolled this turn and the number it shows (PIG-2)."""
    die, face = pieces.die(token, "rolled")
    if face is None:
        raise InvalidPosition(f"in rolled: write the face die {die.id} shows, as r4@{die.id}")
    if face.number is None:
        raise InvalidPosition(
            f"in rolled: {face.code} is a letter, which would have busted the turn (PIG-3); "
            "the dice rolled this turn all show numbers"
        )
    return die, face


def _check_not_won(variant: Pig, table: Table) -> None:
    """PIG-5: nobody's score has reached the target, or the game would be over."""
    target = variant.options.target
    for seat, total in enumerate(table.totals):
        if total >= target:
            raise InvalidPosition(
                f"seat {seat} has {total} points, at least the target {target}, so the game "
                "would be over (PIG-5); a position is of a game still being played"
            )
