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
