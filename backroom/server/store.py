"""Durable storage of tables: SQLAlchemy Core over SQLite (the default) or PostgreSQL.

A table is event-sourced: its game, options, seed and seats, plus the ordered log of actions
(the format of ``backroom.engine.record.Record``) and occasional snapshots (``state.to_json``)
so that a long log need not be replayed from the deal. Nothing else is stored: the state is
always the replay of the log.

Writes are grouped: every action waiting to be stored, from every table, goes into one
transaction (one fsync), which is how a single SQLite file keeps up with hundreds of tables.
An action is acknowledged only after its transaction has committed, and a row the database
refuses fails only its own action (``write_batch``).

The schema is versioned and migrated on open (``backroom.server.migrations``); the action log
is hash-chained (``backroom.server.chain``), so a lost or altered row is found at load and that
table alone is refused (``chain.Damaged``).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import (
    Connection,
    Engine,
    and_,
    create_engine,
    event,
    insert,
    or_,
    select,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError

from backroom.server import migrations
from backroom.server.chain import Damaged, StoredAction, break_in
from backroom.server.leases import RELEASE_LEASE, Fenced, Leases, fenced
from backroom.server.rows import (
    SEAT_COLUMNS,
    TABLE_COLUMNS,
    ActionRow,
    TableRow,
    Write,
    actions_t,
    decode,
    listed_row,
    new_table_rows,
    seat_row,
    seat_values,
    seats_t,
    snapshots_t,
    table_row,
    table_values,
    tables_t,
)
from backroom.server.settings import normalize_url
from backroom.server.writer import WriterThread

T = TypeVar("T")

MAX_BATCH = 500
"""Actions per transaction: five bound values each stays far below SQLite's variable limit."""


@dataclass(frozen=True, slots=True)
class Chore:
    """One small row change that rides along with the next group commit instead of taking a
    transaction (and an fsync) of its own: a seat sat in, a lease let go. ``sql`` marks its
    parameters with ``?`` (``%s`` on PostgreSQL); it changes its own rows only, so refused,
    it fails alone (``write_batch``)."""

    sql: str
    params: tuple[Any, ...]


@dataclass(frozen=True, slots=True)
class NewTable:
    """A new table, its seats and its lease, riding along with the next group commit like a
    ``Chore`` (no transaction and fsync of its own, no trip of its own to the writer thread):
    its result is the lease's epoch, or None as ``Leases.acquire`` says."""

    row: TableRow
    leases: Leases


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
    """WAL lets readers run beside the writer; FULL makes each commit survive a power cut."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


class Conflict(Exception):
    """The database already holds action ``n`` of the table: someone else wrote the table's
    log (a second server, a hand edit), and the table in memory is behind it."""

    def __init__(self, table_id: str, n: int) -> None:
        super().__init__(f"action {n} of table {table_id} is already stored")
        self.table_id = table_id
        self.n = n


class Store:
    """The database of one server. Methods whose names start with ``a`` are awaitable and never
    block the event loop (the work runs in a thread)."""

    def __init__(self, url: str) -> None:
        self.url = normalize_url(url)
        self.engine = make_engine(self.url)
        migrations.upgrade(self.engine)
        self._mark = "?" if self.engine.dialect.name == "sqlite" else "%s"
        """The DB-API parameter mark of the writer's own statements (sqlite3's or psycopg's)."""
        self._queue: asyncio.Queue[tuple[Write | Chore | NewTable, asyncio.Future[Any]] | None] | None = None
        self._raw: Any = None
        self._thread = WriterThread("backroom-writer")
        self._writer: asyncio.Task[None] | None = None

    # -- synchronous primitives (run in threads by the async wrappers, or directly by tools)

    def create_table(self, row: TableRow) -> None:
        with self.engine.begin() as conn:
            conn.execute(insert(tables_t).values(dict(zip(TABLE_COLUMNS, table_values(row), strict=True))))
            conn.execute(
                insert(seats_t), [dict(zip(SEAT_COLUMNS, seat, strict=True)) for seat in seat_values(row)]
            )

    def create_leased(self, row: TableRow, leases: Leases) -> int | None:
        """``create_table`` and ``leases.acquire`` in one transaction, on the writer thread's
        own connection (the group commits'): the epoch taken, or None as ``acquire`` says (the
        table is stored all the same). The same rows as ``create_table`` writes; one commit
        and one fsync a table instead of two, and no second connection whose writes make the
        group commits' connection read its pages again."""
        try:
            cursor = self._begin()
            epoch = self._create(cursor, NewTable(row, leases))
            self._raw.commit()
        except Exception as exc:
            self._rollback()
            raise self._as_dbapi_error(exc, row) from exc
        return epoch

    def _create(self, cursor: Any, new: NewTable) -> int | None:
        """``new``'s rows and lease, in the transaction ``cursor`` holds; the lease's epoch."""
        for statement, values in new_table_rows(new.row, self._mark):
            cursor.execute(statement, values)
        return new.leases.acquire_in(cursor, self._mark, new.row.id)

    def _as_dbapi_error(self, exc: Exception, row: TableRow) -> Exception:
        """``exc``, met storing ``row``, as SQLAlchemy raises a driver's error (the API then
        answers 503, not 500)."""
        error: type[Exception] = getattr(self.engine.dialect.dbapi, "Error", Exception)
        if isinstance(exc, error):
            return DBAPIError.instance(new_table_rows(row, self._mark)[0][0], None, exc, error)
        return exc

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
        """The newest ``limit`` tables the lobby lists (hidden ones never), only those of
        ``status`` if given, only those listed after ``before`` (created, id) if given, seats
        included."""
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
        for r in rows:
            r.seats.sort(key=lambda s: s.seat)
        return rows

    def write_batch(self, writes: Sequence[Write], chores: Sequence[Chore | NewTable] = ()) -> list[Any]:
        """Store several actions in one transaction, with ``chores`` beside them; per write,
        then per chore, None (committed; a ``NewTable``: its lease's epoch) or why the
        database refused it (``Conflict`` when an action's place in the log is taken).

        Runs on the single writer thread, on one raw DB-API connection, with one multi-row
        INSERT. The driver releases the GIL at every statement step, and a writer thread that
        must win the GIL back from a busy event loop once per row (``executemany``, or
        SQLAlchemy compiling a statement per batch size) waits milliseconds each time: with
        hundreds of tables that made commits take a second.

        A row the database refuses must not sink the others, nor cost them a transaction each:
        the batch is then written again in one transaction, each action and each chore behind
        a savepoint, so the refused ones alone are left out and the rest commit together."""
        try:
            cursor = self._begin()
            refused = fenced(cursor, self.engine.dialect.name, writes)
            kept = [w for w, out in zip(writes, refused, strict=True) if not out]
            if kept:
                self._insert(cursor, kept)
            made = [self._do(cursor, chore) for chore in chores]
            self._raw.commit()
            results: list[Any] = [
                Fenced.of(w) if out else None for w, out in zip(writes, refused, strict=True)
            ]
            return results + made
        except Exception:
            self._rollback()
        results = []
        conn = self._connection()
        try:
            cursor = self._begin()
            for w, out in zip(writes, fenced(cursor, self.engine.dialect.name, writes), strict=True):
                if out:
                    results.append(Fenced.of(w))
                    continue
                cursor.execute("SAVEPOINT one_write")
                try:
                    self._insert(cursor, [w])
                except Exception as exc:
                    cursor.execute("ROLLBACK TO SAVEPOINT one_write")
                    results.append(Conflict(w.table_id, w.n) if self._is_conflict(exc) else exc)
                else:
                    cursor.execute("RELEASE SAVEPOINT one_write")
                    results.append(None)
            for chore in chores:
                cursor.execute("SAVEPOINT one_write")
                try:
                    done = self._do(cursor, chore)
                except Exception as exc:
                    cursor.execute("ROLLBACK TO SAVEPOINT one_write")
                    results.append(exc)
                else:
                    cursor.execute("RELEASE SAVEPOINT one_write")
                    results.append(done)
            conn.commit()
        except Exception:
            self._rollback()
            raise
        return results

    def _do(self, cursor: Any, chore: Chore | NewTable) -> int | None:
        if isinstance(chore, NewTable):
            return self._create(cursor, chore)
        sql = chore.sql if self.engine.dialect.name == "sqlite" else chore.sql.replace("?", "%s")
        cursor.execute(sql, chore.params)
        return None

    def _begin(self) -> Any:
        """A cursor in a new transaction. SQLite's holds the write lock from the start: the
        lease fence read first must not be outdated by the time it writes (and a savepoint's
        release would otherwise commit alone)."""
        cursor = self._connection().cursor()
        if self.engine.dialect.name == "sqlite":
            cursor.execute("BEGIN IMMEDIATE")
        return cursor

    def _insert(self, cursor: Any, writes: Sequence[Write]) -> None:
        """The statements of ``writes``: a few whatever their number (see ``write_batch``)."""
        mark = self._mark
        values: list[Any] = []
        for w in writes:
            values += [w.table_id, w.n, w.seat, w.action, w.client_id, w.chain]
        row = "(" + ",".join([mark] * 6) + ")"
        cursor.execute(
            "INSERT INTO backroom_actions (table_id, n, seat, action, client_id, chain) VALUES "
            + ",".join([row] * len(writes)),
            values,
        )
        # One head per table, its last action's: a CASE takes its first matching WHEN, and a
        # move and the bot's answer to it often share a batch.
        last = {w.table_id: w.chain for w in writes}
        heads: list[Any] = []
        for table_id, chain in last.items():
            heads += [table_id, chain]
        cursor.execute(
            "UPDATE backroom_tables SET head = CASE id"
            + f" WHEN {mark} THEN {mark}" * len(last)
            + f" END WHERE id IN ({','.join([mark] * len(last))})",
            heads + list(last),
        )
        for w in writes:
            if w.snapshot is not None:
                cursor.execute(
                    f"INSERT INTO backroom_snapshots (table_id, n, state) VALUES ({mark},{mark},{mark})",
                    (w.table_id, w.n, json.dumps(w.snapshot)),
                )
            if w.outcome is not None:
                cursor.execute(
                    f"UPDATE backroom_tables SET status = 'over', outcome = {mark} WHERE id = {mark}",
                    (json.dumps(w.outcome), w.table_id),
                )

    def _connection(self) -> Any:
        if self._raw is None:
            self._raw = self.engine.raw_connection()
        return self._raw

    def _rollback(self) -> None:
        try:
            self._raw.rollback()
        except Exception:
            # The connection itself is broken: drop it and open a new one next time.
            self._raw = None

    def _is_conflict(self, exc: Exception) -> bool:
        integrity = getattr(self.engine.dialect.dbapi, "IntegrityError", ())
        return isinstance(exc, integrity)

    def rotate_token(self, table_id: str, seat: int, token_hash: str) -> None:
        """Replace a seat's token: the old invite link opens nothing any more."""
        with self.engine.begin() as conn:
            conn.execute(
                update(seats_t)
                .where(seats_t.c.table_id == table_id, seats_t.c.seat == seat)
                .values(token_hash=token_hash)
            )

    def mark_joined(self, table_id: str, seat: int, token_hash: str | None = None) -> None:
        """Someone sat at ``seat`` (with a new token when they claimed it from the lobby)."""
        values: dict[str, Any] = {"joined": True}
        if token_hash is not None:
            values["token_hash"] = token_hash
        with self.engine.begin() as conn:
            conn.execute(
                update(seats_t).where(seats_t.c.table_id == table_id, seats_t.c.seat == seat).values(**values)
            )

    def seat_to_bot(self, table_id: str, seat: int) -> None:
        """A seat nobody came to is played by the table's bot from now on; its link opens nothing."""
        with self.engine.begin() as conn:
            conn.execute(
                update(seats_t)
                .where(seats_t.c.table_id == table_id, seats_t.c.seat == seat)
                .values(kind="bot", bot=None, token_hash=None)
            )

    def link_rematch(self, table_id: str, rematch: str) -> None:
        """``rematch`` followed the finished table ``table_id`` (one rematch per table)."""
        with self.engine.begin() as conn:
            conn.execute(update(tables_t).where(tables_t.c.id == table_id).values(rematch=rematch))

    def set_hidden(self, table_id: str, hidden: bool) -> None:
        """Take the table off the lobby's public list (its links still lead to it), or back."""
        with self.engine.begin() as conn:
            conn.execute(update(tables_t).where(tables_t.c.id == table_id).values(hidden=hidden))

    # -- the grouped writer

    async def on_writer(self, work: Callable[..., T], *args: Any) -> T:
        """``work(*args)`` on the writer thread: SQLite takes one writer at a time, and a second
        thread's transaction would make the actions' group commit wait for its lock."""
        result: T = await self._thread.call(work, *args)
        return result

    async def arotate_token(self, table_id: str, seat: int, token_hash: str) -> None:
        """``rotate_token`` on the writer thread, as ``on_writer`` says."""
        await self.on_writer(self.rotate_token, table_id, seat, token_hash)

    async def amark_joined(self, table_id: str, seat: int, token_hash: str | None = None) -> None:
        """``mark_joined``, committed with the next group of actions (``Chore``): a table's
        four players sitting down cost no transaction of their own."""
        if token_hash is None:
            chore = Chore(
                "UPDATE backroom_seats SET joined = ? WHERE table_id = ? AND seat = ?", (True, table_id, seat)
            )
        else:
            chore = Chore(
                "UPDATE backroom_seats SET joined = ?, token_hash = ? WHERE table_id = ? AND seat = ?",
                (True, token_hash, table_id, seat),
            )
        await self._commit(chore)

    async def arelease_lease(self, table_id: str, owner: str, epoch: int) -> None:
        """``Leases.release``, committed with the next group of actions (``Chore``)."""
        await self._commit(Chore(RELEASE_LEASE, (table_id, owner, epoch)))

    async def alink_rematch(self, table_id: str, rematch: str) -> None:
        """``link_rematch`` on the writer thread, as ``on_writer`` says."""
        await self.on_writer(self.link_rematch, table_id, rematch)

    async def aseat_to_bot(self, table_id: str, seat: int) -> None:
        """``seat_to_bot`` on the writer thread, as ``on_writer`` says."""
        await self.on_writer(self.seat_to_bot, table_id, seat)

    async def aset_hidden(self, table_id: str, hidden: bool) -> None:
        """``set_hidden`` on the writer thread, as ``on_writer`` says."""
        await self.on_writer(self.set_hidden, table_id, hidden)

    async def acreate_leased(self, row: TableRow, leases: Leases) -> int | None:
        """``create_leased``, committed with the next group of actions (``NewTable``): a new
        table costs no transaction of its own."""
        try:
            epoch: int | None = await self._commit(NewTable(row, leases))
        except Exception as exc:
            raise self._as_dbapi_error(exc, row) from exc
        return epoch

    async def awrite(self, write: Write) -> None:
        """Store one action; returns once it is committed (raises if the commit failed)."""
        await self._commit(write)

    async def _commit(self, item: Write | Chore | NewTable) -> Any:
        """``item`` in the next group commit; returns its result once that has committed."""
        queue = self._queue
        if queue is None:
            queue = self._queue = asyncio.Queue()
            self._writer = asyncio.create_task(self._write_loop())
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        queue.put_nowait((item, future))
        return await future

    async def _write_loop(self) -> None:
        assert self._queue is not None
        running = True
        while running:
            first = await self._queue.get()
            batch = [] if first is None else [first]
            running = first is not None
            while running and len(batch) < MAX_BATCH and not self._queue.empty():
                item = self._queue.get_nowait()
                if item is None:
                    running = False
                else:
                    batch.append(item)
            if not batch:
                continue
            writes = [w for w, _ in batch if isinstance(w, Write)]
            chores = [c for c, _ in batch if not isinstance(c, Write)]
            # The results come writes first, then chores.
            futures = [f for w, f in batch if isinstance(w, Write)] + [
                f for c, f in batch if not isinstance(c, Write)
            ]
            try:
                if chores:
                    results = await self._thread.call(self.write_batch, writes, chores)
                else:
                    results = await self._thread.call(self.write_batch, writes)
            except Exception as exc:  # the database itself failed: nothing was stored
                results = [exc] * len(futures)
            for future, result in zip(futures, results, strict=True):
                if future.done():
                    continue
                if isinstance(result, Exception):
                    future.set_exception(result)
                else:
                    future.set_result(result)

    async def aclose(self) -> None:
        """Finish the writes already queued, then release the database."""
        if self._writer is not None and self._queue is not None:
            await self._queue.put(None)
            await self._writer
            self._writer = None
            self._queue = None
        await self._thread.call(self._close_raw)
        self._thread.stop()
        self.engine.dispose()

    def _close_raw(self) -> None:
        if self._raw is not None:
            self._raw.close()
            self._raw = None
