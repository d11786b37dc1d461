"""The owner's end of a relayed connection (``tunnel.py``), with Redis left out: what it logs
when the application fails on a relayed connection."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest
from starlette.applications import Starlette
from starlette.routing import WebSocketRoute
from starlette.websockets import WebSocket

from backroom.server.tunnel import Relayed, Tunnels, encode

SCOPE = {
    "type": "websocket",
    "path": "/ws/t",
    "raw_path": "/ws/t",
    "query_string": "",
    "headers": [],
    "client": ["127.0.0.1", 5000],
    "server": ["127.0.0.1", 8000],
    "subprotocols": [],
}


class Unheard:
    """A Redis that takes every message and delivers none."""

    async def publish(self, channel: str, data: bytes) -> None:
        return None


async def endpoint(websocket: WebSocket) -> None:
    await websocket.accept()
    await websocket.close()


def serve(first: dict[str, Any]) -> None:
    async def alive(owner: str) -> bool:
        return True

    async def run() -> None:
        tunnels = Tunnels(Unheard(), "owner", alive)
        tunnels._app = Starlette(routes=[WebSocketRoute("/ws/{table_id}", endpoint)])
        relayed = Relayed("edge")
        relayed.put(encode(first))
        await tunnels._serve("c1", relayed, SCOPE)

    asyncio.run(run())


def test_a_client_that_left_before_its_relayed_socket_opened_is_one_line_not_a_traceback(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with caplog.at_level(logging.INFO, logger="backroom.server"):
        serve({"type": "websocket.disconnect", "code": 1006})
    assert [r.getMessage() for r in caplog.records] == [
        "a client relayed from edge left before its socket opened"
    ]
    assert not [r for r in caplog.records if r.exc_info]


def test_any_other_failure_of_a_relayed_connection_is_logged_with_its_traceback(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with caplog.at_level(logging.INFO, logger="backroom.server"):
        serve({"type": "websocket.receive", "text": "too early"})  # not how a socket opens
    [record] = caplog.records
    assert record.levelno == logging.ERROR and record.exc_info is not None
