"""Which names this server answers to: the defence against DNS rebinding.

A page on ``evil.example`` whose name its owner makes resolve to 127.0.0.1 reaches a server
listening on loopback as that page's *own* origin (``Origin`` and ``Host`` agree), so the
origin check (``origin.py``) lets it create tables and open sockets from the player's browser.
So a server listening on loopback answers only to loopback names, and to those the operator
lists (``serve --allow-host``); one listening on another address answers to any name unless
names are listed. Programs are not affected: they send the name they connected to.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable

from starlette.requests import Request
from starlette.types import ASGIApp, Receive, Scope, Send

from backroom.i18n import translate
from backroom.server.api import error_response, request_language
from backroom.server.headers import SecurityHeaders

LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})
"""Names that reach this machine only; ``*.localhost`` too (browsers resolve it to loopback)."""


def is_loopback(address: str) -> bool:
    if address.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


def allowed_hosts(listen: str, named: Iterable[str]) -> frozenset[str] | None:
    """The names a server listening on ``listen`` answers to, given the operator's ``named``
    ones; None: any name."""
    named = {name.strip().lower().rstrip(".") for name in named}
    if named:
        return LOOPBACK_NAMES | named
    return LOOPBACK_NAMES if is_loopback(listen) else None


def host_name(header: str) -> str:
    """The name in a ``Host`` header, without its port or an IPv6 address's brackets."""
    header = header.strip().lower()
    if header.startswith("["):
        return header[1:].partition("]")[0]
    name, colon, port = header.rpartition(":")
    return (name if colon and port.isdigit() else header).rstrip(".")


def host_allowed(header: str, allowed: frozenset[str]) -> bool:
    """Whether the name is listed, or one that reaches this machine only: ``*.localhost``, or a
    loopback address (``127.0.0.2``, ``[0:0::1]``), which no website can point elsewhere."""
    name = host_name(header)
    return name in allowed or name.endswith(".localhost") or is_loopback(name)


class HostCheck:
    """Answers a request for a name outside ``allowed`` with 400 ``unknown_host`` (a socket:
    refused before it opens), before any route, worker relay or origin check sees it."""

    def __init__(self, app: ASGIApp, allowed: frozenset[str] | None) -> None:
        self.app = app
        self.allowed = allowed

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.allowed is None or scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        header = next((v.decode("latin-1") for k, v in scope["headers"] if k == b"host"), "")
        if host_allowed(header, self.allowed):
            await self.app(scope, receive, send)
        elif scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008})
        else:
            lang = request_language(Request(scope))
            message = translate(lang, "server.error.unknown_host", {"host": host_name(header)})
            # Outside ``SecurityHeaders``: its headers are added here, as to every answer.
            await SecurityHeaders(error_response(400, "unknown_host", message))(scope, receive, send)
