"""The heuristic bot's Corruption-phase decision: the estimate of every contract on the table,
and the card that raises the seat's expected winnings the most (the rules it plays by are in
``bot.py``'s docstring).

The choice is the argmax over every legal card (its score, then a tie-break draw per legal
action, in order), found without scoring most of them: a bribe's gain on a contract grows with
its dollars, so the seat's biggest bribe scored on each contract bounds every smaller bribe
there and in that body's Swiss account, and a character's chance is at most 1. A card whose
bound is below a score already found cannot be the argmax, so only the others are scored, and
the argmax, ties included, is the one scoring them all would give (``test_bidder.py`` holds
the two equal over thousands of positions; the pinned games in ``test_bot_decisions.py`` hold the
decisions those of the bot before this search).
"""

from __future__ import annotations

import math
import random
from functools import cache
from math import exp

from backroom.bots import draws
from backroom.engine.actions import Action
from backroom.games.corruption.cards import (
    ATTORNEY,
    BODIES,
    BRIBE_VALUE,
    BRIBES,
    FACES,
    HITMAN,
    IS_BRIBE,
    PLAYS_PER_ROUND,
    REPORTERS,
    SET_SIZE,
)
from backroom.games.corruption.view import Sight

VALUE_OF = dict(zip(FACES, BRIBE_VALUE, strict=True))
SET_DOLLARS = sum(BRIBE_VALUE)
BRIBE_PRICE = 12.0
"""Contract dollars a bribe dollar must buy to be worth playing now rather than later."""
CHARACTER_PRICE = {"attorney": 120_000.0, "reporter": 60_000.0, "hitman": 80_000.0}
"""What keeping a one-shot character for a later round is worth, in contract dollars."""
SWISS_FLEXIBILITY = 1.1
"""A Swiss bribe is placed after every card is revealed, and its face stays hidden: worth a
little more than the same half value placed now."""
SLACK = 1e-12
"""A bound's margin, per dollar of the contract: far above the rounding of a sigmoid (a few
units in the 16th digit), so a bound holds whatever way ``math.exp`` rounds."""


_COUNTED = ((*(True for _ in FACES), False), (*IS_BRIBE, False))
"""Whether a play of each kind (-1, hidden, last) is out of its owner's hand for the estimate,
by whether the variant is Cerrado (bribes only)."""


def sigmoid(x: float) -> float:
    # ``exp`` imported by name: one lookup less in the bot's most frequent call.
    return 1.0 / (1.0 + exp(-(30.0 if x > 30.0 else -30.0 if x < -30.0 else x)))


Terms = tuple[float, float, int, float, float, float, float, bool]
"""A contract's worth (discounted by the chance an attorney cancels it), its worth to a Swiss
bribe (placed once attorneys are known), the seat's dollars, the leader's, the spread of the
estimate, the seat's present chance, the attorney's risk and whether one is seen there."""
_OFF: Terms = (0.0, 0.0, 0, 0.0, 1.0, 0.0, 1.0, False)
"""The terms of a contract off the table (a placeholder in ``Bidder.terms``)."""


class Bidder:
    """One Corruption-phase decision, read from the seat's ``Sight``; each contract's terms are
    taken once."""

    __slots__ = ("me", "seen", "mine", "biggest", "terms", "staked", "watched", "least")

    def __init__(self, seen: Sight, me: int) -> None:
        self.me = me
        self.seen = seen
        players = seen.players
        kinds, seats, where, value = seen.kind, seen.seat, seen.where, seen.value
        # Each opponent's unseen cards: its round-start hand less what it showed this round,
        # counted as the number of cards, their dollars and whether the attorney is among them
        # (spent cards are characters: no dollars).
        cerrado = seen.variant == "cerrado"
        counted = _COUNTED[cerrado]
        out = [0] * players
        attorney_out = [False] * players
        for s, spent in enumerate(seen.spent):
            out[s] = len(spent)
            attorney_out[s] = ATTORNEY in spent
        dollars = [0] * players
        # ``zip`` without ``strict``: its keyword costs more than the loop (the lists are the
        # state's, one entry per play), here and below.
        for owner, k in zip(seats, kinds):  # noqa: B905
            if counted[k]:
                out[owner] += 1
                dollars[owner] += BRIBE_VALUE[k]
                if k == ATTORNEY:
                    attorney_out[owner] = True
        cards, attorney = (len(BRIBES), False) if cerrado else (SET_SIZE, True)  # Cerrado: bribes only
        # What opponents still to play may add is spread over every place a card can go (the
        # seat's own entries stay 0.0: adding 0.0 changes no sum).
        table = seen.table
        targets = len(table) + len(BODIES)
        mean, p_da = [0.0] * players, [0.0] * players
        future, more = [0.0] * players, [0.0] * players
        # The leader's estimate on a contract: a seat that bid nothing there counts its future
        # alone, which no bidder's sum (future plus dollars) falls below. Every future is at
        # least 0.0 (the seat's own), and a loop costs less than ``max``'s keyword parsing.
        unbid_lead = 0.0
        for s in range(players):
            if s == me:
                continue
            left = cards - out[s]
            if left:
                mean[s] = (SET_DOLLARS - dollars[s]) / left
                p_da[s] = (attorney and not attorney_out[s]) / left
            to_play = PLAYS_PER_ROUND - seats.count(s)
            lead = future[s] = to_play * mean[s] / targets
            if lead > unbid_lead:
                unbid_lead = lead
            more[s] = to_play / targets
        size = len(value)
        mine = [0] * size
        opp: list[dict[int, float] | None] = [None] * size
        unseen = [0] * size
        da_risk = [1.0] * size
        da_seen = [False] * size
        self.biggest = biggest = [0] * size
        for seat, kind, c in zip(seats, kinds, where):  # noqa: B905
            if c < 0:
                continue
            if seat == me:
                mine[c] += BRIBE_VALUE[kind]
                continue
            if kind < 0:
                v = mean[seat]
                unseen[c] += 1
                da_risk[c] *= 1.0 - p_da[seat]
            elif kind == ATTORNEY:
                da_seen[c] = True
                continue
            else:
                b = BRIBE_VALUE[kind]
                if not b:
                    continue
                if b > biggest[c]:
                    biggest[c] = b
                v = float(b)  # a float, as an unseen card's mean: one type for the compiled code
            # The opponent's dollars here, an unseen card at its owner's mean, summed in play order.
            row = opp[c]
            if row is None:
                opp[c] = {seat: v}
            else:
                row[seat] = row.get(seat, 0.0) + v
        self.mine = mine
        # By contract index, like the sight's lists (a list costs less to fill and read than a
        # dict); a contract off the table keeps ``_OFF``, never read.
        self.terms = terms = [_OFF] * size
        staked: list[int] = []
        watched: list[int] = []
        least = math.inf
        # by the contract's hidden cards (at most one a play): all the spread depends on
        spread: list[float | None] = [None] * (len(seats) + 1)
        for c in table:
            lead = unbid_lead
            row = opp[c]
            if row is not None:
                for s, dollars_on in row.items():
                    estimate = dollars_on + future[s]
                    if estimate > lead:
                        lead = estimate
            count = unseen[c]
            sigma = spread[count]
            if sigma is None:
                u = float(count)
                for f in more:
                    u += f
                sigma = spread[count] = 1500.0 + 2500.0 * math.sqrt(u)
            m = mine[c]
            if m > 0:
                base = sigmoid((m - lead) / sigma)
                staked.append(c)
            else:
                base = 0.0
            v = float(value[c])
            if v < least:
                least = v
            if da_seen[c]:
                terms[c] = (0.1 * v, 0.1 * v, m, lead, sigma, base, da_risk[c], True)
                watched.append(c)
            else:
                terms[c] = (v * da_risk[c], v, m, lead, sigma, base, da_risk[c], False)
        self.staked = staked
        """Contracts holding the seat's money."""
        self.watched = watched
        """Contracts where an opponent's attorney is seen."""
        self.least = least
        """The table's least contract value."""

    def score(self, action: Action) -> float:
        """What one play raises the seat's expected winnings by, less the card's price."""
        kind = action[0]
        terms = self.terms
        if kind == "swiss":
            v = VALUE_OF[action[1]]
            half = v / 2
            best = -math.inf
            body, b = self.seen.body, action[2]
            for c in self.seen.table:
                if body[c] != b:
                    continue
                _, swiss, mine, lead, sigma, base, _, _ = terms[c]
                gain = swiss * (sigmoid((mine + half - lead) / sigma) - base)
                if gain > best:
                    best = gain
            return SWISS_FLEXIBILITY * (best if best > -math.inf else 0.0) - BRIBE_PRICE * v
        if kind != "play":
            return -math.inf
        face = action[1]
        v = VALUE_OF[face]
        if v:
            return self._bribe(action[2], v)
        worth, _, mine, lead, sigma, base, da_risk, da_seen = terms[action[2]]
        value = self.seen.value[action[2]]
        if face == "attorney":
            p_rival = sigmoid((lead - mine) / sigma) if lead > 0 else 0.0
            deny = value * p_rival * da_risk * 0.5
            return deny - value * base - CHARACTER_PRICE[face]
        if face == "reporter":
            chance = sigmoid((mine - (lead - float(self.biggest[action[2]]))) / sigma) if mine > 0 else 0.0
            return worth * (chance - base) - CHARACTER_PRICE[face]
        if da_seen:
            return value * base * 0.9 - CHARACTER_PRICE[face]
        return -CHARACTER_PRICE[face] - value

    def _bribe(self, c: int, dollars: int) -> float:
        """A bribe's score on contract ``c``: ``score`` of a bribe played there, which the search
        asks for without building the action or dispatching on it (about 5 a decision)."""
        worth, _, mine, lead, sigma, base, _, _ = self.terms[c]
        return worth * (sigmoid((mine + dollars - lead) / sigma) - base) - BRIBE_PRICE * dollars

    def choose(self, legal: list[Action], rng: random.Random) -> Action:
        """The legal action with the best (score, tie-break draw, index): one draw of ``rng``
        per legal action, in order, as scoring each in turn would take."""
        seen = self.seen
        if seen.book_left:
            looks = [a for a in legal if a[0] == "look"]
            if looks:
                wanted = self._look(looks)
                if wanted is not None:
                    return wanted
        bits = draws.skip(rng, len(legal))
        if seen.mover != self.me:  # a Little Black Book window: looks and a pass score -inf
            if ("decline",) in legal:
                return ("decline",)
            return legal[max(range(len(legal)), key=lambda j: (draws.key(bits, j), j))]
        top = self._best()
        if len(top) == 1:
            return top[0]
        at = {a: legal.index(a) for a in top}
        return max(top, key=lambda a: (draws.key(bits, at[a]), at[a]))

    def _best(self) -> list[Action]:
        """The mover's cards of the best score, scoring only those whose bound reaches it."""
        seen, terms, value, table = self.seen, self.terms, self.seen.value, self.seen.table
        held, bribes = _held(tuple(seen.hand))
        found = _Found()
        if bribes:
            # The biggest bribe on every contract and in every Swiss account is scored; its gain
            # there bounds every smaller bribe's.
            top_face, top = FACES[bribes[-1]], BRIBE_VALUE[bribes[-1]]
            half, price = top / 2, BRIBE_PRICE * top
            reach: list[tuple[float, int]] = []
            swiss_top = [-math.inf] * len(BODIES)
            swiss_reach = [-math.inf] * len(BODIES)
            body = seen.body
            for c in table:
                worth, swiss, mine, lead, sigma, base, _, _ = terms[c]
                gain = worth * (sigmoid((mine + top - lead) / sigma) - base)
                if gain - price >= found.score:
                    found.add(gain - price, ("play", top_face, c))
                reach.append((gain + worth * SLACK, c))
                gain = swiss * (sigmoid((mine + half - lead) / sigma) - base)
                b = body[c]
                if gain > swiss_top[b]:
                    swiss_top[b] = gain
                gain += swiss * SLACK
                if gain > swiss_reach[b]:
                    swiss_reach[b] = gain
            for b, gain in enumerate(swiss_top):  # a body without a contract: no gain (``score``)
                if gain == -math.inf:
                    swiss_top[b] = swiss_reach[b] = 0.0
                s = SWISS_FLEXIBILITY * swiss_top[b] - price
                if s >= found.score:
                    found.add(s, ("swiss", top_face, b))
            reach.sort(reverse=True)
            for k in bribes[:-1]:
                face, dollars = FACES[k], BRIBE_VALUE[k]
                price = BRIBE_PRICE * dollars
                for gain, c in reach:
                    if gain - price < found.score:
                        break
                    s = self._bribe(c, dollars)
                    if s >= found.score:
                        found.add(s, ("play", face, c))
                for b, gain in enumerate(swiss_reach):
                    if SWISS_FLEXIBILITY * gain - price >= found.score:
                        found.score_of(self, ("swiss", face, b))
        for k in held:
            if IS_BRIBE[k]:
                continue
            face = FACES[k]
            price = CHARACTER_PRICE[face]
            places = table
            if k == HITMAN and -price - self.least < found.score:
                places = self.watched  # elsewhere it scores -price - value, exactly
            elif k in REPORTERS and -price < found.score:
                places = self.staked  # elsewhere it scores -price: no chance, nothing to lose
            for c in places:
                worth, _, _, _, _, base, da_risk, da_seen = terms[c]
                v = value[c]
                if k == ATTORNEY:  # the rival's chance is at most 1
                    bound = v * da_risk * 0.5 - v * base - price
                elif k in REPORTERS:  # so is the seat's once a bribe is gone
                    bound = worth * (1.0 - base) - price
                else:  # the seat's present chance is at most 1
                    bound = v * 0.9 - price if da_seen else -price - v
                if bound >= found.score:
                    found.score_of(self, ("play", face, c))
        return found.actions

    def _look(self, looks: list[Action]) -> Action | None:
        """Spend a Little Black Book on a hidden card where the seat has money at stake, on
        the most valuable such contract."""
        where, value = self.seen.where, self.seen.value
        staked = [a for a in looks if self.mine[where[a[1]]] > 0]
        if not staked:
            return None
        return max(staked, key=lambda a: (value[where[a[1]]], -a[1]))


@cache
def _held(hand: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """One kind per face of a hand, in order, and its bribes: kept for every hand met (at most
    2^10) rather than worked out again at every decision."""
    held = tuple({FACES[k]: k for k in hand}.values())
    return held, tuple(k for k in held if IS_BRIBE[k])


class _Found:
    """The best score found so far and the cards that reach it."""

    __slots__ = ("score", "actions")

    def __init__(self) -> None:
        self.score = -math.inf
        self.actions: list[Action] = []

    def add(self, score: float, action: Action) -> None:
        if score > self.score:
            self.score = score
            self.actions = [action]
        elif score == self.score:
            self.actions.append(action)

    def score_of(self, bidder: Bidder, action: Action) -> None:
        self.add(bidder.score(action), action)
