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
import hashlib
import itertools
import logging
import random
import secrets
import time
from collections import deque
from collections.abc import Callable
from typing import Any

import orjson

from backroom.bots import Bot, Observation, bot_kinds, make_bot
from backroom.engine.actions import Action, action_to_json
from backroom.engine.errors import IllegalAction
from backroom.engine.events import Event
from backroom.engine.game import Game, State
from backroom.engine.record import Record
from backroom.games import get_game
from backroom.i18n import seat_name, translate
from backroom.server.labels import legal_json
from backroom.server.settings import RATE, TABLES_PER_MINUTE
from backroom.server.store import SNAPSHOT_EVERY, SeatRow, Store, TableRow, Write

log = logging.getLogger("backroom.server")

RECENT_EVENTS = 200
"""Events kept in memory per table: what a joining connection gets as the recent log."""

LoggedEvent = tuple[int, str, tuple[int, ...] | None, str]
"""A remembered event: its index, kind, the seats it is for (None: everyone) and its parameters
as JSON. A plain tuple of atoms, because the cyclic garbage collector stops tracking those: the
recent logs of hundreds of tables then cost its pauses nothing (as ``Event`` objects with
parameter dicts they were most of what a full collection had to walk). The JSON is kept as
text: orjson's bytes keep a 4 KiB buffer each."""

OUTBOX_LIMIT = 1000
"""Messages queued for one connection before it is judged dead and dropped."""

IDLE_UNLOAD = 600.0
"""Seconds a table in play may sit with nobody connected and nothing due (no bot to move, no
turn timer running) before it leaves memory; its log stays in the database and the next
visitor loads it again. Memory then holds the tables being played, not every table begun."""


class Refused(Exception):
    """An action or message refused with a protocol error code; nothing changed. ``rule`` is
    the game's own reason (``IllegalAction``) when the rules refused the action."""

    def __init__(self, code: str, rule: IllegalAction | None = None) -> None:
        super().__init__(code)
        self.code = code
        self.rule = rule


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token() -> str:
    """256 random bits, URL-safe: an invite link is the only key to its seat."""
    return secrets.token_urlsafe(32)


def dumps(message: dict[str, Any]) -> str:
    """A message as compact UTF-8 JSON text. orjson, because encoding every seat's update was a
    fifth of the server's time per move with the standard library's encoder."""
    return orjson.dumps(message).decode("utf-8")


class TokenBucket:
    """``rate`` tokens a second, at most ``burst`` (default: ``rate``) saved up."""

    __slots__ = ("rate", "burst", "tokens", "stamp")

    def __init__(self, rate: float, burst: float | None = None) -> None:
        self.rate = rate
        self.burst = rate if burst is None else burst
        self.tokens = self.burst
        self.stamp = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


class Conn:
    """One WebSocket connection: its seat (None: spectator), language, and outbox."""

    __slots__ = ("seat", "lang", "outbox", "seen", "bucket", "closed")

    def __init__(self, seat: int | None, lang: str, rate: float = RATE) -> None:
        self.seat = seat
        self.lang = lang
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.seen = -1
        self.bucket = TokenBucket(rate)
        self.closed = False

    def send(self, message: dict[str, Any]) -> None:
        if self.closed:
            return
        if self.outbox.qsize() >= OUTBOX_LIMIT:
            # A client that does not read is not allowed to grow the server's memory.
            self.closed = True
            self.outbox.put_nowait(None)
            return
        self.outbox.put_nowait(dumps(message))

    def error(self, code: str, client_id: str | None = None, /, **params: Any) -> None:
        self.send(error_message(self.lang, code, client_id, **params))


def error_message(lang: str, code: str, client_id: str | None = None, /, **params: Any) -> dict[str, Any]:
    return {
        "type": "error",
        "code": code,
        "message": translate(lang, f"server.error.{code}", params),
        "id": client_id,
    }


def refusal_message(
    lang: str, refused: Refused, client_id: str | None, names: tuple[str, ...]
) -> dict[str, Any]:
    """A refused move: the protocol code, and the rule that refused it in the reader's words
    (``rule`` is its catalog key, stable for programs)."""
    if refused.rule is None:
        return error_message(lang, refused.code, client_id)
    rule = refused.rule
    params = {k: v for k, v in rule.params.items() if k != "action"}
    return {
        "type": "error",
        "code": refused.code,
        "rule": rule.key,
        "message": translate(lang, rule.key, params, names),
        "id": client_id,
    }


class LiveTable:
    def __init__(self, hub: Hub, row: TableRow, game: Game, state: State, version: int) -> None:
        self.hub = hub
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
        self.since_creation = False
        """Held in memory since it was created (set by ``Hub.create``): only then does
        ``delivered`` know every seat anyone ever sat in. A table loaded from the store (after a
        restart or an idle unload) has no free seat, so that nobody can take the seat of a player
        who is merely away."""
        self.client_ids: set[tuple[int, str]] = set()
        self.tokens = {s.token_hash: s.seat for s in row.seats if s.token_hash}
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
        self.bots: dict[int, Bot] = {}
        # Views and legal lists are cached encoded: one update serves several connections, and
        # bytes, unlike nested dicts, give the garbage collector nothing to walk.
        self._views: dict[int | None, orjson.Fragment] = {}
        self._legal: dict[tuple[int, str], tuple[int, list[Action], orjson.Fragment]] = {}
        self.static_labels = type(state).STATIC_LABELS
        self._texts: dict[tuple[int, str], str] = {}
        self._names: dict[str, tuple[str, ...]] = {}
        self._outcome: dict[str, Any] | None = None
        self._refresh_outcome()

    # -- identity

    def seat_rows(self) -> list[SeatRow]:
        return self.row.seats

    def seat_for_token(self, token: str) -> int | None:
        return self.tokens.get(hash_token(token))

    async def rotate_token(self, token: str) -> tuple[int, str] | None:
        """A new token for the seat ``token`` opens, stored before it is given out; the old one
        opens nothing any more (a leaked invite link is revoked). None: no such seat."""
        async with self.lock:  # two rotations with one token: the second finds it gone
            seat = self.seat_for_token(token)
            if seat is None:
                return None
            fresh = new_token()
            fresh_hash = hash_token(fresh)
            await self.hub.store.arotate_token(self.row.id, seat, fresh_hash)
            self.tokens.pop(hash_token(token), None)
            self.tokens[fresh_hash] = seat
            self.row.seats[seat].token_hash = fresh_hash
            return seat, fresh

    def is_free(self, seat: int) -> bool:
        """A person's seat nobody has come to (see ``since_creation``): open to a newcomer from
        the lobby, or to a bot at the host's word."""
        spec = self.row.seats[seat]
        never_came = self.connected[seat] == 0 and self.delivered[seat] < 0
        return self.since_creation and spec.kind == "human" and never_came

    async def claim_seat(self) -> tuple[int, str] | None:
        """The first free seat, with a new token for whoever asked from the lobby's tables list
        (the unused invite link stops working: the seat is theirs now). None: no free seat."""
        async with self.lock:
            seat = next((s for s in range(self.row.players) if self.is_free(s) and not self.is_over), None)
            if seat is None:
                return None
            old = self.row.seats[seat].token_hash
            fresh = new_token()
            fresh_hash = hash_token(fresh)
            await self.hub.store.arotate_token(self.row.id, seat, fresh_hash)
            self.tokens.pop(old or "", None)
            self.tokens[fresh_hash] = seat
            self.row.seats[seat].token_hash = fresh_hash
            return seat, fresh

    async def seat_to_bot(self, token: str) -> int | None:
        """The seat ``token`` opens, if nobody ever came to it, is played by a bot from now on
        (stored); the token opens nothing any more. None: no such free seat."""
        async with self.lock:
            seat = self.seat_for_token(token)
            if seat is None or not self.is_free(seat) or self.is_over:
                return None
            await self.hub.store.aseat_to_bot(self.row.id, seat)
            self.tokens.pop(hash_token(token), None)
            spec = self.row.seats[seat]
            spec.kind, spec.bot, spec.token_hash = "bot", None, None
            self.away_since[seat] = None
            self.broadcast()
        self.start()
        self.wake.set()
        return seat

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
        if len(self._texts) > 4 * RECENT_EVENTS:
            oldest = self.events[0][0]
            self._texts = {k: v for k, v in self._texts.items() if k[0] >= oldest}

    def _event_text(self, index: int, kind: str, params: str, lang: str) -> str:
        """Translated once per event and language, however many connections see it."""
        text = self._texts.get((index, lang))
        if text is None:
            key = f"{self.row.game}.event.{kind}"
            text = translate(lang, key, orjson.loads(params), self.names(lang))
            self._texts[(index, lang)] = text
        return text

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
            "status": "over" if self.is_over else "playing",
            "seats": self.seats_json(),
            "outcome": self._outcome,
        }

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
        if timer is None or self.is_over:
            return None
        times = [
            away + timer
            for seat in self.state.actors()
            if (away := self.away_since[seat]) is not None and not self.autoplay[seat]
        ]
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

    def shared(self) -> tuple[int | None, orjson.Fragment]:
        """What an update says alike to every connection: the turn deadline and the seats."""
        return self.deadline(), orjson.Fragment(orjson.dumps(self.seats_json()))

    def update_for(self, conn: Conn, shared: tuple[int | None, orjson.Fragment]) -> dict[str, Any]:
        deadline, seats = shared
        seat = conn.seat
        lang = conn.lang
        actors = list(self.state.actors())
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
            text = self._event_text(index, kind, params, lang)
            entry: dict[str, Any] = {"kind": kind, "params": orjson.Fragment(params), "text": text}
            if private:
                entry["transient"] = True
            events.append(entry)
        conn.seen = self.event_count - 1
        if seat is not None:
            self.delivered[seat] = conn.seen
        return {
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

    def broadcast(self) -> None:
        shared = self.shared()
        for conn in list(self.conns):
            conn.send(self.update_for(conn, shared))

    # -- connections

    async def join(self, conn: Conn) -> bool:
        """Seat ``conn``; False if the table has just left memory (load it again and retry)."""
        async with self.lock:
            if self.unloaded:
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
                }
            )
            seat = conn.seat
            if seat is not None:
                self.connected[seat] += 1
                self.away_since[seat] = None
                self.autoplay[seat] = False
                self.broadcast()
            else:
                conn.send(self.update_for(conn, self.shared()))
        self.wake.set()
        return True

    async def leave(self, conn: Conn) -> None:
        async with self.lock:
            self.active_at = time.monotonic()
            self.conns.discard(conn)
            seat = conn.seat
            if seat is not None:
                self.connected[seat] -= 1
                if self.connected[seat] == 0:
                    self.away_since[seat] = time.time()
                self.broadcast()
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
            if auto and not self._is_auto(seat):
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
            write = Write(
                self.row.id,
                n,
                seat,
                action_to_json(action),
                client_id,
                snapshot=after.to_json() if n % self.hub.snapshot_every == 0 else None,
                outcome=None if outcome is None else outcome.to_json(),
            )
            try:
                await self.hub.store.awrite(write)
            except Exception:
                log.exception("storing action %d of table %s failed", n, self.row.id)
                raise Refused("server_error") from None
            self.state = after
            self.version = n
            self.active_at = time.monotonic()
            self._views = {}
            self._refresh_outcome()
            if client_id is not None:
                self.client_ids.add((seat, client_id))
            self.remember(events)
            if reply is not None:
                reply.send({"type": "ack", "id": client_id, "version": n})
            self.broadcast()
        self.wake.set()
        return n

    # -- the driver: bots, autoplay and turn timers

    def start(self) -> None:
        if self.driver is None and not self.is_over:
            self.driver = asyncio.create_task(self._drive(), name=f"table-{self.row.id}")

    async def stop(self) -> None:
        if self.driver is not None:
            self.driver.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.driver
            self.driver = None

    def _expire_timers(self) -> bool:
        timer = self.row.turn_timer
        if timer is None:
            return False
        now = time.time()
        changed = False
        for seat, away in enumerate(self.away_since):
            if away is not None and not self.autoplay[seat] and now >= away + timer:
                self.autoplay[seat] = True
                changed = True
        return changed

    def _next_expiry(self) -> float | None:
        timer = self.row.turn_timer
        if timer is None:
            return None
        pending = [
            away + timer
            for seat, away in enumerate(self.away_since)
            if away is not None and not self.autoplay[seat]
        ]
        return min(pending) if pending else None

    def dormant(self) -> bool:
        """Nobody here and nothing due: until someone comes, nothing can happen at this table."""
        if self.conns or self.is_over:
            return False
        return self._auto_seat() is None and self._next_expiry() is None

    def _is_auto(self, seat: int) -> bool:
        return self.row.seats[seat].kind == "bot" or self.autoplay[seat]

    def _auto_seat(self) -> int | None:
        for seat in self.state.actors():
            if self._is_auto(seat):
                return seat
        return None

    def _bot(self, seat: int) -> tuple[Bot, bool]:
        """The bot for ``seat`` and whether it should think in a thread (anything but random)."""
        bot = self.bots.get(seat)
        spec = self.row.seats[seat]
        kinds = bot_kinds(self.game)
        kind = (
            spec.bot
            if spec.kind == "bot" and spec.bot
            else ("heuristic" if "heuristic" in kinds else "random")
        )
        if bot is None:
            bot = make_bot(kind, self.game, random.SystemRandom().randrange(2**63))
            self.bots[seat] = bot
        return bot, kind != "random"

    async def _drive(self) -> None:
        while not self.is_over:
            try:
                await self._drive_once()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the driver of table %s failed; retrying", self.row.id)
                await asyncio.sleep(1.0)
        self.driver = None
        self.hub.release(self)

    async def _drive_once(self) -> None:
        self.wake.clear()
        if self._expire_timers():
            async with self.lock:
                self.broadcast()
        seat = self._auto_seat()
        if seat is not None:
            version = self.version
            if self.row.bot_delay > 0:
                await asyncio.sleep(self.row.bot_delay)
            if self.version != version or self._auto_seat() != seat:
                return
            bot, threaded = self._bot(seat)
            state = self.state
            choose: Callable[[], Action] = lambda: bot.choose(Observation(state, seat))  # noqa: E731
            action = await asyncio.to_thread(choose) if threaded else choose()
            with contextlib.suppress(Refused):
                await self.submit(seat, action, version, None, auto=True)
            return
        expiry = self._next_expiry()
        timeout = None if expiry is None else max(0.0, expiry - time.time()) + 0.01
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.wake.wait(), timeout)


class Hub:
    """Every table this server process holds, loaded from the store on first use."""

    def __init__(
        self,
        store: Store,
        *,
        rate: float = RATE,
        snapshot_every: int = SNAPSHOT_EVERY,
        idle_unload: float = IDLE_UNLOAD,
        tables_per_minute: float = TABLES_PER_MINUTE,
    ) -> None:
        self.store = store
        self.rate = rate
        self.tables_per_minute = tables_per_minute
        self._creators: dict[str, TokenBucket] = {}
        self.snapshot_every = snapshot_every
        self.idle_unload = idle_unload
        self.tables: dict[str, LiveTable] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self._sweeper: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Bring back every unfinished table whose bots or timers have work to do; the others
        wait in the database for their players."""
        for table_id in await asyncio.to_thread(self.store.table_ids, "playing"):
            table = await self.get(table_id)
            if table is not None and table.dormant():
                await self._unload(table)
        self._sweeper = asyncio.create_task(self._sweep(), name="idle-tables")

    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(max(0.05, self.idle_unload / 4))
            now = time.monotonic()
            for table in list(self.tables.values()):
                if table.dormant() and now - table.active_at >= self.idle_unload:
                    await self._unload(table)

    async def _unload(self, table: LiveTable) -> None:
        async with table.lock:
            if not table.dormant():
                return
            table.unloaded = True
            if self.tables.get(table.row.id) is table:
                del self.tables[table.row.id]
        await table.stop()

    async def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
        for table in list(self.tables.values()):
            await table.stop()
        await self.store.aclose()

    async def create(self, row: TableRow) -> LiveTable:
        game = get_game(row.game)
        state, events = game.start(row.players, row.options, row.seed)
        await self.store.acreate_table(row)
        table = LiveTable(self, row, game, state, 0)
        table.remember(events)
        table.since_creation = True
        self.tables[row.id] = table
        table.start()
        return table

    def may_create(self, address: str) -> bool:
        """Whether ``address`` may create a table now (its bucket refills continuously)."""
        bucket = self._creators.get(address)
        if bucket is None:
            if len(self._creators) >= 100_000:  # a bound on memory; full buckets are forgotten
                self._creators = {a: b for a, b in self._creators.items() if b.tokens < b.burst}
            per_minute = self.tables_per_minute
            bucket = self._creators[address] = TokenBucket(per_minute / 60, per_minute)
        return bucket.take()

    def release(self, table: LiveTable) -> None:
        """Forget a finished table nobody watches: its log is in the database, and memory
        should hold only the tables in play."""
        if table.is_over and not table.conns and self.tables.get(table.row.id) is table:
            del self.tables[table.row.id]

    async def list_rows(self, limit: int, status: str | None = None) -> list[TableRow]:
        return await asyncio.to_thread(self.store.list_tables, limit, status)

    async def record(self, table: LiveTable) -> Record | None:
        """The table's whole game record (only ever handed out once the game is over)."""
        loaded = await asyncio.to_thread(self.store.load_table, table.row.id)
        if loaded is None:
            return None
        row, _, _, actions = loaded
        return Record(
            game=row.game,
            players=row.players,
            options=row.options,
            seed=row.seed,
            rules_version=row.rules_version,
            actions=[(a.seat, tuple(a.action)) for a in actions],
            names=list(table.names("en")),
        )

    async def get(self, table_id: str) -> LiveTable | None:
        table = self.tables.get(table_id)
        if table is not None:
            return table
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        async with lock:
            table = self.tables.get(table_id)
            if table is None:
                table = await self._load(table_id)
                if table is not None:
                    self.tables[table_id] = table
                    table.start()
        self._loading.pop(table_id, None)
        return table

    async def _load(self, table_id: str) -> LiveTable | None:
        if len(table_id) > 32:
            return None
        loaded = await asyncio.to_thread(self.store.load_table, table_id)
        if loaded is None:
            return None
        row, snapshot, snap_n, actions = loaded
        try:
            game = get_game(row.game)
            if row.rules_version != game.rules_version:
                log.warning("table %s was played under other rules; not loaded", table_id)
                return None
            return await asyncio.to_thread(_rebuild, self, row, game, snapshot, snap_n, actions)
        except Exception:
            log.exception("table %s could not be rebuilt from its log", table_id)
            return None


def _rebuild(
    hub: Hub,
    row: TableRow,
    game: Game,
    snapshot: dict[str, Any] | None,
    snap_n: int,
    actions: list[Any],
) -> LiveTable:
    """The table's state: the latest snapshot, then every action after it, in order."""
    steps: list[list[Event]] = []
    if snapshot is None:
        state, events = game.start(row.players, row.options, row.seed)
        steps.append(events)
    else:
        state = game.state_from_json(snapshot)
    version = snap_n
    for a in actions:
        if a.n <= snap_n:
            continue
        if a.n != version + 1:
            raise ValueError(f"the log of table {row.id} has a gap before action {a.n}")
        steps.append(state.apply(a.seat, tuple(a.action)))
        version = a.n
    table = LiveTable(hub, row, game, state, version)
    for events in steps:  # one action at a time, so the table knows which events are the latest
        table.remember(events)
    # Who was sent what died with the old process: count everything before the latest action
    # as seen, so a restart never shows a person again what they had to remember.
    table.delivered = [table.latest_events - 1] * row.players
    table.client_ids = {(a.seat, a.client_id) for a in actions if a.client_id is not None}
    return table
