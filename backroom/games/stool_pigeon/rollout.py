"""A cheap playout policy for search (``ismcts`` plays it by default here, see docs/bots.md).

Uniformly random play snaps at a random face-down card in nearly every elimination window and
closes on half its turns, so a random playout drowns in penalty cards and ends at random: its
result barely depends on the move being searched. This policy plays the few choices that
decide a game as a player who remembers would, from the acting seat's knowledge mask alone
(``known``, what its view shows it), and everything else at random:

- snap only a card the seat knows to be a Witness of the window's number, its own first;
- swap the drawn card into the slot that holds the most (an unseen card counts as the mean);
- close when its own estimate is low and the lowest, or clearly the lowest later on;
- give away its worst card after taking a Witness from another District;
- look at an unseen card of its own District first; trade its worst card for a rival's best
  in a blind swap; remove its worst card with the Capo unless that card is worth little.

In a search it runs inside determinized positions, where every seat's mask is a resampled one;
its decision depends only on what the acting seat knows and on the generator (tested).

It is a careful player, which a random one is not: ``erratic`` tells search how likely each
seat is to play at random instead, from what everyone has seen it do, so that a playout can
play each opponent as it has been seen to play.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING

from backroom.engine.actions import Action
from backroom.games.stool_pigeon.cards import (
    CAPO,
    DRAW,
    ELIMINABLE,
    EMPTY,
    GIVE,
    NO_PICK,
    PEEK,
    PRINTED,
    SNAP,
    SOPLON,
    SWAP,
    SWITCH,
)
from backroom.games.stool_pigeon.legality import family_targets

if TYPE_CHECKING:
    from backroom.games.stool_pigeon.state import StoolPigeonState

UNSEEN = 5.0
"""What a card the seat has not seen (and the Soplón) is counted at: about the deck's mean."""

CLOSE_AT = 9.0
"""Close when one's own estimated total is at most this and below every rival's estimate."""

CLOSE_MARGIN = 3.0
"""Or, after two rounds, when it is at least this far below every rival's estimate."""

PRIOR_ODDS = 0.25
"""The odds that a seat plays at random before it has done anything (one in five)."""

MISS_ODDS = 20.0
"""How much likelier a wrong snap is from random play than from a careful player, who snaps
only a Witness it has seen (this policy and the heuristic bot never miss)."""

PASS_ODDS = 0.1
"""How much likelier a pass in a window is from random play (one answer among some ten) than
from a careful player, who passes unless it knows a matching Witness."""

DRAW_ODDS = 0.5
"""How much likelier a draw, where closing was allowed, is from random play (half the time)
than from a careful player, who closes only when low (nearly never early)."""

_VALUE = tuple(UNSEEN if c == SOPLON else float(PRINTED[c]) for c in range(len(PRINTED)))
_MATCHES = tuple(frozenset(c for c in ELIMINABLE if PRINTED[c] == n) for n in range(11))
"""``_MATCHES[n]``: the cards a window for ``n`` eliminates (none for the Primo's 0)."""


def rollout(state: StoolPigeonState, seat: int, rng: random.Random) -> Action:
    phase = state.phase
    if phase == SNAP:
        return _snap(state, seat)
    if phase == SWAP:
        own = state.districts[seat]
        if any(c != EMPTY for c in own):
            return ("swap", _worst(own, state.known[seat], rng))
    elif phase == DRAW and state.closer < 0:
        return ("close",) if _should_close(state, seat) else ("draw",)
    elif phase == GIVE:
        return ("give", _worst(state.districts[seat], state.known[seat], rng))
    elif phase == PEEK:
        return _peek(state, seat, rng)
    elif phase == SWITCH:
        return _blind_swap(state, seat, rng)
    elif phase == CAPO:
        own = state.districts[seat]
        if any(c != EMPTY for c in own):
            slot = _worst(own, state.known[seat], rng)
            if _estimate(own[slot], state.known[seat]) >= UNSEEN or not state.can_draw():
                return ("remove", slot)
    return state.random_action(seat, rng)


def _peek(state: StoolPigeonState, seat: int, rng: random.Random) -> Action:
    """Look at an unseen card of one's own District, else at any unseen card."""
    known = state.known[seat]
    unseen = [(t, s) for t, s in family_targets(state) if not known >> state.districts[t][s] & 1]
    own = [(t, s) for t, s in unseen if t == seat]
    pool = own or unseen or family_targets(state)
    target, slot = pool[int(rng.random() * len(pool))]
    return ("peek", target, slot)


def _blind_swap(state: StoolPigeonState, seat: int, rng: random.Random) -> Action:
    """Trade one's own worst card for a rival's best (lowest estimated) card."""
    known = state.known[seat]
    targets = family_targets(state)
    if state.picked == NO_PICK:
        own = [(t, s) for t, s in targets if t == seat]
        if own and len(own) < len(targets):
            _, slot = max(own, key=lambda ts: _estimate(state.districts[seat][ts[1]], known))
            return ("pick", seat, slot)
        return state.random_action(seat, rng)
    picked_seat = state.picked[0]
    rivals = [(t, s) for t, s in targets if t != picked_seat]
    if picked_seat != seat or not rivals:
        return state.random_action(seat, rng)
    target, slot = min(rivals, key=lambda ts: _estimate(state.districts[ts[0]][ts[1]], known))
    return ("switch", target, slot)


def _snap(state: StoolPigeonState, seat: int) -> Action:
    targets = _MATCHES[state.window_value] if 0 <= state.window_value < len(_MATCHES) else ()
    if targets:
        known = state.known[seat]
        order = [seat, *(t for t in range(state.n) if t != seat)]
        for target in order:
            for slot, card in enumerate(state.districts[target]):
                if card in targets and known >> card & 1:
                    return ("snap", target, slot)
    return ("pass",)


def _estimate(card: int, known: int) -> float:
    return _VALUE[card] if known >> card & 1 else UNSEEN


def _worst(district: list[int], known: int, rng: random.Random) -> int:
    """The occupied slot whose card the seat estimates highest; ties drawn at random."""
    best = -1.0
    slots: list[int] = []
    for slot, card in enumerate(district):
        if card == EMPTY:
            continue
        value = _estimate(card, known)
        if value > best:
            best, slots = value, [slot]
        elif value == best:
            slots.append(slot)
    return slots[int(rng.random() * len(slots))]


def _should_close(state: StoolPigeonState, seat: int) -> bool:
    """Low and lowest, or (after two rounds) clearly lowest: the heuristic bot's rule."""
    known = state.known[seat]
    totals = [sum(_estimate(c, known) for c in d if c != EMPTY) for d in state.districts]
    mine = totals[seat]
    rivals = min(t for s, t in enumerate(totals) if s != seat)
    return (mine <= CLOSE_AT and mine < rivals) or (
        state.turns >= 2 * state.n and mine + CLOSE_MARGIN <= rivals
    )


def erratic(state: StoolPigeonState) -> list[float]:
    """Each seat's chance of playing at random rather than as this policy: the posterior of
    those two kinds of player given its wrong snaps, its passes in windows and its draws while
    closing was allowed.
    Both are public (and the same in every resample), so any seat's search may read them."""
    closed = state.closer >= 0
    # The turns played before the close (every seat's turns were numbered 0, 1, ... in order):
    # the closer's last turn, at most n - 1 turns ago.
    open_turns = state.turns - (state.turns - state.closer - 1) % state.n - 1 if closed else state.turns
    chances = []
    for seat, (misses, passes) in enumerate(zip(state.misses, state.passes, strict=True)):
        draws = max(0, (open_turns - seat + state.n - 1) // state.n)
        evidence = (
            math.log(PRIOR_ODDS)
            + misses * math.log(MISS_ODDS)
            + passes * math.log(PASS_ODDS)
            + draws * math.log(DRAW_ODDS)
        )
        chances.append(_logistic(evidence))
    return chances


def _logistic(x: float) -> float:
    """``1 / (1 + e^-x)`` without overflow: hundreds of passes in a long game put the evidence
    far below -709, where ``math.exp(-x)`` raises."""
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    z = math.exp(x)
    return z / (1.0 + z)
