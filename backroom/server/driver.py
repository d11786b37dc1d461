"""What a table does by itself: its bots' moves, autoplay for away seats, turn and idle timers.

Each ``LiveTable`` has one ``Driver`` (``table.auto``) and one driver task running ``drive``:
kept apart from the connections and the commit path so that each reads on its own.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from typing import TYPE_CHECKING

from backroom.bots import Observation, bot_kinds, make_bot
from backroom.engine.actions import Action
from backroom.server.messages import Refused
from backroom.server.thinking import is_search

if TYPE_CHECKING:
    from backroom.engine.game import State
    from backroom.server.live import LiveTable

log = logging.getLogger("backroom.server")


class Driver:
    """The automatic side of one ``LiveTable``: ``table.auto``."""

    __slots__ = ("table",)

    def __init__(self, table: LiveTable) -> None:
        self.table = table

    def _expire_timers(self) -> bool:
        timer = self.table.row.turn_timer
        if timer is None:
            return False
        now = time.time()
        changed = False
        for seat, away in enumerate(self.table.away_since):
            if away is not None and not self.table.autoplay[seat] and now >= away + timer:
                self.table.autoplay[seat] = True
                self.table.chat.system("autoplay", seat)
                changed = True
        return changed

    def next_expiry(self) -> float | None:
        timer = self.table.row.turn_timer
        pending = []
        if timer is not None:
            pending = [
                away + timer
                for seat, away in enumerate(self.table.away_since)
                if away is not None and not self.table.autoplay[seat]
            ]
        if self.table.idle is not None and (due := self.table.idle.next_due()) is not None:
            pending.append(due)
        return min(pending) if pending else None

    def time_idle(self, moved: int | None) -> None:
        """Start or stop the idle timers of the seats the table now asks (``idle.py``)."""
        if self.table.idle is not None:
            self.table.idle.observe(self.table.state, [s.kind != "bot" for s in self.table.row.seats], moved)

    async def _answer_idle(self, seat: int) -> None:
        """``seat`` let its time run out: pass its window, or let the table's bot make its move."""
        assert self.table.idle is not None
        version = self.table.version
        action = self.table.idle.answer(self.table.state, seat) or await self._think(seat)
        try:
            await self.table.submit(seat, action, version, None)
        except Refused as refused:  # stale: it answered meanwhile, and its time starts again
            if refused.code != "stale_version":  # the database (or the rules) refused: never at once
                await asyncio.sleep(self.table.trouble.wait or 1.0)

    def moves_by_itself(self) -> bool:
        """Whether anything at the table may move without a person: a bot seat, a turn timer
        (which hands away seats to a bot) or idle timers. Without any, a move changes nothing
        the driver waits for but the game's end, and the mover need not wake it."""
        table = self.table
        if table.row.turn_timer is not None or table.idle is not None:
            return True
        # Not ``any`` over a generator, which makes a function and a generator each time: every
        # move asks.
        for s in table.row.seats:  # noqa: SIM110
            if s.kind == "bot":
                return True
        return False

    def dormant(self) -> bool:
        """Nobody here and nothing due: until someone comes, nothing can happen at this table."""
        if self.table.conns or self.table.is_over:
            return False
        return self.auto_seat() is None and self.next_expiry() is None

    def sleeps_until(self, margin: float) -> float | None:
        """When the table next has work, if that is only a timer more than ``margin`` seconds
        away and nobody is here: the hub may put it to sleep until then (``sleeping.py``)."""
        if self.table.conns or self.table.is_over or self.auto_seat() is not None:
            return None
        due = self.next_expiry()
        return due if due is not None and due - time.time() > margin else None

    def is_auto(self, seat: int) -> bool:
        return self.table.row.seats[seat].kind == "bot" or self.table.autoplay[seat]

    def auto_seat(self) -> int | None:
        for seat in self.table.state.actors():
            if self.is_auto(seat):
                return seat
        return None

    def _kind(self, seat: int) -> str:
        """The bot kind that plays ``seat``: its own, or the game's best plain bot for a person
        who left while autoplay is on."""
        spec = self.table.row.seats[seat]
        if spec.kind == "bot" and spec.bot:
            return spec.bot
        return "heuristic" if "heuristic" in bot_kinds(self.table.game) else "random"

    async def _think(self, seat: int) -> Action:
        """The automatic move of ``seat``, or a random one if its bot fails: a bot's defect
        must not stop the table, whose driver would retry the same failing move for ever."""
        kind = self._kind(seat)
        state = self.table.state
        seed = random.SystemRandom().randrange(2**63)
        try:
            return await self._choose(kind, state, seat, seed)
        except Exception:
            where = f"table {self.table.row.id} at seat {seat}"
            log.exception("the %s bot of %s failed; it plays a random move", kind, where)
            return state.random_action(seat, random.Random(seed))

    async def _choose(self, kind: str, state: State, seat: int, seed: int) -> Action:
        """The bot's move: a search in the hub's process pool, a heuristic in a thread, a
        random move here (too quick to hand off)."""
        if is_search(kind):
            iterations = self.table.hub.search_iterations
            budget = kind if iterations is None else f"{kind}:iterations={iterations}"
            return await self.table.hub.thinker.choose(self.table.game.id, state, seat, budget, seed)
        bot = self.table.bots.get(seat)
        if bot is None:
            bot = self.table.bots[seat] = make_bot(kind, self.table.game, seed)
        if kind == "random":
            return bot.choose(Observation(state, seat))
        return await asyncio.to_thread(lambda: bot.choose(Observation(state, seat)))

    async def drive(self) -> None:
        while not self.table.is_over and not self.table.unloaded:
            try:
                await self._drive_once()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the driver of table %s failed; retrying", self.table.row.id)
                await asyncio.sleep(1.0)
        self.table.driver = None
        self.table.hub.release(self.table)

    async def _drive_once(self) -> None:
        self.table.wake.clear()
        if self._expire_timers():
            async with self.table.lock:
                self.table.broadcast()
        seat = self.auto_seat()
        if seat is not None:
            version = self.table.version
            if self.table.row.bot_delay > 0:
                await asyncio.sleep(self.table.row.bot_delay)
            if self.table.version != version or self.auto_seat() != seat:
                return
            action = await self._think(seat)
            try:
                await self.table.submit(seat, action, version, None, auto=True)
            except Refused as refused:
                if refused.code == "server_error":
                    # The database refused the move (disk full, read-only, locked): try again
                    # later, a little later each time, instead of at once and forever.
                    await asyncio.sleep(self.table.trouble.wait)
            return
        late = None if self.table.idle is None else self.table.idle.overdue()
        if late is not None and not self.is_auto(late):
            await self._answer_idle(late)
            return
        expiry = self.next_expiry()
        if expiry is None:
            await self.table.wake.wait()
            return
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.table.wake.wait(), max(0.0, expiry - time.time()) + 0.01)
