"""``backroom bench server``: its options, and the run with a progress bar.

Kept apart from the load generator (``backroom.sim.server_load``), which is imported only when
the bench runs: every other ``backroom`` command starts without the WebSocket client.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn

from backroom.cli.arguments import say, tcp_port
from backroom.engine.errors import EngineError
from backroom.i18n import DEFAULT_LANGUAGE, default_language, texts, translate


def add_bench_server_args(
    parser: argparse.ArgumentParser, lang: str = DEFAULT_LANGUAGE
) -> argparse.ArgumentParser:
    """Options of ``backroom bench server``, their help in ``lang``; sets ``func`` to
    ``bench_server_command``."""

    help_in = texts(lang, "cli.bench")

    parser.add_argument("--tables", type=int, default=200, help=help_in("tables"))
    parser.add_argument("--seats", type=int, default=4, help=help_in("seats"))
    parser.add_argument("--duration", type=float, default=60.0, help=help_in("duration"))
    parser.add_argument("--think", type=float, default=0.0, help=help_in("think"))
    # Checked here, in the command's language: the server it starts would refuse it in English.
    parser.add_argument("--port", type=tcp_port, default=None, help=help_in("port"))
    parser.add_argument("--seed", type=int, default=0, help=help_in("seed"))
    parser.add_argument("--db", default=None, metavar="URL", help=help_in("db"))
    parser.add_argument("--workers", type=int, default=1, help=help_in("workers"))
    parser.add_argument("--redis", default=None, metavar="URL", help=help_in("redis"))
    parser.add_argument("--url", default=None, metavar="URL", help=help_in("url"))
    parser.add_argument("--clients", type=int, default=1, help=help_in("clients"))
    parser.add_argument(
        "--server-cores", type=cpu_list, default=None, metavar="LIST", help=help_in("server_cores")
    )
    parser.add_argument("--server-log", type=Path, default=None, metavar="FILE", help=help_in("server_log"))
    parser.set_defaults(func=bench_server_command)
    return parser


def cpu_list(text: str) -> list[int]:
    """``0,1`` or ``0-3,6``: CPU numbers as ``taskset -c`` writes them."""
    cores: set[int] = set()
    try:
        for part in text.split(","):
            low, _, high = part.partition("-")
            cores.update(range(int(low), int(high or low) + 1))
    except ValueError:
        cores.clear()
    if not cores or min(cores) < 0:
        raise argparse.ArgumentTypeError(say("not a list of CPUs: %(value)r (say 0,1 or 0-3)", value=text))
    return sorted(cores)


def bench_server_command(args: argparse.Namespace) -> int:
    from backroom.sim.server_load import bench_server

    lang = getattr(args, "lang", None) or default_language()
    console = Console(highlight=False, stderr=True)
    seating = {"tables": args.tables, "seats": args.seats, "url": args.url}
    setup = "ui.bench_server_setup" if args.url is None else "ui.bench_server_setup_url"
    console.print(translate(lang, setup, seating), soft_wrap=True)
    columns = (TextColumn("{task.description}"), BarColumn(), TimeRemainingColumn())
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task(translate(lang, "ui.bench_server_playing"), total=1.0)
        try:
            result = bench_server(
                args.tables,
                args.seats,
                args.duration,
                args.think,
                port=args.port,
                seed=args.seed,
                db_url=args.db,
                workers=args.workers,
                redis=args.redis,
                url=args.url,
                clients=args.clients,
                server_cores=args.server_cores,
                server_log=args.server_log,
                lang=lang,
                progress=lambda done: bar.update(task, completed=done),
            )
        except (EngineError, ValueError, RuntimeError, OSError) as exc:
            reason = translate(lang, exc.key, exc.params) if isinstance(exc, EngineError) else str(exc)
            console.print(translate(lang, "ui.bench_server_failed", {"reason": reason}), soft_wrap=True)
            return 2
    print(json.dumps(result.to_json()) if getattr(args, "json", False) else result.report(lang))
    return 0
