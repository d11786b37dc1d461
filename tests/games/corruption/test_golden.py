"""Golden playthroughs: a fresh replay of each stored game gives the stored log, byte for byte.

The files in ``golden/`` come from ``make_golden.py`` (random bots, fixed seeds; see its
docstring for how and when to regenerate them).
"""

from __future__ import annotations

import json

import pytest

from backroom.engine.record import Record
from backroom.games.corruption import GAME

from .make_golden import GAMES, GOLDEN_DIR, dumps, playthrough


@pytest.mark.parametrize("stem", sorted(GAMES))
def test_golden_playthrough_replays_to_the_same_events_and_outcome(stem):
    stored = json.loads((GOLDEN_DIR / f"{stem}.json").read_text(encoding="utf-8"))
    players, options, seed = GAMES[stem]
    record = Record.from_json(stored["record"])
    assert (record.players, record.seed) == (players, seed)
    assert record.options == GAME.resolve_options(options)
    assert dumps(playthrough(record)) == dumps(stored)
    assert stored["outcome"] is not None  # each golden game is played to its end
