"""The three examples of ``docs/research.md`` run, at a small size: the docs stay true."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

from tests.helpers import require

EXAMPLES = Path(__file__).parents[2] / "examples" / "research"


def example(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_pettingzoo_random_agents_mean_returns_per_game_are_in_the_return_range():
    require("pettingzoo")
    one = example("pettingzoo_random").main("corruption", 3, games=1)
    assert max(one.values()) == 1.0 and min(one.values()) == -1.0
    means = example("pettingzoo_random").main("corruption", 4, games=3)
    assert all(-1.0 <= m <= 1.0 for m in means.values())


def test_gymnasium_reinforce_learns_to_beat_the_random_bot():
    """The example's claim: on the same deals, the learner does clearly better than the policy
    it starts from (learning rate 0: uniform over the legal actions)."""
    require("gymnasium")
    reinforce = example("gym_reinforce")
    learned, still = reinforce.main(episodes=100), reinforce.main(episodes=100, learning_rate=0.0)
    assert all(r in (-1.0, 1.0) for r in learned + still)
    assert sum(learned) / 100 > sum(still) / 100 + 0.25


def test_openspiel_ismcts_against_backroom_heuristic_reports_each_game(capsys):
    require("pyspiel")
    results = example("openspiel_ismcts").main("stool-pigeon", games=2, simulations=3)
    assert len(results) == 2 and all(r in (-1.0, 1.0) for r in results)
    assert [line.split(":")[0] for line in capsys.readouterr().out.splitlines()] == ["game 1/2", "game 2/2"]
