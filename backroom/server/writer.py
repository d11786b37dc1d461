"""The database's writer (``Store``'s writing half) and its own thread: SQLite takes one writer
at a time, so every write of the server runs there, in the order it was asked for.

Writes are grouped: every action waiting to be stored, from every table, goes into one
transaction (one fsync), which is how a single SQLite file keeps up with hundreds of tables.
An action is acknowledged only after its transaction has committed, and a row the database
refuses fails only its own action (``GroupCommit.write_batch``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import queue
import threading
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from sqlalchemy import Engine
from sqlalchemy.exc import DBAPIError

from backroom.server.leases import Fenced, Leases, fenced
from backroom.server.rows import TableRow, Write, new_table_rows

T = TypeVar("T")


Job = tuple[Callable[..., Any], tuple[Any, ...], asyncio.AbstractEventLoop, "asyncio.Future[Any]"]


class WriterThread:
    """One thread that runs the work handed to it in order, each result handed back to the
    awaiting event loop. Not a ``ThreadPoolExecutor``: its idle semaphore and its futures'
    conditions are locks written in Python that both threads take, and when the GIL changed
    hands while the writer held one, the event loop waited for two more switches of the
    GIL (at every group commit). Here the only lock is the C queue's."""

    def __init__(self, name: str) -> None:
        self._name = name
        self._jobs: queue.SimpleQueue[Job | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None

    async def call(self, work: Callable[..., Any], *args: Any) -> Any:
        """``work(*args)`` on the thread, once the work handed over before it is done. Work
        whose caller was cancelled before it began is skipped, as an executor skips it."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._serve, name=self._name, daemon=True)
            self._thread.start()
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()
        self._jobs.put((work, args, loop, future))
        return await future

    def stop(self) -> None:
        """End the thread once the work handed over is done (called after the last ``call``)."""
        if self._thread is not None:
            self._jobs.put(None)
            self._thread.join()
            self._thread = None

    def _serve(self) -> None:
        while (job := self._jobs.get()) is not None:
            work, args, loop, future = job
            if future.cancelled():
                continue
            try:
                result = work(*args)
            except BaseException as exc:  # handed to the caller, as an executor does
                _hand_back(loop, future, None, exc)
            else:
                _hand_back(loop, future, result, None)


def _hand_back(
    loop: asyncio.AbstractEventLoop, future: asyncio.Future[Any], result: Any, exc: BaseException | None
) -> None:
    with contextlib.suppress(RuntimeError):  # the loop is closed: nobody waits any more
        loop.call_soon_threadsafe(_settle, future, result, exc)


def _settle(future: asyncio.Future[Any], result: Any, exc: BaseException | None) -> None:
    if future.cancelled():
        return
    if exc is not None:
        future.set_exception(exc)
    else:
        future.set_result(result)


MAX_BATCH = 500
"""Actions per transaction: six bound values each, and three per table in the head update, stay
far below SQLite's limit on bound variables (32,766)."""

GATHER_SECONDS = 0.002
"""How long a group commit waits for more writes once the commit before it held several (many
tables are being played): fewer, larger commits spend less of the process's one core on the
transaction, its fsync and the thread switches around each, and the acks wait that much longer
(a few per cent of a move's round trip under such a load; docs/benchmarks.md, "CPU per move").
A write that came alone is committed at once: a quiet server adds no wait."""


@dataclass(frozen=True, slots=True)
class Chore:
    """One small row change that rides along with the next group commit instead of taking a
    transaction (and an fsync) of its own: a seat sat in, a lease let go. ``sql`` marks its
    parameters with ``?`` (``%s`` on PostgreSQL); it changes its own rows only, so refused,
    it fails alone (``write_batch``)."""

    sql: str
    params: tuple[Any, ...]
    fence: tuple[str, int] | None = None
    """The table and epoch whose lease ``sql``'s condition requires (``Store.fenced``): with
    it, a statement that changed no row was refused for the lease, reported as ``Fenced``."""

    def outcome(self, rowcount: int) -> Fenced | None:
        """What the chore's caller is told once its statement changed ``rowcount`` rows."""
        if self.fence is not None and rowcount == 0:
            return Fenced(*self.fence)
        return None


@dataclass(frozen=True, slots=True)
class NewTable:
    """A new table, its seats and its lease, riding along with the next group commit like a
    ``Chore`` (no transaction and fsync of its own, no trip of its own to the writer thread):
    its result is the lease's epoch, or None as ``Leases.acquire`` says."""

    row: TableRow
    leases: Leases


class Conflict(Exception):
    """The database already holds action ``n`` of the table: someone else wrote the table's
    log (a second server, a hand edit), and the table in memory is behind it."""

    def __init__(self, table_id: str, n: int) -> None:
        super().__init__(f"action {n} of table {table_id} is already stored")
        self.table_id = table_id
        self.n = n


class GroupCommit:
    """The writes of one server's database, on one raw DB-API connection that only the writer
    thread uses: actions and small row changes queued by the event loop are committed a batch
    at a time (``write_batch``). ``Store`` adds the reads and the rest of its API."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._mark = "?" if self.engine.dialect.name == "sqlite" else "%s"
        """The DB-API parameter mark of the writer's own statements (sqlite3's or psycopg's)."""
        self._queue: asyncio.Queue[tuple[Write | Chore | NewTable, asyncio.Future[Any]] | None] | None = None
        self._raw: Any = None
        self._thread = WriterThread("backroom-writer")
        self._writer: asyncio.Task[None] | None = None
        self._crowded = False
        """Whether the latest group commit held more than one item (``GATHER_SECONDS``)."""

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

    def write_batch(self, writes: Sequence[Write], chores: Sequence[Chore | NewTable] = ()) -> list[Any]:
        """Store several actions in one transaction, with ``chores`` beside them; per write,
        then per chore, None (committed; a ``NewTable``: its lease's epoch) or why the
        database refused it (``Conflict`` when an action's place in the log is taken,
        ``Fenced`` when the table's lease moved past the write's epoch).

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

    def _do(self, cursor: Any, chore: Chore | NewTable) -> int | Fenced | None:
        """``chore`` in the transaction ``cursor`` holds; its result. A fenced chore changed
        nothing, so the batch commits all the same, and only its caller hears ``Fenced``."""
        if isinstance(chore, NewTable):
            return self._create(cursor, chore)
        cursor.execute(self.native(chore.sql), chore.params)
        return chore.outcome(cursor.rowcount)

    def native(self, sql: str) -> str:
        """``sql`` with its ``?`` marks as the driver takes them (``%s`` on PostgreSQL)."""
        return sql.replace("?", self._mark)

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

    async def on_writer(self, work: Callable[..., T], *args: Any) -> T:
        """``work(*args)`` on the writer thread: SQLite takes one writer at a time, and a second
        thread's transaction would make the actions' group commit wait for its lock."""
        result: T = await self._thread.call(work, *args)
        return result

    async def acreate_leased(self, row: TableRow, leases: Leases) -> int | None:
        """``create_leased``, committed with the next group of actions (``NewTable``): a new
        table costs no transaction of its own."""
        try:
            epoch: int | None = await self._commit(NewTable(row, leases))
        except Exception as exc:
            raise self._as_dbapi_error(exc, row) from exc
        return epoch

    def awrite(self, write: Write) -> Awaitable[None]:
        """Store one action: awaited, returns once it is committed (raises if the commit failed).
        ``_commit`` itself, not a coroutine awaiting it: every move's wait for its commit passes
        through one frame less, twice."""
        return self._commit(write)

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
            if self._crowded and first is not None:
                await asyncio.sleep(GATHER_SECONDS)
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
            self._crowded = len(batch) > 1
            writes: list[Write] = []
            chores: list[Chore | NewTable] = []
            futures: list[asyncio.Future[Any]] = []
            later: list[asyncio.Future[Any]] = []
            for work, future in batch:  # one pass, not four comprehensions (a function each)
                if isinstance(work, Write):
                    writes.append(work)
                    futures.append(future)
                else:
                    chores.append(work)
                    later.append(future)
            futures += later  # the results come writes first, then chores
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
