"""A WebSocket peer that floods pings and reads nothing (issue 11: what a client that stops
reading may make the server hold). Every ping is owed a pong, which the WebSocket protocol
wrote whatever the transport held: 44 MiB in a second and a half on loopback, until the
keep-alive dropped the peer. Only the latest ping needs one (RFC 6455, 5.5.3)."""

from __future__ import annotations

import asyncio
import os
import socket
from typing import Any

import uvicorn
from uvicorn.server import ServerState

from backroom.server.settings import WRITE_BUFFER_BYTES, Limits
from backroom.server.transport import protocols


async def _app(scope: Any, receive: Any, send: Any) -> None:
    """Accepts the WebSocket and holds it until the peer goes."""
    await receive()
    await send({"type": "websocket.accept"})
    while (await receive())["type"] != "websocket.disconnect":
        pass


def _ping(payload: bytes) -> bytes:
    """A masked ping frame, as a client sends it."""
    mask = os.urandom(4)
    return bytes([0x89, 0x80 | len(payload)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def _frames(data: bytes) -> list[tuple[int, bytes]]:
    """Each whole frame a server sent (short payloads only): opcode and payload."""
    found, at = [], 0
    while at + 2 <= len(data) and at + 2 + (data[at + 1] & 0x7F) <= len(data):
        size = data[at + 1] & 0x7F
        found.append((data[at] & 0x0F, data[at + 2 : at + 2 + size]))
        at += 2 + size
    return found


def test_a_peer_flooding_pings_without_reading_grows_no_transport_buffer_and_gets_the_latest_pong() -> None:
    async def run() -> None:
        loop = asyncio.get_running_loop()
        _, websocket_protocol = protocols(Limits())
        config = uvicorn.Config(_app, log_config=None, ws_ping_interval=None)
        config.load()
        with socket.create_server(("127.0.0.1", 0)) as listener:
            peer = socket.socket()
            peer.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            peer.connect(listener.getsockname())
            ours, _ = listener.accept()
        with peer:
            transport, _ = await loop.connect_accepted_socket(
                lambda: websocket_protocol(config=config, server_state=ServerState(), app_state={}), ours
            )
            peer.setblocking(False)
            await loop.sock_sendall(
                peer,
                b"GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n",
            )
            head = b""
            while b"\r\n\r\n" not in head:
                head += await loop.sock_recv(peer, 1)
            assert head.startswith(b"HTTP/1.1 101")
            flood = _ping(b"p" * 125) * 100
            for _ in range(200):  # 2.6 MB of pings, none of their pongs read
                await loop.sock_sendall(peer, flood)
            await loop.sock_sendall(peer, _ping(b"latest"))
            await asyncio.sleep(0.2)
            assert transport.get_write_buffer_size() <= WRITE_BUFFER_BYTES + 2 * 127
            received = b""
            while not received.endswith(b"latest"):  # reading at last: the latest ping's pong
                received += await asyncio.wait_for(loop.sock_recv(peer, 65536), 5)
            assert _frames(received)[-1] == (0xA, b"latest")
            transport.abort()
            await asyncio.sleep(0.05)  # the endpoint sees the disconnect and ends

    asyncio.run(run())
