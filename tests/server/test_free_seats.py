"""Seats nobody came to (issue 12, lobby): someone in the lobby may take one from the tables
list, and the host may hand one to a bot. A seat anyone has sat in is neither."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from starlette.testclient import TestClient

from backroom.server.app import create_app
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


def test_after_a_restart_a_seat_nobody_sat_in_is_still_free_and_an_away_players_is_not(
    tmp_path: Path,
) -> None:
    """Who has sat where is stored: after a restart the seat nobody came to is offered in the
    lobby and can be claimed, the seat of a player who is away is not, and a seat handed to a
    bot stays the bot's."""
    url = f"sqlite:///{tmp_path / 'free.db'}"
    with TestClient(create_app(url, allow_seed=True)) as first:
        table = new_table(first, players=3, seats=[{"kind": "human"}] * 3)
        with first.websocket_connect(f"/ws/{table['id']}?token={table['seats'][0]['token']}") as ws:
            assert ws.receive_json()["seat"] == 0  # seat 0 sat down, then went away
        handed = first.post(f"/api/tables/{table['id']}/bot", json={"token": table["seats"][2]["token"]})
        assert handed.status_code == 200
    with TestClient(create_app(url, allow_seed=True)) as second:
        listed = {t["id"]: t for t in second.get("/api/tables").json()["tables"]}[table["id"]]
        assert listed["free_seats"] == 1  # counted from the stored rows, the table not loaded
        assert second.get(f"/api/tables/{table['id']}").json()["seats"][2]["kind"] == "bot"
        claimed = second.post(f"/api/tables/{table['id']}/claim", json={})
        assert claimed.status_code == 200 and claimed.json()["seat"] == 1
        assert second.post(f"/api/tables/{table['id']}/claim", json={}).status_code == 409
    with TestClient(create_app(url, allow_seed=True)) as third:  # the claim itself was stored
        assert third.post(f"/api/tables/{table['id']}/claim", json={}).status_code == 409


def test_migration_0004_counts_every_seat_stored_before_it_as_joined(tmp_path: Path) -> None:
    """Nothing says whether anyone sat in a seat stored before revision 0004: it is never
    offered, rather than risk an away player's seat."""
    url = f"sqlite:///{tmp_path / 'old.db'}"
    with TestClient(create_app(url, allow_seed=True)) as first:
        table = new_table(first, players=2, seats=[{"kind": "human"}] * 2)
    with sqlite3.connect(tmp_path / "old.db") as conn:
        conn.execute("ALTER TABLE backroom_seats DROP COLUMN joined")
        conn.execute("DROP INDEX ix_backroom_tables_wake")  # revision 0008's
        for column in ("wake", "clocks"):
            conn.execute(f"ALTER TABLE backroom_tables DROP COLUMN {column}")
        conn.execute("DROP TABLE backroom_leases")  # revision 0007's
        for column in ("timers", "rematch", "rematch_of"):  # revision 0006's
            conn.execute(f"ALTER TABLE backroom_tables DROP COLUMN {column}")
        conn.execute("ALTER TABLE backroom_tables DROP COLUMN hidden")  # revision 0005's
        conn.execute("UPDATE alembic_version SET version_num = '0003'")
    with TestClient(create_app(url, allow_seed=True)) as second:
        listed = {t["id"]: t for t in second.get("/api/tables").json()["tables"]}[table["id"]]
        assert listed["free_seats"] == 0
        assert second.post(f"/api/tables/{table['id']}/claim", json={}).status_code == 409
