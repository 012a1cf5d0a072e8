"""The rules of Uno dominoes (clauses DO-1 to DO-11).

The engine stops only at decisions: a turn (lay a tile or draw), the tile just drawn (lay it or
keep it), a Wild Draw Four (challenge or accept), the double-Wild on a dead layout (lay it or
decline) and, beside any of these, catching a missed Uno; with ``catch_by`` set to
``"any-opponent"``, also the question to each other opponent, out of turn, whether to catch.
Everything else happens by itself: the deal, the opening, draws forced by D2 and WD4, skipped
turns, the draw of a player who cannot lay anything, passes on an empty boneyard, and the end
of the round.

What every Uno-family game does the same way (S, R and D2, the Wild Draw Four challenge, the
Uno call and the catch) is [`unodice.core.uno`][unodice.core.uno]'s; this class supplies what only
dominoes knows through the [`UnoRules`][unodice.core.uno.UnoRules] methods.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, ClassVar

from unodice.core import uno
from unodice.core._shuffling import shuffle
from unodice.core.capabilities import Inventory, MatchEngine, Matches, Resampling
from unodice.core.errors import IllegalMove, UnodiceError
from unodice.core.moves import Move, shared_event
from unodice.core.pieces import Bag, ComponentSet, Domino
from unodice.core.uno import CATCH, DRAW, KEEP, PASS, Draw, Penalty, PendingWildDrawFour, may_catch
from unodice.core.variant import RoundOutcome, Table, Variant, View

from . import native, native_game
from .events import DeadEnd, Dealt, Drew, Opened, Passed, Placed, RoundOver, TakenBack
from .kernel import PlayLookup, make_plays, plays_for
from .lookups import Lay, TileLookup, face_points, is_double_wild, lookups_for
from .moves import DominoesMove, Play, parse_move
from .options import DominoesOptions
from .pictures import DominoesPictures
from .positions import DominoesPositions
from .reference import DominoesReference
from .refusals import explain
from .spaces import DominoesSpaces
from .state import (
    CATCHING,
    CHALLENGE,
    DRAWN,
    OVER,
    RESCUE,
    SPINNER,
    TURN,
    DominoesState,
    Layout,
    Phase,
)
from .text import DominoesText

__all__ = ["MOVES_PER_POINT", "UnoDominoes"]

MOVES_PER_POINT = 10
"""Moves a record may hold per point of the target (random play takes about one a point)."""

_NOBODY: frozenset[int] = frozenset()


_tile_id: Callable[[Domino], int] = operator.attrgetter("id")
"""A piece's id: the key to sort pieces by, read in C (a Python function a piece cost more)."""


def _sorted_seats(seats: frozenset[int]) -> tuple[int, ...]:
    """The seats in order; the empty set, as nearly always, without sorting anything."""
    return tuple(sorted(seats)) if seats else ()


class UnoDominoes(
    Variant[DominoesState, DominoesMove],
    DominoesPositions,
    DominoesPictures,
    DominoesSpaces,
    Resampling[DominoesState],
    DominoesText,
    Inventory[DominoesState],
    DominoesReference,
    Matches,
):
    """Uno dominoes: match tiles by number, word or colour; only the touching end acts.

    Options are [`DominoesOptions`][unodice.variants.dominoes.options.DominoesOptions]. Beside
    the rules it has every capability: positions, pictures, spaces, resampling, text, an
    inventory, a plain reading of its rules and whole matches in the native engine, each from
    the module of that name (resampling, the inventory and the engine's choice are here).
    """

    name = "dominoes"
    title = "Uno dominoes"
    players = range(2, 7)
    summary = (
        "Lay Uno dominoes on a four-way spinner, matching number, word or colour; "
        "first to 500 wins."
    )
    version = "1.1"
    """1.1: a WD4 taken back is no pass (DO-10), and one taken back on an empty boneyard bars its
    player from the WD4 until a tile stays (DO-8)."""
    end_clause = "DO-11"
    component_option: ClassVar[str | None] = "tiles"
    Options = DominoesOptions
    options: DominoesOptions

    def __init__(
        self,
        options: DominoesOptions,
        players: int,
        component_sets: Mapping[str, ComponentSet] | None = None,
    ):
        super().__init__(options, players, component_sets)
        self._lookups: TileLookup = lookups_for(
            options.tiles, self.component_sets, players, options.hand_size
        )
        self._plays: PlayLookup = plays_for(self._lookups)
        self._landings = self._plays.landings
        self._doubles_spin = options.all_doubles_spin
        self._must_play = options.drawn_domino == "must-play"
        self._take_back = options.wild_draw_four_upheld == "take-back"
        self._any_opponent = options.catch_by == "any-opponent"

    # -- DO-1: the deal and the opening ----------------------------------------------------------

    def start_round(self, table: Table, previous: RoundOutcome | None) -> DominoesState:
        """Deal, open with the highest number double, and stop at the first decision (DO-1)."""
        state = DominoesState(
            self.player_count,
            Bag(self._lookups.components.tiles),
            Layout(self._lookups),
            self.options.two_player_reverse_skips,
        )
        state.totals = table.totals
        hand_size = self.options.hand_size
        for seat in range(self.player_count):
            state.hands[seat] = table.chance.draw_up_to(state.boneyard, hand_size)
        table.emit(shared_event(Dealt, hand_size, len(state.boneyard)))
        opener, double = self._find_opening_double(table, state)
        opening_hand = state.hands[opener]
        del opening_hand[self._index_in(opening_hand, double, None)]
        state.layout.open_spinner(opener, double, self._plays.opening(double))
        table.emit(Opened(opener, double))
        self._begin_turn(table, state, state.seats.next_seat(1, opener))
        return state

    def _find_opening_double(self, table: Table, state: DominoesState) -> tuple[int, Domino]:
        """The holder of the highest number double, or the first to draw one in turn."""
        numbers = self._lookups.opening_numbers
        best: tuple[int, Domino] | None = None
        highest = -1  # the first of the highest number doubles wins
        for seat, hand in enumerate(state.hands):
            for tile in hand:
                if numbers[tile.id] > highest:
                    best, highest = (seat, tile), numbers[tile.id]
        if best is not None:
            return best
        # The set holds a number double (checked when the game was made), and none was dealt,
        # so the boneyard holds one: this loop ends.
        seat = 0
        while True:
            tile = self._draw(table, state, seat, 1, "opening")[0]
            if numbers[tile.id] >= 0:
                return seat, tile
            seat = state.seats.next_seat(1, seat)

    # -- DO-2, DO-3: where a tile may be laid ----------------------------------------------------

    def _index_in(self, hand: Sequence[Domino], drawn: Domino | None, lay: Lay | None) -> int:
        """Where the tile to lay is in ``hand``: the drawn tile, or the first that fits ``lay``."""
        # Plain loops: this runs once per tile laid, and a generator costs more than the search.
        # (Tiles compare field by field, so hand.index() would cost more too.)
        if drawn is not None:
            if hand[-1] is drawn:  # where a draw puts it
                return len(hand) - 1
            for index, tile in enumerate(hand):
                if tile is drawn:
                    return index
        assert lay is not None
        holds = self._lookups.holders[lay.id]
        index = 0  # counted by hand: cheaper than enumerate() here
        for tile in hand:
            if holds[tile.id]:
                return index
            index += 1  # noqa: SIM113
        raise ValueError(f"no tile in the hand can be laid as {lay.touching}|{lay.far}")

    # -- DO-3 to DO-5: a turn --------------------------------------------------------------------

    def legal_moves(self, state: DominoesState) -> tuple[DominoesMove, ...]:
        """Every move the seat to act may make, in a stable order.

        A catch (when open) comes first, then plays in hand order, then the other choices.
        Checked against `reference_legal_moves` at every decision by
        `check_variant(reference=True)`.
        """
        seat = state.to_act
        if seat is None:
            return ()
        catch: tuple[DominoesMove, ...] = ()
        debtor = state.uno_debtor
        if debtor is not None and may_catch(debtor, seat, len(state.hands[debtor])):
            catch = (CATCH,)
        phase = state.phase
        hand = state.hands[seat]
        if phase == TURN:
            plays = state.plays
            if plays is None:
                plays = self._plays.plays_from(state, seat, hand, len(hand) == 2)
            if state.boneyard:
                return (*catch, *plays, DRAW)
            if catch and not plays:
                return (*catch, PASS)
            return (*catch, *plays)
        if phase == DRAWN:
            assert state.drawn is not None
            plays = state.plays
            if plays is None:
                plays = self._plays.plays_from(state, seat, (state.drawn,), len(hand) == 2)
            if self._must_play:  # "Play the drawn domino if possible" (DO-5)
                return tuple(plays)
            return (*plays, KEEP)
        if phase == CHALLENGE:
            return (*catch, uno.ACCEPT, uno.CHALLENGE)
        if phase == RESCUE:
            return (*catch, *self._rescue_plays(hand), uno.DECLINE)
        if phase == CATCHING:
            return (CATCH, uno.DECLINE)
        return ()

    def apply(self, table: Table, state: DominoesState, move: DominoesMove) -> None:
        """Carry out a legal move, then advance to the next decision or end the round."""
        seat = state.to_act
        assert seat is not None
        state.plays = None  # worked out again at the next decision
        if state.phase == CATCHING:
            self._answer_catch(table, state, seat, isinstance(move, uno.Catch))
            return
        debtor = state.uno_debtor
        state.uno_debtor = None  # the chance to catch ends with the first other move (DO-6)
        match move:
            case Play():  # the most common move first
                if move.end == SPINNER:
                    self._rescue(table, state, seat, move)
                else:
                    self._play(table, state, seat, move)
                if self._any_opponent:
                    # In a method of its own: read here, ``state.uno_debtor`` would still have,
                    # for the type checker, the type it was given above (None).
                    self._ask_catchers(state)
            case uno.Catch():
                assert debtor is not None
                self._catch(table, state, seat, debtor)
            case Draw():
                self._after_draw(table, state, seat, self._draw_one(table, state, seat, "draw"))
            case uno.Keep():
                state.drawn = None
                self._pass_on(table, state, seat)
            case uno.Pass():
                if not self._idle_pass(table, state, seat):
                    self._begin_turn(table, state, state.seats.next_seat(1, seat))
            case uno.Accept() | uno.Challenge():
                pending = state.pending
                assert pending is not None
                uno.answer_wild_draw_four(
                    self,
                    table,
                    state,
                    state.seats,
                    pending,
                    seat,
                    isinstance(move, uno.Challenge),
                    self.options.failed_challenge_penalty,
                    take_back=self._take_back,
                )
            case uno.Decline():
                self._offer_rescue(table, state)

    def _play(self, table: Table, state: DominoesState, seat: int, move: Play) -> None:
        """Lay a tile on an open end (DO-3), then resolve what it does (DO-4).

        Where the tile lands comes from what the move names (its two ends, the open end and
        the colour declared), through the set's shared
        [`landing`][unodice.variants.dominoes.kernel.PlayLookup.landing].
        """
        hand = state.hands[seat]
        try:
            landing = self._landings[move.text]
        except KeyError:  # a play on a line beyond the spinner's four
            landing = self._plays.landing(move)
        lay = landing.lay
        index = self._index_in(hand, state.drawn if state.phase == DRAWN else None, lay)
        tile = hand[index]
        state.drawn = None
        pending = None
        if lay.wild_touch and move.touching.symbol == "WD4" and len(hand) > 1:
            illegal = self._plays.holds_other_play(state.layout, hand, tile)
            pending = PendingWildDrawFour(seat, illegal, (tile, state.layout.snapshot()))
        del hand[index]
        spin = self._doubles_spin and self._lookups.doubles[tile.id]
        placement, placed = landing.laid(seat, tile)
        opened = state.layout.extend(landing, placement, spin)
        if opened:
            placed = Placed(seat, tile, lay.touching, lay.far, move.end, move.colour, opened)
        table.emit(placed)
        if (move.uno or len(hand) == 1) and uno.uno_missed(table, seat, move.uno, len(hand)):
            state.uno_debtor = seat
        if not hand:
            self._go_out(table, state, seat, move)
        elif pending is not None:
            state.pending = pending
            self._decide(state, state.seats.next_seat(1, seat), CHALLENGE)
        elif lay.acts:
            skip = uno.command_effect(self, table, state, state.seats, seat, lay.touching.symbol)
            self.play_on(table, state, seat, state.seats.next_seat(1 + skip, seat))
        else:
            self.play_on(table, state, seat, state.seats.next_seat(1, seat))

    def _draw(
        self, table: Table, state: DominoesState, seat: int, count: int, reason: str
    ) -> list[Domino]:
        """Draw up to ``count`` tiles into a hand (fewer when the boneyard runs short)."""
        tiles = table.chance.draw_up_to(state.boneyard, count)
        state.hands[seat].extend(tiles)
        table.emit(shared_event(Drew, seat, len(tiles), reason))
        return tiles

    @staticmethod
    def _draw_one(table: Table, state: DominoesState, seat: int, reason: str) -> Domino:
        """Draw one tile into a hand; the boneyard must hold one."""
        tile = table.chance.draw(state.boneyard)
        state.hands[seat].append(tile)
        table.emit(shared_event(Drew, seat, 1, reason))
        return tile

    def _after_draw(self, table: Table, state: DominoesState, seat: int, tile: Domino) -> None:
        """She may lay the tile she drew if it fits; otherwise the turn passes (DO-5)."""
        if not self._offer_drawn(state, seat, tile):
            self._pass_on(table, state, seat)

    def _offer_drawn(self, state: DominoesState, seat: int, tile: Domino) -> bool:
        """Let her decide on the tile she drew if it can be laid; return whether it can."""
        hand = state.hands[seat]
        plays = self._plays.plays_from(state, seat, (tile,), len(hand) == 2)
        if not plays:
            return False
        state.drawn = tile
        state.plays = plays  # what legal_moves will offer
        self._decide(state, seat, DRAWN)
        return True

    def _pass_on(self, table: Table, state: DominoesState, seat: int) -> None:
        """Her turn ends without a tile laid; the next seat's begins (DO-5)."""
        table.emit(shared_event(Passed, seat))
        self._begin_turn(table, state, state.seats.next_seat(1, seat))

    def _decide(self, state: DominoesState, seat: int, phase: Phase) -> None:
        """Stop at a decision of ``seat``."""
        state.phase = phase
        state.to_act = seat
        if state.uno_debtor == seat:
            state.uno_debtor = None  # nobody caught her before her own next decision

    def _begin_turn(self, table: Table, state: DominoesState, seat: int) -> None:
        """Start turns from ``seat`` until one needs a decision (DO-5, DO-10).

        A player who cannot lay anything draws by herself; one who can neither lay nor draw
        passes by herself. Each such turn hands on to the next seat.
        """
        while True:
            state.seats.current = seat
            if state.uno_debtor == seat:
                state.uno_debtor = None
            hand = state.hands[seat]
            plays = self._plays.plays_from(state, seat, hand, len(hand) == 2)
            if plays or (
                state.uno_debtor is not None
                and may_catch(state.uno_debtor, seat, len(state.hands[state.uno_debtor]))
            ):
                state.plays = plays  # what legal_moves will offer
                state.phase, state.to_act = TURN, seat  # _decide, inlined
                return
            if state.boneyard:
                tile = self._draw_one(table, state, seat, "no play")
                if self._offer_drawn(state, seat, tile):
                    return
                table.emit(shared_event(Passed, seat))
            elif self._idle_pass(table, state, seat):
                return
            seat = state.seats.next_seat(1, seat)

    # -- DO-4: what the touching end does --------------------------------------------------------

    def penalise(self, table: Table, state: DominoesState, seat: int, penalty: Penalty) -> int:
        """``seat`` draws the tiles of a D2, a WD4 or a missed Uno (what the boneyard holds).

        Part of [`UnoRules`][unodice.core.uno.UnoRules]; returns how many she drew.
        """
        return len(self._draw(table, state, seat, penalty.count, penalty.reason))

    def play_on(self, table: Table, state: DominoesState, seat: int, next_seat: int) -> None:
        """``seat``'s tile stays on the table: check for a dead layout, else play on (DO-9).

        It ends any run of passes (DO-10) and lifts every bar on laying a WD4 (DO-8). Part of
        [`UnoRules`][unodice.core.uno.UnoRules].
        """
        state.idle_turns = 0
        state.wild_draw_four_barred = _NOBODY
        if state.layout.all_closed:
            self._dead_end(table, state, seat)
        else:
            self._begin_turn(table, state, next_seat)

    # -- DO-6: Uno -------------------------------------------------------------------------------

    def _catch(self, table: Table, state: DominoesState, catcher: int, debtor: int) -> None:
        """The caught player draws two (DO-6); the catcher then makes her own move."""
        uno.catch(self, table, state, catcher, debtor)
        if state.phase == TURN:
            self._begin_turn(table, state, catcher)  # her only other move may now be forced

    def _ask_catchers(self, state: DominoesState) -> None:
        """Ask every other opponent, one decision each, before the next player (DO-6).

        Under ``catch_by="any-opponent"``, once the play that missed the call has led to the
        next player's first decision: the seats of
        [`catchers`][unodice.core.uno.catchers] before her are asked in turn (``catch`` or
        ``decline``), her decision waiting meanwhile. With two players there is nobody to ask.
        """
        actor, debtor = state.to_act, state.uno_debtor
        if (
            actor is None
            or debtor is None
            or not may_catch(debtor, actor, len(state.hands[debtor]))
        ):
            return
        asked = uno.catchers(state.seats, debtor, actor, True)
        if len(asked) == 1:
            return
        state.resume = state.phase
        state.catchers = asked[1:]
        state.phase, state.to_act = CATCHING, asked[0]
        state.plays = None  # worked out again when her decision begins

    def _answer_catch(self, table: Table, state: DominoesState, seat: int, caught: bool) -> None:
        """A seat asked out of turn catches or declines (DO-6, ``catch_by="any-opponent"``).

        A catch ends the question for all; a decline passes it on. After the last seat asked,
        the next player's decision begins as it would have without the question, with her
        own catch among her moves while the offender still holds one tile.
        """
        if not caught and len(state.catchers) > 1:
            state.to_act, state.catchers = state.catchers[0], state.catchers[1:]
            return
        actor, phase = state.catchers[-1], state.resume
        state.catchers, state.resume = (), TURN
        state.phase, state.to_act = phase, actor
        if not caught and phase == TURN:
            hand = state.hands[actor]
            state.plays = self._plays.plays_from(state, actor, hand, len(hand) == 2)
        if caught:
            debtor = state.uno_debtor
            assert debtor is not None
            state.uno_debtor = None
            uno.catch(self, table, state, seat, debtor)
            if phase == TURN:
                self._begin_turn(table, state, actor)  # her only move may now be forced

    # -- DO-7: going out and what hands are worth ------------------------------------------------

    def _go_out(self, table: Table, state: DominoesState, seat: int, move: Play) -> None:
        """She laid her last tile: a final D2 or WD4 still makes the next player draw (DO-7)."""
        uno.final_draw(self, table, state, state.seats, seat, move.touching.symbol)
        self._end_round(table, state, seat, "went out")

    def hand_points(self, hand: Iterable[Domino]) -> int:
        """What a hand left at the end of a round is worth: both ends of every tile (DO-7)."""
        points = self._lookups.points
        total = 0
        for tile in hand:
            total += points[tile.id]
        return total

    def _end_round(
        self, table: Table, state: DominoesState, winner: int | None, ending: str
    ) -> None:
        """Score the hands left for the winner (her own never counts) and end the round.

        The round ends when a player goes out (DO-7), on a dead end (DO-9) or blocked (DO-10).
        Checked against `reference_round_points` at every decision by
        `check_variant(reference=True)`.
        """
        hands = tuple(tuple(hand) for hand in state.hands)
        totals = tuple(self.hand_points(hand) for hand in hands)
        state.to_act = None
        state.phase = OVER
        state.drawn = None
        state.uno_debtor = None
        table.emit(RoundOver(winner, ending, totals))
        if winner is None:
            table.end_round(())
            return
        won = sum(total for seat, total in enumerate(totals) if seat != winner)
        context = {"hands": hands, "hand_points": totals, "ending": ending}
        table.score(winner, won, "round won", context)
        state.totals = table.totals
        table.end_round((winner,))

    # -- DO-8: the Wild Draw Four challenge ------------------------------------------------------

    def keep_wild_draw_four(
        self, table: Table, state: DominoesState, pending: PendingWildDrawFour
    ) -> None:
        """The Wild Draw Four stands: it is answered ([`UnoRules`][unodice.core.uno.UnoRules])."""
        state.pending = None

    def take_back(self, table: Table, state: DominoesState, pending: PendingWildDrawFour) -> None:
        """An illegal Wild Draw Four goes back to its player's hand; the layout is as it was.

        Part of [`UnoRules`][unodice.core.uno.UnoRules].
        """
        tile, before = pending.before
        state.layout.restore(before)
        state.hands[pending.seat].append(tile)
        state.revealed = state.revealed | {tile.id}  # every seat saw it go back (see resample)
        table.emit(TakenBack(pending.seat, tile))

    def after_take_back(
        self, table: Table, state: DominoesState, challenger: int, drew: int
    ) -> None:
        """The challenger plays her turn normally after the take-back (DO-8).

        A player who drew nothing for it (the boneyard was empty) may not lay a WD4 again until
        a tile stays on the table; and her turn was no pass, so the count of passes starts
        again (DO-10). Part of [`UnoRules`][unodice.core.uno.UnoRules].
        """
        pending = state.pending
        assert pending is not None
        state.pending = None
        if not drew:
            state.wild_draw_four_barred |= {pending.seat}
        state.idle_turns = 0
        self._begin_turn(table, state, challenger)

    # -- DO-9: the dead end ----------------------------------------------------------------------

    def _dead_end(self, table: Table, state: DominoesState, closer: int) -> None:
        """Every line is dead: offer the double-Wild in turn, from the next player."""
        table.emit(DeadEnd(closer))
        state.closer = closer
        order = (state.seats.next_seat(step, closer) for step in range(1, self.player_count + 1))
        state.rescuers = tuple(
            seat for seat in order if any(is_double_wild(tile) for tile in state.hands[seat])
        )
        self._offer_rescue(table, state)

    def _offer_rescue(self, table: Table, state: DominoesState) -> None:
        """Offer the double-Wild to the next holder, or end the round for the closer."""
        if state.rescuers:
            seat, state.rescuers = state.rescuers[0], state.rescuers[1:]
            self._decide(state, seat, RESCUE)
            return
        assert state.closer is not None
        self._end_round(table, state, state.closer, "dead end")

    def _rescue_plays(self, hand: Sequence[Domino]) -> tuple[Play, ...]:
        """Laying the double-Wild on the spinner of a dead layout, with each colour declared."""
        wild = next(tile for tile in hand if is_double_wild(tile))
        return make_plays(self._lookups.lays[wild.id][0], SPINNER, len(hand) == 2)

    def _rescue(self, table: Table, state: DominoesState, seat: int, move: Play) -> None:
        """Lay the double-Wild on the spinner, opening a new line; play goes on after her."""
        hand = state.hands[seat]
        tile = next(tile for tile in hand if is_double_wild(tile))
        hand.remove(tile)
        state.rescuers = ()
        line = state.layout.open_from_spinner(seat, tile, move.colour)
        table.emit(Placed(seat, tile, move.touching, move.far, SPINNER, move.colour, (line,)))
        if uno.uno_missed(table, seat, move.uno, len(hand)):
            state.uno_debtor = seat
        if not hand:
            self._end_round(table, state, seat, "went out")
        else:
            self.play_on(table, state, seat, state.seats.next_seat(1, seat))

    # -- DO-10: the blocked round ----------------------------------------------------------------

    def _idle_pass(self, table: Table, state: DominoesState, seat: int) -> bool:
        """Pass on an empty boneyard; return True when that blocks the round (DO-10)."""
        table.emit(shared_event(Passed, seat))
        return self._count_idle_turn(table, state)

    def _count_idle_turn(self, table: Table, state: DominoesState) -> bool:
        """Count a pass on an empty boneyard; True when the round is thereby blocked (DO-10).

        Only real passes count, and only on an empty boneyard: once every seat in a row has
        passed, nothing can change any more and the round ends. A tile that stays on the table,
        or a Wild Draw Four taken back after a challenge (DO-8), starts the count again.

        Why every round ends, with P seats and H tiles in the hands when the boneyard empties:
        from then on draws give nothing, so between two tiles that stay the hands and the layout
        do not change and each turn, in seat order, is a real pass (a seat with no play), a tile
        that stays, or a WD4 taken back. A take-back bars its player from the WD4 until a tile
        stays, yet she keeps the tile that made it illegal, so her next turn lays a tile that
        stays: after a tile stays, another does within 2P turns, unless nobody can lay, when P
        passes block the round. Each tile that stays shortens the hands by one and the round
        ends when a hand is empty, so at most H - P + 1 stay, and a round runs at most
        2P(H - P + 1) turns on an empty boneyard (H is at most the set's size less one).
        """
        if state.boneyard:
            return False
        state.idle_turns += 1
        if state.idle_turns < self.player_count:
            return False
        self._blocked(table, state)
        return True

    def _blocked(self, table: Table, state: DominoesState) -> None:
        """Nobody can lay anything: the lowest hand wins; a tie scores nothing (DO-10)."""
        totals = [self.hand_points(hand) for hand in state.hands]
        lowest = min(totals)
        holders = [seat for seat, total in enumerate(totals) if total == lowest]
        self._end_round(table, state, holders[0] if len(holders) == 1 else None, "blocked")

    # -- DO-11: the match ------------------------------------------------------------------------

    def match_over(self, totals: Sequence[int], rounds_played: int) -> bool:
        """The match ends when a player reaches the target (DO-11)."""
        return max(totals) >= self.options.target

    def move_limit(self) -> int:
        """Room for a match to the target (DO-11), and never less than the default.

        [`MOVES_PER_POINT`][unodice.variants.dominoes.rules.MOVES_PER_POINT] moves a point.
        """
        return max(super().move_limit(), self.options.target * MOVES_PER_POINT)

    # -- notation and refusals -------------------------------------------------------------------

    def parse_move(self, text: str) -> DominoesMove:
        """Read a move from its notation (see [`moves`][unodice.variants.dominoes.moves])."""
        return parse_move(text)

    def explain_illegal(self, state: DominoesState, move: Move) -> IllegalMove:
        """Why a move is not legal now, with the clause that forbids it."""
        return explain(self, self._lookups, state, move)

    # -- what seats see --------------------------------------------------------------------------

    def view_data(self, state: DominoesState, seat: int) -> dict[str, Any]:
        """What ``seat`` sees: her hand, the layout, every open end and the others' counts."""
        layout = state.layout
        pending = state.pending
        return {
            "hand": tuple(state.hands[seat]),
            "drawn": state.drawn if seat == state.to_act else None,
            "hand_sizes": tuple(map(len, state.hands)),
            "boneyard": len(state.boneyard),
            "layout": layout.placements,  # a tuple, shared (see Layout.placements)
            "ends": tuple(layout.ends),
            "phase": state.phase,
            "direction": state.seats.direction,
            "uno_debtor": state.uno_debtor,
            "wild_draw_four_by": pending.seat if pending is not None else None,
            "wild_draw_four_barred": _sorted_seats(state.wild_draw_four_barred),
            "catchers": state.catchers,
        }

    # -- resampling: what a seat has not seen, dealt afresh (Resampling) -------------------------

    def resample(self, state: DominoesState, seat: int, rng: random.Random) -> None:
        """Deal the tiles ``seat`` has not seen afresh: the other hands and the boneyard.

        The tiles of the other hands and of the boneyard are pooled, shuffled and dealt back,
        every hand and the boneyard keeping its size. A tile every seat saw go into a hand (a
        Wild Draw Four taken back, DO-8; see ``DominoesState.revealed``) stays in it. What the
        rules made public about the seat to act, when that is another seat, holds in the deal:

        * deciding on a tile she drew (DO-5), that tile can be laid: it is drawn from the
          pooled tiles that can, and is her drawn tile;
        * at her turn with nobody to catch, she holds a tile she can lay (else she would have
          drawn or passed by herself);
        * offered the double-Wild on a dead layout (DO-9), she holds one.

        While opponents are asked out of turn whether to catch (DO-6), the same holds of the
        next player, whose decision waits.

        Each is met by dealing again until it holds (after 1,000 deals, by giving her a random
        tile that meets it first), so the deal is drawn as the rules make it likely. What the
        rest of the history suggests (a seat that drew because it could not lay held no tile
        that fitted then) is not taken into account.

        What the state derived from the hands is worked out again: the illegality of a
        pending Wild Draw Four whose player is not ``seat`` (from her new hand and the layout
        it was laid on), the plays of another seat to act, and the seats still to be offered
        the double-Wild.
        """
        hands, revealed = state.hands, state.revealed
        pool: list[Domino] = list(state.boneyard)
        kept: list[list[Domino]] = []
        needed: list[int] = []
        for other, hand in enumerate(hands):
            if other == seat:
                kept.append(hand)
                needed.append(0)
                continue
            known = [tile for tile in hand if tile.id in revealed]
            pool.extend(tile for tile in hand if tile.id not in revealed)
            kept.append(known)
            needed.append(len(hand) - len(known))
        # In an order ``seat`` could know, so that the deal depends on what it has seen and on
        # ``rng`` alone, never on where the unseen tiles really are.
        pool.sort(key=_tile_id)
        # Asked out of turn to catch (DO-6), the seat whose decision waits is the one the
        # rules made something public about.
        decider, phase = state.to_act, state.phase
        if phase == CATCHING:
            decider, phase = state.catchers[-1], state.resume
        actor = decider
        if actor is None or actor == seat:
            actor = None  # nothing about the seat to act is hidden from ``seat``
        drawn: Domino | None = None
        if actor is not None and phase == DRAWN:
            leaves_one = len(hands[actor]) == 2
            plays_from = self._plays.plays_from
            fitting = [tile for tile in pool if plays_from(state, actor, (tile,), leaves_one)]
            drawn = fitting[rng.randrange(len(fitting))]
            pool.remove(drawn)
            needed[actor] -= 1
        test = self._dealt_test(state, actor, phase) if actor is not None else None
        new_hands = self._deal(pool, kept, needed, rng, actor, test)
        if drawn is not None:
            assert actor is not None
            new_hands[actor].append(drawn)  # where a draw puts it
            state.drawn = drawn
        state.hands = new_hands
        state.boneyard = Bag(pool)
        if actor is not None:
            state.plays = None  # worked out again by legal_moves
        pending = state.pending
        if pending is not None and pending.seat != seat:
            before = state.layout.copy()
            before.restore(pending.before[1])
            illegal = self._plays.holds_other_play(before, new_hands[pending.seat], None)
            state.pending = PendingWildDrawFour(pending.seat, illegal, pending.before)
        if phase == RESCUE and state.closer is not None and decider is not None:
            order = [
                state.seats.next_seat(step, state.closer)
                for step in range(1, self.player_count + 1)
            ]
            after = order[order.index(decider) + 1 :]
            state.rescuers = tuple(
                other for other in after if any(map(is_double_wild, new_hands[other]))
            )

    def _dealt_test(
        self, state: DominoesState, actor: int, phase: Phase
    ) -> Callable[[Sequence[Domino]], bool] | None:
        """What the hand of ``actor``, deciding in ``phase``, must meet, as the rules showed."""
        if phase == TURN:
            debtor = state.uno_debtor
            if debtor is not None and may_catch(debtor, actor, len(state.hands[debtor])):
                return None  # she may be stopped only to catch
            leaves_one = len(state.hands[actor]) == 2
            return lambda tiles: bool(self._plays.plays_from(state, actor, tiles, leaves_one))
        if phase == RESCUE:
            return lambda tiles: any(map(is_double_wild, tiles))
        return None

    @staticmethod
    def _deal(
        pool: list[Domino],
        kept: list[list[Domino]],
        needed: list[int],
        rng: random.Random,
        actor: int | None,
        test: Callable[[Sequence[Domino]], bool] | None,
    ) -> list[list[Domino]]:
        """Deal ``needed[k]`` pooled tiles to each hand on top of ``kept[k]``.

        ``pool`` keeps the rest. The hand of ``actor`` must meet ``test``: deal again until it
        does.
        """
        original = list(pool)
        for _ in range(1000):
            pool[:] = original
            shuffle(pool, rng)
            hands = [list(hand) for hand in kept]
            for other, count in enumerate(needed):
                if count:
                    hands[other].extend(pool[-count:])
                    del pool[-count:]
            if test is None or actor is None or test(hands[actor]):
                return hands
        # Hardly ever: give her a random tile that meets the test, then deal the rest.
        assert actor is not None and test is not None
        pool[:] = original
        meeting = [tile for tile in pool if test((tile,))]
        first = meeting[rng.randrange(len(meeting))]
        pool.remove(first)
        shuffle(pool, rng)
        hands = [list(hand) for hand in kept]
        hands[actor].append(first)
        needed = list(needed)
        needed[actor] -= 1
        for other, count in enumerate(needed):
            if count:
                hands[other].extend(pool[-count:])
                del pool[-count:]
        return hands

    # -- where every tile is (Inventory) ---------------------------------------------------------

    def hidden_pieces(self, state: DominoesState, seat: int) -> Iterable[Domino]:
        """The other players' hands and the boneyard."""
        hidden: list[Domino] = list(state.boneyard)
        for other, hand in enumerate(state.hands):
            if other != seat:
                hidden.extend(hand)
        return hidden

    def piece_locations(self, state: DominoesState) -> dict[str, Iterable[Domino]]:
        """Every tile of the set: on the layout, in the boneyard or in a hand."""
        places: dict[str, Iterable[Domino]] = {
            "layout": [placement.tile for placement in state.layout.placements],
            "boneyard": tuple(state.boneyard),
        }
        for seat, hand in enumerate(state.hands):
            places[f"hand {seat}"] = tuple(hand)
        return places

    def components(self, state: DominoesState | None = None) -> ComponentSet:
        """The tile set this game plays with."""
        return self._lookups.components

    # -- bots ------------------------------------------------------------------------------------

    def gain(self, view: View, move: DominoesMove) -> float:
        """A greedy bot's measure: the points a move sheds from the hand.

        A play sheds its tile's DO-7 value (half a point more when it calls Uno); a catch is
        worth the two tiles it makes another player draw (10); drawing costs a point; any
        other move is worth nothing.
        """
        if isinstance(move, Play):
            return face_points(move.touching) + face_points(move.far) + (0.5 if move.uno else 0.0)
        if isinstance(move, uno.Catch):
            return 10.0
        if isinstance(move, Draw):
            return -1.0
        return 0.0

    # -- Matches: whole matches in the native engine ---------------------------------------------

    def match_engine(self, players: int, agents: Sequence[str]) -> MatchEngine | None:
        """The native engine for matches between ``agents``, or ``None`` (see `native`).

        Only this class's own rules are played natively: a subclass may change them.
        """
        if type(self) is not UnoDominoes:
            return None
        return native.engine_for(self.options, players, self._lookups, agents)

    def native_game(self, seed: int, plugin: str) -> Any:
        """A game on the native engine (see `native_game`), for ``new_game(native=True)``.

        Raises:
            UnodiceError: A subclass of the variant (its rules may differ), or the engine is
                not built or cannot play the tile set.
        """
        if type(self) is not UnoDominoes:
            raise UnodiceError(
                f"native=True: {type(self).__name__} is a subclass of the dominoes rules, "
                "which may change them; the native engine plays only the rules themselves"
            )
        return native_game.native_game(self, self._lookups, seed, plugin)
