"""Idle timers (docs/server.md, "Idle windows"): a connected seat that lets a reaction window's
time run out passes; one that lets its turn's time run out has its move made by the table's
bot, per move or on a chess clock; bad timer values are refused with their bounds."""

from __future__ import annotations

import time
from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.server.conftest import Message, all_connected, new_table, receive_until, send, ws_path

TWO_AGENTS = [{"kind": "agent"}, {"kind": "agent"}]


def _seat(client: TestClient, table: Message, seat: int) -> Any:
    return client.websocket_connect(ws_path(table, seat))


def _play_until(sockets: list[Any], stop: Any) -> list[Message]:
    """Both seats make their first legal move whenever asked, until ``stop(updates)`` (each
    socket's latest update); every version reaches both sockets, so neither read can hang."""
    updates = [receive_until(ws, all_connected(2)) for ws in sockets]
    while not stop(updates):
        assert updates[0]["outcome"] is None, "the game ended first"
        version = updates[0]["version"]
        seat = updates[0]["actors"][0]
        action = updates[seat]["legal"][0]["action"]
        send(sockets[seat], {"type": "act", "action": action, "version": version, "id": f"m{version}"})
        updates = [receive_until(ws, lambda m, v=version: _after(m, v)) for ws in sockets]
    return updates


def _after(message: Message, version: int) -> bool:
    return message["type"] == "update" and message["version"] > version


def _window(update: Message) -> bool:
    return update["version"] > 0 and any(entry["action"] == ["pass"] for entry in update["legal"])


def test_a_connected_seat_that_does_not_answer_a_window_in_time_passes(client: TestClient) -> None:
    table = new_table(client, players=2, seats=TWO_AGENTS, timers={"window": 3})
    with _seat(client, table, 0) as zero, _seat(client, table, 1) as one:
        # The seats play their turns until a window asks seat 1 ...
        asked = _play_until([zero, one], lambda updates: _window(updates[1]))[1]
        started = time.time()
        assert asked["deadline"] is not None
        assert asked["deadline"] <= (started + 3.5) * 1000
        # ... and each seat the window asks passes when its three seconds are up.
        events: list[Message] = []
        while not any(e["kind"] == "window_closed" for e in events):
            update = receive_until(one, lambda m: m["type"] == "update" and m["version"] > asked["version"])
            events += update["events"]
        assert time.time() - started >= 2.5
        assert {e["params"]["seat"] for e in events if e["kind"] == "pass"} == set(asked["actors"])
        assert all(s["connected"] and not s["autoplay"] for s in update["seats"])


def test_a_connected_seat_that_lets_its_move_time_run_out_has_its_move_made(client: TestClient) -> None:
    table = new_table(client, players=2, seats=TWO_AGENTS, timers={"move": 3})
    with _seat(client, table, 0) as zero, _seat(client, table, 1):
        first = receive_until(zero, all_connected(2))
        started = time.time()
        actor = first["actors"][0]
        assert first["deadline"] is not None and first["deadline"] <= (started + 3.5) * 1000
        moved = receive_until(zero, lambda m: m["type"] == "update" and m["version"] == 1, 50)
        assert time.time() - started >= 2.5
        assert client.get(f"/api/tables/{table['id']}/record").status_code == 409  # still playing
        # The seat is still its player's: only that move was made for it.
        assert moved["seats"][actor]["autoplay"] is False


def test_without_timers_a_connected_seat_is_waited_for(client: TestClient) -> None:
    table = new_table(client, players=2, seats=TWO_AGENTS)
    with _seat(client, table, 0) as zero, _seat(client, table, 1):
        first = receive_until(zero, all_connected(2))
        assert first["deadline"] is None
        time.sleep(3.3)
        assert client.get(f"/api/tables/{table['id']}").json()["version"] == 0


def test_a_chess_clock_counts_a_seats_time_over_its_turns(client: TestClient) -> None:
    table = new_table(client, players=2, seats=TWO_AGENTS, timers={"move": 4, "clock": "game"})
    with _seat(client, table, 0) as zero, _seat(client, table, 1) as one:
        firsts = [receive_until(ws, all_connected(2)) for ws in (zero, one)]
        actor = firsts[0]["actors"][0]
        assert firsts[0]["clocks"][actor] <= 4
        time.sleep(1.5)
        action = firsts[actor]["legal"][0]["action"]
        send((zero, one)[actor], {"type": "act", "action": action, "version": 0, "id": "c1"})
        played = receive_until(zero, lambda m: m["type"] == "update" and m["version"] == 1)
        # What the seat spent stays spent: its clock shows about 2.5 s left, not 4 again.
        assert 1.5 <= played["clocks"][actor] <= 2.8


def test_a_spent_chess_clock_has_each_later_turn_made_at_once(client: TestClient) -> None:
    """A Stool Pigeon turn is a draw, then a swap or a keep by the same seat: once the draw has
    spent the seat's whole clock, its next move is made at once, not a per-move time later."""
    table = new_table(client, players=2, seats=TWO_AGENTS, timers={"move": 3, "clock": "game"})
    with _seat(client, table, 0) as zero, _seat(client, table, 1):
        first = receive_until(zero, all_connected(2))
        drawn = receive_until(zero, lambda m: _after(m, 0), 50)
        drawn_at = time.monotonic()
        assert drawn["actors"] == first["actors"] and drawn["clocks"][first["actors"][0]] == 0
        receive_until(zero, lambda m: _after(m, 1), 50)
        assert time.monotonic() - drawn_at < 1.5


@pytest.mark.parametrize(
    ("timers", "field"),
    [
        ({"window": 2}, "timers.window"),
        ({"window": 3601}, "timers.window"),
        ({"move": 1.5}, "timers.move"),
        ({"move": True}, "timers.move"),
        ({"move": 86401}, "timers.move"),
    ],
)
def test_idle_timers_out_of_bounds_are_refused_with_the_bounds(
    client: TestClient, timers: Any, field: str
) -> None:
    body = {"game": "stool-pigeon", "players": 2, "timers": timers}
    response = client.post("/api/tables?lang=es", json=body)
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "bad_timer"
    assert field in error["message"] and "segundos" in error["message"]
    assert client.get("/api/tables").json()["tables"] == []


@pytest.mark.parametrize("timers", [{"clock": "hourglass", "move": 5}, {"turn": 5}, [5]])
def test_idle_timers_with_an_unknown_shape_are_refused(client: TestClient, timers: Any) -> None:
    response = client.post("/api/tables", json={"game": "stool-pigeon", "players": 2, "timers": timers})
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "bad_field"
