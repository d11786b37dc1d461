"""The Politburó terminal board renders candidates, offices, hand and windows from a view."""

from __future__ import annotations

from rich.console import Console

from backroom.games.politburo import GAME
from backroom.games.politburo.terminal import render

from .conftest import INDUSTRIA, position


def text(renderable: object) -> str:
    console = Console(record=True, width=200, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_terminal_board_shows_tracks_offices_hand_assigned_and_the_window():
    state = position(
        hands={0: ["agresion-3"], 1: ["cura"]},
        offices={INDUSTRIA: 4},
        loyalty={4: 11},
        health={5: 2},
        assigned={3: ["favorito"]},
    )
    state.apply(0, ("play", "agresion-3", 5))
    out = text(render(state.view(1), "es", ["Ana", "Bo", "Cy", "Di"]))
    assert "Ministro de Industria" in out and "Cura" in out and "Favorito" in out and "agoniza" in out
    out = text(render(state.view(0), "en", ["Ana", "Bo", "Cy", "Di"]))
    assert "Favorito" not in out and "▒" in out and "Minister of Industry" in out


def test_terminal_board_renders_in_every_language_and_player_count():
    for players in (2, 5):
        state, _ = GAME.start(players, {}, seed=2)
        for lang, word in (("es", "Salud"), ("en", "Health"), ("fr", "Santé")):
            assert word in text(render(state.view(0), lang, [f"P{i}" for i in range(players)]))


def test_terminal_play_against_heuristic_bots_in_spanish_to_the_end(capsys, monkeypatch):
    # Issue 13: `backroom play politburo --players 4 --bots heuristic --lang es`
    import io

    from backroom.cli.main import main

    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 3000))
    code = main(["play", "politburo", "--players", "4", "--bots", "heuristic", "--lang", "es", "--seed", "3"])
    out = capsys.readouterr().out
    assert code == 0 and "Resultados" in out and "Ventana" in out and "Salud" in out


def test_the_treason_window_names_the_card_as_each_language_names_it():
    """Traición is "Treason!" in English and "Trahison !" in French: the window that offers it
    says so, not "Traición?" (and the log line does not end "?.")."""
    from backroom.i18n import LANGUAGES, translate

    for lang in LANGUAGES:
        window = translate(lang, "politburo.window.betray")
        assert translate(lang, "politburo.card.traicion") in window
        assert not translate(lang, "politburo.event.window", {"window": window}).endswith(("?.", "!."))


def test_a_french_board_puts_a_space_before_each_colon():
    import re

    state, _ = GAME.start(4, {}, seed=2)
    state.apply(0, ("discard", state.view(0)["hand"][0]))
    out = text(render(state.view(0), "fr", ["Ana", "Bo", "Cy", "Di"]))
    assert "Votre main :" in out and "Défausse :" in out and "(10) : vacant" in out
    assert not re.search(r"[\w)]:", out)


def test_a_french_office_starting_a_line_or_a_cell_takes_a_capital():
    # "est désormais ministre de l'Industrie" keeps it lowercase mid-sentence, not on the board.
    state = position(offices={INDUSTRIA: 4})
    out = text(render(state.view(0), "fr", ["Ana", "Bo", "Cy", "Di"]))
    assert "Ministre de l’Industrie (10) :" in out and "Chef du NKVD (21) :" in out
    assert "│ Ministre de l’Industrie" in out and "ministre de" not in out and "chef du" not in out
