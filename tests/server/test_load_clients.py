"""``backroom bench server`` past one client process and one core: the tables split over client
processes that start and stop together, and the server kept on the cores it is given."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

import pytest

from backroom.cli.arguments import speaking
from backroom.cli.bench_server import add_bench_server_args, cpu_list
from backroom.sim.load_clients import BenchProblem, Load, play_in_processes
from backroom.sim.server_load import bench_server, family, free_port, server_process


def test_a_cpu_list_is_read_as_taskset_writes_it() -> None:
    assert cpu_list("0,1") == [0, 1]
    assert cpu_list("2-4,0") == [0, 2, 3, 4]
    args = add_bench_server_args(argparse.ArgumentParser()).parse_args(
        ["--server-cores", "0-1", "--clients", "3"]
    )
    assert (args.server_cores, args.clients) == ([0, 1], 3)


@pytest.mark.parametrize("text", ["", "a", "1-x", "-1", "0,,1"])
def test_a_cpu_list_that_is_not_one_is_one_sentence_in_the_commands_language(text: str) -> None:
    with speaking("es"), pytest.raises(argparse.ArgumentTypeError, match="no es una lista de procesadores"):
        cpu_list(text)


def test_merged_loads_keep_every_round_trip_refusal_and_game() -> None:
    load = Load(latencies=[0.1], refused=1, games=2)
    load.merge(Load(latencies=[0.2, 0.3], refused=0, games=1))
    assert (sorted(load.latencies), load.refused, load.games) == ([0.1, 0.2, 0.3], 1, 3)


def test_tables_split_over_client_processes_play_together_and_merge_their_round_trips(tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    result = bench_server(tables=4, seats=4, duration=2.0, clients=2, server_log=log)
    assert "WebSocket" in log.read_text()  # the started server's own lines
    assert result.clients == 2 and result.moves > 0 and result.refused == 0
    assert 0 < result.p50_ms <= result.p99_ms <= result.max_ms
    assert result.server_cpu_ms_per_move is not None and result.server_cpu_ms_per_move > 0
    assert result.to_json()["clients"] == 2


def test_client_processes_that_cannot_seat_their_tables_say_why() -> None:
    closed = f"http://127.0.0.1:{free_port()}"  # nothing listens there
    with pytest.raises(BenchProblem) as refused:
        play_in_processes(
            closed, 2, 4, 0.0, 0, 1.0, 2, started=lambda: None, ended=lambda: None, progress=lambda d: None
        )
    assert (refused.value.key, refused.value.params) == ("error.bench_no_server", {"url": closed})


@pytest.mark.parametrize(
    "options",
    [
        {"clients": 0},
        {"clients": 3, "tables": 2},
        {"server_cores": []},
        {"server_cores": sorted(os.sched_getaffinity(0))},  # no core left for the clients
        {"server_cores": [max(os.sched_getaffinity(0)) + 1]},
        {"server_cores": [0], "url": "http://127.0.0.1:1"},  # a service elsewhere cannot be pinned
    ],
)
def test_bench_options_out_of_range_are_refused_before_anything_starts(options: dict[str, object]) -> None:
    with pytest.raises(BenchProblem):
        bench_server(duration=1.0, **{"tables": 4, **options})  # type: ignore[arg-type]


@pytest.mark.skipif(
    len(os.sched_getaffinity(0)) < 2, reason="needs a core for the server and one for the rest"
)
def test_a_pinned_server_and_every_process_it_starts_stay_on_its_cores(tmp_path: Path) -> None:
    core = min(os.sched_getaffinity(0))
    with server_process(f"sqlite:///{tmp_path / 'bench.db'}", free_port(), tmp_path, cores=[core]) as process:
        for pid in family(process.pid):
            tasks = os.listdir(f"/proc/{pid}/task")  # its threads too: the writer, the executor
            assert len(tasks) > 1
            assert all(os.sched_getaffinity(int(task)) == {core} for task in tasks)


def test_a_client_process_that_died_before_the_start_ends_the_wait_at_once_not_after_the_timeout() -> None:
    import multiprocessing
    import time
    from types import SimpleNamespace

    from backroom.sim.load_clients import _meet

    context = multiprocessing.get_context("spawn")
    dead = SimpleNamespace(exitcode=-9)  # killed (out of memory, say) while seating its tables
    start = time.monotonic()
    with pytest.raises(BenchProblem) as stopped:
        _meet(context.Barrier(2), [dead], context.Queue())
    assert stopped.value.key == "error.bench_client_stopped"
    assert time.monotonic() - start < 30  # the seating timeout is 600 s
