"""A canonical information-state key per seat: a digest of everything the seat has observed.

A seat's full-recall view is not such a key: different histories reach the same view (3 of
7,374 Stool Pigeon decisions, 2 of 7,093 Slush Fund ones), and search that keys its nodes by
information state (ISMCTS) must tell them apart. ``Memory`` is a chain of steps — who acted,
what they chose, and the events of the step — and a seat's key folds in, step by step, the
actor (always public), the action if the seat is the actor (a seat knows its own choices, even
two with the same effect, such as paying one card or all when one is all there is), and every
event the seat could see (``Event.visible_to``), from an origin that names the seat. Two
histories a seat cannot tell apart give it the same key; a key never stands for two different
views, nor for two different sequences of the seat's own actions.

The chain is immutable (copies of a position share it); digests are computed when first asked
and kept on every step of the way, so asking at each decision costs one step's events, and
the events of a digested step are dropped. Pickled, a memory is its digests alone.
"""

from __future__ import annotations

import hashlib
from functools import cache
from typing import Any

from backroom.engine.actions import Action
from backroom.engine.events import Event


class Memory:
    """What every seat of one game has observed, step by step (see the module docstring)."""

    __slots__ = ("parent", "actor", "action", "events", "players", "_digests")

    def __init__(
        self,
        parent: Memory | None,
        actor: int,
        events: list[Event],
        players: int,
        digests: tuple[bytes, ...] | None = None,
        action: Action | None = None,
    ) -> None:
        """A step after ``parent`` (``None``: the start, ``actor`` -1 for the deal's events),
        or, given ``digests``, a start that stands for a history already digested."""
        self.parent = parent
        self.actor = actor
        self.action = action
        self.events = events
        self.players = players
        self._digests = digests

    def then(self, actor: int, action: Action, events: list[Event]) -> Memory:
        """The memory after ``actor`` played ``action``, which produced ``events``."""
        return Memory(self, actor, events, self.players, action=action)

    def digests(self) -> tuple[bytes, ...]:
        """One 16-byte digest per seat, then the public one (what a spectator saw)."""
        pending = []
        node: Memory | None = self
        while node is not None and node._digests is None:
            pending.append(node)
            node = node.parent
        digests = node._digests if node is not None else _origins(self.players)
        assert digests is not None
        seats = [*range(self.players), None]
        for step in reversed(pending):
            digests = tuple(
                fold(digest, _seen(step, seat)) for seat, digest in zip(seats, digests, strict=True)
            )
            step._digests = digests
            step.parent = None  # the digests now stand for everything before
            step.action, step.events = None, []
        return digests

    def key(self, seat: int) -> str:
        """``seat``'s information-state key, as text."""
        return self.digests()[seat].hex()

    def __deepcopy__(self, memo: dict[int, Any]) -> Memory:
        return self

    def __getstate__(self) -> tuple[int, tuple[bytes, ...]]:
        return self.players, self.digests()

    def __setstate__(self, data: tuple[int, tuple[bytes, ...]]) -> None:
        self.players, self._digests = data
        self.parent, self.actor, self.action, self.events = None, -1, None, []


def _seen(step: Memory, seat: int | None) -> str:
    """What ``seat`` saw of a step: who acted, what it chose if it is the actor, and the events
    visible to it."""
    chosen = step.action if seat == step.actor else None
    return repr((step.actor, chosen, [(e.kind, e.params) for e in step.events if e.visible_to(seat)]))


def fold(digest: bytes, data: str | bytes) -> bytes:
    """A digest that stands for ``digest`` followed by ``data``."""
    raw = data.encode() if isinstance(data, str) else data
    return hashlib.blake2b(raw, key=digest, digest_size=16).digest()


@cache
def _origins(players: int) -> tuple[bytes, ...]:
    """Where each seat's digest starts (its seat number: two seats that saw the same events
    still know different things, namely who they are), then the public one."""
    return (*(f"seat {s}".encode() for s in range(players)), b"public")
