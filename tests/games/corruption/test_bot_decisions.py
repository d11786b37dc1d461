"""The heuristic bot was made faster (issue 16.5) without changing a single decision: these
seeded games, every variant and player count, play exactly as they did before (digests
recorded with the bot as it was)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from backroom.games import get_game
from backroom.sim.playout import play_game

RECORDED = json.loads((Path(__file__).parent / "data" / "heuristic-decisions.json").read_text("utf-8"))[
    "games"
]
OPTIONS: dict[str, dict[str, Any]] = {
    "standard": {},
    "rio_abajo": {"variant": "rio_abajo"},
    "stud_libre-book": {"variant": "stud_libre", "black_book": True},
    "cerrado": {"variant": "cerrado"},
    "book": {"black_book": True},
}


@pytest.mark.parametrize("key", sorted(RECORDED))
def test_heuristic_bot_decisions_are_those_recorded_before_its_speed_up(key: str) -> None:
    name, players, seed = key.rsplit("-", 2)
    played = play_game(
        get_game("corruption"), int(players), OPTIONS[name], 9000 + int(seed), ["heuristic"], keep_record=True
    )
    assert played.record is not None
    digest = hashlib.sha256(json.dumps(played.record.actions).encode()).hexdigest()[:16]
    assert digest == RECORDED[key]
