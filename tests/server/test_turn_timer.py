"""Abandoned seats: past the turn timer a bot plays a disconnected seat until its player
returns, and every client sees ``autoplay`` for that seat (docs/protocol.md, turn timer)."""

from __future__ import annotations

import time

from starlette.testclient import TestClient

from tests.server.conftest import new_table, receive_until, send, ws_path


def test_a_seat_nobody_joins_is_played_by_a_bot_after_the_turn_timer(client: TestClient) -> None:
    table = new_table(client, players=2, seats=[{"kind": "human"}, {"kind": "human"}], turn_timer=1)
    start = time.time()
    with client.websocket_connect(ws_path(table)) as spectator:
        first = receive_until(spectator, lambda m: m["type"] == "update")
        assert first["deadline"] is not None
        assert start * 1000 <= first["deadline"] <= (start + 1.5) * 1000
        flagged = receive_until(spectator, lambda m: m["type"] == "update" and m["seats"][0]["autoplay"])
        assert time.time() - start >= 0.9
        assert flagged["seats"][1]["autoplay"]
        over = receive_until(spectator, lambda m: m["type"] == "update" and m["outcome"] is not None, 5000)
        assert over["version"] > 0


def test_autoplay_stops_when_the_player_returns(client: TestClient) -> None:
    table = new_table(client, players=2, seats=[{"kind": "human"}, {"kind": "agent"}], turn_timer=1)
    with client.websocket_connect(ws_path(table, 1)) as agent:
        receive_until(agent, lambda m: m["type"] == "update" and m["seats"][0]["autoplay"])
        with client.websocket_connect(ws_path(table, 0)) as human:
            back = receive_until(human, lambda m: m["type"] == "update")
            assert back["seats"][0] == {
                "seat": 0,
                "name": None,
                "kind": "human",
                "connected": True,
                "autoplay": False,
            }
            update = receive_until(agent, lambda m: m["type"] == "update" and not m["seats"][0]["autoplay"])
            # The agent plays its own turns until the human must act; then nothing moves.
            while update["outcome"] is None and 0 not in update["actors"]:
                version = update["version"]
                send(
                    agent,
                    {
                        "type": "act",
                        "action": update["legal"][0]["action"],
                        "version": version,
                        "id": f"a{version}",
                    },
                )
                update = receive_until(agent, lambda m, v=version: m["type"] == "update" and m["version"] > v)
            if update["outcome"] is None:
                waiting = update["version"]
                time.sleep(1.3)
                detail = client.get(f"/api/tables/{table['id']}").json()
                assert detail["version"] == waiting
                assert detail["seats"][0]["autoplay"] is False


def test_a_connected_seat_is_never_autoplayed(client: TestClient) -> None:
    table = new_table(client, players=2, seats=[{"kind": "human"}, {"kind": "human"}], turn_timer=1)
    with client.websocket_connect(ws_path(table, 0)) as one, client.websocket_connect(ws_path(table, 1)):
        receive_until(one, lambda m: m["type"] == "update" and m["seats"][1]["connected"])
        time.sleep(1.3)
        send(one, {"type": "ping"})
        receive_until(one, lambda m: m["type"] == "pong")
        detail = client.get(f"/api/tables/{table['id']}").json()
        assert detail["version"] == 0
        assert [s["autoplay"] for s in detail["seats"]] == [False, False]
