"""The rules of Coverall (Uno Dice, Game 3), clause by clause (CV-1 … CV-14).

The engine runs everything that is not a choice by itself: the roll-off for the starting player,
the starting die and its effect, drawing and rolling at the start of each turn, turns lost when
nothing can be placed, passes when a player has no dice, skips, reverses, reserves, opening the
second half and ending the game. It stops only for a decision: where the starting die goes, the
colour of a starting W, and each placement.

Coverall has every optional capability. It inherits positions, pictures, the learning spaces,
text and its plain reading of the rules from the classes of ``positions``, ``pictures``,
``spaces``, ``text`` and ``reference``, and resamples the bag, accounts for its dice and hands
out its native engine for whole matches (``native``) here.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, ClassVar

from unodice.core import uno
from unodice.core._shuffling import shuffle
from unodice.core.capabilities import Inventory, MatchEngine, Matches, Resampling
from unodice.core.chance import Chance
from unodice.core.errors import IllegalMove, UnodiceError
from unodice.core.moves import Event, Move, shared_event
from unodice.core.pieces import Bag, Colour, ComponentSet, Die, Face
from unodice.core.turns import Seats
from unodice.core.variant import RoundOutcome, Table, Variant, View

from . import native, native_game
from .events import (
    HalfOpened,
    NoDice,
    Placed,
    ReserveDrawn,
    RollOff,
    Run,
    StarterChosen,
    StartingDie,
    TrayClosed,
    TurnLost,
    WildDeclared,
)
from .kernel import BIT_COUNT, NEXT_TO_A_DIE_BIT, counting_runs
from .lookups import CoverallLookups, FaceLookup, TrayLookup, lookups_for, roll_value, tray_of
from .moves import DECLARATIONS, CoverallMove, Declare, Place, parse_move
from .options import CoverallOptions
from .pictures import CoverallPictures
from .positions import CoverallPositions
from .reference import CoverallReference
from .refusals import explain
from .spaces import CoverallSpaces
from .state import DECLARE, OVER, PLACE, START, CoverallState
from .text import CoverallText

__all__ = ["Coverall"]

FRESH_DICE = 4
"""Dice drawn by a player who was passed none (CV-3, CV-4)."""
RESERVE_DRAWS = {"D2": 2, "WD4": 4}
"""Dice a placed D2 or WD4 makes its player draw for her next turn (CV-7, CV-8)."""
ACTING = frozenset({*RESERVE_DRAWS, "S", "R"})
"""The symbols that do something when placed (CV-7 to CV-9)."""
_NO_CONTEXT: Mapping[str, Any] = MappingProxyType({})
"""The scoring context when no house rule is in force to read it."""


_die_id: Callable[[Die], int] = operator.attrgetter("id")
"""A piece's id: the key to sort pieces by, read in C (a Python function a piece cost more)."""


class Coverall(
    Variant[CoverallState, CoverallMove],
    CoverallPositions,
    CoverallPictures,
    CoverallSpaces,
    Resampling[CoverallState],
    CoverallText,
    Inventory[CoverallState],
    CoverallReference,
    Matches,
):
    """Uno Dice, Game 3: fill the tray with dice that match a neighbour; runs score.

    The tray's shape and the dice set's lookups are shared by every game of the set and tray
    shape; a game keeps them private (a determinized game handed to a bot reaches nothing it
    could change in them); ``tray`` shows the tray, which cannot be changed.

    Args:
        options: Checked [`CoverallOptions`][unodice.variants.coverall.options.CoverallOptions].
        players: Number of seats, 2 to 8.
        component_sets: Extra component sets that the ``dice`` option may name.

    Raises:
        InvalidOptions: The dice set is unknown, holds dominoes, has fewer dice than the tray
            has cells or than there are players, or has a die that shows only WD4.

    Attributes:
        dice_set: The dice set this game plays with.
    """

    name = "coverall"
    title = "Uno Dice: Coverall (Game 3)"
    players = range(2, 9)
    summary = "Cover the tray with dice that match a neighbour; runs of a colour or kind score."
    version = "1.0"
    end_clause = "CV-13"
    component_option: ClassVar[str | None] = "dice"
    Options = CoverallOptions
    options: CoverallOptions

    def __init__(
        self,
        options: CoverallOptions,
        players: int,
        component_sets: Mapping[str, ComponentSet] | None = None,
    ):
        super().__init__(options, players, component_sets)
        self._tray: TrayLookup = tray_of(options.rows, options.columns, options.partition)
        self._lookups: CoverallLookups = lookups_for(
            options.dice, self.component_sets, self._tray, players
        )
        self.dice_set = self._lookups.dice_set

    @property
    def tray(self) -> TrayLookup:
        """The tray's shape and the lookups derived from it (shared, and sealed against change)."""
        return self._tray

    # -- CV-1: the starting player -----------------------------------------------------------------

    def start_round(self, table: Table, previous: RoundOutcome | None) -> CoverallState:
        """Start a game: find the starting player and roll the starting die (CV-1, CV-2, CV-14).

        The first decision is the starting player's: where the starting die goes.
        """
        seats = Seats.around(self.player_count, 0, self.options.two_player_reverse_skips)
        state = CoverallState(
            seats, self._tray.size, len(self._tray.regions), Bag(self.dice_set.dice), table.totals
        )
        if previous is None:
            starter, reason = self._roll_off(table.chance, state.bag, table.emit)
        else:
            starter = self._next_starter(previous)
            reason = f"game {table.round} of the set"
        table.emit(StarterChosen(starter, reason))
        state.starter = seats.current = starter
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
        fixed_roll = self._lookups.fixed_roll
        rolls = 1
        while True:
            if emit is not None:
                emit(RollOff(tuple(contenders), tuple(faces)))
            values = [roll_value(face) for face in faces]
            best = max(values)
            tied = [seat for seat, value in zip(contenders, values, strict=True) if value == best]
            if len(tied) == 1:
                reason = "highest number" if rolls == 1 else f"highest number after {rolls} rolls"
                break
            if all(held[seat].id in fixed_roll for seat in tied):
                reason = "first in seat order of a tie no roll can break"
                break
            contenders = tied
            faces = [chance.roll(held[seat]) for seat in contenders]
            rolls += 1
        bag.put_all(held)
        return tied[0], reason

    # -- CV-2: the starting die --------------------------------------------------------------------

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
        state.phase = START
        state.moves = self._lookups.face(shown[-1]).starts
        state.to_act = starter

    def _place_starting_die(self, table: Table, state: CoverallState, move: Place) -> None:
        """CV-2: the starting die goes in; its region becomes the first half; its face acts.

        A D2 gives the starter a reserve and the left player begins; an S skips the left
        player; an R lets the starter play the first turn herself, play running the other way
        (between two players, with ``two_player_reverse_skips``, it skips the other player,
        CV-9, so again the starter plays); a W or a number: the left player begins.
        """
        starter = state.starter
        die, face = state.hand[0], state.showing[0]
        state.hand = state.showing = ()
        cell = self._tray.cell(move.row, move.column)
        state.first_region = state.open_region = self._tray.region_of[cell]
        self._put(state, cell, die, face, None)
        self._score(table, state, starter, cell, die, face, None)
        if self._tray_closed(table, state):
            return
        seats = state.seats
        symbol = face.symbol
        if symbol in RESERVE_DRAWS:
            self._draw_reserve(table, state, starter, symbol)
            seats.advance()
        elif symbol == "R":
            uno.skip_or_reverse(table, seats, starter, symbol)  # the starter plays first
        else:
            seats.advance(uno.skip_or_reverse(table, seats, starter, symbol))
        self._play_on(table, state, ())

    def _declare(self, table: Table, state: CoverallState, colour: Colour) -> None:
        """CV-2: the starting W takes the colour its first player names; then she places."""
        cell = state.undeclared
        assert cell is not None
        state.undeclared = None
        state.colours[cell] = colour
        info = self._lookups.face(state.faces[cell])  # type: ignore[arg-type]
        numbers, state.codes[cell] = info.as_declared[colour]
        self._offer(state, cell, numbers)
        table.emit(WildDeclared(state.holder, self._tray.names[cell], colour))  # type: ignore[arg-type]
        if self._tray_closed(table, state):
            return
        if not self._offer_placements(state):
            self._lose_turn(table, state)
            self._play_on(table, state, ())

    # -- CV-3, CV-4: a turn ------------------------------------------------------------------------

    def legal_moves(self, state: CoverallState) -> tuple[CoverallMove, ...]:
        """Every legal move now: placements of a distinct face on a cell, or declarations.

        Worked out once per decision by ``_legal_placements`` (CV-5 to CV-7, CV-12).
        Checked against `reference.legal_moves` at every decision by
        `check_variant(reference=True)`.
        """
        return state.moves

    def parse_move(self, text: str) -> CoverallMove:
        """Read ``r5 B2``, ``W:g C4``, ``WD4:b A1``, ``W C3`` (starting W) or ``declare red``."""
        return parse_move(text)

    def apply(self, table: Table, state: CoverallState, move: CoverallMove) -> None:
        """Carry out a decision, then play on automatically to the next decision."""
        match move:
            case Place() if state.phase == START:
                self._place_starting_die(table, state, move)
            case Place():
                self._place(table, state, move)
            case Declare():
                self._declare(table, state, move.colour)

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
        shared_rolls = self._lookups.shared_rolls
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
            table.emit(
                shared_rolls.rolled(seat, state.showing, len(passed), len(drawn), len(reserve))
            )
            if state.undeclared is not None:
                state.phase = DECLARE
                state.moves = DECLARATIONS
                state.to_act = seat
                return
            moves = self._legal_placements(state)
            if moves:
                state.phase = PLACE
                state.moves = moves
                state.to_act = seat
                return
            self._lose_turn(table, state)
            passed = ()

    def _offer_placements(self, state: CoverallState) -> bool:
        """CV-3: make the holder's placements the decision at hand, if she has any."""
        moves = self._legal_placements(state)
        if not moves:
            return False
        state.phase = PLACE
        state.moves = moves
        state.to_act = state.holder
        return True

    def _lose_turn(self, table: Table, state: CoverallState) -> None:
        """CV-4: nothing placeable; her dice go back to the bag and the next player draws."""
        table.emit(shared_event(TurnLost, state.holder, len(state.hand)))
        state.bag.put_all(state.hand)
        state.hand = state.showing = ()
        state.seats.advance()

    # -- CV-5 to CV-7: where a die may go ----------------------------------------------------------

    def _legal_placements(self, state: CoverallState) -> tuple[CoverallMove, ...]:
        """CV-5 to CV-7, CV-12: each distinct face shown on each cell it may go to.

        A WD4 is offered only when no other face can be placed (a W counts as another, CV-7).
        Checked against `reference.legal_moves` at every decision by
        `check_variant(reference=True)`.
        """
        region = state.open_region
        room = state.vacant & self._tray.region_masks[region]  # the open half's empty cells
        lookups = self._lookups
        reach: Sequence[int] = state.reach
        if state.empty[region] == len(self._tray.regions[region]):
            reach = lookups.reach_all  # an untouched half takes any die anywhere (CV-12)
        by_identity = lookups.by_identity
        others: list[CoverallMove] = []
        wild_draws: list[CoverallMove] = []
        seen: list[FaceLookup] = []
        for face in state.showing:
            info = by_identity.get(id(face)) or lookups.by_face[face]
            if info in seen:
                continue
            seen.append(info)
            # CV-5: the face may go on an empty cell beside a die it matches, that is, where a
            # neighbour offers the bit of the face's colour or the bit of its kind (a W or a
            # WD4 wants only a neighbour: both its bits are "next to a die"). This is
            # `reference.placeable_cells`, read from the masks.
            colour_bit, kind_bit = info.want_bits
            beside_a_match = (reach[colour_bit] | reach[kind_bit]) & room
            if not beside_a_match:
                continue
            if info.wild_draw:
                wild_draws += info.moves.on(beside_a_match)
            else:
                others += info.moves.on(beside_a_match)
        return tuple(others or wild_draws)  # CV-7: a WD4 only when nothing else can go

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
        passed = hand[:index] + hand[index + 1 :]
        state.hand = passed
        state.showing = showing[:index] + showing[index + 1 :]
        cell = move.row * self._tray.columns + move.column
        self._put(state, cell, die, face, colour)
        self._score(table, state, seat, cell, die, face, colour)
        if self._tray_closed(table, state):
            return
        symbol = face.symbol
        skip = self._face_effect(table, state, seat, symbol) if symbol in ACTING else 0
        state.seats.advance(skip)
        self._play_on(table, state, passed)

    def _put(
        self, state: CoverallState, cell: int, die: Die, face: Face, colour: Colour | None
    ) -> None:
        """CV-5, CV-6: put a die in the tray and tell its neighbours what they may now take."""
        lookups = self._lookups
        info = lookups.by_identity.get(id(face)) or lookups.by_face[face]
        if colour is None:
            counts_as = face.colour
            numbers, code = info.as_shown
            if counts_as is None:
                state.undeclared = cell
        else:
            counts_as = colour
            numbers, code = info.as_declared[colour]
        state.faces[cell] = face
        state.kinds[cell] = face.symbol
        state.colours[cell] = counts_as
        state.codes[cell] = code
        state.dice[cell] = die
        state.in_tray |= 1 << die.id
        state.empty[self._tray.region_of[cell]] -= 1
        state.vacant &= ~(1 << cell)
        self._offer(state, cell, numbers)

    def _offer(self, state: CoverallState, cell: int, numbers: Sequence[int]) -> None:
        """CV-5: the die on ``cell`` offers its neighbours the bits numbered ``numbers``."""
        reach, neighbours = state.reach, self._tray.neighbour_masks[cell]
        for number in numbers:
            reach[number] |= neighbours

    # -- CV-7 to CV-10: what a placed face does ----------------------------------------------------

    def _face_effect(self, table: Table, state: CoverallState, seat: int, symbol: str) -> int:
        """CV-7 to CV-9: what the placed face does; returns how many seats to skip.

        A D2 or a WD4 gives its player a reserve (the next player is not skipped); an S skips
        the next player and an R reverses play, or skips between two players (CV-9).
        """
        if symbol in RESERVE_DRAWS:
            self._draw_reserve(table, state, seat, symbol)
            return 0
        return uno.skip_or_reverse(table, state.seats, seat, symbol)

    def _draw_reserve(self, table: Table, state: CoverallState, seat: int, symbol: str) -> None:
        """CV-7, CV-8, CV-10: draw two (D2) or four (WD4) dice to keep for her next turn.

        This is the player's own reserve, not the family's draw penalty: nobody else draws,
        nobody is skipped, and a short bag gives what it has (CV-10).
        """
        drawn = table.chance.draw_up_to(state.bag, RESERVE_DRAWS[symbol])
        state.reserves[seat] = state.reserves[seat] + tuple(drawn)
        table.emit(shared_event(ReserveDrawn, seat, len(drawn), symbol))

    # -- CV-11: scoring ----------------------------------------------------------------------------

    def _score(
        self,
        table: Table,
        state: CoverallState,
        seat: int,
        cell: int,
        die: Die,
        face: Face,
        colour: Colour | None,
    ) -> None:
        """CV-11: score the runs the placement makes, through the scoring hook.

        In each of its two lines the better of its colour run and its kind run counts (see
        [`counting_runs`][unodice.variants.coverall.kernel.counting_runs]); the lines add up.
        Checked against `reference.move_points` at every decision by
        `check_variant(reference=True)`.
        """
        counts_as = colour if face.colour is None else face.colour
        tray = self._tray
        found = counting_runs(tray.walks[cell], state.kinds, state.colours, face.symbol, counts_as)
        runs: tuple[Run, ...] = ()
        points = 0
        if found:
            readings, codes, line_names = tray.stretch_readings, state.codes, tray.line_names[cell]
            made = []
            for line, shared, cells, value in found:
                # A run has two cells or more, so its getter gives a tuple of their codes.
                names, codes_of = readings[id(cells)]
                made.append(Run(line_names[line], shared, names, codes_of(codes), value))
                points += value
            runs = tuple(made)
        name = tray.names[cell]
        table.emit(Placed(seat, die.id, face, colour, name, runs, points))
        context = (
            {
                "space": name,
                "die": die,
                "face": face,
                "declared": colour,
                "runs": runs,
                "faces": tuple(state.faces),
                "colours": tuple(state.colours),
            }
            if table.house_rules
            else _NO_CONTEXT
        )
        state.points[seat] += table.score(seat, points, "placement", context)

    def gain(self, view: View, move: CoverallMove) -> float:
        """CV-11: the points a placement would score now; nothing for other moves."""
        if type(move) is not Place or view.data["phase"] != PLACE:
            return 0.0
        face = move.face
        counts_as = move.colour if face.colour is None else face.colour
        cell = self._tray.cell(move.row, move.column)
        data = view.data
        found = counting_runs(
            self._tray.walks[cell], data["kinds"], data["colours"], face.symbol, counts_as
        )
        return float(sum(run[3] for run in found))

    # -- CV-12, CV-13: the halves and the end of the game ------------------------------------------

    def _tray_closed(self, table: Table, state: CoverallState) -> bool:
        """CV-12, CV-13: after the tray changed, open the second half or end the game.

        The open region closes when it is full or dead: no face of any die outside the tray
        could go on any of its empty cells. The tray changes only by placements, so a region
        that is dead now stays dead. The second half opens once; when it closes too, the game
        is over.
        """
        region = state.open_region
        # An undeclared starting W keeps its half alive: any colour may yet be named for it.
        if state.empty[region] and (state.undeclared is not None or self._can_fill(state, region)):
            return False
        if self._tray.partition and region == state.first_region:
            other = 1 - region
            state.open_region = other
            reason = "dead" if state.empty[region] else "full"
            table.emit(HalfOpened(self._tray.region_name(other), reason))
            return False
        self._end(table, state, "dead" if sum(state.empty) else "full")
        return True

    def _can_fill(self, state: CoverallState, region: int) -> bool:
        """CV-12, CV-13: whether a face of a die outside the tray could go on ``region``.

        Checked against `reference.half_is_dead` at every decision by
        `check_variant(reference=True)`.
        """
        cells = self._tray.regions[region]
        lookups = self._lookups
        if state.in_tray == lookups.all_dice:
            return False
        if state.empty[region] == len(cells):
            return True  # an untouched half takes any die anywhere (CV-12)
        room = state.vacant & self._tray.region_masks[region]
        reach = state.reach
        if lookups.wild_dice & ~state.in_tray:
            # A die outside the tray has a wild face, which fits any empty cell beside a die.
            return bool(reach[NEXT_TO_A_DIE_BIT] & room)
        wanted = 0  # every bit offered to an empty cell of the region
        for number in range(BIT_COUNT):
            if reach[number] & room:
                wanted |= 1 << number
        in_tray = state.in_tray
        for bit, die_bits in lookups.outside_checks:
            if die_bits & wanted and not in_tray & bit:
                return True
        return False

    def _end(self, table: Table, state: CoverallState, reason: str) -> None:
        """CV-13: the game is over; the highest score wins, ties share."""
        state.phase = OVER
        state.to_act = None
        state.moves = ()
        empty = tuple(self._tray.names[s] for s, face in enumerate(state.faces) if face is None)
        table.emit(TrayClosed(reason, empty))
        best = max(state.points)
        table.end_round([seat for seat, points in enumerate(state.points) if points == best])

    # -- CV-14: a set of games ---------------------------------------------------------------------

    def match_over(self, totals: Sequence[int], rounds_played: int) -> bool:
        """CV-14: one game, or as many as there are players in a set."""
        return not self.options.set_of_games or rounds_played >= self.player_count

    def _next_starter(self, previous: RoundOutcome) -> int:
        """CV-14: each game of a set is started by the player after the previous game's starter.

        So the first game's roll-off decides every game's starter.
        """
        ended = previous.state
        assert isinstance(ended, CoverallState), "the core hands over the state a game ended in"
        return (ended.starter + 1) % self.player_count

    # -- refusals and what seats see ---------------------------------------------------------------

    def explain_illegal(self, state: CoverallState, move: Move) -> IllegalMove:
        """Why a move is refused now, citing the clause that forbids it (see `refusals`)."""
        return explain(self._tray, self._lookups, state, move)

    def view_data(self, state: CoverallState, seat: int) -> dict[str, Any]:
        """Everything is open but the bag's contents: the tray, the rolled dice, reserves."""
        return {
            "phase": state.phase,
            "tray": tuple(state.faces),
            "tray_dice": tuple(state.dice),
            "kinds": tuple(state.kinds),
            "colours": tuple(state.colours),
            "open_half": state.open_region,
            "holder": state.holder,
            "hand": state.showing,
            "hand_dice": state.hand,
            "reserves": tuple(state.reserves),
            "bag": len(state.bag),
            "direction": state.seats.direction,
            "starter": state.starter,
            "points": tuple(state.points),
        }

    # -- resampling --------------------------------------------------------------------------------

    def resample(self, state: CoverallState, seat: int, rng: random.Random) -> None:
        """Put the bag in a new order: everything else is open (CV-1).

        The tray, the rolled dice and every reserve are in view, so the bag holds exactly the
        dice that are nowhere else and ``seat`` knows which, only not the order they come out
        in. The bag is shuffled with ``rng`` from an order ``seat`` could know (by die), so
        the determinized bag says nothing of the real one's order; every draw goes through
        chance, which a determinized game has fresh.
        """
        dice = sorted(state.bag, key=_die_id)
        shuffle(dice, rng)
        state.bag = Bag(dice)

    # -- the pieces --------------------------------------------------------------------------------

    def components(self, state: CoverallState | None = None) -> ComponentSet:
        """The dice set this game plays with."""
        return self.dice_set

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

    def hidden_pieces(self, state: CoverallState, seat: int) -> Iterable[Die]:
        """The dice in the bag: nobody knows which they are."""
        return tuple(state.bag)

    # -- Matches: whole matches in the native engine -----------------------------------------------

    def match_engine(self, players: int, agents: Sequence[str]) -> MatchEngine | None:
        """The native engine for matches between ``agents``, or ``None`` (see `native`).

        Only this class's own rules are played natively: a subclass may change them.
        """
        if type(self) is not Coverall:
            return None
        return native.engine_for(self.options, players, self._lookups, self._tray, agents)

    def native_game(self, seed: int, plugin: str) -> Any:
        """A game on the native engine (see `native_game`), for ``new_game(native=True)``.

        Raises:
            UnodiceError: A subclass of the variant (its rules may differ), or the engine is
                not built.
        """
        if type(self) is not Coverall:
            raise UnodiceError(
                f"native=True: {type(self).__name__} is a subclass of the coverall rules, "
                "which may change them; the native engine plays only the rules themselves"
            )
        return native_game.native_game(self, self._lookups, self._tray, seed, plugin)
