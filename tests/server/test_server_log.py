"""What ``backroom serve`` prints of its own besides uvicorn's lines: the INFO lines that
docs/server.md promises (tables brought back after a restart, unplayed tables expired)."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from pathlib import Path

from starlette.testclient import TestClient

from backroom.server.cli import install_log_redaction
from backroom.sim.server_load import free_port, server_process
from tests.server.conftest import new_table


def test_a_restarted_server_says_how_many_tables_with_bots_came_back(
    make_client: Callable[..., TestClient], tmp_path: Path
) -> None:
    """The line was logged at INFO on ``backroom.server``, a logger with no handler: only its
    warnings reached the terminal, through Python's last resort."""
    client = make_client()
    bots = [{"kind": "bot"}, {"kind": "bot"}]
    new_table(client, players=2, seats=bots, bot_delay=30)  # a bot to move, 30 s from now
    client.__exit__(None, None, None)
    log = tmp_path / "server.log"
    url = f"sqlite:///{tmp_path / 'tables.db'}"
    with server_process(url, free_port(), tmp_path, log=log):
        deadline = time.monotonic() + 20
        while "tables with bots or turn timers resumed" not in log.read_text():
            assert time.monotonic() < deadline, log.read_text()
            time.sleep(0.1)
    assert "INFO:     1 of 1 tables with bots or turn timers resumed in" in log.read_text()


def test_the_servers_own_lines_never_print_a_token() -> None:
    """They reach the terminal now, and a reason may quote a request's path."""
    install_log_redaction()
    record = logging.LogRecord(
        "backroom.server", logging.INFO, "", 0, "refused %s", ("/ws/x?token=abc",), None
    )
    assert logging.getLogger("backroom.server").filter(record)
    assert record.getMessage() == "refused /ws/x?token=<redacted>"
