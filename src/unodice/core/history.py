"""The history of a game, read as sequences that cost nothing to ask for.

A game keeps its history in one list: each event as it happened, and each move standing for
the ``MovePlayed`` event that records it, with the seat that played it kept beside (a byte a
move, where an event object each would double what a long match holds). ``Game.events`` and
``Game.moves`` are [`History`][unodice.core.history.History] views of that list, fixed at its
length when asked for: asking is free, reading an item costs what one item costs, so a bot that
reads the last few events at every decision does not pay for the whole history each time.

Most events cost a game a reference: they recur, and the engine hands out one shared object
for each. Those that carry a fresh roll of several dice do not recur, and an object with its
tuple of faces costs some 150 bytes. A variant may register, for such an event class, a way to
pack an event into one whole number and back
([`register_packing`][unodice.core.history.register_packing]); a game then keeps those events
packed once they are a few moves old, and rebuilds each as it is read, equal to the one
emitted. The number goes into an array beside the entries (8 bytes, where an object of its own
would take 32), and the entry becomes the tag of the event's class, a small number that costs
nothing. Only what the event itself says is packed, so nothing is kept that the event did not
hold.
"""

from __future__ import annotations

from array import array
from bisect import bisect_left
from collections.abc import Callable, Iterator, MutableSequence, Sequence
from typing import Any, Generic, TypeVar, cast, overload

from unodice.core.moves import Event, Move, MovePlayed
from unodice.core.pieces import Face

__all__ = ["History", "pack_faces", "register_packing", "unpack_faces"]

_Item = TypeVar("_Item", Event, Move)
_Packable = TypeVar("_Packable", bound=Event)

_TAGS = 256  # the tags are whole numbers CPython makes once: entries holding them cost nothing
_WORD_BITS = 64  # what one item of the array of packed events holds
_WORD_MASK = (1 << _WORD_BITS) - 1
_FACE_KINDS = 256  # a face's code is a byte
_LENGTH_BITS = 5
_LENGTH_MASK = (1 << _LENGTH_BITS) - 1

# Packing is keyed by the exact class of an event; the tag a packed entry holds says which
# class's unpacking rebuilds it. Both tables hold functions of the variants' modules
# only, never anything of a game.
_PACKERS: dict[type, tuple[Any, int]] = {}
_UNPACKERS: list[Any] = []

# Faces get small codes in the order they are first packed (faces are public constants).
# Lookups go by identity first (the faces a die shows are the set's own objects, kept alive
# here so that their ids stay theirs), then by value.
_FACES: list[Face] = []
_FACE_CODES: dict[Face, int] = {}
_FACE_CODES_BY_ID: dict[int, int] = {}
_KEPT_ALIVE: list[Face] = []

# What a log holds for its packed events until it packs one: never appended to (see Log).
_NO_WORDS = cast("MutableSequence[int]", ())
_CODE_OF_ID = _FACE_CODES_BY_ID.__getitem__
_IDENTITIES_LIMIT = 1 << 12


def register_packing(
    kind: type[_Packable],
    pack: Callable[[_Packable], int | None],
    unpack: Callable[[int], _Packable],
) -> None:
    """Keep events of class ``kind`` packed in games' histories, rebuilt when read.

    ``pack(event)`` returns a whole number from 0, or ``None`` to keep that event as it is (a
    shared one costs a game nothing more than a reference); ``unpack(number)`` rebuilds an
    event equal to the one packed. Registering a class twice keeps the first registration;
    once 256 classes are registered, further ones are kept unpacked.
    """
    if kind in _PACKERS or len(_UNPACKERS) >= _TAGS:
        return
    _PACKERS[kind] = (pack, len(_UNPACKERS))
    _UNPACKERS.append(unpack)


def _face_code(face: Face) -> int | None:
    """The code of ``face``, given it on first sight (``None`` once 256 kinds are coded)."""
    code = _FACE_CODES_BY_ID.get(id(face))
    if code is not None:
        return code
    code = _FACE_CODES.get(face)
    if code is None:
        if len(_FACES) >= _FACE_KINDS:
            return None
        code = _FACE_CODES[face] = len(_FACES)
        _FACES.append(face)
    if len(_FACE_CODES_BY_ID) < _IDENTITIES_LIMIT:
        _KEPT_ALIVE.append(face)  # so that its id is not given to another object
        _FACE_CODES_BY_ID[id(face)] = code
    return code


def pack_faces(faces: Sequence[Face], rest: int) -> int | None:
    """``rest`` (a whole number from 0) with ``faces`` packed below it, for a packer.

    A byte a face. ``None`` when there are more than 31 faces, or once faces of 256 kinds
    have been coded.
    """
    count = len(faces)
    if count > 31:
        return None
    try:
        codes = bytes(map(_CODE_OF_ID, map(id, faces)))
    except KeyError:
        found = [_face_code(face) for face in faces]
        if None in found:
            return None
        codes = bytes(cast("list[int]", found))
    return (rest << 8 * count | int.from_bytes(codes, "little")) << 5 | count  # 5: _LENGTH_BITS


def unpack_faces(value: int) -> tuple[tuple[Face, ...], int]:
    """The faces packed by [`pack_faces`][unodice.core.history.pack_faces], and its ``rest``."""
    count = value & _LENGTH_MASK
    value >>= _LENGTH_BITS
    bits = 8 * count
    codes = (value & ((1 << bits) - 1)).to_bytes(count, "little")
    return tuple(map(_FACES.__getitem__, codes)), value >> bits


class Log:
    """A game's history as kept: events and moves in order, with the movers beside.

    Attributes:
        entries: Every event, with each move standing for its ``MovePlayed``; an event of a
            class registered for packing may stand as its class's tag, a whole number.
        movers: The seat that played each move, in order.
        packed: How many entries from the start have been offered for packing.
    """

    __slots__ = ("_packed_at", "_packs", "_positions", "entries", "movers", "packed")

    def __init__(self, entries: list[Event | Move | int], movers: MutableSequence[int]):
        self.entries = entries
        self.movers = movers
        self.packed = 0
        # The index of every move, worked out when first asked for (see positions): the empty
        # tuple until then, so that a log no one reads (a search's copy) makes no array.
        self._positions: MutableSequence[int] = _NO_WORDS
        # The packed events, in order, and the index in ``entries`` of each word: empty tuples
        # until something is packed (a game that packs nothing pays for no arrays), replaced by
        # arrays before the first is appended.
        self._packs: MutableSequence[int] = _NO_WORDS
        self._packed_at: MutableSequence[int] = _NO_WORDS

    def pack(self) -> None:
        """Pack the entries added since the last call whose classes are registered for it."""
        entries = self.entries
        start, end = self.packed, len(entries)
        self.packed = end
        # The classes are looked up outside the interpreter's loop: in most variants none is
        # registered, and the loop below is then never entered.
        packers = list(map(_PACKERS.get, map(type, entries[start:end])))
        if packers.count(None) == len(packers):
            return
        if type(self._packs) is not array:  # still the empty tuples
            self._packs, self._packed_at = array("Q"), array("I")
        packs, packed_at = self._packs, self._packed_at
        for index, packer in enumerate(packers, start):
            if packer is None:
                continue
            value = packer[0](entries[index])
            if value is None:
                continue
            # A long roll takes several words, each marked with the entry's index.
            while True:
                packs.append(value & _WORD_MASK)
                packed_at.append(index)
                value >>= _WORD_BITS
                if not value:
                    break
            entries[index] = packer[1]

    def _value(self, index: int, word: int) -> tuple[int, int]:
        """The number packed for the entry at ``index`` from its first word, ``word``.

        Returns it with the index of the word after its last.
        """
        packs, packed_at = self._packs, self._packed_at
        value, shift, word_count = packs[word], _WORD_BITS, len(packs)
        word += 1
        while word < word_count and packed_at[word] == index:
            value |= packs[word] << shift
            shift += _WORD_BITS
            word += 1
        return value, word

    def unpack(self, index: int) -> Event:
        """The event that the packed entry at ``index`` stands for."""
        value = self._value(index, bisect_left(self._packed_at, index))[0]
        event: Event = _UNPACKERS[cast(int, self.entries[index])](value)
        return event

    def unpacked(self, end: int) -> list[Event | Move]:
        """The first ``end`` entries, each packed one rebuilt."""
        unpackers: list[Callable[[int], Event]] = _UNPACKERS
        read: list[Event | Move] = []
        word = 0
        for index, entry in enumerate(self.entries[:end]):
            if isinstance(entry, int):
                value, word = self._value(index, word)
                read.append(unpackers[entry](value))
            else:
                read.append(entry)
        return read

    def positions(self) -> Sequence[int]:
        """The index in ``entries`` of every move, brought up to date with the entries."""
        positions, entries = self._positions, self.entries
        if len(positions) < len(self.movers):
            if type(positions) is not array:  # still the empty tuple
                positions = self._positions = array("Q")
            start = positions[-1] + 1 if positions else 0
            for index in range(start, len(entries)):
                if isinstance(entries[index], Move):
                    positions.append(index)
        return positions

    def __reduce__(self) -> tuple[Any, ...]:
        # Packed entries are unpacked: their tags belong to this process.
        return Log, (self.unpacked(len(self.entries)), self.movers)

    def copy(self) -> Log:
        """An independent log with the same history."""
        twin = Log(list(self.entries), self.movers[:])
        twin._positions = self._positions[:]
        twin.packed = self.packed
        twin._packs = self._packs[:]
        twin._packed_at = self._packed_at[:]
        return twin

    def truncated(self, entries: int, moves: int) -> Log:
        """A new log holding the first ``entries`` entries and ``moves`` moves of this one.

        The log itself is left whole, so that histories read from it stay as they were.
        """
        twin = Log(self.entries[:entries], self.movers[:moves])
        twin._positions = self._positions[:moves]
        twin.packed = min(self.packed, entries)
        kept = bisect_left(self._packed_at, entries)
        twin._packs = self._packs[:kept]
        twin._packed_at = self._packed_at[:kept]
        return twin


class History(Sequence[_Item], Generic[_Item]):
    """A read-only sequence of a game's events or moves, as they stood when asked for.

    It compares equal to any sequence with the same items (a tuple, a list, another history),
    and slicing it gives a tuple.
    """

    __slots__ = ("_length", "_log", "_moves")

    def __init__(self, log: Log, moves: bool):
        self._log = log
        self._moves = moves
        self._length = len(log.movers) if moves else len(log.entries)

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> _Item: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[_Item, ...]: ...

    def __getitem__(self, index: int | slice) -> _Item | tuple[_Item, ...]:
        if isinstance(index, slice):
            return tuple(self._item(i) for i in range(*index.indices(self._length)))
        if index < 0:
            index += self._length
        if not 0 <= index < self._length:
            raise IndexError("history index out of range")
        item: _Item = self._item(index)  # an event or a move, as ``_moves`` says
        return item

    def _item(self, index: int) -> Any:
        log = self._log
        if self._moves:
            return log.entries[log.positions()[index]]
        entry = log.entries[index]
        if type(entry) is int:
            return log.unpack(index)
        if isinstance(entry, Move):
            return MovePlayed(log.movers[bisect_left(log.positions(), index)], entry)
        return entry

    def __iter__(self) -> Iterator[_Item]:
        # Whether the items are moves or events is ``_moves``, a value the type checker cannot
        # follow: the casts say what it selects.
        log, length = self._log, self._length
        if self._moves:
            entries = log.entries
            return iter(cast("list[_Item]", [entries[i] for i in log.positions()[:length]]))
        movers = iter(log.movers)
        return iter(
            cast(
                "list[_Item]",
                [
                    MovePlayed(next(movers), entry) if isinstance(entry, Move) else entry
                    for entry in log.unpacked(length)
                ],
            )
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, str | bytes):
            return NotImplemented
        return len(other) == self._length and all(a == b for a, b in zip(self, other, strict=True))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"History({list(self)!r})"
