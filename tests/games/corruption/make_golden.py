"""Regenerate the golden Corruption playthroughs in ``golden/``.

    .venv/bin/python tests/games/corruption/make_golden.py

Each golden game is random bots playing from a fixed seed; the file keeps the record (seed,
options, the actions) and what a fresh replay of those actions produces: every step's events,
private ones included, and the outcome. ``test_golden.py`` replays the stored actions and
compares, so any change of behaviour shows up as a diff of these files. Regenerate only when the
change is intended (and bump ``rules_version`` if it changes how games play out).

The seeds were picked, among the first 300, for covering the most event kinds: the standard game
(Swiss assignments, kills, cancellations, reporters, ties) and Stud Libre with the Little Black
Book (position choices, looks and declines in the windows).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from backroom.engine.record import Record, replay, replay_steps
from backroom.games.corruption import GAME
from backroom.sim.playout import play_game

GOLDEN_DIR = Path(__file__).parent / "golden"
GAMES: dict[str, tuple[int, dict[str, Any], int]] = {
    "4p-standard-seed-0": (4, {}, 0),
    "5p-stud-libre-black-book-seed-2": (5, {"variant": "stud_libre", "black_book": True}, 2),
}
"""File stem: (players, options, seed)."""


def playthrough(record: Record) -> dict[str, Any]:
    """The record and everything a fresh replay of it produces, as JSON-ready data."""
    steps = [
        {
            "seat": seat,
            "action": None if action is None else list(action),
            "events": [e.to_json() for e in events],
        }
        for _, seat, action, events in replay_steps(GAME, record)
    ]
    outcome = replay(GAME, record).outcome()
    return {
        "record": record.to_json(),
        "steps": steps,
        "outcome": None if outcome is None else outcome.to_json(),
    }


def dumps(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def main() -> None:
    GOLDEN_DIR.mkdir(exist_ok=True)
    for stem, (players, options, seed) in GAMES.items():
        played = play_game(GAME, players, options, seed, ["random"], keep_record=True)
        assert played.record is not None
        path = GOLDEN_DIR / f"{stem}.json"
        path.write_text(dumps(playthrough(played.record)), encoding="utf-8")
        print(f"{path}: {played.actions} actions, {played.outcome.reason}")


if __name__ == "__main__":
    main()
