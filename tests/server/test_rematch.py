"""Rematches (docs/server.md, "Rematch"): a finished table is followed by one new table with the
same game, seats, options, bots and timers; each seat that accepts gets a token of its own for
its own seat there, and the lobby links the two tables."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.server.conftest import Message, new_table, play_to_the_end, receive_until, ws_path

SEATS = [{"kind": "agent", "name": "Ana"}, {"kind": "agent"}, {"kind": "bot", "bot": "random"}]


@pytest.fixture
def client(make_client: Callable[..., TestClient]) -> TestClient:
    """A server that takes the moves of a seat played as fast as its socket can."""
    return make_client(rate=10_000)


def _finished(client: TestClient) -> Message:
    """A three-seat table played to its end: seat 0 plays at random, the bot and (its player
    gone past the one-second turn timer) seat 1's autoplay do the rest."""
    table = new_table(
        client, players=3, seats=SEATS, turn_timer=1, timers={"window": 30}, options={"memory_aid": True}
    )
    rng = random.Random(3)
    with client.websocket_connect(ws_path(table, 0)) as ws:
        play_to_the_end(ws, lambda legal: rng.choice(legal)["action"])
    return table


def _accept(client: TestClient, table: Message, seat: int) -> Any:
    token = table["seats"][seat]["token"]
    return client.post(f"/api/tables/{table['id']}/rematch?lang=fr", json={"token": token})


def test_a_rematch_has_the_same_game_seats_options_bots_and_timers(client: TestClient) -> None:
    old = _finished(client)
    answer = _accept(client, old, 0)
    assert answer.status_code == 200, answer.text
    new_id = answer.json()["table"]
    before = client.get(f"/api/tables/{old['id']}").json()
    after = client.get(f"/api/tables/{new_id}").json()
    assert (after["game"], after["players"], after["options"]) == (before["game"], 3, before["options"])
    seats = [(s["kind"], s["name"]) for s in after["seats"]]
    assert seats == [("agent", "Ana"), ("agent", None), ("bot", None)]
    assert after["timers"] == before["timers"] == {"window": 30, "move": None, "clock": "move"}
    assert after["status"] == "playing" and after["version"] == 0
    assert (before["rematch"], after["rematch_of"]) == (new_id, old["id"])


def test_each_seat_that_accepts_gets_a_token_for_its_own_seat_only(client: TestClient) -> None:
    old = _finished(client)
    first, second = _accept(client, old, 1).json(), _accept(client, old, 0).json()
    assert first["table"] == second["table"]
    assert (first["seat"], second["seat"]) == (1, 0)
    assert first["token"] != second["token"]
    assert first["token"] not in (s.get("token") for s in old["seats"])
    for answer in (first, second):
        with client.websocket_connect(f"/ws/{answer['table']}?token={answer['token']}") as ws:
            welcome = receive_until(ws, lambda m: m["type"] == "welcome")
            assert welcome["seat"] == answer["seat"]


def test_a_table_has_one_rematch_and_a_seat_accepts_it_once(client: TestClient) -> None:
    old = _finished(client)
    made = _accept(client, old, 0).json()
    again = _accept(client, old, 0)
    assert again.status_code == 409 and again.json()["error"]["code"] == "rematch_taken"
    assert "revanche" in again.json()["error"]["message"]
    assert _accept(client, old, 1).json()["table"] == made["table"]
    listed = client.get("/api/tables?status=all").json()["tables"]
    assert len(listed) == 2
    links = {t["id"]: (t["rematch"], t["rematch_of"]) for t in listed}
    assert links == {old["id"]: (made["table"], None), made["table"]: (None, old["id"])}


def test_a_seat_held_for_its_player_cannot_be_claimed_from_the_lobby(client: TestClient) -> None:
    old = _finished(client)
    new_id = _accept(client, old, 0).json()["table"]
    assert client.post(f"/api/tables/{new_id}/claim", json={}).status_code == 409
    assert _accept(client, old, 1).json()["seat"] == 1


def test_the_other_seats_hear_of_the_rematch(client: TestClient) -> None:
    old = _finished(client)
    with client.websocket_connect(ws_path(old, 1)) as other:
        receive_until(other, lambda m: m["type"] == "update" and "rematch" not in m)
        new_id = _accept(client, old, 0).json()["table"]
        assert receive_until(other, lambda m: m["type"] == "update" and "rematch" in m)["rematch"] == new_id


def test_a_rematch_is_refused_before_the_end_and_to_a_wrong_token(client: TestClient) -> None:
    table = new_table(client, players=2, seats=SEATS[:2])
    early = _accept(client, table, 0)
    assert early.status_code == 409 and early.json()["error"]["code"] == "rematch_not_over"
    old = _finished(client)
    wrong = client.post(f"/api/tables/{old['id']}/rematch", json={"token": table["seats"][0]["token"]})
    assert wrong.status_code == 403 and wrong.json()["error"]["code"] == "bad_token"
    assert len(client.get("/api/tables?status=all").json()["tables"]) == 2


def test_a_rematch_survives_a_restart(make_client: Callable[..., TestClient]) -> None:
    old = _finished(make_client(rate=10_000))
    new_id = _accept(make_client(), old, 0).json()["table"]
    restarted = make_client()
    assert _accept(restarted, old, 1).json()["table"] == new_id
    assert _accept(restarted, old, 0).status_code == 409


def test_a_hidden_table_is_never_listed_through_the_rematch_links_of_another(client: TestClient) -> None:
    """A table a player hid is left out of the lobby's list, but its id was still there: as the
    ``rematch`` of the listed table it followed (anyone could then watch it), or the
    ``rematch_of`` of the listed table that followed it."""
    old = _finished(client)
    made = _accept(client, old, 0).json()
    new_id = made["table"]
    hide = client.post(f"/api/tables/{new_id}/hidden", json={"token": made["token"], "hidden": True})
    assert hide.status_code == 200
    for status in ("all", "over", "playing"):
        assert new_id not in client.get(f"/api/tables?status={status}").text
    client.post(f"/api/tables/{new_id}/hidden", json={"token": made["token"], "hidden": False})
    token = old["seats"][1]["token"]
    assert (
        client.post(f"/api/tables/{old['id']}/hidden", json={"token": token, "hidden": True}).status_code
        == 200
    )
    for query in ("", "?status=all", "?status=playing"):
        listing = client.get(f"/api/tables{query}")
        assert old["id"] not in listing.text
    listed = {t["id"]: t for t in client.get("/api/tables").json()["tables"]}
    assert listed[new_id]["rematch_of"] is None
