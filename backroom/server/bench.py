"""``backroom bench server``: many concurrent tables played over loopback WebSockets.

A fresh server runs as a subprocess on a free loopback port with a throw-away SQLite file
(durable commits included: this measures the real path). ``tables`` tables of ``seats``-seat
Stool Pigeon are created, one client connection per seat, and every seat plays random legal
moves as soon as it may. Reported: moves per second, the act → ack round trip (p50, p99), and
the server's memory per table (its RSS growth divided by the tables).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import platform
import random
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from backroom.client import ActionRefused, Seat, connect

GAME = "stool-pigeon"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextmanager
def server_process(db_url: str, port: int, data_dir: Path) -> Iterator[subprocess.Popen[bytes]]:
    """A ``backroom serve`` subprocess on loopback, ready to answer; killed on exit."""
    env = {**os.environ, "BACKROOM_DATA_DIR": str(data_dir)}
    process = subprocess.Popen(
        [sys.executable, "-m", "backroom.server", "serve", "--port", str(port), "--db", db_url],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_ready(port, process)
        yield process
    finally:
        if process.poll() is None:
            process.kill()
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
    moves: int
    seconds: float
    p50_ms: float
    p99_ms: float
    rss_per_table_kib: float
    refused: int
    think: float
    server_cpu_ms_per_move: float
    complete: bool

    @property
    def moves_per_second(self) -> float:
        return self.moves / self.seconds if self.seconds else 0.0

    def report(self) -> str:
        return (
            f"{self.tables} tables × {self.seats} seats, think {self.think:g} s, "
            f"{self.moves} moves in {self.seconds:.1f} s: "
            f"{self.moves_per_second:.0f} moves/s; act→ack p50 {self.p50_ms:.1f} ms, "
            f"p99 {self.p99_ms:.1f} ms; server CPU {self.server_cpu_ms_per_move:.2f} ms/move; "
            f"server memory {self.rss_per_table_kib:.0f} KiB/table; "
            f"{self.refused} refused (races in reaction windows); "
            f"{platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}"
            + ("" if self.complete else " (stopped at the time limit)")
        )


async def _play_seat(seat: Seat, rng: random.Random, moves: int, think: float, latencies: list[float]) -> int:
    """Play random legal moves until the game ends or the table has made ``moves`` moves (every
    seat sees the same versions, so a whole table stops together); count refusals. Each move
    waits a random ``0..2*think`` seconds first, as a person would."""
    refused = 0
    async for update in seat.updates():
        if update["outcome"] is not None or update["version"] >= moves:
            break
        # Only the first seat in priority order acts, as sequential drivers do: racing every
        # seat of a reaction window would measure refusals, not play.
        if not update["legal"] or update["actors"][0] != seat.seat:
            continue
        action = rng.choice(update["legal"])["action"]
        if think > 0:
            await asyncio.sleep(rng.uniform(0, 2 * think))
        start = time.perf_counter()
        try:
            await seat.act(action, update["version"])
        except ActionRefused as exc:
            if exc.code == "closed":
                break
            refused += 1
            continue
        latencies.append(time.perf_counter() - start)
    return refused


async def _run_tables(
    base: str, tables: list[dict[str, Any]], moves: int, think: float, seed: int, limit: float
) -> tuple[list[float], int, bool]:
    """Latencies, refusals, and whether every table finished within ``limit`` seconds."""
    latencies: list[float] = []
    ws_base = base.replace("http://", "ws://")
    rng = random.Random(seed)
    async with contextlib.AsyncExitStack() as stack:
        seats: list[Seat] = []
        pending = [(t["id"], s["token"]) for t in tables for s in t["seats"]]
        for start in range(0, len(pending), 50):  # connect in waves, as a crowd would arrive
            seats += await asyncio.gather(
                *(
                    stack.enter_async_context(connect(f"{ws_base}/ws/{table_id}", token, compress=False))
                    for table_id, token in pending[start : start + 50]
                )
            )
        players = asyncio.gather(
            *(_play_seat(s, random.Random(rng.random()), moves, think, latencies) for s in seats)
        )
        try:
            results = await asyncio.wait_for(players, limit)
        except TimeoutError:
            return latencies, 0, False
    return latencies, sum(results), True


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
    moves: int = 1000,
    port: int | None = None,
    seed: int = 0,
    db_url: str | None = None,
    think: float = 0.0,
    limit: float = 600.0,
) -> BenchResult:
    """Run the benchmark and return its figures. ``moves`` bounds each table's moves (a table
    normally stops at the end of its game: about 40 moves); ``think`` is the mean
    pause of a seat before each move (0: every seat acts the moment it may). Play stops after
    ``limit`` seconds whatever happens; the figures then cover the moves made."""
    if not 1 <= tables <= 2000 or not 2 <= seats <= 5:
        raise ValueError("tables must be 1..2000 and seats 2..5")
    port = port or free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory(prefix="backroom-bench-") as tmp:
        url = db_url or f"sqlite:///{tmp}/bench.db"
        with server_process(url, port, Path(tmp)) as process:
            before = rss_kib(process.pid)
            created = [
                http_json(
                    "POST",
                    f"{base}/api/tables",
                    {
                        "game": GAME,
                        "players": seats,
                        "seats": [{"kind": "agent"}] * seats,
                        "seed": seed * 100003 + i,
                        "bot_delay": 0,
                    },
                )
                for i in range(tables)
            ]
            start = time.perf_counter()
            cpu_start = cpu_seconds(process.pid)
            with collector_paused():
                latencies, refused, complete = asyncio.run(
                    _run_tables(base, created, moves, think, seed, limit)
                )
            seconds = time.perf_counter() - start
            cpu = cpu_seconds(process.pid) - cpu_start
            after = rss_kib(process.pid)
    return BenchResult(
        tables=tables,
        seats=seats,
        moves=len(latencies),
        seconds=seconds,
        p50_ms=percentile(latencies, 0.50) * 1000,
        p99_ms=percentile(latencies, 0.99) * 1000,
        rss_per_table_kib=max(0, after - before) / tables,
        refused=refused,
        think=think,
        server_cpu_ms_per_move=1000 * cpu / max(1, len(latencies)),
        complete=complete,
    )


def add_bench_server_args(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """Options of ``backroom bench server``; sets ``func`` to ``bench_server_command``."""
    parser.add_argument("--tables", type=int, default=200, help="concurrent tables (default 200)")
    parser.add_argument("--seats", type=int, default=4, help="seats per table (default 4)")
    parser.add_argument(
        "--moves", type=int, default=1000, help="at most this many moves per table (default: to the end)"
    )
    parser.add_argument("--port", type=int, default=None, help="loopback port (default: a free one)")
    parser.add_argument("--seed", type=int, default=0, help="seed of deals and random moves")
    parser.add_argument("--db", default=None, metavar="URL", help="database (default: a temporary SQLite)")
    parser.add_argument(
        "--think", type=float, default=0.0, help="mean seconds a seat waits before each move (default 0)"
    )
    parser.set_defaults(func=bench_server_command)
    return parser


def bench_server_command(args: argparse.Namespace) -> int:
    result = bench_server(args.tables, args.seats, args.moves, args.port, args.seed, args.db, args.think)
    print(result.report())
    return 0
