"""``backroom serve --workers N``: N worker processes on one listening socket.

The socket is opened once, before the workers are forked, and every worker accepts on it: the
kernel spreads the connections, and clients see one address. Each worker is a whole server
(``cluster.py`` joins them through PostgreSQL and Redis). A worker that dies is started again;
one that dies at once (within ``QUICK_DEATH`` seconds of its start) is taken for a server that
cannot start, and the others are stopped rather than restarted forever.
"""

from __future__ import annotations

import logging
import os
import signal
import time
from collections.abc import Callable
from typing import Any

log = logging.getLogger("backroom.server")

QUICK_DEATH = 2.0


def run(count: int, serve: Callable[[], None]) -> int:
    """Fork ``count`` workers, each running ``serve``; returns once all have stopped (SIGINT or
    SIGTERM stop them), 1 if one could not start."""
    started: dict[int, float] = {}
    stopping = False

    def spawn() -> None:
        pid = os.fork()
        if pid == 0:  # the worker: uvicorn sets its own signal handlers in serve
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            code = 0
            try:
                serve()
            except BaseException:
                log.exception("worker %d failed", os.getpid())
                code = 1
            os._exit(code)
        started[pid] = time.monotonic()

    def stop(signum: int, _frame: Any) -> None:
        nonlocal stopping
        stopping = True
        for pid in started:
            os.kill(pid, signal.SIGTERM)

    for _ in range(count):
        spawn()
    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    failed = False
    while started:
        try:
            pid, status = os.wait()
        except ChildProcessError:
            break
        born = started.pop(pid, None)
        if born is None or stopping:
            continue
        if time.monotonic() - born < QUICK_DEATH:
            log.error("worker %d stopped as it started (status %d): stopping the others", pid, status)
            failed = True
            stop(signal.SIGTERM, None)
            continue
        log.warning("worker %d died (status %d): starting another", pid, status)
        spawn()
    return 1 if failed else 0
