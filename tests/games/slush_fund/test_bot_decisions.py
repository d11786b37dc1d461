"""The heuristic bot was made faster (issue 16.5) without changing a single decision: these
seeded games play exactly as they did before (digests recorded with the bot as it was)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from backroom.games import get_game
from backroom.sim.playout import play_game

RECORDED = json.loads((Path(__file__).parent / "data" / "heuristic-decisions.json").read_text("utf-8"))[
    "games"
]


@pytest.mark.parametrize("key", sorted(RECORDED))
def test_heuristic_bot_decisions_are_those_recorded_before_its_speed_up(key: str) -> None:
    players, seed = (int(x) for x in key.split("-"))
    played = play_game(get_game("slush-fund"), players, None, 9000 + seed, ["heuristic"], keep_record=True)
    assert played.record is not None
    digest = hashlib.sha256(json.dumps(played.record.actions).encode()).hexdigest()[:16]
    assert digest == RECORDED[key]
