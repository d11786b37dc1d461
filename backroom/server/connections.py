"""Bounds on WebSocket connections (issue 11): what one connection may make the server hold,
and who may open one now.

A client that stops reading must not grow the server's memory (``Outbox``: a queue bounded in
bytes), and a flood of (re)connections must cost a refusal, not a join broadcast to every seat
(``Admission``: caps per address, per table and per seat, and rates per address and per seat).
Aborting a socket and the HTTP-level guards are in ``transport.py``; which addresses are
trusted proxies (``trusts``), here.
"""

from __future__ import annotations

import asyncio
import ipaddress
import sys
import time
from collections import Counter, deque
from collections.abc import Awaitable, Callable, Hashable, Iterable, MutableMapping, Sequence
from typing import TYPE_CHECKING, Any

from backroom.server.settings import Limits

if TYPE_CHECKING:
    from backroom.server.live import LiveTable

ABORT = "backroom.abort"
"""The ASGI scope extension through which the server lends a WebSocket endpoint its transport's
``abort`` and ``write``: ``scope["extensions"][ABORT]["abort"]()`` drops the connection at
once, without the closing handshake that a peer that does not read would never complete;
``["write"](texts)`` sends them as text frames now, in one write, if the socket takes them
(True), without the ASGI send's layers and the send loop's wake-up: most of the server's work
per message otherwise; ``["receive"]()`` awaits the socket's next message as uvicorn's ASGI
receive does, without Starlette's layer over it; ``["hand_over"](hand)``, before the
handshake, gives the socket to another worker of this machine (``handoff.py``);
``["closing"]()`` says whether a close would write nothing (``lent_closing``)."""


def transport_lent(
    scope: MutableMapping[str, Any],
) -> tuple[Callable[[], None], Callable[[Sequence[str]], bool]] | None:
    """The transport's ``abort`` and ``write`` lent through the ``ABORT`` extension, or None
    where the server lends none (Starlette's test client, another ASGI server, a connection
    relayed from another worker)."""
    extension = (scope.get("extensions") or {}).get(ABORT)
    return None if extension is None else (extension["abort"], extension["write"])


def lent_receive(scope: MutableMapping[str, Any]) -> Callable[[], Awaitable[Any]] | None:
    """The transport's own ``receive`` lent through the ``ABORT`` extension, or None."""
    extension = (scope.get("extensions") or {}).get(ABORT)
    return None if extension is None else extension.get("receive")


def lent_closing(scope: MutableMapping[str, Any]) -> Callable[[], bool] | None:
    """Whether the socket is past sending anything (its close sent or received, the peer gone,
    the transport closing), lent through the ``ABORT`` extension, or None: a close then writes
    nothing, and only raises (uvicorn) or does nothing."""
    extension = (scope.get("extensions") or {}).get(ABORT)
    return None if extension is None else extension.get("closing")


class TokenBucket:
    """``rate`` tokens a second, at most ``burst`` (default: ``rate``) saved up."""

    __slots__ = ("rate", "burst", "tokens", "stamp")

    def __init__(self, rate: float, burst: float | None = None) -> None:
        self.rate = rate
        self.burst = rate if burst is None else burst
        self.tokens = self.burst
        self.stamp = time.monotonic()

    def saved(self, now: float) -> float:
        """The tokens saved up by ``now``: those left at the last take and what has refilled."""
        return min(self.burst, self.tokens + (now - self.stamp) * self.rate)

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = self.saved(now)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


class Buckets:
    """One ``TokenBucket`` per key (an address, a seat), ``per_minute`` in bursts of ``burst``
    (default: as many).
    Memory is bounded: past ``MAX_KEYS`` keys, the full buckets (keys that have waited long
    enough to start afresh anyway) are forgotten."""

    MAX_KEYS = 100_000

    def __init__(self, per_minute: float, burst: float | None = None) -> None:
        self.per_minute = per_minute
        self.burst = per_minute if burst is None else burst
        self._buckets: dict[Hashable, TokenBucket] = {}

    def take(self, key: Hashable) -> bool:
        bucket = self._buckets.get(key)
        if bucket is None:
            if len(self._buckets) >= self.MAX_KEYS:
                now = time.monotonic()
                self._buckets = {k: b for k, b in self._buckets.items() if b.saved(now) < b.burst}
            bucket = self._buckets[key] = TokenBucket(self.per_minute / 60, self.burst)
        return bucket.take()


class Outbox:
    """The messages waiting to be sent on one connection, at most ``limit`` bytes of them.

    Bounded in bytes, not in messages: a thousand full updates of a big table are megabytes,
    and that times every socket that stopped reading was what took the server past a gigabyte.
    Until the send loop first takes from it, every message is taken, however large: a joining
    connection's welcome, its update with the recent log and the chat's backlog are one burst
    the server itself made (bounded by what a table keeps), and an honest client must get all
    of it. Counting the welcome against the bound once made a long game's update too big for
    the queue behind it: every rejoin was welcomed, dropped and retried for ever. After that,
    a message that would take the queue past ``limit`` is refused, unless the queue is empty."""

    __slots__ = ("limit", "queued", "_items", "_ready", "_closed", "_taking", "_waiting")

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.queued = 0
        """Bytes held now (Python's own size of each string: what the memory costs)."""
        self._items: deque[str] = deque()
        self._ready = asyncio.Event()
        self._closed = False
        self._taking = False
        """Whether the send loop has taken a message yet (the join's burst is over then)."""
        self._waiting = False
        """Whether the send loop waits for a message, having sent every one it took."""

    @property
    def idle(self) -> bool:
        """Nothing queued or being sent: a message may bypass the queue without overtaking one."""
        return self._waiting and not self._items and not self._closed

    def put(self, text: str) -> bool:
        """Queue ``text``; False, queuing nothing, when it would take the queue past its limit."""
        size = sys.getsizeof(text)
        if self._taking and self._items and self.queued + size > self.limit:
            return False
        self._items.append(text)
        self.queued += size
        self._ready.set()
        return True

    def close(self) -> None:
        """No more messages: ``get`` returns None once the queued ones are taken."""
        self._closed = True
        self._ready.set()

    async def get(self) -> str | None:
        self._taking = True
        while not self._items:
            if self._closed:
                return None
            self._ready.clear()
            self._waiting = True
            try:
                await self._ready.wait()
            finally:
                self._waiting = False
        text = self._items.popleft()
        self.queued -= sys.getsizeof(text)
        return text


class Admission:
    """Who may open a WebSocket now. Refusals are protocol error codes (docs/protocol.md); the
    endpoint sends them in the client's language and closes with ``CLOSE_TRY_LATER``."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.open: Counter[str] = Counter()
        """WebSockets open per client address."""
        self._addresses = Buckets(limits.connects_per_minute)
        self._seats = Buckets(limits.seat_connects_per_minute)

    def enter(self, address: str) -> tuple[str, int] | None:
        """Count a new connection from ``address``, or say why it may not open one now: the
        refusal's code and the limit it ran into. Every admitted one must ``leave``."""
        if self.open[address] >= self.limits.connections_per_address:
            return "too_many_connections", self.limits.connections_per_address
        if not self._addresses.take(address):
            return "connecting_too_fast", int(self.limits.connects_per_minute)
        self.open[address] += 1
        return None

    def leave(self, address: str) -> None:
        self.open[address] -= 1
        if self.open[address] <= 0:
            del self.open[address]

    def seat_refusal(self, table_id: str, seat: int) -> tuple[str, int] | None:
        """A seat reconnecting faster than ``seat_connects_per_minute``: refused before it joins,
        so the other seats hear nothing of it."""
        if self._seats.take((table_id, seat)):
            return None
        return "connecting_too_fast", int(self.limits.seat_connects_per_minute)

    def table_refusal(self, table: LiveTable, seat: int | None) -> tuple[str, int] | None:
        """Whether ``table`` has room for one more connection of ``seat`` (None: a spectator).
        Called under the table's lock, with the join that follows it, so concurrent joins
        cannot all pass. Spectators get what the seats' own room leaves of the table's cap."""
        per_seat = self.limits.connections_per_seat
        if seat is not None:
            return ("seat_full", per_seat) if table.connected[seat] >= per_seat else None
        spectators = len(table.conns) - sum(table.connected)
        room = self.limits.connections_per_table - table.row.players * per_seat
        return ("table_full", self.limits.connections_per_table) if spectators >= room else None


def trusts(proxies: Iterable[str]) -> Callable[[str], bool]:
    """Whether an address is one of ``proxies``, written as uvicorn's ``forwarded_allow_ips``
    takes them (``backroom serve --trusted-proxy``): addresses, networks, or ``*`` for all."""
    given = list(proxies)
    if "*" in given:
        return lambda host: True
    networks = []
    names = set()
    for proxy in given:
        try:
            networks.append(ipaddress.ip_network(proxy, strict=False))
        except ValueError:
            names.add(proxy)  # a Unix socket path, say

    def trusted(host: str) -> bool:
        if host in names:
            return True
        if not networks:  # the usual case: no address to parse at every connection
            return False
        try:
            address = ipaddress.ip_address(host)
        except ValueError:
            return False
        return any(address in network for network in networks)

    return trusted
