"""Speed of a game's kernel on one core: random playouts, clones, resamples.

Figures are measured, not hoped for: ``backroom bench <game>`` prints them and
``docs/benchmarks.md`` keeps them with the machine they came from. Rates are per second of
this process's CPU time (``time.process_time``): one core's worth of work, which other load on
the machine does not distort the way wall-clock time would.
"""

from __future__ import annotations

import platform
import random
import statistics
import time
from typing import Any

from backroom.compiled import MODULES, compiled
from backroom.engine.game import Game, State
from backroom.engine.rng import derive_seed
from backroom.sim.playout import play_game


def random_playouts(game: Game, players: int, seconds: float, seed: int = 0) -> dict[str, float]:
    """Whole games with uniformly random legal actions, for about ``seconds``, through the
    public API that search and simulation use: ``start``, ``actors``, ``random_action`` and
    ``apply_quiet`` (no events, no labels)."""
    rng = random.Random(seed)
    games = actions = 0
    began = time.process_time()
    deadline = began + seconds
    while time.process_time() < deadline:
        state, _ = game.start(players, None, derive_seed(seed, games))
        while True:
            actors = state.actors()
            if not actors:
                break
            seat = actors[0]
            state.apply_quiet(seat, state.random_action(seat, rng))
            actions += 1
        games += 1
    elapsed = time.process_time() - began
    return {
        "games": games,
        "actions": actions,
        "seconds": elapsed,
        "games_per_second": games / elapsed,
        "actions_per_second": actions / elapsed,
        "mean_actions": actions / games if games else 0.0,
    }


def midgame_states(game: Game, players: int, count: int, seed: int = 0) -> list[State]:
    """Positions taken from random games, a few actions in, for per-operation timings."""
    rng = random.Random(seed)
    states = []
    for i in range(count):
        state, _ = game.start(players, None, derive_seed(seed, i))
        for _ in range(rng.randrange(1, 12)):
            actors = state.actors()
            if not actors:
                break
            state.apply_quiet(actors[0], state.random_action(actors[0], rng))
        states.append(state)
    return states


def per_call_microseconds(
    states: list[State], rounds: int = 25, repeat: int = 4
) -> tuple[float, float, float]:
    """Microseconds per ``clone`` and per ``resample(0)`` over ``states``, and the resample's
    cost in clones: medians over ``rounds`` in which the two take turns (the order swapped every
    round), so that load drifting during the run moves both alike. Timed one after the other,
    the ratio of the same tree moved between 8.5 and 12.4 from run to run on a shared machine."""
    rng = random.Random(1)
    clones: list[float] = []
    resamples: list[float] = []
    calls = repeat * len(states)
    for r in range(rounds):
        for operation in ("clone", "resample") if r % 2 else ("resample", "clone"):
            began = time.process_time()
            for _ in range(repeat):
                for state in states:
                    if operation == "clone":
                        state.clone()
                    else:
                        state.resample(0, rng)
            timed = clones if operation == "clone" else resamples
            timed.append((time.process_time() - began) / calls * 1e6)
    ratios = [r / c for r, c in zip(resamples, clones, strict=True)]
    return statistics.median(clones), statistics.median(resamples), statistics.median(ratios)


def bot_playouts(game: Game, players: int, kind: str, seconds: float, seed: int = 0) -> float:
    """Actions per CPU second of whole games with ``kind`` in every seat, through the loop every
    simulation runs (``play_game``: an observation and a bot decision per action)."""
    games = actions = 0
    began = time.process_time()
    while time.process_time() < began + seconds:
        actions += play_game(game, players, None, derive_seed(seed, games), [kind]).actions
        games += 1
    return actions / (time.process_time() - began)


def bench_bots(game: Game, players: int, kinds: list[str], seconds: float) -> list[dict[str, Any]]:
    """Each bot kind against ``random`` through the same loop, in one run (issue 16.5 asks a
    heuristic to stay within 5x of random play): random is timed before and after the others
    and averaged, so a machine whose load drifts during the run biases no ratio."""
    before = bot_playouts(game, players, "random", seconds)
    rates = {kind: bot_playouts(game, players, kind, seconds) for kind in kinds}
    random_rate = (before + bot_playouts(game, players, "random", seconds)) / 2
    return [
        {"bot": kind, "actions_per_second": rate, "random_per_bot": random_rate / rate}
        for kind, rate in {"random": random_rate, **rates}.items()
    ]


def bench(game: Game, players: int, seconds: float) -> dict[str, Any]:
    states = midgame_states(game, players, 200)
    clone_us, resample_us, ratio = per_call_microseconds(states)
    return {
        "game": game.id,
        "players": players,
        "playouts": random_playouts(game, players, seconds),
        "clone_us": clone_us,
        "resample_us": resample_us,
        "resample_per_clone": ratio,
        "machine": machine(),
    }


def machine() -> dict[str, str]:
    """The processor, Python and system a figure came from, and how many of the modules that
    can be compiled were (``backroom.compiled``): compiled or not, the bots and the resample
    run at very different speeds."""
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return {
        "cpu": cpu,
        "python": platform.python_version(),
        "system": platform.platform(),
        "compiled": f"{len(compiled())}/{len(MODULES)}",
    }
