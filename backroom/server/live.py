"""Tables in play: the authoritative state of each table, its connections, bots and timers.

One ``LiveTable`` per table in memory. Its ``state`` is always the replay of the stored log:
an action is applied to a clone, the clone's action is committed, and only then does the
clone become the table's state and are the ack and the updates sent. A failed commit thus
leaves the table exactly as it was. Each table has one lock (actions are serial per table)
and one driver task (bots, autoplay, turn timers), so nothing blocks the event loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import time
from collections import deque
from typing import TYPE_CHECKING, Any

import orjson

from backroom.bots import Bot
from backroom.engine.actions import Action, action_to_json
from backroom.engine.errors import IllegalAction
from backroom.engine.events import Event
from backroom.engine.game import Game, State
from backroom.i18n import seat_name, translate
from backroom.server.audience import Audience
from backroom.server.chain import link
from backroom.server.chat import Chat
from backroom.server.driver import Driver
from backroom.server.idle import IdleClock, Timers
from backroom.server.labels import legal_json
from backroom.server.leases import Fenced
from backroom.server.messages import Conn, Refused, dumps
from backroom.server.rows import SeatRow, TableRow, Write
from backroom.server.seating import Seating
from backroom.server.store import Conflict
from backroom.server.trouble import WriteTrouble

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

Shared = tuple[int | None, orjson.Fragment, list[int]]
"""What every connection's update says alike: the turn deadline, the seats, the actors."""


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
        self.static_labels = type(state).STATIC_LABELS
        self._entries: dict[tuple[int, str, bool], orjson.Fragment] = {}
        self._names: dict[str, tuple[str, ...]] = {}
        self._outcome: dict[str, Any] | None = None
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

    @property
    def is_over(self) -> bool:
        return self._outcome is not None

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

    def _event_entry(self, index: int, kind: str, params: str, lang: str, transient: bool) -> orjson.Fragment:
        """An event as updates carry it, translated and encoded once per event and language,
        however many connections see it."""
        key = (index, lang, transient)
        entry = self._entries.get(key)
        if entry is None:
            text = translate(lang, f"{self.row.game}.event.{kind}", orjson.loads(params), self.names(lang))
            fields: dict[str, Any] = {"kind": kind, "params": orjson.Fragment(params), "text": text}
            if transient:
                fields["transient"] = True
            entry = self._entries[key] = orjson.Fragment(orjson.dumps(fields))
        return entry

    def _legal_for(self, seat: int, lang: str) -> orjson.Fragment:
        """A seat's labelled legal actions, computed once per version and language; where a
        game's labels depend on the action alone, an unchanged list (the other seats of a
        reaction window, say, while one of them passes) is not even relabelled."""
        key = (seat, lang)
        cached = self._legal.get(key)
        if cached is not None and cached[0] == self.version:
            return cached[2]
        state = self.state
        actions = state.legal_actions(seat)
        if cached is not None and self.static_labels and cached[1] == actions:
            legal = cached[2]
        else:
            legal = legal_json(state, actions, lang, self.names(lang))
        self._legal[key] = (self.version, actions, legal)
        return legal

    def _refresh_outcome(self) -> None:
        outcome = self.state.outcome()
        self._outcome = None if outcome is None else outcome.to_json()

    # -- what clients see

    def seats_json(self) -> list[dict[str, Any]]:
        return [
            {
                "seat": s.seat,
                "name": s.name,
                "kind": s.kind,
                "connected": s.kind == "bot" or self.connected[s.seat] > 0,
                "autoplay": self.autoplay[s.seat],
            }
            for s in self.seat_rows()
        ]

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
        return sum(1 for s in self.seat_rows() if s.kind != "bot" and self.connected[s.seat] == 0)

    def view_of(self, seat: int | None) -> orjson.Fragment:
        cached = self._views.get(seat)
        if cached is None:
            if seat is None:
                view = self.state.view(None)
            else:
                kind = self.row.seats[seat].kind
                view = self.state.view(seat, recall=self.human_recall if kind == "human" else True)
            cached = self._views[seat] = orjson.Fragment(orjson.dumps(view))
        return cached

    def deadline(self) -> int | None:
        timer = self.row.turn_timer
        if (timer is None and self.idle is None) or self.is_over:
            return None
        times = (
            []
            if timer is None
            else [
                away + timer
                for seat in self.state.actors()
                if (away := self.away_since[seat]) is not None and not self.autoplay[seat]
            ]
        )
        if self.idle is not None:
            times += [due for seat in self.state.actors() if (due := self.idle.due_at(seat)) is not None]
        return int(min(times) * 1000) if times else None

    def outcome_text(self, lang: str) -> dict[str, Any] | None:
        if self._outcome is None:
            return None
        names = self.names(lang)
        gid = self.row.game
        details = self._outcome.get("details") or {}
        text = translate(lang, f"{gid}.end.{self._outcome['reason']}", details, names)
        if self._outcome.get("tiebreak"):
            text += " " + translate(lang, f"{gid}.tiebreak.{self._outcome['tiebreak']}", details, names)
        return {**self._outcome, "text": text}

    def shared(self) -> Shared:
        """What an update says alike to every connection: the turn deadline, the seats and the
        seats that act."""
        return self.deadline(), orjson.Fragment(orjson.dumps(self.seats_json())), list(self.state.actors())

    def update_for(self, conn: Conn, shared: Shared) -> dict[str, Any]:
        deadline, seats, actors = shared
        seat = conn.seat
        lang = conn.lang
        legal: orjson.Fragment | list[Any] = []
        if seat is not None and seat in actors and not self.autoplay[seat]:
            legal = self._legal_for(seat, lang)
        events = []
        # Without the memory aid a person must remember what they saw: a private event reaches
        # them once, marked transient (the client drops it when they next act), and is not sent
        # again when they rejoin, unless it belongs to the latest action. A seat that joins late
        # still gets what it was never sent (the deal's look at the bottom row).
        forget = seat is not None and self.row.seats[seat].kind == "human" and not self.human_recall
        delivered = -1 if seat is None else self.delivered[seat]
        first_new = self.event_count - len(self.events)
        for index, kind, to, params in itertools.islice(self.events, max(0, conn.seen + 1 - first_new), None):
            if to is not None and (seat is None or seat not in to):
                continue
            private = forget and to is not None
            if private and index < self.latest_events and index <= delivered:
                continue
            events.append(self._event_entry(index, kind, params, lang, private))
        conn.seen = self.event_count - 1
        if seat is not None:
            self.delivered[seat] = conn.seen
        update = {
            "type": "update",
            "version": self.version,
            "view": self.view_of(seat),
            "actors": actors,
            "legal": legal,
            "events": events,
            "seats": seats,
            "deadline": deadline,
            "outcome": self.outcome_text(lang),
        }
        if self.idle is not None and (clocks := self.idle.clocks()) is not None:
            update["clocks"] = clocks
        if self.row.rematch is not None:
            update["rematch"] = self.row.rematch
        return update

    def broadcast(self, ack: tuple[Conn, str] | None = None) -> None:
        """Send every connection its update; ``ack`` (a connection and its encoded ack) goes
        out just before that connection's update, in the same write."""
        if self._presence is not None:  # this update says who is here: nothing left to gather
            self._presence.cancel()
            self._presence = None
        shared = self.shared()
        if ack is not None and ack[0] not in self.conns:
            ack[0].send_text(ack[1])
        # A spectator's update depends only on its language and on what it has already been
        # sent: built and encoded once for every spectator alike in both (a crowd costs one).
        watching: dict[tuple[str, int], str] = {}
        for conn in list(self.conns):
            if conn.seat is not None:
                update = dumps(self.update_for(conn, shared))
                if ack is not None and conn is ack[0]:
                    conn.send_text(ack[1], update)
                else:
                    conn.send_text(update)
                continue
            key = (conn.lang, conn.seen)
            text = watching.get(key)
            if text is None:
                text = watching[key] = dumps(self.update_for(conn, shared))
            else:
                conn.seen = self.event_count - 1
            conn.send_text(text)

    def presence_changed(self) -> bool:
        """Tell every connection that a seat came or went: at once if the table has said nothing
        of it for ``presence_interval`` seconds, else in one update at the end of that interval
        for every join and leave meanwhile (a reconnect loop would otherwise send each seat an
        update per attempt, and a slow honest player fell a minute behind). True when the
        update went out now."""
        if self._presence is not None:
            return False
        wait = self._presence_at + self.hub.limits.presence_interval - time.monotonic()
        if wait > 0:
            self._presence = asyncio.get_running_loop().call_later(wait, self._send_presence)
            return False
        self._send_presence()
        return True

    def _send_presence(self) -> None:
        self.broadcast()
        self._presence_at = time.monotonic()

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
            seat = conn.seat
            if seat is not None and not self.row.seats[seat].joined:
                await self._mark_joined(seat)
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
        counts as taken for this process's life all the same; a restart might offer it again."""
        self.row.seats[seat].joined = True
        try:
            await self.hub.store.amark_joined(self.row.id, seat)
        except Exception as exc:
            self.trouble.failed(exc)

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
            text = json.dumps(action_to_json(action))
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
                log.warning(
                    "table %s moved to another worker: its lease is past epoch %d", self.row.id, self.epoch
                )
                self.moved()
                raise Refused("table_moved") from None
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
        self._entries = {}
        self._names = {}
        self._refresh_outcome()
        self.auto.time_idle(None)
        for conn in self.conns:
            conn.seen = -1
        self.broadcast()

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
