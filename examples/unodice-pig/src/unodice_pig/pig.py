"""Pig, the push-your-luck dice game, played with the centre-die dice: the whole variant.

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

| Notation | Move | Clause |
|---|---|---|
| ``roll`` | draw a die from the bag and roll it | PIG-2 |
| ``hold`` | bank the turn total and pass the turn | PIG-4 |

Notation is read in any case, with spaces around it ignored.

For house rules: a hold scores with the reason ``"banked"`` and the context key ``faces``, the
faces rolled this turn, in order (a tuple of ``unodice.plugin.Face``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Literal, TypeAlias

import attrs
from unodice.core import positions
from unodice.core.render import paint_face
from unodice.plugin import (
    Bag,
    Buffer,
    ComponentSet,
    Die,
    Event,
    Face,
    IllegalMove,
    InvalidPosition,
    Inventory,
    LookupsPerSet,
    Move,
    Positions,
    Reference,
    RoundOutcome,
    SealedLookup,
    Slot,
    Spaces,
    State,
    Table,
    Text,
    Variant,
    View,
    describe_event,
    load_set,
    option,
    unsuitable_set,
)

__all__ = [
    "DICE",
    "HOLD",
    "MOVES_BY_NOTATION",
    "ROLL",
    "TURN",
    "WON",
    "Busted",
    "Hold",
    "HoldAt",
    "Phase",
    "Pig",
    "PigLookups",
    "PigMove",
    "PigOptions",
    "PigState",
    "RollDie",
    "Rolled",
    "hold_at_20",
    "lookups_for",
    "pig2_turn_total",
    "pig2_value",
    "pig4_may_hold",
]


# -- options ---------------------------------------------------------------------------------------


@attrs.frozen
class PigOptions:
    """The options of a game of pig.

    Attributes:
        target: The score that wins the game (PIG-5).
    """

    target: int = option(50, "points that win the game", minimum=1, maximum=1000)


# -- moves -----------------------------------------------------------------------------------------


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


PigMove: TypeAlias = RollDie | Hold
"""Any move of pig: the move type of ``Pig``, a ``Variant[PigState, PigMove]``."""

ROLL = RollDie()
"""The one roll move, shared by every game."""
HOLD = Hold()
"""The one hold move, shared by every game."""
MOVES_BY_NOTATION: dict[str, PigMove] = {str(move): move for move in (ROLL, HOLD)}
"""Every move, by its notation."""


# -- events ----------------------------------------------------------------------------------------


class Rolled(Event):
    """A player drew a die and rolled it (PIG-2).

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


# -- state -----------------------------------------------------------------------------------------

Phase: TypeAlias = Literal["turn", "won"]
"""Where a game of pig stands: a player's turn, or won."""

TURN: Phase = "turn"
"""A player is rolling (PIG-2 to PIG-4): she may roll, and hold once she has a turn total."""
WON: Phase = "won"
"""Somebody has reached the target and the game is over (PIG-5)."""


class PigState(State):
    """A game of pig in progress.

    Attributes:
        phase: ``TURN``, or ``WON`` once somebody has won.
        to_act: The seat whose turn it is, or ``None`` once somebody has won.
        bag: The dice not yet drawn this turn.
        set_aside: The dice drawn this turn, in the order they were rolled.
        faces: The faces those dice showed, in the same order.
        turn_total: The points at stake this turn.
    """

    def __init__(self, bag: Bag[Die]):
        self.phase: Phase = TURN
        self.to_act: int | None = 0
        self.bag = bag
        self.set_aside: list[Die] = []
        self.faces: list[Face] = []
        self.turn_total = 0

    def copy(self) -> PigState:
        """An independent copy: the dice and faces are shared, the lists that hold them not."""
        twin = PigState(self.bag.copy())
        twin.phase = self.phase
        twin.to_act = self.to_act
        twin.set_aside = list(self.set_aside)
        twin.faces = list(self.faces)
        twin.turn_total = self.turn_total
        return twin


# -- the dice (PIG-1) ------------------------------------------------------------------------------

DICE = "centre-die-40"
"""The component set pig is played with (PIG-1)."""


class PigLookups(SealedLookup):
    """What pig needs to know about its dice set, worked out once and shared by every game.

    Attributes:
        dice_set: The component set.
        dice: Its dice, in the set's order: what the bag holds at the start (PIG-1).
        letters_only: The dice with no number face. Whichever of them is drawn busts the turn
            (PIG-3), so a turn ends before the bag is empty and a roll always finds a die.
    """

    def __init__(self, dice_set: ComponentSet):
        self.dice_set = dice_set
        self.dice: tuple[Die, ...] = tuple(dice_set.dice)
        self.letters_only = tuple(
            die for die in self.dice if all(face.number is None for face in die.faces)
        )
        self.seal()


_lookups_per_set: LookupsPerSet[PigLookups] = LookupsPerSet(PigLookups)
"""The lookups of each dice set, built on its first use."""


def lookups_for(component_sets: Mapping[str, ComponentSet]) -> PigLookups:
    """The lookups of the dice pig plays with, the set looked up among ``component_sets`` too.

    The set is loaded by name, so a plugin allowed to replace it (``UNODICE_ALLOW_OVERRIDE``)
    replaces it for pig too, and is refused if the rules cannot play with its dice.

    Raises:
        InvalidOptions: The set is not a set of dice, or none of its dice shows only letters,
            so that the bag could run dry.
    """
    lookups = _lookups_per_set(load_set("pig", None, DICE, component_sets, "dice"))
    if not lookups.letters_only:
        raise unsuitable_set(
            "pig", None, DICE, "has no die that shows only letters, so the bag could run dry"
        )
    return lookups


# -- the variant -----------------------------------------------------------------------------------


class Pig(
    Variant[PigState, PigMove],
    Positions[PigState],
    Spaces[PigMove],
    Text[PigState],
    Inventory[PigState],
    Reference[PigState, PigMove],
):
    """Pig: roll dice for points, but a letter face loses the turn; hold to bank."""

    name = "pig"
    title = "Pig"
    players = range(2, 7)
    summary = "Push your luck: roll for points, hold to bank them, and fear the letters."
    version = "1.0"
    end_clause = "PIG-5"
    Options = PigOptions
    options: PigOptions

    def __init__(
        self,
        options: PigOptions,
        players: int,
        component_sets: Mapping[str, ComponentSet] | None = None,
    ):
        super().__init__(options, players, component_sets)
        self._lookups = lookups_for(self.component_sets)

    # -- PIG-1: setup ------------------------------------------------------------------------------

    def start_round(self, table: Table, previous: RoundOutcome | None) -> PigState:
        """PIG-1: every die in the bag, seat 0 to play."""
        return PigState(Bag(self._lookups.dice))

    # -- PIG-2 to PIG-4: the moves of a turn -------------------------------------------------------

    def legal_moves(self, state: PigState) -> tuple[PigMove, ...]:
        """Roll (PIG-2), and hold once there is something to hold (PIG-4).

        The bag never runs dry: a die that shows only letters busts the turn (PIG-3) before
        the last die could be drawn, and ``lookups_for`` refuses a set without one. Checked
        against ``reference_legal_moves`` at every decision by ``check_variant(reference=True)``.
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

    # -- refusals and notation ---------------------------------------------------------------------

    def explain_illegal(self, state: PigState, move: Move) -> IllegalMove:
        """Why a move is refused, with the clause that says so.

        A roll is always legal on a turn, so the only pig move ever refused during play is a
        hold with nothing to hold (PIG-4).
        """
        if state.phase == WON:
            return IllegalMove(move, "the game is over: a player has reached the target", "PIG-5")
        if isinstance(move, Hold):
            return IllegalMove(move, "there is nothing to hold yet: roll first", "PIG-4")
        return IllegalMove(
            move, "not a move of pig: roll, or hold once you have a turn total", "PIG-2"
        )

    def parse_move(self, text: str) -> PigMove:
        """Read ``roll`` or ``hold`` (in any case).

        Raises:
            IllegalMove: The text is neither; the message says what the two moves look like.
        """
        move = MOVES_BY_NOTATION.get(text.strip().lower())
        if move is None:
            raise IllegalMove(text, "pig has two moves: write 'roll' or 'hold'")
        return move

    # -- what each seat sees -----------------------------------------------------------------------

    def view_data(self, state: PigState, seat: int) -> dict[str, Any]:
        """Everything is public except the order of the bag: faces rolled, totals, bag size."""
        return {
            "turn_total": state.turn_total,
            "rolled": tuple(state.faces),
            "bag": len(state.bag),
            "target": self.options.target,
        }

    def gain(self, view: View, move: PigMove) -> float:
        """Holding gains the turn total; rolling gains nothing for sure."""
        return float(view.data["turn_total"]) if move == HOLD else 0.0

    # -- Inventory: where the dice are -------------------------------------------------------------

    def components(self, state: PigState | None = None) -> ComponentSet:
        """The forty centre-die dice."""
        return self._lookups.dice_set

    def piece_locations(self, state: PigState) -> dict[str, tuple[Die, ...]]:
        """Every die is in the bag or set aside."""
        return {"bag": tuple(state.bag), "set aside": tuple(state.set_aside)}

    def hidden_pieces(self, state: PigState, seat: int) -> tuple[Die, ...]:
        """The dice in the bag: what they hold is public, but not their order."""
        return tuple(state.bag)

    # -- Text: the game in words -------------------------------------------------------------------

    def render(self, state: PigState, seat: int | None = None, colour: bool = False) -> str:
        """One line: the turn total, the faces rolled this turn and the bag.

        Everything in it is public, so it is the same from every seat.
        """
        rolled = " ".join(paint_face(face, colour) for face in state.faces) or "nothing yet"
        return (
            f"turn total {state.turn_total} (rolled {rolled}), {len(state.bag)} dice in the "
            f"bag, first to {self.options.target} wins"
        )

    def describe(self, event: Event) -> str:
        """One line per event for the command line; the core words its own events."""
        match event:
            case Rolled():
                return f"seat {event.seat} rolls {event.face.code}"
            case Busted():
                return f"seat {event.seat} busts and loses {event.lost}"
        return describe_event(event)

    # -- Positions: the game as text, and back -----------------------------------------------------

    FIELDS: ClassVar[tuple[str, ...]] = ("turn", "rolled", "bag")
    """The fields of pig's part of a position, in the order they are written.

    * ``turn``: the seat whose turn it is;
    * ``rolled``: the dice rolled this turn, in order, each with the face it shows (``r4@12``:
      die 12, showing r4), or ``-`` before the first roll;
    * ``bag``: every other die, in the bag's order (chance draws from it by place), or ``rest``.

    The turn total is not written: it is the sum of the faces rolled (PIG-2), and reading works
    it out. A position written by hand may name a die by its face alone (``rolled=r4,b3
    bag=rest``): the first die with that face is taken.
    """

    def write_position(self, state: PigState) -> str:
        """Pig's part of a position: ``state`` as ``key=value`` fields (see ``FIELDS``)."""
        rolled = map(positions.die_token, state.set_aside, state.faces)
        return positions.write_fields(
            [
                ("turn", positions.write_seat(state.to_act)),
                ("rolled", positions.write_items(rolled)),
                ("bag", positions.write_items(positions.die_token(die) for die in state.bag)),
            ]
        )

    def read_position(self, table: Table, text: str) -> PigState:
        """The state pig's part of a position describes, checked to be one the rules could be in.

        Raises:
            InvalidPosition: A field is missing, unknown or malformed; a die is named twice or
                not at all; a die rolled has no face or shows a letter, which would have busted
                the turn (PIG-3); or a score has reached the target, which would have ended the
                game (PIG-5).
        """
        fields = positions.read_fields(text, self.FIELDS)
        turn = positions.read_seat(fields["turn"], self.player_count, "turn", nobody=False)
        pieces: positions.PieceReader[Die] = positions.PieceReader(self._lookups.dice)
        rolled = [self._read_rolled(pieces, token) for token in positions.items(fields["rolled"])]
        bag = (
            pieces.rest()
            if fields["bag"] == positions.REST
            else [pieces.die(token, "bag")[0] for token in positions.items(fields["bag"])]
        )
        pieces.check_all_named()
        self._check_not_won(table)
        state = PigState(Bag(bag))
        state.to_act = turn
        state.set_aside = [die for die, _ in rolled]
        state.faces = [face for _, face in rolled]
        state.turn_total = sum(face.number or 0 for face in state.faces)
        return state

    def _read_rolled(self, pieces: positions.PieceReader[Die], token: str) -> tuple[Die, Face]:
        """A die rolled this turn and the number it shows (PIG-2)."""
        die, face = pieces.die(token, "rolled")
        if face is None:
            raise InvalidPosition(f"in rolled: write the face die {die.id} shows, as r4@{die.id}")
        if face.number is None:
            raise InvalidPosition(
                f"in rolled: {face.code} is a letter, which would have busted the turn (PIG-3); "
                "the dice rolled this turn all show numbers"
            )
        return die, face

    def _check_not_won(self, table: Table) -> None:
        """PIG-5: nobody's score has reached the target, or the game would be over."""
        target = self.options.target
        for seat, total in enumerate(table.totals):
            if total >= target:
                raise InvalidPosition(
                    f"seat {seat} has {total} points, at least the target {target}, so the game "
                    "would be over (PIG-5); a position is of a game still being played"
                )

    # -- Spaces: the moves numbered and a view as numbers, for learning agents ---------------------

    def actions(self) -> tuple[PigMove, ...]:
        """Every move of pig, numbered by its place: ``roll`` is action 0, ``hold`` action 1."""
        return (ROLL, HOLD)

    def observation_layout(self) -> tuple[Slot, ...]:
        """The slots of an observation, read from the observer's seat.

        *Relative seat* 0 is the observer's, relative seat ``k`` the seat ``k`` turns after
        hers (the turn passes to the next seat up, PIG-1). With ``P`` players, in this order:

        * ``scores`` (``P``): per relative seat, the score over the target, clipped to 1 (PIG-5);
        * ``to act`` (``P``): the relative seat whose turn it is, one-hot (zeros once somebody
          won);
        * ``turn total`` (1): the points at stake this turn over the target, clipped to 1 (PIG-2);
        * ``bag`` (1): the dice in the bag over the dice of the set; the others were rolled this
          turn.

        That is ``2 * P + 2`` numbers. The order of the bag, the one thing the game hides, is in
        none.
        """
        players = self.player_count
        return (
            Slot("scores", players, "per relative seat, the observer first: score over the target"),
            Slot("to act", players, "the relative seat whose turn it is, one-hot"),
            Slot("turn total", 1, "the points at stake this turn over the target"),
            Slot("bag", 1, "the dice in the bag over the dice of the set"),
        )

    def encode_view(self, view: View, out: Buffer) -> None:
        """Write ``view`` into ``out`` (zeros, as long as the layout), from the observer's seat."""
        players = self.player_count
        target = view.options.target
        for relative in range(players):
            seat = (view.seat + relative) % players
            out[relative] = min(1.0, view.scores[seat] / target)
        if view.to_act is not None:
            out[players + (view.to_act - view.seat) % players] = 1
        out[2 * players] = min(1.0, view.data["turn_total"] / target)
        out[2 * players + 1] = view.data["bag"] / len(self._lookups.dice)

    # -- Reference: the rules read plainly ---------------------------------------------------------

    def reference_legal_moves(self, state: PigState) -> list[PigMove]:
        """Every move the player to act may make: roll (PIG-2), and hold if she may (PIG-4).

        None once the game is won (PIG-5). Each move is made with its class's constructor.
        """
        if state.phase == WON:
            return []
        moves: list[PigMove] = [RollDie()]
        if pig4_may_hold(state):
            moves.append(Hold())
        return moves

    def reference_move_points(self, state: PigState, move: PigMove) -> list[int]:
        """The points a move scores: a hold scores the turn total for the holder (PIG-4).

        A roll scores nothing: a number only adds to the turn total (PIG-2), and a letter loses
        it (PIG-3).
        """
        points = [0] * self.player_count
        if isinstance(move, Hold) and state.to_act is not None:
            points[state.to_act] = pig2_turn_total(state)
        return points

    def reference_round_points(self, state: PigState) -> list[int]:
        """The points the end of the game scores: none, the winning hold has scored (PIG-5)."""
        return [0] * self.player_count


# -- the plain reading of PIG-2 to PIG-4 -----------------------------------------------------------


def pig2_value(face: Face) -> int:
    """PIG-2: what a face adds to the turn total: a number its value.

    Raises:
        ValueError: The face is a letter, which busts the turn (PIG-3) and adds nothing.
    """
    if face.number is None:
        raise ValueError(f"{face} is a letter: it busts the turn (PIG-3)")
    return face.number


def pig2_turn_total(state: PigState) -> int:
    """PIG-2: the sum of the numbers rolled this turn, worked out from the faces.

    A turn that busted is over (PIG-3), so the faces of the turn in progress are all numbers.
    """
    return sum(pig2_value(face) for face in state.faces)


def pig4_may_hold(state: PigState) -> bool:
    """PIG-4: a player may hold when her turn total is above zero."""
    return pig2_turn_total(state) > 0


# -- the bot ---------------------------------------------------------------------------------------


class HoldAt:
    """Rolls until the turn total reaches ``threshold`` or would win, then holds.

    The classic rule of thumb for pig is to hold at 20. The package registers it as
    ``hold-at-20``, so ``--agents hold-at-20`` finds it.

    Args:
        threshold: The turn total to hold at.
    """

    def __init__(self, threshold: int = 20):
        self.threshold = threshold

    def choose(self, view: View, moves: Sequence[Move]) -> Move:
        """Hold when the turn total is high enough or wins; roll otherwise."""
        total = view.data["turn_total"]
        wins = view.scores[view.seat] + total >= view.data["target"]
        for move in moves:
            if isinstance(move, Hold) and (total >= self.threshold or wins):
                return move
        for move in moves:
            if isinstance(move, RollDie):
                return move
        return moves[0]

    def __repr__(self) -> str:
        return f"HoldAt({self.threshold})"


def hold_at_20(seed: Any = None) -> HoldAt:
    """The agent factory ``hold-at-20`` registers (the seed is not needed: it is deterministic)."""
    return HoldAt(20)
