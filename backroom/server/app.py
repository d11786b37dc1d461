"""The ASGI application: HTTP lobby, pages, static files and the table WebSocket."""

from __future__ import annotations

import gc
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from contextlib import asynccontextmanager
from pathlib import Path

from sqlalchemy.exc import DBAPIError
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles

from backroom.server import api, seat_api
from backroom.server.cluster import Cluster, Forwarding
from backroom.server.dblock import DatabaseLock
from backroom.server.headers import SecurityHeaders
from backroom.server.hosts import HostCheck
from backroom.server.hub import IDLE_UNLOAD, Hub
from backroom.server.leases import LEASE_SECONDS
from backroom.server.openapi import SCHEMA
from backroom.server.origin import normalize_origin
from backroom.server.protocol import websocket_endpoint
from backroom.server.settings import (
    COLLECTOR_THRESHOLDS,
    DEFAULT_LIMITS,
    EXPIRE_UNPLAYED,
    RATE,
    SEARCH_ITERATIONS,
    SEARCH_WORKERS,
    TABLES_PER_MINUTE,
    Limits,
    default_url,
)
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
    allowed_hosts: frozenset[str] | None = None,
    allow_seed: bool = False,
    expire_unplayed: float | None = EXPIRE_UNPLAYED,
    search_workers: int = SEARCH_WORKERS,
    search_iterations: int | None = SEARCH_ITERATIONS,
    lock: DatabaseLock | None = None,
    limits: Limits = DEFAULT_LIMITS,
    redis: str | None = None,
    lease_seconds: float = LEASE_SECONDS,
) -> Starlette:
    """The server for the database at ``db_url`` (default: SQLite in the user's data dir).

    ``rate`` (messages per second per connection), ``tables_per_minute`` (tables one address
    may create), ``snapshot_every`` (actions between snapshots) and ``idle_unload`` (seconds
    before a table nobody uses leaves memory), ``allowed_origins`` (web pages of other sites
    that may create tables and open sockets; the server's own always may), ``allowed_hosts``
    (the names it answers to, ``hosts.py``; None: any), ``allow_seed``
    (whether a new table's creator may choose its seed, and so know the deal),
    ``expire_unplayed`` (seconds after which a table nobody played is deleted; None: never),
    ``search_workers`` and ``search_iterations`` (processes for search bots, and their budget
    per move; None: each game's own), ``limits`` (bounds on connections, settings.py): the defaults are what
    ``backroom serve`` runs. ``lock``: the database's lock, already taken (``serve`` takes it
    to refuse in a sentence); without it the app takes it at start (``DatabaseInUse`` if
    another server holds it). Either way the app releases it once its tables are stopped.
    ``redis``: the app is one worker of several (``cluster.py``) on a database they share, no
    lock taken; ``lease_seconds``: how long its leases on tables last unless renewed."""

    joined: dict[str, Cluster] = {}
    """The link to the other workers, once there is one."""

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        url = db_url or default_url()
        held = None if redis else lock or DatabaseLock(url).acquire()
        try:
            async with _serving(app, url):
                yield
        finally:
            if held is not None:
                held.release()

    @asynccontextmanager
    async def _serving(app: Starlette, url: str) -> AsyncIterator[None]:
        store = Store(url)
        hub = Hub(
            store,
            rate=rate,
            snapshot_every=snapshot_every,
            idle_unload=idle_unload,
            tables_per_minute=tables_per_minute,
            expire_unplayed=expire_unplayed,
            search_workers=search_workers,
            search_iterations=search_iterations,
            limits=limits,
            lease_seconds=lease_seconds,
            exclusive=redis is None,
        )
        app.state.hub = hub
        cluster = None
        if redis:
            cluster = Cluster(redis, hub, api.lobby_entry, getattr(app.state, "adopt", None))
            hub.peer_alive = cluster.alive
            await cluster.start(app)
            app.state.cluster = joined["cluster"] = cluster
        await hub.start()
        # What startup built (modules, catalogs, routes: some 180,000 objects) lives as long as
        # the process. Frozen out of the cyclic collector's sight, they no longer make each of
        # its full passes a pause of 100-200 ms in the middle of play.
        gc.collect()
        gc.freeze()
        thresholds = gc.get_threshold()
        gc.set_threshold(*COLLECTOR_THRESHOLDS)
        try:
            yield
        finally:
            gc.set_threshold(*thresholds)
            if cluster is not None:
                await cluster.stop()
            await hub.stop()

    routes = [
        Route("/", _page("index.html")),
        Route("/t/{table_id}", _page("table.html")),
        Route("/t/{table_id}/replay", _page("replay.html")),
        Route("/openapi.json", openapi),
        Route("/api/games", api.list_games),
        Route("/api/i18n/{lang}", api.i18n_catalog),
        Route("/api/tables", api.tables, methods=["GET", "POST"]),
        Route("/api/tables/{table_id}", api.get_table),
        Route("/api/tables/{table_id}/record", api.get_record),
        Route("/api/tables/{table_id}/replay", api.get_replay),
        Route("/api/tables/{table_id}/token", seat_api.rotate_token, methods=["POST"]),
        Route("/api/tables/{table_id}/claim", seat_api.claim_seat, methods=["POST"]),
        Route("/api/tables/{table_id}/bot", seat_api.seat_to_bot, methods=["POST"]),
        Route("/api/tables/{table_id}/rematch", seat_api.accept_rematch, methods=["POST"]),
        Route("/api/tables/{table_id}/hidden", seat_api.set_hidden, methods=["POST"]),
        WebSocketRoute("/ws/{table_id}", websocket_endpoint),
        Mount("/static", StaticFiles(directory=WEB, check_dir=False), name="static"),
    ]
    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        # Outermost: a request forwarded to another worker comes back as that worker answered.
        middleware=[
            Middleware(HostCheck, allowed=allowed_hosts),
            Middleware(Forwarding, cluster=lambda: joined.get("cluster")),
            Middleware(SecurityHeaders),
        ],
        exception_handlers={
            api.BadRequest: api.bad_request_handler,
            HTTPException: api.routing_error_handler,
            DBAPIError: api.storage_unavailable_handler,
        },
    )
    app.state.allowed_origins = frozenset(normalize_origin(o) for o in allowed_origins)
    app.state.allow_seed = allow_seed
    return app
