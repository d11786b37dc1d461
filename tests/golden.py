"""Golden playthroughs: stored games whose fresh replay must give the stored log, byte for byte.

Each file in ``tests/games/<game>/golden/`` keeps a record (game, players, options, seed and the
actions of random bots) and what replaying it produces: every step's events, private ones
included, and the outcome. ``tests/test_golden.py`` replays them all, so any change of behaviour
shows up as a diff of these files. Regenerate only when the change is intended (and bump the
game's ``rules_version`` if it changes how games play out)::

    .venv/bin/python -m tests.golden --events             # the stored games' events and outcomes anew
    .venv/bin/python -m tests.golden                      # every golden file, new games from its seed
    .venv/bin/python -m tests.golden slush-fund 3 17 '{}'  # add one: game, players, seed, options

``--events`` keeps each file's actions and replays them: what a change to what events say
needs. Without it the random bots play each seed again, and since their draws have changed
since the files were made, that gives other games altogether.

Seeds were picked for covering the most event kinds. Stool Pigeon (2p 352, 4p 146): draw, swap,
close, look, blind swap in two steps, Capo remove, the Soplón returned and valued, snaps and
misses, give, penalties, reshuffle, no penalty card left. Corruption (4p 0 standard; 5p 2 Stud Libre with
the Little Black Book): Swiss assignments, kills, cancellations, reporters, ties, position
choices, looks and declines. Slush Fund (2p 5, 4p 9): both turn options, Time cards, scandals,
Thief, Spy and Money Transfer. Politburó (2p 3, 4p 30): setup, attacks
answered and returned, windows, deaths, offices, round ends, a Secretary General. Illuminati
(2p 20, 4p 14; random games end with the last player standing): attacks of every mode,
spending rounds, captures and placements, transfers, moves, gifts, specials, eliminations.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from backroom.engine.game import Game
from backroom.engine.record import Record, replay, replay_steps
from backroom.games import get_game
from backroom.sim.playout import play_game

ROOT = Path(__file__).parent / "games"


def golden_files() -> list[Path]:
    return sorted(ROOT.glob("*/golden/*.json"))


def playthrough(game: Game, record: Record) -> dict[str, Any]:
    """The record and everything a fresh replay of it produces, as JSON-ready data."""
    steps = [
        {
            "seat": seat,
            "action": None if action is None else list(action),
            "events": [e.to_json() for e in events],
        }
        for _, seat, action, events in replay_steps(game, record)
    ]
    outcome = replay(game, record).outcome()
    return {
        "record": record.to_json(),
        "steps": steps,
        "outcome": None if outcome is None else outcome.to_json(),
    }


def dumps(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def write(game_id: str, players: int, seed: int, options: dict[str, Any], path: Path | None = None) -> Path:
    """Play random bots from ``seed`` and store the golden file."""
    game = get_game(game_id)
    played = play_game(game, players, options, seed, ["random"], keep_record=True)
    assert played.record is not None
    if path is None:
        package = game_id.replace("-", "_")
        path = ROOT / package / "golden" / f"{players}p-seed-{seed}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(dumps(playthrough(game, played.record)), encoding="utf-8")
    print(f"{path}: {played.actions} actions, {played.outcome.reason}")
    return path


def refresh(path: Path) -> None:
    """Replay the stored actions of ``path`` and store the events and outcome they give now."""
    record = Record.from_json(json.loads(path.read_text(encoding="utf-8"))["record"])
    path.write_text(dumps(playthrough(get_game(record.game), record)), encoding="utf-8")
    print(f"{path}: {len(record.actions)} actions replayed")


def main(argv: list[str]) -> None:
    if argv == ["--events"]:
        for path in golden_files():
            refresh(path)
        return
    if argv:
        game_id, players, seed, *rest = argv
        write(game_id, int(players), int(seed), json.loads(rest[0]) if rest else {})
        return
    for path in golden_files():
        record = json.loads(path.read_text(encoding="utf-8"))["record"]
        write(record["game"], record["players"], record["seed"], record["options"], path)


if __name__ == "__main__":
    main(sys.argv[1:])
