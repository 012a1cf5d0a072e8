"""The Python side every native match engine shares: seeds, results, and the engine's frame.

Each built-in variant with a native engine (``unodice.variants.<variant>.native``) keeps there
only what is its own: the lookups it hands the C module (its ``native_tables``), how the engine
numbers its moves (``decode_move``), its options as the engine reads them, and the agents it
plays. What is the same for all of them is here:

- [`NativeMatch`][unodice.core.native.NativeMatch], what one match played natively tells;
- [`seed_words`][unodice.core.native.seed_words], a seed cut into the words the engine seeds
  ``random.Random``'s generator from;
- [`NativeEngineBase`][unodice.core.native.NativeEngineBase], the frame of a variant's
  ``NativeEngine``: the agents checked and numbered, a match played and its result unpacked
  (every decision and legal move when asked), many matches played in one call
  ([`NativeBatch`][unodice.core.native.NativeBatch]), and a match that did not end told as
  an error.

The C modules themselves share ``match.h`` in the same way (see ``unodice._native``).
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any, ClassVar

import attrs

from .errors import InvalidOptions, UnodiceError

__all__ = ["NativeBatch", "NativeEngineBase", "NativeMatch", "seed_words"]


def seed_words(seed: int) -> tuple[int, ...]:
    """A seed as ``random.Random`` cuts it: 32-bit words of its absolute value, lowest first."""
    value = abs(seed)
    if value <= 0xFFFFFFFF:
        return (value,)
    return tuple(
        (value >> shift) & 0xFFFFFFFF for shift in range(0, max(value.bit_length(), 1), 32)
    )


@attrs.frozen
class NativeMatch:
    """A match a native engine played.

    Attributes:
        winners: The seats with the highest total.
        scores: The final totals.
        rounds: Rounds played (coverall: games, one or one per player in a set).
        decisions: Decisions made (moves played).
        counts: Per decision, how many legal moves there were (empty unless recorded).
        choices: Per decision, the index of the move chosen among them.
        seats: Per decision, the seat that chose.
        moves: Per decision, the move chosen, in the engine's numbers (see the variant's
            ``decode_move``).
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


@attrs.frozen
class NativeBatch:
    """Many matches a native engine played in one call, as runs of numbers, match by match.

    What [`simulate`][unodice.play.simulation.simulate] tallies (a
    [`MatchBatch`][unodice.core.capabilities.MatchBatch]), without an object per match.

    Attributes:
        players: The seats of every match.
        scores: The final totals, ``players`` numbers per match, seat by seat.
        winners: Per match, the seats with the highest total as bits (seat ``s`` is
            ``1 << s``).
        rounds: Per match, the rounds played.
        decisions: Per match, the decisions made.
    """

    players: int
    scores: Sequence[int]
    winners: Sequence[int]
    rounds: Sequence[int]
    decisions: Sequence[int]

    def __len__(self) -> int:
        return len(self.decisions)

    def match(self, index: int) -> NativeMatch:
        """The result of match ``index`` alone (nothing recorded)."""
        start = index * self.players
        bits = self.winners[index]
        return NativeMatch(
            tuple(seat for seat in range(self.players) if bits >> seat & 1),
            tuple(self.scores[start : start + self.players]),
            self.rounds[index],
            self.decisions[index],
        )


_SEED_LIMIT = 2**64
"""The engines' ``play_many`` takes seeds below this (a seed of ``derive_seed`` is)."""


def _unpack(kind: str, data: bytes) -> array[int]:
    numbers = array(kind)
    numbers.frombytes(data)
    return numbers


class NativeEngineBase:
    """Whole matches of one setup, played by a variant's C module: what every engine shares.

    A variant's ``NativeEngine`` prepares its setup (its tables and options) and calls
    `_prepare` from its ``__init__``; ``play`` is then the same for every engine.

    Class attributes:
        game: The variant's name, for messages.
        stuck: Why a match did not end, when it was not for ``max_decisions``.
        number_code: The ``array`` type code of the recorded counts and choices.
        move_code: The ``array`` type code of a move in the engine's numbers.
    """

    game: ClassVar[str]
    stuck: ClassVar[str]
    number_code: ClassVar[str] = "I"
    move_code: ClassVar[str] = "I"

    players: int
    """How many seats."""

    def _prepare(
        self,
        module: ModuleType,
        players: int,
        agents: Sequence[str],
        numbers: Mapping[str, int],
        tables: Any,
        options: tuple[Any, ...],
    ) -> None:
        """Keep what every match of the setup hands the engine.

        Args:
            module: The compiled engine.
            players: How many seats.
            agents: Each seat's agent by name; all random when empty.
            numbers: The engine's number of each agent it plays, by name.
            tables: The engine's tables of the component set.
            options: The options as the engine's ``play_match`` takes them, in its order.

        Raises:
            InvalidOptions: An agent the engine does not play, or not one agent per seat.
        """
        names = tuple(agents) or ("random",) * players
        if len(names) != players:
            raise InvalidOptions(f"{players} players need {players} agents, not {len(names)}")
        try:
            self._agents = bytes(numbers[name] for name in names)
        except KeyError as error:
            raise InvalidOptions(
                f"the native engine plays the agents {', '.join(numbers)}, not {error.args[0]!r}"
            ) from None
        self.players = players
        self._module = module
        self._tables = tables
        self._options = options

    @classmethod
    def _built(cls, module: ModuleType | None) -> ModuleType:
        """The compiled engine given, or ``UnodiceError`` when there is none."""
        if module is None:
            raise UnodiceError(f"the native {cls.game} engine is not built")
        return module

    def _not_over(self, end: str, max_decisions: int) -> UnodiceError:
        """The error of a match that ended ``end`` (not ``"over"``)."""
        if end == "decisions":
            return UnodiceError(f"{self.game} did not end within {max_decisions} decisions")
        return UnodiceError(f"{self.game} did not end: {self.stuck}")

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
        result = self._module.play_match(
            self._tables,
            self.players,
            seed_words(seed),
            [seed_words(agent_seed) for agent_seed in agent_seeds],
            self._agents,
            *self._options,
            max_decisions,
            detail,
        )
        if result["end"] != "over":
            raise self._not_over(result["end"], max_decisions)
        match = NativeMatch(
            result["winners"], result["scores"], result["rounds"], result["decisions"]
        )
        if detail < 1:
            return match
        counts = _unpack(self.number_code, result["counts"])
        legal = None
        if detail >= 2:
            flat = _unpack(self.move_code, result["legal"])
            rows: list[tuple[int, ...]] = []
            start = 0
            for count in counts:
                rows.append(tuple(flat[start : start + count]))
                start += count
            legal = tuple(rows)
        return attrs.evolve(
            match,
            counts=counts,
            choices=_unpack(self.number_code, result["choices"]),
            seats=_unpack("B", result["seats"]),
            moves=_unpack(self.move_code, result["moves"]),
            outcomes=_unpack("I", result["outcomes"]),
            legal=legal,
        )

    def play_many(
        self,
        seeds: Sequence[int],
        agent_seeds: Sequence[int],
        *,
        max_decisions: int = 1_000_000,
    ) -> NativeBatch:
        """Play one whole match per game seed, in one call to the engine: their results.

        The same matches as ``play`` plays one by one, with nothing recorded.

        Args:
            seeds: The games' seeds.
            agent_seeds: The agents' seeds, flat: the seats of the first match, then of the
                second, and so on (``players`` per match).
            max_decisions: A safety bound per match, as ``play_game``'s.

        Raises:
            UnodiceError: A match did not end within ``max_decisions`` (the message says which,
                counting from 0).
        """
        players = self.players
        if len(agent_seeds) != len(seeds) * players:
            raise UnodiceError(f"{players} agent seeds per match are needed, seat by seat")
        if seeds and (
            min(seeds) < 0
            or max(seeds) >= _SEED_LIMIT
            or min(agent_seeds) < 0
            or max(agent_seeds) >= _SEED_LIMIT
        ):
            return self._play_one_by_one(seeds, agent_seeds, max_decisions)
        ends, totals, winners, rounds, decisions = self._module.play_many(
            self._tables,
            players,
            seeds,
            agent_seeds,
            self._agents,
            *self._options,
            max_decisions,
        )
        stuck = ends.strip(b"\0")
        if stuck:
            index = ends.index(stuck[:1])
            end = "decisions" if stuck[0] == 1 else "stuck"
            raise UnodiceError(f"match {index}: {self._not_over(end, max_decisions)}")
        return NativeBatch(
            players,
            _unpack("q", totals),
            winners,
            _unpack("I", rounds),
            _unpack("I", decisions),
        )

    def _play_one_by_one(
        self, seeds: Sequence[int], agent_seeds: Sequence[int], max_decisions: int
    ) -> NativeBatch:
        """``play_many`` of seeds the engine's batch does not take (negative, or 2**64 on)."""
        players = self.players
        scores: list[int] = []
        winners: list[int] = []
        rounds: list[int] = []
        decisions: list[int] = []
        for index, seed in enumerate(seeds):
            try:
                match = self.play(
                    seed,
                    agent_seeds[index * players : (index + 1) * players],
                    max_decisions=max_decisions,
                )
            except UnodiceError as error:
                raise UnodiceError(f"match {index}: {error}") from None
            scores += match.scores
            winners.append(sum(1 << seat for seat in match.winners))
            rounds.append(match.rounds)
            decisions.append(match.decisions)
        return NativeBatch(players, scores, winners, rounds, decisions)
