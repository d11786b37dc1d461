"""Fixtures for the browser tests: a real server on a free loopback port and a real headless
Chromium (Debian's, at /usr/bin/chromium; ``scripts/ensure-chromium`` installs it).

The server is the one ``backroom serve`` runs (``create_app``) under uvicorn in a thread, with
its SQLite database in a temporary directory. Tables are made with ``bot_delay`` 0 where the
test does not drive the lobby, so bots answer at once.
"""

from __future__ import annotations

import json
import os
import socket
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from tests.helpers import unavailable

if TYPE_CHECKING:
    from playwright.sync_api import Browser

CHROMIUM = os.environ.get("BACKROOM_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SHOTS = Path(os.environ["BACKROOM_SHOTS"]) if os.environ.get("BACKROOM_SHOTS") else None
"""Where the tests leave screenshots for a person to look at the design; none are taken unless
it is set (each costs a tenth of a second or more, some 30 a run, and nobody looks in CI)."""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class LiveServer:
    """``create_app`` under uvicorn in a thread, on a fixed loopback port and database file, so a
    test can stop it and start it again where clients expect it (a restart, as after a crash)."""

    def __init__(self, db: Path, port: int | None = None) -> None:
        self.db = db
        self.port = port or _free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self._server: Any = None
        self._thread: threading.Thread | None = None

    def start(self) -> LiveServer:
        import uvicorn

        from backroom.server.app import create_app
        from backroom.server.settings import Limits

        # One browser session opens every test's pages from one address, faster than people.
        limits = Limits(connects_per_minute=10_000, seat_connects_per_minute=10_000)
        config = uvicorn.Config(
            create_app(f"sqlite:///{self.db}", tables_per_minute=10_000, allow_seed=True, limits=limits),
            host="127.0.0.1",
            port=self.port,
            log_level="warning",
            lifespan="on",
            timeout_graceful_shutdown=2,
        )
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._server.run, daemon=True)
        self._thread.start()
        deadline = time.monotonic() + 20
        while not self._server.started:
            if time.monotonic() > deadline or not self._thread.is_alive():
                raise RuntimeError("the server did not start")
            time.sleep(0.05)
        return self

    def stop(self) -> None:
        self._server.should_exit = True
        assert self._thread is not None
        self._thread.join(timeout=10)


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of a live server with an empty database."""
    data = tmp_path_factory.mktemp("backroom-data")
    live = LiveServer(data / "test.db").start()
    yield live.base
    live.stop()


@pytest.fixture
def browser() -> Iterator[Browser]:
    """Debian's Chromium driven by Playwright; without it the tests skip, saying why (and fail in CI).

    One per test: Playwright's sync API keeps an event loop running in the thread while it is
    open, and a later test on the same xdist worker that calls ``asyncio.run`` (the crash test,
    the benchmark, a client) would fail with "cannot be called from a running event loop"."""
    if not os.access(CHROMIUM, os.X_OK):
        unavailable(f"no Chromium at {CHROMIUM}: run scripts/ensure-chromium")
    sync_api = pytest.importorskip("playwright.sync_api", reason="pip install -e .[dev] installs playwright")
    # Generous waits: under `make test` the browser shares two cores with the rest of the suite.
    sync_api.expect.set_options(timeout=20000)
    with sync_api.sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def post_json(url: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}, method="POST"
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        data: dict[str, Any] = json.loads(response.read())
        return data


def get_json(url: str) -> dict[str, Any]:
    with urllib.request.urlopen(url, timeout=10) as response:
        data: dict[str, Any] = json.loads(response.read())
        return data


def shot(page: Any, name: str, *, full_page: bool = True) -> Path | None:
    """Save a screenshot in ``$BACKROOM_SHOTS`` if set: the whole page, or only the window (what
    an overlay covers), with animations finished so that a card sliding in is drawn where it
    lands. The layout itself is asserted by ``layout.check_layout`` either way."""
    if SHOTS is None:
        return None
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page, animations="disabled")
    return path
