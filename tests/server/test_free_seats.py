"""Seats nobody came to (issue 12, lobby): someone in the lobby may take one from the tables
list, and the host may hand one to a bot. A seat anyone has sat in is neither."""

from __future__ import annotations

from starlette.testclient import TestClient

from tests.server.conftest import new_table


def test_a_free_seat_is_claimed_from_the_lobby_and_its_unused_invite_stops_working(
    client: TestClient,
) -> None:
    table = new_table(client, players=2, seats=[{"kind": "human"}, {"kind": "human"}])
    listed = {t["id"]: t for t in client.get("/api/tables").json()["tables"]}[table["id"]]
    assert listed["free_seats"] == 2 and listed["status"] == "idle"  # nobody is playing it
    with client.websocket_connect(f"/ws/{table['id']}?token={table['seats'][0]['token']}") as ws:
        assert ws.receive_json()["seat"] == 0
        ws.receive_json()
        listed = {t["id"]: t for t in client.get("/api/tables").json()["tables"]}[table["id"]]
        assert listed["free_seats"] == 1 and listed["status"] == "playing"
        claimed = client.post(f"/api/tables/{table['id']}/claim", json={})
        assert claimed.status_code == 200 and claimed.json()["seat"] == 1
        with client.websocket_connect(f"/ws/{table['id']}?token={claimed.json()['token']}") as newcomer:
            assert newcomer.receive_json()["seat"] == 1
        with client.websocket_connect(f"/ws/{table['id']}?token={table['seats'][1]['token']}") as late:
            assert late.receive_json()["code"] == "bad_token"
        full = client.post(f"/api/tables/{table['id']}/claim", json={})
        assert full.status_code == 409 and full.json()["error"]["code"] == "no_free_seat"


def test_the_host_hands_a_seat_nobody_came_to_to_a_bot_which_plays_it(client: TestClient) -> None:
    table = new_table(client, players=2, seats=[{"kind": "human"}, {"kind": "human"}])
    mine, absent = (s["token"] for s in table["seats"])
    with client.websocket_connect(f"/ws/{table['id']}?token={mine}") as ws:
        assert ws.receive_json()["seat"] == 0
        ws.receive_json()
        refused = client.post(f"/api/tables/{table['id']}/bot", json={"token": mine})  # I am here
        assert refused.status_code == 409 and refused.json()["error"]["code"] == "seat_taken"
        handed = client.post(f"/api/tables/{table['id']}/bot", json={"token": absent})
        assert handed.status_code == 200 and handed.json() == {"seat": 1, "kind": "bot"}
        seats = client.get(f"/api/tables/{table['id']}").json()["seats"]
        assert seats[1]["kind"] == "bot"
    with client.websocket_connect(f"/ws/{table['id']}?token={absent}") as late:
        assert late.receive_json()["code"] == "bad_token"
    assert client.post(f"/api/tables/{table['id']}/bot", json={"token": 5}).status_code == 400
