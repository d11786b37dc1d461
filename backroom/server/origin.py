"""Which web pages may act on this server: its own, and those the operator lists.

A browser sends ``Origin`` with every cross-site POST and WebSocket upgrade, so any website a
player visits could otherwise create tables or open sockets in their name. Programs (agents,
``backroom.client``) send no ``Origin`` and are not affected.
"""

from __future__ import annotations

from starlette.requests import HTTPConnection

_SCHEMES = {"http": "http", "https": "https", "ws": "http", "wss": "https"}


def normalize_origin(origin: str) -> str:
    return origin.strip().rstrip("/").lower()


def origin_allowed(connection: HTTPConnection) -> bool:
    """True when the request (or WebSocket upgrade) carries no ``Origin``, or its own (scheme
    and ``Host``), or one the operator allowed. The scheme comes from the ASGI scope, not from
    ``connection.url``, which builds and parses the whole address at every connection
    (docs/benchmarks.md, "CPU per move on an Intel Xeon of this kind")."""
    headers = connection.headers
    origin = headers.get("origin")
    if origin is None:
        return True
    origin = normalize_origin(origin)
    allowed = connection.app.state.allowed_origins
    scheme = connection.scope.get("scheme", "http")
    own = f"{_SCHEMES.get(scheme, scheme)}://{headers.get('host', '')}".lower()
    return origin == own or origin in allowed
