"""The server's defaults and where its database lives: plain values and functions, so that
``backroom serve --help`` (and every other command) starts without the web and database stack.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

RATE = 20.0
"""Messages per second a connection may send, with bursts of as many."""

TABLES_PER_MINUTE = 30.0
"""Tables one client address may create a minute (in bursts of as many): friends make a few,
a script looping on the lobby API must not fill the database and push real tables out of
the list."""

MAX_CONNECTIONS = 1000
"""Connections (HTTP and WebSocket) the process holds at once; past it a new connection is
answered 503 and closed before anything is read. Below the usual open-file limit of 1024, which
the server raises when it may (``backroom serve``), so the process never runs out of descriptors
and stops accepting anyone."""

CONNECTIONS_PER_ADDRESS = 50
"""Connections one client address may hold at once: WebSockets by the address the app sees
(behind a trusted proxy, the visitor's), and every TCP connection from a peer that is not a
trusted proxy. A family behind one router opens a few; agents running many seats from one
machine raise it."""

CONNECTIONS_PER_TABLE = 200
"""WebSockets one table may hold, spectators included. Each seat keeps room for
``CONNECTIONS_PER_SEAT`` of its own, so spectators may fill only what the seats leave: a crowd
watching can never lock a player out of their own game."""

CONNECTIONS_PER_SEAT = 3
"""WebSockets one seat may hold at once (a browser tab or two and an agent)."""

CONNECTS_PER_MINUTE = 120.0
"""WebSockets one client address may open a minute (in bursts of as many): a reconnect loop
costs a handshake and a refusal, not a join broadcast to every seat."""

SEAT_CONNECTS_PER_MINUTE = 12.0
"""(Re)connections one seat may make a minute (in bursts of as many). The browser backs off
from 0.5 s to 15 s between attempts, so an honest client stays well under it."""

QUEUE_BYTES = 32 * 1024
"""Bytes of messages queued for one connection that is not keeping up (the first message is
always queued, however large). The kernel's socket buffers take hundreds of kilobytes before
anything waits here, so past it the client is not reading: its connection is aborted, and a
lagging honest client reconnects and gets the whole state again in one update."""

WRITE_BUFFER_BYTES = 16 * 1024
"""Bytes a WebSocket's transport holds beyond what the kernel took before its sends wait (and
its messages queue, bounded by ``QUEUE_BYTES``); asyncio's default is 64 KiB."""

SOCKET_BUFFER_BYTES = 32 * 1024
"""A WebSocket's kernel send buffer (``SO_SNDBUF``; Linux books twice that). Left to itself the
kernel grows it to 4 MiB for a peer that does not read (measured: 835 KB waiting for one such
socket), kernel memory that a thousand of them would exhaust for the whole machine. 32 KiB
still carries 160 KB/s over a 200 ms round trip, far more than a game's updates. With the
transport's buffer and the queue, what one connection that stopped reading can make the
server hold: about 112 KiB, a quarter of it in the process."""

COLLECTOR_THRESHOLDS = (7000, 20, 100)
"""The cyclic garbage collector's thresholds while a server runs (Python's: 700, 10, 10). Its
full passes stop the event loop for a time that grows with what is alive: 40-380 ms with 300
tables, and at 1,000 tables on one process they set the 99th percentile of a move's round trip
(0.5 s, docs/benchmarks.md). Younger generations collected ten times less often promote less,
and full passes come about five times less often (counted at 300 tables); reference counting
still frees nearly everything at once."""

SEND_TIMEOUT = 10.0
"""Seconds one message may wait for the socket to take it. A send that blocks this long means
the peer stopped reading (the kernel's and the transport's buffers are full): the connection is
aborted, not closed politely (a closing handshake would wait on the same full buffers)."""

PRESENCE_INTERVAL = 0.5
"""Seconds between two broadcasts of who is connected at one table: joins and leaves within it
are sent together, so a reconnect loop cannot flood the other seats."""

HEADER_TIMEOUT = 10.0
"""Seconds a client has to send a request's headers (from the connection's first byte or the
start of the next request); then the connection is closed. Slow half-sent requests (slowloris)
would otherwise hold their descriptors forever."""

HEAD_BYTES = 32 * 1024
"""Bytes of one request's head (its request line and headers): a browser's are one or two KiB,
and nginx's own default allows 32 KiB. uvicorn and httptools set no bound of their own: 200 MB
of headers were held whole."""

FRAME_BYTES = 64 * 1024
"""Bytes of one WebSocket message the server reads (its fragments are held until the last):
past it the socket is closed (1009). Messages over the protocol's 16 KiB are refused anyway
(``too_large``); uvicorn's default, 1 MiB, let a client that answers pings hold 1 MiB of every
socket it opened, a gigabyte for a thousand."""

PIPELINED = 16
"""Requests one connection may send ahead of the answers to those before it (HTTP/1.1
pipelining, which browsers do not use): each waits with its whole state, and 10,000 of them sent
at once, their answers unread, grew the server by 25 MB a connection. Past it the connection is
dropped."""

BODY_TIMEOUT = 10.0
"""Seconds a client has to send a request's body once its headers are in (bodies are at most
64 KiB)."""


@dataclass(frozen=True, slots=True)
class Limits:
    """The bounds on connections that ``backroom serve`` flags set; each field's default is
    the setting of the same name above."""

    max_connections: int = MAX_CONNECTIONS
    connections_per_address: int = CONNECTIONS_PER_ADDRESS
    connections_per_table: int = CONNECTIONS_PER_TABLE
    connections_per_seat: int = CONNECTIONS_PER_SEAT
    connects_per_minute: float = CONNECTS_PER_MINUTE
    seat_connects_per_minute: float = SEAT_CONNECTS_PER_MINUTE
    queue_bytes: int = QUEUE_BYTES
    send_timeout: float = SEND_TIMEOUT
    presence_interval: float = PRESENCE_INTERVAL
    header_timeout: float = HEADER_TIMEOUT
    body_timeout: float = BODY_TIMEOUT


DEFAULT_LIMITS = Limits()


EXPIRE_UNPLAYED = 24 * 3600.0
"""Seconds after its creation that a table nobody played (no action stored) is deleted: a
table made and forgotten, or made by a script by the thousand, must not stay forever."""

_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


def parse_duration(text: str) -> float | None:
    """``90s``, ``30m``, ``24h``, ``7d`` or plain seconds, as seconds; ``off``: never (None).
    ValueError for anything else, or for a duration that is not positive."""
    text = text.strip().lower()
    if text in ("off", "never"):
        return None
    unit = _UNITS.get(text[-1:], 0)
    number = text[:-1] if unit else text
    seconds = float(number) * (unit or 1)  # ValueError if it is no number
    if not 0 < seconds < float("inf"):
        raise ValueError(f"not a positive duration: {text!r}")
    return seconds


SEARCH_WORKERS = 1
"""Processes in which search bots think (``backroom.server.thinking``): as many searches run at
once, the others wait their turn; the event loop never runs one."""

SEARCH_ITERATIONS: int | None = None
"""Iterations a search bot spends on each move at a table; None: each game's own budget
(``Manifest.search``, else 1000), within a second a move on one core."""


def data_dir() -> Path:
    """Where the embedded database lives: ``$BACKROOM_DATA_DIR``, else the XDG data home."""
    given = os.environ.get("BACKROOM_DATA_DIR")
    if given:
        return Path(given)
    xdg = os.environ.get("XDG_DATA_HOME")
    return (Path(xdg) if xdg else Path.home() / ".local" / "share") / "backroom"


def default_url() -> str:
    return f"sqlite:///{data_dir() / 'backroom.db'}"


def normalize_url(url: str) -> str:
    """``postgresql://`` and ``postgres://`` mean psycopg 3, the driver Backroom ships with."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url
