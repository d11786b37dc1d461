"""The modules compiled with mypyc at install (``backroom/compiled.py``): built, up to date, and
deciding exactly as their Python source does.

The compiled extension, not the source, is what the rest of the suite runs, so the source is
held to it here: a copy of the package without the extensions, in a process of its own, must
play the same games and draw the same resamples.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from backroom.compiled import MODULES, PURE_ENV, SOURCES, compiled, pure, stale
from backroom.games import get_game
from backroom.sim.bench import midgame_states
from backroom.sim.playout import play_game

ROOT = Path(__file__).resolve().parent.parent

GAMES = [
    ("corruption", 3, {}),
    ("corruption", 4, {"variant": "rio_abajo", "black_book": True}),
    ("corruption", 5, {"variant": "stud_libre"}),
    ("corruption", 6, {"variant": "cerrado"}),
    ("slush-fund", 2, None),
    ("slush-fund", 3, None),
    ("slush-fund", 4, None),
    ("slush-fund", 2, None),
    ("slush-fund", 4, None),
]


def decisions_digest() -> str:
    """Every action of heuristic games of the compiled bots' games, and Stool Pigeon resamples,
    views and action labels of mid-game positions for every seat and of the games' ends, hashed."""
    seen = hashlib.sha256()
    for i, (game, players, options) in enumerate(GAMES):
        bots = ["heuristic"] if i % 2 else ["heuristic", "random"]
        played = play_game(get_game(game), players, options, 700 + i, bots, keep_record=True)
        assert played.record is not None
        seen.update(json.dumps(played.record.actions).encode())
    rng = random.Random(3)
    for state in midgame_states(get_game("stool-pigeon"), 4, 60, seed=5):
        for seat in range(state.players):
            seen.update(json.dumps(state.resample(seat, rng).to_json(), sort_keys=True).encode())
            labels = [state.label(action).to_json() for action in state.legal_actions(seat)]
            seen.update(json.dumps([state.view(seat), state.view(seat, recall=False), labels]).encode())
        seen.update(json.dumps(state.view(None)).encode())
        while actors := state.actors():  # and the game's end, every card face up
            state.apply_quiet(actors[0], state.random_action(actors[0], rng))
        seen.update(json.dumps([state.view(seat) for seat in range(state.players)]).encode())
    return seen.hexdigest()


def test_the_install_compiled_every_listed_module_unless_asked_to_keep_python() -> None:
    assert all((ROOT / source).is_file() for source in SOURCES)
    if pure():
        assert compiled() == []
    else:
        missing = sorted(set(MODULES) - set(compiled()))
        assert not missing, (
            f"not compiled: {missing}. Install a C compiler and Python's headers and run `make install`"
            f" again; or, to keep them Python, set {PURE_ENV}=1 for the install and the tests"
        )


def test_no_compiled_module_is_older_than_its_source() -> None:
    assert stale() == [], "an edited module still runs its old build: run `make install`"


def test_the_python_source_decides_as_the_compiled_modules(tmp_path: Path) -> None:
    if not compiled():
        pytest.skip("nothing is compiled in this install: the suite runs the Python source itself")
    shutil.copytree(ROOT / "backroom", tmp_path / "backroom", ignore=shutil.ignore_patterns("*.so", "*.pyd"))
    script = (
        "import sys; sys.path.append(sys.argv[1])\n"
        "from backroom.compiled import compiled\n"
        "assert compiled() == [], compiled()\n"
        "from tests.test_compiled import decisions_digest\n"
        "print(decisions_digest())\n"
    )
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    run = subprocess.run(
        [sys.executable, "-c", script, str(ROOT)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == decisions_digest()
