"""Playouts: a game played on by one kind of agent at every seat, for searches to evaluate with.

[`play_out(game, "heuristic")`][unodice.play.bots.playout.play_out] plays ``game`` on to the end
of its current round (or of the match, or for a number of moves) with the named agent choosing
for every seat, and returns how many moves it played. A
[`NativeGame`][unodice.core.native_game.NativeGame] (``new_game(..., native=True)``, and what
its ``determinize`` and ``copy`` give) plays the built-in agents (``"random"``, ``"greedy"``,
``"heuristic"``) in its C engine, without a Python call per move; any other game, or any other
registered agent, is played through the public API, each seat's agent choosing from its view.
Both play the same moves: the engine's agents choose exactly as the Python agents of those
names do, and seat ``s``'s random agent is ``RandomAgent(seat_seed(seed, s))`` either way.

A search copies or determinizes the position, plays it out, and reads the scores or winners::

    world = view.determinize(rng)
    world.play(move)
    play_out(world, "heuristic")
    reward = world.scores
"""

from __future__ import annotations

from unodice.core.game import Game
from unodice.core.native_game import NativeGame, playout_args
from unodice.play.agents import make_agent

__all__ = ["play_out", "seat_seed"]

_MASK = (1 << 64) - 1


def seat_seed(seed: int, seat: int) -> int:
    """The seed of ``seat``'s random agent in a playout seeded ``seed`` (below 2**64).

    One step of SplitMix64 from ``seed + (seat + 1) * 0x9E3779B97F4A7C15`` (modulo 2**64), so
    that the agents of playouts with nearby seeds share no generator. The native engines
    seed their random agents with the same numbers.
    """
    z = (seed + (seat + 1) * 0x9E3779B97F4A7C15) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def play_out(
    game: Game,
    agent: str = "heuristic",
    *,
    seed: int | None = None,
    until: str = "round",
    max_moves: int | None = None,
) -> int:
    """Play ``game`` on with the agent named ``agent`` at every seat; how many moves were played.

    The game goes on to the end of its current round (``until="round"``: once the move that
    ends it is played, whether or not the next round is dealt, or the match is over), or of
    the match (``until="match"``, starting each next round of a game that pauses between
    rounds), or for at most ``max_moves`` moves. A native game plays ``"random"``,
    ``"greedy"`` and ``"heuristic"`` in its engine
    ([`NativeGame.play_out`][unodice.core.native_game.NativeGame.play_out]); otherwise each
    seat has its own agent, made by [`make_agent`][unodice.play.agents.make_agent] for the
    game's variant (``heuristic`` is the variant's heuristic) with the seed
    [`seat_seed(seed, seat)`][unodice.play.bots.playout.seat_seed], and at each decision the
    agent of the seat to act chooses from that seat's view and the legal moves (only its
    ``choose`` is asked). Both ways play the same moves from the same position and seed.

    Args:
        game: The game to play on (changed in place).
        agent: A registered agent's name: ``"heuristic"``, ``"greedy"``, ``"random"``, or any
            other (played through the public API).
        seed: Seeds the agents (see ``seat_seed``): a whole number from 0 to 2**64 - 1;
            ``None`` draws one at random. Greedy and heuristic agents draw nothing.
        until: ``"round"`` or ``"match"``.
        max_moves: At most this many moves (``None``: no limit).

    Raises:
        InvalidOptions: An unknown agent, or a bad ``seed``, ``until`` or ``max_moves``.
    """
    kind, whole_seed, whole_match, limit = playout_args(agent, seed, until, max_moves)
    if kind is not None and isinstance(game, NativeGame):
        return game._play_out(kind, whole_seed, whole_match, limit)
    return _python_play_out(game, agent, whole_seed, whole_match, limit)


def _python_play_out(
    game: Game, agent: str, seed: int, whole_match: bool, limit: int | None
) -> int:
    """`play_out` through the public API, each seat's agent made here (arguments checked)."""
    variant = game.variant.name
    agents = [
        make_agent(agent, seat_seed(seed, seat), variant=variant) for seat in range(game.players)
    ]
    start = game.round
    played = 0
    while limit is None or played < limit:
        seat = game.to_act
        if seat is None:
            if whole_match and game.between_rounds:
                game.next_round()
                continue
            break
        if not whole_match and game.round != start:
            break
        moves = game.legal_moves()
        game.play(agents[seat].choose(game.view(seat), moves))
        played += 1
    return played
