"""What a variant may add to its rules, each declared one way: by inheriting it.

Every variant has [`Variant`][unodice.core.variant.Variant]'s required methods. Each optional
capability below is a class to inherit beside it; inheriting one declares it, and its abstract
methods are then what the variant must implement (Python refuses to make a variant that
declares a capability and leaves one of them out):

```python
class Pig(Variant[PigState, PigMove], Positions[PigState], Text[PigState]):
    ...  # the required rules, then write_position, read_position, render and describe
```

The core, the kit and the tools ask one way, ``isinstance(variant, Positions)``, and refuse
what needs a capability the variant lacks with [`missing`][unodice.core.capabilities.missing]'s
[`Unsupported`][unodice.core.errors.Unsupported] error, which says what to implement.

| capability | methods | what it gives |
| --- | --- | --- |
| [`Positions`][unodice.core.capabilities.Positions] | `write_position`, `read_position` | \
`game.position()`, `new_game(..., position=...)` |
| [`Pictures`][unodice.core.capabilities.Pictures] | `picture` | SVG pictures (Jupyter, pages) |
| [`Spaces`][unodice.core.capabilities.Spaces] | `actions`, `observation_layout`, \
`encode_view` | the learning environments |
| [`Resampling`][unodice.core.capabilities.Resampling] | `resample` | determinized games for \
search bots |
| [`Text`][unodice.core.capabilities.Text] | `render`, `describe`, `describe_move`, `legend` \
| the command line's words |
| [`Inventory`][unodice.core.capabilities.Inventory] | `components`, `piece_locations`, \
`hidden_pieces` | checks that each piece is in one place, and hidden from whom |
| [`Reference`][unodice.core.capabilities.Reference] | `reference_legal_moves`, \
`reference_move_points`, `reference_round_points` | `check_variant(..., reference=True)` |
| [`Matches`][unodice.core.capabilities.Matches] | `match_engine` | whole matches between \
built-in agents in a faster engine, for `simulate`, `tournament` and `play_game` |

A large variant keeps each capability in a module of its own, as a class the rules class
inherits; a small one implements them in its one module.
"""

from __future__ import annotations

import abc
import random
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar, runtime_checkable

from unodice.core.errors import Unsupported
from unodice.core.moves import Event, GameEnded, Move, RoundEnded, RoundStarted, Scored
from unodice.core.pieces import ComponentSet, Die, Domino

if TYPE_CHECKING:
    from unodice.core.spaces import Buffer, Slot, ViewEncoder
    from unodice.core.variant import AnyVariant, Table, View

__all__ = [
    "CAPABILITIES",
    "BatchMatchEngine",
    "Capability",
    "Inventory",
    "MatchBatch",
    "MatchEngine",
    "MatchResult",
    "Matches",
    "Pictures",
    "Positions",
    "Reference",
    "Resampling",
    "Spaces",
    "Text",
    "describe",
    "describe_event",
    "describe_move",
    "legend",
    "missing",
]

StateT = TypeVar("StateT")
MoveT = TypeVar("MoveT")


class Capability(abc.ABC):
    """Base of the capabilities: what each may read of the variant that inherits it.

    A capability's methods run on the variant itself, so they read its checked ``options``,
    its ``player_count`` and its ``component_sets`` as the rules do.
    """

    lacking: ClassVar[str] = "does not have this capability"
    """What the variant does not do, when it does not inherit the capability."""

    name: ClassVar[str]
    options: Any
    player_count: int
    component_sets: Mapping[str, ComponentSet]


class Positions(Capability, Generic[StateT]):
    """Position text: a state written as one line and read back (see ``unodice.core.positions``)."""

    lacking = "does not describe positions"

    @abc.abstractmethod
    def write_position(self, state: StateT) -> str:
        """The variant's part of a position: ``state`` as one line of ``key=value`` fields.

        Write everything the rules need to carry on, hidden parts included (the bag in its
        order, every hand), with the writers of [`unodice.core.positions`][unodice.core.positions],
        so that ``read_position`` gives back a state that plays exactly as this one does.
        Document the fields on the variant's page.
        """

    @abc.abstractmethod
    def read_position(self, table: Table, text: str) -> StateT:
        """The state a position's body describes (what ``write_position`` wrote).

        ``table`` gives the players, the round and the match totals of the position's header;
        do not draw from its chance. Check everything: raise
        [`InvalidPosition`][unodice.core.errors.InvalidPosition] saying which field is wrong,
        and how to write it, for any text that is not a state the rules could be in. Use a
        [`PieceReader`][unodice.core.positions.PieceReader] so that each piece is where the
        text says, once. The core then checks that every piece of the set is somewhere (when
        the variant has an [`Inventory`][unodice.core.capabilities.Inventory]) and that the
        seat to act is a seat.
        """


class Pictures(Capability):
    """A picture of a view, as an SVG document (see ``unodice.core.pictures``)."""

    lacking = "draws no pictures"

    @abc.abstractmethod
    def picture(
        self,
        view: View,
        spectator: bool = False,
        *,
        last: Move | None = None,
        referee: Sequence[View] | None = None,
    ) -> str:
        """The position as an SVG document, drawn from ``view`` alone.

        With ``spectator``, draw only what every seat sees (leave out the view's own hidden
        pieces: a spectator's picture is drawn from one seat's view). Use the
        [`Canvas`][unodice.core.pictures.Canvas] and
        [`draw_face`][unodice.core.pictures.draw_face] of
        [`unodice.core.pictures`][unodice.core.pictures], and mark each piece's group with its
        ``data-piece`` (``r5@12``). Without the capability, a picture shows the text rendering.

        The two keywords are optional: a variant whose ``picture`` does not take them still
        works (the core asks its signature, and passes only what it takes).

        Args:
            view: Whose eyes the picture is drawn through.
            spectator: Draw only what every seat sees.
            last: The move that led to this position, still on the table (the core passes
                none once a new round is dealt): mark the pieces it placed that the picture
                shows (never a hidden one), with
                [`mark_last`][unodice.core.pictures.mark_last] (or ``last=True`` of
                ``draw_face``) and ``data-last`` on their group.
            referee: Every seat's view, in seat order (``view`` is the first): draw the
                referee's picture, every seat's hidden pieces face up, each from its own view,
                and no seat as the viewer. Without this keyword, the core draws the referee's
                picture as every seat's picture, one under another.
        """


class Spaces(Capability, Generic[MoveT]):
    """Fixed action and observation spaces for learning agents (see ``unodice.core.spaces``)."""

    lacking = "declares no action catalogue or observation layout for learning agents"

    @abc.abstractmethod
    def actions(self) -> Iterable[MoveT]:
        """Every move that can ever be legal in a game with these options and seats, in order.

        This is the variant's action catalogue: learning agents number the moves by their
        place in it, so keep the order stable and document it. Every move ``legal_moves`` can
        offer must be in it, once; moves that can never be legal may be left out.
        """

    @abc.abstractmethod
    def observation_layout(self) -> Sequence[Slot]:
        """The slots of an observation of a view, in order."""

    @abc.abstractmethod
    def encode_view(self, view: View, out: Buffer) -> None:
        """Write ``view`` into ``out`` (zeros, as long as the layout's slots together).

        Every number is from 0 to 1, in the slot the layout gives it. Read only the view: what
        it holds is what the seat may see, so the observation holds nothing more.
        """

    def view_encoder(self) -> ViewEncoder | None:
        """A faster encoder of this variant's views, for the learning environments; optional.

        ``None`` (the default): the environments write each view with ``encode_view``.
        Otherwise a function called as ``encode_view`` is, ``encoder(view, out)``, that writes
        exactly what ``encode_view`` writes, for views of games of this very variant object.
        An environment asks for one once per game and calls it at every step, so it may keep
        what it worked out for one view to reuse for the next (hands, the tiles laid): keyed
        by the objects it was worked out from, which it holds, as games that share the
        variant object (copies) take turns.
        """
        return None


class Resampling(Capability, Generic[StateT]):
    """Shuffling what a seat cannot see, for search bots' determinized games."""

    lacking = "does not resample hidden pieces"

    @abc.abstractmethod
    def resample(self, state: StateT, seat: int, rng: random.Random) -> None:
        """Rearrange, in place, everything in ``state`` that ``seat`` may not see.

        [`Game.determinize`][unodice.core.game.Game.determinize] calls it on a copy of the
        state, to make a position a search can play on without peeking. Draw each arrangement
        with the chance it has given what ``seat`` has seen (its own pieces, everything public,
        the events it was shown): shuffle the pieces hidden from it among the places they may
        be in, keeping how many each place holds, and keep any piece it saw go into a place
        there. Recompute or clear anything the state derived from what moved (a seat's legal
        plays, a flag that depends on a hidden hand), so the state is one the rules could
        reach. Use only ``rng``, never the table's chance.

        A variant whose only hidden thing is what the bag holds needs no resampling: every draw
        goes through chance, and the determinized game's chance is fresh.
        """


class Text(Capability, Generic[StateT]):
    """The position and the events in words, for a terminal."""

    lacking = "has no text of its own"

    @abc.abstractmethod
    def render(self, state: StateT, seat: int | None = None, colour: bool = False) -> str:
        """The position as text for a terminal (``seat``: whose eyes; ``None``: everything)."""

    def describe(self, event: Event) -> str:
        """One line of text for an event, as the command line prints it.

        Word the variant's own events and return ``describe_event(event)`` for the others: it
        words the core's events (round start and end, scores, the end of the game) and prints
        any other event's kind and fields.
        """
        return describe_event(event)

    def describe_move(self, state: StateT, move: Move) -> str:
        """A legal move as a person choosing it is shown it (the terminal's list of moves).

        Two legal moves described alike are the same choice for the player (a tile laid on
        either of two open ends that nothing tells apart, say): the terminal lists them once,
        and either's notation is still accepted. The default is the move's notation, so that
        every move is listed.
        """
        return str(move)

    def legend(self) -> str:
        """What the notation and the position's letters mean, for the terminal's ``help``.

        Lines of plain text (the faces' codes, the colours' letters, how a move is written,
        what the position's words mean). The default is ``""``: no legend, and ``help``
        shows what the variant's ``parse_move`` says its moves look like.
        """
        return ""


class Inventory(Capability, Generic[StateT]):
    """Where every piece is, and which a seat may not see: what the checks account for."""

    lacking = "does not say where its pieces are"

    @abc.abstractmethod
    def components(self, state: StateT | None = None) -> ComponentSet:
        """The component set this game uses (the checks compare locations against it)."""

    @abc.abstractmethod
    def piece_locations(self, state: StateT) -> Mapping[str, Iterable[Die | Domino]]:
        """Where every piece of the component set is, by place name: each in exactly one."""

    @abc.abstractmethod
    def hidden_pieces(self, state: StateT, seat: int) -> Iterable[Die | Domino]:
        """The pieces ``seat`` may not see (other hands, the bag)."""


class Reference(Capability, Generic[StateT, MoveT]):
    """A plain reading of the rules, kept beside a fast path to check it at every decision.

    ``check_variant(..., reference=True)`` compares the variant's legal moves and points with
    these at every decision of the games it plays. Write them from the rule pages alone, as
    plainly as the rules read, sharing nothing with the fast path but the state.
    """

    lacking = "has no plain reading of its rules to check against"

    @abc.abstractmethod
    def reference_legal_moves(self, state: StateT) -> Iterable[MoveT]:
        """Every move the seat to act may make in ``state`` (in any order)."""

    @abc.abstractmethod
    def reference_move_points(self, state: StateT, move: MoveT) -> Sequence[int]:
        """The points, per seat, that playing ``move`` in ``state`` scores by itself.

        Points scored when a round ends are ``reference_round_points``' (a variant that scores
        only at the end of a round gives zeros here).
        """

    @abc.abstractmethod
    def reference_round_points(self, state: StateT) -> Sequence[int]:
        """The points, per seat, that the end of a round scores, from the state it ended in."""


class MatchResult(Protocol):
    """What a match engine tells of one match: what a simulation tallies."""

    @property
    def winners(self) -> Sequence[int]:
        """The seats that won the match."""
        ...

    @property
    def scores(self) -> Sequence[int]:
        """Each seat's match total."""
        ...

    @property
    def rounds(self) -> int:
        """How many rounds were played."""
        ...

    @property
    def decisions(self) -> int:
        """How many moves were made."""
        ...

    @property
    def seats(self) -> Sequence[int]:
        """Per decision, the seat that chose (empty unless asked for with ``detail=1``)."""
        ...

    @property
    def choices(self) -> Sequence[int]:
        """Per decision, the index of the move chosen among the legal moves.

        The legal moves in the order the Python engine offers them; empty unless asked for
        with ``detail=1``.
        """
        ...


class MatchEngine(Protocol):
    """Plays whole matches of one setup: a variant's options, a seat count, agents."""

    def play(self, seed: int, agent_seeds: Sequence[int], *, detail: int = 0) -> MatchResult:
        """The match the game seeded ``seed`` is, between agents seeded ``agent_seeds``.

        ``detail=0`` gives the result alone; ``detail=1`` also each decision's seat and
        choice, which the arena counts per agent and ``play_game`` replays.
        """
        ...


@runtime_checkable
class BatchMatchEngine(MatchEngine, Protocol):
    """A match engine that also plays many matches in one call, which saves the time per match.

    [`simulate`][unodice.play.simulation.simulate] hands such an engine a few games at a time
    and tallies the batch; the matches must be those ``play`` plays one by one.
    """

    def play_many(self, seeds: Sequence[int], agent_seeds: Sequence[int]) -> MatchBatch:
        """The matches the games seeded ``seeds`` are (seeds below ``2**64``).

        ``agent_seeds`` holds each match's agents' seeds in turn, ``players`` per match.
        """
        ...


class MatchBatch(Protocol):
    """What a match engine tells of many matches played at once: runs of numbers, match by match.

    Entry ``i`` of each run is match ``i``'s, but for ``scores``, which holds ``players``
    numbers per match, seat by seat.
    """

    @property
    def scores(self) -> Sequence[int]:
        """Each seat's match total, match by match."""
        ...

    @property
    def winners(self) -> Sequence[int]:
        """The seats that won each match, as bits: seat ``s`` is ``1 << s``."""
        ...

    @property
    def rounds(self) -> Sequence[int]:
        """How many rounds each match took."""
        ...

    @property
    def decisions(self) -> Sequence[int]:
        """How many moves each match took."""
        ...


class Matches(Capability):
    """Whole matches between built-in agents, played by a faster engine of the variant's own.

    [`simulate`][unodice.play.simulation.simulate], the arena's
    [`tournament`][unodice.play.arena.tournament] and
    [`play_game`][unodice.play.agents.play_game] ask for an engine when every seat is an
    agent given by its registered name and no house rule is on (the one decision is
    [`native_engine`][unodice.play.agents.native_engine]), and play each game with it
    instead of the Python engine; ``play_game`` then plays the engine's choices through the
    Python game it returns. An engine must play exactly the matches the Python engine plays
    between those agents from the same seeds (the same winners, scores, rounds, decisions,
    and with ``detail=1`` the same seat and choice at each decision), so that what the caller
    gets is the same either way: the variant's tests check it at every decision.
    """

    lacking = "has no engine of its own for whole matches"

    @abc.abstractmethod
    def match_engine(self, players: int, agents: Sequence[str]) -> MatchEngine | None:
        """An engine for ``players`` seats played by ``agents``, or ``None`` when it has none.

        ``agents`` are registered names as found for this variant (``heuristic-centre-die``
        for ``heuristic``). ``None`` means the Python engine plays: an agent the engine does
        not play, an engine not built, or a subclass of the variant, whose rules may differ.
        """

    def native_game(self, seed: int, plugin: str) -> Any:
        """A game of this variant on the engine's rules, dealt from ``seed``; ``None``: none.

        What [`new_game(..., native=True)`][unodice.core.setup.new_game] asks for: a
        [`Game`][unodice.core.game.Game] (a subclass of it) that plays exactly the game the
        Python engine plays from the same seed and moves, through the same public API. The
        default is ``None``: the variant steps no game natively, and ``new_game`` says so.

        Raises:
            UnodiceError: The engine that would play it is not built.
        """
        return None


CAPABILITIES: tuple[type[Capability], ...] = (
    Positions,
    Pictures,
    Spaces,
    Resampling,
    Text,
    Inventory,
    Reference,
    Matches,
)
"""Every optional capability, in the order the docs list them."""


def missing(variant: AnyVariant, capability: type, wanted: str) -> Unsupported:
    """The error for what needs ``capability`` of a variant that does not inherit it.

    Args:
        variant: The variant asked.
        capability: One of [`CAPABILITIES`][unodice.core.capabilities.CAPABILITIES].
        wanted: What the caller wanted it for, as the message says it ("write a position").
    """
    lacking = getattr(capability, "lacking", "does not have it")
    methods = ", ".join(sorted(getattr(capability, "__abstractmethods__", ())))
    return Unsupported(
        f"cannot {wanted}: variant {variant.name!r} {lacking} (its plugin declares it by "
        f"inheriting unodice.plugin.{capability.__name__} and implementing {methods})"
    )


def describe_event(event: Event) -> str:
    """One line of text for any event: the core's in words, others by their kind and fields."""
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
    fields = " ".join(f"{key}={value}" for key, value in event.to_json().items() if key != "kind")
    return f"{event.kind} {fields}".strip()


def describe(variant: AnyVariant, event: Event) -> str:
    """``event`` in words: by the variant's [`Text`][unodice.core.capabilities.Text], if any."""
    if isinstance(variant, Text):
        return variant.describe(event)
    return describe_event(event)


def describe_move(variant: AnyVariant, state: Any, move: Move) -> str:
    """``move`` in ``state`` as a person is shown it: by the variant's ``Text``, else as written.

    See [`Text.describe_move`][unodice.core.capabilities.Text.describe_move].
    """
    method = getattr(variant, "describe_move", None) if isinstance(variant, Text) else None
    return str(move) if method is None else str(method(state, move))


def legend(variant: AnyVariant) -> str:
    """The variant's [`Text`][unodice.core.capabilities.Text] legend, or ``""``."""
    method = getattr(variant, "legend", None) if isinstance(variant, Text) else None
    return "" if method is None else str(method())
