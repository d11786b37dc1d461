"""A WebSocket handed to the worker that holds its table, when both run on one machine.

Relaying a socket through Redis (``tunnel.py``) costs every message an encode, a publish and a
decode on two workers, so that with N workers behind one address (N-1)/N of the sockets paid
it and more workers meant less throughput. Workers of one machine do better: the worker a
socket reached passes the socket itself (its descriptor, over a Unix datagram socket,
``SCM_RIGHTS``) with the request it read to the table's holder, and forgets it. The holder
adopts it as if it had accepted it: the same checks, the same handshake, and no worker in
between from then on. Workers find one another by name in a directory only their user may
enter (``run/`` in the data directory: workers of one ``serve`` share it); a holder not found
there runs on another machine, and the relay serves that socket as before.
"""

from __future__ import annotations

import array
import asyncio
import contextlib
import hashlib
import logging
import os
import socket
from collections.abc import Awaitable, Callable, Mapping
from pathlib import Path
from typing import Any

log = logging.getLogger("backroom.server")

HANDED_OVER = b"x-backroom-handed-over"
"""A header added to a request that was handed over once: if its new worker does not hold the
table either (it moved meanwhile), the relay serves it rather than a second hand-over."""

LARGEST = 65536
"""Bytes of a request that may be handed over (uvicorn reads headers of a few KiB); a larger
one is relayed."""

Adopt = Callable[[socket.socket, bytes], Awaitable[None]]
"""Serve an accepted socket as if this worker had accepted it, ``data`` read from it already."""


def address(directory: Path, owner: str) -> Path:
    """Where the worker ``owner`` listens: short, whatever the owner's name (a Unix socket's
    path has room for about a hundred bytes)."""
    return directory / (hashlib.sha256(owner.encode()).hexdigest()[:16] + ".sock")


def request_bytes(scope: Mapping[str, Any]) -> bytes:
    """The HTTP request a WebSocket scope was read from, as its new worker will read it again,
    marked as handed over."""
    raw_path: bytes = scope.get("raw_path") or scope["path"].encode()
    query: bytes = scope.get("query_string") or b""
    lines = [b"GET " + raw_path + (b"?" + query if query else b"") + b" HTTP/1.1"]
    lines += [name + b": " + value for name, value in scope["headers"]]
    lines.append(HANDED_OVER + b": 1")
    return b"\r\n".join(lines) + b"\r\n\r\n"


def was_handed_over(scope: Mapping[str, Any]) -> bool:
    return any(name == HANDED_OVER for name, _ in scope.get("headers", []))


class Handoff:
    """This worker's end: it receives sockets for its tables, and hands others' to them."""

    def __init__(self, directory: Path, owner: str, adopt: Adopt) -> None:
        self.directory = directory
        self.path = address(directory, owner)
        self.adopt = adopt
        self._inbox: socket.socket | None = None
        self._outbox: socket.socket | None = None
        self._adopting: set[asyncio.Task[None]] = set()

    def start(self) -> bool:
        """Listen for sockets handed here; False (the relay alone) where this cannot be done:
        no Unix sockets, or a data directory whose path leaves no room for a socket's name."""
        if not hasattr(socket, "AF_UNIX") or len(os.fsencode(self.path)) > 100:
            return False
        self.directory.mkdir(mode=0o700, parents=True, exist_ok=True)
        self.directory.chmod(0o700)  # only this user may hand a socket to a worker
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()  # left by a worker that died
        inbox = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        inbox.bind(str(self.path))
        inbox.setblocking(False)
        outbox = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        outbox.setblocking(False)
        self._inbox, self._outbox = inbox, outbox
        asyncio.get_running_loop().add_reader(inbox.fileno(), self._receive)
        return True

    def stop(self) -> None:
        if self._inbox is not None:
            asyncio.get_running_loop().remove_reader(self._inbox.fileno())
            self._inbox.close()
            with contextlib.suppress(FileNotFoundError):
                self.path.unlink()
        if self._outbox is not None:
            self._outbox.close()
        self._inbox = self._outbox = None

    def hand(self, owner: str, descriptor: int, request: bytes) -> bool:
        """Pass the socket ``descriptor`` and the ``request`` read from it to ``owner``; False
        (nothing sent) when it is not on this machine, its inbox is full, or the request is
        too large: the relay serves the socket then."""
        if self._outbox is None or len(request) > LARGEST:
            return False
        rights = [(socket.SOL_SOCKET, socket.SCM_RIGHTS, array.array("i", [descriptor]))]
        try:  # not ``socket.send_fds``: it leaves out the address
            self._outbox.sendmsg([request], rights, 0, str(address(self.directory, owner)))
        except OSError:  # no such worker here (another machine), or it is not reading
            return False
        return True

    def _receive(self) -> None:
        while self._inbox is not None:
            try:
                data, fds, _flags, _addr = socket.recv_fds(self._inbox, LARGEST, 1)
            except (BlockingIOError, InterruptedError):
                return
            except OSError as exc:
                log.warning("receiving a handed-over socket failed: %s", exc)
                return
            for fd in fds[1:]:
                os.close(fd)
            if not fds:
                continue
            sock = socket.socket(fileno=fds[0])
            if sock.family not in (socket.AF_INET, socket.AF_INET6) or sock.type != socket.SOCK_STREAM:
                sock.close()  # only a client's TCP connection is served
                continue
            sock.setblocking(False)
            task = asyncio.get_running_loop().create_task(self._adopt(sock, data))
            self._adopting.add(task)
            task.add_done_callback(self._adopting.discard)

    async def _adopt(self, sock: socket.socket, data: bytes) -> None:
        try:
            await self.adopt(sock, data)
        except Exception as exc:  # the client left meanwhile, or this worker is stopping
            log.info("a handed-over socket could not be served: %s", exc)
            sock.close()


def adopter(server: Any) -> Adopt:
    """How a uvicorn ``server`` serves a socket another worker accepted: a connection of its
    own protocol, fed the request already read, as its listening socket would have made it."""

    async def adopt(sock: socket.socket, data: bytes) -> None:
        config = server.config
        protocol = config.http_protocol_class(
            config=config, server_state=server.server_state, app_state=server.lifespan.state
        )
        await asyncio.get_running_loop().connect_accepted_socket(lambda: protocol, sock=sock)
        protocol.data_received(data)

    return adopt
