"""A database that refuses writes (disk full, read-only, locked): bots wait longer after each
refused move instead of retrying at once forever, each table's trouble is logged at most once
a minute, new tables are answered 503 with ``Retry-After`` in the documented JSON error, and
play resumes by itself once writing works again."""

from __future__ import annotations

import contextlib
import logging
import os
import sqlite3
import subprocess
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.exc import OperationalError
from starlette.testclient import TestClient

from backroom.server import trouble
from backroom.server.app import create_app
from backroom.server.store import Store
from backroom.server.trouble import WriteTrouble
from tests.server.conftest import new_table, receive_until, send, wait_for, ws_path

Message = dict[str, Any]
BOTS = [{"kind": "bot"}, {"kind": "bot"}]
BODY = {"game": "stool-pigeon", "players": 2, "seats": BOTS, "bot_delay": 0}


def version(client: TestClient, table: Message) -> int:
    return int(client.get(f"/api/tables/{table['id']}").json()["version"])


def lines_about(caplog: pytest.LogCaptureFixture, text: str) -> list[logging.LogRecord]:
    return [r for r in caplog.records if text in r.getMessage()]


def test_bots_back_off_while_writes_are_refused_log_once_and_resume_by_themselves(
    make_client: Callable[..., TestClient], monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The attack: a full disk under a table of bots. Before, they retried at once, forever,
    with a traceback each time (30,843 in 40 s); now about five tries in two seconds."""
    caplog.set_level(logging.INFO, logger="backroom.server")
    tries: list[float] = []
    writes = Store.write_batch

    def full_disk(self: Store, batch: Any, chores: Any = ()) -> Any:
        if not batch:  # the new table itself (it rides with a group commit) is stored
            return writes(self, batch, chores)
        tries.append(time.monotonic())
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(Store, "write_batch", full_disk)
    client = make_client()
    table = new_table(client, players=2, seats=BOTS)
    time.sleep(2.0)
    assert version(client, table) == 0
    # Waits of 0.1, 0.2, 0.4 and 0.8 s fit in two seconds: five tries, each of them written as
    # part of a group and then alone (store.py retries a failed group one write at a time).
    assert 2 <= len(tries) <= 2 * 6, len(tries)
    gaps = [b - a for a, b in zip(tries[::2], tries[2::2], strict=False)]
    assert gaps[-1] >= 0.35 and gaps[-1] > gaps[0]  # the waits grow
    logged = lines_about(caplog, table["id"])
    assert len(logged) == 1, [r.getMessage() for r in logged]
    assert "database or disk is full" in logged[0].getMessage() and logged[0].exc_info is None
    monkeypatch.setattr(Store, "write_batch", writes)
    assert wait_for(lambda: version(client, table) > 0, 10.0)  # at most the last wait, 1.6 s
    assert len(lines_about(caplog, "works again")) == 1


def test_a_person_s_move_refused_by_the_database_changes_nothing_and_can_be_sent_again(
    make_client: Callable[..., TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    client = make_client()
    table = new_table(client, players=2, seats=[{"kind": "agent"}, {"kind": "agent"}])
    writes = Store.write_batch

    def read_only(self: Store, batch: Any) -> None:
        raise sqlite3.OperationalError("attempt to write a readonly database")

    with client.websocket_connect(ws_path(table, 0)) as ws:
        first = receive_until(ws, lambda m: m["type"] == "update" and bool(m["legal"]))
        monkeypatch.setattr(Store, "write_batch", read_only)
        move = {"type": "act", "action": first["legal"][0]["action"], "version": 0, "id": "a"}
        send(ws, move)
        refused = receive_until(ws, lambda m: m["type"] == "error")
        assert refused["code"] == "server_error" and refused["id"] == "a"
        assert version(client, table) == 0
        monkeypatch.setattr(Store, "write_batch", writes)
        send(ws, move)
        assert receive_until(ws, lambda m: m["type"] == "ack") == {"type": "ack", "id": "a", "version": 1}


def test_creating_a_table_while_the_database_refuses_answers_503_json_with_retry_after(
    make_client: Callable[..., TestClient], monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Before, a plain-text 500 (a traceback in the log each time)."""
    caplog.set_level(logging.INFO, logger="backroom.server")
    client = make_client()
    creates = Store._create  # a new table and its lease, in the next group commit

    def locked(self: Store, cursor: Any, new: Any) -> None:
        raise OperationalError(
            "INSERT INTO backroom_tables ...", {}, sqlite3.OperationalError("database is locked")
        )

    monkeypatch.setattr(Store, "_create", locked)
    for lang in ("fr", "es", "en"):
        refused = client.post(f"/api/tables?lang={lang}", json=BODY)
        assert refused.status_code == 503
        assert refused.headers["retry-after"] == str(trouble.RETRY_AFTER)
        assert refused.headers["content-type"].startswith("application/json")
        error = refused.json()["error"]
        assert error["code"] == "storage_unavailable"
        assert error["message"] and not error["message"].startswith("server.error.")
    assert len(lines_about(caplog, "database is locked")) == 1  # three refusals, one line
    assert client.get("/api/tables?status=all").json()["tables"] == []
    monkeypatch.setattr(Store, "_create", creates)
    assert client.post("/api/tables", json=BODY).status_code == 201


def test_one_line_a_minute_per_table_counting_the_failures_it_did_not_log(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="backroom.server")
    now = [1000.0]
    monkeypatch.setattr(trouble.time, "monotonic", lambda: now[0])
    table = WriteTrouble("table A")
    waits = []
    for step in range(12):  # a failure every ten seconds for two minutes
        now[0] = 1000.0 + 10 * step
        table.failed(sqlite3.OperationalError("database or disk is full"))
        waits.append(table.wait)
    assert waits[:4] == [0.1, 0.2, 0.4, 0.8] and waits[-1] == trouble.MAX_WAIT == 30.0
    lines = [r.getMessage() for r in caplog.records]
    assert lines == [
        "table A: the database failed: database or disk is full",
        "table A: the database failed: database or disk is full (5 more since the last report)",
    ]
    table.succeeded()
    assert table.wait == 0.0 and caplog.records[-1].getMessage() == "table A: the database works again"
    table.failed(ValueError("a bug, not the disk"))  # within the minute: counted, not logged
    now[0] += 60
    table.failed(ValueError("a bug, not the disk"))
    assert caplog.records[-1].exc_info is not None  # a bug keeps its traceback


# -- the real thing: a small tmpfs filled up, then freed


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 2 MiB tmpfs (needs root and a kernel that lets this container mount one)."""
    where = tmp_path / "disk"
    where.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(where)], capture_output=True, check=False
    )
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.decode(errors='replace').strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


def fill(disk: Path) -> Path:
    filler = disk / f"filler-{uuid.uuid4().hex}"
    with filler.open("wb", buffering=0) as out, contextlib.suppress(OSError):
        while True:
            out.write(b"\0" * 4096)
    return filler


def test_on_a_full_disk_play_pauses_quietly_and_resumes_when_space_is_freed(
    small_disk: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="backroom.server")
    app = create_app(f"sqlite:///{small_disk / 'tables.db'}", allow_seed=True)
    with TestClient(app) as client:
        # Four bots a third of a second apart: the game lasts well beyond the filling of the disk.
        body = {**BODY, "players": 4, "seats": BOTS * 2, "bot_delay": 0.3}
        table = client.post("/api/tables", json=body).json()
        assert wait_for(lambda: version(client, table) >= 1, 10.0)
        filler = fill(small_disk)
        time.sleep(1.0)  # a write under way when the disk filled may still land
        stuck = version(client, table)
        assert client.get(f"/api/tables/{table['id']}").json()["status"] == "playing"
        time.sleep(1.5)
        assert version(client, table) == stuck
        refused = client.post("/api/tables", json=BODY)
        assert refused.status_code == 503 and refused.json()["error"]["code"] == "storage_unavailable"
        assert "retry-after" in refused.headers
        assert len(lines_about(caplog, table["id"])) == 1
        assert "disk is full" in lines_about(caplog, table["id"])[0].getMessage()
        os.remove(filler)
        assert wait_for(lambda: version(client, table) > stuck, 10.0)
        assert client.post("/api/tables", json=BODY).status_code == 201


def test_a_new_table_the_database_itself_refuses_answers_503_as_before(
    make_client: Callable[..., TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The table and its lease are written on the writer's own DB-API connection: what the
    driver raises there reaches the API as SQLAlchemy's error, as it did through SQLAlchemy."""
    client = make_client()
    store = client.app.state.hub.store  # type: ignore[attr-defined]

    class Refusing:
        def __init__(self, cursor: Any) -> None:
            self.cursor = cursor

        def execute(self, sql: str, *args: Any) -> Any:
            if sql.startswith("INSERT INTO backroom_tables"):
                raise sqlite3.OperationalError("database is locked")
            return self.cursor.execute(sql, *args)

    begin = store._begin
    monkeypatch.setattr(store, "_begin", lambda: Refusing(begin()))
    refused = client.post("/api/tables", json=BODY)
    assert refused.status_code == 503 and refused.json()["error"]["code"] == "storage_unavailable"
    monkeypatch.undo()
    assert client.post("/api/tables", json=BODY).status_code == 201
