"""Tables in play: the authoritative state of each table, its connections, bots and timers.

One ``LiveTable`` per table in memory. Its ``state`` is always the replay of the stored log:
an action is applied to a clone, the clone's action is committed, and only then does the
clone become the table's state and are the ack and the updates sent. A failed commit thus
leaves the table exactly as it was. Each table has one lock (actions are serial per table)
and one driver task (bots, autoplay, turn timers), so nothing blocks the event loop. What
each connection is sent is built in ``updates.py``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections import deque
from collections.abc import Awaitable
from typing import TYPE_CHECKING, Any

import orjson

from backroom.bots import Bot
from backroom.engine.actions import Action, action_to_json
from backroom.engine.errors import IllegalAction
from backroom.engine.events import Event
from backroom.engine.game import Game, State
from backroom.i18n import seat_name
from backroom.server import updates
from backroom.server.audience import Audience
from backroom.server.chain import link
from backroom.server.chat import Chat
from backroom.server.driver import Driver
from backroom.server.idle import IdleClock, Timers
from backroom.server.leases import Fenced
from backroom.server.messages import Conn, Refused, dumps
from backroom.server.rows import SeatRow, TableRow, Write
from backroom.server.seating import Seating
from backroom.server.trouble import WriteTrouble
from backroom.server.writer import Conflict

if TYPE_CHECKING:
    from backroom.server.hub import Hub

log = logging.getLogger("backroom.server")

RECENT_EVENTS = 200
"""Events kept in memory per table: what a joining connection gets as the recent log."""

LoggedEvent = tuple[int, str, tuple[int, ...] | None, str]
"""A remembered event: its index, kind, the seats it is for (None: everyone) and its parameters
as JSON. A plain tuple of atoms, because the cyclic garbage collector stops tracking those: the
recent logs of hundreds of tables then cost its pauses nothing (as ``Event`` objects with
parameter dicts they were most of what a full collection had to walk). The JSON is kept as
text: orjson's bytes keep a 4 KiB buffer each."""


ACTION_TEXTS = 65536
"""Actions whose stored text is kept (the same few recur at every table)."""

_action_texts: dict[Action, str] = {}


def action_text(action: Action) -> str:
    """An action's JSON text as it is stored and hashed (``json.dumps``), kept per action."""
    try:
        text = _action_texts.get(action)
    except TypeError:  # a list inside: not kept
        return json.dumps(action_to_json(action))
    if text is None:
        if len(_action_texts) >= ACTION_TEXTS:
            _action_texts.clear()
        text = _action_texts[action] = json.dumps(action_to_json(action))
    return text


class LiveTable:
    def __init__(self, hub: Hub, row: TableRow, game: Game, state: State, version: int, epoch: int) -> None:
        self.hub = hub
        self.epoch = epoch
        """This process's lease on the table (``leases.py``): its writes commit only under it."""
        self.row = row
        self.game = game
        self.state = state
        self.version = version
        self.human_recall = game.human_recall(row.options)
        self.events: deque[LoggedEvent] = deque(maxlen=RECENT_EVENTS)
        self.event_count = 0
        self.latest_events = 0
        """Index of the first event of the latest action (or of the setup)."""
        self.delivered = [-1] * row.players
        """Per seat, the last event index any of its connections was sent."""
        self.client_ids: set[tuple[int, str]] = set()
        self.conns: set[Conn] = set()
        self.connected = [0] * row.players
        now = time.time()
        self.away_since: list[float | None] = [None if s.kind == "bot" else now for s in self.seat_rows()]
        self.autoplay = [False] * row.players
        self.lock = asyncio.Lock()
        self.active_at = time.monotonic()
        self.unloaded = False
        """Set (under the lock) when the hub forgets the table: a late joiner must load it anew."""
        self.wake = asyncio.Event()
        self.driver: asyncio.Task[None] | None = None
        self._presence: asyncio.TimerHandle | None = None
        """The coming broadcast of who is connected, while joins and leaves are being gathered."""
        self._presence_at = -float("inf")
        """When (monotonic) the latest such broadcast went out."""
        self.bots: dict[int, Bot] = {}
        self.trouble = WriteTrouble(f"table {row.id}")
        """Writes the database refused lately: how long bots wait, whether to log (trouble.py)."""
        # Views and legal lists are cached encoded: one update serves several connections, and
        # bytes, unlike nested dicts, give the garbage collector nothing to walk.
        self._views: dict[int | None, orjson.Fragment] = {}
        self._legal: dict[tuple[int, str], tuple[int, list[Action], orjson.Fragment]] = {}
        self._legal_latest: tuple[int, str, list[Action], orjson.Fragment] | None = None
        """The latest list labelled (version, language, actions, entries): at one version,
        a list equal to it is the same text whatever the seat, and is not looked up again."""
        self.static_labels = type(state).STATIC_LABELS
        self._entries: dict[tuple[int, str, bool], orjson.Fragment] = {}
        self._names: dict[str, tuple[str, ...]] = {}
        self._outcome: dict[str, Any] | None = None
        self.is_over = False
        """Whether the game has ended: kept with ``_outcome`` rather than a property, which
        CPython 3.11 calls through C at every read (several a move)."""
        self._outcome_texts: dict[str, dict[str, Any]] = {}
        """The outcome with its sentence, by language (``updates.outcome_text``)."""
        self._refresh_outcome()
        self.idle = None if row.timers is None else IdleClock(Timers(**row.timers), game, row.players)
        self.auto = Driver(self)
        self.auto.time_idle(None)
        self.chat = Chat(self)
        self.audience = Audience(self)
        self.seating = Seating(self)

    # -- identity

    def seat_rows(self) -> list[SeatRow]:
        return self.row.seats

    def names(self, lang: str) -> tuple[str, ...]:
        names = self._names.get(lang)
        if names is None:
            names = self._names[lang] = tuple(s.name or seat_name(lang, s.seat) for s in self.seat_rows())
        return names

    def remember(self, events: list[Event]) -> None:
        self.latest_events = self.event_count
        for e in events:
            params = orjson.dumps(e.to_json()["params"]).decode()
            self.events.append((self.event_count, e.kind, None if e.to is None else tuple(e.to), params))
            self.event_count += 1
        if len(self._entries) > 4 * RECENT_EVENTS:
            oldest = self.events[0][0]
            self._entries = {k: v for k, v in self._entries.items() if k[0] >= oldest}

    def _refresh_outcome(self) -> None:
        outcome = self.state.outcome()
        self._outcome = None if outcome is None else outcome.to_json()
        self.is_over = outcome is not None
        if self._outcome_texts:
            self._outcome_texts = {}

    # -- what clients see

    def seats_json(self) -> list[dict[str, Any]]:
        seats = []  # a loop: a comprehension would make ``self`` a cell (every update)
        for s in self.row.seats:
            connected = s.kind == "bot" or self.connected[s.seat] > 0
            autoplay = self.autoplay[s.seat]
            seats.append(
                {"seat": s.seat, "name": s.name, "kind": s.kind, "connected": connected, "autoplay": autoplay}
            )
        return seats

    def summary(self) -> dict[str, Any]:
        return {
            "id": self.row.id,
            "game": self.row.game,
            "players": self.row.players,
            "options": self.row.options,
            "version": self.version,
            "status": self.status(),
            "seats": self.seats_json(),
            "outcome": self._outcome,
            "seeded": self.row.seeded,
            "timers": self.row.timers,
            "rematch": self.row.rematch,
            "rematch_of": self.row.rematch_of,
            "hidden": self.row.hidden,
        }

    def status(self) -> str:
        """``over``; ``idle`` while nobody is here and nothing is due (``Driver.dormant``), so
        nothing can happen until someone comes; else ``playing``. The lobby and the table's
        own page say the same."""
        return "over" if self.is_over else "idle" if self.auto.dormant() else "playing"

    def open_seats(self) -> int:
        return sum(1 for s in self.seat_rows() if s.open and self.connected[s.seat] == 0)

    # Each connection's update, built in ``updates.py`` and bound here as methods.
    view_of = updates.view_of
    deadline = updates.deadline
    outcome_text = updates.outcome_text
    shared = updates.shared
    update_for = updates.update_for
    broadcast = updates.broadcast
    presence_changed = updates.presence_changed

    # -- connections

    async def join(self, conn: Conn) -> bool:
        """Seat ``conn``; False if the table has just left memory (load it again and retry).
        Raises ``Refused`` when the table or the seat holds as many connections as it may."""
        async with self.lock:
            if self.unloaded:
                return False
            refusal = self.hub.admission.table_refusal(self, conn.seat)
            if refusal is not None:
                raise Refused(refusal[0], limit=refusal[1])
            seat = conn.seat
            if seat is not None and not self.row.seats[seat].joined:
                try:
                    await self._mark_joined(seat)
                except Fenced:  # before the connection is added: nothing of it stays here
                    self.lost()
                    return False
            self.active_at = time.monotonic()
            self.conns.add(conn)
            conn.send(
                {
                    "type": "welcome",
                    "table": self.row.id,
                    "seat": conn.seat,
                    "game": self.row.game,
                    "players": self.row.players,
                    "seeded": self.row.seeded,
                    "hidden": self.row.hidden,
                }
            )
            if seat is not None:
                self.connected[seat] += 1
                self.away_since[seat] = None
                self.autoplay[seat] = False
            if seat is None or not self.presence_changed():  # the joiner's update, at once
                conn.send(self.update_for(conn, self.shared()))
            self.chat.join(conn)
        self.wake.set()
        return True

    async def _mark_joined(self, seat: int) -> None:
        """Store that someone sat at ``seat`` (once per seat). If the database refuses, the seat
        counts as taken for this process's life all the same; a restart might offer it again.
        Raises ``Fenced``, the seat unchanged, if another worker holds the table now."""
        try:
            await self.hub.store.amark_joined(self.row.id, seat, self.epoch)
        except Fenced:
            raise
        except Exception as exc:
            self.trouble.failed(exc)
        self.row.seats[seat].joined = True

    async def leave(self, conn: Conn) -> None:
        async with self.lock:
            self.active_at = time.monotonic()
            self.conns.discard(conn)
            seat = conn.seat
            if seat is not None:
                self.connected[seat] -= 1
                if self.connected[seat] == 0:
                    self.away_since[seat] = time.time()
                self.presence_changed()
            self.chat.leave(conn)
        self.wake.set()
        self.hub.release(self)

    async def refresh(self, conn: Conn) -> None:
        """A full update for one connection (after a language change): the recent log again."""
        async with self.lock:
            conn.seen = -1
            conn.send(self.update_for(conn, self.shared()))

    # -- actions

    async def submit(
        self,
        seat: int,
        action: Action,
        version: int | None,
        client_id: str | None,
        reply: Conn | None = None,
        auto: bool = False,
    ) -> int:
        """Check, apply, store, then ack and broadcast; raise ``Refused`` with nothing changed.

        ``auto`` marks a bot's move: refused if its seat's player came back meanwhile."""
        async with self.lock:
            if auto and not self.auto.is_auto(seat):
                raise Refused("not_your_turn")
            if self.is_over:
                raise Refused("game_over")
            if version is not None and version != self.version:
                raise Refused("stale_version")
            if client_id is not None and (seat, client_id) in self.client_ids:
                raise Refused("duplicate_id")
            state = self.state
            after = state.clone()
            try:
                events = after.apply(seat, action)
            except IllegalAction as refused:  # the game's own reason: it depends on nothing hidden
                raise Refused(
                    "not_your_turn" if seat not in state.actors() else "illegal_action", refused
                ) from None
            n = self.version + 1
            outcome = after.outcome()
            text = action_text(action)
            write = Write(
                self.row.id,
                n,
                seat,
                text,
                client_id,
                link(self.row.head, self.row.id, n, seat, text, client_id),
                snapshot=after.to_json() if n % self.hub.snapshot_every == 0 else None,
                outcome=None if outcome is None else outcome.to_json(),
                epoch=self.epoch,
            )
            try:
                await self.hub.store.awrite(write)
            except Conflict:
                log.warning(
                    "action %d of table %s was already stored by another writer: reloading the table",
                    n,
                    self.row.id,
                )
                await self._reload()
                raise Refused("stale_version") from None
            except Fenced:
                raise self.lost() from None
            except Exception as exc:
                self.trouble.failed(exc)
                raise Refused("server_error") from None
            self.trouble.succeeded()
            self.row.head = write.chain
            self.state = after
            self.version = n
            self.active_at = time.monotonic()
            self._views = {}
            self._refresh_outcome()
            self.auto.time_idle(seat)
            if client_id is not None:
                self.client_ids.add((seat, client_id))
            self.remember(events)
            ack = {"type": "ack", "id": client_id, "version": n}
            self.broadcast(None if reply is None else (reply, dumps(ack)))
        if self.is_over or self.auto.moves_by_itself():
            self.wake.set()
        return n

    async def _reload(self) -> None:
        """Become the table the database holds (called under the lock, when another writer's
        action took this one's place): retrying the same action could never succeed, and the
        players would stay at a version the log has left behind. Connections stay; each gets
        the whole table again. A log that no longer loads quarantines the table, and one that
        cannot be read now leaves memory: either way its connections are closed."""
        try:
            fresh = await self.hub.read(self.row.id)
        except Exception:
            log.exception("table %s could not be reloaded", self.row.id)
            fresh = None
        if fresh is None:  # out of memory then: the next visitor loads it, or learns it is damaged
            self._leave_memory("damaged_table" if self.row.id in self.hub.damaged else "server_error")
            return
        self.epoch = fresh.epoch
        self.row = fresh.row
        self.state = fresh.state
        self.version = fresh.version
        self.events = fresh.events
        self.event_count = fresh.event_count
        self.latest_events = fresh.latest_events
        self.delivered = fresh.delivered
        self.client_ids = fresh.client_ids
        self.seating.tokens = fresh.seating.tokens
        self.bots = {}
        self._views = {}
        self._legal = {}
        self._legal_latest = None
        self._entries = {}
        self._names = {}
        self._refresh_outcome()
        self.auto.time_idle(None)
        for conn in self.conns:
            conn.seen = -1
        self.broadcast()

    async def owned(self, write: Awaitable[None]) -> None:
        """Await ``write``, a store write fenced by this table's lease; fenced, ``lost``'s
        refusal is raised instead (change memory only after this returns)."""
        try:
            await write
        except Fenced:
            raise self.lost() from None

    def lost(self) -> Refused:
        """The store refused a write of this table (``Fenced``): another worker took it while
        this one was paused past its lease. Out of memory (``moved``); the refusal to give
        whoever asked, with nothing stored."""
        log.warning("table %s moved to another worker: its lease is past epoch %d", self.row.id, self.epoch)
        self.moved()
        return Refused("table_moved")

    def moved(self) -> None:
        """Another worker holds the table now: leave memory, and tell every connection, whose
        client reconnects and so reaches the table where it is."""
        self._leave_memory("table_moved")

    def _leave_memory(self, code: str) -> None:
        """Out of memory at once, connections closed with ``code``; the driver ends by itself."""
        self.unloaded = True
        self.hub.forget(self)
        for conn in list(self.conns):
            conn.error(code)
            conn.closed = True
            conn.outbox.close()
        self.audience.stop()
        if self._presence is not None:
            self._presence.cancel()
            self._presence = None
        self.wake.set()

    # -- the driver: bots, autoplay and turn timers

    def start(self) -> None:
        if self.driver is None and not self.is_over:
            self.driver = asyncio.create_task(self.auto.drive(), name=f"table-{self.row.id}")

    async def stop(self) -> None:
        self.audience.stop()
        if self._presence is not None:
            self._presence.cancel()
            self._presence = None
        if self.driver is not None:
            self.driver.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.driver
            self.driver = None
