"""Many games between bots, across worker processes, with the same results whatever the workers.

Game ``i`` of a run seeded ``s`` is dealt from ``derive_seed(s, i)`` and seats its bots by
rotating the bot list ``i`` places, so that every bot sits in every seat equally often; results
are gathered by game index, so ``--workers`` changes only the speed.
"""

from __future__ import annotations

import math
import multiprocessing
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from backroom.bots import make_bot
from backroom.engine.rng import derive_seed
from backroom.games import get_game
from backroom.sim.playout import play_game, seat_bots

CHUNK = 50
"""Games per task sent to a worker: large enough to amortise the hand-off, small enough for a
smooth progress bar."""


@dataclass(frozen=True, slots=True)
class Plan:
    game: str
    games: int
    players: int
    bots: tuple[str, ...]
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    save_logs: str | None = None

    def seating(self, index: int) -> list[str]:
        """The bot kind of every seat in game ``index``: the cyclic list, rotated."""
        base = seat_bots(self.bots, self.players)
        shift = index % self.players
        return base[-shift:] + base[:-shift] if shift else base


@dataclass(frozen=True, slots=True)
class GameSummary:
    index: int
    ranks: tuple[int, ...]
    actions: int
    seating: tuple[str, ...]


def _run_chunk(task: tuple[Plan, int, int]) -> tuple[list[GameSummary], float]:
    plan, start, stop = task
    game = get_game(plan.game)
    out = []
    began = time.perf_counter()
    for index in range(start, stop):
        seating = plan.seating(index)
        played = play_game(
            game,
            plan.players,
            plan.options,
            derive_seed(plan.seed, index),
            seating,
            keep_record=plan.save_logs is not None,
        )
        if played.record is not None and plan.save_logs is not None:
            played.record.names = [f"{kind} {seat + 1}" for seat, kind in enumerate(seating)]
            played.record.save(Path(plan.save_logs) / f"game-{index:06d}.json")
        out.append(GameSummary(index, played.outcome.ranks, played.actions, tuple(seating)))
    return out, time.perf_counter() - began


def run(
    plan: Plan, workers: int = 1, progress: Callable[[int], None] | None = None
) -> tuple[list[GameSummary], float, float]:
    """Play the plan; returns the games in index order, wall seconds and CPU-busy seconds."""
    game = get_game(plan.game)
    game.check_players(plan.players)
    game.resolve_options(plan.options)
    for kind in set(plan.bots):  # fail before forking on an unknown bot kind
        make_bot(kind, game, 0)
    if plan.save_logs is not None:
        Path(plan.save_logs).mkdir(parents=True, exist_ok=True)
    tasks = [(plan, a, min(a + CHUNK, plan.games)) for a in range(0, plan.games, CHUNK)]
    results: list[GameSummary] = []
    busy = 0.0
    began = time.perf_counter()
    for chunk, seconds in _map(tasks, workers):
        results.extend(chunk)
        busy += seconds
        if progress is not None:
            progress(len(chunk))
    results.sort(key=lambda g: g.index)
    return results, time.perf_counter() - began, busy


def _map(tasks: list[tuple[Plan, int, int]], workers: int) -> Iterator[tuple[list[GameSummary], float]]:
    if workers <= 1 or len(tasks) <= 1:
        yield from map(_run_chunk, tasks)
        return
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        yield from pool.imap_unordered(_run_chunk, tasks)


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a rate: honest near 0 and 1, unlike the normal one."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def summarize(plan: Plan, results: Sequence[GameSummary], seconds: float, busy: float) -> dict[str, Any]:
    """Wins by seat and by bot (a shared first place splits the win), with 95% intervals."""
    by_seat = [0.0] * plan.players
    by_bot: dict[str, float] = {}
    seats_by_bot: dict[str, int] = {}
    total_actions = 0
    longest = 0
    for game in results:
        winners = [s for s, r in enumerate(game.ranks) if r == 1]
        share = 1.0 / len(winners)
        for seat in winners:
            by_seat[seat] += share
            by_bot[game.seating[seat]] = by_bot.get(game.seating[seat], 0.0) + share
        for kind in game.seating:
            seats_by_bot[kind] = seats_by_bot.get(kind, 0) + 1
        total_actions += game.actions
        longest = max(longest, game.actions)
    n = len(results)
    return {
        "game": plan.game,
        "games": n,
        "players": plan.players,
        "bots": list(plan.bots),
        "seed": plan.seed,
        "options": plan.options,
        "wins_by_seat": by_seat,
        "win_rate_by_seat": [
            {"seat": s, "rate": w / n if n else 0.0, "ci95": list(wilson(w, n))}
            for s, w in enumerate(by_seat)
        ],
        "wins_by_bot": by_bot,
        "win_rate_by_bot": {
            # per seat occupied: a bot in two seats of every game has two chances per game
            kind: {"rate": by_bot.get(kind, 0.0) / seats, "ci95": list(wilson(by_bot.get(kind, 0.0), seats))}
            for kind, seats in seats_by_bot.items()
        },
        "mean_actions": total_actions / n if n else 0.0,
        "max_actions": longest,
        "seconds": seconds,
        "actions_per_second": total_actions / seconds if seconds > 0 else 0.0,
        "actions_per_cpu_second": total_actions / busy if busy > 0 else 0.0,
    }
