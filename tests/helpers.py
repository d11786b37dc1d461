"""Test helpers for any game: apply steps, pick events, check that a refusal changed nothing."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Sequence
from typing import Any

from backroom.engine.errors import IllegalAction
from backroom.engine.events import Event
from backroom.engine.game import State


def snapshot(state: State) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def refuse(state: State, seat: int, action: tuple[Any, ...]) -> str:
    """Apply an action the rules forbid; return the error key after checking nothing moved."""
    before = snapshot(state)
    try:
        state.apply(seat, action)
    except IllegalAction as error:
        assert snapshot(state) == before, f"{action} was refused but changed the state"
        return error.key
    raise AssertionError(f"{action} by seat {seat} was accepted")


def kinds(events: Sequence[Event]) -> list[str]:
    return [e.kind for e in events]


def event(events: Sequence[Event], kind: str) -> Event:
    """The one event of ``kind`` among ``events``."""
    found = [e for e in events if e.kind == kind]
    assert len(found) == 1, f"expected one {kind!r} event, got {kinds(events)}"
    return found[0]


def play(state: State, *steps: tuple[int, tuple[Any, ...]]) -> list[Event]:
    """Apply (seat, action) steps in order and return all their events."""
    events: list[Event] = []
    for seat, action in steps:
        events.extend(state.apply(seat, action))
    return events


def unavailable(reason: str) -> None:
    """A test needs something this machine lacks (a browser, a database server): skip it here,
    saying why, but fail in CI (``CI`` set), where everything is installed and a skip would hide
    a failure."""
    import os

    import pytest

    if os.environ.get("CI"):
        pytest.fail(f"{reason} (CI must provide it)")
    pytest.skip(reason)


def require(module: str) -> Any:
    """Import a research library (``pip install -e '.[research]'``): its tests are skipped on a
    machine without it, but fail in CI (``CI`` set), which installs it."""
    import importlib
    import os

    import pytest

    if os.environ.get("CI"):
        return importlib.import_module(module)
    return pytest.importorskip(module)


def strongest_bot(game: Any) -> str:
    """The game's ``heuristic`` bot, or ``random`` for a registered game whose heuristic bot is
    still to come (suites over every game play against the best opponent it has)."""
    return "heuristic" if "heuristic" in game.manifest.bots else "random"


def random_positions(game: Any, players: int, seed: int, rng: random.Random) -> Iterator[State]:
    """Each position of a game dealt from ``seed`` and played at random with ``rng``, before
    each action: one state moved on in place, so after the loop it is the finished game."""
    state, _ = game.start(players, {}, seed)
    while actors := state.actors():
        yield state
        state.apply_quiet(actors[0], state.random_action(actors[0], rng))


def assert_chances(chances: Sequence[float], players: int, out: Sequence[int]) -> None:
    """An estimate's chances to win: one per seat, each in [0, 1], summing to 1, none for the
    seats ``out`` of the game."""
    assert len(chances) == players
    assert all(0.0 <= c <= 1.0 for c in chances)
    assert abs(sum(chances) - 1.0) < 1e-9
    assert all(chances[s] == 0.0 for s in out)
