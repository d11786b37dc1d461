"""A WebSocket handed to the worker that holds its table, when both run on one machine.

Relaying a socket through Redis (``tunnel.py``) costs every message an encode, a publish and a
decode on two workers, so that with N workers behind one address (N-1)/N of the sockets paid
it and more workers meant less throughput. Workers of one machine do better: the worker a
socket reached passes the socket itself (its descriptor, over a Unix datagram socket,
``SCM_RIGHTS``) with the request it read to the table's holder, and forgets it. The holder
adopts it as if it had accepted it: the same checks, the same handshake, and no worker in
between from then on. Workers find one another by name in a directory only their user may
enter (``run/`` in the data directory: workers of one ``serve`` share it); a holder not found
there runs on another machine, and the relay serves that socket as before. The uvicorn side
(adopting the socket) is in ``transport.py``, the request written out again in ``wire.py``.
"""

from __future__ import annotations

import array
import asyncio
import contextlib
import hashlib
import logging
import os
import socket
import stat
from collections.abc import Awaitable, Callable
from pathlib import Path

log = logging.getLogger("backroom.server")

LARGEST = 65536
"""Bytes of a request that may be handed over (uvicorn reads headers of a few KiB); a larger
one is relayed."""

Adopt = Callable[[socket.socket, bytes], Awaitable[bool]]
"""Serve an accepted socket as if this worker had accepted it, ``data`` read from it already;
False, leaving it untouched, when this worker is stopping."""

Refuse = Callable[[socket.socket], None]
"""Answer a socket that will not be served ("busy"), and close it."""


def address(directory: Path, owner: str) -> Path:
    """Where the worker ``owner`` listens: short, whatever the owner's name (a Unix socket's
    path has room for about a hundred bytes)."""
    return directory / (hashlib.sha256(owner.encode()).hexdigest()[:16] + ".sock")


class Handoff:
    """This worker's end: it receives sockets for its tables, and hands others' to them."""

    def __init__(self, directory: Path, owner: str, adopt: Adopt, refuse: Refuse) -> None:
        self.directory = directory
        self.path = address(directory, owner)
        self.adopt = adopt
        self.refuse = refuse
        self._inbox: socket.socket | None = None
        self._outbox: socket.socket | None = None
        self._adopting: set[asyncio.Task[None]] = set()

    def start(self) -> bool:
        """Listen for sockets handed here; False (the relay alone) where this cannot be done:
        no Unix sockets, a data directory whose path leaves no room for a socket's name, or a
        ``run/`` that is not this user's alone (another user could take the sockets there)."""
        if not hasattr(socket, "AF_UNIX") or len(os.fsencode(self.path)) > 100:
            return False
        try:
            self.directory.mkdir(mode=0o700, parents=True, exist_ok=True)
            found = os.lstat(self.directory)
            if not stat.S_ISDIR(found.st_mode) or found.st_uid != os.geteuid():
                log.warning("%s is not this user's own folder: sockets are relayed", self.directory)
                return False
            self.directory.chmod(0o700)  # only this user may hand a socket to a worker
            with contextlib.suppress(FileNotFoundError):
                self.path.unlink()  # left by a worker that died
            inbox = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
            try:
                inbox.bind(str(self.path))
            except OSError:
                inbox.close()
                raise
        except OSError as exc:
            log.warning("sockets cannot be handed over here (%s): they are relayed", exc)
            return False
        inbox.setblocking(False)
        outbox = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        outbox.setblocking(False)
        self._inbox, self._outbox = inbox, outbox
        asyncio.get_running_loop().add_reader(inbox.fileno(), self._receive)
        return True

    def stop(self) -> None:
        """Take no more sockets: senders find no inbox and relay; those already queued in it
        are answered "busy" rather than dropped without a word."""
        inbox, self._inbox = self._inbox, None
        if inbox is not None:
            asyncio.get_running_loop().remove_reader(inbox.fileno())
            with contextlib.suppress(FileNotFoundError):
                self.path.unlink()
            for sock, _data in self._take_all(inbox):
                self.refuse(sock)
            inbox.close()
        if self._outbox is not None:
            self._outbox.close()
        self._outbox = None

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
        if self._inbox is None:
            return
        for sock, data in self._take_all(self._inbox):
            task = asyncio.get_running_loop().create_task(self._adopt(sock, data))
            self._adopting.add(task)
            task.add_done_callback(self._adopting.discard)

    @staticmethod
    def _take_all(inbox: socket.socket) -> list[tuple[socket.socket, bytes]]:
        """Every client connection waiting in the inbox, with its request; anything else that
        came with a descriptor (not a TCP socket) closed."""
        taken: list[tuple[socket.socket, bytes]] = []
        while True:
            try:
                data, fds, _flags, _addr = socket.recv_fds(inbox, LARGEST, 1)
            except (BlockingIOError, InterruptedError):
                return taken
            except OSError as exc:
                log.warning("receiving a handed-over socket failed: %s", exc)
                return taken
            for fd in fds[1:]:
                os.close(fd)
            if not fds:
                continue
            try:
                sock = socket.socket(fileno=fds[0])
            except OSError:  # not a socket at all
                os.close(fds[0])
                continue
            if sock.family not in (socket.AF_INET, socket.AF_INET6) or sock.type != socket.SOCK_STREAM:
                sock.close()  # only a client's TCP connection is served
                continue
            sock.setblocking(False)
            taken.append((sock, data))

    async def _adopt(self, sock: socket.socket, data: bytes) -> None:
        try:
            adopted = await self.adopt(sock, data)
        except Exception as exc:  # the client left meanwhile
            log.info("a handed-over socket could not be served: %s", exc)
            sock.close()
            return
        if not adopted:  # stopping: the uvicorn server would wait for sockets it never closes
            self.refuse(sock)
            self.stop()
