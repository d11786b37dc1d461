"""A broadcast is encoded once per distinct spectator view (issue 18, CPU per move): spectators
alike in language and in what they have been sent share one encoded update, and each gets
exactly what it would have been sent alone."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import orjson

from backroom.games import get_game
from backroom.server.hub import Hub
from backroom.server.messages import Conn, dumps
from backroom.server.rows import SeatRow, TableRow
from backroom.server.store import Store


def test_spectators_alike_share_one_encoded_update(tmp_path: Path) -> None:
    asyncio.run(spectators(f"sqlite:///{tmp_path / 's.db'}"))


async def spectators(url: str) -> None:
    hub = Hub(Store(url))
    try:
        game = get_game("stool-pigeon")
        row = TableRow(
            "watched",
            game.id,
            2,
            game.resolve_options({}),
            1,
            game.rules_version,
            0.0,
            None,
            time.time(),
            "playing",
            None,
        )
        row.seats = [SeatRow(seat, "agent", None, None, None) for seat in (0, 1)]
        table = await hub.create(row)
        seat = table.state.actors()[0]
        await table.submit(seat, table.state.legal_actions(seat)[0], table.version, None)
        crowd = [Conn(None, "en"), Conn(None, "en"), Conn(None, "es"), Conn(None, "en")]
        for conn in crowd:
            assert await table.join(conn)
        crowd[-1].seen = -1  # it asked for everything again (a change of language does)
        before = [(conn.lang, conn.seen) for conn in crowd]
        built: list[Conn] = []
        update_for = table.update_for

        def counted(conn: Conn, shared: Any) -> dict[str, Any]:
            built.append(conn)
            return update_for(conn, shared)

        table.update_for = counted  # type: ignore[method-assign]
        for conn in crowd:
            conn.outbox._items.clear()
        table.broadcast()
        table.update_for = update_for  # type: ignore[method-assign]
        assert len(built) == 3  # English, Spanish, and English from the start
        sent = [conn.outbox._items[-1] for conn in crowd]
        assert sent[0] == sent[1] and sent[0] != sent[3]
        assert {conn.seen for conn in crowd} == {table.event_count - 1}
        for (lang, seen), text in zip(before, sent, strict=True):  # what each would get alone
            alone = Conn(None, lang)
            alone.seen = seen
            assert orjson.loads(text) == orjson.loads(dumps(update_for(alone, table.shared())))
    finally:
        await hub.stop()
