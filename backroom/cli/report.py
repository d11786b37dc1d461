"""``backroom report``: the balance of a game for each configuration asked for (variants times
player counts), played on any backend and written as one self-contained HTML page."""

from __future__ import annotations

import argparse
from importlib.metadata import version
from importlib.util import find_spec
from pathlib import Path
from typing import Any

from rich.console import Console

from backroom.cli.main import options_from
from backroom.cli.runner import check_run_args, run_plans
from backroom.engine.errors import MissingExtra
from backroom.engine.files import check_writable
from backroom.engine.game import Game
from backroom.games import get_game
from backroom.i18n import translate
from backroom.sim.balance import BalanceTally
from backroom.sim.batch import Plan


def report_command(args: argparse.Namespace, console: Console) -> int:
    lang: str = args.lang
    game = get_game(args.game)
    check_run_args(args)
    check_writable(args.out)
    if find_spec("matplotlib") is None:
        raise MissingExtra("error.report_missing")
    variants = [options_from(text.split(",") if text.strip() else []) for text in args.variant or [""]]
    jobs = []
    tallies = []
    labels = []
    for given in variants:
        options = game.resolve_options(given)
        for players in args.players or [game.min_players]:
            plan = Plan.cycled(
                game.id, args.games, players, args.bots, args.seed, options=options, usage=True
            )
            tallies.append(BalanceTally(plan))
            jobs.append((plan, [tallies[-1]]))
            labels.append(configuration_label(lang, game, given, players, compared=len(variants) > 1))
    label = translate(lang, "ui.report_running", {"game": translate(lang, f"{game.id}.name")})
    run_plans(args, label, jobs)
    from backroom.report.page import Page

    configurations = [(text, tally.summary()) for text, tally in zip(labels, tallies, strict=True)]
    meta = {"games": args.games, "seed": args.seed, "version": version("backroom")}
    out = Path(args.out)
    out.write_text(Page(lang, game.id, configurations).render(meta), encoding="utf-8")
    console.print(translate(lang, "ui.report_written", {"path": str(out)}))
    return 0


def configuration_label(lang: str, game: Game, given: dict[str, Any], players: int, *, compared: bool) -> str:
    """``Variant: Río Abajo, 5 players``: the options a person named, then the table size; the
    default rules say so when they are compared with variants."""
    specs = {spec.name: spec for spec in game.options}
    parts = [translate(lang, "ui.report_default_rules")] if compared and not given else []
    for name, value in given.items():
        shown = (
            translate(lang, f"{game.id}.option.{name}.{value}") if specs[name].choices else str(value).lower()
        )
        parts.append(f"{translate(lang, f'{game.id}.option.{name}')}: {shown}")
    parts.append(translate(lang, "ui.report_players", {"players": players}))
    return ", ".join(parts)
