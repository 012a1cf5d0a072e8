"""Coverall's part of a position: the tray, the rolled dice, the reserves and the bag.

The body is written as these fields, in this order (see the rule page's "Positions" section):

``phase=place turn=1 direction=cw starter=0 half=left tray=A2:r5@3,C1:W:g@7
hand=y2@11,bS@4 reserves=-/-/@9,@20 bag=@0,@5,... points=0,12,0``

Only what the rules cannot work out is written. Everything the state derives (the tray's faces,
kinds, colours and codes by cell, the masks of what each cell is offered, the empty cells of
each half, the dice in the tray, the half the starting die went to, the starting W still waiting
for its colour, and the legal moves) is rebuilt on reading by the same code the rules use when
they set up and play: each die goes into the tray through the rules' own ``_put``, and the
moves are the rules' own. A state read from a position is one the rules could have played to.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from unodice.core._quoting import brief
from unodice.core.capabilities import Positions
from unodice.core.errors import InvalidPosition
from unodice.core.pieces import Bag, Colour, ComponentSet, Die, Face, parse_colour
from unodice.core.positions import (
    REST,
    PieceReader,
    die_token,
    items,
    per_seat,
    read_direction,
    read_fields,
    read_number,
    read_seat,
    write_direction,
    write_fields,
    write_items,
    write_per_seat,
)
from unodice.core.turns import Seats
from unodice.core.variant import Table

from .lookups import CoverallLookups, TrayLookup, tray_code
from .moves import DECLARATIONS, CoverallMove, parse_cell
from .options import CoverallOptions
from .state import DECLARE, PLACE, START, CoverallState, Phase

__all__ = ["FIELDS", "CoverallPositions"]

FIELDS = (
    "phase",
    "turn",
    "direction",
    "starter",
    "half",
    "tray",
    "hand",
    "reserves",
    "bag",
    "points",
)
"""The body's fields, in the order they are written."""

PHASES: tuple[Phase, ...] = (START, DECLARE, PLACE)
"""The phases a position may be in: one of a decision (``over`` is no decision)."""
HALVES = ("left", "right")
"""The halves of a partitioned tray, by region number."""
WHOLE_TRAY = "tray"
"""The one region of a tray without the partition."""
_TRAY_HELP = (
    "write each die as its cell and the die, like B2:r5@3, a wild with its colour: C4:W:g@7"
)


class CoverallPositions(Positions[CoverallState]):
    """Coverall's positions: the state as the body of a position, and back (see the module)."""

    # What the rules class sets up, and the rules' own steps that a read position is rebuilt
    # with, so that it is a state the rules could have played to.
    options: CoverallOptions
    dice_set: ComponentSet
    _tray: TrayLookup
    _lookups: CoverallLookups
    _put: Callable[[CoverallState, int, Die, Face, Colour | None], None]
    _legal_placements: Callable[[CoverallState], tuple[CoverallMove, ...]]
    _can_fill: Callable[[CoverallState, int], bool]

    def write_position(self, state: CoverallState) -> str:
        """The tray, the rolled dice, the reserves and the bag in its order (see ``FIELDS``)."""
        tray = self._tray
        in_tray = [
            f"{tray.names[cell]}:{tray_code(face, state.colours[cell])}@{die.id}"
            for cell, (die, face) in enumerate(zip(state.dice, state.faces, strict=True))
            if die is not None and face is not None
        ]
        return write_fields(
            [
                ("phase", state.phase),
                ("turn", str(state.to_act)),
                ("direction", write_direction(state.seats.direction)),
                ("starter", str(state.starter)),
                ("half", _half_name(self, state.open_region)),
                ("tray", write_items(in_tray)),
                ("hand", write_items(map(die_token, state.hand, state.showing))),
                ("reserves", write_per_seat(map(die_token, r) for r in state.reserves)),
                ("bag", write_items(map(die_token, state.bag))),
                ("points", write_items(map(str, state.points))),
            ]
        )

    def read_position(self, table: Table, text: str) -> CoverallState:
        """The state a position's body describes, checked to be one the rules could be in.

        Raises:
            InvalidPosition: A field is missing, unknown or malformed, a die is named twice or
                left out, or the fields disagree with each other or with the rules (a W
                waiting for its colour outside the ``declare`` phase, a player to act with
                nothing to place, a half open while the first is still alive...). The message
                names the field.
        """
        fields = read_fields(text, FIELDS)
        players = table.players
        phase = _phase(fields["phase"])
        turn = _seat(fields["turn"], players, "turn")
        points = _points(fields["points"], players)
        seats = Seats.around(players, turn, self.options.two_player_reverse_skips)
        seats.direction = read_direction(fields["direction"])
        earlier = tuple(total - own for total, own in zip(table.totals, points, strict=True))
        tray = self._tray
        state = CoverallState(seats, tray.size, len(tray.regions), Bag(), earlier)
        state.phase = phase
        state.to_act = state.holder = turn
        state.starter = _seat(fields["starter"], players, "starter")
        state.points = list(points)
        state.open_region = _half(self, fields["half"])

        pieces = PieceReader(self.dice_set.dice)
        _read_tray(self, state, fields["tray"], pieces)
        state.hand, state.showing = _read_hand(fields["hand"], pieces)
        state.reserves = [
            tuple(pieces.die(token, "reserves")[0] for token in group)
            for group in per_seat(fields["reserves"], players, "reserves")
        ]
        state.bag = Bag(_read_bag(fields["bag"], pieces))
        pieces.check_all_named()

        state.first_region = _first_region(self, state)
        _check_phase(self, state, turn)
        _check_halves(self, state)
        _check_round(self, table, state)
        state.moves = _moves(self, state)
        if not state.moves:
            raise InvalidPosition(
                f"in phase place: seat {turn}'s dice ({_shown(state.showing)}) fit nowhere in the "
                "open half, so the rules would have passed her turn (CV-4); give her a die that "
                "can be placed"
            )
        return state


# -- reading the fields ----------------------------------------------------------------------


def _phase(value: str) -> Phase:
    for phase in PHASES:
        if value == phase:
            return phase
    raise InvalidPosition(f"phase must be one of {', '.join(PHASES)}, not {brief(value)}")


def _seat(value: str, players: int, field: str) -> int:
    seat = read_seat(value, players, field, nobody=False)
    assert seat is not None  # nobody=False: read_seat gives a seat or raises
    return seat


def _points(value: str, players: int) -> list[int]:
    points = [read_number(v, "points", -(2**63), 2**63) for v in items(value)]
    if len(points) != players:
        raise InvalidPosition(
            f"points has {len(points)} number{'s' if len(points) != 1 else ''} for {players} "
            "players; write one per seat"
        )
    return points


def _half_name(variant: CoverallPositions, region: int) -> str:
    return HALVES[region] if variant._tray.partition else WHOLE_TRAY


def _half(variant: CoverallPositions, value: str) -> int:
    names = HALVES if variant._tray.partition else (WHOLE_TRAY,)
    if value not in names:
        which = "with the partition" if variant._tray.partition else "without the partition"
        raise InvalidPosition(f"half must be {' or '.join(names)} {which}, not {brief(value)}")
    return names.index(value)


def _read_tray(
    variant: CoverallPositions, state: CoverallState, value: str, pieces: PieceReader[Die]
) -> None:
    """Put each die of the ``tray`` field on its cell, as a placement would (CV-5)."""
    tray = variant._tray
    for item in items(value):
        name, colon, rest = item.partition(":")
        if not colon:
            raise InvalidPosition(f"in tray: {brief(item)} names no cell; {_TRAY_HELP}")
        try:
            row, column = parse_cell(name)
        except ValueError as error:
            raise InvalidPosition(f"in tray: {error}") from None
        if not tray.contains(row, column):
            raise InvalidPosition(
                f"in tray: there is no cell {name}; the tray has {tray.describe_shape()}"
            )
        cell = tray.cell(row, column)
        if state.dice[cell] is not None:
            raise InvalidPosition(f"in tray: cell {tray.names[cell]} is given twice")
        shown, at, number = rest.partition("@")
        code, colon, colour_text = shown.partition(":")
        die, face = pieces.die(code + at + number, "tray")
        if face is None:
            raise InvalidPosition(
                f"in tray: the die on {tray.names[cell]} shows no face; {_TRAY_HELP}"
            )
        colour = _declared(face, colour_text, cell, variant) if colon else None
        variant._put(state, cell, die, _own_face(die, face), colour)


def _declared(face: Face, text: str, cell: int, variant: CoverallPositions) -> Colour:
    name = variant._tray.names[cell]
    if not face.is_wild:
        raise InvalidPosition(
            f"in tray: {face.code} on {name} has its own colour; only a W or WD4 is written "
            "with the colour declared for it, like W:g"
        )
    try:
        return parse_colour(text)
    except ValueError as error:
        raise InvalidPosition(f"in tray, on {name}: {error}") from None


def _read_hand(value: str, pieces: PieceReader[Die]) -> tuple[tuple[Die, ...], tuple[Face, ...]]:
    """The dice of the seat to act and what they show, in the order she rolled them."""
    dice, showing = [], []
    for token in items(value):
        die, face = pieces.die(token, "hand")
        if face is None:
            raise InvalidPosition(
                f"in hand: die {token} shows no face; a die in the hand has been rolled, so "
                "write what it shows, like r5@3"
            )
        dice.append(die)
        showing.append(_own_face(die, face))
    return tuple(dice), tuple(showing)


def _read_bag(value: str, pieces: PieceReader[Die]) -> list[Die]:
    """The bag in its order; a last item ``rest`` is every die not named elsewhere, by id."""
    tokens = items(value)
    named = tokens[:-1] if tokens and tokens[-1] == REST else tokens
    dice = [pieces.die(token, "bag")[0] for token in named]
    if len(named) < len(tokens):
        dice += pieces.rest()
    return dice


def _own_face(die: Die, face: Face) -> Face:
    """The die's own face object equal to ``face``, as a roll gives it."""
    return die.faces[die.faces.index(face)]


def _shown(faces: Sequence[Face]) -> str:
    return " ".join(face.code for face in faces) or "nothing"


# -- what follows from the fields ------------------------------------------------------------


def _first_region(variant: CoverallPositions, state: CoverallState) -> int | None:
    """The half the starting die went to (CV-12), from where the dice are and the open half.

    Placements go only to the open half, and the second half opens only once the first is
    closed, so: with dice in one half only, that half is the first; with dice in both, the
    first is the one not open; with none, the starting die is not placed yet.
    """
    regions = variant._tray.regions
    used = [r for r, cells in enumerate(regions) if state.empty[r] < len(cells)]
    if not used:
        return None
    if len(used) == 1:
        return used[0]
    return 1 - state.open_region


def _moves(variant: CoverallPositions, state: CoverallState) -> tuple[CoverallMove, ...]:
    """The decision's legal moves, as the rules work them out when they reach it."""
    if state.phase == START:
        return variant._lookups.face(state.showing[0]).starts
    if state.phase == DECLARE:
        return DECLARATIONS
    return variant._legal_placements(state)


# -- checks ------------------------------------------------------------------------------------


def _check_phase(variant: CoverallPositions, state: CoverallState, turn: int) -> None:
    """CV-2, CV-3: the phase agrees with the tray and the dice in hand."""
    if state.reserves[turn]:
        raise InvalidPosition(
            f"in reserves: seat {turn} is to act, so she has taken her reserve into her hand "
            "(CV-3); write her reserve as - and its dice in hand"
        )
    if not state.hand:
        raise InvalidPosition(
            f"hand is empty: seat {turn} is to act, so she holds the dice she rolled; a player "
            "with no dice passes (CV-10)"
        )
    waiting = state.undeclared
    if state.phase == START:
        _check_start(variant, state)
    elif state.phase == DECLARE:
        wild = None if waiting is None else state.faces[waiting]
        if wild is None or state.filled != 1:
            raise InvalidPosition(
                "in phase declare the tray holds only the starting W, written without a "
                "colour (like C3:W@7), while its colour waits to be declared (CV-2)"
            )
        if wild.symbol != "W":
            raise InvalidPosition(
                "in tray: only the starting W waits for its colour; a WD4 is rolled again as "
                "the starting die (CV-2), so write it with its colour, like WD4:b@5"
            )
    elif waiting is not None:
        name = variant._tray.names[waiting]
        raise InvalidPosition(
            f"in tray: the wild on {name} has no colour; in phase {state.phase} every wild in "
            "the tray has the colour declared for it (write it like W:g), and only the "
            "starting W waits for one, in phase declare (CV-2, CV-6)"
        )


def _check_start(variant: CoverallPositions, state: CoverallState) -> None:
    """CV-1, CV-2: before the starting die is placed, only it is out of the bag."""
    if state.filled:
        raise InvalidPosition("in phase start the tray is empty: write tray=-")
    if len(state.hand) != 1:
        raise InvalidPosition(
            "in phase start the hand is the starting die alone, showing its face, like r5@3"
        )
    if state.showing[0].symbol == "WD4":
        raise InvalidPosition(
            "in hand: the starting die does not stay on WD4, it is rolled again (CV-2)"
        )
    if any(state.reserves):
        raise InvalidPosition("in phase start nobody has a reserve yet: write reserves=-/-...")
    if state.holder != state.starter:
        raise InvalidPosition(
            f"in phase start the starter places the starting die: turn and starter must be "
            f"the same seat, not {state.holder} and {state.starter}"
        )
    if state.seats.direction != 1:
        raise InvalidPosition("in phase start play has not turned yet: write direction=cw")
    if state.open_region != 0:
        raise InvalidPosition(
            f"in phase start no half is open yet; write half={_half_name(variant, 0)}"
        )
    if any(state.points):
        raise InvalidPosition("in phase start nobody has placed a die yet: points are all 0")


def _check_halves(variant: CoverallPositions, state: CoverallState) -> None:
    """CV-12, CV-13: the open half is alive, and a second half is open only once the first closed.

    A half that is full or dead is closed by the rules as soon as it is (the game would have
    opened the other half, or ended), so a decision never waits in one.
    """
    tray = variant._tray
    open_half, first = state.open_region, state.first_region
    if state.empty[open_half] == 0:
        raise InvalidPosition(
            f"half: the {tray.region_name(open_half)} is full, so the rules would have closed "
            "it (CV-12, CV-13); name a half with empty cells"
        )
    if (
        first is not None
        and first != open_half
        and state.empty[first]
        and variant._can_fill(state, first)
    ):
        raise InvalidPosition(
            f"half: the {tray.region_name(open_half)} is open, but the first half, the "
            f"{tray.region_name(first)}, can still be filled; the second half opens only "
            "once the first is full or dead (CV-12)"
        )


def _check_round(variant: CoverallPositions, table: Table, state: CoverallState) -> None:
    """CV-14: the header's round and scores fit a single game or a set of games."""
    players = table.players
    if variant.options.set_of_games:
        if table.round > players:
            raise InvalidPosition(
                f"a set of games has one game per player: round {table.round} is past the "
                f"last, {players}"
            )
    elif table.round != 1:
        raise InvalidPosition(
            f"a single game has one round, not round {table.round}; for a set of games "
            "give the option set_of_games=true"
        )
    if table.round == 1 and any(state.earlier):
        raise InvalidPosition(
            f"points must equal the header's scores in the first game, "
            f"{','.join(map(str, table.totals))}, since nothing was scored before it"
        )
