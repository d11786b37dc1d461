"""Shared helpers of the server tests: an app on a temporary SQLite file, tables, sockets."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from backroom.server.app import create_app
from backroom.server.settings import Limits

Message = dict[str, Any]


@pytest.fixture
def make_client(tmp_path: Path) -> Iterator[Callable[..., TestClient]]:
    """Start apps on one database file: call it again to simulate a restart."""
    opened: list[TestClient] = []

    def make(**settings: Any) -> TestClient:
        # Tests create tables faster than people do; the creation limit has its own test.
        settings.setdefault("tables_per_minute", 10_000)
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


def ws_path(table: Message, seat: int | None = None, lang: str = "en") -> str:
    path = f"/ws/{table['id']}?lang={lang}"
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
