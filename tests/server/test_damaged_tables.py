"""A damaged table (issue 11, item 8) is quarantined: the server starts, logs which table and
why, serves every other table, and that table's seats and the lobby are told it is damaged.
The action log is hash-chained, so a deleted last row, an edited or swapped action, a row
inserted by hand, are found at load; ``backroom serve --check-db`` verifies a database
offline."""

from __future__ import annotations

import argparse
import json
import logging
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from backroom.i18n import translate
from backroom.server.cli import add_serve_command, serve
from backroom.server.dblock import DatabaseLock
from tests.server.conftest import Message, new_table, receive_until, send, ws_path

DATA = Path(__file__).parent / "data"
TWO_AGENTS = [{"kind": "agent"}, {"kind": "agent"}]


def play(client: TestClient, table: Message, moves: int) -> None:
    """``moves`` actions, each seat playing its first legal move."""
    with (
        client.websocket_connect(ws_path(table, 0)) as zero,
        client.websocket_connect(ws_path(table, 1)) as one,
    ):
        sockets = [zero, one]
        for version in range(moves):
            latest = [
                receive_until(ws, lambda m, v=version: m["type"] == "update" and m["version"] == v)
                for ws in sockets
            ]
            seat = latest[0]["actors"][0]
            send(
                sockets[seat],
                {
                    "type": "act",
                    "action": latest[seat]["legal"][0]["action"],
                    "version": version,
                    "id": f"m{version}",
                },
            )
        for ws in sockets:
            receive_until(ws, lambda m: m["type"] == "update" and m["version"] == moves)


def three_tables(make_client: Callable[..., TestClient]) -> list[Message]:
    """Three tables 6 actions into play, on a server that is then stopped."""
    client = make_client(rate=1000.0)
    tables = [new_table(client, players=2, seats=TWO_AGENTS, seed=seed) for seed in (1, 2, 3)]
    for table in tables:
        play(client, table, 6)
    client.__exit__(None, None, None)
    return tables


def edit(db: Path, *statements: tuple[str, tuple[object, ...]]) -> None:
    with sqlite3.connect(db) as conn:
        for sql, params in statements:
            assert conn.execute(sql, params).rowcount == 1, sql


DAMAGE = {
    "edited action": (
        "UPDATE backroom_actions SET action = '[\"dra' WHERE table_id = ? AND n = 3",
        "action 3 was altered",
    ),
    "undecodable options": (
        "UPDATE backroom_tables SET options = '{' WHERE id = ?",
        "options are not valid JSON",
    ),
    "deleted seat": (
        "DELETE FROM backroom_seats WHERE table_id = ? AND seat = 1",
        "1 seat rows for 2 players",
    ),
    "deleted last action": (
        "DELETE FROM backroom_actions WHERE table_id = ? AND n = 6",
        "the log ends at action 5",
    ),
    "deleted action": ("DELETE FROM backroom_actions WHERE table_id = ? AND n = 2", "action 2 is missing"),
    "edited client id": (
        "UPDATE backroom_actions SET client_id = 'x' WHERE table_id = ? AND n = 4",
        "action 4 was altered",
    ),
    "inserted action": (
        "INSERT INTO backroom_actions (table_id, n, seat, action, client_id, chain) SELECT table_id, 7,"
        " seat, action, NULL, chain FROM backroom_actions WHERE table_id = ? AND n = 6",
        "action 7 was altered",
    ),
}
"""What is done to one table's rows behind the server's back, and what its log must say."""


@pytest.mark.parametrize("damage", list(DAMAGE))
def test_a_damaged_table_is_quarantined_and_every_other_table_is_served(
    damage: str, make_client: Callable[..., TestClient], tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    bad, good, other = three_tables(make_client)
    sql, reason = DAMAGE[damage]
    edit(tmp_path / "tables.db", (sql, (bad["id"],)))
    with caplog.at_level(logging.ERROR, logger="backroom.server"):
        client = make_client(rate=1000.0)  # a table is loaded when first asked for
        for _ in range(3):  # later visits do not log it again
            assert client.get(f"/api/tables/{bad['id']}").status_code == 503
        logged = [r.getMessage() for r in caplog.records if bad["id"] in r.getMessage()]
        assert len(logged) == 1 and "quarantined" in logged[0] and reason in logged[0], logged
    assert len([r for r in caplog.records if bad["id"] in r.getMessage()]) == 1
    answer = client.get(f"/api/tables/{bad['id']}?lang=es")
    assert answer.json()["error"] == {
        "code": "damaged_table",
        "message": translate("es", "server.error.damaged_table"),
    }
    assert client.get(f"/api/tables/{bad['id']}/record").status_code == 503
    token = {"token": bad["seats"][0]["token"]}
    for post in ("token", "claim", "bot", "rematch"):  # every seat POST says why alike
        assert client.post(f"/api/tables/{bad['id']}/{post}", json=token).status_code == 503, post
    listed = {t["id"]: t["status"] for t in client.get("/api/tables").json()["tables"]}
    assert listed == {bad["id"]: "damaged", good["id"]: "idle", other["id"]: "idle"}  # nobody at them
    assert [t["id"] for t in client.get("/api/tables?status=damaged").json()["tables"]] == [bad["id"]]
    with client.websocket_connect(ws_path(bad, 0, "fr")) as ws:
        refused = ws.receive_json()
        assert refused["code"] == "damaged_table"
        assert refused["message"] == translate("fr", "server.error.damaged_table")
    # The others play on.
    with (
        client.websocket_connect(ws_path(good, 0)) as zero,
        client.websocket_connect(ws_path(good, 1)) as one,
    ):
        latest = [
            receive_until(ws, lambda m: m["type"] == "update" and m["version"] == 6) for ws in (zero, one)
        ]
        seat = latest[0]["actors"][0]
        send(
            (zero, one)[seat],
            {"type": "act", "action": latest[seat]["legal"][0]["action"], "version": 6, "id": "go"},
        )
        assert receive_until((zero, one)[seat], lambda m: m["type"] in ("ack", "error"))["type"] == "ack"


def test_rows_of_release_0_1_that_do_not_decode_quarantine_their_tables_only(
    make_client: Callable[..., TestClient], tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The crash of the issue: a database of release 0.1.0 with an action that is not JSON and
    a table missing a seat row stopped the server at start (``JSONDecodeError``, ``IndexError``,
    naming no table). The migration chains the rows as they are; the load finds them."""
    release = json.loads((DATA / "release-0.1.0.json").read_text("utf-8"))
    shutil.copy(DATA / "release-0.1.0.db", tmp_path / "tables.db")
    mid, fresh, bots = release["mid"]["id"], release["fresh"]["id"], release["bots"]["id"]
    edit(
        tmp_path / "tables.db",
        ("UPDATE backroom_actions SET action = '[\"dra' WHERE table_id = ? AND n = 22", (mid,)),
        ("DELETE FROM backroom_seats WHERE table_id = ? AND seat = 1", (fresh,)),
    )
    with caplog.at_level(logging.ERROR, logger="backroom.server"):
        client = make_client(expire_unplayed=None)  # the release's rows age: keep its unplayed table
        for table_id in (mid, fresh):  # tables are loaded when first asked for
            assert client.get(f"/api/tables/{table_id}").status_code == 503
    hub = client.app.state.hub  # type: ignore[attr-defined]
    assert hub.damaged[mid].startswith("action 22 is not valid JSON")
    assert hub.damaged[fresh] == "it has 1 seat rows for 2 players"
    assert {mid, fresh} == {
        r.getMessage().split()[1] for r in caplog.records if "quarantined" in r.getMessage()
    }
    assert client.get(f"/api/tables/{bots}/record").json()["seed"] == release["bots"]["seed"]


def test_a_swapped_pair_of_actions_is_found(make_client: Callable[..., TestClient], tmp_path: Path) -> None:
    """Two actions exchanged (rows 3 and 4, with all they carry): each row is intact on its own,
    the chain is not."""
    bad, good, _ = three_tables(make_client)
    with sqlite3.connect(tmp_path / "tables.db") as conn:
        conn.execute("UPDATE backroom_actions SET n = -1 WHERE table_id = ? AND n = 3", (bad["id"],))
        conn.execute("UPDATE backroom_actions SET n = 3 WHERE table_id = ? AND n = 4", (bad["id"],))
        conn.execute("UPDATE backroom_actions SET n = 4 WHERE table_id = ? AND n = -1", (bad["id"],))
    client = make_client()
    assert client.get(f"/api/tables/{bad['id']}").status_code == 503
    hub = client.app.state.hub  # type: ignore[attr-defined]
    assert "action 3 was altered" in hub.damaged[bad["id"]]
    assert client.get(f"/api/tables/{good['id']}").json()["version"] == 6


def serve_args(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="backroom")
    add_serve_command(parser.add_subparsers(dest="command"))
    return parser.parse_args(["serve", *argv])


def test_check_db_gives_a_verdict_per_table_and_fails_on_damage(
    make_client: Callable[..., TestClient],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("BACKROOM_LANG", "en")
    bad, good, other = three_tables(make_client)
    url = f"sqlite:///{tmp_path / 'tables.db'}"
    assert serve(serve_args("--check-db", "--db", url)) == 0
    out = capsys.readouterr().out.splitlines()
    assert sorted(out[:3]) == sorted(f"{t['id']}: ok (6 actions)" for t in (bad, good, other))
    assert out[3] == "3 tables checked, 0 damaged."
    edit(tmp_path / "tables.db", ("DELETE FROM backroom_actions WHERE table_id = ? AND n = 6", (bad["id"],)))
    monkeypatch.setenv("BACKROOM_LANG", "es")
    assert serve(serve_args("--check-db", "--db", url)) == 1
    out = capsys.readouterr().out
    assert f"{bad['id']}: DAÑADA: el registro termina en la acción 5" in out
    assert f"{good['id']}: correcta (6 acciones)" in out and "3 mesas comprobadas, 1 dañada." in out
    monkeypatch.setenv("BACKROOM_LANG", "fr")  # one damaged table: singular ("1 endommagées" before)
    assert serve(serve_args("--check-db", "--db", url)) == 1
    assert "3 tables vérifiées, 1 endommagée." in capsys.readouterr().out


def test_check_db_finds_a_snapshot_that_is_not_the_replay(
    make_client: Callable[..., TestClient], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """What the server's load does not look at (snapshots before the latest, the replay from
    the deal) the offline check does."""
    client = make_client(rate=1000.0, snapshot_every=2)
    table = new_table(client, players=2, seats=TWO_AGENTS, seed=5)
    play(client, table, 6)
    client.__exit__(None, None, None)
    edit(
        tmp_path / "tables.db",
        (
            "UPDATE backroom_snapshots SET state = (SELECT state FROM backroom_snapshots"
            " WHERE table_id = ? AND n = 4) WHERE table_id = ? AND n = 2",
            (table["id"], table["id"]),
        ),
    )
    assert serve(serve_args("--check-db", "--db", f"sqlite:///{tmp_path / 'tables.db'}")) == 1
    assert "the snapshot at action 2 differs from the replay" in capsys.readouterr().out


def test_check_db_refuses_a_database_a_server_is_using(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BACKROOM_LANG", "en")
    url = f"sqlite:///{tmp_path / 'busy.db'}"
    (tmp_path / "busy.db").touch()  # the running server's database
    lock = DatabaseLock(url).acquire()
    try:
        assert serve(serve_args("--check-db", "--db", url)) == 2
    finally:
        lock.release()
    err = capsys.readouterr().err
    assert err.startswith("Another Backroom server is already using the database") and "Traceback" not in err


def test_a_log_the_rules_no_longer_replay_quarantines_its_table_and_is_answered_503(
    make_client: Callable[..., TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    """An action stored intact that the game's code now refuses (the chain holds; the replay
    does not): the table is quarantined like any other damage, never a crash of the request.
    (Loading a table that slept once raised UnboundLocalError on this path.)"""
    from backroom.games.stool_pigeon.state import StoolPigeonState

    client = make_client(rate=1000.0)
    table = new_table(client, players=2, seats=TWO_AGENTS, seed=1)
    play(client, table, 2)
    client = make_client(rate=1000.0)  # a restart: the table is loaded when first asked for
    monkeypatch.setattr(StoolPigeonState, "is_legal", lambda self, seat, action: False)
    answer = client.get(f"/api/tables/{table['id']}")
    assert answer.status_code == 503 and answer.json()["error"]["code"] == "damaged_table"
    hub = client.app.state.hub  # type: ignore[attr-defined]
    assert "action 1" in hub.damaged[table["id"]]
