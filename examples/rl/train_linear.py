"""Train a linear policy with action masking to beat random play, on the CPU, in NumPy alone.

The learner sits at seat 0 of a Gymnasium environment from ``unodice.rl`` against random
opponents. Its policy is a softmax over the legal moves of ``W @ observation + b`` (one row of
``W`` per move of the variant's action catalogue), trained by REINFORCE with a running
baseline on the reward of each game. Before and after training it plays the same evaluation
games, and the script prints both win rates:

    python examples/rl/train_linear.py                      # centre-die, one round a game
    python examples/rl/train_linear.py --episodes 3000 --seed 1

It needs the rl extra: ``pip install 'unodice[rl]'``.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from typing import Any

import numpy as np

import unodice.rl


class LinearPolicy:
    """A softmax over the legal moves of a linear score of the observation."""

    def __init__(self, observations: int, actions: int, rng: np.random.Generator):
        self.weights = np.zeros((actions, observations))
        self.bias = np.zeros(actions)
        self.rng = rng

    def probabilities(self, observation: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """The chance of each move: zero for the masked ones."""
        legal = np.flatnonzero(mask)
        scores = self.weights[legal] @ observation + self.bias[legal]
        scores -= scores.max()
        chances = np.exp(scores)
        full = np.zeros(len(mask))
        full[legal] = chances / chances.sum()
        return full

    def choose(self, observation: np.ndarray, mask: np.ndarray, greedy: bool = False) -> int:
        """A move's index: drawn from the policy, or its most likely move."""
        chances = self.probabilities(observation, mask)
        if greedy:
            return int(np.argmax(chances))
        return int(self.rng.choice(len(chances), p=chances))

    def learn(
        self, steps: Sequence[tuple[np.ndarray, np.ndarray, int]], advantage: float, rate: float
    ) -> None:
        """One REINFORCE update: make the moves of a game more likely by ``advantage``."""
        for observation, mask, action in steps:
            chances = self.probabilities(observation, mask)
            gradient = -chances
            gradient[action] += 1.0
            legal = np.flatnonzero(mask)
            self.weights[legal] += rate * advantage * np.outer(gradient[legal], observation)
            self.bias[legal] += rate * advantage * gradient[legal]


def play(
    env: Any, policy: LinearPolicy | None, seed: int, greedy: bool = False
) -> tuple[float, list[tuple[np.ndarray, np.ndarray, int]]]:
    """One game: the learner's total reward and its decisions (``None``: random moves)."""
    observation, _ = env.reset(seed=seed)
    steps: list[tuple[np.ndarray, np.ndarray, int]] = []
    total, done = 0.0, False
    rng = np.random.default_rng(seed)
    while not done:
        mask = observation["action_mask"]
        if policy is None:
            action = int(rng.choice(np.flatnonzero(mask)))
        else:
            action = policy.choose(observation["observation"], mask, greedy)
            steps.append((observation["observation"], mask, action))
        observation, reward, done, _, _ = env.step(action)
        total += reward
    return total, steps


def win_rate(env: Any, policy: LinearPolicy | None, games: int, first_seed: int) -> float:
    """The share of ``games`` evaluation games the learner wins (reward above zero)."""
    wins = sum(play(env, policy, first_seed + game, greedy=True)[0] > 0 for game in range(games))
    return wins / games


def main(argv: Sequence[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--variant",
        default="centre-die(rounds=1)",
        help="a game string (default: centre-die, one round a game)",
    )
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--episodes", type=int, default=2_000, help="training games")
    parser.add_argument("--evaluation", type=int, default=1_000, help="evaluation games")
    parser.add_argument("--rate", type=float, default=0.05, help="learning rate")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)

    env = unodice.rl.gym_env(args.variant, opponents=["random"] * (args.players - 1))
    rng = np.random.default_rng(args.seed)
    size = env.observation_space["observation"].shape[0]
    policy = LinearPolicy(size, env.action_space.n, rng)
    evaluation_seed = 10**9 + args.seed

    began = time.perf_counter()
    before = win_rate(env, None, args.evaluation, evaluation_seed)
    baseline = 0.0
    for episode in range(args.episodes):
        total, steps = play(env, policy, args.seed * 10**6 + episode)
        policy.learn(steps, total - baseline, args.rate / max(1, len(steps)))
        baseline += 0.01 * (total - baseline)
    after = win_rate(env, policy, args.evaluation, evaluation_seed)
    seconds = time.perf_counter() - began
    print(f"{args.variant}, {args.players} players, learner at seat 0 against random play")
    print(f"win rate of random play:            {before:.3f} ({args.evaluation} games)")
    print(f"win rate after {args.episodes} training games: {after:.3f} (the same games)")
    print(f"{seconds:.0f} s in all")
    return {"random": before, "trained": after, "seconds": seconds}


if __name__ == "__main__":
    main()
