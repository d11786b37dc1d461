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
float, at a small part of the cost): the seat's belief is read from the state (``belief.py``),
each candidate move is priced on it (``valuation.py``) and the best one chosen
(``choices.py``), those three compiled where Backroom is installed (``backroom/compiled.py``);
within a turn the bot keeps its belief (``HeuristicBot._belief``): after a take, a stash or a
discard it is the same, after its own bribe or Scandal one term changes.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from backroom.bots.base import Observation, SeededBot
from backroom.engine.actions import Action
from backroom.games.slush_fund.belief import Belief, read_belief
from backroom.games.slush_fund.choices import best_take, choose, look, play, stash

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
        if last is not None:
            # Its seats' values point back at it: dropped whole now, the cycle left to the
            # garbage collector made it a sixth of the bot's time.
            last[2].values.clear()
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
            return choose(belief, me, legal)
        if phase == "take":
            return best_take(belief, me, legal)
        if phase == "stash":
            return stash(belief, me, legal)
        if phase == "spy_look":
            return look(belief, legal)
        action = play(belief, me, legal)
        if action[0] == "bribe":
            self._last = (state, _key(state, me), belief, action, len(state.piles[me][action[2]]))
        elif action[0] == "scandal":
            self._last = (state, _key(state, me), belief, action, len(state.scandals[action[1]]))
        return action
