"""Take a seat at a Backroom server from Python: a researcher's agent plays remotely.

The protocol is in docs/protocol.md. ``connect`` opens a seat (or spectates without a token);
``Seat.updates()`` yields what the seat sees; ``Seat.act`` plays and waits for the server's
acknowledgement, which means the action is durably stored. ``play_sync`` wraps the whole loop
for a plain function ``policy(update) -> action``.
"""

from __future__ import annotations

import asyncio
import itertools
import secrets
from collections import deque
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit, urlunsplit

import orjson
import websockets

Update = dict[str, Any]

CHAT_KEPT = 200
"""Chat lines a ``Seat`` keeps (the server's history holds 100 per room)."""

RATE_RETRIES = 5
"""Times an action refused for the server's rate limit is sent again before giving up."""


class ActionRefused(Exception):
    """The server refused an action or message; ``code`` is the protocol's error code."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


def ws_url(base: str, invite: str) -> tuple[str, str | None]:
    """The WebSocket URL and token of an invite link (``/t/{id}?token=...``) on ``base``
    (``http://host:8000``)."""
    parts = urlsplit(base)
    scheme = "wss" if parts.scheme == "https" else "ws"
    invite_parts = urlsplit(invite)
    table_id = invite_parts.path.rstrip("/").rsplit("/", 1)[-1]
    token = parse_qs(invite_parts.query).get("token", [None])[0]
    return urlunsplit((scheme, parts.netloc, f"/ws/{table_id}", "", "")), token


class Seat:
    """One connection to a table. Create it with ``connect``."""

    def __init__(self, ws: Any) -> None:
        self._ws = ws
        self.welcome: dict[str, Any] = {}
        self.latest: Update | None = None
        self.errors: list[dict[str, Any]] = []
        self._updates: asyncio.Queue[Update | None] = asyncio.Queue()
        self._pending: dict[str, asyncio.Future[int]] = {}
        self._counter = itertools.count(1)
        self._prefix = secrets.token_hex(4)
        self._welcomed = asyncio.Event()
        self._reader: asyncio.Task[None] | None = None
        self.chat: deque[dict[str, Any]] = deque(maxlen=CHAT_KEPT)
        """The table's latest chat lines, oldest first (with ``connect(..., chat=True)``)."""
        self.watchers: dict[str, Any] = {}
        """Who watches the table: the latest ``watchers`` message (with ``chat=True``)."""

    @property
    def seat(self) -> int | None:
        seat: int | None = self.welcome.get("seat")
        return seat

    @property
    def version(self) -> int:
        return -1 if self.latest is None else int(self.latest["version"])

    async def _read(self) -> None:
        try:
            async for raw in self._ws:
                message = orjson.loads(raw)
                kind = message.get("type")
                if kind == "welcome":
                    self.welcome = message
                    self._welcomed.set()
                elif kind == "update":
                    self.latest = message
                    self._updates.put_nowait(message)
                elif kind == "chat":
                    if message["history"]:
                        self.chat.clear()
                    self.chat.extend(message["lines"])
                elif kind == "watchers":
                    self.watchers = message
                elif kind == "ack":
                    future = self._pending.pop(message.get("id"), None)
                    if future is not None and not future.done():
                        future.set_result(int(message["version"]))
                elif kind == "error":
                    future = self._pending.pop(message.get("id"), None)
                    refused = ActionRefused(message.get("code", ""), message.get("message", ""))
                    if future is not None and not future.done():
                        future.set_exception(refused)
                    else:
                        self.errors.append(message)
                        if not self._welcomed.is_set():
                            self._welcomed.set()
        except websockets.ConnectionClosed:
            pass
        finally:
            for future in self._pending.values():
                if not future.done():
                    future.set_exception(ActionRefused("closed", "the connection is closed"))
            self._pending.clear()
            self._welcomed.set()
            self._updates.put_nowait(None)

    async def updates(self) -> AsyncIterator[Update]:
        """Each update as it comes; several waiting ones are merged into the newest (with all
        their events), so a slow agent always decides on the current version."""
        while True:
            update = await self._updates.get()
            if update is None:
                return
            events = list(update["events"])
            while not self._updates.empty():
                newer = self._updates.get_nowait()
                if newer is None:
                    self._updates.put_nowait(None)
                    break
                events.extend(newer["events"])
                update = newer
            yield {**update, "events": events}

    async def act(self, action: list[Any] | tuple[Any, ...], version: int | None = None) -> int:
        """Play ``action`` answering ``version`` (default: the latest update's); returns the
        version of the stored action, or raises ``ActionRefused``. An action refused for the
        rate limit is sent again after a pause (the server changed nothing)."""
        attempt = 0
        while True:
            try:
                return await self._act_once(action, version)
            except ActionRefused as refused:
                attempt += 1
                if refused.code != "rate_limited" or attempt >= RATE_RETRIES:
                    raise
                await asyncio.sleep(0.1 * attempt)

    async def _act_once(self, action: list[Any] | tuple[Any, ...], version: int | None) -> int:
        client_id = f"{self._prefix}-{next(self._counter)}"
        future: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self._pending[client_id] = future
        message = {
            "type": "act",
            "action": list(action),
            "version": self.version if version is None else version,
            "id": client_id,
        }
        await self._ws.send(orjson.dumps(message).decode())
        return await future

    async def say(self, text: str) -> None:
        """Write a line in the table's chat (docs/protocol.md, "Chat"): the players' room for a
        seat, the spectators' for a spectator. A refusal (too long, too fast) lands in
        ``errors``; with ``chat=True`` the line, once taken, comes back in ``chat``."""
        await self._ws.send(orjson.dumps({"type": "say", "text": text}).decode())

    async def send_raw(self, message: Any) -> None:
        """Send any JSON (tests and protocol experiments)."""
        await self._ws.send(orjson.dumps(message).decode())

    async def close(self) -> None:
        await self._ws.close()
        if self._reader is not None:
            await self._reader


@asynccontextmanager
async def connect(
    url: str, token: str | None = None, lang: str = "en", *, compress: bool = True, chat: bool = False
) -> AsyncIterator[Seat]:
    """Open ``url`` (``ws://host:port/ws/{table_id}``) as the seat of ``token``, or as a
    spectator without one. Raises ``ActionRefused`` for an unknown table or a bad token.
    ``compress`` False turns off per-message deflate (cheaper on loopback); ``chat`` asks for
    the table's chat (``Seat.chat``, ``Seat.watchers``), which negotiating agents read."""
    parts = urlsplit(url)
    query = dict(parse_qs(parts.query))
    params = {k: v[0] for k, v in query.items()}
    params["lang"] = lang
    if token is not None:
        params["token"] = token
    if chat:
        params["chat"] = "1"
    full = urlunsplit((parts.scheme, parts.netloc, parts.path, urlencode(params), ""))
    compression = "deflate" if compress else None
    async with websockets.connect(full, max_size=1 << 24, compression=compression) as ws:
        seat = Seat(ws)
        seat._reader = asyncio.create_task(seat._read())
        await seat._welcomed.wait()
        if not seat.welcome:
            error = seat.errors[0] if seat.errors else {"code": "closed", "message": "closed"}
            raise ActionRefused(error["code"], error["message"])
        try:
            yield seat
        finally:
            await seat.close()


async def play(
    url: str, token: str, policy: Callable[[Update], Any], lang: str = "en"
) -> dict[str, Any] | None:
    """Play a seat to the end with ``policy(update) -> action``; returns the outcome."""
    async with connect(url, token, lang) as seat:
        answered = -1
        async for update in seat.updates():
            if update["outcome"] is not None:
                outcome: dict[str, Any] = update["outcome"]
                return outcome
            # An update may repeat a version already answered (it says who connected): acting
            # on it again would only be refused as stale.
            if update["legal"] and update["version"] > answered:
                answered = update["version"]
                try:
                    await seat.act(policy(update), update["version"])
                except ActionRefused as refused:
                    if refused.code not in ("stale_version", "not_your_turn", "game_over"):
                        raise
    return None


def play_sync(
    url: str, token: str, policy: Callable[[Update], Any], lang: str = "en"
) -> dict[str, Any] | None:
    """``play`` for code that is not async."""
    return asyncio.run(play(url, token, policy, lang))
