"""When the database refuses writes (disk full, read-only, locked): wait, say so, go on later.

A bot that retried a refused write at once did so forever, and a full disk printed 30,843
tracebacks in 40 seconds. Each table now keeps a ``WriteTrouble``: its bots wait longer after
each failed write (0.1 s doubling to 30 s) and the failure is logged at most once a minute per
table, with the count of those not logged. Nothing needs restarting: the next write that
succeeds resets the wait, so play resumes by itself once the disk is writable again. HTTP
requests that need the database answer 503 with ``Retry-After`` instead (``api.py``).
"""

from __future__ import annotations

import logging
import time

log = logging.getLogger("backroom.server")

FIRST_WAIT = 0.1
"""Seconds a bot waits after the first refused write: a lock held a moment is soon gone."""

MAX_WAIT = 30.0
"""The longest wait between two tries: play resumes at most this long after the disk does."""

LOG_EVERY = 60.0
"""Seconds between two log lines about one table's (or the lobby's) failing writes."""

RETRY_AFTER = 10
"""Seconds an HTTP client is told to wait (``Retry-After``) when the database is unavailable."""


def from_database(exc: BaseException) -> bool:
    """Whether ``exc`` is the database's refusal rather than a bug: PEP 249 has every driver
    (sqlite3, psycopg) derive its errors from a ``DatabaseError``, and SQLAlchemy's wrappers
    are named alike. A bug's traceback is worth logging; a full disk's is not."""
    return any(cls.__name__ == "DatabaseError" for cls in type(exc).__mro__)


def reason(exc: BaseException) -> str:
    """The database's own words, one line (``database or disk is full``): the driver's message
    without SQLAlchemy's statement and parameters, which say nothing to an operator."""
    lines = str(getattr(exc, "orig", None) or exc).strip().splitlines()
    return lines[0] if lines else type(exc).__name__


class WriteTrouble:
    """Database failures of one subject (a table's writes, or the lobby's HTTP requests): how
    long to wait before the next try, and whether a failure is worth a log line."""

    __slots__ = ("subject", "failures", "unlogged", "logged_at", "reported")

    def __init__(self, subject: str) -> None:
        self.subject = subject
        self.failures = 0
        """Refused writes since the last one that went through: what the wait grows with."""
        self.unlogged = 0
        """Refused writes since the last log line, not logged themselves."""
        self.logged_at: float | None = None
        self.reported = False
        """A failure was logged and its end was not yet: the next success says so."""

    @property
    def wait(self) -> float:
        """Seconds to wait before the next try: 0.1 after one failure, doubling, at most 30."""
        if self.failures == 0:
            return 0.0
        return min(MAX_WAIT, FIRST_WAIT * 2.0 ** min(self.failures - 1, 32))

    def failed(self, exc: BaseException) -> None:
        """Count one failure; log it unless this subject was logged less than a minute ago."""
        self.failures += 1
        now = time.monotonic()
        if self.logged_at is not None and now - self.logged_at < LOG_EVERY:
            self.unlogged += 1
            return
        more = f" ({self.unlogged} more since the last report)" if self.unlogged else ""
        log.error(
            "%s: the database failed: %s%s",
            self.subject,
            reason(exc),
            more,
            exc_info=None if from_database(exc) else exc,
        )
        self.logged_at = now
        self.unlogged = 0
        self.reported = True

    def succeeded(self) -> None:
        """A write went through: the wait starts again from nothing, and if a failure was
        logged, one line says that writing works again."""
        self.failures = 0
        if self.reported:
            self.reported = False
            log.warning("%s: the database works again", self.subject)
