"""A cheap playout policy for search (``ismcts`` plays it by default here, see docs/bots.md).

A uniformly random player spreads its money over every politician, throws Scandals on its own
leads and takes from the slush fund half the time, so a random playout's winner barely depends
on the move being searched. This policy plays every card where it helps most, as the heuristic
bot does (``bot.py``) but on ints and without building a view, from the acting seat's knowledge
alone: its own piles exactly, the others' visible tops and the covered cards it has seen
(``known``), every other covered card at ``UNSEEN``. A politician goes to ``me`` with a chance
that grows with the money margin over the strongest rival (``win_chance``), over a width that
shrinks as the Time runs out; a card's gain is what it adds to ``me``'s expected VP less the
rival's. ``evaluate`` scores a whole position by the same model, for playouts cut short.

- play: the use of a held card with the greatest gain (a discard gains nothing);
- choose: take from the fund when its three best cards gain more than ``DRAW_WORTH`` $20K
  bribes, and with one Time card to go draw when ahead (hastening the end), else take;
- take the fund card that gains most, stash the one that gains least, look at the pile that
  hides the most covered cards.

In a search it runs inside determinized positions, where every seat's mask is a resampled one;
its decision depends only on what the acting seat knows and on the generator (tested).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from backroom.engine.actions import Action
from backroom.games.slush_fund.cards import (
    BASE_VP,
    CHOOSE,
    MONEY,
    POLS,
    SCANDAL_VP,
    SCANDALS_TO_REMOVE,
    SPY_LOOK,
    STASH,
    TAKE,
    TIME_TO_END,
    VP,
)

if TYPE_CHECKING:
    from backroom.games.slush_fund.state import SlushFundState

UNSEEN = 21.0
"""A covered card the seat has not seen, in $K: about the mean of the deck's bribe cards."""

WIDTH_KNOWN = 12.0
WIDTH_PER_TIME = 4.0
WIDTH_PER_UNSEEN = 6.0
"""The money lead (in $K) at which a politician's chance is 3 in 4: the money still to come
(per Time card still to run) and the covered cards one has not seen widen it."""

DRAW_WORTH = 3.0
"""A draw plays two of three unseen cards: worth about this many $20K bribes at their best
(2 took from the fund too often against the heuristic: 43 of 100 games, against 52-54 from
2.5 to 5; docs/bots.md)."""

POWER_GAIN = {"spy": 0.3}
"""A Spy that only looks is worth a little: what it sees informs the seat's later moves."""


def win_chance(lead: float, width: float) -> float:
    """The chance that a lead of ``lead`` $K holds: even at 0, steepest there (money counts most
    where a politician is contested), and near sure a few ``width`` away (a softsign: no exp)."""
    x = lead / width
    return 0.5 + 0.5 * x / (1.0 + (x if x > 0 else -x))


class Board:
    """``me``'s estimate of every live politician: money on each side, widths and values."""

    __slots__ = ("me", "mine", "rivals", "theirs", "values", "vp", "width")

    def __init__(self, state: SlushFundState, me: int) -> None:
        values, kinds = state.deck_def.values, state.deck_def.kinds
        known = state.known[me]
        future = WIDTH_KNOWN + WIDTH_PER_TIME * max(0, TIME_TO_END - len(state.time))
        self.me = me
        self.mine = [0.0] * POLS
        self.theirs = [[0.0] * POLS for _ in range(state.n)]
        self.vp = [0] * POLS
        self.width = [future] * POLS
        self.values = [0.0] * POLS
        for p in range(POLS):
            if state.removed[p]:
                continue
            self.values[p] = BASE_VP + SCANDAL_VP * len(state.scandals[p])
            for s in range(state.n):
                pile = state.piles[s][p]
                if s == me:
                    self.mine[p] = sum(values[c] for c in pile) / 1000
                    self.vp[p] = sum(1 for c in pile if kinds[c] == VP)
                    continue
                money = 0.0
                top = len(pile) - 1
                for i, c in enumerate(pile):
                    if i == top or known >> c & 1:
                        money += values[c] / 1000
                    else:
                        money += UNSEEN
                        self.width[p] += WIDTH_PER_UNSEEN
                self.theirs[s][p] = money
        self.rivals = [self.rival(p) for p in range(POLS)]

    def rival(self, p: int, skip: int = -1, less: float = 0.0) -> float:
        """The strongest rival's money at ``p`` (seat ``skip``'s counted ``less`` lower)."""
        return max(m[p] - (less if s == skip else 0.0) for s, m in enumerate(self.theirs) if s != self.me)

    def worth(self, p: int, mine: float, rival: float, value: float) -> float:
        """``me``'s expected VP at ``p`` less the rival's, for these sums of money and this
        base value (nobody wins a politician without money)."""
        if mine <= 0 and rival <= 0:
            return 0.0
        chance = win_chance(mine - rival, self.width[p])
        return chance * (value + self.vp[p]) - (1.0 - chance) * value

    def now(self, p: int) -> float:
        return self.worth(p, self.mine[p], self.rivals[p], self.values[p])

    def bribe(self, p: int, money: float, vp: int = 0) -> float:
        """The gain of ``money`` (negative: taken away) and ``vp`` cards on ``me``'s pile."""
        self.vp[p] += vp
        after = self.worth(p, self.mine[p] + money, self.rivals[p], self.values[p])
        self.vp[p] -= vp
        return after - self.now(p)

    def scandal(self, p: int, scandals: int) -> float:
        if scandals + 1 >= SCANDALS_TO_REMOVE:
            return -self.now(p)  # the fifth removes the politician and every pile on it
        return self.worth(p, self.mine[p], self.rivals[p], self.values[p] + SCANDAL_VP) - self.now(p)


def rollout(state: SlushFundState, seat: int, rng: random.Random) -> Action:
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    board = Board(state, seat)
    phase = state.phase
    if phase == CHOOSE:
        return _choose(state, board, legal)
    if phase == TAKE:
        return max(legal, key=lambda a: _card_gain(state, board, a[1]))
    if phase == STASH:
        return min(legal, key=lambda a: _card_gain(state, board, a[1]))
    if phase == SPY_LOOK:
        return max(legal, key=lambda a: len(state.piles[a[1]][a[2]]) if a[0] == "look" else 0)
    return max(legal, key=lambda a: _gain(state, board, a))


def _choose(state: SlushFundState, board: Board, legal: list[Action]) -> Action:
    takes = [a for a in legal if a[0] == "take"]
    if not takes:
        return legal[0]
    faces = state.deck_def.faces
    gains = sorted((_card_gain(state, board, faces[c]) for c in state.fund), reverse=True)
    fund = sum(gains[:3])
    best = max(takes, key=lambda a: _card_gain(state, board, a[1]))
    if ("draw",) not in legal:
        return best
    time_left = TIME_TO_END - len(state.time)
    ahead = sum(board.now(p) for p in range(POLS) if not state.removed[p]) > 0
    if time_left <= 1:
        return ("draw",) if ahead else best
    draw = DRAW_WORTH * _money_gain(state, board, 20.0)
    return best if fund > draw else ("draw",)


def _card_gain(state: SlushFundState, board: Board, face: str) -> float:
    """The best single use of a card for ``board.me`` (0: it would be discarded)."""
    if face.startswith("money-"):
        return _money_gain(state, board, float(face[6:]))
    live = [p for p in range(POLS) if not state.removed[p]]
    if face == "vp":
        return max([0.0, *(board.bribe(p, 0.0, 1) for p in live)])
    if face == "scandal":
        return max([0.0, *(board.scandal(p, len(state.scandals[p])) for p in live)])
    if face == "thief":
        return max([0.0, *(board.bribe(p, 2 * UNSEEN) for p in live if board.rivals[p] > 0)])
    return POWER_GAIN.get(face, 0.0)


def _money_gain(state: SlushFundState, board: Board, money: float) -> float:
    return max([0.0, *(board.bribe(p, money) for p in range(POLS) if not state.removed[p])])


def _gain(state: SlushFundState, board: Board, action: Action) -> float:
    """What a play adds to ``me``'s expected VP less the rival's (a discard: nothing)."""
    kind = action[0]
    if kind == "bribe":
        face, p = action[1], action[2]
        if face == "vp":
            return board.bribe(p, 0.0, 1)
        return board.bribe(p, float(face[6:]))
    if kind == "scandal":
        return board.scandal(action[1], len(state.scandals[action[1]]))
    if kind == "thief":
        return _theft(state, board, action[1], action[2])
    if kind == "spy_move":
        a, b = action[1], action[2]
        lifted = board.worth(a, board.mine[a], board.rivals[a], board.values[a] - SCANDAL_VP) - board.now(a)
        return lifted + board.scandal(b, len(state.scandals[b]))
    if kind == "transfer" or kind == "transfer_copy":
        a, money, b = action[1], float(action[2][6:]), action[-1]
        return board.bribe(a, -money) + board.bribe(b, money)
    if kind == "spy":
        return POWER_GAIN["spy"]
    return -1e-6  # a discard: any use that changes nothing is as good


def _theft(state: SlushFundState, board: Board, target: int, p: int) -> float:
    """The topmost money card of the pile, at its face if it is the visible top."""
    pile = state.piles[target][p]
    top = pile[-1]
    kinds = state.deck_def.kinds
    money = state.deck_def.values[top] / 1000 if kinds[top] == MONEY else UNSEEN
    rival = board.rival(p, target, money)
    return board.worth(p, board.mine[p] + money, rival, board.values[p]) - board.now(p)


def evaluate(state: SlushFundState) -> list[float] | None:
    """Every seat's expected VP from the whole position (a search's determinization), at the
    start of a turn (``None`` elsewhere: cards held or in play are worth what they will do):
    each politician goes to the most money with a chance that grows with the lead over the
    second (``win_chance``), over the width the Time still to run leaves, and is worth what the
    rules score."""
    if state.phase != CHOOSE:
        return None
    values, kinds = state.deck_def.values, state.deck_def.kinds
    width = WIDTH_KNOWN + WIDTH_PER_TIME * max(0, TIME_TO_END - len(state.time))
    scores = [0.0] * state.n
    for p in range(POLS):
        if state.removed[p]:
            continue
        base = BASE_VP + SCANDAL_VP * len(state.scandals[p])
        money = [sum(values[c] for c in state.piles[s][p]) / 1000 for s in range(state.n)]
        order = sorted(range(state.n), key=lambda s: -money[s])
        first, second = order[0], order[1]
        if money[first] <= 0:
            continue
        chance = win_chance(money[first] - money[second], width)
        for seat, share in ((first, chance), (second, 1.0 - chance)):
            vp = sum(1 for c in state.piles[seat][p] if kinds[c] == VP)
            scores[seat] += share * (base + vp)
    return scores
