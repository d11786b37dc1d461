"""Tables nobody plays expire (``--expire-unplayed``, 24 h by default) and start-up replays no
table before answering: 5,000 tables made and never played were all replayed at every start
(12.9 s before the first answer) and kept forever."""

from __future__ import annotations

import argparse
import contextlib
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from backroom.server import hub
from backroom.server.cli import add_serve_command
from tests.server.conftest import new_table, receive_until, send, wait_for, ws_path

Message = dict[str, Any]
HUMANS = [{"kind": "human"}, {"kind": "human"}]
AGENTS = [{"kind": "agent"}, {"kind": "agent"}]
BOTS = [{"kind": "bot"}, {"kind": "bot"}]


def stored(tmp_path: Path, table: Message) -> dict[str, int]:
    """The rows the database holds for a table, read beside the server (it never loads it)."""
    with contextlib.closing(sqlite3.connect(tmp_path / "tables.db")) as db:
        return {
            name: db.execute(f"SELECT count(*) FROM {name} WHERE {key} = ?", (table["id"],)).fetchone()[0]
            for name, key in (
                ("backroom_tables", "id"),
                ("backroom_seats", "table_id"),
                ("backroom_actions", "table_id"),
                ("backroom_leases", "table_id"),
            )
        }


def test_a_table_nobody_played_is_deleted_after_the_set_time_and_the_others_stay(
    make_client: Callable[..., TestClient], tmp_path: Path
) -> None:
    client = make_client(expire_unplayed=2.0)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    forgotten = new_table(client, players=2, seats=HUMANS)
    assert forgotten["id"] in hub.tables  # made a moment ago: in memory, as every new table
    counts = {"backroom_tables": 1, "backroom_seats": 2, "backroom_actions": 0, "backroom_leases": 1}
    assert stored(tmp_path, forgotten) == counts
    played = new_table(client, players=2, seats=AGENTS)
    finished = new_table(client, players=2, seats=BOTS)
    with client.websocket_connect(ws_path(played, 0)) as ws:
        first = receive_until(ws, lambda m: m["type"] == "update" and bool(m["legal"]))
        send(ws, {"type": "act", "action": first["legal"][0]["action"], "version": 0, "id": "a"})
        receive_until(ws, lambda m: m["type"] == "ack")
    assert wait_for(lambda: client.get(f"/api/tables/{finished['id']}").json()["status"] == "over")
    assert wait_for(lambda: stored(tmp_path, forgotten)["backroom_tables"] == 0)
    assert stored(tmp_path, forgotten) == dict.fromkeys(counts, 0)  # its lease row too
    assert forgotten["id"] not in hub.tables
    assert client.get(f"/api/tables/{forgotten['id']}").status_code == 404
    listed = {t["id"] for t in client.get("/api/tables?status=all").json()["tables"]}
    assert listed == {played["id"], finished["id"]}
    assert stored(tmp_path, played)["backroom_tables"] == 1
    assert client.get(f"/api/tables/{finished['id']}/record").status_code == 200  # finished: readable


def test_a_table_nobody_played_waits_while_someone_is_at_it(
    make_client: Callable[..., TestClient], tmp_path: Path
) -> None:
    client = make_client(expire_unplayed=0.5)
    table = new_table(client, players=2, seats=HUMANS)
    with client.websocket_connect(ws_path(table, 0)) as ws:
        receive_until(ws, lambda m: m["type"] == "update")
        time.sleep(1.5)  # three times its time, six expiry passes
        assert stored(tmp_path, table)["backroom_tables"] == 1
        send(ws, {"type": "ping"})
        assert receive_until(ws, lambda m: m["type"] == "pong")
    assert wait_for(lambda: stored(tmp_path, table)["backroom_tables"] == 0, 5.0)


def test_after_a_restart_a_table_past_its_time_goes_without_anyone_asking(
    make_client: Callable[..., TestClient], tmp_path: Path
) -> None:
    client = make_client(expire_unplayed=None)  # never, in this first life
    table = new_table(client, players=2, seats=HUMANS)
    time.sleep(1.0)
    client.__exit__(None, None, None)
    assert stored(tmp_path, table)["backroom_tables"] == 1
    make_client(expire_unplayed=0.5)
    assert wait_for(lambda: stored(tmp_path, table)["backroom_tables"] == 0, 5.0)


def test_start_up_replays_no_table_the_lobby_lists_them_and_bots_play_on_unvisited(
    make_client: Callable[..., TestClient], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    client = make_client()
    waiting = [new_table(client, players=2, seats=HUMANS) for _ in range(20)]
    bots = new_table(client, players=2, seats=BOTS, bot_delay=0.3)
    client.__exit__(None, None, None)
    moves_before = stored(tmp_path, bots)["backroom_actions"]
    rebuilt: list[str] = []
    rebuild = hub._rebuild

    def counted(hub: Any, row: Any, *rest: Any) -> Any:
        rebuilt.append(row.id)
        return rebuild(hub, row, *rest)

    monkeypatch.setattr(hub, "_rebuild", counted)
    again = make_client()  # returns once the server would answer
    lobby = {t["id"]: t for t in again.get("/api/tables").json()["tables"]}
    assert {t["id"] for t in waiting} <= set(lobby)
    assert all(lobby[t["id"]]["open_seats"] == 2 and lobby[t["id"]]["status"] == "idle" for t in waiting)
    # The bots' table comes back by itself and plays on with nobody visiting it...
    assert wait_for(lambda: stored(tmp_path, bots)["backroom_actions"] > moves_before)
    # ...while the tables waiting for people were never replayed, not even to be listed.
    assert rebuilt == [bots["id"]]
    with again.websocket_connect(ws_path(waiting[0], 1)) as ws:  # the first visitor loads one
        assert receive_until(ws, lambda m: m["type"] == "update")["version"] == 0
    assert rebuilt == [bots["id"], waiting[0]["id"]]


def serve_args(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="backroom")
    add_serve_command(parser.add_subparsers(dest="command"))
    return parser.parse_args(["serve", *argv])


def test_serve_expires_unplayed_tables_after_24_hours_unless_told_otherwise(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert serve_args().expire_unplayed == 24 * 3600
    assert serve_args("--expire-unplayed", "90m").expire_unplayed == 5400
    assert serve_args("--expire-unplayed", "7d").expire_unplayed == 7 * 86400
    assert serve_args("--expire-unplayed", "45").expire_unplayed == 45
    assert serve_args("--expire-unplayed", "off").expire_unplayed is None
    for wrong in ("soon", "0", "-2h", "h"):
        with pytest.raises(SystemExit):
            serve_args("--expire-unplayed", wrong)
        assert "--expire-unplayed" in capsys.readouterr().err
