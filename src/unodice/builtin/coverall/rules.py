"""The rules of Coverall (Uno Dice, Game 3), clause by clause (CV-1 … CV-14).

The engine runs everything that is not a choice by itself: the roll-off for the starting player,
the starting die and its effect, drawing and rolling at the start of each turn, turns lost when
nothing can be placed, passes when a player has no dice, skips, reverses, reserves, opening the
second half and ending the game. It stops only for a decision: where the starting die goes, the
colour of a starting W, and each placement.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from operator import itemgetter
from types import MappingProxyType
from typing import Any, ClassVar

import attrs

from unodice.builtin.coverall import display
from unodice.builtin.coverall import reference as reference_module
from unodice.builtin.coverall.events import (
    HalfOpened,
    NoDice,
    Placed,
    PlayReversed,
    ReserveDrawn,
    Rolled,
    RollOff,
    Run,
    Skipped,
    StarterChosen,
    StartingDie,
    TrayClosed,
    TurnLost,
    WildDeclared,
)
from unodice.builtin.coverall.masks import MovesOnSpaces
from unodice.builtin.coverall.matching import (
    BIT_COUNT,
    NEXT_TO_A_DIE,
    NEXT_TO_A_DIE_BIT,
    bit_numbers,
    die_wants,
    offers,
    wants,
)
from unodice.builtin.coverall.moves import CoverallMove, Declare, Place, parse_move
from unodice.builtin.coverall.scoring import counting_runs, placement_points
from unodice.builtin.coverall.state import PHASE_NAMES, CoverallState, Phase
from unodice.builtin.coverall.tray import Tray, tray_of
from unodice.chance import Chance, ReplayChance
from unodice.errors import ComponentError, IllegalMove, InvalidOptions
from unodice.moves import Event, Move, shared_event
from unodice.options import option
from unodice.pieces import Bag, Colour, ComponentSet, Die, Face, load_components
from unodice.tables import TablesPerSet
from unodice.variant import Reference, RoundOutcome, Table, Variant, View

__all__ = ["Coverall", "CoverallOptions"]

FRESH_DICE = 4
"""Dice drawn by a player who was passed none (CV-3, CV-4)."""
RESERVE_DRAWS = {"D2": 2, "WD4": 4}
"""Dice a placed D2 or WD4 makes its player draw for her next turn (CV-7, CV-8)."""
ACTING = frozenset({*RESERVE_DRAWS, "S", "R"})
"""The symbols that do something when placed (CV-7 to CV-9)."""
DECLARATIONS = tuple(Declare(colour) for colour in Colour)
"""Every way to declare the starting W's colour (CV-2)."""
_NO_CONTEXT: Mapping[str, Any] = MappingProxyType({})
"""The scoring context when no house rule is in force to read it."""


@attrs.frozen
class CoverallOptions:
    """Options of Coverall (see the rule page for what each changes)."""

    partition: bool = option(
        True, "split the tray into two halves that no match or run crosses (CV-12)"
    )
    rows: int = option(4, "rows of the tray, lettered from A", minimum=1, maximum=26)
    columns: int = option(
        6, "columns of the tray, numbered from 1; even with the partition", minimum=1, maximum=26
    )
    two_player_reverse_skips: bool = option(
        True, "with two players an R skips the other player instead of reversing (CV-9)"
    )
    set_of_games: bool = option(
        False, "play one game per player, each starting one; totals add up (CV-14)"
    )
    dice: str = option("coverall-24", "the component set of dice to play with")

    def __attrs_post_init__(self) -> None:
        if self.partition and self.columns % 2:
            raise InvalidOptions(
                f"the partition splits the columns in half, so columns must be even, "
                f"not {self.columns}; choose an even number or set partition=false"
            )


class _FaceInfo:
    """What the rules need to know, over and over, about one face of the dice set."""

    __slots__ = ("as_declared", "as_shown", "moves", "starts", "want_bits", "wants", "wild_draw")

    def __init__(self, face: Face, rows: int, columns: int):
        spaces = [(row, column) for row in range(rows) for column in range(columns)]
        colours: Sequence[Colour | None] = tuple(Colour) if face.is_wild else (None,)
        self.wants = wants(face)
        # Two bit numbers (the same one twice for a wild): the face fits where either is offered.
        wanted = bit_numbers(self.wants)
        self.want_bits: tuple[int, int] = (wanted[0], wanted[-1])
        self.wild_draw = face.symbol == "WD4"
        self.moves = MovesOnSpaces([
            tuple(Place(face, row, column, colour) for colour in colours)
            for row, column in spaces
        ])
        self.starts = tuple(Place(face, row, column) for row, column in spaces)
        # In the tray: as it shows (a starting W before its declaration), or as declared.
        self.as_shown = _in_tray(face, face.colour)
        declared = tuple(Colour) if face.is_wild else ()
        self.as_declared = {colour: _in_tray(face, colour) for colour in declared}


def _in_tray(face: Face, colour: Colour | None) -> tuple[tuple[int, ...], str]:
    """The bits (by number) a die showing ``face`` as ``colour`` offers, and its tray code."""
    return bit_numbers(offers(face, colour)), display.tray_code(face, colour)


class _DiceTables:
    """Tables worked out once per dice set and tray shape, shared by every game.

    Faces are looked up by identity first: every face a roll shows is one of the set's own
    face objects, and an identity lookup is much cheaper than hashing a face.
    """

    def __init__(self, dice_set: ComponentSet, rows: int, columns: int):
        self.dice_set = dice_set
        self.by_face = {
            face: _FaceInfo(face, rows, columns)
            for face in sorted({f for die in dice_set.dice for f in die.faces}, key=str)
        }
        self.by_identity = {id(f): self.by_face[f] for die in dice_set.dice for f in die.faces}
        self.outside_checks = tuple((1 << die.id, die_wants(die)) for die in dice_set.dice)
        self.all_dice = sum(1 << die.id for die in dice_set.dice)
        self.reach_all = (-1,) * BIT_COUNT
        """Where each bit is offered in an untouched half: on every space (CV-12)."""
        self.wild_dice = sum(
            1 << die.id for die in dice_set.dice if die_wants(die) & NEXT_TO_A_DIE
        )
        self.fixed_roll = frozenset(
            die.id for die in dice_set.dice if len({_roll_value(f) for f in die.faces}) == 1
        )
        self.only_wd4 = tuple(
            die.id for die in dice_set.dice if all(f.symbol == "WD4" for f in die.faces)
        )

    def info(self, face: Face) -> _FaceInfo:
        """The face's table entry."""
        return self.by_identity.get(id(face)) or self.by_face[face]


_dice_tables: TablesPerSet[_DiceTables] = TablesPerSet(_DiceTables)
"""The shared tables of a dice set (by identity: sets are immutable) and tray shape."""


def _offered_to(state: CoverallState, space: int) -> int:
    """The matching bits that the dice beside ``space`` offer it."""
    bit = 1 << space
    return sum(1 << number for number, spaces in enumerate(state.reach) if spaces & bit)


def _roll_value(face: Face) -> int:
    """A face's worth in the roll-off (CV-1): its number; a letter counts as nothing (-1)."""
    number = face.number
    return -1 if number is None else number


class Coverall(Variant[CoverallState, CoverallMove]):
    """Uno Dice, Game 3: fill the tray with dice that match a neighbour; runs score.

    Args:
        options: Checked [`CoverallOptions`][unodice.builtin.coverall.rules.CoverallOptions].
        players: Number of seats, 2 to 8.
        component_sets: Extra component sets that the ``dice`` option may name.

    Raises:
        InvalidOptions: The dice set is unknown, holds dominoes, has fewer dice than the tray
            has spaces or than there are players, or has a die that shows only WD4.
    """

    name = "coverall"
    title = "Uno Dice: Coverall (Game 3)"
    players = range(2, 9)
    summary = "Cover the tray with dice that match a neighbour; runs of a colour or kind score."
    version = "1.0"
    end_clause = "CV-13"
    reference: ClassVar[Reference | None] = reference_module
    Options = CoverallOptions
    options: CoverallOptions

    def __init__(
        self,
        options: CoverallOptions,
        players: int,
        component_sets: Mapping[str, ComponentSet] | None = None,
    ):
        super().__init__(options, players, component_sets)
        self.dice_set = self._load_dice(options.dice)
        self.tray: Tray = tray_of(options.rows, options.columns, options.partition)
        tables = _dice_tables(self.dice_set, options.rows, options.columns)
        self._tables = tables
        self._check_dice(players)
        self._outside_checks = tables.outside_checks
        self._all_dice = tables.all_dice
        self._fixed_roll = tables.fixed_roll
        self._r_skips = players == 2 and options.two_player_reverse_skips

    # -- setting up ----------------------------------------------------------------------------

    def _load_dice(self, name: str) -> ComponentSet:
        try:
            dice_set = load_components(name, self.component_sets)
        except ComponentError as error:
            raise InvalidOptions(f"option 'dice' of coverall: {error}") from None
        if not dice_set.dice:
            raise InvalidOptions(
                f"option 'dice' of coverall: {name!r} is a set of dominoes, not dice"
            )
        return dice_set

    def _check_dice(self, players: int) -> None:
        count = len(self.dice_set.dice)
        name = self.dice_set.name
        if count < self.tray.size:
            raise InvalidOptions(
                f"the {self.tray.rows} x {self.tray.columns} tray has {self.tray.size} spaces but "
                f"dice set {name!r} has only {count} dice; use a smaller tray or a larger set"
            )
        if count < players:
            raise InvalidOptions(
                f"the roll-off (CV-1) needs a die per player: {players} players, "
                f"but dice set {name!r} has only {count} dice"
            )
        if self._tables.only_wd4:
            raise InvalidOptions(
                f"option 'dice' of coverall: die {self._tables.only_wd4[0]} of {name!r} shows "
                "only WD4, so as a starting die it would be re-rolled for ever (CV-2)"
            )

    def components(self, state: Any = None) -> ComponentSet:
        """The dice set this game plays with."""
        return self.dice_set

    def start_round(self, table: Table, previous: RoundOutcome | None) -> CoverallState:
        """Start a game: find the starting player and roll the starting die (CV-1, CV-2, CV-14).

        The first decision is the starting player's: where the starting die goes.
        """
        state = CoverallState(
            self.player_count,
            self.tray.size,
            len(self.tray.regions),
            Bag(self.dice_set.dice),
            table.totals,
        )
        if previous is None:
            starter, reason = self._roll_off(table.chance, state.bag, table.emit)
        else:
            starter = (self._set_opener(table) + table.round - 1) % self.player_count
            reason = f"game {table.round} of the set"
        table.emit(StarterChosen(starter, reason))
        state.starter = state.seats.current = starter
        self._roll_starting_die(table, state, starter)
        return state

    def _roll_off(
        self, chance: Chance, bag: Bag[Die], emit: Callable[[Event], None] | None
    ) -> tuple[int, str]:
        """CV-1: each player draws and rolls a die; the highest number starts.

        Players tied for the highest (all of them when nobody rolled a number) roll again. A
        tie that no roll could ever break (tied dice that can each show only one value) goes to
        the first of them in seat order. The dice go back to the bag afterwards.
        """
        held: list[Die] = []
        faces: list[Face] = []
        for _ in range(self.player_count):
            held.append(chance.draw(bag))
            faces.append(chance.roll(held[-1]))
        contenders = list(range(self.player_count))
        rolls = 1
        while True:
            if emit is not None:
                emit(RollOff(tuple(contenders), tuple(faces)))
            values = [_roll_value(face) for face in faces]
            best = max(values)
            tied = [seat for seat, value in zip(contenders, values, strict=True) if value == best]
            if len(tied) == 1:
                reason = "highest number" if rolls == 1 else f"highest number after {rolls} rolls"
                break
            if all(held[seat].id in self._fixed_roll for seat in tied):
                reason = "first in seat order of a tie no roll can break"
                break
            contenders = tied
            faces = [chance.roll(held[seat]) for seat in contenders]
            rolls += 1
        bag.put_all(held)
        return tied[0], reason

    def _set_opener(self, table: Table) -> int:
        """The seat that started the first game of the set (CV-14).

        A new game's state starts empty, so the first game's roll-off is worked out again from
        the game's recorded chance outcomes, which begin with it.
        """
        replayed = ReplayChance(table.chance.outcomes)
        return self._roll_off(replayed, Bag(self.dice_set.dice), None)[0]

    def _roll_starting_die(self, table: Table, state: CoverallState, starter: int) -> None:
        """CV-2: the starter draws and rolls the starting die; a WD4 is rolled again."""
        chance = table.chance
        die = chance.draw(state.bag)
        shown = [chance.roll(die)]
        while shown[-1].symbol == "WD4":
            shown.append(chance.roll(die))
        table.emit(StartingDie(starter, die.id, tuple(shown)))
        state.holder = starter
        state.hand = (die,)
        state.showing = (shown[-1],)
        state.phase = Phase.START
        state.moves = self._tables.info(shown[-1]).starts
        state.to_act = starter

    # -- decisions -----------------------------------------------------------------------------

    def legal_moves(self, state: CoverallState) -> tuple[CoverallMove, ...]:
        """Every legal move now: placements of a distinct face on a space, or declarations.

        Checked against `reference.legal_moves` at every decision by
        `check_variant(reference=True)`.
        """
        return state.moves

    def parse_move(self, text: str) -> CoverallMove:
        """Read ``r5 B2``, ``W:g C4``, ``WD4:b A1``, ``W C3`` (starting W) or ``declare red``."""
        return parse_move(text)

    def apply(self, table: Table, state: CoverallState, move: CoverallMove) -> None:
        """Carry out a decision, then play on automatically to the next decision."""
        if type(move) is Declare:
            self._declare(table, state, move.colour)
        elif state.phase is Phase.START:
            self._place_starting_die(table, state, move)  # type: ignore[arg-type]
        else:
            self._place(table, state, move)  # type: ignore[arg-type]

    def _place_starting_die(self, table: Table, state: CoverallState, move: Place) -> None:
        """CV-2: the starting die goes in; its region becomes the first half; its face acts."""
        starter = state.starter
        die, face = state.hand[0], state.showing[0]
        state.hand = state.showing = ()
        space = self.tray.space(move.row, move.column)
        state.first_region = state.open_region = self.tray.region_of[space]
        self._put(state, space, die, face, None)
        self._score(table, state, starter, space, die, face, None)
        if self._tray_closed(table, state):
            return
        seats = state.seats
        symbol = face.symbol
        if symbol == "D2":
            self._draw_reserve(table, state, starter, "D2")
            seats.advance()
        elif symbol == "R":
            self._reverse_or_skip(table, state)  # the starter plays first either way
        elif symbol == "S":
            table.emit(shared_event(Skipped, seats.next_seat()))
            seats.advance(skip=1)
        else:
            seats.advance()
        self._play_on(table, state, ())

    def _declare(self, table: Table, state: CoverallState, colour: Colour) -> None:
        """CV-2: the starting W takes the colour its first player names; then she places."""
        space = state.undeclared
        assert space is not None
        state.undeclared = None
        state.colours[space] = colour
        info = self._tables.info(state.faces[space])  # type: ignore[arg-type]
        numbers, state.codes[space] = info.as_declared[colour]
        self._offer(state, space, numbers)
        table.emit(WildDeclared(state.holder, self.tray.names[space], colour))  # type: ignore[arg-type]
        if self._tray_closed(table, state):
            return
        if not self._offer_placements(state):
            self._lose_turn(table, state)
            self._play_on(table, state, ())

    def _place(self, table: Table, state: CoverallState, move: Place) -> None:
        """CV-3, CV-5 to CV-8: place one die, score it, apply its face, pass the rest on."""
        seat: int = state.holder  # type: ignore[assignment]
        face, colour = move.face, move.colour
        hand, showing = state.hand, state.showing
        # By identity first: the move's face is normally one of the shown face objects, and
        # tuple.index would compare by value (a Python call) with every die before it.
        for index, shown in enumerate(showing):  # noqa: B007
            if shown is face:
                break
        else:
            index = showing.index(face)
        die = hand[index]
        passed = hand[:index] + hand[index + 1:]
        state.hand = passed
        state.showing = showing[:index] + showing[index + 1:]
        space = move.row * self.tray.columns + move.column
        self._put(state, space, die, face, colour)
        self._score(table, state, seat, space, die, face, colour)
        if self._tray_closed(table, state):
            return
        symbol = face.symbol
        skip = self._face_effect(table, state, seat, symbol) if symbol in ACTING else 0
        state.seats.advance(skip)
        self._play_on(table, state, passed)

    def _face_effect(self, table: Table, state: CoverallState, seat: int, symbol: str) -> int:
        """CV-7 to CV-9: what the placed face does; returns how many seats to skip."""
        if symbol in RESERVE_DRAWS:
            self._draw_reserve(table, state, seat, symbol)
        elif symbol == "S":
            table.emit(shared_event(Skipped, state.seats.next_seat()))
            return 1
        elif symbol == "R":
            return self._reverse_or_skip(table, state)
        return 0

    def _reverse_or_skip(self, table: Table, state: CoverallState) -> int:
        """CV-8, CV-9: an R reverses play; between two players (by default) it skips instead."""
        if self._r_skips:
            table.emit(shared_event(Skipped, state.seats.next_seat()))
            return 1
        state.seats.reverse()
        table.emit(shared_event(PlayReversed, state.seats.direction))
        return 0

    def _draw_reserve(self, table: Table, state: CoverallState, seat: int, symbol: str) -> None:
        """CV-7, CV-8, CV-10: draw two (D2) or four (WD4) dice to keep for her next turn."""
        drawn = table.chance.draw_up_to(state.bag, RESERVE_DRAWS[symbol])
        state.reserves[seat] = state.reserves[seat] + tuple(drawn)
        table.emit(shared_event(ReserveDrawn, seat, len(drawn), symbol))

    # -- the tray ------------------------------------------------------------------------------

    def _put(
        self, state: CoverallState, space: int, die: Die, face: Face, colour: Colour | None
    ) -> None:
        """Put a die in the tray and tell its neighbours what they may now take."""
        tables = self._tables
        info = tables.by_identity.get(id(face)) or tables.by_face[face]
        if colour is None:
            counts_as = face.colour
            numbers, code = info.as_shown
            if counts_as is None:
                state.undeclared = space
        else:
            counts_as = colour
            numbers, code = info.as_declared[colour]
        state.faces[space] = face
        state.kinds[space] = face.symbol
        state.colours[space] = counts_as
        state.codes[space] = code
        state.dice[space] = die
        state.in_tray |= 1 << die.id
        state.empty[self.tray.region_of[space]] -= 1
        state.vacant &= ~(1 << space)
        self._offer(state, space, numbers)

    def _offer(self, state: CoverallState, space: int, numbers: Sequence[int]) -> None:
        """The die on ``space`` offers its neighbours the bits numbered ``numbers``."""
        reach, neighbours = state.reach, self.tray.neighbour_masks[space]
        for number in numbers:
            reach[number] |= neighbours

    def _score(
        self,
        table: Table,
        state: CoverallState,
        seat: int,
        space: int,
        die: Die,
        face: Face,
        colour: Colour | None,
    ) -> None:
        """CV-11: score the runs the placement makes, through the scoring hook.

        Checked against `reference.move_points` at every decision by
        `check_variant(reference=True)`.
        """
        counts_as = colour if face.colour is None else face.colour
        tray = self.tray
        found = counting_runs(tray, state.kinds, state.colours, space, face.symbol, counts_as)
        runs: tuple[Run, ...] = ()
        points = 0
        if found:
            names, codes, line_names = tray.stretch_names, state.codes, tray.line_names[space]
            # A run has two spaces or more, so itemgetter gives a tuple of their entries.
            runs = tuple([
                Run(line_names[line], shared, names[spaces], itemgetter(*spaces)(codes), value)
                for line, shared, spaces, value in found
            ])
            for run in found:
                points += run[3]
        name = tray.names[space]
        table.emit(Placed(seat, die.id, face, colour, name, runs, points))
        context = {
            "space": name,
            "die": die,
            "face": face,
            "declared": colour,
            "runs": runs,
            "faces": tuple(state.faces),
            "colours": tuple(state.colours),
        } if table.house_rules else _NO_CONTEXT
        state.points[seat] += table.score(seat, points, "placement", context)

    def _tray_closed(self, table: Table, state: CoverallState) -> bool:
        """CV-12, CV-13: after the tray changed, open the second half or end the game.

        The open region closes when it is full or dead: no face of any die outside the tray
        could go on any of its empty spaces. The tray changes only by placements, so a region
        that is dead now stays dead. The second half opens once; when it closes too, the game
        is over.
        """
        region = state.open_region
        # An undeclared starting W keeps its half alive: any colour may yet be named for it.
        if state.empty[region] and (
            state.undeclared is not None or self._can_fill(state, region)
        ):
            return False
        if self.tray.partition and region == state.first_region:
            other = 1 - region
            state.open_region = other
            reason = "dead" if state.empty[region] else "full"
            table.emit(HalfOpened(self.tray.region_name(other), reason))
            return False
        self._end(table, state, "dead" if sum(state.empty) else "full")
        return True

    def _can_fill(self, state: CoverallState, region: int) -> bool:
        """Whether a face of a die outside the tray could go on an empty space of ``region``."""
        spaces = self.tray.regions[region]
        if state.in_tray == self._all_dice:
            return False
        if state.empty[region] == len(spaces):
            return True  # an untouched half takes any die anywhere (CV-12)
        room = state.vacant & self.tray.region_masks[region]
        reach = state.reach
        if self._tables.wild_dice & ~state.in_tray:
            # A die outside the tray has a wild face, which fits any empty space beside a die.
            return bool(reach[NEXT_TO_A_DIE_BIT] & room)
        wanted = 0  # every bit offered to an empty space of the region
        for number in range(BIT_COUNT):
            if reach[number] & room:
                wanted |= 1 << number
        in_tray = state.in_tray
        for bit, die_bits in self._outside_checks:
            if die_bits & wanted and not in_tray & bit:
                return True
        return False

    def _end(self, table: Table, state: CoverallState, reason: str) -> None:
        """CV-13: the game is over; the highest score wins, ties share."""
        state.phase = Phase.OVER
        state.to_act = None
        state.moves = ()
        empty = tuple(self.tray.names[s] for s, face in enumerate(state.faces) if face is None)
        table.emit(TrayClosed(reason, empty))
        best = max(state.points)
        table.end_round([seat for seat, points in enumerate(state.points) if points == best])

    # -- turns ---------------------------------------------------------------------------------

    def _play_on(self, table: Table, state: CoverallState, passed: tuple[Die, ...]) -> None:
        """Start turns until a player has a decision (CV-3, CV-4, CV-10).

        Each turn the player gathers her dice (those passed to her, or four fresh ones, plus her
        reserve) and rolls them all. With none she passes; with none placeable she loses her
        turn and her dice go back to the bag. The tray is never dead here (that ends the game
        first), so some die outside it can always be placed with some face, and play ends.
        """
        chance = table.chance
        bag = state.bag
        seats = state.seats
        while True:
            seat = seats.current
            drawn = () if passed else tuple(chance.draw_up_to(bag, FRESH_DICE))
            reserve = state.reserves[seat]
            hand = passed + drawn + reserve if reserve else passed + drawn
            if reserve:
                state.reserves[seat] = ()
            state.holder = seat
            state.hand = hand
            if not hand:
                state.showing = ()
                table.emit(shared_event(NoDice, seat))
                seats.advance()
                continue
            state.showing = chance.roll_all(hand)
            table.emit(Rolled(seat, state.showing, len(passed), len(drawn), len(reserve)))
            if state.undeclared is not None:
                state.phase = Phase.DECLARE
                state.moves = DECLARATIONS
                state.to_act = seat
                return
            moves = self._legal_placements(state)
            if moves:
                state.phase = Phase.PLACE
                state.moves = moves
                state.to_act = seat
                return
            self._lose_turn(table, state)
            passed = ()

    def _offer_placements(self, state: CoverallState) -> bool:
        """Make the holder's placements the decision at hand, if she has any."""
        moves = self._legal_placements(state)
        if not moves:
            return False
        state.phase = Phase.PLACE
        state.moves = moves
        state.to_act = state.holder
        return True

    def _lose_turn(self, table: Table, state: CoverallState) -> None:
        """CV-4: nothing placeable; her dice go back to the bag and the next player draws."""
        table.emit(shared_event(TurnLost, state.holder, len(state.hand)))
        state.bag.put_all(state.hand)
        state.hand = state.showing = ()
        state.seats.advance()

    def _legal_placements(self, state: CoverallState) -> tuple[CoverallMove, ...]:
        """CV-5 to CV-7, CV-12: each distinct face shown on each space it may go to.

        A WD4 is offered only when no other face can be placed (a W counts as another).
        Checked against `reference.legal_moves` at every decision by
        `check_variant(reference=True)`.
        """
        region = state.open_region
        room = state.vacant & self.tray.region_masks[region]
        tables = self._tables
        reach: Sequence[int] = state.reach
        if state.empty[region] == len(self.tray.regions[region]):
            reach = tables.reach_all  # an untouched half takes any die anywhere (CV-12)
        by_identity = tables.by_identity
        others: list[CoverallMove] = []
        wild_draws: list[CoverallMove] = []
        seen: list[_FaceInfo] = []
        for face in state.showing:
            info = by_identity.get(id(face)) or tables.by_face[face]
            if info in seen:
                continue
            seen.append(info)
            first, second = info.want_bits
            spaces = (reach[first] | reach[second]) & room
            if not spaces:
                continue
            if info.wild_draw:
                wild_draws += info.moves.on(spaces)
            else:
                others += info.moves.on(spaces)
        return tuple(others or wild_draws)

    # -- why not -------------------------------------------------------------------------------

    def explain_illegal(self, state: CoverallState, move: Move) -> IllegalMove:
        """Why a move is refused now, citing the clause that forbids it."""
        if state.phase is Phase.OVER:
            return IllegalMove(move, "the game is over", "CV-13")
        if isinstance(move, Declare):
            return IllegalMove(
                move,
                "no W is waiting for its colour: only the starting W is declared on its own; "
                "other wilds take their colour as they are placed, like 'W:r B2'",
                "CV-2",
            )
        if not isinstance(move, Place):
            return IllegalMove(move, "not a coverall move")
        if state.phase is Phase.DECLARE:
            name = self.tray.names[state.undeclared]  # type: ignore[index]
            return IllegalMove(
                move, f"first declare the colour of the starting W on {name}, like "
                "'declare red'", "CV-2"
            )
        return self._explain_placement(state, move)

    def _explain_placement(self, state: CoverallState, move: Place) -> IllegalMove:
        tray = self.tray
        if not tray.contains(move.row, move.column):
            return IllegalMove(
                move, f"there is no space {move.space_name}: the tray has "
                f"{tray.describe_shape()}", "CV-5"
            )
        if move.face not in state.showing:
            shown = " ".join(face.code for face in state.showing) or "nothing"
            return IllegalMove(
                move, f"none of your dice shows {move.face.code}; they show {shown}", "CV-3"
            )
        space = tray.space(move.row, move.column)
        name = tray.names[space]
        if state.faces[space] is not None:
            return IllegalMove(move, f"{name} already holds {state.faces[space]}", "CV-5")
        if state.phase is Phase.START:
            return IllegalMove(
                move, f"the starting W is placed without a colour ('W {name}'): the next "
                "player declares it", "CV-2"
            )
        if move.face.is_wild and move.colour is None:
            clause = "CV-7" if move.face.symbol == "WD4" else "CV-6"
            return IllegalMove(
                move, f"declare the {move.face.symbol}'s colour as you place it, like "
                f"'{move.face.symbol}:r {name}'", clause
            )
        region = tray.region_of[space]
        if region != state.open_region:
            return self._explain_closed_half(move, state, region)
        untouched = state.empty[region] == len(tray.regions[region])
        if not untouched:
            reason = self._explain_no_match(state, move, space)
            if reason is not None:
                return reason
        if move.face.symbol == "WD4":
            others = sorted({str(m.face) for m in state.moves if isinstance(m, Place)})
            return IllegalMove(
                move, "a WD4 may be placed only when no other die you hold can be; you can "
                f"place {', '.join(others)}", "CV-7"
            )
        return IllegalMove(move, "not a legal move now")

    def _explain_closed_half(self, move: Place, state: CoverallState, region: int) -> IllegalMove:
        open_name = self.tray.region_name(state.open_region)
        if region == state.first_region:
            why = "is full" if not state.empty[region] else "can take no more dice"
            return IllegalMove(
                move, f"the {self.tray.region_name(region)} {why}; dice now go to the "
                f"{open_name}", "CV-12"
            )
        return IllegalMove(
            move, f"while the {open_name} has spaces a die can fill, every die goes there",
            "CV-12",
        )

    def _explain_no_match(
        self, state: CoverallState, move: Place, space: int
    ) -> IllegalMove | None:
        """CV-5 / CV-12 reasons a placement next to (or away from) dice is refused."""
        name = self.tray.names[space]
        want = self._tables.info(move.face).wants
        offered = _offered_to(state, space)
        if offered & want:
            return None
        across = self._across_partition(state, space)
        if not offered & NEXT_TO_A_DIE:
            if across:
                return IllegalMove(
                    move, f"{name}'s only neighbours are across the partition, which no "
                    "match crosses", "CV-12"
                )
            return IllegalMove(
                move, f"{name} has no die beside it; a die goes next to one it matches", "CV-5"
            )
        if any(offers(state.faces[s], state.colours[s]) & want for s in across):  # type: ignore[arg-type]
            return IllegalMove(
                move, f"{move.face.code} matches a die beside {name} only across the "
                "partition, which no match crosses", "CV-12"
            )
        beside = " ".join(
            display.tray_code(state.faces[s], state.colours[s])
            for s in self.tray.neighbours[space] if state.faces[s] is not None
        )
        return IllegalMove(
            move, f"{move.face.code} matches none of the dice beside {name} ({beside}): it needs "
            "the same number, letter or colour", "CV-5"
        )

    def _across_partition(self, state: CoverallState, space: int) -> list[int]:
        """The occupied spaces beside ``space`` on the other side of the partition."""
        row, column = self.tray.row_and_column(space)
        found = []
        for dc in (-1, 1):
            if self.tray.contains(row, column + dc):
                other = self.tray.space(row, column + dc)
                if (self.tray.region_of[other] != self.tray.region_of[space]
                        and state.faces[other] is not None):
                    found.append(other)
        return found

    # -- what seats see ------------------------------------------------------------------------

    def view_data(self, state: CoverallState, seat: int) -> dict[str, Any]:
        """Everything is open but the bag's contents: the tray, the rolled dice, reserves."""
        return {
            "phase": PHASE_NAMES[state.phase],
            "tray": tuple(state.faces),
            "kinds": tuple(state.kinds),
            "colours": tuple(state.colours),
            "open_half": state.open_region,
            "holder": state.holder,
            "hand": state.showing,
            "reserves": tuple(state.reserves),
            "bag": len(state.bag),
            "direction": state.seats.direction,
            "starter": state.starter,
            "points": tuple(state.points),
        }

    def hidden_pieces(self, state: CoverallState, seat: int) -> Iterable[Die]:
        """The dice in the bag: nobody knows which they are."""
        return tuple(state.bag)

    def piece_locations(self, state: CoverallState) -> dict[str, Iterable[Die]]:
        """Every die: in the tray, the bag, a hand or a reserve."""
        locations: dict[str, Iterable[Die]] = {
            "tray": [die for die in state.dice if die is not None],
            "bag": tuple(state.bag),
        }
        for seat in range(self.player_count):
            locations[f"hand {seat}"] = state.hand if seat == state.holder else ()
            locations[f"reserve {seat}"] = state.reserves[seat]
        return locations

    def render(self, state: CoverallState, seat: int | None = None, colour: bool = False) -> str:
        """The tray as a grid, the rolled dice, reserves, the bag and the scores."""
        return display.render(self, state, seat, colour)

    def describe(self, event: Event) -> str:
        """One line per event, in words."""
        return display.describe(event) or super().describe(event)

    # -- the match -----------------------------------------------------------------------------

    def match_over(self, totals: Sequence[int], rounds_played: int) -> bool:
        """One game, or as many as there are players in a set (CV-14)."""
        return not self.options.set_of_games or rounds_played >= self.player_count

    def gain(self, view: View, move: CoverallMove) -> float:
        """The points a placement would score now (CV-11); nothing for other moves."""
        if type(move) is not Place or view.data["phase"] != "place":
            return 0.0
        face = move.face
        counts_as = move.colour if face.colour is None else face.colour
        space = self.tray.space(move.row, move.column)
        data = view.data
        return float(placement_points(
            self.tray, data["kinds"], data["colours"], space, face.symbol, counts_as
        ))
