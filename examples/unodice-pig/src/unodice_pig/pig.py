# --8<-- [start:docstring]
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
faces rolled this turn, in order (a tuple of ``unodice.pieces.Face``).
"""
# --8<-- [end:docstring]

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, TypeAlias

import attrs
from unodice import Event, IllegalMove, Move, State, Variant, View, option
from unodice.pieces import Bag, ComponentSet, Die, Face, load_components
from unodice.render import paint_face
from unodice.variant import RoundOutcome, Table

__all__ = ["Busted", "Hold", "Pig", "PigMove", "PigOptions", "PigState", "RollDie", "Rolled"]

DICE = "centre-die-40"
"""The component set pig is played with."""


# --8<-- [start:options]
@attrs.frozen
class PigOptions:
    """The options of a game of pig.

    Attributes:
        target: The score that wins the game (PIG-5).
    """

    target: int = option(50, "points that win the game", minimum=1, maximum=1000)
# --8<-- [end:options]


# --8<-- [start:moves]
class RollDie(Move):
    """Draw a die from the bag and roll it (PIG-2). Notation: ``roll``."""

    kind: ClassVar[str] = "roll"

    def __str__(self) -> str:
        return "roll"


class Hold(Move):
    """Bank the turn total and pass the turn (PIG-4). Notation: ``hold``."""

    kind: ClassVar[str] = "hold"

    def __str__(self) -> str:
        return "hold"


ROLL = RollDie()
HOLD = Hold()
MOVES_BY_NOTATION: dict[str, PigMove] = {str(move): move for move in (ROLL, HOLD)}
# --8<-- [end:moves]

# --8<-- [start:typing]
PigMove: TypeAlias = RollDie | Hold
"""Any move of pig: the move type of ``Pig``, a ``Variant[PigState, PigMove]``."""
# --8<-- [end:typing]


# --8<-- [start:events]
class Rolled(Event):
    """A player drew a die and rolled it.

    Attributes:
        seat: Who rolled.
        die: The die drawn from the bag.
        face: The face it shows.
    """

    kind: ClassVar[str] = "rolled"
    seat: int
    die: Die
    face: Face


class Busted(Event):
    """A letter face lost a player her turn total (PIG-3).

    Attributes:
        seat: Who busted.
        lost: The turn total she lost.
    """

    kind: ClassVar[str] = "busted"
    seat: int
    lost: int
# --8<-- [end:events]


# --8<-- [start:state]
class PigState(State):
    """A game of pig in progress.

    Attributes:
        to_act: The seat whose turn it is, or ``None`` once somebody has won.
        bag: The dice not yet drawn this turn.
        set_aside: The dice drawn this turn, in the order they were rolled.
        faces: The faces those dice showed, in the same order.
        turn_total: The points at stake this turn.
    """

    def __init__(self, bag: Bag[Die]):
        self.to_act: int | None = 0
        self.bag = bag
        self.set_aside: list[Die] = []
        self.faces: list[Face] = []
        self.turn_total = 0

    def copy(self) -> PigState:
        """An independent copy: nothing mutable is shared."""
        twin = PigState(self.bag.copy())
        twin.to_act = self.to_act
        twin.set_aside = list(self.set_aside)
        twin.faces = list(self.faces)
        twin.turn_total = self.turn_total
        return twin
# --8<-- [end:state]


# --8<-- [start:variant]
class Pig(Variant[PigState, PigMove]):
    """Pig: roll dice for points, but a letter face loses the turn; hold to bank."""

    name = "pig"
    title = "Pig"
    players = range(2, 7)
    summary = "Push your luck: roll for points, hold to bank them, and fear the letters."
    version = "1.0"
    Options = PigOptions

    def __init__(
        self,
        options: PigOptions,
        players: int,
        component_sets: Mapping[str, ComponentSet] | None = None,
    ):
        super().__init__(options, players, component_sets)
        self._dice = load_components(DICE)

    def components(self, state: PigState | None = None) -> ComponentSet:
        """The forty centre-die dice."""
        return self._dice

    def start_round(self, table: Table, previous: RoundOutcome | None) -> PigState:
        """PIG-1: every die in the bag, seat 0 to play."""
        return PigState(Bag(self._dice.dice))
# --8<-- [end:variant]

    # --8<-- [start:rules]
    def legal_moves(self, state: PigState) -> tuple[PigMove, ...]:
        """Roll, and hold once there is something to hold.

        The bag never runs dry: its eight action dice show only letters, so a turn busts
        before the last die could be drawn.
        """
        return (ROLL, HOLD) if state.turn_total else (ROLL,)

    def apply(self, table: Table, state: PigState, move: PigMove) -> None:
        """Roll or hold for the seat to act."""
        if move == HOLD:
            self._hold(table, state)
        else:
            self._roll(table, state)

    def _roll(self, table: Table, state: PigState) -> None:
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

    def _hold(self, table: Table, state: PigState) -> None:
        seat = state.to_act
        assert seat is not None
        table.score(seat, state.turn_total, "banked", {"faces": tuple(state.faces)})
        if table.totals[seat] >= self.options.target:
            self._return_dice(state)
            state.to_act = None
            table.end_round([seat])
        else:
            self._pass_turn(state)

    def _pass_turn(self, state: PigState) -> None:
        assert state.to_act is not None
        self._return_dice(state)
        state.to_act = (state.to_act + 1) % self.player_count

    def _return_dice(self, state: PigState) -> None:
        state.bag.put_all(state.set_aside)
        state.set_aside.clear()
        state.faces.clear()
        state.turn_total = 0

    def explain_illegal(self, state: PigState, move: Move) -> IllegalMove:
        """Say why a move is refused: the only one pig ever refuses is an empty hold."""
        if move == HOLD:
            return IllegalMove(move, "there is nothing to hold yet: roll first", "PIG-4")
        return super().explain_illegal(state, move)
    # --8<-- [end:rules]

    # --8<-- [start:notation]
    def parse_move(self, text: str) -> PigMove:
        """Read ``roll`` or ``hold`` (in any case)."""
        move = MOVES_BY_NOTATION.get(text.strip().lower())
        if move is None:
            raise IllegalMove(text, "pig has two moves: write 'roll' or 'hold'")
        return move

    def describe(self, event: Event) -> str:
        """One line per event for the command line."""
        if isinstance(event, Rolled):
            return f"seat {event.seat} rolls {event.face.code}"
        if isinstance(event, Busted):
            return f"seat {event.seat} busts and loses {event.lost}"
        return super().describe(event)
    # --8<-- [end:notation]

    # --8<-- [start:views]
    def view_data(self, state: PigState, seat: int) -> dict[str, Any]:
        """Everything is public except the order of the bag: faces rolled, totals, bag size."""
        return {
            "turn_total": state.turn_total,
            "rolled": tuple(state.faces),
            "bag": len(state.bag),
            "target": self.options.target,
        }

    def hidden_pieces(self, state: PigState, seat: int) -> tuple[Die, ...]:
        """The dice in the bag."""
        return tuple(state.bag)

    def piece_locations(self, state: PigState) -> dict[str, tuple[Die, ...]]:
        """Every die is in the bag or set aside."""
        return {"bag": tuple(state.bag), "set aside": tuple(state.set_aside)}

    def render(self, state: PigState, seat: int | None = None, colour: bool = False) -> str:
        """One line: the turn total, the faces rolled this turn and the bag."""
        rolled = " ".join(paint_face(face, colour) for face in state.faces) or "nothing yet"
        return (
            f"turn total {state.turn_total} (rolled {rolled}), {len(state.bag)} dice in the "
            f"bag, first to {self.options.target} wins"
        )

    def gain(self, view: View, move: PigMove) -> float:
        """Holding gains the turn total; rolling gains nothing for sure."""
        return float(view.data["turn_total"]) if move == HOLD else 0.0
    # --8<-- [end:views]
