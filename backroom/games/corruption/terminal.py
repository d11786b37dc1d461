"""The Corruption board in a terminal: one column per government body, each contract with the
cards played under it (in play order) and the body's Swiss account below; then the hand, the
contracts won and, after an award, what became of every contract."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from babel.numbers import format_decimal
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from backroom.i18n import translate

STYLE = {"attorney": "bold red", "reporter": "magenta", "hitman": "bold yellow", "back": "blue"}


def card_text(face: str, lang: str) -> Text:
    if face == "back":
        return Text("▒", style=STYLE["back"])
    style = "green" if face.startswith("bribe-") else STYLE.get(face, "")
    return Text(translate(lang, f"corruption.card.{face}"), style=style)


def _money(value: int, lang: str) -> str:
    """Dollars written the reader's way ($7,600,000; $7.600.000; 7 600 000 $)."""
    return translate(lang, "corruption.ui.money", {"amount": format_decimal(value, locale=lang)})


def play_text(play: dict[str, Any], lang: str, names: Sequence[str]) -> Text:
    """``Name: card`` with its counting value; struck through once killed, removed or gone."""
    out = Text(f"{_name(play['seat'], lang, names)}: ", style="dim")
    face = card_text(play["card"], lang)
    if play["fate"] != "in_play":
        face.stylize("strike dim")
        face.append(f" ({translate(lang, 'corruption.fate.' + play['fate'])})", style="dim")
    out.append_text(face)
    if play["value"] is not None and play["swiss"] is not None:
        out.append(f" ½={_money(play['value'], lang)}", style="green")
    if play["looked"] and not play["face_up"]:
        out.append(" 👁", style="cyan")
    return out


def _name(seat: int, lang: str, names: Sequence[str]) -> str:
    return names[seat] if 0 <= seat < len(names) else translate(lang, "ui.seat_name", {"number": seat + 1})


def render(view: dict[str, Any], lang: str, names: Sequence[str]) -> RenderableType:
    def t(key: str, **params: Any) -> str:
        return translate(lang, f"corruption.{key}", params, names)

    contracts = view["contracts"]
    totals = view["totals"] or {}
    board = Table(expand=True, show_lines=True)
    columns: list[list[Text]] = []
    for body in view["bodies"]:
        board.add_column(t(f"body.{body}"), ratio=1)
        cells: list[Text] = []
        for row in view["table"]:
            if row["body"] != body:
                continue
            c = row["contract"]
            info = contracts[c]
            cell = Text(translate(lang, info["label"]["$"], info["label"], names), style="bold")
            cell.append(f"  {_money(info['value'], lang)}", style="cyan")
            if row["cancelled"]:
                cell.append(f"  {t('ui.cancelled')}", style="bold red")
            for play in view["plays"]:
                if play["contract"] == c:
                    cell.append("\n")
                    cell.append_text(play_text(play, lang, names))
            sums = totals.get(str(c))
            if sums:
                cell.append(
                    "\n"
                    + " · ".join(
                        f"{_name(s, lang, names)} {_money(v, lang)}" for s, v in enumerate(sums) if v
                    )
                )
            cells.append(cell)
        swiss = Text(t("ui.swiss"), style="italic")
        for play in view["plays"]:
            if play["swiss"] == body:
                swiss.append("\n")
                swiss.append_text(play_text(play, lang, names))
                if play["counts_on"] is not None:
                    swiss.append(
                        " → "
                        + translate(
                            lang,
                            contracts[play["counts_on"]]["label"]["$"],
                            contracts[play["counts_on"]]["label"],
                            names,
                        )
                    )
        cells.append(swiss)
        columns.append(cells)
    for i in range(max(len(c) for c in columns)):
        board.add_row(*[c[i] if i < len(c) else Text("") for c in columns])

    head = Text(t("ui.round", round=view["round"], rounds=view["rounds"]), style="bold")
    head.append(f" · {t('phase.' + view['phase'])} · {t('ui.leader', seat=view['leader'])}")
    head.append(f" · {t('ui.face_up', positions=view['face_up_positions'] or '-')}")
    head.append(f" · {t('ui.deck', count=view['deck'])}")
    parts: list[RenderableType] = [head, board]
    if view["award"] is not None:
        step = t(f"step.{view['award']['step']}")
        parts.append(Text(t("ui.awaiting", step=step, seat=view["award"]["seat"]), style="bold yellow"))
    seat = view["seat"]
    if seat is not None and view["hands"][seat]["cards"] is not None:
        hand = Text(f"{t('ui.hand')} ", style="bold")
        for i, face in enumerate(view["hands"][seat]["cards"]):
            if i:
                hand.append(", ")
            hand.append_text(card_text(face, lang))
        parts.append(hand)
    won = Table(title=t("ui.won"), show_header=False, box=None)
    for entry in view["won"]:
        names_won = ", ".join(
            translate(lang, contracts[c]["label"]["$"], contracts[c]["label"], names)
            for c in entry["contracts"]
        )
        spent = ", ".join(
            translate(lang, f"corruption.card.{f}") for f in view["hands"][entry["seat"]]["spent"]
        )
        won.add_row(
            _name(entry["seat"], lang, names),
            _money(entry["total"], lang),
            names_won or "—",
            Text(spent, style="dim"),
        )
    parts.append(won)
    if view["black_book"]:
        counts = ", ".join(f"{_name(s, lang, names)} {n}" for s, n in enumerate(view["black_book_left"]))
        parts.append(Text(t("ui.black_book", counts=counts)))
    if view["results"] and view["phase"] != "award":
        last = Text(f"{t('ui.last_round')} ", style="bold")
        for i, r in enumerate(view["results"]):
            if i:
                last.append(" · ")
            result = {
                "$": f"corruption.ui.result.{r['result']}",
                "seat": r["seat"] if r["seat"] is not None else -1,
            }
            last.append(t("ui.result_line", contract=contracts[r["contract"]]["label"], result=result))
        parts.append(last)
    return Group(*parts)
