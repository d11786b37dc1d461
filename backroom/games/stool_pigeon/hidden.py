"""Resampling a Stool Pigeon position: the hidden cards redealt, the future's chance redrawn.

``resample`` deals every card a seat has not seen among the places it cannot see into (District
slots, the card another seat holds, the draw pile) in a uniform random order, and gives the
position a new ``Chance`` from the caller's generator, so the next reshuffle of the
determinized position is not the real one.

It is the inner loop of determinized search (issue 9: at most ten clones), so the new position
is built once (``Schema.replacer``) instead of cloned and then overwritten, the redeal is a
relabelling table (old card → new card) that each District and each seat's knowledge go
through, and the module is compiled with mypyc where Backroom is installed
(``backroom/compiled.py``).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from backroom.engine.resampling import random_keys
from backroom.games.stool_pigeon.cards import DECK_SIZE, EMPTY, OVER

if TYPE_CHECKING:
    from backroom.games.stool_pigeon.state import StoolPigeonState

_IDENTITY = [*range(DECK_SIZE), EMPTY]
"""``_IDENTITY[c] == c`` for every card; the last entry, read as ``[EMPTY]`` (``[-1]``), keeps
an empty slot empty."""

_ALL = (1 << DECK_SIZE) - 1
"""Every card's bit: ``_ALL ^ mask`` is the cards a mask lacks, as a positive number (``~mask``
is negative, and CPython's ``&`` of a negative long complements its digits first)."""

_BITS = tuple(1 << c for c in range(DECK_SIZE))
"""``_BITS[c]``: card ``c``'s bit in a knowledge mask."""


def resample(real: StoolPigeonState, seat: int, rng: random.Random) -> StoolPigeonState:
    """A position consistent with ``seat``'s knowledge, drawn from ``rng``.

    The cards the seat has not seen (in Districts, in the draw pile, the card in another's
    hand) are dealt again over the same places. Nobody ever knows a draw-pile card (a reshuffle
    wipes that knowledge), so only the District cards and the held card carry other seats'
    knowledge with them. ``seat`` is checked by the caller (``StoolPigeonState.resample``).
    """
    mask = real.known[seat]
    if real.phase == OVER:  # every District and the Soplón's card are face up by now
        for district in real.districts:
            for c in district:
                if c != EMPTY:
                    mask |= 1 << c
        if real.soplon_card != EMPTY:
            mask |= 1 << real.soplon_card
    unseen = _ALL ^ mask
    # Loops, not comprehensions over ``map``: as fast in Python, and much faster compiled.
    hidden: list[int] = []
    for district in real.districts:
        for c in district:
            if c != EMPTY and (unseen >> c) & 1:
                hidden.append(c)
    held = real.held
    if held != EMPTY and (unseen >> held) & 1:
        hidden.append(held)
    # The places in a fixed order and the cards sorted on keys of their own: the result depends
    # on what the seat knows and on ``rng``, never on where the real hidden cards lie.
    pool = hidden + real.deck
    pool.sort(key=random_keys(rng, DECK_SIZE))
    relabel = _IDENTITY[:]
    k = len(hidden)
    for i in range(k):
        relabel[hidden[i]] = pool[i]
    districts = [[relabel[c] for c in district] for district in real.districts]
    known = _carry(real.known, seat, unseen, relabel)
    del pool[:k]  # what is left is the draw pile
    return real._redealt(districts, pool, known, relabel[held], real.chance.reseeded(rng), None)


def _carry(known: list[int], seat: int, unseen: int, relabel: list[int]) -> list[int]:
    """Each seat's knowledge mask (bit c: it knows card c) after the redeal: another seat knew
    what lay at a place, so its bit of a card ``seat`` has not seen goes to the card now there
    (the same card if it did not move); ``seat``'s own knowledge is unchanged."""
    out = known[:]
    for s, k in enumerate(known):
        bits = k & unseen
        if not bits or s == seat:
            continue
        new = k ^ bits
        while bits:
            c = bits.bit_length() - 1
            bits ^= _BITS[c]
            new |= _BITS[relabel[c]]
        out[s] = new
    return out
