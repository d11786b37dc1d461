"""What the transport (``transport.py``) writes and reads itself: the answers it gives before
any request is read, a server's text frames, the upgrade request handed to the ``websockets``
library as already parsed, and a request handed over to another worker with its socket."""

from __future__ import annotations

import re
import struct
from collections.abc import Iterable, Mapping
from typing import Any

import orjson
from websockets.datastructures import Headers
from websockets.exceptions import SecurityError
from websockets.http11 import MAX_LINE_LENGTH, MAX_NUM_HEADERS, Request

from backroom.i18n import translate
from backroom.server.settings import HEAD_BYTES


def _answer(status: bytes, code: str, **params: Any) -> bytes:
    """A whole HTTP answer with the usual error body, written before any request was read: no
    language is known yet, so it is in English."""
    body = orjson.dumps({"error": {"code": code, "message": translate("en", f"server.error.{code}", params)}})
    head = (
        f"HTTP/1.1 {status.decode()}\r\ncontent-type: application/json\r\n"
        f"content-length: {len(body)}\r\nconnection: close\r\n\r\n"
    )
    return head.encode("ascii") + body


BUSY = _answer(b"503 Service Unavailable", "server_busy")

TOO_SLOW = _answer(b"408 Request Timeout", "too_slow")

HEAD_TOO_LARGE = _answer(b"431 Request Header Fields Too Large", "headers_too_large", limit=HEAD_BYTES)

HANDED_OVER = b"x-backroom-handed-over"
"""A header on a request that another worker of this machine handed over with its socket
(``handoff.py``): if its new worker does not hold the table either (it moved meanwhile), the
relay serves it rather than a second hand-over. Taken only from a handed-over connection: a
client's own is dropped as the request is read."""

UPGRADE_TOO_LARGE = _answer(
    b"431 Request Header Fields Too Large", "upgrade_too_large", headers=MAX_NUM_HEADERS, line=MAX_LINE_LENGTH
)

BAD_UPGRADE = _answer(b"400 Bad Request", "bad_upgrade")


def unread_upgrade(exc: BaseException) -> bytes:
    """The answer to an upgrade request the library's parser refused with ``exc`` (its own
    answer is English text outside the catalogs, or none at all)."""
    return UPGRADE_TOO_LARGE if isinstance(exc, SecurityError) else BAD_UPGRADE


PONG = b"\x8a"
"""The first byte of a whole pong frame (RFC 6455, 5.2): control frames are never compressed."""


TOKEN = re.compile(rb"[-!#$%&'*+.^_`|~0-9a-zA-Z]+")
"""A header's name, as the library's own parser accepts it (RFC 9110, 5.1)."""

PLAIN_VALUE = re.compile(rb"[\x21-\x7e]([\x20-\x7e]*[\x21-\x7e])?|")
"""A header's value in printable ASCII without spaces around it: one that every version of the
library reads the same way (a value with other bytes is read as text in two different ways)."""


def parsed_request(method: str, target: bytes, headers: Iterable[tuple[bytes, bytes]]) -> Request | None:
    """The upgrade request that the library's own parser reads from the bytes uvicorn writes
    out again from what httptools parsed (``method target HTTP/1.1``, then each header as
    ``name: value``), without writing and reading them: that parser (a generator per line)
    cost more than the rest of accepting a socket. None for any request it might read
    differently or refuse (a method other than GET, a line near its length limit, too many
    headers, a name or value it checks and might not take, a body announced): uvicorn's way
    then serves it, and the library answers it as before."""
    if method != "GET" or len(target) + 16 > MAX_LINE_LENGTH:
        return None
    try:
        path = target.decode("ascii")
    except UnicodeDecodeError:
        return None
    made = Headers()
    for count, (name, value) in enumerate(headers, 1):
        if count >= MAX_NUM_HEADERS or len(name) + len(value) + 8 > MAX_LINE_LENGTH:
            return None
        if TOKEN.fullmatch(name) is None or PLAIN_VALUE.fullmatch(value) is None:
            return None
        made[name.decode("ascii")] = value.decode("ascii")
    if "Transfer-Encoding" in made or "Content-Length" in made:
        return None
    return Request(path, made)


def text_frame(data: bytes) -> bytes:
    """One unfragmented, unmasked, uncompressed text frame (RFC 6455, 5.2): a server's."""
    return frame_head(len(data)) + data


_SHORT_HEADS = [bytes((0x81, size)) for size in range(126)]
_HEAD_16 = struct.Struct("!BBH")
_HEAD_64 = struct.Struct("!BBQ")


def frame_head(size: int) -> bytes:
    """The head of ``text_frame`` for a payload of ``size`` bytes (two to four for every
    update: made once, or packed by a compiled ``Struct``, not by a format looked up)."""
    if size < 126:
        return _SHORT_HEADS[size]
    if size < 1 << 16:
        return _HEAD_16.pack(0x81, 126, size)
    return _HEAD_64.pack(0x81, 127, size)


def request_bytes(scope: Mapping[str, Any]) -> bytes:
    """The HTTP request a WebSocket scope was read from, as its new worker will read it again
    (as uvicorn itself re-reads it on an upgrade), marked as handed over."""
    raw_path: bytes = scope.get("raw_path") or scope["path"].encode()
    query: bytes = scope.get("query_string") or b""
    lines = [b"GET " + raw_path + (b"?" + query if query else b"") + b" HTTP/1.1"]
    lines += [name + b": " + value for name, value in scope["headers"]]
    lines.append(HANDED_OVER + b": 1")
    return b"\r\n".join(lines) + b"\r\n\r\n"


def was_handed_over(scope: Mapping[str, Any]) -> bool:
    return any(name == HANDED_OVER for name, _ in scope.get("headers", []))
