"""Durable storage of tables: SQLAlchemy Core over SQLite (the default) or PostgreSQL.

A table is event-sourced: its game, options, seed and seats, plus the ordered log of actions
(the format of ``backroom.engine.record.Record``) and occasional snapshots (``state.to_json``)
so that a long log need not be replayed from the deal. Nothing else is stored: the state is
always the replay of the log.

Writes are grouped, one transaction (one fsync) for the actions waiting from every table, on
a thread of their own (``backroom.server.writer``); ``Store`` adds the reads and the rest of
the API.

The schema is versioned and migrated on open (``backroom.server.migrations``); the action log
is hash-chained (``backroom.server.chain``), so a lost or altered row is found at load and that
table alone is refused (``chain.Damaged``).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Connection,
    Engine,
    and_,
    create_engine,
    event,
    insert,
    or_,
    select,
)
from sqlalchemy.engine import make_url

from backroom.server import migrations
from backroom.server.chain import Damaged, StoredAction, break_in
from backroom.server.leases import RELEASE_LEASE, lease_at
from backroom.server.rows import (
    SEAT_COLUMNS,
    TABLE_COLUMNS,
    ActionRow,
    TableRow,
    actions_t,
    decode,
    listed_row,
    seat_row,
    seat_values,
    seats_t,
    snapshots_t,
    table_row,
    table_values,
    tables_t,
)
from backroom.server.settings import normalize_url
from backroom.server.writer import Chore, GroupCommit

SNAPSHOT_EVERY = 100
"""Actions between snapshots: a reload replays at most this many actions per table."""


def make_engine(url: str) -> Engine:
    url = normalize_url(url)
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        if parsed.database and parsed.database != ":memory:":
            Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url)
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(url, pool_size=4, max_overflow=4, pool_pre_ping=True)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    """WAL lets readers run beside the writer; FULL makes each commit survive a power cut.
    Statement journals stay in memory: a multi-row statement inside a transaction keeps the
    pages it changed, to undo it alone if a row is refused, and past 64 KiB (which a group
    commit of scattered tables passes) SQLite spilled them to a temporary file made and deleted
    at nearly every commit, a third of the writer's page writes. They are never read after a
    crash (the WAL is), so memory loses nothing."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.execute("PRAGMA temp_store=MEMORY")
    cursor.close()


class Store(GroupCommit):
    """The database of one server: its writes are ``GroupCommit``'s. Methods whose names start
    with ``a`` are awaitable and never block the event loop (the work runs in a thread)."""

    def __init__(self, url: str) -> None:
        self.url = normalize_url(url)
        engine = make_engine(self.url)
        migrations.upgrade(engine)
        super().__init__(engine)

    # -- synchronous primitives (run in threads by the async wrappers, or directly by tools)

    def create_table(self, row: TableRow) -> None:
        with self.engine.begin() as conn:
            conn.execute(insert(tables_t).values(dict(zip(TABLE_COLUMNS, table_values(row), strict=True))))
            conn.execute(
                insert(seats_t), [dict(zip(SEAT_COLUMNS, seat, strict=True)) for seat in seat_values(row)]
            )

    def load_table(
        self, table_id: str
    ) -> tuple[TableRow, dict[str, Any] | None, int, list[ActionRow]] | None:
        """The table, its latest snapshot (or None) and the snapshot's action count, and the
        actions after it; the client ids of every action come back too (duplicate checks).
        Raises ``Damaged`` if the rows are not what was written: nothing half-loaded."""
        with self._one_moment() as conn:
            found = conn.execute(select(tables_t).where(tables_t.c.id == table_id)).first()
            if found is None:
                return None
            row = table_row(found)
            row.seats = [
                seat_row(s)
                for s in conn.execute(
                    select(seats_t).where(seats_t.c.table_id == table_id).order_by(seats_t.c.seat)
                )
            ]
            snap = conn.execute(
                select(snapshots_t.c.n, snapshots_t.c.state)
                .where(snapshots_t.c.table_id == table_id)
                .order_by(snapshots_t.c.n.desc())
                .limit(1)
            ).first()
            stored = [
                StoredAction(a.n, a.seat, a.action, a.client_id, a.chain)
                for a in conn.execute(
                    select(actions_t).where(actions_t.c.table_id == table_id).order_by(actions_t.c.n)
                )
            ]
        if [s.seat for s in row.seats] != list(range(row.players)):
            raise Damaged(table_id, "seats", {"seats": len(row.seats), "players": row.players})
        broken = break_in(table_id, stored, row.head)
        if broken is not None:
            raise Damaged(table_id, *broken)
        actions = [
            ActionRow(a.n, a.seat, decode(table_id, "action_json", a.action, a.n), a.client_id)
            for a in stored
        ]
        if snap is None:
            return row, None, 0, actions
        return row, decode(table_id, "snapshot_json", snap.state, snap.n), int(snap.n), actions

    def resumable_ids(self) -> list[str]:
        """Tables in play that may have work with nobody connected (a bot seat, a turn timer
        that hands absent seats to a bot, idle timers), oldest first: those a restarted server
        brings back. Not those asleep (``sleeping.py``): they come back when due."""
        has_bot = (
            select(seats_t.c.table_id)
            .where(seats_t.c.table_id == tables_t.c.id, seats_t.c.kind == "bot")
            .exists()
        )
        query = (
            select(tables_t.c.id)
            .where(
                tables_t.c.status == "playing",
                or_(tables_t.c.turn_timer.is_not(None), tables_t.c.timers.is_not(None), has_bot),
                tables_t.c.wake.is_(None),  # those asleep are woken when due (upkeep.wake)
            )
            .order_by(tables_t.c.created)
        )
        with self.engine.connect() as conn:
            return [r.id for r in conn.execute(query)]

    @contextmanager
    def _one_moment(self) -> Iterator[Connection]:
        """A connection whose reads all see the database as it was at the first of them. Read
        statement by statement, a table row and its actions taken while a server commits a move
        disagree (the head older than the log) and a sound table looks damaged."""
        with self.engine.connect() as conn:
            if self.engine.dialect.name == "sqlite":
                conn.exec_driver_sql("BEGIN")  # the driver starts no transaction for reads
            else:
                conn.execution_options(isolation_level="REPEATABLE READ")
            yield conn

    def table_ids(self) -> list[str]:
        """Every table's id, oldest first (``backroom serve --check-db`` walks them all)."""
        with self.engine.connect() as conn:
            return [r.id for r in conn.execute(select(tables_t.c.id).order_by(tables_t.c.created))]

    def list_tables(
        self, limit: int, status: str | None = None, before: tuple[float, str] | None = None
    ) -> list[TableRow]:
        """The newest ``limit`` tables the lobby lists (hidden ones never, nor their ids as another's
        ``rematch`` or ``rematch_of``), only those of ``status`` if given, only those listed
        after ``before`` (created, id) if given, seats included."""
        order = (tables_t.c.created.desc(), tables_t.c.id.desc())
        query = select(tables_t).where(~tables_t.c.hidden).order_by(*order).limit(limit)
        if before is not None:
            created, table_id = before
            query = query.where(
                or_(
                    tables_t.c.created < created,
                    and_(tables_t.c.created == created, tables_t.c.id < table_id),
                )
            )
        if status is not None:
            query = query.where(tables_t.c.status == status)
        with self.engine.connect() as conn:
            rows = [listed_row(r) for r in conn.execute(query)]
            if not rows:
                return rows
            by_id = {r.id: r for r in rows}
            for s in conn.execute(select(seats_t).where(seats_t.c.table_id.in_(list(by_id)))):
                by_id[s.table_id].seats.append(seat_row(s))
            # A hidden table is not listed through the rematch links of a listed one either.
            links = {t for r in rows for t in (r.rematch, r.rematch_of) if t is not None}
            if links:
                linked = select(tables_t.c.id).where(tables_t.c.id.in_(list(links)), tables_t.c.hidden)
                hidden = set(conn.execute(linked).scalars())
                for r in rows:
                    r.rematch = None if r.rematch in hidden else r.rematch
                    r.rematch_of = None if r.rematch_of in hidden else r.rematch_of
        for r in rows:
            r.seats.sort(key=lambda s: s.seat)
        return rows

    # -- rows the table's owner keeps in memory, changed only while it holds the table

    def fenced(self, sql: str, params: tuple[Any, ...], table_id: str, epoch: int) -> Chore:
        """``sql``, an UPDATE with a WHERE of its own, made to change nothing unless the
        table's lease is still at ``epoch`` (``leases.lease_at``): its row is one the table's
        owner keeps in memory, and a worker that lost the table (paused past its lease) would
        leave the new owner's memory and the database disagreeing (a seat's token changed
        behind its back). Refused, it raises ``Fenced`` as an action does."""
        condition = lease_at(self.engine.dialect.name)
        return Chore(f"{sql} AND {condition}", (*params, table_id, epoch), (table_id, epoch))

    def _seat(self, sets: str, values: tuple[Any, ...], table_id: str, seat: int, epoch: int) -> Chore:
        """``fenced``'s change of one seat's row: ``sets`` its columns to ``values``."""
        sql = f"UPDATE backroom_seats SET {sets} WHERE table_id = ? AND seat = ?"
        return self.fenced(sql, (*values, table_id, seat), table_id, epoch)

    def _alone(self, chore: Chore) -> None:
        """``chore`` in a transaction of its own (on the writer thread, ``on_writer``), its
        driver's errors raised as SQLAlchemy's (the API answers 503); ``Fenced`` raised."""
        with self.engine.begin() as conn:
            done = conn.exec_driver_sql(self.native(chore.sql), chore.params)
        refused = chore.outcome(done.rowcount)
        if refused is not None:
            raise refused

    async def arotate_token(self, table_id: str, seat: int, token_hash: str, epoch: int) -> None:
        """Replace a seat's token: the old invite link opens nothing any more."""
        await self.on_writer(self._alone, self._seat("token_hash = ?", (token_hash,), table_id, seat, epoch))

    async def amark_joined(self, table_id: str, seat: int, epoch: int, token_hash: str | None = None) -> None:
        """Someone sat at ``seat`` (with a new token when they claimed it from the lobby),
        committed with the next group of actions (``Chore``): a table's four players sitting
        down cost no transaction of their own."""
        if token_hash is None:
            chore = self._seat("joined = ?", (True,), table_id, seat, epoch)
        else:
            chore = self._seat("joined = ?, token_hash = ?", (True, token_hash), table_id, seat, epoch)
        await self._commit(chore)

    async def aseat_to_bot(self, table_id: str, seat: int, epoch: int) -> None:
        """A seat nobody came to is played by the table's bot from now on; its link opens nothing."""
        chore = self._seat("kind = ?, bot = ?, token_hash = ?", ("bot", None, None), table_id, seat, epoch)
        await self.on_writer(self._alone, chore)

    async def alink_rematch(self, table_id: str, rematch: str, epoch: int) -> None:
        """``rematch`` followed the finished table ``table_id`` (one rematch per table: the
        owner knows whether there is one from its memory)."""
        sql = "UPDATE backroom_tables SET rematch = ? WHERE id = ?"
        await self.on_writer(self._alone, self.fenced(sql, (rematch, table_id), table_id, epoch))

    async def aset_hidden(self, table_id: str, hidden: bool, epoch: int) -> None:
        """Take the table off the lobby's public list (its links still lead to it), or back
        (the owner tells its players whether it is hidden from its memory)."""
        sql = "UPDATE backroom_tables SET hidden = ? WHERE id = ?"
        await self.on_writer(self._alone, self.fenced(sql, (hidden, table_id), table_id, epoch))

    # -- the grouped writer

    async def arelease_lease(self, table_id: str, owner: str, epoch: int) -> None:
        """``Leases.release``, committed with the next group of actions (``Chore``)."""
        await self._commit(Chore(RELEASE_LEASE, (table_id, owner, epoch)))
