"""The store's writer thread (``writer.WriterThread``): work runs on one thread, in the order
it was handed over; results and exceptions come back to the awaiting caller; work whose caller
was cancelled before it began is skipped."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

from backroom.server.writer import WriterThread


def test_work_runs_in_order_on_one_thread_and_answers_its_caller() -> None:
    writer = WriterThread("test-writer")
    ran: list[tuple[int, str]] = []

    def work(n: int) -> int:
        ran.append((n, threading.current_thread().name))
        if n == 3:
            raise ValueError("three")
        return n * 10

    async def scenario() -> list[object]:
        results = await asyncio.gather(*(writer.call(work, n) for n in range(6)), return_exceptions=True)
        writer.stop()
        return results

    results = asyncio.run(scenario())
    assert results[:3] == [0, 10, 20] and results[4:] == [40, 50]
    assert isinstance(results[3], ValueError)
    assert ran == [(n, "test-writer") for n in range(6)]


def test_work_whose_caller_was_cancelled_before_it_began_is_skipped() -> None:
    writer = WriterThread("test-writer")
    started = threading.Event()
    ran: list[str] = []

    def slow() -> None:
        started.set()
        time.sleep(0.2)
        ran.append("slow")

    async def scenario() -> None:
        first = asyncio.ensure_future(writer.call(slow))
        await asyncio.to_thread(started.wait)
        second = asyncio.ensure_future(writer.call(ran.append, "skipped"))
        await asyncio.sleep(0)
        second.cancel()
        await first
        with pytest.raises(asyncio.CancelledError):
            await second
        assert await writer.call(ran.append, "after") is None
        writer.stop()

    asyncio.run(scenario())
    assert ran == ["slow", "after"]
