"""Replays of finished tables: the game again, move by move, as one seat (or a spectator) saw it.

Only a finished table is replayed: before the end the log and the seed would show every
hidden card (the record is refused for the same reason). The whole replay is computed at once,
in a thread, from the stored record: the browser then steps through it without asking again.
The last few are kept, encoded, because a shared link brings several people to one replay.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

import orjson

from backroom.engine.record import Record
from backroom.games import get_game
from backroom.i18n import translate

if TYPE_CHECKING:
    from backroom.server.hub import Hub
    from backroom.server.live import LiveTable

KEPT = 8
"""Encoded replays kept: a long Corruption game is about 1 MB from one seat, so at most ~10 MB."""


class Replays:
    """The replays of finished tables, the latest ``KEPT`` of them kept encoded."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self._kept: OrderedDict[tuple[str, int | None, str], bytes] = OrderedDict()
        self._making: dict[tuple[str, int | None, str], asyncio.Task[bytes | None]] = {}
        """Replays being computed: a crowd that asks before the first is done waits for it."""

    def __len__(self) -> int:
        """How many replays are kept."""
        return len(self._kept)

    async def of(self, table: LiveTable, seat: int | None, lang: str) -> bytes | None:
        """The replay of finished ``table`` as ``seat`` saw it, as JSON (None: no record)."""
        key = (table.row.id, seat, lang)
        found = self._kept.get(key)
        if found is not None:
            self._kept.move_to_end(key)
            return found
        making = self._making.get(key)
        if making is None:
            making = self._making[key] = asyncio.create_task(self._make(table, seat, lang, key))
            making.add_done_callback(lambda done: self._made(key, done))
        # Shielded: a requester that leaves does not cancel the others' computation.
        return await asyncio.shield(making)

    def _made(self, key: tuple[str, int | None, str], done: asyncio.Task[bytes | None]) -> None:
        if self._making.get(key) is done:
            del self._making[key]
        if not done.cancelled():
            done.exception()  # retrieved: each requester that still waits got it already

    async def _make(
        self, table: LiveTable, seat: int | None, lang: str, key: tuple[str, int | None, str]
    ) -> bytes | None:
        record = await self.hub.record(table.row.id)
        if record is None:
            return None
        names = list(table.names(lang))
        outcome = table.outcome_text(lang)
        body = await asyncio.to_thread(lambda: orjson.dumps(steps(record, seat, lang, names, outcome)))
        self._kept[key] = body
        while len(self._kept) > KEPT:
            self._kept.popitem(last=False)
        return body


def steps(
    record: Record, seat: int | None, lang: str, names: list[str], outcome: dict[str, Any] | None
) -> dict[str, Any]:
    """Every step of the game for ``seat``: the view after each action (step 0: the deal), who
    was asked, and the events of that step that ``seat`` could see, translated."""
    game = get_game(record.game)
    state, events = game.start(record.players, record.options, record.seed)
    out = [_step(state, events, seat, record.game, lang, names, None)]
    for actor, action in record.actions:
        events = state.apply(actor, action)
        out.append(_step(state, events, seat, record.game, lang, names, actor))
    return {
        "game": record.game,
        "players": record.players,
        "seat": seat,
        "names": names,
        "steps": out,
        "outcome": outcome,
    }


def _step(
    state: Any,
    events: list[Any],
    seat: int | None,
    game_id: str,
    lang: str,
    names: list[str],
    actor: int | None,
) -> dict[str, Any]:
    seen = [e for e in events if e.to is None or (seat is not None and seat in e.to)]
    return {
        "actor": actor,
        "actors": list(state.actors()),
        "view": state.view(seat),
        "events": [
            {
                "kind": e.kind,
                "params": e.to_json()["params"],
                "text": translate(lang, f"{game_id}.event.{e.kind}", e.to_json()["params"], names),
            }
            for e in seen
        ],
    }
