"""Files named on the command line: each problem is one sentence in the chosen language, and a
file to write is checked before any game is played to fill it."""

from __future__ import annotations

import pytest

from backroom.cli.main import main


def run(capsys, *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out + out.err


def test_play_refuses_an_unwritable_save_path_before_the_game_starts(capsys, tmp_path):
    save = tmp_path / "missing" / "game.json"
    code, out = run(
        capsys, "play", "politburo", "--watch", "--seed", "1", "--save", str(save), "--lang", "en"
    )
    assert code == 2
    assert f"the folder “{tmp_path / 'missing'}” does not exist" in out
    assert "Winner" not in out and "Deal seed" not in out  # no game was dealt


def test_report_refuses_an_unwritable_out_path_before_any_game(capsys, tmp_path, monkeypatch):
    def no_games(*_args, **_kwargs):
        raise AssertionError("games were played before the output path was checked")

    monkeypatch.setattr("backroom.cli.report.run_plans", no_games)
    code, out = run(capsys, "report", "corruption", "--games", "20", "--out", str(tmp_path), "--lang", "es")
    assert code == 2
    assert f"«{tmp_path}» es una carpeta, no un archivo." in out


@pytest.mark.parametrize(
    ("content", "lang", "sentence"),
    [
        (None, "es", "«{path}» no existe."),
        ("x", "en", "“{path}” is not JSON (line 1, column 1)."),
        ('{"format": "other"}', "fr", "« {path} » n’est pas un enregistrement de partie Backroom"),
    ],
)
def test_replay_says_what_is_wrong_with_the_file_in_the_chosen_language(
    capsys, tmp_path, content, lang, sentence
):
    path = tmp_path / "game.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    code, out = run(capsys, "replay", str(path), "--lang", lang)
    assert code == 2
    assert sentence.format(path=path) in out
    assert "Errno" not in out


def test_replay_of_a_folder_says_it_is_a_folder(capsys, tmp_path):
    code, out = run(capsys, "replay", str(tmp_path), "--lang", "fr")
    assert code == 2
    assert f"« {tmp_path} » est un dossier, pas un fichier." in out


def test_save_logs_into_an_existing_file_is_refused_in_a_sentence(capsys, tmp_path):
    taken = tmp_path / "report.html"
    taken.write_text("", encoding="utf-8")
    code, out = run(
        capsys, "simulate", "stool-pigeon", "--games", "2", "--save-logs", str(taken), "--lang", "en"
    )
    assert code == 2
    assert f"“{taken}” exists already and is not a folder." in out


def test_a_missing_contract_file_is_said_in_the_chosen_language(capsys, tmp_path):
    missing = tmp_path / "nope.json"
    code, out = run(
        capsys, "play", "corruption", "--watch", "--option", f"contracts_file={missing}", "--lang", "es"
    )
    assert code == 2
    assert f"No se puede leer el archivo de contratos: «{missing}» no existe." in out
    assert "No such file" not in out
