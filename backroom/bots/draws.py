"""Tie-break draws taken in one call: ``n`` calls of ``rng.random()`` cost more than a
heuristic bot's whole decision once it prunes its candidates, and only the draws of tied
candidates are ever read.

CPython's ``random()`` builds each float from two 32-bit outputs of the Mersenne Twister
(``a >> 5`` and ``b >> 6``), and ``getrandbits(64 * n)`` returns the next ``2n`` outputs as the
32-bit words of one integer, least significant first. So ``skip(rng, n)`` leaves the generator
exactly where ``n`` draws would, and ``key(bits, j)`` orders as the ``j``-th draw would have
(``tests/bots/test_draws.py`` holds both against ``random()``).
"""

from __future__ import annotations

import random

_WORD = 0xFFFFFFFF


def skip(rng: random.Random, n: int) -> int:
    """Advance ``rng`` past ``n`` draws of ``random()``; the bits to read them back from."""
    return rng.getrandbits(64 * n) if n else 0


def key(bits: int, j: int) -> int:
    """The ``j``-th skipped draw as an integer that orders as the float would (its 53 bits)."""
    first = (bits >> (64 * j)) & _WORD
    second = (bits >> (64 * j + 32)) & _WORD
    return (first >> 5) << 26 | second >> 6
