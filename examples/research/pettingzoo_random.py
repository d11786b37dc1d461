"""Random agents that respect the action mask, in PettingZoo's AEC loop (docs/research.md).

    python examples/research/pettingzoo_random.py corruption 4

Arguments: game, players and (optionally) games, 3 by default. Prints each agent's mean return
per game, in [-1, 1]: +1 for first place, -1 for last.
"""

from __future__ import annotations

import sys

import numpy as np

from backroom.interop.pettingzoo import env


def main(game: str = "corruption", players: int = 4, games: int = 3) -> dict[str, float]:
    """Each agent's mean return per game."""
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
    return {agent: total / games for agent, total in totals.items()}


if __name__ == "__main__":
    game, players = (sys.argv[1], int(sys.argv[2])) if len(sys.argv) > 2 else ("corruption", 4)
    games = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    means = main(game, players, games)
    print(f"{game}, {players} players, {games} games of random agents")
    print("mean return per game (+1 first place, -1 last):")
    for agent, mean in means.items():
        print(f"  {agent}  {mean:+.2f}")
