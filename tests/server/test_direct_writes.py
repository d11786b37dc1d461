"""Messages written straight to an idle socket (issue 18, CPU per move): the frames the server
builds itself are the WebSocket library's, byte for byte, and a real server's clients, with
compression and without, get every message in the protocol's order (the ack of a move, then
its update, in one write)."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from websockets.frames import Frame, Opcode
from websockets.sync.client import ClientConnection, connect

from backroom.server.messages import Conn
from backroom.server.protocol import _send_loop
from backroom.server.wire import text_frame
from backroom.sim.load_clients import create_table
from backroom.sim.server_load import free_port, server_process


@pytest.mark.parametrize("size", [0, 1, 125, 126, 127, 65535, 65536, 70000])
def test_a_text_frame_is_framed_as_the_websocket_library_frames_it(size: int) -> None:
    data = ("é" * size).encode()[:size]
    assert text_frame(data) == Frame(Opcode.TEXT, data).serialize(mask=False, extensions=[])


def _until(ws: ClientConnection, kind: str, version: int) -> dict[str, Any]:
    """The next message of ``kind`` at ``version``, past updates of earlier versions (a late
    presence update, say); anything else fails."""
    while True:
        message = json.loads(ws.recv(timeout=10))
        if message["type"] == kind and message.get("version") == version:
            return message
        assert message["type"] == "update" and message["version"] < version, message


def test_each_seat_gets_its_updates_and_the_mover_its_ack_first_with_or_without_compression(
    tmp_path: Path,
) -> None:
    port = free_port()
    with server_process(f"sqlite:///{tmp_path / 'w.db'}", port, tmp_path):
        table = create_table(f"http://127.0.0.1:{port}", 2, 7)
        url = f"ws://127.0.0.1:{port}/ws/{table['id']}?lang=en&token="
        with contextlib.ExitStack() as stack:
            seats = [
                stack.enter_context(connect(url + seat["token"], compression=compression))
                for seat, compression in zip(table["seats"], ["deflate", None], strict=True)
            ]
            assert seats[0].protocol.extensions and not seats[1].protocol.extensions
            for ws in seats:
                assert json.loads(ws.recv(timeout=10))["type"] == "welcome"
            latest = [_until(ws, "update", 0) for ws in seats]
            for version in range(1, 13):
                actor = next(seat for seat, update in enumerate(latest) if update["legal"])
                action = latest[actor]["legal"][0]["action"]
                act = {"type": "act", "action": action, "version": version - 1, "id": f"m{version}"}
                seats[actor].send(json.dumps(act))
                ack = _until(seats[actor], "ack", version)  # before the update of its version
                assert ack == {"type": "ack", "id": f"m{version}", "version": version}
                latest = [_until(ws, "update", version) for ws in seats]
                assert [update["view"]["seat"] for update in latest] == [0, 1]


def test_a_message_waits_behind_one_the_send_loop_has_taken_but_not_yet_sent() -> None:
    """The socket may take writes again while the send loop still awaits its turn to send what
    it took off the queue: a message sent then must not be written first, and only once the
    loop has sent everything may one go straight to the socket."""
    sent: list[str] = []
    writable = False

    def write(texts: Sequence[str]) -> bool:
        if writable:
            sent.extend(texts)
        return writable

    class Socket:
        """Sends once ``turn`` is set, as uvicorn's send waits for the transport to drain."""

        turn = asyncio.Event()

        async def send_text(self, text: str) -> None:
            await self.turn.wait()
            sent.append(text)

    async def run() -> None:
        nonlocal writable
        conn = Conn(0, "en")
        conn.write = write
        conn.send_text("welcome")  # queued: the send loop has not started
        socket = Socket()
        sender = asyncio.create_task(_send_loop(socket, conn, 5))  # type: ignore[arg-type]
        await asyncio.sleep(0)  # the loop has taken the welcome and waits to send it
        writable = True
        conn.send_text("ack", "update")
        assert sent == []
        socket.turn.set()
        while not conn.outbox.idle:
            await asyncio.sleep(0)
        conn.send_text("next")
        assert sent == ["welcome", "ack", "update", "next"]
        conn.closed = True
        conn.outbox.close()
        await sender

    asyncio.run(run())
