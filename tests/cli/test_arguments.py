"""The command line's own sentences (argparse's usage and errors) follow ``--lang`` too."""

from __future__ import annotations

import argparse
import gettext

import pytest

from backroom.cli.main import main


def refused(capsys, *argv: str) -> str:
    with pytest.raises(SystemExit) as done:
        main(list(argv))
    assert done.value.code == 2
    return capsys.readouterr().err


def test_a_mistyped_number_is_refused_in_the_chosen_language(capsys):
    err = refused(capsys, "play", "corruption", "--players", "abc", "--lang", "es")
    assert "uso: backroom play" in err
    assert "argumento --players: 'abc' no es un valor válido aquí" in err


def test_a_bad_player_list_names_no_internal_type(capsys):
    err = refused(capsys, "report", "corruption", "--players", "4,x", "--lang", "fr")
    assert "argument --players : '4,x' n’est pas une valeur valable ici" in err
    assert "player_list" not in err


@pytest.mark.parametrize(
    ("bots", "lang", "said"),
    [
        ("heuristic,,random", "en", "argument --bots: an empty bot name in 'heuristic,,random'"),
        ("heuristic,", "en", "argument --bots: an empty bot name in 'heuristic,'"),
        ("heuristic,", "es", "hay un nombre de bot vacío en 'heuristic,'"),
    ],
)
def test_an_empty_bot_name_in_a_list_is_refused_as_an_empty_name(capsys, bots, lang, said):
    err = refused(capsys, "simulate", "corruption", "--bots", bots, "--lang", lang)
    assert said in err


def test_serve_takes_lang_like_every_other_command(capsys):
    code = main(["serve", "--lang", "es", "--db", "nosuch://x"])
    assert code == 2
    assert "Backroom guarda sus mesas solo en SQLite" in capsys.readouterr().err


def test_argparse_speaks_english_again_after_a_command(capsys):
    refused(capsys, "play", "--lang", "fr")
    assert vars(argparse)["_"] is gettext.gettext


@pytest.mark.parametrize(
    ("argv", "sentence"),
    [
        (
            ("--port", "99999", "--lang", "es"),
            "argumento --port: 99999 no es un puerto: indica uno entre 1 y 65535",
        ),
        (("--send-timeout", "0", "--lang", "fr"), "doit être compris entre 0.1 et 3600 secondes"),
        (("--max-connections", "x", "--lang", "es"), "'x' no es un número entero"),
        (("--expire-unplayed", "soon", "--lang", "fr"), "'soon' n’est pas une durée"),
        (("--port", "x", "--lang", "en"), "argument --port: not a whole number: 'x'"),
    ],
)
def test_serve_own_argument_checks_speak_the_chosen_language(capsys, argv, sentence):
    assert sentence in refused(capsys, "serve", *argv)


@pytest.mark.parametrize(
    "argv", [("--lang", "es", "games"), ("--lang=es", "games"), ("games", "--lang", "es")]
)
def test_lang_is_taken_before_the_command_as_after_it(capsys, argv):
    """The README: every command takes ``--lang``; a person may put it first."""
    assert main(list(argv)) == 0
    assert "Jugadores" in capsys.readouterr().out


def test_lang_after_the_command_wins_over_one_before_it(capsys):
    assert main(["--lang", "fr", "games", "--lang", "es"]) == 0
    assert "Jugadores" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("lang", "said"),
    [("es", "muestra la versión del programa y sale"), ("fr", "affiche la version du programme")],
)
def test_help_says_what_version_does_in_the_chosen_language(capsys, lang, said):
    with pytest.raises(SystemExit):
        main(["--lang", lang, "--help"])
    out = capsys.readouterr().out
    assert said in out and "show program's version" not in out


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (("--lang", "es", "bogus"), "argumento comando: 'bogus' no es una de las opciones"),
        (("--lang", "fr", "bogus"), "argument commande : 'bogus' n"),
        (("--lang", "es"), "faltan estos argumentos obligatorios: comando"),
    ],
)
def test_a_missing_or_unknown_command_is_named_in_the_chosen_language_not_by_its_field(capsys, argv, said):
    err = refused(capsys, *argv)
    assert said in err


def test_bench_server_refuses_a_port_out_of_range_before_starting_a_server(capsys):
    # It used to start the server, which refused the port in English in its own usage line.
    err = refused(capsys, "bench", "server", "--port", "99999", "--lang", "es")
    assert "argumento --port: 99999 no es un puerto: indica uno entre 1 y 65535" in err
    assert "python -m backroom.server" not in err
