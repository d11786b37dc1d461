"""The Stool Pigeon board in a terminal: every District as its two-row grid, slots numbered."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from backroom.games.stool_pigeon.cards import FACE_VALUE
from backroom.i18n import translate

STYLE = {"witness": "white", "family": "bold magenta", "primo": "bold green", "soplon": "bold red"}


def card_text(face: str | None, lang: str) -> Text:
    """A card as a cell: a back, an empty slot, or its name (and number, for Family cards)."""
    if face is None:
        return Text("")
    if face == "back":
        return Text("▒▒▒▒▒▒", style="blue")
    kind = face if face in ("primo", "soplon") else "witness" if face.startswith("witness") else "family"
    name = translate(lang, f"stool-pigeon.card.{face}")
    if kind != "witness":
        value = FACE_VALUE[face]
        name = f"{name} {'?' if value is None else value}"
    return Text(name, style=STYLE[kind])


def district_grid(cards: list[str | None], lang: str) -> Table:
    grid = Table.grid(padding=(0, 1))
    columns = max(1, (len(cards) + 1) // 2)
    for _ in range(columns):
        grid.add_column(justify="center")
    for row in (0, 1):
        cells = [
            card_text(cards[i], lang) if i < len(cards) else Text("") for i in range(row, 2 * columns, 2)
        ]
        numbers = [
            Text(str(i + 1), style="dim") if i < len(cards) else Text("") for i in range(row, 2 * columns, 2)
        ]
        grid.add_row(*cells)
        grid.add_row(*numbers)
    return grid


def render(view: dict[str, Any], lang: str, names: Sequence[str]) -> RenderableType:
    def t(key: str, **params: Any) -> str:
        return translate(lang, f"stool-pigeon.{key}", params, names)

    board = Table(show_header=True, header_style="bold", expand=False)
    for seat in range(len(view["districts"])):
        title = names[seat] if seat < len(names) else str(seat + 1)
        if view["closer"] == seat:
            title += " 🔒"
        if seat == view["active"] and view["phase"] != "over":
            title = f"▶ {title}"
        board.add_column(title, justify="center")
    board.add_row(*(district_grid(cards, lang) for cards in view["districts"]))
    lines: list[RenderableType] = [board]
    discard = view["discard"][-1] if view["discard"] else None
    status = Text()
    status.append(t("ui.deck", count=view["deck"]) + "   ")
    status.append(t("ui.discard") + " ")
    status.append_text(card_text(discard, lang) if discard else Text("—"))
    if view["held"] is not None:
        status.append("   " + t("ui.held") + " ")
        status.append_text(card_text(view["held"], lang))
    for face in view["removed"]:
        status.append("   " + t("ui.removed") + " ")
        status.append_text(card_text(face, lang))
    lines.append(status)
    lines.append(Text(t(f"phase.{view['phase']}"), style="italic"))
    if view["picked"] is not None:
        seat, slot = view["picked"]
        lines.append(Text(t("ui.picked", target_seat=seat, slot=slot), style="bold"))
    if view["window"] is not None:
        lines.append(Text(t("ui.window", value=view["window"]), style="bold yellow"))
    return Group(*lines)
