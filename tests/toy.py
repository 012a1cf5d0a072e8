"""A tiny dice game used to test the core without any built-in variant.

"Toy race": on her turn a player rolls dice drawn from the bag one at a time; a number adds to
her turn total, a letter face ends the turn with nothing (R also reverses play, S skips the next
player). She may hold to bank her turn total. First to ``target`` wins. One round per match
unless ``rounds`` says more.
"""

from __future__ import annotations

from typing import Any, ClassVar

import attrs

from unodice import IllegalMove, Move, State, Variant, option
from unodice.core import positions
from unodice.core.errors import InvalidPosition
from unodice.core.hooks import hookimpl
from unodice.core.moves import Event
from unodice.core.pieces import Bag, Die, Face, load_components
from unodice.core.spaces import Slot
from unodice.core.turns import Seats
from unodice.plugin import Inventory, Positions, Spaces, Text


class Roll(Move):
    kind: ClassVar[str] = "roll"

    def __str__(self) -> str:
        return "roll"


class Hold(Move):
    kind: ClassVar[str] = "hold"

    def __str__(self) -> str:
        return "hold"


class Rolled(Event):
    kind: ClassVar[str] = "rolled"
    seat: int
    die: Die
    face: Face


@attrs.frozen
class ToyOptions:
    target: int = option(20, "points that win", minimum=1)
    rounds: int = option(1, "rounds in a match", minimum=1, maximum=9)


class ToyState(State):
    def __init__(self, players: int, bag: Bag[Die]):
        self.seats = Seats(players)
        self.bag = bag
        self.pile: list[Die] = []
        self.turn_total = 0
        self.banked = [0] * players
        self.to_act: int | None = 0

    def copy(self) -> ToyState:
        twin = ToyState.__new__(ToyState)
        twin.seats = self.seats.copy()
        twin.bag = self.bag.copy()
        twin.pile = list(self.pile)
        twin.turn_total = self.turn_total
        twin.banked = list(self.banked)
        twin.to_act = self.to_act
        return twin


class ToyRules(Variant):
    """The toy's rules alone, with no optional capability: what a variant must have."""

    name = "toy-race"
    title = "Toy race"
    players = range(2, 5)
    summary = "Push your luck with dice until someone banks the target."
    Options = ToyOptions

    def components(self, state: Any = None) -> Any:
        return load_components("centre-die-40")

    def start_round(self, table: Any, previous: Any) -> ToyState:
        state = ToyState(self.player_count, Bag(self.components().dice))
        if previous is not None:
            state.seats.current = previous.winners[0]
        state.to_act = state.seats.current
        return state

    def legal_moves(self, state: ToyState) -> tuple[Move, ...]:
        return (Roll(), Hold()) if state.turn_total else (Roll(),)

    def _end_turn(self, state: ToyState, skip: int = 0) -> None:
        state.bag.put_all(state.pile)
        state.pile.clear()
        state.turn_total = 0
        state.to_act = state.seats.advance(skip)

    def apply(self, table: Any, state: ToyState, move: Move) -> None:
        seat = state.seats.current
        if isinstance(move, Hold):
            state.banked[seat] += state.turn_total
            table.score(seat, state.turn_total, "banked", {"dice": tuple(state.pile)})
            if state.banked[seat] >= self.options.target:
                state.bag.put_all(state.pile)
                state.pile.clear()
                state.to_act = None
                table.end_round([seat])
                return
            self._end_turn(state)
            return
        die = table.chance.draw(state.bag)
        face = table.chance.roll(die)
        state.pile.append(die)
        table.emit(Rolled(seat, die, face))
        if face.is_number:
            state.turn_total += face.number or 0
            if not state.bag:
                self._end_turn(state)
            return
        if face.symbol == "R":
            state.seats.reverse()
        self._end_turn(state, skip=1 if face.symbol == "S" else 0)

    def parse_move(self, text: str) -> Move:
        word = text.strip().lower()
        if word == "roll":
            return Roll()
        if word == "hold":
            return Hold()
        raise IllegalMove(text, "toy-race moves are 'roll' and 'hold'")

    def explain_illegal(self, state: ToyState, move: Move) -> IllegalMove:
        return IllegalMove(move, "nothing to hold yet: roll first", "TOY-1")

    def view_data(self, state: ToyState, seat: int) -> dict[str, Any]:
        return {"pile": tuple(state.pile), "turn_total": state.turn_total, "bag": len(state.bag)}

    def match_over(self, totals: Any, rounds_played: int) -> bool:
        return rounds_played >= self.options.rounds

    def gain(self, view: Any, move: Move) -> float:
        return float(view.data["turn_total"]) if isinstance(move, Hold) else 0.0


class ToyInventory(Inventory[ToyState]):
    """Where the toy's dice are: each in the bag or the pile."""

    def components(self, state: Any = None) -> Any:
        return load_components("centre-die-40")

    def hidden_pieces(self, state: ToyState, seat: int) -> Any:
        return tuple(state.bag)

    def piece_locations(self, state: ToyState) -> dict[str, Any]:
        return {"bag": tuple(state.bag), "pile": tuple(state.pile)}


class ToyText(Text[ToyState]):
    """The toy in words."""

    def render(self, state: ToyState, seat: int | None = None, colour: bool = False) -> str:
        return f"turn total {state.turn_total}, banked {state.banked}, bag {len(state.bag)}"


class ToySpaces(Spaces[Move]):
    """The toy's spaces for learning agents."""

    def actions(self) -> tuple[Move, ...]:
        return (Roll(), Hold())

    def observation_layout(self) -> tuple[Any, ...]:
        return (
            Slot("turn total", 1, "the turn total, over the target"),
            Slot("bag", 1, "the dice in the bag, over 40"),
            Slot("scores", self.player_count, "each seat's score over the target, own first"),
            Slot("to act", self.player_count, "who is to act, own seat first"),
        )

    def encode_view(self, view: Any, out: Any) -> None:
        target = self.options.target
        players = self.player_count
        out[0] = min(1.0, view.data["turn_total"] / target)
        out[1] = view.data["bag"] / 40
        for offset in range(players):
            seat = (view.seat + offset) % players
            out[2 + offset] = min(1.0, view.scores[seat] / target)
            if view.to_act == seat:
                out[2 + players + offset] = 1


class ToyPositions(Positions[ToyState]):
    """The toy's positions."""

    def components(self, state: Any = None) -> Any:
        return load_components("centre-die-40")

    def write_position(self, state: ToyState) -> str:
        return positions.write_fields(
            [
                ("current", str(state.seats.current)),
                ("direction", positions.write_direction(state.seats.direction)),
                ("total", str(state.turn_total)),
                ("banked", positions.write_items(map(str, state.banked))),
                ("pile", positions.write_items(positions.die_token(d) for d in state.pile)),
                ("bag", positions.write_items(positions.die_token(d) for d in state.bag)),
            ]
        )

    def read_position(self, table: Any, text: str) -> ToyState:
        fields = positions.read_fields(
            text, ("current", "direction", "total", "banked", "pile", "bag")
        )
        pieces: positions.PieceReader[Die] = positions.PieceReader(self.components().dice)
        pile = [pieces.die(t, "pile")[0] for t in positions.items(fields["pile"])]
        bag = fields["bag"]
        dice = (
            pieces.rest()
            if bag == positions.REST
            else [pieces.die(t, "bag")[0] for t in positions.items(bag)]
        )
        pieces.check_all_named()
        state = ToyState(self.player_count, Bag(dice))
        state.pile = pile
        state.seats.current = (
            positions.read_seat(fields["current"], self.player_count, "current", nobody=False) or 0
        )
        state.seats.direction = positions.read_direction(fields["direction"])
        state.turn_total = positions.read_number(fields["total"], "total", 0, 10_000)
        banked = positions.items(fields["banked"])
        if len(banked) != self.player_count:
            raise InvalidPosition("banked needs one number per seat")
        state.banked = [positions.read_number(b, "banked", 0, 10_000) for b in banked]
        state.to_act = state.seats.current
        return state


class ToyRace(ToyRules, ToyPositions, ToySpaces, ToyText, ToyInventory):
    """The toy with every capability it can have: positions, spaces, text and an inventory."""


class DoubleSevens:
    """House rule: a bank of exactly 7 points scores 14."""

    @hookimpl
    def unodice_score(self, game: Any, seat: int, points: int, reason: str, context: Any) -> Any:
        return 14 if points == 7 else None


class EventCounter:
    def __init__(self) -> None:
        self.seen: list[str] = []

    @hookimpl
    def unodice_event(self, game: Any, event: Event) -> None:
        self.seen.append(event.kind)


class ToyPlugin:
    counter = EventCounter()

    @hookimpl
    def unodice_register(self, registry: Any) -> None:
        registry.add_variant(ToyRace)
        registry.add_house_rule("double-sevens", DoubleSevens(), "a bank of 7 scores 14")
        registry.add_house_rule("count-events", self.counter, "counts events")
