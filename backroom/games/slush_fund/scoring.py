"""The end of a Slush Fund game: who wins each politician, the scores, and the final log.

Each politician goes to the most money; a tie goes to the most money cards; still tied, every
tied player wins it (nobody wins it without money, ruling 8). It is worth 7 VP, -1 per Scandal,
+1 per VP card in the winner's own pile. Most VP wins; ties go to whoever won the President,
then the Vice-President, and so on (ruling 13).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from backroom.engine.events import Event
from backroom.engine.game import Outcome
from backroom.engine.ranking import rank
from backroom.games.slush_fund.cards import (
    BASE_VP,
    MONEY,
    POLITICIANS,
    POLS,
    SCANDAL_VP,
    VP,
    VP_CARD_VP,
    politician_param,
)

if TYPE_CHECKING:
    from backroom.games.slush_fund.state import SlushFundState


def politician_result(state: SlushFundState, p: int) -> dict[str, Any]:
    """Who wins politician ``p`` and what it is worth to each seat; a removed politician's
    piles left the game face down, so their totals are never revealed (ruling 9)."""
    kinds = state.deck_def.kinds
    values = state.deck_def.values
    piles = [state.piles[s][p] for s in range(state.n)]
    money = [sum(values[c] for c in pile) for pile in piles]
    counts = [sum(1 for c in pile if kinds[c] == MONEY) for pile in piles]
    vp_cards = [sum(1 for c in pile if kinds[c] == VP) for pile in piles]
    winners: list[int] = []
    top = max(money)
    if not state.removed[p] and top > 0:
        rich = [s for s in range(state.n) if money[s] == top]
        most = max(counts[s] for s in rich)
        winners = [s for s in rich if counts[s] == most]
    base = BASE_VP + SCANDAL_VP * len(state.scandals[p])
    vp = [base + VP_CARD_VP * vp_cards[s] if s in winners else 0 for s in range(state.n)]
    hidden = state.removed[p]
    return {
        "id": POLITICIANS[p],
        "removed": hidden,
        "scandals": len(state.scandals[p]),
        "money": None if hidden else money,
        "money_cards": None if hidden else counts,
        "vp_cards": None if hidden else vp_cards,
        "winners": winners,
        "vp": vp,
    }


def outcome(state: SlushFundState) -> Outcome:
    """Scores and ranks of a finished game."""
    results = [politician_result(state, p) for p in range(POLS)]
    scores = [sum(r["vp"][s] for r in results) for s in range(state.n)]
    keys = [
        (-float(scores[s]), *(-1.0 if s in r["winners"] else 0.0 for r in results)) for s in range(state.n)
    ]
    ranks, tiebreak = rank(keys, POLITICIANS)
    return Outcome(
        scores=tuple(float(v) for v in scores),
        ranks=ranks,
        reason=state.end_reason,
        tiebreak=tiebreak,
        details={"politicians": results, "time": len(state.time)},
    )


def final_events(result: Outcome, players: int, events: list[Event]) -> None:
    """Bribes are revealed politician by politician (removed ones stay face down), then the
    scores and the winners."""
    for p, info in enumerate(result.details["politicians"]):
        if info["removed"]:
            continue
        if not info["winners"]:
            events.append(Event("politician_unclaimed", {"pol": p, "politician": politician_param(p)}))
        for w in info["winners"]:
            params = {
                "seat": w,
                "pol": p,
                "politician": politician_param(p),
                "money": info["money"][w],
                "thousands": info["money"][w] // 1000,
                "vp": info["vp"][w],
            }
            events.append(Event("politician_won", params))
    for seat in range(players):
        events.append(Event("final_score", {"seat": seat, "vp": int(result.scores[seat])}))
    events.append(Event("game_over", {"reason": result.reason, "winners": list(result.winners)}))
