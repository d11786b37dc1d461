"""Who watches a table, and whether the lobby lists it.

Every connection is told how many spectators watch and the names those who gave one chose
(``{"type": "watchers"}``): at once when it joins, then after each change, gathered like the
seats' presence (at most one message per ``presence_interval``). A spectator is numbered per
table as it connects ("Spectator 3" until it gives a name). A player may hide the table from
the lobby's public list (stored; its links still lead to it) and list it again.
"""

from __future__ import annotations

import asyncio
import itertools
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from backroom.server.chat import BURST, EVERY
from backroom.server.connections import Buckets
from backroom.server.messages import MAX_NAME, Conn, Refused, clean_name

if TYPE_CHECKING:
    from backroom.server.live import LiveTable

LISTED_NAMES = 20
"""Spectators' names one ``watchers`` message lists (the count is always whole): a crowd's
names would make every message to every seat long."""


@dataclass(slots=True)
class Watcher:
    number: int
    name: str | None = None


class Audience:
    """The spectators of one table, by connection."""

    def __init__(self, table: LiveTable) -> None:
        self.table = table
        self.watchers: dict[Conn, Watcher] = {}
        self._numbers = itertools.count(1)
        self._pending: asyncio.TimerHandle | None = None
        self._sent_at = -float("inf")
        self._spectator_buckets = Buckets(60 / EVERY, burst=BURST)
        """The spectators' chat allowances, by address."""

    def join(self, conn: Conn) -> None:
        if conn.seat is None:
            self.watchers[conn] = Watcher(next(self._numbers))
            self.changed()
        if conn.chat:
            conn.send(self.message(conn))

    def leave(self, conn: Conn) -> None:
        if self.watchers.pop(conn, None) is not None:
            self.changed()

    def who(self, conn: Conn) -> tuple[int, str | None]:
        watcher = self.watchers[conn]
        return watcher.number, watcher.name

    def may_say(self, conn: Conn) -> bool:
        """Whether a spectator may say one more line now: one allowance per address (seats
        have one per seat), whatever its connections."""
        return self._spectator_buckets.take(conn.address)

    def rename(self, conn: Conn, name: Any) -> None:
        """A spectator's name (``{"type": "name"}``); seats are named when the table is made, and
        no spectator takes a seat's name: its lines would pass for that player's."""
        watcher = self.watchers.get(conn)
        if watcher is None:
            conn.error("not_spectator")
            return
        try:
            name = clean_name(name)
        except ValueError:
            conn.error("bad_name", limit=MAX_NAME)
            return
        taken = {s.name.casefold() for s in self.table.row.seats if s.name}
        if name is not None and name.casefold() in taken:
            conn.error("name_taken")
            return
        watcher.name = name
        self.changed()

    def message(self, conn: Conn) -> dict[str, Any]:
        """Who watches, as ``conn`` is told: a spectator also learns its own number (``you``)."""
        names = [w.name for w in self.watchers.values() if w.name]
        watcher = self.watchers.get(conn)
        return {
            "type": "watchers",
            "count": len(self.watchers),
            "names": names[:LISTED_NAMES],
            "you": None if watcher is None else watcher.number,
        }

    def changed(self) -> None:
        """Tell every connection who watches now, gathering the changes of one interval."""
        if self._pending is not None:
            return
        wait = self._sent_at + self.table.hub.limits.presence_interval - time.monotonic()
        self._pending = asyncio.get_running_loop().call_later(max(0.0, wait), self._send)

    def _send(self) -> None:
        self._pending = None
        self._sent_at = time.monotonic()
        for conn in list(self.table.conns):
            if conn.chat:
                conn.send(self.message(conn))

    def stop(self) -> None:
        if self._pending is not None:
            self._pending.cancel()
            self._pending = None


FLIPS_BURST = 3
"""Changes of a table's visibility taken at once, and then one every ``FLIPS_EVERY`` seconds:
each is a database write on the writer every table shares, and a line in the chat."""

FLIPS_EVERY = 10.0


async def set_hidden(table: LiveTable, token: str, hidden: bool) -> int | None:
    """The seat ``token`` opens hides the table from the lobby's list (or lists it again):
    stored, and said in the players' chat. None: the token opens no seat. Raises ``Refused``
    (``hide_too_fast``) past the table's allowance of changes."""
    async with table.lock:
        seat = table.seating.seat_for_token(token)
        if seat is None:
            return None
        if table.row.hidden != hidden:
            if not table.hub.flips.take(table.row.id):
                raise Refused("hide_too_fast", seconds=int(FLIPS_EVERY))
            await table.owned(table.hub.store.aset_hidden(table.row.id, hidden, table.epoch))
            table.row.hidden = hidden
            table.chat.system("hidden" if hidden else "listed", seat)
        return seat
