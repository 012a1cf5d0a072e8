"""Bots: agents that choose a move from what their seat can see.

An agent is any object with ``choose(view, moves) -> move``. It is handed its seat's
[`View`][unodice.variant.View] (never the full game) and the legal moves, and returns one of
them. [`play_game`][unodice.agents.play_game] plays a whole game between agents.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from unodice.errors import IllegalMove, InvalidOptions, UnodiceError
from unodice.game import Game, new_game
from unodice.moves import Move
from unodice.quoting import brief
from unodice.variant import View

__all__ = ["AGENTS", "Agent", "GreedyAgent", "RandomAgent", "make_agent", "play_game"]


@runtime_checkable
class Agent(Protocol):
    """Anything that can choose a move."""

    def choose(self, view: View, moves: Sequence[Move]) -> Move:
        """Return one of ``moves``, deciding from ``view`` only."""
        ...


class RandomAgent:
    """Chooses uniformly at random among the legal moves, from its own seeded generator.

    Args:
        seed: Seed of the agent's generator; the same seed makes the same choices.
    """

    def __init__(self, seed: int | None = None):
        self.seed = seed
        self._rng = random.Random(seed)

    def choose(self, view: View, moves: Sequence[Move]) -> Move:
        """A random legal move."""
        # The same choice as moves[rng.randrange(len(moves))], drawn inline: bots choose at
        # every decision of every simulated game.
        count = len(moves)
        if not count:
            raise ValueError("there is no move to choose from")
        draw = self._rng.getrandbits
        bits = count.bit_length()
        index = draw(bits)
        while index >= count:
            index = draw(bits)
        return moves[index]

    def __repr__(self) -> str:
        return f"RandomAgent(seed={self.seed!r})"


class GreedyAgent:
    """Chooses the move that gains the most at once, by the variant's own measure.

    Ties go to the first such move in the legal order, so the agent is deterministic.
    """

    def choose(self, view: View, moves: Sequence[Move]) -> Move:
        """The legal move with the highest immediate gain."""
        best, best_gain = moves[0], view.gain(moves[0])
        for move in moves[1:]:
            gain = view.gain(move)
            if gain > best_gain:
                best, best_gain = move, gain
        return best

    def __repr__(self) -> str:
        return "GreedyAgent()"


AGENTS = {"random": RandomAgent, "greedy": GreedyAgent}
"""Agents known by name (for the command line and `simulate`)."""


def make_agent(name: str, seed: int | None = None) -> Agent:
    """Build an agent by name (``"random"`` or ``"greedy"``); ``seed`` goes to random agents.

    Raises:
        InvalidOptions: Unknown agent name; the message lists the known ones.
    """
    if name == "random":
        return RandomAgent(seed)
    if name == "greedy":
        return GreedyAgent()
    raise InvalidOptions(f"unknown agent {brief(name)}; known agents: {', '.join(AGENTS)}")


def play_game(
    variant: str,
    agents: Sequence[Agent],
    seed: int | None = None,
    options: Mapping[str, Any] | None = None,
    house_rules: Sequence[str] = (),
    *,
    max_decisions: int = 1_000_000,
    **game_kwargs: Any,
) -> Game:
    """Play a whole game between agents, one per seat, and return the finished game.

    Args:
        variant: Variant name or game string; the number of agents is the number of seats.
        agents: One agent per seat, in seat order.
        seed: Seed of the game's chance.
        options: Variant options.
        house_rules: House rules in force.
        max_decisions: A safety bound; a game still going after this many decisions is a bug.
        **game_kwargs: Passed on to [`new_game`][unodice.game.new_game] (``registry`` …).

    Raises:
        IllegalMove: An agent chose a move that is not legal (the agent is named).
        UnodiceError: The game did not end within ``max_decisions``.
    """
    agents = list(agents)
    game = new_game(variant, len(agents), seed, options, house_rules, **game_kwargs)
    return play_out(game, agents, max_decisions=max_decisions)


def play_out(game: Game, agents: Sequence[Agent], *, max_decisions: int = 1_000_000) -> Game:
    """Continue ``game`` with the given agents until it ends; return it."""
    for _ in range(max_decisions):
        seat = game.to_act
        if seat is None:
            return game
        moves = game.legal_moves()
        agent = agents[seat]
        move = agent.choose(game.view(seat), moves)
        try:
            game.play(move)
        except IllegalMove as error:
            raise IllegalMove(move, f"{agent!r} at seat {seat} chose it: {error}") from None
    raise UnodiceError(f"{game.variant.name} did not end within {max_decisions} decisions")
