"""Who watches a table, and tables hidden from the lobby's list (issue 18, section 2): every
connection learns how many spectators watch and the names they chose (a bounded list); a
player hides the table at creation or later, after which only its links lead to it."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from backroom.server import audience
from backroom.server.settings import Limits
from tests.server.conftest import Message, new_table, play_to_the_end, receive_until, send, ws_path


def watchers(ws: Any, predicate: Callable[[Message], bool] = lambda m: True) -> Message:
    return receive_until(ws, lambda m: m["type"] == "watchers" and predicate(m))


def listed(client: TestClient) -> set[str]:
    return {t["id"] for t in client.get("/api/tables?status=all").json()["tables"]}


def test_every_connection_learns_how_many_watch_and_the_names_they_chose(client: TestClient) -> None:
    table = new_table(client, players=2)
    with client.websocket_connect(ws_path(table, 0, chat=True)) as seat:
        assert watchers(seat) == {"type": "watchers", "count": 0, "names": [], "you": None}
        with client.websocket_connect(ws_path(table, chat=True)) as ws:
            you = watchers(ws)["you"]
            assert you == 1
            send(ws, {"type": "name", "name": "  Eve\u0000 "})
            assert watchers(seat, lambda m: bool(m["names"])) == {
                "type": "watchers",
                "count": 1,
                "names": ["Eve"],
                "you": None,
            }
            send(ws, {"type": "say", "text": "hi"})
            line = receive_until(ws, lambda m: m["type"] == "chat" and not m["history"])["lines"][0]
            assert (line["watcher"], line["name"]) == (you, "Eve")
        assert watchers(seat, lambda m: m["count"] == 0)["names"] == []


def test_the_names_listed_are_bounded_the_count_is_whole(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(audience, "LISTED_NAMES", 2)
    table = new_table(client, players=2)
    with (
        client.websocket_connect(ws_path(table, chat=True)) as a,
        client.websocket_connect(ws_path(table, chat=True)) as b,
        client.websocket_connect(ws_path(table, chat=True)) as c,
    ):
        for ws, name in ((a, "A"), (b, "B"), (c, "C")):
            watchers(ws)
            send(ws, {"type": "name", "name": name})
        last = watchers(a, lambda m: m["count"] == 3 and len(m["names"]) == 2)
        assert set(last["names"]) <= {"A", "B", "C"}


def test_a_name_too_long_is_refused_and_changes_nothing(client: TestClient) -> None:
    table = new_table(client, players=2)
    with client.websocket_connect(ws_path(table, chat=True)) as ws:
        watchers(ws)
        send(ws, {"type": "name", "name": "x" * 41})
        refused = receive_until(ws, lambda m: m["type"] == "error")
        assert refused["code"] == "bad_name" and "40" in refused["message"]
        send(ws, {"type": "say", "text": "still nameless"})
        line = receive_until(ws, lambda m: m["type"] == "chat" and not m["history"])["lines"][0]
        assert line["name"] is None


def test_a_spectator_may_clear_its_name_with_null_or_blank(client: TestClient) -> None:
    """The protocol's own "no name" (null, or nothing left once trimmed) is a valid message: it
    once crashed the connection (``None.casefold``) with a traceback in the server's log."""
    table = new_table(client, players=2, seats=[{"kind": "agent", "name": "Ana"}, {"kind": "agent"}])
    with client.websocket_connect(ws_path(table, chat=True)) as ws:
        watchers(ws)
        send(ws, {"type": "name", "name": "Eve"})
        assert watchers(ws, lambda m: m["names"] == ["Eve"])["count"] == 1
        for cleared in (None, "   ", "\u0000"):
            send(ws, {"type": "name", "name": cleared})
            assert watchers(ws, lambda m: m["names"] == [])["count"] == 1
            send(ws, {"type": "name", "name": "Eve"})
            watchers(ws, lambda m: m["names"] == ["Eve"])
        send(ws, {"type": "ping"})
        assert receive_until(ws, lambda m: m["type"] in ("pong", "error"))["type"] == "pong"


def test_a_spectator_cannot_take_a_seats_name_and_stays_as_it_was(client: TestClient) -> None:
    table = new_table(client, players=2, seats=[{"kind": "agent", "name": "Ana"}, {"kind": "agent"}])
    with client.websocket_connect(ws_path(table, chat=True)) as ws:
        watchers(ws)
        send(ws, {"type": "name", "name": " ANA "})
        assert receive_until(ws, lambda m: m["type"] == "error")["code"] == "name_taken"
        send(ws, {"type": "say", "text": "who am I"})
        line = receive_until(ws, lambda m: m["type"] == "chat" and not m["history"])["lines"][0]
        assert line["name"] is None


def test_a_seat_cannot_rename_itself_as_a_spectator(client: TestClient) -> None:
    table = new_table(client, players=2)
    with client.websocket_connect(ws_path(table, 0, chat=True)) as ws:
        send(ws, {"type": "name", "name": "Impostor"})
        assert receive_until(ws, lambda m: m["type"] == "error")["code"] == "not_spectator"


def test_a_table_made_hidden_is_not_listed_but_its_links_lead_to_it(client: TestClient) -> None:
    hidden = new_table(client, players=2, hidden=True)
    shown = new_table(client, players=2)
    assert hidden["id"] not in listed(client) and shown["id"] in listed(client)
    assert client.get(f"/api/tables/{hidden['id']}").json()["hidden"] is True
    with client.websocket_connect(ws_path(hidden, 0, chat=True)) as ws:
        welcome = ws.receive_json()
        assert (welcome["type"], welcome["seat"], welcome["hidden"]) == ("welcome", 0, True)
    with client.websocket_connect(ws_path(hidden, chat=True)) as spectator:
        assert spectator.receive_json()["type"] == "welcome"


def test_a_seat_hides_the_table_and_lists_it_again_and_the_players_are_told(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client()
    table = new_table(client, players=2)
    url = f"/api/tables/{table['id']}/hidden"
    token = table["seats"][1]["token"]
    with client.websocket_connect(ws_path(table, 0, chat=True)) as ws:
        receive_until(ws, lambda m: m["type"] == "chat")
        answer = client.post(url, json={"token": token, "hidden": True})
        assert answer.status_code == 200 and answer.json() == {"hidden": True}
        line = receive_until(ws, lambda m: m["type"] == "chat")["lines"][0]
        assert (line["system"], line["params"]) == ("hidden", {"seat": 1})
        assert table["id"] not in listed(client)
    client = make_client()  # a restart: the table stays hidden
    assert table["id"] not in listed(client)
    assert client.post(url, json={"token": token, "hidden": False}).json() == {"hidden": False}
    assert table["id"] in listed(client)


def test_visibility_changes_past_the_tables_allowance_are_refused_and_change_nothing(
    client: TestClient,
) -> None:
    """Each change is a write on the writer every table shares, and a chat line: a seat
    flipping it in a loop gets 429, and its lines replace each other in the history."""
    table = new_table(client, players=2)
    url = f"/api/tables/{table['id']}/hidden"
    token = table["seats"][1]["token"]
    for n in range(audience.FLIPS_BURST):
        assert client.post(url, json={"token": token, "hidden": n % 2 == 0}).status_code == 200
    assert table["id"] not in listed(client)  # three changes: hidden, listed, hidden
    answer = client.post(url, json={"token": token, "hidden": False})
    assert answer.status_code == 429 and answer.json()["error"]["code"] == "hide_too_fast"
    assert table["id"] not in listed(client)
    with client.websocket_connect(ws_path(table, 0, chat=True)) as ws:
        lines = receive_until(ws, lambda m: m["type"] == "chat" and m["history"])["lines"]
    assert [line["system"] for line in lines if line["params"] == {"seat": 1}] == ["hidden"]


def test_the_allowance_of_visibility_changes_holds_for_a_table_that_leaves_memory(
    make_client: Callable[..., TestClient],
) -> None:
    """A finished table nobody watches leaves memory after each request and comes back for the
    next: its allowance came back whole with it, and a seat could flip it (a database write
    each) as fast as it could ask."""
    client = make_client(rate=10_000)
    table = new_table(client, players=2, seats=[{"kind": "agent"}, {"kind": "bot"}])
    rng = random.Random(3)
    with client.websocket_connect(ws_path(table, 0)) as ws:
        play_to_the_end(ws, lambda legal: rng.choice(legal)["action"])
    url = f"/api/tables/{table['id']}/hidden"
    token = table["seats"][0]["token"]
    for n in range(audience.FLIPS_BURST):
        assert client.post(url, json={"token": token, "hidden": n % 2 == 0}).status_code == 200
    answer = client.post(url, json={"token": token, "hidden": False})
    assert answer.status_code == 429 and answer.json()["error"]["code"] == "hide_too_fast"
    assert client.get(f"/api/tables/{table['id']}").json()["hidden"] is True


def test_a_new_invite_link_closes_the_connections_the_old_one_opened(client: TestClient) -> None:
    table = new_table(client, players=2)
    token = table["seats"][0]["token"]
    with client.websocket_connect(ws_path(table, 0, chat=True)) as old:
        receive_until(old, lambda m: m["type"] == "chat")
        assert client.post(f"/api/tables/{table['id']}/token", json={"token": token}).status_code == 200
        with pytest.raises(WebSocketDisconnect):
            receive_until(old, lambda m: False)


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"token": "nobody's", "hidden": True}, 403, "bad_token"),
        ({"hidden": True}, 400, "bad_field"),
        ({"token": "SEAT", "hidden": 1}, 400, "bad_field"),
        ({"token": "SEAT", "hidden": None}, 400, "bad_field"),
    ],
)
def test_hiding_needs_a_seats_token_and_a_boolean_and_a_refusal_changes_nothing(
    client: TestClient, body: dict[str, Any], status: int, code: str
) -> None:
    table = new_table(client, players=2)
    if body.get("token") == "SEAT":
        body = {**body, "token": table["seats"][0]["token"]}
    answer = client.post(f"/api/tables/{table['id']}/hidden", json=body)
    assert answer.status_code == status and answer.json()["error"]["code"] == code
    assert table["id"] in listed(client)


def test_hiding_an_unknown_table_is_refused(client: TestClient) -> None:
    answer = client.post("/api/tables/nosuchtable/hidden", json={"token": "t", "hidden": True})
    assert answer.status_code == 404 and answer.json()["error"]["code"] == "unknown_table"


def test_a_table_made_with_a_hidden_that_is_no_boolean_is_refused(client: TestClient) -> None:
    answer = client.post("/api/tables", json={"game": "stool-pigeon", "players": 2, "hidden": "yes"})
    assert answer.status_code == 400 and answer.json()["error"]["code"] == "bad_field"
    assert "hidden" in answer.json()["error"]["message"]


def messages_before_pong(ws: Any) -> list[str]:
    send(ws, {"type": "ping"})
    kinds = []
    while (message := ws.receive_json())["type"] != "pong":
        kinds.append(message["type"])
    return kinds


def test_spectators_coming_and_going_within_the_interval_make_one_message_at_its_end(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client(limits=Limits(presence_interval=60.0))
    table = new_table(client, players=2)
    with client.websocket_connect(ws_path(table, 0, chat=True)) as seat:
        watchers(seat)
        with client.websocket_connect(ws_path(table, chat=True)) as first:
            watchers(first)  # the joiner itself is answered at once
            assert watchers(seat) == {"type": "watchers", "count": 1, "names": [], "you": None}
            for _ in range(5):  # within the same interval: gathered, not sent yet
                with client.websocket_connect(ws_path(table, chat=True)) as ws:
                    watchers(ws)
                    send(ws, {"type": "name", "name": "flood"})
                    messages_before_pong(ws)
            assert "watchers" not in messages_before_pong(seat)
    client = make_client(limits=Limits(presence_interval=0.2))
    with client.websocket_connect(ws_path(table, 0, chat=True)) as seat:
        watchers(seat)
        with (
            client.websocket_connect(ws_path(table, chat=True)) as a,
            client.websocket_connect(ws_path(table, chat=True)),
        ):
            watchers(a)
            assert watchers(seat, lambda m: m["count"] == 2)["count"] == 2
