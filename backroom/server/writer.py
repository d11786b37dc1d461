"""The database writer's own thread (``Store``): SQLite takes one writer at a time, so every
write of the server runs there, in the order it was asked for."""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from collections.abc import Callable
from typing import Any

Job = tuple[Callable[..., Any], tuple[Any, ...], asyncio.AbstractEventLoop, "asyncio.Future[Any]"]


class WriterThread:
    """One thread that runs the work handed to it in order, each result handed back to the
    awaiting event loop. Not a ``ThreadPoolExecutor``: its idle semaphore and its futures'
    conditions are locks written in Python that both threads take, and when the GIL changed
    hands while the writer held one, the event loop waited for two more switches of the
    GIL (at every group commit). Here the only lock is the C queue's."""

    def __init__(self, name: str) -> None:
        self._name = name
        self._jobs: queue.SimpleQueue[Job | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None

    async def call(self, work: Callable[..., Any], *args: Any) -> Any:
        """``work(*args)`` on the thread, once the work handed over before it is done. Work
        whose caller was cancelled before it began is skipped, as an executor skips it."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._serve, name=self._name, daemon=True)
            self._thread.start()
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()
        self._jobs.put((work, args, loop, future))
        return await future

    def stop(self) -> None:
        """End the thread once the work handed over is done (called after the last ``call``)."""
        if self._thread is not None:
            self._jobs.put(None)
            self._thread.join()
            self._thread = None

    def _serve(self) -> None:
        while (job := self._jobs.get()) is not None:
            work, args, loop, future = job
            if future.cancelled():
                continue
            try:
                result = work(*args)
            except BaseException as exc:  # handed to the caller, as an executor does
                _hand_back(loop, future, None, exc)
            else:
                _hand_back(loop, future, result, None)


def _hand_back(
    loop: asyncio.AbstractEventLoop, future: asyncio.Future[Any], result: Any, exc: BaseException | None
) -> None:
    with contextlib.suppress(RuntimeError):  # the loop is closed: nobody waits any more
        loop.call_soon_threadsafe(_settle, future, result, exc)


def _settle(future: asyncio.Future[Any], result: Any, exc: BaseException | None) -> None:
    if future.cancelled():
        return
    if exc is not None:
        future.set_exception(exc)
    else:
        future.set_result(result)
