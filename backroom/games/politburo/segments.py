"""Legal actions in bulk: a turn's long list (every card on every candidate) as segments.

A segment ``(prefix, options)`` stands for ``prefix + (x,)`` for each option (candidates,
offices or faces), or for the one action ``prefix`` when ``options`` is None. ``pick`` draws
one of the actions uniformly and ``member`` checks one without building the list: random
playouts are most of the cost of search and simulation, and they ask for one random action
and then check it.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import floor
from typing import Any

from backroom.engine.actions import Action

Segment = tuple[tuple[Any, ...], Sequence[Any] | None]


def expand(segments: list[Segment]) -> list[Action]:
    out: list[Action] = []
    for prefix, options in segments:
        if options is None:
            out.append(prefix)
        else:
            out.extend((*prefix, x) for x in options)
    return out


def size(segments: list[Segment]) -> int:
    """How many actions the segments stand for."""
    total = 0
    for _, options in segments:
        total += 1 if options is None else len(options)
    return total


def member(segments: list[Segment], action: Action) -> bool:
    """Whether ``action`` is among the segments' actions (without expanding them)."""
    n = len(action) - 1
    for prefix, options in segments:
        if options is None:
            if action == prefix:
                return True
        elif (
            len(prefix) == n
            and action[:n] == prefix
            and type(action[n]) in (int, str)
            and action[n] in options
        ):
            return True
    return False


def pick(segments: list[Segment], total: int, r: float) -> Action:
    """The action at fraction ``r`` (0 <= r < 1) of the ``total`` actions expanded, walked to
    from the nearer end (half the walk: most of a turn's actions lie in its last segments)."""
    i = floor(r * total)  # ``int`` parses its arguments: some 500 machine instructions more
    if 2 * i >= total:
        i = total - 1 - i  # counted from the last action
        for prefix, options in reversed(segments):
            if options is None:
                if i == 0:
                    return prefix
                i -= 1
            else:
                n = len(options)  # once: this walk is a few percent of a playout
                if i < n:
                    return prefix + (options[n - 1 - i],)  # noqa: RUF005 (a third cheaper on 3.11)
                i -= n
        raise AssertionError(r)
    for prefix, options in segments:
        if options is None:
            if i == 0:
                return prefix
            i -= 1
        else:
            n = len(options)
            if i < n:
                return prefix + (options[i],)  # noqa: RUF005
            i -= n
    raise AssertionError(r)
