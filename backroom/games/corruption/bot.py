"""A heuristic Corruption player that sees only what its seat sees (its ``Sight``).

Bidding: every contract gets a chance of being won, from what the seat can see on it (its own
cards, face-up cards, cards it looked at) and an estimate of what it cannot (each opponent's
unseen cards are worth, on average, what is left of its round-start hand, which is public since
every earlier card was revealed). A card goes where it raises the expected value won the most,
less a price for the card (big bribes and one-shot characters are worth keeping):

- a bribe on a contract, or in a Swiss account at half value but assignable later, with full
  knowledge, to the best contract of that body;
- a district attorney where an opponent is likely to win a contract the seat cannot;
- a reporter where removing an opponent's biggest visible bribe would let the seat win;
- a hitman where an opponent's visible district attorney threatens a contract the seat leads.

Award decisions (Swiss assignment, hitman victim, reporter's bribe) are made by trying each
option on the revealed table and keeping the one that leaves the seat best placed.
"""

from __future__ import annotations

import math

from backroom.bots.base import Observation, SeededBot
from backroom.engine.actions import Action
from backroom.games.corruption.award import IN_PLAY, KILLED, REMOVED
from backroom.games.corruption.bidder import Bidder
from backroom.games.corruption.cards import ATTORNEY, BRIBE_VALUE, IS_BRIBE
from backroom.games.corruption.view import Sight, sight

OPPONENT_WEIGHT = 0.35
"""In award decisions, a contract an opponent wins counts this much against the seat."""


class HeuristicBot(SeededBot):
    __slots__ = ()

    def decide(self, obs: Observation) -> Action:
        seen = obs.read(sight)
        if seen.pending >= 0:
            return self._award(seen, obs.seat, obs.legal)
        if seen.mover < 0:  # Stud Libre's positions: the leader keeps those dealt
            return ("positions_done",)
        return Bidder(seen, obs.seat).choose(obs.legal, self.rng)

    # ------------------------------------------------------------ the award

    def _award(self, seen: Sight, me: int, legal: list[Action]) -> Action:
        best: tuple[float, int] = (-math.inf, 0)
        for index, action in enumerate(legal):
            on, gone = seen.on[:], seen.gone[:]
            kind = action[0]
            if kind == "assign":
                on[seen.pending] = action[1]
            elif kind == "kill":
                gone[action[1]] = KILLED
            elif kind == "remove":  # a reporter's removal is a choice: "no_removal" keeps all
                gone[action[1]] = REMOVED
            score = _award_score(seen, on, gone, me)
            if score > best[0]:
                best = (score, index)
        return legal[best[1]]


def _award_score(seen: Sight, on: list[int], gone: list[int], me: int) -> float:
    """Contracts the seat would win minus a share of its opponents', if the table stood so."""
    kinds = seen.kind
    cancelled = {seen.where[i] for i, k in enumerate(kinds) if k == ATTORNEY and gone[i] == IN_PLAY}
    sums: dict[int, list[int]] = {}
    for i, k in enumerate(kinds):
        c = on[i]
        if c < 0 or gone[i] != IN_PLAY or not IS_BRIBE[k] or c in cancelled:
            continue
        value = BRIBE_VALUE[k] // (2 if seen.where[i] < 0 else 1)
        sums.setdefault(c, [0] * seen.players)[seen.seat[i]] += value
    score = 0.0
    for c, row in sums.items():
        top = max(row)
        leaders = [s for s, v in enumerate(row) if v == top]
        if len(leaders) == 1:
            score += seen.value[c] if leaders[0] == me else -OPPONENT_WEIGHT * seen.value[c]
    return score
