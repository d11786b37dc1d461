"""The clients of ``backroom bench server``: tables of seats that play random moves over WebSockets.

Each table slot plays games one after another at new tables, every seat a client connection.
One process can drive a few hundred tables; past that a single client event loop, decoding
every seat's updates, becomes the bottleneck and its own delays would be counted as the
server's latency. ``play_in_processes`` therefore splits the slots over several client
processes that start and stop together (a barrier), and merges what each measured.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import itertools
import json
import multiprocessing
import queue
import random
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Awaitable, Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from backroom.client import ActionRefused, Seat, connect
from backroom.engine.errors import EngineError

GAME = "stool-pigeon"

SEATING_WAVE = 50
"""Tables seated at once by one client process: a crowd arrives in waves, not all at once."""

SEATING_TIMEOUT = 600.0
"""Seconds the client processes wait for one another to seat their tables."""


class BenchProblem(EngineError):
    """Why ``bench server`` could not measure, as a message key and its parameters (the command
    says it in its language); it crosses from a client process whole."""

    def __reduce__(self) -> tuple[Any, ...]:
        return _problem, (self.key, self.params)


def _problem(key: str, params: dict[str, Any]) -> BenchProblem:
    return BenchProblem(key, **params)


def seating_problem(base: str, exc: BaseException) -> BenchProblem:
    """Why a table could not be seated at ``base``, named: nothing listening there, a server
    that refuses seeds (the bench deals from seeds so that every run plays the same games),
    another refusal in the server's own words, a network failure, else the error itself."""
    if isinstance(exc, BenchProblem):
        return exc
    if isinstance(exc, urllib.error.HTTPError):
        try:
            error = json.loads(exc.read())["error"]
        except (OSError, ValueError, KeyError, TypeError):
            error = {"code": None, "message": exc.reason}
        if error["code"] == "seed_not_allowed":
            return BenchProblem("error.bench_seed_refused", url=base)
        return BenchProblem("error.bench_http", url=base, status=exc.code, reason=error["message"])
    reason = exc.reason if isinstance(exc, urllib.error.URLError) else exc
    if isinstance(reason, ConnectionRefusedError):
        return BenchProblem("error.bench_no_server", url=base)
    if isinstance(exc, OSError):
        return BenchProblem("error.bench_unreachable", url=base, reason=str(reason))
    return BenchProblem("error.bench_seating", reason=repr(exc))


def http_json(method: str, url: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode("utf-8")
    request = urllib.request.Request(
        url, data=data, method=method, headers={"content-type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def create_table(base: str, seats: int, seed: int) -> dict[str, Any]:
    body = {
        "game": GAME,
        "players": seats,
        "seats": [{"kind": "agent"}] * seats,
        "seed": seed,
        "bot_delay": 0,
    }
    created: dict[str, Any] = http_json("POST", f"{base}/api/tables", body)
    return created


@dataclass(slots=True)
class Load:
    """What the clients measured: the act → ack round trips that finished before the deadline."""

    deadline: float = float("inf")
    latencies: list[float] = field(default_factory=list)
    refused: int = 0
    games: int = 0

    def merge(self, other: Load) -> None:
        self.latencies += other.latencies
        self.refused += other.refused
        self.games += other.games


async def _play_seat(seat: Seat, rng: random.Random, think: float, load: Load) -> None:
    """Play random legal moves until the game ends; count refusals."""
    answered = -1
    async for update in seat.updates():
        if update["outcome"] is not None:
            break
        # Only the first seat in priority order acts, as sequential drivers do: racing every
        # seat of a reaction window would measure refusals, not play. An update that repeats
        # an answered version (someone connected meanwhile) asks for nothing new.
        if not update["legal"] or update["actors"][0] != seat.seat or update["version"] <= answered:
            continue
        answered = update["version"]
        action = rng.choice(update["legal"])["action"]
        if think > 0:
            await asyncio.sleep(rng.uniform(0, 2 * think))
        start = time.perf_counter()
        try:
            await seat.act(action, update["version"])
        except ActionRefused as exc:
            if exc.code == "closed":
                break
            load.refused += 1
            continue
        end = time.perf_counter()
        if end <= load.deadline:
            load.latencies.append(end - start)


async def _table_slot(
    base: str,
    seats: int,
    seed: int,
    think: float,
    load: Load,
    waves: asyncio.Semaphore,
    arrive: Callable[[], Awaitable[None]],
) -> None:
    """One of the concurrent tables: games one after another at new tables, forever (the run
    cancels it). The first table is seated under ``waves``, then ``arrive`` waits for every
    slot: they all start playing together."""
    rng = random.Random(seed)
    for game in itertools.count():
        async with contextlib.AsyncExitStack() as stack:
            if game == 0:
                async with waves:
                    players = await _seat_table(base, seats, seed * 1009, stack)
                await arrive()
            else:
                players = await _seat_table(base, seats, seed * 1009 + game, stack)
            await asyncio.gather(*(_play_seat(p, random.Random(rng.random()), think, load) for p in players))
        load.games += 1


async def _seat_table(base: str, seats: int, seed: int, stack: contextlib.AsyncExitStack) -> list[Seat]:
    """A new table, every seat of it taken by a client connection that ``stack`` closes."""
    created = await asyncio.to_thread(create_table, base, seats, seed)
    url = base.replace("http://", "ws://") + f"/ws/{created['id']}"
    return [
        await stack.enter_async_context(connect(url, s["token"], compress=False)) for s in created["seats"]
    ]


async def play_tables(
    base: str,
    slots: Sequence[int],
    seats: int,
    think: float,
    seed: int,
    duration: float,
    *,
    ready: Callable[[], Awaitable[None]],
    ended: Callable[[], None] = lambda: None,
    progress: Callable[[float], None] = lambda done: None,
) -> Load:
    """Seat a first table for every slot (slot ``i`` deals from ``seed`` and ``i`` alone, so a
    run deals the same games however the slots are split), await ``ready`` (the others are
    seated too), then play for ``duration`` seconds; ``ended`` runs at the deadline, before the
    tables are left (leaving costs the server work that is not play)."""
    load = Load()
    go = asyncio.Event()
    seated = 0
    waves = asyncio.Semaphore(SEATING_WAVE)

    async def arrive() -> None:
        nonlocal seated
        seated += 1
        if seated == len(slots):
            await ready()
            load.deadline = time.perf_counter() + duration
            go.set()
        await go.wait()

    tasks = [
        asyncio.create_task(_table_slot(base, seats, seed * 100003 + i, think, load, waves, arrive))
        for i in slots
    ]
    try:
        waiting = asyncio.create_task(go.wait())
        await asyncio.wait([waiting, *tasks], return_when=asyncio.FIRST_COMPLETED)
        if not go.is_set():
            waiting.cancel()
            failed = next(t for t in tasks if t.done()).exception()
            assert failed is not None  # a slot plays until it is cancelled: done, it failed
            raise seating_problem(base, failed) from failed
        while (left := load.deadline - time.perf_counter()) > 0:
            progress(1 - left / duration)
            await asyncio.sleep(min(left, 0.5))
        ended()
        progress(1.0)
    finally:
        for task in tasks:
            task.cancel()
        outcomes = await asyncio.gather(*tasks, return_exceptions=True)
    errors = [o for o in outcomes if isinstance(o, Exception)]
    if errors:
        raise BenchProblem("error.bench_table_failed", reason=repr(errors[0])) from errors[0]
    return load


def play_in_processes(
    base: str,
    tables: int,
    seats: int,
    think: float,
    seed: int,
    duration: float,
    processes: int,
    *,
    started: Callable[[], None],
    ended: Callable[[], None],
    progress: Callable[[float], None],
) -> Load:
    """The tables split over ``processes`` client processes (slot ``i`` to process ``i mod
    processes``): all start playing at once, when every table is seated (``started`` runs
    then, here), and stop ``duration`` seconds later (``ended``); their loads merged."""
    context = multiprocessing.get_context("spawn")  # this process has threads (the progress bar)
    barrier = context.Barrier(processes + 1)
    results = context.Queue()
    children = [
        context.Process(
            target=_client_process,
            args=(base, range(k, tables, processes), seats, think, seed, duration, barrier, results),
            daemon=True,
        )
        for k in range(processes)
    ]
    for child in children:
        child.start()
    try:
        _meet(barrier, children, results)
        started()
        end = time.perf_counter() + duration
        while (left := end - time.perf_counter()) > 0:
            progress(1 - left / duration)
            time.sleep(min(left, 0.5))
        ended()
        progress(1.0)
        load = Load()
        for _ in children:
            kind, value = _next_result(results, children)
            if kind == "error":
                raise value
            load.merge(value)
        return load
    finally:
        stop = time.monotonic() + 5  # for them all, not each
        for child in children:
            child.join(max(0.0, stop - time.monotonic()))
            if child.is_alive():
                child.kill()


def _meet(barrier: Any, children: list[Any], results: Any) -> None:
    """Wait at the barrier once every client process waits there; a client that died first
    (killed, out of memory) or said why it failed ends the wait at once, not after the
    seating timeout."""
    deadline = time.monotonic() + SEATING_TIMEOUT
    while barrier.n_waiting < len(children) and not barrier.broken:
        if any(child.exitcode is not None for child in children) or time.monotonic() > deadline:
            barrier.abort()
            break
        time.sleep(0.05)
    try:
        barrier.wait(SEATING_TIMEOUT)
    except threading.BrokenBarrierError:
        raise _first_error(results, len(children)) or BenchProblem("error.bench_client_stopped") from None


def _next_result(results: Any, children: list[Any]) -> tuple[str, Any]:
    """The next client's load or error; a client that died without a word is an error."""
    deadline = time.monotonic() + SEATING_TIMEOUT
    while time.monotonic() < deadline:
        try:
            answer: tuple[str, Any] = results.get(timeout=0.5)
            return answer
        except queue.Empty:
            if any(child.exitcode not in (None, 0) for child in children):
                return "error", BenchProblem("error.bench_client_stopped")
    return "error", BenchProblem("error.bench_client_silent")


def _first_error(results: Any, processes: int) -> BenchProblem | None:
    """What a client that broke the barrier said (it says it before breaking it)."""
    with contextlib.suppress(queue.Empty):
        for _ in range(processes):
            kind, value = results.get(timeout=5)
            if kind == "error":
                problem: BenchProblem = value
                return problem
    return None


def _client_process(
    base: str,
    slots: range,
    seats: int,
    think: float,
    seed: int,
    duration: float,
    barrier: Any,
    results: Any,
) -> None:
    """One client process of ``play_in_processes``: its tables, then its load (or its error)."""

    async def ready() -> None:
        await asyncio.to_thread(barrier.wait, SEATING_TIMEOUT)

    try:
        with collector_paused():
            load = event_loop_runner()(play_tables(base, slots, seats, think, seed, duration, ready=ready))
    except BaseException as exc:  # the parent reports it; the barrier tells it to look
        problem = (
            exc if isinstance(exc, BenchProblem) else BenchProblem("error.bench_failed", reason=repr(exc))
        )
        results.put(("error", problem))
        barrier.abort()
        return
    results.put(("load", load))


def event_loop_runner() -> Any:
    """uvloop's runner where it is installed (uvicorn[standard] brings it on Linux and macOS):
    the clients share the machine with the server, and a cheaper client loop leaves it more."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run
    return uvloop.run


@contextmanager
def collector_paused() -> Iterator[None]:
    """The cyclic garbage collector off in this process while the clients play. They stand for
    hundreds of separate browsers and agents; sharing one process, their collector's pauses
    (50-180 ms with 800 connections' latest updates alive) would be counted as the server's
    latency. Reference counting still frees nearly everything; one collection follows."""
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
        gc.collect()
