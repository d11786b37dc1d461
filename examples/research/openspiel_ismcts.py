"""OpenSpiel's Python ISMCTS against Backroom's heuristic bot (docs/research.md).

python examples/research/openspiel_ismcts.py stool-pigeon 10 100
"""

from __future__ import annotations

import sys

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from backroom.interop.openspiel import BackroomBot, load_game


def main(game: str = "stool-pigeon", games: int = 4, simulations: int = 50) -> list[float]:
    """ISMCTS's return in each game, its seat alternating with the heuristic bot's."""
    spiel = load_game(game, 2)
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    results = []
    for number in range(games):
        searcher = ismcts.ISMCTSBot(spiel, evaluator, 2.0, simulations, random_state=rng)
        bots = [searcher, BackroomBot(spiel, "heuristic", seed=number)]
        seat = number % 2
        if seat:
            bots.reverse()
        state = spiel.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randint(len(outcomes))][0])
            else:
                state.apply_action(bots[state.current_player()].step(state))
        results.append(state.returns()[seat])
    return results


if __name__ == "__main__":
    args = sys.argv[1:]
    results = main(args[0], int(args[1]), int(args[2])) if len(args) == 3 else main()
    print(f"ISMCTS against heuristic: mean return {np.mean(results):+.2f} over {len(results)} games")
