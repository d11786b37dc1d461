"""``backroom serve``: the command-line entry of the server (the lead's CLI registers it)."""

from __future__ import annotations

import argparse
import errno
import logging
import os
import re
import socket
import sys
import threading
import webbrowser
from typing import Any
from urllib.parse import unquote_plus

from backroom.i18n import default_language, translate
from backroom.server.settings import RATE, TABLES_PER_MINUTE, default_url, normalize_url

_PARAM = re.compile(r"(?P<name>[^=&?;\s\"']+)=(?P<value>[^&;\s\"']*)")


def redact(text: str) -> str:
    """``text`` with the value of every ``token`` parameter replaced. The name is compared
    percent-decoded, as the server reads it: ``?%74oken=`` opens a seat just as ``?token=``."""
    return _PARAM.sub(
        lambda m: f"{m['name']}=<redacted>" if unquote_plus(m["name"]) == "token" else m[0], text
    )


class RedactTokens(logging.Filter):
    """Access logs print request paths; a seat's token in ``?token=`` must never reach a log."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        return True


def install_log_redaction() -> None:
    for name in ("uvicorn.access", "uvicorn.error", "uvicorn"):
        logging.getLogger(name).addFilter(RedactTokens())


def _rate(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not 1 <= value <= 10_000:
        raise argparse.ArgumentTypeError("must be between 1 and 10000")
    return value


def _port(text: str) -> int:
    """A TCP port (0: any free one, as the tests use); anything else is one sentence from argparse
    instead of the socket module's OverflowError traceback."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"{value} is not a port: give one between 1 and 65535")
    return value


def add_serve_command(subparsers: Any) -> argparse.ArgumentParser:
    """Register ``serve`` on an argparse subparsers object; its ``func`` default is ``serve``."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "serve",
        help="run the online table (lobby, tables, WebSocket) on a local port",
        description="Run the Backroom server. Without --db it keeps tables in SQLite in the "
        "user's data directory ($BACKROOM_DATA_DIR, else ~/.local/share/backroom).",
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument(
        "--port",
        type=_port,
        default=8000,
        help="port to listen on, 1 to 65535 (default 8000; make serve PORT=…)",
    )
    parser.add_argument(
        "--db",
        default=None,
        metavar="URL",
        help="database URL: sqlite:///path.db or postgresql://user@host/db (default: SQLite in "
        "the data directory)",
    )
    parser.add_argument(
        "--rate",
        type=_rate,
        default=RATE,
        help=f"messages per second one connection may send, in bursts of as many (default {RATE:g})",
    )
    parser.add_argument(
        "--tables-per-minute",
        type=_rate,
        default=TABLES_PER_MINUTE,
        help=f"tables one client address may create a minute (default {TABLES_PER_MINUTE:g})",
    )
    parser.add_argument(
        "--allow-origin",
        action="append",
        default=[],
        metavar="ORIGIN",
        help="another site whose pages may create tables and open sockets here, e.g. "
        "https://games.example.org (repeatable; the server's own pages always may)",
    )
    parser.add_argument(
        "--trusted-proxy",
        action="append",
        default=[],
        metavar="ADDRESS",
        help="address of a reverse proxy whose X-Forwarded-For is believed (repeatable; default: "
        "none, every request counts as coming from its own address)",
    )
    parser.add_argument("--open", action="store_true", help="open the lobby in a web browser")
    parser.set_defaults(func=serve)
    return parser


def serve(args: argparse.Namespace) -> int:
    """Run the server until interrupted; returns the process exit status."""
    import uvicorn

    from backroom.server.app import create_app

    lang = default_language()
    url = normalize_url(args.db) if args.db else default_url()
    problem = database_problem(url)
    if problem is not None:
        what = {"url": problem[0], "reason": problem[1]}
        print(translate(lang, "ui.serve_bad_db", what), file=sys.stderr)
        return 2
    try:  # bound before anything starts: a second server on the same database must not run its tables
        sock = socket.create_server((args.host, args.port), family=_family(args.host))
    except OSError as exc:
        print(translate(lang, _listen_problem(exc), _where(args, exc)), file=sys.stderr)
        return 2
    app = create_app(
        url, rate=args.rate, tables_per_minute=args.tables_per_minute, allowed_origins=args.allow_origin
    )
    config = uvicorn.Config(
        app,
        host=args.host,
        port=args.port,
        ws_max_size=1 << 20,
        proxy_headers=bool(args.trusted_proxy),
        forwarded_allow_ips=",".join(args.trusted_proxy) or None,
        log_level="info",
        lifespan="on",
    )
    server = uvicorn.Server(config)
    install_log_redaction()
    # The database writer thread hands the GIL back and forth with the event loop at every
    # commit; a shorter switch interval keeps a busy loop from delaying commits (and acks).
    sys.setswitchinterval(0.001)
    url = lobby_url(args.host, sock.getsockname()[1])
    print(translate(lang, "ui.serve_address", {"url": url}), flush=True)
    if getattr(args, "open", False):
        threading.Timer(1.0, open_lobby, (url, lang)).start()
    server.run(sockets=[sock])
    return 0


def lobby_url(host: str, port: int) -> str:
    """The lobby's address as a person types it: a wildcard host is reached on loopback."""
    shown = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
    return f"http://[{shown}]:{port}/" if ":" in shown else f"http://{shown}:{port}/"


def open_lobby(url: str, lang: str) -> bool:
    """Open the lobby in this machine's browser; without one (a server, a container) say so
    rather than fail silently, and the address printed above is still there to copy."""
    opened = webbrowser.open(url)
    if not opened:
        print(translate(lang, "ui.serve_no_browser", {"url": url}), file=sys.stderr, flush=True)
    return opened


def _listen_problem(exc: OSError) -> str:
    """Which sentence explains a failed bind: the port is taken, the host is not this machine's,
    or (permissions, anything else) the system's own reason."""
    if exc.errno == errno.EADDRINUSE:
        return "ui.serve_port_taken"
    # ``create_server`` re-raises a failed name lookup as a plain OSError with the lookup's
    # negative EAI_* number.
    if exc.errno == errno.EADDRNOTAVAIL or (exc.errno or 0) < 0:
        return "ui.serve_bad_host"
    return "ui.serve_cannot_listen"


def _where(args: argparse.Namespace, exc: OSError) -> dict[str, str]:
    reason = exc.strerror or (os.strerror(exc.errno) if exc.errno else str(exc))
    reason = reason.partition(" (while attempting")[0]  # create_server's note names the address again
    return {"host": args.host, "port": str(args.port), "reason": reason}


def _family(host: str) -> socket.AddressFamily:
    return socket.AF_INET6 if ":" in host else socket.AF_INET


def database_problem(url: str) -> tuple[str, str] | None:
    """Why the database at ``url`` cannot be opened (its URL without password, and the
    driver's first line), or None: a sentence instead of a page of traceback."""
    from sqlalchemy.engine import make_url

    from backroom.server.store import make_engine

    try:
        shown = make_url(url).render_as_string(hide_password=True)
    except Exception as exc:
        return url.split("@")[-1], str(exc).splitlines()[0]
    try:
        engine = make_engine(url)
        try:
            with engine.connect():
                pass
        finally:
            engine.dispose()
    except Exception as exc:
        reason = str(getattr(exc, "orig", None) or exc).strip().splitlines()
        return shown, reason[0] if reason else type(exc).__name__
    return None
