"""The balance report as one HTML file: text, tables and plots (embedded PNG), nothing fetched.

Every sentence comes from the catalogs (``ui.report_*``), in the language asked for; numbers
are written as that language writes them.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from babel.numbers import format_percent

from backroom.i18n import format_interval, format_number, format_rate, format_share, translate
from backroom.report import charts

USAGE_CHART_ROWS = 15
"""Most-used action kinds and cards drawn; the table lists them all."""

STYLE = """
body { font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; }
h1 { font-size: 1.6rem; } h2 { margin-top: 2.5rem; border-bottom: 1px solid #ccc; } h3 { font-size: 1.05rem; }
table { border-collapse: collapse; margin: 0.5rem 0 1rem; font-size: 0.9rem; }
th, td { padding: 0.2rem 0.6rem; border-bottom: 1px solid #e4e4e4; text-align: right; }
th:first-child, td:first-child { text-align: left; }
.favoured { color: #1d6b2e; font-weight: 600; } .disfavoured { color: #a23b1d; font-weight: 600; }
td { white-space: nowrap; } .note { color: #555; font-size: 0.9rem; } img { max-width: 100%; }
"""


class Page:
    """One report: ``configurations`` are (label, ``BalanceTally.summary()``) pairs."""

    def __init__(self, lang: str, game: str, configurations: Sequence[tuple[str, dict[str, Any]]]) -> None:
        self.lang = lang
        self.game = game
        self.configurations = configurations
        self.formats = charts.Formats(self.number, lambda v: format_percent(v, "#,##0%", locale=lang))

    def t(self, key: str, **params: Any) -> str:
        return escape(translate(self.lang, key, params))

    def pct(self, value: float) -> str:
        return format_share(self.lang, value)

    def interval(self, ci: Sequence[float]) -> str:
        return format_interval(self.lang, ci)

    def number(self, value: float) -> str:
        return format_number(self.lang, value)

    def rate(self, rate: float | None, ci: Sequence[float] | None) -> str:
        """A rate and its interval; a dash where nobody could be counted."""
        return "—" if rate is None or ci is None else format_rate(self.lang, rate, ci)

    def render(self, meta: dict[str, Any]) -> str:
        first = self.configurations[0][1]
        body = [
            f"<h1>{self.t('ui.report_title', game=translate(self.lang, f'{self.game}.name'))}</h1>",
            "<p>"
            + self.t(
                "ui.report_meta",
                games=meta["games"],
                bots=", ".join(first["bots"]),
                seed=meta["seed"],
                version=meta["version"],
            )
            + "</p>",
            f"<p class='note'>{self.t('ui.report_how_to_read')}</p>",
        ]
        if len(self.configurations) > 1:
            body += self.comparison()
        for label, summary in self.configurations:
            body += self.section(label, summary)
        return (
            f"<!DOCTYPE html>\n<html lang='{self.lang}'><head><meta charset='utf-8'>"
            f"<title>{self.t('ui.report_title', game=translate(self.lang, f'{self.game}.name'))}</title>"
            f"<style>{STYLE}</style></head><body>\n" + "\n".join(body) + "\n</body></html>\n"
        )

    def seat_one(self, summary: dict[str, Any]) -> str:
        """The first-player question, answered in one sentence."""
        row = summary["seats"][0]
        return self.t(
            "ui.report_seat_one",
            rate=self.pct(row["rate"]),
            interval=self.interval(row["ci95"]),
            fair=self.pct(summary["fair_share"]),
            verdict=self.verdict(row["verdict"]),
        )

    def comparison(self) -> list[str]:
        rows = []
        for label, s in self.configurations:
            mean = sum(n * v for v, n in s["lengths"].items()) / s["games"]
            verdict = s["seats"][0]["verdict"]
            seat = s["seats"][0]
            rows.append(
                self.row(
                    escape(label),
                    self.pct(seat["rate"]),
                    self.interval(seat["ci95"]),
                    self.pct(s["fair_share"]),
                    f"<span class='{verdict}'>{escape(self.verdict(verdict))}</span>",
                    self.number(round(mean, 1)),
                )
            )
        head = self.header(
            "ui.col_configuration",
            "ui.col_seat_one",
            "ui.col_ci",
            "ui.col_fair_share",
            "ui.col_verdict",
            "ui.col_mean_length",
        )
        seats = charts.seat_chart(
            [(label, s["seats"], s["fair_share"]) for label, s in self.configurations],
            translate(self.lang, "ui.col_seat"),
            translate(self.lang, "ui.report_axis_win_rate"),
            translate(self.lang, "ui.report_fair_share"),
            self.formats,
        )
        lengths = charts.distribution_chart(
            [(label, s["lengths"]) for label, s in self.configurations],
            translate(self.lang, "ui.report_axis_actions"),
            translate(self.lang, "ui.report_axis_share"),
            self.formats,
        )
        return [
            f"<h2>{self.t('ui.report_compare')}</h2>",
            f"<table>{head}{''.join(rows)}</table>",
            f"<h3>{self.t('ui.report_seats')}</h3>",
            self.image(seats, "ui.report_seats"),
            f"<h3>{self.t('ui.report_lengths')}</h3>",
            self.image(lengths, "ui.report_lengths"),
        ]

    def section(self, label: str, s: dict[str, Any]) -> list[str]:
        seats = "".join(
            self.row(
                str(row["seat"] + 1),
                self.pct(row["rate"]),
                self.interval(row["ci95"]),
                self.number(round(row["mean_rank"], 2)),
                f"<span class='{row['verdict']}'>{escape(self.verdict(row['verdict']))}</span>",
            )
            for row in s["seats"]
        )
        seat_chart = charts.seat_chart(
            [(label, s["seats"], s["fair_share"])],
            translate(self.lang, "ui.col_seat"),
            translate(self.lang, "ui.report_axis_win_rate"),
            translate(self.lang, "ui.report_fair_share"),
            self.formats,
        )
        scores = charts.distribution_chart(
            [
                (translate(self.lang, "ui.report_all_seats"), s["scores"]),
                (translate(self.lang, "ui.report_winners"), s["winner_scores"]),
            ],
            translate(self.lang, "ui.report_axis_score"),
            translate(self.lang, "ui.report_axis_share"),
            self.formats,
        )
        lengths = charts.distribution_chart(
            [(label, s["lengths"])],
            translate(self.lang, "ui.report_axis_actions"),
            translate(self.lang, "ui.report_axis_share"),
            self.formats,
        )
        mean = sum(n * v for v, n in s["lengths"].items()) / s["games"]
        return [
            f"<h2>{escape(label)}</h2>",
            f"<p>{self.t('ui.report_games', games=self.number(s['games']))} {self.seat_one(s)}</p>",
            f"<h3>{self.t('ui.report_seats')}</h3>",
            "<table>"
            + self.header("ui.col_seat", "ui.col_rate", "ui.col_ci", "ui.col_mean_rank", "ui.col_verdict")
            + seats
            + "</table>",
            self.image(seat_chart, "ui.report_seats"),
            f"<h3>{self.t('ui.report_scores')}</h3>",
            f"<p class='note'>{self.t('ui.report_scores_note')}</p>",
            self.image(scores, "ui.report_scores"),
            f"<h3>{self.t('ui.report_lengths')}</h3>",
            "<p>"
            + self.t(
                "ui.report_lengths_line",
                mean=self.number(round(mean, 1)),
                shortest=min(s["lengths"]),
                longest=max(s["lengths"]),
            )
            + "</p>",
            self.image(lengths, "ui.report_lengths"),
            *self.usage(s["usage"]),
        ]

    def usage(self, rows: list[dict[str, Any]]) -> list[str]:
        if not rows:
            return []
        names = [self.usage_name(row) for row in rows]
        cells = []
        for name, row in zip(names, rows, strict=True):
            cells.append(
                self.row(
                    escape(name),
                    self.number(round(row["per_seat_game"], 2)),
                    self.number(round(row["winners_mean"], 2)),
                    self.number(round(row["others_mean"], 2)),
                    self.rate(row["used_rate"], row["used_ci95"]),
                    self.rate(row["unused_rate"], row["unused_ci95"]),
                )
            )
        top = rows[:USAGE_CHART_ROWS]
        chart = charts.usage_chart(
            names[:USAGE_CHART_ROWS],
            [row["winners_mean"] for row in top],
            [row["others_mean"] for row in top],
            (translate(self.lang, "ui.report_winners"), translate(self.lang, "ui.report_others")),
            translate(self.lang, "ui.report_axis_uses"),
            self.formats,
        )
        head = self.header(
            "ui.col_action_or_card",
            "ui.col_per_seat_game",
            "ui.col_winners_mean",
            "ui.col_others_mean",
            "ui.col_used_win",
            "ui.col_unused_win",
        )
        return [
            f"<h3>{self.t('ui.report_usage')}</h3>",
            f"<p class='note'>{self.t('ui.report_usage_note')}</p>",
            self.image(chart, "ui.report_usage"),
            f"<table>{head}{''.join(cells)}</table>",
        ]

    def usage_name(self, row: dict[str, Any]) -> str:
        if row["what"] == "card":
            return translate(
                self.lang,
                "ui.report_usage_card",
                {"name": translate(self.lang, f"{self.game}.card.{row['name']}")},
            )
        kind = translate(self.lang, f"{self.game}.kind.{row['name']}")  # its full label needs arguments
        return translate(self.lang, "ui.report_usage_action", {"name": kind})

    def verdict(self, verdict: str) -> str:
        """favoured, disfavoured or even, as ``BalanceTally.summary`` judges a seat."""
        return translate(self.lang, f"ui.report_verdict.{verdict}")

    @staticmethod
    def row(*cells: str) -> str:
        """A table row of cells that are already HTML."""
        return "<tr>" + "".join(f"<td>{cell}</td>" for cell in cells) + "</tr>"

    def header(self, *keys: str) -> str:
        return "<tr>" + "".join(f"<th>{self.t(k)}</th>" for k in keys) + "</tr>"

    def image(self, uri: str, alt: str) -> str:
        return f"<p><img src='{uri}' alt='{self.t(alt)}'></p>"
