"""The per-address connection count of ``transport.py`` (issue 18) follows each connection to
its end, whichever protocol ends it. Run in-process on asyncio's own event loop (what uvicorn
uses where uvloop is not installed: Windows, PyPy), whose sockets no longer name their peer
once it has reset."""

from __future__ import annotations

import asyncio
import base64
import os
import socket
import struct
import time
from typing import Any

import uvicorn

from backroom.server.settings import Limits
from backroom.server.transport import protocols


async def _app(scope: Any, receive: Any, send: Any) -> None:
    """Accepts every WebSocket and holds it until the peer goes."""
    if scope["type"] == "websocket":
        await receive()
        await send({"type": "websocket.accept"})
        while (await receive())["type"] != "websocket.disconnect":
            pass


def _upgrade(port: int, reset: bool) -> bytes:
    """Open a WebSocket from 127.0.0.1; with ``reset``, reset the connection right after the
    request (once the server has accepted it): nothing is answered then. Else the answer's
    first bytes, the connection then closed."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        time.sleep(0.05)  # accepted, and counted, before the request comes
        key = base64.b64encode(os.urandom(16)).decode()
        sock.sendall(
            f"GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
        )
        if reset:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            return b""
        return sock.recv(12)


def test_upgrades_reset_at_once_free_their_address_slot() -> None:
    """By the time the server reads the request of a client that reset at once, the socket
    cannot say whose it was; the WebSocket ending it must still free the slot counted when it
    came, or a few such resets lock the address (everyone behind one NAT) out for good."""

    async def run() -> bytes:
        http, ws = protocols(Limits(connections_per_address=2))
        listener = socket.create_server(("127.0.0.1", 0))
        port = listener.getsockname()[1]
        server = uvicorn.Server(uvicorn.Config(_app, http=http, ws=ws, lifespan="off", log_config=None))
        serving = asyncio.create_task(server.serve(sockets=[listener]))
        try:
            while not server.started:
                await asyncio.sleep(0.01)
            for _ in range(4):  # twice the cap
                await asyncio.to_thread(_upgrade, port, True)
                await asyncio.sleep(0.05)  # its connection lost, on the server's side too
            return await asyncio.to_thread(_upgrade, port, False)
        finally:
            server.should_exit = True
            await serving

    assert asyncio.run(run()) == b"HTTP/1.1 101"
