"""Several worker processes as one service (issue 18, section 1), on PostgreSQL and Redis:
real ``backroom serve`` processes, real sockets. A socket that reaches a worker that does not
hold its table is served through the one that does; the lobby reads alike on every worker;
``--workers`` without PostgreSQL and Redis is refused in a sentence."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import websockets

from backroom.client import ActionRefused, connect
from backroom.i18n import translate
from backroom.server.store import Store
from backroom.sim.load_clients import http_json
from backroom.sim.server_load import bench_server, free_port, server_process
from tests.helpers import unavailable
from tests.server.conftest import pg_url

REDIS = "redis://127.0.0.1:6379/0"


@pytest.fixture
def redis_url() -> str:
    redis = pytest.importorskip("redis")
    try:
        redis.Redis.from_url(REDIS, socket_connect_timeout=3).ping()
    except redis.RedisError as exc:
        unavailable(f"no Redis at {REDIS}: {exc}")
    return REDIS


@pytest.fixture
def two_workers(pg_schema: str, redis_url: str, tmp_path: Path) -> Iterator[tuple[str, int, int]]:
    """Two servers on one PostgreSQL and one Redis, as on two machines (each its own data
    directory, so neither finds the other to hand it a socket): (database, ports)."""
    url = pg_url(pg_schema)
    first, second = free_port(), free_port()
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    with (
        server_process(url, first, tmp_path / "a", ["--redis", redis_url]),
        server_process(url, second, tmp_path / "b", ["--redis", redis_url]),
    ):
        yield url, first, second


def new_table(port: int, people: int = 1) -> dict[str, Any]:
    seats = [{"kind": "human"}] * people + [{"kind": "bot", "bot": "random"}] * (3 - people)
    body = {"game": "stool-pigeon", "players": 3, "seats": seats, "bot_delay": 0}
    table: dict[str, Any] = http_json("POST", f"http://127.0.0.1:{port}/api/tables", body)
    return table


def lobby_entry(port: int, table_id: str) -> dict[str, Any]:
    tables = http_json("GET", f"http://127.0.0.1:{port}/api/tables?status=all")["tables"]
    [entry] = [t for t in tables if t["id"] == table_id]
    return {k: entry[k] for k in ("open_seats", "free_seats", "status")}


def test_a_socket_on_a_worker_without_the_table_is_served_through_its_owner(
    two_workers: tuple[str, int, int],
) -> None:
    url, owner, other = two_workers
    table = new_table(owner)  # the worker that created it holds it
    assert http_json("GET", f"http://127.0.0.1:{other}/api/tables/{table['id']}")["version"] == 0

    async def play() -> int:
        async with connect(f"ws://127.0.0.1:{other}/ws/{table['id']}", table["seats"][0]["token"]) as seat:
            seen_alike = False
            async for update in seat.updates():
                if not seen_alike:  # seated: every worker's lobby says so, within a heartbeat
                    deadline = time.monotonic() + 5
                    while lobby_entry(other, table["id"]) != lobby_entry(owner, table["id"]):
                        assert time.monotonic() < deadline, "the lobbies disagree"
                        await asyncio.sleep(0.1)
                    assert lobby_entry(other, table["id"])["open_seats"] == 0
                    seen_alike = True
                if update["outcome"] is not None:
                    return int(update["version"])
                if update["legal"]:
                    try:
                        await seat.act(update["legal"][0]["action"], update["version"])
                    except Exception:  # a bot answered the window first: the next update says
                        continue
        raise AssertionError("the game did not end")

    version = asyncio.run(asyncio.wait_for(play(), 120))
    store = Store(url)
    try:
        loaded = store.load_table(table["id"])
        assert loaded is not None and len(loaded[3]) == version  # played and stored by the owner
    finally:
        store.engine.dispose()


def test_a_socket_handed_to_its_tables_owner_on_this_machine_outlives_the_worker_it_reached(
    pg_schema: str, redis_url: str, tmp_path: Path
) -> None:
    """Workers of one machine (one data directory) hand a WebSocket to the table's holder,
    socket and all (``handoff.py``): the worker it reached keeps nothing of it, so killing that
    worker mid-game does not end it, as it would end a relayed one."""
    url = pg_url(pg_schema)
    owner, other = free_port(), free_port()
    with (
        server_process(url, owner, tmp_path, ["--redis", redis_url]),
        server_process(url, other, tmp_path, ["--redis", redis_url]) as reached,
    ):
        table = new_table(owner)

        async def play() -> int:
            async with connect(
                f"ws://127.0.0.1:{other}/ws/{table['id']}", table["seats"][0]["token"]
            ) as seat:
                async for update in seat.updates():
                    if reached.poll() is None:
                        reached.kill()
                        reached.wait()
                    if update["outcome"] is not None:
                        return int(update["version"])
                    if update["legal"]:
                        with contextlib.suppress(ActionRefused):  # a bot answered a window first
                            await seat.act(update["legal"][0]["action"], update["version"])
            raise AssertionError("the socket closed with its first worker")

        version = asyncio.run(asyncio.wait_for(play(), 120))
        assert reached.returncode == -signal.SIGKILL and version > 0


@pytest.mark.parametrize("extra", [["--workers", "2"], ["--redis", REDIS]])
def test_workers_need_postgresql_and_redis(extra: list[str], tmp_path: Path) -> None:
    env = {**os.environ, "BACKROOM_DATA_DIR": str(tmp_path), "BACKROOM_LANG": "es"}
    command = [sys.executable, "-m", "backroom.server", "serve", "--port", str(free_port()), *extra]
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    workers = int(extra[1]) if extra[0] == "--workers" else 1
    assert translate("es", "ui.serve_workers_need", {"workers": workers}) in done.stderr


def test_workers_on_one_address_play_one_table(pg_schema: str, redis_url: str, tmp_path: Path) -> None:
    """``--workers 2``: whichever worker each request lands on, the game is played through."""
    port = free_port()
    with server_process(pg_url(pg_schema), port, tmp_path, ["--workers", "2", "--redis", redis_url]):
        tables = [new_table(port, people=1) for _ in range(4)]

        async def play(table: dict[str, Any]) -> None:
            async with connect(f"ws://127.0.0.1:{port}/ws/{table['id']}", table["seats"][0]["token"]) as seat:
                async for update in seat.updates():
                    if update["outcome"] is not None:
                        return
                    if update["legal"]:
                        with contextlib.suppress(Exception):
                            await seat.act(update["legal"][0]["action"], update["version"])
            raise AssertionError("the game did not end")

        async def all_of_them() -> None:
            await asyncio.gather(*(play(t) for t in tables))

        asyncio.run(asyncio.wait_for(all_of_them(), 120))
        for table in tables:
            assert http_json("GET", f"http://127.0.0.1:{port}/api/tables/{table['id']}")["status"] == "over"


Acked = list[tuple[str, int, list[Any]]]
"""(table id, version, action) of every acknowledged move."""


async def play_on(ports: list[int], table: dict[str, Any], acked: Acked, moved: list[float]) -> None:
    """Play the table's person to the end, reconnecting through the next port whenever the
    socket closes (its worker, or the one that held the table, died). ``moved``: when the
    first move after a reconnect was acknowledged."""
    token = table["seats"][0]["token"]
    deadline = time.monotonic() + 90
    reconnected = False
    for attempt in itertools.count():
        assert time.monotonic() < deadline, f"table {table['id']} never finished"
        port = ports[min(attempt, len(ports) - 1)]
        try:
            async with connect(f"ws://127.0.0.1:{port}/ws/{table['id']}", token) as seat:
                async for update in seat.updates():
                    if update["outcome"] is not None:
                        return
                    if not update["legal"]:
                        continue
                    try:
                        version = await seat.act(update["legal"][0]["action"], update["version"])
                    except ActionRefused:
                        continue  # a bot answered the window first, or the socket closed
                    acked.append((table["id"], version, update["legal"][0]["action"]))
                    if reconnected:
                        moved.append(time.monotonic())
                        reconnected = False
        except (OSError, ActionRefused, websockets.WebSocketException):
            await asyncio.sleep(0.2)  # the worker is gone, or the table not yet taken over
        reconnected = True


def test_a_killed_workers_tables_move_to_the_others_with_no_acknowledged_move_lost(
    pg_schema: str, redis_url: str, tmp_path: Path
) -> None:
    url = pg_url(pg_schema)
    doomed, survivor = free_port(), free_port()
    with (
        server_process(url, survivor, tmp_path, ["--redis", redis_url]),
        server_process(url, doomed, tmp_path, ["--redis", redis_url]) as victim,
    ):
        tables = [new_table(doomed) for _ in range(6)]  # all held by the worker that dies
        bots_only = new_table(doomed, people=0)
        acked: Acked = []
        moved: list[float] = []

        async def scenario() -> float:
            # Half the people reached the doomed worker itself, half were served through it.
            players = [
                asyncio.create_task(play_on([doomed if i % 2 else survivor, survivor], t, acked, moved))
                for i, t in enumerate(tables)
            ]
            while len(acked) < 12:
                assert not all(p.done() for p in players), "the games ended before the kill"
                await asyncio.sleep(0.01)
            victim.kill()  # SIGKILL, under load
            killed = time.monotonic()
            await asyncio.gather(*players)
            return killed

        killed = asyncio.run(asyncio.wait_for(scenario(), 120))
        assert moved and min(moved) - killed < 10, "no table was played on within seconds"
        for table in [*tables, bots_only]:
            deadline = time.monotonic() + 60
            while (
                http_json("GET", f"http://127.0.0.1:{survivor}/api/tables/{table['id']}")["status"] != "over"
            ):
                assert time.monotonic() < deadline, "the survivor did not finish the table"
                time.sleep(0.2)
    store = Store(url)
    try:
        logs = {}
        for table in tables:
            loaded = store.load_table(table["id"])
            assert loaded is not None
            logs[table["id"]] = {a.n: a.action for a in loaded[3]}
        for table_id, version, action in acked:
            assert logs[table_id].get(version) == action, (table_id, version)
    finally:
        store.engine.dispose()


def test_the_load_generator_points_at_a_service_already_running(tmp_path: Path) -> None:
    """``backroom bench server --url``: the clients load a service started elsewhere (here a
    plain server), whose CPU this process cannot see and does not claim to."""
    port = free_port()
    with server_process(f"sqlite:///{tmp_path / 'bench.db'}", port, tmp_path):
        result = bench_server(tables=2, seats=4, duration=2.0, url=f"http://127.0.0.1:{port}")
    assert result.moves > 0 and result.p99_ms > 0
    assert result.server_cpu_ms_per_move is None
    report = result.report("en")
    for unseen in ("ui.bench_server_cost", "ui.bench_server_disk", "ui.bench_server_workers"):
        assert translate("en", unseen, {})[:8] not in report, unseen
