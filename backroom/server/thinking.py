"""Search bots think in worker processes, never on the event loop.

A search bot spends its whole budget in Python: in a thread it would hold the interpreter lock
and every other table's moves would wait for it. So the server sends the position (as its
JSON, which is what a snapshot stores) to a small process pool, rebuilds it there and asks
the bot; the answer is one action. The pool starts on the first search move, with the
``spawn`` method (the server's own threads must not be forked), and its size bounds how many
searches run at once: the others queue.
"""

from __future__ import annotations

import asyncio
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from backroom.bots import Observation, make_bot
from backroom.engine.actions import Action
from backroom.engine.game import State
from backroom.games import get_game

SEARCH_BOTS = ("ismcts",)
"""Bot kinds whose thinking goes to the pool."""


def is_search(kind: str) -> bool:
    return kind.partition(":")[0] in SEARCH_BOTS


class Thinker:
    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None

    async def choose(self, game_id: str, state: State, seat: int, kind: str, seed: int) -> Action:
        """The move of a ``kind`` bot seeded ``seed`` for ``seat``, computed in the pool."""
        if self._pool is None:
            self._pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"))
        loop = asyncio.get_running_loop()
        answer = await loop.run_in_executor(self._pool, think, game_id, state.to_json(), seat, kind, seed)
        return tuple(answer)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


def think(game_id: str, position: dict[str, Any], seat: int, kind: str, seed: int) -> list[Any]:
    """Runs in a pool process: the position rebuilt from its JSON, one decision."""
    game = get_game(game_id)
    state = game.state_class.from_json(position)
    return list(make_bot(kind, game, seed).choose(Observation(state, seat)))
