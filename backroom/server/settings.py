"""The server's defaults and where its database lives: plain values and functions, so that
``backroom serve --help`` (and every other command) starts without the web and database stack.
"""

from __future__ import annotations

import os
from pathlib import Path

RATE = 20.0
"""Messages per second a connection may send, with bursts of as many."""

TABLES_PER_MINUTE = 30.0
"""Tables one client address may create a minute (in bursts of as many): friends make a few,
a script looping on the lobby API must not fill the database and push real tables out of
the list."""


EXPIRE_UNPLAYED = 24 * 3600.0
"""Seconds after its creation that a table nobody played (no action stored) is deleted: a
table made and forgotten, or made by a script by the thousand, must not stay forever."""

_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


def parse_duration(text: str) -> float | None:
    """``90s``, ``30m``, ``24h``, ``7d`` or plain seconds, as seconds; ``off``: never (None).
    ValueError for anything else, or for a duration that is not positive."""
    text = text.strip().lower()
    if text in ("off", "never"):
        return None
    unit = _UNITS.get(text[-1:], 0)
    number = text[:-1] if unit else text
    seconds = float(number) * (unit or 1)  # ValueError if it is no number
    if not 0 < seconds < float("inf"):
        raise ValueError(f"not a positive duration: {text!r}")
    return seconds


SEARCH_WORKERS = 1
"""Processes in which search bots think (``backroom.server.thinking``): as many searches run at
once, the others wait their turn; the event loop never runs one."""

SEARCH_ITERATIONS = 1000
"""Iterations a search bot spends on each move at a table (well under a second on one core)."""


def data_dir() -> Path:
    """Where the embedded database lives: ``$BACKROOM_DATA_DIR``, else the XDG data home."""
    given = os.environ.get("BACKROOM_DATA_DIR")
    if given:
        return Path(given)
    xdg = os.environ.get("XDG_DATA_HOME")
    return (Path(xdg) if xdg else Path.home() / ".local" / "share") / "backroom"


def default_url() -> str:
    return f"sqlite:///{data_dir() / 'backroom.db'}"


def normalize_url(url: str) -> str:
    """``postgresql://`` and ``postgres://`` mean psycopg 3, the driver Backroom ships with."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url
