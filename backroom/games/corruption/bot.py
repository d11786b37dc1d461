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
        if seen.mover < 0:  # Stud Libre: the leader settles for the face-up positions chosen so far
            return ("positions_done",)
        return Bidder(seen, obs.seat).choose(obs.legal, self.rng)

    # ------------------------------------------------------------ the award

    def _award(self, seen: Sight, me: int, legal: list[Action]) -> Action:
        """Each option changes one play: where the pending Swiss bribe counts, or one card's
        fate; the option whose table leaves the seat best placed (the first of equals)."""
        on, gone = seen.on, seen.gone
        attorneys = [i for i, k in enumerate(seen.kind) if k == ATTORNEY]
        bribes = [i for i, k in enumerate(seen.kind) if IS_BRIBE[k]]
        best: tuple[float, int] = (-math.inf, 0)
        for index, action in enumerate(legal):
            kind = action[0]
            if kind == "assign":
                changed, target, fate = seen.pending, action[1], gone[seen.pending]
            elif kind == "kill":
                changed, target, fate = action[1], on[action[1]], KILLED
            elif kind == "remove":  # a reporter's removal is a choice: "no_removal" keeps all
                changed, target, fate = action[1], on[action[1]], REMOVED
            else:
                changed, target, fate = -1, -1, IN_PLAY
            score = _award_score(seen, me, attorneys, bribes, (changed, target, fate))
            if score > best[0]:
                best = (score, index)
        return legal[best[1]]


def _award_score(
    seen: Sight, me: int, attorneys: list[int], bribes: list[int], change: tuple[int, int, int]
) -> float:
    """Contracts the seat would win minus a share of its opponents', if the table stood so
    with play ``change[0]`` counting on ``change[1]`` and its fate ``change[2]``."""
    changed, target, fate = change
    on, gone, where = seen.on, seen.gone, seen.where
    cancelled = {where[i] for i in attorneys if (fate if i == changed else gone[i]) == IN_PLAY}
    sums: dict[int, list[int]] = {}
    for i in bribes:
        c, g = (target, fate) if i == changed else (on[i], gone[i])
        if c < 0 or g != IN_PLAY or c in cancelled:
            continue
        value = BRIBE_VALUE[seen.kind[i]] // (2 if where[i] < 0 else 1)
        row = sums.get(c)
        if row is None:
            row = sums[c] = [0] * seen.players
        row[seen.seat[i]] += value
    score = 0.0
    for c, row in sums.items():
        top = max(row)
        if row.count(top) == 1:  # a single leader wins it
            score += seen.value[c] if row.index(top) == me else -OPPONENT_WEIGHT * seen.value[c]
    return score
