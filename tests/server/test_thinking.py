"""Search bots think in another process: the event loop stays free while they do."""

from __future__ import annotations

import asyncio
import os
import time

from backroom.games import get_game
from backroom.server.thinking import Thinker, is_search


def test_search_bot_kinds_are_recognised_with_their_settings():
    assert is_search("ismcts") and is_search("ismcts:iterations=10")
    assert not is_search("heuristic") and not is_search("random")


def test_a_search_move_is_computed_in_another_process_while_the_loop_keeps_running():
    game = get_game("stool-pigeon")
    state, _ = game.start(2, None, 4)
    seat = state.actors()[0]

    async def scenario() -> tuple[tuple, int, float]:
        thinker = Thinker(1)
        try:
            await thinker.choose(game.id, state, seat, "ismcts:iterations=5", 1)  # start the pool
            ticks = 0
            began = time.monotonic()
            search = asyncio.ensure_future(thinker.choose(game.id, state, seat, "ismcts:seconds=0.5", 2))
            while not search.done():
                await asyncio.sleep(0.01)
                ticks += 1
            action = search.result()
            pids = {p.pid for p in thinker._pool._processes.values()}  # type: ignore[union-attr]
            assert os.getpid() not in pids
            return action, ticks, time.monotonic() - began
        finally:
            thinker.close()

    action, ticks, elapsed = asyncio.run(scenario())
    assert action in state.legal_actions(seat)
    # Half a second of search in this process would have stopped the loop: it ticked throughout.
    assert elapsed >= 0.5 and ticks >= 10
