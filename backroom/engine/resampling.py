"""Helpers for ``State.resample``: a fast uniform permutation, and knowledge that follows a
place when the cards in it are redealt.

Search draws thousands of resamples a second, so both matter: a Fisher-Yates shuffle written
in Python was most of the cost of a resample, and remapping every bit of every seat's
knowledge mask was most of the rest.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import repeat, starmap


def permuted(cards: list[int], rng: random.Random) -> list[int]:
    """A uniformly random permutation of ``cards`` (distinct ids, 0 or more), sorted in C on
    random keys.

    Each key belongs to a card id, not to a position in the list, so the result depends only
    on which cards are there and on ``rng``: a resample never reflects the real order of a
    hidden pile, even for a fixed generator (what lets a search bot's decision be a function
    of its seat's information and its seed alone).
    """
    if not cards:
        return []
    return sorted(cards, key=random_keys(rng, max(cards) + 1))


def random_keys(rng: random.Random, ids: int) -> Callable[[int], float]:
    """A sort key giving each card id below ``ids`` a uniform random number of its own:
    sorting distinct cards on it permutes them uniformly (``permuted``; in place, ``sort``)."""
    return list(starmap(rng.random, repeat((), ids))).__getitem__  # drawn in C, no frame per key


def redeal(
    places: list[tuple[list[int], int]], deck: list[int], rng: random.Random, extra: list[int] | None = None
) -> tuple[list[int], list[int]]:
    """Deal again, in a uniform random order, the cards at ``places`` (a list and an index
    each), the ``extra`` loose cards and the whole ``deck`` (in place), over the same places.

    Returns the cards that were at the places and extras, and those now there (in the same
    order, extras last): what ``carry_knowledge`` needs, and where the extras went.
    """
    before = [where[i] for where, i in places]
    if extra:
        before += extra
    shuffled = permuted(before + deck, rng)
    k = len(before)
    after = shuffled[:k]
    for (where, i), card in zip(places, after, strict=False):
        where[i] = card
    deck[:] = shuffled[k:]
    return before, after


def carry_knowledge(known: list[int], seat: int, before: list[int], after: list[int]) -> list[int]:
    """Each seat's knowledge mask (bit c: it knows card c) after the cards ``before`` were
    replaced, place by place, by ``after``: other seats knew what lay at a place, so their
    bit moves to the card now there; ``seat``'s own knowledge is unchanged."""
    moved = sum(map(_BIT, before))  # distinct cards: the sum of their bits is their union
    out = known[:]
    mapping: dict[int, int] | None = None
    for s, k in enumerate(known):
        bits = k & moved
        if not bits or s == seat:
            continue
        if mapping is None:
            mapping = dict(zip(before, after, strict=False))
        new = k ^ bits
        while bits:
            low = bits & -bits
            new |= 1 << mapping[low.bit_length() - 1]
            bits ^= low
        out[s] = new
    return out


_BIT = (1).__lshift__
"""``_BIT(c) == 1 << c``, callable from C (``map``) without a Python frame per card."""
