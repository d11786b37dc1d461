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

A step may also be recorded **unplayed** (``then_unplayed``): its actor and action only, the
position having been moved with ``apply_quiet``. Its events are worked out only if a key is
asked, by playing the steps again with ``apply`` on a copy of a position kept for the purpose
(the one before the first unplayed step, or after the last one digested). A loop that never
asks for a key (a random playout through OpenSpiel) then pays for no event at all. Copies
of a position share the chain and may continue it in different ways, so an unplayed step
keeps its links until it is digested as the last step asked for, which keeps the position
after it and lets go of what came before.
"""

from __future__ import annotations

import hashlib
from functools import cache
from typing import TYPE_CHECKING, Any

from backroom.engine.actions import Action
from backroom.engine.events import Event

if TYPE_CHECKING:
    from backroom.engine.game import State


class Memory:
    """What every seat of one game has observed, step by step (see the module docstring)."""

    __slots__ = ("parent", "actor", "action", "events", "players", "_digests", "before", "after")

    def __init__(
        self,
        parent: Memory | None,
        actor: int,
        events: list[Event] | None,
        players: int,
        digests: tuple[bytes, ...] | None = None,
        action: Action | None = None,
        before: State | None = None,
    ) -> None:
        """A step after ``parent`` (``None``: the start, ``actor`` -1 for the deal's events),
        or, given ``digests``, a start that stands for a history already digested. ``events``
        ``None``: an unplayed step (``then_unplayed``)."""
        self.parent = parent
        self.actor = actor
        self.action = action
        self.events = events
        self.players = players
        self._digests = digests
        self.before = before
        """An unplayed step's copy of the position before it, where its replay starts."""
        self.after: State | None = None
        """An unplayed step digested last: the position after it, where its successors'
        replays start."""

    def then(self, actor: int, action: Action, events: list[Event]) -> Memory:
        """The memory after ``actor`` played ``action``, which produced ``events``."""
        return Memory(self, actor, events, self.players, action=action)

    @property
    def replays(self) -> bool:
        """Whether an unplayed step after this one can be replayed from a position this chain
        already keeps; if not, ``then_unplayed`` needs a copy of the position before it."""
        return self.events is None

    def then_unplayed(self, actor: int, action: Action, before: State | None = None) -> Memory:
        """The memory after ``actor`` played ``action`` quietly: its events are worked out
        when a key is first asked. ``before``: a copy of the position before the step, which
        nothing else will change; needed unless ``replays``, and taken as a new start of the
        replay when given (the position was changed outside ``apply``, say its ``Chance``)."""
        if before is None and not self.replays:
            raise ValueError("an unplayed step after a played one needs the position before it")
        return Memory(self, actor, None, self.players, action=action, before=before)

    def digests(self) -> tuple[bytes, ...]:
        """One 16-byte digest per seat, then the public one (what a spectator saw)."""
        pending = []
        node: Memory | None = self
        while node is not None and node._digests is None:
            pending.append(node)
            node = node.parent
        digests = node._digests if node is not None else _origins(self.players)
        assert digests is not None
        pending.reverse()
        played, after = _replay(pending)
        seats = [*range(self.players), None]
        for step in pending:
            events = step.events if step.events is not None else played[step]
            digests = tuple(
                fold(digest, _seen(step, events, seat)) for seat, digest in zip(seats, digests, strict=True)
            )
            step._digests = digests
            if step.events is not None:
                step.parent = None  # the digests now stand for everything before
                step.action, step.events = None, []
        if self.events is None and after is not None:  # its successors replay from the position after it
            self.after = after
            self.parent = self.action = self.before = None
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
        self.before = self.after = None


def _replay(pending: list[Memory]) -> tuple[dict[Memory, list[Event]], State | None]:
    """The events of the unplayed steps among ``pending`` (in order) and the position after
    the last of them: the steps are played again with ``apply`` on a copy of the nearest
    position the chain keeps."""
    unplayed = [step for step in pending if step.events is None]
    if not unplayed:
        return {}, None
    # Back from the first to a kept position, through steps digested for another copy of the
    # position (played again, their events not needed).
    route: list[Memory] = []
    node: Memory | None = unplayed[0]
    while node is not None and node.before is None and node.after is None:
        route.append(node)
        node = node.parent
    if node is None:
        raise ValueError("an unplayed step has no position to replay from")
    state = None
    if node.after is not None:
        state = node.after.clone()
    else:
        route.append(node)
    route.reverse()
    played: dict[Memory, list[Event]] = {}
    for step in route + unplayed[1:]:
        if step.before is not None:
            state = step.before.clone()
        assert state is not None and step.action is not None  # then_unplayed's check
        played[step] = state.apply(step.actor, step.action)
    return played, state


def _seen(step: Memory, events: list[Event], seat: int | None) -> str:
    """What ``seat`` saw of a step: who acted, what it chose if it is the actor, and the
    ``events`` visible to it."""
    chosen = step.action if seat == step.actor else None
    return repr((step.actor, chosen, [(e.kind, e.params) for e in events if e.visible_to(seat)]))


def fold(digest: bytes, data: str | bytes) -> bytes:
    """A digest that stands for ``digest`` followed by ``data``."""
    raw = data.encode() if isinstance(data, str) else data
    return hashlib.blake2b(raw, key=digest, digest_size=16).digest()


@cache
def _origins(players: int) -> tuple[bytes, ...]:
    """Where each seat's digest starts (its seat number: two seats that saw the same events
    still know different things, namely who they are), then the public one."""
    return (*(f"seat {s}".encode() for s in range(players)), b"public")
