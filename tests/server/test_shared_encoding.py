"""Parts of updates encoded once and shared between connections (issue 18, CPU per move): an
event's entry is translated and encoded once per language, whichever connection asks first,
and must still reach only the connections whose seat may see it."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import orjson
import pytest

from backroom.games import get_game
from backroom.server.hub import Hub
from backroom.server.live import LiveTable
from backroom.server.messages import Conn, dumps
from backroom.server.rows import SeatRow, TableRow
from backroom.server.store import Store


async def _table(hub: Hub) -> LiveTable:
    """Two seats, a person's (no memory aid: private sights are transient) and an agent's."""
    game = get_game("stool-pigeon")
    options = game.resolve_options({"memory_aid": False})
    row = TableRow(
        "shared", game.id, 2, options, 1, game.rules_version, 0.0, None, time.time(), "playing", None
    )
    row.seats = [SeatRow(0, "human", None, None, None), SeatRow(1, "agent", None, None, None)]
    return await hub.create(row)


def _events(table: LiveTable, conn: Conn) -> dict[str, dict[str, object]]:
    """The events of ``conn``'s next update, by kind."""
    update = orjson.loads(dumps(table.update_for(conn, table.shared())))
    return {e["kind"]: e for e in update["events"]}


@pytest.mark.parametrize("drawer_first", [True, False])
def test_a_drawn_card_encoded_for_its_seat_reaches_no_other_seat_nor_a_spectator(
    tmp_path: Path, drawer_first: bool
) -> None:
    asyncio.run(_draws(f"sqlite:///{tmp_path / 's.db'}", drawer_first))


async def _draws(url: str, drawer_first: bool) -> None:
    hub = Hub(Store(url))
    try:
        table = await _table(hub)
        drawers: set[int] = set()
        while len(drawers) < 2:  # each seat draws once: the person's sight, then the agent's
            seat = table.state.actors()[0]
            legal = table.state.legal_actions(seat)
            seen = table.event_count - 1
            if ("draw",) not in legal or seat in drawers:
                await table.submit(seat, next((a for a in legal if a != ("draw",)), legal[0]), None, None)
                continue
            await table.submit(seat, ("draw",), table.version, None)
            drawers.add(seat)
            drawer, other, watcher = Conn(seat, "en"), Conn(1 - seat, "en"), Conn(None, "en")
            order = [drawer, other, watcher] if drawer_first else [watcher, other, drawer]
            for conn in order:
                conn.seen = seen
            got = {id(conn): _events(table, conn) for conn in order}
            for onlooker in (other, watcher):  # told that the seat drew, never what
                assert "draw" in got[id(onlooker)] and "drew" not in got[id(onlooker)]
            drew = got[id(drawer)]["drew"]
            assert drew["params"] == {"seat": seat, "card": drew["params"]["card"]}
            assert drew.get("transient", False) is (seat == 0)
    finally:
        await hub.stop()
