"""Ranking with tie-breaks, shared by the games: the rules give keys, this gives places."""

from __future__ import annotations

from collections.abc import Sequence


def rank(keys: Sequence[tuple[float, ...]], tiebreaks: Sequence[str]) -> tuple[tuple[int, ...], str | None]:
    """Places for seats whose sort keys are ``keys`` (lower is better, compared in order).

    ``keys[s][0]`` is the score comparison; ``keys[s][i]`` for ``i > 0`` is tie-break
    ``tiebreaks[i - 1]``. Seats with equal keys share a place. Returns the places and the name
    of the tie-break that decided first place, or ``None`` if none was needed.
    """
    order = sorted(range(len(keys)), key=lambda s: keys[s])
    ranks = [0] * len(keys)
    for position, seat in enumerate(order):
        previous = order[position - 1] if position else None
        if previous is not None and keys[previous] == keys[seat]:
            ranks[seat] = ranks[previous]
        else:
            ranks[seat] = position + 1
    best = keys[order[0]]
    level = 0
    for seat in order[1:]:
        if keys[seat][0] != best[0]:
            continue
        shared = next((i for i in range(1, len(best)) if keys[seat][i] != best[i]), len(best))
        level = max(level, shared)
    decided = tiebreaks[level - 1] if 0 < level <= len(tiebreaks) else None
    return tuple(ranks), decided
