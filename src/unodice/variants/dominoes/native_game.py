"""An Uno dominoes game on native rules: the kit of its `NativeGame`.

[`new_game("dominoes", ..., native=True)`][unodice.core.setup.new_game] makes a
[`NativeGame`][unodice.core.native_game.NativeGame] whose position lives in the compiled engine
(``unodice._native._dominoes``, the engine that plays whole matches, with the same rules code).
What is dominoes' own is here: the engine's ``State`` maker and its arguments, the move objects
by their codes, and how a determinization deals the tiles a seat has not seen.

A determinization is dealt by the variant's own
[`resample`][unodice.variants.dominoes.rules.UnoDominoes.resample], run on the round's state
as the engine holds it (the hands, the boneyard, the open ends, what the rules made public), so
that the hands and the boneyard are those the Python game's ``determinize`` deals from the same
generator. What the generator gave is kept, so that the Python game replaying a determinized
game is dealt the same way.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from operator import attrgetter
from types import ModuleType
from typing import Any, overload

from unodice.core.capabilities import Resampling
from unodice.core.errors import UnodiceError
from unodice.core.game import Game
from unodice.core.moves import Move
from unodice.core.native import seed_words
from unodice.core.native_game import NativeGame, NativeKit, start_native_game
from unodice.core.pieces import Bag, Domino
from unodice.core.uno import PendingWildDrawFour
from unodice.core.variant import AnyVariant

from . import native
from .kernel import plays_for
from .lookups import TileLookup
from .moves import SPINNER, Play
from .options import DominoesOptions
from .state import (
    CATCHING,
    CHALLENGE,
    DRAWN,
    OVER,
    RESCUE,
    TURN,
    DominoesState,
    Layout,
    Placement,
    open_end,
)

__all__ = ["DominoesKit", "NativeGame", "native_game"]

_PHASES = (TURN, DRAWN, CHALLENGE, RESCUE, CATCHING, OVER)
"""The phases by the engine's numbers."""

_ID = attrgetter("id")

_WORDS = 8
"""Places for the word moves, after the plays (see ``_Moves``)."""


class _Moves(Sequence[Move | None]):
    """The move object of each engine code, made the first time a game of the set needs it.

    A code holds a play's way to lay, open end, colour and call (see
    [`decode_move`][unodice.variants.dominoes.native.decode_move]); the objects are kept in a
    list by a dense index of those, which the engine fills too (calling ``decode``). Plays on
    open ends are the play lookup's own shared objects, those on the spinner made once here.
    """

    __slots__ = ("_lookups", "_plays", "lines", "objects")

    def __init__(self, lookups: TileLookup):
        self._lookups = lookups
        self._plays = plays_for(lookups)
        self.lines = lookups.max_lines + 1
        self.objects: list[Move | None] = [None] * (lookups.lay_count * self.lines * 10 + _WORDS)

    def place(self, code: int) -> int:
        """The place of ``code`` in ``objects`` (the engine's ``object_index``)."""
        kind = code & 15
        if kind:
            return len(self.objects) - _WORDS + kind
        colour = (code >> 5) & 7
        return (((code >> 16) * self.lines + ((code >> 8) & 0xFF)) * 5 + colour) * 2 + (
            (code >> 4) & 1
        )

    def decode(self, code: int) -> Move:
        """The move object of ``code``: the shared one of the play lookup where there is one."""
        move = native.decode_move(self._lookups, code)
        end = (code >> 8) & 0xFF
        if not isinstance(move, Play) or end == SPINNER:
            return move
        lay = self._plays.landing(move).lay  # made for every line up to this one
        for shared in self._plays.plays_at(lay, end, bool(code >> 4 & 1)):
            if shared == move:
                return shared
        return move  # pragma: no cover - the lookup offers every play

    @overload
    def __getitem__(self, code: int) -> Move | None: ...

    @overload
    def __getitem__(self, code: slice) -> Sequence[Move | None]: ...

    def __getitem__(self, code: int | slice) -> Move | Sequence[Move | None] | None:
        if isinstance(code, slice):  # pragma: no cover - codes are read one at a time
            raise TypeError("move codes are read one at a time")
        index = self.place(code)
        move = self.objects[index]
        if move is None:
            move = self.objects[index] = self.decode(code)
        return move

    def __len__(self) -> int:
        return 1 << 32

    def __iter__(self) -> Iterator[Move | None]:  # pragma: no cover - not a listing
        raise TypeError("move codes are read one at a time")


class _Recorder(random.Random):
    """Hands ``resample`` a generator's draws and keeps what it gave, to give it again.

    Only ``randrange`` and ``shuffle`` are passed on (what ``resample`` draws with); anything
    else fails, so that a draw this does not keep cannot go unnoticed.
    """

    def __init__(self, generator: random.Random):
        # Not seeded (random.Random.__init__ is not called): it draws nothing of its own.
        self._generator = generator
        self.draws: list[int | tuple[Domino, ...]] = []

    def randrange(self, *args: Any, **kwargs: Any) -> int:
        drawn = self._generator.randrange(*args, **kwargs)
        self.draws.append(drawn)
        return drawn

    def shuffle(self, x: Any) -> None:
        self._generator.shuffle(x)
        self.draws.append(tuple(x))

    def getrandbits(self, k: int, /) -> int:
        raise UnodiceError("resample draws with randrange and shuffle only")

    def random(self) -> float:
        raise UnodiceError("resample draws with randrange and shuffle only")


class _Replay(random.Random):
    """Gives ``Game.determinize`` again what a generator gave a native game's determinization.

    First the 64-bit seed of its chance, then the draws of ``resample`` in order.
    """

    def __init__(self, seed: int, draws: Sequence[int | tuple[Domino, ...]]):
        # Not seeded (random.Random.__init__ is not called): it draws nothing of its own.
        self._seed: int | None = seed
        self._draws = iter(draws)

    def getrandbits(self, k: int, /) -> int:
        seed = self._seed
        if k != 64 or seed is None:
            raise UnodiceError("a determinization first draws the 64-bit seed of its chance")
        self._seed = None
        return seed

    def randrange(self, *args: Any, **kwargs: Any) -> int:
        drawn = next(self._draws)
        if not isinstance(drawn, int):
            raise UnodiceError("the determinization drew otherwise than the engine's")
        return drawn

    def shuffle(self, x: Any) -> None:
        drawn = next(self._draws)
        if not isinstance(drawn, tuple) or len(drawn) != len(x):
            raise UnodiceError("the determinization drew otherwise than the engine's")
        x[:] = drawn

    def random(self) -> float:
        raise UnodiceError("the determinization drew otherwise than the engine's")


Deal = tuple[
    tuple[int | tuple[Domino, ...], ...],  # what the generator gave resample
    tuple[tuple[int, ...], ...],  # the hands, by tile ids
    tuple[int, ...],  # the boneyard, in order
    int,  # the tile drawn, or -1
    bool,  # whether the pending Wild Draw Four is illegal
    tuple[int, ...],  # the seats still to be offered the double-Wild
]
"""How a determinization dealt the tiles (see ``DominoesKit.deal``)."""


class DominoesKit(NativeKit):
    """What every native dominoes game of one tile set shares.

    All of it is read-only but the layout the latest determinization was dealt on (open ends,
    which every seat sees), kept to copy.
    """

    __slots__ = (
        "_latest",
        "_moves",
        "faces",
        "lookups",
        "module",
        "objects",
        "piece_ids",
        "pieces",
        "tables",
    )

    code_type = "I"
    """The engine's move codes are 32-bit."""

    def __init__(self, module: ModuleType, lookups: TileLookup):
        self.module = module
        self.lookups = lookups
        self.tables = native.native_tables(module, lookups)
        faces = [face for face, _ in sorted(lookups.faces.items(), key=lambda item: item[1])]
        self.faces = tuple(faces)
        self.pieces = tuple(lookups.components.tiles)
        self.piece_ids = tuple(tile.id for tile in self.pieces)
        if self.piece_ids != tuple(range(len(self.pieces))):
            raise UnodiceError("the native engine numbers tiles by their ids")
        self._moves = _Moves(lookups)
        self.objects = self._moves
        self._latest: tuple[tuple[tuple[int, int, int], ...], Layout] | None = None

    @classmethod
    def for_variant(cls, variant: Any) -> DominoesKit:
        """The kit of ``variant``'s tile set (see ``NativeKit.for_variant``)."""
        return _kit(variant._lookups)

    def start(self, variant: AnyVariant, seed: int) -> Any:
        """The engine's state of ``variant``'s game dealt from ``seed``."""
        return self.module.new_state(
            self.tables,
            variant.player_count,
            seed_words(seed),
            _options(variant.options),
            self._moves.objects,
            self._moves.decode,
            self.pieces,
            self.faces,
            native._COLOURS,
            _PHASES,
            Placement,
            open_end,
        )

    def view_data(self, engine: Any, seat: int) -> dict[str, Any]:
        """The variant's part of ``seat``'s view, built by the engine."""
        data: dict[str, Any] = engine.view_data(seat)
        return data

    # -- determinizations ----------------------------------------------------------------------

    def deal(self, engine: Any, seat: int, generator: random.Random, variant: AnyVariant) -> Deal:
        """The tiles ``seat`` has not seen, dealt by the variant's ``resample`` from ``generator``.

        ``resample`` runs on the round's state as the engine holds it; the deal is what it
        made of the hands, the boneyard, the tile drawn, a pending Wild Draw Four's legality
        and the seats to offer the double-Wild, with what it drew.
        """
        if not isinstance(variant, Resampling):  # pragma: no cover - dominoes resamples
            raise UnodiceError("a dominoes determinization deals by the variant's resample")
        state = self._state(engine.hidden(), variant.player_count)
        recorder = _Recorder(generator)
        variant.resample(state, seat, recorder)
        pending = state.pending
        return (
            tuple(recorder.draws),
            tuple(tuple(map(_ID, hand)) for hand in state.hands),
            tuple(map(_ID, state.boneyard)),
            state.drawn.id if state.drawn is not None else -1,
            pending is not None and pending.illegal,
            state.rescuers,
        )

    def redeal(self, engine: Any, seed: int, deal: Any) -> None:
        """Deal ``engine`` as ``deal`` says, with chance seeded ``seed`` anew."""
        engine.determinize(*deal[1:], seed_words(seed))

    def drawn(self, seed: int, deal: Any) -> random.Random:
        """A generator that makes ``Game.determinize`` deal as ``deal`` says, chance ``seed``."""
        return _Replay(seed, deal[0])

    def _state(self, hidden: dict[str, Any], players: int) -> DominoesState:
        """The round's state as the engine holds it, with what ``resample`` reads."""
        tiles = self.pieces
        state = DominoesState(
            players,
            Bag([tiles[tile] for tile in hidden["boneyard"]]),
            self._layout(hidden["lines"]),
        )
        state.hands = [[tiles[tile] for tile in hand] for hand in hidden["hands"]]
        state.revealed = frozenset(hidden["revealed"])
        state.seats.current = hidden["current"]
        state.seats.direction = hidden["direction"]
        to_act = hidden["to_act"]
        state.to_act = None if to_act < 0 else to_act
        state.phase = _PHASES[hidden["phase"]]
        state.resume = _PHASES[hidden["resume"]]
        state.catchers = hidden["catchers"]
        state.drawn = tiles[hidden["drawn"]] if hidden["drawn"] >= 0 else None
        debtor = hidden["uno_debtor"]
        state.uno_debtor = None if debtor < 0 else debtor
        state.wild_draw_four_barred = frozenset(hidden["barred"])
        state.rescuers = hidden["rescuers"]
        closer = hidden["closer"]
        state.closer = None if closer < 0 else closer
        if hidden["pending"]:
            before = self._layout(hidden["before"]).snapshot()
            state.pending = PendingWildDrawFour(
                hidden["pending_seat"],
                bool(hidden["pending_illegal"]),
                (tiles[hidden["pending_tile"]], before),
            )
        return state

    def _layout(self, lines: tuple[tuple[int, int, int], ...]) -> Layout:
        """A layout with these open ends (face, colour or -1, origin), as the engine has them.

        The latest one made is kept, to copy: a search determinizes one position many times.
        """
        kept = self._latest
        if kept is not None and kept[0] == lines:
            return kept[1].copy()
        layout = Layout(self.lookups)
        faces, colours = self.faces, native._COLOURS
        for face, colour, origin in lines:
            layout._open_line(faces[face], colours[colour] if colour >= 0 else None, origin)
        self._latest = (lines, layout.copy())
        return layout


_kits: dict[int, tuple[TileLookup, DominoesKit]] = {}


def _kit(lookups: TileLookup) -> DominoesKit:
    """The kit of a tile set, made once; refused when the engine is not built or cannot play it."""
    module = native.native_module()
    if module is None:
        raise UnodiceError(
            "native=True needs the native dominoes engine, which this install does not have "
            "(it was installed without a C compiler, or UNODICE_PURE is set)"
        )
    if not native.fits_engine(lookups):
        raise UnodiceError(
            "native=True: the native dominoes engine plays tile sets of at most 64 faces "
            "and 255 lines"
        )
    kept = _kits.get(id(lookups))
    if kept is not None and kept[0] is lookups and kept[1].module is module:
        return kept[1]
    kit = DominoesKit(module, lookups)
    _kits[id(lookups)] = (lookups, kit)
    return kit


def _options(options: DominoesOptions) -> tuple[int, ...]:
    return (
        options.target,
        options.two_player_reverse_skips,
        options.failed_challenge_penalty,
        options.hand_size,
        options.all_doubles_spin,
        options.drawn_domino == "must-play",
        options.wild_draw_four_upheld == "take-back",
        options.catch_by == "any-opponent",
    )


def native_game(variant: AnyVariant, lookups: TileLookup, seed: int, plugin: str) -> Game:
    """A native game of ``variant`` (the dominoes rules themselves) dealt from ``seed``.

    Raises:
        UnodiceError: The native engine is not built (or ``UNODICE_PURE`` is set), or cannot
            play the tile set.
    """
    return start_native_game(variant, _kit(lookups), seed, plugin)
