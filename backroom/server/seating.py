"""Who may sit where at a live table: the seats' tokens, invite links revoked by a new one, the
lobby's claim of a free seat, a rematch's seat held for its player, a free seat given to a bot.

Each change is stored before it is given out, under the table's lock, so that two requests
with one token or for one seat never both succeed; and only while this worker holds the table's
lease: one that lost the table gets ``Refused("table_moved")``, its memory unchanged, and lets
the table go (``LiveTable.lost``)."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

from backroom.server.messages import hash_token, new_token

if TYPE_CHECKING:
    from backroom.server.live import LiveTable


class Seating:
    """The seats of one table, by the hash of the token that opens each."""

    def __init__(self, table: LiveTable) -> None:
        self.table = table
        self.tokens = {s.token_hash: s.seat for s in table.row.seats if s.token_hash}

    def seat_for_token(self, token: str) -> int | None:
        return self.tokens.get(hash_token(token))

    async def rotate_token(self, token: str) -> tuple[int, str] | None:
        """A new token for the seat ``token`` opens, stored before it is given out; the old one
        opens nothing any more (a leaked invite link is revoked). None: no such seat."""
        table = self.table
        async with table.lock:  # two rotations with one token: the second finds it gone
            seat = self.seat_for_token(token)
            if seat is None:
                return None
            fresh = new_token()
            fresh_hash = hash_token(fresh)
            await table.owned(table.hub.store.arotate_token(table.row.id, seat, fresh_hash, table.epoch))
            self.tokens.pop(hash_token(token), None)
            self.tokens[fresh_hash] = seat
            table.row.seats[seat].token_hash = fresh_hash
            # Whoever holds the leaked link may be connected with it: every connection of the
            # seat is closed (the player's own browser reconnects with the new token).
            for conn in table.conns:
                if conn.seat == seat:
                    conn.closed = True
                    conn.outbox.close()
            return seat, fresh

    def is_free(self, seat: int) -> bool:
        """A person's seat nobody has ever sat in (``SeatRow.joined``, stored): open to a
        newcomer from the lobby, or to a bot at the host's word."""
        spec = self.table.row.seats[seat]
        return spec.unclaimed and self.table.connected[seat] == 0

    async def claim_seat(self) -> tuple[int, str] | None:
        """The first free seat, with a new token for whoever asked from the lobby's tables list
        (the unused invite link stops working: the seat is theirs now). None: no free seat."""
        table = self.table
        async with table.lock:
            seat = next((s for s in range(table.row.players) if self.is_free(s) and not table.is_over), None)
            if seat is None:
                return None
            return seat, await self._give_seat(seat)

    async def seat_held(self, seat: int) -> str | None:
        """A token for a person's seat held, without one, for its player (a rematch's); None
        if the seat has one already (its player accepted before)."""
        async with self.table.lock:
            spec = self.table.row.seats[seat]
            if spec.kind == "bot" or spec.token_hash is not None:
                return None
            return await self._give_seat(seat)

    async def _give_seat(self, seat: int) -> str:
        """A new token for ``seat``, stored as sat in (under the lock): whoever asked has it now,
        not when they connect, so nobody else can be given it meanwhile."""
        table = self.table
        spec = table.row.seats[seat]
        fresh = new_token()
        fresh_hash = hash_token(fresh)
        await table.owned(table.hub.store.amark_joined(table.row.id, seat, table.epoch, fresh_hash))
        self.tokens.pop(spec.token_hash or "", None)
        self.tokens[fresh_hash] = seat
        spec.token_hash, spec.joined = fresh_hash, True
        return fresh

    async def seat_to_bot(self, token: str) -> int | None:
        """The seat ``token`` opens, if nobody ever came to it, is played by a bot from now on
        (stored); the token opens nothing any more. None: no such free seat."""
        table = self.table
        async with table.lock:
            seat = self.seat_for_token(token)
            if seat is None or not self.is_free(seat) or table.is_over:
                return None
            await table.owned(table.hub.store.aseat_to_bot(table.row.id, seat, table.epoch))
            self.tokens.pop(hash_token(token), None)
            spec = table.row.seats[seat]
            spec.kind, spec.bot, spec.token_hash = "bot", None, None
            table.away_since[seat] = None
            table.auto.time_idle(None)
            table.broadcast()
            table.chat.system("bot", seat)
        if table.unloaded:  # it left memory (asleep, say) as this waited: back, for its bot to move
            with contextlib.suppress(Exception):  # stored all the same: its wake or a visit loads it
                await table.hub.get(table.row.id)
            return seat
        table.start()
        table.wake.set()
        return seat
