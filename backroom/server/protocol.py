"""The WebSocket endpoint: one receive loop and one send task per socket (docs/protocol.md).

Every client message is checked here for size, rate, JSON and shape before it reaches a
table; anything wrong is answered with an error naming the problem and changes nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
from collections.abc import Awaitable, Callable
from typing import Any

import orjson
from starlette.types import Message
from starlette.websockets import WebSocket, WebSocketDisconnect

from backroom.engine.actions import action_from_json
from backroom.i18n import LANGUAGES, normalize_language
from backroom.server.connections import lent_closing, lent_receive, transport_lent
from backroom.server.hub import Hub
from backroom.server.live import LiveTable
from backroom.server.messages import Conn, Refused, dumps, error_message, refusal_message
from backroom.server.origin import origin_allowed

MAX_MESSAGE = 16 * 1024
"""Bytes per client message: an action is a few dozen; anything bigger is a mistake or abuse."""

MAX_ID = 64
CLOSE_UNKNOWN_TABLE = 4404
CLOSE_DAMAGED_TABLE = 4503
CLOSE_BAD_TOKEN = 4403
CLOSE_RESTART = 1012
"""The table moved to another worker (``cluster.py``): reconnecting reaches it."""
CLOSE_TRY_LATER = 4429
"""After a refusal for capacity or rate (``too_many_connections``, ``connecting_too_fast``,
``table_full``, ``seat_full``): nothing is wrong with the link, coming back later may work."""


async def websocket_endpoint(websocket: WebSocket) -> None:
    hub: Hub = websocket.app.state.hub
    await websocket.accept()
    lang = normalize_language(websocket.query_params.get("lang"))
    if not origin_allowed(websocket):
        await _refuse(websocket, lang, "bad_origin", CLOSE_BAD_TOKEN)
        return
    address = websocket.client.host if websocket.client else ""
    refusal = hub.admission.enter(address)
    if refusal is not None:
        await _refuse(websocket, lang, refusal[0], CLOSE_TRY_LATER, limit=refusal[1])
        return
    try:
        await _serve(websocket, hub, lang)
    finally:
        hub.admission.leave(address)


async def _serve(websocket: WebSocket, hub: Hub, lang: str) -> None:
    table_id = websocket.path_params["table_id"]
    table = await hub.get(table_id)
    if table is None:
        await _refuse_missing(websocket, hub, lang, table_id)
        return
    seat: int | None = None
    token = websocket.query_params.get("token")
    if token:
        seat = table.seating.seat_for_token(token)
        if seat is None:
            await _refuse(websocket, lang, "bad_token", CLOSE_BAD_TOKEN)
            return
        refusal = hub.admission.seat_refusal(table_id, seat)
        if refusal is not None:
            await _refuse(websocket, lang, refusal[0], CLOSE_TRY_LATER, limit=refusal[1])
            return
    conn = Conn(seat, lang, hub.rate, hub.limits.queue_bytes)
    conn.chat = websocket.query_params.get("chat") == "1"
    conn.address = websocket.client.host if websocket.client else ""
    lent = transport_lent(websocket.scope)
    if lent is not None:
        conn.abort, conn.write = lent  # an abort: the receive loop sees the disconnect, cleans up
    try:
        while not await table.join(conn):  # it left memory meanwhile: load it again
            reloaded = await hub.get(table_id)
            if reloaded is None:
                await _refuse_missing(websocket, hub, lang, table_id)
                return
            table = reloaded
    except Refused as refused:
        await _refuse(websocket, lang, refused.code, CLOSE_TRY_LATER, **refused.params)
        return
    closing = lent_closing(websocket.scope)
    sender = asyncio.create_task(_send_loop(websocket, conn, hub.limits.send_timeout, closing))
    # Messages are read in a task of their own: this call runs under every layer of the ASGI
    # app (middleware, routing), and a task suspended at each message and each commit passed
    # through all of them every time. Cancelling this call cancels that task too.
    receive = lent_receive(websocket.scope) or websocket.receive
    reader = asyncio.create_task(_read(receive, table, conn, sender))
    try:
        await reader
    except WebSocketDisconnect:
        pass
    finally:
        await table.leave(conn)
        conn.closed = True
        conn.outbox.close()
        await sender


async def _read(
    receive: Callable[[], Awaitable[Message]], table: LiveTable, conn: Conn, sender: asyncio.Task[None]
) -> None:
    while not conn.closed and not sender.done():
        message = await receive()
        if message["type"] == "websocket.disconnect":
            break
        await handle(table, conn, message.get("text"), message.get("bytes"))


async def _refuse(websocket: WebSocket, lang: str, code: str, close_code: int, **params: Any) -> None:
    """Say why and close; nothing if the client has gone already (uvicorn's ``send`` then
    raises, and the traceback, one a socket, was logged as fast as a client drops them)."""
    with contextlib.suppress(WebSocketDisconnect):
        await websocket.send_text(dumps(error_message(lang, code, None, **params)))
        await websocket.close(close_code)


async def _refuse_missing(websocket: WebSocket, hub: Hub, lang: str, table_id: str) -> None:
    if table_id in hub.damaged:
        await _refuse(websocket, lang, "damaged_table", CLOSE_DAMAGED_TABLE)
    elif hub.peer_alive is not None and len(table_id) <= 32 and await _held_elsewhere(hub, table_id):
        # Another worker took the table between this one's look and its load: come back.
        await _refuse(websocket, lang, "table_moved", CLOSE_RESTART)
    else:
        await _refuse(websocket, lang, "unknown_table", CLOSE_UNKNOWN_TABLE)


async def _held_elsewhere(hub: Hub, table_id: str) -> bool:
    holder = await asyncio.to_thread(hub.leases.holder, table_id)
    return holder is not None and holder != hub.leases.owner


async def _send_loop(
    websocket: WebSocket, conn: Conn, timeout: float, closing: Callable[[], bool] | None = None
) -> None:
    """Send the outbox in order. A send that fails, or that the socket has not taken within
    ``timeout`` seconds (the peer stopped reading and every buffer is full), aborts the
    connection: a polite close would queue behind the same full buffers and never finish.
    A socket that is ``closing`` already (the peer closed it, or left: the transport's,
    where it lends it) is not closed again: that would write nothing and only raise."""
    try:
        while (text := await conn.outbox.get()) is not None:
            # Written at once where the transport takes it (a joiner's welcome and first
            # update, three messages a socket went through Starlette's and uvicorn's ``send``).
            if conn.write is not None and conn.write((text,)):
                continue
            async with asyncio.timeout(timeout):  # no task per message, unlike ``wait_for``
                await websocket.send_text(text)
    except Exception:
        conn.closed = True
        conn.abort()
        return
    if conn.closed and (closing is None or not closing()):
        with contextlib.suppress(Exception):
            async with asyncio.timeout(timeout):
                await websocket.close()


async def handle(table: LiveTable, conn: Conn, text: str | None, data: bytes | None) -> None:
    """Answer one client frame. The frame is parsed before the rate check (it is at most
    16 KiB) so that a rate-limited action's error carries its id and the client can retry."""
    if text is not None:  # an ASCII text (every move) is as long as its UTF-8, not encoded again
        size = len(text) if text.isascii() else len(text.encode("utf-8"))
    else:
        size = len(data or b"")
    message: Any = None
    if text is not None and size <= MAX_MESSAGE:
        try:
            message = _loads(text)
        except (ValueError, RecursionError):
            message = None
    client_id = message.get("id") if isinstance(message, dict) else None
    if not valid_id(client_id):
        client_id = None  # never echoed: a lone surrogate cannot even be encoded
    if not conn.bucket.take():
        conn.error("rate_limited", client_id)
        return
    if size > MAX_MESSAGE:
        conn.error("too_large", limit=MAX_MESSAGE)
        return
    if message is None and text != "null":
        conn.error("bad_json")
        return
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        conn.error("bad_message")
        return
    kind = message["type"]
    if kind == "ping":
        conn.send({"type": "pong"})
    elif kind == "lang":
        lang = message.get("lang")
        if not isinstance(lang, str) or lang not in LANGUAGES:
            conn.error("bad_message")
            return
        if not conn.langs.take():
            conn.error("rate_limited")
            return
        conn.lang = lang
        await table.refresh(conn)
    elif kind == "act":
        await _act(table, conn, message)
    elif kind == "say":
        table.chat.say(conn, message.get("text"))
    elif kind == "name":
        table.audience.rename(conn, message.get("name"))
    else:
        conn.error("unknown_type")


LONG_NUMBER = re.compile(r"\d{19}")
"""Nineteen digits in a row: perhaps an integer past 64 bits, which orjson reads as a float."""


def _loads(text: str) -> Any:
    """``json.loads``, read by orjson where it can (several times faster, on every move); a
    message orjson refuses (NaN, infinite numbers, nesting past its depth) or might read
    otherwise (an integer past 64 bits) is read by ``json.loads``, so that every message means
    what it meant before (a test holds the two equal)."""
    if LONG_NUMBER.search(text) is None:
        try:
            return orjson.loads(text)
        except orjson.JSONDecodeError:
            pass
    return json.loads(text)


def valid_id(client_id: Any) -> bool:
    """A client id is 1-``MAX_ID`` printable characters: a lone surrogate cannot be encoded or
    stored (it dropped the socket and failed a whole group commit) and a NUL fails on
    PostgreSQL."""
    return isinstance(client_id, str) and 0 < len(client_id) <= MAX_ID and client_id.isprintable()


async def _act(table: LiveTable, conn: Conn, message: dict[str, Any]) -> None:
    client_id = message.get("id")
    if not valid_id(client_id):
        conn.error("bad_message")
        return
    version = message.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        conn.error("bad_message", client_id)
        return
    try:
        action = action_from_json(message.get("action"))
    except ValueError:
        conn.error("bad_message", client_id)
        return
    if conn.seat is None:
        conn.error("spectator", client_id)
        return
    try:
        await table.submit(conn.seat, action, version, client_id, reply=conn)
    except Refused as refused:
        conn.send(refusal_message(conn.lang, refused, client_id, table.names(conn.lang)))
