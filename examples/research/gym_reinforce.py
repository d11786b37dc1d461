"""A small policy learning Slush Fund against Backroom's heuristic bots (docs/research.md).

REINFORCE with a linear softmax policy over the legal actions, in NumPy alone: enough to show
the loop (reset, masked choice, step, return at the end). A real study would use an RL
library's masked PPO or DQN (for example sb3-contrib's MaskablePPO) on the same environment.

    python examples/research/gym_reinforce.py 200
"""

from __future__ import annotations

import sys

import gymnasium
import numpy as np

import backroom.interop.gym  # noqa: F401 (registers the backroom/* ids)


def main(episodes: int = 200, learning_rate: float = 0.05) -> list[float]:
    env = gymnasium.make("backroom/SlushFund-v0", players=2, opponents="heuristic")
    size = env.observation_space["observation"].shape[0]
    weights = np.zeros((env.action_space.n, size), np.float32)
    rng = np.random.default_rng(0)
    returns = []
    for episode in range(episodes):
        obs, _ = env.reset(seed=episode)
        steps = []
        done = False
        while not done:
            legal = np.flatnonzero(obs["action_mask"])
            logits = weights[legal] @ obs["observation"]
            p = np.exp(logits - logits.max())
            p /= p.sum()
            choice = rng.choice(len(legal), p=p)
            steps.append((obs["observation"], legal, p, choice))
            obs, reward, done, truncated, _ = env.step(int(legal[choice]))
            done = done or truncated
        for x, legal, p, choice in steps:  # the gradient of log p(choice) for a softmax
            grad = -p[:, None] * x[None, :]
            grad[choice] += x
            weights[legal] += learning_rate * reward * grad
        returns.append(float(reward))
    return returns


if __name__ == "__main__":
    result = main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
    half = len(result) // 2
    print(f"mean return, first half {np.mean(result[:half]):+.2f}, second half {np.mean(result[half:]):+.2f}")
