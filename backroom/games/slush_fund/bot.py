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
float, at about a tenth of the cost): the seat's belief is read from the state
(``belief.py``), each candidate move is priced on it (``valuation.py``), and within a turn the
bot keeps its belief (``HeuristicBot._belief``): after a take, a stash or a discard it is the
same, after its own bribe or Scandal one term changes.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from backroom.bots.base import Observation, SeededBot
from backroom.engine.actions import Action
from backroom.games.slush_fund.belief import DRAW_CHOICE, LOOK_BONUS, Belief, read_belief
from backroom.games.slush_fund.cards import MONEY, TIME_TO_END
from backroom.games.slush_fund.valuation import of, worth

if TYPE_CHECKING:
    from backroom.games.slush_fund.state import SlushFundState


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
            return _best_take(belief, me, legal)
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
        best = _best_take(belief, me, takes)
        if ("draw",) not in legal:
            return best
        state = belief.state
        time_left = TIME_TO_END - len(state.time)
        lead = worth(belief, me)
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
        seat = of(belief, me)
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


def _best_take(belief: Belief, me: int, takes: list[Action]) -> Action:
    """The take of the best card (then the greatest action); apart from ``decide``, whose
    locals its ``key`` would otherwise turn into cells at every decision."""
    return max(takes, key=lambda a: (card_gain(belief, me, a[1]), a))


def card_gain(belief: Belief, seat: int, face: str) -> float:
    """What the best single use of a card is worth to ``seat`` (0: it would be discarded);
    kept on the belief, since one decision asks the same card's gain several times."""
    key = (seat, face)
    gain = belief._gains.get(key)
    if gain is None:
        gain = belief._gains[key] = _card_gain(belief, seat, face)
    return gain


def _card_gain(belief: Belief, seat: int, face: str) -> float:
    """``card_gain`` worked out: each use against the best so far by a comparison, which is
    what ``max(best, gain)`` returns, without the keyword parsing ``max`` does at every call."""
    s = of(belief, seat)
    base = s.base
    best = 0.0
    live = s.live
    if face in belief.deck.money_faces:
        terms = s.money_in(face)
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
            gain = s.bribe(p, face) - base
            if gain > best:
                best = gain
    elif face == "scandal":
        for p in live:
            gain = s.add_scandal(p) - base
            if gain > best:
                best = gain
    elif face == "thief":
        piles = belief.state.piles
        for t in range(belief.n):
            if t != seat:
                for p in live:
                    if piles[t][p]:
                        gain = s.thief(t, p) - base
                        if gain > best:
                            best = gain
    elif face == "spy":
        scandals = belief.scandals
        for a in live:
            if scandals[a]:
                for b in live:
                    if b != a:
                        gain = s.spy_move(a, b) - base
                        if gain > best:
                            best = gain
        best += LOOK_BONUS
    elif face == "transfer":
        for a in live:
            for f in _seen_money(belief, seat, a):
                for b in live:
                    if b != a:
                        gain = s.transfer(a, f, b) - base
                        if gain > best:
                            best = gain
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
