"""The bounds that live in the transport (issue 11, items 2 and 4), against a real ``backroom
serve`` process with small limits: half-sent requests are cut off, connections are capped per
address and in all before anything is read, and a WebSocket that stops reading is aborted.
Raw sockets, because well-behaved clients cannot misbehave on purpose."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import os
import socket
import struct
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from uvicorn.server import ServerState

from backroom.server.connections import trusts
from backroom.server.settings import FRAME_BYTES, PIPELINED, SOCKET_BUFFER_BYTES, WRITE_BUFFER_BYTES, Limits
from backroom.server.transport import protocols
from backroom.sim.load_clients import http_json
from backroom.sim.server_load import free_port, wait_ready

QUEUE_BYTES = 16384
LIMITS = {
    "--max-connections": "6",
    "--connections-per-address": "3",
    "--header-timeout": "1",
    "--body-timeout": "1",
    "--queue-bytes": str(QUEUE_BYTES),
    "--rate": "10000",
    "--send-timeout": "2",
}

pytestmark = pytest.mark.xdist_group("transport-limits")


class Server:
    def __init__(self, process: subprocess.Popen[bytes], port: int) -> None:
        self.process = process
        self.port = port
        self.table = ""

    def connections(self) -> int:
        """Client connections the server process holds open now (its descriptors that are
        TCP sockets on its port, other than the listening one)."""
        inodes = set()
        for fd in Path(f"/proc/{self.process.pid}/fd").iterdir():
            try:
                target = os.readlink(fd)
            except OSError:
                continue  # closed meanwhile
            if target.startswith("socket:["):
                inodes.add(target[8:-1])
        held = 0
        for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
            fields = line.split()
            local_port, state, inode = int(fields[1].split(":")[1], 16), fields[3], fields[9]
            held += local_port == self.port and state != "0A" and inode in inodes  # 0A: listening
        return held

    def wait_connections(self, at_most: int, timeout: float = 15.0) -> None:
        deadline = time.monotonic() + timeout
        while (held := self.connections()) > at_most:
            assert time.monotonic() < deadline, f"the server still holds {held} connections"
            time.sleep(0.02)


@contextlib.contextmanager
def running(data: Path, *args: str) -> Iterator[Server]:
    """``backroom serve`` with ``args`` and one two-seat table; its log must hold no traceback:
    every client here misbehaves on purpose, and each is refused or dropped, none an error."""
    port = free_port()
    command = [sys.executable, "-m", "backroom.server", "serve", "--port", str(port)]
    command += ["--db", f"sqlite:///{data / 'tables.db'}", *args]
    env = {**os.environ, "BACKROOM_DATA_DIR": str(data)}
    log = data / "server.log"
    with log.open("wb") as out:
        process = subprocess.Popen(command, env=env, stdout=out, stderr=subprocess.STDOUT)
    try:
        wait_ready(port, process)
        served = Server(process, port)
        body = {"game": "stool-pigeon", "players": 2, "seats": [{"kind": "agent"}] * 2}
        served.table = http_json("POST", f"http://127.0.0.1:{port}/api/tables", body)["id"]
        yield served
    finally:
        process.kill()
        process.wait()
    assert "Traceback" not in log.read_text()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    args = [item for pair in LIMITS.items() for item in pair]
    with running(tmp_path_factory.mktemp("transport"), *args) as served:
        yield served


@pytest.fixture
def idle(server: Server) -> Iterator[None]:
    """Each test starts and leaves the server holding no client connection."""
    server.wait_connections(at_most=0)
    yield
    server.wait_connections(at_most=0)


def connect(server: Server, source: str = "127.0.0.1", rcvbuf: int | None = None) -> socket.socket:
    sock = socket.socket()
    if rcvbuf is not None:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    sock.bind((source, 0))
    sock.settimeout(10)
    sock.connect(("127.0.0.1", server.port))
    return sock


def read_to_end(sock: socket.socket) -> bytes:
    """Everything the server sends until it drops the connection (socket.timeout if it never
    does)."""
    chunks = []
    while True:
        try:
            chunk = sock.recv(65536)
        except ConnectionResetError:
            break
        if not chunk:
            break
        chunks.append(chunk)
    return b"".join(chunks)


def websocket(
    server: Server, source: str = "127.0.0.1", rcvbuf: int | None = None, forwarded_for: str | None = None
) -> socket.socket:
    """A spectator's socket, past the opening handshake (no compression asked)."""
    sock = connect(server, source, rcvbuf)
    key = base64.b64encode(os.urandom(16)).decode()
    forwarded = "" if forwarded_for is None else f"X-Forwarded-For: {forwarded_for}\r\n"
    sock.sendall(
        f"GET /ws/{server.table}?lang=en HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
        f"{forwarded}\r\n".encode()
    )
    head = b""
    while b"\r\n\r\n" not in head:
        head += sock.recv(1)
    assert head.startswith(b"HTTP/1.1 101"), head
    return sock


def frame(message: dict[str, Any]) -> bytes:
    """A masked text frame, as a client must send."""
    payload = json.dumps(message).encode()
    assert len(payload) < 126
    mask = os.urandom(4)
    return bytes([0x81, 0x80 | len(payload)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def frames(data: bytes) -> Iterator[tuple[int, bytes]]:
    """The opcode and payload of each whole frame the server sent (unmasked, as a server sends)."""
    at = 0
    while at + 2 <= len(data):
        length, head = data[at + 1] & 0x7F, 2
        if length == 126:
            length, head = struct.unpack("!H", data[at + 2 : at + 4])[0], 4
        elif length == 127:
            length, head = struct.unpack("!Q", data[at + 2 : at + 10])[0], 10
        if at + head + length > len(data):
            return
        yield data[at] & 0x0F, data[at + head : at + head + length]
        at += head + length


def opcodes(data: bytes) -> list[int]:
    """The opcode of each whole frame the server sent."""
    return [opcode for opcode, _ in frames(data)]


def close_code(data: bytes) -> int | None:
    """The code of the closing frame among the frames the server sent (None: none came)."""
    for opcode, payload in frames(data):
        if opcode == 0x8:
            code: int = struct.unpack("!H", payload[:2])[0]
            return code
    return None


def refused_at_once(server: Server, source: str) -> bool:
    """Whether a new connection from ``source`` is answered 503 before it sends anything."""
    sock = connect(server, source)
    try:
        answer = read_to_end(sock)
    finally:
        sock.close()
    if not answer:
        return False
    assert answer.startswith(b"HTTP/1.1 503"), answer
    assert json.loads(answer.split(b"\r\n\r\n", 1)[1])["error"]["code"] == "server_busy"
    return True


def test_half_sent_headers_are_cut_off(server: Server, idle: None) -> None:
    with connect(server) as sock:
        sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and never the blank line
        assert read_to_end(sock).startswith(b"HTTP/1.1 408")


def test_half_sent_bodies_are_cut_off(server: Server, idle: None) -> None:
    with connect(server) as sock:
        sock.sendall(
            b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b'Content-Length: 100\r\n\r\n{"game": '
        )
        assert read_to_end(sock).startswith(b"HTTP/1.1 408")


def test_a_body_cut_off_after_its_answer_gets_no_second_answer(server: Server, idle: None) -> None:
    """A route may answer before reading the body (``/api/games`` reads none): a client still
    trickling that body is dropped at the body timeout without a 408 written after the 200,
    which a client reusing the connection would take for its next request's answer."""
    with connect(server) as sock:
        sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100000\r\n\r\n")
        with contextlib.suppress(OSError):
            for _ in range(30):  # past the body timeout (1 s)
                sock.sendall(b"a" * 100)
                time.sleep(0.1)
        answer = read_to_end(sock)
    assert answer.startswith(b"HTTP/1.1 200")
    assert answer.count(b"HTTP/1.1 ") == 1, answer[-200:]


def server_memory(server: Server) -> int:
    """The server process's resident memory, in bytes."""
    for line in Path(f"/proc/{server.process.pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise AssertionError("no VmRSS")


@pytest.mark.parametrize("shape", ["many headers", "one long header"])
def test_request_headers_are_bounded(server: Server, idle: None, shape: str) -> None:
    """A request's head is refused (431) once it passes ``HEAD_BYTES``, and the connection
    closed: uvicorn and httptools set no bound, and 200 MB of headers sent in a third of a
    second were held whole (the server grew by 200 MB for one connection)."""
    before = server_memory(server)
    with connect(server) as sock:
        sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        chunk = b"X-Filler: " + b"a" * 8000 + b"\r\n" if shape == "many headers" else b"a" * 8000
        if shape == "one long header":
            sock.sendall(b"X-Filler: ")
        with contextlib.suppress(OSError):  # the server closes the connection as it refuses
            for _ in range(20 * 1024 * 1024 // len(chunk)):
                sock.sendall(chunk)
        answer = read_to_end(sock)
    assert answer.startswith(b"HTTP/1.1 431"), answer[:100]
    assert json.loads(answer.split(b"\r\n\r\n", 1)[1])["error"]["code"] == "headers_too_large"
    assert server_memory(server) - before < 10 * 1024 * 1024


UPGRADE = (
    b"GET /ws/abc?lang=en HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
    b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
)


@pytest.mark.parametrize(
    ("extra", "status", "code"),
    [
        (b"".join(b"X-%d: 1\r\n" % n for n in range(200)), b"431", "upgrade_too_large"),
        (b"X-Long: " + b"a" * 9000 + b"\r\n", b"431", "upgrade_too_large"),
        (b"Content-Length: 5\r\n", b"400", "bad_upgrade"),
    ],
    ids=["too many headers", "a header line too long", "a body"],
)
def test_an_upgrade_the_websocket_library_cannot_read_is_answered_and_closed(
    server: Server, idle: None, extra: bytes, status: bytes, code: str
) -> None:
    """An upgrade request within ``HEAD_BYTES`` that the library's parser refuses (more than
    its 128 headers, a line over its 8 KiB, a body) was neither answered nor closed: the
    library's answer waited in its buffer, and the header timeout is disarmed on an upgrade,
    so each such request held a connection, and its slot under the caps, for good."""
    with connect(server) as sock:
        sock.sendall(UPGRADE + extra + b"\r\n")
        answer = read_to_end(sock)
    assert answer.startswith(b"HTTP/1.1 " + status), answer[:100]
    assert json.loads(answer.split(b"\r\n\r\n", 1)[1])["error"]["code"] == code


def test_a_request_with_a_head_within_the_bound_is_served(server: Server, idle: None) -> None:
    with connect(server) as sock:
        filler = b"".join(b"X-Filler-%d: %s\r\n" % (n, b"a" * 1000) for n in range(20))
        head = b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n" + filler + b"Connection: close\r\n"
        sock.sendall(head + b"\r\n")
        assert read_to_end(sock).startswith(b"HTTP/1.1 200")


def test_requests_read_ahead_of_their_answers_are_bounded(server: Server, idle: None) -> None:
    """Pipelined requests wait for the answers before them, each with its scope and state: 10,000
    of them (360 KB sent at once, the answers unread) grew the server by 25 MB a connection. Past
    ``PIPELINED`` waiting, the connection is dropped."""
    before = server_memory(server)
    with connect(server, rcvbuf=4096) as sock:
        sock.setblocking(False)
        data = b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" * 10_000
        sent, deadline = 0, time.monotonic() + 5
        with contextlib.suppress(ConnectionResetError, BrokenPipeError):
            while sent < len(data) and time.monotonic() < deadline:
                try:
                    sent += sock.send(data[sent:])
                except BlockingIOError:
                    time.sleep(0.01)
        time.sleep(0.5)
        assert server_memory(server) - before < 10 * 1024 * 1024
        server.wait_connections(at_most=0, timeout=5)


def test_a_few_pipelined_requests_are_all_answered(server: Server, idle: None) -> None:
    with connect(server) as sock:
        request = b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        sock.sendall(request * PIPELINED + request.replace(b"\r\n\r\n", b"\r\nConnection: close\r\n\r\n"))
        assert read_to_end(sock).count(b"HTTP/1.1 200") == PIPELINED + 1


def test_a_text_frame_that_is_not_utf8_closes_the_socket_without_a_traceback(
    server: Server, idle: None
) -> None:
    """uvicorn logged a traceback for each (``logger.exception``): one a connection, as fast as
    a client could open them. The close (1007) is the same; the log (checked when this module's
    server stops) holds no traceback."""
    with websocket(server) as sock:
        mask = os.urandom(4)
        sock.sendall(bytes([0x81, 0x82]) + mask + bytes(b ^ mask[i] for i, b in enumerate(b"\xff\xfe")))
        data = read_to_end(sock)
    assert close_code(data) == 1007


def masked(opcode: int, payload: bytes) -> bytes:
    """A client's frame of any size (``opcode`` with its FIN bit, or without for a fragment)."""
    size = len(payload)
    if size < 126:
        head = bytes([opcode, 0x80 | size])
    elif size < 1 << 16:
        head = bytes([opcode, 0x80 | 126]) + struct.pack("!H", size)
    else:
        head = bytes([opcode, 0x80 | 127]) + struct.pack("!Q", size)
    return head + b"\0\0\0\0" + payload  # a zero mask leaves the payload as it is


def test_a_message_the_server_must_hold_to_read_is_bounded(server: Server, idle: None) -> None:
    """A message's fragments are held until its last one: a message of 1 MiB (the bound was
    uvicorn's default) held open by a client that answers pings cost 1 MiB a socket, a gigabyte
    for a thousand. Past ``FRAME_BYTES`` the socket is closed (1009); a frame past the
    protocol's own 16 KiB but within it is still answered ``too_large``."""
    with websocket(server) as sock:
        sock.sendall(masked(0x81, json.dumps({"type": "ping", "pad": "x" * 20_000}).encode()))
        answered = b""
        # Answered (the whole error frame, its JSON's last brace) before the next message goes.
        while b'"code":"too_large"' not in answered or not answered.endswith(b"}"):
            chunk = sock.recv(65536)
            assert chunk, answered
            answered += chunk
        sock.sendall(masked(0x01, b"a" * 60_000))  # a text message's first fragment...
        with contextlib.suppress(OSError):
            sock.sendall(masked(0x00, b"a" * 60_000))  # ...and a second: past the bound
        data = read_to_end(sock)
    assert close_code(data) == 1009
    assert FRAME_BYTES < 120_000


def test_connections_per_address_are_capped_before_anything_is_read(server: Server, idle: None) -> None:
    held = [websocket(server) for _ in range(3)]
    try:
        # A connection that sends nothing: slowloris's, refused at once instead of held.
        assert refused_at_once(server, "127.0.0.1")
    finally:
        for sock in held:
            sock.close()


def test_an_address_at_its_cap_may_connect_again_once_its_connections_close(
    server: Server, idle: None
) -> None:
    """The count per address follows connections as they end: WebSockets (which end through
    their own protocol, not the HTTP one they came in by), plain requests and refused ones."""
    for _ in range(2):
        held = [websocket(server, "127.0.0.5") for _ in range(3)]
        assert refused_at_once(server, "127.0.0.5")
        for sock in held:
            sock.close()
        server.wait_connections(at_most=0)
    for _ in range(4):  # one more than the cap, each closed before the next
        with connect(server, "127.0.0.5") as sock:
            sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            assert read_to_end(sock).startswith(b"HTTP/1.1 200")
    server.wait_connections(at_most=0)
    held = [websocket(server, "127.0.0.5") for _ in range(3)]
    for sock in held:
        sock.close()


def test_connections_in_all_are_capped_before_anything_is_read(server: Server, idle: None) -> None:
    held = [websocket(server, source) for source in ("127.0.0.2", "127.0.0.3") for _ in range(3)]
    try:
        assert refused_at_once(server, "127.0.0.4")
    finally:
        for sock in held:
            sock.close()


def test_a_quiet_websocket_that_answers_no_ping_is_dropped_within_the_send_timeout(
    server: Server, idle: None
) -> None:
    """A socket that neither reads nor is sent anything after its welcome: no send can time
    out, so the keep-alive ping (every half send timeout, half of it to answer) drops it."""
    with websocket(server, rcvbuf=4096):
        began = time.monotonic()
        server.wait_connections(at_most=0, timeout=10)
        assert time.monotonic() - began < 2 * 1.5  # the send timeout, with room for a busy machine


def test_a_websocket_that_stops_reading_is_aborted(server: Server, idle: None) -> None:
    with websocket(server, rcvbuf=4096) as sock:
        # Each "lang" is answered with a full update; this client reads none of them. The
        # server may drop it before all are sent.
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            for i in range(3000):
                sock.sendall(frame({"type": "lang", "lang": "fr" if i % 2 else "es"}))
        server.wait_connections(at_most=0)  # dropped while the client still reads nothing
        sent = opcodes(read_to_end(sock))
    assert sent and 0x8 not in sent  # updates (text frames), and no closing handshake


async def _app(scope: Any, receive: Any, send: Any) -> None:
    pass


async def accepted_websocket(ours: socket.socket) -> tuple[asyncio.Transport, Any]:
    """``ours`` as the server's side of a WebSocket, under backroom serve's protocol."""
    _, websocket_protocol = protocols(Limits())
    config = uvicorn.Config(_app, log_config=None)
    config.load()
    transport, protocol = await asyncio.get_running_loop().connect_accepted_socket(
        lambda: websocket_protocol(config=config, server_state=ServerState(), app_state={}), ours
    )
    return transport, protocol


def test_a_websocket_buffers_little_in_the_transport_and_the_kernel() -> None:
    """So that a peer that stops reading makes sends wait, and time out, before it costs much
    (the kernel alone would hold up to 4 MiB for it)."""

    async def run() -> None:
        ours, theirs = socket.socketpair()
        with theirs:
            transport, _ = await accepted_websocket(ours)
            try:
                assert transport.get_write_buffer_limits()[1] == WRITE_BUFFER_BYTES
                assert ours.getsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF) <= 2 * SOCKET_BUFFER_BYTES
            finally:
                transport.close()

    asyncio.run(run())


def test_an_aborted_websocket_leaves_nothing_in_the_kernel() -> None:
    """Reset, not closed: a closed socket whose peer does not read lingers in FIN-WAIT-1, its
    unsent data retried for minutes."""

    def held(port: int, peer_port: int) -> list[str]:
        """The kernel's sockets on the server's side of the connection, in any state."""
        found = []
        for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
            fields = line.split()
            local, remote = int(fields[1].split(":")[1], 16), int(fields[2].split(":")[1], 16)
            if (local, remote) == (port, peer_port):
                found.append(line)
        return found

    async def run() -> None:
        with socket.create_server(("127.0.0.1", 0)) as listener:
            port = listener.getsockname()[1]
            peer = socket.create_connection(("127.0.0.1", port))
            ours, _ = listener.accept()
        with peer:  # open, and reading nothing, until the check
            transport, protocol = await accepted_websocket(ours)
            transport.write(b"x" * (1 << 20))  # more than the peer's and our buffers take
            await asyncio.sleep(0.1)
            protocol.abort()
            await asyncio.sleep(0.1)
            assert held(port, peer.getsockname()[1]) == []

    asyncio.run(run())


def test_a_trusted_proxys_connections_count_per_visitor(tmp_path: Path) -> None:
    """Behind a proxy every visitor comes from its address: the cap counts forwarded addresses,
    not the proxy's, or the proxy's visitors would share one address's cap."""
    with running(tmp_path, "--trusted-proxy", "127.0.0.1", "--connections-per-address", "2") as server:
        held = [websocket(server, forwarded_for=f"203.0.113.{i}") for i in range(4)]
        held.append(websocket(server, forwarded_for="203.0.113.0"))
        try:
            with websocket(server, forwarded_for="203.0.113.0") as third:
                assert first_message(third)["code"] == "too_many_connections"
        finally:
            for sock in held:
                sock.close()


def first_message(sock: socket.socket) -> dict[str, Any]:
    """The first text frame's JSON (a server's frames are not masked)."""

    def exactly(n: int) -> bytes:
        data = b""
        while len(data) < n:
            data += sock.recv(n - len(data))
        return data

    head = exactly(2)
    length = head[1] & 0x7F
    if length == 126:
        length = struct.unpack("!H", exactly(2))[0]
    message: dict[str, Any] = json.loads(exactly(length))
    return message


def test_trusted_proxies_are_matched_as_uvicorn_takes_them() -> None:
    """Their connections are not counted per address; a network or ``*`` must work as it does
    for ``X-Forwarded-For``, or every visitor behind the proxy would share one address's cap."""
    trusted = trusts(["127.0.0.1", "10.0.0.0/8", "::1"])
    assert trusted("127.0.0.1") and trusted("10.1.2.3") and trusted("::1")
    assert not trusted("127.0.0.2") and not trusted("192.168.0.1") and not trusted("unix")
    assert trusts(["*"])("203.0.113.9")
    assert not trusts([])("127.0.0.1")


def test_clients_that_leave_before_their_refusal_log_no_traceback(tmp_path: Path) -> None:
    """A socket refused after its upgrade (an unknown table here; a bad origin, or a client
    over its connects a minute, go the same way) whose client has gone by the time the refusal
    is sent logged a traceback each (``WebSocketDisconnect`` out of ``_refuse``): a client
    that opens and drops sockets as fast as it can filled the log, refused or not."""
    with running(tmp_path) as server:
        for _ in range(20):
            sock = connect(server)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            sock.sendall(UPGRADE.replace(b"/ws/abc", b"/ws/no-such-table") + b"\r\n")
            sock.close()  # a reset, before any answer is read
        server.wait_connections(at_most=0)
        time.sleep(0.5)
