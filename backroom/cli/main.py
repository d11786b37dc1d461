"""The ``backroom`` command: list games, play in a terminal, simulate, hold tournaments, write
balance reports, replay, benchmark, serve.

Every failure a person can cause (an unknown game, a bad player count, a missing file) ends in
one translated sentence and exit status 2, never a traceback; a file to write is checked before
the games that fill it are played.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from importlib.metadata import version
from typing import Any

from rich.console import Console
from rich.markup import escape

from backroom.cli.arguments import Given, bot_list, language_in, player_list, speaking
from backroom.cli.bench_server import add_bench_server_args
from backroom.cli.runner import add_run_args
from backroom.engine.errors import BadOptions, EngineError
from backroom.engine.files import FileProblem
from backroom.i18n import LANGUAGES, default_language, texts, translate
from backroom.server.cli import add_serve_command


def parse_option(text: str) -> tuple[str, Any]:
    """``name=value`` from the command line; the value is read as JSON when it parses."""
    if "=" not in text:
        raise BadOptions("error.option_syntax", text=text)
    name, raw = text.split("=", 1)
    try:
        value = json.loads(raw)
    except json.JSONDecodeError:
        value = raw
    return name.strip(), value


def options_from(pairs: Sequence[str] | None) -> dict[str, Any]:
    return dict(parse_option(p) for p in pairs or ())


def build_parser(lang: str) -> argparse.ArgumentParser:
    """The command line; every help text and description a player reads in ``lang``."""

    say = texts(lang, "cli")

    parser = argparse.ArgumentParser(prog="backroom", description=say("description"))
    # argparse words the version's help once, in English, when it is imported; and names the
    # command, missing or mistyped, by its metavar, else by the field it fills
    version_help = translate(lang, "argparse.version")
    parser.add_argument(
        "--version", action="version", version=f"backroom {version('backroom')}", help=version_help
    )
    parser.add_argument("--lang", choices=LANGUAGES, default=default_language(), help=say("lang"))
    sub = parser.add_subparsers(dest="command", metavar=say("command"), required=True)

    def common(p: argparse.ArgumentParser) -> None:
        """``--lang`` after the command too; no default there, which would replace the one
        given before the command (``backroom --lang es games``)."""
        p.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS, help=say("lang"))

    p = sub.add_parser("games", help=say("games"), description=say("games"))
    p.add_argument("game", nargs="?", help=say("games.game"))
    common(p)

    p = sub.add_parser("play", help=say("play"), description=say("play.description"))
    p.add_argument("game")
    p.add_argument("--players", type=int, default=None, help=say("play.players"))
    p.add_argument("--bots", type=bot_list, default=["heuristic"], help=say("play.bots"))
    who = p.add_mutually_exclusive_group()  # a watcher has no seat: --seat with it is refused
    who.add_argument("--seat", type=int, default=1, help=say("play.seat"))
    p.add_argument("--seed", type=int, default=None, help=say("play.seed"))
    p.add_argument("--option", action="append", metavar="NAME=VALUE", help=say("play.option"))
    who.add_argument("--watch", action="store_true", help=say("play.watch"))
    p.add_argument("--save", metavar="FILE", help=say("play.save"))
    common(p)

    p = sub.add_parser("simulate", help=say("simulate"), description=say("simulate"))
    p.add_argument("game")
    add_run_args(p, games=1000, lang=lang)
    p.add_argument("--players", type=int, default=None, help=say("simulate.players"))
    p.add_argument("--bots", type=bot_list, default=["random"], help=say("simulate.bots"))
    p.add_argument("--option", action="append", metavar="NAME=VALUE", help=say("simulate.option"))
    p.add_argument("--json", action="store_true", help=say("simulate.json"))
    p.add_argument("--save-logs", metavar="DIR", help=say("simulate.save_logs"))
    common(p)

    p = sub.add_parser("tournament", help=say("tournament"), description=say("tournament"))
    p.add_argument("game")
    add_run_args(p, games=3000, lang=lang)
    p.add_argument("--players", type=int, default=None, help=say("tournament.players"))
    p.add_argument("--bots", type=bot_list, required=True, help=say("tournament.bots"))
    p.add_argument("--option", action="append", metavar="NAME=VALUE", help=say("tournament.option"))
    p.add_argument("--json", action="store_true", help=say("tournament.json"))
    common(p)

    p = sub.add_parser("report", help=say("report"), description=say("report"))
    p.add_argument("game")
    add_run_args(p, games=1000, lang=lang)
    p.add_argument(
        "--variant", action="append", metavar="NAME=VALUE[,NAME=VALUE]", help=say("report.variant")
    )
    p.add_argument("--players", type=player_list, default=None, help=say("report.players"))
    p.add_argument("--bots", type=bot_list, default=["random"], help=say("report.bots"))
    p.add_argument("--out", default="report.html", metavar="FILE", help=say("report.out"))
    common(p)

    p = sub.add_parser("replay", help=say("replay"), description=say("replay"))
    p.add_argument("file")
    p.add_argument("--seat", type=int, default=None, help=say("replay.seat"))
    p.add_argument("--step", action="store_true", help=say("replay.step"))
    common(p)

    p = sub.add_parser("bench", help=say("bench"), description=say("bench"))
    p.register("action", None, Given)  # which target's options were given: ``bench_command``
    p.add_argument("target", help=say("bench.target"))
    p.add_argument("--players", type=int, default=None, help=say("bench.players"))
    p.add_argument("--seconds", type=float, default=5.0, help=say("bench.seconds"))
    p.add_argument("--json", action="store_true", help=say("bench.json"))
    p.add_argument("--bots", type=bot_list, default=[], help=say("bench.bots"))
    add_bench_server_args(p, lang)
    common(p)
    common(add_serve_command(sub, lang))
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    speaks = language_in(argv)
    with speaking(speaks):
        args = build_parser(speaks).parse_args(argv)
    console = Console(highlight=False)
    lang: str = getattr(args, "lang", None) or default_language()
    try:
        return dispatch(args, console)
    except (EngineError, OSError) as exc:
        return refused(console, lang, exc)
    except ValueError as exc:
        console.print(
            f"[bold red]{escape(translate(lang, 'error.generic', {'reason': str(exc)}))}[/]", soft_wrap=True
        )
        return 2
    except KeyboardInterrupt:
        console.print(translate(lang, "ui.interrupted"))
        return 130


def refused(console: Console, lang: str, exc: EngineError | OSError) -> int:
    """Say why in one sentence in ``lang`` (an OS refusal too: ``FileProblem``); the status of a
    command refused, 2."""
    problem = FileProblem.from_os(exc) if isinstance(exc, OSError) else exc
    console.print(f"[bold red]{escape(translate(lang, problem.key, problem.params))}[/]", soft_wrap=True)
    return 2


def dispatch(args: argparse.Namespace, console: Console) -> int:
    if args.command == "games":
        from backroom.cli.games import show_games

        return show_games(console, args.lang, args.game)
    if args.command == "play":
        from backroom.cli.play import play_command

        return play_command(args, console, options_from(args.option))
    if args.command == "simulate":
        from backroom.cli.simulate import simulate_command

        return simulate_command(args, console, options_from(args.option))
    if args.command == "tournament":
        from backroom.cli.tournament import tournament_command

        return tournament_command(args, console, options_from(args.option))
    if args.command == "report":
        from backroom.cli.report import report_command

        return report_command(args, console)
    if args.command == "replay":
        from backroom.cli.replay import replay_command

        return replay_command(args, console)
    if args.command == "bench":
        from backroom.cli.bench import bench_command

        return bench_command(args, console)
    result: int = args.func(args)  # commands registered by their own layer: ``serve``
    return result


if __name__ == "__main__":
    sys.exit(main())
