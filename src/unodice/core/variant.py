"""The contract between the core and a rule set.

A variant is the rules and nothing else. It subclasses [`Variant`][unodice.core.variant.Variant],
declares its name, title, seat range and an ``Options`` class, and implements round setup, legal
moves, applying a move, notation and what each seat may see. The core
([`Game`][unodice.core.game.Game]) does the rest: validation, the event log, scores, rounds, match
totals, records and replay. A variant talks to the core through the
[`Table`][unodice.core.variant.Table] it is handed, and keeps its own mutable
[`State`][unodice.core.variant.State].
"""

from __future__ import annotations

import abc
import random
from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeAlias, TypeVar

import attrs

from unodice.core.errors import IllegalMove, UnodiceError
from unodice.core.moves import Event, GameEnded, Move, RoundEnded, RoundStarted, Scored, to_json
from unodice.core.pieces import ComponentSet, Die, Domino

if TYPE_CHECKING:
    from unodice.core.chance import Chance
    from unodice.core.game import Game
    from unodice.core.spaces import Buffer, Slot

__all__ = [
    "MAX_MOVES",
    "AnyVariant",
    "MoveT",
    "NoOptions",
    "Reference",
    "RoundOutcome",
    "State",
    "StateT",
    "Table",
    "Variant",
    "View",
]


MAX_MOVES = 200_000
"""The most moves a record may hold, unless its variant's options allow more
([`Variant.move_limit`][unodice.core.variant.Variant.move_limit]); longer ones are refused unread.
Also importable as ``unodice.records.record.MAX_MOVES``."""


@attrs.frozen
class NoOptions:
    """The ``Options`` class of a variant that has none."""


class State(abc.ABC):
    """A variant's mutable state for the current round.

    Subclasses hold whatever the rules need. The core reads ``to_act`` and calls ``copy()``.
    A subclass may declare ``__slots__`` (``to_act`` among them) to keep no ``__dict__``.
    """

    __slots__ = ()

    to_act: int | None
    """The seat that must decide now, or ``None`` when the round is over."""

    @abc.abstractmethod
    def copy(self) -> State:
        """An independent copy (the core uses it for ``Game.copy()``)."""


StateT = TypeVar("StateT", bound=State)
"""The state type a variant keeps (a subclass of [`State`][unodice.core.variant.State])."""

MoveT = TypeVar("MoveT", bound=Move)
"""The move type a variant offers and applies (a [`Move`][unodice.core.moves.Move] subclass, or a
union of them)."""


class Table(Protocol):
    """The core's services to a variant while it sets up a round or applies a move."""

    @property
    def chance(self) -> Chance:
        """The game's only source of chance: every roll and draw goes through it."""
        ...

    @property
    def players(self) -> int:
        """Number of seats."""
        ...

    @property
    def round(self) -> int:
        """The current round's number, from 1."""
        ...

    @property
    def totals(self) -> tuple[int, ...]:
        """Match totals so far, per seat."""
        ...

    @property
    def house_rules(self) -> tuple[str, ...]:
        """The names of the house rules in force.

        With none, nothing reads the context handed to ``score``, so a variant may pass an
        empty one rather than build it.
        """
        ...

    def emit(self, event: Event) -> None:
        """Append an event to the game's history."""
        ...

    def score(self, seat: int, points: int, reason: str, context: Mapping[str, Any]) -> int:
        """Add points to a seat, after house rules have had their say; return what was added."""
        ...

    def end_round(self, winners: Sequence[int]) -> None:
        """Declare the round over, won by ``winners``; the core then scores and moves on."""
        ...


@attrs.frozen
class RoundOutcome:
    """How the previous round went, handed to the next round's setup.

    Attributes:
        round: The previous round's number.
        winners: Who won it.
        points: What each seat scored in it.
        state: The state it ended in, for what carries over from one round to the next (a
            set's order of starting players); ``None`` when no state is at hand.
    """

    round: int
    winners: tuple[int, ...]
    points: tuple[int, ...]
    state: State | None = attrs.field(default=None, eq=False, repr=False)


Seen: TypeAlias = "tuple[int | None, tuple[int, ...], int, Mapping[str, Any]]"
"""What a view shows: the seat to act, the scores, the round and the variant's data."""


class View:
    """What one seat may see: everything public plus its own hidden pieces, nothing more.

    A view is the boundary between a bot and the game. It holds only immutable values (its
    ``data`` is a read-only mapping of tuples, pieces and numbers), none of which depends on
    what the seat may not see, and nothing reachable from it can change any game: it names
    the variant and carries the game's frozen options, but never hands out the variant object
    itself, whose tables and caches serve every seat. A view is equal to another view of the
    same seat with the same contents.

    A view made by [`Game.view`][unodice.core.game.Game.view] also remembers, privately, the game
    it was made from and how far that game had got, so that a bot can ask for
    [`determinize`][unodice.core.variant.View.determinize]: a game to search that agrees with all
    the view's seat has seen. That is neither part of the view's contents nor of its equality.

    Such a view is also read lazily: what it shows is asked of the game when it is first read,
    so that a bot that chooses without reading its view (a random bot) does not pay for it.
    It still shows the position it was made in: before the game changes, it fills in every
    view still held and not read yet.
    """

    # Written out rather than made by attrs: a view is made for every decision a bot takes,
    # and a frozen attrs class sets each field through object.__setattr__, which made building
    # a view cost three times as much. Read-only properties keep it as immutable. The game
    # holds its unread views by weak reference (see Game.view), hence __weakref__.
    __slots__ = ("__weakref__", "_game", "_plays", "_rules", "_seat", "_seen")
    _seen: Seen | None

    def __init__(
        self,
        seat: int,
        to_act: int | None,
        scores: tuple[int, ...],
        round: int,
        data: Mapping[str, Any],
        variant: AnyVariant,
        game: Game | None = None,
        plays: int = 0,
    ):
        self._seat = seat
        self._seen = (to_act, scores, round, MappingProxyType(data))
        self._rules = variant
        self._game = game
        self._plays = plays

    @classmethod
    def _unread(cls, seat: int, variant: AnyVariant, game: Game, plays: int) -> View:
        """A view of ``game`` that asks the game what it shows when first read."""
        view = object.__new__(cls)
        view._seat = seat
        view._seen = None
        view._rules = variant
        view._game = game
        view._plays = plays
        return view

    def _contents(self) -> Seen:
        """What the view shows, asked of its game the first time (see the class)."""
        seen = self._seen
        if seen is None:
            # An unread view of a game that has not changed since it was made: the game reads
            # its unread views before it changes.
            assert self._game is not None
            seen = self._seen = self._game._view_contents(self._seat, self._plays)
        return seen

    @property
    def seat(self) -> int:
        """Whose view it is."""
        return self._seat

    @property
    def to_act(self) -> int | None:
        """The seat that must decide now, or ``None``."""
        return self._contents()[0]

    @property
    def scores(self) -> tuple[int, ...]:
        """Match totals per seat."""
        return self._contents()[1]

    @property
    def round(self) -> int:
        """The current round number."""
        return self._contents()[2]

    @property
    def data(self) -> Mapping[str, Any]:
        """The variant's part of the view, read-only (pieces as objects; see ``to_json``)."""
        return self._contents()[3]

    @property
    def variant_name(self) -> str:
        """The name of the variant being played (``"coverall"``)."""
        return self._rules.name

    @property
    def players(self) -> int:
        """Number of seats in the game."""
        return self._rules.player_count

    @property
    def options(self) -> Any:
        """The game's options: a frozen instance of the variant's ``Options`` class."""
        return self._rules.options

    def _key(self) -> tuple[Any, ...]:
        to_act, scores, round, data = self._contents()
        return (self._seat, to_act, scores, round, dict(data))

    def __eq__(self, other: object) -> bool:
        if type(other) is not View:
            return NotImplemented
        return self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]  # its data may hold unhashable values

    def __reduce__(self) -> tuple[Any, ...]:
        """A view pickles as what it shows, with no game: it cannot determinize once unpickled."""
        to_act, scores, round, data = self._contents()
        return View, (self._seat, to_act, scores, round, dict(data), self._rules)

    def __copy__(self) -> View:
        return self  # nothing in a view changes

    def __deepcopy__(self, memo: dict[int, Any]) -> View:
        return self

    def __repr__(self) -> str:
        return (
            f"View(seat={self._seat!r}, to_act={self.to_act!r}, scores={self.scores!r}, "
            f"round={self.round!r}, data={dict(self.data)!r})"
        )

    def _repr_svg_(self) -> str:
        """The view as a picture, for Jupyter (see [`pictures`][unodice.core.pictures])."""
        from unodice.core.pictures import svg

        return svg(self)

    def gain(self, move: Move) -> float:
        """What ``move`` gains at once, by the variant's own measure (used by greedy bots)."""
        return self._rules.gain(self, move)

    def determinize(self, rng: random.Random | int) -> Game:
        """A game to search that agrees with everything this view's seat has seen.

        It is [`Game.determinize`][unodice.core.game.Game.determinize] of the game the view was
        made from, for the view's seat: what the seat may not see is resampled, and chance is
        fresh. ``rng`` is a ``random.Random`` or an integer seed.

        Raises:
            UnodiceError: The game has moved on since the view was made (a view describes one
                position), or the view was not made by a game.
        """
        if self._game is None:
            raise UnodiceError(
                "this view was not made by Game.view, so there is no game to determinize; "
                "ask the game for a view of the seat"
            )
        return self._game._determinize_view(self._seat, self._plays, rng)

    def to_json(self) -> dict[str, Any]:
        """The view as JSON-ready data."""
        return {
            "variant": self.variant_name,
            "seat": self.seat,
            "to_act": self.to_act,
            "scores": list(self.scores),
            "round": self.round,
            **to_json(dict(self.data)),
        }


class Reference(Protocol):
    """A plain reading of a variant's rules, beside its fast path, to check it against.

    A variant's ``reference.py`` module is one: three functions that read the rules straight
    from their clauses, as slowly and obviously as need be, with no tables, masks or caches.
    [`check_variant`][unodice.testing.check_variant] with ``reference=True`` compares the
    variant's fast path with it at every decision. None of the functions may change the state.
    """

    def legal_moves(self, variant: Any, state: Any) -> Iterable[Move]:
        """Every move the seat to act may make in ``state`` (in any order)."""
        ...

    def move_points(self, variant: Any, state: Any, move: Any) -> Sequence[int]:
        """The points, per seat, that playing ``move`` in ``state`` scores by itself.

        Points scored when a round ends are ``round_points``' (a variant that scores only at
        the end of a round gives zeros here).
        """
        ...

    def round_points(self, variant: Any, state: Any) -> Sequence[int]:
        """The points, per seat, that the end of a round scores, from the state it ended in."""
        ...


class Variant(abc.ABC, Generic[StateT, MoveT]):
    """Base class of every rule set.

    Class attributes to set:

    * ``name`` — short identifier used everywhere (``"coverall"``);
    * ``title`` — a human title;
    * ``players`` — the allowed seat counts, a ``range``;
    * ``summary`` — one sentence for listings;
    * ``version`` — the rules' version, stored in records;
    * ``end_clause`` — the rule clause that ends the game, cited when a move comes after it;
    * ``reference`` — the plain reading of the rules beside the fast path (its ``reference``
      module, a [`Reference`][unodice.core.variant.Reference]), when the variant ships one;
    * ``component_option`` — the option that names the component set, when one does;
    * ``Options`` — an attrs class declared with [`option`][unodice.core.options.option].

    An instance is made per game with its checked options and player count; it must not keep
    per-game mutable state itself (that goes in the [`State`][unodice.core.variant.State]).

    The class is generic over the variant's state and move types: ``class Pig(Variant[PigState,
    PigMove])`` makes ``legal_moves``, ``apply``, ``view_data`` and the rest take a ``PigState``
    and ``PigMove`` in the type checker's eyes. ``explain_illegal`` takes any
    [`Move`][unodice.core.moves.Move], since a caller may hand in a move of another variant.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    players: ClassVar[range]
    summary: ClassVar[str] = ""
    version: ClassVar[str] = "1.0"
    end_clause: ClassVar[str | None] = None
    reference: ClassVar[Reference | None] = None
    component_option: ClassVar[str | None] = None
    """The option that names the component set a game plays with (``"dice"``), when the
    players may choose it; ``None`` when the rules fix the set."""
    Options: ClassVar[type] = NoOptions

    def __init__(
        self,
        options: Any,
        players: int,
        component_sets: Mapping[str, ComponentSet] | None = None,
    ):
        self.options = options
        """The game's checked options (an instance of the variant's ``Options`` class)."""
        self.player_count = players
        """Number of seats in the game."""
        # A read-only copy: the mapping handed in may be the registry's, and a determinized
        # game's variant, which a bot holds, must not reach anything it could change.
        self.component_sets: Mapping[str, ComponentSet] = MappingProxyType(
            dict(component_sets or {})
        )
        """Component sets registered by plugins, by name (built-in sets are found by name too)."""
        self.check_options(options, players)

    def __reduce__(self) -> tuple[Any, ...]:
        """A variant pickles as what makes it: its class, options, seats and component sets.

        It is made again on the other side, with tables of its own process.
        """
        return type(self), (self.options, self.player_count, dict(self.component_sets))

    def check_options(self, options: Any, players: int) -> None:
        """Refuse option combinations that depend on the player count.

        Raise [`InvalidOptions`][unodice.core.errors.InvalidOptions]; the default accepts all.
        """
        return None

    # -- the rules ---------------------------------------------------------------------------

    @abc.abstractmethod
    def start_round(self, table: Table, previous: RoundOutcome | None) -> StateT:
        """Set up a round (a whole game, for single-round variants) and return its state.

        Advance through everything that is not a decision, so that ``state.to_act`` is the
        first seat to decide. ``previous`` is ``None`` for the first round.
        """

    @abc.abstractmethod
    def legal_moves(self, state: StateT) -> tuple[MoveT, ...]:
        """Every move ``state.to_act`` may make now, in a stable order."""

    @abc.abstractmethod
    def apply(self, table: Table, state: StateT, move: MoveT) -> None:
        """Carry out a legal move, then advance to the next decision or end the round.

        The core has already checked that ``move`` is legal.
        """

    @abc.abstractmethod
    def parse_move(self, text: str) -> MoveT:
        """Read a move from its notation.

        Raises:
            IllegalMove: The text is not a move of this variant (say what notation looks like).
        """

    def explain_illegal(self, state: StateT, move: Move) -> IllegalMove:
        """Why ``move`` is not legal now, with the rule clause that forbids it.

        Override to give precise reasons; the default says the move is not among the legal ones.
        """
        return IllegalMove(move, f"not a legal move now for seat {state.to_act}")

    # -- what seats see ----------------------------------------------------------------------

    @abc.abstractmethod
    def view_data(self, state: StateT, seat: int) -> dict[str, Any]:
        """The variant's part of what ``seat`` may see."""

    def resample(self, state: StateT, seat: int, rng: random.Random) -> None:
        """Rearrange, in place, everything in ``state`` that ``seat`` may not see.

        [`Game.determinize`][unodice.core.game.Game.determinize] calls it on a copy of the state,
        to make a position a search can play on without peeking. Draw each arrangement with the
        chance it has given what ``seat`` has seen (its own pieces, everything public, the
        events it was shown): shuffle the pieces hidden from it among the places they may be
        in, keeping how many each place holds, and keep any piece it saw go into a place
        there. Recompute or clear anything the state derived from what moved (a seat's legal
        plays, a flag that depends on a hidden hand), so the state is one the rules could
        reach. Use only ``rng``, never the table's chance.

        The default does nothing: right for a variant whose only hidden thing is what the bag
        holds, since every draw goes through chance, and the determinized game's chance is
        fresh.
        """
        return None

    # -- pictures ----------------------------------------------------------------------------

    def picture(self, view: View, spectator: bool = False) -> str | None:
        """The position as an SVG document, drawn from ``view`` alone.

        With ``spectator``, draw only what every seat sees (leave out the view's own hidden
        pieces: a spectator's picture is drawn from one seat's view). Use the
        [`Canvas`][unodice.core.pictures.Canvas] and [`draw_face`][unodice.core.pictures.draw_face]
        of
        [`unodice.core.pictures`][unodice.core.pictures], and mark each piece's group with its
        ``data-piece`` (``r5@12``). The default, ``None``, shows the text rendering instead.
        """
        return None

    # -- spaces for learning agents ----------------------------------------------------------

    def actions(self) -> Iterable[MoveT]:
        """Every move that can ever be legal in a game with these options and seats, in order.

        This is the variant's action catalogue (see [`unodice.core.spaces`][unodice.core.spaces]):
        learning
        agents number the moves by their place in it, so keep the order stable and document it.
        Every move ``legal_moves`` can offer must be in it, once; moves that can never be legal
        may be left out. The default declares none: asking for an action space then says so.
        """
        raise NotImplementedError

    def observation_layout(self) -> Sequence[Slot]:
        """The slots of an observation of a view, in order (see [`spaces`][unodice.core.spaces]).

        The default declares none.
        """
        raise NotImplementedError

    def encode_view(self, view: View, out: Buffer) -> None:
        """Write ``view`` into ``out`` (zeros, as long as the layout's slots together).

        Every number is from 0 to 1, in the slot the layout gives it. Read only the view: what
        it holds is what the seat may see, so the observation holds nothing more.
        """
        raise NotImplementedError

    # -- positions ---------------------------------------------------------------------------

    def write_position(self, state: StateT) -> str:
        """The variant's part of a position: ``state`` as one line of ``key=value`` fields.

        Write everything the rules need to carry on, hidden parts included (the bag in its
        order, every hand), with the writers of [`unodice.core.positions`][unodice.core.positions],
        so
        that [`read_position`][unodice.core.variant.Variant.read_position] gives back a state that
        plays exactly as this one does. Document the fields on the variant's page. A variant
        that does not describe positions leaves both methods alone: asking for one then says
        so.
        """
        raise NotImplementedError

    def read_position(self, table: Table, text: str) -> StateT:
        """The state a position's body describes (what ``write_position`` wrote).

        ``table`` gives the players, the round and the match totals of the position's header;
        do not draw from its chance. Check everything: raise
        [`InvalidPosition`][unodice.core.errors.InvalidPosition] saying which field is wrong, and
        how to write it, for any text that is not a state the rules could be in. Use a
        [`PieceReader`][unodice.core.positions.PieceReader] so that each piece is where the text
        says, once. The core then checks that every piece of the set is somewhere (when the
        variant implements ``piece_locations``) and that the seat to act is a seat.
        """
        raise NotImplementedError

    def hidden_pieces(self, state: StateT, seat: int) -> Iterable[Die | Domino]:
        """The pieces ``seat`` may not see (other hands, the bag). The default: none."""
        return ()

    def event_for_seat(self, event: Event, seat: int) -> dict[str, Any] | None:
        """An event as ``seat`` may be told of it, in the record made for that seat.

        Return the event's JSON form, with ``None`` in place of what the seat may not know,
        or ``None`` to leave the event out. The default keeps every event as it is: the core's
        events name no piece, and a variant's events should name a piece only once every seat
        has seen it (a tile laid on the table). A variant whose events name a piece that some
        seat does not see (a drawn tile shown to its drawer, a die that goes back into the bag)
        overrides this to hide it.
        """
        return event.to_json()

    def piece_locations(self, state: StateT) -> Mapping[str, Iterable[Die | Domino]]:
        """Where every piece of the component set is, by place name.

        Used by the conformance checks: every piece must be in exactly one place.
        """
        raise NotImplementedError

    def components(self, state: StateT | None = None) -> ComponentSet:
        """The component set this game uses (the checks compare locations against it)."""
        raise NotImplementedError

    def render(self, state: StateT, seat: int | None = None, colour: bool = False) -> str:
        """The position as text for a terminal (``seat``: whose eyes; ``None``: everything)."""
        return repr(state)

    def describe(self, event: Event) -> str:
        """One line of text for an event, as the command line prints it.

        The default words the core's events (round start and end, scores, the end of the game)
        and prints any other event's kind and fields; variants override it for their own events
        and fall back on ``super().describe(event)``.
        """
        if isinstance(event, Scored):
            return f"seat {event.seat} scores {event.points} ({event.reason})"
        if isinstance(event, RoundStarted):
            return f"round {event.round} begins"
        if isinstance(event, RoundEnded):
            won = ", ".join(f"seat {seat}" for seat in event.winners) or "nobody"
            return f"round {event.round} ends, won by {won}; points {list(event.points)}"
        if isinstance(event, GameEnded):
            won = ", ".join(f"seat {seat}" for seat in event.winners)
            return f"game over, won by {won}; scores {list(event.scores)}"
        fields = " ".join(
            f"{key}={value}" for key, value in event.to_json().items() if key != "kind"
        )
        return f"{event.kind} {fields}".strip()

    # -- the match ---------------------------------------------------------------------------

    def match_over(self, totals: Sequence[int], rounds_played: int) -> bool:
        """Whether the match ends after ``rounds_played`` rounds. The default: one round."""
        return True

    def move_limit(self) -> int:
        """The most moves a record of a game with these options may hold.

        [`replay`][unodice.records.record.replay] refuses a longer record before reading its moves
        (and one with more than ten chance outcomes a move allowed), and a game longer than
        this is not recorded, so that the library replays every record it writes. The default
        is [`MAX_MOVES`][unodice.core.variant.MAX_MOVES], 200,000, far more than a match of a few
        rounds takes. A variant whose options allow longer matches (many rounds, a high
        target) returns more, in proportion to what they allow.
        """
        return MAX_MOVES

    def match_winners(self, totals: Sequence[int]) -> tuple[int, ...]:
        """The match winners: by default every seat with the highest total."""
        best = max(totals)
        return tuple(seat for seat, total in enumerate(totals) if total == best)

    # -- helpers for agents ------------------------------------------------------------------

    def gain(self, view: View, move: MoveT) -> float:
        """What a move gains at once, for greedy bots. The default: nothing."""
        return 0.0


AnyVariant: TypeAlias = Variant[Any, Any]
"""A variant of any state and move types, as the core holds it (``Game.variant``)."""
