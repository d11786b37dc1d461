"""The ASGI application: HTTP lobby, pages, static files and the table WebSocket."""

from __future__ import annotations

import gc
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from contextlib import asynccontextmanager
from pathlib import Path

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles

from backroom.server import api
from backroom.server.headers import SecurityHeaders
from backroom.server.live import IDLE_UNLOAD, Hub
from backroom.server.openapi import SCHEMA
from backroom.server.origin import normalize_origin
from backroom.server.protocol import websocket_endpoint
from backroom.server.settings import RATE, TABLES_PER_MINUTE, default_url
from backroom.server.store import SNAPSHOT_EVERY, Store

WEB = Path(__file__).resolve().parent.parent / "web"
"""The browser client's files (``backroom/web/``), served as they are: no build step."""


def _page(name: str) -> Callable[[Request], Awaitable[Response]]:
    async def page(request: Request) -> Response:
        path = WEB / name
        if not path.is_file():
            return PlainTextResponse("The browser client is not installed.", status_code=404)
        return FileResponse(path, media_type="text/html")

    return page


async def openapi(request: Request) -> Response:
    return JSONResponse(SCHEMA)


def create_app(
    db_url: str | None = None,
    *,
    rate: float = RATE,
    snapshot_every: int = SNAPSHOT_EVERY,
    idle_unload: float = IDLE_UNLOAD,
    tables_per_minute: float = TABLES_PER_MINUTE,
    allowed_origins: Iterable[str] = (),
) -> Starlette:
    """The server for the database at ``db_url`` (default: SQLite in the user's data dir).

    ``rate`` (messages per second per connection), ``tables_per_minute`` (tables one address
    may create), ``snapshot_every`` (actions between snapshots) and ``idle_unload`` (seconds
    before a table nobody uses leaves memory), ``allowed_origins`` (web pages of other sites
    that may create tables and open sockets; the server's own always may): the defaults are
    what ``backroom serve`` runs."""

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        store = Store(db_url or default_url())
        hub = Hub(
            store,
            rate=rate,
            snapshot_every=snapshot_every,
            idle_unload=idle_unload,
            tables_per_minute=tables_per_minute,
        )
        app.state.hub = hub
        await hub.start()
        # What startup built (modules, catalogs, routes: some 180,000 objects) lives as long as
        # the process. Frozen out of the cyclic collector's sight, they no longer make each of
        # its full passes a pause of 100-200 ms in the middle of play.
        gc.collect()
        gc.freeze()
        try:
            yield
        finally:
            await hub.stop()

    routes = [
        Route("/", _page("index.html")),
        Route("/t/{table_id}", _page("table.html")),
        Route("/openapi.json", openapi),
        Route("/api/games", api.list_games),
        Route("/api/i18n/{lang}", api.i18n_catalog),
        Route("/api/tables", api.list_tables, methods=["GET"]),
        Route("/api/tables", api.create_table, methods=["POST"]),
        Route("/api/tables/{table_id}", api.get_table),
        Route("/api/tables/{table_id}/record", api.get_record),
        Route("/api/tables/{table_id}/token", api.rotate_token, methods=["POST"]),
        Route("/api/tables/{table_id}/claim", api.claim_seat, methods=["POST"]),
        Route("/api/tables/{table_id}/bot", api.seat_to_bot, methods=["POST"]),
        WebSocketRoute("/ws/{table_id}", websocket_endpoint),
        Mount("/static", StaticFiles(directory=WEB, check_dir=False), name="static"),
    ]
    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        middleware=[Middleware(SecurityHeaders)],
        exception_handlers={api.BadRequest: api.bad_request_handler},
    )
    app.state.allowed_origins = frozenset(normalize_origin(o) for o in allowed_origins)
    return app
