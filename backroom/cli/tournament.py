"""``backroom tournament``: every combination of bot kinds over the seats, then one table per
question: who is strongest (wins, mean rank, rating), who beats whom, and how each lineup went."""

from __future__ import annotations

import argparse
import json
from collections import Counter
from typing import Any

from rich.console import Console
from rich.table import Table

from backroom.cli.runner import check_run_args, run_plans
from backroom.engine.errors import BadOptions
from backroom.games import get_game
from backroom.i18n import format_number, format_rate, translate
from backroom.sim.batch import Plan
from backroom.sim.tournament import TournamentTally, lineups


def tournament_command(args: argparse.Namespace, console: Console, options: dict[str, Any]) -> int:
    lang: str = args.lang
    game = get_game(args.game)
    check_run_args(args)
    players = game.min_players if args.players is None else args.players
    game.check_players(players)
    combinations = lineups(args.bots, players)
    if args.games < len(combinations):  # a lineup without a game would be printed as an empty row
        raise BadOptions("error.tournament_games", lineups=len(combinations), games=args.games)
    plan = Plan(game.id, args.games, players, combinations, args.seed, game.resolve_options(options))
    tally = TournamentTally(plan)
    label = translate(lang, "ui.tournament_running", {"game": translate(lang, f"{game.id}.name")})
    (timing,) = run_plans(
        args, label, [(plan, [tally])], quiet=args.json and not Console(stderr=True).is_terminal
    )
    summary = tally.summary(timing)
    if args.json:
        print(json.dumps(summary, ensure_ascii=False))
        return 0
    show_tournament(console, lang, summary)
    return 0


def _lineup(seats: list[str]) -> str:
    """``heuristic×2 random``: each kind once, with its number of seats when more than one."""
    counts = Counter(seats)
    return " ".join(kind if n == 1 else f"{kind}×{n}" for kind, n in counts.items())


def show_tournament(console: Console, lang: str, s: dict[str, Any]) -> None:
    def t(key: str, **params: Any) -> str:
        return translate(lang, key, params)

    def one(value: float) -> str:
        return format_number(lang, value, 1)

    console.print(
        t(
            "ui.tournament_header",
            count=s["games"],
            game=t(f"{s['game']}.name"),
            players=s["players"],
            lineups={"$": "ui.lineups", "count": len(s["lineups"])},
            seed=s["seed"],
        )
    )
    bots = Table(title=t("ui.tournament_bots"))
    for key in ("ui.col_bot", "ui.col_seats", "ui.col_win_share", "ui.col_mean_rank", "ui.col_rating"):
        bots.add_column(t(key), justify="right")
    for kind, row in s["bots"].items():
        rating = row["rating"]
        bots.add_row(
            kind,
            format_number(lang, row["seats"]),
            format_rate(lang, row["rate"], row["ci95"]),
            format_number(lang, row["mean_rank"], 2),
            f"{one(rating['mu'])} ± {one(rating['sigma'])} ({one(rating['ordinal'])})",
        )
    console.print(bots)
    kinds = list(s["bots"])
    places = Table(title=t("ui.tournament_ranks"))
    # One column a place: at six places an 80-column terminal cut every interval and the bot's
    # name short ("(14.2%–…", "heurist…"). The name is kept whole (it is typed back in
    # --bots); where the places cannot have an interval's width each, an interval may break
    # after its dash, and anything still too long folds onto the next line rather than go.
    places.add_column(t("ui.col_bot"), no_wrap=True)
    for rank in range(1, s["players"] + 1):
        places.add_column(t("ui.col_rank", rank=rank), justify="right", overflow="fold")
    rows = [[format_rate(lang, c["rate"], c["ci95"]) for c in s["bots"][kind]["ranks"]] for kind in kinds]
    widest = max(len(text.rsplit(" (", 1)[-1]) + 1 for row in rows for text in row)  # "(a–b)"
    room = (console.width - max(map(len, kinds)) - 4) // s["players"] - 3  # borders and padding
    for kind, row in zip(kinds, rows, strict=True):
        places.add_row(kind, *(text.replace("–", "– ") if widest > room else text for text in row))
    console.print(places)
    head = Table(title=t("ui.tournament_head_to_head"))
    head.add_column(t("ui.col_bot"))
    for kind in kinds:
        head.add_column(kind, justify="right")
    for row in kinds:
        cells = s["head_to_head"][row]
        head.add_row(
            row,
            *(format_rate(lang, cells[c]["rate"], cells[c]["ci95"]) if c in cells else "—" for c in kinds),
        )
    console.print(head)
    table = Table(title=t("ui.tournament_lineups"))
    table.add_column(t("ui.col_lineup"), no_wrap=True)
    table.add_column(t("ui.col_games"), justify="right")
    for kind in kinds:
        table.add_column(kind, justify="right")
    for lineup in s["lineups"]:
        cells = lineup["bots"]
        table.add_row(
            _lineup(lineup["seats"]),
            format_number(lang, lineup["games"]),
            *(format_rate(lang, cells[k]["rate"], cells[k]["ci95"]) if k in cells else "" for k in kinds),
        )
    console.print(table)
    console.print(t("ui.tournament_footer", mean=one(s["mean_actions"]), seconds=one(s["seconds"])))
