"""Tables nobody played: which they are, and their deletion (``upkeep.expire_unplayed``).

A table created and never played (in play, no action stored) holds rows and perhaps a link
someone lost; after ``expire_unplayed`` seconds it goes, unless a worker other than the one
deleting holds it: someone may be sitting at it there.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import Engine, and_, delete, select

from backroom.server.leases import held_elsewhere
from backroom.server.rows import actions_t, leases_t, seats_t, snapshots_t, tables_t


def unplayed_ids(engine: Engine, created_before: float, limit: int, after: str = "") -> list[str]:
    """Up to ``limit`` tables created before ``created_before`` and never played, in id order
    after ``after``."""
    query = (
        select(tables_t.c.id)
        .where(_unplayed(created_before), tables_t.c.id > after)
        .order_by(tables_t.c.id)
        .limit(limit)
    )
    with engine.connect() as conn:
        return [r.id for r in conn.execute(query)]


def delete_unplayed(engine: Engine, table_ids: Sequence[str], created_before: float, worker: str = "") -> int:
    """Delete those of ``table_ids`` that are still unplayed (checked again in the same
    transaction) and that no worker but ``worker`` holds, with their seats, snapshots and
    leases; returns how many went."""
    elsewhere = held_elsewhere(tables_t.c.id, worker, engine.dialect.name)
    query = select(tables_t.c.id).where(tables_t.c.id.in_(table_ids), _unplayed(created_before), ~elsewhere)
    with engine.begin() as conn:
        gone = [r.id for r in conn.execute(query)]
        if gone:
            conn.execute(delete(seats_t).where(seats_t.c.table_id.in_(gone)))
            conn.execute(delete(snapshots_t).where(snapshots_t.c.table_id.in_(gone)))
            conn.execute(delete(leases_t).where(leases_t.c.table_id.in_(gone)))
            conn.execute(delete(tables_t).where(tables_t.c.id.in_(gone)))
    return len(gone)


def _unplayed(created_before: float) -> Any:
    """The condition on ``backroom_tables`` of a table created before ``created_before`` that
    nobody played: still in play (a finished table always has actions) and no action stored."""
    played = select(actions_t.c.table_id).where(actions_t.c.table_id == tables_t.c.id).exists()
    return and_(tables_t.c.status == "playing", tables_t.c.created < created_before, ~played)
