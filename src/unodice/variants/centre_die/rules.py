"""The centre-die game: the rules engine, its methods in the order of the clauses CD-1 to CD-11.

A turn runs through up to three steps (CD-3 to CD-5). Whatever is not a choice happens here
automatically — rolling, re-rolling a hand with nothing to play, drawing, the effects of the
command dice, skipped turns, scoring — and the engine stops at the next decision. What every
game of the Uno family does the same way (S, R and D2, the draw penalties, the Wild Draw Four's
challenge, the Uno call and the catch) is [`unodice.core.uno`][unodice.core.uno]'s; this class
supplies what it needs as a [`UnoRules`][unodice.core.uno.UnoRules].

The class inherits its optional capabilities: positions, pictures, spaces, text and the plain
reading of the rules from the modules of those names, and implements
[`Resampling`][unodice.core.capabilities.Resampling] and
[`Inventory`][unodice.core.capabilities.Inventory] itself.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, TypeVar

from unodice.core import uno
from unodice.core._shuffling import shuffle
from unodice.core.capabilities import Inventory, MatchEngine, Matches, Resampling
from unodice.core.errors import IllegalMove, UnodiceError
from unodice.core.moves import Event, Move, shared_event
from unodice.core.pieces import Bag, Colour, ComponentSet, Die, Face
from unodice.core.uno import (
    ACCEPT,
    CATCH,
    CHALLENGE,
    DECLINE,
    DRAW,
    KEEP,
    Accept,
    Catch,
    Challenge,
    Decline,
    Draw,
    Keep,
    Penalty,
    PendingWildDrawFour,
)
from unodice.core.variant import RoundOutcome, Table, Variant, View

from . import native, native_game, refusals
from .events import CentreRedrawn, Dealt, RoundBlocked, Starter
from .lookups import HAND_SIZE, NORMAL, WILD_DRAW_FOUR, CentreDieLookups, load_dice, lookups_for
from .moves import Bluff, CentreDieMove, Play, parse_move
from .options import CentreDieOptions
from .pictures import CentreDiePictures
from .positions import CentreDiePositions
from .reference import CentreDieReference
from .spaces import CentreDieSpaces
from .state import (
    ANSWERING_WD4,
    CATCHING,
    ROUND_OVER,
    STEP_ONE,
    STEP_THREE,
    STEP_TWO,
    CentreDieState,
    CoveredCentre,
)
from .text import CentreDieText

__all__ = ["MOVES_PER_POINT", "MOVES_PER_ROUND", "CentreDie"]

_Item = TypeVar("_Item")

GOING_OUT_GAIN = 1000.0
CATCH_GAIN = 500.0
GOOD_CHALLENGE_GAIN = 100.0
BAD_CHALLENGE_GAIN = -100.0
UNO_CALL_GAIN = 1.0
BLUFF_GAIN = -1.0

MOVES_PER_ROUND = 250
"""Moves a record may hold per round of a match of a set number of rounds (a round of random
play takes 50 moves with two players, 66 with six)."""
MOVES_PER_POINT = 10
"""Moves a record may hold per point of the target (random play takes 2 to 3 a point)."""


def _without(items: tuple[_Item, ...], index: int) -> tuple[_Item, ...]:
    """The tuple ``items`` without its item at ``index`` (a hand after a die is played)."""
    return items[:index] + items[index + 1 :]


_die_id: Callable[[Die], int] = operator.attrgetter("id")
"""A piece's id: the key to sort pieces by, read in C (a Python function a piece cost more)."""


class CentreDie(
    Variant[CentreDieState, CentreDieMove],
    CentreDiePositions,
    CentreDiePictures,
    CentreDieSpaces,
    Resampling[CentreDieState],
    CentreDieText,
    Inventory[CentreDieState],
    CentreDieReference,
    Matches,
):
    """The hand-and-centre-die Uno dice game (rules CD-1 to CD-11).

    Every player holds an open hand of rolled dice and plays dice that match the centre die;
    the first to play her last die wins the round and scores the dice left in the other hands.
    """

    name = "centre-die"
    title = "Uno Dice: hand and centre die"
    players = range(2, 7)
    summary = "Match the centre die from an open hand of rolled dice; empty your hand first."
    version = "1.0"
    end_clause = "CD-11"
    component_option: ClassVar[str | None] = "dice"
    Options = CentreDieOptions
    options: CentreDieOptions

    def __init__(
        self,
        options: CentreDieOptions,
        players: int,
        component_sets: Mapping[str, ComponentSet] | None = None,
    ):
        super().__init__(options, players, component_sets)
        self.dice_set = load_dice(options.dice, self.component_sets, players)
        self._lookups: CentreDieLookups = lookups_for(self.dice_set)
        # The parts of the lookups the hot path reads, one attribute away.
        self._faces = self._lookups.faces
        self._play_moves = self._lookups.plays
        self._bluff_moves = self._lookups.bluffs
        self._shared = self._lookups.shared
        # CD-4: whether a player who can play after the re-roll may draw all the same.
        self._draw_when_able = options.draw_after_reroll == "free"
        # CD-9: whether every opponent, not only the next player to act, may catch.
        self._any_opponent = options.catch_by == "any-opponent"

    # -- CD-1: setting up a round ------------------------------------------------------------------

    def start_round(self, table: Table, previous: RoundOutcome | None) -> CentreDieState:
        """Roll the centre die, deal and roll five dice per hand, and give the starter her turn.

        The first round's starter is seat 0; later rounds start with the last round's winner.
        """
        first = previous.winners[0] if previous is not None and previous.winners else 0
        state = CentreDieState(
            self.player_count,
            Bag(self.dice_set.dice),
            first,
            table.round,
            table.totals,
            self.options.two_player_reverse_skips,
        )
        table.emit(shared_event(Starter, first))
        self._roll_centre(table, state, first)
        for seat in state.seats.order_from(first):
            self._deal(table, state, seat)
        if not self._begin_turn(table, state, first):
            self._pass_turn(table, state, state.seats.advance())
        return state

    def _roll_centre(self, table: Table, state: CentreDieState, seat: int) -> None:
        """Draw a die that has a number face and roll it until it shows one (CD-1)."""
        chance = table.chance
        put_back: list[Die] = []
        die = chance.draw(state.bag)
        while die.id not in self._faces.numbered_dice:
            table.emit(self._shared.centre_redrawn(seat, die))
            put_back.append(die)
            die = chance.draw(state.bag)
        state.bag.put_all(put_back)
        face = chance.roll(die)
        code = self._faces.code(face)
        table.emit(self._shared.centre_rolled(seat, code))
        while not face.is_number:
            face = chance.roll(die)
            code = self._faces.code(face)
            table.emit(self._shared.centre_rolled(seat, code))
        self._set_centre(state, die, code, None)

    def _deal(self, table: Table, state: CentreDieState, seat: int) -> None:
        """Draw five dice for a hand and roll them (CD-1)."""
        dice = tuple(table.chance.draw_up_to(state.bag, HAND_SIZE))
        faces, codes = self._roll(table, dice)
        state.dice[seat] = dice
        state.codes[seat] = codes
        state.shown[seat] = faces
        table.emit(Dealt(seat, faces))

    def _roll(self, table: Table, dice: Sequence[Die]) -> tuple[tuple[Face, ...], tuple[int, ...]]:
        """Roll dice: the faces they show and their codes."""
        rolled = table.chance.roll_all(dice)
        return rolled, self._faces.codes(rolled)

    def _set_centre(
        self, state: CentreDieState, die: Die, code: int, colour: Colour | None
    ) -> None:
        """Make ``die``, showing face ``code`` (declared ``colour`` if wild), the centre die."""
        state.centre_die = die
        state.centre_code = code
        state.centre_colour = colour
        state.centre_key = self._faces.centre_key(code, colour)

    # -- CD-2 to CD-5: what may be played, and the steps of a turn ---------------------------------

    def legal_moves(self, state: CentreDieState) -> tuple[CentreDieMove, ...]:
        """Every move the player to act may make, in a stable order.

        A catch comes first when one is open, then the plays in the order of their faces,
        then ``decline``, ``draw`` or ``keep``; a player hit by a WD4 may challenge or accept.

        Checked against `reference.legal_moves` at every decision by
        `check_variant(reference=True)`.
        """
        phase = state.phase
        if phase == CATCHING:
            return (CATCH, DECLINE)
        if phase == ANSWERING_WD4:
            answers: tuple[CentreDieMove, ...] = (CHALLENGE, ACCEPT)
            return (CATCH, *answers) if state.catchable is not None else answers
        if phase == ROUND_OVER:
            return ()
        codes = state.codes[state.to_act]  # type: ignore[index]
        if phase == STEP_THREE:
            return (*self._drawn_die_plays(codes, state.centre_key), KEEP)
        plays = self._plays(codes, state.centre_key)
        if phase == STEP_TWO:
            # Step 2 stops only when something can be played (CD-4).
            return (*plays, DRAW) if self._draw_when_able else tuple(plays)
        if state.catchable is not None:
            return (CATCH, *plays, DECLINE)
        return (*plays, DECLINE)

    def _plays(self, codes: Sequence[int], key: int) -> list[CentreDieMove]:
        """Every play from a hand onto the centre key (CD-2, CD-7), one per distinct face.

        Checked against `reference.plays_from_hand` at every decision by
        `check_variant(reference=True)`.
        """
        faces = self._faces
        call = len(codes) == 2
        play_moves = self._play_moves
        moves: list[CentreDieMove] = []
        for code in sorted(faces.playable[key].intersection(codes)):
            if faces.kinds[code] == WILD_DRAW_FOUR and faces.any_match(codes, key):
                moves.extend(self._bluff_moves[call])
            else:
                moves.extend(play_moves[code][call])
        return moves

    def _drawn_die_plays(self, codes: Sequence[int], key: int) -> tuple[CentreDieMove, ...]:
        """The plays of the drawn die (the last of the hand), and of nothing else (CD-5).

        Checked against `reference.cd5_plays_of_the_drawn_die` at every decision by
        `check_variant(reference=True)`.
        """
        code = codes[-1]
        kind = self._faces.kinds[code]
        call = len(codes) == 2
        if kind == NORMAL:
            return self._play_moves[code][call] if self._faces.matches[key][code] else ()
        if kind == WILD_DRAW_FOUR and self._faces.any_match(codes[:-1], key):
            return self._bluff_moves[call]
        return self._play_moves[code][call]

    def apply(self, table: Table, state: CentreDieState, move: CentreDieMove) -> None:
        """Carry out a legal move, then advance to the next decision or the end of the round.

        Whatever the move, the chance to catch a missed Uno is gone afterwards (CD-9), but for
        an opponent's ``decline`` while others may still catch (``catch_by="any-opponent"``).
        """
        if state.phase == CATCHING:
            self._answer_catching(table, state, move)
            return
        catchable = state.catchable
        state.catchable = None
        # The cases run from the most frequent move to the rarest, as random play makes them.
        match move:
            case Play():
                self._play(table, state, move)
            case Decline():
                self._decline(table, state)
            case Draw():
                self._draw_one(table, state)
            case Bluff():
                self._play(table, state, move)
            case Keep():
                self._pass_turn(table, state, state.seats.advance())
            case Accept():
                self._answer(table, state, False)
            case Challenge():
                self._answer(table, state, True)
            case Catch():
                assert catchable is not None
                self._catch(table, state, catchable)

    def _play(self, table: Table, state: CentreDieState, move: Play | Bluff) -> None:
        """Play a die (CD-3): it becomes the centre die and takes effect (CD-6, CD-7)."""
        seat = state.to_act
        assert seat is not None
        faces = self._faces
        code = faces.code(move.face)
        codes = state.codes[seat]
        index = len(codes) - 1 if state.phase == STEP_THREE else codes.index(code)
        die = state.dice[seat][index]
        state.codes[seat] = codes = _without(codes, index)
        state.dice[seat] = _without(state.dice[seat], index)
        state.shown[seat] = _without(state.shown[seat], index)
        symbol = faces.symbols[code]
        wild_draw_four = faces.kinds[code] == WILD_DRAW_FOUR
        illegal = wild_draw_four and faces.any_match(codes, state.centre_key)
        covered: CoveredCentre = (
            state.centre_die,
            state.centre_code,
            state.centre_colour,  # type: ignore[assignment]
        )
        self._set_centre(state, die, code, move.colour)
        if not codes:
            state.bag.put(covered[0])
            self._go_out(table, state, seat, symbol)
            return
        if uno.uno_missed(table, seat, move.uno, len(codes)):
            state.uno_missed = seat
        if wild_draw_four:
            self._await_answer(state, PendingWildDrawFour(seat, illegal, covered))
            return
        state.bag.put(covered[0])
        # Most plays are of numbers and W, which act on nobody: they need not ask the family.
        skip = (
            uno.command_effect(self, table, state, state.seats, seat, symbol)
            if faces.commands[code]
            else 0
        )
        self._pass_turn(table, state, state.seats.advance(skip))

    def _decline(self, table: Table, state: CentreDieState) -> None:
        """Play nothing at step 1: on to step 2 (CD-4)."""
        seat = state.to_act
        assert seat is not None
        if not self._step_two(table, state, seat):
            self._pass_turn(table, state, state.seats.advance())

    def _draw_one(self, table: Table, state: CentreDieState) -> None:
        """Play nothing at step 2: on to step 3 (CD-5)."""
        seat = state.to_act
        assert seat is not None
        if not self._step_three(table, state, seat):
            self._pass_turn(table, state, state.seats.advance())

    def _pass_turn(self, table: Table, state: CentreDieState, seat: int) -> None:
        """Give the turn to ``seat``, or on from her to the next player with a decision."""
        idle_turns = 0
        while not self._begin_turn(table, state, seat):
            idle_turns += 1
            if idle_turns >= self.player_count and self._blocked(state):
                self._end_blocked_round(table, state)
                return
            seat = state.seats.advance()

    def _begin_turn(self, table: Table, state: CentreDieState, seat: int) -> bool:
        """Start ``seat``'s turn at step 1 (CD-3); False when it ended with no decision."""
        state.seats.current = seat
        state.phase = STEP_ONE
        state.to_act = seat
        if state.uno_missed is not None and self._open_catch_window(state, seat):
            return True
        if not self._faces.playable[state.centre_key].isdisjoint(state.codes[seat]):
            return True
        return self._step_two(table, state, seat)

    def _step_two(self, table: Table, state: CentreDieState, seat: int) -> bool:
        """Re-roll the whole hand (CD-4); False when the turn then ends with no decision."""
        rolled, codes = self._roll(table, state.dice[seat])
        event = self._shared.rerolled(seat, codes, rolled)
        state.codes[seat] = codes
        state.shown[seat] = event.faces
        table.emit(event)
        state.phase = STEP_TWO
        if self._faces.has_play(codes, state.centre_key):
            return True
        return self._step_three(table, state, seat)

    def _step_three(self, table: Table, state: CentreDieState, seat: int) -> bool:
        """Draw one die (CD-5); True when the player may play it."""
        if not self._draw(table, state, seat, 1, "turn"):
            return False
        if not self._drawn_die_plays(state.codes[seat], state.centre_key):
            return False
        state.phase = STEP_THREE
        return True

    # -- CD-6: R, S and D2, and the dice drawn by rule ---------------------------------------------

    def penalise(self, table: Table, state: CentreDieState, seat: int, penalty: Penalty) -> int:
        """``seat`` draws the penalty's dice, rolled into her hand (CD-6 to CD-9).

        Part of [`UnoRules`][unodice.core.uno.UnoRules]: with fewer dice in the bag she takes those
        there are. Returns how many she drew.
        """
        return self._draw(table, state, seat, penalty.count, penalty.reason)

    def _draw(self, table: Table, state: CentreDieState, seat: int, count: int, reason: str) -> int:
        """Draw up to ``count`` dice into a hand, rolling each; return how many were drawn."""
        dice = table.chance.draw_up_to(state.bag, count)
        rolled, codes = self._roll(table, dice)
        event = self._shared.drew(seat, codes, rolled, count, reason)
        state.dice[seat] += tuple(dice)
        state.codes[seat] += codes
        state.shown[seat] += event.faces
        table.emit(event)
        return len(dice)

    # -- CD-7, CD-8: the WD4 and its challenge -----------------------------------------------------

    # --8<-- [start:wild-draw-four]
    def _await_answer(self, state: CentreDieState, pending: PendingWildDrawFour) -> None:
        """A WD4 was played: the next player challenges or accepts it (CD-8)."""
        victim = state.seats.next_seat()
        state.pending = pending
        state.phase = ANSWERING_WD4
        state.to_act = victim
        if state.uno_missed is not None:
            self._open_catch_window(state, victim)

    def _answer(self, table: Table, state: CentreDieState, challenged: bool) -> None:
        """The hit player accepts the WD4 (CD-7) or challenges it (CD-8)."""
        assert state.pending is not None and state.to_act is not None
        uno.answer_wild_draw_four(
            self,
            table,
            state,
            state.seats,
            state.pending,
            state.to_act,
            challenged,
            self.options.failed_challenge_penalty,
        )

    def keep_wild_draw_four(
        self, table: Table, state: CentreDieState, pending: PendingWildDrawFour
    ) -> None:
        """The WD4 stands: the die it covered goes back into the bag, before the victim draws.

        Part of [`UnoRules`][unodice.core.uno.UnoRules] (CD-3, CD-7).
        """
        state.bag.put(pending.before[0])
        state.pending = None

    def take_back(self, table: Table, state: CentreDieState, pending: PendingWildDrawFour) -> None:
        """An illegal WD4 returns to its player's hand and the centre die reverts (CD-8).

        Part of [`UnoRules`][unodice.core.uno.UnoRules].
        """
        offender = pending.seat
        state.dice[offender] += (state.centre_die,)  # type: ignore[operator]
        state.codes[offender] += (state.centre_code,)
        state.shown[offender] += (self._faces.faces[state.centre_code],)
        die, code, colour = pending.before
        state.pending = None
        self._set_centre(state, die, code, colour)
        table.emit(self._shared.centre_reverted(code, colour))

    def after_take_back(
        self, table: Table, state: CentreDieState, challenger: int, drew: int
    ) -> None:
        """The challenger of an illegal WD4 takes her turn normally (CD-8).

        Part of [`UnoRules`][unodice.core.uno.UnoRules].
        """
        if not self._begin_turn(table, state, challenger):
            self._pass_turn(table, state, state.seats.advance())

    def play_on(self, table: Table, state: CentreDieState, seat: int, next_seat: int) -> None:
        """The WD4 of ``seat`` stands and its victim lost her turn: ``next_seat`` plays (CD-7).

        Part of [`UnoRules`][unodice.core.uno.UnoRules].
        """
        self._pass_turn(table, state, next_seat)

    # --8<-- [end:wild-draw-four]

    # -- CD-9: Uno and the catch -------------------------------------------------------------------

    def _open_catch_window(self, state: CentreDieState, seat: int) -> bool:
        """Let ``seat``, the next player to act, catch a missed Uno (CD-9); True if she may.

        The chance comes once: whether or not she may take it, it is gone afterwards.
        """
        offender = state.uno_missed
        state.uno_missed = None
        if offender is None or not uno.may_catch(offender, seat, len(state.codes[offender])):
            return False
        state.catchable = offender
        if self._any_opponent:
            asked = uno.catchers(state.seats, offender, seat, True)
            if len(asked) > 1:
                state.phase = CATCHING
                state.to_act = asked[0]
                state.catchers = asked[1:]
        return True

    def _answer_catching(self, table: Table, state: CentreDieState, move: CentreDieMove) -> None:
        """An opponent before the next player to act catches or declines (CD-9, any-opponent).

        A catch closes the chance for everyone; a ``decline`` passes the question on, and after
        the last opponent the next player to act begins as under ``catch_by="next"``.
        """
        offender = state.catchable
        assert offender is not None and state.to_act is not None and state.catchers
        queue = state.catchers
        if isinstance(move, Catch):
            state.catchable = None
            state.catchers = ()
            uno.catch(self, table, state, state.to_act, offender)
            self._resume_after_catching(table, state, queue[-1], None)
        elif len(queue) > 1:
            state.to_act = queue[0]
            state.catchers = queue[1:]
        else:
            state.catchers = ()
            self._resume_after_catching(table, state, queue[0], offender)

    def _resume_after_catching(
        self, table: Table, state: CentreDieState, actor: int, catchable: int | None
    ) -> None:
        """The next player to act begins: answering a WD4, or at step 1 of her turn (CD-9).

        ``catchable`` is the offender while she may still be caught (every opponent before
        declined), else ``None``.
        """
        state.to_act = actor
        state.catchable = catchable
        if state.pending is not None:
            state.phase = ANSWERING_WD4
            return
        state.phase = STEP_ONE
        if catchable is not None or self._faces.has_play(state.codes[actor], state.centre_key):
            return
        if not self._step_two(table, state, actor):
            self._pass_turn(table, state, state.seats.advance())

    def _catch(self, table: Table, state: CentreDieState, offender: int) -> None:
        """The caught player draws two; the catcher then goes on with her turn (CD-9)."""
        catcher = state.to_act
        assert catcher is not None
        uno.catch(self, table, state, catcher, offender)
        if state.phase != STEP_ONE or self._faces.has_play(state.codes[catcher], state.centre_key):
            return
        if not self._step_two(table, state, catcher):
            self._pass_turn(table, state, state.seats.advance())

    # -- CD-10: the end of a round -----------------------------------------------------------------

    def _go_out(self, table: Table, state: CentreDieState, seat: int, symbol: str) -> None:
        """The player played her last die: a final D2 or WD4 still hits, then she scores.

        Checked against `reference.round_points` at every round's end by
        `check_variant(reference=True)`.
        """
        uno.final_draw(self, table, state, state.seats, seat, symbol)
        values = tuple(sum(self._faces.values[code] for code in codes) for codes in state.codes)
        table.emit(self._shared.went_out(seat, values))
        state.phase = ROUND_OVER
        state.to_act = None
        state.catchable = state.uno_missed = None
        state.catchers = ()
        context = {
            "winner": seat,
            "hands": tuple(state.shown),
            "hand_values": values,
        }
        table.score(seat, sum(values), "round won", context)
        state.scores = table.totals
        table.end_round([seat])

    def _blocked(self, state: CentreDieState) -> bool:
        """Whether nobody can ever play again (possible only with unusual dice sets).

        That is so when the bag is empty and no face of any die in any hand could be put on
        the centre die.
        """
        if state.bag:
            return False
        playable, die_faces = self._faces.playable[state.centre_key], self._faces.die_faces
        return all(playable.isdisjoint(die_faces[die.id]) for dice in state.dice for die in dice)

    def _end_blocked_round(self, table: Table, state: CentreDieState) -> None:
        """End a blocked round with no winner and no points (CD-10)."""
        table.emit(RoundBlocked())
        state.phase = ROUND_OVER
        state.to_act = None
        state.catchable = state.uno_missed = None
        state.catchers = ()
        table.end_round([])

    # -- CD-11: the match --------------------------------------------------------------------------

    def match_over(self, totals: Sequence[int], rounds_played: int) -> bool:
        """Whether the match is over (CD-11).

        With the ``rounds`` option, after that many rounds; otherwise once a total reaches
        ``target``.
        """
        if self.options.rounds is not None:
            return rounds_played >= self.options.rounds
        return max(totals) >= self.options.target

    def move_limit(self) -> int:
        """Room for the match the options ask for (CD-11), and never less than the default.

        [`MOVES_PER_ROUND`][unodice.variants.centre_die.rules.MOVES_PER_ROUND] moves a
        round with the ``rounds`` option, else
        [`MOVES_PER_POINT`][unodice.variants.centre_die.rules.MOVES_PER_POINT] a point of
        the ``target``.
        """
        if self.options.rounds is not None:
            wanted = self.options.rounds * MOVES_PER_ROUND
        else:
            wanted = self.options.target * MOVES_PER_POINT
        return max(super().move_limit(), wanted)

    # -- notation and refusals ---------------------------------------------------------------------

    def parse_move(self, text: str) -> CentreDieMove:
        """Read a move from its notation (``play r5``, ``play W:g uno``, ``decline``, …)."""
        return parse_move(text)

    def explain_illegal(self, state: CentreDieState, move: Move) -> IllegalMove:
        """Why ``move`` is not legal now, citing the clause that forbids it."""
        return refusals.explain(
            self._faces,
            state,
            move,
            draw_when_able=self._draw_when_able,
            any_opponent=self._any_opponent,
        )

    # -- what seats see ----------------------------------------------------------------------------

    def view_data(self, state: CentreDieState, seat: int) -> dict[str, Any]:
        """Everything on the table: hands are open; only the bag's contents are hidden.

        Keys: ``centre`` (face), ``centre_colour`` (the colour it counts as), ``centre_die``
        (the die itself), ``covered`` (the die a WD4 awaiting an answer covers, with its face
        and colour, or ``None``), ``hands`` (per seat, the faces shown), ``hand_dice`` (per
        seat, the dice, in the same order), ``bag`` (how many dice it holds), ``direction``,
        ``turn`` (whose turn), ``phase`` (``"step 1"``, ``"step 2"``, ``"step 3"``,
        ``"challenge"``, ``"catching"`` or ``"round over"``), ``drawn`` (the drawn die's face
        in step 3), ``wd4_legal`` (whether the WD4 awaiting an answer kept to CD-7),
        ``catchable`` (whom the player to act may catch) and ``catchers`` (in phase
        ``"catching"``, the seats to be asked after the player to act, the next player to act
        last; else empty).
        """
        faces = self._faces.faces
        centre = faces[state.centre_code]
        phase = state.phase
        current = state.codes[state.seats.current]
        pending = state.pending
        covered = None
        if pending is not None:
            die, code, colour = pending.before
            covered = (die, faces[code], colour)
        return {
            "centre": centre,
            "centre_colour": centre.colour or state.centre_colour,
            "centre_die": state.centre_die,
            "covered": covered,
            "hands": tuple(state.shown),
            "hand_dice": tuple(state.dice),
            "bag": len(state.bag),
            "direction": state.seats.direction,
            "turn": state.seats.current,
            "phase": phase,
            "drawn": faces[current[-1]] if phase == STEP_THREE else None,
            "wd4_legal": not pending.illegal if pending is not None else None,
            "catchable": state.catchable,
            "catchers": state.catchers,
        }

    def event_for_seat(self, event: Event, seat: int) -> dict[str, Any] | None:
        """Every event as it is, but which die was drawn for the centre and put back (CD-1).

        That die goes back into the bag, whose dice no view shows, so a seat's record says
        that a die was put back and not which.
        """
        data = event.to_json()
        if isinstance(event, CentreRedrawn):
            data["die"] = None
        return data

    # -- for bots ----------------------------------------------------------------------------------

    def gain(self, view: View, move: CentreDieMove) -> float:
        """A cheap measure for greedy bots.

        A play gains the points of the die it sheds (a number its value, R/S/D2 20, W/WD4 50),
        1000 more when it empties the hand and 1 more for calling Uno; a bluff −1; a catch 500;
        a challenge +100 against a WD4 that broke CD-7 and −100 against a legal one; everything
        else 0.
        """
        kind = type(move)
        if kind is Play:
            assert isinstance(move, Play)
            going_out = len(view.data["hands"][view.seat]) == 1
            points = self._faces.values[self._faces.code_of[move.face]]
            return points + (GOING_OUT_GAIN if going_out else 0.0) + (UNO_CALL_GAIN * move.uno)
        if kind is Catch:
            return CATCH_GAIN
        if kind is Challenge:
            return BAD_CHALLENGE_GAIN if view.data["wd4_legal"] else GOOD_CHALLENGE_GAIN
        if kind is Bluff:
            return BLUFF_GAIN
        return 0.0

    # -- Resampling: the bag in a new order --------------------------------------------------------

    def resample(self, state: CentreDieState, seat: int, rng: random.Random) -> None:
        """Put the bag in a new order: hands are open, and only what the bag holds is hidden (CD-1).

        The bag holds every die that is in no hand and not in the centre (nor under a WD4
        waiting for its answer), so ``seat`` knows which dice it holds, only not the order
        they come out in. The bag is shuffled with ``rng`` from an order ``seat`` could know
        (by die), so the determinized bag says nothing of the real one's order: not even
        which die, drawn for the centre and put back (CD-1), went in last. Every draw goes
        through chance, which a determinized game has fresh. The dice in the hands are kept
        as they are: the hands are open (only their faces are in the views, but the dice lie
        on the table for all to see).
        """
        dice = sorted(state.bag, key=_die_id)
        shuffle(dice, rng)
        state.bag = Bag(dice)

    # -- Inventory: where every die is -------------------------------------------------------------

    def components(self, state: Any = None) -> ComponentSet:
        """The dice set this game plays with."""
        return self.dice_set

    def piece_locations(self, state: CentreDieState) -> dict[str, tuple[Die, ...]]:
        """The centre (with a die a WD4 covers), the bag and each hand."""
        centre: tuple[Die, ...] = (state.centre_die,) if state.centre_die is not None else ()
        if state.pending is not None:
            centre += (state.pending.before[0],)
        places: dict[str, tuple[Die, ...]] = {"centre": centre, "bag": tuple(state.bag)}
        for seat, dice in enumerate(state.dice):
            places[f"hand {seat}"] = tuple(dice)
        return places

    def hidden_pieces(self, state: CentreDieState, seat: int) -> tuple[Die, ...]:
        """The dice in the bag (every hand is open)."""
        return tuple(state.bag)

    # -- Matches: whole matches in the native engine -----------------------------------------------

    def match_engine(self, players: int, agents: Sequence[str]) -> MatchEngine | None:
        """The native engine for matches between ``agents``, or ``None`` (see `native`).

        Only this class's own rules are played natively: a subclass may change them.
        """
        if type(self) is not CentreDie:
            return None
        return native.engine_for(self.options, players, self.dice_set, agents)

    def native_game(self, seed: int, plugin: str) -> Any:
        """A game on the native engine (see `native_game`), for ``new_game(native=True)``.

        Raises:
            UnodiceError: A subclass of the variant (its rules may differ), or the engine is
                not built.
        """
        if type(self) is not CentreDie:
            raise UnodiceError(
                f"native=True: {type(self).__name__} is a subclass of the centre-die rules, "
                "which may change them; the native engine plays only the rules themselves"
            )
        return native_game.native_game(self, self._lookups, seed, plugin)
