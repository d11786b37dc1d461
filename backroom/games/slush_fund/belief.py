"""What a Slush Fund seat believes of every bribery pile, read from the state by the rule of
its view (``read_belief``), for the heuristic bot (``bot.py``).

Its own piles exactly, others' piles by what it can see (top cards, cards a Spy showed) with
each covered card counted at the mean of the bribe cards it has not seen, the Scandals, and the
uncertainty still to come. A covered card of another seat's pile counts only where the seat saw
it (``known``); its own piles and every top card are seen. After the seat's own bribe or
Scandal the belief is brought up to date in place (``bribed``, ``scandal``), not read again.
"""

from __future__ import annotations

from functools import cache
from math import exp, sqrt
from typing import TYPE_CHECKING

from backroom.games.slush_fund.cards import MONEY, POLS, TIME_TO_END, Deck
from backroom.games.slush_fund.cards import VP as VP_KIND

if TYPE_CHECKING:
    from backroom.games.slush_fund.state import SlushFundState
    from backroom.games.slush_fund.valuation import SeatValue

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

FRAGILE = SCANDALS_TO_REMOVE - 1
"""One more Scandal and everything at the politician is lost: its values count at 0.6."""


class _Deck:
    """Per-card tables of a deck, made once per deck: face index (faces in composition order,
    as bytes for ``bytes.translate``), money in $K (0.0 for other cards), and a code whose sum
    over a pile gives its money in $K, its money cards and its VP cards at once (``one``: those
    sums, as floats, of a pile of that card alone, spared three ``float`` calls); per face, its
    money in whole $K (at most 100) and the faces that are not money, as bytes; the money
    faces (a set look-up costs a sixth of ``str.startswith``, which parses its arguments)."""

    __slots__ = (
        "code",
        "face_k",
        "faces",
        "kind",
        "money",
        "money_faces",
        "not_money",
        "one",
        "to_face",
        "vp",
    )

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
        self.one: tuple[tuple[float, float, float], ...] = tuple(
            (float(c >> 16), float(c & 0xFF), float(c >> 8 & 0xFF)) for c in self.code
        )
        money = [f.startswith("money-") for f in self.faces]
        self.money_faces = frozenset(f for f, m in zip(self.faces, money, strict=True) if m)
        self.face_k = bytes(
            int(money_k(f)) if m else 0 for f, m in zip(self.faces, money, strict=True)
        ).ljust(256, b"\0")
        self.not_money = bytes(i for i, m in enumerate(money) if not m)
        self.vp = self.faces.index("vp") if "vp" in self.faces else -1


@cache
def _deck(deck: Deck) -> _Deck:
    return _Deck(deck)


@cache
def money_k(face: str) -> float:
    """A money face's value in $K."""
    return float(face.split("-", 1)[1])


_TIME_SPAN = max(1, TIME_TO_END)
"""What the Time still to run is a share of (``max`` once, not at every reading)."""

SQRT = tuple(sqrt(k) for k in range(200))
"""``sqrt`` of a count of covered cards (the same floats ``math.sqrt`` gives)."""


class Belief:
    """Estimated money, money cards, VP cards and unknown cards of every pile, and Scandals, as
    ``seat`` sees them (``read_belief``), with each seat's worth worked out on demand."""

    __slots__ = (
        "_gains",
        "_leaders",
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
        "values",
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
    values: dict[int, SeatValue]
    """Each seat's worth, made on demand (``valuation.of``) and dropped when it changes."""
    _gains: dict[tuple[int, str], float]

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
            self.values = {}
        self._changed(p)

    def _changed(self, p: int) -> None:
        self._leaders = None
        self._gains = {}
        mine = self.values.get(self.seat)
        self.values = {}
        if mine is not None:
            mine.refresh(p)
            self.values[self.seat] = mine

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
        if self.scandals[p] >= FRAGILE:
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
    code, one = deck.code, deck.one
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
            if len(pile) == 1:  # most of others' piles: the three sums at once, as floats
                m_row[p], c_row[p], v_row[p] = one[pile[0]]
            elif s == seat:
                total = 0  # a loop: ``sum(map(code.__getitem__, pile))`` costs 2.6 times as much
                for card in pile:
                    total += code[card]
                m_row[p] = float(total >> 16)
                c_row[p] = float(total & 0xFF)
                v_row[p] = float(total >> 8 & 0xFF)
            else:
                pending.append((m_row, c_row, v_row, u_row, p, pile))
                if mask:  # a loop: a generator is a call, and makes ``mask`` a cell at every reading
                    for card in pile[:-1]:
                        if not (mask >> card) & 1:
                            hidden.append(card)
                else:
                    hidden.extend(pile[:-1])
                    if len(pile) > deepest:
                        deepest = len(pile)
    unseen_faces = (bytes(state.deck) + bytes(hidden)).translate(deck.to_face)
    # the mean money and the share of VP cards among the unseen bribe cards
    # (their money in $K, one byte a card: one ``translate`` and one ``sum`` cost a third of a
    # ``bytes.count`` per money face, each of which parses its arguments as a tuple)
    money_k_bytes = unseen_faces.translate(deck.face_k, deck.not_money)
    bribes = len(money_k_bytes)
    money_total = sum(money_k_bytes)
    vp_count = unseen_faces.count(deck.vp) if deck.vp >= 0 else 0
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
    to_end = TIME_TO_END - len(state.time)
    b.sigma_future = SIGMA_FUTURE * ((to_end if to_end > 0 else 0) / _TIME_SPAN)
    b.values = {}
    b._gains = {}
    b.money, b.cards, b.vp, b.unknown = money, cards, vps, unknown
    return b
