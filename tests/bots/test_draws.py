"""``draws.skip`` leaves a generator where ``n`` calls of ``random()`` would, and ``draws.key``
reads each of those draws back exactly (the 53 bits of the float)."""

from __future__ import annotations

import random

from backroom.bots import draws


def test_skipped_draws_read_back_as_random_would_have_returned_them():
    for seed in range(100):
        n = seed % 70
        drawn, skipping = random.Random(seed), random.Random(seed)
        expected = [drawn.random() for _ in range(n)]
        bits = draws.skip(skipping, n)
        assert [draws.key(bits, j) for j in range(n)] == [d * 2**53 for d in expected]
        assert skipping.random() == drawn.random()  # and the generator is where they left it
