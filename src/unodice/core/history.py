"""The history of a game, read as sequences that cost nothing to ask for.

A game keeps its history in one list: each event as it happened, and each move standing for
the ``MovePlayed`` event that records it, with the seat that played it kept beside (a byte a
move, where an event object each would double what a long match holds). ``Game.events`` and
``Game.moves`` are [`History`][unodice.core.history.History] views of that list, fixed at its
length when asked for: asking is free, reading an item costs what one item costs, so a bot that
reads the last few events at every decision does not pay for the whole history each time.
"""

from __future__ import annotations

from array import array
from bisect import bisect_left
from collections.abc import Iterator, MutableSequence, Sequence
from typing import Any, Generic, TypeVar, cast, overload

from unodice.core.moves import Event, Move, MovePlayed

__all__ = ["History"]

_Item = TypeVar("_Item", Event, Move)


class Log:
    """A game's history as kept: events and moves in order, with the movers beside.

    Attributes:
        entries: Every event, with each move standing for its ``MovePlayed``.
        movers: The seat that played each move, in order.
    """

    __slots__ = ("_positions", "entries", "movers")

    def __init__(self, entries: list[Event | Move], movers: MutableSequence[int]):
        self.entries = entries
        self.movers = movers
        self._positions: MutableSequence[int] = array("Q")

    def positions(self) -> Sequence[int]:
        """The index in ``entries`` of every move, brought up to date with the entries."""
        positions, entries = self._positions, self.entries
        if len(positions) < len(self.movers):
            start = positions[-1] + 1 if positions else 0
            for index in range(start, len(entries)):
                if isinstance(entries[index], Move):
                    positions.append(index)
        return positions

    def __reduce__(self) -> tuple[Any, ...]:
        # Written out: a compiled Log has no pickling of its own that calls __init__ right.
        return Log, (self.entries, self.movers)

    def copy(self) -> Log:
        """An independent log with the same history."""
        twin = Log(list(self.entries), self.movers[:])
        twin._positions = self._positions[:]
        return twin

    def truncated(self, entries: int, moves: int) -> Log:
        """A new log holding the first ``entries`` entries and ``moves`` moves of this one.

        The log itself is left whole, so that histories read from it stay as they were.
        """
        twin = Log(self.entries[:entries], self.movers[:moves])
        twin._positions = self._positions[:moves]
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
                    for entry in log.entries[:length]
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
