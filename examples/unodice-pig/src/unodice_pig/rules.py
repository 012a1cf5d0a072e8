"""Pig, the push-your-luck dice game, played with the centre-die dice.

The rules, clause by clause (tests cite these IDs):

* **PIG-1 Setup.** All forty dice of the ``centre-die-40`` set go into the bag. Seat 0 plays
  first; the turn always passes to the next seat up, wrapping round.
* **PIG-2 Rolling.** On her turn a player draws a die from the bag, rolls it and sets it aside.
  A number adds its value to her turn total, and she may roll again or hold.
* **PIG-3 Busting.** A letter face (R, S, D2, W or WD4) loses the whole turn total, and the
  turn passes.
* **PIG-4 Holding.** A player whose turn total is above zero may hold: she scores her turn
  total and the turn passes. Whenever a turn ends, the dice set aside go back into the bag.
* **PIG-5 Winning.** The first player whose score reaches the target (option ``target``,
  default 50) wins, and the game ends at once.

For house rules: a hold scores with the reason ``"banked"`` and the context key ``faces``, the
faces rolled this turn, in order (a tuple of ``unodice.core.pieces.Face``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from unodice import Event, IllegalMove, Move, Variant, View
from unodice.core.pieces import Bag, ComponentSet, Die
from unodice.core.spaces import Buffer, Slot
from unodice.core.variant import Reference, RoundOutcome, Table

from . import moves, positions, refusals, spaces, text
from . import reference as reference_module
from .events import Busted, Rolled
from .moves import HOLD, ROLL, Hold, PigMove, RollDie
from .options import PigOptions
from .state import WON, PigState
from .tables import dice_for

__all__ = ["Pig"]


class Pig(Variant[PigState, PigMove]):
    """Pig: roll dice for points, but a letter face loses the turn; hold to bank."""

    name = "pig"
    title = "Pig"
    players = range(2, 7)
    summary = "Push your luck: roll for points, hold to bank them, and fear the letters."
    version = "1.0"
    end_clause = "PIG-5"
    reference: ClassVar[Reference | None] = reference_module
    Options = PigOptions
    options: PigOptions

    def __init__(
        self,
        options: PigOptions,
        players: int,
        component_sets: Mapping[str, ComponentSet] | None = None,
    ):
        super().__init__(options, players, component_sets)
        self.tables = dice_for(self.component_sets)

    # -- PIG-1: setup ------------------------------------------------------------------------------

    def components(self, state: PigState | None = None) -> ComponentSet:
        """The forty centre-die dice."""
        return self.tables.dice_set

    def start_round(self, table: Table, previous: RoundOutcome | None) -> PigState:
        """PIG-1: every die in the bag, seat 0 to play."""
        return PigState(Bag(self.tables.dice))

    # -- PIG-2 to PIG-4: the moves of a turn -------------------------------------------------------

    def legal_moves(self, state: PigState) -> tuple[PigMove, ...]:
        """Roll (PIG-2), and hold once there is something to hold (PIG-4).

        The bag never runs dry: a die that shows only letters busts the turn (PIG-3) before
        the last die could be drawn, and ``tables.dice_for`` refuses a set without one.
        Checked against ``reference.legal_moves`` at every decision by
        ``check_variant(reference=True)``.
        """
        return (ROLL, HOLD) if state.turn_total else (ROLL,)

    def apply(self, table: Table, state: PigState, move: PigMove) -> None:
        """Roll (PIG-2) or hold (PIG-4) for the seat to act: one case per move class."""
        match move:
            case RollDie():
                self._roll(table, state)
            case Hold():
                self._hold(table, state)

    # -- PIG-2 and PIG-3: rolling and busting ------------------------------------------------------

    def _roll(self, table: Table, state: PigState) -> None:
        """PIG-2: draw, roll and set aside a die; a number adds up, a letter busts (PIG-3)."""
        seat = state.to_act
        assert seat is not None
        die = table.chance.draw(state.bag)
        face = table.chance.roll(die)
        state.set_aside.append(die)
        state.faces.append(face)
        table.emit(Rolled(seat, die, face))
        if face.number is not None:
            state.turn_total += face.number
            return
        table.emit(Busted(seat, state.turn_total))
        self._pass_turn(state)

    # -- PIG-4: holding ----------------------------------------------------------------------------

    def _hold(self, table: Table, state: PigState) -> None:
        """PIG-4: score the turn total and pass the turn, unless it wins the game (PIG-5)."""
        seat = state.to_act
        assert seat is not None
        table.score(seat, state.turn_total, "banked", {"faces": tuple(state.faces)})
        if not self._won(table, state, seat):
            self._pass_turn(state)

    def _pass_turn(self, state: PigState) -> None:
        """PIG-1, PIG-4: the dice go back into the bag and the next seat up plays."""
        assert state.to_act is not None
        self._return_dice(state)
        state.to_act = (state.to_act + 1) % self.player_count

    def _return_dice(self, state: PigState) -> None:
        """PIG-4: the turn is over; the dice set aside go back into the bag."""
        state.bag.put_all(state.set_aside)
        state.set_aside.clear()
        state.faces.clear()
        state.turn_total = 0

    # -- PIG-5: winning ----------------------------------------------------------------------------

    def _won(self, table: Table, state: PigState, seat: int) -> bool:
        """PIG-5: end the game if ``seat``'s score has reached the target.

        The score is read from ``table.totals`` after scoring, so that a house rule that
        changes the points also changes when the game is won.
        """
        if table.totals[seat] < self.options.target:
            return False
        self._return_dice(state)
        state.phase = WON
        state.to_act = None
        table.end_round([seat])
        return True

    # -- what each seat sees -----------------------------------------------------------------------

    def view_data(self, state: PigState, seat: int) -> dict[str, Any]:
        """Everything is public except the order of the bag: faces rolled, totals, bag size."""
        return {
            "turn_total": state.turn_total,
            "rolled": tuple(state.faces),
            "bag": len(state.bag),
            "target": self.options.target,
        }

    def resample(self, state: PigState, seat: int, rng: random.Random) -> None:
        """Nothing to do: the dice set aside were seen as they were rolled (PIG-2).

        The bag holds every die not set aside, so only the order of its dice is hidden, and
        every draw goes through chance, which a determinized game has fresh. (A variant that
        hides where pieces are, such as other players' hands, shuffles them here.)
        """
        return None

    def hidden_pieces(self, state: PigState, seat: int) -> tuple[Die, ...]:
        """The dice in the bag."""
        return tuple(state.bag)

    def piece_locations(self, state: PigState) -> dict[str, tuple[Die, ...]]:
        """Every die is in the bag or set aside."""
        return {"bag": tuple(state.bag), "set aside": tuple(state.set_aside)}

    def gain(self, view: View, move: PigMove) -> float:
        """Holding gains the turn total; rolling gains nothing for sure."""
        return float(view.data["turn_total"]) if move == HOLD else 0.0

    # -- refusals, notation and text ---------------------------------------------------------------

    def explain_illegal(self, state: PigState, move: Move) -> IllegalMove:
        """Why a move is refused, with the clause that says so (see ``refusals.explain``)."""
        return refusals.explain(self, state, move)

    def parse_move(self, text: str) -> PigMove:
        """Read ``roll`` or ``hold`` (see ``moves.parse_move``)."""
        return moves.parse_move(text)

    def describe(self, event: Event) -> str:
        """One line per event for the command line (see ``text.describe``)."""
        line = text.describe(event)
        return super().describe(event) if line is None else line

    def render(self, state: PigState, seat: int | None = None, colour: bool = False) -> str:
        """The game as one line of text (see ``text.render``)."""
        return text.render(self, state, seat, colour)

    # -- positions ---------------------------------------------------------------------------------

    def write_position(self, state: PigState) -> str:
        """The variant's part of a position (see ``positions.write``)."""
        return positions.write(self, state)

    def read_position(self, table: Table, text: str) -> PigState:
        """The state a position's body describes (see ``positions.read``)."""
        return positions.read(self, table, text)

    # -- spaces for learning agents ----------------------------------------------------------------

    def actions(self) -> tuple[PigMove, ...]:
        """Every move, numbered for learning agents (see ``spaces.actions``)."""
        return spaces.actions(self)

    def observation_layout(self) -> tuple[Slot, ...]:
        """The slots of an observation (see ``spaces.layout``)."""
        return spaces.layout(self)

    def encode_view(self, view: View, out: Buffer) -> None:
        """Write a view into an observation, from its seat (see ``spaces.encode``)."""
        spaces.encode(self, view, out)
