"""The fast path's machinery: events shared between games, so a game holds fewer objects.

A game keeps every event it emits, and most centre-die events say one of a few things again
and again: "seat 2 drew a die showing r5", "seat 1 re-rolled her hand to g2". Events are
immutable, so instead of a new object each time the engine hands out one shared object per
distinct event.

Events of seats, causes and flags alone go through the core's
[`shared_event`][unodice.core.moves.shared_event]. This module shares the ones that carry faces of
the set, keyed by face numbers (cheaper to look up than faces). Only events whose
fields all come from small sets are shared: seats, causes, reasons, the points left in
hands, and faces of at most
[`MAX_SHARED_FACES`][unodice.variants.centre_die.kernel.MAX_SHARED_FACES] dice. Each cache is
bounded by the number of such events, and by
[`CACHE_LIMIT`][unodice.variants.centre_die.kernel.CACHE_LIMIT] besides. Longer rolls differ
from one another too much to be worth sharing and are made afresh.

Every key is something every seat sees (hands are open, CD-1), so what the caches hold says
nothing hidden; the die drawn for the centre and put back into the bag is hidden, so that event
is never shared (issue 25, item 1).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from unodice.core.history import pack_faces, register_packing, unpack_faces
from unodice.core.pieces import Colour, Die, Face

from .events import (
    CentreRedrawn,
    CentreReverted,
    CentreRolled,
    Dealt,
    Drew,
    Rerolled,
    WentOut,
)

__all__ = [
    "CACHE_LIMIT",
    "MAX_SHARED_FACES",
    "SharedEvents",
]

MAX_SHARED_FACES = 2
"""Rolls of at most this many dice are shared (a standard set has 38 faces: 1,444 pairs)."""

CACHE_LIMIT = 1 << 16
"""The most entries any one cache of a dice set keeps; events beyond it are made afresh."""

_Value = TypeVar("_Value")


def _keep(cache: dict[Any, _Value], key: Any, value: _Value) -> _Value:
    """Store ``value`` under ``key`` unless the cache is full; return it."""
    if len(cache) < CACHE_LIMIT:
        cache[key] = value
    return value


class SharedEvents:
    """The shared events with faces of one dice set, keyed by face codes.

    One instance serves every game played with the set.

    Args:
        faces: The set's distinct faces, indexed by code (as in its face lookup).
    """

    def __init__(self, faces: tuple[Face, ...]):
        self._faces = faces
        self._tuples: dict[tuple[int, ...], tuple[Face, ...]] = {}
        self._rerolled: dict[tuple[int, ...], Rerolled] = {}
        self._drew: dict[tuple[Any, ...], Drew] = {}
        self._centre_rolled: dict[tuple[int, int], CentreRolled] = {}
        self._centre_reverted: dict[tuple[int, Colour | None], CentreReverted] = {}
        self._went_out: dict[tuple[int, tuple[int, ...]], WentOut] = {}

    def _faces_of(self, codes: Sequence[int]) -> tuple[Face, ...]:
        """The shared tuple of the faces ``codes`` (a short roll)."""
        key = tuple(codes)
        faces = self._tuples.get(key)
        if faces is None:
            every = self._faces
            faces = _keep(self._tuples, key, tuple([every[code] for code in codes]))
        return faces

    def rerolled(self, seat: int, codes: Sequence[int], rolled: Sequence[Face]) -> Rerolled:
        """``Rerolled(seat, faces)`` for a hand re-rolled to ``rolled`` (with its ``codes``)."""
        if len(codes) > MAX_SHARED_FACES:
            return Rerolled(seat, tuple(rolled))
        key = (seat, *codes)
        event = self._rerolled.get(key)
        if event is None:
            event = _keep(self._rerolled, key, Rerolled(seat, self._faces_of(codes)))
        return event

    def drew(
        self, seat: int, codes: Sequence[int], rolled: Sequence[Face], wanted: int, reason: str
    ) -> Drew:
        """``Drew(seat, faces, wanted, reason)`` for dice drawn and rolled to ``rolled``."""
        if len(codes) > MAX_SHARED_FACES:
            return Drew(seat, tuple(rolled), wanted, reason)
        key = (seat, wanted, reason, *codes)
        event = self._drew.get(key)
        if event is None:
            event = _keep(self._drew, key, Drew(seat, self._faces_of(codes), wanted, reason))
        return event

    def centre_rolled(self, seat: int, code: int) -> CentreRolled:
        """``CentreRolled(seat, face)`` for the face numbered ``code``."""
        key = (seat, code)
        event = self._centre_rolled.get(key)
        if event is None:
            event = _keep(self._centre_rolled, key, CentreRolled(seat, self._faces[code]))
        return event

    def centre_reverted(self, code: int, colour: Colour | None) -> CentreReverted:
        """``CentreReverted(face, colour)`` for the face numbered ``code``."""
        key = (code, colour)
        event = self._centre_reverted.get(key)
        if event is None:
            event = _keep(self._centre_reverted, key, CentreReverted(self._faces[code], colour))
        return event

    @staticmethod
    def centre_redrawn(seat: int, die: Die) -> CentreRedrawn:
        """``CentreRedrawn(seat, die)``, made afresh: which die went back is hidden (CD-1).

        A cache shared by every game of the set, keyed by the die, would tell anyone holding
        it which die went back into the bag (issue 25, item 1).
        """
        return CentreRedrawn(seat, die)

    def went_out(self, seat: int, hand_values: tuple[int, ...]) -> WentOut:
        """``WentOut(seat, hand_values)``: in two-player games only a few hundred differ."""
        key = (seat, hand_values)
        event = self._went_out.get(key)
        if event is None:
            event = _keep(self._went_out, key, WentOut(seat, hand_values))
        return event


# -- packing: the events that carry a fresh roll of several dice -------------------------------

_REASONS: list[str] = []
"""The reasons of ``Drew`` events packed so far (words of the rules: a handful)."""

_REASON_LIMIT = 16


def _reason_code(reason: str) -> int | None:
    try:
        return _REASONS.index(reason)
    except ValueError:
        if len(_REASONS) >= _REASON_LIMIT:
            return None
        _REASONS.append(reason)
        return len(_REASONS) - 1


def _pack_rerolled(event: Rerolled) -> int | None:
    faces = event.faces
    if len(faces) <= MAX_SHARED_FACES:  # shared: a reference costs less than a number
        return None
    return pack_faces(faces, event.seat)


def _unpack_rerolled(value: int) -> Rerolled:
    faces, seat = unpack_faces(value)
    return Rerolled(seat, faces)


def _pack_dealt(event: Dealt) -> int | None:
    return pack_faces(event.faces, event.seat)


def _unpack_dealt(value: int) -> Dealt:
    faces, seat = unpack_faces(value)
    return Dealt(seat, faces)


def _pack_drew(event: Drew) -> int | None:
    faces, wanted = event.faces, event.wanted
    if len(faces) <= MAX_SHARED_FACES or not 0 <= wanted < 256:
        return None
    reason = _reason_code(event.reason)
    if reason is None:
        return None
    return pack_faces(faces, (event.seat << 8 | wanted) << 4 | reason)


def _unpack_drew(value: int) -> Drew:
    faces, rest = unpack_faces(value)
    return Drew(rest >> 12, faces, rest >> 4 & 255, _REASONS[rest & 15])


register_packing(Rerolled, _pack_rerolled, _unpack_rerolled)
register_packing(Dealt, _pack_dealt, _unpack_dealt)
register_packing(Drew, _pack_drew, _unpack_drew)
