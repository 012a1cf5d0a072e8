"""Moves and events: immutable records with a stable ``kind`` and a JSON form.

A [`Move`][unodice.core.moves.Move] is a decision a seat makes; its ``str()`` is the variant's short
notation, which the variant parses back and records store. An [`Event`][unodice.core.moves.Event] is
something that happened: the observable history that logs, user interfaces, statistics and
house-rule hooks read. Variants subclass both; the core defines the events every game shares.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, TypeVar

import attrs

from unodice.core.pieces import Die, Domino, Face
from unodice.core.values import Value, fields_of

__all__ = [
    "Event",
    "GameEnded",
    "Move",
    "MovePlayed",
    "RoundEnded",
    "RoundStarted",
    "Scored",
    "WordMove",
    "shared_event",
    "to_json",
]

_AnEvent = TypeVar("_AnEvent", bound="Event")


class Move(Value):
    """Base class of every move. Subclasses set ``kind`` and define ``__str__`` as notation.

    A move is a [`Value`][unodice.core.values.Value]: a subclass declares its fields as annotations,
    and nothing can change a move once made, so every game may share one.
    """

    kind: ClassVar[str] = "move"

    def to_json(self) -> str:
        """A move's JSON form is its notation."""
        return str(self)


class WordMove(Move):
    """A move without parameters, written as one word: its ``kind`` (``draw``, ``accept`` …).

    Subclasses only set ``kind`` (and a docstring naming the rule).
    """

    def __str__(self) -> str:
        return self.kind


class Event(Value):
    """Base class of every event. Subclasses set ``kind`` and declare their fields.

    An event is a [`Value`][unodice.core.values.Value], as a move is.
    """

    kind: ClassVar[str] = "event"

    def to_json(self) -> dict[str, Any]:
        """``{"kind": ..., field: value, ...}`` with pieces, colours and moves as notation."""
        data: dict[str, Any] = {"kind": self.kind}
        for name, value in fields_of(self).items():
            data[name] = to_json(value)
        return data


@functools.lru_cache(maxsize=1 << 16)
def shared_event(kind: Callable[..., _AnEvent], *fields: int | str | bool | None) -> _AnEvent:
    """The event ``kind(*fields)``, made once and then handed out again.

    Events are immutable, so every game may share one object for the same event: a game keeps
    its whole history, and events that recur (a skip, a pass, a one-tile draw) then cost it a
    reference each rather than an object each. Meant for events whose fields are seats, counts,
    flags and a few words; the most recent 65,536 distinct events are kept.
    """
    return kind(*fields)


def to_json(value: Any) -> Any:
    """Turn event and view values into JSON-ready data.

    Faces become their code (``"r5"``), colours their name, dice ``{"id", "faces"}``, dominoes
    ``{"id", "ends"}``, moves their notation, other [values][unodice.core.values.Value] and attrs
    records dicts of their fields, tuples lists.
    """
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, Face):
        return value.code
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, Move):
        return str(value)
    if isinstance(value, Die):
        return {"id": value.id, "faces": [f.code for f in value.faces]}
    if isinstance(value, Domino):
        return {"id": value.id, "ends": [f.code for f in value.ends]}
    if isinstance(value, Event):
        return value.to_json()
    if isinstance(value, Mapping):
        return {str(to_json(k)): to_json(v) for k, v in value.items()}
    if isinstance(value, Value):
        return {name: to_json(field) for name, field in fields_of(value).items()}
    if attrs.has(type(value)):
        return {f.name: to_json(getattr(value, f.name)) for f in attrs.fields(type(value))}
    if isinstance(value, list | tuple | frozenset | set):
        items = [to_json(v) for v in value]
        return sorted(items, key=repr) if isinstance(value, frozenset | set) else items
    raise TypeError(f"cannot express {type(value).__name__} as JSON")


class RoundStarted(Event):
    """A round (a single game within a match) begins.

    Attributes:
        round: The round number, from 1. The variant's own events that follow say who starts.
    """

    kind: ClassVar[str] = "round-started"
    round: int


class MovePlayed(Event):
    """A seat made a decision.

    Attributes:
        seat: Who decided.
        move: What they chose.
    """

    kind: ClassVar[str] = "move-played"
    seat: int
    move: Move


class Scored(Event):
    """Points were added to a seat's match total.

    Attributes:
        seat: Who scored.
        points: How many points (after any house rule).
        reason: What the points are for, in words.
    """

    kind: ClassVar[str] = "scored"
    seat: int
    points: int
    reason: str


class RoundEnded(Event):
    """A round is over.

    Attributes:
        round: The round number, from 1.
        winners: The seats that won the round (several on a tie; none when nobody did).
        points: The points each seat scored in the round.
    """

    kind: ClassVar[str] = "round-ended"
    round: int
    winners: tuple[int, ...]
    points: tuple[int, ...]


class GameEnded(Event):
    """The game (the whole match) is over.

    Attributes:
        scores: Final match totals, per seat.
        winners: The seats that won (ties share the win).
    """

    kind: ClassVar[str] = "game-ended"
    scores: tuple[int, ...]
    winners: tuple[int, ...]
