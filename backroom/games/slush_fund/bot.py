"""A Slush Fund bot that plays as a careful person would, from its seat's view alone.

It keeps a belief of every bribery pile: its own piles exactly, others' piles by what it can
see (top cards, cards a Spy showed) with each covered card counted at the mean of the bribe
cards it has not seen. A position is worth the VP it expects to win minus what the leading
rival expects, a politician going to a player with a probability that grows with the money lead
and shrinks with the uncertainty left (covered cards, and the Time still to run). Every card is
played (or discarded) where it raises that worth most, so the bot contests close politicians,
concentrates where a lead is fragile, does not throw money after a sure or a lost cause, steals
the biggest money it can see, moves Scandals onto rivals' politicians, and transfers money away
from politicians about to fall. It watches the Time: ahead near the end it draws to hasten the
end; behind, it takes from the slush fund (three cards, no Time revealed).

How it is computed (issue 16.5: the decisions are those of the bot as first written, float for
float, at under a third of the cost). The belief is read from the state by ``read_belief`` through
``Observation.read``, by the rule the seat's view uses: a covered card of another seat's pile
counts only where the seat saw it (``known``), its own piles and every top card are seen. Each
seat's worth is a sum of one term per politician still in play; a candidate move changes one or
two of those terms, and everything in a term but the mover's own pile (the strongest rival
there, the uncertainty, the chance) is worked out once per seat and decision (``_Seat``), so a
bribe, a Transfer or a Scandal is priced by a few float operations, not by the politician's
whole column again. Within a turn the bot keeps its belief (``HeuristicBot._belief``): after a
take, a stash or a discard it is the same, after its own bribe or Scandal one term changes.
Every float is computed by the same operations, in the same order, as the first version did
(``tests/games/slush_fund/test_bot_decisions.py`` holds its decisions).
"""

from __future__ import annotations

import random
from functools import cache
from math import exp, sqrt
from typing import TYPE_CHECKING

from backroom.bots.base import Observation, SeededBot
from backroom.engine.actions import Action
from backroom.games.slush_fund.cards import MONEY, POLS, TIME_TO_END, Deck
from backroom.games.slush_fund.cards import VP as VP_KIND

if TYPE_CHECKING:
    from backroom.games.slush_fund.state import SlushFundState

BASE_VP = 7.0
SCANDALS_TO_REMOVE = 5
K = 1000.0

SIGMA_FLOOR = 8.0
"""Uncertainty (in $K) of a money contest when every card is known: money still to come."""

SIGMA_PER_UNKNOWN = 10.0
"""Extra uncertainty per covered card one cannot see (scaled by the square root of their number)."""

SIGMA_FUTURE = 30.0
"""Uncertainty from the bribes still to be played, at the start; it falls as Time runs out."""

LOOK_BONUS = 0.25
"""What looking at a pile full of unknown cards is worth, in VP, before it pays off later."""

DRAW_CHOICE = 1.15
"""Drawing shows three cards and plays the best two: worth a little more than two at random."""

_FRAGILE = SCANDALS_TO_REMOVE - 1
"""One more Scandal and everything at the politician is lost: its values count at 0.6."""


class _Deck:
    """Per-card tables of a deck, made once per deck: face index (faces in composition order,
    as bytes for ``bytes.translate``), money in $K (0.0 for other cards), and a code whose sum
    over a pile gives its money in $K, its money cards and its VP cards at once."""

    __slots__ = ("code", "faces", "kind", "money", "money_faces", "to_face", "vp")

    def __init__(self, deck: Deck) -> None:
        self.faces: tuple[str, ...] = tuple(c["face"] for c in deck.composition())
        self.to_face = bytes(self.faces.index(f) for f in deck.faces).ljust(256, b"\0")
        self.kind: tuple[int, ...] = deck.kinds
        self.money: tuple[float, ...] = tuple(
            money_k(f) if k == MONEY else 0.0 for f, k in zip(deck.faces, deck.kinds, strict=True)
        )
        self.code: tuple[int, ...] = tuple(
            (v // 1000) << 16 | 1 if k == MONEY else (1 << 8 if k == VP_KIND else 0)
            for k, v in zip(deck.kinds, deck.values, strict=True)
        )
        self.money_faces: tuple[tuple[int, int], ...] = tuple(
            (i, int(money_k(f))) for i, f in enumerate(self.faces) if f.startswith("money-")
        )
        self.vp = self.faces.index("vp") if "vp" in self.faces else -1


@cache
def _deck(deck: Deck) -> _Deck:
    return _Deck(deck)


@cache
def money_k(face: str) -> float:
    """A money face's value in $K."""
    return float(face.split("-", 1)[1])


_SQRT = tuple(sqrt(k) for k in range(200))
"""``sqrt`` of a count of covered cards (the same floats ``math.sqrt`` gives)."""


class Belief:
    """Estimated money, money cards, VP cards and unknown cards of every pile, and Scandals, as
    ``seat`` sees them (``read_belief``), with each seat's worth worked out on demand."""

    __slots__ = (
        "_gains",
        "_leaders",
        "_seats",
        "_unseen",
        "cards",
        "deck",
        "mean",
        "money",
        "n",
        "removed",
        "scandals",
        "seat",
        "sigma_future",
        "state",
        "unknown",
        "unseen_faces",
        "vp",
        "vp_share",
    )

    state: SlushFundState
    seat: int
    n: int
    deck: _Deck
    money: list[list[float]]
    cards: list[list[float]]
    vp: list[list[float]]
    unknown: list[list[int]]
    scandals: list[float]
    removed: list[bool]
    sigma_future: float
    mean: float
    vp_share: float
    unseen_faces: bytes
    """The face index of every card this seat has not seen (the deck, covered cards)."""
    _unseen: list[tuple[str, int]] | None
    _leaders: list[tuple[int, int]] | None
    _seats: dict[int, _Seat]
    _gains: dict[tuple[int, str], float]

    def worth(self, me: int) -> float:
        """Expected VP of ``me`` minus that of the strongest rival at each politician."""
        return self.of(me).base

    def of(self, me: int) -> _Seat:
        seat = self._seats.get(me)
        if seat is None:
            seat = self._seats[me] = _Seat(self, me)
        return seat

    @property
    def unseen(self) -> list[tuple[str, int]]:
        """Faces this seat has not seen (in the deck or covered in others' piles), with their
        counts, in the deck's composition order; none with a count of 0."""
        if self._unseen is None:
            count = self.unseen_faces.count
            faces = self.deck.faces
            self._unseen = [(faces[i], c) for i in range(len(faces)) if (c := count(i)) > 0]
        return self._unseen

    def leaders(self) -> list[tuple[int, int]]:
        """Per politician, the first seat with the most money (then money cards) and the first
        such among the others: the strongest rival of any seat is one of the two."""
        if self._leaders is None:
            money, cards = self.money, self.cards
            out = []
            for p in range(POLS):
                b1 = b2 = -1
                m1 = c1 = m2 = c2 = 0.0
                for s in range(self.n):
                    m, c = money[s][p], cards[s][p]
                    if b1 < 0 or m > m1 or (m == m1 and c > c1):
                        b2, m2, c2 = b1, m1, c1
                        b1, m1, c1 = s, m, c
                    elif b2 < 0 or m > m2 or (m == m2 and c > c2):
                        b2, m2, c2 = s, m, c
                out.append((b1, b2))
            self._leaders = out
        return self._leaders

    def bribed(self, card: int, p: int) -> None:
        """The seat's own ``card`` now on its pile at ``p``: the pile's sums grow by it (whole
        $K, as a fresh read adds them), the seat's term at ``p`` is worked out again, and what
        rested on that pile is dropped (other seats' worth, the leaders, the card gains)."""
        me = self.seat
        kind = self.deck.kind[card]
        if kind == MONEY:
            self.money[me][p] += self.deck.money[card]
            self.cards[me][p] += 1.0
        elif kind == VP_KIND:
            self.vp[me][p] += 1.0
        self._changed(p)

    def scandal(self, p: int) -> None:
        """A Scandal the seat laid at ``p`` (the fifth removes the politician)."""
        self.scandals[p] += 1
        if self.scandals[p] >= SCANDALS_TO_REMOVE:
            self.removed[p] = True
            self._seats = {}
        self._changed(p)

    def _changed(self, p: int) -> None:
        self._leaders = None
        self._gains = {}
        mine = self._seats.get(self.seat)
        self._seats = {}
        if mine is not None:
            mine.refresh(p)
            self._seats[self.seat] = mine

    def _term(self, me: int, p: int) -> float:
        """What politician ``p`` is worth to ``me`` against the strongest rival there, worked
        out whole from the belief as it stands (a Thief's move changes two seats' piles)."""
        money, cards = self.money, self.cards
        rival, top, top_cards = -1, 0.0, 0.0  # the first seat with the most money, then cards
        for s, row in enumerate(money):
            if s != me and (rival < 0 or row[p] > top or (row[p] == top and cards[s][p] > top_cards)):
                rival, top, top_cards = s, row[p], cards[s][p]
        mine = money[me][p]
        margin = mine - top
        if margin == 0 and mine > 0:
            margin = 0.5 * (cards[me][p] - top_cards)
        unknown = self.unknown[me][p] + self.unknown[rival][p]
        sigma = SIGMA_FLOOR + SIGMA_PER_UNKNOWN * sqrt(unknown) + self.sigma_future
        if mine <= 0 and top <= 0:
            chance = 0.5
            value_me = value_rival = 0.0
        else:
            chance = 1.0 / (1.0 + exp(-1.7 * margin / sigma))
            base = BASE_VP - self.scandals[p]
            value_me = base + self.vp[me][p]
            value_rival = base + self.vp[rival][p]
        if self.scandals[p] >= _FRAGILE:
            value_me *= 0.6
            value_rival *= 0.6
        return chance * value_me - (1.0 - chance) * value_rival


def read_belief(state: SlushFundState, seat: int) -> Belief:
    """``seat``'s belief, read from the state by the rule of its view (with recall): its own
    piles whole, others' top cards and the covered cards it saw (``known``); every other
    covered card counts at the mean of the bribe cards it has not seen (those covered cards
    and the draw deck), and as a VP card by their share of VP cards.

    The sums are those of adding the pile's cards one by one from the bottom: whole piles hold
    whole $K (exact in any order), and a pile whose covered cards are all unseen adds the
    unseen mean that many times, then its top card (``acc_*``: those running sums)."""
    deck = _deck(state.deck_def)
    code = deck.code
    n = state.n
    mask = state.known[seat]
    hidden: list[int] = []
    pending: list[tuple[list[float], list[float], list[float], list[int], int, list[int]]] = []
    money: list[list[float]] = []
    cards: list[list[float]] = []
    vps: list[list[float]] = []
    unknown: list[list[int]] = []
    deepest = 0
    for s, row in enumerate(state.piles):
        m_row = [0.0] * POLS
        c_row = [0.0] * POLS
        v_row = [0.0] * POLS
        u_row = [0] * POLS
        money.append(m_row)
        cards.append(c_row)
        vps.append(v_row)
        unknown.append(u_row)
        for p, pile in enumerate(row):
            if not pile:
                continue
            if s == seat or len(pile) == 1:
                total = sum(map(code.__getitem__, pile))
                m_row[p] = float(total >> 16)
                c_row[p] = float(total & 0xFF)
                v_row[p] = float(total >> 8 & 0xFF)
            else:
                pending.append((m_row, c_row, v_row, u_row, p, pile))
                if mask:
                    hidden.extend(c for c in pile[:-1] if not (mask >> c) & 1)
                else:
                    hidden.extend(pile[:-1])
                    if len(pile) > deepest:
                        deepest = len(pile)
    unseen_faces = (bytes(state.deck) + bytes(hidden)).translate(deck.to_face)
    # the mean money and the share of VP cards among the unseen bribe cards
    count = unseen_faces.count
    money_total = bribes = 0
    for i, k in deck.money_faces:
        copies = count(i)
        bribes += copies
        money_total += k * copies
    vp_count = count(deck.vp) if deck.vp >= 0 else 0
    bribes += vp_count
    if bribes:
        mean = money_total / bribes
        vp_share = vp_count / bribes
    else:
        mean, vp_share = 20.0, 0.0
    unknown_cards = 1.0 - vp_share
    if mask:
        kind, value = deck.kind, deck.money
        for m_row, c_row, v_row, u_row, p, pile in pending:
            m = c = v = 0.0
            u = 0
            last = len(pile) - 1
            for i, card in enumerate(pile):
                if i != last and not (mask >> card) & 1:
                    m += mean
                    c += unknown_cards
                    v += vp_share
                    u += 1
                elif kind[card] == MONEY:
                    m += value[card]
                    c += 1.0
                elif kind[card] == VP_KIND:
                    v += 1.0
            m_row[p], c_row[p], v_row[p], u_row[p] = m, c, v, u
    elif pending:
        acc_m, acc_c, acc_v = [0.0], [0.0], [0.0]
        m = c = v = 0.0
        for _ in range(deepest - 1):
            m += mean
            c += unknown_cards
            v += vp_share
            acc_m.append(m)
            acc_c.append(c)
            acc_v.append(v)
        kind, value = deck.kind, deck.money
        for m_row, c_row, v_row, u_row, p, pile in pending:
            k = len(pile) - 1
            top = pile[k]
            u_row[p] = k
            if kind[top] == MONEY:
                m_row[p], c_row[p], v_row[p] = acc_m[k] + value[top], acc_c[k] + 1.0, acc_v[k]
            elif kind[top] == VP_KIND:
                m_row[p], c_row[p], v_row[p] = acc_m[k], acc_c[k], acc_v[k] + 1.0
            else:
                m_row[p], c_row[p], v_row[p] = acc_m[k], acc_c[k], acc_v[k]
    b = Belief.__new__(Belief)
    b.state, b.seat, b.n, b.deck = state, seat, n, deck
    b.mean, b.vp_share = mean, vp_share
    b.unseen_faces = unseen_faces
    b._unseen = None
    b._leaders = None
    b.scandals = [float(len(s)) for s in state.scandals]
    b.removed = list(state.removed)
    left = max(0, TIME_TO_END - len(state.time)) / max(1, TIME_TO_END)
    b.sigma_future = SIGMA_FUTURE * left
    b._seats = {}
    b._gains = {}
    b.money, b.cards, b.vp, b.unknown = money, cards, vps, unknown
    return b


class _Seat:
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
        self.ins: dict[float, list[float]] = {}
        """Per money value: the term at each politician with that card added to the pile."""
        self.outs: dict[float, list[float]] = {}
        """Per money value: the term at each politician with that card taken off the pile."""
        prefix: list[float] = []
        in_order: list[float] = []
        total = 0.0
        for i, p in enumerate(live):
            first, second = leaders[p]
            rival = rival_l[p] = second if first == me else first
            top = money[rival][p]
            top_c = cards[rival][p]
            sigma = SIGMA_FLOOR + SIGMA_PER_UNKNOWN * _SQRT[mine_u[p] + unknown[rival][p]] + sigma_future
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
                if sc >= _FRAGILE:
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
            if sc >= _FRAGILE:
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
        if sc >= _FRAGILE:
            value_me *= 0.6
            value_rival *= 0.6
        return chance * value_me - (1.0 - chance) * value_rival

    def money_in(self, value: float) -> list[float]:
        """The term at each politician still in play with a card of ``value`` added to the
        seat's pile (a bribe, a Transfer's end), kept per decision: ``own`` written out, the
        most asked of all."""
        terms = self.ins.get(value)
        if terms is None:
            b = self.belief
            me = self.me
            money, cards, vp, scandals = b.money[me], b.cards[me], b.vp[me], b.scandals
            top_l, top_cards, sigma, rival_vp = self.top, self.top_cards, self.sigma, self.rival_vp
            terms = self.ins[value] = [0.0] * POLS
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
                if sc >= _FRAGILE:
                    value_me *= 0.6
                    value_rival *= 0.6
                terms[p] = chance * value_me - (1.0 - chance) * value_rival
        return terms

    def money_out(self, value: float, p: int) -> float:
        """The term at ``p`` with a card of ``value`` taken off the seat's pile (a Transfer)."""
        terms = self.outs.get(value)
        if terms is None:
            terms = self.outs[value] = [None] * POLS  # type: ignore[list-item]
        term = terms[p]
        if term is None:
            b = self.belief
            me = self.me
            term = terms[p] = self.own(p, b.money[me][p] - value, b.cards[me][p] - 1.0, b.vp[me][p])
        return term

    def scandal(self, p: int, scandals: float) -> float:
        """The term at ``p`` with this many Scandals (fewer than five: the politician stays)."""
        chance = self.chance[p]
        if chance < 0:
            return 0.0
        base = BASE_VP - scandals
        value_me = base + self.belief.vp[self.me][p]
        value_rival = base + self.rival_vp[p]
        if scandals >= _FRAGILE:
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
        return self.with_one(p, self.money_in(money_k(face))[p])

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
        value = money_k(face)
        return self.with_two(a, self.money_out(value, a), b, self.money_in(value)[b])

    def thief(self, t: int, p: int) -> float:
        """A Thief on seat ``t``'s pile at ``p``: its top money card if the top is money, else
        a covered card at the unseen mean (never more than the pile is thought to hold)."""
        bel = self.belief
        me = self.me
        money, cards = bel.money, bel.cards
        top = bel.state.piles[t][p][-1]
        taken = bel.deck.money[top] if bel.deck.kind[top] == MONEY else bel.mean
        taken = min(taken, money[t][p]) if money[t][p] > 0 else 0.0
        if self.rival[p] != t:  # a seat that loses a card cannot overtake the strongest rival
            return self.with_one(p, self.own(p, money[me][p] + taken, cards[me][p] + 1.0, bel.vp[me][p]))
        was = money[t][p], cards[t][p], money[me][p], cards[me][p]
        money[t][p] -= taken
        cards[t][p] = max(0.0, cards[t][p] - 1.0)
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
        if kind == "transfer":
            return self.transfer(action[1], action[2], action[3])
        if kind == "spy_move":
            return self.spy_move(action[1], action[2])
        if kind == "thief":
            return self.thief(action[1], action[2])
        return None  # discard, spy, look, no_look


def _key(state: SlushFundState, seat: int) -> tuple[int, ...]:
    """What tells two positions of one game apart for a seat's belief, given that only the
    active seat acts within a turn: the turn, the deck, the cards in hand and fund together,
    the cards out of the game and what the seat has seen."""
    return (
        seat,
        state.turns,
        len(state.deck),
        len(state.held) + len(state.fund),
        len(state.out),
        state.known[seat],
    )


class HeuristicBot(SeededBot):
    __slots__ = ("_last",)

    def __init__(self, rng: random.Random) -> None:
        super().__init__(rng)
        self._last: tuple[SlushFundState, tuple[int, ...], Belief, Action | None, int] | None = None
        """The last decision's position (the state object, which no other position can share
        while it is kept here, and its ``_key``), its belief, the action chosen and the size
        of what that action adds to (the pile bribed, the Scandals)."""

    def _belief(self, state: SlushFundState, seat: int) -> Belief:
        """The seat's belief, kept from the last decision where nothing it rests on changed.

        Within a turn only the seat acts. A take, a stash or a discard moves a card between the
        hand and the public fund, which leaves every pile, the deck and what the seat knows as
        they were: the belief is the same. After its own bribe or Scandal (the hand one card
        smaller, nothing else gone out, the pile or the Scandals one larger with that card),
        only its own pile or the Scandals at that politician differ, and only that term of its
        worth is worked out again. Anything else reads the belief anew."""
        key = _key(state, seat)
        last = self._last
        if last is not None and last[0] is state:
            _, was, belief, action, size = last
            if key == was:
                return belief
            if action is not None and key == (*was[:3], was[3] - 1, *was[4:]):
                kind = action[0]
                if kind == "bribe":
                    pile = state.piles[seat][action[2]]
                    if len(pile) == size + 1 and state.deck_def.faces[pile[-1]] == action[1]:
                        belief.bribed(pile[-1], action[2])
                        self._last = (state, key, belief, None, 0)
                        return belief
                elif kind == "scandal" and len(state.scandals[action[1]]) == size + 1:
                    belief.scandal(action[1])
                    self._last = (state, key, belief, None, 0)
                    return belief
        belief = read_belief(state, seat)
        self._last = (state, key, belief, None, 0)
        return belief

    def decide(self, obs: Observation) -> Action:
        legal = obs.legal
        belief = obs.read(self._belief)
        me = obs.seat
        state = belief.state
        phase = state.phase
        if phase == "choose":
            return self._choose(me, belief, legal)
        if phase == "take":
            return max(legal, key=lambda a: (card_gain(belief, me, a[1]), a))
        if phase == "stash":
            return self._stash(me, belief, legal)
        if phase == "spy_look":
            return self._look(belief, legal)
        action = self._play(me, belief, legal)
        if action[0] == "bribe":
            self._last = (state, _key(state, me), belief, action, len(state.piles[me][action[2]]))
        elif action[0] == "scandal":
            self._last = (state, _key(state, me), belief, action, len(state.scandals[action[1]]))
        return action

    def _choose(self, me: int, belief: Belief, legal: list[Action]) -> Action:
        """Take three from the fund when they beat two cards from the deck; watch the Time:
        one Time card from the end, ahead it draws to hasten the end, behind it takes."""
        takes = [a for a in legal if a[0] == "take"]
        best = max(takes, key=lambda a: (card_gain(belief, me, a[1]), a))
        if ("draw",) not in legal:
            return best
        state = belief.state
        time_left = TIME_TO_END - len(state.time)
        lead = belief.worth(me)
        if time_left <= 1 and lead > 0:
            return ("draw",)
        faces = state.deck_def.faces
        gains = sorted((card_gain(belief, me, faces[c]) for c in state.fund), reverse=True)
        fund_gain = sum(gains[:3])
        if time_left <= 2 and lead < 0 and fund_gain > 0:
            return best
        return best if fund_gain > DRAW_CHOICE * self._draw_gain(me, belief) else ("draw",)

    def _draw_gain(self, me: int, belief: Belief) -> float:
        """Two cards played out of three drawn: about twice the mean gain of an unseen card."""
        counts = [(f, c) for f, c in belief.unseen if f != "time"]
        total = sum(c for _, c in counts)
        if not total:
            return 0.0
        return 2 * sum(c * card_gain(belief, me, f) for f, c in counts) / total

    def _stash(self, me: int, belief: Belief, legal: list[Action]) -> Action:
        """Keep the two cards worth most to me; give the fund what helps rivals least.

        A card's keep value, ``-mine - 0.5 * theirs``, is at most ``-mine`` (a gain is never
        negative), so the cards are weighed from the highest such bound down, and the rivals'
        gains (three seats' worth, each) are worked out only for a card whose bound still
        reaches the best value found: the same choice, tie-break included."""
        rivals = [s for s in range(belief.n) if s != me]
        bounds = sorted(((-card_gain(belief, me, a[1]), a) for a in legal), reverse=True)
        best: tuple[float, Action] | None = None
        for bound, action in bounds:
            if best is not None and (bound, action) < best:
                break
            theirs = max(card_gain(belief, r, action[1]) for r in rivals)
            value = (bound - 0.5 * theirs, action)
            if best is None or value > best:
                best = value
        assert best is not None
        return best[1]

    def _look(self, belief: Belief, legal: list[Action]) -> Action:
        """Look where the most covered cards hide, at the politicians still in play."""

        def interest(action: Action) -> tuple[int, int]:
            if action[0] != "look":
                return (0, 0)
            return (belief.unknown[action[1]][action[2]], -action[2])

        return max(legal, key=interest)

    def _play(self, me: int, belief: Belief, legal: list[Action]) -> Action:
        seat = belief.of(me)
        base = seat.base
        best = legal[0]
        best_score = -float("inf")
        for action in legal:
            after = seat.after(action)
            score = (after if after is not None else base) - base
            if action[0] == "spy":
                score += LOOK_BONUS
            if action[0] == "discard":
                score -= 1e-6  # a use that changes nothing is still better than wasting it
            if score > best_score:
                best, best_score = action, score
        return best


def card_gain(belief: Belief, seat: int, face: str) -> float:
    """What the best single use of a card is worth to ``seat`` (0: it would be discarded);
    kept on the belief, since one decision asks the same card's gain several times."""
    key = (seat, face)
    gain = belief._gains.get(key)
    if gain is None:
        gain = belief._gains[key] = _card_gain(belief, seat, face)
    return gain


def _card_gain(belief: Belief, seat: int, face: str) -> float:
    s = belief.of(seat)
    base = s.base
    best = 0.0
    live = s.live
    if face.startswith("money-"):
        terms = s.money_in(money_k(face))
        prefix, rest = s.prefix, s.rest
        for i, p in enumerate(live):  # ``with_one`` written out
            total = prefix[i] + terms[p]
            for t in rest[i]:
                total += t
            gain = total - base
            if gain > best:
                best = gain
    elif face == "vp":
        for p in live:
            best = max(best, s.bribe(p, face) - base)
    elif face == "scandal":
        for p in live:
            best = max(best, s.add_scandal(p) - base)
    elif face == "thief":
        piles = belief.state.piles
        for t in range(belief.n):
            if t != seat:
                for p in live:
                    if piles[t][p]:
                        best = max(best, s.thief(t, p) - base)
    elif face == "spy":
        scandals = belief.scandals
        for a in live:
            if scandals[a]:
                for b in live:
                    if b != a:
                        best = max(best, s.spy_move(a, b) - base)
        best += LOOK_BONUS
    elif face == "transfer":
        for a in live:
            for f in _seen_money(belief, seat, a):
                for b in live:
                    if b != a:
                        best = max(best, s.transfer(a, f, b) - base)
    return best


def _seen_money(belief: Belief, seat: int, p: int) -> set[str]:
    """The money faces the belief's seat sees in ``seat``'s pile at ``p`` (all of its own)."""
    state = belief.state
    pile = state.piles[seat][p]
    faces = state.deck_def.faces
    kind = belief.deck.kind
    if seat != belief.seat:
        mask = state.known[belief.seat]
        pile = [c for i, c in enumerate(pile) if i == len(pile) - 1 or (mask >> c) & 1]
    return {faces[c] for c in pile if kind[c] == MONEY}
