"""uvicorn's HTTP and WebSocket protocols with the bounds the ASGI app cannot set itself
(issue 11, items 2 and 4): a cap on the connections the process holds, in all and per client
address; read timeouts for request headers and bodies; and a WebSocket transport that the app
may abort, with a smaller write buffer.

uvicorn (0.54) has a keep-alive timeout between requests but none while a request arrives: a
client that sends half its headers holds its descriptor forever (slowloris), and its
``limit_concurrency`` is checked only once a request's headers are complete, so half-sent
requests never count. These subclasses keep uvicorn's parsing and only add timers and a check
when a connection is made. ``backroom serve`` passes them to ``uvicorn.Config(http=..., ws=...)``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import struct
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from uvicorn.logging import TRACE_LOG_LEVEL
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.utils import ClientDisconnected
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.http11 import Request
from websockets.protocol import Protocol, State

try:
    from websockets.speedups import apply_mask
except ImportError:  # pragma: no cover - the library's C speedups are in every wheel
    from websockets.utils import apply_mask

from backroom.server.connections import ABORT, trusts
from backroom.server.handoff import Adopt
from backroom.server.settings import HEAD_BYTES, PIPELINED, SOCKET_BUFFER_BYTES, WRITE_BUFFER_BYTES, Limits
from backroom.server.wire import (
    BUSY,
    HANDED_OVER,
    HEAD_TOO_LARGE,
    PONG,
    TOO_SLOW,
    frame_head,
    parsed_request,
    request_bytes,
    unread_upgrade,
)

OPEN = State.OPEN
"""Read at every frame and every write: an enum member looked up on its class costs several
times a global's."""

PROTOCOL_LOG = logging.getLogger("websockets.server")
"""Where the WebSocket library's own messages about a connection go (its default logger)."""


class ReadTooFar(Exception):
    """A connection sent more requests ahead of their answers than ``PIPELINED``."""


def protocols(limits: Limits, trusted_proxies: Iterable[str] = ()) -> tuple[type[Any], type[Any]]:
    """The HTTP and WebSocket protocol classes for uvicorn under ``limits``. Connections from
    ``trusted_proxies`` are not counted per address: a proxy carries every visitor's (the app
    counts WebSockets by the forwarded address instead)."""
    trusted = trusts(trusted_proxies)
    by_address: Counter[str] = Counter()
    """The open connections of each untrusted address, kept as they open and close so that the
    cap costs the same at ten thousand connections as at ten."""
    counted: dict[asyncio.BaseTransport, str] = {}
    """The address each counted connection was counted under. A connection upgraded to a
    WebSocket ends through the WebSocket protocol, which reads its peer's address again: that
    of a peer that has reset by then can no longer be read, and forgetting by it leaked the
    slot. Forgetting twice must change nothing."""

    def forget(transport: asyncio.BaseTransport) -> None:
        host = counted.pop(transport, None)
        if host is not None:
            by_address[host] -= 1
            if not by_address[host]:
                del by_address[host]

    class GuardedHttp(HttpToolsProtocol):
        """HTTP/1.1 with a connection cap and request read timeouts."""

        _deadline: asyncio.TimerHandle | None = None
        handed_over = False
        """Set on a connection another worker handed over (``adopter``)."""
        _in_head = True
        """A request's head is being read (from the connection's start, or the end of the
        request before it, to its last header)."""
        _head_bytes = 0
        """Bytes read of that head so far (at most one read more: see ``data_received``)."""
        _chunk = 0

        def data_received(self, data: bytes) -> None:
            """Feed the parser, then refuse (431) a head that has passed ``HEAD_BYTES``: the
            parser keeps a header's pieces until it is whole, and uvicorn every header until the
            head is, without any bound. Checked after feeding, as the bytes of a read that ends
            a head (its body, say) are not the head's; a read in which a request ended is not
            counted towards the next one's head, so a head may pass the bound by one read."""
            self._chunk = len(data)
            super().data_received(data)
            if self._in_head and not self.transport.is_closing():
                self._head_bytes += len(data)
                if self._head_bytes > HEAD_BYTES:
                    self._disarm()
                    self.transport.write(HEAD_TOO_LARGE)
                    self.transport.close()

        def on_header(self, name: bytes, value: bytes) -> None:
            if name.lower() == HANDED_OVER and not self.handed_over:
                return  # only a worker of this machine may say so
            super().on_header(name, value)

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            if self._over_cap():
                # Refused before anything is read: this costs the server a write and a close.
                transport.write(BUSY)
                transport.close()
                return
            self._arm(limits.header_timeout)

        def _over_cap(self) -> bool:
            if len(self.connections) > limits.max_connections:
                return True
            host = self.client[0] if self.client else None
            if host is None or trusted(host):
                return False
            counted[self.transport] = host  # forgotten in ``connection_lost``, refused or not
            by_address[host] += 1
            return by_address[host] > limits.connections_per_address

        def _arm(self, seconds: float) -> None:
            self._disarm()
            self._deadline = self.loop.call_later(seconds, self._too_slow)

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _too_slow(self) -> None:
            """The headers or the body did not arrive in time: say so and drop the connection
            (aborted: a client this slow may not read the answer either)."""
            self._deadline = None
            if not self.transport.is_closing():
                # A body the app answered without reading gets no second answer: a client
                # reusing the connection would take it for its next request's.
                if self._in_head or self.cycle is None or not self.cycle.response_started:
                    self.transport.write(TOO_SLOW)
                self.transport.abort()

        def on_message_begin(self) -> None:
            super().on_message_begin()
            if self._deadline is None:  # a further request on a kept-alive connection
                self._arm(limits.header_timeout)

        def on_headers_complete(self) -> None:
            if len(self.pipeline) >= PIPELINED:
                # Stops the parser here: uvicorn answers a parser error with a 400, which a
                # client that does not read its answers does not get (``send_400_response``).
                self._read_too_far = True
                raise ReadTooFar
            self._in_head = False
            upgrading = self.parser.should_upgrade() and self._should_upgrade()
            super().on_headers_complete()
            if upgrading:  # a WebSocket from here on: its own protocol takes the connection
                self._disarm()
            else:
                self._arm(limits.body_timeout)

        _read_too_far = False

        def send_400_response(self, msg: str) -> None:
            if self._read_too_far:  # answers are still owed to the requests before: drop it
                self.transport.abort()
                return
            super().send_400_response(msg)

        def on_message_complete(self) -> None:
            self._in_head, self._head_bytes = True, -self._chunk  # the next head starts here
            self._disarm()
            super().on_message_complete()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            forget(self.transport)
            super().connection_lost(exc)
            # The request cycle holds this protocol's ``on_response_complete`` and the protocol
            # the cycle: let go, so that reference counting frees the connection now rather
            # than the cyclic collector later (a request in flight keeps its own cycle).
            self.cycle = None  # type: ignore[assignment]
            self.pipeline.clear()

        def handle_websocket_upgrade(self) -> None:
            """The WebSocket protocol takes the connection, and the request as parsed here
            (``wire.parsed_request``; else as uvicorn does: written out for the library's
            parser to read again); this one is done with it. Its parser holds its callbacks,
            bound to it: dropped, the protocol goes with the upgrade's last reference instead
            of waiting for the cyclic collector (a cycle per socket opened, the largest part
            of what it found)."""
            request = parsed_request(self.scope["method"], self.url, self.scope["headers"])
            if request is None or self.ws_protocol_class is not AbortableWebSocket:
                super().handle_websocket_upgrade()
            else:  # uvicorn's steps, the request handed on whole
                if self.logger.level <= TRACE_LOG_LEVEL:
                    prefix = f"{self.client[0]}:{self.client[1]} - " if self.client else ""
                    self.logger.log(TRACE_LOG_LEVEL, "%sUpgrading to WebSocket", prefix)
                self.connections.discard(self)
                protocol = AbortableWebSocket(
                    config=self.config, server_state=self.server_state, app_state=self.app_state
                )
                protocol.connection_made(self.transport)
                protocol.upgraded(request)
                self.transport.set_protocol(protocol)
            self.parser = None  # type: ignore[assignment]

    class AbortableWebSocket(WebSocketsSansIOProtocol):
        """A WebSocket whose endpoint can drop it without the closing handshake, or send on it
        without awaiting (``ABORT``), and whose buffers, the transport's and the kernel's, are
        small: a peer that stops reading makes sends wait (then time out) before it costs much
        memory."""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            # The library's own lines ("connection open", "connection closed", naming no
            # client) go to its own logger, not uvicorn's: two lines a socket to format and
            # write, beside uvicorn's "[accepted]" line that names the client and the path.
            self.conn.logger = PROTOCOL_LOG
            self.conn.debug = PROTOCOL_LOG.isEnabledFor(logging.DEBUG)

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            super().connection_made(transport)
            self.transport.set_write_buffer_limits(high=WRITE_BUFFER_BYTES)
            sock = self.transport.get_extra_info("socket")
            if sock is not None:
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SOCKET_BUFFER_BYTES)

        def upgraded(self, request: Request) -> None:
            """Take ``request``, the upgrade, as the library's parser would have read it: its
            parser goes on from there to frames (``ServerProtocol.parse`` does the same after
            a request), and the request is handled as uvicorn handles the one it reads."""
            self._requests = 1
            conn = self.conn
            conn.parser = Protocol.parse(conn)
            next(conn.parser)
            if conn.debug:
                conn.logger.debug("< GET %s HTTP/1.1", request.path)
                for key, value in request.headers.raw_items():
                    conn.logger.debug("< %s: %s", key, value)
            conn.events.append(request)
            self.handle_events()

        _requests = 0
        """``data_received`` calls before the handshake completed: the first is the upgrade
        request, which uvicorn passes on whole; any other brought frames sent before the
        answer, which the library's parser may have begun."""
        _framing = True
        """Frames are split here (``data_received``) rather than by the library's parser;
        cleared for good at anything unusual, the library's parser then reading the rest."""
        _pending = b""
        """The first bytes of a frame whose end has not arrived yet (under 64 KiB)."""

        def data_received(self, data: bytes) -> None:
            """Split the frames of an open WebSocket here: a whole, masked, unfragmented text
            frame (every message of the protocol) goes to the endpoint at once, every other
            frame, whole, to the library's parser (``websockets``), which therefore always
            stands between two frames. Its general parser (a generator per frame) cost more
            than the rest of reading a move. Anything unusual (a frame over 64 KiB, a message
            before the handshake's answer, a closing connection) leaves the connection to the
            library's parser alone, with whatever is left."""
            if not self.handshake_complete:
                self._requests += 1
                self._framing = self._framing and self._requests == 1
                super().data_received(data)
                if self.conn.handshake_exc is not None and not self.handshake_initiated:
                    self._unread(self.conn.handshake_exc)
                return
            if not self._framing:
                super().data_received(data)
                return
            if self._pending:
                data, self._pending = self._pending + data, b""
            conn = self.conn
            pos, end = 0, len(data)
            while end - pos >= 2:
                head, size = data[pos], data[pos + 1]
                start = pos + (6 if size & 0x80 else 2)
                size &= 0x7F
                if size == 126:
                    if end - pos < 4:
                        self._pending = data[pos:]
                        return
                    size = (data[pos + 2] << 8) | data[pos + 3]
                    start += 2
                elif size == 127 or (conn.max_message_size is not None and size > conn.max_message_size):
                    break  # the library refuses it (1009), or reads what no message of this server is
                stop = start + size
                if stop > end:
                    self._pending = data[pos:]  # a frame of at most 64 KiB: its end is coming
                    return
                opened = conn.state is OPEN and not self.close_sent
                if head == 0x81 and data[pos + 1] & 0x80 and opened and conn.current_size is None:
                    pos = stop
                    self._text(apply_mask(data[start:stop], data[start - 4 : start]))
                else:  # control frames (pongs, a close), fragments, anything the library refuses
                    super().data_received(data[pos:stop])
                    pos = stop
                if conn.state is not OPEN or self.close_sent or self.transport.is_closing():
                    break
            else:
                if pos < end:
                    self._pending = data[pos:]  # a frame's first byte
                return
            self._framing = False  # the library's parser reads the rest of the connection
            if pos < end:
                super().data_received(data[pos:])

        def _unread(self, exc: Exception) -> None:
            """The library's parser refused the upgrade request (too many headers, a line
            too long, a body, a malformed line): uvicorn writes only the answers to requests
            it read, so the library's waited unsent, and with the header timeout disarmed
            for the upgrade the connection stayed open for good. Answered here and closed."""
            self.conn.data_to_send()  # the library's own answer, if any
            self.handshake_complete = self.close_sent = True
            self.transport.write(unread_upgrade(exc))
            self.transport.close()

        def send_receive_event_to_app(self) -> None:
            """A whole message for the endpoint, as uvicorn passes it on; a text message that is
            not UTF-8 closes the connection (1007) as uvicorn does, but without the traceback
            uvicorn logs for it, one a connection, as fast as a client opens them."""
            if self.curr_msg_data_type != "text" or self.close_sent:
                super().send_receive_event_to_app()
                return
            data = self.frames[0] if len(self.frames) == 1 else b"".join(self.frames)
            self.frames = []
            self._text(data)

        def _text(self, data: bytes) -> None:
            try:
                text = data.decode()
            except UnicodeDecodeError:
                self.conn.send_close(1007)
                self.handle_parser_exception()
                return
            self.queue.put_nowait({"type": "websocket.receive", "text": text})
            if not self.read_paused:
                self.read_paused = True
                self.transport.pause_reading()

        _pong = b""
        """The answer to the latest ping, held while the transport is over its mark."""

        def handle_ping(self) -> None:
            """Answer pings only while the transport takes writes, holding the latest answer
            otherwise (RFC 6455, 5.5.3: only the latest ping needs one): the library answers
            every ping a read brings, and a peer that flooded pings and read nothing grew the
            buffer without bound. Anything else the read brought (a close) goes as before."""
            for data in self.conn.data_to_send():
                if data[:1] == PONG:
                    self._pong = data
                else:
                    self._answer()
                    self.transport.write(data)
            if self.writable.is_set():
                self._answer()

        def resume_writing(self) -> None:
            super().resume_writing()
            self._answer()

        def _answer(self) -> None:
            if self._pong:
                self.transport.write(self._pong)
                self._pong = b""

        async def run_asgi(self) -> None:
            self.scope["extensions"][ABORT] = {
                "abort": self.abort,
                "write": self.write,
                "receive": self.receive,
                "hand_over": self.hand_over,
                "closing": self.closing,
            }
            try:
                await super().run_asgi()
            finally:
                # The scope holds these methods, bound to this protocol, which holds the scope:
                # once the endpoint is done with them, the cycle goes with them.
                del self.scope["extensions"][ABORT]

        def connection_lost(self, exc: Exception | None) -> None:
            forget(self.transport)  # counted when it came as HTTP
            super().connection_lost(exc)
            # Nothing more can arrive: the library's parser (a generator holding its protocol)
            # is let go, so that reference counting frees the connection's objects now rather
            # than the cyclic collector later.
            self.conn.parser = None  # type: ignore[assignment]

        def hand_over(self, hand: Callable[[int, bytes], bool]) -> None:
            """Give this socket, before its handshake, to another worker of this machine
            (``handoff.py``): ``hand`` passes its descriptor and the request read from it.
            Returns if it could not; else this worker forgets the socket without a word
            (closing its own descriptor ends nothing: the other worker holds one) and the
            ASGI call ends as for a client that left."""
            sock = self.transport.get_extra_info("socket")
            if sock is None or self.handshake_complete or self.transport.is_closing():
                return
            if not hand(sock.fileno(), request_bytes(self.scope)):
                return
            self.transport.abort()  # not ``self.abort``: no reset, the connection lives on
            raise ClientDisconnected

        def closing(self) -> bool:
            """Whether a close from the endpoint would write nothing: one was sent (or the
            peer's answered), the peer is gone, or the transport is closing. uvicorn's
            ``send`` then raises (a disconnect, or a close after a close) or does nothing;
            not calling it spares the exception, its traceback and the cycle they make."""
            return self.close_sent or self.disconnected or self.transport.is_closing()

        def abort(self) -> None:
            """Drop the connection now, with a reset: closed any other way, the kernel would
            keep what it holds for a peer that does not read and retry it for minutes."""
            sock = self.transport.get_extra_info("socket")
            if sock is not None:
                with contextlib.suppress(OSError, ValueError):  # closed already (uvloop: ValueError)
                    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.transport.abort()

        def write(self, texts: Sequence[str]) -> bool:
            """Send ``texts`` as frames now, in one write, as uvicorn's ``send`` does once the
            socket is writable; False, sending nothing, when it must wait (its buffers are full)
            or the socket is closing: the endpoint's send loop then takes the messages, and
            times out. Without an extension (compression) the frames are built here: the
            library's own framing is general and cost more than the write itself."""
            if self.disconnected or self.close_sent or self.transport.is_closing():
                return False
            if not self.writable.is_set() or self.conn.state is not OPEN:
                return False
            if self.conn.extensions:
                for text in texts:
                    self.conn.send_text(text.encode())
                self.transport.write(b"".join(self.conn.data_to_send()))
            else:
                pieces: list[bytes] = []
                for text in texts:
                    data = text.encode()
                    pieces += (frame_head(len(data)), data)
                self.transport.writelines(pieces)  # one write of them all, nothing copied first
            return True

    return GuardedHttp, AbortableWebSocket


def adopter(server: Any) -> Adopt:
    """How a uvicorn ``server`` serves a socket another worker accepted: a connection of its
    own protocol, marked as handed over, fed the request already read, as its listening
    socket would have made it. Not once it is stopping: uvicorn waits for the connections
    it had when it began to, and one adopted after that would hold it up."""

    async def adopt(sock: socket.socket, data: bytes) -> bool:
        if server.should_exit:
            return False
        config = server.config
        protocol = config.http_protocol_class(
            config=config, server_state=server.server_state, app_state=server.lifespan.state
        )
        protocol.handed_over = True
        await asyncio.get_running_loop().connect_accepted_socket(lambda: protocol, sock=sock)
        protocol.data_received(data)
        return True

    return adopt


def refuse(sock: socket.socket) -> None:
    """Answer a handed-over socket that will not be served "busy" (503), and close it."""
    with contextlib.suppress(OSError):
        sock.send(BUSY)
    sock.close()
