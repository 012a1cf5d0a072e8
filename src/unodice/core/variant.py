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
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeAlias, TypeVar

import attrs

from unodice.core.errors import IllegalMove, UnodiceError
from unodice.core.moves import Event, Move, to_json
from unodice.core.pieces import ComponentSet

if TYPE_CHECKING:
    from unodice.core.chance import Chance
    from unodice.core.game import Game

__all__ = [
    "MAX_MOVES",
    "AnyVariant",
    "MoveT",
    "NoOptions",
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
        seen = self._seen  # once read, what the view shows is at hand without a call
        return (self._contents() if seen is None else seen)[0]

    @property
    def scores(self) -> tuple[int, ...]:
        """Match totals per seat."""
        seen = self._seen
        return (self._contents() if seen is None else seen)[1]

    @property
    def round(self) -> int:
        """The current round number."""
        seen = self._seen
        return (self._contents() if seen is None else seen)[2]

    @property
    def data(self) -> Mapping[str, Any]:
        """The variant's part of the view, read-only (pieces as objects; see ``to_json``)."""
        seen = self._seen
        return (self._contents() if seen is None else seen)[3]

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


class Variant(abc.ABC, Generic[StateT, MoveT]):
    """Base class of every rule set: what every variant must have.

    Class attributes to set:

    * ``name`` — short identifier used everywhere (``"coverall"``);
    * ``title`` — a human title;
    * ``players`` — the allowed seat counts, a ``range``;
    * ``summary`` — one sentence for listings;
    * ``version`` — the rules' version, stored in records;
    * ``end_clause`` — the rule clause that ends the game, cited when a move comes after it;
    * ``component_option`` — the option that names the component set, when one does;
    * ``Options`` — an attrs class declared with [`option`][unodice.core.options.option].

    Methods to implement: ``start_round``, ``legal_moves``, ``apply``, ``parse_move`` and
    ``view_data``. The others have defaults a variant may override. What a variant may add
    (positions, pictures, spaces for learning agents, resampling for search, text, an
    inventory of its pieces, a plain reading of its rules) is a capability of
    [`unodice.core.capabilities`][unodice.core.capabilities], declared by inheriting it.

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
    component_option: ClassVar[str | None] = None
    """The option that names the component set a game plays with (``"dice"``), when the
    players may choose it; ``None`` when the rules fix the set."""
    Options: ClassVar[type] = NoOptions

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        from unodice.core._earlier import declare_earlier_capabilities

        declare_earlier_capabilities(cls)

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

    # -- required: the rules -----------------------------------------------------------------

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

    @abc.abstractmethod
    def view_data(self, state: StateT, seat: int) -> dict[str, Any]:
        """The variant's part of what ``seat`` may see."""

    # -- with defaults -----------------------------------------------------------------------

    def check_options(self, options: Any, players: int) -> None:
        """Refuse option combinations that depend on the player count.

        Raise [`InvalidOptions`][unodice.core.errors.InvalidOptions]; the default accepts all.
        """
        return None

    def explain_illegal(self, state: StateT, move: Move) -> IllegalMove:
        """Why ``move`` is not legal now, with the rule clause that forbids it.

        Override to give precise reasons; the default says the move is not among the legal ones.
        """
        return IllegalMove(move, f"not a legal move now for seat {state.to_act}")

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

    def match_over(self, totals: Sequence[int], rounds_played: int) -> bool:
        """Whether the match ends after ``rounds_played`` rounds. The default: one round."""
        return True

    def match_winners(self, totals: Sequence[int]) -> tuple[int, ...]:
        """The match winners: by default every seat with the highest total."""
        best = max(totals)
        return tuple(seat for seat, total in enumerate(totals) if total == best)

    def move_limit(self) -> int:
        """The most moves a record of a game with these options may hold.

        [`replay`][unodice.records.record.replay] refuses a longer record before reading its
        moves (and one with more than ten chance outcomes a move allowed), and a game longer
        than this is not recorded, so that the library replays every record it writes. The
        default is [`MAX_MOVES`][unodice.core.variant.MAX_MOVES], 200,000, far more than a match
        of a few rounds takes. A variant whose options allow longer matches (many rounds, a
        high target) returns more, in proportion to what they allow.
        """
        return MAX_MOVES

    def gain(self, view: View, move: MoveT) -> float:
        """What a move gains at once, for greedy bots. The default: nothing."""
        return 0.0


def __getattr__(name: str) -> Any:
    if name == "Reference":
        import warnings

        from unodice.core._earlier import EarlierReference

        warnings.warn(
            "unodice.core.variant.Reference is gone: a variant's plain reading is now the "
            "Reference capability (unodice.plugin.Reference); the old name goes in unodice 0.3",
            DeprecationWarning,
            stacklevel=2,
        )
        return EarlierReference
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


AnyVariant: TypeAlias = Variant[Any, Any]
"""A variant of any state and move types, as the core holds it (``Game.variant``)."""
