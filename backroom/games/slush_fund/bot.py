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
"""

from __future__ import annotations

import math
from functools import cache
from typing import Any

from backroom.bots.base import Observation, SeededBot
from backroom.engine.actions import Action

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


class Belief:
    """Estimated money, money cards, VP cards and unknown cards of every pile, and Scandals."""

    __slots__ = ("_gains", "_terms", "cards", "money", "removed", "scandals", "sigma_future", "unknown", "vp")

    def __init__(self, view: dict[str, Any], unknown_value: float, unknown_vp: float) -> None:
        n = view["players"]
        pols = len(view["politicians"])
        self.money = [[0.0] * pols for _ in range(n)]
        self.cards = [[0.0] * pols for _ in range(n)]
        self.vp = [[0.0] * pols for _ in range(n)]
        self.unknown = [[0] * pols for _ in range(n)]
        self.scandals = [float(p["scandals"]) for p in view["politicians"]]
        self.removed = [bool(p["removed"]) for p in view["politicians"]]
        left = max(0, view["time_to_end"] - view["time"]) / max(1, view["time_to_end"])
        self.sigma_future = SIGMA_FUTURE * left
        self._terms: dict[int, list[float | None]] = {}
        """Each seat's ``worth`` term per politician: a candidate move changes one or two
        politicians (``worth_after``), and recomputing all six for every candidate of every
        card was most of the bot's time."""
        self._gains: dict[tuple[int, str], float] = {}
        """``card_gain`` per (seat, face) on this belief: one decision asks the same card's
        gain several times (the fund's faces, the takes, the unseen cards)."""
        for s in range(n):
            for p in range(pols):
                for face in view["piles"][s][p]["cards"]:
                    if face is None:
                        self.money[s][p] += unknown_value
                        self.cards[s][p] += 1.0 - unknown_vp
                        self.vp[s][p] += unknown_vp
                        self.unknown[s][p] += 1
                    elif face == "vp":
                        self.vp[s][p] += 1.0
                    elif face.startswith("money-"):
                        self.money[s][p] += money_k(face)
                        self.cards[s][p] += 1.0

    def worth(self, me: int) -> float:
        """Expected VP of ``me`` minus that of the strongest rival at each politician: the same
        terms, added in the same order, whether computed now or kept from an earlier call."""
        terms = self._terms.get(me)
        if terms is None:
            terms = self._terms[me] = [None] * len(self.removed)
        total = 0.0
        for p, gone in enumerate(self.removed):
            if gone:
                continue
            term = terms[p]
            if term is None:
                term = terms[p] = self._term(me, p)
            total += term
        return total

    def _term(self, me: int, p: int) -> float:
        """What politician ``p`` is worth to ``me`` against the strongest rival there."""
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
        sigma = SIGMA_FLOOR + SIGMA_PER_UNKNOWN * math.sqrt(unknown) + self.sigma_future
        if mine <= 0 and top <= 0:
            chance = 0.5
            value_me = value_rival = 0.0
        else:
            chance = 1.0 / (1.0 + math.exp(-1.7 * margin / sigma))
            base = BASE_VP - self.scandals[p]
            value_me = base + self.vp[me][p]
            value_rival = base + self.vp[rival][p]
        if self.scandals[p] >= SCANDALS_TO_REMOVE - 1:
            value_me *= 0.6  # one more Scandal and everything here is lost
            value_rival *= 0.6
        return chance * value_me - (1.0 - chance) * value_rival


@cache
def money_k(face: str) -> float:
    """A money face's value in $K (asked for every candidate move: kept per face)."""
    return float(face.split("-", 1)[1])


def unseen_counts(view: dict[str, Any]) -> dict[str, int]:
    """How many cards of each face this seat has not seen (in the deck or covered in piles)."""
    counts = {c["face"]: c["count"] for c in view["deck_composition"]}
    for face in view["fund"] + view["held"] + view["out"]:
        counts[face] = counts.get(face, 0) - 1
    for row in view["piles"]:
        for pile in row:
            for face in pile["cards"]:
                if face is not None:
                    counts[face] = counts.get(face, 0) - 1
    counts["time"] = counts.get("time", 0) - view["time"]
    counts["scandal"] = counts.get("scandal", 0) - sum(p["scandals"] for p in view["politicians"])
    return {f: c for f, c in counts.items() if c > 0}


def unseen_bribes(view: dict[str, Any]) -> tuple[float, float]:
    """The mean money (in $K) and the share of VP cards among bribe cards one has not seen."""
    counts = unseen_counts(view)
    money = {f: c for f, c in counts.items() if f.startswith("money-")}
    vp = counts.get("vp", 0)
    bribes = sum(money.values()) + vp
    if not bribes:
        return 20.0, 0.0
    mean = sum(money_k(f) * c for f, c in money.items()) / bribes
    return mean, vp / bribes


class HeuristicBot(SeededBot):
    __slots__ = ()

    def decide(self, obs: Observation) -> Action:
        legal = obs.legal
        view = obs.view()
        me = obs.seat
        mean, vp_share = unseen_bribes(view)
        belief = Belief(view, mean, vp_share)
        phase = view["phase"]
        if phase == "choose":
            return self._choose(view, me, belief, mean, legal)
        if phase == "take":
            return max(legal, key=lambda a: (card_gain(belief, me, a[1], view, mean), a))
        if phase == "stash":
            return self._stash(view, me, belief, mean, legal)
        if phase == "spy_look":
            return self._look(view, me, belief, legal)
        return self._play(view, me, belief, mean, legal)

    def _choose(
        self, view: dict[str, Any], me: int, belief: Belief, mean: float, legal: list[Action]
    ) -> Action:
        """Take three from the fund when they beat two cards from the deck; watch the Time:
        one Time card from the end, ahead it draws to hasten the end, behind it takes."""
        takes = [a for a in legal if a[0] == "take"]
        best = max(takes, key=lambda a: (card_gain(belief, me, a[1], view, mean), a))
        if ("draw",) not in legal:
            return best
        time_left = view["time_to_end"] - view["time"]
        lead = belief.worth(me)
        if time_left <= 1 and lead > 0:
            return ("draw",)
        gains = sorted((card_gain(belief, me, face, view, mean) for face in view["fund"]), reverse=True)
        fund_gain = sum(gains[:3])
        if time_left <= 2 and lead < 0 and fund_gain > 0:
            return best
        return best if fund_gain > DRAW_CHOICE * self._draw_gain(view, me, belief, mean) else ("draw",)

    def _draw_gain(self, view: dict[str, Any], me: int, belief: Belief, mean: float) -> float:
        """Two cards played out of three drawn: about twice the mean gain of an unseen card."""
        counts = unseen_counts(view)
        counts.pop("time", None)
        total = sum(counts.values())
        if not total:
            return 0.0
        return 2 * sum(c * card_gain(belief, me, f, view, mean) for f, c in counts.items()) / total

    def _stash(
        self, view: dict[str, Any], me: int, belief: Belief, mean: float, legal: list[Action]
    ) -> Action:
        """Keep the two cards worth most to me; give the fund what helps rivals least."""
        rivals = [s for s in range(view["players"]) if s != me]

        def keep_value(action: Action) -> float:
            face = action[1]
            mine = card_gain(belief, me, face, view, mean)
            theirs = max(card_gain(belief, r, face, view, mean) for r in rivals)
            return -mine - 0.5 * theirs

        return max(legal, key=lambda a: (keep_value(a), a))

    def _look(self, view: dict[str, Any], me: int, belief: Belief, legal: list[Action]) -> Action:
        """Look where the most covered cards hide, at the politicians still in play."""

        def interest(action: Action) -> tuple[int, int]:
            if action[0] != "look":
                return (0, 0)
            return (belief.unknown[action[1]][action[2]], -action[2])

        return max(legal, key=interest)

    def _play(
        self, view: dict[str, Any], me: int, belief: Belief, mean: float, legal: list[Action]
    ) -> Action:
        base = belief.worth(me)
        best = legal[0]
        best_score = -math.inf
        for action in legal:
            after = worth_after(belief, me, action, view, mean)
            score = (after if after is not None else base) - base
            if action[0] == "spy":
                score += LOOK_BONUS
            if action[0] == "discard":
                score -= 1e-6  # a use that changes nothing is still better than wasting it
            if score > best_score:
                best, best_score = action, score
        return best


def card_gain(belief: Belief, seat: int, face: str, view: dict[str, Any], mean: float) -> float:
    """What the best single use of a card is worth to ``seat`` (0: it would be discarded).
    Kept on the belief: ``view`` and ``mean`` are those the belief was built from."""
    key = (seat, face)
    gain = belief._gains.get(key)
    if gain is None:
        gain = belief._gains[key] = _card_gain(belief, seat, face, view, mean)
    return gain


def _card_gain(belief: Belief, seat: int, face: str, view: dict[str, Any], mean: float) -> float:
    base = belief.worth(seat)
    best = 0.0
    for action in card_uses(belief, seat, face, view):
        after = worth_after(belief, seat, action, view, mean)
        if after is not None:
            best = max(best, after - base)
    if face == "spy":
        best += LOOK_BONUS
    return best


def card_uses(belief: Belief, seat: int, face: str, view: dict[str, Any]) -> list[Action]:
    live = [p for p, gone in enumerate(belief.removed) if not gone]
    if face == "vp" or face.startswith("money-"):
        return [("bribe", face, p) for p in live]
    if face == "scandal":
        return [("scandal", p) for p in live]
    if face == "thief":
        return [
            ("thief", t, p)
            for t in range(len(belief.money))
            if t != seat
            for p in live
            if view["piles"][t][p]["count"]
        ]
    if face == "spy":
        return [("spy_move", a, b) for a in live if belief.scandals[a] for b in live if b != a]
    if face == "transfer":
        return [
            ("transfer", a, f, b)
            for a in live
            for f in {c for c in view["piles"][seat][a]["cards"] if c and c.startswith("money-")}
            for b in live
            if b != a
        ]
    return []


def worth_after(belief: Belief, me: int, action: Action, view: dict[str, Any], mean: float) -> float | None:
    """``belief.worth(me)`` after ``action`` by ``me``; ``None`` when it changes nothing on the
    board. The move is made on the belief and undone: only the one or two politicians it
    touches get a new term (the others keep theirs), summed in the same order as ``worth``."""
    kind = action[0]
    if kind in ("discard", "spy", "no_look", "look"):
        return None
    if kind == "bribe":  # most candidates: one card on one of the mover's own piles
        face, p = action[1], action[2]
        money, cards, vp = belief.money[me], belief.cards[me], belief.vp[me]
        was = money[p], cards[p], vp[p]
        if face == "vp":
            vp[p] += 1.0
        else:
            money[p] += money_k(face)
            cards[p] += 1.0
        term = belief._term(me, p)
        money[p], cards[p], vp[p] = was
        return _total(belief, me, {p: term})
    if kind == "transfer":
        touched: tuple[int, ...] = (action[1], action[3])
    elif kind == "spy_move":
        touched = (action[1], action[2])
    else:  # a thief names a pile's politician last, a scandal only one
        touched = (action[1],) if kind == "scandal" else (action[2],)
    seats = (me, action[1]) if kind == "thief" else (me,)  # the only piles a move changes
    piles = [(s, p, belief.money[s][p], belief.cards[s][p]) for p in touched for s in seats]
    marks = [(p, belief.scandals[p], belief.removed[p]) for p in touched]
    _move(belief, me, action, view, mean)
    total = _total(belief, me, {p: belief._term(me, p) for p in touched if not belief.removed[p]})
    for s, p, m, c in piles:
        belief.money[s][p], belief.cards[s][p] = m, c
    for p, scandal, gone in marks:
        belief.scandals[p], belief.removed[p] = scandal, gone
    return total


def _move(belief: Belief, me: int, action: Action, view: dict[str, Any], mean: float) -> None:
    """A scandal, a spy's move, a thief or a transfer, made on the belief (to be undone)."""
    money, cards, kind = belief.money, belief.cards, action[0]
    if kind == "scandal":
        _add_scandal(belief, action[1])
    elif kind == "spy_move":
        belief.scandals[action[1]] -= 1
        _add_scandal(belief, action[2])
    elif kind == "thief":
        t, p = action[1], action[2]
        top = view["piles"][t][p]["cards"][-1]
        taken = money_k(top) if top and top.startswith("money-") else mean
        taken = min(taken, money[t][p]) if money[t][p] > 0 else 0.0
        money[t][p] -= taken
        cards[t][p] = max(0.0, cards[t][p] - 1.0)
        money[me][p] += taken
        cards[me][p] += 1.0
    elif kind == "transfer":
        a, face, b = action[1], action[2], action[3]
        value = money_k(face)
        money[me][a] -= value
        cards[me][a] -= 1.0
        money[me][b] += value
        cards[me][b] += 1.0


def _total(belief: Belief, me: int, fresh: dict[int, float]) -> float:
    """The sum of ``worth``: each politician still in play, in order, ``fresh`` terms where
    a move changed them."""
    terms = belief._terms[me]
    total = 0.0
    for p, gone in enumerate(belief.removed):
        if not gone:
            total += fresh[p] if p in fresh else terms[p]  # type: ignore[operator]
    return total


def _add_scandal(belief: Belief, p: int) -> None:
    belief.scandals[p] += 1
    if belief.scandals[p] >= SCANDALS_TO_REMOVE:
        belief.removed[p] = True
