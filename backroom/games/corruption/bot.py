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
import random

from backroom.bots.base import Observation, SeededBot
from backroom.engine.actions import Action
from backroom.games.corruption.award import IN_PLAY, KILLED, REMOVED
from backroom.games.corruption.cards import (
    ATTORNEY,
    BODIES,
    BRIBE_VALUE,
    BRIBES,
    FACES,
    IS_BRIBE,
    PLAYS_PER_ROUND,
    SET_SIZE,
)
from backroom.games.corruption.view import Sight, sight

VALUE_OF = dict(zip(FACES, BRIBE_VALUE, strict=True))
SET_DOLLARS = sum(BRIBE_VALUE)
BRIBE_PRICE = 12.0
"""Contract dollars a bribe dollar must buy to be worth playing now rather than later."""
CHARACTER_PRICE = {"attorney": 120_000.0, "reporter": 60_000.0, "hitman": 80_000.0}
"""What keeping a one-shot character for a later round is worth, in contract dollars."""
SWISS_FLEXIBILITY = 1.1
"""A Swiss bribe is placed after every card is revealed, and its face stays hidden: worth a
little more than the same half value placed now."""
OPPONENT_WEIGHT = 0.35
"""In award decisions, a contract an opponent wins counts this much against the seat."""


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-(30.0 if x > 30.0 else -30.0 if x < -30.0 else x)))


class HeuristicBot(SeededBot):
    __slots__ = ()

    def decide(self, obs: Observation) -> Action:
        legal = obs.legal
        kinds = {a[0] for a in legal}
        if "positions_done" in kinds:
            return ("positions_done",)
        seen = obs.read(sight)
        if kinds & {"assign", "kill", "remove", "no_removal"}:
            return self._award(seen, obs.seat, legal)
        return _Bidder(seen, obs.seat).choose(legal, self.rng)

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


class _Bidder:
    """One Corruption-phase decision: the estimate of every contract on the table.

    Read from the seat's ``Sight``, not its JSON view, and scored with the terms of each
    contract taken once per decision: about fifty candidates are scored per card played."""

    __slots__ = ("me", "values", "table", "by_body", "mine", "where", "terms", "biggest")

    def __init__(self, seen: Sight, me: int) -> None:
        self.me = me
        players = seen.players
        self.table = seen.table
        self.values = {c: seen.value[c] for c in self.table}
        self.where = seen.where
        kinds, seats, where = seen.kind, seen.seat, seen.where
        # Each opponent's unseen cards: its round-start hand less what it showed this round,
        # counted as the number of cards, their dollars and whether the attorney is among them.
        cerrado = seen.variant == "cerrado"
        gone = [list(spent) for spent in seen.spent]
        for owner, k in zip(seats, kinds, strict=True):
            if k >= 0 and not (cerrado and not IS_BRIBE[k]):
                gone[owner].append(k)
        cards, attorney = (len(BRIBES), False) if cerrado else (SET_SIZE, True)  # Cerrado: bribes only
        mean, p_da = [], []
        for out in gone:
            left = cards - len(out)
            mean.append((SET_DOLLARS - sum(BRIBE_VALUE[k] for k in out)) / left if left else 0.0)
            p_da.append((attorney and ATTORNEY not in out) / left if left else 0.0)
        played = [0] * players
        for owner in seats:
            played[owner] += 1
        targets = len(self.table) + len(BODIES)
        mine = dict.fromkeys(self.table, 0)
        opp = {c: [0.0] * players for c in self.table}
        unseen = dict.fromkeys(self.table, 0.0)
        da_risk = dict.fromkeys(self.table, 1.0)
        da_seen = dict.fromkeys(self.table, False)
        self.biggest = dict.fromkeys(self.table, 0)
        for seat, kind, c in zip(seats, kinds, where, strict=True):
            if c < 0:
                continue
            if seat == me:
                mine[c] += BRIBE_VALUE[kind]
            elif kind < 0:
                opp[c][seat] += mean[seat]
                unseen[c] += 1
                da_risk[c] *= 1.0 - p_da[seat]
            elif kind == ATTORNEY:
                da_seen[c] = True
            elif BRIBE_VALUE[kind]:
                opp[c][seat] += BRIBE_VALUE[kind]
                self.biggest[c] = max(self.biggest[c], BRIBE_VALUE[kind])
        # What opponents still to play may add, spread over every place a card can go.
        for seat in range(players):
            if seat != me:
                future = (PLAYS_PER_ROUND - played[seat]) * mean[seat] / targets
                for c in self.table:
                    opp[c][seat] += future
                    unseen[c] += (PLAYS_PER_ROUND - played[seat]) / targets
        self.mine = mine
        self.by_body: list[list[int]] = [[] for _ in BODIES]
        # Per contract: worth (discounted by the chance an attorney cancels it), worth to a
        # Swiss bribe (placed once attorneys are known), the seat's dollars, the leader's,
        # the spread of the estimate, the seat's present chance, and the attorney's risk.
        self.terms: dict[int, tuple[float, float, int, float, float, float, float, bool]] = {}
        for c in self.table:
            self.by_body[seen.body[c]].append(c)
            value = self.values[c]
            best = max(opp[c])
            sigma = 1500.0 + 2500.0 * math.sqrt(unseen[c])
            base = _sigmoid((mine[c] - best) / sigma) if mine[c] > 0 else 0.0
            swiss = 0.1 * value if da_seen[c] else value
            worth = 0.1 * value if da_seen[c] else value * da_risk[c]
            self.terms[c] = (worth, swiss, mine[c], best, sigma, base, da_risk[c], da_seen[c])

    def score(self, action: Action) -> float:
        kind = action[0]
        if kind == "swiss":
            v = VALUE_OF[action[1]]
            half = v / 2
            best = -math.inf
            for c in self.by_body[action[2]]:
                _, swiss, mine, lead, sigma, base, _, _ = self.terms[c]
                gain = swiss * (_sigmoid((mine + half - lead) / sigma) - base)
                if gain > best:
                    best = gain
            return SWISS_FLEXIBILITY * (best if best > -math.inf else 0.0) - BRIBE_PRICE * v
        if kind != "play":
            return -math.inf
        face = action[1]
        worth, _, mine, lead, sigma, base, da_risk, da_seen = self.terms[action[2]]
        v = VALUE_OF[face]
        if v:
            return worth * (_sigmoid((mine + v - lead) / sigma) - base) - BRIBE_PRICE * v
        value = self.values[action[2]]
        if face == "attorney":
            p_rival = _sigmoid((lead - mine) / sigma) if lead > 0 else 0.0
            deny = value * p_rival * da_risk * 0.5
            return deny - value * base - CHARACTER_PRICE[face]
        if face == "reporter":
            chance = _sigmoid((mine - (lead - float(self.biggest[action[2]]))) / sigma) if mine > 0 else 0.0
            return worth * (chance - base) - CHARACTER_PRICE[face]
        if da_seen:
            return value * base * 0.9 - CHARACTER_PRICE[face]
        return -CHARACTER_PRICE[face] - value

    def choose(self, legal: list[Action], rng: random.Random) -> Action:
        looks = [a for a in legal if a[0] == "look"]
        if looks:
            wanted = self._look(looks)
            if wanted is not None:
                return wanted
        best: tuple[float, float, int] = (-math.inf, 0.0, 0)
        score, draw = self.score, rng.random
        for index, action in enumerate(legal):
            key = (score(action), draw(), index)
            if key > best:
                best = key
        if best[0] == -math.inf and ("decline",) in legal:
            return ("decline",)
        return legal[best[2]]

    def _look(self, looks: list[Action]) -> Action | None:
        """Spend a Little Black Book on a hidden card where the seat has money at stake, on
        the most valuable such contract."""
        staked = [a for a in looks if self.mine.get(self.where[a[1]], 0) > 0]
        if not staked:
            return None
        return max(staked, key=lambda a: (self.values[self.where[a[1]]], -a[1]))
