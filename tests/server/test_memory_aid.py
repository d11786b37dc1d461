"""Stool Pigeon's memory aid at the online table: without it a person sees a private sight once.

The rulebook ("trata de memorizarla"; the bottom row is seen once) makes memory part of the game:
a human seat's private events arrive once, marked transient, and are not sent again on rejoin.
With the table's memory aid on, or for an agent's seat, the log keeps them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from starlette.testclient import TestClient

from tests.server.conftest import new_table, receive_until, send, ws_path

Message = dict[str, Any]


def first_update(ws: Any) -> Message:
    return receive_until(ws, lambda m: m["type"] == "update")


def private_kinds(update: Message) -> dict[str, bool]:
    """Private event kinds in an update, each with its transient mark."""
    return {
        e["kind"]: bool(e.get("transient")) for e in update["events"] if e["kind"] in ("look_bottom", "drew")
    }


def table_with(client: TestClient, memory_aid: bool, kind: str = "human") -> Message:
    return new_table(
        client, players=2, seats=[{"kind": kind}, {"kind": "agent"}], options={"memory_aid": memory_aid}
    )


def test_without_memory_aid_a_private_sight_arrives_once_and_transient(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client(rate=1000.0)
    table = table_with(client, memory_aid=False)
    with client.websocket_connect(ws_path(table, 0)) as ws:
        joined = first_update(ws)
        assert private_kinds(joined) == {"look_bottom": True}
        send(ws, {"type": "act", "action": ["draw"], "version": joined["version"], "id": "d"})
        drawn = receive_until(ws, lambda m: m["type"] == "update" and m["version"] == 1)
        assert private_kinds(drawn) == {"drew": True}
    with client.websocket_connect(ws_path(table, 0)) as ws:
        again = first_update(ws)
        # the bottom row was seen at the deal, an action ago: it is not shown again
        assert private_kinds(again) == {"drew": True}
        send(ws, {"type": "act", "action": ["swap", 0], "version": again["version"], "id": "s"})
        receive_until(ws, lambda m: m["type"] == "update" and m["version"] == 2)
    with client.websocket_connect(ws_path(table, 0)) as ws:
        assert private_kinds(first_update(ws)) == {}


def test_with_memory_aid_the_log_keeps_private_sights(make_client: Callable[..., TestClient]) -> None:
    client = make_client(rate=1000.0)
    table = table_with(client, memory_aid=True)
    with client.websocket_connect(ws_path(table, 0)) as ws:
        joined = first_update(ws)
        send(ws, {"type": "act", "action": ["draw"], "version": joined["version"], "id": "d"})
        receive_until(ws, lambda m: m["type"] == "update" and m["version"] == 1)
    with client.websocket_connect(ws_path(table, 0)) as ws:
        assert private_kinds(first_update(ws)) == {"look_bottom": False, "drew": False}


def test_an_agent_seat_always_keeps_its_private_sights(make_client: Callable[..., TestClient]) -> None:
    client = make_client(rate=1000.0)
    table = table_with(client, memory_aid=False, kind="agent")
    with client.websocket_connect(ws_path(table, 0)) as ws:
        joined = first_update(ws)
        send(ws, {"type": "act", "action": ["draw"], "version": joined["version"], "id": "d"})
        receive_until(ws, lambda m: m["type"] == "update" and m["version"] == 1)
    with client.websocket_connect(ws_path(table, 0)) as ws:
        assert private_kinds(first_update(ws)) == {"look_bottom": False, "drew": False}


def test_a_seat_that_first_joins_after_play_began_still_sees_its_bottom_row_once(
    make_client: Callable[..., TestClient],
) -> None:
    """The rulebook lets every player look at their bottom row once; a person who opens their
    invite after the first move must still get that look (and then only once)."""
    client = make_client(rate=1000.0)
    table = new_table(
        client, players=2, seats=[{"kind": "agent"}, {"kind": "human"}], options={"memory_aid": False}
    )
    with client.websocket_connect(ws_path(table, 0)) as ws:
        joined = first_update(ws)
        send(ws, {"type": "act", "action": ["draw"], "version": joined["version"], "id": "d"})
        receive_until(ws, lambda m: m["type"] == "update" and m["version"] == 1)
    with client.websocket_connect(ws_path(table, 1)) as ws:
        late = first_update(ws)
        assert late["version"] == 1
        assert private_kinds(late) == {"look_bottom": True}
    with client.websocket_connect(ws_path(table, 1)) as ws:
        assert private_kinds(first_update(ws)) == {}
