"""Bad input never crashes the server and never changes a table: every refusal is an error
message with a machine code and a translated sentence (docs/protocol.md, error codes)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from backroom.i18n import translate
from backroom.server import messages
from tests.server.conftest import new_table, play_to_the_end, receive_until, send, ws_path

Message = dict[str, Any]


def joined(ws: Any) -> Message:
    """Skip the welcome and return the first update."""
    assert ws.receive_json()["type"] == "welcome"
    update: Message = ws.receive_json()
    return update


def expect_error(ws: Any, code: str, client_id: str | None = None) -> Message:
    message: Message = ws.receive_json()
    assert message["type"] == "error", message
    assert message["code"] == code
    assert message["id"] == client_id
    assert message["message"] and not message["message"].startswith("server.error.")
    return message


def version_of(client: TestClient, table: Message) -> int:
    version: int = client.get(f"/api/tables/{table['id']}").json()["version"]
    return version


@pytest.fixture
def table(client: TestClient) -> Message:
    return new_table(client, players=2, seats=[{"kind": "agent"}, {"kind": "agent"}])


def actor_socket(client: TestClient, table: Message) -> tuple[Any, Any, Message]:
    """Open both seats; return (actor's socket, other's socket, the actor's update)."""
    first = client.websocket_connect(ws_path(table, 0)).__enter__()
    second = client.websocket_connect(ws_path(table, 1)).__enter__()
    one = receive_until(first, lambda m: m["type"] == "update" and m["seats"][1]["connected"])
    two = joined(second)
    return (first, second, one) if one["legal"] else (second, first, two)


@pytest.mark.parametrize(
    ("frame", "code"),
    [
        ("{not json", "bad_json"),
        ("", "bad_json"),
        ("[" * 5000 + "]" * 5000, "bad_json"),
        ("[1, 2]", "bad_message"),
        ('"act"', "bad_message"),
        ("{}", "bad_message"),
        ('{"type": 3}', "bad_message"),
        ('{"type": "dance"}', "unknown_type"),
        ('{"type": "lang", "lang": "de"}', "bad_message"),
        ('{"type": "lang"}', "bad_message"),
        ('{"type": "act", "action": ["draw"], "version": 0}', "bad_message"),
        ('{"type": "act", "action": ["draw"], "version": 0, "id": 5}', "bad_message"),
        ('{"type": "act", "action": ["draw"], "version": 0, "id": ""}', "bad_message"),
        ('{"type": "act", "action": ["draw"], "version": 0, "id": "\\ud800"}', "bad_message"),
        ('{"type": "act", "action": ["draw"], "version": 0, "id": "a\\u0000b"}', "bad_message"),
        ('{"type": "act", "action": ["draw"], "version": 0, "id": "tab\\there"}', "bad_message"),
    ],
)
def test_malformed_messages_are_refused(client: TestClient, table: Message, frame: str, code: str) -> None:
    with client.websocket_connect(ws_path(table, 0)) as ws:
        joined(ws)
        ws.send_text(frame)
        expect_error(ws, code)
        send(ws, {"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}
    assert version_of(client, table) == 0


@pytest.mark.parametrize(
    "message",
    [
        {"type": "act", "action": ["draw"], "version": "0", "id": "a"},
        {"type": "act", "action": ["draw"], "version": True, "id": "a"},
        {"type": "act", "action": "draw", "version": 0, "id": "a"},
        {"type": "act", "action": [], "version": 0, "id": "a"},
        {"type": "act", "action": [1, 2], "version": 0, "id": "a"},
        {"type": "act", "action": ["snap", 1.5], "version": 0, "id": "a"},
        {"type": "act", "action": ["snap", True], "version": 0, "id": "a"},
        {"type": "act", "action": ["snap", [1]], "version": 0, "id": "a"},
        {"type": "act", "version": 0, "id": "a"},
    ],
)
def test_actions_of_the_wrong_shape_are_refused(client: TestClient, table: Message, message: Message) -> None:
    with client.websocket_connect(ws_path(table, 0)) as ws:
        joined(ws)
        send(ws, message)
        expect_error(ws, "bad_message", "a")
    assert version_of(client, table) == 0


def test_binary_frames_are_refused(client: TestClient, table: Message) -> None:
    with client.websocket_connect(ws_path(table, 0)) as ws:
        joined(ws)
        ws.send_bytes(b'{"type": "ping"}')
        expect_error(ws, "bad_json")


def test_oversized_messages_are_refused(client: TestClient, table: Message) -> None:
    with client.websocket_connect(ws_path(table, 0)) as ws:
        joined(ws)
        send(ws, {"type": "ping", "padding": "x" * (16 * 1024)})
        expect_error(ws, "too_large")
        send(ws, {"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}


def test_unknown_table_and_bad_token_are_refused_and_closed(client: TestClient, table: Message) -> None:
    with client.websocket_connect("/ws/nosuchtable?lang=fr") as ws:
        expect_error(ws, "unknown_table")
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4404
    with client.websocket_connect(f"/ws/{table['id']}?token=guess") as ws:
        expect_error(ws, "bad_token")
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4403


def test_spectators_cannot_act(client: TestClient, table: Message) -> None:
    with client.websocket_connect(ws_path(table)) as ws:
        update = joined(ws)
        assert update["legal"] == []
        send(ws, {"type": "act", "action": ["draw"], "version": 0, "id": "s"})
        expect_error(ws, "spectator", "s")
    assert version_of(client, table) == 0


def test_a_seat_cannot_act_out_of_turn_nor_for_another_seat(client: TestClient, table: Message) -> None:
    actor, other, update = actor_socket(client, table)
    action = update["legal"][0]["action"]
    send(other, {"type": "act", "action": action, "version": 0, "id": "x"})
    receive_until(other, lambda m: m["type"] == "error" and m["code"] == "not_your_turn" and m["id"] == "x")
    assert version_of(client, table) == 0
    actor.__exit__(None, None, None)
    other.__exit__(None, None, None)


def test_illegal_actions_are_refused_without_saying_why(client: TestClient, table: Message) -> None:
    actor, other, _ = actor_socket(client, table)
    send(actor, {"type": "act", "action": ["snap", 1, 3], "version": 0, "id": "i"})
    error = receive_until(actor, lambda m: m["type"] == "error")
    assert error["code"] == "illegal_action" and error["id"] == "i"
    assert version_of(client, table) == 0
    actor.__exit__(None, None, None)
    other.__exit__(None, None, None)


def test_stale_versions_and_duplicate_ids_are_refused_with_no_change(
    client: TestClient, table: Message
) -> None:
    actor, other, update = actor_socket(client, table)
    action = update["legal"][0]["action"]
    send(actor, {"type": "act", "action": action, "version": 1, "id": "future"})
    receive_until(actor, lambda m: m["type"] == "error" and m["code"] == "stale_version")
    send(actor, {"type": "act", "action": action, "version": 0, "id": "one"})
    receive_until(actor, lambda m: m["type"] == "ack" and m["id"] == "one" and m["version"] == 1)
    send(actor, {"type": "act", "action": action, "version": 0, "id": "two"})
    receive_until(actor, lambda m: m["type"] == "error" and m["code"] == "stale_version" and m["id"] == "two")
    assert version_of(client, table) == 1
    # The same id again, now at the current version: refused as a duplicate before anything else.
    send(actor, {"type": "act", "action": action, "version": 1, "id": "one"})
    receive_until(actor, lambda m: m["type"] == "error" and m["code"] == "duplicate_id" and m["id"] == "one")
    assert version_of(client, table) == 1
    actor.__exit__(None, None, None)
    other.__exit__(None, None, None)


def test_acting_after_the_end_is_refused(make_client: Callable[..., TestClient]) -> None:
    client = make_client(rate=1000.0)  # the test answers faster than a person could
    table = new_table(client, players=2, seats=[{"kind": "agent"}, {"kind": "bot"}])
    with client.websocket_connect(ws_path(table, 0)) as ws:
        update = play_to_the_end(ws, lambda legal: legal[-1]["action"])
        send(ws, {"type": "act", "action": ["draw"], "version": update["version"], "id": "late"})
        answer = receive_until(ws, lambda m: m.get("id") == "late")
        assert (answer["type"], answer.get("code")) == ("error", "game_over"), answer


def test_floods_are_rate_limited_and_the_connection_survives(make_client: Callable[..., TestClient]) -> None:
    client = make_client(rate=5.0)
    table = new_table(client, players=2, seats=[{"kind": "agent"}, {"kind": "agent"}])
    with client.websocket_connect(ws_path(table, 0)) as ws:
        joined(ws)
        for _ in range(30):
            send(ws, {"type": "ping"})
        replies = [ws.receive_json() for _ in range(30)]
        codes = [r.get("code", r["type"]) for r in replies]
        assert codes.count("pong") <= 6
        assert codes.count("rate_limited") >= 24
        time.sleep(0.5)
        send(ws, {"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}


def test_language_changes_past_their_allowance_are_refused_and_change_nothing(
    make_client: Callable[..., TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each ``lang`` is answered with the whole recent log (25 KB in a long Corruption game):
    at the message rate, 45 sockets of one address made the server send 10 MB a second for a
    few bytes each. A few changes at once, then one per interval; past that ``rate_limited``
    and the connection keeps its language."""
    monkeypatch.setattr(messages, "LANG_EVERY", 0.5)
    client = make_client(rate=10_000.0)
    table = new_table(client, players=2, seats=[{"kind": "agent"}, {"kind": "agent"}])
    with client.websocket_connect(ws_path(table, 0)) as ws:
        joined(ws)
        for lang in ("fr", "es", "fr", "es", "fr"):
            send(ws, {"type": "lang", "lang": lang})
        replies = [ws.receive_json() for _ in range(5)]
        kinds = [r.get("code", r["type"]) for r in replies]
        assert kinds == ["update"] * messages.LANG_BURST + ["rate_limited"] * (5 - messages.LANG_BURST)
        send(ws, {"type": "nope"})  # the language is the last one taken: French, not Spanish
        assert ws.receive_json()["message"] == translate("fr", "server.error.unknown_type")
        time.sleep(0.6)
        send(ws, {"type": "lang", "lang": "en"})
        assert ws.receive_json()["type"] == "update"
