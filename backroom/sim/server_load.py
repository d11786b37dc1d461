"""``backroom bench server``: many concurrent tables played over loopback WebSockets.

A fresh server runs as a subprocess on a free loopback port with a throw-away SQLite file
(durable commits included: this measures the real path). ``tables`` tables of ``seats``-seat
Stool Pigeon are created, one client connection per seat, and every seat plays random legal
moves, after a pause of ``think`` seconds on average (0: the moment it may). When a game ends
a new table takes its place, so the server carries ``tables`` tables in play for the whole
measured ``duration``. Reported: moves per second, the act → ack round trip (p50, p99, max),
the server's CPU per move and memory per table, and the disk's own fsync times meanwhile (the
floor under every durable commit: a stalling disk shows there, not as a slow server).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import itertools
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Awaitable, Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from backroom.client import ActionRefused, Seat, connect
from backroom.i18n import format_number, translate
from backroom.sim.bench import machine

GAME = "stool-pigeon"

BENCH_LIMITS = (
    *("--rate", "1000", "--tables-per-minute", "10000", "--allow-seed"),
    *("--connects-per-minute", "10000", "--connections-per-address", "100000"),
    *("--max-connections", "10000"),
)
"""The server's flood limits, raised: seats playing flat out at a few tables send more than a
person's 20 messages a second, a new table replaces every finished one, and every client
connects from the one loopback address; the bench would measure the limiters instead of the
server. Seeds allowed: each run deals the same games."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextmanager
def server_process(
    db_url: str, port: int, data_dir: Path, extra: Sequence[str] = ()
) -> Iterator[subprocess.Popen[bytes]]:
    """A ``backroom serve`` subprocess on loopback (with ``extra`` arguments: ``--workers``,
    ``--redis``), ready to answer; killed on exit (a supervisor with its workers)."""
    env = {**os.environ, "BACKROOM_DATA_DIR": str(data_dir)}
    command = [sys.executable, "-m", "backroom.server", "serve", "--port", str(port), "--db", db_url]
    process = subprocess.Popen(
        [*command, *BENCH_LIMITS, *extra],
        start_new_session=True,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_ready(port, process)
        yield process
    finally:
        with contextlib.suppress(ProcessLookupError):  # its workers too, if it has any
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def wait_ready(port: int, process: subprocess.Popen[bytes], timeout: float = 30.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited with status {process.returncode}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=2):
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError("the server did not start in time")


def http_json(method: str, url: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode("utf-8")
    request = urllib.request.Request(
        url, data=data, method=method, headers={"content-type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time a process has used so far (Linux ``/proc``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def family(pid: int) -> list[int]:
    """A server process and its workers (``--workers``): whose CPU and memory a move costs."""
    children = Path(f"/proc/{pid}/task/{pid}/children")
    return [pid, *(int(c) for c in children.read_text().split())] if children.exists() else [pid]


def rss_kib(pid: int) -> int:
    """Resident memory of a process (Linux ``/proc``), in KiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS line")


@dataclass(slots=True)
class BenchResult:
    tables: int
    seats: int
    think: float
    seconds: float
    moves: int
    games: int
    p50_ms: float
    p99_ms: float
    max_ms: float
    refused: int
    server_cpu_ms_per_move: float | None
    """None: the service runs elsewhere (``url``), its CPU unseen from here."""
    rss_per_table_kib: float
    fsync_p99_ms: float
    fsync_max_ms: float
    workers: int = 1

    @property
    def moves_per_second(self) -> float:
        return self.moves / self.seconds if self.seconds else 0.0

    def to_json(self) -> dict[str, Any]:
        """Every figure and the machine, for ``backroom bench server --json``; the workers and
        the disk are left out (None) for a service elsewhere, as in ``report``."""
        figures = asdict(self)
        figures["moves_per_second"] = self.moves_per_second
        if self.server_cpu_ms_per_move is None:
            figures.update(workers=None, rss_per_table_kib=None, fsync_p99_ms=None, fsync_max_ms=None)
        figures["machine"] = machine()
        return figures

    def report(self, lang: str) -> str:
        """The figures as sentences in ``lang``, one line each."""
        lines: list[tuple[str, dict[str, Any]]] = [
            ("ui.bench_server_load", {"tables": self.tables, "seats": self.seats, "think": self.think}),
            (
                "ui.bench_server_moves",
                {
                    "moves": self.moves,
                    "games": self.games,
                    "seconds": self.seconds,
                    "rate": self.moves_per_second,
                },
            ),
            (
                "ui.bench_server_latency",
                {"p50": self.p50_ms, "p99": self.p99_ms, "max": self.max_ms, "refused": self.refused},
            ),
            ("ui.bench_server_workers", {"workers": self.workers}),
            ("ui.bench_server_disk", {"p99": self.fsync_p99_ms, "max": self.fsync_max_ms}),
            ("ui.bench_machine", machine()),
        ]
        if self.server_cpu_ms_per_move is None:  # a service elsewhere: its workers and disk unseen
            lines = [
                line for line in lines if line[0] not in ("ui.bench_server_workers", "ui.bench_server_disk")
            ]
        else:
            cost = {"cpu": self.server_cpu_ms_per_move, "memory": self.rss_per_table_kib}
            lines.insert(3, ("ui.bench_server_cost", cost))
        return "\n".join(
            translate(lang, key, {k: _shown(lang, v) for k, v in params.items()}) for key, params in lines
        )


def _shown(lang: str, value: Any) -> Any:
    if isinstance(value, float):
        return format_number(lang, round(value, 2 if value < 10 else 1 if value < 1000 else 0))
    return value


@dataclass(slots=True)
class Load:
    """What the clients measured: the act → ack round trips that finished before the deadline."""

    deadline: float = float("inf")
    latencies: list[float] = field(default_factory=list)
    refused: int = 0
    games: int = 0


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
    cancels it). The first table is seated under ``waves`` (a crowd arrives in waves, not all
    at once), then ``arrive`` waits for every slot: they all start playing together."""
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
class Measured:
    load: Load
    seconds: float
    server_cpu: float
    server_rss_kib: int


async def _run(
    base: str,
    pids: list[int],
    tables: int,
    seats: int,
    think: float,
    seed: int,
    duration: float,
    progress: Callable[[float], None],
) -> Measured:
    load = Load()
    go = asyncio.Event()
    seated = 0
    waves = asyncio.Semaphore(50)  # seat the tables in waves, as a crowd would arrive

    async def arrive() -> None:
        nonlocal seated
        seated += 1
        if seated == tables:
            load.deadline = time.perf_counter() + duration
            go.set()
        await go.wait()

    slots = [
        asyncio.create_task(_table_slot(base, seats, seed * 100003 + i, think, load, waves, arrive))
        for i in range(tables)
    ]
    try:
        waiting = asyncio.create_task(go.wait())
        await asyncio.wait([waiting, *slots], return_when=asyncio.FIRST_COMPLETED)
        if not go.is_set():
            waiting.cancel()
            failed = next(t for t in slots if t.done())
            raise RuntimeError(f"a table could not be seated: {failed.exception()!r}")
        start, cpu = time.perf_counter(), sum(map(cpu_seconds, pids))
        while (left := load.deadline - time.perf_counter()) > 0:
            progress(1 - left / duration)
            await asyncio.sleep(min(left, 0.5))
        used = sum(map(cpu_seconds, pids)) - cpu
        measured = Measured(load, time.perf_counter() - start, used, sum(map(rss_kib, pids)))
        progress(1.0)
    finally:
        for task in slots:
            task.cancel()
        outcomes = await asyncio.gather(*slots, return_exceptions=True)
    errors = [o for o in outcomes if isinstance(o, Exception)]
    if errors:
        raise RuntimeError(f"a table failed during the run: {errors[0]!r}")
    return measured


@contextmanager
def fsync_probe(directory: Path, every: float = 0.05) -> Iterator[list[float]]:
    """Time an fsync of a small file in ``directory`` every ``every`` seconds, in a thread,
    while the block runs: the disk's own stalls, which no server can hide from a durable commit."""
    times: list[float] = []
    stop = threading.Event()

    def probe() -> None:
        with open(directory / "fsync-probe", "wb") as f:
            while not stop.wait(every):
                f.write(b"x" * 4096)
                f.flush()
                start = time.perf_counter()
                os.fsync(f.fileno())
                times.append(time.perf_counter() - start)

    thread = threading.Thread(target=probe, name="fsync-probe", daemon=True)
    thread.start()
    try:
        yield times
    finally:
        stop.set()
        thread.join()


def _event_loop_runner() -> Any:
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


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def bench_server(
    tables: int = 200,
    seats: int = 4,
    duration: float = 60.0,
    think: float = 0.0,
    *,
    port: int | None = None,
    seed: int = 0,
    db_url: str | None = None,
    workers: int = 1,
    redis: str | None = None,
    url: str | None = None,
    progress: Callable[[float], None] = lambda done: None,
) -> BenchResult:
    """Run the benchmark and return its figures. ``progress`` hears the measured fraction done.
    ``workers`` (with a PostgreSQL ``db_url`` and ``redis`` past one): the server started with
    ``--workers``; ``url``: no server started, the load goes to the service already running
    there (on other cores or machines: its CPU is then not measured)."""
    if not 1 <= tables <= 2000 or not 2 <= seats <= 5:
        raise ValueError("tables must be 1..2000 and seats 2..5")
    if not 0 < duration <= 3600 or not 0 <= think <= 60:
        raise ValueError("duration must be 0..3600 seconds and think 0..60")
    if url is not None:
        with collector_paused():
            run = _run(url.rstrip("/"), [], tables, seats, think, seed, duration, progress)
            measured = _event_loop_runner()(run)
        return _result(tables, seats, think, measured, None, 0, [], workers)
    port = port or free_port()
    base = f"http://127.0.0.1:{port}"
    extra = ["--workers", str(workers)] + (["--redis", redis] if redis else [])
    with tempfile.TemporaryDirectory(prefix="backroom-bench-") as tmp:
        db = db_url or f"sqlite:///{tmp}/bench.db"
        with server_process(db, port, Path(tmp), extra) as process, fsync_probe(Path(tmp)) as fsyncs:
            pids = family(process.pid)
            before = sum(map(rss_kib, pids))
            with collector_paused():
                run = _run(base, pids, tables, seats, think, seed, duration, progress)
                measured = _event_loop_runner()(run)
    return _result(tables, seats, think, measured, measured.server_cpu, before, fsyncs, workers)


def _result(
    tables: int,
    seats: int,
    think: float,
    measured: Measured,
    cpu: float | None,
    rss_before: int,
    fsyncs: list[float],
    workers: int,
) -> BenchResult:
    latencies = measured.load.latencies
    moves = len(latencies)
    return BenchResult(
        tables=tables,
        seats=seats,
        think=think,
        seconds=measured.seconds,
        moves=moves,
        games=measured.load.games,
        p50_ms=percentile(latencies, 0.50) * 1000,
        p99_ms=percentile(latencies, 0.99) * 1000,
        max_ms=max(latencies, default=0.0) * 1000,
        refused=measured.load.refused,
        server_cpu_ms_per_move=None if cpu is None else 1000 * cpu / max(1, moves),
        rss_per_table_kib=max(0, measured.server_rss_kib - rss_before) / tables,
        fsync_p99_ms=percentile(fsyncs, 0.99) * 1000,
        fsync_max_ms=max(fsyncs, default=0.0) * 1000,
        workers=workers,
    )
