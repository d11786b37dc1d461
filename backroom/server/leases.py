"""Which worker process owns a table: a lease in the database, and the fence on its log.

Several worker processes (on one machine or several) share one database. A table in play is
driven by one of them at a time, the holder of its lease (``backroom_leases``): its owner, the
moment it runs out (the database's clock, never a worker's) and an epoch that grows by one at
every acquisition. The owner renews its leases while it holds the tables; a worker that dies
stops renewing, and once the lease has run out any other worker may take the table.

Time alone cannot keep a paused worker (a long garbage collection, a stopped VM) from writing
after its lease ran out and another took the table. So every action carries the epoch its
writer holds, and the transaction that appends it first reads the lease row, locked against a
takeover until the commit (``FOR SHARE`` on PostgreSQL; SQLite lets one writer in at a time),
and leaves out the writes whose epoch is no longer the table's (``Fenced``). The log's key
``(table_id, n)`` keeps two writers from the same place; the epoch keeps a stale writer out.
The rows the owner keeps in memory beside the log (a seat's token and whether it was sat in,
the table's visibility and rematch) are fenced alike (``lease_at``): a stale worker's change
would leave the new owner's memory disagreeing with the database.
"""

from __future__ import annotations

import os
import secrets
import socket
from collections.abc import Sequence
from typing import Any

from sqlalchemy import Engine, bindparam, literal_column, select, text

from backroom.server.rows import Write, leases_t

LEASE_SECONDS = 6.0
"""How long a lease lasts unless renewed (every third of it): a dead worker's tables with
nobody connected move after at most this (those with someone connected move sooner, when
``cluster.py`` sees the worker's heartbeat stop)."""


RELEASE_LEASE = "UPDATE backroom_leases SET expires = 0 WHERE table_id = ? AND owner = ? AND epoch = ?"
"""Let a table go at once (``Leases.release``), as a ``writer.Chore``'s statement."""


class Fenced(Exception):
    """The table's lease has moved past ``epoch``: the writer no longer owns the table, and
    nothing it wrote was stored."""

    def __init__(self, table_id: str, epoch: int) -> None:
        super().__init__(f"table {table_id}: lease epoch {epoch} is no longer the table's")
        self.table_id = table_id
        self.epoch = epoch

    @classmethod
    def of(cls, write: Write) -> Fenced:
        assert write.epoch is not None
        return cls(write.table_id, write.epoch)


def new_owner() -> str:
    """A name for this worker process, unique across machines and restarts (64 characters at
    most): the host and process for whoever reads the lease table, random bits for the rest."""
    return f"{socket.gethostname()[:40]}:{os.getpid()}:{secrets.token_hex(4)}"


def now_sql(dialect: str) -> str:
    """The database's clock in seconds since the epoch: one clock for every machine."""
    if dialect == "sqlite":
        return "((julianday('now') - 2440587.5) * 86400.0)"
    return "CAST(EXTRACT(EPOCH FROM clock_timestamp()) AS DOUBLE PRECISION)"


def acquire_sql(now: str, table_id: str, owner: str, seconds: str, dead: str, steal: str) -> str:
    """The statement that takes a lease (``Leases.acquire``), its parameters written as given
    (names for SQLAlchemy, marks for a DB-API cursor, in this order): a new epoch, returned,
    unless another worker's lease runs and that worker is neither ``dead`` nor to be robbed
    (``steal``)."""
    return (
        "INSERT INTO backroom_leases (table_id, owner, epoch, expires)"
        f" VALUES ({table_id}, {owner}, 1, {now} + {seconds})"
        " ON CONFLICT (table_id) DO UPDATE SET owner = excluded.owner,"
        " epoch = backroom_leases.epoch + 1, expires = excluded.expires"
        f" WHERE backroom_leases.expires < {now} OR backroom_leases.owner = excluded.owner"
        f" OR backroom_leases.owner = {dead} OR {steal} RETURNING epoch"
    )


class Leases:
    """The leases of one worker (``owner``) on one database. ``steal``: a process that holds
    the whole database (``dblock``: one server, no workers) takes a lease even while it runs,
    since its holder can only be a dead process before it."""

    def __init__(self, engine: Engine, owner: str, seconds: float = LEASE_SECONDS, steal: bool = False):
        self.engine = engine
        self.owner = owner
        self.seconds = seconds
        self.steal = steal
        self._now = now_sql(engine.dialect.name)

    def acquire(self, table_id: str, dead: str | None = None) -> int | None:
        """Take the table's lease with a new epoch, returned; None while another worker's runs
        (unless that worker is ``dead``: known gone, its lease is taken before it runs out).
        Taken before the table's log is read, so that every write of an older epoch is either
        in what is read or refused."""
        names = (":table_id", ":owner", ":seconds", ":dead", ":steal")
        statement = text(acquire_sql(self._now, *names))
        params = {
            "table_id": table_id,
            "owner": self.owner,
            "seconds": self.seconds,
            "steal": self.steal,
            "dead": dead or "",
        }
        with self.engine.begin() as conn:
            epoch = conn.execute(statement, params).scalar()
        return None if epoch is None else int(epoch)

    def acquire_in(self, cursor: Any, mark: str, table_id: str) -> int | None:
        """``acquire`` (no dead worker named) as one statement of a transaction the caller
        holds on a DB-API ``cursor`` whose parameters are marked ``mark``: the store takes a
        new table's lease in the transaction that stores the table."""
        cursor.execute(
            acquire_sql(self._now, *[mark] * 5), (table_id, self.owner, self.seconds, "", self.steal)
        )
        found = cursor.fetchone()
        return None if found is None else int(found[0])

    def renew(self, table_ids: Sequence[str]) -> set[str]:
        """Extend this worker's leases on ``table_ids``; those it still held (the others were
        taken over: their tables must leave this worker)."""
        if not table_ids:
            return set()
        statement = text(
            f"UPDATE backroom_leases SET expires = {self._now} + :seconds"
            " WHERE owner = :owner AND table_id IN :ids RETURNING table_id"
        ).bindparams(bindparam("ids", expanding=True))
        with self.engine.begin() as conn:
            rows = conn.execute(
                statement, {"seconds": self.seconds, "owner": self.owner, "ids": list(table_ids)}
            )
            return {r.table_id for r in rows}

    def release(self, table_id: str, epoch: int) -> None:
        """Let the table go at once (it left this worker's memory): any worker may take it now.
        The row stays, so that the next epoch is still higher than every one before."""
        self._own("UPDATE backroom_leases SET expires = 0", table_id, epoch)

    def forget(self, table_id: str, epoch: int) -> None:
        """Drop the lease just taken on an id no table has (a visitor's guess): its row would
        otherwise stay for good, one per id asked for, which a client could grow without
        bound. No write was ever made under it, so no epoch needs to stay higher."""
        self._own("DELETE FROM backroom_leases", table_id, epoch)

    def _own(self, statement: str, table_id: str, epoch: int) -> None:
        """``statement`` on this worker's lease of ``table_id`` at ``epoch``, if it still holds it."""
        with self.engine.begin() as conn:
            conn.execute(
                text(f"{statement} WHERE table_id = :table_id AND owner = :owner AND epoch = :epoch"),
                {"table_id": table_id, "owner": self.owner, "epoch": epoch},
            )

    def release_all(self) -> None:
        """Let every table of this worker go (it stops): the others need not wait them out."""
        with self.engine.begin() as conn:
            conn.execute(
                text("UPDATE backroom_leases SET expires = 0 WHERE owner = :owner"), {"owner": self.owner}
            )

    def running(self, table_ids: Sequence[str]) -> set[str]:
        """Those of ``table_ids`` whose lease runs now (some worker holds them)."""
        if not table_ids:
            return set()
        statement = text(
            f"SELECT table_id FROM backroom_leases WHERE table_id IN :ids AND expires >= {self._now}"
        ).bindparams(bindparam("ids", expanding=True))
        with self.engine.connect() as conn:
            return {r.table_id for r in conn.execute(statement, {"ids": list(table_ids)})}

    def holder(self, table_id: str) -> str | None:
        """The worker whose lease on the table runs now, if any."""
        with self.engine.connect() as conn:
            return conn.execute(
                text(f"SELECT owner FROM backroom_leases WHERE table_id = :t AND expires >= {self._now}"),
                {"t": table_id},
            ).scalar()


def held_elsewhere(table_id: Any, worker: str, dialect: str) -> Any:
    """The condition that a worker other than ``worker`` holds the table ``table_id`` (a
    column) now: whatever is done to it must wait, someone may be at it there."""
    now: Any = literal_column(now_sql(dialect))
    return (
        select(leases_t.c.table_id)
        .where(leases_t.c.table_id == table_id, leases_t.c.owner != worker, leases_t.c.expires >= now)
        .exists()
    )


def lease_at(dialect: str) -> str:
    """The SQL condition that a table's lease is still at an epoch (its two parameters, marked
    ``?``), for the ``WHERE`` of a write to a row the owner keeps in memory (a seat, the table
    row): a worker that lost the table changes nothing, and the row count says so. The lease row
    is locked until the commit, as ``fenced`` locks it (``FOR SHARE``; on SQLite the writing
    statement holds the write lock already), so no takeover commits in between and the new
    owner reads the row only after this write."""
    lock = "" if dialect == "sqlite" else " FOR SHARE"
    return f"EXISTS (SELECT 1 FROM backroom_leases WHERE table_id = ? AND epoch = ?{lock})"


def fenced(cursor: Any, dialect: str, writes: Sequence[Write]) -> list[bool]:
    """Per write, whether its epoch is no longer its table's lease's: read in the writing
    transaction, the lease rows locked until it ends, so no takeover commits in between. On
    SQLite the transaction must already hold the write lock (``BEGIN IMMEDIATE``)."""
    pairs = {(w.table_id, w.epoch) for w in writes if w.epoch is not None}
    if not pairs:
        return [False] * len(writes)
    epochs = dict(pairs)
    # A table written under two epochs in one batch has a stale write: one row can't tell which.
    one_each = len(epochs) == len(pairs)
    if dialect == "sqlite" and one_each and len(epochs) <= ONE_ROW_TABLES and _all_current(cursor, epochs):
        return [False] * len(writes)
    mark = "?" if dialect == "sqlite" else "%s"
    lock = "" if dialect == "sqlite" else " FOR SHARE"
    marks = ",".join([mark] * len(epochs))
    query = f"SELECT table_id, epoch FROM backroom_leases WHERE table_id IN ({marks}){lock}"
    cursor.execute(query, list(epochs))
    current = {table_id: int(epoch) for table_id, epoch in cursor.fetchall()}
    return [w.epoch is not None and current.get(w.table_id) != w.epoch for w in writes]


ONE_ROW_TABLES = 499
"""The most tables ``_all_current`` asks at once: its ``OR`` chain is parsed as a tree one level
deeper per table, and SQLite refuses a tree deeper than 1,000 (999 tables fail, 499 pass; a
group commit holds up to 500 writes, ``writer.MAX_BATCH``)."""


def _all_current(cursor: Any, epochs: dict[str, Any]) -> bool:
    """Whether every table of ``epochs`` has its lease at that epoch, asked in one row: the
    driver hands the GIL back and takes it again at every row it steps to, and a writer thread
    that must win it back from a busy event loop waits (and switches threads) each time, once
    per table of the group commit where the rows themselves were read. Only where this says
    no (a lease was lost) are the rows read, to tell which."""
    pairs = " OR ".join(["(table_id = ? AND epoch = ?)"] * len(epochs))
    values = [v for pair in epochs.items() for v in pair]
    cursor.execute(f"SELECT count(*) FROM backroom_leases WHERE {pairs}", values)
    return bool(cursor.fetchone()[0] == len(epochs))
