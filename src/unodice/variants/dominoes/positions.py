"""A round of Uno dominoes as the body of a position, and back.

The body is the fields of ``FIELDS``, in that order (the variant's page says what each means
and how it is written). What the rules work out from the rest is not written: the masks that
file the open ends, the plays open to the seat to act, the layout a pending Wild Draw Four
would be taken back to, whose turn it is behind a challenge or a dead end. Reading works each
one out again with the variant's own code, so a state read from a position is the state play
made.

The layout is written as the lays that built it, in order: who laid which tile, which way
round (the touching end first) and on which open end, as ``1:g6|g5@60>3``. Reading lays them
again through the layout's own methods (``open_spinner``, ``extend``, ``open_from_spinner``),
so lines open, number themselves and close exactly as they did in play, spinning doubles and
a double-Wild on a dead layout included.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from unodice.core._quoting import brief
from unodice.core.capabilities import Positions
from unodice.core.errors import InvalidPosition
from unodice.core.pieces import Bag, Colour, Domino, Face, parse_colour
from unodice.core.positions import (
    NONE,
    REST,
    PieceReader,
    domino_token,
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
    write_seat,
)
from unodice.core.uno import PendingWildDrawFour, may_catch
from unodice.core.uno import catchers as uno_catchers
from unodice.core.variant import Table

from .kernel import PlayLookup
from .lookups import TileLookup, is_double_wild, is_number_double
from .moves import Play
from .options import DominoesOptions
from .state import (
    CATCHING,
    CHALLENGE,
    DRAWN,
    RESCUE,
    SPINNER,
    TURN,
    DominoesState,
    Layout,
    Phase,
)

__all__ = ["CATCH_FIELDS", "FIELDS", "DominoesPositions"]

FIELDS = (
    "phase",
    "turn",
    "direction",
    "hands",
    "boneyard",
    "layout",
    "uno-debtor",
    "wd4",
    "rescuers",
    "closer",
    "idle-turns",
    "wd4-barred",
    "revealed",
)
"""The body's fields, in the order they are written."""
CATCH_FIELDS = (*FIELDS, "catchers")
"""The body's fields when any opponent may catch a missed Uno (``catch_by="any-opponent"``,
DO-6): ``catchers`` follows the others."""

_PHASES: tuple[Phase, ...] = (TURN, DRAWN, CHALLENGE, RESCUE)
"""The phases a position can be in: a decision (the round is not over)."""
_LEGAL = "legal"
_ILLEGAL = "illegal"
_ON_SPINNER = "spinner"
_SPINNER_LINES = 4
"""The lines the spinner opens (DO-2); any later line from the spinner is a double-Wild's."""
_LAY_HELP = (
    "write each lay as seat:touching|far@id>end, the touching end first, such as 1:g6|g5@60>3 "
    "(2:b8|WD4:g@25>1 declares green for a wild far end; the spinner, first, has no >end; "
    "the double-Wild on a dead layout goes >spinner)"
)


class DominoesPositions(Positions[DominoesState]):
    """Positions of Uno dominoes: a round written as the fields of ``FIELDS``, and read back.

    Reading lays the layout again and works out what the rules derive with the variant's own
    lookups, so the state read plays exactly as the state written.
    """

    options: DominoesOptions
    _lookups: TileLookup
    _plays: PlayLookup

    def write_position(self, state: DominoesState) -> str:
        """The body of the position of ``state``: the fields of ``FIELDS``."""
        pending = state.pending
        verdict = NONE if pending is None else _ILLEGAL if pending.illegal else _LEGAL
        tiles = _tiles_by_id(state)
        rescue = state.phase == RESCUE or (state.phase == CATCHING and state.resume == RESCUE)
        catchers = (
            [("catchers", write_items(map(str, state.catchers)))] if _any_opponent(self) else []
        )
        return write_fields(
            [
                ("phase", state.phase),
                ("turn", write_seat(state.to_act)),
                ("direction", write_direction(state.seats.direction)),
                ("hands", write_per_seat(map(domino_token, hand) for hand in state.hands)),
                ("boneyard", write_items(map(domino_token, state.boneyard))),
                ("layout", write_items(_lay_tokens(state.layout))),
                ("uno-debtor", write_seat(state.uno_debtor)),
                ("wd4", verdict),
                ("rescuers", write_items(map(str, state.rescuers))),
                # Who closed the last line matters only while the double-Wild is offered (DO-9).
                ("closer", write_seat(state.closer if rescue else None)),
                ("idle-turns", str(state.idle_turns)),
                ("wd4-barred", write_items(map(str, sorted(state.wild_draw_four_barred)))),
                ("revealed", write_items(domino_token(tiles[i]) for i in sorted(state.revealed))),
                *catchers,
            ]
        )

    def read_position(self, table: Table, text: str) -> DominoesState:
        """The round a position's body describes, checked against the rules.

        Raises:
            InvalidPosition: A field is missing, unknown or malformed, a tile is named twice or
                left out, a lay does not fit where it is written, or the fields together describe
                no decision the rules could stop at; the message names the field.
        """
        any_opponent = _any_opponent(self)
        fields = read_fields(text, CATCH_FIELDS if any_opponent else FIELDS)
        players = table.players
        phase = _read_phase(fields["phase"], any_opponent)
        to_act = read_seat(fields["turn"], players, "turn", nobody=False)
        assert to_act is not None
        # Asked out of turn (DO-6): the position is checked as the decision that waits, that of
        # the next player (the last of ``catchers``), then put back as the question.
        queue = _read_seats(fields, "catchers", players) if any_opponent else []
        asked: int | None = None
        if phase == CATCHING:
            if not queue:
                raise InvalidPosition(
                    "phase catching: catchers must name the seats still to be asked, the next "
                    "player last (DO-6)"
                )
            asked, to_act = to_act, queue[-1]
        elif queue:
            raise InvalidPosition("catchers belong to the catching phase (DO-6); write -")
        pieces = PieceReader(self._lookups.components.tiles)
        hands = [
            [pieces.domino(token, "hands") for token in group]
            for group in per_seat(fields["hands"], players, "hands")
        ]
        lays = [_read_lay(token, pieces, players) for token in _items(fields, "layout")]
        boneyard = _read_boneyard(pieces, _items(fields, "boneyard"))
        pieces.check_all_named()

        state = DominoesState(
            players, Bag(boneyard), Layout(self._lookups), self.options.two_player_reverse_skips
        )
        before = _lay_all(self, state.layout, lays)
        if phase == CATCHING:
            phase = (
                CHALLENGE if fields["wd4"] != NONE else RESCUE if state.layout.all_closed else TURN
            )
        state.hands = hands
        state.totals = table.totals
        state.seats.direction = _read_direction(fields["direction"], state.seats.reverse_skips)
        state.phase, state.to_act = phase, to_act
        state.uno_debtor = read_seat(fields["uno-debtor"], players, "uno-debtor")
        state.rescuers = tuple(_read_seats(fields, "rescuers", players))
        state.closer = read_seat(fields["closer"], players, "closer")
        state.idle_turns = read_number(fields["idle-turns"], "idle-turns", 0, players - 1)
        state.wild_draw_four_barred = frozenset(_read_seats(fields, "wd4-barred", players))
        revealed = PieceReader(self._lookups.components.tiles)
        state.revealed = frozenset(
            revealed.domino(token, "revealed").id for token in _items(fields, "revealed")
        )
        if phase == DRAWN:
            if not hands[to_act]:
                raise InvalidPosition(f"phase drawn: seat {to_act}'s hand is empty")
            state.drawn = hands[to_act][-1]  # where a draw puts it
        state.pending = _read_pending(self, state, fields["wd4"], lays[-1], before)
        _check_hands(state)
        _check_counts(state)
        _check_phase(self, state)
        state.seats.current = _turn_of(state)
        state.plays = _offered_plays(self, state)
        if asked is not None:
            _check_catching(state, asked, queue)
            state.resume, state.phase = state.phase, CATCHING
            state.to_act, state.catchers = asked, tuple(queue)
            state.plays = None
        return state


# -- writing ---------------------------------------------------------------------------------


def _lay_tokens(layout: Layout) -> list[str]:
    """The layout's lays in order, as ``seat:touching|far[:colour]@id[>end]``.

    The first is the spinner, with no end. A double-Wild laid against the spinner of a dead
    layout (DO-9) lies on the line it opened, a line from the spinner after its first four:
    it is written ``>spinner``.
    """
    tokens = []
    seen: set[int] = set()
    for number, placement in enumerate(layout.placements):
        declared = f":{placement.colour.letter}" if placement.colour is not None else ""
        token = f"{placement.seat}:{placement.touching.code}|{placement.far.code}{declared}"
        token += f"@{placement.tile.id}"
        line = placement.line
        if number == 0:
            tokens.append(token)
        elif (
            line not in seen and line > _SPINNER_LINES and (layout.ends[line - 1].origin == SPINNER)
        ):
            tokens.append(f"{token}>{_ON_SPINNER}")
        else:
            tokens.append(f"{token}>{line}")
        seen.add(line)
    return tokens


def _tiles_by_id(state: DominoesState) -> dict[int, Domino]:
    """Every tile of the round by its id: it is in a hand, the boneyard or the layout."""
    tiles = {tile.id: tile for hand in state.hands for tile in hand}
    tiles.update((tile.id, tile) for tile in state.boneyard)
    tiles.update((p.tile.id, p.tile) for p in state.layout.placements)
    return tiles


# -- reading ---------------------------------------------------------------------------------


class _Lay(NamedTuple):
    """One lay of the layout field, read but not yet laid."""

    seat: int
    tile: Domino
    touching: Face
    far: Face
    colour: Colour | None
    end: int | None  # None: the spinner itself; SPINNER: the double-Wild against it


def _items(fields: dict[str, str], name: str) -> list[str]:
    """The comma-separated items of a field, an error naming the field."""
    try:
        return items(fields[name])
    except InvalidPosition as error:
        raise InvalidPosition(f"in {name}: {error}") from None


def _read_phase(value: str, any_opponent: bool) -> Phase:
    phases = (*_PHASES, CATCHING) if any_opponent else _PHASES
    for phase in phases:
        if value == phase:
            return phase
    raise InvalidPosition(
        f"phase must be one of {', '.join(phases)}, not {brief(value)} (a position is of a "
        "decision still to make)"
    )


def _any_opponent(variant: DominoesPositions) -> bool:
    """Whether any opponent may catch a missed Uno, asked in turn (DO-6)."""
    return variant.options.catch_by == "any-opponent"


def _read_direction(value: str, reverse_skips: bool) -> int:
    direction = read_direction(value)
    if direction == -1 and reverse_skips:
        raise InvalidPosition(
            "direction is ccw, but with two players an R acts as an S and play never reverses "
            "(DO-4); write direction=cw"
        )
    return direction


def _read_seats(fields: dict[str, str], name: str, players: int) -> list[int]:
    seats = [read_number(value, name, 0, players - 1) for value in _items(fields, name)]
    if len(set(seats)) != len(seats):
        raise InvalidPosition(f"{name} names a seat twice")
    return seats


def _read_boneyard(pieces: PieceReader[Domino], tokens: Sequence[str]) -> list[Domino]:
    """The boneyard's tiles in order; ``rest``, last, stands for every tile not named yet."""
    tiles = []
    for number, token in enumerate(tokens):
        if token == REST:
            if number != len(tokens) - 1:
                raise InvalidPosition(
                    f"in boneyard: {REST!r} must come last (it takes every tile not named)"
                )
            tiles += pieces.rest()
        else:
            tiles.append(pieces.domino(token, "boneyard"))
    return tiles


def _read_lay(token: str, pieces: PieceReader[Domino], players: int) -> _Lay:
    """One lay of the layout field: ``seat:touching|far[:colour][@id][>end]``."""
    seat_text, colon, rest = token.partition(":")
    body, arrow, end_text = rest.partition(">")
    code, at, number = body.partition("@")
    ends, declared, colour_text = code.partition(":")
    touching_text, bar, far_text = ends.partition("|")
    if not colon or not bar:
        raise InvalidPosition(f"in layout: cannot read {brief(token)}; {_LAY_HELP}")
    seat = read_seat(seat_text, players, "a lay's seat in layout", nobody=False)
    assert seat is not None
    try:
        touching, far = Face.parse(touching_text), Face.parse(far_text)
        colour = parse_colour(colour_text) if declared else None
    except ValueError as error:
        raise InvalidPosition(f"in layout: {brief(token)}: {error}") from None
    tile = pieces.domino(f"{ends}{at}{number}", "layout")
    end: int | None = None
    if arrow:
        end = (
            SPINNER
            if end_text == _ON_SPINNER
            else read_number(end_text, f"the end of {brief(token)} in layout", 1, 1_000_000)
        )
    return _Lay(seat, tile, touching, far, colour, end)


def _lay_all(variant: DominoesPositions, layout: Layout, lays: Sequence[_Lay]) -> Layout:
    """Lay every lay in order, as play did; return the layout as it was before the last."""
    if not lays:
        raise InvalidPosition(
            "layout is empty: every round opens with the spinner (DO-1); " + _LAY_HELP
        )
    before = layout
    for number, lay in enumerate(lays, 1):
        if number == len(lays):
            before = layout.copy()
        where = f"in layout, lay {number} ({lay.tile.code}@{lay.tile.id})"
        if number == 1:
            _open(variant, layout, lay, where)
        elif lay.end is None:
            raise InvalidPosition(f"{where}: only the spinner has no >end; {_LAY_HELP}")
        elif lay.end == SPINNER:
            _rescue(layout, lay, where)
        else:
            _extend(variant, layout, lay, where)
    return before


def _open(variant: DominoesPositions, layout: Layout, lay: _Lay, where: str) -> None:
    if lay.end is not None or not is_number_double(lay.tile) or lay.colour is not None:
        raise InvalidPosition(
            f"{where}: the first lay is the spinner, a number double with no >end (DO-1), "
            "such as 0:g9|g9@8"
        )
    layout.open_spinner(lay.seat, lay.tile, variant._plays.opening(lay.tile))


def _rescue(layout: Layout, lay: _Lay, where: str) -> None:
    if not is_double_wild(lay.tile):
        raise InvalidPosition(f"{where}: only the double-Wild goes >spinner (DO-9)")
    if not layout.all_closed:
        raise InvalidPosition(
            f"{where}: the double-Wild goes on the spinner only when every line is dead (DO-9)"
        )
    if lay.colour is None:
        raise InvalidPosition(f"{where}: declare a colour for its open W end, as W|W:r (DO-4)")
    layout.open_from_spinner(lay.seat, lay.tile, lay.colour)


def _extend(variant: DominoesPositions, layout: Layout, lay: _Lay, where: str) -> None:
    end = lay.end
    assert end is not None
    if end > len(layout.ends):
        raise InvalidPosition(f"{where}: there is no end {end}; the layout has {len(layout.ends)}")
    way = variant._lookups.lay_of(lay.touching, lay.far)
    if way is None:
        raise InvalidPosition(f"{where}: a dead end is never the touching end (DO-3)")
    if not layout.accepts[end - 1] >> way.touch & 1:
        raise InvalidPosition(
            f"{where}: {lay.touching.code} does not match end {end} "
            f"({layout.ends[end - 1].shows}) (DO-3)"
        )
    if (lay.colour is not None) != way.wild_far:
        need = "declare a colour for" if way.wild_far else "declare no colour for"
        raise InvalidPosition(f"{where}: {need} its far end {lay.far.code} (DO-4)")
    landing = variant._plays.landing(Play(lay.touching, lay.far, end, lay.colour))
    placement, _ = landing.laid(lay.seat, lay.tile)
    spins = variant.options.all_doubles_spin and variant._lookups.doubles[lay.tile.id]
    layout.extend(landing, placement, spins)


def _read_pending(
    variant: DominoesPositions, state: DominoesState, value: str, last: _Lay, before: Layout
) -> PendingWildDrawFour | None:
    """The Wild Draw Four awaiting an answer: the last tile laid, in the challenge phase."""
    if value not in (NONE, _LEGAL, _ILLEGAL):
        raise InvalidPosition(
            f"wd4 must be {_LEGAL}, {_ILLEGAL} (the Wild Draw Four awaiting a challenge was "
            f"laid against DO-3) or - (none), not {brief(value)}"
        )
    if (value != NONE) != (state.phase == CHALLENGE):
        raise InvalidPosition(
            "wd4 says whether the Wild Draw Four awaiting a challenge is legal: write it "
            "in the challenge phase, and - in any other"
        )
    if value == NONE:
        return None
    if last.end in (None, SPINNER) or last.touching.symbol != "WD4":
        raise InvalidPosition(
            "phase challenge: the last lay of the layout must be the Wild Draw Four awaiting "
            "the answer, laid with its WD4 end touching (DO-8)"
        )
    if state.to_act != state.seats.next_seat(1, last.seat):
        raise InvalidPosition(
            f"phase challenge: the Wild Draw Four of seat {last.seat} is answered by seat "
            f"{state.seats.next_seat(1, last.seat)}, the next in play, not seat {state.to_act}"
        )
    illegal = value == _ILLEGAL
    hand = state.hands[last.seat]
    # It was judged on the hand she laid it from: the one she holds, or, when she has been
    # caught without Uno since (DO-6), its first tile only.
    verdicts = {variant._plays.holds_other_play(before, hand, None)}
    if state.uno_debtor is None and len(hand) in (2, 3):
        verdicts.add(variant._plays.holds_other_play(before, hand[:1], None))
    if illegal not in verdicts:
        right = _ILLEGAL if not illegal else _LEGAL
        raise InvalidPosition(
            f"wd4 is {value}, but seat {last.seat}'s hand makes that Wild Draw Four {right} "
            "(DO-8: it is illegal when she held another tile whose non-wild end fitted)"
        )
    return PendingWildDrawFour(last.seat, illegal, (last.tile, before.snapshot()))


# -- checks ----------------------------------------------------------------------------------


def _check_hands(state: DominoesState) -> None:
    for seat, hand in enumerate(state.hands):
        if not hand:
            raise InvalidPosition(
                f"in hands: seat {seat}'s hand is empty, so she went out and the round is over "
                "(DO-7); a position is of a decision still to make"
            )
    debtor = state.uno_debtor
    if debtor is not None and (debtor == state.to_act or len(state.hands[debtor]) != 1):
        raise InvalidPosition(
            f"uno-debtor is seat {debtor}, but only a seat holding one tile, other than the "
            "seat to act, can still be caught (DO-6); write - for nobody"
        )


def _check_counts(state: DominoesState) -> None:
    if state.boneyard and state.idle_turns:
        raise InvalidPosition(
            "idle-turns counts passes on an empty boneyard (DO-10); with tiles in the "
            "boneyard write idle-turns=0"
        )
    if state.boneyard and state.wild_draw_four_barred:
        raise InvalidPosition(
            "wd4-barred names seats whose WD4 was taken back on an empty boneyard (DO-8); with "
            "tiles in the boneyard write wd4-barred=-"
        )


def _check_phase(variant: DominoesPositions, state: DominoesState) -> None:
    """Refuse a phase the rest of the position does not lead to."""
    seat = state.to_act
    assert seat is not None
    layout = state.layout
    if state.phase != RESCUE:
        if state.rescuers or state.closer is not None:
            raise InvalidPosition(
                "rescuers and closer belong to the rescue phase (DO-9); write - for both"
            )
        if layout.all_closed and state.phase != CHALLENGE:
            raise InvalidPosition(
                f"phase {state.phase}: every line of the layout is dead, so the double-Wild "
                "is offered (DO-9): the phase is rescue"
            )
    if state.phase == TURN:
        hand = state.hands[seat]
        debtor = state.uno_debtor
        if not variant._plays.plays_from(state, seat, hand, len(hand) == 2) and not (
            debtor is not None and may_catch(debtor, seat, len(state.hands[debtor]))
        ):
            raise InvalidPosition(
                f"phase turn: seat {seat} has no tile that fits and nobody to catch, so she "
                "draws or passes by herself (DO-5); give her a tile that fits"
            )
    elif state.phase == DRAWN:
        assert state.drawn is not None
        hand = state.hands[seat]
        if not variant._plays.plays_from(state, seat, (state.drawn,), len(hand) == 2):
            raise InvalidPosition(
                f"phase drawn: the tile just drawn, the last of seat {seat}'s hand, fits no "
                "open end, so her turn passes by itself (DO-5)"
            )
    elif state.phase == RESCUE:
        _check_rescue(state, seat)


def _check_catching(state: DominoesState, asked: int, queue: Sequence[int]) -> None:
    """Refuse a question to catch (DO-6) that the rules would not ask.

    The seat asked and the seats after it must be the end of
    [`catchers`][unodice.core.uno.catchers] for the seat that missed her call and the next
    player, who is last.
    """
    debtor, actor = state.uno_debtor, queue[-1]
    if debtor is None:
        raise InvalidPosition(
            "phase catching: uno-debtor must name the seat that did not call Uno (DO-6)"
        )
    order = uno_catchers(state.seats, debtor, actor, True)
    if asked not in order[:-1] or tuple(queue) != order[order.index(asked) + 1 :]:
        raise InvalidPosition(
            f"phase catching: after seat {debtor} missed her call, the seats asked before seat "
            f"{actor} plays are {', '.join(map(str, order[:-1]))} in that order: turn must be "
            "one of them and catchers the seats after it, then the next player (DO-6)"
        )


def _check_rescue(state: DominoesState, seat: int) -> None:
    closer = state.closer
    if closer is None:
        raise InvalidPosition("phase rescue: closer must name the seat that closed the last line")
    if not state.layout.all_closed:
        raise InvalidPosition("phase rescue: some line is still live; the phase is turn (DO-9)")
    for holder in (seat, *state.rescuers):
        if not any(map(is_double_wild, state.hands[holder])):
            raise InvalidPosition(
                f"phase rescue: seat {holder} is offered the double-Wild but holds none (DO-9)"
            )
    order = [state.seats.next_seat(step, closer) for step in range(1, len(state.hands) + 1)]
    after = order[order.index(seat) + 1 :]
    if [other for other in after if other in state.rescuers] != list(state.rescuers):
        raise InvalidPosition(
            f"rescuers must be seats after seat {seat} in play order from the closer, seat "
            f"{closer}, in that order (DO-9)"
        )


# -- what is worked out again ----------------------------------------------------------------


def _turn_of(state: DominoesState) -> int:
    """Whose turn it is: the seat to act, the player of a pending WD4, or the closer."""
    if state.pending is not None:
        return state.pending.seat
    if state.phase == RESCUE:
        assert state.closer is not None
        return state.closer
    assert state.to_act is not None
    return state.to_act


def _offered_plays(variant: DominoesPositions, state: DominoesState) -> list[Play] | None:
    """The plays the rules work out as a decision begins (a turn, a tile just drawn)."""
    seat = state.to_act
    assert seat is not None
    hand = state.hands[seat]
    if state.phase == TURN:
        return variant._plays.plays_from(state, seat, hand, len(hand) == 2)
    if state.phase == DRAWN:
        assert state.drawn is not None
        return variant._plays.plays_from(state, seat, (state.drawn,), len(hand) == 2)
    return None
