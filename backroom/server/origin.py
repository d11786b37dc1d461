"""Which web pages may act on this server: its own, and those the operator lists.

A browser sends ``Origin`` with every cross-site POST and WebSocket upgrade, so any website a
player visits could otherwise create tables or open sockets in their name. Programs (agents,
``backroom.client``) send no ``Origin`` and are not affected.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

_SCHEMES = {"http": "http", "https": "https", "ws": "http", "wss": "https"}


def normalize_origin(origin: str) -> str:
    return origin.strip().rstrip("/").lower()


def origin_allowed(headers: Mapping[str, str], scheme: str, allowed: Iterable[str]) -> bool:
    """True when the request carries no ``Origin``, or its own (scheme and ``Host``), or one
    of ``allowed``."""
    origin = headers.get("origin")
    if origin is None:
        return True
    origin = normalize_origin(origin)
    own = f"{_SCHEMES.get(scheme, scheme)}://{headers.get('host', '')}".lower()
    return origin == own or origin in allowed
