"""``backroom bench`` when it cannot measure: one sentence in the command's language that names
the cause (no time to measure, an option of the other target, nothing listening, seeds refused,
the server's own reason to exit)."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import urllib.error
from collections.abc import Iterator
from email.message import Message

import pytest

from backroom.cli.main import main
from backroom.i18n import translate
from backroom.sim.load_clients import BenchProblem, seating_problem
from backroom.sim.server_load import free_port, wait_ready

QUICK = ("--tables", "1", "--duration", "1")


def bench(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(["bench", "server", *QUICK, *argv])
    out = capsys.readouterr()
    return code, out.out + out.err


@pytest.mark.parametrize("clients", ["1", "2"])  # two: the cause crosses from a client process
def test_nothing_listening_at_the_url_is_said_so(capsys, clients):
    url = f"http://127.0.0.1:{free_port()}"
    code, out = bench(capsys, "--url", url, "--clients", clients, "--tables", "2", "--lang", "en")
    assert code == 2
    assert f"Nothing is listening at {url}" in out
    assert "URLError" not in out and "Refused" not in out


def test_a_url_is_not_said_to_start_a_server(capsys):
    url = f"http://127.0.0.1:{free_port()}"
    _, out = bench(capsys, "--url", url, "--lang", "en")
    assert f"Seating 1 tables of 4 players at {url}" in out
    assert "Starting a server" not in out


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("es", ["La medición se detuvo: Nada escucha en", "Sentando 1 mesas de 4 jugadores en"]),
        ("fr", ["La mesure s’est arrêtée : Rien n’écoute à", "Installation de 1 tables de 4 joueurs à"]),
    ],
)
def test_the_failure_is_in_the_commands_language(capsys, lang, said):
    _, out = bench(capsys, "--url", f"http://127.0.0.1:{free_port()}", "--lang", lang)
    assert [words for words in said if words not in out] == []
    assert "could not be seated" not in out and "Nothing is listening" not in out


@pytest.fixture(scope="module")
def server_without_seeds(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server started as a person starts one: without ``--allow-seed``."""
    tmp = tmp_path_factory.mktemp("seedless")
    port = free_port()
    command = [sys.executable, "-m", "backroom.server", "serve", "--port", str(port)]
    env = {**os.environ, "BACKROOM_DATA_DIR": str(tmp)}
    process = subprocess.Popen(
        [*command, "--db", f"sqlite:///{tmp / 's.db'}"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_ready(port, process)
        yield f"http://127.0.0.1:{port}"
    finally:
        process.kill()
        process.wait()


def test_a_server_that_refuses_seeds_is_told_to_allow_them(capsys, server_without_seeds):
    code, out = bench(capsys, "--url", server_without_seeds, "--lang", "en")
    assert code == 2
    assert "refuses tables dealt from a seed" in out and "--allow-seed" in out
    assert "HTTPError" not in out and "Forbidden" not in out


def test_a_server_that_exits_at_once_gives_its_own_reason(capsys):
    code, out = bench(capsys, "--workers", "2", "--lang", "en")
    assert code == 2
    assert "The server exited with status 2: --workers 2 and --redis need a PostgreSQL database" in out


def test_another_refusal_or_failure_is_said_in_the_commands_language_with_the_servers_words():
    body = io.BytesIO(b'{"error": {"code": "unknown_game", "message": "There is no game."}}')
    http = urllib.error.HTTPError("http://h/api/tables", 400, "Bad Request", Message(), body)
    problem = seating_problem("http://h", http)
    said = translate("fr", problem.key, problem.params)
    assert said == "Le serveur à http://h a refusé de créer une table (HTTP 400) : There is no game."
    problem = seating_problem("http://h", ValueError("odd"))
    said = translate("es", problem.key, problem.params)
    assert said == "No se pudo sentar a los jugadores de una mesa: ValueError('odd')"


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (
            ("--tables", "0"),
            "bench server juega de 1 a 2000 mesas de 2 a 5 asientos (se recibió 0 mesas de 4)",
        ),
        (("--seats", "6"), "(se recibió 1 mesas de 6)"),
        (("--duration", "0"), "La duración debe ser de más de 0 segundos y como mucho 3600"),
        (("--think", "-1"), "y la espera, de 0 a 60 segundos (se recibió 1 y -1)"),
        (
            ("--clients", "2"),
            "Los procesos cliente deben ser de 1 a 64, y no más que las mesas (se recibió 2",
        ),
        (("--server-cores", "0", "--url", "http://h"), "--server-cores debe nombrar algunos"),
    ],
)
def test_a_value_out_of_range_is_refused_in_the_commands_language(capsys, argv, said):
    code, out = bench(capsys, *argv, "--lang", "es")
    assert code == 2
    assert said in out


def said_by(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out + out.err


@pytest.mark.parametrize("seconds", ["0", "-1"])
def test_bench_refuses_no_time_to_measure_as_simulate_refuses_no_games(capsys, seconds):
    code, out = said_by(capsys, "bench", "stool-pigeon", "--seconds", seconds, "--lang", "en")
    assert code == 2
    assert f"must last more than 0 seconds (got {seconds})" in out
    assert "actions" not in out  # refused before any timing


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (("stool-pigeon", "--tables", "5"), "--tables is an option of bench server, not of a game’s bench"),
        (("stool-pigeon", "--tables", "200"), "--tables is an option of bench server"),  # its default too
        (("stool-pigeon", "--url", "http://x"), "--url is an option of bench server"),
        (("server", "--players", "3"), "--players is an option of a game’s bench (bench GAME), not of"),
        (("server", "--seconds", "5"), "--seconds is an option of a game’s bench"),
    ],
)
def test_bench_refuses_an_option_meant_for_the_other_target(capsys, argv, said):
    code, out = said_by(capsys, "bench", *argv, "--lang", "en")
    assert code == 2
    assert said in out


def test_bench_refuses_the_other_targets_option_in_the_chosen_language(capsys):
    code, out = said_by(capsys, "bench", "stool-pigeon", "--tables", "5", "--lang", "es")
    assert code == 2
    assert "--tables es una opción de bench server" in out


def test_a_silent_exit_is_not_given_an_earlier_runs_last_line_as_its_reason(tmp_path):
    log = tmp_path / "server.log"
    log.write_text("an earlier run's last words\n", encoding="utf-8")
    start = log.stat().st_size
    process = subprocess.Popen([sys.executable, "-c", "raise SystemExit(3)"])
    process.wait()
    with pytest.raises(BenchProblem) as caught:
        wait_ready(free_port(), process, log, start=start)
    assert caught.value.key == "error.bench_server_silent" and caught.value.params == {"status": 3}


@pytest.mark.parametrize(("bots", "said"), [((), "0.1 s"), (("--bots", "heuristic"), "0.4 s")])
def test_the_notice_announces_the_whole_measure_bots_included(capsys, bots, said):
    """The rules' figures take ``--seconds``; each bot kind as long again, and random twice."""
    argv = ["bench", "stool-pigeon", "--seconds", "0.1", "--json", "--lang", "en", *bots]
    assert main(argv) == 0
    notice = capsys.readouterr().err
    assert f"for about {said} on one core" in notice
