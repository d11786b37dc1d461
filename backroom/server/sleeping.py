"""Tables asleep: out of memory until a timer of theirs is due, their clocks in the database.

A table nobody is at leaves memory after ``idle_unload`` seconds, unless something is due: a
bot to move, or a timer (a turn timer for an absent seat, an idle timer for a silent one).
A timer may be a day away (``MOVE_RANGE``), and each new table costs some 34 KB in memory, so
a client creating tables with far-off timers could make the server hold any number of them
(hostile review). Such a table now sleeps: when (wall clock) its first timer is due and the
clocks that say so — since when each seat is away or asked, what it spent of a chess clock,
which seats a bot plays for their absent person — go into its row (``wake``, ``clocks``), and
upkeep (``upkeep.wake``) brings it back when due. Loading it by any way (a visitor, a wake, a
restart) restores those clocks exactly, so a seat loses no time and gains none by a sleep.
"""

from __future__ import annotations

import json
import math
from typing import TYPE_CHECKING, Any

from sqlalchemy import select, update

from backroom.server.rows import leases_t, tables_t

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

    from backroom.server.live import LiveTable


def clocks(table: LiveTable) -> str:
    """What a table's timers run on, as JSON text: restored by ``restore`` when it is loaded."""
    idle = table.idle
    return json.dumps(
        {
            "away": table.away_since,
            "autoplay": table.autoplay,
            "asked": None if idle is None else idle.asked,
            "window": None if idle is None else idle.window,
            "spent": None if idle is None else idle.spent,
        }
    )


def restore(table: LiveTable, saved: Any) -> None:
    """Put back the clocks of a table that slept. A row that does not fit (not what was
    written) is passed by: the timers then start afresh, as after a restart."""
    players = table.row.players
    if not isinstance(saved, dict):
        return

    def seats(key: str) -> list[Any] | None:
        value = saved.get(key)
        if not isinstance(value, list) or len(value) != players:
            return None
        if key in ("away", "asked", "spent") and not all(_time(v, key != "spent") for v in value):
            return None
        return value

    away, autoplay = seats("away"), seats("autoplay")
    if away is None or autoplay is None:
        return
    table.away_since = [None if seat.kind == "bot" else away[seat.seat] for seat in table.row.seats]
    table.autoplay = [bool(v) for v in autoplay]
    asked, window, spent = seats("asked"), seats("window"), seats("spent")
    if table.idle is not None and asked is not None and window is not None and spent is not None:
        table.idle.asked, table.idle.window, table.idle.spent = asked, [bool(v) for v in window], spent


def _time(value: Any, may_be_none: bool) -> bool:
    """Whether ``value`` is a number of seconds (or None, where that means "not running")."""
    if value is None:
        return may_be_none
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def put_to_sleep(engine: Engine, table_id: str, epoch: int, owner: str, wake: float, saved: str) -> bool:
    """Store when the table wakes and its clocks (``saved``, JSON text), if this worker still
    holds its lease at ``epoch``: a worker that lost the table must not write over its new
    owner's. The lease's row is locked first (PostgreSQL): a worker taking the table meanwhile
    waits for this write, and so reads the clocks in its row."""
    held = (
        select(leases_t.c.table_id)
        .where(leases_t.c.table_id == table_id, leases_t.c.owner == owner, leases_t.c.epoch == epoch)
        .with_for_update()
    )
    with engine.begin() as conn:
        if conn.execute(held).first() is None:
            return False
        done = conn.execute(update(tables_t).where(tables_t.c.id == table_id).values(wake=wake, clocks=saved))
    return bool(done.rowcount)


def woken(engine: Engine, table_id: str) -> None:
    """The table is in memory again, its clocks with it: the row no longer asks to be woken."""
    with engine.begin() as conn:
        conn.execute(update(tables_t).where(tables_t.c.id == table_id).values(wake=None, clocks=None))


def unscheduled(engine: Engine, table_id: str) -> None:
    """Nobody asks for the table when due any more (upkeep could not load it: deleted,
    quarantined, or taken by a live worker). Its clocks stay: a worker that has just taken its
    lease may not have read its row yet, and must find them there."""
    with engine.begin() as conn:
        conn.execute(update(tables_t).where(tables_t.c.id == table_id).values(wake=None))


def due_ids(engine: Engine, now: float) -> list[str]:
    """The tables in play asleep whose wake is due, soonest first."""
    query = (
        select(tables_t.c.id)
        .where(tables_t.c.wake <= now, tables_t.c.status == "playing")
        .order_by(tables_t.c.wake)
    )
    with engine.connect() as conn:
        return [r.id for r in conn.execute(query)]
