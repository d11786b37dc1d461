"""Leases with fencing (issue 18, section 1): a table is owned by one worker at a time, and a
worker that lost its lease can never commit to the table's log, however late its write comes.
On SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import itertools
import json
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from backroom.games import get_game
from backroom.server import protocol
from backroom.server.chain import GENESIS, link
from backroom.server.hub import Hub
from backroom.server.leases import ONE_ROW_TABLES, Fenced, Leases, fenced
from backroom.server.messages import Conn, Refused
from backroom.server.rows import SeatRow, TableRow, Write
from backroom.server.store import Store
from backroom.server.unplayed import delete_unplayed


def table(table_id: str) -> TableRow:
    row = TableRow(table_id, "stool-pigeon", 2, {}, 1, 1, 0.0, None, time.time(), "playing", None)
    row.seats = [SeatRow(seat, "agent", None, None, None) for seat in (0, 1)]
    return row


class Log:
    """Writes that chain one after the other, as a table's owner makes them."""

    def __init__(self, table_id: str) -> None:
        self.table_id = table_id
        self.head = GENESIS
        self.n = 0

    def next(self, epoch: int | None) -> Write:
        text = json.dumps(["draw"])
        n = self.n + 1
        return Write(
            self.table_id, n, 0, text, None, link(self.head, self.table_id, n, 0, text, None), epoch=epoch
        )

    def stored(self, write: Write) -> None:
        self.head, self.n = write.chain, write.n


def stored_count(store: Store, table_id: str) -> int:
    loaded = store.load_table(table_id)
    assert loaded is not None
    return len(loaded[3])


def test_a_stale_owners_commit_is_refused(store: Store) -> None:
    store.create_table(table("t"))
    first, second = Leases(store.engine, "first"), Leases(store.engine, "second", steal=True)
    log = Log("t")
    epoch = first.acquire("t")
    assert epoch == 1
    one = log.next(epoch)
    assert store.write_batch([one]) == [None]
    log.stored(one)
    assert second.acquire("t") == 2  # taken over (a restarted single server steals)
    late = log.next(epoch)
    [refused] = store.write_batch([late])
    assert isinstance(refused, Fenced) and (refused.table_id, refused.epoch) == ("t", 1)
    assert stored_count(store, "t") == 1  # nothing of the stale write
    assert store.write_batch([log.next(2)]) == [None]  # the new owner writes that same place
    assert stored_count(store, "t") == 2


def test_a_fenced_write_fails_alone_in_its_group_commit(store: Store) -> None:
    for name in ("t", "u"):
        store.create_table(table(name))
    owner = Leases(store.engine, "owner")
    taken, kept = owner.acquire("t"), owner.acquire("u")
    assert taken is not None and kept is not None
    Leases(store.engine, "thief", steal=True).acquire("t")
    stale, good = Log("t").next(taken), Log("u").next(kept)
    results = store.write_batch([stale, good])
    assert isinstance(results[0], Fenced) and results[1] is None
    assert (stored_count(store, "t"), stored_count(store, "u")) == (0, 1)


def test_a_running_lease_is_not_taken_and_an_expired_one_is(store: Store) -> None:
    store.create_table(table("t"))
    first = Leases(store.engine, "first", seconds=0.5)
    second = Leases(store.engine, "second", seconds=0.5)
    assert first.acquire("t") == 1
    assert second.acquire("t") is None  # still running: the first keeps the table
    assert second.holder("t") == "first"
    assert first.renew(["t"]) == {"t"}
    time.sleep(0.7)  # the first stops renewing (it died, or froze)
    assert second.holder("t") is None
    assert second.acquire("t") == 2
    assert first.renew(["t"]) == set()  # it learns it lost the table
    assert second.renew(["t"]) == {"t"}
    second.release("t", 2)  # let go at once: anyone may take it, at a higher epoch still
    assert first.acquire("t") == 3


def test_a_release_with_an_old_epoch_leaves_the_new_lease_alone(store: Store) -> None:
    store.create_table(table("t"))
    owner = Leases(store.engine, "owner")
    assert owner.acquire("t") == 1
    assert owner.acquire("t") == 2  # the table was loaded again in the same process
    owner.release("t", 1)  # the first load's late release
    assert Leases(store.engine, "other").acquire("t") is None


def test_a_worker_that_lost_its_table_is_refused_and_lets_it_go(url: str) -> None:
    asyncio.run(lost_table(url))


async def lost_table(url: str) -> None:
    """Two workers on one database: the first owns a table it created, then freezes (stops
    renewing) past its lease; the second takes the table over. The first's next move is refused
    with ``table_moved``, commits nothing, and its table and connections leave it."""
    first = Hub(Store(url), lease_seconds=0.5, exclusive=False)
    second = Hub(Store(url), lease_seconds=0.5, exclusive=False)
    try:
        row = table("moving")
        game = get_game(row.game)
        row.options, row.rules_version = game.resolve_options({}), game.rules_version
        mine = await first.create(row)
        assert await second.get(row.id) is None  # the first holds it
        conn = Conn(0, "en")
        assert await mine.join(conn)
        await asyncio.sleep(0.7)  # the first never renewed (its renewer was never started)
        taken = await second.get(row.id)
        assert taken is not None and taken.epoch == mine.epoch + 1
        seat = mine.state.actors()[0]
        action = mine.state.legal_actions(seat)[0]
        with pytest.raises(Refused) as refused:
            await mine.submit(seat, action, mine.version, None, reply=conn)
        assert refused.value.code == "table_moved"
        assert row.id not in first.tables and mine.unloaded and conn.closed
        assert any('"code":"table_moved"' in text for text in conn.outbox._items)
        assert await taken.submit(seat, action, taken.version, None) == 1
        assert stored_count(second.store, row.id) == 1  # the second's move, and only it
    finally:
        await first.stop()
        await second.stop()


Step = tuple[str, int]


@pytest.fixture(scope="module")
def shared_store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    """One SQLite store for every example of the property (each takes a fresh table)."""
    opened = Store(f"sqlite:///{tmp_path_factory.mktemp('leases') / 'property.db'}")
    yield opened
    opened._close_raw()
    opened.engine.dispose()


COUNTER = itertools.count()


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.sampled_from(["acquire", "write"]), st.integers(0, 2)), min_size=1, max_size=12))
def test_only_the_latest_epochs_writes_are_ever_stored(shared_store: Store, steps: list[Step]) -> None:
    """Three workers take a table from one another (stealing, as after a crash) and write to
    it in any order: a write commits exactly when its writer holds the table's latest epoch,
    and the log holds exactly the committed writes."""
    store = shared_store
    table_id = f"p{next(COUNTER)}"
    store.create_table(table(table_id))
    workers = [Leases(store.engine, f"w{i}", steal=True) for i in range(3)]
    held: list[int | None] = [None, None, None]
    latest = 0
    log = Log(table_id)
    for kind, who in steps:
        if kind == "acquire":
            epoch = workers[who].acquire(table_id)
            assert epoch == latest + 1
            held[who] = latest = epoch
        elif held[who] is not None:
            write = log.next(held[who])
            [result] = store.write_batch([write])
            if held[who] == latest:
                assert result is None
                log.stored(write)
            else:
                assert isinstance(result, Fenced)
    assert stored_count(store, table_id) == log.n


class Socket:
    """What ``_refuse_missing`` says on a socket, and how it closes it."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.closed: int | None = None

    async def send_text(self, text: str) -> None:
        self.sent.append(text)

    async def close(self, code: int) -> None:
        self.closed = code


def test_a_table_taken_by_another_worker_meanwhile_is_moved_not_unknown(url: str) -> None:
    """A socket's worker found nobody holding the table, but another worker took it before this
    one could: the client is told to come back (``table_moved``, 1012), where it is served
    through the new owner, never that the table does not exist."""

    async def scenario() -> None:
        owner = Hub(Store(url), exclusive=False)
        late = Hub(Store(url), exclusive=False)

        async def alive(worker: str) -> bool:
            return True

        late.peer_alive = alive
        try:
            row = table("taken")
            game = get_game(row.game)
            row.options, row.rules_version = game.resolve_options({}), game.rules_version
            await owner.create(row)
            assert await late.get(row.id) is None
            socket = Socket()
            await protocol._refuse_missing(socket, late, "en", row.id)  # type: ignore[arg-type]
            assert socket.closed == protocol.CLOSE_RESTART and '"code":"table_moved"' in socket.sent[0]
            nowhere = Socket()
            await protocol._refuse_missing(nowhere, late, "en", "no-such-table")  # type: ignore[arg-type]
            assert nowhere.closed == protocol.CLOSE_UNKNOWN_TABLE
        finally:
            await owner.stop()
            await late.stop()

    asyncio.run(scenario())


def test_an_unplayed_table_another_worker_holds_is_not_expired(store: Store) -> None:
    """Someone may sit at it on that worker: expiry waits until no other worker holds it."""
    row = table("quiet")
    row.created = time.time() - 100
    store.create_table(row)
    Leases(store.engine, "other").acquire("quiet")
    assert delete_unplayed(store.engine, ["quiet"], time.time(), worker="me") == 0
    assert delete_unplayed(store.engine, ["quiet"], time.time(), worker="other") == 1  # its own: it went
    assert store.load_table("quiet") is None


def test_a_new_table_stored_with_its_lease_in_one_transaction_is_stored_as_before(store: Store) -> None:
    """``create_leased`` (the writer's own connection, one commit) writes the rows, value for
    value and type for type, that ``create_table`` and ``Leases.acquire`` write."""
    rows = {}
    for name in ("apart", "together"):
        row = table(name)
        row.created = 1795799730.3716202
        row.options, row.timers, row.seeded, row.bot_delay, row.turn_timer = {"b": [1]}, {"w": 9}, True, 0, 30
        row.seats[1] = SeatRow(1, "bot", "random", "Ana ✓", "ab" * 32, joined=True)
        rows[name] = row
    store.create_table(rows["apart"])
    assert Leases(store.engine, "me").acquire("apart") == 1
    assert store.create_leased(rows["together"], Leases(store.engine, "me")) == 1
    with store.engine.begin() as conn:
        held = {
            r[0]: r[1:3] for r in conn.exec_driver_sql("SELECT table_id, owner, epoch FROM backroom_leases")
        }
        tables = {r[0]: tuple(r[1:]) for r in conn.exec_driver_sql("SELECT * FROM backroom_tables")}
        seats = {(r[0], r[1]): tuple(r[1:]) for r in conn.exec_driver_sql("SELECT * FROM backroom_seats")}
    assert held["apart"] == held["together"] == ("me", 1)
    assert tables["apart"] == tables["together"]
    assert [type(v) for v in tables["apart"]] == [type(v) for v in tables["together"]]
    for seat in (0, 1):
        assert seats["apart", seat] == seats["together", seat]
        assert [type(v) for v in seats["apart", seat]] == [type(v) for v in seats["together", seat]]
    loaded = store.load_table("together")
    assert loaded is not None and loaded[0] == rows["together"]


def test_a_new_tables_lease_another_worker_holds_is_not_taken(store: Store) -> None:
    Leases(store.engine, "other").acquire("t")
    assert store.create_leased(table("t"), Leases(store.engine, "me")) is None
    assert store.load_table("t") is not None  # stored all the same, as before
    assert store.create_leased(table("u"), Leases(store.engine, "me", steal=True)) == 1
    Leases(store.engine, "other").acquire("v")
    assert store.create_leased(table("v"), Leases(store.engine, "me", steal=True)) == 2


@pytest.mark.parametrize("tables", [3, ONE_ROW_TABLES + 2])
def test_the_fence_finds_the_one_stale_write_in_a_group_commit_of_any_size(tables: int) -> None:
    """SQLite's fence first asks one row for the whole batch and reads each table's lease only
    where a lease was lost; past ``ONE_ROW_TABLES`` (SQLite's parameter limit) it reads them at
    once. Either way, exactly the write whose epoch is not the lease's is fenced."""
    db = sqlite3.connect(":memory:")
    db.execute(
        "CREATE TABLE backroom_leases (table_id TEXT PRIMARY KEY, owner TEXT, epoch INTEGER, expires REAL)"
    )
    db.executemany("INSERT INTO backroom_leases VALUES (?, 'w', 2, 0)", [(f"t{i}",) for i in range(tables)])
    writes = [Write(f"t{i}", 1, 0, "[]", None, "", epoch=2) for i in range(tables)]
    cursor = db.cursor()
    assert fenced(cursor, "sqlite", writes) == [False] * tables
    writes[1] = Write("t1", 1, 0, "[]", None, "", epoch=1)  # the lease moved on to epoch 2
    assert fenced(cursor, "sqlite", writes) == [i == 1 for i in range(tables)]


def test_the_fence_refuses_a_stale_epoch_beside_the_current_one_of_the_same_table() -> None:
    """A group commit may hold two writes of one table under two epochs (the worker let the
    table go and took it again while its older write waited): only the current epoch's is
    kept, as each write is fenced on its own epoch, not on its table's last write's."""
    db = sqlite3.connect(":memory:")
    db.execute(
        "CREATE TABLE backroom_leases (table_id TEXT PRIMARY KEY, owner TEXT, epoch INTEGER, expires REAL)"
    )
    db.executemany("INSERT INTO backroom_leases VALUES (?, 'w', 2, 0)", [("t0",), ("t1",)])
    writes = [
        Write("t0", 1, 0, "[]", None, "", epoch=1),
        Write("t1", 1, 0, "[]", None, "", epoch=2),
        Write("t0", 1, 0, "[]", None, "", epoch=2),
    ]
    assert fenced(db.cursor(), "sqlite", writes) == [True, False, False]


def test_a_table_the_database_failed_to_load_leaves_no_lock_behind(tmp_path: Path) -> None:
    """Each id asked for takes a loading lock; a read that raises (the database not answering)
    must still drop it, or a client asking made-up ids during an outage grows it without bound."""

    async def scenario() -> None:
        hub = Hub(Store(f"sqlite:///{tmp_path / 'down.db'}"))

        def down(table_id: str) -> None:
            raise sqlite3.OperationalError("disk I/O error")

        hub.store.load_table = down  # type: ignore[method-assign]
        try:
            for name in ("a", "b", "c"):
                with pytest.raises(sqlite3.OperationalError):
                    await hub.get(name)
            assert hub._loading == {}
        finally:
            await hub.stop()

    asyncio.run(scenario())


def test_a_caller_cancelled_while_it_waits_for_a_table_leaves_the_holders_lock(tmp_path: Path) -> None:
    """The loading lock goes when its holder is done, never while a cancelled waiter leaves:
    else a third caller would load the table beside the holder (two copies, two leases)."""

    async def scenario() -> None:
        hub = Hub(Store(f"sqlite:///{tmp_path / 'wait.db'}"))
        try:
            async with hub.held("x"):
                lock = hub._loading["x"]
                waiter = asyncio.create_task(hub.get("x"))
                await asyncio.sleep(0.01)
                waiter.cancel()
                with pytest.raises(asyncio.CancelledError):
                    await waiter
                assert hub._loading.get("x") is lock
            assert hub._loading == {}
        finally:
            await hub.stop()

    asyncio.run(scenario())
