"""Fixed spaces for learning agents: a numbering of every move, and a layout of every view.

Learning agents want a fixed set of actions and observations of a fixed size, where the game
offers a different tuple of legal moves at every decision and a view of named data. A variant
that supports learning inherits [`Spaces`][unodice.core.capabilities.Spaces] and states both
once, for given options and seat count:

* its **action catalogue**, [`actions`][unodice.core.capabilities.Spaces.actions]: every move
  that can ever be legal, in a stable, documented order. An
  [`ActionCatalogue`][unodice.core.spaces.ActionCatalogue] numbers them and turns a move into its
  index and back; [`catalogue`][unodice.core.spaces.catalogue] makes one per variant, options and
  seats, once.
* its **observation layout**,
  [`observation_layout`][unodice.core.capabilities.Spaces.observation_layout]: named slots of
  numbers from 0 to 1, and [`encode_view`][unodice.core.capabilities.Spaces.encode_view], which
  writes a view into them.
  It reads only the view, so an observation holds nothing the seat may not see.
  [`view_encoder`][unodice.core.capabilities.Spaces.view_encoder] may give a faster way to
  the same numbers, for the views of one game after another.

Nothing here needs NumPy: [`unodice.rl`][unodice.rl] (the ``rl`` extra) builds the arrays and the
PettingZoo and Gymnasium environments on top.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol, TypeAlias

import attrs

from unodice.core.capabilities import Spaces, missing
from unodice.core.errors import PluginError, UnodiceError
from unodice.core.moves import Move
from unodice.core.variant import AnyVariant, View

__all__ = [
    "ActionCatalogue",
    "Buffer",
    "Slot",
    "ViewEncoder",
    "catalogue",
    "encode",
    "observation_size",
]


class Buffer(Protocol):
    """Where an observation or a mask is written: a list, an ``array``, a NumPy array."""

    def __getitem__(self, index: int, /) -> Any: ...

    def __setitem__(self, index: int, value: Any, /) -> None: ...

    def __len__(self) -> int: ...


ViewEncoder: TypeAlias = Callable[[View, Buffer], None]
"""What writes a view into a buffer, as ``encode_view`` does (see
[`view_encoder`][unodice.core.capabilities.Spaces.view_encoder])."""


@attrs.frozen
class Slot:
    """Part of an observation: ``size`` numbers from 0 to 1 that mean one thing.

    Attributes:
        name: A short name (``"hand"``, ``"centre"``).
        size: How many numbers the slot holds.
        meaning: What they say, one line, for the layout table of the docs.
    """

    name: str
    size: int
    meaning: str


class ActionCatalogue:
    """Every move of a game's action space, numbered from 0.

    Args:
        moves: The moves, in the variant's order; none may repeat.
        variant: The variant's name, for messages.

    Raises:
        PluginError: A move repeats, or is not a move.
    """

    __slots__ = ("_aliases", "_by_identity", "_index", "_own", "moves", "variant")

    def __init__(self, moves: Iterable[Move], variant: str = "?"):
        self.moves: tuple[Move, ...] = tuple(moves)
        """The moves, by index."""
        self.variant = variant
        """The variant's name."""
        index: dict[Move, int] = {}
        for number, move in enumerate(self.moves):
            if not isinstance(move, Move):
                raise PluginError(variant, f"action {number} is {type(move).__name__}, not a move")
            if move in index:
                raise PluginError(
                    variant,
                    f"the action catalogue holds {str(move)!r} twice (at "
                    f"{index[move]} and {number})",
                )
            index[move] = number
        self._index = index
        # The same numbers by the moves' identities: a variant whose legal moves are the very
        # objects of its catalogue (most are) has them numbered without hashing a move. The
        # catalogue holds its moves, so no other object can have one of these identities.
        self._own = {id(move): number for move, number in index.items()}
        # Those, and the numbers of other objects equal to a catalogue's move that were
        # numbered (a variant's legal moves are often objects of its own, handed out again and
        # again). Each such object is held in ``_aliases``, so that its identity stays its own;
        # they are forgotten all at once past a bound.
        self._by_identity = dict(self._own)
        self._aliases: list[Move] = []

    def __len__(self) -> int:
        return len(self.moves)

    def index(self, move: Move) -> int:
        """The index of ``move``.

        Raises:
            UnodiceError: The move is not in the catalogue: the variant's ``actions`` left out
                a move its rules offer.
        """
        try:
            return self._index[move]
        except (KeyError, TypeError):
            raise UnodiceError(
                f"{str(move)!r} is not in {self.variant}'s action catalogue of {len(self)} "
                "moves: the variant's actions() must list every move that can be legal"
            ) from None

    def move(self, index: int) -> Move:
        """The move numbered ``index``.

        Raises:
            UnodiceError: There is no such index.
        """
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(self):
            raise UnodiceError(
                f"action {index!r} is not in {self.variant}'s catalogue: actions are whole "
                f"numbers from 0 to {len(self) - 1}"
            )
        return self.moves[index]

    def mask(self, legal: Iterable[Move], out: Buffer) -> None:
        """Set ``out[i]`` to 1 for each legal move's index (``out`` starts at zeros)."""
        for number in self.indices(legal):
            out[number] = 1

    def indices(self, legal: Iterable[Move]) -> list[int]:
        """The indices of ``legal``, in the order given.

        Raises:
            UnodiceError: A move is not in the catalogue (see ``index``).
        """
        moves = legal if isinstance(legal, (tuple, list)) else tuple(legal)
        numbers: list[int | None] = list(map(self._by_identity.get, map(id, moves)))
        if None in numbers:
            # A move equal to one of the catalogue's but another object: found by value the
            # first time.
            for place, move in enumerate(moves):
                if numbers[place] is None:
                    numbers[place] = self._alias(move)
        return numbers  # type: ignore[return-value]  # no None is left

    def _alias(self, move: Move) -> int:
        """The number of ``move``, another object than the catalogue's, from now on known by id."""
        number = self.index(move)
        if len(self._aliases) >= _MAX_ALIASES:
            self._aliases.clear()
            self._by_identity = dict(self._own)
        self._aliases.append(move)
        self._by_identity[id(move)] = number
        return number


_MAX_ALIASES = 1 << 14
"""The most move objects other than its own a catalogue remembers the numbers of."""

_CATALOGUES: dict[tuple[type, Any, int], ActionCatalogue] = {}
_MAX_CATALOGUES = 64


def catalogue(variant: AnyVariant) -> ActionCatalogue:
    """The action catalogue of a game's variant, made once per variant class, options and seats.

    Raises:
        Unsupported: The variant has no [`Spaces`][unodice.core.capabilities.Spaces] (the
            message says what to implement).
        PluginError: Its catalogue repeats a move.
    """
    key = (type(variant), variant.options, variant.player_count)
    found = _CATALOGUES.get(key)
    if found is None:
        if not isinstance(variant, Spaces):
            raise missing(variant, Spaces, "number the moves for learning agents")
        found = ActionCatalogue(variant.actions(), variant.name)
        if len(_CATALOGUES) >= _MAX_CATALOGUES:
            _CATALOGUES.pop(next(iter(_CATALOGUES)))
        _CATALOGUES[key] = found
    return found


def observation_size(variant: AnyVariant) -> int:
    """How many numbers an observation of ``variant`` holds (the sum of its slots' sizes).

    Raises:
        Unsupported: The variant has no [`Spaces`][unodice.core.capabilities.Spaces].
    """
    return sum(slot.size for slot in _layout(variant))


def encode(view: View, out: Buffer) -> None:
    """Write ``view`` into ``out``, a sequence of ``observation_size`` zeros.

    Raises:
        Unsupported: The view's variant has no [`Spaces`][unodice.core.capabilities.Spaces].
    """
    variant = view._rules
    if not isinstance(variant, Spaces):
        raise missing(variant, Spaces, "encode a view for learning agents")
    variant.encode_view(view, out)


def _layout(variant: AnyVariant) -> Sequence[Slot]:
    if not isinstance(variant, Spaces):
        raise missing(variant, Spaces, "lay out an observation for learning agents")
    return variant.observation_layout()
