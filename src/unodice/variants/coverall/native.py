"""The native engine: whole coverall matches between built-in agents, played in C.

The C module ``unodice._native._coverall`` is a second implementation of the rules in
``rules.py``, which stay the source of truth. It draws the same chance as the Python engine
(the Mersenne Twister of ``random.Random``, seeded the same way), offers the same legal moves
in the same order at every decision and chooses among them as the built-in agents do, so a
match it plays from a seed and the agents' seeds is the match
[`play_game`][unodice.play.agents.play_game] plays from them.

Nothing of the dice or the tray is written into the C code:
[`native_tables`][unodice.variants.coverall.native.native_tables] hands it the face and die
lookups of a dice set and the geometry of a tray shape (worked out once per set and shape),
[`NativeEngine`][unodice.variants.coverall.native.NativeEngine] prepares a setup (options,
seats, lookups, agents) once and plays its matches, with every option of the variant, and
[`play_native_match`][unodice.variants.coverall.native.play_native_match] plays one. What comes
back, [`NativeMatch`][unodice.core.native.NativeMatch], holds the result and, when
asked, every decision and every chance outcome, to check the match against the Python engine
or to report it.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from types import ModuleType
from typing import Any

from unodice._native import native_module as find_native
from unodice.core.native import NativeEngineBase, NativeMatch
from unodice.core.pieces import Colour

from .kernel import NEXT_TO_A_DIE, VALUES, die_wants
from .lookups import CoverallLookups, TrayLookup, roll_value
from .moves import CoverallMove, Declare, Place
from .options import CoverallOptions

__all__ = [
    "AGENTS",
    "NativeEngine",
    "NativeMatch",
    "decode_move",
    "engine_for",
    "native_module",
    "native_tables",
    "play_native_match",
]

AGENTS = {"random": 0, "greedy": 1, "heuristic": 2, "heuristic-coverall": 2}
"""The agents the native engine plays, by their registered names, with the engine's number:
``RandomAgent``, ``GreedyAgent`` and ``CoverallHeuristic``, choosing as they do."""

_EFFECTS = {"R": 1, "S": 2, "D2": 3, "WD4": 3}
"""What a face does when placed, as the engine numbers it: reverse, skip, or a reserve."""
RESERVES = {"D2": 2, "WD4": 4}
"""The dice a placed D2 or WD4 draws as its player's reserve (CV-7, CV-8): the rules'
``RESERVE_DRAWS``, which a test checks these are."""

_COLOURS = tuple(Colour)


def native_module() -> ModuleType | None:
    """The compiled engine, or ``None`` when it is not built (or ``UNODICE_PURE`` is set)."""
    return find_native("coverall")


_tables: dict[tuple[int, int], tuple[CoverallLookups, TrayLookup, Any]] = {}
"""The engine's tables per dice set and tray, by the identity of their lookups (kept alive)."""


def _mask(numbers: Sequence[int]) -> int:
    bits = 0
    for number in numbers:
        bits |= 1 << number
    return bits


def _words32(values: Sequence[int]) -> bytes:
    return array("I", values).tobytes()


def _words16(values: Sequence[int]) -> bytes:
    return array("H", values).tobytes()


def native_tables(module: ModuleType, lookups: CoverallLookups, tray: TrayLookup) -> Any:
    """The engine's tables of a dice set and a tray shape, built from their lookups once."""
    key = (id(lookups), id(tray))
    kept = _tables.get(key)
    if kept is not None and kept[0] is lookups and kept[1] is tray:
        return kept[2]
    faces = tuple(lookups.by_face)
    code_of = {face: code for code, face in enumerate(faces)}
    infos = [lookups.by_face[face] for face in faces]
    symbols = {symbol: number for number, symbol in enumerate(sorted({f.symbol for f in faces}))}
    offers: list[int] = []
    for face, info in zip(faces, infos, strict=True):
        offers.append(_mask(info.as_shown[0]))
        for colour in _COLOURS:
            declared = info.as_declared.get(colour) if face.is_wild else None
            offers.append(0 if declared is None else _mask(declared[0]))
    dice = lookups.dice_set.dice
    neighbours: list[int] = []
    for cell in range(tray.size):
        around = tray.neighbours[cell]
        neighbours += [*around, *[0xFFFF] * (4 - len(around))]
    rays: list[int] = []
    ray_cells: list[int] = []
    for cell in range(tray.size):
        for line in tray.lines[cell]:
            for ray in line:
                rays += [len(ray_cells), len(ray)]
                ray_cells += ray
    tables = module.make_tables(
        len(faces),
        len(dice),
        NEXT_TO_A_DIE,
        tray.rows,
        tray.columns,
        tray.partition,
        bytes(symbols[face.symbol] for face in faces),
        bytes(255 if face.colour is None else _COLOURS.index(face.colour) for face in faces),
        bytes(VALUES[face.symbol] for face in faces),
        bytes(roll_value(face) & 0xFF for face in faces),
        bytes(info.wild_draw for info in infos),
        bytes(_EFFECTS.get(face.symbol, 0) for face in faces),
        bytes(RESERVES.get(face.symbol, 0) for face in faces),
        _words32([_mask(info.want_bits) for info in infos]),
        _words32(offers),
        bytes(code_of[face] for die in dice for face in die.faces),
        _words32([die_wants(die) for die in dice]),
        bytes(lookups.wild_dice >> die.id & 1 for die in dice),
        bytes(die.id in lookups.fixed_roll for die in dice),
        bytes(tray.region_of),
        _words16(neighbours),
        _words16(rays),
        _words16(ray_cells),
    )
    _tables[key] = (lookups, tray, tables)
    return tables


def decode_move(lookups: CoverallLookups, tray: TrayLookup, code: int) -> CoverallMove:
    """The move the engine numbers ``code``."""
    colour = (code >> 8) & 7
    declared = _COLOURS[colour - 1] if colour else None
    if code & 3:
        assert declared is not None
        return Declare(declared)
    face = tuple(lookups.by_face)[(code >> 2) & 0x3F]
    row, column = tray.row_and_column(code >> 11)
    return Place(face, row, column, declared)


class NativeEngine(NativeEngineBase):
    """Whole matches of one setup (options, seats, dice set and tray, agents), played natively.

    Everything that does not change from match to match is prepared once: the tables of the
    dice set and the tray, the options as the engine reads them, the agents' numbers.

    Args:
        options: The variant's options (every one counts).
        players: How many seats.
        lookups: The lookups of the dice set the ``dice`` option named, for the tray's shape
            (``lookups_for``).
        tray: The tray's lookup (``tray_of``, the variant's ``tray``).
        agents: Each seat's agent by name (see
            [`AGENTS`][unodice.variants.coverall.native.AGENTS]); all random by default.
        module: The compiled engine (default: `native_module`).

    Raises:
        UnodiceError: The engine is not built.
        InvalidOptions: An agent the engine does not play, or not one agent per seat.
    """

    game = "coverall"
    stuck = "turns went on and on with no decision"

    def __init__(
        self,
        options: CoverallOptions,
        players: int,
        lookups: CoverallLookups,
        tray: TrayLookup,
        agents: Sequence[str] = (),
        module: ModuleType | None = None,
    ):
        module = self._built(module or native_module())
        self.lookups = lookups
        self.tray = tray
        tables = native_tables(module, lookups, tray)
        engine_options = (options.two_player_reverse_skips, options.set_of_games)
        self._prepare(module, players, agents, AGENTS, tables, engine_options)


def engine_for(
    options: CoverallOptions,
    players: int,
    lookups: CoverallLookups,
    tray: TrayLookup,
    agents: Sequence[str],
) -> NativeEngine | None:
    """The engine of a setup, or ``None`` when it is not built or an agent is not one it plays."""
    if native_module() is None or len(agents) != players or not set(agents) <= AGENTS.keys():
        return None
    return NativeEngine(options, players, lookups, tray, agents)


def play_native_match(
    options: CoverallOptions,
    players: int,
    lookups: CoverallLookups,
    tray: TrayLookup,
    seed: int,
    agent_seeds: Sequence[int],
    agents: Sequence[str] = (),
    *,
    detail: int = 0,
    max_decisions: int = 1_000_000,
    module: ModuleType | None = None,
) -> NativeMatch:
    """Play one whole match natively, as ``play_game`` plays it between the same agents.

    The arguments are those of
    [`NativeEngine`][unodice.variants.coverall.native.NativeEngine] and of its ``play``.

    Raises:
        UnodiceError: The engine is not built, or the match did not end within
            ``max_decisions``.
        InvalidOptions: An agent the engine does not play.
    """
    engine = NativeEngine(options, players, lookups, tray, agents, module)
    return engine.play(seed, agent_seeds, detail=detail, max_decisions=max_decisions)
