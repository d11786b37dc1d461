"""Where a batch's chunks are played: this machine's processes, or a Ray cluster.

Both backends answer one question, ``imap(fn, tasks)``: the results of ``fn`` over ``tasks``,
**in task order**, taking tasks lazily and keeping only a bounded number in flight. Task order
is what makes results independent of the backend and of the number of workers: the caller
folds games one by one in index order, so even floating-point sums and sequential rating
updates come out bit for bit the same. A late chunk holds up the ones after it only while the
window of tasks in flight stays full.

Ray is an optional extra (``pip install backroom[cluster]``) and is imported only here, only
when asked for; its scheduler does the distribution, we only submit and collect.
"""

from __future__ import annotations

import logging
import multiprocessing
import socket
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any, Protocol, TypeVar

from backroom.engine.errors import EngineError, MissingExtra

T = TypeVar("T")
R = TypeVar("R")

BACKENDS = ("local", "ray")


class Backend(Protocol):
    def imap(self, fn: Callable[[T], R], tasks: Iterable[T]) -> Iterator[R]:
        """``fn`` over ``tasks``, results in task order; ``fn`` must be importable by name."""


class LocalBackend:
    """A pool of spawned processes on this machine, or the calling process for one worker."""

    def __init__(self, workers: int) -> None:
        self.workers = workers

    def imap(self, fn: Callable[[T], R], tasks: Iterable[T]) -> Iterator[R]:
        checked = _Checked(fn)
        if self.workers <= 1:
            yield from map(checked, tasks)
            return
        with multiprocessing.get_context("spawn").Pool(self.workers) as pool:
            yield from pool.imap(checked, tasks)


class _Checked:
    """``fn`` whose ``StopIteration`` is a ``RuntimeError``: escaping into ``map`` or a pool's
    result iterator, it would end the results as if every task were done (a game that stopped
    on one reported 0 games played, and no error). A Ray task's error is re-raised inside
    ``RayBackend.imap``, a generator, which turns it so by itself (PEP 479)."""

    __slots__ = ("fn",)

    def __init__(self, fn: Callable[[Any], Any]) -> None:
        self.fn = fn

    def __call__(self, task: Any) -> Any:
        try:
            return self.fn(task)
        except StopIteration as exc:
            raise RuntimeError(f"{getattr(self.fn, '__name__', self.fn)!s} raised StopIteration") from exc


class RayBackend:
    """Tasks on a Ray cluster: at most two per CPU of the cluster in flight, collected in order.

    The window keeps every CPU busy while bounding what waits in the object store, which is
    what lets a million-game run stream through a driver of constant memory.
    """

    def __init__(self, ray: Any) -> None:
        self.ray = ray

    def imap(self, fn: Callable[[T], R], tasks: Iterable[T]) -> Iterator[R]:
        remote = self.ray.remote(fn)
        window = max(2, 2 * int(self.ray.cluster_resources().get("CPU", 1)))
        pending: deque[Any] = deque()
        try:
            for task in tasks:
                pending.append(remote.remote(task))
                if len(pending) >= window:
                    yield self.ray.get(pending.popleft())
            while pending:
                yield self.ray.get(pending.popleft())
        finally:  # a run cut short (an error, Ctrl-C) leaves no work queued on the cluster
            for ref in pending:
                self.ray.cancel(ref)


def unreachable(address: str, timeout: float = 3.0) -> None:
    """Refuse a cluster address whose ``HOST:PORT`` takes no connection within ``timeout``
    seconds: ``ray.init`` would retry it for minutes, printing its own log. ``auto`` (and
    anything without a port) is left to Ray."""
    host, _, port = address.removeprefix("ray://").rpartition(":")
    if not host or not port.isdigit():
        return
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=timeout).close()
    except OSError as exc:
        raise EngineError("error.ray_unreachable", address=address, reason=exc.strerror or str(exc)) from None


@contextmanager
def open_backend(name: str, workers: int | None = None, address: str | None = None) -> Iterator[Backend]:
    """The backend called ``name``. For Ray: connect to ``address`` (a running cluster, or
    ``auto``), else start Ray on this machine with ``workers`` CPUs (all of them if ``None``);
    a Ray already started in this process (a test's, a notebook's) is used as it is and left
    running."""
    if name == "local":
        yield LocalBackend(workers or 1)
        return
    if name != "ray":
        raise EngineError("error.unknown_backend", backend=name, known=", ".join(BACKENDS))
    if address is not None:
        unreachable(address)
    try:
        import ray
    except ImportError:
        raise MissingExtra("error.ray_missing") from None
    started = not ray.is_initialized()
    if started:
        # a cluster has its own CPUs and dashboard: only a Ray started here is told about them
        here = {"address": address} if address else {"num_cpus": workers, "include_dashboard": False}
        try:
            ray.init(logging_level=logging.WARNING, **here)
        except (ConnectionError, RuntimeError, ValueError) as exc:
            raise EngineError("error.ray_connect", address=address or "local", reason=str(exc)) from None
    try:
        yield RayBackend(ray)
    finally:
        if started:
            ray.shutdown()
