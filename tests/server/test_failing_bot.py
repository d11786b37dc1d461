"""A bot that fails does not stop its table: the seat plays a random move instead, and the
failure is logged once per move (the driver used to retry the same failing move every second,
for ever, with a traceback each time)."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from starlette.testclient import TestClient

from backroom.server import driver
from tests.server.conftest import new_table, wait_until_over


class Broken:
    def choose(self, obs: Any) -> Any:
        raise RuntimeError("a defect in the bot")


def test_a_bot_that_fails_plays_a_random_move_and_the_game_goes_on(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(driver, "make_bot", lambda kind, game, seed: Broken())
    with caplog.at_level(logging.ERROR, logger="backroom.server"):
        bot = {"kind": "bot", "bot": "heuristic"}
        table = new_table(client, players=2, seats=[bot, bot])
        wait_until_over(client, table, seconds=60)
    failures = [r for r in caplog.records if "bot of table" in r.getMessage()]
    moves = client.get(f"/api/tables/{table['id']}").json()["version"]
    assert failures and len(failures) <= moves  # one line per move it failed, no retry loop
    assert not [r for r in caplog.records if "driver of table" in r.getMessage()]
