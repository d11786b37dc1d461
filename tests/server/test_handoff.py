"""Sockets handed between the workers of one machine (``handoff.py``): what travels, what is
refused, and when the relay is left to serve a socket instead."""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from backroom.server.handoff import LARGEST, Handoff, address
from backroom.server.settings import DEFAULT_LIMITS
from backroom.server.transport import protocols, refuse
from backroom.server.wire import BUSY, request_bytes, was_handed_over

SCOPE = {
    "type": "websocket",
    "path": "/ws/abc",
    "raw_path": b"/ws/abc",
    "query_string": b"token=t&lang=es",
    "headers": [(b"host", b"example.org"), (b"upgrade", b"websocket"), (b"sec-websocket-key", b"k==")],
}


def test_a_handed_request_is_the_one_read_marked_as_handed_over_once() -> None:
    request = request_bytes(SCOPE)
    assert request.startswith(b"GET /ws/abc?token=t&lang=es HTTP/1.1\r\nhost: example.org\r\n")
    assert request.endswith(b"\r\nx-backroom-handed-over: 1\r\n\r\n")
    assert not was_handed_over(SCOPE)
    head = request.split(b"\r\n\r\n")[0].split(b"\r\n")[1:]
    assert was_handed_over({**SCOPE, "headers": [tuple(line.split(b": ", 1)) for line in head]})


def test_a_workers_address_is_short_whatever_its_name(tmp_path: Path) -> None:
    long_name = "a-host-name-" * 20 + ":123:abcdef"
    assert len(address(tmp_path, long_name).name) == len("0123456789abcdef.sock")
    assert address(tmp_path, "x") != address(tmp_path, "y")


def test_a_socket_for_a_worker_not_on_this_machine_or_a_request_too_large_is_left_to_the_relay(
    tmp_path: Path,
) -> None:
    async def check() -> None:
        adopted: list[bytes] = []

        async def adopt(sock: socket.socket, data: bytes) -> bool:
            adopted.append(data)
            sock.close()
            return True

        here = Handoff(tmp_path / "run", "here", adopt, refuse)
        assert here.start()
        try:
            with socket.socket() as client:
                assert not here.hand("elsewhere", client.fileno(), b"GET / HTTP/1.1\r\n\r\n")
                assert not here.hand("here", client.fileno(), b"x" * (LARGEST + 1))
                assert here.hand("here", client.fileno(), b"GET / HTTP/1.1\r\n\r\n")
            for _ in range(50):
                await asyncio.sleep(0.01)
                if adopted:
                    break
            assert adopted == [b"GET / HTTP/1.1\r\n\r\n"]
        finally:
            here.stop()
        assert not (tmp_path / "run" / address(tmp_path, "here").name).exists()

    asyncio.run(check())


def test_only_a_tcp_connection_is_adopted_and_the_directory_is_the_users_alone(tmp_path: Path) -> None:
    async def check() -> None:
        adopted: list[socket.socket] = []

        async def adopt(sock: socket.socket, data: bytes) -> bool:
            adopted.append(sock)
            return True

        here = Handoff(tmp_path / "run", "here", adopt, refuse)
        assert here.start()
        assert (tmp_path / "run").stat().st_mode & 0o777 == 0o700
        try:
            left, right = socket.socketpair()  # a Unix socket, not a client's connection
            with left, right:
                assert here.hand("here", left.fileno(), b"GET / HTTP/1.1\r\n\r\n")
                await asyncio.sleep(0.2)
            assert adopted == []
        finally:
            here.stop()

    asyncio.run(check())


@pytest.mark.parametrize(("length", "fits"), [(99, True), (200, False)])
def test_a_data_directory_too_deep_for_a_socket_name_leaves_every_socket_to_the_relay(
    tmp_path: Path, length: int, fits: bool
) -> None:
    deep = tmp_path / ("d" * (length - len(str(tmp_path)) - 30)) / "run"  # the socket's path: length - 3

    async def check() -> bool:
        async def adopt(sock: socket.socket, data: bytes) -> bool:
            sock.close()
            return True

        handoff = Handoff(deep, "here", adopt, refuse)
        started = handoff.start()
        handoff.stop()
        return started

    assert asyncio.run(check()) is fits


async def _never(sock: socket.socket, data: bytes) -> bool:
    raise AssertionError("nothing may be adopted here")


def test_a_run_folder_that_cannot_be_used_leaves_every_socket_to_the_relay_instead_of_stopping_the_server(
    tmp_path: Path,
) -> None:
    (tmp_path / "run").write_text("a file, not a folder")

    async def check() -> bool:
        return Handoff(tmp_path / "run", "here", _never, refuse).start()

    assert asyncio.run(check()) is False


@pytest.mark.skipif(os.geteuid() != 0, reason="giving a folder to another user needs root")
def test_a_run_folder_another_user_made_is_not_used_so_that_user_cannot_take_the_sockets(
    tmp_path: Path,
) -> None:
    (tmp_path / "run").mkdir(mode=0o700)
    os.chown(tmp_path / "run", 65534, 65534)

    async def check() -> bool:
        return Handoff(tmp_path / "run", "here", _never, refuse).start()

    assert asyncio.run(check()) is False
    assert list((tmp_path / "run").iterdir()) == []


def test_a_descriptor_that_is_not_a_socket_is_closed_and_nothing_else_happens(tmp_path: Path) -> None:
    async def check() -> None:
        here = Handoff(tmp_path / "run", "here", _never, refuse)
        assert here.start()
        try:
            before = len(os.listdir("/proc/self/fd"))
            for _ in range(5):
                read, write = os.pipe()
                assert here.hand("here", read, b"GET / HTTP/1.1\r\n\r\n")
                os.close(read)
                os.close(write)
            await asyncio.sleep(0.2)
            assert len(os.listdir("/proc/self/fd")) == before
        finally:
            here.stop()

    asyncio.run(check())


@contextlib.contextmanager
def handed_client(here: Handoff) -> Iterator[socket.socket]:
    """A client's TCP connection whose server end was handed to ``here`` (and closed here, as
    the worker it reached does)."""
    with socket.create_server(("127.0.0.1", 0)) as listener:
        client = socket.create_connection(listener.getsockname())
        accepted, _ = listener.accept()
        with client, accepted:
            assert here.hand("here", accepted.fileno(), b"GET / HTTP/1.1\r\n\r\n")
            accepted.close()
            client.settimeout(5)
            yield client


def test_sockets_waiting_in_a_stopping_workers_inbox_are_told_it_is_busy(tmp_path: Path) -> None:
    async def check() -> bytes:
        here = Handoff(tmp_path / "run", "here", _never, refuse)
        assert here.start()
        with handed_client(here) as client:
            here.stop()  # before the loop ever read the inbox
            return client.recv(len(BUSY) + 1)

    assert asyncio.run(check()) == BUSY


def test_a_stopping_worker_refuses_a_handed_socket_and_closes_its_inbox(tmp_path: Path) -> None:
    async def check() -> tuple[bytes, bool]:
        async def stopping(sock: socket.socket, data: bytes) -> bool:
            return False

        here = Handoff(tmp_path / "run", "here", stopping, refuse)
        assert here.start()
        with handed_client(here) as client:
            answer = await asyncio.to_thread(client.recv, len(BUSY) + 1)
        return answer, here.path.exists()

    assert asyncio.run(check()) == (BUSY, False)


@pytest.mark.parametrize("handed_over", [False, True])
def test_the_handed_over_mark_is_read_only_from_a_connection_another_worker_handed_over(
    handed_over: bool,
) -> None:
    import uvicorn
    from uvicorn.server import ServerState

    http, _ws = protocols(DEFAULT_LIMITS)
    config = uvicorn.Config(app=lambda scope, receive, send: None, http=http)
    config.load()

    async def read_headers() -> list[bytes]:
        protocol = http(config=config, server_state=ServerState(), app_state={})
        protocol.handed_over = handed_over
        protocol.headers = []
        protocol.on_header(b"Host", b"example.org")
        protocol.on_header(b"X-Backroom-Handed-Over", b"1")
        return [name for name, _ in protocol.headers]

    names = asyncio.run(read_headers())
    assert names == ([b"host", b"x-backroom-handed-over"] if handed_over else [b"host"])
