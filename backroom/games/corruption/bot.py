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
        on, gone, where, seats, pending = seen.on, seen.gone, seen.where, seen.seat, seen.pending
        # The living attorneys, and the bribes that may count: in play, and on a contract (or
        # the one about to be). One loop: two comprehensions were two calls, and made these
        # locals cells at every award decision.
        attorneys: list[tuple[int, int]] = []
        bribes: list[tuple[int, int, int, int]] = []
        for i, k in enumerate(seen.kind):
            if gone[i] != IN_PLAY:
                continue
            if k == ATTORNEY:
                attorneys.append((i, where[i]))
            elif IS_BRIBE[k] and (on[i] >= 0 or i == pending):
                bribes.append((i, on[i], seats[i], BRIBE_VALUE[k] // (2 if where[i] < 0 else 1)))
        cancelled_now = {c for _, c in attorneys}  # the contracts a living attorney cancels
        best: tuple[float, int] = (-math.inf, 0)
        for index, action in enumerate(legal):
            kind = action[0]
            change: tuple[int, int, int] = (-1, -1, IN_PLAY)  # "no_removal" keeps all
            cancelled = cancelled_now
            if kind == "assign":
                change = (pending, action[1], IN_PLAY)
            elif kind == "kill":
                change = (action[1], on[action[1]], KILLED)
                cancelled = _cancelled_without(attorneys, action[1])
            elif kind == "remove":  # a reporter's removal is a choice
                change = (action[1], on[action[1]], REMOVED)
            score = _award_score(seen, me, bribes, cancelled, change)
            if score > best[0]:
                best = (score, index)
        return legal[best[1]]


def _cancelled_without(attorneys: list[tuple[int, int]], killed: int) -> set[int]:
    """The contracts the living attorneys but ``killed`` cancel (apart from ``_award``, whose
    locals a comprehension there would make cells at every call)."""
    return {c for i, c in attorneys if i != killed}


def _award_score(
    seen: Sight,
    me: int,
    bribes: list[tuple[int, int, int, int]],
    cancelled: set[int],
    change: tuple[int, int, int],
) -> float:
    """Contracts the seat would win minus a share of its opponents', if the table stood so
    with play ``change[0]`` counting on ``change[1]`` and its fate ``change[2]``."""
    changed, target, fate = change
    players, value_of = seen.players, seen.value
    sums: dict[int, list[int]] = {}
    for i, c, seat, value in bribes:
        if i == changed:
            if fate != IN_PLAY:
                continue
            c = target
        if c < 0 or c in cancelled:
            continue
        row = sums.get(c)
        if row is None:
            row = sums[c] = [0] * players
        row[seat] += value
    score = 0.0
    for c, row in sums.items():
        top = 0  # the most dollars (a loop: ``max`` parses its keywords at every call)
        for dollars in row:
            if dollars > top:
                top = dollars
        if row.count(top) == 1:  # a single leader wins it
            score += value_of[c] if row.index(top) == me else -OPPONENT_WEIGHT * value_of[c]
    return score
