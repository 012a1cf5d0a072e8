"""The centre-die game's part of a position: one round's state as ``key=value`` fields.

[`CentreDiePositions`][unodice.variants.centre_die.positions.CentreDiePositions] is the
variant's [`Positions`][unodice.core.capabilities.Positions] capability, which the rules class
inherits. Its
[`write_position`][unodice.variants.centre_die.positions.CentreDiePositions.write_position]
writes the fields of [`FIELDS`][unodice.variants.centre_die.positions.FIELDS], in that order,
and [`read_position`][unodice.variants.centre_die.positions.CentreDiePositions.read_position]
reads them back into a state that plays
exactly as the one written: every die with its id, the face each die in a hand shows, the bag
in its order (chance draws from it by index), the phase, whose turn it is and the direction,
the WD4 awaiting its answer with the centre die it covers, and the seat that may be caught
without Uno. The variant's page documents each field.

What the rules derive (the face codes, the centre key) is not written: ``read`` works it out
with the dice set's face lookup, as setup and play do. Nor is the state's note of a missed
Uno call: it is turned into the next player's chance to catch (``catchable``) before anyone
decides, so at a decision it is always empty.

A die that shows a declared colour (a W or WD4 in the centre) is written with the colour after
its face, as in move notation: ``W:g@33`` is die 33 showing W, declared green.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

from unodice.core import uno
from unodice.core._quoting import brief
from unodice.core.capabilities import Positions
from unodice.core.errors import InvalidPosition, UnodiceError
from unodice.core.pieces import Bag, Colour, Die, Face, parse_colour
from unodice.core.positions import (
    NONE,
    REST,
    PieceReader,
    die_token,
    items,
    per_seat,
    read_direction,
    read_fields,
    read_seat,
    write_direction,
    write_fields,
    write_items,
    write_per_seat,
    write_seat,
)
from unodice.core.uno import PendingWildDrawFour
from unodice.core.variant import Table

from .lookups import CentreDieLookups, FaceLookup
from .options import CentreDieOptions
from .state import (
    ANSWERING_WD4,
    CATCHING,
    STEP_ONE,
    STEP_THREE,
    STEP_TWO,
    CentreDieState,
    CoveredCentre,
    Phase,
)

__all__ = ["FIELDS", "FIELDS_ANY_OPPONENT", "CentreDiePositions"]

FIELDS = (
    "phase",
    "turn",
    "direction",
    "centre",
    "wd4",
    "covered",
    "catchable",
    "starter",
    "hands",
    "bag",
)
"""The body's fields, in the order they are written."""

FIELDS_ANY_OPPONENT = (*FIELDS[:7], "catchers", *FIELDS[7:])
"""The body's fields under the option ``catch_by="any-opponent"``: ``catchers`` comes after
``catchable``. It is written only under that option, so that other games' positions are as
they were."""

_PHASE_WORDS: dict[Phase, str] = {
    STEP_ONE: "step1",
    STEP_TWO: "step2",
    STEP_THREE: "step3",
    ANSWERING_WD4: "challenge",
    CATCHING: "catching",
}
_PHASES: dict[str, Phase] = {word: phase for phase, word in _PHASE_WORDS.items()}
_LEGAL, _ILLEGAL = "legal", "illegal"

Meaning = TypeVar("Meaning")


class CentreDiePositions(Positions[CentreDieState]):
    """The round as the body of a position, and back (the rules class inherits it)."""

    _lookups: CentreDieLookups  # the dice set's lookups, which the rules class sets up
    options: CentreDieOptions  # the game's options, which the variant sets up

    def write_position(self, state: CentreDieState) -> str:
        """The body of a position: ``state`` as the fields of ``FIELDS``.

        Raises:
            UnodiceError: The round is over (a position is of a decision still to make).
        """
        if state.to_act is None or state.phase not in _PHASE_WORDS:
            raise UnodiceError("the round is over, and a position is of a decision still to make")
        faces = self._lookups.faces.faces
        pending = state.pending
        assert state.centre_die is not None
        centre = _shown_token(state.centre_die, faces[state.centre_code], state.centre_colour)
        if pending is None:
            wd4 = covered = NONE
        else:
            die, code, colour = pending.before
            wd4 = _ILLEGAL if pending.illegal else _LEGAL
            covered = _shown_token(die, faces[code], colour)
        hands = (
            (die_token(die, face) for die, face in zip(dice, shown, strict=True))
            for dice, shown in zip(state.dice, state.shown, strict=True)
        )
        fields = [
            ("phase", _PHASE_WORDS[state.phase]),
            ("turn", str(state.seats.current)),
            ("direction", write_direction(state.seats.direction)),
            ("centre", centre),
            ("wd4", wd4),
            ("covered", covered),
            ("catchable", write_seat(state.catchable)),
            ("starter", str(state.starter)),
            ("hands", write_per_seat(hands)),
            ("bag", write_items(die_token(die) for die in state.bag)),
        ]
        if self.options.catch_by == "any-opponent":
            fields.insert(7, ("catchers", write_items(map(str, state.catchers))))
        return write_fields(fields)

    def read_position(self, table: Table, text: str) -> CentreDieState:
        """The state a position's body describes, checked to be one the rules could be in.

        Pieces are looked up in the order centre, covered, hands (seat 0 first), bag, so that
        a die written by hand by its face alone (``r5``) is the first unused die, by id, with
        that face; ``rest`` in the bag stands for every die named nowhere else, by id.

        Raises:
            InvalidPosition: A field is unknown, missing or malformed, a die is named twice or
                left out, or the fields contradict one another; the message names the field.
        """
        lookup = self._lookups.faces
        any_opponent = self.options.catch_by == "any-opponent"
        fields = read_fields(text, FIELDS_ANY_OPPONENT if any_opponent else FIELDS)
        players = table.players
        phase = _one_of(fields["phase"], _PHASES, "phase")
        if phase == CATCHING and not any_opponent:
            raise InvalidPosition(
                "phase catching (opponents asked in turn to catch a missed Uno) is only under "
                "the option catch_by=any-opponent (CD-9)"
            )
        direction = read_direction(fields["direction"])
        turn = read_seat(fields["turn"], players, "turn", nobody=False)
        starter = read_seat(fields["starter"], players, "starter", nobody=False)
        catchable = read_seat(fields["catchable"], players, "catchable")
        assert turn is not None and starter is not None

        pieces: PieceReader[Die] = PieceReader(self._lookups.dice_set.dice)
        centre_die, centre_face, centre_colour = _read_shown(pieces, fields["centre"], "centre")
        pending = _read_pending(lookup, pieces, fields, turn, phase, centre_face)
        hands = [
            [_read_hand_die(pieces, token, seat) for token in group]
            for seat, group in enumerate(per_seat(fields["hands"], players, "hands"))
        ]
        bag = _read_bag(pieces, fields["bag"])
        pieces.check_all_named()

        state = CentreDieState(
            players,
            Bag(bag),
            starter,
            table.round,
            table.totals,
            self.options.two_player_reverse_skips,
        )
        state.seats.current = turn
        state.seats.direction = direction
        for seat, hand in enumerate(hands):
            state.dice[seat] = tuple(die for die, _ in hand)
            state.shown[seat] = tuple(face for _, face in hand)
            state.codes[seat] = lookup.codes(state.shown[seat])
        state.centre_die = centre_die
        state.centre_code = code = lookup.code(centre_face)
        state.centre_colour = centre_colour
        state.centre_key = lookup.centre_key(code, centre_colour)
        state.pending = pending
        state.phase = phase
        state.to_act = state.seats.next_seat() if phase == ANSWERING_WD4 else turn
        state.catchable = catchable
        if any_opponent:
            _read_catchers(state, fields["catchers"], players)
        _check_consistent(lookup, state)
        return state


# -- writing ---------------------------------------------------------------------------------


def _shown_token(die: Die, face: Face, declared: Colour | None) -> str:
    """A die showing ``face``, with its declared colour when wild: ``r5@12``, ``W:g@33``."""
    token = die_token(die, face)
    if declared is None:
        return token
    return token.replace("@", f":{declared.letter}@", 1)


# -- reading ---------------------------------------------------------------------------------


def _one_of(value: str, choices: Mapping[str, Meaning], field: str) -> Meaning:
    """The meaning of a word that must be one of ``choices``."""
    if value not in choices:
        raise InvalidPosition(f"{field} must be one of {', '.join(choices)}, not {brief(value)}")
    return choices[value]


def _read_shown(
    pieces: PieceReader[Die], token: str, field: str
) -> tuple[Die, Face, Colour | None]:
    """A die lying face up, with the colour declared for it when it is wild (``W:g@33``)."""
    code, at, number = token.partition("@")
    face_code, colon, colour_code = code.partition(":")
    die, face = pieces.die(f"{face_code}{at}{number}", field)
    if face is None:
        raise InvalidPosition(
            f"in {field}: die @{die.id} shows a face; write it as r5@{die.id}, or with the "
            f"declared colour of a wild die as W:g@{die.id}"
        )
    colour: Colour | None = None
    if colon:
        try:
            colour = parse_colour(colour_code)
        except ValueError as error:
            raise InvalidPosition(f"in {field}: {error}") from None
    if face.is_wild and colour is None:
        raise InvalidPosition(
            f"in {field}: a {face.code} counts as the colour declared for it; write it as "
            f"{face.code}:g@{die.id} (CD-2)"
        )
    if not face.is_wild and colour is not None:
        raise InvalidPosition(
            f"in {field}: only a W or WD4 has a declared colour; write {face.code}@{die.id}"
        )
    return die, _own_face(die, face), colour


def _read_pending(
    lookup: FaceLookup,
    pieces: PieceReader[Die],
    fields: dict[str, str],
    turn: int,
    phase: Phase,
    centre: Face,
) -> PendingWildDrawFour | None:
    """The WD4 awaiting its answer (``wd4`` and ``covered``), present in phase challenge only."""
    wd4, covered = fields["wd4"], fields["covered"]
    waiting = phase == CATCHING and (wd4 != NONE or covered != NONE)
    if phase != ANSWERING_WD4 and not waiting:
        if wd4 != NONE or covered != NONE:
            raise InvalidPosition(
                "wd4 and covered describe a WD4 awaiting its answer, in phase challenge only; "
                "write wd4=- covered=- in any other phase"
            )
        return None
    if wd4 not in (_LEGAL, _ILLEGAL):
        raise InvalidPosition(
            f"in phase challenge, wd4 says whether the WD4 kept to CD-7: write wd4=legal or "
            f"wd4=illegal, not {brief(wd4)} (CD-8)"
        )
    if covered == NONE:
        raise InvalidPosition(
            "in phase challenge, covered is the centre die the WD4 was played on, which "
            "comes back if the challenge succeeds: write it as r5@12 (CD-8)"
        )
    if centre.symbol != "WD4":
        raise InvalidPosition(
            f"in phase challenge the centre die shows the WD4 being answered, not {centre.code}; "
            "write centre as WD4:g@38 (CD-8)"
        )
    die, face, colour = _read_shown(pieces, covered, "covered")
    before: CoveredCentre = (die, lookup.code(face), colour)
    return PendingWildDrawFour(turn, wd4 == _ILLEGAL, before)


def _read_catchers(state: CentreDieState, value: str, players: int) -> None:
    """The seats still to be asked whether they catch a missed Uno, in phase catching (CD-9).

    They are the end of [`catchers`][unodice.core.uno.catchers]' order after the seat asked now,
    the next player to act last; the seat asked now is the one before them in that order.
    """
    seats = [read_seat(token, players, "catchers", nobody=False) for token in items(value)]
    if state.phase != CATCHING:
        if seats:
            raise InvalidPosition(
                "catchers lists seats in phase catching only; write catchers=- (CD-9)"
            )
        return
    offender = state.catchable
    actor = state.seats.next_seat() if state.pending is not None else state.seats.current
    order = uno.catchers(state.seats, offender, actor, True) if offender is not None else ()
    if offender is None or not 0 < len(seats) < len(order) or tuple(seats) != order[-len(seats) :]:
        raise InvalidPosition(
            f"catchers: in phase catching, the seats still to be asked whether they catch seat "
            f"{write_seat(offender)} after the seat asked now, the last being seat {actor}, the "
            f"next player to act: the end of {', '.join(map(str, order))}, without its first "
            f"seat (CD-9)"
        )
    state.to_act = order[len(order) - len(seats) - 1]
    state.catchers = tuple(s for s in seats if s is not None)


def _read_hand_die(pieces: PieceReader[Die], token: str, seat: int) -> tuple[Die, Face]:
    """A die in a hand, with the face it shows (``r5@12``, or by hand ``r5``)."""
    field = f"hands (seat {seat})"
    if token == REST:
        raise InvalidPosition(f"in {field}: {REST!r} may stand only for the bag")
    die, face = pieces.die(token, field)
    if face is None:
        raise InvalidPosition(
            f"in {field}: die @{die.id} lies in an open hand and shows a face; write it as "
            f"{die.faces[0].code}@{die.id}"
        )
    return die, _own_face(die, face)


def _read_bag(pieces: PieceReader[Die], value: str) -> list[Die]:
    """The bag in its order; ``rest``, once, stands for every die named nowhere else."""
    try:
        tokens = items(value)
    except InvalidPosition as error:
        raise InvalidPosition(f"in bag: {error}") from None
    if tokens.count(REST) > 1:
        raise InvalidPosition(f"in bag: {REST!r} is given twice; write it once")
    named = {
        index: pieces.die(token, "bag")[0] for index, token in enumerate(tokens) if token != REST
    }
    bag: list[Die] = []
    for index, token in enumerate(tokens):
        bag.extend(pieces.rest() if token == REST else [named[index]])
    return bag


def _own_face(die: Die, face: Face) -> Face:
    """The die's own face object equal to ``face`` (the face table knows those fastest)."""
    return die.faces[die.faces.index(face)]


def _check_consistent(lookup: FaceLookup, state: CentreDieState) -> None:
    """Refuse a state the rules would never stop at for a decision."""
    for holder, codes in enumerate(state.codes):
        if not codes:
            raise InvalidPosition(
                f"in hands: seat {holder}'s hand is empty, but the round ends when a hand "
                "empties (CD-10); give every seat at least one die"
            )
    seat = state.to_act
    assert seat is not None
    catchable = state.catchable
    if catchable is not None:
        if state.phase not in (STEP_ONE, ANSWERING_WD4, CATCHING):
            raise InvalidPosition(
                "catchable is a seat only before the player to act has decided, in phase "
                "step1, challenge or catching; write catchable=- (CD-9)"
            )
        if not uno.may_catch(catchable, seat, len(state.codes[catchable])):
            raise InvalidPosition(
                f"catchable: seat {seat} cannot catch seat {catchable}, who would have to be "
                "another player holding one die; write catchable=- (CD-9)"
            )
    codes, key = state.codes[seat], state.centre_key
    if state.phase == STEP_ONE and catchable is None and not lookup.has_play(codes, key):
        raise InvalidPosition(
            f"in phase step1 seat {seat} has no die to play, so her hand would have been "
            "re-rolled (CD-4); give her a matching die or write another phase"
        )
    if state.phase == STEP_TWO and not lookup.has_play(codes, key):
        raise InvalidPosition(
            f"in phase step2 seat {seat} has no die to play, so she would have drawn (CD-5); "
            "give her a matching die or write another phase"
        )
    if state.phase == STEP_THREE and not lookup.has_play(codes[-1:], key):
        raise InvalidPosition(
            f"in phase step3 the drawn die (the last of seat {seat}'s hand) cannot be played, "
            "so her turn would have ended (CD-5); put a playable die last in her hand"
        )
