"""The Slush Fund heuristic's choice in each phase, on its seat's belief: the move that raises
the seat's worth most (``valuation.py`` prices each), and what one card is worth to a seat
(the gain of its best single use) to choose what to take, keep and give.

The bot's inner loop: compiled with mypyc where Backroom is installed (``backroom/compiled.py``);
``bot.py`` keeps the belief from one decision to the next and asks here.
"""

from __future__ import annotations

from backroom.engine.actions import Action
from backroom.games.slush_fund.belief import DRAW_CHOICE, LOOK_BONUS, Belief
from backroom.games.slush_fund.cards import MONEY, TIME_TO_END
from backroom.games.slush_fund.valuation import of, worth


def choose(belief: Belief, me: int, legal: list[Action]) -> Action:
    """Take three from the fund when they beat two cards from the deck; watch the Time:
    one Time card from the end, ahead it draws to hasten the end, behind it takes."""
    takes = [a for a in legal if a[0] == "take"]
    best = best_take(belief, me, takes)
    if ("draw",) not in legal:
        return best
    state = belief.state
    time_left = TIME_TO_END - len(state.time)
    lead = worth(belief, me)
    if time_left <= 1 and lead > 0:
        return ("draw",)
    faces = state.deck_def.faces
    gains = sorted((card_gain(belief, me, faces[c]) for c in state.fund), reverse=True)
    fund_gain = 0.0  # summed in order, as ``sum`` does on Python 3.11 (3.12's compensates)
    for gain in gains[:3]:
        fund_gain += gain
    if time_left <= 2 and lead < 0 and fund_gain > 0:
        return best
    return best if fund_gain > DRAW_CHOICE * _draw_gain(belief, me) else ("draw",)


def _draw_gain(belief: Belief, me: int) -> float:
    """Two cards played out of three drawn: about twice the mean gain of an unseen card."""
    counts = [(f, c) for f, c in belief.unseen if f != "time"]
    total = sum(c for _, c in counts)
    if not total:
        return 0.0
    gained = 0.0  # summed in order, as ``sum`` does on Python 3.11 (3.12's compensates)
    for f, c in counts:
        gained += c * card_gain(belief, me, f)
    return 2 * gained / total


def stash(belief: Belief, me: int, legal: list[Action]) -> Action:
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


def look(belief: Belief, legal: list[Action]) -> Action:
    """Look where the most covered cards hide, at the politicians still in play."""

    def interest(action: Action) -> tuple[int, int]:
        if action[0] != "look":
            return (0, 0)
        return (belief.unknown[action[1]][action[2]], -action[2])

    return max(legal, key=interest)


def play(belief: Belief, me: int, legal: list[Action]) -> Action:
    """The card use (or discard) that raises the seat's worth most."""
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


def best_take(belief: Belief, me: int, takes: list[Action]) -> Action:
    """The take of the best card (then the greatest action)."""
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
        for victim in range(belief.n):
            if victim != seat:
                for p in live:
                    if piles[victim][p]:
                        gain = s.thief(victim, p) - base
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
