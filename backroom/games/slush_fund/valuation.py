"""What a position is worth to a Slush Fund seat on its belief (``belief.py``), and what one
move at one or two politicians leaves of it: the heuristic bot's evaluation.

Each seat's worth is a sum of one term per politician still in play; a candidate move changes
one or two of those terms, and everything in a term but the mover's own pile (the strongest
rival there, the uncertainty, the chance) is worked out once per seat and decision
(``SeatValue``), so a bribe, a Transfer or a Scandal is priced by a few float operations, not
by the politician's whole column again. Every float is computed by the same operations, in the
same order, as the bot's first version did (``tests/games/slush_fund/test_bot_decisions.py``).
"""

from __future__ import annotations

from math import exp

from backroom.engine.actions import Action
from backroom.games.slush_fund.belief import (
    BASE_VP,
    FRAGILE,
    SCANDALS_TO_REMOVE,
    SIGMA_FLOOR,
    SIGMA_PER_UNKNOWN,
    SQRT,
    Belief,
    money_k,
)
from backroom.games.slush_fund.cards import MONEY, POLS


class SeatValue:
    """One seat's worth on a belief, and what a move at one politician leaves of it.

    Per politician still in play: the strongest rival there (the first seat with the most
    money, then the most money cards), the uncertainty, the chance of the seat's pile as it
    stands and its term; the worth is the terms summed in rank order (``prefix``: the running
    sum before each). A move on the seat's own pile or on the Scandals changes no rival, so its
    new term takes a few operations, and the new sum goes on from the prefix."""

    __slots__ = (
        "base",
        "belief",
        "chance",
        "ins",
        "live",
        "me",
        "outs",
        "position",
        "prefix",
        "rest",
        "rival",
        "rival_vp",
        "sigma",
        "terms",
        "top",
        "top_cards",
    )

    def __init__(self, belief: Belief, me: int) -> None:
        self.belief = belief
        self.me = me
        money, cards, vp, unknown = belief.money, belief.cards, belief.vp, belief.unknown
        scandals = belief.scandals
        sigma_future = belief.sigma_future
        leaders = belief.leaders()
        mine_m, mine_c, mine_v, mine_u = money[me], cards[me], vp[me], unknown[me]
        self.top = top_l = [0.0] * POLS
        self.top_cards = top_cards_l = [0.0] * POLS
        self.sigma = sigma_l = [0.0] * POLS
        self.rival_vp = rival_vp_l = [0.0] * POLS
        self.rival = rival_l = [-1] * POLS
        self.chance = chance_l = [0.0] * POLS
        self.terms = terms = [0.0] * POLS
        self.live = live = [p for p, gone in enumerate(belief.removed) if not gone]
        self.position = position = [-1] * POLS
        self.ins: dict[str, list[float]] = {}
        """Per money face: the term at each politician with that card added to the pile."""
        self.outs: dict[str, list[float | None]] = {}
        """Per money face: the term at each politician with that card taken off the pile."""
        prefix: list[float] = []
        in_order: list[float] = []
        total = 0.0
        for i, p in enumerate(live):
            first, second = leaders[p]
            rival = rival_l[p] = second if first == me else first
            top = money[rival][p]
            top_c = cards[rival][p]
            sigma = SIGMA_FLOOR + SIGMA_PER_UNKNOWN * SQRT[mine_u[p] + unknown[rival][p]] + sigma_future
            top_l[p], top_cards_l[p], sigma_l[p] = top, top_c, sigma
            rival_vp = rival_vp_l[p] = vp[rival][p]
            mine = mine_m[p]
            if mine <= 0 and top <= 0:
                chance_l[p] = -1.0  # nobody's money: the term is 0 whatever the values
                term = 0.0
            else:
                margin = mine - top
                if margin == 0 and mine > 0:
                    margin = 0.5 * (mine_c[p] - top_c)
                chance = chance_l[p] = 1.0 / (1.0 + exp(-1.7 * margin / sigma))
                sc = scandals[p]
                base = BASE_VP - sc
                value_me = base + mine_v[p]
                value_rival = base + rival_vp
                if sc >= FRAGILE:
                    value_me *= 0.6
                    value_rival *= 0.6
                term = chance * value_me - (1.0 - chance) * value_rival
            terms[p] = term
            position[p] = i
            prefix.append(total)
            in_order.append(term)
            total += term
        self.prefix = prefix
        self.rest = [in_order[i + 1 :] for i in range(len(live))]
        """The terms after each live politician, in order, for the sums that replace one."""
        self.base = total

    def refresh(self, p: int) -> None:
        """The term at ``p`` again, after the seat's own pile or the Scandals there changed
        (no rival's pile: the strongest rival and the uncertainty stay), and the sums after."""
        b = self.belief
        me = self.me
        mine = b.money[me][p]
        top = self.top[p]
        if mine <= 0 and top <= 0:
            self.chance[p] = -1.0
            term = 0.0
        else:
            margin = mine - top
            if margin == 0 and mine > 0:
                margin = 0.5 * (b.cards[me][p] - self.top_cards[p])
            chance = self.chance[p] = 1.0 / (1.0 + exp(-1.7 * margin / self.sigma[p]))
            sc = b.scandals[p]
            base = BASE_VP - sc
            value_me = base + b.vp[me][p]
            value_rival = base + self.rival_vp[p]
            if sc >= FRAGILE:
                value_me *= 0.6
                value_rival *= 0.6
            term = chance * value_me - (1.0 - chance) * value_rival
        self.terms[p] = term
        prefix: list[float] = []
        in_order: list[float] = []
        total = 0.0
        for q in self.live:
            prefix.append(total)
            in_order.append(self.terms[q])
            total += self.terms[q]
        self.prefix = prefix
        self.rest = [in_order[i + 1 :] for i in range(len(in_order))]
        self.base = total
        self.ins = {}
        self.outs = {}

    def own(self, p: int, money: float, cards: float, vp: float) -> float:
        """The term at ``p`` with the seat's own pile moved to these sums."""
        top = self.top[p]
        if money <= 0 and top <= 0:
            return 0.0
        margin = money - top
        if margin == 0 and money > 0:
            margin = 0.5 * (cards - self.top_cards[p])
        chance = 1.0 / (1.0 + exp(-1.7 * margin / self.sigma[p]))
        sc = self.belief.scandals[p]
        base = BASE_VP - sc
        value_me = base + vp
        value_rival = base + self.rival_vp[p]
        if sc >= FRAGILE:
            value_me *= 0.6
            value_rival *= 0.6
        return chance * value_me - (1.0 - chance) * value_rival

    def money_in(self, face: str) -> list[float]:
        """The term at each politician still in play with a money card of ``face`` added to the
        seat's pile (a bribe, a Transfer's end), kept per decision: ``own`` written out, the
        most asked of all. Kept by face, whose hash a string keeps, not by its value in $K (a
        float hashed at every look-up, found through ``money_k``'s cache)."""
        terms = self.ins.get(face)
        if terms is None:
            value = money_k(face)
            b = self.belief
            me = self.me
            money, cards, vp, scandals = b.money[me], b.cards[me], b.vp[me], b.scandals
            top_l, top_cards, sigma, rival_vp = self.top, self.top_cards, self.sigma, self.rival_vp
            terms = self.ins[face] = [0.0] * POLS
            for p in self.live:
                mine = money[p] + value
                top = top_l[p]
                if mine <= 0 and top <= 0:
                    continue  # nobody's money: the term is 0
                margin = mine - top
                if margin == 0 and mine > 0:
                    margin = 0.5 * ((cards[p] + 1.0) - top_cards[p])
                chance = 1.0 / (1.0 + exp(-1.7 * margin / sigma[p]))
                sc = scandals[p]
                base = BASE_VP - sc
                value_me = base + vp[p]
                value_rival = base + rival_vp[p]
                if sc >= FRAGILE:
                    value_me *= 0.6
                    value_rival *= 0.6
                terms[p] = chance * value_me - (1.0 - chance) * value_rival
        return terms

    def money_out(self, face: str, p: int) -> float:
        """The term at ``p`` with a money card of ``face`` taken off the seat's pile (a Transfer)."""
        terms = self.outs.get(face)
        if terms is None:
            terms = self.outs[face] = [None] * POLS
        term = terms[p]
        if term is None:
            b = self.belief
            me = self.me
            term = terms[p] = self.own(p, b.money[me][p] - money_k(face), b.cards[me][p] - 1.0, b.vp[me][p])
        return term

    def scandal(self, p: int, scandals: float) -> float:
        """The term at ``p`` with this many Scandals (fewer than five: the politician stays)."""
        chance = self.chance[p]
        if chance < 0:
            return 0.0
        base = BASE_VP - scandals
        value_me = base + self.belief.vp[self.me][p]
        value_rival = base + self.rival_vp[p]
        if scandals >= FRAGILE:
            value_me *= 0.6
            value_rival *= 0.6
        return chance * value_me - (1.0 - chance) * value_rival

    def with_one(self, p: int, term: float) -> float:
        """The worth with ``p``'s term replaced (summed in the same order as ``base``)."""
        i = self.position[p]
        total = self.prefix[i] + term
        for t in self.rest[i]:
            total += t
        return total

    def without(self, p: int) -> float:
        """The worth once ``p`` is removed by its fifth Scandal."""
        i = self.position[p]
        total = self.prefix[i]
        for t in self.rest[i]:
            total += t
        return total

    def with_two(self, a: int, term_a: float, b: int, term_b: float | None) -> float:
        """The worth with the terms at ``a`` and ``b`` replaced (``None``: ``b`` removed)."""
        terms = self.terms
        total = 0.0
        for p in self.live:
            if p == a:
                total += term_a
            elif p == b:
                if term_b is not None:
                    total += term_b
            else:
                total += terms[p]
        return total

    def bribe(self, p: int, face: str) -> float:
        if face == "vp":
            b = self.belief
            me = self.me
            return self.with_one(p, self.own(p, b.money[me][p], b.cards[me][p], b.vp[me][p] + 1.0))
        return self.with_one(p, self.money_in(face)[p])

    def add_scandal(self, p: int) -> float:
        scandals = self.belief.scandals[p] + 1
        if scandals >= SCANDALS_TO_REMOVE:
            return self.without(p)
        return self.with_one(p, self.scandal(p, scandals))

    def spy_move(self, a: int, b: int) -> float:
        scandals = self.belief.scandals
        to = scandals[b] + 1
        term_b = None if to >= SCANDALS_TO_REMOVE else self.scandal(b, to)
        return self.with_two(a, self.scandal(a, scandals[a] - 1), b, term_b)

    def transfer(self, a: int, face: str, b: int) -> float:
        return self.with_two(a, self.money_out(face, a), b, self.money_in(face)[b])

    def thief(self, t: int, p: int) -> float:
        """A Thief on seat ``t``'s pile at ``p``: its top money card if the top is money, else
        a covered card at the unseen mean (never more than the pile is thought to hold)."""
        bel = self.belief
        me = self.me
        money, cards = bel.money, bel.cards
        top = bel.state.piles[t][p][-1]
        taken = bel.deck.money[top] if bel.deck.kind[top] == MONEY else bel.mean
        held = money[t][p]  # conditionals, not ``min`` and ``max`` (the same floats, cheaper)
        taken = (held if held < taken else taken) if held > 0 else 0.0
        if self.rival[p] != t:  # a seat that loses a card cannot overtake the strongest rival
            return self.with_one(p, self.own(p, money[me][p] + taken, cards[me][p] + 1.0, bel.vp[me][p]))
        was = money[t][p], cards[t][p], money[me][p], cards[me][p]
        money[t][p] -= taken
        left = cards[t][p] - 1.0
        cards[t][p] = left if left > 0.0 else 0.0
        money[me][p] += taken
        cards[me][p] += 1.0
        term = bel._term(me, p)
        money[t][p], cards[t][p], money[me][p], cards[me][p] = was
        return self.with_one(p, term)

    def after(self, action: Action) -> float | None:
        """The seat's worth after ``action``; ``None`` when it changes nothing on the board."""
        kind = action[0]
        if kind == "bribe":
            return self.bribe(action[2], action[1])
        if kind == "scandal":
            return self.add_scandal(action[1])
        if kind == "transfer" or kind == "transfer_copy":
            return self.transfer(action[1], action[2], action[-1])
        if kind == "spy_move":
            return self.spy_move(action[1], action[2])
        if kind == "thief":
            return self.thief(action[1], action[2])
        return None  # discard, spy, look, no_look


def of(belief: Belief, me: int) -> SeatValue:
    """``me``'s worth on ``belief``, made once and kept on it until the belief changes."""
    seat = belief.values.get(me)
    if seat is None:
        seat = belief.values[me] = SeatValue(belief, me)
    return seat


def worth(belief: Belief, me: int) -> float:
    """Expected VP of ``me`` minus that of the strongest rival at each politician."""
    return of(belief, me).base
