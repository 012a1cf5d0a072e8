"""What the native engines' tests share: replaying a native match in Python, decision by decision.

A native match played with every legal move kept (``detail=2``) is replayed in the Python
engine from the same seed: at every decision the Python game must offer the same legal moves
in the same order, to the same seat, and the seat's built-in agent must choose the move the
engine chose; at the end the chance outcomes, the winners, the totals and the rounds must be
the same.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from unodice.core.game import Game
from unodice.core.native import NativeMatch
from unodice.play.agents import game_agent_seed


def agent_seeds_of(seed: int, players: int) -> list[int]:
    """Each seat's agent seed, as ``play_game`` derives it from the game's seed."""
    return [game_agent_seed(seed, seat) for seat in range(players)]


def replay_in_python(
    game: Game,
    native: NativeMatch,
    bots: Sequence[Any],
    decode: Callable[[int], Any],
    where: str,
    on_move: Callable[[Any], None] | None = None,
) -> int:
    """Replay ``native`` in ``game`` (fresh, from the same seed), checking every decision.

    Args:
        game: The Python game, not yet played.
        native: The native match, played with ``detail=2``.
        bots: Each seat's built-in agent, seeded as the engine's.
        decode: The move the engine numbers a code.
        where: What the match is, for the messages.
        on_move: Told each move played, before it is played.

    Returns:
        The decisions.
    """
    assert native.legal is not None
    for decision in range(native.decisions):
        seat = game.to_act
        assert seat == native.seats[decision], f"decision {decision}, {where}"
        legal = game.legal_moves()
        offered = [decode(code) for code in native.legal[decision]]
        assert offered == list(legal), f"legal moves at decision {decision}, {where}"
        assert native.counts[decision] == len(legal)
        choice = bots[seat].choose(game.view(seat), legal)
        assert legal.index(choice) == native.choices[decision], f"decision {decision}, {where}"
        assert decode(native.moves[decision]) == choice
        if on_move is not None:
            on_move(choice)
        game.play(choice)
    assert game.is_over, where
    assert list(native.outcomes) == list(game.chance.outcomes), where
    assert native.winners == game.winners, where
    assert native.scores == game.scores, where
    assert native.rounds == game.round, where
    return native.decisions
