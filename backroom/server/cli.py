"""``backroom serve``: the command-line entry of the server (the lead's CLI registers it)."""

from __future__ import annotations

import argparse
import copy
import errno
import logging
import os
import re
import resource
import socket
import sys
import threading
import webbrowser
from collections.abc import Callable
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote_plus

from backroom.cli.arguments import say, tcp_port
from backroom.i18n import DEFAULT_LANGUAGE, default_language, texts, translate
from backroom.server.settings import (
    BODY_TIMEOUT,
    CONNECTIONS_PER_ADDRESS,
    CONNECTIONS_PER_TABLE,
    CONNECTS_PER_MINUTE,
    EXPIRE_UNPLAYED,
    FRAME_BYTES,
    HEADER_TIMEOUT,
    MAX_CONNECTIONS,
    QUEUE_BYTES,
    RATE,
    SEARCH_ITERATIONS,
    SEARCH_WORKERS,
    SEND_TIMEOUT,
    TABLES_PER_MINUTE,
    Limits,
    default_url,
    normalize_url,
    parse_duration,
)

if TYPE_CHECKING:
    from backroom.server.dblock import DatabaseLock

FILES_KEPT = 64
"""Descriptors kept for other than client connections: the listening socket, the database
and its journal files, PostgreSQL connections, the event loop's own, standard streams."""

_PARAM = re.compile(r"(?<![^=&?;\s\"'])(?P<name>[^=&?;\s\"']+)=(?P<value>[^&;\s\"']*)")
"""A ``name=value`` parameter. A name starts only where a delimiter (or the text) ends: without
that, a long path with no ``=`` was scanned again from each of its characters, a time growing
with the square of its length, in the event loop (a 32 kB path held every table 4 s)."""


def redact(text: str) -> str:
    """``text`` with the value of every ``token`` parameter replaced. The name is compared
    percent-decoded, as the server reads it: ``?%74oken=`` opens a seat just as ``?token=``."""
    if "=" not in text:  # no parameter at all (most of what is logged)
        return text
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


def log_config() -> dict[str, Any]:
    """uvicorn's logging, with the server's own logger (``backroom.server``) printed beside it
    at INFO. Without it that logger had no handler, so only its warnings reached the terminal
    (Python's last resort) and the lines docs/server.md promises at INFO never did: how many
    tables with bots came back after a restart and how long it took, the unplayed tables that
    expired."""
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config["loggers"]["backroom"] = {"handlers": ["default"], "level": "INFO", "propagate": False}
    return config


def install_log_redaction() -> None:
    # backroom.server's own lines are printed too (log_config), and a reason it logs may quote
    # a request: a handed-over socket's, a relayed client's.
    for name in ("uvicorn.access", "uvicorn.error", "uvicorn", "backroom.server"):
        logging.getLogger(name).addFilter(RedactTokens())


def lighten_log_records() -> None:
    """Log records without where they were made (source file, line, function: a walk up the
    stack, through every ASGI layer, for each access line, a line a request and a socket),
    nor thread and process names: the server's log formats print none of them (the logging
    HOWTO's "Optimization")."""
    logging._srcfile = None
    logging.logThreads = logging.logProcesses = logging.logMultiprocessing = False


def _within(
    convert: Callable[[str], Any], low: float, high: float, seconds: bool = False
) -> Callable[[str], Any]:
    """An argparse type: ``convert``'s value between ``low`` and ``high``, anything else one
    sentence (argparse prints it under the usage line) instead of a traceback.

    The sentences go through ``say`` (argparse's own ``_``), so the command line's
    language (``backroom.cli.arguments.speaking``) reaches them too."""
    noun = "not a whole number: %(value)r" if convert is int else "not a number: %(value)r"
    between = (
        "must be between %(low)s and %(high)s seconds" if seconds else "must be between %(low)s and %(high)s"
    )

    def parse(text: str) -> Any:
        try:
            value = convert(text)
        except ValueError:
            raise argparse.ArgumentTypeError(say(noun, value=text)) from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(say(between, low=f"{low:g}", high=f"{high:.0f}"))
        return value

    return parse


_rate = _within(float, 1, 10_000)
_count = _within(int, 1, 1_000_000)
_seconds = _within(float, 0.1, 3600, seconds=True)


def _duration(text: str) -> float | None:
    try:
        return parse_duration(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            say("not a duration: %(value)r (say 90s, 30m, 24h, 7d, or off)", value=text)
        ) from None


def add_serve_command(subparsers: Any, lang: str = DEFAULT_LANGUAGE) -> argparse.ArgumentParser:
    """Register ``serve`` on an argparse subparsers object, its help in ``lang``; its ``func``
    default is ``serve``."""

    help_in = texts(lang, "cli.serve")

    parser: argparse.ArgumentParser = subparsers.add_parser(
        "serve", help=help_in(""), description=help_in("description")
    )
    parser.add_argument("--host", default="127.0.0.1", help=help_in("host"))
    parser.add_argument("--port", type=tcp_port, default=8000, help=help_in("port"))
    parser.add_argument("--db", default=None, metavar="URL", help=help_in("db"))
    parser.add_argument("--workers", type=_within(int, 1, 256), default=1, help=help_in("workers"))
    parser.add_argument("--redis", default=None, metavar="URL", help=help_in("redis"))
    parser.add_argument("--rate", type=_rate, default=RATE, help=help_in("rate", rate=f"{RATE:g}"))
    parser.add_argument(
        "--tables-per-minute",
        type=_rate,
        default=TABLES_PER_MINUTE,
        help=help_in("tables_per_minute", rate=f"{TABLES_PER_MINUTE:g}"),
    )
    parser.add_argument(
        "--allow-origin", action="append", default=[], metavar="ORIGIN", help=help_in("allow_origin")
    )
    parser.add_argument(
        "--allow-host", action="append", default=[], metavar="NAME", help=help_in("allow_host")
    )
    parser.add_argument(
        "--trusted-proxy", action="append", default=[], metavar="ADDRESS", help=help_in("trusted_proxy")
    )
    parser.add_argument(
        "--expire-unplayed",
        type=_duration,
        default=EXPIRE_UNPLAYED,
        metavar="DURATION",
        help=help_in("expire_unplayed"),
    )
    parser.add_argument("--allow-seed", action="store_true", help=help_in("allow_seed"))
    parser.add_argument(
        "--search-workers",
        type=_count,
        default=SEARCH_WORKERS,
        metavar="N",
        help=help_in("search_workers", count=str(SEARCH_WORKERS)),
    )
    parser.add_argument(
        "--search-iterations",
        type=_count,
        default=SEARCH_ITERATIONS,
        metavar="N",
        help=help_in("search_iterations"),
    )
    parser.add_argument(
        "--max-connections",
        type=_count,
        default=MAX_CONNECTIONS,
        help=help_in("max_connections", count=str(MAX_CONNECTIONS)),
    )
    parser.add_argument(
        "--connections-per-address",
        type=_count,
        default=CONNECTIONS_PER_ADDRESS,
        help=help_in("connections_per_address", count=str(CONNECTIONS_PER_ADDRESS)),
    )
    parser.add_argument(
        "--connections-per-table",
        type=_count,
        default=CONNECTIONS_PER_TABLE,
        help=help_in("connections_per_table", count=str(CONNECTIONS_PER_TABLE)),
    )
    parser.add_argument(
        "--connects-per-minute",
        type=_rate,
        default=CONNECTS_PER_MINUTE,
        help=help_in("connects_per_minute", rate=f"{CONNECTS_PER_MINUTE:g}"),
    )
    parser.add_argument(
        "--queue-bytes", type=_count, default=QUEUE_BYTES, help=help_in("queue_bytes", count=str(QUEUE_BYTES))
    )
    parser.add_argument(
        "--send-timeout",
        type=_seconds,
        default=SEND_TIMEOUT,
        help=help_in("send_timeout", seconds=f"{SEND_TIMEOUT:g}"),
    )
    parser.add_argument(
        "--header-timeout",
        type=_seconds,
        default=HEADER_TIMEOUT,
        help=help_in("header_timeout", seconds=f"{HEADER_TIMEOUT:g}"),
    )
    parser.add_argument(
        "--body-timeout",
        type=_seconds,
        default=BODY_TIMEOUT,
        help=help_in("body_timeout", seconds=f"{BODY_TIMEOUT:g}"),
    )
    parser.add_argument("--open", action="store_true", help=help_in("open"))
    parser.add_argument("--check-db", action="store_true", help=help_in("check_db"))
    parser.set_defaults(func=serve)
    return parser


def serve(args: argparse.Namespace) -> int:
    """Run the server until interrupted (or check its database); returns the exit status."""
    from backroom.server.dblock import DatabaseInUse, DatabaseLock

    lang: str = getattr(args, "lang", None) or default_language()
    url = normalize_url(args.db) if args.db else default_url()
    refused = database_refused(url, args.check_db)
    if refused is not None:
        print(translate(lang, *refused), file=sys.stderr)
        return 2
    problem = database_problem(url)
    if problem is not None:
        what = {"url": problem[0], "reason": problem[1]}
        print(translate(lang, "ui.serve_bad_db", what), file=sys.stderr)
        return 2
    if args.workers > 1 or args.redis:  # workers share the database: no lock, leases instead
        if not args.redis or not url.startswith("postgresql"):
            print(translate(lang, "ui.serve_workers_need", {"workers": args.workers}), file=sys.stderr)
            return 2
        return _serve_locked(args, url, lang, None)
    try:  # before anything reads the database: a second server must not run its tables
        lock = DatabaseLock(url).acquire()
    except DatabaseInUse as busy:
        print(translate(lang, "ui.serve_db_in_use", {"url": busy.url}), file=sys.stderr)
        return 2
    try:
        return _serve_locked(args, url, lang, lock)
    finally:
        lock.release()


def _serve_locked(args: argparse.Namespace, url: str, lang: str, lock: DatabaseLock | None) -> int:
    import uvicorn

    from backroom.server.app import create_app
    from backroom.server.check import check_database
    from backroom.server.hosts import allowed_hosts
    from backroom.server.transport import adopter, protocols

    problem = schema_problem(url)
    if problem is not None:
        print(translate(lang, "ui.serve_bad_db", {"url": problem[0], "reason": problem[1]}), file=sys.stderr)
        return 2
    if args.check_db:
        return check_database(url, lang, sys.stdout)
    try:
        sock = socket.create_server((args.host, args.port), family=_family(args.host))
    except OSError as exc:
        print(translate(lang, _listen_problem(exc), _where(args, exc)), file=sys.stderr)
        return 2
    limits = Limits(
        max_connections=connections_within_open_files(args.max_connections, lang),
        connections_per_address=args.connections_per_address,
        connections_per_table=args.connections_per_table,
        connects_per_minute=args.connects_per_minute,
        queue_bytes=args.queue_bytes,
        send_timeout=args.send_timeout,
        header_timeout=args.header_timeout,
        body_timeout=args.body_timeout,
    )
    app = create_app(
        url,
        rate=args.rate,
        tables_per_minute=args.tables_per_minute,
        allowed_origins=args.allow_origin,
        allowed_hosts=allowed_hosts(args.host, args.allow_host),
        allow_seed=args.allow_seed,
        expire_unplayed=args.expire_unplayed,
        search_workers=args.search_workers,
        search_iterations=args.search_iterations,
        limits=limits,
        lock=lock,
        redis=args.redis,
    )
    http, ws = protocols(limits, args.trusted_proxy)
    config = uvicorn.Config(
        app,
        host=args.host,
        port=args.port,
        http=http,
        ws=ws,
        ws_max_size=FRAME_BYTES,
        # A client that reads nothing and is sent nothing still answers pings or goes: half the
        # send timeout to answer a ping sent every half of it, so a quiet non-reader is dropped
        # within the send timeout too (uvicorn's default pings gave it 40 s).
        ws_ping_interval=limits.send_timeout / 2,
        ws_ping_timeout=limits.send_timeout / 2,
        proxy_headers=bool(args.trusted_proxy),
        forwarded_allow_ips=",".join(args.trusted_proxy) or None,
        log_level="info",
        log_config=log_config(),
        lifespan="on",
    )
    server = uvicorn.Server(config)
    app.state.adopt = adopter(server)  # sockets handed over by this machine's other workers
    install_log_redaction()
    lighten_log_records()
    # The database writer thread hands the GIL back and forth with the event loop at every
    # commit; a shorter switch interval keeps a busy loop from delaying commits (and acks).
    sys.setswitchinterval(0.001)
    lobby = lobby_url(args.host, sock.getsockname()[1])
    print(translate(lang, "ui.serve_address", {"url": lobby}), flush=True)
    if getattr(args, "open", False):
        threading.Timer(1.0, open_lobby, (lobby, lang)).start()
    if args.workers > 1:
        from backroom.server import workers

        return workers.run(args.workers, lambda: server.run(sockets=[sock]))
    server.run(sockets=[sock])
    return 0


def connections_within_open_files(wanted: int, lang: str) -> int:
    """``wanted`` connections, if the process may open that many files (and ``FILES_KEPT``
    more): the soft limit is raised toward the hard one as needed. Else as many as fit, said
    on stderr. Past its open-file limit a server cannot even accept the connection that would
    be refused, and every visitor is locked out."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    needed = wanted + FILES_KEPT
    if soft != resource.RLIM_INFINITY and soft < needed:
        raised = needed if hard == resource.RLIM_INFINITY else min(needed, hard)
        if raised > soft:
            try:
                resource.setrlimit(resource.RLIMIT_NOFILE, (raised, hard))
                soft = raised
            except (ValueError, OSError):
                pass
    if soft == resource.RLIM_INFINITY or soft >= needed:
        return wanted
    fitting = max(1, soft - FILES_KEPT)
    what = {"files": str(soft), "connections": str(fitting), "wanted": str(wanted)}
    print(translate(lang, "ui.serve_few_files", what), file=sys.stderr)
    return fitting


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


def schema_problem(url: str) -> tuple[str, str] | None:
    """Why the database's schema cannot be brought to this release's (a newer release wrote
    it, a migration failed), as ``database_problem`` says it; None once it is up to date."""
    from sqlalchemy.engine import make_url

    from backroom.server import migrations
    from backroom.server.store import make_engine

    engine = make_engine(url)
    try:
        migrations.upgrade(engine)
    except Exception as exc:
        reason = str(getattr(exc, "orig", None) or exc).strip().splitlines()
        return make_url(url).render_as_string(hide_password=True), reason[0] if reason else type(exc).__name__
    finally:
        engine.dispose()
    return None


def database_refused(url: str, checking: bool) -> tuple[str, dict[str, str]] | None:
    """The message refusing ``url`` before anything opens it, or None: a database other than
    SQLite or PostgreSQL (whose driver is not shipped), or for ``--check-db``, which only reads,
    a SQLite file that does not exist (opening it would create it, and its folder)."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        parsed = make_url(url)
    except (ArgumentError, ValueError):  # a file's path, a port that is no number: what a URL looks like
        return "ui.serve_db_not_url", {"url": unparsed_shown(url)}
    backend = parsed.get_backend_name()
    if backend not in ("sqlite", "postgresql"):
        return "ui.serve_db_unsupported", {"url": shown_url(parsed)}
    if backend == "sqlite" and parsed.database in (None, "", ":memory:"):
        return "ui.serve_db_memory", {"url": unparsed_shown(url)}
    if checking and backend == "sqlite" and not os.path.isfile(parsed.database or ""):
        return "ui.check_db_missing", {"path": parsed.database or ""}
    return None


def shown_url(parsed: Any) -> str:
    """A database URL as messages print it: no password, and no query, where a driver also
    takes one (``?password=``)."""
    return str(parsed.set(query={}).render_as_string(hide_password=True))


def unparsed_shown(url: str) -> str:
    """What may be printed of a URL that does not parse: after its credentials, before its query."""
    return url.split("@")[-1].split("?")[0]


def database_problem(url: str) -> tuple[str, str] | None:
    """Why the database at ``url`` cannot be opened (its URL without password, and the
    driver's first line), or None: a sentence instead of a page of traceback."""
    from sqlalchemy.engine import make_url

    from backroom.server.store import make_engine

    try:
        shown = shown_url(make_url(url))
    except Exception as exc:
        return unparsed_shown(url), str(exc).splitlines()[0]
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
