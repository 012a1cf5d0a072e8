"""The game: one match of one variant, from setup to final scores.

[`new_game`][unodice.core.setup.new_game] (in [`unodice.core.setup`][unodice.core.setup]) makes a
[`Game`][unodice.core.game.Game]. The game advances by itself through everything that is not a
choice and stops at each decision: [`to_act`][unodice.core.game.Game.to_act] is the seat that
must choose and [`legal_moves`][unodice.core.game.Game.legal_moves] what it may choose.
[`play`][unodice.core.game.Game.play] carries out one choice (or refuses it, leaving the game
exactly as it was) and returns what happened as events.

``new_game``, ``parse_game_string`` and ``SEED_LIMIT`` are importable from here too, as they
were before they moved to ``unodice.core.setup``.
"""

from __future__ import annotations

import random
import weakref
from array import array
from collections.abc import Callable, Mapping, MutableSequence, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, TypeVar, TypeVarTuple

import attrs
import pluggy

from unodice.core._quoting import brief
from unodice.core.capabilities import Inventory, Positions, Resampling, Text, missing
from unodice.core.chance import Chance
from unodice.core.errors import (
    GameBroken,
    IllegalMove,
    InvalidOptions,
    InvalidPosition,
    PluginError,
    UnodiceError,
)
from unodice.core.history import History, Log
from unodice.core.hooks import PROJECT, HookSpecs
from unodice.core.moves import (
    Event,
    GameEnded,
    Move,
    MovePlayed,
    RoundEnded,
    RoundStarted,
    Scored,
    shared_event,
)
from unodice.core.options import options_to_json
from unodice.core.positions import Header, options_text, same_pieces
from unodice.core.recording import make_record
from unodice.core.registry import HouseRule
from unodice.core.variant import AnyVariant, RoundOutcome, Seen, State, View

if TYPE_CHECKING:
    from unodice.core.setup import SEED_LIMIT as SEED_LIMIT
    from unodice.core.setup import new_game as new_game
    from unodice.core.setup import parse_game_string as parse_game_string

__all__ = ["Game"]

_MOVED_TO_SETUP = frozenset({"SEED_LIMIT", "new_game", "parse_game_string"})

# A move packs the history's entries once this many have been added since it was last packed
# (see unodice.core.history): the events of the last few moves stay as they were emitted.
_PACK_EVERY = 32


def __getattr__(name: str) -> Any:
    """``new_game``, ``parse_game_string`` and ``SEED_LIMIT``, from where they now live.

    Found on first use rather than imported with this module: ``unodice.core.setup`` builds on
    the game, so importing it here would go round in a circle.
    """
    if name in _MOVED_TO_SETUP:
        from unodice.core import setup

        return getattr(setup, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_NO_MOVERS = array("B")
"""Copied for a new log's movers: a copy of an empty array costs less than making one."""

_new_object: Callable[..., Any] = object.__new__
_new_tuple: Callable[..., Any] = tuple.__new__
"""Makes a value (see unodice.core.values) from its fields, without its class's ``__new__``."""

_T = TypeVar("_T")
_Args = TypeVarTuple("_Args")

_UNREAD_VIEWS_KEPT = 64
"""How many unread views a game lists before it first forgets those let go of (see
``Game.view``); it looks again each time the list doubles (tests/core/test_unread_views.py)."""


def _same_move(legal: Sequence[Move], move: Move) -> Move | None:
    """The legal move equal to ``move``, compared by the legal move's own class.

    Only a move of exactly the same class is compared, and with that class's equality, so an
    object whose own ``__eq__`` says yes to everything matches nothing.
    """
    kind = type(move)
    for candidate in legal:
        if type(candidate) is kind and candidate.__eq__(move) is True:
            return candidate
    return None


def _not_a_number(value: object) -> str:
    """A hint for a number given where a move is expected: it is taken for an index."""
    if isinstance(value, int) and not isinstance(value, bool):
        return f"; for the legal move at place {value}, use game.legal_moves()[{value}]"
    return ""


class _RuleHooks:
    """The rule hooks of the house rules one game uses (none: no dispatch at all)."""

    def __init__(self, rules: Sequence[HouseRule]):
        self.rules = {rule.name: rule for rule in rules}
        self.manager = pluggy.PluginManager(PROJECT)
        self.manager.add_hookspecs(HookSpecs)
        # pluggy calls the most recently registered plugin first; registering in reverse makes
        # the first house rule named by the game the first one asked.
        for rule in reversed(rules):
            self.manager.register(rule.hooks, name=f"house-rule:{rule.name}")
        # The event hooks, in the order pluggy would call them; each is called on its own (see
        # Game._tell_hooks), so that one observer's failure keeps no other from hearing.
        self.observers = tuple(reversed(self.manager.hook.unodice_event.get_hookimpls()))

    def fault(self, hook: str, error: BaseException | str, after: str = "") -> PluginError:
        """A `PluginError` naming the house rule whose ``hook`` failed with ``error``.

        The culprit is the rule whose hook function appears in the error's traceback; when it
        cannot be told (a returned value was wrong), every rule implementing the hook is named.
        ``after`` is added to the message: what became of the move.
        """
        impls = getattr(self.manager.hook, hook).get_hookimpls()
        culprits = [impl.plugin_name.split(":", 1)[1] for impl in impls]
        trace = error.__traceback__ if isinstance(error, BaseException) else None
        while trace is not None:
            found = self._implementer(impls, trace.tb_frame)
            if found is not None:
                culprits = [found]
            trace = trace.tb_next
        why = error if isinstance(error, str) else f"{type(error).__name__}: {error}"
        rules = ", ".join(repr(name) for name in culprits)
        plugin = self.rules[culprits[0]].plugin if culprits else "?"
        return PluginError(plugin, f"house rule {rules} failed in {hook}: {why}{after}")

    @staticmethod
    def _implementer(impls: Sequence[Any], frame: Any) -> str | None:
        """The house rule whose hook function is running in ``frame``, if any."""
        for impl in impls:
            if getattr(impl.function, "__code__", None) is not frame.f_code:
                continue
            this = frame.f_locals.get("self")
            # Two rules may share a hook class: their instances tell them apart.
            if this is None or this is impl.plugin:
                return str(impl.plugin_name).split(":", 1)[1]
        return None


class _Table:
    """The core's services to the variant (see `unodice.core.variant.Table`)."""

    __slots__ = ("_game", "emit", "playing")

    def __init__(self, game: Game):
        self._game = game
        # Whether the game is carrying out a move, dealing or setting up, while house rules'
        # hooks may run: a hook may read the game then, never play it.
        self.playing = False
        # Variants emit several events per decision, and an event only joins the history (house
        # rules hear of a move's events once it is complete), so emit is the list's own append,
        # the cheapest call there is.
        self.emit: Callable[[Event], None] = game._events.append

    @property
    def chance(self) -> Chance:
        return self._game._chance

    @property
    def players(self) -> int:
        return self._game.players

    @property
    def round(self) -> int:
        return self._game._round

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(self._game._totals)

    @property
    def house_rules(self) -> tuple[str, ...]:
        return self._game.house_rules

    def score(self, seat: int, points: int, reason: str, context: Mapping[str, Any]) -> int:
        game = self._game
        if game._hooks is not None:
            try:
                changed = game._hooks.manager.hook.unodice_score(
                    game=game, seat=seat, points=points, reason=reason, context=context
                )
            except Exception as error:
                raise game._hooks.fault("unodice_score", error) from error
            if changed is not None:
                if type(changed) is not int:
                    raise game._hooks.fault(
                        "unodice_score", f"returned {brief(changed)}, not a whole number"
                    )
                points = changed
        game._totals[seat] += points
        game._round_points[seat] += points
        self.emit(shared_event(Scored, seat, points, reason))  # points recur: shared
        return points

    def end_round(self, winners: Sequence[int]) -> None:
        self._game._round_winners = tuple(winners)


class Game:
    """One match of one variant. Make it with [`new_game`][unodice.core.setup.new_game].

    A plugin's fault is always told apart from a refusal. An exception raised by a house rule's
    hook comes out as a [`PluginError`][unodice.core.errors.PluginError] naming the house rule, and
    a variant that breaks the core's contract (no legal move for the seat to act, the turn given
    to no seat) as a ``PluginError`` naming its plugin. An exception raised inside the variant's
    own code keeps its type (callers may rely on it) and carries a note naming the plugin and
    what the game was doing.

    Attributes:
        variant: The variant instance (its ``name``, ``title`` and ``options``).
        players: Number of seats.
        options: The checked options.
        seed: The seed of the game's chance (a record replays from it and its outcomes);
            ``None`` for a determinized game (see
            [`determinize`][unodice.core.game.Game.determinize]), whose chance is fresh.
        house_rules: The names of the house rules in force.
        plugin: The name of the plugin that provides the variant, for error messages.
        start_position: The position the game was started from (see
            [`unodice.core.positions`][unodice.core.positions]), or ``None`` for a game set up by
            its
            rules; records keep it, so that such a game replays.
        state: The variant's state of the current round. It is the variant's own object:
            read it in tests and tools, but change the game only through ``play``.
        round_end_states: The states of every round that ended in the latest move (or setup)
            that ended any, in order: one move may end a round and the next as it is set up.
    """

    def __init__(
        self,
        variant: AnyVariant,
        *,
        seed: int,
        chance: Chance | None = None,
        house_rules: Sequence[HouseRule] = (),
        plugin: str | None = None,
        position: Header | None = None,
        pause_between_rounds: bool = False,
    ):
        # A game has 29 attributes: with a 30th, CPython 3.11 stops sharing the attribute
        # names between instances and every game holds 1.3 kB more (see the benchmark's memory;
        # tests/core/test_game_size.py fails when one is added).
        self.variant = variant
        self.players = variant.player_count
        self.options = variant.options
        self.seed: int | None = seed
        self.plugin = plugin or type(variant).__module__
        self.house_rules: tuple[str, ...] = tuple(rule.name for rule in house_rules)
        self._chance = chance if chance is not None else Chance(seed)
        self._hooks = _RuleHooks(house_rules) if house_rules else None
        # The history. A move stands in the event list for its MovePlayed event, with the seat
        # that played it in _movers (a byte each): a long match keeps thousands, and the event
        # objects would double what a game holds. The events and moves properties read it back.
        self._log = self._empty_log()
        self._events: list[Event | Move | int] = self._log.entries
        self._movers: MutableSequence[int] = self._log.movers
        self._broken: str | None = None
        # Why the game cannot be recorded (a copy without history, a determinized game).
        self._unrecordable: str | None = None
        # Moves played on this game object: a view remembers it, to know the game moved on.
        self._plays = 0
        self._table = _Table(self)
        self._totals = [0] * self.players
        self._round = 0
        self._round_points = [0] * self.players
        self._round_winners: tuple[int, ...] | None = None
        self._over = False
        self._winners: tuple[int, ...] = ()
        self.round_end_states: tuple[State, ...] = ()
        self._legal: tuple[Move, ...] | None = None
        # The views handed out since the game last changed whose data is not read yet.
        self._unread_views: list[weakref.ref[View]] = []
        self._by_text: dict[str, Move] | None = None
        self.start_position: str | None = None
        self._pause_between_rounds = pause_between_rounds
        # The outcome of a round just ended, while the game waits for next_round().
        self._paused: RoundOutcome | None = None
        self._table.playing = True
        try:
            if position is None:
                self.state: State = self._start_round(None)
            else:
                self.state = self._start_at(position)
            self._settle()
            if self._hooks is not None:
                self._tell_hooks(0, None)
        except Exception as error:
            self._note(error, "setting up the game")
            raise
        finally:
            self._table.playing = False

    # -- public questions ----------------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        """The seat that must decide now; ``None`` once the game is over or between rounds."""
        return None if self._over or self._paused is not None else self.state.to_act

    @property
    def between_rounds(self) -> bool:
        """Whether the game waits at the end of a round for its next to be dealt.

        Only a game started with ``pause_between_rounds=True`` waits, until
        [`next_round`][unodice.core.game.Game.next_round] is called: ``state``, ``view``,
        ``render`` and ``round_end_state`` then show the round as it ended.
        """
        return self._paused is not None

    def next_round(self) -> tuple[Event, ...]:
        """Deal the next round of a game waiting between rounds; return the events of the deal.

        Raises:
            UnodiceError: The game is not waiting between rounds.
        """
        self._check_usable()
        self._check_not_playing("next_round")
        outcome = self._paused
        if outcome is None:
            raise UnodiceError(
                "the game is not between rounds: only a game started with "
                "pause_between_rounds=True waits there, after a round has ended"
            )
        if self._unread_views:
            self._read_unread_views()
        mark = len(self._events)
        self._paused = None
        self._legal = self._by_text = None
        table = self._table
        table.playing = True
        try:
            self.state = self._start_round(outcome)
            self._settle()
            self._plays += 1  # views made before the deal are out of date
            if self._hooks is not None:
                self._tell_hooks(mark, None)  # house rules hear of the deal, as after a move
        finally:
            table.playing = False
        return tuple(self._events[mark:])  # type: ignore[arg-type]

    @property
    def round_end_state(self) -> State | None:
        """The state the latest round ended in (the next round has its own), or ``None``.

        ``None`` before any round has ended: read it to see how a round finished.
        """
        return self.round_end_states[-1] if self.round_end_states else None

    @property
    def is_over(self) -> bool:
        """Whether the match has ended."""
        return self._over

    @property
    def scores(self) -> tuple[int, ...]:
        """Match totals, per seat (the sum of every ``Scored`` event so far)."""
        return tuple(self._totals)

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning seats once the game is over (several on a tie); empty before."""
        return self._winners

    @property
    def round(self) -> int:
        """The current round's number, from 1."""
        return self._round

    @property
    def events(self) -> History[Event]:
        """Every event so far, in order: a read-only sequence, free to ask for."""
        return History(self._log, moves=False)

    @property
    def moves(self) -> History[Move]:
        """Every move played so far, in order: a read-only sequence, free to ask for."""
        return History(self._log, moves=True)

    @property
    def chance(self) -> Chance:
        """The game's source of chance (read it; do not draw from it)."""
        return self._chance

    def legal_moves(self) -> tuple[Move, ...]:
        """Every legal move for [`to_act`][unodice.core.game.Game.to_act], in a stable order.

        Empty once the game is over. Computed once per decision.

        Raises:
            PluginError: The variant offered no move to a seat that must decide.
        """
        if self._legal is None:
            if self._broken is not None:
                self._check_usable()
            if self._over or self._paused is not None:
                self._legal = ()
                return self._legal
            try:
                legal = self.variant.legal_moves(self.state)
            except Exception as error:
                self._note(error, "in legal_moves")
                raise
            if not legal:
                raise self._fault("in legal_moves", f"no legal move for seat {self.state.to_act}")
            self._legal = legal
        return self._legal

    def parse_move(self, text: str) -> Move:
        """The move ``text`` writes in the variant's notation, read as the game stands now.

        When ``text`` names a legal move, the answer is that very object of
        [`legal_moves`][unodice.core.game.Game.legal_moves], so ``game.parse_move("b5") in
        game.legal_moves()`` holds. Otherwise the variant reads it, and the answer is a move of
        the variant that is not legal now (``play`` would refuse it, saying why).

        Raises:
            IllegalMove: ``text`` is not a string, or not a move of the variant at all (the
                message says what its notation looks like).
        """
        if not isinstance(text, str):
            raise IllegalMove(
                text,
                f"expected a move's notation, a str, not {type(text).__name__}"
                + _not_a_number(text),
            )
        legal = self.legal_moves()
        written = text.strip()
        for candidate in legal:
            if str(candidate) == written:
                return candidate
        parsed: Move = self._ask_variant("in parse_move", self.variant.parse_move, text)
        return _same_move(legal, parsed) or parsed

    def is_legal(self, move: Move | str) -> bool:
        """Whether ``move`` (a move object, or its notation) is legal now.

        ``game.is_legal("decline")`` is what ``"decline" in game.legal_moves()`` means to say:
        legal moves are move objects, and a move is never equal to a string. Text that is not
        a move of the variant is not legal (``False``); an equal move of the same class is.

        Raises:
            IllegalMove: ``move`` is neither a move nor a string (an action's number, say).
        """
        if isinstance(move, str):
            try:
                move = self.parse_move(move)
            except IllegalMove:
                return False
        elif not isinstance(move, Move):
            raise IllegalMove(
                move,
                f"expected a move or its notation, not {type(move).__name__}" + _not_a_number(move),
            )
        legal = self.legal_moves()
        return any(candidate is move for candidate in legal) or _same_move(legal, move) is not None

    # -- playing -------------------------------------------------------------------------------

    def play(self, move: Move | str) -> tuple[Event, ...]:
        """Carry out a move, given as a move object or in the variant's notation.

        Returns:
            The events the move caused, in order.

        Raises:
            IllegalMove: The move is not legal now (the reason names the rule clause); the
                game is unchanged.
            PluginError: A house rule's hook failed: the error names the house rule. A score
                hook's failure refuses the move and leaves the game unchanged; an observer's
                (``unodice_event``) comes once the move is final, and the move stands. (An
                exception from the variant's own code keeps its type and gains a note naming
                the plugin; without house rules no snapshot is kept, so such a game is left
                as the failure left it.)
            UnodiceError: Called from a house rule's hook while the game carries out a move.
        """
        if self._hooks is not None:
            return self._play_with_house_rules(move)
        # Written out rather than calls to _offered, _read_unread_views and _check_turn: this
        # is every decision's path, and a call costs as much as the rest of a line here.
        chosen: Move | None = None
        legal = self._legal
        if legal:
            for candidate in legal:
                if candidate is move:
                    chosen = candidate
                    break
        if chosen is None:
            chosen = self._resolve(move)
        unread = self._unread_views
        if unread:
            for reference in unread:
                view = reference()
                if view is not None:
                    view._contents()
            unread.clear()
        events = self._events
        mark = len(events)
        if mark - self._log.packed >= _PACK_EVERY:
            self._log.pack()
        state = self.state
        seat = state.to_act
        assert seat is not None
        played: MovePlayed = _new_tuple(MovePlayed, (seat, chosen))  # MovePlayed(seat, chosen)
        try:
            self._legal = self._by_text = None
            self._movers.append(seat)
            events.append(chosen)  # it stands for `played` (see __init__)
            self.variant.apply(self._table, state, chosen)
            if self._round_winners is not None:
                self._settle()
            else:
                to_act = self.state.to_act
                if type(to_act) is not int or not 0 <= to_act < self.players:
                    self._check_turn()
        except BaseException as error:
            # No snapshot is kept without house rules, so plain games pay nothing for one: a
            # move stopped halfway (Ctrl-C, a crash in the variant) leaves the game unusable
            # rather than silently corrupt.
            self._broken = f"{type(error).__name__} while playing {str(chosen)!r}"
            self._note(error, f"playing {str(chosen)!r}")
            raise
        self._plays += 1
        return (played, *events[mark + 1 :])  # type: ignore[arg-type]

    def _play_with_house_rules(self, move: Move | str) -> tuple[Event, ...]:
        """``play`` in a game with house rules, whose hooks may refuse a move or fail.

        A score hook runs in the middle of a move and may fail there: a snapshot (one state
        copy per move) lets such a move be refused with the game left as it was. Observers hear
        of a move only once it has been carried out in full and every score hook accepted it,
        and cannot refuse it: an observer that fails is named once every other observer has
        heard of the move, which stands.
        """
        self._check_not_playing("play")
        chosen = self._offered(move) or self._resolve(move)
        if self._unread_views:
            self._read_unread_views()
        saved = self._snapshot()
        mark = len(self._events)
        seat = self.state.to_act
        assert seat is not None
        played = MovePlayed(seat, chosen)
        table = self._table
        table.playing = True
        try:
            try:
                self._legal = self._by_text = None
                self._movers.append(seat)
                self._events.append(chosen)  # it stands for `played` (see __init__)
                self.variant.apply(table, self.state, chosen)
                if self._round_winners is not None:
                    self._settle()
                else:
                    self._check_turn()
            except BaseException as error:
                self._restore(saved)
                self._note(error, f"playing {str(chosen)!r}")
                raise
            self._plays += 1
            self._tell_hooks(mark, played)
        finally:
            table.playing = False
        return (played, *self._events[mark + 1 :])  # type: ignore[arg-type]

    def _check_not_playing(self, what: str) -> None:
        """Refuse ``game.play`` or ``next_round`` called from a house rule's hook."""
        if self._table.playing:
            raise UnodiceError(
                f"game.{what}() was called while the game was carrying out a move or a deal, "
                "from a house rule's hook: a hook may read the game, not play it (the record "
                "would not replay); play on a copy (game.copy()) instead"
            )

    def _offered(self, move: Move | str) -> Move | None:
        """``move`` if it is one of the very objects ``legal_moves`` offered now, else ``None``.

        Agents hand back one of the objects offered, so this is asked first: it needs no
        other check, since a game over, paused or broken offers none.
        """
        legal = self._legal
        if legal:
            for candidate in legal:
                if candidate is move:
                    return candidate
        return None

    def _check_usable(self) -> None:
        """Refuse to go on from a move that was stopped halfway (see ``GameBroken``)."""
        if self._broken is not None:
            raise GameBroken(
                f"this game can no longer be used: it was stopped in the middle of a move "
                f"({self._broken}), so its position is neither before nor after that move; "
                "replay its record or start a new game"
            )

    def _snapshot(self) -> tuple[Any, ...]:
        # A checkpoint of chance, not a copy: a copy holds every outcome so far, which made
        # each move cost in proportion to the game's length.
        return (
            self.state.copy(),
            self._chance.checkpoint(),
            self._log,
            len(self._events),
            len(self._movers),
            list(self._totals),
            list(self._round_points),
            self._round,
            self._round_winners,
            self._over,
            self._winners,
            self._legal,
            self._by_text,
            self._paused,
        )

    def _restore(self, saved: tuple[Any, ...]) -> None:
        """Put back a snapshot; ``state`` becomes the snapshot's object, chance is rewound."""
        (
            self.state,
            chance,
            log,
            events,
            moves,
            self._totals,
            self._round_points,
            self._round,
            self._round_winners,
            self._over,
            self._winners,
            self._legal,
            self._by_text,
            self._paused,
        ) = saved
        self._chance.rewind(chance)
        # A new log, so that a history read during the refused move stays as it was read.
        self._set_log(log.truncated(events, moves))

    def _set_log(self, log: Log) -> None:
        self._log = log
        self._events = log.entries
        self._movers = log.movers
        self._table = _Table(self)

    def _fault(self, during: str, why: str) -> PluginError:
        return PluginError(self.plugin, f"variant {self.variant.name!r} failed {during}: {why}")

    def _note(self, error: BaseException, during: str) -> None:
        """Name the plugin on an exception from the variant's code (not on the library's own)."""
        if not isinstance(error, UnodiceError | KeyboardInterrupt):
            error.add_note(
                f"raised by variant {self.variant.name!r} of plugin {self.plugin!r}, {during}"
            )

    def _ask_variant(self, during: str, method: Callable[[*_Args], _T], *args: *_Args) -> _T:
        """Call one of the variant's methods, noting the plugin on any crash."""
        try:
            return method(*args)
        except Exception as error:
            self._note(error, during)
            raise

    def _resolve(self, move: Move | str) -> Move:
        if self._broken is not None:
            self._check_usable()
        if self._over:
            raise IllegalMove(move, "the game is over", self.variant.end_clause)
        if self._paused is not None:
            raise IllegalMove(
                move, f"round {self._round} is over; call next_round() to deal the next"
            )
        legal = self._legal if self._legal is not None else self.legal_moves()
        # Whatever the caller hands in, the game goes on with its own legal move object: a
        # caller's object might compare equal to anything, or change after it was checked.
        if isinstance(move, Move):
            # Agents hand back one of the very objects offered: find it by identity first.
            for candidate in legal:
                if candidate is move:
                    return candidate
            found = _same_move(legal, move)
            if found is not None:
                return found
        elif isinstance(move, str):
            if self._by_text is None:
                self._by_text = {str(m): m for m in legal}
            found = self._by_text.get(move.strip())
            if found is not None:
                return found
            parsed: Move = self._ask_variant("in parse_move", self.variant.parse_move, move)
            move = parsed
            found = _same_move(legal, move)
            if found is not None:
                return found
        else:
            raise IllegalMove(
                move,
                f"expected a move or its notation, not {type(move).__name__}" + _not_a_number(move),
            )
        raise self._refuse(move)

    def _refuse(self, move: Move) -> IllegalMove:
        """Why ``move``, which is not legal now, is refused: the variant says, if it can read it.

        A move made with fields its class does not expect (``Place(None, 0, 0)``, a half-built
        object) is refused as such rather than blamed on the variant that cannot read it.
        """
        # A move is a tuple of its fields underneath (see unodice.core.values).
        if len(move) != len(type(move)._fields):  # type: ignore[arg-type]
            return IllegalMove(
                move,
                f"a {type(move).__name__} missing some of its fields: make moves with "
                "their class, or take one from legal_moves()",
            )
        try:
            return self.variant.explain_illegal(self.state, move)
        except UnodiceError:
            raise
        except Exception as error:
            refusal = IllegalMove(
                move,
                f"not a legal move now, nor a {type(move).__name__} the rules can read "
                f"({type(error).__name__}: {brief(str(error))}): is every field of the kind "
                "its class declares?",
            )
            refusal.__cause__ = error
            return refusal

    def _tell_hooks(self, mark: int, played: MovePlayed | None) -> None:
        """Hand the events from ``mark`` on to the house rules' event hooks, in order.

        ``played`` is the ``MovePlayed`` event of the move standing at ``mark``, if any. Each
        observer hears every event; one that fails hears no more of them, and the first
        failure is raised once every other observer has heard them all.

        Raises:
            PluginError: An observer failed; the move (or deal) it observed stands.
        """
        assert self._hooks is not None
        observers = self._hooks.observers
        if not observers:
            return
        failures: dict[int, Exception] = {}
        for entry in self._events[mark:]:
            event = played if isinstance(entry, Move) and played is not None else entry
            arguments = {"game": self, "event": event}
            for index, observer in enumerate(observers):
                if index in failures:
                    continue
                try:
                    observer.function(*(arguments[name] for name in observer.argnames))
                except Exception as error:
                    failures[index] = error
        if failures:
            first = failures[min(failures)]
            what = "move" if played is not None else "deal" if mark else ""
            after = f" (the {what} it observed stands: an observer cannot refuse one)"
            raise self._hooks.fault("unodice_event", first, after if what else "") from first

    def _start_round(self, previous: RoundOutcome | None) -> State:
        self._round += 1
        self._round_points = [0] * self.players
        self._round_winners = None
        self._events.append(shared_event(RoundStarted, self._round))  # rounds recur: shared
        state: State = self.variant.start_round(self._table, previous)
        return state

    def _start_at(self, header: Header) -> State:
        """Set the game up as a position says: its header here, its body by the variant."""
        if header.players != self.players:
            raise InvalidPosition(
                f"the position is for {header.players} players, the game for {self.players}"
            )
        self._round = header.round
        self._totals = list(header.scores)
        self._round_points = list(header.points)
        if not isinstance(self.variant, Positions):
            raise missing(self.variant, Positions, "start a game from a position")
        try:
            state: State = self.variant.read_position(self._table, header.body)
        except Exception as error:
            self._note(error, "in read_position")
            raise
        if not isinstance(state, State) or state.to_act is None:
            raise InvalidPosition(
                "the position describes a round that is over; a position is of a decision"
            )
        if isinstance(self.variant, Inventory):
            locations = self.variant.piece_locations(state)
            expected = self.variant.components(state).pieces
            problem = same_pieces(locations, expected)
            if problem is not None:
                raise InvalidPosition(f"the position's pieces are not the set's: {problem}")
        self.start_position = header.write()
        return state

    def _settle(self) -> None:
        """Close finished rounds, start the next ones, end the match when it is over."""
        ended: list[State] = []
        while self._round_winners is not None:
            # A round's final state is kept before the next round is dealt (several rounds
            # may end in one move, when a round ends as it is set up).
            ended.append(self.state)
            self.round_end_states = tuple(ended)
            outcome = RoundOutcome(
                self._round, self._round_winners, tuple(self._round_points), self.state
            )
            self._events.append(RoundEnded(outcome.round, outcome.winners, outcome.points))
            if self.variant.match_over(self._totals, self._round):
                self._over = True
                self._winners = self.variant.match_winners(self._totals)
                self._events.append(GameEnded(tuple(self._totals), self._winners))
                return
            if self._pause_between_rounds:
                self._paused = outcome
                self._round_winners = None
                return
            self.state = self._start_round(outcome)
        self._check_turn()

    def _check_turn(self) -> None:
        """Refuse a variant that left the turn to nobody, or to no seat of the game."""
        to_act = self.state.to_act
        if type(to_act) is not int or not 0 <= to_act < self.players:
            if to_act is None:
                raise self._fault("to go on", "it stopped with nobody to act and no round end")
            raise self._fault("to go on", f"it gave the turn to seat {brief(to_act)}")

    # -- looking -------------------------------------------------------------------------------

    def view(self, seat: int) -> View:
        """What ``seat`` may see: public information and its own pieces, nothing hidden.

        The variant's part of the view is worked out when it is first read, so that a bot
        that does not read it does not pay for it; the view still shows the position it was
        made in, since the game reads every unread view still held before it changes.
        """
        if type(seat) is not int or not 0 <= seat < self.players:
            raise InvalidOptions(f"seat must be from 0 to {self.players - 1}, got {brief(seat)}")
        if self._broken is not None:
            self._check_usable()
        # View._unread(seat, self.variant, self, self._plays), written out: a view a decision.
        view: View = _new_object(View)
        view._seat = seat
        view._seen = None
        view._rules = self.variant
        view._game = self
        view._plays = self._plays
        unread = self._unread_views
        listed = len(unread)
        if listed >= _UNREAD_VIEWS_KEPT and listed & (listed - 1) == 0:
            # Views asked for again and again without a move (a display polling a finished
            # game): forget those let go of, so that the list does not grow without end. Only
            # at each power of two, so that a caller who holds on to many views does not pay
            # for a pass over them at every call.
            unread[:] = [reference for reference in unread if reference() is not None]
        unread.append(weakref.ref(view))
        return view

    def _read_view(self, seat: int) -> View:
        """``seat``'s view (a valid seat), read at once rather than when first read.

        For a caller that reads every view it asks for straight away, as the learning
        environments do: such a view is not listed among those to read before the game
        changes, which ``view`` does for a view that may be read later.
        """
        if self._broken is not None:
            self._check_usable()
        plays = self._plays
        view = View._unread(seat, self.variant, self, plays)
        view._seen = self._view_contents(seat, plays)
        return view

    def _view_contents(self, seat: int, plays: int) -> Seen:
        """What ``seat``'s view made after ``plays`` moves shows, read now (see ``view``)."""
        if plays != self._plays:  # pragma: no cover - the game reads unread views first
            raise UnodiceError("a view was read after its game changed")
        try:
            data = self.variant.view_data(self.state, seat)
        except Exception as error:
            self._note(error, "in view_data")
            raise
        to_act = None if self._over or self._paused is not None else self.state.to_act
        return to_act, tuple(self._totals), self._round, MappingProxyType(data)

    def _read_unread_views(self) -> None:
        """Before the game changes, read every view handed out and still held, not yet read.

        A view a bot let go of (as a bot that chose without reading it does) costs nothing.
        """
        for reference in self._unread_views:
            view = reference()
            if view is not None:
                view._contents()
        self._unread_views.clear()

    def svg(self, seat: int | None = None) -> str:
        """The position as an SVG picture from ``seat``'s eyes (``None``: a spectator's).

        See [`unodice.core.pictures`][unodice.core.pictures].
        """
        from unodice.core.pictures import svg

        return svg(self, seat)

    def _repr_svg_(self) -> str:
        """A spectator's picture, for Jupyter."""
        return self.svg()

    def render(self, seat: int | None = None, colour: bool = False) -> str:
        """The position as text, as the command line shows it (``seat``: whose eyes).

        Raises:
            InvalidOptions: ``seat`` is neither ``None`` nor a seat of the game.
        """
        if seat is not None and (type(seat) is not int or not 0 <= seat < self.players):
            raise InvalidOptions(
                f"seat must be None (everything) or from 0 to {self.players - 1}, got {brief(seat)}"
            )
        if not isinstance(self.variant, Text):
            return repr(self.state)
        return self._ask_variant("in render", self.variant.render, self.state, seat, colour)

    def position(self) -> str:
        """The game as it stands, as position text: what it takes to carry on, hidden parts too.

        [`new_game(..., position=TEXT)`][unodice.core.setup.new_game] starts a game from it that
        plays exactly as this one does from here (given the same chance). The text holds every
        hand and the bag's order: like the full record, it is the referee's, not a player's.
        See [`unodice.core.positions`][unodice.core.positions] for its form and each variant's page
        for
        its fields.

        Raises:
            UnodiceError: The game is over, or its variant does not describe positions.
        """
        self._check_usable()
        if self._over or self._paused is not None:
            raise UnodiceError(
                f"the {'game' if self._over else 'round'} is over, and a position is of a "
                "decision still to make; read game.round_end_state for how it ended"
            )
        if not isinstance(self.variant, Positions):
            raise missing(self.variant, Positions, "write a position")
        try:
            body = self.variant.write_position(self.state)
        except Exception as error:
            self._note(error, "in write_position")
            raise
        game = options_text(self.variant.name, self.options, type(self.options)())
        return Header(
            game, self.players, self._round, tuple(self._totals), tuple(self._round_points), body
        ).write()

    def copy(self, history: bool = True) -> Game:
        """An independent copy of the game, for search: playing on it leaves this one as is.

        Args:
            history: Keep the events, the moves and the chance outcomes so far (the default),
                so that the copy can be recorded like the game. ``False`` starts the copy with
                an empty history, which makes it cheaper the longer the game has gone on: what
                a search wants. Such a copy plays exactly as the game would (its chance draws
                the same future outcomes), but it cannot be recorded.
        """
        self._check_usable()
        if history:
            return self._twin(self._chance.copy(), self._log.copy())
        twin = self._twin(_without_outcomes(self._chance), self._empty_log())
        twin._unrecordable = (
            "it is a copy made without its history (copy(history=False)), for search; "
            "record the game it was copied from, or copy it with history=True"
        )
        return twin

    def __copy__(self) -> Game:
        """``copy.copy(game)`` is ``game.copy()``: a game shares no state with another."""
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        """``copy.deepcopy(game)`` is ``game.copy()``: as independent, and far cheaper."""
        return self.copy()

    def __getstate__(self) -> dict[str, Any]:
        """What a pickle keeps: everything but the views handed out and the variant's table.

        Views belong to the game object that made them; the unpickled game starts with none.
        """
        state = self.__dict__.copy()
        state["_unread_views"] = []
        state["_table"] = None  # made again for the new game object, in its place
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        # One attribute at a time, in the order kept: updating the new game's empty __dict__ in
        # one go would give it a dict of its own, half a kilobyte larger than the one whose
        # names every game shares (see __init__).
        for name, value in state.items():
            setattr(self, name, value)
        # The log pickles its entries unpacked, in a list of its own (see Log.__reduce__).
        self._events, self._movers = self._log.entries, self._log.movers
        self._table = _Table(self)

    def _empty_log(self) -> Log:
        return Log([], _NO_MOVERS[:] if self.players <= 256 else [])

    def _twin(self, chance: Chance, log: Log) -> Game:
        """A copy of the game with its own state, playing on ``chance`` and keeping ``log``."""
        twin: Game = _new_object(Game)
        # Attribute by attribute, in the order __init__ sets them, so that the copy shares its
        # attribute names with every game (see __init__), and far cheaper than updating its
        # __dict__ from this one's; tests/core/test_copies.py checks every attribute is here.
        twin.variant = self.variant
        twin.players = self.players
        twin.options = self.options
        twin.seed = self.seed
        twin.plugin = self.plugin
        twin.house_rules = self.house_rules
        twin._chance = chance
        twin._hooks = self._hooks
        twin._log = log
        twin._events = log.entries
        twin._movers = log.movers
        twin._broken = self._broken
        twin._unrecordable = self._unrecordable
        twin._plays = self._plays
        twin._table = _Table(twin)
        twin._totals = self._totals[:]
        twin._round = self._round
        twin._round_points = self._round_points[:]
        twin._round_winners = self._round_winners
        twin._over = self._over
        twin._winners = self._winners
        twin.round_end_states = self.round_end_states
        twin._legal = self._legal
        twin._unread_views = []
        twin._by_text = self._by_text
        twin.start_position = self.start_position
        twin._pause_between_rounds = self._pause_between_rounds
        twin._paused = self._paused
        twin.state = self.state.copy()
        return twin

    def determinize(self, seat: int, rng: random.Random | int, *, history: bool = False) -> Game:
        """A game that agrees with all ``seat`` has seen, the rest of it drawn afresh.

        What ``seat`` may not see (other seats' hidden pieces, the order of the bag) is
        rearranged by the variant's [`resample`][unodice.core.capabilities.Resampling.resample], at
        random
        among the arrangements that agree with what the seat has seen, and the game's chance is
        replaced by a fresh one seeded from ``rng``, so that future rolls and draws are unknown
        too. The result is what a search that cannot peek plays on: ``seat``'s view of it is
        equal to its view of this game, and playing on it never changes this one.

        Args:
            seat: Whose knowledge the game must agree with.
            rng: A ``random.Random`` (drawn from, so successive calls differ) or an integer
                seed (the same seed gives the same determinization).
            history: Keep the history of this game (events and moves, which may name pieces
                ``seat`` has not seen: for tools, not for bots). By default the game starts
                with none, as a search wants.

        Returns:
            A new game with no seed of its own (``seed`` is ``None``); it cannot be recorded.

        Raises:
            InvalidOptions: ``seat`` is not a seat of the game, or ``rng`` is neither a
                ``random.Random`` nor a whole number.
            GameBroken: The game was stopped in the middle of a move.
        """
        if type(seat) is not int or not 0 <= seat < self.players:
            raise InvalidOptions(f"seat must be from 0 to {self.players - 1}, got {brief(seat)}")
        generator = _generator(rng)
        self._check_usable()
        log = self._log.copy() if history else self._empty_log()
        twin = self._twin(Chance(generator.getrandbits(64)), log)
        # Sealed: nothing live is shared with this game. The variant is an instance of its own
        # (whatever it keeps, a bot may read or spoil), and what only the referee may know is
        # left out: the position the game started from (every hand, the bag in its order) and
        # the states rounds ended in (hands nobody was shown).
        twin.variant = twin._ask_variant("making a variant to determinize", _fresh, self.variant)
        twin.seed = None
        twin.start_position = None
        twin.round_end_states = ()
        twin._unrecordable = (
            f"it is a determinization for seat {seat}: what that seat cannot see was made up, "
            "so no seed or outcomes lead to it; record the game it was made from"
        )
        twin._legal = twin._by_text = None
        if isinstance(twin.variant, Resampling):
            twin._ask_variant("in resample", twin.variant.resample, twin.state, seat, generator)
        if twin._paused is not None:
            twin._paused = attrs.evolve(twin._paused, state=twin.state)
        return twin

    def _determinize_view(self, seat: int, plays: int, rng: random.Random | int) -> Game:
        """``view.determinize(rng)`` for a view of ``seat`` made after ``plays`` moves."""
        if plays != self._plays:
            moved = self._plays - plays
            raise UnodiceError(
                f"this view of seat {seat} is out of date: the game has moved on by {moved} "
                f"move{'s' if moved != 1 else ''} since it was made; determinize a fresh view "
                "(game.view(seat)), or call game.determinize(seat, rng)"
            )
        return self.determinize(seat, rng)

    def record(self, seat: int | None = None) -> dict[str, Any]:
        """The game as JSON-ready data, which [`replay`][unodice.records.record.replay] reads.

        What it holds is written by [`make_record`][unodice.core.recording.make_record].

        Args:
            seat: ``None`` (the default) for the full record: the referee's document, whose
                seed and outcomes fix every deal, hidden hands included. A seat's number for
                the record that seat may be given: no seed, no outcomes, and the events as that
                seat may be told of them, marked ``redacted_for``; it cannot be replayed.

        Raises:
            InvalidOptions: ``seat`` is not a seat of the game.
            InvalidRecord: (The full record.) The game is longer than a record of it may hold.
            UnodiceError: The game cannot be recorded (a copy made without its history, a
                determinization).
            GameBroken: The game was stopped in the middle of a move.
        """
        self._check_usable()
        if self._unrecordable is not None:
            raise UnodiceError(f"this game cannot be recorded: {self._unrecordable}")
        return make_record(self, seat)

    def options_json(self) -> dict[str, Any]:
        """The options as JSON-ready data."""
        return options_to_json(self.options)

    def __repr__(self) -> str:
        status = "over" if self._over else f"seat {self.to_act} to act"
        return f"<Game {self.variant.name} players={self.players} seed={self.seed} {status}>"


def _fresh(variant: AnyVariant) -> AnyVariant:
    """A new instance of ``variant``'s class, for the same options, seats and component sets."""
    return type(variant)(variant.options, variant.player_count, variant.component_sets)


def _generator(rng: random.Random | int) -> random.Random:
    """``rng`` as a generator: itself, or a new one seeded with it."""
    if isinstance(rng, random.Random):
        return rng
    if isinstance(rng, bool) or not isinstance(rng, int):
        raise InvalidOptions(
            f"rng must be a random.Random or a whole number to seed one, not {brief(rng)}"
        )
    return random.Random(rng)


def _without_outcomes(chance: Chance) -> Chance:
    """A copy of ``chance`` that draws the same future outcomes but remembers none so far.

    Only plain seeded chance is copied so: a replaying or scripted chance reads its outcomes
    back, so it is copied whole.
    """
    if type(chance) is not Chance:
        return chance.copy()
    return chance.copy(outcomes=False)
