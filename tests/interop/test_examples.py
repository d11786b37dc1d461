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


def test_pettingzoo_random_agents_with_masks():
    require("pettingzoo")
    totals = example("pettingzoo_random").main("corruption", 3, games=1)
    assert max(totals.values()) == 1.0


def test_gymnasium_training_loop_against_heuristic_bots():
    require("gymnasium")
    returns = example("gym_reinforce").main(episodes=3)
    assert len(returns) == 3 and all(-1.0 <= r <= 1.0 for r in returns)


def test_openspiel_ismcts_against_backroom_heuristic():
    require("pyspiel")
    results = example("openspiel_ismcts").main("stool-pigeon", games=1, simulations=3)
    assert len(results) == 1 and -1.0 <= results[0] <= 1.0
