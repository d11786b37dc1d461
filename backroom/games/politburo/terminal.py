"""The Politburó board in a terminal: one row per candidate (owner, health and loyalty tracks,
office, action marker, face-down cards), the five offices and their holders, the attack in
flight and the open window, and below them your hand. The command line asks you only when
you are among ``actors`` (a window lists only the seats that can answer)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from backroom.i18n import capitalized, translate

STYLE = {
    "demagogia": "green",
    "difamacion": "yellow",
    "agresion": "red",
    "guardaespaldas": "cyan",
    "vengativo": "cyan",
    "favorito": "cyan",
    "manipulador": "cyan",
}


def card_text(face: str | None, lang: str) -> Text:
    """A card by its translated name; ``None`` is a face-down card the viewer cannot see."""
    if face is None:
        return Text("▒", style="blue")
    style = STYLE.get(face.split("-")[0], "bold magenta")
    return Text(translate(lang, f"politburo.card.{face}"), style=style)


def cards_text(faces: Sequence[str | None], lang: str) -> Text:
    out = Text()
    for i, face in enumerate(faces):
        if i:
            out.append(", ")
        out.append_text(card_text(face, lang))
    return out or Text("—", style="dim")


def track(value: int, low: int, high: int, style: str, step: int = 1) -> Text:
    """A track as a bar (one block per ``step`` points) and its value: health 0-10, loyalty
    -5-25 at two points a block, so a board fits in 80 columns."""
    filled = max(0, value - low) // step
    text = Text("█" * filled, style=style)
    text.append("░" * max(0, (high - low) // step - filled), style="dim")
    text.append(f" {value}", style="bold")
    return text


def render(view: dict[str, Any], lang: str, names: Sequence[str]) -> RenderableType:
    def t(key: str, **params: Any) -> str:
        return translate(lang, f"politburo.{key}", params, names)

    def who(seat: int) -> str:
        return names[seat] if seat < len(names) else str(seat + 1)

    board = Table(show_header=True, header_style="bold", expand=False)
    for key in ("ui.candidate", "ui.health", "ui.loyalty", "ui.office", "ui.assigned"):
        board.add_column(t(key))
    for c in view["candidates"]:
        name = Text(f"{c['name']} ({who(c['seat'])})")
        if c["fate"] != "in_play":
            name.stylize("strike dim")
            name.append(f" {t('fate.' + c['fate'])}", style="dim")
            board.add_row(name, "", "", "", "")
            continue
        if c["marker"]:
            name.append(f" ● {t('ui.marker')}", style="yellow")
        if c["hospitalized"]:
            name.append(f" ✚ {t('ui.hospital')}", style="cyan")
        office = capitalized(t(f"office.{c['office']}")) if c["office"] else ""
        board.add_row(
            name,
            track(c["health"], 0, 10, "red"),
            track(c["loyalty"], -5, 25, "green", 2),
            office,
            cards_text(c["assigned"], lang),
        )
    names_by_id = {c["id"]: c["name"] for c in view["candidates"]}
    offices = Text()
    for o in view["offices"]:
        holder = names_by_id[o["holder"]] if o["holder"] is not None else t("ui.vacant")
        post = {"$": f"politburo.office.{o['id']}"}
        offices.append(
            capitalized(t("ui.office_line", office=post, loyalty=o["loyalty"])) + " ", style="bold"
        )
        offices.append(f"{holder}   ")
    lines: list[RenderableType] = [board, offices]
    status = Text(t("ui.round", round=view["round"], limit=view["round_limit"]))
    status.append("   " + t("ui.deck", count=view["deck"]))
    lines.append(status)
    if view["discard"]:
        pile = Text(t("ui.discard") + " ")
        pile.append_text(cards_text(view["discard"][-6:], lang))
        lines.append(pile)
    if view["effects"]:
        live = Text(t("ui.effects") + " ")
        live.append_text(cards_text([e["card"] for e in view["effects"]], lang))
        lines.append(live)
    pending = view["pending"]
    if pending is not None:
        target = names_by_id[pending["candidate"]]
        shown = t("ui.pending", card=pending["card"], amount=pending["amount"], candidate=target)
        lines.append(Text(shown, style="bold red"))
    window = view["window"]
    if window is not None and window["kind"] not in ("setup",):
        lines.append(Text(t(f"window.{window['kind']}"), style="bold yellow"))
    step = view["step"]
    if step is not None and "card" in step:
        lines.append(Text(t("ui.industry_card", card=step["card"])))
    if view["hand"] is not None:
        hand = Text(t("ui.hand") + " ", style="bold")
        hand.append_text(cards_text(view["hand"], lang))
        lines.append(hand)
    lines.append(Text(t(f"phase.{view['phase']}"), style="italic"))
    return Group(*lines)
