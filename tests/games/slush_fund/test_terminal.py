"""The Slush Fund terminal board renders every layout and language from a view alone."""

from __future__ import annotations

from rich.console import Console

from backroom.games.slush_fund import GAME
from backroom.games.slush_fund.terminal import render

from .conftest import PRESIDENT, position


def text(renderable: object) -> str:
    console = Console(record=True, width=160, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_terminal_board_shows_politicians_piles_fund_and_time():
    state = position({(0, PRESIDENT): ["money-20", "money-10"]}, fund=["thief", "vp", "spy"], time=3)
    out = text(render(state.view(1), "en", ["Steve", "Bill"]))
    assert "President" in out and "Representative" in out
    assert "$10K" in out and "Thief" in out and "3/10" in out and "Bill" in out


def test_terminal_board_renders_in_every_language_and_player_count():
    for players in (2, 3, 4):
        state, _ = GAME.start(players, {}, seed=2)
        for lang, word in (("es", "Presidente"), ("en", "President"), ("fr", "Président")):
            assert word in text(render(state.view(0), lang, [f"P{i}" for i in range(players)]))
