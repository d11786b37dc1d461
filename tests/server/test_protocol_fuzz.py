"""Protocol fuzzing: random frames, random objects and random values in every field of the
message schema. The server answers each with an error naming a known code, a pong, an ack
or a valid update, and stays up (docs/protocol.md)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from tests.server.conftest import new_table, receive_until, ws_path

CODES = {
    "bad_json",
    "bad_message",
    "unknown_type",
    "too_large",
    "rate_limited",
    "spectator",
    "not_your_turn",
    "stale_version",
    "duplicate_id",
    "illegal_action",
    "game_over",
}
UPDATE_KEYS = {"type", "version", "view", "actors", "legal", "events", "seats", "deadline", "outcome"}

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
action_items = st.sampled_from(["draw", "close", "swap", "snap", "pass", "give", "peek"]) | st.integers(-2, 8)
messages = st.fixed_dictionaries(
    {"type": st.sampled_from(["act", "lang", "ping", "pong", "update"]) | st.text(max_size=8)},
    optional={
        "action": st.lists(action_items, max_size=4) | json_values,
        "version": st.integers(-1, 6) | json_values,
        "id": st.text(max_size=70) | json_values,
        "lang": st.sampled_from(["es", "en", "fr", "de", ""]) | json_values,
    },
)
frames = (
    messages.map(json.dumps) | json_values.map(json.dumps) | st.text(max_size=200) | st.binary(max_size=64)
)


def check_reply(ws: Any, sent: Any) -> None:
    reply = ws.receive_json()
    kind = reply["type"]
    if kind == "error":
        assert reply["code"] in CODES, reply
        assert isinstance(reply["message"], str) and reply["message"]
        return
    if kind == "pong":
        return
    if kind == "ack":
        assert isinstance(reply["version"], int)
        reply = ws.receive_json()
    assert reply["type"] == "update" and set(reply) == UPDATE_KEYS, reply


def test_random_messages_get_an_error_or_a_valid_answer_and_the_server_stays_up(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client(rate=10_000.0)
    table = new_table(client, players=2, seats=[{"kind": "agent"}, {"kind": "agent"}])
    with client.websocket_connect(ws_path(table, 0)) as ws, client.websocket_connect(ws_path(table, 1)):
        receive_until(ws, lambda m: m["type"] == "update" and m["seats"][1]["connected"])

        @settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
        @given(frame=frames)
        def exchange(frame: str | bytes) -> None:
            if isinstance(frame, bytes):
                ws.send_bytes(frame)
            else:
                ws.send_text(frame)
            check_reply(ws, frame)

        exchange()
        ws.send_text(json.dumps({"type": "ping"}))
        receive_until(ws, lambda m: m["type"] == "pong")
    assert client.get(f"/api/tables/{table['id']}").status_code == 200
