"""``backroom simulate``: many games between bots, a progress bar, then win rates with 95%
intervals (or one JSON object for scripts)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from rich.console import Console
from rich.table import Table

from backroom.cli.runner import check_run_args, run_plans
from backroom.games import get_game
from backroom.i18n import format_interval, format_number, format_share, translate
from backroom.sim.batch import Plan, WinTally


def simulate_command(args: argparse.Namespace, console: Console, options: dict[str, Any]) -> int:
    lang: str = args.lang
    game = get_game(args.game)
    check_run_args(args)
    players = game.min_players if args.players is None else args.players
    game.check_players(players)
    plan = Plan.cycled(
        game.id,
        args.games,
        players,
        args.bots,
        args.seed,
        options=game.resolve_options(options),
        save_logs=args.save_logs,
    )
    tally = WinTally(plan)
    label = translate(lang, "ui.simulating", {"game": translate(lang, f"{game.id}.name")})
    (timing,) = run_plans(
        args, label, [(plan, [tally])], quiet=args.json and not Console(stderr=True).is_terminal
    )
    summary = tally.summary(timing)
    summary["workers"] = args.workers or 1
    summary["backend"] = args.backend
    if args.json:
        print(json.dumps(summary, ensure_ascii=False))
        return 0
    show_summary(console, lang, summary)
    return 0


def show_summary(console: Console, lang: str, s: dict[str, Any]) -> None:
    def t(key: str, **params: Any) -> str:
        return translate(lang, key, params)

    console.print(
        t(
            "ui.sim_header",
            count=s["games"],
            game=t(f"{s['game']}.name"),
            players=s["players"],
            seed=s["seed"],
        )
    )
    seats = Table(title=t("ui.wins_by_seat"))
    for key in ("ui.col_seat", "ui.col_wins", "ui.col_rate", "ui.col_ci"):
        seats.add_column(t(key), justify="right")
    for row in s["win_rate_by_seat"]:
        seats.add_row(
            str(row["seat"] + 1),
            format_number(lang, s["wins_by_seat"][row["seat"]]),
            format_share(lang, row["rate"]),
            format_interval(lang, row["ci95"]),
        )
    console.print(seats)
    bots = Table(title=t("ui.wins_by_bot"))
    for key in ("ui.col_bot", "ui.col_wins", "ui.col_rate_per_seat", "ui.col_ci"):
        bots.add_column(t(key), justify="right")
    for kind, row in s["win_rate_by_bot"].items():
        bots.add_row(
            kind,
            format_number(lang, s["wins_by_bot"].get(kind, 0)),
            format_share(lang, row["rate"]),
            format_interval(lang, row["ci95"]),
        )
    console.print(bots)
    console.print(
        t(
            "ui.sim_footer",
            mean=format_number(lang, s["mean_actions"], 1),
            longest=s["max_actions"],
            speed=format_number(lang, s["actions_per_second"], 0),
            seconds=format_number(lang, s["seconds"], 1),
        )
    )
