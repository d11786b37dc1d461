"""Durable storage of tables: SQLAlchemy Core over SQLite (the default) or PostgreSQL.

A table is event-sourced: its game, options, seed and seats, plus the ordered log of actions
(the format of ``backroom.engine.record.Record``) and occasional snapshots (``state.to_json``)
so that a long log need not be replayed from the deal. Nothing else is stored: the state is
always the replay of the log.

Writes are grouped: every action waiting to be stored, from every table, goes into one
transaction (one fsync), which is how a single SQLite file keeps up with hundreds of tables.
An action is acknowledged only after its transaction has committed.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import (
    BigInteger,
    Column,
    Engine,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.engine import make_url

from backroom.server.settings import normalize_url

MAX_BATCH = 500
"""Actions per transaction: five bound values each stays far below SQLite's variable limit."""

SNAPSHOT_EVERY = 100
"""Actions between snapshots: a reload replays at most this many actions per table."""

metadata = MetaData()

tables_t = Table(
    "backroom_tables",
    metadata,
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
)

seats_t = Table(
    "backroom_seats",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),
    Column("bot", String(32), nullable=True),
    Column("name", String(64), nullable=True),
    Column("token_hash", String(64), nullable=True, index=True),
)

actions_t = Table(
    "backroom_actions",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("n", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", Text, nullable=False),
    Column("client_id", String(64), nullable=True),
)

snapshots_t = Table(
    "backroom_snapshots",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("n", Integer, primary_key=True),
    Column("state", Text, nullable=False),
)


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


@dataclass(slots=True)
class SeatRow:
    seat: int
    kind: str
    bot: str | None
    name: str | None
    token_hash: str | None


@dataclass(slots=True)
class TableRow:
    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    rules_version: int
    bot_delay: float
    turn_timer: int | None
    created: float
    status: str
    outcome: dict[str, Any] | None
    seats: list[SeatRow] = field(default_factory=list)


@dataclass(slots=True)
class ActionRow:
    n: int
    seat: int
    action: list[Any]
    client_id: str | None


@dataclass(slots=True)
class Write:
    """One action to store, with what changes beside it (a snapshot, the end of the game)."""

    table_id: str
    n: int
    seat: int
    action: list[Any]
    client_id: str | None
    snapshot: dict[str, Any] | None = None
    outcome: dict[str, Any] | None = None


class Store:
    """The database of one server. Methods whose names start with ``a`` are awaitable and never
    block the event loop (the work runs in a thread)."""

    def __init__(self, url: str) -> None:
        self.url = normalize_url(url)
        self.engine = make_engine(self.url)
        metadata.create_all(self.engine)
        self._queue: asyncio.Queue[tuple[Write, asyncio.Future[None]] | None] | None = None
        self._raw: Any = None
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="backroom-writer")
        self._writer: asyncio.Task[None] | None = None

    # -- synchronous primitives (run in threads by the async wrappers, or directly by tools)

    def create_table(self, row: TableRow) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                insert(tables_t).values(
                    id=row.id,
                    game=row.game,
                    players=row.players,
                    options=json.dumps(row.options),
                    seed=row.seed,
                    rules_version=row.rules_version,
                    bot_delay=row.bot_delay,
                    turn_timer=row.turn_timer,
                    created=row.created,
                    status=row.status,
                    outcome=None,
                )
            )
            conn.execute(
                insert(seats_t),
                [
                    {
                        "table_id": row.id,
                        "seat": s.seat,
                        "kind": s.kind,
                        "bot": s.bot,
                        "name": s.name,
                        "token_hash": s.token_hash,
                    }
                    for s in row.seats
                ],
            )

    def load_table(
        self, table_id: str
    ) -> tuple[TableRow, dict[str, Any] | None, int, list[ActionRow]] | None:
        """The table, its latest snapshot (or None) and the snapshot's action count, and the
        actions after it; the client ids of every action come back too (duplicate checks)."""
        with self.engine.connect() as conn:
            found = conn.execute(select(tables_t).where(tables_t.c.id == table_id)).first()
            if found is None:
                return None
            row = _table_row(found)
            row.seats = [
                SeatRow(s.seat, s.kind, s.bot, s.name, s.token_hash)
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
            actions = [
                ActionRow(a.n, a.seat, json.loads(a.action), a.client_id)
                for a in conn.execute(
                    select(actions_t).where(actions_t.c.table_id == table_id).order_by(actions_t.c.n)
                )
            ]
        if snap is None:
            return row, None, 0, actions
        return row, json.loads(snap.state), int(snap.n), actions

    def table_ids(self, status: str | None = None) -> list[str]:
        query = select(tables_t.c.id).order_by(tables_t.c.created)
        if status is not None:
            query = query.where(tables_t.c.status == status)
        with self.engine.connect() as conn:
            return [r.id for r in conn.execute(query)]

    def list_tables(self, limit: int, status: str | None = None) -> list[TableRow]:
        """The newest ``limit`` tables, only those of ``status`` if given, seats included."""
        query = select(tables_t).order_by(tables_t.c.created.desc()).limit(limit)
        if status is not None:
            query = query.where(tables_t.c.status == status)
        with self.engine.connect() as conn:
            rows = [_table_row(r) for r in conn.execute(query)]
            if not rows:
                return rows
            by_id = {r.id: r for r in rows}
            for s in conn.execute(select(seats_t).where(seats_t.c.table_id.in_(list(by_id)))):
                by_id[s.table_id].seats.append(SeatRow(s.seat, s.kind, s.bot, s.name, s.token_hash))
        for r in rows:
            r.seats.sort(key=lambda s: s.seat)
        return rows

    def write_batch(self, writes: Sequence[Write]) -> None:
        """Store several actions in one transaction: all of them or none.

        Runs on the single writer thread, on one raw DB-API connection, with one multi-row
        INSERT. The driver releases the GIL at every statement step, and a writer thread that
        must win the GIL back from a busy event loop once per row (``executemany``, or
        SQLAlchemy compiling a statement per batch size) waits milliseconds each time: with
        hundreds of tables that made commits take a second."""
        if self._raw is None:
            self._raw = self.engine.raw_connection()
        conn = self._raw
        mark = "?" if self.engine.dialect.name == "sqlite" else "%s"
        values: list[Any] = []
        for w in writes:
            values += [w.table_id, w.n, w.seat, json.dumps(w.action), w.client_id]
        row = "(" + ",".join([mark] * 5) + ")"
        try:
            cursor = conn.cursor()
            cursor.execute(
                "INSERT INTO backroom_actions (table_id, n, seat, action, client_id) VALUES "
                + ",".join([row] * len(writes)),
                values,
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
            cursor.close()
            conn.commit()
        except Exception:
            try:
                conn.rollback()
            except Exception:
                # The connection itself is broken: drop it and open a new one next time.
                self._raw = None
            raise

    def rotate_token(self, table_id: str, seat: int, token_hash: str) -> None:
        """Replace a seat's token: the old invite link opens nothing any more."""
        with self.engine.begin() as conn:
            conn.execute(
                update(seats_t)
                .where(seats_t.c.table_id == table_id, seats_t.c.seat == seat)
                .values(token_hash=token_hash)
            )

    def seat_to_bot(self, table_id: str, seat: int) -> None:
        """A seat nobody came to is played by the table's bot from now on; its link opens nothing."""
        with self.engine.begin() as conn:
            conn.execute(
                update(seats_t)
                .where(seats_t.c.table_id == table_id, seats_t.c.seat == seat)
                .values(kind="bot", bot=None, token_hash=None)
            )

    # -- the grouped writer

    async def acreate_table(self, row: TableRow) -> None:
        """Store a new table on the writer thread: SQLite takes one writer at a time, and a
        second thread's transaction would make the actions' group commit wait for its lock."""
        await asyncio.get_running_loop().run_in_executor(self._thread, self.create_table, row)

    async def arotate_token(self, table_id: str, seat: int, token_hash: str) -> None:
        """``rotate_token`` on the writer thread, for the same reason as ``acreate_table``."""
        await asyncio.get_running_loop().run_in_executor(
            self._thread, self.rotate_token, table_id, seat, token_hash
        )

    async def aseat_to_bot(self, table_id: str, seat: int) -> None:
        """``seat_to_bot`` on the writer thread, for the same reason as ``acreate_table``."""
        await asyncio.get_running_loop().run_in_executor(self._thread, self.seat_to_bot, table_id, seat)

    async def awrite(self, write: Write) -> None:
        """Store one action; returns once it is committed (raises if the commit failed)."""
        if self._queue is None:
            self._queue = asyncio.Queue()
            self._writer = asyncio.create_task(self._write_loop())
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        await self._queue.put((write, future))
        await future

    async def _write_loop(self) -> None:
        assert self._queue is not None
        loop = asyncio.get_running_loop()
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
            try:
                await loop.run_in_executor(self._thread, self.write_batch, [w for w, _ in batch])
            except Exception:
                # One bad row must not sink the others: retry each alone, so every waiter
                # learns exactly whether its own action was stored.
                for write, future in batch:
                    try:
                        await loop.run_in_executor(self._thread, self.write_batch, [write])
                    except Exception as exc:
                        if not future.done():
                            future.set_exception(exc)
                    else:
                        if not future.done():
                            future.set_result(None)
            else:
                for _, future in batch:
                    if not future.done():
                        future.set_result(None)

    async def aclose(self) -> None:
        """Finish the writes already queued, then release the database."""
        if self._writer is not None and self._queue is not None:
            await self._queue.put(None)
            await self._writer
            self._writer = None
            self._queue = None
        self._thread.submit(self._close_raw).result()
        self._thread.shutdown()
        self.engine.dispose()

    def _close_raw(self) -> None:
        if self._raw is not None:
            self._raw.close()
            self._raw = None


def _table_row(r: Any) -> TableRow:
    return TableRow(
        id=r.id,
        game=r.game,
        players=r.players,
        options=json.loads(r.options),
        seed=int(r.seed),
        rules_version=r.rules_version,
        bot_delay=float(r.bot_delay),
        turn_timer=r.turn_timer,
        created=float(r.created),
        status=r.status,
        outcome=json.loads(r.outcome) if r.outcome else None,
    )
