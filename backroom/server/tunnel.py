"""ASGI connections carried between workers over Redis pub/sub (``cluster.py``).

The worker a client reached (the edge) keeps the socket and relays its ASGI messages to the
worker that holds the table (the owner), which runs its application on them and sends its
answers back the same way. Each worker reads one channel, its own; a message names its
connection. Bytes travel as base64 and headers as Latin-1, ASGI's own encoding of them.

Every resource stays bounded: a connection's queue holds ``QUEUE`` messages at most (past
that it is dropped, as a client that does not read is), and a connection whose other end's
worker died (its alive key gone) ends within a heartbeat: the edge closes the client's socket
(1012, "service restart": reconnecting reaches the table's new owner), the owner disconnects
its side.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import orjson

from backroom.server.protocol import CLOSE_RESTART

if TYPE_CHECKING:
    from starlette.types import ASGIApp, Message, Receive, Scope, Send

log = logging.getLogger("backroom.server")

QUEUE = 1024
"""Messages waiting per relayed connection, either side."""

GONE: dict[str, Any] = {"type": "backroom.gone"}
"""Put in a connection's queue when its other end can no longer answer."""


def channel(owner: str) -> str:
    return f"backroom:worker:{owner}"


def encode(message: Message) -> dict[str, Any]:
    out = dict(message)
    for key in ("body", "bytes"):
        if isinstance(out.get(key), bytes):
            out[key] = base64.b64encode(out[key]).decode("ascii")
            out[key + "64"] = True
    if "headers" in out:
        out["headers"] = [[k.decode("latin-1"), v.decode("latin-1")] for k, v in out["headers"]]
    return out


def decode(message: dict[str, Any]) -> Message:
    out = dict(message)
    for key in ("body", "bytes"):
        if out.pop(key + "64", False):
            out[key] = base64.b64decode(out[key])
    if "headers" in out:
        out["headers"] = [(k.encode("latin-1"), v.encode("latin-1")) for k, v in out["headers"]]
    return out


def _scope_out(scope: Scope) -> dict[str, Any]:
    """What the owner needs of the request to answer it as if it had come to it."""
    keep = ("type", "asgi", "http_version", "method", "scheme", "path", "raw_path", "root_path")
    out = {k: scope[k] for k in keep if k in scope}
    out["raw_path"] = scope.get("raw_path", b"").decode("latin-1")
    out["query_string"] = scope.get("query_string", b"").decode("latin-1")
    out["headers"] = [[k.decode("latin-1"), v.decode("latin-1")] for k, v in scope.get("headers", [])]
    out["client"] = list(scope["client"]) if scope.get("client") else None
    out["server"] = list(scope["server"]) if scope.get("server") else None
    out["subprotocols"] = list(scope.get("subprotocols", []))
    return out


def _scope_in(data: dict[str, Any]) -> Scope:
    scope = dict(data)
    scope["raw_path"] = data["raw_path"].encode("latin-1")
    scope["query_string"] = data["query_string"].encode("latin-1")
    scope["headers"] = [(k.encode("latin-1"), v.encode("latin-1")) for k, v in data["headers"]]
    scope["client"] = tuple(data["client"]) if data["client"] else None
    scope["server"] = tuple(data["server"]) if data["server"] else None
    scope["extensions"] = {}
    scope["forwarded"] = True
    if scope["type"] == "http":
        scope.pop("subprotocols", None)
    return scope


class Relayed:
    """One connection relayed through this worker: its queue, and the worker at the other end."""

    __slots__ = ("peer", "queue")

    def __init__(self, peer: str) -> None:
        self.peer = peer
        self.queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue(QUEUE)

    def put(self, message: dict[str, Any]) -> None:
        try:
            self.queue.put_nowait(message)
        except asyncio.QueueFull:  # the other end floods or this end stopped reading
            self.queue = asyncio.Queue(1)
            self.queue.put_nowait(GONE)


class Tunnels:
    """Both ends of every connection this worker relays."""

    def __init__(self, redis: Any, owner: str, alive: Callable[[str], Awaitable[bool]]) -> None:
        self.redis = redis
        self.owner = owner
        self.alive = alive
        self.relayed: dict[str, Relayed] = {}
        self._app: ASGIApp | None = None
        self._reader: asyncio.Task[None] | None = None
        self._serving: set[asyncio.Task[None]] = set()
        self._pubsub: Any = None

    async def start(self, app: ASGIApp) -> None:
        self._app = app
        self._pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        await self._pubsub.subscribe(channel(self.owner))
        self._reader = asyncio.create_task(self._read(), name="tunnels")

    async def stop(self) -> None:
        for relayed in self.relayed.values():
            relayed.put(GONE)
        tasks = [t for t in (self._reader, *self._serving) if t is not None]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        if self._pubsub is not None:
            await self._pubsub.aclose()

    async def _publish(self, peer: str, message: dict[str, Any]) -> None:
        await self.redis.publish(channel(peer), orjson.dumps(message))

    async def _read(self) -> None:
        async for item in self._pubsub.listen():
            try:
                message = orjson.loads(item["data"])
                kind, conn = message["k"], message["c"]
            except (orjson.JSONDecodeError, KeyError, TypeError):
                log.warning("a message on this worker's channel is not a tunnel's; ignored")
                continue
            if kind == "open":
                relayed = self.relayed[conn] = Relayed(message["e"])
                task = asyncio.create_task(self._serve(conn, relayed, message["scope"]))
                self._serving.add(task)
                task.add_done_callback(self._serving.discard)
            elif (known := self.relayed.get(conn)) is not None:
                known.put(GONE if kind == "end" else message["m"])

    async def drop_dead_peers(self) -> None:
        """End every connection whose other end's worker died (called every heartbeat)."""
        for peer in {r.peer for r in self.relayed.values()}:
            if not await self.alive(peer):
                for relayed in self.relayed.values():
                    if relayed.peer == peer:
                        relayed.put(GONE)

    # -- the owner's end: the application answers a connection that reached another worker

    async def _serve(self, conn: str, relayed: Relayed, scope: dict[str, Any]) -> None:
        assert self._app is not None
        edge = relayed.peer
        first: list[str] = []
        """The type of the first message the application read."""

        async def receive() -> Message:
            message = await relayed.queue.get()
            if message is GONE:
                out: Message = (
                    {"type": "websocket.disconnect", "code": 1006}
                    if scope["type"] == "websocket"
                    else {"type": "http.disconnect"}
                )
            else:
                out = decode(message)
            if not first:
                first.append(out["type"])
            return out

        async def send(message: Message) -> None:
            await self._publish(edge, {"k": "out", "c": conn, "m": encode(message)})

        try:
            await self._app(_scope_in(scope), receive, send)
        except Exception:
            if first == ["websocket.disconnect"]:  # the application expected a socket to open
                log.info("a client relayed from %s left before its socket opened", edge)
            else:
                log.exception("a connection relayed from %s failed", edge)
        finally:
            self.relayed.pop(conn, None)
            with contextlib.suppress(Exception):
                await self._publish(edge, {"k": "end", "c": conn})

    # -- the edge's end: a client's connection whose table another worker holds

    async def forward(self, owner: str, scope: Scope, receive: Receive, send: Send) -> None:
        conn = secrets.token_hex(8)
        relayed = self.relayed[conn] = Relayed(owner)
        pump = asyncio.create_task(self._pump_in(owner, conn, receive))
        started = False
        try:
            await self._publish(owner, {"k": "open", "c": conn, "e": self.owner, "scope": _scope_out(scope)})
            while True:
                message = await relayed.queue.get()
                if message is GONE:
                    break
                out = decode(message)
                await send(out)
                started = started or out["type"] == "http.response.start"
                if out["type"] == "websocket.close" or (
                    out["type"] == "http.response.body" and not out.get("more_body")
                ):
                    return
            # The owner died (or dropped this connection) before answering in full; the client
            # may have gone already, and then there is nobody to tell.
            with contextlib.suppress(Exception):
                if scope["type"] == "websocket":
                    await send({"type": "websocket.close", "code": CLOSE_RESTART})
                elif not started:
                    await send({"type": "http.response.start", "status": 503, "headers": []})
                    await send({"type": "http.response.body", "body": b""})
        finally:
            pump.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await pump
            self.relayed.pop(conn, None)

    async def _pump_in(self, owner: str, conn: str, receive: Receive) -> None:
        """The client's messages, to the owner, until the client is gone."""
        while True:
            message = await receive()
            await self._publish(owner, {"k": "in", "c": conn, "m": encode(message)})
            if message["type"] in ("websocket.disconnect", "http.disconnect"):
                return
