"""One server per database: an exclusive lock taken at start and held for the process's life.

Tables live in their server's memory and the database is their log: a second server on the
same database (on another port) would load the same tables, drive their bots and fail every
write. SQLite: ``fcntl.flock`` on ``<database>.lock`` beside the file (the kernel drops it
when the process dies, however it dies; the file itself stays, empty). PostgreSQL: a session
advisory lock, keyed by the schema, on a connection kept open for that purpose (the server
dies, the connection closes, the lock goes).
"""

from __future__ import annotations

import fcntl
import os
import zlib
from typing import Any

from sqlalchemy import NullPool, create_engine, text
from sqlalchemy.engine import make_url

from backroom.server.settings import normalize_url

ADVISORY_SPACE = 0x6272  # "br": the first key of Backroom's advisory locks, the schema's hash the second


class DatabaseInUse(Exception):
    """Another process holds the database's lock: ``url`` says which database (no password)."""

    def __init__(self, url: str) -> None:
        super().__init__(f"another Backroom server is using {url}")
        self.url = url


class DatabaseLock:
    """The lock of one database, held until ``release`` (or the process's end)."""

    def __init__(self, url: str) -> None:
        self.url = normalize_url(url)
        self._file: int | None = None
        self._connection: Any = None

    def acquire(self) -> DatabaseLock:
        """Take the lock at once or raise ``DatabaseInUse``: never wait for another server."""
        parsed = make_url(self.url)
        shown = parsed.render_as_string(hide_password=True)
        if parsed.get_backend_name() == "sqlite":
            if parsed.database and parsed.database != ":memory:":
                self._lock_file(parsed.database + ".lock", shown)
        else:
            self._lock_advisory(shown)
        return self

    def _lock_file(self, path: str, shown: str) -> None:
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        handle = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(handle)
            raise DatabaseInUse(shown) from None
        self._file = handle

    def _lock_advisory(self, shown: str) -> None:
        engine = create_engine(self.url, poolclass=NullPool)
        connection = engine.connect().execution_options(isolation_level="AUTOCOMMIT")
        schema = connection.execute(text("SELECT current_schema()")).scalar() or ""
        key = zlib.crc32(schema.encode("utf-8")) - 2**31  # an int4, as the function takes
        taken = connection.execute(
            text("SELECT pg_try_advisory_lock(:space, :key)"), {"space": ADVISORY_SPACE, "key": key}
        ).scalar()
        if not taken:
            connection.close()
            engine.dispose()
            raise DatabaseInUse(shown)
        self._connection = connection

    def release(self) -> None:
        if self._file is not None:
            os.close(self._file)  # closing the descriptor drops the flock
            self._file = None
        if self._connection is not None:
            engine = self._connection.engine
            self._connection.close()  # a session's advisory locks end with it
            engine.dispose()
            self._connection = None
