"""Sockets handed between the workers of one machine (``handoff.py``): what travels, what is
refused, and when the relay is left to serve a socket instead."""

from __future__ import annotations

import asyncio
import socket
from pathlib import Path

import pytest

from backroom.server.handoff import LARGEST, Handoff, address, request_bytes, was_handed_over

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

        async def adopt(sock: socket.socket, data: bytes) -> None:
            adopted.append(data)
            sock.close()

        here = Handoff(tmp_path / "run", "here", adopt)
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

        async def adopt(sock: socket.socket, data: bytes) -> None:
            adopted.append(sock)

        here = Handoff(tmp_path / "run", "here", adopt)
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
        async def adopt(sock: socket.socket, data: bytes) -> None:
            sock.close()

        handoff = Handoff(deep, "here", adopt)
        started = handoff.start()
        handoff.stop()
        return started

    assert asyncio.run(check()) is fits
