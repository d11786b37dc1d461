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

import contextlib
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Callable, Collection, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from backroom.i18n import format_number, translate
from backroom.sim.bench import machine
from backroom.sim.load_clients import (
    BenchProblem,
    Load,
    collector_paused,
    event_loop_runner,
    play_in_processes,
    play_tables,
)

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
    db_url: str,
    port: int,
    data_dir: Path,
    extra: Sequence[str] = (),
    cores: Collection[int] | None = None,
    log: Path | None = None,
    lang: str | None = None,
) -> Iterator[subprocess.Popen[bytes]]:
    """A ``backroom serve`` subprocess on loopback (with ``extra`` arguments: ``--workers``,
    ``--redis``), ready to answer; killed on exit (a supervisor with its workers). ``cores``:
    the CPUs it and every process and thread it starts may run on; ``log``: the file its
    output goes to (else one in ``data_dir``: a server that exits at once is reported with its
    last line, its reason); ``lang``: the language it speaks."""
    env = {**os.environ, "BACKROOM_DATA_DIR": str(data_dir), **({"BACKROOM_LANG": lang} if lang else {})}
    command = [sys.executable, "-m", "backroom.server", "serve", "--port", str(port), "--db", db_url]
    log = log or data_dir / "server.log"
    output = log.open("ab")
    start = output.tell()  # an earlier run's lines in the same log are not this server's reason
    process = subprocess.Popen(
        [*command, *BENCH_LIMITS, *extra],
        start_new_session=True,
        env=env,
        stdout=output,
        stderr=output,
        # Before exec, so that the workers it forks and their threads inherit it.
        preexec_fn=None if cores is None else lambda: os.sched_setaffinity(0, cores),
    )
    try:
        wait_ready(port, process, log, start=start)
        yield process
    finally:
        with contextlib.suppress(ProcessLookupError):  # its workers too, if it has any
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        output.close()


def wait_ready(
    port: int,
    process: subprocess.Popen[bytes],
    log: Path | None = None,
    timeout: float = 30.0,
    start: int = 0,
) -> None:
    """Return once the server on ``port`` answers; one that exits first is a ``BenchProblem``
    with its status and the last line of its output in ``log`` from byte ``start`` (its reason,
    where it gave one)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if process.poll() is not None:
            said = log.read_bytes()[start:].decode(errors="replace").strip().splitlines() if log else []
            if said:
                raise BenchProblem("error.bench_server_exited", status=process.returncode, reason=said[-1])
            raise BenchProblem("error.bench_server_silent", status=process.returncode)
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=2):
                return
        except OSError:
            time.sleep(0.05)
    raise BenchProblem("error.bench_server_slow", seconds=timeout)


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
    clients: int = 1
    """Client processes that shared the tables."""
    server_cores: tuple[int, ...] | None = None
    """The CPUs the server was kept on (the clients on the others); None: not pinned."""

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
            ("ui.bench_server_workers", {"count": self.workers}),
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


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


@dataclass(slots=True)
class Measured:
    """The window in which every table played: from the moment all were seated to the
    deadline, with the server's CPU and memory read at both ends."""

    seconds: float = 0.0
    server_cpu: float = 0.0
    server_rss_kib: int = 0


def _measure(
    base: str,
    pids: list[int],
    tables: int,
    seats: int,
    think: float,
    seed: int,
    duration: float,
    clients: int,
    progress: Callable[[float], None],
) -> tuple[Load, Measured]:
    measured = Measured()
    start = 0.0

    def started() -> None:
        nonlocal start
        start = time.perf_counter()
        measured.server_cpu = -sum(map(cpu_seconds, pids))

    def ended() -> None:
        measured.seconds = time.perf_counter() - start
        measured.server_cpu += sum(map(cpu_seconds, pids))
        measured.server_rss_kib = sum(map(rss_kib, pids))

    if clients > 1:
        load = play_in_processes(
            base,
            tables,
            seats,
            think,
            seed,
            duration,
            clients,
            started=started,
            ended=ended,
            progress=progress,
        )
        return load, measured

    async def ready() -> None:
        started()

    with collector_paused():
        run = play_tables(
            base, range(tables), seats, think, seed, duration, ready=ready, ended=ended, progress=progress
        )
        load = event_loop_runner()(run)
    return load, measured


@contextmanager
def client_cores(server_cores: Collection[int] | None) -> Iterator[None]:
    """This process (the clients, and the client processes it starts) kept off the server's
    cores while the block runs."""
    if server_cores is None:
        yield
        return
    mine = os.sched_getaffinity(0)
    os.sched_setaffinity(0, mine - set(server_cores))
    try:
        yield
    finally:
        os.sched_setaffinity(0, mine)


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
    clients: int = 1,
    server_cores: Collection[int] | None = None,
    server_log: Path | None = None,
    lang: str | None = None,
    progress: Callable[[float], None] = lambda done: None,
) -> BenchResult:
    """Run the benchmark and return its figures. ``progress`` hears the measured fraction done.
    ``workers`` (with a PostgreSQL ``db_url`` and ``redis`` past one): the server started with
    ``--workers``; ``url``: no server started, the load goes to the service already running
    there (on other cores or machines: its CPU is then not measured). ``clients``: client
    processes sharing the tables; ``server_cores``: the CPUs the server runs on, the clients
    on the others; ``server_log``: a file for the started server's output; ``lang``: the
    language it speaks (its reason to exit, if it does)."""
    if not 1 <= tables <= 2000 or not 2 <= seats <= 5:
        raise BenchProblem("error.bench_tables_seats", tables=tables, seats=seats)
    if not 0 < duration <= 3600 or not 0 <= think <= 60:
        raise BenchProblem("error.bench_duration_think", duration=f"{duration:g}", think=f"{think:g}")
    if not 1 <= clients <= min(64, tables):
        raise BenchProblem("error.bench_clients", clients=clients, tables=tables)
    if server_cores is not None:
        server_cores = sorted(set(server_cores))
        usable = os.sched_getaffinity(0)
        if url is not None or not server_cores or not set(server_cores) < usable:
            raise BenchProblem("error.bench_server_cores", usable=",".join(map(str, sorted(usable))))
    if url is not None:
        load, measured = _measure(
            url.rstrip("/"), [], tables, seats, think, seed, duration, clients, progress
        )
        return _result(tables, seats, think, load, measured, None, 0, [], workers, clients, None)
    port = port or free_port()
    base = f"http://127.0.0.1:{port}"
    extra = ["--workers", str(workers)] + (["--redis", redis] if redis else [])
    with tempfile.TemporaryDirectory(prefix="backroom-bench-") as tmp:
        db = db_url or f"sqlite:///{tmp}/bench.db"
        with (
            server_process(db, port, Path(tmp), extra, server_cores, server_log, lang) as process,
            client_cores(server_cores),
            fsync_probe(Path(tmp)) as fsyncs,
        ):
            pids = family(process.pid)
            before = sum(map(rss_kib, pids))
            load, measured = _measure(base, pids, tables, seats, think, seed, duration, clients, progress)
    return _result(
        tables,
        seats,
        think,
        load,
        measured,
        measured.server_cpu,
        before,
        fsyncs,
        workers,
        clients,
        server_cores,
    )


def _result(
    tables: int,
    seats: int,
    think: float,
    load: Load,
    measured: Measured,
    cpu: float | None,
    rss_before: int,
    fsyncs: list[float],
    workers: int,
    clients: int,
    server_cores: Sequence[int] | None,
) -> BenchResult:
    latencies = load.latencies
    moves = len(latencies)
    return BenchResult(
        tables=tables,
        seats=seats,
        think=think,
        seconds=measured.seconds,
        moves=moves,
        games=load.games,
        p50_ms=percentile(latencies, 0.50) * 1000,
        p99_ms=percentile(latencies, 0.99) * 1000,
        max_ms=max(latencies, default=0.0) * 1000,
        refused=load.refused,
        server_cpu_ms_per_move=None if cpu is None else 1000 * cpu / max(1, moves),
        rss_per_table_kib=max(0, measured.server_rss_kib - rss_before) / tables,
        fsync_p99_ms=percentile(fsyncs, 0.99) * 1000,
        fsync_max_ms=max(fsyncs, default=0.0) * 1000,
        workers=workers,
        clients=clients,
        server_cores=None if server_cores is None else tuple(server_cores),
    )
