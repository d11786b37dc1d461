"""Replays of finished tables (docs/server.md, "Replays"): every step as a seat, or a spectator,
saw it live; nothing of a game that is still on."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from starlette.testclient import TestClient

from backroom.server import replay
from backroom.server.replay import KEPT
from tests.server.conftest import Message, all_connected, new_table, receive_until, send, ws_path

SEATS = [{"kind": "agent"}, {"kind": "agent"}]


@pytest.fixture
def client(make_client: Callable[..., TestClient]) -> TestClient:
    return make_client(rate=10_000)


def _play(client: TestClient, table: Message) -> dict[Any, dict[int, Any]]:
    """Play the table to its end at random from both seats' sockets, with a spectator watching;
    the view each of them was sent at each version."""
    seen: dict[Any, dict[int, Any]] = {0: {}, 1: {}, None: {}}
    rng = random.Random(5)
    with (
        client.websocket_connect(ws_path(table, 0)) as zero,
        client.websocket_connect(ws_path(table, 1)) as one,
        client.websocket_connect(ws_path(table)) as watcher,
    ):
        sockets = {0: zero, 1: one, None: watcher}
        latest = {who: receive_until(ws, all_connected(2)) for who, ws in sockets.items()}
        while True:
            for who, update in latest.items():
                seen[who][update["version"]] = update["view"]
            if latest[None]["outcome"] is not None:
                return seen
            version = latest[None]["version"]
            seat = latest[None]["actors"][0]
            action = rng.choice(latest[seat]["legal"])["action"]
            send(sockets[seat], {"type": "act", "action": action, "version": version, "id": f"m{version}"})
            latest = {
                who: receive_until(ws, lambda m, v=version: m["type"] == "update" and m["version"] > v)
                for who, ws in sockets.items()
            }


def test_a_replay_shows_each_step_as_the_seat_or_spectator_saw_it_live(client: TestClient) -> None:
    table = new_table(client, players=2, seats=SEATS)
    seen = _play(client, table)
    for who in (0, 1, None):
        query = "" if who is None else f"?seat={who}"
        replay = client.get(f"/api/tables/{table['id']}/replay{query}").json()
        assert replay["seat"] == who and replay["outcome"] is not None
        views = [step["view"] for step in replay["steps"]]
        assert {v: views[v] for v in seen[who]} == seen[who]
        assert len(views) == max(seen[who]) + 1


def test_a_replay_never_shows_a_seat_what_only_another_seat_saw(client: TestClient) -> None:
    table = new_table(client, players=2, seats=SEATS)
    _play(client, table)
    record = client.get(f"/api/tables/{table['id']}/replay?seat=1").json()
    mine = [e for step in record["steps"] for e in step["events"]]
    full = client.get(f"/api/tables/{table['id']}/replay?seat=0").json()
    theirs = [e for step in full["steps"] for e in step["events"]]
    private_to_zero = [e for e in theirs if e not in mine]
    assert private_to_zero, "seat 0 saw something seat 1 did not (a peek, the deal's look)"
    spectator = client.get(f"/api/tables/{table['id']}/replay").json()
    assert all(e in mine for step in spectator["steps"] for e in step["events"])


def test_a_game_still_on_has_no_replay(client: TestClient) -> None:
    table = new_table(client, players=2, seats=SEATS)
    answer = client.get(f"/api/tables/{table['id']}/replay?seat=0&lang=es")
    assert answer.status_code == 409 and answer.json()["error"]["code"] == "not_over"
    assert "view" not in answer.text and "steps" not in answer.text


@pytest.mark.parametrize("seat", ["2", "-1", "x", "²", "9" * 40, "9" * 5000])
def test_a_replay_for_a_seat_the_table_has_not_is_refused(client: TestClient, seat: str) -> None:
    """A clear 400 for any of them: 5,000 digits once passed the digit check and made
    ``int()`` raise past Python's limit on digits, a 500 with a traceback."""
    table = new_table(client, players=2, seats=SEATS)
    _play(client, table)
    answer = client.get(f"/api/tables/{table['id']}/replay", params={"seat": seat})
    assert answer.status_code == 400 and answer.json()["error"]["code"] == "bad_field"


def test_the_replays_kept_are_bounded(client: TestClient) -> None:
    table = new_table(client, players=2, seats=SEATS)
    _play(client, table)
    for lang in ("es", "en", "fr"):
        for who in ("", "0", "1"):
            assert client.get(f"/api/tables/{table['id']}/replay?seat={who}&lang={lang}").status_code == 200
    replays = client.app.state.hub.replays  # type: ignore[attr-defined]
    assert len(replays) == KEPT


def test_a_crowd_asking_at_once_for_one_replay_costs_one_computation(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A shared link brings its crowd at once: each request that came before the first
    computation ended made its own (one Corruption replay is about 1 MB, and a thread of the
    pool every table's loads and bots share), where the crowd should wait for the one."""
    table = new_table(client, players=2, seats=SEATS)
    _play(client, table)
    made = []
    steps = replay.steps

    def slow(*args: Any) -> dict[str, Any]:
        made.append(args[1])
        time.sleep(0.3)
        return steps(*args)

    monkeypatch.setattr(replay, "steps", slow)
    url = f"/api/tables/{table['id']}/replay?seat=1"
    with ThreadPoolExecutor(6) as crowd:
        answers = list(crowd.map(lambda _: client.get(url), range(6)))
    assert [a.status_code for a in answers] == [200] * 6
    assert len({a.content for a in answers}) == 1
    assert made == [1]
