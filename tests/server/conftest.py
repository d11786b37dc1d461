"""Shared helpers of the server tests: an app on a temporary SQLite file, tables, sockets."""

from __future__ import annotations

import contextlib
import json
import secrets
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from backroom.server.app import create_app
from backroom.server.settings import Limits
from backroom.server.store import Store
from tests.helpers import unavailable

Message = dict[str, Any]

PG = "postgresql://postgres@127.0.0.1:5432/test"
"""The PostgreSQL the server tests use when there is one (each test in a schema of its own)."""


@pytest.fixture
def make_client(tmp_path: Path) -> Iterator[Callable[..., TestClient]]:
    """Start apps on one database file: call it again to simulate a restart (the app before
    is stopped first, as a second server on the same database is refused)."""
    opened: list[TestClient] = []

    def make(**settings: Any) -> TestClient:
        while opened:  # a restart: the server before stops (it holds the database's lock)
            opened.pop().__exit__(None, None, None)
        # Tests create tables faster than people do; the creation limit has its own test.
        settings.setdefault("tables_per_minute", 10_000)
        # Tests deal known hands from chosen seeds, as ``backroom serve --allow-seed`` lets
        # researchers do; test_seeds.py checks what a server without the flag does.
        settings.setdefault("allow_seed", True)
        # Tests count every message a socket gets, presence updates included: sent at once
        # here, gathered over an interval in test_connection_limits.py.
        settings.setdefault("limits", Limits(presence_interval=0.0))
        client = TestClient(create_app(f"sqlite:///{tmp_path / 'tables.db'}", **settings))
        client.__enter__()
        opened.append(client)
        return client

    yield make
    for client in reversed(opened):
        client.__exit__(None, None, None)


@pytest.fixture
def pg_schema() -> Iterator[str]:
    """A fresh schema in the test PostgreSQL, dropped afterwards (skipped where there is none)."""
    with fresh_schema() as schema:
        yield schema


@pytest.fixture
def pg_other() -> Iterator[str]:
    """A second fresh schema, for a test that needs two databases. Not ``public``: a test
    running beside it may hold that one's lock (``dblock``)."""
    with fresh_schema() as schema:
        yield schema


@contextlib.contextmanager
def fresh_schema() -> Iterator[str]:
    psycopg = pytest.importorskip("psycopg")
    try:
        admin = psycopg.connect(PG, autocommit=True, connect_timeout=3)
    except psycopg.OperationalError as exc:
        unavailable(f"no PostgreSQL at {PG}: {exc}")
    schema = f"backroom_test_{secrets.token_hex(6)}"
    admin.execute(f"CREATE SCHEMA {schema}")
    try:
        yield schema
    finally:
        admin.execute(f"DROP SCHEMA {schema} CASCADE")
        admin.close()


def pg_url(schema: str) -> str:
    return f"{PG}?options=-csearch_path%3D{schema}"


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A database, once SQLite and once PostgreSQL (where there is one): what several workers
    on one database do (leases, fences) differs between the two."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'leases.db'}"
    return pg_url(request.getfixturevalue("pg_schema"))


@pytest.fixture
def store(url: str) -> Iterator[Store]:
    opened = Store(url)
    yield opened
    opened._close_raw()
    opened.engine.dispose()


@pytest.fixture
def client(make_client: Callable[..., TestClient]) -> TestClient:
    return make_client()


def new_table(
    client: TestClient, players: int = 4, seats: list[Message] | None = None, **extra: Any
) -> Message:
    body = {
        "game": "stool-pigeon",
        "players": players,
        "seats": seats if seats is not None else [{"kind": "agent"}] * players,
        "seed": 7,
        "bot_delay": 0,
        **extra,
    }
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    table: Message = response.json()
    return table


def ws_path(table: Message, seat: int | None = None, lang: str = "en", chat: bool = False) -> str:
    path = f"/ws/{table['id']}?lang={lang}" + ("&chat=1" if chat else "")
    if seat is not None:
        path += f"&token={table['seats'][seat]['token']}"
    return path


def receive_until(ws: Any, predicate: Callable[[Message], bool], limit: int = 500) -> Message:
    """Read messages until one satisfies ``predicate``; fail after ``limit`` others."""
    for _ in range(limit):
        message: Message = ws.receive_json()
        if predicate(message):
            return message
    raise AssertionError("the expected message never came")


def all_connected(players: int) -> Callable[[Message], bool]:
    return lambda m: m["type"] == "update" and all(s["connected"] for s in m["seats"][:players])


def send(ws: Any, message: Any) -> None:
    ws.send_text(json.dumps(message))


def play_to_the_end(ws: Any, choose: Callable[[list[Message]], list[Any]]) -> Message:
    """Act with ``choose(legal)`` on every update that offers this seat a move, until the update
    that carries the outcome, which is returned. A bot may answer a reaction window first: the
    refusal that follows is expected, and a new update comes after it."""
    count = 0
    while True:
        message: Message = ws.receive_json()
        if message["type"] == "error":
            assert message["code"] in ("stale_version", "not_your_turn"), message
            continue
        if message["type"] != "update":
            continue
        if message["outcome"] is not None:
            return message
        if message["legal"]:
            count += 1
            action = choose(message["legal"])
            send(ws, {"type": "act", "action": action, "version": message["version"], "id": str(count)})


def wait_for(condition: Callable[[], bool], seconds: float = 10.0) -> bool:
    """Whether ``condition`` comes true within ``seconds`` (polled by the clock, not a count)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.02)
    return False


def wait_until_over(client: TestClient, table: Message, seconds: float = 120) -> None:
    """Poll a table until its game is over, by the clock: a count of polls runs out first on
    a loaded machine."""
    deadline = time.monotonic() + seconds
    while client.get(f"/api/tables/{table['id']}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the bots' game did not end"
        time.sleep(0.01)
