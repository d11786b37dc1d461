"""Snapshots (a table reloads from its latest snapshot plus the actions after it), the Python
client ``backroom.client`` against a real server, and tokens kept out of the logs."""

from __future__ import annotations

import json
import logging
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from backroom.client import play_sync, ws_url
from backroom.games import get_game
from backroom.server.cli import RedactTokens
from backroom.server.store import Store
from backroom.sim.load_clients import http_json
from backroom.sim.server_load import free_port, server_process
from tests.server.conftest import new_table, receive_until, send, ws_path

GAME = get_game("stool-pigeon")


def play_twelve(client: TestClient, table: dict[str, Any]) -> list[tuple[int, list[Any]]]:
    """Random moves by both seats of a two-seat table, each acknowledged, up to twelve."""
    played: list[tuple[int, list[Any]]] = []
    rng = random.Random(1)
    with (
        client.websocket_connect(ws_path(table, 0)) as zero,
        client.websocket_connect(ws_path(table, 1)) as one,
    ):
        sockets = [zero, one]
        latest = [
            receive_until(ws, lambda m: m["type"] == "update" and m["seats"][1]["connected"])
            for ws in sockets
        ]
        while len(played) < 12 and latest[0]["outcome"] is None:
            seat = latest[0]["actors"][0]
            action = rng.choice(latest[seat]["legal"])["action"]
            send(
                sockets[seat],
                {"type": "act", "action": action, "version": len(played), "id": str(len(played))},
            )
            played.append((seat, action))
            latest = [
                receive_until(ws, lambda m: m["type"] == "update" and m["version"] == len(played))
                for ws in sockets
            ]
    return played


def reloaded_view_is_the_replay(
    make_client: Callable[..., TestClient], table: dict[str, Any], played: list[tuple[int, list[Any]]]
) -> None:
    state, _ = GAME.start(2, {}, 3)
    for seat, action in played:
        state.apply(seat, tuple(action))
    second = make_client()
    with second.websocket_connect(ws_path(table, 1)) as ws:
        update = receive_until(ws, lambda m: m["type"] == "update")
    assert update["version"] == len(played)
    assert update["view"] == json.loads(json.dumps(state.view(1)))


def test_a_table_reloads_from_its_latest_snapshot_and_the_actions_after_it(
    make_client: Callable[..., TestClient], tmp_path: Path
) -> None:
    first = make_client(snapshot_every=5)
    table = new_table(first, players=2, seats=[{"kind": "agent"}, {"kind": "agent"}], seed=3)
    played = play_twelve(first, table)
    store = Store(f"sqlite:///{tmp_path / 'tables.db'}")
    loaded = store.load_table(table["id"])
    store.engine.dispose()
    assert loaded is not None
    _, snapshot, snap_n, _ = loaded
    assert snapshot is not None and snap_n == 5 * (len(played) // 5)
    reloaded_view_is_the_replay(make_client, table, played)


def test_a_snapshot_older_code_wrote_is_passed_by_and_the_log_replayed(
    make_client: Callable[..., TestClient], tmp_path: Path, caplog: Any
) -> None:
    """A snapshot only caches the log: one that no longer decodes (written before a field was
    added to the game's state) must not cost the table; it is rebuilt from the deal."""
    first = make_client(snapshot_every=5)
    table = new_table(first, players=2, seats=[{"kind": "agent"}, {"kind": "agent"}], seed=3)
    played = play_twelve(first, table)
    store = Store(f"sqlite:///{tmp_path / 'tables.db'}")
    with store.engine.begin() as conn:
        for n, text in conn.exec_driver_sql("SELECT n, state FROM backroom_snapshots").fetchall():
            older = json.loads(text)
            del older[next(k for k in older if k != "game")]  # a field the older code did not write
            conn.exec_driver_sql(
                "UPDATE backroom_snapshots SET state = ? WHERE n = ?", (json.dumps(older), n)
            )
    store.engine.dispose()
    with caplog.at_level(logging.WARNING, logger="backroom.server"):
        reloaded_view_is_the_replay(make_client, table, played)
    assert "replaying from the deal" in caplog.text


def test_the_python_client_plays_a_seat_to_the_end(tmp_path: Path) -> None:
    port = free_port()
    with server_process(f"sqlite:///{tmp_path / 'c.db'}", port, tmp_path):
        base = f"http://127.0.0.1:{port}"
        body = {
            "game": "stool-pigeon",
            "players": 3,
            "seats": [{"kind": "agent"}, {"kind": "bot"}, {"kind": "bot"}],
            "bot_delay": 0,
        }
        table = http_json("POST", f"{base}/api/tables", body)
        url, token = ws_url(base, table["seats"][0]["invite"])
        assert url == f"ws://127.0.0.1:{port}/ws/{table['id']}" and token == table["seats"][0]["token"]
        rng = random.Random(2)
        outcome = play_sync(url, token, lambda update: rng.choice(update["legal"])["action"], lang="es")
        assert outcome is not None and outcome["text"] and len(outcome["ranks"]) == 3


def test_tokens_never_reach_the_logs() -> None:
    record = logging.LogRecord(
        "uvicorn.error",
        logging.INFO,
        __file__,
        1,
        '%s - "WebSocket %s" [accepted]',
        ("127.0.0.1:5", "/ws/abc?lang=en&token=SECRET-123_x"),
        None,
    )
    assert RedactTokens().filter(record)
    text = record.getMessage()
    assert "SECRET" not in text and "token=<redacted>" in text
