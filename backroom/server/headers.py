"""Safe defaults every HTTP answer carries (issue: tokens leaked through ``Referer``, pages
could be framed, files sniffed as another type).

A plain ASGI wrapper rather than Starlette's ``BaseHTTPMiddleware``: it adds three headers to
each response start and costs nothing on WebSocket traffic.
"""

from __future__ import annotations

from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'"
)
"""Scripts only from this server (no inline script); boards may set inline style attributes;
no page may be framed by another site."""

HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"referrer-policy", b"no-referrer"),
    (b"x-content-type-options", b"nosniff"),
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode("ascii")),
)


class SecurityHeaders:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers: list[Any] = list(message.get("headers", []))
                headers.extend(HEADERS)
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)
