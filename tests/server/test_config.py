"""The command line and configuration of the server: database URLs, the data directory, the
``serve`` and ``bench server`` arguments, and a small real benchmark run."""

from __future__ import annotations

import argparse
import dataclasses
import gc
import json
import platform
import resource
import socket
import webbrowser
from pathlib import Path

import pytest

from backroom.cli.bench_server import add_bench_server_args, bench_server_command
from backroom.server.cli import add_serve_command, connections_within_open_files, lobby_url, open_lobby, serve
from backroom.server.settings import (
    BODY_TIMEOUT,
    CONNECTIONS_PER_ADDRESS,
    CONNECTIONS_PER_TABLE,
    HEADER_TIMEOUT,
    MAX_CONNECTIONS,
    QUEUE_BYTES,
    SEND_TIMEOUT,
    data_dir,
    default_url,
    normalize_url,
)
from backroom.sim.load_clients import BenchProblem
from backroom.sim.server_load import bench_server


def test_postgresql_urls_use_psycopg_3() -> None:
    assert normalize_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    assert (
        normalize_url("postgres://u@h:5432/db?sslmode=require")
        == "postgresql+psycopg://u@h:5432/db?sslmode=require"
    )
    assert normalize_url("postgresql+psycopg://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalize_url("sqlite:///x.db") == "sqlite:///x.db"


def test_the_embedded_database_lives_in_the_data_directory(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("BACKROOM_DATA_DIR", str(tmp_path / "data"))
    assert data_dir() == tmp_path / "data"
    assert default_url() == f"sqlite:///{tmp_path / 'data' / 'backroom.db'}"
    monkeypatch.delenv("BACKROOM_DATA_DIR")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert data_dir() == tmp_path / "xdg" / "backroom"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert data_dir() == tmp_path / ".local" / "share" / "backroom"


def test_serve_arguments_and_defaults() -> None:
    parser = argparse.ArgumentParser(prog="backroom")
    add_serve_command(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["serve"])
    assert (args.host, args.port, args.db, args.open, args.func) == ("127.0.0.1", 8000, None, False, serve)
    assert args.rate == 20.0
    args = parser.parse_args(
        ["serve", "--host", "0.0.0.0", "--port", "9000", "--db", "postgresql://x/y", "--open"]
    )
    assert (args.host, args.port, args.db, args.open) == ("0.0.0.0", 9000, "postgresql://x/y", True)


def test_serve_connection_limits_default_to_the_settings() -> None:
    parser = argparse.ArgumentParser(prog="backroom")
    add_serve_command(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["serve"])
    given = (args.max_connections, args.connections_per_address, args.connections_per_table)
    assert given == (MAX_CONNECTIONS, CONNECTIONS_PER_ADDRESS, CONNECTIONS_PER_TABLE)
    timeouts = (args.send_timeout, args.header_timeout, args.body_timeout)
    assert (args.queue_bytes, *timeouts) == (QUEUE_BYTES, SEND_TIMEOUT, HEADER_TIMEOUT, BODY_TIMEOUT)
    for flag, bad in [("--max-connections", "0"), ("--queue-bytes", "lots"), ("--send-timeout", "0")]:
        with pytest.raises(SystemExit):
            parser.parse_args(["serve", flag, bad])


@pytest.mark.parametrize(
    ("soft", "hard", "raised", "allowed"),
    [(1024, 1024, None, 960), (1024, 4096, 1064, 1000), (4096, 4096, None, 1000)],
)
def test_connections_fit_under_the_open_file_limit(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    soft: int,
    hard: int,
    raised: int | None,
    allowed: int,
) -> None:
    """Past its open-file limit a server cannot even accept a connection to refuse it: the
    limit is raised to fit the cap when the hard limit allows, else the cap is lowered."""
    set_to: list[int] = []
    monkeypatch.setattr(resource, "getrlimit", lambda _: (soft, hard))
    monkeypatch.setattr(resource, "setrlimit", lambda _, limits: set_to.append(limits[0]))
    assert connections_within_open_files(1000, "en") == allowed
    assert set_to == ([] if raised is None else [raised])
    said = capsys.readouterr().err
    assert ("960 connections instead of 1000" in said) == (allowed < 1000)


@pytest.mark.parametrize("rate", ["0", "-5", "20000", "fast"])
def test_serve_refuses_a_flood_limit_out_of_range(rate: str, capsys: pytest.CaptureFixture[str]) -> None:
    parser = argparse.ArgumentParser(prog="backroom")
    add_serve_command(parser.add_subparsers(dest="command"))
    with pytest.raises(SystemExit):
        parser.parse_args(["serve", "--rate", rate])
    assert "--rate" in capsys.readouterr().err


def test_bench_server_arguments_and_a_small_run(capsys: pytest.CaptureFixture[str]) -> None:
    args = add_bench_server_args(argparse.ArgumentParser()).parse_args([])
    assert (args.tables, args.seats, args.duration, args.think) == (200, 4, 60.0, 0.0)
    assert args.func == bench_server_command
    done: list[float] = []
    result = bench_server(tables=3, seats=4, duration=3.0, progress=done.append)
    assert result.moves > 0 and result.moves_per_second > 0
    assert 0 < result.p50_ms <= result.p99_ms <= result.max_ms
    assert result.games >= 1  # a game of random moves ends well within three seconds
    assert result.fsync_max_ms > 0 and done[-1] == 1.0
    report = result.report("es")
    assert "jugadas/s" in report and "fsync" in report
    figures = json.loads(json.dumps(result.to_json()))  # what ``bench server --json`` prints
    assert figures["moves"] == result.moves and figures["p99_ms"] == result.p99_ms
    assert figures["moves_per_second"] == result.moves_per_second and figures["workers"] == 1
    assert figures["machine"]["python"] == platform.python_version()
    elsewhere = dataclasses.replace(result, server_cpu_ms_per_move=None).to_json()
    assert elsewhere["workers"] is None and elsewhere["fsync_max_ms"] is None  # unseen from here
    with pytest.raises(BenchProblem, match="1 to 2000 tables"):
        bench_server(tables=0)
    with pytest.raises(BenchProblem, match="more than 0 seconds"):
        bench_server(tables=1, duration=0)


def serve_args(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="backroom")
    add_serve_command(parser.add_subparsers(dest="command"))
    return parser.parse_args(["serve", *argv])


@pytest.mark.parametrize(
    ("url", "shown", "hidden"),
    [("postgresql://someone:s3cret@127.0.0.1:1/none", "127.0.0.1:1/none", "s3cret")],
)
def test_serve_explains_a_database_it_cannot_open_in_a_sentence(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    url: str,
    shown: str,
    hidden: str | None,
) -> None:
    monkeypatch.setenv("BACKROOM_LANG", "en")
    assert serve(serve_args("--db", url, "--port", "0")) == 2
    err = capsys.readouterr().err
    assert err.startswith("Cannot open the database") and shown in err
    assert "Traceback" not in err and (hidden is None or hidden not in err)


@pytest.mark.parametrize("url", ["mysql://someone:s3cret@host/db", "foo://bar"])
def test_serve_says_only_sqlite_and_postgresql_are_supported(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, url: str
) -> None:
    monkeypatch.setenv("BACKROOM_LANG", "en")
    assert serve(serve_args("--db", url, "--port", "0")) == 2
    err = capsys.readouterr().err
    assert "SQLite" in err and "PostgreSQL" in err and "only" in err
    assert "No module named" not in err and "s3cret" not in err


def test_check_db_refuses_a_missing_sqlite_file_and_creates_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BACKROOM_LANG", "en")
    missing = tmp_path / "none" / "x.db"
    assert serve(serve_args("--check-db", "--db", f"sqlite:///{missing}")) == 2
    assert capsys.readouterr().err.strip() == f"There is no database at {missing}: nothing to check."
    assert list(tmp_path.iterdir()) == []


def test_serve_refuses_a_port_in_use_before_it_starts_any_table(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BACKROOM_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("BACKROOM_LANG", "es")
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        assert serve(serve_args("--port", str(port))) == 2
    err = capsys.readouterr().err
    assert f"127.0.0.1:{port}: el puerto ya está en uso" in err and "--port" in err
    assert "Address already in use" not in err  # the system's English


@pytest.mark.parametrize(
    ("given", "shown"),
    [
        ("tables.db", "tables.db"),
        ("postgresql://ana:s3cret@host:port/db", "host:port/db"),
        ("postgresql://host:port/db?password=s3cret", "postgresql+psycopg://host:port/db"),
    ],
)
def test_serve_given_no_database_url_says_what_one_looks_like(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    given: str,
    shown: str,
) -> None:
    """A file's path, or a port that is no number (which raised a traceback), in --db."""
    monkeypatch.setenv("BACKROOM_LANG", "fr")
    monkeypatch.chdir(tmp_path)
    assert serve(serve_args("--db", given, "--port", "0")) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"{shown} n’est pas une URL de base de données") and "sqlite:///" in err
    assert "SQLAlchemy" not in err and "s3cret" not in err and list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("port", ["99999", "-5", "eighty"])
def test_serve_refuses_a_port_that_is_no_port_in_a_sentence(
    port: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        serve_args("--port", port)
    err = capsys.readouterr().err
    assert "--port" in err and "Traceback" not in err


def test_serve_explains_a_host_that_is_not_this_machine(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BACKROOM_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("BACKROOM_LANG", "en")
    assert serve(serve_args("--host", "no-such-host.invalid", "--port", "0")) == 2
    err = capsys.readouterr().err
    assert err.startswith("Cannot listen on no-such-host.invalid") and "--host" in err


def test_the_lobby_address_is_printed_and_a_missing_browser_is_said(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert lobby_url("0.0.0.0", 8000) == "http://127.0.0.1:8000/"
    assert lobby_url("::1", 9000) == "http://[::1]:9000/"
    monkeypatch.setattr(webbrowser, "open", lambda url: False)
    assert not open_lobby("http://127.0.0.1:8000/", "en")
    err = capsys.readouterr().err
    assert "No web browser" in err and "http://127.0.0.1:8000/" in err


def test_a_running_server_collects_cyclic_garbage_less_often_and_gives_the_process_its_thresholds_back(
    tmp_path: Path,
) -> None:
    """Full collections pause the event loop for a time that grows with the tables alive
    (settings.COLLECTOR_THRESHOLDS); an app run inside another program hands back its own."""
    from starlette.testclient import TestClient

    from backroom.server.app import create_app
    from backroom.server.settings import COLLECTOR_THRESHOLDS

    before = gc.get_threshold()
    assert before != COLLECTOR_THRESHOLDS
    with TestClient(create_app(f"sqlite:///{tmp_path / 'tables.db'}")) as client:
        assert client.get("/api/games").status_code == 200
        assert gc.get_threshold() == COLLECTOR_THRESHOLDS
    assert gc.get_threshold() == before


@pytest.mark.parametrize("url", ["sqlite://", "sqlite:///:memory:"])
def test_serve_refuses_a_sqlite_database_in_memory(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, url: str
) -> None:
    """Every request answered 503 (each connection its own empty database) and stopping
    printed a traceback."""
    monkeypatch.setenv("BACKROOM_LANG", "en")
    assert serve(serve_args("--db", url, "--port", "0")) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"{url} is a SQLite database in memory") and "Traceback" not in err
