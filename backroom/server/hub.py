"""The tables of one server process: loaded from the store on first use, unloaded when idle,
quarantined when their stored log is not what was written, created, listed and expired."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

from backroom.engine.errors import EngineError
from backroom.engine.events import Event
from backroom.engine.game import Game
from backroom.engine.record import Record
from backroom.games import get_game
from backroom.server import sleeping, upkeep
from backroom.server.audience import FLIPS_BURST, FLIPS_EVERY
from backroom.server.chain import Damaged
from backroom.server.connections import Admission, Buckets
from backroom.server.leases import LEASE_SECONDS, Leases, new_owner
from backroom.server.live import LiveTable
from backroom.server.replay import Replays
from backroom.server.rows import TableRow
from backroom.server.settings import (
    DEFAULT_LIMITS,
    EXPIRE_UNPLAYED,
    RATE,
    SEARCH_ITERATIONS,
    SEARCH_WORKERS,
    TABLES_PER_MINUTE,
    Limits,
)
from backroom.server.store import SNAPSHOT_EVERY, Store
from backroom.server.thinking import Thinker
from backroom.server.trouble import WriteTrouble

log = logging.getLogger("backroom.server")

IDLE_UNLOAD = 600.0
"""Seconds a table in play may sit with nobody connected and nothing due (no bot to move, no
turn timer running) before it leaves memory; its log stays in the database and the next
visitor loads it again. Memory then holds the tables being played, not every table begun."""


class Hub:
    """Every table this server process holds, loaded from the store on first use."""

    def __init__(
        self,
        store: Store,
        *,
        rate: float = RATE,
        snapshot_every: int = SNAPSHOT_EVERY,
        idle_unload: float = IDLE_UNLOAD,
        tables_per_minute: float = TABLES_PER_MINUTE,
        expire_unplayed: float | None = EXPIRE_UNPLAYED,
        search_workers: int = SEARCH_WORKERS,
        search_iterations: int | None = SEARCH_ITERATIONS,
        limits: Limits = DEFAULT_LIMITS,
        lease_seconds: float = LEASE_SECONDS,
        exclusive: bool = True,
    ) -> None:
        self.store = store
        self.leases = Leases(store.engine, new_owner(), lease_seconds, steal=exclusive)
        """This process's leases on its tables (``exclusive``: it holds the whole database,
        so a lease still running can only be a dead process's, and is taken at once)."""
        self.lease_trouble = WriteTrouble("the leases")
        self.peer_alive: Callable[[str], Awaitable[bool]] | None = None
        """Whether another worker is alive (``cluster.py``), where there are others: a dead
        one's tables are taken at once, without waiting for their leases to run out."""
        self.thinker = Thinker(search_workers)
        self.search_iterations = search_iterations
        self.expire_unplayed = expire_unplayed
        """Seconds after creation that a table nobody played is deleted (None: never)."""
        self.rate = rate
        self.tables_per_minute = tables_per_minute
        self._creators = Buckets(tables_per_minute)
        self.flips = Buckets(60 / FLIPS_EVERY, burst=FLIPS_BURST)
        """Each table's allowance of visibility changes (``audience.set_hidden``), by id: kept
        here, not with the table, which leaves memory and comes back (a finished one after
        every request) and would bring a whole allowance each time."""
        self.limits = limits
        self.admission = Admission(limits)
        self.snapshot_every = snapshot_every
        self.idle_unload = idle_unload
        self.tables: dict[str, LiveTable] = {}
        self.replays = Replays(self)
        self.lobby_trouble = WriteTrouble("the lobby")
        """Database failures of HTTP requests (answered 503), logged at most once a minute."""
        self.sleep_trouble = WriteTrouble("tables asleep")
        """Database failures of putting tables to sleep and waking them (``sleeping.py``)."""
        self.damaged: dict[str, str] = {}
        """Quarantined tables and why: their logs are not what was written, so they are not
        played (nor their bots driven) until the database is repaired and the server restarted."""
        self._loading: dict[str, asyncio.Lock] = {}
        self._sweeper: asyncio.Task[None] | None = None
        self._upkeep: asyncio.Task[None] | None = None
        self._renewer: asyncio.Task[None] | None = None
        self._waker: asyncio.Task[None] | None = None
        self._releases: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        """Start answering at once: tables stay in the database until asked for. In the
        background, upkeep.py expires the tables nobody played and brings back those whose
        bots or timers have work to do."""
        self._sweeper = asyncio.create_task(self._sweep(), name="idle-tables")
        self._upkeep = asyncio.create_task(upkeep.run(self), name="upkeep")
        self._renewer = asyncio.create_task(self._renew(), name="leases")
        self._waker = asyncio.create_task(upkeep.wake(self), name="wake")

    async def resume(self, table_id: str) -> bool:
        """Load a table whose bots or timers may have work; whether it stays (it has some)."""
        table = await self.get(table_id)
        if table is not None and table.auto.dormant():
            await self._unload(table)
            return False
        return table is not None

    @contextlib.asynccontextmanager
    async def held(self, table_id: str) -> AsyncIterator[bool]:
        """Keep ``table_id`` out of memory while the caller changes its rows (upkeep.py): a
        request for it waits meanwhile. Yields False, and changes nothing, for a table in
        memory and in use (someone connected, or work due)."""
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        try:  # the lock goes whatever happens inside, or each failed id would stay for good
            async with lock:
                table = self.tables.get(table_id)
                if table is not None:
                    await self._unload(table)
                yield table_id not in self.tables
        finally:
            self._drop_lock(table_id, lock)

    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(max(0.05, self.idle_unload / 4))
            now = time.monotonic()
            for table in list(self.tables.values()):
                if table.row.clocks is not None:  # its row still asks to be woken: tell it first
                    await self._awake(table)
                    continue
                if now - table.active_at < self.idle_unload:
                    continue
                if table.auto.dormant():
                    await self._unload(table)
                elif table.auto.sleeps_until(self.idle_unload) is not None:
                    await self._sleep(table)

    async def _renew(self) -> None:
        """Renew the leases of the tables in memory; a table whose lease another worker took
        (this one was paused, or its database unreachable, past the lease) leaves memory."""
        while True:
            await asyncio.sleep(self.leases.seconds / 3)
            held = dict(self.tables)
            try:
                kept = await self.store.on_writer(self.leases.renew, list(held))
            except Exception as exc:  # the fence keeps the tables safe meanwhile
                self.lease_trouble.failed(exc)
                continue
            self.lease_trouble.succeeded()
            for table_id, table in held.items():
                if table_id not in kept and self.tables.get(table_id) is table:
                    table.moved()

    async def _unload(self, table: LiveTable) -> None:
        async with table.lock:
            if not table.auto.dormant() or table.row.clocks is not None:
                return
            table.unloaded = True
            self.forget(table)
        await table.stop()

    async def _sleep(self, table: LiveTable) -> None:
        """Unload a table whose only work is a timer far off, its clocks kept in its row
        (``sleeping.py``); if the row cannot be written, it stays in memory until it can."""
        async with table.lock:
            wake = table.auto.sleeps_until(self.idle_unload)
            if wake is None:
                return
            try:
                where = (self.store.engine, table.row.id, table.epoch, self.leases.owner)
                slept = await self.store.on_writer(
                    sleeping.put_to_sleep, *where, wake, sleeping.clocks(table)
                )
            except Exception as exc:
                self.sleep_trouble.failed(exc)
                return
            self.sleep_trouble.succeeded()
            if not slept:  # another worker holds it now: ``_renew`` lets it go
                return
            table.unloaded = True
            self.forget(table)
        await table.stop()

    async def stop(self) -> None:
        for task in (self._sweeper, self._upkeep, self._renewer, self._waker):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        for table in list(self.tables.values()):
            await table.stop()
        await asyncio.gather(*self._releases)
        with contextlib.suppress(Exception):  # the leases run out by themselves all the same
            await self.store.on_writer(self.leases.release_all)
        self.thinker.close()
        await self.store.aclose()

    async def create(self, row: TableRow) -> LiveTable:
        game = get_game(row.game)
        state, events = game.start(row.players, row.options, row.seed)
        # Held as a load is: upkeep may find the new row (it has bots) before it is in memory,
        # and must wait for it rather than load a second copy that takes the lease from it.
        try:
            async with self._loading.setdefault(row.id, asyncio.Lock()):
                # Stored and leased with the next group commit: no transaction, fsync or trip
                # to the writer thread of its own.
                epoch = await self.store.acreate_leased(row, self.leases)
                if epoch is None:
                    raise RuntimeError(f"table {row.id} was taken by another worker as it was created")
                table = LiveTable(self, row, game, state, 0, epoch)
                table.remember(events)
                self.tables[row.id] = table
                table.start()
        finally:
            self._loading.pop(row.id, None)
        return table

    def may_create(self, address: str) -> bool:
        """Whether ``address`` may create a table now (its bucket refills continuously)."""
        return self._creators.take(address)

    def release(self, table: LiveTable) -> None:
        """Forget a finished table nobody watches: its log is in the database, and memory
        should hold only the tables in play."""
        if table.is_over and not table.conns:
            self.forget(table)

    def forget(self, table: LiveTable) -> None:
        """Take the table out of memory and let its lease go, so another worker may take it
        at once."""
        if self.tables.get(table.row.id) is table:
            del self.tables[table.row.id]
            release = asyncio.create_task(self._release(table.row.id, table.epoch))
            self._releases.add(release)
            release.add_done_callback(self._releases.discard)

    async def _release(self, table_id: str, epoch: int) -> None:
        try:
            await self.store.arelease_lease(table_id, self.leases.owner, epoch)
        except Exception as exc:  # it runs out by itself
            self.lease_trouble.failed(exc)

    async def list_rows(
        self, limit: int, status: str | None = None, before: tuple[float, str] | None = None
    ) -> list[TableRow]:
        return await asyncio.to_thread(self.store.list_tables, limit, status, before)

    async def record(self, table_id: str, *, other_rules: bool = False) -> Record | None:
        """The table's whole game record, as stored (only ever handed out once the game is
        over). ``other_rules``: only that of a finished table stored under another rules
        version of its game, which is never loaded (its actions would replay into another
        game), but whose record is still its players'."""
        loaded = await asyncio.to_thread(self.store.load_table, table_id)
        if loaded is None:
            return None
        row, _, _, actions = loaded
        if other_rules and (row.status != "over" or row.rules_version == _rules_version(row.game)):
            return None
        return Record(
            game=row.game,
            players=row.players,
            options=row.options,
            seed=row.seed,
            rules_version=row.rules_version,
            actions=[(a.seat, tuple(a.action)) for a in actions],
            names=[s.name or "" for s in row.seats],
            bots=[s.bot or "" for s in row.seats],
        )

    async def get(self, table_id: str) -> LiveTable | None:
        table = self.tables.get(table_id)
        if table is not None:
            return table
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        try:  # a database that fails to answer must not leave a lock behind for each id asked
            async with lock:
                table = self.tables.get(table_id)
                if table is None:
                    table = await self.read(table_id)
                    if table is not None:
                        self.tables[table_id] = table
                        table.start()
        finally:
            self._drop_lock(table_id, lock)
        return table

    def _drop_lock(self, table_id: str, lock: asyncio.Lock) -> None:
        """Forget ``table_id``'s loading lock once its holder is done, but not while another
        holds it: a caller cancelled as it waited must not let a third in beside the holder."""
        if self._loading.get(table_id) is lock and not lock.locked():
            del self._loading[table_id]

    async def read(self, table_id: str) -> LiveTable | None:
        """The table as its stored log makes it (not yet started), or None: no such table, one
        played under other rules, or one quarantined now or before (``damaged``)."""
        if len(table_id) > 32 or table_id in self.damaged:
            return None
        # The lease first: every write of an earlier owner is then in the log read, or fenced.
        epoch = await self.store.on_writer(self.leases.acquire, table_id)
        if epoch is None and self.peer_alive is not None:
            holder = await asyncio.to_thread(self.leases.holder, table_id)
            if holder is not None and not await self.peer_alive(holder):
                epoch = await self.store.on_writer(self.leases.acquire, table_id, holder)
        if epoch is None:
            log.debug("table %s is held by another worker", table_id)
            return None
        try:  # a database that fails to answer is no verdict on the table: that error propagates
            loaded = await asyncio.to_thread(self.store.load_table, table_id)
        except Damaged as damaged:
            self._quarantine(damaged)
            return None
        if loaded is None:  # no such table: its lease goes too
            await self.store.on_writer(self.leases.forget, table_id, epoch)
            return None
        row, snapshot, snap_n, actions = loaded
        try:
            game = get_game(row.game)
            if row.rules_version != game.rules_version:
                log.warning("table %s was played under other rules; not loaded", table_id)
                return None
            table = await asyncio.to_thread(_rebuild, self, row, game, snapshot, snap_n, actions, epoch)
        except Damaged as damaged:
            self._quarantine(damaged)
            return None
        except Exception as exc:
            self._quarantine(Damaged(table_id, "no_load", {"error": f"{type(exc).__name__}: {exc}"}))
            return None
        if row.clocks is not None:  # it slept: its clocks back as they were
            sleeping.restore(table, row.clocks)
            await self._awake(table)
        return table

    async def _awake(self, table: LiveTable) -> None:
        """The row of a table that slept no longer asks to be woken. If that write fails,
        ``table.row.clocks`` stays set: the sweep tries again, and the table does not leave
        memory until it succeeds (a later load would otherwise put clocks of the past back)."""
        try:
            await self.store.on_writer(sleeping.woken, self.store.engine, table.row.id)
        except Exception as exc:
            self.sleep_trouble.failed(exc)
            return
        table.row.clocks = None

    def _quarantine(self, damaged: Damaged) -> None:
        reason = damaged.text("en")
        self.damaged[damaged.table_id] = reason
        log.error("table %s is quarantined: %s", damaged.table_id, reason)


def _rebuild(
    hub: Hub,
    row: TableRow,
    game: Game,
    snapshot: dict[str, Any] | None,
    snap_n: int,
    actions: list[Any],
    epoch: int,
) -> LiveTable:
    """The table's state: the latest snapshot, then every action after it, in order."""
    steps: list[list[Event]] = []
    state = None
    if snapshot is not None:
        try:
            state = game.state_from_json(snapshot)
        except ValueError as exc:
            # A snapshot only caches the log: one an older version of the game's code wrote (a
            # field added since, like Politburó's window facts) is passed by, from the deal.
            log.warning("table %s: snapshot %d not used (%s); replaying from the deal", row.id, snap_n, exc)
            snap_n = 0
    if state is None:
        state, events = game.start(row.players, row.options, row.seed)
        steps.append(events)
    version = snap_n
    for a in actions:
        if a.n <= snap_n:
            continue
        try:
            steps.append(state.apply(a.seat, tuple(a.action)))
        except Exception as exc:
            raise Damaged(row.id, "no_replay", {"n": a.n, "error": f"{type(exc).__name__}: {exc}"}) from None
        version = a.n
    table = LiveTable(hub, row, game, state, version, epoch)
    for events in steps:  # one action at a time, so the table knows which events are the latest
        table.remember(events)
    # Who was sent what died with the old process: count everything before the latest action
    # as seen, so a restart never shows a person again what they had to remember.
    table.delivered = [table.latest_events - 1] * row.players
    table.client_ids = {(a.seat, a.client_id) for a in actions if a.client_id is not None}
    return table


def _rules_version(game_id: str) -> int | None:
    """This release's rules version of ``game_id``; None for a game it no longer has."""
    try:
        return get_game(game_id).rules_version
    except EngineError:
        return None
