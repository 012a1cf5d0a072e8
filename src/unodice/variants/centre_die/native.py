"""The native engine: whole centre-die matches between built-in agents, played in C.

The C module ``unodice._native._centre_die`` is a second implementation of the rules in
``rules.py``, which stay the source of truth. It draws the same chance as the Python engine
(the Mersenne Twister of ``random.Random``, seeded the same way), offers the same legal moves
in the same order at every decision and chooses among them as the built-in agents do, so a
match it plays from a seed and the agents' seeds is the match
[`play_game`][unodice.play.agents.play_game] plays from them.

Nothing of the dice is written into the C code:
[`native_tables`][unodice.variants.centre_die.native.native_tables] hands it the face lookups
of a component set (worked out once per set),
[`NativeEngine`][unodice.variants.centre_die.native.NativeEngine] prepares a setup (options,
seats, dice set, agents) once and plays its matches, with every option of the variant, and
[`play_native_match`][unodice.variants.centre_die.native.play_native_match] plays one. What
comes back,
[`NativeMatch`][unodice.core.native.NativeMatch], holds the result and, when
asked, every decision and every chance outcome, to check the match against the Python engine
or to report it.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import ModuleType
from typing import Any

from unodice._native import native_module as find_native
from unodice.core.native import NativeEngineBase, NativeMatch
from unodice.core.pieces import Colour, ComponentSet, Face
from unodice.core.uno import ACCEPT, CATCH, CHALLENGE, DECLINE, DRAW, KEEP

from .lookups import CentreDieLookups, lookups_for
from .moves import Bluff, CentreDieMove, Play
from .options import CentreDieOptions

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

AGENTS = {"random": 0, "greedy": 1, "heuristic": 2, "heuristic-centre-die": 2}
"""The agents the native engine plays, by their registered names, with the engine's number:
``RandomAgent``, ``GreedyAgent`` and ``CentreDieHeuristic``, choosing as they do."""

_EFFECTS = {"R": 1, "S": 2, "D2": 3, "WD4": 4}
"""What a face does when played or left as the last die, as the engine numbers it."""

_COLOURS = tuple(Colour)
_SYMBOLS = {
    symbol: index
    for index, symbol in enumerate(
        ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "R", "S", "D2", "W", "WD4")
    )
}
"""Each symbol a face may show, numbered for the engine (equal symbols, equal numbers)."""
_WORDS: tuple[CentreDieMove, ...] = (
    DECLINE,
    DRAW,
    KEEP,
    CHALLENGE,
    ACCEPT,
    CATCH,
)
"""The word moves by the engine's kind numbers 2 to 7."""


def native_module() -> ModuleType | None:
    """The compiled engine, or ``None`` when it is not built (or ``UNODICE_PURE`` is set)."""
    return find_native("centre_die")


_tables: dict[int, tuple[CentreDieLookups, Any]] = {}
"""The engine's tables per component set, by the identity of the set's lookups (kept alive)."""


def native_tables(module: ModuleType, lookups: CentreDieLookups) -> Any:
    """The engine's tables of a component set, built from its lookups once."""
    kept = _tables.get(id(lookups))
    if kept is not None and kept[0] is lookups:
        return kept[1]
    faces = lookups.faces
    count = len(faces.faces)
    wd4 = faces.code_of.get(Face("WD4"), -1)
    dice = lookups.dice_set.dice
    tables = module.make_tables(
        count,
        len(dice),
        wd4,
        bytes(faces.kinds),
        bytes(faces.values),
        bytes(_EFFECTS.get(symbol, 0) for symbol in faces.symbols),
        bytes(faces.commands),
        bytes(face.is_number for face in faces.faces),
        bytes(_SYMBOLS[symbol] for symbol in faces.symbols),
        bytes(255 if face.colour is None else _COLOURS.index(face.colour) for face in faces.faces),
        bytes(match for row in faces.matches for match in row),
        bytes(code in playable for playable in faces.playable for code in range(count)),
        bytes(faces.code(face) for die in dice for face in die.faces),
        bytes(die.id in faces.numbered_dice for die in dice),
    )
    _tables[id(lookups)] = (lookups, tables)
    return tables


def decode_move(lookups: CentreDieLookups, code: int) -> CentreDieMove:
    """The move the engine numbers ``code``."""
    kind = code & 7
    colour = (code >> 11) & 7
    uno = bool((code >> 14) & 1)
    declared = _COLOURS[colour - 1] if colour else None
    if kind == 0:
        return Play(lookups.faces.faces[(code >> 3) & 0xFF], declared, uno)
    if kind == 1:
        assert declared is not None
        return Bluff(declared, uno)
    return _WORDS[kind - 2]


class NativeEngine(NativeEngineBase):
    """Whole matches of one setup (options, seats, dice set, agents), played natively.

    Everything that does not change from match to match is prepared once: the tables of the
    dice set, the options as the engine reads them, the agents' numbers.

    Args:
        options: The variant's options (every one counts).
        players: How many seats.
        dice_set: The component set the ``dice`` option named (the variant's ``dice_set``).
        agents: Each seat's agent by name (see
            [`AGENTS`][unodice.variants.centre_die.native.AGENTS]); all random by default.
        module: The compiled engine (default: `native_module`).

    Raises:
        UnodiceError: The engine is not built.
        InvalidOptions: An agent the engine does not play, or not one agent per seat.
    """

    game = "centre-die"
    stuck = "rounds went on ending with no decision"
    number_code = "H"
    move_code = "H"

    def __init__(
        self,
        options: CentreDieOptions,
        players: int,
        dice_set: ComponentSet,
        agents: Sequence[str] = (),
        module: ModuleType | None = None,
    ):
        module = self._built(module or native_module())
        self.lookups = lookups_for(dice_set)
        tables = native_tables(module, self.lookups)
        engine_options = (
            options.target,
            options.rounds or 0,
            options.two_player_reverse_skips,
            options.failed_challenge_penalty,
            options.draw_after_reroll == "free",
            options.catch_by == "any-opponent",
        )
        self._prepare(module, players, agents, AGENTS, tables, engine_options)


def engine_for(
    options: CentreDieOptions, players: int, dice_set: ComponentSet, agents: Sequence[str]
) -> NativeEngine | None:
    """The engine of a setup, or ``None`` when it is not built or an agent is not one it plays."""
    if native_module() is None or len(agents) != players or not set(agents) <= AGENTS.keys():
        return None
    return NativeEngine(options, players, dice_set, agents)


def play_native_match(
    options: CentreDieOptions,
    players: int,
    dice_set: ComponentSet,
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
    [`NativeEngine`][unodice.variants.centre_die.native.NativeEngine] and of its ``play``.

    Raises:
        UnodiceError: The engine is not built, or the match did not end within
            ``max_decisions``.
        InvalidOptions: An agent the engine does not play.
    """
    engine = NativeEngine(options, players, dice_set, agents, module)
    return engine.play(seed, agent_seeds, detail=detail, max_decisions=max_decisions)
