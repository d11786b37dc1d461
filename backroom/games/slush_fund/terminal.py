"""The Slush Fund board in a terminal: one row per politician (Scandals, then every player's
bribery pile as the viewer sees it), and below it the Time count, the deck, the slush fund and
the cards still to play this turn."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from backroom.i18n import translate

STYLE = {
    "money": "green",
    "vp": "bold cyan",
    "scandal": "bold red",
    "thief": "magenta",
    "spy": "magenta",
    "transfer": "magenta",
    "time": "yellow",
}


def card_text(face: str | None, lang: str) -> Text:
    """A card by its translated name, coloured by type; ``None`` is a card the viewer cannot see."""
    if face is None:
        return Text("▒", style="blue")
    kind = "money" if face.startswith("money-") else face
    return Text(translate(lang, f"slush-fund.card.{face}"), style=STYLE.get(kind, ""))


def cards_text(faces: list[str | None], lang: str) -> Text:
    out = Text()
    for i, face in enumerate(faces):
        if i:
            out.append(" ")
        out.append_text(card_text(face, lang))
    return out


def pile_text(pile: dict[str, Any], lang: str) -> RenderableType:
    """Bottom to top, each card whole (a narrow column wraps between cards, never inside
    "30 K$"); below them the total when the viewer sees the whole pile."""
    if not pile["count"]:
        return Text("—", style="dim")
    cards = Columns([card_text(face, lang) for face in pile["cards"]], padding=(0, 1))
    if pile["money"] is None:
        return cards
    total = Text(translate(lang, "slush-fund.ui.total", {"thousands": pile["money"] // 1000}), style="bold")
    if pile["vp"]:
        total.append(f" +{pile['vp']}", style="bold cyan")
    return Group(cards, total)


def render(view: dict[str, Any], lang: str, names: Sequence[str]) -> RenderableType:
    def t(key: str, **params: Any) -> str:
        return translate(lang, f"slush-fund.{key}", params, names)

    board = Table(show_header=True, header_style="bold", expand=False)
    board.add_column(t("ui.politician"))
    board.add_column(t("ui.scandals"), justify="center")
    for seat in range(view["players"]):
        title = names[seat] if seat < len(names) else str(seat + 1)
        if seat == view["active"] and view["phase"] != "over":
            title = f"▶ {title}"
        board.add_column(title)
    for p, politician in enumerate(view["politicians"]):
        name = Text(f"{politician['rank']}. {t('politician.' + politician['id'])}")
        if politician["removed"]:
            name.stylize("strike dim")
            name.append(f" ({t('ui.removed')})", style="dim")
        scandals = Text("✖" * politician["scandals"] or "·", style="red")
        board.add_row(name, scandals, *(pile_text(view["piles"][s][p], lang) for s in range(view["players"])))
    status = Text()
    status.append(t("ui.time", count=view["time"], limit=view["time_to_end"]), style="yellow")
    status.append("   " + t("ui.deck", count=view["deck"]))
    fund = Text(t("ui.fund") + " ")
    fund.append_text(cards_text(view["fund"], lang) if view["fund"] else Text("—", style="dim"))
    lines: list[RenderableType] = [board, status, fund]
    if view["held"]:
        held = Text(t("ui.held") + " ", style="bold")
        held.append_text(cards_text(view["held"], lang))
        lines.append(held)
    lines.append(Text(t(f"phase.{view['phase']}"), style="italic"))
    return Group(*lines)
