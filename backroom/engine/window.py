"""Reaction windows: a moment when several seats may answer, out of turn.

Stool Pigeon's elimination, Corruption's Little Black Book and Politburó's cards played at any
time are all windows. A ``Window`` keeps the seats that may still answer, in priority order;
the state's ``actors()`` returns them in that order, so a live table (first valid answer wins)
and a sequential driver (asks ``actors()[0]``) play the same game. Each window declares its
``WindowRule``: who is asked, in which order, and what closes it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any


@dataclass(frozen=True, slots=True)
class WindowRule:
    """What a game's window is: a catalog key per clause, so interfaces can explain it.

    ``order``: who is asked, and in which order (e.g. clockwise from the left of the mover).
    ``closes``: ``"first_claim"`` (one claim closes it for all) or ``"all_answered"`` (it
    stays open until every eligible seat has played or passed).
    ``passes``: the action by which a seat lets the window go by, so that a table can pass for
    a seat that does not answer in time (``backroom.server.idle``).
    """

    name: str
    order: str
    closes: str
    passes: tuple[str, ...] = ("pass",)

    def __post_init__(self) -> None:
        if self.closes not in ("first_claim", "all_answered"):
            raise ValueError(f"a window closes on first_claim or all_answered, not {self.closes!r}")


@cache
def clockwise(first: int, players: int, *, skip: int | None = None) -> tuple[int, ...]:
    """Seats clockwise starting at ``first`` (``skip`` left out): a window's priority order.
    Kept once computed: windows open in the hot path of playouts."""
    return tuple(s for s in ((first + i) % players for i in range(players)) if s != skip)


class Window(tuple[int, ...]):
    """The seats that may still answer, in priority order; empty: the window is closed.

    A tuple, so immutable: each change returns the window that follows
    (``self.window = self.window.answered(seat)``), and clones share it for free."""

    __slots__ = ()

    @property
    def waiting(self) -> tuple[int, ...]:
        return self

    @property
    def is_open(self) -> bool:
        return bool(self)

    def may_answer(self, seat: int) -> bool:
        return seat in self

    def answered(self, seat: int) -> Window:
        """``seat`` played or passed; it is not asked again in this window."""
        if len(self) == 1 and self[0] == seat:  # most windows ask one seat: no list made
            return CLOSED
        return Window(filter(seat.__ne__, self))  # no comprehension: ``seat`` would be a cell at every call

    def claimed(self) -> Window:
        """A first-claim window closes for everyone at the claim."""
        return CLOSED

    def reopen(self, seats: Iterable[int]) -> Window:
        """Ask again (Stool Pigeon: after a wrong guess everyone may try once more)."""
        return Window(seats)

    def to_json(self) -> list[int]:
        return list(self)

    @classmethod
    def from_json(cls, data: Any) -> Window:
        if not isinstance(data, list) or any(isinstance(s, bool) or not isinstance(s, int) for s in data):
            raise ValueError("a window is a list of seats")
        return cls(data)

    def __repr__(self) -> str:
        return f"Window({list(self)})"


CLOSED = Window()
"""The closed window, shared."""
