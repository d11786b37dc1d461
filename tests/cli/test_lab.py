"""``backroom tournament`` and ``backroom report`` as a person meets them, and the backend
options they share with ``simulate``: tables, one self-contained page, sentences for mistakes."""

from __future__ import annotations

import json
import re
import sys
import time

import pytest

from backroom.cli.main import main


def run(capsys, *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out + out.err


def test_tournament_prints_bots_head_to_head_and_lineups_in_the_language_asked(capsys):
    code, out = run(
        capsys, "tournament", "stool-pigeon", "--bots", "heuristic,random", "--games", "12",
        "--players", "3", "--lang", "es",
    )  # fmt: skip
    assert code == 0, out
    assert "12 partidas de Soplón, 3 jugadores, 2 alineaciones" in out
    assert "Cara a cara" in out and "Cada alineación" in out and "Puesto 3" in out
    assert "heuristic×2 random" in out and "heuristic random×2" in out


def test_tournament_json_is_the_same_for_one_and_two_workers(capsys):
    argv = ["tournament", "stool-pigeon", "--bots", "random,heuristic", "--games", "20", "--players", "2"]
    tables = []
    for workers in ("1", "2"):
        code, out = run(capsys, *argv, "--workers", workers, "--json")
        assert code == 0
        data = json.loads(out)
        del data["seconds"]
        tables.append(data)
    assert tables[0] == tables[1]
    assert tables[0]["lineups"] == [
        {"seats": ["random", "heuristic"], "games": 20, "bots": tables[0]["lineups"][0]["bots"]}
    ]
    assert set(tables[0]["bots"]) == {"random", "heuristic"}


def test_a_tournament_of_one_kind_is_a_sentence(capsys):
    code, out = run(capsys, "tournament", "stool-pigeon", "--bots", "random", "--games", "2", "--lang", "en")
    assert code == 2
    assert "at least two different bot kinds" in out and "Traceback" not in out


def test_a_tournament_with_fewer_games_than_lineups_is_refused_before_it_plays(capsys):
    """With --games 1 and three lineups it played one and printed the other two as empty rows."""
    argv = ("tournament", "stool-pigeon", "--bots", "heuristic,random", "--players", "4", "--games", "2")
    code, out = run(capsys, *argv, "--lang", "en")
    assert code == 2
    assert "These bots make 3 lineups and a tournament plays every one: give --games 3 or more" in out
    assert run(capsys, *argv[:-1], "3", "--json")[0] == 0


def test_the_ranks_of_six_places_are_whole_at_80_columns(capsys, monkeypatch):
    """One column a place cut every interval and the bot's name: "(14.2%–…", "heurist…"."""
    monkeypatch.setenv("COLUMNS", "80")
    argv = ("tournament", "stool-pigeon", "--bots", "heuristic,random", "--players", "6", "--games", "10")
    code, out = run(capsys, *argv, "--lang", "en")
    assert code == 0
    ranks = out.split("Ranks:", 1)[1].split("Head to head", 1)[0]
    assert "…" not in ranks and "│ heuristic │" in ranks
    assert re.search(r"│\s+\(\d+\.\d%–\s+│", ranks)  # an interval breaks after its dash, not mid-number


def test_report_is_one_page_that_needs_nothing_from_the_network(capsys, tmp_path):
    page = tmp_path / "report.html"
    code, out = run(
        capsys, "report", "stool-pigeon", "--players", "2,3", "--games", "6", "--bots", "random",
        "--out", str(page), "--lang", "fr",
    )  # fmt: skip
    assert code == 0, out
    assert "Rapport écrit" in out
    html = page.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and "<html lang='fr'>" in html
    assert "Côte à côte" in html and "2 joueurs" in html and "3 joueurs" in html
    assert "La place 1 gagne" in html
    # two comparison plots, then four per configuration (seats, scores, lengths, actions)
    assert html.count("src='data:image/png;base64,") == 2 + 2 * 4
    assert not re.search(r"""(src|href)=['"]?(https?:)?//""", html)
    assert "<script" not in html


def test_report_compares_variants_named_as_the_game_names_them(capsys, tmp_path):
    page = tmp_path / "corruption.html"
    code, out = run(
        capsys, "report", "corruption", "--variant", "", "--variant", "variant=rio_abajo,black_book=true",
        "--games", "3", "--players", "3", "--out", str(page), "--lang", "es",
    )  # fmt: skip
    assert code == 0, out
    html = page.read_text(encoding="utf-8")
    assert (
        "reglas por defecto, 3 jugadores" in html
        and "Variante: Río Abajo, Pequeño Libro Negro: true, 3 jugadores" in html
    )
    assert "carta «soborno de $" in html  # cards are named from the game's catalog


def test_report_with_an_unknown_option_is_a_sentence(capsys, tmp_path):
    code, out = run(
        capsys, "report", "corruption", "--variant", "colour=red", "--games", "2",
        "--out", str(tmp_path / "r.html"), "--lang", "en",
    )  # fmt: skip
    assert code == 2
    assert "has no option “colour”" in out and "Traceback" not in out
    assert not (tmp_path / "r.html").exists()


def test_report_without_matplotlib_says_what_to_install(capsys, monkeypatch, tmp_path):
    monkeypatch.setattr("backroom.cli.report.find_spec", lambda name: None)
    code, out = run(
        capsys, "report", "stool-pigeon", "--games", "2", "--out", str(tmp_path / "r.html"), "--lang", "en"
    )
    assert code == 2
    assert "pip install 'backroom[report]'" in out


def test_ray_backend_without_ray_says_what_to_install(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now fails as if it were absent
    code, out = run(capsys, "simulate", "stool-pigeon", "--games", "2", "--backend", "ray", "--lang", "en")
    assert code == 2
    assert "pip install 'backroom[cluster]'" in out


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--address", "auto"], "use it with --backend ray"),
        (["--backend", "ray", "--save-logs", "logs"], "only with --backend local"),
        (["--workers", "0"], "at least 1"),
    ],
)
def test_backend_options_that_cannot_work_are_sentences(capsys, argv, words):
    code, out = run(capsys, "simulate", "stool-pigeon", "--games", "2", "--lang", "en", *argv)
    assert code == 2
    assert words in out and "Traceback" not in out


@pytest.mark.parametrize("command", ["tournament", "report"])
@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["chess", "--bots", "random,heuristic"], "There is no game “chess”"),
        (["stool-pigeon", "--bots", "random,genius"], "There is no bot “genius”"),
        (["stool-pigeon", "--bots", "random,heuristic", "--players", "9"], "2 to 6 players"),
    ],
)
def test_mistakes_in_tournaments_and_reports_are_sentences(capsys, tmp_path, command, argv, words):
    code, out = run(
        capsys,
        command,
        *argv,
        "--games",
        "2",
        "--lang",
        "en",
        *(["--out", str(tmp_path / "r.html")] if command == "report" else []),
    )
    assert code == 2
    assert words in out and "Traceback" not in out


def test_an_unreachable_ray_address_is_one_sentence_within_seconds(capsys):
    started = time.monotonic()
    code, out = run(
        capsys, "simulate", "stool-pigeon", "--games", "2", "--backend", "ray", "--address", "127.0.0.1:1"
    )
    assert code == 2
    assert out.startswith("Cannot reach the Ray cluster at 127.0.0.1:1") and len(out.splitlines()) == 1
    assert time.monotonic() - started < 10
