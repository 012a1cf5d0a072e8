"""A user's script, typed: ``mypy --strict`` must pass on it (see ``tests/project/test_typing.py``).

It uses the documented API only, ``unodice.available_variants()`` and ``unodice.simulate(...)``
included.
"""

from __future__ import annotations

from collections.abc import Sequence

import unodice
from unodice import Event, Game, GreedyAgent, Move, RandomAgent, Report, VariantInfo, View
from unodice.play.agents import Agent
from unodice.testing import CheckReport, check_variant


class FirstMove:
    """An agent of the user's own: always the first legal move."""

    def choose(self, view: View, moves: Sequence[Move]) -> Move:
        return moves[0]


def play_by_hand(seed: int) -> Game:
    game: Game = unodice.new_game("coverall", players=3, seed=seed)
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        view: View = game.view(seat)
        moves: tuple[Move, ...] = game.legal_moves()
        best = max(moves, key=view.gain)
        # A move, or its notation: both are accepted.
        events: tuple[Event, ...] = game.play(best if len(game.events) % 2 else str(best))
        assert events
    return game


def main() -> None:
    game = play_by_hand(7)
    scores: tuple[int, ...] = game.scores
    winners: tuple[int, ...] = game.winners
    again: Game = unodice.replay(game.record())
    assert again.scores == scores and again.winners == winners

    agents: list[Agent] = [RandomAgent(1), GreedyAgent(), FirstMove()]
    bots: Game = unodice.play_game("centre-die", agents, seed=3)
    print(bots.scores, bots.winners)

    installed: dict[str, VariantInfo] = unodice.available_variants()
    seats: range = installed["dominoes"].players
    simulated: Report = unodice.simulate(
        "dominoes", games=4, players=seats.start, seed=2, workers=1
    )
    print(simulated.games)

    report: CheckReport = check_variant("coverall", games=1)
    failures: list[str] = report.failures
    assert not failures


if __name__ == "__main__":
    main()
