"""OpenSpiel's Python ISMCTS against Backroom's heuristic bot (docs/research.md).

    python examples/research/openspiel_ismcts.py stool-pigeon 4 10

Arguments: game, number of games, ISMCTS simulations per move. Each simulation ends in a random
rollout to the end of the game through the adapter, so the cost grows with both numbers: the
line above plays four two-player games in under 10 s on two cores; at 20 simulations a move a
game takes about 5 s. A line is printed as each game ends.
"""

from __future__ import annotations

import sys
import time

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from backroom.interop.openspiel import BackroomBot, load_game


def main(game: str = "stool-pigeon", games: int = 4, simulations: int = 10) -> list[float]:
    """ISMCTS's return in each game (+1 won, -1 lost), its seat alternating with the heuristic
    bot's."""
    spiel = load_game(game, 2)
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    results = []
    for number in range(games):
        started = time.perf_counter()
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
        print(
            f"game {number + 1}/{games}: ISMCTS in seat {seat}, return {results[-1]:+.0f} "
            f"({time.perf_counter() - started:.1f} s)",
            flush=True,
        )
    return results


if __name__ == "__main__":
    args = sys.argv[1:]
    results = main(args[0], int(args[1]), int(args[2])) if len(args) == 3 else main()
    mean = np.mean(results)
    print(f"ISMCTS ({len(results)} games) against heuristic: mean return {mean:+.2f} (range -1 to +1)")
