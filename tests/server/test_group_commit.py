"""One bad row never fails a group commit for other tables (issue 11, item 10): the writes of
every table that arrive together share one transaction, and a row the database refuses (a
client id no driver can encode, an action whose place in the log is taken) is left out alone:
the others commit in that same transaction and are acknowledged. On SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event

from backroom.server.chain import GENESIS, link
from backroom.server.rows import SeatRow, TableRow, Write
from backroom.server.store import Store
from backroom.server.writer import Conflict
from tests.server.conftest import pg_url


def table(table_id: str) -> TableRow:
    row = TableRow(table_id, "stool-pigeon", 2, {}, 1, 1, 0.0, None, time.time(), "playing", None)
    row.seats = [SeatRow(seat, "agent", None, None, None) for seat in (0, 1)]
    return row


def write(table_id: str, n: int = 1, client_id: str | None = None, previous: str = GENESIS) -> Write:
    text = json.dumps(["draw"])
    return Write(table_id, n, 0, text, client_id, link(previous, table_id, n, 0, text, client_id))


def count_batches(store: Store) -> list[int]:
    """The number of writes of each group commit ``store`` makes from now on, as they happen."""
    batches: list[int] = []
    commit = store.write_batch

    def counted(writes: Sequence[Write]) -> list[Exception | None]:
        batches.append(len(writes))
        return commit(writes)

    store.write_batch = counted  # type: ignore[method-assign]
    return batches


async def batch_with_bad_rows(store: Store) -> tuple[list[BaseException | None], list[int]]:
    """Five writes queued at once: three good ones, a client id with a lone surrogate, and an
    action 1 that is already stored."""
    for name in ("a", "b", "c", "d", "e"):
        store.create_table(table(name))
    assert store.write_batch([write("e")]) == [None]
    batches = count_batches(store)
    writes = [write("a"), write("b", client_id="bad\ud800"), write("c"), write("e"), write("d")]
    results = await asyncio.gather(*(store.awrite(w) for w in writes), return_exceptions=True)
    await store.aclose()
    return results, batches


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_a_refused_row_leaves_the_other_tables_writes_in_the_same_commit(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    url = (
        f"sqlite:///{tmp_path / 'g.db'}"
        if backend == "sqlite"
        else pg_url(request.getfixturevalue("pg_schema"))
    )
    results, batches = asyncio.run(batch_with_bad_rows(Store(url)))
    assert batches == [5]  # one group commit, not one more transaction per write
    good, surrogate, also_good, taken, last = results
    assert good is None and also_good is None and last is None  # acknowledged
    assert surrogate is not None and not isinstance(surrogate, Conflict)
    assert isinstance(taken, Conflict) and (taken.table_id, taken.n) == ("e", 1)
    store = Store(url)
    try:
        for name, count in (("a", 1), ("b", 0), ("c", 1), ("d", 1), ("e", 1)):
            loaded = store.load_table(name)  # the head of each table follows its own rows only
            assert loaded is not None and len(loaded[3]) == count, name
    finally:
        store.engine.dispose()


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_two_actions_of_one_table_in_one_commit_leave_the_head_on_the_later(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """A seat's move and the bot's answer often reach the writer together: the table's head
    must be the chain of the last of them, or the next load finds the log 'truncated'."""
    url = (
        f"sqlite:///{tmp_path / 'h.db'}"
        if backend == "sqlite"
        else pg_url(request.getfixturevalue("pg_schema"))
    )
    store = Store(url)
    try:
        store.create_table(table("t"))
        first = write("t")
        second = write("t", n=2, previous=first.chain)
        assert store.write_batch([first, second]) == [None, None]
        loaded = store.load_table("t")
        assert loaded is not None and [a.n for a in loaded[3]] == [1, 2]
        assert loaded[0].head == second.chain
    finally:
        store.engine.dispose()


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_a_table_read_while_a_move_commits_is_read_whole(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """A reader (a replay export, a second tool) that loads a table while its server commits
    a move sees the table before the move or after it, never its old head beside its new log
    (which it would call 'truncated')."""
    url = (
        f"sqlite:///{tmp_path / 'r.db'}"
        if backend == "sqlite"
        else pg_url(request.getfixturevalue("pg_schema"))
    )
    writer, reader = Store(url), Store(url)
    try:
        writer.create_table(table("t"))
        first = write("t")
        assert writer.write_batch([first]) == [None]
        moved: list[bool] = []

        def commit_between_reads(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
            if "FROM backroom_actions" in statement and not moved:
                moved.append(writer.write_batch([write("t", n=2, previous=first.chain)]) == [None])

        event.listen(reader.engine, "before_cursor_execute", commit_between_reads)
        loaded = reader.load_table("t")
        assert moved == [True]  # the move did commit between the reader's statements
        assert loaded is not None and [a.n for a in loaded[3]] == [1]
        assert loaded[0].head == first.chain
        again = reader.load_table("t")
        assert again is not None and [a.n for a in again[3]] == [1, 2]
    finally:
        writer.engine.dispose()
        reader.engine.dispose()


def test_a_new_table_rides_with_a_group_commit_and_a_refused_one_fails_alone(tmp_path: Path) -> None:
    """``Store.acreate_leased``: a new table, its seats and its lease are written in the next
    group commit, beside other tables' actions, and answer the lease's epoch; a table whose id
    is taken is refused alone, the rest of the group commits."""
    from backroom.server.leases import Leases

    store = Store(f"sqlite:///{tmp_path / 'n.db'}")
    store.create_table(table("old"))
    leases = Leases(store.engine, "me")

    async def scenario() -> list[Any]:
        results = await asyncio.gather(
            store.awrite(write("old")),
            store.acreate_leased(table("new"), leases),
            store.acreate_leased(table("old"), leases),
            return_exceptions=True,
        )
        await store.aclose()
        return results

    moved, epoch, refused = asyncio.run(scenario())
    assert moved is None and epoch == 1
    assert type(refused).__name__ == "IntegrityError"  # SQLAlchemy's, as the API answers it
    assert store.load_table("new") is not None and leases.holder("new") == "me"
    assert store.load_table("old") is not None and store.load_table("old")[3][0].n == 1


def test_a_large_group_commit_keeps_its_statement_journal_in_memory(tmp_path: Path) -> None:
    """Every SQLite connection, the writer's included, keeps its statement journals in memory
    (``temp_store``): past 64 KiB SQLite spilled them to a temporary file at nearly every group
    commit. A batch of sixty tables' large actions, one of them refused, still leaves that one
    out alone."""
    store = Store(f"sqlite:///{tmp_path / 'j.db'}")
    names = [f"t{i:02}" for i in range(60)]
    for name in names:
        store.create_table(table(name))
    big = json.dumps(["say", "x" * 2000])

    def large(name: str, n: int, previous: str) -> Write:
        return Write(name, n, 0, big, None, link(previous, name, n, 0, big, None))

    first = [large(name, 1, GENESIS) for name in names]
    assert store.write_batch(first) == [None] * 60
    assert store._connection().execute("PRAGMA temp_store").fetchone()[0] == 2  # MEMORY
    second = [large(name, 2, w.chain) for name, w in zip(names, first, strict=True)]
    second[30] = large(names[30], 1, GENESIS)  # its place in the log is taken
    results = store.write_batch(second)
    assert isinstance(results[30], Conflict)
    assert results[:30] + results[31:] == [None] * 59
    with store.engine.connect() as conn:
        count = conn.exec_driver_sql("SELECT count(*) FROM backroom_actions").scalar()
    assert count == 119
    store.engine.dispose()


def test_under_load_a_group_commit_waits_to_gather_writes_and_a_lone_write_does_not_wait(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``writer.GATHER_SECONDS``: once a commit held several writes (many tables in play), the
    next waits that long for others, so that a write arriving meanwhile shares its transaction;
    once a commit held one, the next write is committed at once (a quiet server adds no wait)."""
    from backroom.server import writer

    store = Store(f"sqlite:///{tmp_path / 'w.db'}")
    for name in ("a", "b", "c"):
        store.create_table(table(name))
    batches = count_batches(store)
    a1, b1 = write("a"), write("b")
    a2, c1 = write("a", n=2, previous=a1.chain), write("c")
    b2 = write("b", n=2, previous=b1.chain)

    async def scenario() -> None:
        await asyncio.gather(store.awrite(a1), store.awrite(b1))  # queued together: crowded
        monkeypatch.setattr(writer, "GATHER_SECONDS", 0.5)
        first = asyncio.create_task(store.awrite(a2))
        for _ in range(5):  # the writer takes a2 and waits
            await asyncio.sleep(0)
        await asyncio.gather(first, store.awrite(c1))
        await store.awrite(b2)  # after a commit of two: waits, then commits alone
        monkeypatch.setattr(writer, "GATHER_SECONDS", 3600)
        await asyncio.wait_for(store.awrite(write("c", n=2, previous=c1.chain)), 30)
        await store.aclose()

    asyncio.run(scenario())
    assert batches == [2, 2, 1, 1]
    loaded = store.load_table("c")
    assert loaded is not None and [a.n for a in loaded[3]] == [1, 2]
    store.engine.dispose()
