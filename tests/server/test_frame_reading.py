"""The WebSocket transport splits a client's frames itself (``transport.py``,
``AbortableWebSocket.data_received``): whole masked text frames go to the endpoint at once,
every other frame, whole, to the library's parser. Whatever way the bytes arrive (byte by
byte, many frames in one read, pings and fragments among them), the endpoint gets the same
messages in the same order, and whatever the library refuses is still refused with its code."""

from __future__ import annotations

import asyncio
import os
import socket
import struct
from collections.abc import Awaitable, Callable
from typing import Any

import uvicorn
from uvicorn.server import ServerState

from backroom.server.settings import FRAME_BYTES, Limits
from backroom.server.transport import protocols

HANDSHAKE = (
    b"GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
    b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
)


def echo(delay: float) -> Callable[[Any, Any, Any], Awaitable[None]]:
    """An app that accepts after ``delay`` seconds, then sends every text message back."""

    async def app(scope: Any, receive: Any, send: Any) -> None:
        await receive()
        await asyncio.sleep(delay)
        await send({"type": "websocket.accept"})
        while (message := await receive())["type"] != "websocket.disconnect":
            await send({"type": "websocket.send", "text": message["text"]})

    return app


def frame(opcode: int, payload: bytes, fin: bool = True, mask: bool = True) -> bytes:
    """A client's frame (masked unless told otherwise)."""
    head = bytes([(0x80 if fin else 0) | opcode])
    size = len(payload)
    bit = 0x80 if mask else 0
    if size < 126:
        head += bytes([bit | size])
    elif size < 1 << 16:
        head += bytes([bit | 126]) + struct.pack("!H", size)
    else:
        head += bytes([bit | 127]) + struct.pack("!Q", size)
    if not mask:
        return head + payload
    key = os.urandom(4)
    return head + key + bytes(b ^ key[i % 4] for i, b in enumerate(payload))


def text(payload: str) -> bytes:
    return frame(0x1, payload.encode())


def server_frames(data: bytes) -> list[tuple[int, bytes]]:
    """Every whole frame the server sent (unmasked): opcode and payload."""
    found, at = [], 0
    while at + 2 <= len(data):
        size, start = data[at + 1] & 0x7F, at + 2
        if size == 126:
            (size,) = struct.unpack("!H", data[at + 2 : at + 4])
            start += 2
        if start + size > len(data):
            break
        found.append((data[at] & 0x0F, data[start : start + size]))
        at = start + size
    return found


Send = Callable[[bytes], Awaitable[None]]


def exchange(
    script: Callable[[Send], Awaitable[None]], *, early: bytes = b""
) -> tuple[list[tuple[int, bytes]], Any]:
    """Open a WebSocket on the real transport, let ``script`` send bytes (``early`` goes after
    the handshake's request, before its answer), and return what the server sent back until it
    closed or fell quiet, and the protocol (to see how it read)."""

    async def run() -> tuple[list[tuple[int, bytes]], Any]:
        loop = asyncio.get_running_loop()
        _, websocket_protocol = protocols(Limits())
        app = echo(0.2 if early else 0.0)
        config = uvicorn.Config(app, log_config=None, ws_ping_interval=None, ws_max_size=FRAME_BYTES)
        config.load()
        with socket.create_server(("127.0.0.1", 0)) as listener:
            peer = socket.socket()
            peer.connect(listener.getsockname())
            ours, _ = listener.accept()
        with peer:
            peer.setblocking(False)
            protocol = websocket_protocol(config=config, server_state=ServerState(), app_state={})
            transport, _ = await loop.connect_accepted_socket(lambda: protocol, ours)
            await loop.sock_sendall(peer, HANDSHAKE)
            if early:
                await asyncio.sleep(0.05)  # upgraded by now, and not yet answered
                await loop.sock_sendall(peer, early)
            received = b""
            while b"\r\n\r\n" not in received:
                received += await loop.sock_recv(peer, 65536)
            head, _, received = received.partition(b"\r\n\r\n")
            assert head.startswith(b"HTTP/1.1 101")

            async def send(data: bytes) -> None:
                await loop.sock_sendall(peer, data)
                await asyncio.sleep(0.01)

            await script(send)
            while True:
                try:
                    chunk = await asyncio.wait_for(loop.sock_recv(peer, 65536), 0.3)
                except (TimeoutError, ConnectionError):
                    break
                if not chunk:
                    break
                received += chunk
            transport.abort()
            await asyncio.sleep(0.02)
            return server_frames(received), protocol

    return asyncio.run(run())


def texts(frames: list[tuple[int, bytes]]) -> list[str]:
    return [payload.decode() for opcode, payload in frames if opcode == 0x1]


def close_code(frames: list[tuple[int, bytes]]) -> int | None:
    closes = [payload for opcode, payload in frames if opcode == 0x8]
    return struct.unpack("!H", closes[0][:2])[0] if closes else None


def test_many_frames_in_one_read_and_one_frame_byte_by_byte_arrive_whole_and_in_order() -> None:
    long = "x" * 300  # a 16-bit length

    async def script(send: Send) -> None:
        await send(text("one") + text("two") + text(long) + text("three"))
        for byte in text("slow" + long):
            await send(bytes([byte]))
        await send(text("é ü 🂡"))

    frames, protocol = exchange(script)
    assert texts(frames) == ["one", "two", long, "three", "slow" + long, "é ü 🂡"]
    assert close_code(frames) is None
    assert protocol._framing  # read here throughout: the library's parser never took over


def test_pings_and_fragmented_messages_among_text_frames_keep_their_order() -> None:
    async def script(send: Send) -> None:
        await send(text("a") + frame(0x9, b"are you there") + text("b"))
        await send(frame(0x1, b"fr", fin=False) + frame(0x0, b"ag", fin=False))
        await send(frame(0x9, b"mid") + frame(0x0, b"ments") + text("c"))

    frames, protocol = exchange(script)
    assert texts(frames) == ["a", "b", "fragments", "c"]
    assert [payload for opcode, payload in frames if opcode == 0xA] == [b"are you there", b"mid"]
    assert protocol._framing


def test_what_the_library_refuses_is_still_refused_with_its_code() -> None:
    async def unmasked(send: Send) -> None:
        await send(text("fine"))
        await send(frame(0x1, b"bare", mask=False) + text("after"))

    frames, _ = exchange(unmasked)
    assert texts(frames) == ["fine"] and close_code(frames) == 1002  # protocol error

    async def too_big(send: Send) -> None:
        await send(frame(0x1, b"x" * (FRAME_BYTES + 1)))

    frames, protocol = exchange(too_big)
    assert close_code(frames) == 1009 and not protocol._framing

    async def not_utf8(send: Send) -> None:
        await send(frame(0x1, b"\xff\xfe"))
        await send(text("after"))

    frames, _ = exchange(not_utf8)
    assert texts(frames) == [] and close_code(frames) == 1007

    async def text_inside_a_fragmented_message(send: Send) -> None:
        await send(frame(0x1, b"half", fin=False) + text("cut in"))

    frames, _ = exchange(text_inside_a_fragmented_message)
    assert texts(frames) == [] and close_code(frames) == 1002


def test_frames_sent_before_the_handshake_s_answer_are_read_by_the_library() -> None:
    """A client may not send frames before the answer; one that does is read by the library's
    parser, which may have begun one of them, for the rest of the connection."""
    early = text("early")

    async def script(send: Send) -> None:
        await send(early[3:] + text("later"))

    frames, protocol = exchange(script, early=early[:3])
    assert texts(frames) == ["early", "later"] and not protocol._framing
