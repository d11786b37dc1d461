"""Tournaments: every combination of bot kinds over a table's seats, head-to-head records and
ratings.

"Every combination" is every multiset of ``players`` kinds drawn from the named kinds that holds
at least two different kinds (3 kinds at 4 seats: 12 lineups, from ``a a a b`` to ``b c c c``);
a table of one kind only says nothing about which kind is stronger. The games are dealt round
robin over the lineups and each lineup is rotated over the seats (``Plan.seating``).

Ratings are openskill's Plackett-Luce model, updated game by game in index order (so the same
seed gives the same ratings whatever runs the games). Each seat is a one-player team carrying
its kind's rating; a kind that holds several seats of a game moves to the mean of its seats'
updated ratings, so one game counts once per kind, whatever the number of seats it held.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations, combinations_with_replacement
from typing import Any

from openskill.models import PlackettLuce

from backroom.engine.errors import BadOptions
from backroom.sim.batch import GameSummary, Plan, Timing, WinTally, wilson


def lineups(kinds: Sequence[str], players: int) -> tuple[tuple[str, ...], ...]:
    """Every multiset of ``players`` seats over ``kinds`` with at least two different kinds."""
    distinct = list(dict.fromkeys(kinds))
    if len(distinct) < 2:
        raise BadOptions("error.tournament_kinds")
    return tuple(c for c in combinations_with_replacement(distinct, players) if len(set(c)) > 1)


class TournamentTally:
    """Wins, mean ranks and the share of seats at each rank per kind, head to head per pair,
    per lineup, and ratings."""

    def __init__(self, plan: Plan) -> None:
        self.plan = plan
        self.wins = WinTally(plan)
        kinds = plan.kinds
        self.pairs: dict[tuple[str, str], list[float]] = {pair: [0.0, 0.0] for pair in combinations(kinds, 2)}
        """(a, b) → [games where a's best seat finished ahead of b's (a tie counts half), meetings]."""
        self.by_lineup = [WinTally(plan) for _ in plan.lineups]
        self.places: dict[str, Counter[int]] = {kind: Counter() for kind in kinds}
        """kind → how many of its seats finished at each rank (a shared place counts for each)."""
        self.model = PlackettLuce()
        self.ratings = {kind: self.model.rating(name=kind) for kind in kinds}

    def add(self, game: GameSummary) -> None:
        self.wins.add(game)
        self.by_lineup[game.index % len(self.plan.lineups)].add(game)
        best: dict[str, int] = {}
        for kind, rank in zip(game.seating, game.ranks, strict=True):
            best[kind] = min(rank, best.get(kind, rank))
            self.places[kind][rank] += 1
        for (a, b), record in self.pairs.items():
            if a in best and b in best:
                record[0] += 1.0 if best[a] < best[b] else 0.5 if best[a] == best[b] else 0.0
                record[1] += 1
        self._rate(game)

    def _rate(self, game: GameSummary) -> None:
        teams = [
            [self.model.rating(mu=self.ratings[k].mu, sigma=self.ratings[k].sigma)] for k in game.seating
        ]
        updated = self.model.rate(teams, ranks=list(game.ranks))
        seats_of: dict[str, list[int]] = {}
        for seat, kind in enumerate(game.seating):
            seats_of.setdefault(kind, []).append(seat)
        for kind, seats in seats_of.items():
            rating = self.ratings[kind]
            rating.mu = sum(updated[s][0].mu for s in seats) / len(seats)
            rating.sigma = sum(updated[s][0].sigma for s in seats) / len(seats)

    def summary(self, timing: Timing) -> dict[str, Any]:
        """What ``backroom tournament --json`` prints; bots are listed strongest first."""
        plan = self.plan
        rows = self.wins.bot_rows()
        for kind, row in rows.items():
            rating = self.ratings[kind]
            row["rating"] = {"mu": rating.mu, "sigma": rating.sigma, "ordinal": rating.ordinal()}
            places, seats = self.places[kind], row["seats"]
            row["ranks"] = [
                {
                    "rank": r,
                    "rate": places[r] / seats if seats else 0.0,
                    "ci95": list(wilson(places[r], seats)),
                }
                for r in range(1, plan.players + 1)
            ]
        order = sorted(rows, key=lambda k: -rows[k]["rating"]["ordinal"])
        head: dict[str, dict[str, Any]] = {a: {} for a in order}
        for (a, b), (ahead, met) in self.pairs.items():
            for first, second, score in ((a, b, ahead), (b, a, met - ahead)):
                head[first][second] = {
                    "ahead": score,
                    "games": int(met),
                    "rate": score / met if met else 0.0,
                    "ci95": list(wilson(score, int(met))),
                }
        return {
            "game": plan.game,
            "games": self.wins.games,
            "players": plan.players,
            "seed": plan.seed,
            "options": plan.options,
            "bots": {kind: rows[kind] for kind in order},
            "head_to_head": head,
            "lineups": [
                {
                    "seats": list(lineup),
                    "games": tally.games,
                    "bots": {
                        kind: {"rate": row["rate"], "ci95": row["ci95"]}
                        for kind, row in tally.bot_rows().items()
                        if row["seats"]
                    },
                }
                for lineup, tally in zip(plan.lineups, self.by_lineup, strict=True)
            ],
            "mean_actions": timing.actions / self.wins.games if self.wins.games else 0.0,
            "seconds": timing.seconds,
        }
