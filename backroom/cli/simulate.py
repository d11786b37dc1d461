"""``backroom simulate``: many games between bots, a progress bar, then win rates with 95%
intervals (or one JSON object for scripts)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from backroom.engine.errors import BadOptions
from backroom.games import get_game
from backroom.i18n import translate
from backroom.sim.batch import Plan, run, summarize


def simulate_command(args: argparse.Namespace, console: Console, options: dict[str, Any]) -> int:
    lang: str = args.lang
    game = get_game(args.game)
    if args.games < 1:
        raise BadOptions("error.games_count", value=args.games)
    if args.workers < 1:
        raise BadOptions("error.workers_count", value=args.workers)
    players = args.players or game.min_players
    plan = Plan(
        game=game.id,
        games=args.games,
        players=players,
        bots=tuple(args.bots),
        seed=args.seed,
        options=game.resolve_options(options),
        save_logs=args.save_logs,
    )
    err = Console(stderr=True)
    with Progress(
        TextColumn(translate(lang, "ui.simulating", {"game": translate(lang, f"{game.id}.name")})),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err,
        transient=True,
        disable=args.json and not err.is_terminal,
    ) as progress:
        task = progress.add_task("games", total=plan.games)
        results, seconds, busy = run(plan, args.workers, lambda n: progress.advance(task, n))
    summary = summarize(plan, results, seconds, busy)
    summary["workers"] = args.workers
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
            games=s["games"],
            game=t(f"{s['game']}.name"),
            players=s["players"],
            seed=s["seed"],
        )
    )
    seats = Table(title=t("ui.wins_by_seat"))
    for key in ("ui.col_seat", "ui.col_wins", "ui.col_rate", "ui.col_ci"):
        seats.add_column(t(key), justify="right")
    for row in s["win_rate_by_seat"]:
        low, high = row["ci95"]
        seats.add_row(
            str(row["seat"] + 1),
            f"{s['wins_by_seat'][row['seat']]:g}",
            f"{row['rate']:.1%}",
            f"{low:.1%}–{high:.1%}",
        )
    console.print(seats)
    bots = Table(title=t("ui.wins_by_bot"))
    for key in ("ui.col_bot", "ui.col_wins", "ui.col_rate_per_seat", "ui.col_ci"):
        bots.add_column(t(key), justify="right")
    for kind, row in s["win_rate_by_bot"].items():
        low, high = row["ci95"]
        bots.add_row(
            kind, f"{s['wins_by_bot'].get(kind, 0):g}", f"{row['rate']:.1%}", f"{low:.1%}–{high:.1%}"
        )
    console.print(bots)
    console.print(
        t(
            "ui.sim_footer",
            mean=f"{s['mean_actions']:.1f}",
            longest=s["max_actions"],
            speed=f"{s['actions_per_second']:,.0f}",
            seconds=f"{s['seconds']:.1f}",
        )
    )
