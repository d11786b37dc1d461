"""What is said at one table: the players' chat, the spectators' chat, and system lines.

Two rooms per table. Seats write in the players' room, which spectators read too (onlookers hear
a real table's talk, and it holds nothing the server hides); spectators write in their own room,
which no seat ever receives, so nobody can be coached from the gallery. A room is data (who
writes, who reads): a secret deal between two seats, as Illuminati allows ("Los tratos pueden
realizarse abiertamente o en secreto"), is one more ``Room`` whose ``seats`` are those two.

Everything is bounded: a line's length, the lines one seat (or one spectator's connection) may
say per interval, the lines a whole room takes per interval (a crowd of spectators, or one who
reconnects to start afresh), and the history each room keeps. The history lives in memory
only: a joining or reconnecting connection gets it, a restart of the server (or a table that
leaves memory, nobody having been there for ten minutes) forgets it.
"""

from __future__ import annotations

import itertools
import sys
import time
from collections import deque
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from backroom.i18n import translate
from backroom.server.connections import TokenBucket
from backroom.server.messages import Conn, dumps, shown

if TYPE_CHECKING:
    from backroom.server.live import LiveTable

MAX_TEXT = 500
"""Characters in one line: a few sentences of negotiation, not a pasted document."""

HISTORY = 100
"""Lines each room keeps for those who join or reconnect: what the last minutes said."""

BURST = 5
"""Lines one seat (or the spectators of one address) may say at once..."""

EVERY = 2.0
"""...and then one every this many seconds: conversation, not a flood."""

ROOM_BURST = 30
"""Lines a whole room takes at once, and then ``ROOM_RATE`` a second: a crowd of spectators, or
one who reconnects for a fresh allowance, cannot make every connection at the table busy."""

ROOM_RATE = 3.0

COLLAPSING = {
    "joined": "presence",
    "left": "presence",
    "autoplay": "presence",
    "hidden": "listing",
    "listed": "listing",
}
"""System lines of one kind about one seat that replace each other when they follow each other:
a seat that comes and goes under a turn timer (left, then away with a bot playing for it, then
back) says where it is now in one line."""


@dataclass(frozen=True, slots=True)
class Room:
    """Who writes in a room and reads it: ``seats`` (None: every seat; empty: none), and
    spectators, who ``"write"`` (and read), ``"read"`` only, or have ``"none"`` of it."""

    name: str
    seats: frozenset[int] | None
    spectators: str

    def reads(self, seat: int | None) -> bool:
        if seat is None:
            return self.spectators != "none"
        return self.seats is None or seat in self.seats

    def writes(self, seat: int | None) -> bool:
        if seat is None:
            return self.spectators == "write"
        return self.seats is None or seat in self.seats


PLAYERS = Room("players", None, "read")
SPECTATORS = Room("spectators", frozenset(), "write")


@dataclass(frozen=True, slots=True)
class Line:
    """One line of a room: said by a seat or a spectator (``watcher``), or a system line
    (``system``: its catalog key under ``server.chat.``, and ``params``), translated for each
    reader."""

    order: int
    room: Room
    at: int
    seat: int | None = None
    watcher: int | None = None
    name: str | None = None
    text: str = ""
    system: str | None = None
    params: tuple[tuple[str, int], ...] = ()


class Chat:
    """The rooms of one table, their histories and their rate limits."""

    def __init__(self, table: LiveTable, rooms: tuple[Room, ...] = (PLAYERS, SPECTATORS)) -> None:
        self.table = table
        self.rooms = rooms
        self.history: dict[str, deque[Line]] = {r.name: deque(maxlen=HISTORY) for r in rooms}
        self._order = itertools.count()
        self._room_buckets = {r.name: TokenBucket(ROOM_RATE, ROOM_BURST) for r in rooms}
        self._seat_buckets: dict[int, TokenBucket] = {}

    def join(self, conn: Conn) -> None:
        """A connection joined: if it asked for the chat, it learns who watches and gets the
        recent lines; a seat's first connection is announced to the others."""
        self.table.audience.join(conn)
        seat = conn.seat
        if seat is not None and self.table.connected[seat] == 1:
            self.system("joined", seat, but=conn)
        if conn.chat:
            self.send_history(conn)

    def leave(self, conn: Conn) -> None:
        """A connection left: a seat's last one is announced."""
        self.table.audience.leave(conn)
        if conn.seat is not None and self.table.connected[conn.seat] == 0:
            self.system("left", conn.seat)

    def room_of(self, seat: int | None) -> Room:
        """Where a connection's words go: the first room it may write in."""
        return next(r for r in self.rooms if r.writes(seat))

    def say(self, conn: Conn, text: Any) -> None:
        """A line from ``conn``, checked, kept and sent to every reader of its room; an error to
        ``conn`` (and nothing kept or sent) when it is refused."""
        if not isinstance(text, str):
            conn.error("bad_message")
            return
        if len(text) > MAX_TEXT:
            conn.error("chat_too_long", limit=MAX_TEXT)
            return
        text = shown(text)
        if not text:
            conn.error("chat_empty")
            return
        audience = self.table.audience
        if conn.seat is not None:
            allowed = self._seat_buckets.setdefault(conn.seat, TokenBucket(1 / EVERY, BURST)).take()
        else:
            allowed = audience.may_say(conn)
        room = self.room_of(conn.seat)
        if not allowed:
            conn.error("chat_too_fast", limit=BURST, seconds=int(EVERY))
            return
        if not self._room_buckets[room.name].take():
            conn.error("chat_busy")
            return
        if conn.seat is not None:
            name = self.table.row.seats[conn.seat].name
            self._add(Line(next(self._order), room, _now(), seat=conn.seat, name=name, text=text))
        else:
            watcher, name = audience.who(conn)
            self._add(Line(next(self._order), room, _now(), watcher=watcher, name=name, text=text))

    def system(self, key: str, seat: int, but: Conn | None = None) -> None:
        """A system line about ``seat`` in the players' room (``server.chat.<key>``), sent to
        every reader but ``but`` (who gets it with the history).

        A presence or visibility line replaces the room's last line when that one said the
        same kind of thing about the same seat: a seat that reconnects in a loop, or flips the
        table's visibility, cannot push what people said out of the history."""
        line = Line(next(self._order), PLAYERS, _now(), system=key, params=(("seat", seat),))
        history = self.history[PLAYERS.name]
        kind = COLLAPSING.get(key)
        if kind is not None and history:
            last = history[-1]
            if last.system is not None and COLLAPSING.get(last.system) == kind and last.params == line.params:
                history.pop()
        self._add(line, but)

    def _add(self, line: Line, but: Conn | None = None) -> None:
        self.history[line.room.name].append(line)
        texts: dict[str, dict[str, Any]] = {}
        for conn in list(self.table.conns):
            if conn.chat and conn is not but and line.room.reads(conn.seat):
                item = texts.get(conn.lang)
                if item is None:
                    item = texts[conn.lang] = self.line_json(line, conn.lang)
                conn.send({"type": "chat", "lines": [item], "history": False})

    def send_history(self, conn: Conn) -> None:
        """The recent lines of every room ``conn`` reads, oldest first (on joining, so on every
        reconnect: the client replaces what it showed).

        It is queued with the welcome and the first update, before the connection sends
        anything, and a queue past its byte limit drops the connection: so the history holds
        the newest lines that fit in half of what the queue has left (a hundred lines of 500
        emoji would not), never so many that joining fails."""
        lines = sorted(
            (line for r in self.rooms if r.reads(conn.seat) for line in self.history[r.name]),
            key=lambda line: line.order,
        )
        items = [self.line_json(x, conn.lang) for x in lines]
        room = (conn.outbox.limit - conn.outbox.queued) // 2
        message = {"type": "chat", "lines": items, "history": True}
        while items and sys.getsizeof(dumps(message)) > room:
            del items[: max(1, len(items) // 4)]
        conn.send(message)

    def line_json(self, line: Line, lang: str) -> dict[str, Any]:
        item: dict[str, Any] = {"room": line.room.name, "at": line.at}
        if line.system is not None:
            params = dict(line.params)
            text = translate(lang, f"server.chat.{line.system}", params, self.table.names(lang))
            item.update(system=line.system, params=params, text=text)
        else:
            item.update(seat=line.seat, watcher=line.watcher, name=line.name, text=line.text)
        return item


def _now() -> int:
    return int(time.time() * 1000)
