"""``python -m backroom.server serve ...`` and ``... bench ...``: the server without the
project's CLI, which tests and benchmarks start as a subprocess."""

from __future__ import annotations

import argparse
import sys

from backroom.cli.bench_server import add_bench_server_args
from backroom.server.cli import add_serve_command


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m backroom.server")
    commands = parser.add_subparsers(dest="command", required=True)
    add_serve_command(commands)
    add_bench_server_args(commands.add_parser("bench", help="benchmark a local server"))
    args = parser.parse_args(argv)
    status: int = args.func(args)
    return status


if __name__ == "__main__":
    sys.exit(main())
