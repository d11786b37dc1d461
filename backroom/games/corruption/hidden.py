"""Resampling a Corruption position: what a seat cannot know, redealt from the caller's
generator, and nothing that depends on where the real hidden cards lie."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from backroom.engine.resampling import permuted
from backroom.games.corruption.cards import CORRUPTION, IS_BRIBE

if TYPE_CHECKING:
    from backroom.games.corruption.state import CorruptionState


def redeal(state: CorruptionState, other: CorruptionState, seat: int, rng: random.Random) -> None:
    """Fill ``other`` (a clone of ``state``) with a redeal of what ``seat`` cannot know: the
    contract deck's order, and, for every other seat, which of its cards lie face down (on
    contracts or in Swiss accounts, bribes only) and which are still in its hand. Hands were
    public at the round's start (every card played earlier was revealed), so only this round's
    face-down plays are uncertain."""
    other.deck = permuted(other.deck, rng)
    if state.phase != CORRUPTION:
        return
    seen = state.seen[seat]
    for owner in range(state.n):
        if owner == seat:
            continue
        unseen = [
            i for i, s in enumerate(state.p_seat) if s == owner and not state.p_up[i] and not (seen >> i) & 1
        ]
        # Sorted first: the redeal must not depend on where the real cards lie.
        pool = sorted([state.p_kind[i] for i in unseen] + state.hands[owner])
        rng.shuffle(pool)
        for i in unseen:
            if state.p_where[i] < 0:
                k = next(k for k in pool if IS_BRIBE[k])
                pool.remove(k)
                other.p_kind[i] = k
        for i in unseen:
            if state.p_where[i] >= 0:
                other.p_kind[i] = pool.pop()
        other.hands[owner] = sorted(pool)
