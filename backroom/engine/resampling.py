"""Helpers for ``State.resample``: a fast uniform permutation, and knowledge that follows a
place when the cards in it are redealt.

Search draws thousands of resamples a second, so both matter: a Fisher-Yates shuffle written
in Python was most of the cost of a resample, and remapping every bit of every seat's
knowledge mask was most of the rest.
"""

from __future__ import annotations

import random


def permuted(items: list[int], rng: random.Random) -> list[int]:
    """A uniformly random permutation of ``items`` (sorted on random keys, in C)."""
    draw = rng.random
    return sorted(items, key=lambda _: draw())


def redeal(
    places: list[tuple[list[int], int]], deck: list[int], rng: random.Random, extra: list[int] | None = None
) -> tuple[list[int], list[int]]:
    """Deal again, in a uniform random order, the cards at ``places`` (a list and an index
    each), the ``extra`` loose cards and the whole ``deck`` (in place), over the same places.

    Returns the cards that were at the places and extras, and those now there (in the same
    order, extras last): what ``carry_knowledge`` needs, and where the extras went.
    """
    before = [where[i] for where, i in places] + (extra or [])
    shuffled = permuted(before + deck, rng)
    for (where, i), card in zip(places, shuffled, strict=False):
        where[i] = card
    deck[:] = shuffled[len(before) :]
    return before, shuffled[: len(before)]


def carry_knowledge(known: list[int], seat: int, before: list[int], after: list[int]) -> list[int]:
    """Each seat's knowledge mask (bit c: it knows card c) after the cards ``before`` were
    replaced, place by place, by ``after``: other seats knew what lay at a place, so their
    bit moves to the card now there; ``seat``'s own knowledge is unchanged."""
    moved = 0
    for card in before:
        moved |= 1 << card
    if not any(k & moved for s, k in enumerate(known) if s != seat):
        return known
    mapping = dict(zip(before, after, strict=False))
    out = []
    for s, k in enumerate(known):
        if s != seat and k & moved:
            new = k & ~moved
            bits = k & moved
            while bits:
                low = bits & -bits
                new |= 1 << mapping[low.bit_length() - 1]
                bits ^= low
            k = new
        out.append(k)
    return out
