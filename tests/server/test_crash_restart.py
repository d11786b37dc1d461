"""Durability: a real server (subprocess, uvicorn, real WebSocket clients) is killed with
SIGKILL while tables are being played; started again on the same database it has lost no
acknowledged action and every table resumes where it was. On SQLite and on PostgreSQL."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

from backroom.client import ActionRefused, Seat, connect
from backroom.games import get_game
from backroom.server.store import Store
from backroom.sim.load_clients import http_json
from backroom.sim.server_load import free_port, server_process
from tests.server.conftest import pg_url

GAME = get_game("stool-pigeon")

Acked = list[tuple[str, int, int, list[Any]]]
"""(table id, version, seat, action) of every acknowledged action."""


class Killed(Exception):
    pass


async def play_seat(
    seat: Seat, table_id: str, acked: Acked, kill_at: int | None, kill: Any, rng: random.Random
) -> None:
    async for update in seat.updates():
        if update["outcome"] is not None:
            return
        if not update["legal"] or update["actors"][0] != seat.seat:
            continue
        action = rng.choice(update["legal"])["action"]
        try:
            version = await seat.act(action, update["version"])
        except ActionRefused as refused:
            if refused.code == "closed":
                return
            continue
        acked.append((table_id, version, seat.seat or 0, action))
        if kill_at is not None and len(acked) >= kill_at:
            kill()


async def play_tables(
    port: int, tables: list[dict[str, Any]], acked: Acked, kill_at: int | None, kill: Any
) -> None:
    rng = random.Random(len(acked))

    async def one(table: dict[str, Any], seat: dict[str, Any]) -> None:
        url = f"ws://127.0.0.1:{port}/ws/{table['id']}"
        try:
            async with connect(url, seat["token"]) as connection:
                await play_seat(connection, table["id"], acked, kill_at, kill, random.Random(rng.random()))
        except (OSError, ActionRefused):
            return
        except Exception as exc:  # the socket closing under a SIGKILL surfaces in many forms
            if "close" not in type(exc).__name__.lower() and "connection" not in str(exc).lower():
                raise

    players = asyncio.gather(*(one(t, s) for t in tables for s in t["seats"] if "token" in s))
    await asyncio.wait_for(players, 90)


def stored_actions(url: str, table_id: str) -> list[tuple[int, list[Any]]]:
    store = Store(url)
    try:
        loaded = store.load_table(table_id)
        assert loaded is not None
        _, _, _, actions = loaded
        assert [a.n for a in actions] == list(range(1, len(actions) + 1))
        return [(a.seat, a.action) for a in actions]
    finally:
        store.engine.dispose()


def check_no_acknowledged_action_lost(
    url: str, tables: list[dict[str, Any]], acked: Acked
) -> dict[str, list[tuple[int, list[Any]]]]:
    logs = {t["id"]: stored_actions(url, t["id"]) for t in tables}
    for table_id, version, seat, action in acked:
        log = logs[table_id]
        assert len(log) >= version, f"acknowledged action {version} of {table_id} was lost"
        assert log[version - 1] == (seat, action)
    return logs


async def check_views_resume(port: int, table: dict[str, Any], log: list[tuple[int, list[Any]]]) -> None:
    """Each seat's first update after the restart is the engine's view of the stored log."""
    state, _ = GAME.start(table["players"], {}, table["seed"])
    for seat, action in log:
        state.apply(seat, tuple(action))
    for seat in table["seats"]:
        if "token" not in seat:
            continue
        async with connect(f"ws://127.0.0.1:{port}/ws/{table['id']}", seat["token"]) as connection:
            update = await anext(connection.updates())
            if update["version"] == len(log):
                expected = json.loads(json.dumps(state.view(seat["seat"], recall=True)))
                assert update["view"] == expected


def crash_and_restart(url: str, data_dir: Path) -> None:
    port = free_port()
    seats = [{"kind": "agent"}] * 4
    with server_process(url, port, data_dir) as process:
        tables = []
        for i in range(4):
            body = {"game": "stool-pigeon", "players": 4, "seats": seats, "seed": 1000 + i, "bot_delay": 0}
            if i == 3:
                body["seats"] = [{"kind": "agent"}, {"kind": "bot"}, {"kind": "agent"}, {"kind": "bot"}]
            table = http_json("POST", f"http://127.0.0.1:{port}/api/tables", body)
            table["seed"] = body["seed"]
            tables.append(table)
        acked: Acked = []
        asyncio.run(play_tables(port, tables, acked, random.randint(10, 40), process.kill))
    assert acked
    check_no_acknowledged_action_lost(url, tables, acked)

    # Second life: resume, play a while, and die again.
    port = free_port()
    with server_process(url, port, data_dir) as process:
        logs = check_no_acknowledged_action_lost(url, tables, acked)
        for table in tables:
            detail = http_json("GET", f"http://127.0.0.1:{port}/api/tables/{table['id']}")
            assert detail["version"] >= len(logs[table["id"]])
            if detail["version"] == len(logs[table["id"]]):
                asyncio.run(check_views_resume(port, table, logs[table["id"]]))
        before = len(acked)
        asyncio.run(play_tables(port, tables, acked, before + random.randint(5, 30), process.kill))
    check_no_acknowledged_action_lost(url, tables, acked)

    # Third life: every table plays to its end.
    port = free_port()
    with server_process(url, port, data_dir):
        asyncio.run(play_tables(port, tables, acked, None, None))
        for table in tables:
            detail = http_json("GET", f"http://127.0.0.1:{port}/api/tables/{table['id']}")
            assert detail["status"] == "over"
            record = http_json("GET", f"http://127.0.0.1:{port}/api/tables/{table['id']}/record")
            assert len(record["actions"]) == detail["version"]
    check_no_acknowledged_action_lost(url, tables, acked)


def test_sigkill_loses_no_acknowledged_action_on_sqlite(tmp_path: Path) -> None:
    crash_and_restart(f"sqlite:///{tmp_path / 'crash.db'}", tmp_path)


def test_sigkill_loses_no_acknowledged_action_on_postgresql(tmp_path: Path, pg_schema: str) -> None:
    crash_and_restart(pg_url(pg_schema), tmp_path)
