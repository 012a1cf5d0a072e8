"""A game on native rules: the public API of a game, stepped by a variant's C engine.

[`new_game(name, ..., native=True)`][unodice.core.setup.new_game] asks the variant's
[`Matches.native_game`][unodice.core.capabilities.Matches.native_game] for a game; a variant
with a native engine answers with a [`NativeGame`][unodice.core.native_game.NativeGame]: a
[`Game`][unodice.core.game.Game] whose position lives in the compiled engine (the engine that
plays whole matches, with the same rules code), for bots of one's own, searches and learning
environments that step a game through ``legal_moves``, ``view`` and ``play`` many times.

It is the game the Python engine plays from the same seed and moves: the same legal moves in
the same order (equal move objects, one shared object per move), the same views, the same
chance, the same scores, winners and records. What a decision needs is kept in C; the rest is
rebuilt when it is read. The game keeps the moves played as small numbers, and the first time
its events, moves, state, record or position are read it replays those moves in the Python
engine (a *shadow* game, kept and brought up to date from then on). A bot that only asks for
the legal moves, views and plays pays for none of that.

What differs between variants is a [`NativeKit`][unodice.core.native_game.NativeKit]: how the
engine's state is made, the move objects by their codes, and how a determinization deals what
a seat cannot see.

What cannot be played natively is refused by ``new_game``: house rules, a start position, a
chance of one's own, pausing between rounds, a subclass of the variant, or a build without the
native engine.
"""

from __future__ import annotations

import abc
import random
import secrets
from array import array
from collections.abc import Iterator, Sequence
from types import MappingProxyType
from typing import Any, overload

from unodice.core._quoting import brief
from unodice.core.chance import Chance
from unodice.core.errors import InvalidOptions, UnodiceError
from unodice.core.game import Game
from unodice.core.history import History
from unodice.core.moves import Event, Move
from unodice.core.native import seed_words
from unodice.core.variant import AnyVariant, Seen, State

__all__ = ["PLAYOUT_AGENTS", "NativeGame", "NativeKit", "playout_args", "start_native_game"]

Origin = tuple[Any, ...]
"""Where a native game's moves start from, so that it can be rebuilt (a shadow, a pickle):

* ``("seed", variant, seed, plugin)``: a game dealt from its seed;
* ``("copy", origin, codes)``: a copy made without history of the game that started from
  ``origin`` and played ``codes``;
* ``("determinize", origin, codes, seat, seed, deal, history)``: the determinization for
  ``seat`` of that game whose chance is seeded ``seed`` and whose hidden pieces the kit dealt
  as ``deal`` says (see [`NativeKit.deal`][unodice.core.native_game.NativeKit.deal]).
"""


class _Drawn(random.Random):
    """Hands ``Game.determinize`` what a generator gave a native game's determinization.

    The Python game draws a 64-bit seed for its chance, then shuffles its bag sorted by piece
    (the variant's ``resample``): this hands back that seed and puts the pieces in the order
    the shuffle gave, so that the Python game is the native game's determinization. (The tests
    compare the two with the Python game's own determinization from the same generator.)
    """

    def __init__(self, seed: int, bag: Sequence[int], pieces: Sequence[Any]):
        super().__init__(0)
        self._seed = seed
        self._bag = bag
        self._pieces = pieces

    def getrandbits(self, k: int, /) -> int:
        if k != 64:
            raise UnodiceError("a determinization first draws the 64-bit seed of its chance")
        return self._seed

    def shuffle(self, x: Any) -> None:
        if len(x) != len(self._bag):
            raise UnodiceError("a determinization shuffles the bag, as the engine's did")
        x[:] = [self._pieces[piece] for piece in self._bag]


class NativeKit(abc.ABC):
    """What every native game of one variant and component set shares: all of it read-only.

    A variant with native games subclasses it once. The engine's state (the C module's
    ``State``) answers ``legal()``, ``legal_codes()``, ``play(move)``, ``apply(code)``,
    ``to_act()``, ``over()``, ``totals()``, ``winners()``, ``round()``, ``view_data()``,
    ``copy(history)``, ``history()``, ``moves_played()``, ``bag()`` and
    ``determinize(bag, seed_words)``. The defaults deal a determinization as a variant whose
    only hidden pieces are the bag's order does (``resample`` shuffling the bag sorted by
    piece); a variant that hides more overrides ``deal``, ``redeal`` and ``drawn``.

    Attributes:
        objects: The move objects by their codes (``None`` where no move has that code).
        pieces: The component set's pieces by their numbers in the engine.
        piece_ids: Their ids, by the same numbers (the order ``resample`` sorts them in).
    """

    objects: Sequence[Move | None]
    pieces: tuple[Any, ...]
    piece_ids: tuple[Any, ...]
    code_type: str = "H"
    """How ``history()`` holds each move's code, as an ``array`` type code (``"H"``: 16 bits)."""

    @classmethod
    @abc.abstractmethod
    def for_variant(cls, variant: AnyVariant) -> NativeKit:
        """The kit of ``variant``'s component set (kept once made).

        Raises:
            UnodiceError: The native engine is not built (or ``UNODICE_PURE`` is set).
        """

    @abc.abstractmethod
    def start(self, variant: AnyVariant, seed: int) -> Any:
        """A new engine state: ``variant``'s game dealt from ``seed``."""

    def deal(self, engine: Any, seat: int, generator: random.Random, variant: AnyVariant) -> Any:
        """What ``seat``'s determinization deals afresh, drawn from ``generator`` (picklable).

        Called after the 64-bit seed of the new chance was drawn, as ``Game.determinize``
        does, and drawing what the variant's ``resample`` draws (``variant`` is the game's):
        by default the bag's pieces, sorted by id and shuffled.
        """
        ids = self.piece_ids
        bag = sorted(engine.bag(), key=ids.__getitem__)
        generator.shuffle(bag)
        return bag

    def view_data(self, engine: Any, seat: int) -> dict[str, Any]:
        """The variant's part of ``seat``'s view.

        By default the engine's ``view_data()``, the same for every seat (a variant whose
        pieces are all in the open).
        """
        data: dict[str, Any] = engine.view_data()
        return data

    def redeal(self, engine: Any, seed: int, deal: Any) -> None:
        """Deal ``engine`` as ``deal`` says, with chance seeded ``seed`` anew."""
        engine.determinize(deal, seed_words(seed))

    def drawn(self, seed: int, deal: Any) -> random.Random:
        """A generator that makes ``Game.determinize`` deal as ``deal`` says, chance ``seed``."""
        return _Drawn(seed, deal, self.pieces)


PLAYOUT_AGENTS = {"random": 0, "greedy": 1, "heuristic": 2}
"""The agents a native engine plays out with, by their numbers in the engine."""


def playout_args(
    agent: str, seed: int | None, until: str, max_moves: int | None
) -> tuple[int | None, int, bool, int | None]:
    """A playout's arguments, checked (see ``NativeGame.play_out``).

    Returns the engine's number of ``agent`` (``None``: it plays none of that name), the seed
    (drawn when ``None``), whether to play to the match's end, and the most moves.

    Raises:
        InvalidOptions: ``agent`` is not a name, or a bad ``seed``, ``until`` or ``max_moves``.
    """
    if not isinstance(agent, str):
        raise InvalidOptions(f"a playout's agent is given by its name, not {brief(agent)}")
    if seed is None:  # drawn for the agents that draw (the others are deterministic)
        seed = 0 if agent in ("greedy", "heuristic") else secrets.randbits(64)
    elif isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 1 << 64:
        raise InvalidOptions(f"seed must be a whole number from 0 to 2**64 - 1, got {brief(seed)}")
    if until not in ("round", "match"):
        raise InvalidOptions(f"until is 'round' or 'match', not {brief(until)}")
    if max_moves is not None and (
        isinstance(max_moves, bool) or not isinstance(max_moves, int) or max_moves < 0
    ):
        raise InvalidOptions(
            f"max_moves must be None or a whole number from 0, got {brief(max_moves)}"
        )
    return PLAYOUT_AGENTS.get(agent), seed, until == "match", max_moves


def _generator(rng: random.Random | int) -> random.Random:
    """``rng`` as a generator, as ``Game.determinize`` takes it."""
    if isinstance(rng, random.Random):
        return rng
    if isinstance(rng, bool) or not isinstance(rng, int):
        raise InvalidOptions(
            f"rng must be a random.Random or a whole number to seed one, not {brief(rng)}"
        )
    return random.Random(rng)


def _codes(data: bytes, kit: NativeKit) -> array[int]:
    """The moves' codes in ``data`` (a state's ``history()``), each of the kit's size."""
    codes = array(kit.code_type)
    codes.frombytes(data)
    return codes


def _fresh(variant: AnyVariant) -> AnyVariant:
    """A new instance of ``variant``'s class, as a determinized Python game has."""
    return type(variant)(variant.options, variant.player_count, variant.component_sets)


class _Events(Sequence[Event]):
    """The events one move of a native game caused: rebuilt when first read.

    What [`NativeGame.play`][unodice.core.native_game.NativeGame.play] returns: a
    read-only sequence equal to the tuple the Python game's ``play`` returns (and to any
    sequence of the same events).
    """

    __slots__ = ("_game", "_index", "_items")

    def __init__(self, game: NativeGame, index: int):
        self._game = game
        self._index = index
        self._items: tuple[Event, ...] | None = None

    def _read(self) -> tuple[Event, ...]:
        items = self._items
        if items is None:
            items = self._items = self._game._events_of(self._index)
            del self._game
        return items

    @overload
    def __getitem__(self, index: int) -> Event: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Event]: ...

    def __getitem__(self, index: int | slice) -> Event | Sequence[Event]:
        return self._read()[index]

    def __len__(self) -> int:
        return len(self._read())

    def __iter__(self) -> Iterator[Event]:
        return iter(self._read())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, _Events):
            return self._read() == other._read()
        if isinstance(other, tuple | list):
            return list(self._read()) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(self._read())

    def __reduce__(self) -> tuple[Any, ...]:
        return tuple, (self._read(),)


class NativeGame(Game):
    """A game whose position is kept by its variant's native engine.

    Make it with ``new_game(name, ..., native=True)`` (``"centre-die"``, ``"coverall"``,
    ``"dominoes"``). It is a
    [`Game`][unodice.core.game.Game] with the same public surface and the same answers:
    ``to_act``, ``legal_moves()``, ``play`` (a move object, an equal one, or its notation),
    ``view(seat)`` (equal to the Python game's, read lazily), ``copy``, ``determinize``
    (the same game the Python engine's ``determinize`` gives with the same ``rng``),
    ``is_over``, ``scores``, ``winners``, ``round``, ``events``, ``moves``, ``record()``,
    ``position()``, ``render`` and ``state``. The last ones are read from a Python game
    replaying the moves (see the module), and ``play`` returns the events of the move as a
    sequence rebuilt when first read.

    ``state`` is the Python state of the position, for reading: changing it changes nothing.
    """

    # Set per game to the engine's own method, so that asking costs one call into C.
    legal_moves: Any

    def __init__(
        self,
        variant: AnyVariant,
        engine: Any,
        kit: NativeKit,
        *,
        seed: int | None,
        plugin: str,
        origin: Origin,
    ):
        # Game.__init__ is not called: the engine dealt the game. These are the attributes the
        # inherited methods read (view, render, svg, options_json, copy.copy).
        self.variant = variant
        self.players = variant.player_count
        self.options = variant.options
        self.seed = seed
        self.plugin = plugin
        self.house_rules = ()
        self.start_position = None
        self._broken = None
        self._hooks = None
        self._paused = None
        self._pause_between_rounds = False
        self._plays = 0
        self._unread_views = []
        self._engine = engine
        self._kit = kit
        self._origin = origin
        self.legal_moves = engine.legal
        # The Python game replaying the moves, made when first needed; how many of the moves
        # it has played, and where each one's events start in its history.
        self._shadow_game: Game | None = None
        self._marks = array("L")
        self._by_text: dict[str, Move] | None = None
        self._by_text_of: tuple[Move, ...] = ()

    # -- public questions ----------------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        """The seat that must decide now; ``None`` once the game is over."""
        to_act: int | None = self._engine.to_act()
        return to_act

    @property
    def is_over(self) -> bool:
        """Whether the match has ended."""
        over: bool = self._engine.over()
        return over

    @property
    def scores(self) -> tuple[int, ...]:
        """Match totals, per seat."""
        totals: tuple[int, ...] = self._engine.totals()
        return totals

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning seats once the game is over (several on a tie); empty before."""
        winners: tuple[int, ...] = self._engine.winners()
        return winners

    @property
    def round(self) -> int:
        """The current round's number, from 1."""
        number: int = self._engine.round()
        return number

    @property
    def events(self) -> History[Event]:
        """Every event so far, in order (rebuilt from the moves when first read)."""
        return self._shadow().events

    @property
    def moves(self) -> History[Move]:
        """Every move played so far, in order (rebuilt from the moves when first read)."""
        return self._shadow().moves

    @property
    def chance(self) -> Chance:
        """The game's source of chance, as the Python game replaying it holds it (read it)."""
        return self._shadow().chance

    @property
    def state(self) -> State:
        """The Python state of the position, rebuilt from the moves: for reading only."""
        return self._shadow().state

    @state.setter
    def state(self, value: State) -> None:
        raise AttributeError("a native game's state is the engine's: play moves to change it")

    @property
    def round_end_states(self) -> tuple[State, ...]:
        """The states of the rounds the latest move ended (see ``Game``), rebuilt when read."""
        return self._shadow().round_end_states

    @round_end_states.setter
    def round_end_states(self, value: tuple[State, ...]) -> None:
        raise AttributeError("a native game's round end states are rebuilt from its moves")

    def next_round(self) -> tuple[Event, ...]:
        """Never waits between rounds: a native game is not started with pausing."""
        raise UnodiceError(
            "the game is not between rounds: only a game started with "
            "pause_between_rounds=True waits there, after a round has ended"
        )

    # -- playing -------------------------------------------------------------------------------

    def play(self, move: Move | str) -> Sequence[Event]:  # type: ignore[override]
        """Carry out a move, as ``Game.play`` does; its events, rebuilt when first read.

        Raises:
            IllegalMove: The move is not legal now, with the Python game's reason.
        """
        if self._unread_views:
            self._read_unread_views()
        index = self._engine.play(move)
        if index is None:
            index = self._engine.play(self._legal_move(move))
        self._plays += 1
        return _Events(self, index)

    def _legal_move(self, move: Move | str) -> Move:
        """The legal move ``move`` is (an equal move, its notation), or its refusal raised."""
        legal: tuple[Move, ...] = self._engine.legal()
        if isinstance(move, Move):
            kind = type(move)
            for candidate in legal:
                if type(candidate) is kind and candidate.__eq__(move) is True:
                    return candidate
        elif isinstance(move, str):
            by_text = self._by_text
            if by_text is None or self._by_text_of is not legal:
                by_text = self._by_text = {str(m): m for m in legal}
                self._by_text_of = legal
            found = by_text.get(move.strip())
            if found is not None:
                return found
        # Anything else is the Python game's to read and refuse, with its reasons.
        chosen = self._shadow()._resolve(move)
        for candidate in legal:
            if type(candidate) is type(chosen) and candidate == chosen:
                return candidate
        raise UnodiceError(  # pragma: no cover - the engines agree
            f"the native engine and the Python engine disagree on {str(chosen)!r}"
        )

    def play_out(
        self,
        agent: str = "heuristic",
        *,
        seed: int | None = None,
        until: str = "round",
        max_moves: int | None = None,
    ) -> int:
        """Play on in the engine, its own agent at every seat; how many moves were played.

        The engine's built-in ``agent`` (``"random"``, ``"greedy"`` or ``"heuristic"``, the
        variant's heuristic) chooses at every decision, and each move is carried out as
        [`play`][unodice.core.native_game.NativeGame.play] carries it out, to the end of the
        current round (``until="round"``: a round ended, the next one dealt, or the match
        over) or of the match (``until="match"``), or for at most ``max_moves`` moves. The
        game is left where the last move left it, its moves and events as though each had
        been played through ``play``. The moves are exactly those the Python agents of that
        name would choose, seat by seat (see
        [`unodice.play.bots.playout`][unodice.play.bots.playout], which plays any game so).

        Args:
            agent: The agent at every seat.
            seed: For ``"random"``: seat ``s`` chooses as ``RandomAgent(seat_seed(seed, s))``
                does (see [`seat_seed`][unodice.play.bots.playout.seat_seed]); a whole
                number from 0 to 2**64 - 1. ``None`` draws one at random. The other agents
                draw nothing.
            until: ``"round"`` or ``"match"``.
            max_moves: At most this many moves (``None``: no limit).

        Raises:
            InvalidOptions: An agent the engine does not play, or a bad ``seed``, ``until``
                or ``max_moves``.
        """
        kind, whole_seed, whole_match, limit = playout_args(agent, seed, until, max_moves)
        if kind is None:
            raise InvalidOptions(
                f"the native engine plays out with 'random', 'greedy' or 'heuristic', "
                f"not {brief(agent)}"
            )
        return self._play_out(kind, whole_seed, whole_match, limit)

    def _play_out(self, kind: int, seed: int, whole_match: bool, limit: int | None) -> int:
        """`play_out` with its arguments checked (see ``playout_args``)."""
        if self._unread_views:
            self._read_unread_views()
        engine = self._engine
        before = engine.moves_played()
        try:
            played: int = engine.play_out(
                kind, seed, whole_match, -1 if limit is None else min(limit, 1 << 62)
            )
        finally:
            self._plays += engine.moves_played() - before
        return played

    # -- looking -------------------------------------------------------------------------------

    def _view_contents(self, seat: int, plays: int) -> Seen:
        if plays != self._plays:  # pragma: no cover - the game reads unread views first
            raise UnodiceError("a view was read after its game changed")
        engine = self._engine
        return (
            engine.to_act(),
            engine.totals(),
            engine.round(),
            MappingProxyType(self._kit.view_data(engine, seat)),
        )

    def position(self) -> str:
        """The game as it stands, as position text (see ``Game.position``)."""
        return self._shadow().position()

    def record(self, seat: int | None = None) -> dict[str, Any]:
        """The game as JSON-ready data, the Python game's record (see ``Game.record``)."""
        return self._shadow().record(seat)

    # -- copies --------------------------------------------------------------------------------

    def copy(self, history: bool = True) -> NativeGame:
        """An independent copy (see ``Game.copy``): a copy of the engine's state."""
        origin = self._origin if history else ("copy", self._origin, self._engine.history())
        return NativeGame(
            self.variant,
            self._engine.copy(history),
            self._kit,
            seed=self.seed,
            plugin=self.plugin,
            origin=origin,
        )

    def determinize(
        self, seat: int, rng: random.Random | int, *, history: bool = False
    ) -> NativeGame:
        """The game ``Game.determinize`` gives from the same ``rng``: hidden pieces dealt anew.

        Chance is seeded anew from ``rng`` and what ``seat`` cannot see is dealt again by the
        kit, drawing from ``rng`` as the variant's ``resample`` does, so the Python engine
        gives the same game.
        """
        if type(seat) is not int or not 0 <= seat < self.players:
            raise InvalidOptions(f"seat must be from 0 to {self.players - 1}, got {brief(seat)}")
        generator = _generator(rng)
        seed = generator.getrandbits(64)
        deal = self._kit.deal(self._engine, seat, generator, self.variant)
        origin = ("determinize", self._origin, self._engine.history(), seat, seed, deal, history)
        return _determinized(self, origin)

    def __reduce__(self) -> tuple[Any, ...]:
        """A native game pickles as where it started and its moves; it is dealt again."""
        return _rebuild, (type(self._kit), self._origin, self._engine.history(), self.plugin)

    def __getstate__(self) -> dict[str, Any]:  # pragma: no cover - __reduce__ is used
        raise TypeError("a native game pickles through __reduce__")

    def __repr__(self) -> str:
        status = "over" if self.is_over else f"seat {self.to_act} to act"
        return f"<NativeGame {self.variant.name} players={self.players} seed={self.seed} {status}>"

    # -- the Python game replaying the moves ---------------------------------------------------

    def _shadow(self) -> Game:
        """The Python game at this game's position, made or brought up to date now."""
        shadow = self._shadow_game
        if shadow is None:
            shadow = self._shadow_game = _python_game(self._origin, self._kit)
        marks = self._marks
        played = self._engine.moves_played()
        if len(marks) < played:
            objects = self._kit.objects
            for code in _codes(self._engine.history(), self._kit)[len(marks) :]:
                marks.append(len(shadow._log.entries))
                move = objects[code]
                assert move is not None
                shadow.play(move)
        return shadow

    def _events_of(self, index: int) -> tuple[Event, ...]:
        """The events of the move played ``index``-th (from 0) on this game."""
        shadow = self._shadow()
        marks = self._marks
        events = shadow.events
        end = marks[index + 1] if index + 1 < len(marks) else len(events)
        return tuple(events[marks[index] : end])


def _python_game(origin: Origin, kit: NativeKit) -> Game:
    """The Python game where ``origin`` says a native game's moves start."""
    kind = origin[0]
    if kind == "seed":
        _, variant, seed, plugin = origin
        return Game(variant, seed=seed, plugin=plugin)
    game = _python_game(origin[1], kit)
    for code in _codes(origin[2], kit):
        move = kit.objects[code]
        assert move is not None
        game.play(move)
    if kind == "copy":
        return game.copy(history=False)
    seat, seed, deal, history = origin[3:]
    return game.determinize(seat, kit.drawn(seed, deal), history=history)


def _native_game(origin: Origin, kit: NativeKit, plugin: str) -> NativeGame:
    """The native game where ``origin`` says a native game's moves start."""
    kind = origin[0]
    if kind == "seed":
        _, variant, seed, _ = origin
        return start_native_game(variant, kit, seed, plugin)
    game = _native_game(origin[1], kit, plugin)
    for code in _codes(origin[2], kit):
        game._engine.apply(code)
    if kind == "copy":
        return game.copy(history=False)
    return _determinized(game, origin)


def _determinized(game: NativeGame, origin: Origin) -> NativeGame:
    """``game``'s determinization that ``origin`` describes (see ``Origin``)."""
    seed, deal = origin[4:6]
    engine = game._engine.copy(False)
    game._kit.redeal(engine, seed, deal)
    return NativeGame(
        _fresh(game.variant), engine, game._kit, seed=None, plugin=game.plugin, origin=origin
    )


def _rebuild(kind: type[NativeKit], origin: Origin, history: bytes, plugin: str) -> NativeGame:
    """Unpickle a native game: deal it again from where it started, and replay its moves."""
    root = origin
    while root[0] != "seed":
        root = root[1]
    try:
        kit = kind.for_variant(root[1])
    except UnodiceError as error:
        raise UnodiceError(f"cannot unpickle a native game: {error}") from None
    game = _native_game(origin, kit, plugin)
    for code in _codes(history, kit):
        game._engine.apply(code)
    return game


def start_native_game(variant: AnyVariant, kit: NativeKit, seed: int, plugin: str) -> NativeGame:
    """A native game of ``variant`` dealt from ``seed`` by ``kit``'s engine."""
    return NativeGame(
        variant,
        kit.start(variant, seed),
        kit,
        seed=seed,
        plugin=plugin,
        origin=("seed", variant, seed, plugin),
    )
