"""The centre-die game: the rules engine.

A turn runs through up to three steps (CD-3 to CD-5). Whatever is not a choice happens here
automatically — rolling, re-rolling a hand with nothing to play, drawing, the effects of the
command dice, skipped turns, scoring — and the engine stops at the next decision.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from unodice.errors import ComponentError, IllegalMove, InvalidOptions
from unodice.moves import Event, Move, shared_event
from unodice.pieces import (
    Bag,
    Colour,
    ComponentSet,
    Die,
    Face,
    builtin_component_sets,
    load_components,
)
from unodice.tables import SealedTable, TablesPerSet
from unodice.variant import Reference, RoundOutcome, Table, Variant, View

from . import reference as reference_module
from .events import (
    CentreRedrawn,
    Challenged,
    Dealt,
    Reversed,
    RoundBlocked,
    Skipped,
    Starter,
    UnoCaught,
)
from .faces import NORMAL, WILD_DRAW_FOUR, FaceTable
from .moves import (
    ACCEPT,
    CATCH,
    CHALLENGE,
    DECLINE,
    DRAW,
    KEEP,
    Accept,
    Bluff,
    Catch,
    CentreDieMove,
    Challenge,
    Decline,
    DrawOne,
    Keep,
    Play,
    parse_move,
)
from .options import CentreDieOptions
from .refusals import explain_refusal
from .shared import SharedEvents
from .state import (
    ANSWERING_WD4,
    PHASE_NAMES,
    ROUND_OVER,
    STEP_ONE,
    STEP_THREE,
    STEP_TWO,
    CentreDieState,
)
from .text import describe_event, render_state

__all__ = ["HAND_SIZE", "MOVES_PER_POINT", "MOVES_PER_ROUND", "CentreDie"]

HAND_SIZE = 5
"""Dice in a hand at the start of a round (CD-1)."""

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


def _brief(name: str) -> str:
    """A set name quoted for a message, cut short when it is very long."""
    return repr(name if len(name) <= 60 else name[:57] + "...")


def _load_dice(name: str, extra: Mapping[str, ComponentSet], players: int) -> ComponentSet:
    """The dice set the ``dice`` option names, checked to be able to play a round."""
    try:
        dice_set = load_components(name, extra)
    except ComponentError:
        available = ", ".join(sorted({*builtin_component_sets(), *extra}))
        raise InvalidOptions(
            f"option 'dice' of centre-die: no component set named {_brief(name)}; "
            f"available: {available}"
        ) from None
    name = _brief(name)
    if not dice_set.dice:
        raise InvalidOptions(
            f"option 'dice' of centre-die: {name} is a set of dominoes, not dice"
        )
    needed = 1 + HAND_SIZE * players
    if len(dice_set.dice) < needed:
        raise InvalidOptions(
            f"option 'dice' of centre-die: {name} has {len(dice_set.dice)} dice; "
            f"{players} players need at least {needed} (a centre die and five per hand)"
        )
    if not any(face.is_number for die in dice_set.dice for face in die.faces):
        raise InvalidOptions(
            f"option 'dice' of centre-die: {name} has no number face for the centre die (CD-1)"
        )
    return dice_set


class _Tables(SealedTable):
    """What a game precomputes from its dice set: face table, play moves and shared events.

    ``plays[code][uno]`` are the plays of a die showing face ``code``: one per declared colour
    for a wild die, and with ``uno`` true each also in the form that calls Uno.
    ``bluffs[uno]`` likewise for a bluffed WD4. ``shared`` hands out the events that the
    set's games share.
    """

    def __init__(self, dice_set: ComponentSet):
        self.dice_set = dice_set
        self.faces = FaceTable(dice_set.dice)
        self.shared = SharedEvents(self.faces)
        self.plays = tuple(
            (self._plays_of(face, False), self._plays_of(face, True)) for face in self.faces.faces
        )
        self.bluffs = (self._bluffs(False), self._bluffs(True))
        self.seal()

    @staticmethod
    def _plays_of(face: Face, uno_possible: bool) -> tuple[Play, ...]:
        colours: Sequence[Colour | None] = tuple(Colour) if face.is_wild else (None,)
        calls = (False, True) if uno_possible else (False,)
        return tuple(Play(face, colour, uno) for colour in colours for uno in calls)

    @staticmethod
    def _bluffs(uno_possible: bool) -> tuple[Bluff, ...]:
        calls = (False, True) if uno_possible else (False,)
        return tuple(Bluff(colour, uno) for colour in Colour for uno in calls)


_tables_for: TablesPerSet[_Tables] = TablesPerSet(_Tables)
"""The tables of a dice set, built once per set and shared by every game that uses it."""


class CentreDie(Variant[CentreDieState, CentreDieMove]):
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
    reference: ClassVar[Reference | None] = reference_module
    Options = CentreDieOptions
    options: CentreDieOptions

    def __init__(
        self,
        options: CentreDieOptions,
        players: int,
        component_sets: Mapping[str, ComponentSet] | None = None,
    ):
        super().__init__(options, players, component_sets)
        self.dice_set = _load_dice(options.dice, self.component_sets, players)
        tables = _tables_for(self.dice_set)
        self.faces = tables.faces
        self._play_moves = tables.plays
        self._bluff_moves = tables.bluffs
        self._shared = tables.shared

    # -- the match (CD-11) -------------------------------------------------------------------

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

        [`MOVES_PER_ROUND`][unodice.builtin.centre_die.variant.MOVES_PER_ROUND] moves a
        round with the ``rounds`` option, else
        [`MOVES_PER_POINT`][unodice.builtin.centre_die.variant.MOVES_PER_POINT] a point of
        the ``target``.
        """
        if self.options.rounds is not None:
            wanted = self.options.rounds * MOVES_PER_ROUND
        else:
            wanted = self.options.target * MOVES_PER_POINT
        return max(super().move_limit(), wanted)

    def components(self, state: Any = None) -> ComponentSet:
        """The dice set this game plays with."""
        return self.dice_set

    # -- setting up a round (CD-1) -----------------------------------------------------------

    def start_round(self, table: Table, previous: RoundOutcome | None) -> CentreDieState:
        """Roll the centre die, deal and roll five dice per hand, and give the starter her turn.

        The first round's starter is seat 0; later rounds start with the last round's winner.
        """
        first = previous.winners[0] if previous is not None and previous.winners else 0
        state = CentreDieState(
            self.player_count, Bag(self.dice_set.dice), first, table.round, table.totals
        )
        table.emit(shared_event(Starter, first))
        self._roll_centre(table, state, first)
        for seat in state.seats.order_from(first):
            self._deal(table, state, seat)
        if not self._begin_turn(table, state, first):
            self._pass_turn(table, state)
        return state

    def _roll_centre(self, table: Table, state: CentreDieState, seat: int) -> None:
        """Draw a die that has a number face and roll it until it shows one (CD-1)."""
        chance = table.chance
        put_back: list[Die] = []
        die = chance.draw(state.bag)
        while die.id not in self.faces.numbered_dice:
            table.emit(self._shared.centre_redrawn(seat, die))
            put_back.append(die)
            die = chance.draw(state.bag)
        state.bag.put_all(put_back)
        face = chance.roll(die)
        code = self.faces.code(face)
        table.emit(self._shared.centre_rolled(seat, code))
        while not face.is_number:
            face = chance.roll(die)
            code = self.faces.code(face)
            table.emit(self._shared.centre_rolled(seat, code))
        self._set_centre(state, die, code, None)

    def _deal(self, table: Table, state: CentreDieState, seat: int) -> None:
        """Draw five dice for a hand and roll them (CD-1)."""
        dice = table.chance.draw_up_to(state.bag, HAND_SIZE)
        rolled, codes = self._roll(table, dice)
        faces = tuple(rolled)
        state.dice[seat] = dice
        state.codes[seat] = codes
        state.shown[seat] = faces
        table.emit(Dealt(seat, faces))

    # -- legal moves -------------------------------------------------------------------------

    def legal_moves(self, state: CentreDieState) -> tuple[CentreDieMove, ...]:
        """Every move the player to act may make, in a stable order.

        A catch comes first when one is open, then the plays in the order of their faces,
        then ``decline``, ``draw`` or ``keep``; a player hit by a WD4 may challenge or accept.

        Checked against `reference.legal_moves` at every decision by
        `check_variant(reference=True)`.
        """
        phase = state.phase
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
            return (*plays, DRAW)
        if state.catchable is not None:
            return (CATCH, *plays, DECLINE)
        return (*plays, DECLINE)

    def _plays(self, codes: list[int], key: int) -> list[CentreDieMove]:
        """Every play from a hand onto the centre key (CD-2, CD-7), one per distinct face."""
        faces = self.faces
        uno = len(codes) == 2
        play_moves = self._play_moves
        moves: list[CentreDieMove] = []
        for code in sorted(faces.playable[key].intersection(codes)):
            if faces.kinds[code] == WILD_DRAW_FOUR and faces.any_match(codes, key):
                moves.extend(self._bluff_moves[uno])
            else:
                moves.extend(play_moves[code][uno])
        return moves

    def _drawn_die_plays(self, codes: list[int], key: int) -> tuple[CentreDieMove, ...]:
        """The plays of the drawn die (the last of the hand), and of nothing else (CD-5)."""
        code = codes[-1]
        kind = self.faces.kinds[code]
        uno = len(codes) == 2
        if kind == NORMAL:
            return self._play_moves[code][uno] if self.faces.matches[key][code] else ()
        if kind == WILD_DRAW_FOUR and self.faces.any_match(codes[:-1], key):
            return self._bluff_moves[uno]
        return self._play_moves[code][uno]

    def _has_play(self, codes: list[int], key: int) -> bool:
        """Whether a hand holds any die it may play (a WD4 always may, if only as a bluff)."""
        return not self.faces.playable[key].isdisjoint(codes)

    # -- carrying out a move -----------------------------------------------------------------

    def apply(self, table: Table, state: CentreDieState, move: CentreDieMove) -> None:
        """Carry out a legal move, then advance to the next decision or the end of the round."""
        if type(move) is Catch:
            self._apply_catch(table, state)
            return
        state.catchable = None
        _HANDLERS[type(move)](self, table, state, move)

    def _apply_play(self, table: Table, state: CentreDieState, move: Play | Bluff) -> None:
        """Play a die (CD-3): it becomes the centre die and takes effect (CD-6, CD-7)."""
        seat = state.to_act
        assert seat is not None
        codes, dice = state.codes[seat], state.dice[seat]
        code = self.faces.code(move.face)
        index = len(codes) - 1 if state.phase == STEP_THREE else codes.index(code)
        del codes[index]
        die = dice.pop(index)
        state.shown[seat] = None
        symbol = self.faces.symbols[code]
        wd4_legal = symbol != "WD4" or not self.faces.any_match(codes, state.centre_key)
        covered = (state.centre_die, state.centre_code, state.centre_colour)
        self._set_centre(state, die, code, move.colour)
        if not codes:
            state.bag.put(covered[0])  # type: ignore[arg-type]
            self._go_out(table, state, seat, symbol)
            return
        if len(codes) == 1 and not move.uno:
            state.uno_missed = seat
        if symbol == "WD4":
            self._await_answer(state, covered, wd4_legal)
            return
        state.bag.put(covered[0])  # type: ignore[arg-type]
        self._pass_turn(table, state, self._command_effect(table, state, symbol))

    def _command_effect(self, table: Table, state: CentreDieState, symbol: str) -> int:
        """Carry out R, S or D2 (CD-6); return how many seats the turn skips."""
        if symbol == "S":
            table.emit(shared_event(Skipped, state.seats.next_seat(), "S"))
            return 1
        if symbol == "D2":
            victim = state.seats.next_seat()
            self._draw(table, state, victim, 2, "draw two")
            table.emit(shared_event(Skipped, victim, "D2"))
            return 1
        if symbol == "R":
            if self.player_count == 2 and self.options.two_player_reverse_skips:
                table.emit(shared_event(Skipped, state.seats.next_seat(), "R"))
                return 1
            state.seats.reverse()
            table.emit(shared_event(Reversed, state.seats.direction))
        return 0

    def _await_answer(self, state: CentreDieState, covered: Any, wd4_legal: bool) -> None:
        """A WD4 was played: the next player challenges or accepts it (CD-8)."""
        victim = state.seats.next_seat()
        state.covered = covered
        state.wd4_legal = wd4_legal
        state.phase = ANSWERING_WD4
        state.to_act = victim
        if state.uno_missed is not None:
            self._open_catch_window(state, victim)

    def _apply_accept(self, table: Table, state: CentreDieState, move: Accept) -> None:
        """The hit player draws four and loses her turn (CD-7)."""
        self._suffer_wd4(table, state, 4, "wild draw four")

    def _apply_challenge(self, table: Table, state: CentreDieState, move: Challenge) -> None:
        """Settle a challenge (CD-8): the offender or the challenger pays."""
        challenger = state.to_act
        offender = state.seats.current
        assert challenger is not None
        table.emit(shared_event(Challenged, challenger, offender, not state.wd4_legal))
        if state.wd4_legal:
            penalty = 4 + self.options.failed_challenge_penalty
            self._suffer_wd4(table, state, penalty, "failed challenge")
            return
        self._take_back_wd4(table, state, offender)
        seat = state.seats.advance()
        if not self._begin_turn(table, state, seat):
            self._pass_turn(table, state)

    def _suffer_wd4(self, table: Table, state: CentreDieState, count: int, reason: str) -> None:
        """The WD4 stands: the covered die goes back, the hit player draws and is skipped."""
        victim = state.to_act
        assert victim is not None and state.covered is not None
        state.bag.put(state.covered[0])
        state.covered = None
        self._draw(table, state, victim, count, reason)
        table.emit(shared_event(Skipped, victim, "WD4"))
        self._pass_turn(table, state, 1)

    def _take_back_wd4(self, table: Table, state: CentreDieState, offender: int) -> None:
        """An illegal WD4 returns to its player, who draws four; the centre reverts (CD-8)."""
        assert state.covered is not None and state.centre_die is not None
        state.dice[offender].append(state.centre_die)
        state.codes[offender].append(state.centre_code)
        state.shown[offender] = None
        self._draw(table, state, offender, 4, "illegal wild draw four")
        die, code, colour = state.covered
        state.covered = None
        self._set_centre(state, die, code, colour)
        table.emit(self._shared.centre_reverted(code, colour))

    def _apply_decline(self, table: Table, state: CentreDieState, move: Decline) -> None:
        """Play nothing at step 1: on to step 2 (CD-4)."""
        seat = state.to_act
        assert seat is not None
        if not self._step_two(table, state, seat):
            self._pass_turn(table, state)

    def _apply_draw(self, table: Table, state: CentreDieState, move: DrawOne) -> None:
        """Play nothing at step 2: on to step 3 (CD-5)."""
        seat = state.to_act
        assert seat is not None
        if not self._step_three(table, state, seat):
            self._pass_turn(table, state)

    def _apply_keep(self, table: Table, state: CentreDieState, move: Keep) -> None:
        """Keep the drawn die: the turn ends (CD-5)."""
        self._pass_turn(table, state)

    def _apply_catch(self, table: Table, state: CentreDieState) -> None:
        """The caught player draws two; the catcher then goes on with her turn (CD-9)."""
        catcher, offender = state.to_act, state.catchable
        assert catcher is not None and offender is not None
        state.catchable = None
        table.emit(shared_event(UnoCaught, catcher, offender))
        self._draw(table, state, offender, 2, "missed uno")
        if state.phase != STEP_ONE or self._has_play(state.codes[catcher], state.centre_key):
            return
        if not self._step_two(table, state, catcher):
            self._pass_turn(table, state)

    # -- the steps of a turn (CD-3 to CD-5) --------------------------------------------------

    def _pass_turn(self, table: Table, state: CentreDieState, skip: int = 0) -> None:
        """Give the turn to the next player who has a decision to make."""
        seat = state.seats.advance(skip)
        idle_turns = 0
        while not self._begin_turn(table, state, seat):
            idle_turns += 1
            if idle_turns >= self.player_count and self._blocked(state):
                self._end_blocked_round(table, state)
                return
            seat = state.seats.advance()

    def _blocked(self, state: CentreDieState) -> bool:
        """Whether nobody can ever play again (possible only with unusual dice sets).

        That is so when the bag is empty and no face of any die in any hand could be put on
        the centre die.
        """
        if state.bag:
            return False
        playable, die_faces = self.faces.playable[state.centre_key], self.faces.die_faces
        return all(playable.isdisjoint(die_faces[die.id]) for dice in state.dice for die in dice)

    def _end_blocked_round(self, table: Table, state: CentreDieState) -> None:
        """End a blocked round with no winner and no points (CD-10)."""
        table.emit(RoundBlocked())
        state.phase = ROUND_OVER
        state.to_act = None
        state.catchable = state.uno_missed = None
        table.end_round([])

    def _begin_turn(self, table: Table, state: CentreDieState, seat: int) -> bool:
        """Start ``seat``'s turn at step 1 (CD-3); False when it ended with no decision."""
        state.seats.current = seat
        state.phase = STEP_ONE
        state.to_act = seat
        if state.uno_missed is not None and self._open_catch_window(state, seat):
            return True
        if not self.faces.playable[state.centre_key].isdisjoint(state.codes[seat]):
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
        if self._has_play(codes, state.centre_key):
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

    def _open_catch_window(self, state: CentreDieState, seat: int) -> bool:
        """Let ``seat``, the next player to act, catch a missed Uno (CD-9); True if she may.

        The chance comes once: whether or not she may take it, it is gone afterwards.
        """
        offender = state.uno_missed
        state.uno_missed = None
        if offender is None or offender == seat or len(state.codes[offender]) != 1:
            return False
        state.catchable = offender
        return True

    # -- pieces ------------------------------------------------------------------------------

    def _draw(self, table: Table, state: CentreDieState, seat: int, count: int,
              reason: str) -> int:
        """Draw up to ``count`` dice into a hand, rolling each; return how many were drawn."""
        dice = table.chance.draw_up_to(state.bag, count)
        rolled, codes = self._roll(table, dice)
        state.dice[seat].extend(dice)
        state.codes[seat].extend(codes)
        state.shown[seat] = None
        table.emit(self._shared.drew(seat, codes, rolled, count, reason))
        return len(dice)

    def _roll(self, table: Table, dice: Sequence[Die]) -> tuple[list[Face], list[int]]:
        """Roll dice: the faces they show and their codes."""
        roll = table.chance.roll
        rolled = [roll(die) for die in dice]
        return rolled, self.faces.codes(rolled)

    def _set_centre(self, state: CentreDieState, die: Die, code: int,
                    colour: Colour | None) -> None:
        state.centre_die = die
        state.centre_code = code
        state.centre_colour = colour
        state.centre_key = self.faces.centre_key(code, colour)

    def _hands(self, state: CentreDieState) -> tuple[tuple[Face, ...], ...]:
        """The faces every hand shows, rebuilt only for the hands that changed."""
        shown = state.shown
        if None in shown:
            faces = self.faces.faces
            for seat, codes in enumerate(state.codes):
                if shown[seat] is None:
                    shown[seat] = tuple([faces[code] for code in codes])
        return tuple(shown)  # type: ignore[arg-type]

    # -- the end of a round (CD-10) ----------------------------------------------------------

    def _go_out(self, table: Table, state: CentreDieState, seat: int, symbol: str) -> None:
        """The player played her last die: a final D2 or WD4 still hits, then she scores.

        Checked against `reference.round_points` at every round's end by
        `check_variant(reference=True)`.
        """
        if symbol in ("D2", "WD4"):
            victim = state.seats.next_seat()
            count = 2 if symbol == "D2" else 4
            self._draw(table, state, victim, count, "draw two" if count == 2 else "wild draw four")
        values = tuple(sum(self.faces.values[code] for code in codes) for codes in state.codes)
        table.emit(self._shared.went_out(seat, values))
        state.phase = ROUND_OVER
        state.to_act = None
        state.catchable = state.uno_missed = None
        context = {
            "winner": seat,
            "hands": self._hands(state),
            "hand_values": values,
        }
        table.score(seat, sum(values), "round won", context)
        state.scores = table.totals
        table.end_round([seat])

    # -- notation and refusals ---------------------------------------------------------------

    def parse_move(self, text: str) -> CentreDieMove:
        """Read a move from its notation (``play r5``, ``play W:g uno``, ``decline``, …)."""
        return parse_move(text)

    def explain_illegal(self, state: CentreDieState, move: Move) -> IllegalMove:
        """Why ``move`` is not legal now, citing the clause that forbids it."""
        return explain_refusal(self, state, move)

    # -- what seats see ----------------------------------------------------------------------

    def view_data(self, state: CentreDieState, seat: int) -> dict[str, Any]:
        """Everything on the table: hands are open; only the bag's contents are hidden.

        Keys: ``centre`` (face), ``centre_colour`` (the colour it counts as), ``hands`` (per
        seat, the faces shown), ``bag`` (how many dice it holds), ``direction``, ``turn``
        (whose turn), ``phase``, ``drawn`` (the drawn die's face in step 3), ``wd4_legal``
        (whether the WD4 awaiting an answer kept to CD-7) and ``catchable`` (whom the player
        to act may catch).
        """
        faces = self.faces.faces
        centre = faces[state.centre_code]
        phase = state.phase
        current = state.codes[state.seats.current]
        return {
            "centre": centre,
            "centre_colour": centre.colour or state.centre_colour,
            "hands": self._hands(state),
            "bag": len(state.bag),
            "direction": state.seats.direction,
            "turn": state.seats.current,
            "phase": PHASE_NAMES[phase],
            "drawn": faces[current[-1]] if phase == STEP_THREE else None,
            "wd4_legal": state.wd4_legal if phase == ANSWERING_WD4 else None,
            "catchable": state.catchable,
        }

    def hidden_pieces(self, state: CentreDieState, seat: int) -> tuple[Die, ...]:
        """The dice in the bag (every hand is open)."""
        return tuple(state.bag)

    def event_for_seat(self, event: Event, seat: int) -> dict[str, Any] | None:
        """Every event as it is, but which die was drawn for the centre and put back (CD-1).

        That die goes back into the bag, whose dice no view shows, so a seat's record says
        that a die was put back and not which.
        """
        data = event.to_json()
        if isinstance(event, CentreRedrawn):
            data["die"] = None
        return data

    def piece_locations(self, state: CentreDieState) -> dict[str, tuple[Die, ...]]:
        """The centre (with a die a WD4 covers), the bag and each hand."""
        centre: tuple[Die, ...] = (state.centre_die,) if state.centre_die is not None else ()
        if state.covered is not None:
            centre += (state.covered[0],)
        places: dict[str, tuple[Die, ...]] = {"centre": centre, "bag": tuple(state.bag)}
        for seat, dice in enumerate(state.dice):
            places[f"hand {seat}"] = tuple(dice)
        return places

    def render(self, state: CentreDieState, seat: int | None = None,
               colour: bool = False) -> str:
        """The table as text: centre die, every hand, bag, direction, turn and scores."""
        return render_state(self, state, seat, colour)

    def describe(self, event: Event) -> str:
        """One line of text for an event."""
        return describe_event(event) or super().describe(event)

    # -- for bots ----------------------------------------------------------------------------

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
            points = self.faces.values[self.faces.code_of[move.face]]
            return points + (GOING_OUT_GAIN if going_out else 0.0) + (UNO_CALL_GAIN * move.uno)
        if kind is Catch:
            return CATCH_GAIN
        if kind is Challenge:
            return BAD_CHALLENGE_GAIN if view.data["wd4_legal"] else GOOD_CHALLENGE_GAIN
        if kind is Bluff:
            return BLUFF_GAIN
        return 0.0


_HANDLERS: dict[type, Callable[[CentreDie, Table, CentreDieState, Any], None]] = {
    Play: CentreDie._apply_play,
    Bluff: CentreDie._apply_play,
    Decline: CentreDie._apply_decline,
    DrawOne: CentreDie._apply_draw,
    Keep: CentreDie._apply_keep,
    Challenge: CentreDie._apply_challenge,
    Accept: CentreDie._apply_accept,
}
"""What carries out each kind of move but a catch: one table for every game, not one each."""
