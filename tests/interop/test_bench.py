"""The adapters' bench measures each framework's floor beside the adapters (issue 17)."""

from __future__ import annotations

import json

import pytest

from tests.helpers import require


@pytest.mark.parametrize("floor", ["pettingzoo-floor", "openspiel-floor"])
def test_a_frameworks_floor_plays_whole_null_games_of_its_length(floor):
    """The floor's game does nothing but hand the turn on: a game is ``LENGTH`` agent steps
    through the same agent code as the adapter loops, whatever game is named."""
    require("pettingzoo")
    require("pyspiel")
    from backroom.interop.bench import FLOORS
    from backroom.interop.floor import LENGTH

    play_one = FLOORS[floor]("stool-pigeon", 3)
    assert [play_one(seed) for seed in range(3)] == [LENGTH] * 3


def test_the_bench_gives_each_framework_adapter_the_least_cost_its_framework_leaves(capsys):
    """``least_cost`` is one engine step plus the framework's floor, in engine steps: an
    adapter loop costs at least that, whatever its own work; Gymnasium has no floor."""
    require("pettingzoo")
    require("pyspiel")
    require("gymnasium")
    from backroom.interop.bench import main

    adapters = "pettingzoo-mask,openspiel-mask,gymnasium"
    assert main(["slush-fund", "--seconds", "0.05", "--adapters", adapters, "--lang", "en"]) == 0
    out = capsys.readouterr()
    # engine, api-legal, api-seat, two floors and three adapters: eight loops of 0.05 s
    assert "for about 0.4 s on one core" in out.err
    figures = json.loads(out.out)
    for adapter, floor in (("pettingzoo-mask", "pettingzoo-floor"), ("openspiel-mask", "openspiel-floor")):
        assert figures[adapter]["least_cost"] == 1 + figures[floor]["per_engine_action"]
        assert figures[floor]["per_engine_action"] > 0
    assert "least_cost" not in figures["gymnasium"]
