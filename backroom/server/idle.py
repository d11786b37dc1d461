"""Idle timers: a seat that is asked and does not answer in time is answered for.

The turn timer (``turn_timer``) hands an *absent* seat to a bot; these timers cover a seat
whose player is there, or away, but silent. A table's creator may set two (docs/server.md,
"Idle windows"):

- ``window``: seconds a seat has to answer a reaction window (a seat is in one when the pass
  its game's windows declare, ``WindowRule.passes``, is among its legal actions); then it
  passes.
- ``move`` and ``clock``: seconds a seat has for each of its turns (``clock: "move"``, the
  default), or for all of its turns of the game together (``"game"``, a chess clock that runs
  while the seat is asked and stops while others are); then the table's bot makes that move.

A seat counts as asked from the moment it becomes one of the actors, until it acts or is no
longer asked; a turn of several moves restarts the per-move time at each. What a seat has
spent of its chess clock is kept in memory, and in the row of a table asleep (``sleeping.py``):
a restarted server gives each clock of the tables it held back whole (and restarts every
running timer), so a restart never costs anyone a move.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from backroom.engine.actions import Action
from backroom.engine.game import Game, State

WINDOW_RANGE = (3, 3600)
"""Seconds a seat may be given to answer a window: under 3 s nobody can read the card that
opened it; an hour is the longest a table of correspondence players would wait for a pass."""

MOVE_RANGE = (3, 86400)
"""Seconds per move, or per game on a chess clock: a day is the longest a slow table needs."""

CLOCKS = ("move", "game")


class BadTimer(ValueError):
    """A ``timers`` field that is not what the table options allow: which one, and its bounds."""

    def __init__(self, field: str, low: int | None = None, high: int | None = None) -> None:
        super().__init__(field)
        self.field = field
        self.low = low
        self.high = high


@dataclass(frozen=True, slots=True)
class Timers:
    window: int | None = None
    move: int | None = None
    clock: str = "move"

    def to_json(self) -> dict[str, Any]:
        return {"window": self.window, "move": self.move, "clock": self.clock}


def parse_timers(data: Any) -> Timers | None:
    """The ``timers`` of a new table (None: none), or ``BadTimer`` naming the first wrong field."""
    if data is None:
        return None
    if not isinstance(data, dict) or set(data) - {"window", "move", "clock"}:
        raise BadTimer("timers")
    seconds: dict[str, int | None] = {}
    for name, (low, high) in (("window", WINDOW_RANGE), ("move", MOVE_RANGE)):
        value = data.get(name)
        if value is not None and (
            isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high
        ):
            raise BadTimer(f"timers.{name}", low, high)
        seconds[name] = value
    clock = data.get("clock", "move")
    if clock not in CLOCKS:
        raise BadTimer("timers.clock")
    if seconds["window"] is None and seconds["move"] is None:
        return None
    return Timers(seconds["window"], seconds["move"], clock)


def window_passes(game: Game) -> frozenset[Action]:
    """The actions by which a seat lets one of the game's windows go by."""
    return frozenset(rule.passes for rule in game.windows)


class IdleClock:
    """Since when each seat is asked, and (chess clock) how much of its time it has spent."""

    def __init__(self, timers: Timers, game: Game, players: int) -> None:
        self.timers = timers
        self.game = game
        self.passes = window_passes(game)
        self.asked: list[float | None] = [None] * players
        self.window: list[bool] = [False] * players
        """Whether the seat's current question is a window (answered by passing)."""
        self.spent = [0.0] * players

    def observe(self, state: State, persons: list[bool], moved: int | None = None) -> None:
        """The table moved (``moved`` acted, None: it was loaded): start, keep or stop each
        seat's time. ``persons``: which seats a person or agent plays (bots need no timer)."""
        now = time.time()
        actors = set(state.actors()) if not state.is_over else set()
        for seat, since in enumerate(self.asked):
            if since is not None and (seat not in actors or seat == moved):
                if not self.window[seat]:
                    self.spent[seat] += now - since
                self.asked[seat] = None
            if seat in actors and persons[seat] and self.asked[seat] is None:
                self.asked[seat] = now
                self.window[seat] = self.game.window_pass(state, seat, self.passes) is not None

    def due_at(self, seat: int) -> float | None:
        """When ``seat`` is answered for, if it is asked and a timer covers its question."""
        since = self.asked[seat]
        if since is None:
            return None
        if self.window[seat]:
            return None if self.timers.window is None else since + self.timers.window
        if self.timers.move is None:
            return None
        if self.timers.clock == "game":
            return since + max(0.0, self.timers.move - self.spent[seat])
        return since + self.timers.move

    def next_due(self) -> float | None:
        times = [t for seat in range(len(self.asked)) if (t := self.due_at(seat)) is not None]
        return min(times) if times else None

    def overdue(self) -> int | None:
        """A seat whose time is up, if any."""
        now = time.time()
        for seat in range(len(self.asked)):
            due = self.due_at(seat)
            if due is not None and due <= now:
                return seat
        return None

    def answer(self, state: State, seat: int) -> Action | None:
        """The pass of an overdue window (None: a turn, which the table's bot plays)."""
        if not self.window[seat]:
            return None
        return self.game.window_pass(state, seat, self.passes)

    def clocks(self) -> list[float] | None:
        """Chess clock: the seconds each seat has left now (None with a per-move timer)."""
        if self.timers.clock != "game" or self.timers.move is None:
            return None
        now = time.time()
        left = []
        for seat, since in enumerate(self.asked):
            running = 0.0 if since is None or self.window[seat] else now - since
            left.append(round(max(0.0, self.timers.move - self.spent[seat] - running), 1))
        return left
