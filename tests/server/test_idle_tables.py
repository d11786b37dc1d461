"""Tables in play that nobody uses leave memory and come back whole when someone returns."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest
from sqlalchemy import event, select
from sqlalchemy import update as set_row
from starlette.testclient import TestClient

from backroom.server import sleeping
from backroom.server.app import create_app
from backroom.server.leases import Leases
from backroom.server.rows import actions_t, tables_t
from backroom.server.store import make_engine
from tests.server.conftest import new_table, pg_url, receive_until, send, wait_for, ws_path

Message = dict[str, Any]
TWO_AGENTS = [{"kind": "agent"}, {"kind": "agent"}]


def update(ws: Any, version: int | None = None) -> Message:
    return receive_until(ws, lambda m: m["type"] == "update" and (version is None or m["version"] == version))


def test_a_table_nobody_uses_leaves_memory_and_resumes_where_it_was(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client(idle_unload=0.1)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    table = new_table(client, players=2, seats=[{"kind": "human"}, {"kind": "human"}])
    with client.websocket_connect(ws_path(table, 0)) as ws:
        first = update(ws)
        send(ws, {"type": "act", "action": ["draw"], "version": first["version"], "id": "a"})
        drawn = update(ws, 1)
        time.sleep(0.3)
        assert table["id"] in hub.tables  # a connected seat keeps its table in memory
    assert wait_for(lambda: table["id"] not in hub.tables)
    with client.websocket_connect(ws_path(table, 0)) as ws:
        back = update(ws)
        assert back["version"] == 1 and back["view"] == drawn["view"] and back["legal"] == drawn["legal"]
        send(ws, {"type": "act", "action": back["legal"][0]["action"], "version": 1, "id": "b"})
        assert update(ws, 2)["version"] == 2
    assert client.get(f"/api/tables/{table['id']}").json()["version"] == 2


def test_the_lobby_counts_a_table_out_of_memory_as_it_counts_one_in_memory(
    make_client: Callable[..., TestClient],
) -> None:
    """protocol.md: "`open_seats` counts human/agent seats with nobody connected". A table out
    of memory counted only its people's seats, so a new table whose agent had not come yet
    listed one open seat or two depending on whether it had left memory."""
    client = make_client(idle_unload=0.1)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "agent"}, {"kind": "bot"}]
    table = new_table(client, players=3, seats=seats)
    assert wait_for(lambda: table["id"] not in hub.tables)
    listed = next(t for t in client.get("/api/tables").json()["tables"] if t["id"] == table["id"])
    assert (listed["open_seats"], listed["free_seats"], listed["status"]) == (2, 1, "idle")


def test_a_table_with_a_bot_to_move_or_a_timer_due_soon_stays_in_memory(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client(idle_unload=2.0)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    # Corruption: at least 72 bot moves (1.5 s apart), so the game cannot end while the idle table
    # waits to leave memory, however long a loaded machine makes that (a Stool Pigeon game of
    # two bots may close within a few moves).
    bots = new_table(client, game="corruption", players=3, seats=[{"kind": "bot"}] * 3, bot_delay=1.5)
    soon = new_table(client, players=2, seats=TWO_AGENTS, timers={"move": 3})  # < the idle time
    idle = new_table(client, players=2, seats=[{"kind": "human"}, {"kind": "human"}])
    assert wait_for(lambda: idle["id"] not in hub.tables)
    assert bots["id"] in hub.tables and soon["id"] in hub.tables
    assert _row(client, soon)["wake"] is None


def test_a_table_whose_only_work_is_a_timer_far_off_sleeps_out_of_memory_with_its_clocks(
    make_client: Callable[..., TestClient],
) -> None:
    """A client creating tables with day-long timers made the server hold every one (some
    34 KB each) until due: such a table now leaves memory, its clocks in its row, and comes
    back with them exactly, so no seat gains or loses time by the sleep."""
    client = make_client(idle_unload=0.1)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    timed = new_table(client, players=2, seats=TWO_AGENTS, turn_timer=600)
    slow = new_table(client, players=2, seats=TWO_AGENTS, timers={"move": 86400, "clock": "game"})
    asked, away = hub.tables[slow["id"]].idle.asked[:], hub.tables[timed["id"]].away_since[:]
    assert wait_for(lambda: slow["id"] not in hub.tables and timed["id"] not in hub.tables)
    row = _row(client, slow)
    assert row["wake"] == pytest.approx(max(t for t in asked if t is not None) + 86400)
    assert json.loads(row["clocks"])["asked"] == asked
    assert _row(client, timed)["wake"] == pytest.approx(max(t for t in away if t is not None) + 600)
    assert client.get(f"/api/tables/{slow['id']}").json()["version"] == 0  # a visitor loads it
    assert hub.tables[slow["id"]].idle.asked == asked
    assert _row(client, slow)["wake"] is None and _row(client, slow)["clocks"] is None
    client.get(f"/api/tables/{timed['id']}")
    assert hub.tables[timed["id"]].away_since == away


def test_a_sleeping_table_wakes_when_its_timer_is_due_even_after_a_restart(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client(idle_unload=0.2)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    table = new_table(client, players=2, seats=TWO_AGENTS, timers={"move": 3})
    assert wait_for(lambda: table["id"] not in hub.tables, seconds=2)
    assert _row(client, table)["wake"] is not None
    again = make_client(idle_unload=0.2)  # a restart while it sleeps: it is not loaded at once,
    hub = again.app.state.hub  # type: ignore[attr-defined]
    time.sleep(0.5)
    assert table["id"] not in hub.tables
    # ... but when its three seconds are up, and the table's bot makes the silent seat's move.
    # (read from the database: a visitor would load it and so wake it)
    before = _row(again, table)["head"]
    assert wait_for(lambda: _row(again, table)["head"] != before, seconds=10)
    assert _row(again, table)["wake"] is None
    assert again.get(f"/api/tables/{table['id']}").json()["version"] >= 1


def test_a_worker_that_cannot_take_a_due_table_leaves_its_clocks_to_the_one_that_holds_it(
    make_client: Callable[..., TestClient],
) -> None:
    """Every worker looks for the due tables each second. The one that finds a due table's
    lease taken by a live worker (that worker is loading it) stops asking for it, but must not
    clear its clocks: the loader may not have read the row yet, and would start every timer
    afresh (a chess clock given back whole)."""
    client = make_client(idle_unload=0.2)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    table = new_table(client, players=2, seats=TWO_AGENTS, timers={"move": 3, "clock": "game"})
    assert wait_for(lambda: table["id"] not in hub.tables, seconds=2)
    saved = _row(client, table)["clocks"]
    assert saved is not None

    async def alive(owner: str) -> bool:
        return True

    hub.peer_alive = alive  # as with --workers and --redis: the other worker is alive,
    hub.leases.steal = False  # and its lease is its own
    other = Leases(hub.store.engine, "other-worker")
    # This worker lets the lease go with its next group commit, a moment after the unload.
    assert wait_for(lambda: other.acquire(table["id"]) is not None, seconds=5)
    assert wait_for(lambda: _row(client, table)["wake"] is None, seconds=10)  # it stopped asking
    assert table["id"] not in hub.tables
    assert _row(client, table)["clocks"] == saved  # for the other worker's load


@pytest.mark.parametrize(
    "clocks", ["{", "[1, 2]", '{"away": ["x", "y"], "autoplay": [0, 0], "asked": [{}, null]}']
)
def test_clocks_in_a_row_that_are_not_what_was_written_are_passed_by_and_the_table_is_played(
    make_client: Callable[..., TestClient], clocks: str
) -> None:
    """A sleeping table's clocks are no part of its log (nothing chains them): ones that do not
    decode, or do not fit, are passed by, its timers starting afresh as after a restart. They
    neither quarantine the table (with an untranslated reason) nor fail every load of it."""
    client = make_client(idle_unload=0.1)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    table = new_table(client, players=2, seats=TWO_AGENTS, timers={"move": 86400, "clock": "game"})
    assert wait_for(lambda: table["id"] not in hub.tables)
    engine = hub.store.engine
    with engine.begin() as conn:
        conn.execute(set_row(tables_t).where(tables_t.c.id == table["id"]).values(clocks=clocks))
    before = time.time()
    answer = client.get(f"/api/tables/{table['id']}")
    assert answer.status_code == 200, answer.text
    live = hub.tables[table["id"]]
    assert live.auto.next_expiry() >= before + 86400  # afresh
    assert all(a is None or a >= before for a in live.away_since)
    assert _row(client, table)["clocks"] is None


def test_a_row_that_could_not_be_told_its_table_woke_is_told_once_the_database_answers(
    make_client: Callable[..., TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A visitor loads a sleeping table while its row cannot be written: the table is played
    all the same, but its row must not go on asking to be woken with clocks of the past. Left
    so, the wake loop found it due every second while it was in memory, and a load after it
    left memory (dormant) put those old clocks back: a seat asked long ago, answered for at
    once."""
    client = make_client(idle_unload=0.2)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    table = new_table(client, players=2, seats=TWO_AGENTS, timers={"move": 86400, "clock": "game"})
    assert wait_for(lambda: table["id"] not in hub.tables)
    woken = sleeping.woken

    def refused(*args: Any) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(sleeping, "woken", refused)
    with client.websocket_connect(ws_path(table, 1)) as ws:  # kept in memory meanwhile
        update(ws)
        assert _row(client, table)["wake"] is not None  # it could not be told
        monkeypatch.setattr(sleeping, "woken", woken)  # the database answers again
        assert wait_for(lambda: _row(client, table)["clocks"] is None, seconds=5)
        assert _row(client, table)["wake"] is None


def test_a_seat_handed_to_a_bot_as_its_table_falls_asleep_is_played_at_once(
    make_client: Callable[..., TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The host hands an absent seat to a bot while the table's sleep is being written: the
    hand-over waits for it, then changes the seat in the database. The table must come back
    for its bot to move, not sleep on until the day-long timer of the person who never came."""
    put_to_sleep = sleeping.put_to_sleep
    writing = threading.Event()

    def slow(*args: Any) -> bool:
        writing.set()
        time.sleep(0.5)
        return put_to_sleep(*args)

    monkeypatch.setattr(sleeping, "put_to_sleep", slow)
    client = make_client(idle_unload=0.2)
    seats = [{"kind": "human"}, {"kind": "agent"}]
    table = new_table(client, players=2, seats=seats, timers={"move": 86400})  # seat 0 to move
    assert writing.wait(5)
    token = table["seats"][0]["token"]
    assert client.post(f"/api/tables/{table['id']}/bot", json={"token": token}).status_code == 200
    engine = client.app.state.hub.store.engine  # type: ignore[attr-defined]

    def moves() -> int:
        with engine.connect() as conn:
            return len(conn.execute(select(actions_t).where(actions_t.c.table_id == table["id"])).all())

    assert wait_for(lambda: moves() >= 1, seconds=5)  # read from the database: a visit would wake it
    with client.websocket_connect(ws_path(table, 1)) as ws:
        assert update(ws)["version"] >= 1


def test_a_table_another_worker_takes_as_it_is_put_to_sleep_is_taken_with_its_clocks(
    pg_schema: str,
) -> None:
    """PostgreSQL: worker A writes a table's sleep under its lease while B takes the table (A
    was thought dead) and reads its row. Either A's write is refused, or B reads the clocks it
    wrote: never B playing the table from a row without them while the row, behind its back,
    holds a wake and clocks of A's."""
    url = pg_url(pg_schema)
    with TestClient(create_app(url, allow_seed=True)) as client:
        table_id = new_table(client, players=2, seats=TWO_AGENTS, timers={"move": 86400})["id"]
    a, b = make_engine(url), make_engine(url)
    epoch = Leases(a, "worker-a").acquire(table_id)
    assert epoch is not None
    written, go_on = threading.Event(), threading.Event()

    @event.listens_for(a, "after_cursor_execute")
    def pause(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        if statement.startswith("UPDATE backroom_tables"):  # A's sleep, not yet committed
            written.set()
            go_on.wait(10)

    outcome: dict[str, Any] = {}

    def clocks_in(engine: Any) -> str | None:
        with engine.connect() as conn:
            found: str | None = conn.execute(
                select(tables_t.c.clocks).where(tables_t.c.id == table_id)
            ).scalar()
            return found

    def sleep_a() -> None:
        outcome["slept"] = sleeping.put_to_sleep(a, table_id, epoch, "worker-a", time.time() + 9e4, "{}")

    def take_b() -> None:
        outcome["epoch"] = Leases(b, "worker-b").acquire(table_id, dead="worker-a")
        outcome["read"] = clocks_in(b)

    first = threading.Thread(target=sleep_a)
    first.start()
    assert written.wait(10)
    second = threading.Thread(target=take_b)
    second.start()
    second.join(1.0)  # B reads now, or waits for A's transaction
    go_on.set()
    first.join(10)
    second.join(10)
    assert outcome["epoch"] is not None
    assert clocks_in(b) == outcome["read"], outcome
    a.dispose()
    b.dispose()


def _row(client: TestClient, table: Message) -> dict[str, Any]:
    engine = client.app.state.hub.store.engine  # type: ignore[attr-defined]
    with engine.connect() as conn:
        found = conn.execute(select(tables_t).where(tables_t.c.id == table["id"])).first()
    assert found is not None
    return dict(found._mapping)


def test_after_a_restart_only_tables_with_work_to_do_are_loaded(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client()
    waiting = new_table(client, players=2, seats=[{"kind": "human"}, {"kind": "human"}])
    bots = new_table(client, players=2, seats=[{"kind": "bot"}, {"kind": "bot"}], bot_delay=30)
    client.__exit__(None, None, None)
    again = make_client()
    hub = again.app.state.hub  # type: ignore[attr-defined]
    assert wait_for(lambda: bots["id"] in hub.tables)  # brought back in the background
    assert waiting["id"] not in hub.tables
    with again.websocket_connect(ws_path(waiting, 1)) as ws:
        assert update(ws)["version"] == 0
