"""Bounds on WebSocket connections (issue 11, items 2 and 3), each with limits small enough to
reach in a test: a connection's queue in bytes and its send timeout, the caps per address, per
table and per seat, the (re)connection rates, and presence updates gathered per interval.
Aborting the socket itself needs the real transport: test_transport_limits.py."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from backroom.server.connections import Buckets
from backroom.server.messages import Conn
from backroom.server.protocol import _send_loop
from backroom.server.settings import Limits
from tests.server.conftest import all_connected, new_table, play_to_the_end, receive_until, send, ws_path

Message = dict[str, Any]


def joined(ws: Any) -> Message:
    assert ws.receive_json()["type"] == "welcome"
    update: Message = ws.receive_json()
    assert update["type"] == "update"
    return update


def refused(ws: Any, code: str, limit: int) -> None:
    """The socket gets the error, in words with the limit, and is closed with 4429."""
    message: Message = ws.receive_json()
    assert (message["type"], message["code"]) == ("error", code), message
    assert str(limit) in message["message"] and not message["message"].startswith("server.error.")
    with pytest.raises(WebSocketDisconnect) as closed:
        ws.receive_json()
    assert closed.value.code == 4429


def sending(conn: Conn) -> None:
    """The connection's send loop has started (it takes the first message off the queue)."""
    asyncio.run(conn.outbox.get())


def test_a_queue_past_its_bytes_drops_the_connection() -> None:
    conn = Conn(None, "en", queue_bytes=4096)
    aborted: list[bool] = []
    conn.abort = lambda: aborted.append(True)
    conn.send({"type": "welcome"})
    sending(conn)
    for _ in range(100):  # a client that stopped reading: nothing more is taken off the queue
        conn.send({"type": "update", "padding": "x" * 1000})
    assert aborted == [True] and conn.closed
    assert conn.outbox.queued <= 4096


def test_a_joining_connections_welcome_update_and_chat_backlog_all_get_through_a_small_bound() -> None:
    """A rejoin late in a long game: its update carries the recent log, bigger than the bound,
    and it comes after the welcome (it was refused there, and every rejoin looped)."""
    conn = Conn(None, "en", queue_bytes=1024)
    conn.abort = lambda: pytest.fail("an honest join dropped the connection")
    conn.send({"type": "welcome"})
    conn.send({"type": "update", "padding": "x" * 10_000})
    conn.send({"type": "chat", "lines": ["y" * 5_000]})
    assert not conn.closed and conn.outbox.queued > 15_000


def test_a_big_update_gets_through_an_empty_queue_once_sending() -> None:
    conn = Conn(None, "en", queue_bytes=1024)
    conn.abort = lambda: pytest.fail("an update to a client that reads dropped the connection")
    conn.send({"type": "welcome"})
    sending(conn)
    conn.send({"type": "update", "padding": "x" * 10_000})
    assert not conn.closed and conn.outbox.queued > 10_000


def test_a_send_that_blocks_past_the_timeout_aborts_the_connection() -> None:
    class Stuck:
        """A socket whose peer stopped reading: every buffer is full, a send never returns."""

        async def send_text(self, text: str) -> None:
            await asyncio.Event().wait()

        async def close(self, code: int = 1000) -> None:
            pytest.fail("a polite close queues behind the same full buffers")

    async def run() -> None:
        conn = Conn(None, "en")
        aborted = asyncio.Event()
        conn.abort = aborted.set
        conn.send({"type": "pong"})
        await asyncio.wait_for(_send_loop(Stuck(), conn, 0.05), 5)  # type: ignore[arg-type]
        assert aborted.is_set() and conn.closed

    asyncio.run(run())


def test_connections_per_address_are_capped(make_client: Callable[..., TestClient]) -> None:
    client = make_client(limits=Limits(connections_per_address=2))
    table = new_table(client, players=2)
    with client.websocket_connect(ws_path(table)) as one, client.websocket_connect(ws_path(table, 0)) as two:
        joined(one)
        joined(two)
        with client.websocket_connect(ws_path(table, 1)) as third:
            refused(third, "too_many_connections", 2)
    with client.websocket_connect(ws_path(table, 1)) as again:  # the address has room again
        joined(again)


def test_connections_per_address_a_minute_are_limited(make_client: Callable[..., TestClient]) -> None:
    client = make_client(limits=Limits(connects_per_minute=3))
    table = new_table(client, players=2)
    for _ in range(3):
        with client.websocket_connect(ws_path(table)) as ws:
            joined(ws)
    with client.websocket_connect(ws_path(table)) as ws:
        refused(ws, "connecting_too_fast", 3)


def test_a_seat_reconnecting_in_a_loop_is_refused_and_the_others_hear_nothing_of_it(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client(limits=Limits(seat_connects_per_minute=3, presence_interval=0.0))
    table = new_table(client, players=2)
    with client.websocket_connect(ws_path(table, 0)) as other:
        joined(other)
        for _ in range(3):
            with client.websocket_connect(ws_path(table, 1)) as ws:
                joined(ws)
        for _ in range(5):
            with client.websocket_connect(ws_path(table, 1)) as ws:
                refused(ws, "connecting_too_fast", 3)
        wait_until_gone(client, table, 1)
        # Three joins and three leaves reached the other seat; the refused attempts did not.
        assert len(updates_before_pong(other)) == 6
        with client.websocket_connect(ws_path(table)) as spectator:  # others may still come
            joined(spectator)


def test_a_table_keeps_room_for_its_seats_however_many_watch(make_client: Callable[..., TestClient]) -> None:
    # Two seats with one connection each leave two of the table's four for spectators.
    client = make_client(limits=Limits(connections_per_table=4, connections_per_seat=1))
    table = new_table(client, players=2)
    with client.websocket_connect(ws_path(table)) as one, client.websocket_connect(ws_path(table)) as two:
        joined(one)
        joined(two)
        with client.websocket_connect(ws_path(table)) as three:
            refused(three, "table_full", 4)
        with client.websocket_connect(ws_path(table, 0)) as seat:
            joined(seat)
            with client.websocket_connect(ws_path(table, 0)) as twice:
                refused(twice, "seat_full", 1)


def wait_until_gone(client: TestClient, table: Message, seat: int) -> None:
    """Until the server has seen every connection of ``seat`` leave."""
    deadline = time.monotonic() + 10
    while client.get(f"/api/tables/{table['id']}").json()["seats"][seat]["connected"]:
        assert time.monotonic() < deadline, "the seat never left"
        time.sleep(0.01)


def updates_before_pong(ws: Any) -> list[Message]:
    """The updates a socket got so far: a ping's pong comes after everything queued before it."""
    send(ws, {"type": "ping"})
    got = []
    while (message := ws.receive_json())["type"] != "pong":
        assert message["type"] == "update", message
        got.append(message)
    return got


def test_joins_and_leaves_within_the_interval_make_no_flood(make_client: Callable[..., TestClient]) -> None:
    client = make_client(limits=Limits(presence_interval=60.0))
    table = new_table(client, players=2)
    with client.websocket_connect(ws_path(table, 0)) as other:
        joined(other)  # its own join was the table's presence update of this interval
        for _ in range(5):
            with client.websocket_connect(ws_path(table, 1)) as ws:
                joined(ws)  # the joiner itself is answered at once
        wait_until_gone(client, table, 1)
        assert updates_before_pong(other) == []


def test_presence_gathered_over_the_interval_is_sent_at_its_end(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client(limits=Limits(presence_interval=0.2))
    table = new_table(client, players=2)
    with client.websocket_connect(ws_path(table, 0)) as a, client.websocket_connect(ws_path(table, 1)) as b:
        joined(b)
        receive_until(a, all_connected(2))


def test_a_long_games_recent_log_reaches_a_rejoining_seat_and_a_spectator(
    make_client: Callable[..., TestClient],
) -> None:
    """Late in a long game the joining update (the recent log) is far past a small queue bound,
    and it follows the welcome: the connection must get it, not be dropped (and rejoin in a loop)."""
    client = make_client(rate=1000.0)  # the person plays as fast as the test can
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * 3
    table = new_table(client, seats=seats, game="politburo")
    with client.websocket_connect(ws_path(table, 0)) as ws:
        play_to_the_end(ws, lambda legal: legal[-1]["action"])
    client = make_client(limits=Limits(presence_interval=0.0, queue_bytes=1024))  # a restart
    for seat in (0, None):
        with client.websocket_connect(ws_path(table, seat, chat=True)) as ws:
            assert ws.receive_json()["type"] == "welcome"
            update = receive_until(ws, lambda m: m["type"] == "update", limit=5)
            assert len(json.dumps(update)) > 4 * 1024 and update["outcome"] is not None


def test_rate_limit_buckets_forget_the_keys_that_refilled_once_past_their_bound(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Past ``MAX_KEYS`` keys (addresses, seats, tables), the buckets that have refilled are
    forgotten. A bucket's tokens are brought up to date only when it is next taken from, so
    the stored count of every bucket once taken from stays below its burst: read as it was
    stored, none ever looked full, nothing was forgotten, and the keys of every address ever
    seen (each new one costing a pass over them all) were kept for the process's life."""
    monkeypatch.setattr(Buckets, "MAX_KEYS", 10)
    buckets = Buckets(per_minute=60_000, burst=2)  # refilled within 2 ms
    for batch in range(4):  # ten new addresses at a time, each batch's refilled before the next
        for key in range(10 * batch, 10 * batch + 10):
            assert buckets.take(key)
        time.sleep(0.05)
    assert len(buckets._buckets) <= 10
