"""DNS rebinding: a server on loopback answers only to loopback names and those listed."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from backroom.cli.main import build_parser
from backroom.server.headers import HEADERS
from backroom.server.hosts import LOOPBACK_NAMES, allowed_hosts, host_name
from tests.server.conftest import new_table

BODY = {"game": "stool-pigeon", "players": 2}


def test_a_server_on_loopback_answers_only_to_loopback_names_unless_others_are_listed() -> None:
    assert allowed_hosts("127.0.0.1", []) == LOOPBACK_NAMES
    assert allowed_hosts("::1", []) == LOOPBACK_NAMES
    assert allowed_hosts("localhost", []) == LOOPBACK_NAMES
    assert allowed_hosts("0.0.0.0", []) is None  # other machines reach it by names of their own
    assert allowed_hosts("192.168.1.5", ["Games.Example.org."]) == LOOPBACK_NAMES | {"games.example.org"}


@pytest.mark.parametrize(
    ("header", "name"),
    [
        ("localhost:8000", "localhost"),
        ("[::1]:8000", "::1"),
        ("127.0.0.1", "127.0.0.1"),
        ("Evil.Example.:80", "evil.example"),
    ],
)
def test_the_name_of_a_host_header_is_read_without_its_port(header: str, name: str) -> None:
    assert host_name(header) == name


def test_a_page_whose_name_was_pointed_at_a_loopback_server_can_do_nothing(make_client: Any) -> None:
    """evil.example made to resolve to 127.0.0.1: its Origin and Host agree, so only the name
    tells it apart. The request is refused in the visitor's language and no table is made."""
    client = make_client(allowed_hosts=allowed_hosts("127.0.0.1", []))
    evil = {"host": "evil.example:8000", "origin": "http://evil.example:8000", "accept-language": "fr"}
    refused = client.post("/api/tables", json=BODY, headers=evil)
    assert refused.status_code == 400
    error = refused.json()["error"]
    assert error["code"] == "unknown_host" and "--allow-host evil.example" in error["message"]
    assert "Ce serveur" in error["message"]
    assert client.get("/api/tables?status=all", headers={"host": "localhost:8000"}).json()["tables"] == []
    assert client.get("/", headers={"host": "evil.example:8000"}).status_code == 400
    for name in ("localhost:8000", "127.0.0.1:8000", "[::1]:8000", "table.localhost:8000"):
        mine = {"host": name, "origin": f"http://{name}"}
        assert client.post("/api/tables", json=BODY, headers=mine).status_code == 201, name


def test_a_socket_for_an_unknown_name_is_refused_before_it_opens(make_client: Any) -> None:
    client = make_client(allowed_hosts=allowed_hosts("127.0.0.1", []))
    client.headers["host"] = "localhost"
    table = new_table(client)
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        client.websocket_connect(f"/ws/{table['id']}", headers={"host": "evil.example"}),
    ):
        pass
    assert closed.value.code == 1008
    with client.websocket_connect(f"/ws/{table['id']}", headers={"host": "localhost:8000"}) as ws:
        assert ws.receive_json()["type"]


def test_a_listed_name_is_answered(make_client: Any) -> None:
    client = make_client(allowed_hosts=allowed_hosts("127.0.0.1", ["games.example.org"]))
    assert client.post("/api/tables", json=BODY, headers={"host": "games.example.org"}).status_code == 201
    assert client.post("/api/tables", json=BODY, headers={"host": "other.example"}).status_code == 400


def test_backroom_serve_by_default_answers_only_to_loopback_names() -> None:
    args = build_parser("en").parse_args(["serve"])
    assert allowed_hosts(args.host, args.allow_host) == LOOPBACK_NAMES
    args = build_parser("en").parse_args(["serve", "--allow-host", "a.example", "--allow-host", "b.example"])
    assert allowed_hosts(args.host, args.allow_host) == LOOPBACK_NAMES | {"a.example", "b.example"}


@pytest.mark.parametrize("listen", ["127.0.0.2", "127.1.2.3", "0:0:0:0:0:0:0:1"])
def test_a_server_on_any_loopback_address_answers_to_that_address(make_client: Any, listen: str) -> None:
    """``backroom serve --host 127.0.0.2``: a browser at http://127.0.0.2:8000 names that
    address, and an address (unlike a name) cannot be pointed elsewhere by a website."""
    client = make_client(allowed_hosts=allowed_hosts(listen, []))
    host = f"[{listen}]:8000" if ":" in listen else f"{listen}:8000"
    assert client.post("/api/tables", json=BODY, headers={"host": host}).status_code == 201


def test_the_answer_to_an_unknown_name_carries_the_security_headers_as_every_answer_does(
    make_client: Any,
) -> None:
    client = make_client(allowed_hosts=allowed_hosts("127.0.0.1", []))
    refused = client.get("/t/abc?token=secret", headers={"host": "evil.example"})
    assert refused.status_code == 400
    for name, value in HEADERS:
        assert refused.headers.get(name.decode()) == value.decode(), name
