"""One server per database (issue 11, item 7). A second server on another port used to open
the same database, load the same tables, drive their bots and fail every write; now it is
refused at start in one sentence."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from backroom.server.app import create_app
from backroom.server.dblock import DatabaseInUse, DatabaseLock
from backroom.sim.server_load import free_port, server_process
from tests.server.conftest import pg_url


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
        url, other = pg_url(request.getfixturevalue("pg_schema")), pg_url("public")
    first = DatabaseLock(url).acquire()
    with pytest.raises(DatabaseInUse):
        DatabaseLock(url).acquire()
    with pytest.raises(DatabaseInUse), TestClient(create_app(url)):
        pass
    DatabaseLock(other).acquire().release()
    first.release()
    DatabaseLock(url).acquire().release()
