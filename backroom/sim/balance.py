"""What a balance report measures for one configuration (game, options, player count), folded
game by game: wins by seat, score and length distributions, and how each action kind and card
relates to winning.

Distributions are kept as counts of each value seen (scores and lengths take few distinct
values), so a long run costs memory for the values, not for the games.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from backroom.sim.batch import GameSummary, Plan, WinTally, wilson
from backroom.sim.usage import Usage


@dataclass(slots=True)
class UsageCount:
    uses: int = 0
    by_winners: int = 0
    """Uses by seats that finished first (shared or not)."""
    seats: int = 0
    """Seat-games in which it was used at least once."""
    wins: float = 0.0
    """The share of the win those seat-games took."""


@dataclass(slots=True)
class BalanceTally:
    plan: Plan
    wins: WinTally = field(init=False)
    scores: Counter[float] = field(default_factory=Counter)
    winner_scores: Counter[float] = field(default_factory=Counter)
    winner_seats: int = 0
    usage: dict[Usage, UsageCount] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.wins = WinTally(self.plan)

    def add(self, game: GameSummary) -> None:
        self.wins.add(game)
        shares = game.shares
        for seat, score in enumerate(game.scores):
            self.scores[score] += 1
            won = game.ranks[seat] == 1
            if won:
                self.winner_scores[score] += 1
                self.winner_seats += 1
            for key, uses in game.usage[seat].items():
                count = self.usage.get(key)
                if count is None:
                    count = self.usage[key] = UsageCount()
                count.uses += uses
                count.by_winners += uses if won else 0
                count.seats += 1
                count.wins += shares[seat]

    def summary(self) -> dict[str, Any]:
        """Rates and intervals for the report; usage rows most used first."""
        n, players = self.wins.games, self.plan.players
        seat_games = n * players
        others = seat_games - self.winner_seats
        rows = []
        for (what, name), c in sorted(self.usage.items(), key=lambda item: (-item[1].uses, item[0])):
            unused = seat_games - c.seats
            rows.append(
                {
                    "what": what,
                    "name": name,
                    "per_seat_game": c.uses / seat_games,
                    "winners_mean": c.by_winners / self.winner_seats if self.winner_seats else 0.0,
                    "others_mean": (c.uses - c.by_winners) / others if others else 0.0,
                    "used_rate": c.wins / c.seats,
                    "used_ci95": list(wilson(c.wins, c.seats)),
                    "unused_rate": (n - c.wins) / unused if unused else None,
                    "unused_ci95": list(wilson(n - c.wins, unused)) if unused else None,
                }
            )
        fair = 1 / players
        seats = self.wins.seat_rows()
        for row in seats:
            low, high = row["ci95"]
            row["verdict"] = "favoured" if low > fair else "disfavoured" if high < fair else "even"
        return {
            "game": self.plan.game,
            "players": players,
            "options": self.plan.options,
            "games": n,
            "bots": self.plan.kinds,
            "fair_share": fair,
            "seats": seats,
            "lengths": dict(sorted(self.wins.lengths.items())),
            "scores": dict(sorted(self.scores.items())),
            "winner_scores": dict(sorted(self.winner_scores.items())),
            "usage": rows,
        }
