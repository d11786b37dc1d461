"""A heuristic Corruption player that sees only its seat's view.

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
from typing import Any

from backroom.bots.base import Observation, SeededBot
from backroom.engine.actions import Action
from backroom.games.corruption.cards import BODIES, BRIBE_VALUE, FACES, IS_BRIBE, PLAYS_PER_ROUND

VALUE_OF = dict(zip(FACES, BRIBE_VALUE, strict=True))
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
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))


class HeuristicBot(SeededBot):
    __slots__ = ()

    def decide(self, obs: Observation) -> Action:
        legal = obs.legal
        kinds = {a[0] for a in legal}
        if "positions_done" in kinds:
            return ("positions_done",)
        view = obs.view()
        if kinds & {"assign", "kill", "remove", "no_removal"}:
            return self._award(view, obs.seat, legal)
        return _Bidder(view, obs.seat).choose(legal, self.rng)

    # ------------------------------------------------------------ the award

    def _award(self, view: dict[str, Any], me: int, legal: list[Action]) -> Action:
        plays = [dict(p) for p in view["plays"]]
        values = [c["value"] for c in view["contracts"]]
        pending = view["award"]["play"]
        best: tuple[float, int] = (-math.inf, 0)
        for index, action in enumerate(legal):
            trial = [dict(p) for p in plays]
            kind = action[0]
            if kind == "assign":
                trial[pending]["counts_on"] = action[1]
            elif kind == "kill":
                trial[action[1]]["fate"] = "killed"
            elif kind == "remove":  # a reporter's removal is a choice: "no_removal" keeps all
                trial[action[1]]["fate"] = "removed"
            score = _award_score(trial, values, me, view["players"])
            if score > best[0]:
                best = (score, index)
        return legal[best[1]]


def _award_score(plays: list[dict[str, Any]], values: list[int], me: int, players: int) -> float:
    """Contracts the seat would win minus a share of its opponents', if the table stood so."""
    cancelled = {p["contract"] for p in plays if p["card"] == "attorney" and p["fate"] == "in_play"}
    sums: dict[int, list[int]] = {}
    for p in plays:
        c = p["counts_on"]
        if c is None or p["fate"] != "in_play" or not IS_BRIBE[FACES.index(p["card"])] or c in cancelled:
            continue
        value = VALUE_OF[p["card"]] // (2 if p["swiss"] is not None else 1)
        sums.setdefault(c, [0] * players)[p["seat"]] += value
    score = 0.0
    for c, row in sums.items():
        top = max(row)
        leaders = [s for s, v in enumerate(row) if v == top]
        if len(leaders) == 1:
            score += values[c] if leaders[0] == me else -OPPONENT_WEIGHT * values[c]
    return score


class _Bidder:
    """One Corruption-phase decision: the estimate of every contract on the table."""

    __slots__ = (
        "me",
        "values",
        "table",
        "body",
        "mine",
        "opp",
        "sigma",
        "da_risk",
        "da_seen",
        "biggest",
        "pools",
        "where",
        "best",
        "base",
    )

    def __init__(self, view: dict[str, Any], me: int) -> None:
        self.me = me
        players = view["players"]
        self.values = {t["contract"]: view["contracts"][t["contract"]]["value"] for t in view["table"]}
        self.table = list(self.values)
        self.body = {t["contract"]: BODIES.index(t["body"]) for t in view["table"]}
        plays = view["plays"]
        self.where = {p["index"]: p["contract"] for p in plays}
        # Each opponent's unseen cards: its round-start hand less what it showed this round.
        full = list(FACES) if view["variant"] != "cerrado" else [f for f in FACES if VALUE_OF[f]]
        self.pools: list[list[str]] = []
        for hand in view["hands"]:
            pool = full[:]
            for face in hand["spent"]:
                pool.remove(face)
            for p in plays:
                if p["seat"] == hand["seat"] and p["card"] != "back" and p["card"] in pool:
                    pool.remove(p["card"])
            self.pools.append(pool)
        mean = [sum(VALUE_OF[f] for f in pool) / len(pool) if pool else 0.0 for pool in self.pools]
        p_da = [("attorney" in pool) / len(pool) if pool else 0.0 for pool in self.pools]
        played = [0] * players
        for p in plays:
            played[p["seat"]] += 1
        targets = len(self.table) + len(BODIES)
        self.mine = dict.fromkeys(self.table, 0)
        self.opp = {c: [0.0] * players for c in self.table}
        unseen = dict.fromkeys(self.table, 0.0)
        self.da_risk = dict.fromkeys(self.table, 1.0)
        self.da_seen = dict.fromkeys(self.table, False)
        self.biggest = dict.fromkeys(self.table, 0)
        for p in plays:
            c = p["contract"]
            if c is None:
                continue
            seat = p["seat"]
            card = p["card"]
            if seat == me:
                if card in VALUE_OF:
                    self.mine[c] += VALUE_OF[card]
                continue
            if card == "back":
                self.opp[c][seat] += mean[seat]
                unseen[c] += 1
                self.da_risk[c] *= 1.0 - p_da[seat]
            elif card == "attorney":
                self.da_seen[c] = True
            elif VALUE_OF[card]:
                self.opp[c][seat] += VALUE_OF[card]
                self.biggest[c] = max(self.biggest[c], VALUE_OF[card])
        # What opponents still to play may add, spread over every place a card can go.
        for seat in range(players):
            if seat != me:
                future = (PLAYS_PER_ROUND - played[seat]) * mean[seat] / targets
                for c in self.table:
                    self.opp[c][seat] += future
                    unseen[c] += (PLAYS_PER_ROUND - played[seat]) / targets
        self.sigma = {c: 1500.0 + 2500.0 * math.sqrt(unseen[c]) for c in self.table}
        # Every candidate card is scored against the same table: its leader and the seat's
        # present chance are taken once per contract, not once per candidate.
        self.best = {c: max(self.opp[c]) for c in self.table}
        self.base = {c: self.chance(c, self.mine[c]) for c in self.table}

    def chance(self, c: int, mine: float, opp_cut: float = 0.0) -> float:
        if mine <= 0:
            return 0.0
        return _sigmoid((mine - (self.best[c] - opp_cut)) / self.sigma[c])

    def worth(self, c: int) -> float:
        """The contract's value, discounted by the chance a district attorney cancels it."""
        if self.da_seen[c]:
            return 0.1 * self.values[c]
        return self.values[c] * self.da_risk[c]

    def gain(self, c: int, add: float) -> float:
        return self.worth(c) * (self.chance(c, self.mine[c] + add) - self.base[c])

    def swiss_gain(self, c: int, add: float) -> float:
        """Like ``gain``, but a Swiss bribe is assigned once attorneys are known: a contract
        that may be cancelled costs it nothing, it simply goes to the other one."""
        value = 0.1 * self.values[c] if self.da_seen[c] else self.values[c]
        return value * (self.chance(c, self.mine[c] + add) - self.base[c])

    def score(self, action: Action) -> float:
        kind = action[0]
        if kind == "swiss":
            k, body = FACES.index(action[1]), action[2]
            half = BRIBE_VALUE[k] / 2
            best = max((self.swiss_gain(c, half) for c in self.table if self.body[c] == body), default=0.0)
            return SWISS_FLEXIBILITY * best - BRIBE_PRICE * BRIBE_VALUE[k]
        if kind != "play":
            return -math.inf
        face, c = action[1], action[2]
        k = FACES.index(face)
        if IS_BRIBE[k]:
            return self.gain(c, BRIBE_VALUE[k]) - BRIBE_PRICE * BRIBE_VALUE[k]
        value = self.values[c]
        if face == "attorney":
            rival = self.best[c]
            p_rival = _sigmoid((rival - self.mine[c]) / self.sigma[c]) if rival > 0 else 0.0
            deny = value * p_rival * self.da_risk[c] * 0.5
            return deny - value * self.base[c] - CHARACTER_PRICE[face]
        if face == "reporter":
            cut = self.chance(c, self.mine[c], float(self.biggest[c])) - self.base[c]
            return self.worth(c) * cut - CHARACTER_PRICE[face]
        if self.da_seen[c]:
            return value * self.base[c] * 0.9 - CHARACTER_PRICE[face]
        return -CHARACTER_PRICE[face] - value

    def choose(self, legal: list[Action], rng: random.Random) -> Action:
        looks = [a for a in legal if a[0] == "look"]
        if looks:
            wanted = self._look(looks)
            if wanted is not None:
                return wanted
        best: tuple[float, float, int] = (-math.inf, 0.0, 0)
        for index, action in enumerate(legal):
            key = (self.score(action), rng.random(), index)
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
