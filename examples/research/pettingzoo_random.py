"""Random agents that respect the action mask, in PettingZoo's AEC loop (docs/research.md).

python examples/research/pettingzoo_random.py corruption 4
"""

from __future__ import annotations

import sys

import numpy as np

from backroom.interop.pettingzoo import env


def main(game: str = "corruption", players: int = 4, games: int = 3) -> dict[str, float]:
    e = env(game, players)
    rng = np.random.default_rng(0)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for seed in range(games):
        e.reset(seed=seed)
        for agent in e.agent_iter():
            # A random agent needs no observation vector: the mask is in the agent's info.
            _, reward, termination, truncation, info = e.last(observe=False)
            totals[agent] += reward
            if termination or truncation:
                action = None
            else:
                action = int(rng.choice(info["action_mask"].view(bool).nonzero()[0]))
            e.step(action)
    return totals


if __name__ == "__main__":
    print(main(sys.argv[1], int(sys.argv[2])) if len(sys.argv) > 2 else main())
