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
back, [`NativeMatch`][unodice.variants.coverall.native.NativeMatch], holds the result and, when
asked, every decision and every chance outcome, to check the match against the Python engine
or to report it.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from types import ModuleType
from typing import Any

import attrs

from unodice._native import native_module as find_native
from unodice.core.errors import InvalidOptions, UnodiceError
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


def _words(seed: int) -> tuple[int, ...]:
    """A seed as ``random.Random`` cuts it: 32-bit words of its absolute value, lowest first."""
    value = abs(seed)
    if value <= 0xFFFFFFFF:
        return (value,)
    return tuple(
        (value >> shift) & 0xFFFFFFFF for shift in range(0, max(value.bit_length(), 1), 32)
    )


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


@attrs.frozen
class NativeMatch:
    """A match the native engine played.

    Attributes:
        winners: The seats with the highest total.
        scores: The final totals.
        rounds: Games played (one, or one per player in a set).
        decisions: Decisions made (moves played).
        counts: Per decision, how many legal moves there were (empty unless recorded).
        choices: Per decision, the index of the move chosen among them.
        seats: Per decision, the seat that chose.
        moves: Per decision, the move chosen, in the engine's numbers (see `decode_move`).
        outcomes: Every chance outcome, in order: what the Python game's ``chance.outcomes``
            holds.
        legal: Per decision, every legal move in the engine's numbers (only when asked).
    """

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    rounds: int
    decisions: int
    counts: Sequence[int] = ()
    choices: Sequence[int] = ()
    seats: Sequence[int] = ()
    moves: Sequence[int] = ()
    outcomes: Sequence[int] = ()
    legal: tuple[tuple[int, ...], ...] | None = None


def _unpack(kind: str, data: bytes) -> array[int]:
    numbers = array(kind)
    numbers.frombytes(data)
    return numbers


class NativeEngine:
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

    def __init__(
        self,
        options: CoverallOptions,
        players: int,
        lookups: CoverallLookups,
        tray: TrayLookup,
        agents: Sequence[str] = (),
        module: ModuleType | None = None,
    ):
        module = module or native_module()
        if module is None:
            raise UnodiceError("the native coverall engine is not built")
        names = tuple(agents) or ("random",) * players
        if len(names) != players:
            raise InvalidOptions(f"{players} players need {players} agents, not {len(names)}")
        try:
            self._agents = bytes(AGENTS[name] for name in names)
        except KeyError as error:
            raise InvalidOptions(
                f"the native engine plays the agents {', '.join(AGENTS)}, not {error.args[0]!r}"
            ) from None
        self.lookups = lookups
        self.tray = tray
        self.players = players
        self._play = module.play_match
        self._tables = native_tables(module, lookups, tray)
        self._options = (options.two_player_reverse_skips, options.set_of_games)

    def play(
        self,
        seed: int,
        agent_seeds: Sequence[int],
        *,
        detail: int = 0,
        max_decisions: int = 1_000_000,
    ) -> NativeMatch:
        """Play one whole match, as ``play_game`` plays it between the same agents.

        Args:
            seed: The game's seed.
            agent_seeds: Each seat's agent seed, as ``play_game`` derives it from the game's.
            detail: 0 for the result alone; 1 with every decision and chance outcome; 2 with
                every legal move besides.
            max_decisions: A safety bound, as ``play_game``'s.

        Raises:
            UnodiceError: The match did not end within ``max_decisions``.
        """
        result = self._play(
            self._tables,
            self.players,
            _words(seed),
            [_words(agent_seed) for agent_seed in agent_seeds],
            self._agents,
            *self._options,
            max_decisions,
            detail,
        )
        if result["end"] != "over":
            raise UnodiceError(
                f"coverall did not end within {max_decisions} decisions"
                if result["end"] == "decisions"
                else "coverall did not end: turns went on and on with no decision"
            )
        match = NativeMatch(
            result["winners"], result["scores"], result["rounds"], result["decisions"]
        )
        if detail < 1:
            return match
        counts = _unpack("I", result["counts"])
        legal = None
        if detail >= 2:
            flat = _unpack("I", result["legal"])
            rows: list[tuple[int, ...]] = []
            start = 0
            for count in counts:
                rows.append(tuple(flat[start : start + count]))
                start += count
            legal = tuple(rows)
        return attrs.evolve(
            match,
            counts=counts,
            choices=_unpack("I", result["choices"]),
            seats=_unpack("B", result["seats"]),
            moves=_unpack("I", result["moves"]),
            outcomes=_unpack("I", result["outcomes"]),
            legal=legal,
        )


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
