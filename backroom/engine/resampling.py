"""Helpers for ``State.resample``: a fast uniform permutation, and knowledge that follows a
place when the cards in it are redealt.

Search draws thousands of resamples a second, so both matter: a Fisher-Yates shuffle written
in Python was most of the cost of a resample, and remapping every bit of every seat's
knowledge mask was most of the rest.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection
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
    places: list[tuple[list[int], int]],
    deck: list[int],
    rng: random.Random,
    fits: Callable[[int], bool],
    bound: Collection[int] | None = None,
) -> tuple[list[int], list[int]]:
    """Deal again the cards at ``places`` (a list and an index each) and the whole ``deck`` (in
    place) over the same places, where the places numbered in ``bound`` (every place: ``None``)
    take only cards that ``fits``: what the table knows of a hidden card's kind (a Slush Fund
    bribe, a Politburó card assigned face down). Uniform over such deals: the bound places get
    a random order of the fitting cards, the other places and the deck one of the rest.

    Returns the cards that were at the places and those now there, in the same order: what
    ``carry_knowledge`` needs.
    """
    before = [where[i] for where, i in places]
    pool = before + deck
    fitting = permuted([c for c in pool if fits(c)], rng)
    slots = range(len(places)) if bound is None else bound
    for n, card in zip(slots, fitting, strict=False):
        where, i = places[n]
        where[i] = card
    rest = permuted(fitting[len(slots) :] + [c for c in pool if not fits(c)], rng)
    taken = set(slots)
    free = [n for n in range(len(places)) if n not in taken]
    for n, card in zip(free, rest, strict=False):
        where, i = places[n]
        where[i] = card
    deck[:] = rest[len(free) :]
    return before, [where[i] for where, i in places]


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
