"""Tables in play that nobody uses leave memory and come back whole when someone returns."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from starlette.testclient import TestClient

from tests.server.conftest import new_table, receive_until, send, wait_for, ws_path

Message = dict[str, Any]


def update(ws: Any, version: int | None = None) -> Message:
    return receive_until(ws, lambda m: m["type"] == "update" and (version is None or m["version"] == version))


def test_a_table_nobody_uses_leaves_memory_and_resumes_where_it_was(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client(idle_unload=0.1)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    table = new_table(client, players=2, seats=[{"kind": "human"}, {"kind": "human"}])
    with client.websocket_connect(ws_path(table, 0)) as ws:
        first = update(ws)
        send(ws, {"type": "act", "action": ["draw"], "version": first["version"], "id": "a"})
        drawn = update(ws, 1)
        time.sleep(0.3)
        assert table["id"] in hub.tables  # a connected seat keeps its table in memory
    assert wait_for(lambda: table["id"] not in hub.tables)
    with client.websocket_connect(ws_path(table, 0)) as ws:
        back = update(ws)
        assert back["version"] == 1 and back["view"] == drawn["view"] and back["legal"] == drawn["legal"]
        send(ws, {"type": "act", "action": back["legal"][0]["action"], "version": 1, "id": "b"})
        assert update(ws, 2)["version"] == 2
    assert client.get(f"/api/tables/{table['id']}").json()["version"] == 2


def test_a_table_with_a_bot_to_move_or_a_turn_timer_running_stays_in_memory(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client(idle_unload=0.1)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    bots = new_table(client, players=2, seats=[{"kind": "bot"}, {"kind": "bot"}], bot_delay=0.5)
    timed = new_table(client, players=2, seats=[{"kind": "human"}, {"kind": "human"}], turn_timer=30)
    idle = new_table(client, players=2, seats=[{"kind": "human"}, {"kind": "human"}])
    assert wait_for(lambda: idle["id"] not in hub.tables)
    assert bots["id"] in hub.tables and timed["id"] in hub.tables


def test_after_a_restart_only_tables_with_work_to_do_are_loaded(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client()
    waiting = new_table(client, players=2, seats=[{"kind": "human"}, {"kind": "human"}])
    bots = new_table(client, players=2, seats=[{"kind": "bot"}, {"kind": "bot"}], bot_delay=30)
    client.__exit__(None, None, None)
    again = make_client()
    hub = again.app.state.hub  # type: ignore[attr-defined]
    assert wait_for(lambda: bots["id"] in hub.tables)  # brought back in the background
    assert waiting["id"] not in hub.tables
    with again.websocket_connect(ws_path(waiting, 1)) as ws:
        assert update(ws)["version"] == 0
