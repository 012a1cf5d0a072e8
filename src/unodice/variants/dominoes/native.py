"""The native engine: whole Uno dominoes matches between built-in agents, played in C.

The C module ``unodice._native._dominoes`` is a second implementation of the rules in
``rules.py``, which stay the source of truth. It draws the same chance as the Python engine
(the Mersenne Twister of ``random.Random``, seeded the same way), offers the same legal moves
in the same order at every decision and chooses among them as the built-in agents do, so a
match it plays from a seed and the agents' seeds is the match
[`play_game`][unodice.play.agents.play_game] plays from them.

Nothing of the tiles is written into the C code:
[`native_tables`][unodice.variants.dominoes.native.native_tables] hands it the lookups of a tile
set (worked out once per set),
[`NativeEngine`][unodice.variants.dominoes.native.NativeEngine] prepares a setup (options,
seats, tile set, agents) once and plays its matches, with every option of the variant, and
[`play_native_match`][unodice.variants.dominoes.native.play_native_match] plays one. What comes
back, [`NativeMatch`][unodice.core.native.NativeMatch], holds the result and, when
asked, every decision and every chance outcome, to check the match against the Python engine or
to report it.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from types import ModuleType
from typing import Any

from unodice._native import native_module as find_native
from unodice.core.errors import UnodiceError
from unodice.core.native import NativeEngineBase, NativeMatch
from unodice.core.pieces import WILDS, Colour
from unodice.core.uno import ACCEPT, CATCH, CHALLENGE, DECLINE, DRAW, KEEP, PASS

from .lookups import DEAD_END, Lay, TileLookup, face_points, is_double_wild
from .moves import DominoesMove, Play
from .options import DominoesOptions

__all__ = [
    "AGENTS",
    "NativeEngine",
    "NativeMatch",
    "decode_move",
    "engine_for",
    "fits_engine",
    "native_module",
    "native_tables",
    "play_native_match",
]

AGENTS = {"random": 0, "greedy": 1, "heuristic": 2, "heuristic-dominoes": 2}
"""The agents the native engine plays, by their registered names, with the engine's number:
``RandomAgent``, ``GreedyAgent`` and ``DominoesHeuristic``, choosing as they do."""

_EFFECTS = {"R": 1, "S": 2, "D2": 3, "WD4": 4}
"""What a face does as the touching end (DO-4), as the engine numbers it."""

_COLOURS = tuple(Colour)
_MOST_FACES = 64
"""The engine files a set of touching faces as a 64-bit mask."""
_MOST_LINES = 255
"""A move names its open end in a byte."""
_WORDS: tuple[DominoesMove, ...] = (DRAW, KEEP, PASS, CHALLENGE, ACCEPT, CATCH, DECLINE)
"""The word moves by the engine's kind numbers 1 to 7."""
_NO_LAY = 0xFFFF


def native_module() -> ModuleType | None:
    """The compiled engine, or ``None`` when it is not built (or ``UNODICE_PURE`` is set)."""
    return find_native("dominoes")


def _lays_by_id(lookups: TileLookup) -> tuple[Lay, ...]:
    lays = {lay.id: lay for ways in lookups.lays for lay in ways}
    return tuple(lays[number] for number in range(lookups.lay_count))


def fits_engine(lookups: TileLookup) -> bool:
    """Whether the engine can play a tile set: at most 64 faces and 255 lines."""
    return len(lookups.faces) <= _MOST_FACES and lookups.max_lines <= _MOST_LINES


_tables: dict[int, tuple[TileLookup, Any]] = {}
"""The engine's tables per tile set, by the identity of the set's lookup (kept alive)."""


def native_tables(module: ModuleType, lookups: TileLookup) -> Any:
    """The engine's tables of a tile set, built from its lookup once."""
    kept = _tables.get(id(lookups))
    if kept is not None and kept[0] is lookups:
        return kept[1]
    faces = list(lookups.faces)
    index = lookups.faces
    symbols: dict[str, int] = {}
    for face in faces:
        symbols.setdefault(face.symbol, len(symbols))
    tiles = lookups.components.tiles
    lays = _lays_by_id(lookups)
    tile_lays = array("H")
    for ways in lookups.lays:
        ids = [lay.id for lay in ways]
        tile_lays.extend([*ids, _NO_LAY, _NO_LAY][:2])
    accepts = array(
        "Q", [lookups.accepts(face, colour) for face in faces for colour in (None, *_COLOURS)]
    )
    tables = module.make_tables(
        len(faces),
        len(tiles),
        len(lays),
        lookups.max_lines,
        bytes(symbols[face.symbol] for face in faces),
        bytes(255 if face.colour is None else _COLOURS.index(face.colour) for face in faces),
        bytes(face.symbol in WILDS for face in faces),
        bytes(face == DEAD_END for face in faces),
        bytes(_EFFECTS.get(face.symbol, 0) for face in faces),
        bytes(face_points(face) for face in faces),
        accepts.tobytes(),
        bytes(index[tile.ends[0]] for tile in tiles),
        bytes(index[tile.ends[1]] for tile in tiles),
        array("H", lookups.kinds).tobytes(),
        bytes(lookups.twins),
        array("H", lookups.points).tobytes(),
        bytes(lookups.doubles),
        array("h", lookups.opening_numbers).tobytes(),
        bytes(is_double_wild(tile) for tile in tiles),
        tile_lays.tobytes(),
        bytes(lay.touch for lay in lays),
        bytes(index[lay.far] for lay in lays),
    )
    _tables[id(lookups)] = (lookups, tables)
    return tables


def decode_move(lookups: TileLookup, code: int) -> DominoesMove:
    """The move the engine numbers ``code``."""
    kind = code & 15
    if kind:
        return _WORDS[kind - 1]
    lay = _lays_by_id(lookups)[code >> 16]
    colour = (code >> 5) & 7
    declared = _COLOURS[colour - 1] if colour else None
    return Play(lay.touching, lay.far, (code >> 8) & 0xFF, declared, bool((code >> 4) & 1))


class NativeEngine(NativeEngineBase):
    """Whole matches of one setup (options, seats, tile set, agents), played natively.

    Everything that does not change from match to match is prepared once: the tables of the
    tile set, the options as the engine reads them, the agents' numbers.

    Args:
        options: The variant's options (every one counts).
        players: How many seats.
        lookups: The lookup of the tile set the ``tiles`` option named (the variant's).
        agents: Each seat's agent by name (see
            [`AGENTS`][unodice.variants.dominoes.native.AGENTS]); all random by default.
        module: The compiled engine (default: `native_module`).

    Raises:
        UnodiceError: The engine is not built, or cannot play the tile set (more than 64
            faces or 255 lines).
        InvalidOptions: An agent the engine does not play, or not one agent per seat.
    """

    game = "dominoes"
    stuck = "rounds went on ending with no decision"

    def __init__(
        self,
        options: DominoesOptions,
        players: int,
        lookups: TileLookup,
        agents: Sequence[str] = (),
        module: ModuleType | None = None,
    ):
        module = self._built(module or native_module())
        if not fits_engine(lookups):
            raise UnodiceError("the native dominoes engine plays sets of at most 64 faces")
        self.lookups = lookups
        tables = native_tables(module, lookups)
        engine_options = (
            options.target,
            options.two_player_reverse_skips,
            options.failed_challenge_penalty,
            options.hand_size,
            options.all_doubles_spin,
            options.drawn_domino == "must-play",
            options.wild_draw_four_upheld == "take-back",
            options.catch_by == "any-opponent",
        )
        self._prepare(module, players, agents, AGENTS, tables, engine_options)


def engine_for(
    options: DominoesOptions, players: int, lookups: TileLookup, agents: Sequence[str]
) -> NativeEngine | None:
    """The engine of a setup, or ``None`` when the Python engine must play its matches.

    ``None`` when the engine is not built, an agent is not one it plays, or the tile set is
    beyond it (more than 64 faces or 255 lines).
    """
    if native_module() is None or len(agents) != players or not set(agents) <= AGENTS.keys():
        return None
    if not fits_engine(lookups):
        return None
    return NativeEngine(options, players, lookups, agents)


def play_native_match(
    options: DominoesOptions,
    players: int,
    lookups: TileLookup,
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
    [`NativeEngine`][unodice.variants.dominoes.native.NativeEngine] and of its ``play``.

    Raises:
        UnodiceError: The engine is not built, or the match did not end within
            ``max_decisions``.
        InvalidOptions: An agent the engine does not play.
    """
    engine = NativeEngine(options, players, lookups, agents, module)
    return engine.play(seed, agent_seeds, detail=detail, max_decisions=max_decisions)
