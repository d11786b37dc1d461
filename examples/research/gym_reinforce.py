"""A small policy learning Stool Pigeon against a random bot (docs/research.md).

REINFORCE with a linear softmax policy over the legal actions and a running-mean baseline, in
NumPy alone: enough to show the loop (reset, masked choice, step, return at the end) and a
policy that gets better. Two players, the learner in seat 0, the other seat Backroom's
``random`` bot: a linear policy can learn to beat it, while against the ``heuristic`` bot it
loses every game and its return, always -1, teaches it nothing. A real study would use an RL
library's masked PPO or DQN (for example sb3-contrib's MaskablePPO) on the same environment.

    python examples/research/gym_reinforce.py 200

prints the mean return of each block of 50 episodes, then that of a policy that does not
learn (learning rate 0, the uniform random policy) over the same deals.
"""

from __future__ import annotations

import sys

import gymnasium
import numpy as np

import backroom.interop.gym  # noqa: F401 (registers the backroom/* ids)

BLOCK = 50


def main(episodes: int = 200, learning_rate: float = 0.01) -> list[float]:
    """The learner's return in each episode (+1 won, -1 lost)."""
    env = gymnasium.make("backroom/StoolPigeon-v0", players=2, opponents="random")
    size = env.observation_space["observation"].shape[0]
    weights = np.zeros((env.action_space.n, size + 1))  # one row per action; the last entry a bias
    rng = np.random.default_rng(0)
    baseline = 0.0  # the running mean return: reward above it pushes the choices made up
    returns = []
    for episode in range(episodes):
        obs, _ = env.reset(seed=episode)
        steps = []
        done = False
        while not done:
            legal = np.flatnonzero(obs["action_mask"])
            x = np.append(obs["observation"], 1.0)
            logits = weights[legal] @ x
            p = np.exp(logits - logits.max())
            p /= p.sum()
            choice = rng.choice(len(legal), p=p)
            steps.append((x, legal, p, choice))
            obs, reward, done, truncated, _ = env.step(int(legal[choice]))
            done = done or truncated
        advantage = reward - baseline
        baseline += 0.05 * advantage
        for x, legal, p, choice in steps:  # the gradient of log p(choice) for a softmax
            grad = -p[:, None] * x[None, :]
            grad[choice] += x
            weights[legal] += learning_rate * advantage * grad
        returns.append(float(reward))
    return returns


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    print("Stool Pigeon, 2 players: the learner against a random bot (return +1 won, -1 lost)")
    learned = main(count)
    for start in range(0, count, BLOCK):
        block = learned[start : start + BLOCK]
        print(f"episodes {start + 1:>4}-{start + len(block):<4} mean return {np.mean(block):+.2f}")
    still = main(count, learning_rate=0.0)
    print(
        f"the same {count} deals without learning (uniform random policy): mean return {np.mean(still):+.2f}"
    )
