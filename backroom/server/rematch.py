"""Rematches: a finished table is followed by one new table with the same game, seats,
options, bots and timers, and a new deal.

The first seat to ask makes it; each seat that asks, proving who it is with its token at the
finished table, is seated at the new one with a token of its own, minted for it alone. The new
table's person seats are held for the old table's players (stored as sat in, without a token),
so nobody from the lobby takes them meanwhile. One rematch per table: ``rematch`` is stored on
the finished table, and asking again joins the same new table.
"""

from __future__ import annotations

import dataclasses
import secrets
import time
from typing import TYPE_CHECKING

from backroom.server.chain import GENESIS
from backroom.server.messages import Refused
from backroom.server.rows import SeatRow, TableRow

if TYPE_CHECKING:
    from backroom.server.hub import Hub
    from backroom.server.live import LiveTable


def follower(row: TableRow) -> TableRow:
    """The rematch of ``row``: everything alike but its id, deal, log and the seats' tokens."""
    seats = [SeatRow(s.seat, s.kind, s.bot, s.name, None, joined=s.kind != "bot") for s in row.seats]
    return dataclasses.replace(
        row,
        id=secrets.token_urlsafe(9),
        seed=secrets.randbits(63),
        seeded=False,
        created=time.time(),
        status="playing",
        outcome=None,
        seats=seats,
        rematch=None,
        rematch_of=row.id,
        head=GENESIS,
    )


async def accept(hub: Hub, table: LiveTable, token: str) -> tuple[LiveTable, int, str]:
    """Seat the holder of ``token`` at the rematch of ``table`` (made now if it is the first to
    ask): the new table, the seat and its new token. ``Refused``: ``bad_token`` (no seat of
    this table), ``rematch_not_over``, ``rematch_taken`` (this seat has accepted already),
    ``unknown_table`` (the rematch was never played and has expired)."""
    async with table.lock:
        seat = table.seating.seat_for_token(token)
        if seat is None:
            raise Refused("bad_token")
        if not table.is_over:
            raise Refused("rematch_not_over")
        if table.row.rematch is None:
            row = follower(table.row)
            await hub.create(row)
            # Fenced: the new table, never linked, expires unplayed (``unplayed.py``).
            await table.owned(hub.store.alink_rematch(table.row.id, row.id, table.epoch))
            table.row.rematch = row.id
            table.broadcast()
        new_id = table.row.rematch
    fresh = await hub.get(new_id)
    if fresh is None:
        raise Refused("unknown_table")
    given = await fresh.seating.seat_held(seat)
    if given is None:
        raise Refused("rematch_taken")
    return fresh, seat, given
