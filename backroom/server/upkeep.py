"""The hub's background work: bring back the tables that have work, expire those never played.

Start-up replays no table before answering. It used to replay every unfinished table (5,000
tables: 12.9 s before the first answer, docs/benchmarks.md); now a table is loaded when
someone asks for it, and this task, once the server answers, does the rest:

- **Expiry.** A table nobody played (in play, no action stored) ``expire_unplayed`` seconds
  after its creation is deleted with its seats (default 24 h, ``--expire-unplayed``): at
  start, then every minute (every quarter of the time, if that is shorter). A table with
  someone connected waits until they leave; a finished table has actions and never expires.
- **Resumption.** The tables whose bots or turn timers may have work with nobody connected
  (a bot seat, or a turn timer) are loaded one after another, oldest first; the ones with
  nothing due after all leave memory again at once. Bots thus keep playing after a restart
  without anyone visiting, and players reach their tables meanwhile: a request for a table not
  yet loaded loads it first.
- **Waking.** A table asleep (``sleeping.py``: out of memory until a timer of its own is due)
  is loaded when its time comes, checked every second; one that cannot be loaded here any
  more (deleted, quarantined, held by a worker that is alive) stops asking; its clocks stay
  in its row for whoever loads it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import TYPE_CHECKING

from backroom.server.sleeping import due_ids, unscheduled
from backroom.server.trouble import reason
from backroom.server.unplayed import delete_unplayed, unplayed_ids

if TYPE_CHECKING:
    from backroom.server.hub import Hub

log = logging.getLogger("backroom.server")

EXPIRY_EVERY = 60.0
"""Seconds between two expiry passes (or a quarter of the expiry time, if that is shorter)."""

WAKE_EVERY = 1.0
"""Seconds between two looks for tables asleep whose timer is due (an indexed query)."""

BATCH = 200
"""Tables deleted per transaction, each held out of memory meanwhile."""


async def run(hub: Hub) -> None:
    """Expire, resume, then expire again now and then, until cancelled."""
    await _expire_logged(hub)
    await _resume(hub)
    if hub.expire_unplayed is None:
        return
    every = max(0.05, min(EXPIRY_EVERY, hub.expire_unplayed / 4))
    while True:
        await asyncio.sleep(every)
        await _expire_logged(hub)


async def wake(hub: Hub) -> None:
    """Load each table asleep once its wake is due, until cancelled."""
    every = min(WAKE_EVERY, max(0.05, hub.idle_unload / 4))
    while True:
        await asyncio.sleep(every)
        try:
            for table_id in await asyncio.to_thread(due_ids, hub.store.engine, time.time()):
                if await hub.get(table_id) is None:
                    await hub.store.on_writer(unscheduled, hub.store.engine, table_id)
        except Exception as exc:  # the next look tries again
            hub.sleep_trouble.failed(exc)


async def _resume(hub: Hub) -> None:
    """Load each table that may have work, one at a time; one that fails is told and skipped
    (its bots resume when someone visits it)."""
    started = time.monotonic()
    try:
        table_ids = await asyncio.to_thread(hub.store.resumable_ids)
    except Exception as exc:
        log.warning("the tables to resume could not be listed: %s; each waits for a visitor", reason(exc))
        return
    resumed = 0
    for table_id in table_ids:
        try:
            resumed += await hub.resume(table_id)
        except Exception as exc:
            log.warning("table %s could not be resumed: %s; it waits for a visitor", table_id, reason(exc))
    if table_ids:
        log.info(
            "%d of %d tables with bots or turn timers resumed in %.1f s",
            resumed,
            len(table_ids),
            time.monotonic() - started,
        )


async def _expire_logged(hub: Hub) -> None:
    """One expiry pass; a database that refuses is told in one line, and the next pass retries."""
    try:
        expired = await expire_unplayed(hub)
    except Exception as exc:
        log.warning("expiring unplayed tables failed: %s; trying again later", reason(exc))
        return
    if expired:
        log.info("%d tables nobody played expired", expired)


async def expire_unplayed(hub: Hub) -> int:
    """Delete every table created more than ``hub.expire_unplayed`` seconds ago and never
    played, except those in use; returns how many went."""
    if hub.expire_unplayed is None:
        return 0
    created_before = time.time() - hub.expire_unplayed
    expired = 0
    after = ""
    while True:
        found = await asyncio.to_thread(unplayed_ids, hub.store.engine, created_before, BATCH, after)
        if not found:
            return expired
        async with contextlib.AsyncExitStack() as held:
            free = [table_id for table_id in found if await held.enter_async_context(hub.held(table_id))]
            if free:
                deletion = (hub.store.engine, free, created_before, hub.leases.owner)
                expired += await hub.store.on_writer(delete_unplayed, *deletion)
        after = found[-1]
