"""A coverall game on native rules: the kit of its `NativeGame`.

[`new_game("coverall", ..., native=True)`][unodice.core.setup.new_game] makes a
[`NativeGame`][unodice.core.native_game.NativeGame] whose position lives in the compiled engine
(``unodice._native._coverall``, the engine that plays whole matches, with the same rules code).
What is coverall's own is here: the engine's ``State`` maker and its arguments, the move objects
by their codes, and the dice a determinization deals (the bag's order, everything else being
open: the kit's default).

The engine numbers a state's moves densely (``history()`` holds them as 32-bit numbers):
``0`` to ``3`` declare the starting W's colour, in the order of ``Colour``; a placement of the
face numbered ``f`` (in the order of the lookups' faces) on cell ``c``, as shown or declared in
the colour numbered ``k``, is ``4 + (c * faces + f) * 5 + (0 if shown else k + 1)``.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from unodice.core.errors import UnodiceError
from unodice.core.game import Game
from unodice.core.moves import Move
from unodice.core.native import seed_words
from unodice.core.native_game import NativeGame, NativeKit, start_native_game
from unodice.core.variant import AnyVariant

from . import native
from .lookups import CoverallLookups, TrayLookup
from .moves import DECLARATIONS
from .options import CoverallOptions
from .state import DECLARE, OVER, PLACE, START

__all__ = ["CoverallKit", "NativeGame", "native_game"]

_PHASES = (START, DECLARE, PLACE, OVER)
"""The phases by the engine's numbers."""


class CoverallKit(NativeKit):
    """What every native coverall game of one dice set and tray shares: all of it read-only."""

    __slots__ = ("faces", "module", "objects", "piece_ids", "pieces", "symbols", "tables")

    code_type = "I"

    def __init__(self, module: ModuleType, lookups: CoverallLookups, tray: TrayLookup):
        self.module = module
        self.tables = native.native_tables(module, lookups, tray)
        faces = tuple(lookups.by_face)
        self.faces = faces
        self.symbols = tuple(face.symbol for face in faces)
        self.pieces = tuple(lookups.dice_set.dice)
        self.piece_ids = tuple(die.id for die in self.pieces)
        objects: list[Move | None] = [None] * (4 + tray.size * len(faces) * 5)
        objects[:4] = DECLARATIONS
        for cell in range(tray.size):
            for code, face in enumerate(faces):
                for colour in range(5) if face.is_wild else (0,):
                    move = code << 2 | colour << 8 | cell << 11
                    dense = 4 + (cell * len(faces) + code) * 5 + colour
                    objects[dense] = native.decode_move(lookups, tray, move)
        self.objects = objects

    @classmethod
    def for_variant(cls, variant: Any) -> CoverallKit:
        """The kit of ``variant``'s dice set and tray (see ``NativeKit.for_variant``)."""
        return _kit(variant._lookups, variant.tray)

    def start(self, variant: AnyVariant, seed: int) -> Any:
        """The engine's state of ``variant``'s game dealt from ``seed``."""
        return self.module.new_state(
            self.tables,
            variant.player_count,
            seed_words(seed),
            _options(variant.options),
            self.objects,
            self.faces,
            self.symbols,
            self.pieces,
            native._COLOURS,
            _PHASES,
        )


_kits: dict[tuple[int, int], tuple[CoverallLookups, TrayLookup, CoverallKit]] = {}


def _kit(lookups: CoverallLookups, tray: TrayLookup) -> CoverallKit:
    """The kit of a dice set and tray, made once; refused when the engine is not built."""
    module = native.native_module()
    if module is None:
        raise UnodiceError(
            "native=True needs the native coverall engine, which this install does not have "
            "(it was installed without a C compiler, or UNODICE_PURE is set)"
        )
    key = (id(lookups), id(tray))
    kept = _kits.get(key)
    if kept is not None and kept[0] is lookups and kept[1] is tray and kept[2].module is module:
        return kept[2]
    kit = CoverallKit(module, lookups, tray)
    _kits[key] = (lookups, tray, kit)
    return kit


def _options(options: CoverallOptions) -> tuple[int, ...]:
    return (options.two_player_reverse_skips, options.set_of_games)


def native_game(
    variant: AnyVariant, lookups: CoverallLookups, tray: TrayLookup, seed: int, plugin: str
) -> Game:
    """A native game of ``variant`` (the coverall rules themselves) dealt from ``seed``.

    Raises:
        UnodiceError: The native engine is not built (or ``UNODICE_PURE`` is set).
    """
    return start_native_game(variant, _kit(lookups, tray), seed, plugin)
