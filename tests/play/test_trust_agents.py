"""Every way an agent can fail becomes an AgentError naming it (issue 25, item 6).

An agent is code from outside. Whatever it raises (``SystemExit``, ``GeneratorExit``, any
``BaseException``, a ``KeyboardInterrupt`` that no signal caused, an exception whose message
cannot be shown) and whatever it hands back (a move built without its fields, a move whose
``__str__`` raises, a ``str`` subclass whose ``strip`` raises), the game stops with an
``AgentError`` naming the agent, its seat and the game, in this process or from a worker.
"""

from __future__ import annotations

import os
import pickle
import signal
import time
from collections.abc import Sequence
from typing import Any

import pytest

import unodice.rl
from unodice.core.moves import Move
from unodice.core.variant import View
from unodice.play.agents import AgentError, RandomAgent, play_game
from unodice.play.simulation import simulate


class Raises:
    """Raises what it was made with at its first decision."""

    def __init__(self, error: BaseException):
        self.error = error

    def choose(self, view: View, moves: Sequence[Move]) -> Move:
        raise self.error


class Unprintable(Exception):
    def __str__(self) -> str:
        raise RuntimeError("no words")


class Answers:
    """Hands back what ``answer(moves)`` makes of the legal moves."""

    def __init__(self, answer: Any):
        self.answer = answer

    def choose(self, view: View, moves: Sequence[Move]) -> Any:
        return self.answer(moves)


class TrickyText(str):
    def strip(self, *args: Any) -> str:
        raise RuntimeError("strip refused")

    def __str__(self) -> str:
        raise RuntimeError("str refused")


def _half_built(moves: Sequence[Move]) -> Move:
    return tuple.__new__(type(moves[0]), ())  # type: ignore[no-any-return]


def _unprintable_move(moves: Sequence[Move]) -> Move:
    kind = type(moves[0])

    class Shifty(kind):  # type: ignore[misc, valid-type]
        def __str__(self) -> str:
            raise RuntimeError("no notation")

        def __repr__(self) -> str:
            raise SystemExit(3)

    return Shifty(*moves[0])  # type: ignore[no-any-return]


def _failure(agent: Any) -> AgentError:
    with pytest.raises(AgentError) as caught:
        play_game("coverall", [RandomAgent(1), agent], seed=4)
    error = caught.value
    assert error.seat == 1 and error.seed == 4
    again = pickle.loads(pickle.dumps(error))
    assert str(again) == str(error)
    return error


@pytest.mark.parametrize(
    "error",
    [
        SystemExit(7),
        GeneratorExit(),
        BaseException("odd"),
        KeyboardInterrupt(),
        Unprintable(),
    ],
    ids=["SystemExit", "GeneratorExit", "BaseException", "KeyboardInterrupt", "unprintable"],
)
def test_anything_an_agent_raises_is_an_agent_error(error):
    """Issue 25, item 6: these escaped as themselves (SystemExit ended the command line)."""
    failed = _failure(Raises(error))
    assert failed.cause.startswith(f"{type(error).__name__} in choose")


def test_an_exception_whose_message_fails_is_named_without_it():
    """Issue 25, item 6."""
    assert "(its message cannot be shown)" in _failure(Raises(Unprintable())).cause


@pytest.mark.parametrize(
    "answer",
    [_half_built, _unprintable_move, lambda moves: 42],
    ids=["half-built move", "move whose str raises", "a number"],
)
def test_what_is_not_a_legal_move_is_the_agents_failure(answer):
    """Issue 25, item 6: a half-built move raised an IndexError blamed on the variant."""
    failed = _failure(Answers(answer))
    assert "it chose" in failed.cause


def test_text_is_read_as_plain_text_whatever_its_class_does():
    """Issue 25, item 6: a str subclass whose strip raises reached the game's parser."""
    game = play_game(
        "coverall", [Answers(lambda moves: TrickyText(str(moves[0]))), "random"], seed=2
    )
    assert game.is_over
    failed = _failure(Answers(lambda moves: TrickyText("no such move")))
    assert "not legal" in failed.cause


def test_a_keyboard_interrupt_from_a_real_signal_stays_an_interrupt():
    """Issue 25, item 6: only a KeyboardInterrupt that no signal caused is the agent's fault."""

    class Interrupted:
        def choose(self, view: View, moves: Sequence[Move]) -> Move:
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(10)  # the signal's KeyboardInterrupt ends the sleep at once
            return moves[0]

    # A process started in the background by a shell without job control inherits SIGINT
    # ignored, and Python then installs no handler of its own: give it Python's default here.
    inherited = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with pytest.raises(KeyboardInterrupt) as caught:
            play_game("coverall", [Interrupted(), "random"], seed=1)
        assert not isinstance(caught.value, AgentError)
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    finally:
        signal.signal(signal.SIGINT, inherited)


def test_a_factory_that_raises_is_an_agent_error():
    """Issue 25, item 6."""

    def exploding(seed: int) -> Any:
        raise SystemExit(5)

    with pytest.raises(AgentError, match="SystemExit while it was made"):
        play_game("coverall", ["random", exploding], seed=1)


def stops_the_process(seed: int) -> Raises:
    """A module-level factory (it goes to worker processes) of an agent raising SystemExit."""
    return Raises(SystemExit(7))


def interrupts_itself(seed: int) -> Raises:
    return Raises(KeyboardInterrupt())


@pytest.mark.parametrize("factory", [stops_the_process, interrupts_itself])
def test_an_agent_failing_in_a_worker_process_is_an_agent_error(factory):
    """Issue 25, item 6: from a worker, these broke the pool or stopped the run as Ctrl-C."""
    with pytest.raises(AgentError, match=r"at seat 1 .* game \d+ \(seed \d+\)"):
        simulate(
            "coverall", 4, players=2, agents=["random", factory], seed=0, workers=2, chunk_size=2
        )


def test_a_gym_opponent_choosing_an_illegal_move_is_an_agent_error():
    """Issue 25, item 6: the environment raised a raw IllegalMove."""
    env = unodice.rl.gym_env("coverall", opponents=[Answers(_half_built)])
    with pytest.raises(AgentError, match="at seat 1"):
        for episode in range(5):
            env.reset(seed=episode)
            while True:
                mask = env.action_masks()
                _, _, over, _, _ = env.step(int(mask.nonzero()[0][0]))
                if over:
                    break
