"""The end of a game of Politburó: who won, and the places of the others.

The winner is the player whose candidate became Secretario General (R), or the last player
with candidates in play (ruling 13). At the safety bound (ruling 14) nobody has won: places
go by the highest office held, then by the loyalty of the candidates in play. The others are
placed the same way behind the winner.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from backroom.engine.game import Outcome
from backroom.engine.ranking import rank
from backroom.games.politburo.effects import total_loyalty
from backroom.games.politburo.legality import offices_of

if TYPE_CHECKING:
    from backroom.games.politburo.state import PolitburoState

TIEBREAKS = ("office", "loyalty")


def outcome(state: PolitburoState) -> Outcome:
    best = [max(offices_of(state, s), default=-1) + 1 for s in range(state.n)]
    loyalty = [total_loyalty(state, s) for s in range(state.n)]
    keys = [(0.0 if s == state.winner else 1.0, -float(best[s]), -float(loyalty[s])) for s in range(state.n)]
    ranks, tiebreak = rank(keys, TIEBREAKS)
    return Outcome(
        scores=tuple(1.0 if s == state.winner else 0.0 for s in range(state.n)),
        ranks=ranks,
        reason=state.end_reason,
        tiebreak=tiebreak,
        details={
            "winner": state.winner if state.winner >= 0 else None,
            "office": best,
            "loyalty": loyalty,
            "round": state.round,
        },
    )
