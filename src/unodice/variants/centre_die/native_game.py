"""A centre-die game on native rules: the kit of its `NativeGame`.

[`new_game("centre-die", ..., native=True)`][unodice.core.setup.new_game] makes a
[`NativeGame`][unodice.core.native_game.NativeGame] whose position lives in the compiled engine
(``unodice._native._centre_die``, the engine that plays whole matches, with the same rules
code). What is centre-die's own is here: the engine's ``State`` maker and its arguments, the
move objects by their codes, and the dice a determinization deals (the bag's order, every hand
being open: the kit's default).
"""

from __future__ import annotations

from collections.abc import Iterator
from types import ModuleType
from typing import Any

from unodice.core.errors import UnodiceError
from unodice.core.game import Game
from unodice.core.moves import Move
from unodice.core.native import seed_words
from unodice.core.native_game import NativeGame, NativeKit, start_native_game
from unodice.core.variant import AnyVariant

from . import native
from .lookups import NORMAL, WILD_DRAW_FOUR, CentreDieLookups, lookups_for
from .options import CentreDieOptions
from .state import ANSWERING_WD4, CATCHING, ROUND_OVER, STEP_ONE, STEP_THREE, STEP_TWO

__all__ = ["CentreDieKit", "NativeGame", "native_game"]

_PHASES = (STEP_ONE, STEP_TWO, STEP_THREE, ANSWERING_WD4, CATCHING, ROUND_OVER)
"""The phases by the engine's numbers."""

_CODES = 1 << 15
"""Move codes are below this (see ``native.decode_move``)."""


class CentreDieKit(NativeKit):
    """What every native centre-die game of one dice set shares: all of it read-only."""

    __slots__ = ("faces", "module", "objects", "piece_ids", "pieces", "tables")

    def __init__(self, module: ModuleType, lookups: CentreDieLookups):
        self.module = module
        self.tables = native.native_tables(module, lookups)
        self.faces = tuple(lookups.faces.faces)
        self.pieces = tuple(lookups.dice_set.dice)
        self.piece_ids = tuple(die.id for die in self.pieces)
        objects: list[Move | None] = [None] * _CODES
        for code in _move_codes(lookups):
            objects[code] = native.decode_move(lookups, code)
        self.objects = objects

    @classmethod
    def for_variant(cls, variant: Any) -> CentreDieKit:
        """The kit of ``variant``'s dice set (see ``NativeKit.for_variant``)."""
        return _kit(lookups_for(variant.dice_set))

    def start(self, variant: AnyVariant, seed: int) -> Any:
        """The engine's state of ``variant``'s game dealt from ``seed``."""
        return self.module.new_state(
            self.tables,
            variant.player_count,
            seed_words(seed),
            _options(variant.options),
            self.objects,
            self.faces,
            self.pieces,
            native._COLOURS,
            _PHASES,
        )


def _move_codes(lookups: CentreDieLookups) -> Iterator[int]:
    """Every code a move of this component set may have (the engine's ``MOVE`` macro)."""
    faces = lookups.faces
    for code in range(len(faces.faces)):
        wild = faces.kinds[code] != NORMAL
        for colour in (1, 2, 3, 4) if wild else (0,):
            for uno in (0, 1):
                yield code << 3 | colour << 11 | uno << 14  # a play
                if faces.kinds[code] == WILD_DRAW_FOUR:
                    yield 1 | code << 3 | colour << 11 | uno << 14  # a bluff
    yield from range(2, 8)  # the words


_kits: dict[int, tuple[CentreDieLookups, CentreDieKit]] = {}


def _kit(lookups: CentreDieLookups) -> CentreDieKit:
    """The kit of a dice set, made once; refused when the engine is not built."""
    module = native.native_module()
    if module is None:
        raise UnodiceError(
            "native=True needs the native centre-die engine, which this install does not have "
            "(it was installed without a C compiler, or UNODICE_PURE is set)"
        )
    kept = _kits.get(id(lookups))
    if kept is not None and kept[0] is lookups and kept[1].module is module:
        return kept[1]
    kit = CentreDieKit(module, lookups)
    _kits[id(lookups)] = (lookups, kit)
    return kit


def _options(options: CentreDieOptions) -> tuple[int, ...]:
    return (
        options.target,
        options.rounds or 0,
        options.two_player_reverse_skips,
        options.failed_challenge_penalty,
        options.draw_after_reroll == "free",
        options.catch_by == "any-opponent",
    )


def native_game(variant: AnyVariant, lookups: CentreDieLookups, seed: int, plugin: str) -> Game:
    """A native game of ``variant`` (the centre-die rules themselves) dealt from ``seed``.

    Raises:
        UnodiceError: The native engine is not built (or ``UNODICE_PURE`` is set).
    """
    return start_native_game(variant, _kit(lookups), seed, plugin)
