"""Many games between bots, on any backend, with the same results whatever runs them.

Game ``i`` of a run seeded ``s`` is dealt from ``derive_seed(s, i)``. Its seats come from the
plan's lineups (one for ``simulate``: the bot list cycled over the seats; one per combination
for a tournament): game ``i`` plays lineup ``i mod L`` rotated by ``(i div L) mod players``
places, so that every bot of a lineup sits in every seat equally often. Games travel in chunks
(``stream``), are folded one by one in index order into tallies that keep counts, never the
games, and so ``--workers`` and ``--backend`` change only the speed.
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from backroom.bots import make_bot
from backroom.engine.files import make_folder
from backroom.engine.rng import derive_seed
from backroom.games import get_game
from backroom.sim.backends import Backend
from backroom.sim.playout import play_game, seat_bots
from backroom.sim.usage import Usage, card_positions, count_usage

CHUNK = 50
"""Games per task sent to a worker at most: large enough to amortise the hand-off, small enough
for a smooth progress bar. Results do not depend on it (games are folded one by one)."""

STEPS = 100
"""A run is cut into about this many chunks when it has fewer than ``CHUNK`` times as many games
(``chunk_size``)."""


def chunk_size(games: int) -> int:
    """Games per chunk: ``CHUNK``, but no more than a hundredth of the run (at least one). The
    progress bar moves once a chunk is done, and a run of 30 games with the search bot (a minute
    or two, docs/lab.md) was one chunk: the bar sat at 0/30 with no time left until it ended."""
    return max(1, min(CHUNK, math.ceil(games / STEPS)))


@dataclass(frozen=True, slots=True)
class Plan:
    game: str
    games: int
    players: int
    lineups: tuple[tuple[str, ...], ...]
    """The bot kind of every seat, before rotation; games take the lineups in turn."""
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    save_logs: str | None = None
    usage: bool = False
    """Count each seat's action kinds and cards (what a balance report shows)."""

    @classmethod
    def cycled(cls, game: str, games: int, players: int, bots: Sequence[str], seed: int, **kw: Any) -> Plan:
        """One lineup: the bot list repeated cyclically over the seats, as the CLI documents."""
        return cls(game, games, players, (tuple(seat_bots(bots, players)),), seed, **kw)

    @property
    def kinds(self) -> list[str]:
        """Every bot kind of the plan, in the order first named."""
        return list(dict.fromkeys(kind for lineup in self.lineups for kind in lineup))

    def seating(self, index: int) -> list[str]:
        """The bot kind of every seat in game ``index``: its lineup, rotated."""
        lineup = list(self.lineups[index % len(self.lineups)])
        shift = (index // len(self.lineups)) % self.players
        return lineup[-shift:] + lineup[:-shift] if shift else lineup


@dataclass(frozen=True, slots=True)
class GameSummary:
    index: int
    ranks: tuple[int, ...]
    scores: tuple[float, ...]
    actions: int
    seating: tuple[str, ...]
    usage: tuple[Counter[Usage], ...] = ()

    @property
    def shares(self) -> list[float]:
        """Each seat's share of the win: a first place shared by k seats gives 1/k to each."""
        winners = self.ranks.count(1)
        return [1.0 / winners if rank == 1 else 0.0 for rank in self.ranks]


@dataclass(frozen=True, slots=True)
class Chunk:
    games: list[GameSummary]
    busy: float
    """Seconds the worker spent on these games."""


def _run_chunk(task: tuple[Plan, int, int]) -> Chunk:
    plan, start, stop = task
    game = get_game(plan.game)
    cards = card_positions(game, plan.players, game.resolve_options(plan.options)) if plan.usage else {}
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
            keep_record=plan.save_logs is not None or plan.usage,
        )
        record = played.record
        if record is not None and plan.save_logs is not None:
            record.bots = list(seating)
            record.save(Path(plan.save_logs) / f"game-{index:06d}.json")
        usage = count_usage(record.actions, plan.players, cards) if record is not None and plan.usage else ()
        outcome = played.outcome
        out.append(GameSummary(index, outcome.ranks, outcome.scores, played.actions, tuple(seating), usage))
    return Chunk(out, time.perf_counter() - began)


def check(plan: Plan) -> None:
    """Refuse a plan that cannot run (game, players, options, bot kinds) before any worker starts."""
    game = get_game(plan.game)
    game.check_players(plan.players)
    game.resolve_options(plan.options)
    for kind in plan.kinds:
        make_bot(kind, game, 0)


def stream(plan: Plan, backend: Backend) -> Iterator[Chunk]:
    """The plan's games, chunk by chunk in index order; only the chunks in flight are held."""
    check(plan)
    if plan.save_logs is not None:
        make_folder(plan.save_logs)
    size = chunk_size(plan.games)
    tasks = ((plan, a, min(a + size, plan.games)) for a in range(0, plan.games, size))
    return backend.imap(_run_chunk, tasks)


class Tally(Protocol):
    def add(self, game: GameSummary) -> None:
        """Fold one game in; games arrive in index order."""


@dataclass(slots=True)
class Timing:
    seconds: float
    busy: float
    actions: int


def run(
    plan: Plan, backend: Backend, tallies: Sequence[Tally], progress: Callable[[int], None] | None = None
) -> Timing:
    """Play the plan, folding every game into every tally; returns wall and worker seconds."""
    began = time.perf_counter()
    busy = 0.0
    actions = 0
    for chunk in stream(plan, backend):
        for game in chunk.games:
            actions += game.actions
            for tally in tallies:
                tally.add(game)
        busy += chunk.busy
        if progress is not None:
            progress(len(chunk.games))
    return Timing(time.perf_counter() - began, busy, actions)


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a rate: honest near 0 and 1, unlike the normal one."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


class WinTally:
    """Wins by seat and by bot kind (a shared first place splits the win) and mean ranks."""

    def __init__(self, plan: Plan) -> None:
        self.plan = plan
        self.games = 0
        self.by_seat = [0.0] * plan.players
        self.rank_by_seat = [0] * plan.players
        self.by_bot: dict[str, float] = dict.fromkeys(plan.kinds, 0.0)
        self.seats_by_bot: dict[str, int] = dict.fromkeys(plan.kinds, 0)
        self.rank_by_bot: dict[str, int] = dict.fromkeys(plan.kinds, 0)
        self.lengths: Counter[int] = Counter()

    def add(self, game: GameSummary) -> None:
        self.games += 1
        self.lengths[game.actions] += 1
        for seat, (share, rank, kind) in enumerate(zip(game.shares, game.ranks, game.seating, strict=True)):
            self.by_seat[seat] += share
            self.rank_by_seat[seat] += rank
            self.by_bot[kind] += share
            self.seats_by_bot[kind] += 1
            self.rank_by_bot[kind] += rank

    def seat_rows(self) -> list[dict[str, Any]]:
        n = self.games
        return [
            {
                "seat": s,
                "rate": w / n if n else 0.0,
                "ci95": list(wilson(w, n)),
                "mean_rank": r / n if n else 0.0,
            }
            for s, (w, r) in enumerate(zip(self.by_seat, self.rank_by_seat, strict=True))
        ]

    def bot_rows(self) -> dict[str, dict[str, Any]]:
        """Per seat occupied: a bot in two seats of every game has two chances per game."""
        rows = {}
        for kind, seats in self.seats_by_bot.items():
            wins = self.by_bot[kind]
            rows[kind] = {
                "seats": seats,
                "wins": wins,
                "rate": wins / seats if seats else 0.0,
                "ci95": list(wilson(wins, seats)),
                "mean_rank": self.rank_by_bot[kind] / seats if seats else 0.0,
            }
        return rows

    def summary(self, timing: Timing) -> dict[str, Any]:
        """What ``backroom simulate --json`` prints."""
        plan, n = self.plan, self.games
        bots = self.bot_rows()
        return {
            "game": plan.game,
            "games": n,
            "players": plan.players,
            "bots": plan.kinds,
            "seed": plan.seed,
            "options": plan.options,
            "wins_by_seat": self.by_seat,
            "win_rate_by_seat": self.seat_rows(),
            "wins_by_bot": {kind: row["wins"] for kind, row in bots.items()},
            "win_rate_by_bot": {
                kind: {"rate": row["rate"], "ci95": row["ci95"], "mean_rank": row["mean_rank"]}
                for kind, row in bots.items()
            },
            "mean_actions": timing.actions / n if n else 0.0,
            "max_actions": max(self.lengths, default=0),
            "seconds": timing.seconds,
            "actions_per_second": timing.actions / timing.seconds if timing.seconds > 0 else 0.0,
            "actions_per_cpu_second": timing.actions / timing.busy if timing.busy > 0 else 0.0,
        }
