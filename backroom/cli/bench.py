"""``backroom bench GAME`` (the rules' speed on one core) and ``backroom bench server``."""

from __future__ import annotations

import argparse
import json
from typing import Any

from rich.console import Console
from rich.table import Table

from backroom.bots import make_bot
from backroom.engine.errors import BadOptions
from backroom.games import get_game
from backroom.i18n import format_number, translate
from backroom.sim.bench import bench, bench_bots

GAME_OPTIONS = frozenset({"--players", "--seconds", "--bots"})
"""The options of ``bench GAME`` alone; ``--json`` and ``--lang`` serve both targets, every
other option is ``bench server``'s."""


def check_target_options(args: argparse.Namespace) -> None:
    """Refuse an option given for the other target (``bench stool-pigeon --tables 5``), which
    would be ignored, and a timing of no length."""
    given: set[str] = getattr(args, "given", set())
    if args.target == "server":
        for option in sorted(given & GAME_OPTIONS):
            raise BadOptions("error.bench_game_option", option=option)
    else:
        for option in sorted(given - GAME_OPTIONS - {"--lang"}):
            raise BadOptions("error.bench_server_option", option=option, game=args.target)
        if not args.seconds > 0:
            raise BadOptions("error.bench_seconds", value=f"{args.seconds:g}")


def total_seconds(args: argparse.Namespace) -> float:
    """How long the whole measure takes: ``--seconds`` for the rules' figures, and with ``--bots``
    as long again for each kind and twice for ``random``, timed before and after them
    (``bench_bots``). The notice said ``--seconds`` alone, and a run with one bot kind took
    four times what it announced."""
    kinds: list[str] = args.bots
    return float(args.seconds) * (1 + (len(kinds) + 2 if kinds else 0))


def bench_command(args: argparse.Namespace, console: Console) -> int:
    lang: str = args.lang
    check_target_options(args)
    if args.target == "server":
        from backroom.cli.bench_server import bench_server_command

        return bench_server_command(args)
    game = get_game(args.target)
    players = min(game.max_players, 4) if args.players is None else args.players
    game.check_players(players)
    kinds: list[str] = args.bots
    for kind in kinds:
        make_bot(kind, game, 0)  # an unknown kind is refused before any timing starts
    # With --json, standard output carries only the JSON document, so a script can parse it.
    notice = Console(stderr=True) if args.json else console
    notice.print(
        translate(
            lang,
            "ui.benchmarking",
            {"game": game.id, "players": players, "seconds": format_number(lang, total_seconds(args))},
        )
    )
    figures = bench(game, players, args.seconds)
    if kinds:
        figures["bots"] = bench_bots(game, players, kinds, args.seconds)
    if args.json:
        print(json.dumps(figures))
        return 0
    show_bench(console, lang, figures)
    return 0


def show_bench(console: Console, lang: str, f: dict[str, Any]) -> None:
    p = f["playouts"]
    table = Table(title=translate(lang, "ui.bench_title", {"game": f["game"], "players": f["players"]}))
    table.add_column(translate(lang, "ui.col_measure"))
    table.add_column(translate(lang, "ui.col_value"), justify="right")
    rows = [
        ("ui.bench_actions", p["actions_per_second"], 0),
        ("ui.bench_games", p["games_per_second"], 0),
        ("ui.bench_mean_actions", p["mean_actions"], 1),
        ("ui.bench_clone", f["clone_us"], 1),
        ("ui.bench_resample", f["resample_us"], 1),
        ("ui.bench_resample_ratio", f["resample_per_clone"], 1),
    ]
    for key, value, decimals in rows:
        table.add_row(translate(lang, key), format_number(lang, value, decimals))
    console.print(table)
    if "bots" in f:
        bots = Table(title=translate(lang, "ui.bench_bots_title"))
        bots.add_column(translate(lang, "ui.col_bot"))
        bots.add_column(translate(lang, "ui.bench_bot_actions"), justify="right")
        bots.add_column(translate(lang, "ui.bench_random_per_bot"), justify="right")
        for row in f["bots"]:
            bots.add_row(
                row["bot"],
                format_number(lang, row["actions_per_second"], 0),
                format_number(lang, row["random_per_bot"], 1),
            )
        console.print(bots)
    console.print(translate(lang, "ui.bench_machine", f["machine"]), soft_wrap=True)  # one line to copy whole
