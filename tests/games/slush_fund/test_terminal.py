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


def test_no_card_is_split_across_lines_in_an_80_column_terminal():
    """Four players at 80 columns (76 inside the panel): a pile wraps between cards, never inside
    one ("30" on a line, "K$" on the next), and its total stands on its own line."""
    from .conftest import SENATOR, SPEAKER

    pile = ["vp", "money-20", "money-30", "vp", "money-50"]
    state = position(
        {(0, SPEAKER): pile, (0, SENATOR): pile[::-1], (2, SPEAKER): ["money-40", "vp"]}, players=4
    )
    console = Console(record=True, width=76, color_system=None)
    console.print(
        render(state.view(0), "fr", ["Joueur 1 (vous)", *(f"Bot {n} (heuristique)" for n in (2, 3, 4))])
    )
    cells = [cell.strip() for line in console.export_text().splitlines() for cell in line.split("│")]
    assert "carte PV" in cells and "30 K$" in cells and "100 K$ +2" in cells
    assert not [cell for cell in cells if cell.startswith(("K$", "PV")) or cell.endswith(("carte", " 30"))]
