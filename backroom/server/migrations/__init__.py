"""The database schema's versions, and bringing a database up to the newest on start.

Alembic keeps the version in ``alembic_version``; each file in ``versions/`` is one step. The
server runs them itself when it opens a database (no ``alembic.ini``, no command to remember):
a fresh database is created by the steps, one left by a release before schema versions (made
by ``create_all``, so exactly revision 1) is recognised and stamped first.

A new schema change is a new file in ``versions/`` whose ``down_revision`` is the latest one,
and the same change in ``backroom.server.rows``' tables; a test compares the two.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, create_engine, event, inspect

BEFORE_VERSIONS = "0001"
"""The revision that ``create_all`` of release 0.1.0 made, unversioned."""


def _config(connection: Connection | None = None) -> Config:
    config = Config()
    config.set_main_option("script_location", str(Path(__file__).parent))
    config.attributes["connection"] = connection
    return config


def upgrade(engine: Engine) -> None:
    """Bring the database to the newest revision, all steps in one transaction: a step that
    fails leaves the database as it was, and the next start tries again. A database already
    there is only read (another process may be writing it)."""
    with engine.connect() as connection:
        if MigrationContext.configure(connection).get_current_revision() == head():
            return
    if engine.dialect.name != "sqlite":
        _upgrade(engine)
        return
    own = _transactional(engine)
    try:
        _upgrade(own)
    finally:
        own.dispose()


def head() -> str | None:
    """The newest revision this code knows."""
    return ScriptDirectory.from_config(_config()).get_current_head()


def _upgrade(engine: Engine) -> None:
    with engine.begin() as connection:
        config = _config(connection)
        versioned = MigrationContext.configure(connection).get_current_revision() is not None
        if not versioned and inspect(connection).has_table("backroom_tables"):
            command.stamp(config, BEFORE_VERSIONS)
        command.upgrade(config, "head")


def _transactional(engine: Engine) -> Engine:
    """An engine on the same SQLite file whose transactions hold DDL too: Python's driver
    commits before ``ALTER TABLE`` and runs it on its own unless it is left to emit no BEGIN
    and one is emitted by hand (SQLAlchemy's documented recipe)."""
    own = create_engine(engine.url)

    @event.listens_for(own, "connect")
    def _no_driver_transactions(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None
        dbapi_connection.execute("PRAGMA busy_timeout=10000")

    @event.listens_for(own, "begin")
    def _begin(connection: Connection) -> None:
        connection.exec_driver_sql("BEGIN IMMEDIATE")

    return own
