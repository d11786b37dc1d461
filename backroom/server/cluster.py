"""Several worker processes as one service: Redis carries what passes between them.

Each worker (``backroom serve --workers N --redis URL``, on one machine or several, on one
PostgreSQL) holds the tables whose leases it took (``leases.py``). A request for a table that
another live worker holds is served by that worker: a WebSocket is handed to it, socket and
all, when it runs on this machine (``handoff.py``); otherwise ``Forwarding`` relays the whole
ASGI connection, the socket stays where it landed (one address for clients), and every ASGI
message in either direction crosses Redis pub/sub on the receiving worker's channel
(``tunnel.py``). The owner runs its own application on it, so admission, rate limits, tokens
and hidden information are checked where the table is, exactly as for a local connection.

A worker says it is alive with a key that expires (``HEARTBEAT`` seconds, renewed every
second), and publishes the lobby's view of each table it holds beside it, so that every
worker lists every table alike. A worker whose key is gone is dead: its tables' leases are
taken at once (the fence makes that safe even if it was only paused), and the sockets
forwarded to it are closed so that their clients reconnect to the tables' new owners.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import random
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import orjson

from backroom.server.connections import ABORT
from backroom.server.handoff import Adopt, Handoff
from backroom.server.settings import data_dir
from backroom.server.transport import refuse
from backroom.server.tunnel import Tunnels
from backroom.server.wire import was_handed_over

if TYPE_CHECKING:
    from starlette.types import ASGIApp, Receive, Scope, Send

    from backroom.server.hub import Hub

log = logging.getLogger("backroom.server")

HEARTBEAT = 3.0
"""Seconds a worker's alive key lasts: a dead worker is known as such within this."""

BEAT_EVERY = 1.0

ADOPT_EVERY = 3
"""Heartbeats between two looks for tables with work (bots, timers) that no worker holds."""

TABLE_PATH = re.compile(r"^/(?:ws|api/tables)/([A-Za-z0-9_-]{1,32})(?:/|$)")
"""Requests about one table: served where the table is."""


def alive_key(owner: str) -> str:
    return f"backroom:alive:{owner}"


def lobby_key(table_id: str) -> str:
    return f"backroom:lobby:{table_id}"


class Cluster:
    """This worker's link to the others: its heartbeat, its lobby entries, its tunnels."""

    def __init__(
        self,
        redis_url: str,
        hub: Hub,
        lobby_entry: Callable[[Any], dict[str, Any]],
        adopt: Adopt | None = None,
    ) -> None:
        import redis.asyncio as aioredis

        self.redis: Any = aioredis.from_url(redis_url)
        self.hub = hub
        self.owner = hub.leases.owner
        self.lobby_entry = lobby_entry
        self.tunnels = Tunnels(self.redis, self.owner, self.alive)
        self.handoff = None if adopt is None else Handoff(data_dir() / "run", self.owner, adopt, refuse)
        """Sockets handed between the workers of this machine; None: all relayed."""
        self._beat: asyncio.Task[None] | None = None

    async def start(self, app: ASGIApp) -> None:
        await self._heartbeat()
        await self.tunnels.start(app)
        if self.handoff is not None and not self.handoff.start():
            self.handoff = None
        self._beat = asyncio.create_task(self._beating(), name="heartbeat")

    async def stop(self) -> None:
        if self._beat is not None:
            self._beat.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._beat
        await self.tunnels.stop()
        if self.handoff is not None:
            self.handoff.stop()
        with contextlib.suppress(Exception):
            await self.redis.delete(alive_key(self.owner))
        await self.redis.aclose()

    async def alive(self, owner: str) -> bool:
        return owner == self.owner or bool(await self.redis.exists(alive_key(owner)))

    async def _beating(self) -> None:
        for beat in itertools.count(1):
            await asyncio.sleep(BEAT_EVERY)
            try:
                await self._heartbeat()
                await self.tunnels.drop_dead_peers()
            except Exception as exc:  # Redis away: the others will take the tables, fenced
                log.warning("heartbeat to Redis failed: %s", exc)
            if beat % ADOPT_EVERY == 0:
                try:
                    await self._adopt()
                except Exception as exc:
                    log.warning("looking for tables nobody holds failed: %s", exc)

    async def _adopt(self) -> None:
        """Take the tables with work to do whose lease runs nowhere (their worker died with
        nobody connected to them): their bots play on. Every worker looks, in its own random
        order; the lease lets one take each."""
        candidates = [
            t for t in await asyncio.to_thread(self.hub.store.resumable_ids) if t not in self.hub.tables
        ]
        held = await asyncio.to_thread(self.hub.leases.running, candidates)
        orphans = [t for t in candidates if t not in held]
        random.shuffle(orphans)
        for table_id in orphans:
            await self.hub.resume(table_id)

    async def _heartbeat(self) -> None:
        ttl = int(HEARTBEAT * 1000)
        pipe = self.redis.pipeline(transaction=False)
        pipe.set(alive_key(self.owner), b"1", px=ttl)
        for table_id, table in list(self.hub.tables.items()):
            pipe.set(lobby_key(table_id), orjson.dumps(self.lobby_entry(table)), px=ttl)
        await pipe.execute()

    async def lobby_entries(self, table_ids: list[str]) -> dict[str, dict[str, Any]]:
        """The lobby's view of those of ``table_ids`` that other workers hold now."""
        if not table_ids:
            return {}
        found = await self.redis.mget([lobby_key(t) for t in table_ids])
        return {t: orjson.loads(v) for t, v in zip(table_ids, found, strict=True) if v is not None}

    async def holder_elsewhere(self, table_id: str) -> str | None:
        """The live worker, other than this one, that holds ``table_id`` now (None: here, or
        nobody: this worker may take it)."""
        if table_id in self.hub.tables:
            return None
        holder = await asyncio.to_thread(self.hub.leases.holder, table_id)
        if holder is None or holder == self.owner or not await self.alive(holder):
            return None
        return holder


class Forwarding:
    """ASGI middleware: a request about a table another worker holds is served there."""

    def __init__(self, app: ASGIApp, cluster: Callable[[], Cluster | None]) -> None:
        self.app = app
        self.cluster = cluster

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        cluster = self.cluster()
        if cluster is not None and scope["type"] in ("http", "websocket") and not scope.get("forwarded"):
            match = TABLE_PATH.match(scope["path"])
            if match is not None:
                holder = await cluster.holder_elsewhere(match[1])
                if holder is not None:
                    hand_over = scope.get("extensions", {}).get(ABORT, {}).get("hand_over")
                    handoff = cluster.handoff
                    if hand_over is not None and handoff is not None and not was_handed_over(scope):
                        # Returns only if the holder is not on this machine, or not reading.
                        hand_over(lambda fd, request: handoff.hand(holder, fd, request))
                    await cluster.tunnels.forward(holder, scope, receive, send)
                    return
        await self.app(scope, receive, send)
