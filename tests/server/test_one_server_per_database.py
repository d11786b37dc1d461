"""One server per database (issue 11, item 7). A second server on another port used to open
the same database, load the same tables, drive their bots and fail every write; now it is
refused at start in one sentence. And when a write does find its place in the log taken (a
hand edit, a server of a release without the lock), the table is reloaded from the database
instead of the same write being retried forever."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from backroom.engine.actions import action_to_json
from backroom.games import get_game
from backroom.server.app import create_app
from backroom.server.chain import link
from backroom.server.dblock import DatabaseInUse, DatabaseLock
from backroom.server.rows import Write
from backroom.server.store import Store
from backroom.sim.server_load import free_port, server_process
from tests.server.conftest import Message, new_table, pg_url, receive_until, send, ws_path


def second_server(url: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "backroom.server", "serve", "--port", str(free_port()), "--db", url],
        env={"BACKROOM_LANG": "en", "BACKROOM_DATA_DIR": str(tmp_path), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=60,  # a second server that starts never exits: the test fails here
    )


def check_refused(url: str, tmp_path: Path) -> None:
    with server_process(url, free_port(), tmp_path):
        second = second_server(url, tmp_path)
    assert second.returncode == 2
    lines = second.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Another Backroom server is already using the database")
    assert lines[0].endswith("with --db.")


def test_a_second_server_on_the_same_sqlite_database_is_refused_in_a_sentence(tmp_path: Path) -> None:
    check_refused(f"sqlite:///{tmp_path / 'shared.db'}", tmp_path)


def test_a_second_server_on_the_same_postgresql_database_is_refused_in_a_sentence(
    tmp_path: Path, pg_schema: str
) -> None:
    check_refused(pg_url(pg_schema), tmp_path)


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_the_lock_is_exclusive_and_released_with_its_holder(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    if backend == "sqlite":
        url, other = f"sqlite:///{tmp_path / 'a.db'}", f"sqlite:///{tmp_path / 'b.db'}"
    else:  # the lock is per schema: two schemas of one PostgreSQL database are two databases
        # (a second fresh one: ``public`` may be locked by a test running beside this one)
        url, other = pg_url(request.getfixturevalue("pg_schema")), pg_url(request.getfixturevalue("pg_other"))
    first = DatabaseLock(url).acquire()
    with pytest.raises(DatabaseInUse):
        DatabaseLock(url).acquire()
    with pytest.raises(DatabaseInUse), TestClient(create_app(url)):
        pass
    DatabaseLock(other).acquire().release()
    first.release()
    DatabaseLock(url).acquire().release()


def test_a_write_whose_place_is_taken_reloads_the_table(
    make_client: Callable[..., TestClient], tmp_path: Path
) -> None:
    """Another writer stores action 1 behind the server's back. The seat that then plays
    action 1 is told the game moved on, and every seat gets the table as the database has it
    and plays on, where it used to get ``server_error`` at the old version forever."""
    client = make_client(rate=1000.0)
    table = new_table(client, players=2, seats=[{"kind": "agent"}, {"kind": "agent"}], seed=9)
    game = get_game("stool-pigeon")
    state, _ = game.start(2, {}, 9)
    seat = state.actors()[0]
    theirs, ours = state.legal_actions(seat)[:2]
    url = f"sqlite:///{tmp_path / 'tables.db'}"
    with (
        client.websocket_connect(ws_path(table, 0)) as zero,
        client.websocket_connect(ws_path(table, 1)) as one,
    ):
        sockets = (zero, one)
        for ws in sockets:
            receive_until(ws, lambda m: m["type"] == "update" and m["seats"][1]["connected"])
        intruder = Store(url)  # no lock: as a hand edit, or a server of an earlier release
        text = json.dumps(action_to_json(theirs))
        assert intruder.write_batch(
            [Write(table["id"], 1, seat, text, None, link("", table["id"], 1, seat, text, None))]
        ) == [None]
        intruder.engine.dispose()
        send(sockets[seat], {"type": "act", "action": action_to_json(ours), "version": 0, "id": "late"})
        seen: list[Message] = []
        refused = receive_until(sockets[seat], lambda m: seen.append(m) or m["type"] in ("ack", "error"))
        assert refused["code"] == "stale_version"
        state.apply(seat, theirs)
        # Both seats have the table as stored (the actor's update came before its refusal).
        updates = {
            seat: next(m for m in seen if m["type"] == "update" and m["version"] == 1),
            1 - seat: receive_until(sockets[1 - seat], lambda m: m["type"] == "update" and m["version"] == 1),
        }
        for s, update in updates.items():
            assert update["view"] == json.loads(json.dumps(state.view(s, recall=True)))
        actor = state.actors()[0]
        act = {"type": "act", "action": updates[actor]["legal"][0]["action"], "version": 1, "id": "next"}
        send(sockets[actor], act)
        acked = receive_until(sockets[actor], lambda m: m["type"] in ("ack", "error"))
        assert acked == {"type": "ack", "id": "next", "version": 2}


def test_a_bot_whose_move_was_taken_plays_on_from_the_stored_log(
    make_client: Callable[..., TestClient], tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The bots' driver hit the taken place again on every retry (the issue's 456 conflicts in
    15 s) and the table never moved; now one conflict reloads it and the bots play on."""
    client = make_client()
    seats = [{"kind": "bot"}, {"kind": "bot"}]
    table = new_table(client, players=2, seats=seats, seed=4, bot_delay=2.0)
    state, _ = get_game("stool-pigeon").start(2, {}, 4)
    seat = state.actors()[0]
    text = json.dumps(action_to_json(state.legal_actions(seat)[-1]))
    intruder = Store(f"sqlite:///{tmp_path / 'tables.db'}")  # before the first bot's delay is over
    taken = Write(table["id"], 1, seat, text, None, link("", table["id"], 1, seat, text, None))
    assert intruder.write_batch([taken]) == [None]
    intruder.engine.dispose()
    deadline = time.monotonic() + 45
    while client.get(f"/api/tables/{table['id']}").json()["version"] < 3:
        assert time.monotonic() < deadline, "the bots never got past the taken action"
        time.sleep(0.2)
    conflicts = [r for r in caplog.records if "already stored by another writer" in r.getMessage()]
    assert len(conflicts) == 1
