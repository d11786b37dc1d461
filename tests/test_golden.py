"""Every stored golden playthrough replays to the same events and outcome (see ``golden.py``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from backroom.engine.record import Record
from backroom.games import get_game

from .golden import dumps, golden_files, playthrough


@pytest.mark.parametrize("path", golden_files(), ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
def test_golden_playthrough_replays_to_the_same_events_and_outcome(path: Path):
    stored = json.loads(path.read_text(encoding="utf-8"))
    record = Record.from_json(stored["record"])
    assert dumps(playthrough(get_game(record.game), record)) == dumps(stored)
    assert stored["outcome"] is not None  # each golden game is played to its end


def test_every_game_has_golden_playthroughs():
    from backroom.games import game_ids

    covered = {p.parent.parent.name for p in golden_files()}
    assert {g.replace("-", "_") for g in game_ids()} <= covered
