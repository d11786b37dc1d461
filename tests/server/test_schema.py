"""Schema versions (issue 11, item 11): a database written by release 0.1.0, whose schema was
made by ``create_all`` and carries no version, is recognised, upgraded on start and its tables
replay; the migrations make exactly the schema the code uses. On SQLite and on PostgreSQL."""

from __future__ import annotations

import argparse
import json
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import (
    BigInteger,
    Column,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    insert,
)
from starlette.testclient import TestClient

from backroom.games import get_game
from backroom.server import migrations
from backroom.server.app import create_app
from backroom.server.cli import add_serve_command, serve
from backroom.server.rows import metadata
from backroom.server.settings import normalize_url
from backroom.server.store import Store
from tests.server.conftest import pg_url, receive_until, send

DATA = Path(__file__).parent / "data"
RELEASE_DB = DATA / "release-0.1.0.db"
"""Written by the code of release 0.1.0 (commit 326ab33) through its own server: a finished bot
table, a table 27 actions into play (snapshots at 10 and 20) and a fresh one with a turn timer.
``release-0.1.0.json`` holds what the server answered when each was created (tokens too)."""
RELEASE = json.loads((DATA / "release-0.1.0.json").read_text("utf-8"))

RELEASE_METADATA = MetaData()
"""Release 0.1.0's tables, as its ``store.py`` declared them: what its ``create_all`` made."""
for _name, *_columns in (
    (
        "backroom_tables",
        Column("id", String(32), primary_key=True),
        Column("game", String(64), nullable=False),
        Column("players", Integer, nullable=False),
        Column("options", Text, nullable=False),
        Column("seed", BigInteger, nullable=False),
        Column("rules_version", Integer, nullable=False),
        Column("bot_delay", Float, nullable=False),
        Column("turn_timer", Integer, nullable=True),
        Column("created", Float, nullable=False),
        Column("status", String(16), nullable=False),
        Column("outcome", Text, nullable=True),
    ),
    (
        "backroom_seats",
        Column("table_id", String(32), primary_key=True),
        Column("seat", Integer, primary_key=True),
        Column("kind", String(8), nullable=False),
        Column("bot", String(32), nullable=True),
        Column("name", String(64), nullable=True),
        Column("token_hash", String(64), nullable=True, index=True),
    ),
    (
        "backroom_actions",
        Column("table_id", String(32), primary_key=True),
        Column("n", Integer, primary_key=True),
        Column("seat", Integer, nullable=False),
        Column("action", Text, nullable=False),
        Column("client_id", String(64), nullable=True),
    ),
    (
        "backroom_snapshots",
        Column("table_id", String(32), primary_key=True),
        Column("n", Integer, primary_key=True),
        Column("state", Text, nullable=False),
    ),
):
    Table(_name, RELEASE_METADATA, *_columns)


def release_database_on_postgresql(url: str) -> None:
    """What release 0.1.0 made on PostgreSQL: its ``create_all``, then its rows (those of the
    SQLite file, which it wrote)."""
    engine = create_engine(normalize_url(url))
    RELEASE_METADATA.create_all(engine)
    source = sqlite3.connect(RELEASE_DB)
    source.row_factory = sqlite3.Row
    with engine.begin() as conn:
        for table in RELEASE_METADATA.sorted_tables:
            rows = [dict(r) for r in source.execute(f"SELECT * FROM {table.name}")]
            if rows:
                conn.execute(insert(table), rows)
    source.close()
    engine.dispose()


def revision_and_differences(url: str) -> tuple[str | None, list[Any]]:
    engine = create_engine(normalize_url(url))
    with engine.connect() as conn:
        context = MigrationContext.configure(conn)
        found = context.get_current_revision(), compare_metadata(context, metadata)
    engine.dispose()
    return found


def check_the_release_tables_replay(url: str) -> None:
    game = get_game("stool-pigeon")
    mid, bots, fresh = RELEASE["mid"], RELEASE["bots"], RELEASE["fresh"]
    # Expiry is off: the release's rows keep the date they were made, so its unplayed table would
    # be deleted as unplayed once the data is older than a day.
    with TestClient(create_app(url, tables_per_minute=10_000, expire_unplayed=None)) as client:
        listed = {t["id"]: t["status"] for t in client.get("/api/tables?status=all").json()["tables"]}
        # Unfinished tables are idle, or in play once upkeep brings back one whose bots move.
        assert listed[bots["id"]] == "over" and {listed[mid["id"]], listed[fresh["id"]]} <= {
            "idle",
            "playing",
        }
        assert set(listed) == {mid["id"], bots["id"], fresh["id"]}
        record = client.get(f"/api/tables/{bots['id']}/record").json()
        assert record["seed"] == bots["seed"] and len(record["actions"]) == 14
        assert client.get(f"/api/tables/{fresh['id']}").json()["version"] == 0
        # The table in play is where release 0.1.0 left it (its latest snapshot and the
        # actions after it), and goes on: the new action chains to the migrated ones.
        with client.websocket_connect(f"/ws/{mid['id']}?token={mid['seats'][0]['token']}") as ws:
            update = receive_until(ws, lambda m: m["type"] == "update")
        assert update["version"] == RELEASE["mid_version"]
        state, _ = game.start(4, {}, mid["seed"])
        stored = Store(url)
        loaded = stored.load_table(mid["id"])
        stored.engine.dispose()
        assert loaded is not None
        for a in loaded[3]:
            state.apply(a.seat, tuple(a.action))
        assert update["view"] == json.loads(json.dumps(state.view(0, recall=True)))
        actor = update["actors"][0]
        with client.websocket_connect(f"/ws/{mid['id']}?token={mid['seats'][actor]['token']}") as ws:
            latest = receive_until(ws, lambda m: m["type"] == "update")
            act = {"type": "act", "action": latest["legal"][0]["action"], "version": latest["version"]}
            send(ws, {**act, "id": "after-upgrade"})
            assert receive_until(ws, lambda m: m["type"] in ("ack", "error"))["type"] == "ack"
    with TestClient(create_app(url, expire_unplayed=None)) as again:  # the whole chain loads
        assert again.get(f"/api/tables/{mid['id']}").json()["version"] == RELEASE["mid_version"] + 1


def test_a_sqlite_database_of_release_0_1_is_upgraded_on_start_and_its_tables_replay(tmp_path: Path) -> None:
    db = tmp_path / "backroom.db"
    shutil.copy(RELEASE_DB, db)
    url = f"sqlite:///{db}"
    assert revision_and_differences(url)[0] is None
    check_the_release_tables_replay(url)
    assert revision_and_differences(url) == (migrations.head(), [])


def test_a_postgresql_database_of_release_0_1_is_upgraded_on_start_and_its_tables_replay(
    pg_schema: str,
) -> None:
    url = pg_url(pg_schema)
    release_database_on_postgresql(url)
    check_the_release_tables_replay(url)
    assert revision_and_differences(url) == (migrations.head(), [])


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_the_migrations_make_exactly_the_schema_the_code_uses(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """A new database is made by the migrations alone, and a change to the tables in
    ``store.py`` without its migration (or the reverse) fails here."""
    url = (
        f"sqlite:///{tmp_path / 'new.db'}"
        if backend == "sqlite"
        else pg_url(request.getfixturevalue("pg_schema"))
    )
    Store(url).engine.dispose()
    assert revision_and_differences(url) == (migrations.head(), [])


def test_a_database_of_a_newer_release_is_refused_in_a_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A revision this release does not know (a newer release upgraded the database): using it
    would write rows the newer schema does not expect; the server says so and stops."""
    monkeypatch.setenv("BACKROOM_LANG", "en")
    url = f"sqlite:///{tmp_path / 'newer.db'}"
    Store(url).engine.dispose()
    with sqlite3.connect(tmp_path / "newer.db") as conn:
        conn.execute("UPDATE alembic_version SET version_num = '9999'")
    parser = argparse.ArgumentParser(prog="backroom")
    add_serve_command(parser.add_subparsers(dest="command"))
    assert serve(parser.parse_args(["serve", "--db", url, "--port", "0"])) == 2
    err = capsys.readouterr().err
    assert err.startswith("Cannot open the database") and "9999" in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
