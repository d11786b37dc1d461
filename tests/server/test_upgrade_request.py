"""The upgrade request handed to the ``websockets`` library as uvicorn's HTTP parser read it
(``wire.parsed_request``) is what the library's own parser reads from the bytes uvicorn would
write out again; anything it might read otherwise or refuse goes that old way instead."""

from __future__ import annotations

import pytest
from websockets.http11 import MAX_LINE_LENGTH, MAX_NUM_HEADERS, Request
from websockets.server import ServerProtocol

from backroom.server.wire import parsed_request

Header = tuple[bytes, bytes]

ORDINARY: list[Header] = [
    (b"host", b"127.0.0.1:8000"),
    (b"upgrade", b"websocket"),
    (b"connection", b"Upgrade"),
    (b"sec-websocket-key", b"dGhlIHNhbXBsZSBub25jZQ=="),
    (b"sec-websocket-version", b"13"),
    (b"user-agent", b"Python/3.11 websockets/17.4"),
    (b"accept-language", b"fr-CA, fr;q=0.9"),
    (b"x-empty", b""),
    (b"cookie", b"a=1"),
    (b"cookie", b"b=2"),
]


def library_reads(method: str, target: bytes, headers: list[Header]) -> Request:
    """The request as uvicorn writes it out for the library (``handle_websocket_upgrade``)."""
    lines = [method.encode() + b" " + target + b" HTTP/1.1"] + [
        name + b": " + value for name, value in headers
    ]
    server = ServerProtocol()
    server.receive_data(b"\r\n".join(lines) + b"\r\n\r\n")
    [request] = server.events_received()
    assert isinstance(request, Request)
    return request


@pytest.mark.parametrize("target", [b"/ws/abc", b"/ws/abc?token=x%20y&lang=fr&chat=1", b"/ws/" + b"a" * 4000])
def test_an_ordinary_upgrade_is_read_as_the_library_reads_it(target: bytes) -> None:
    made = parsed_request("GET", target, ORDINARY)
    read = library_reads("GET", target, ORDINARY)
    assert made is not None
    assert (made.method, made.path, made.protocol) == (read.method, read.path, read.protocol)
    assert list(made.headers.raw_items()) == list(read.headers.raw_items())
    assert made.headers.get_all("Cookie") == ["a=1", "b=2"]


@pytest.mark.parametrize(
    ("method", "target", "headers"),
    [
        ("POST", b"/ws/abc", ORDINARY),
        ("GET", b"/ws/\xc3\xa9", ORDINARY),
        ("GET", b"/ws/" + b"a" * MAX_LINE_LENGTH, ORDINARY),
        ("GET", b"/ws/abc", [*ORDINARY, (b"x-name", b"Jos\xc3\xa9")]),
        ("GET", b"/ws/abc", [*ORDINARY, (b"x-tab", b"a\tb")]),
        ("GET", b"/ws/abc", [*ORDINARY, (b"x-space", b"a ")]),
        ("GET", b"/ws/abc", [*ORDINARY, (b"bad name", b"a")]),
        ("GET", b"/ws/abc", [*ORDINARY, (b"x-long", b"a" * MAX_LINE_LENGTH)]),
        ("GET", b"/ws/abc", [*ORDINARY, (b"content-length", b"0")]),
        ("GET", b"/ws/abc", [*ORDINARY, (b"transfer-encoding", b"chunked")]),
        ("GET", b"/ws/abc", [(b"x-many", b"1")] * MAX_NUM_HEADERS),
    ],
)
def test_anything_unusual_is_left_to_the_library_s_parser(
    method: str, target: bytes, headers: list[Header]
) -> None:
    assert parsed_request(method, target, headers) is None
