"""The rows a table's owner keeps in memory beside its log (issue 18, several workers): a seat
sat in, its token, its kind, the table's visibility and rematch. A worker paused past its
lease, whose table another worker took and loaded, changes none of them: the write is fenced
by the lease's epoch as an action is, and the stale worker lets the table go. On SQLite and
PostgreSQL."""

from __future__ import annotations

import asyncio
import dataclasses
import time
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from backroom.games import get_game
from backroom.server import audience
from backroom.server.hub import Hub
from backroom.server.leases import Fenced, Leases
from backroom.server.live import LiveTable
from backroom.server.messages import Conn, Refused, hash_token
from backroom.server.rows import SeatRow, TableRow
from backroom.server.store import Store
from tests.server.test_leases import Log

TOKENS = ("first-token", "second-token")


def seated(table_id: str) -> TableRow:
    """A table of two people's seats, each with its invite token, nobody sat in yet."""
    row = TableRow(table_id, "stool-pigeon", 2, {}, 1, 1, 0.0, None, time.time(), "playing", None)
    row.seats = [SeatRow(seat, "human", None, None, hash_token(TOKENS[seat])) for seat in (0, 1)]
    return row


def taken_over(store: Store, table_id: str) -> tuple[int, int]:
    """The table's lease taken by a worker, then by another: the first's epoch and the second's."""
    stale = Leases(store.engine, "paused").acquire(table_id)
    current = Leases(store.engine, "thief", steal=True).acquire(table_id)
    assert stale is not None and current == stale + 1
    return stale, current


def stored(store: Store, table_id: str) -> TableRow:
    loaded = store.load_table(table_id)
    assert loaded is not None
    return loaded[0]


SeatWrite = Callable[[Store, int], Awaitable[None]]

SEAT_WRITES: dict[str, SeatWrite] = {
    "mark_joined": lambda store, epoch: store.amark_joined("t", 0, epoch),
    "mark_joined_with_token": lambda store, epoch: store.amark_joined("t", 0, epoch, "new-hash"),
    "rotate_token": lambda store, epoch: store.arotate_token("t", 0, "new-hash", epoch),
    "seat_to_bot": lambda store, epoch: store.aseat_to_bot("t", 0, epoch),
    "set_hidden": lambda store, epoch: store.aset_hidden("t", True, epoch),
    "link_rematch": lambda store, epoch: store.alink_rematch("t", "next", epoch),
}


@pytest.mark.parametrize("write", list(SEAT_WRITES))
def test_a_stale_workers_seat_or_table_row_write_changes_nothing_and_raises_fenced(
    store: Store, write: str
) -> None:
    """...while the same write by the lease's current holder changes the row."""
    store.create_table(seated("t"))
    stale, current = taken_over(store, "t")
    before = stored(store, "t")

    async def scenario() -> None:
        try:
            with pytest.raises(Fenced) as fenced:
                await SEAT_WRITES[write](store, stale)
            assert (fenced.value.table_id, fenced.value.epoch) == ("t", stale)
            assert stored(store, "t") == before
            await SEAT_WRITES[write](store, current)
            assert stored(store, "t") != before
        finally:
            await store.aclose()

    asyncio.run(scenario())


def test_a_fenced_seat_write_fails_alone_in_its_group_commit(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An action, a stale worker's seat sat in and the owner's, in one group commit: the
    action and the owner's seat are stored, the stale one alone is refused as ``Fenced``."""
    store.create_table(seated("t"))
    store.create_table(seated("u"))
    stale, _ = taken_over(store, "t")
    epoch = Leases(store.engine, "owner").acquire("u")
    assert epoch is not None
    batches: list[tuple[int, int]] = []
    write_batch = store.write_batch

    def counted(writes: Any, chores: Any = ()) -> list[Any]:
        batches.append((len(writes), len(chores)))
        return write_batch(writes, chores)

    monkeypatch.setattr(store, "write_batch", counted)
    action = Log("u").next(epoch)

    async def scenario() -> list[Any]:
        try:
            return await asyncio.gather(
                store.awrite(action),
                store.amark_joined("t", 0, stale),
                store.amark_joined("u", 1, epoch),
                return_exceptions=True,
            )
        finally:
            await store.aclose()

    results = asyncio.run(scenario())
    assert batches == [(1, 2)]  # one group commit held all three
    assert results[0] is None and isinstance(results[1], Fenced) and results[2] is None
    assert [s.joined for s in stored(store, "t").seats] == [False, False]
    assert [s.joined for s in stored(store, "u").seats] == [False, True]
    loaded = store.load_table("u")
    assert loaded is not None and len(loaded[3]) == 1


async def join(table: LiveTable) -> None:
    conn = Conn(0, "en")
    assert not await table.join(conn)  # gone from memory: the socket loads the table again
    assert conn not in table.conns and not conn.closed


async def claim(table: LiveTable) -> None:
    await table.seating.claim_seat()


async def rotate(table: LiveTable) -> None:
    await table.seating.rotate_token(TOKENS[0])


async def to_bot(table: LiveTable) -> None:
    await table.seating.seat_to_bot(TOKENS[0])


async def hide(table: LiveTable) -> None:
    await audience.set_hidden(table, TOKENS[0], True)


@pytest.mark.parametrize("change", [join, claim, rotate, to_bot, hide], ids=lambda f: f.__name__)
def test_a_worker_that_lost_its_table_changes_no_seat_and_lets_the_table_go(
    url: str, change: Callable[[LiveTable], Awaitable[None]]
) -> None:
    """The seat changes of a live table on a worker whose lease another worker took meanwhile
    (a stale worker): refused with ``table_moved`` (a socket's join: False, to load the table
    where it is now) as a stale action is, nothing stored, nothing changed in the stale
    worker's memory, and the table leaves it."""

    async def scenario() -> None:
        hub = Hub(Store(url), exclusive=False)
        try:
            row = seated("stale")
            game = get_game(row.game)
            row.options, row.rules_version = game.resolve_options({}), game.rules_version
            mine = await hub.create(row)
            seats, tokens = [dataclasses.replace(s) for s in mine.row.seats], dict(mine.seating.tokens)
            before = stored(hub.store, row.id)
            Leases(hub.store.engine, "thief", steal=True).acquire(row.id)
            if change is join:
                await join(mine)
            else:
                with pytest.raises(Refused) as refused:
                    await change(mine)
                assert refused.value.code == "table_moved"
            assert mine.unloaded and row.id not in hub.tables
            assert mine.row.seats == seats and mine.seating.tokens == tokens and not mine.row.hidden
            assert stored(hub.store, row.id) == before
        finally:
            await hub.stop()

    asyncio.run(scenario())
