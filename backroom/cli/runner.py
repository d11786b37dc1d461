"""What ``simulate``, ``tournament`` and ``report`` share: the run options (games, seed,
workers, backend), their checks, and playing plans on the chosen backend under one progress bar
on standard error (so ``--json`` output stays clean)."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from backroom.engine.errors import BadOptions
from backroom.i18n import DEFAULT_LANGUAGE, texts
from backroom.sim.backends import BACKENDS, open_backend
from backroom.sim.batch import Plan, Tally, Timing, check, run


def add_run_args(p: argparse.ArgumentParser, games: int, lang: str = DEFAULT_LANGUAGE) -> None:
    """The options of a batch of games (simulate, tournament, report), their help in ``lang``."""

    say = texts(lang, "cli.run")

    p.add_argument("--games", type=int, default=games, help=say("games", games=str(games)))
    p.add_argument("--seed", type=int, default=1, help=say("seed"))
    p.add_argument("--workers", type=int, default=None, help=say("workers"))
    p.add_argument("--backend", choices=BACKENDS, default="local", help=say("backend"))
    p.add_argument("--address", default=None, help=say("address"))


def check_run_args(args: argparse.Namespace) -> None:
    """Refuse counts and combinations that cannot run, before any game is dealt."""
    if args.games < 1:
        raise BadOptions("error.games_count", value=args.games)
    if args.workers is not None and args.workers < 1:
        raise BadOptions("error.workers_count", value=args.workers)
    if args.address is not None and args.backend != "ray":
        raise BadOptions("error.address_needs_ray")
    if getattr(args, "save_logs", None) is not None and args.backend != "local":
        raise BadOptions("error.save_logs_local")


def run_plans(
    args: argparse.Namespace, label: str, jobs: Sequence[tuple[Plan, Sequence[Tally]]], *, quiet: bool = False
) -> list[Timing]:
    """Play every plan in turn on one backend (Ray starts once), folding into its tallies."""
    for plan, _ in jobs:  # a mistake is reported before Ray or a pool starts
        check(plan)
    err = Console(stderr=True)
    total = sum(plan.games for plan, _ in jobs)
    tenths = None if quiet or err.is_terminal else milestones(err, label, total)
    with (
        open_backend(args.backend, args.workers, args.address) as backend,
        Progress(
            TextColumn(label),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=err,
            transient=True,
            disable=quiet,
        ) as progress,
    ):
        task = progress.add_task("games", total=total)

        def advance(n: int) -> None:
            progress.advance(task, n)
            if tenths is not None:
                tenths(n)

        return [run(plan, backend, tallies, advance) for plan, tallies in jobs]


def milestones(err: Console, label: str, total: int) -> Callable[[int], None]:
    """Where no bar can be drawn (standard error a log or a pipe), a line at each tenth of the
    games, so that a long run is never silent: ``Playing 300/1000``."""
    done = 0

    def advance(n: int) -> None:
        nonlocal done
        before, done = done, done + n
        if done * 10 // total > before * 10 // total:
            err.print(f"{label} {done}/{total}", highlight=False, markup=False)

    return advance
