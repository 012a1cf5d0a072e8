"""The Uno family's shared mechanics: what every Uno-family variant does the same way.

Part of the plugin API. A variant of the family builds its rules on these rather than
writing them again, and a third-party variant can do the same:

- **Events** whose fields mean the same in every variant. ``seat`` is always the seat that
  acted (laid the S, challenged, caught); the other party is named for what she is: the
  ``victim`` of a skip, the ``offender`` of a challenged Wild Draw Four or of a missed Uno.
- **Word moves** and their notation: ``accept``, ``challenge``, ``catch``, ``keep``,
  ``decline``, ``draw`` and ``pass``. What a word does in a variant is that variant's clause;
  its notation table says which words it uses.
- **Commands**: [`skip_or_reverse`][unodice.core.uno.skip_or_reverse] for S and R (with R acting as
  S between two players when [`Seats.reverse_skips`][unodice.core.turns.Seats] is set), and
  [`command_effect`][unodice.core.uno.command_effect], which adds the Draw Two of a played piece.
- **Draw penalties**: [`Penalty`][unodice.core.uno.Penalty] values for a Draw Two, a Wild Draw Four,
  a failed challenge, an illegal Wild Draw Four and a missed Uno.
- **The Wild Draw Four challenge**: a [`PendingWildDrawFour`][unodice.core.uno.PendingWildDrawFour]
  waits for the victim's answer; [`answer_wild_draw_four`][unodice.core.uno.answer_wild_draw_four]
  settles ``accept`` or ``challenge`` through the variant's
  [`UnoRules`][unodice.core.uno.UnoRules]: who draws, who is skipped, and the take-back.
- **The Uno call and the catch**: [`uno_missed`][unodice.core.uno.uno_missed],
  [`may_catch`][unodice.core.uno.may_catch], [`catch`][unodice.core.uno.catch] and, for a variant
  whose ``catch_by`` option lets any opponent catch, [`catchers`][unodice.core.uno.catchers]: who
  is asked, in which order.

A variant supplies what only it knows (how a player draws its pieces, how a piece goes back,
how play goes on) by implementing the [`UnoRules`][unodice.core.uno.UnoRules] protocol.
"""

from __future__ import annotations

from typing import Any, ClassVar, Protocol, TypeVar

from unodice.core.moves import Event, WordMove, shared_event
from unodice.core.turns import Seats
from unodice.core.values import Value
from unodice.core.variant import Table

__all__ = [
    "ACCEPT",
    "CATCH",
    "CATCH_BY",
    "CHALLENGE",
    "DECLINE",
    "DRAW",
    "DRAW_TWO",
    "ILLEGAL_WILD_DRAW_FOUR",
    "KEEP",
    "MISSED_UNO",
    "PASS",
    "WILD_DRAW_FOUR",
    "WORDS",
    "Accept",
    "Catch",
    "Caught",
    "Challenge",
    "Challenged",
    "Decline",
    "Draw",
    "Keep",
    "Pass",
    "Penalty",
    "PendingWildDrawFour",
    "Reversed",
    "Skipped",
    "UnoCalled",
    "UnoRules",
    "answer_wild_draw_four",
    "catch",
    "catchers",
    "command_effect",
    "describe",
    "failed_challenge",
    "final_draw",
    "may_catch",
    "read_word",
    "skip_or_reverse",
    "uno_missed",
]

_State = TypeVar("_State", contravariant=True)

# -- events ----------------------------------------------------------------------------------


class Skipped(Event):
    """A player loses her turn: to an S, an R between two players, a D2 or a WD4.

    Attributes:
        seat: Who acted: the player whose S, R, D2 or WD4 it was.
        victim: Who loses her turn.
        cause: ``"S"``, ``"R"``, ``"D2"`` or ``"WD4"``.
    """

    kind: ClassVar[str] = "skipped"
    seat: int
    victim: int
    cause: str


class Reversed(Event):
    """The direction of play reversed (an R).

    Attributes:
        seat: Whose R it was.
        direction: The new direction: ``1`` for increasing seat numbers, ``-1`` for decreasing.
    """

    kind: ClassVar[str] = "reversed"
    seat: int
    direction: int


class Challenged(Event):
    """A Wild Draw Four was challenged.

    Attributes:
        seat: The challenger (the player it hit).
        offender: Who played the Wild Draw Four.
        upheld: Whether the challenge succeeded: the Wild Draw Four broke its clause.
    """

    kind: ClassVar[str] = "challenged"
    seat: int
    offender: int
    upheld: bool


class UnoCalled(Event):
    """A player called Uno with the play that left her one piece.

    Attributes:
        seat: Who called.
    """

    kind: ClassVar[str] = "uno"
    seat: int


class Caught(Event):
    """A player was caught without having called Uno; she draws two.

    Attributes:
        seat: The catcher.
        offender: Who was caught.
    """

    kind: ClassVar[str] = "caught"
    seat: int
    offender: int


def describe(event: Event) -> str | None:
    """One line of text for a shared event, or ``None`` for any other event."""
    if isinstance(event, Skipped):
        return f"seat {event.victim} loses her turn ({event.cause} of seat {event.seat})"
    if isinstance(event, Reversed):
        way = "increasing" if event.direction == 1 else "decreasing"
        return f"seat {event.seat} reverses play: it now runs by {way} seat numbers"
    if isinstance(event, Challenged):
        verdict = "upheld: it was illegal" if event.upheld else "lost: it was legal"
        return (
            f"seat {event.seat} challenges the Wild Draw Four of seat {event.offender}, "
            f"and the challenge is {verdict}"
        )
    if isinstance(event, UnoCalled):
        return f"seat {event.seat} calls Uno"
    if isinstance(event, Caught):
        return f"seat {event.seat} catches seat {event.offender} without Uno"
    return None


# -- word moves ------------------------------------------------------------------------------


class Accept(WordMove):
    """Accept the Wild Draw Four that hit you: draw four and lose the turn."""

    kind: ClassVar[str] = "accept"


class Challenge(WordMove):
    """Challenge the Wild Draw Four that hit you."""

    kind: ClassVar[str] = "challenge"


class Catch(WordMove):
    """Catch the player who played down to one piece without calling Uno."""

    kind: ClassVar[str] = "catch"


class Keep(WordMove):
    """Keep the piece just drawn instead of playing it; the turn ends."""

    kind: ClassVar[str] = "keep"


class Decline(WordMove):
    """Play nothing at a decision that offers a play or a refusal (the variant says which)."""

    kind: ClassVar[str] = "decline"


class Draw(WordMove):
    """Draw a piece instead of playing."""

    kind: ClassVar[str] = "draw"


class Pass(WordMove):
    """End the turn without playing or drawing."""

    kind: ClassVar[str] = "pass"


ACCEPT = Accept()
"""The move ``accept`` (one shared object: a word move has no fields)."""
CHALLENGE = Challenge()
"""The move ``challenge``."""
CATCH = Catch()
"""The move ``catch``."""
KEEP = Keep()
"""The move ``keep``."""
DECLINE = Decline()
"""The move ``decline``."""
DRAW = Draw()
"""The move ``draw``."""
PASS = Pass()
"""The move ``pass``."""

WORDS: dict[str, WordMove] = {
    str(move): move for move in (ACCEPT, CHALLENGE, CATCH, KEEP, DECLINE, DRAW, PASS)
}
"""Every shared word move by its notation."""


def read_word(text: str, words: tuple[WordMove, ...]) -> WordMove | None:
    """The word move among ``words`` that ``text`` spells (any case and spacing), or ``None``."""
    move = WORDS.get(" ".join(text.split()).lower()) if isinstance(text, str) else None
    return move if move is not None and move in words else None


# -- draw penalties --------------------------------------------------------------------------


class Penalty(Value):
    """A forced draw: how many pieces, and why (the ``reason`` of the variant's draw event).

    Attributes:
        reason: ``"draw two"``, ``"wild draw four"``, ``"failed challenge"``,
            ``"illegal wild draw four"`` or ``"missed uno"``.
        count: How many pieces to draw (fewer are drawn when the bag runs short).
    """

    reason: str
    count: int


DRAW_TWO = Penalty("draw two", 2)
"""The player after a Draw Two draws two."""
WILD_DRAW_FOUR = Penalty("wild draw four", 4)
"""The player after a Wild Draw Four draws four, when she accepts it or it was the last piece."""
ILLEGAL_WILD_DRAW_FOUR = Penalty("illegal wild draw four", 4)
"""The offender of an upheld challenge draws four."""
MISSED_UNO = Penalty("missed uno", 2)
"""A player caught without having called Uno draws two."""


def failed_challenge(extra: int) -> Penalty:
    """The challenger of a legal Wild Draw Four draws four and ``extra`` more (an option)."""
    return Penalty("failed challenge", 4 + extra)


# -- what a variant supplies -----------------------------------------------------------------


class UnoRules(Protocol[_State]):
    """What a Uno-family variant does its own way, for the shared mechanics to call."""

    def penalise(self, table: Table, state: _State, seat: int, penalty: Penalty) -> int:
        """``seat`` draws ``penalty.count`` pieces (what there is); return how many she drew."""
        ...

    def keep_wild_draw_four(
        self, table: Table, state: _State, pending: PendingWildDrawFour
    ) -> None:
        """The Wild Draw Four stands (accepted, or challenged and legal): settle what it covered."""
        ...

    def take_back(self, table: Table, state: _State, pending: PendingWildDrawFour) -> None:
        """An illegal Wild Draw Four goes back to its player's hand and the table reverts."""
        ...

    def after_take_back(self, table: Table, state: _State, challenger: int, drew: int) -> None:
        """After the take-back (its player drew ``drew``): ``challenger`` plays her turn."""
        ...

    def play_on(self, table: Table, state: _State, seat: int, next_seat: int) -> None:
        """``seat``'s piece stays; the turn goes to ``next_seat``."""
        ...


# -- commands --------------------------------------------------------------------------------


def skip_or_reverse(table: Table, seats: Seats, seat: int, symbol: str) -> int:
    """Carry out an S or an R laid by ``seat``; return how many seats the turn skips (0 or 1).

    An S skips the next player. An R reverses the direction, except that it skips the other
    player instead when ``seats.reverse_skips`` is set (two players, CV-9). Any other symbol
    does nothing here.
    """
    if symbol == "S" or (symbol == "R" and seats.reverse_skips):
        table.emit(shared_event(Skipped, seat, seats.next_seat(1, seat), symbol))
        return 1
    if symbol == "R":
        seats.reverse()
        table.emit(shared_event(Reversed, seat, seats.direction))
    return 0


def command_effect(
    rules: UnoRules[Any], table: Table, state: Any, seats: Seats, seat: int, symbol: str
) -> int:
    """S, R and D2 of a piece ``seat`` played; return how many seats the turn skips.

    A D2 makes the next player draw two and lose her turn; S and R are
    [`skip_or_reverse`][unodice.core.uno.skip_or_reverse].
    """
    if symbol == "D2":
        victim = seats.next_seat(1, seat)
        rules.penalise(table, state, victim, DRAW_TWO)
        table.emit(shared_event(Skipped, seat, victim, "D2"))
        return 1
    return skip_or_reverse(table, seats, seat, symbol)


def final_draw(
    rules: UnoRules[Any], table: Table, state: Any, seats: Seats, seat: int, symbol: str
) -> None:
    """A D2 or WD4 that was ``seat``'s last piece still makes the next player draw."""
    penalty = DRAW_TWO if symbol == "D2" else WILD_DRAW_FOUR if symbol == "WD4" else None
    if penalty is not None:
        rules.penalise(table, state, seats.next_seat(1, seat), penalty)


# -- the Wild Draw Four challenge ------------------------------------------------------------


class PendingWildDrawFour(Value):
    """A Wild Draw Four waiting for its victim's answer.

    Attributes:
        seat: Who played it.
        illegal: Whether it broke its clause (she held another piece she could have played),
            worked out when she played it.
        before: What the variant needs to take it back (the covered centre die, the layout).
    """

    seat: int
    illegal: bool
    before: Any


def answer_wild_draw_four(
    rules: UnoRules[Any],
    table: Table,
    state: Any,
    seats: Seats,
    pending: PendingWildDrawFour,
    victim: int,
    challenged: bool,
    extra_penalty: int,
    *,
    take_back: bool = True,
) -> None:
    """Settle the victim's ``accept`` or ``challenge`` of a pending Wild Draw Four.

    Accepted, or challenged when legal, it stands: the victim draws four (a failed challenge
    ``extra_penalty`` more) and loses her turn. Challenged when illegal, it goes back to its
    player, who draws four, and the victim (the challenger) plays her turn normally.

    With ``take_back=False`` (a variant's reading in which an upheld challenge only makes the
    offender draw), an illegal Wild Draw Four challenged stays where it was played: it is
    settled as kept (``keep_wild_draw_four``), its player draws four, and play goes on with
    the challenger's turn (``play_on``), who draws nothing and is not skipped.
    """
    if challenged:
        table.emit(shared_event(Challenged, victim, pending.seat, pending.illegal))
        if pending.illegal and not take_back:
            rules.keep_wild_draw_four(table, state, pending)
            rules.penalise(table, state, pending.seat, ILLEGAL_WILD_DRAW_FOUR)
            rules.play_on(table, state, pending.seat, victim)
            return
        if pending.illegal:
            rules.take_back(table, state, pending)
            drew = rules.penalise(table, state, pending.seat, ILLEGAL_WILD_DRAW_FOUR)
            rules.after_take_back(table, state, victim, drew)
            return
    penalty = failed_challenge(extra_penalty) if challenged else WILD_DRAW_FOUR
    rules.keep_wild_draw_four(table, state, pending)
    rules.penalise(table, state, victim, penalty)
    table.emit(shared_event(Skipped, pending.seat, victim, "WD4"))
    rules.play_on(table, state, pending.seat, seats.next_seat(1, victim))


# -- Uno --------------------------------------------------------------------------------------


def uno_missed(table: Table, seat: int, called: bool, left: int) -> bool:
    """After ``seat``'s play leaves her ``left`` pieces: note her call; True if she missed it.

    A call is made with the play that leaves one piece; with that play and no call, the next
    player to decide may catch her.
    """
    if called:
        table.emit(shared_event(UnoCalled, seat))
        return False
    return left == 1


def may_catch(offender: int | None, seat: int, pieces_left: int) -> bool:
    """Whether ``seat`` may catch ``offender``, who holds ``pieces_left`` pieces and missed Uno.

    Only another player may catch her, and only while she still holds a single piece.
    """
    return offender is not None and offender != seat and pieces_left == 1


CATCH_BY = ("next", "any-opponent")
"""The readings of who may catch a missed Uno, as a variant's ``catch_by`` option offers them.

``"next"``: only the next player to act, at her first decision. ``"any-opponent"``: every
opponent, before the next player's first move (see [`catchers`][unodice.core.uno.catchers]).
"""


def catchers(seats: Seats, offender: int, actor: int, any_opponent: bool) -> tuple[int, ...]:
    """The seats that may catch ``offender`` before ``actor`` makes her first move, in order.

    The last seat is always ``actor``, the next player to act: she may catch at her first
    decision, among the moves of her turn. With ``any_opponent`` every other opponent comes
    first, one decision each (catch or decline), in play order from the seat after the
    offender. A seat is asked once at most, and nobody is asked after a catch: the caught
    player then holds three pieces, so the window is closed for all.

    Examples: four players, play running up, seat 0 missed her call and seat 1 is next:
    ``(2, 3, 1)``. Seat 0 laid an S, so seat 2 is next: ``(1, 3, 2)``. Two players: ``(1,)``
    either way.
    """
    if not any_opponent:
        return (actor,)
    others = tuple(
        seat for seat in seats.order_from(offender)[1:] if seat != actor and seat != offender
    )
    return (*others, actor)


def catch(rules: UnoRules[Any], table: Table, state: Any, catcher: int, offender: int) -> None:
    """``catcher`` catches ``offender`` without Uno: the offender draws two."""
    table.emit(shared_event(Caught, catcher, offender))
    rules.penalise(table, state, offender, MISSED_UNO)
