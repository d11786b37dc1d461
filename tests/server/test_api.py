"""The HTTP lobby API: games, catalogs, creating and reading tables, and its OpenAPI schema."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import pytest
from starlette.requests import Request
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.testclient import TestClient

from backroom.bots import bot_kinds
from backroom.engine.record import Record
from backroom.games import all_games, get_game
from backroom.i18n import seat_names
from backroom.server import api
from backroom.server.app import create_app
from tests.server.conftest import new_table, wait_until_over, ws_path

GOOD = {"game": "stool-pigeon", "players": 3, "seats": [{"kind": "human"}, {"kind": "bot"}], "seed": 1}


def test_games_lists_every_registered_game_with_options_and_bots(client: TestClient) -> None:
    games = {g["id"]: g for g in client.get("/api/games").json()["games"]}
    pigeon = games["stool-pigeon"]
    assert pigeon["min_players"] == 2 and pigeon["max_players"] == 6
    assert set(pigeon["name"]) == {"es", "en", "fr"}
    assert "random" in pigeon["bots"]
    names = {o["name"]: o for o in pigeon["options"]}
    assert names["round_limit"]["default"] == 20 and names["round_limit"]["high"] == 200
    assert set(names["memory_aid"]["label"]) == {"es", "en", "fr"}


def test_protocol_doc_names_every_bot_kind_and_every_listed_status() -> None:
    """docs/protocol.md is what programs are written from: a kind a game accepts or a status
    the lobby shows that it leaves out is a surprise for them."""
    doc = (Path(__file__).parents[2] / "docs" / "protocol.md").read_text("utf-8")
    for game in all_games():
        for kind in bot_kinds(game):
            assert f'"{kind}"' in doc, kind
    for status in api.LISTED:
        assert f'- `"{status}"`:' in doc, status
    assert "`free_seats`" in doc


def test_a_seat_may_hold_every_bot_kind_the_game_lists(client: TestClient) -> None:
    for game in client.get("/api/games").json()["games"]:
        for kind in game["bots"]:
            body = {
                "game": game["id"],
                "players": game["min_players"],
                "seats": [{"kind": "bot", "bot": kind}],
            }
            assert client.post("/api/tables", json=body).status_code == 201, (game["id"], kind)


def test_i18n_serves_the_merged_catalog_of_a_language(client: TestClient) -> None:
    catalog = client.get("/api/i18n/es").json()
    assert catalog["server.error.stale_version"]
    assert catalog["stool-pigeon.name"]
    response = client.get("/api/i18n/xx")
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "unknown_language"


def test_create_table_returns_secret_invites_only_for_human_and_agent_seats(client: TestClient) -> None:
    response = client.post("/api/tables", json=GOOD)
    assert response.status_code == 201
    table = response.json()
    human, bot, missing = table["seats"]
    assert human["kind"] == "human" and len(human["token"]) >= 32
    assert human["invite"] == f"/t/{table['id']}?token={human['token']}"
    assert bot["kind"] == "bot" and "token" not in bot and bot["bot"] == "random"
    assert missing["kind"] == "human" and missing["token"] != human["token"]
    assert table["spectate"] == f"/t/{table['id']}"


def test_tokens_are_not_stored_in_clear(client: TestClient, tmp_path: Any) -> None:
    table = client.post("/api/tables", json=GOOD).json()
    data = (tmp_path / "tables.db").read_bytes()
    assert table["seats"][0]["token"].encode() not in data


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({**GOOD, "game": "chess"}, "unknown_game"),
        ({**GOOD, "game": 3}, "bad_field"),
        ({**GOOD, "players": 9}, "bad_options"),
        ({**GOOD, "players": "3"}, "bad_field"),
        ({**GOOD, "players": True}, "bad_field"),
        ({**GOOD, "options": {"round_limit": 1000}}, "bad_options"),
        # Numbers past 28 digits: the sentence that names them once raised (a 500) in
        # the decimal formatting of its figures.
        ({**GOOD, "options": {"round_limit": 10**30}}, "bad_options"),
        ({**GOOD, "players": -(10**40)}, "bad_options"),
        ({**GOOD, "players": 10**400}, "bad_options"),
        ({**GOOD, "options": {"colour": "red"}}, "bad_options"),
        ({**GOOD, "options": []}, "bad_field"),
        ({**GOOD, "seats": [{"kind": "alien"}]}, "bad_field"),
        ({**GOOD, "seats": [{"kind": "bot", "bot": "genius"}]}, "unknown_bot"),
        ({**GOOD, "seats": [{"kind": "human"}] * 4}, "bad_field"),
        ({**GOOD, "seats": ["human"]}, "bad_field"),
        ({**GOOD, "seats": [{"kind": "human", "name": "x" * 41}]}, "bad_field"),
        ({**GOOD, "seed": -1}, "bad_field"),
        ({**GOOD, "seed": 2**64}, "bad_field"),
        ({**GOOD, "bot_delay": -1}, "bad_field"),
        ({**GOOD, "bot_delay": "slow"}, "bad_field"),
        ({**GOOD, "turn_timer": 0}, "bad_field"),
        ({**GOOD, "turn_timer": 1.5}, "bad_field"),
        ([1, 2], "bad_field"),
    ],
)
def test_create_table_refuses_bad_input_with_a_code_and_a_sentence(
    client: TestClient, body: Any, code: str
) -> None:
    response = client.post("/api/tables?lang=fr", json=body)
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == code
    assert error["message"] and not error["message"].startswith("server.error.")


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({**GOOD, "game": "chess\ud800"}, "unknown_game"),
        ({**GOOD, "seats": [{"kind": "bot", "bot": "\ud800"}]}, "unknown_bot"),
        ({**GOOD, "options": {"\ud800": 1}}, "bad_options"),
    ],
)
def test_a_lone_surrogate_named_in_an_error_is_refused_with_its_sentence(
    client: TestClient, body: Any, code: str
) -> None:
    """Valid JSON (``"\\ud800"``) that an error's sentence repeats: the answer could not be
    encoded, a 500 with a traceback; the sentence shows it as a replacement character."""
    response = client.post(
        "/api/tables", content=json.dumps(body).encode(), headers={"content-type": "application/json"}
    )
    assert response.status_code == 400
    assert response.json()["error"]["code"] == code


@pytest.mark.parametrize(
    ("game", "players", "option"), [("slush-fund", 3, "deck_file"), ("corruption", 4, "contracts_file")]
)
def test_options_naming_server_files_are_refused_from_the_network_and_not_offered(
    client: TestClient, tmp_path: Any, game: str, players: int, option: str
) -> None:
    """A remote client must not make the server open a path of its choosing (nor learn from the
    error whether a file exists); such options belong to the command line."""
    offered = {g["id"]: g for g in client.get("/api/games").json()["games"]}[game]["options"]
    assert option not in {o["name"] for o in offered}
    for path in ("/etc/passwd", str(tmp_path / "missing.json")):
        response = client.post(
            "/api/tables?lang=es", json={"game": game, "players": players, "options": {option: path}}
        )
        assert response.status_code == 400
        error = response.json()["error"]
        assert error["code"] == "local_option" and option in error["message"]
        assert path not in error["message"]
    assert (
        client.post(
            "/api/tables", json={"game": game, "players": players, "options": {option: ""}}
        ).status_code
        == 201
    )


JSON = {"content-type": "application/json"}


def test_create_table_refuses_malformed_and_oversized_bodies(client: TestClient) -> None:
    response = client.post("/api/tables", content=b"{not json", headers=JSON)
    assert response.status_code == 400 and response.json()["error"]["code"] == "bad_json"
    response = client.post("/api/tables", content=b" " * (65 * 1024), headers=JSON)
    assert response.status_code == 413 and response.json()["error"]["code"] == "too_large"


def test_an_oversized_body_is_refused_on_its_length_before_it_is_read(client: TestClient) -> None:
    """A 400 MB body took the server from 57 to 826 MiB before the 413: the length header
    alone refuses it, and a body sent without a length is cut off once past the cap."""
    headers = {**JSON, "content-length": str(400 * 1024 * 1024)}
    response = client.post("/api/tables", content=b"{}", headers=headers)
    assert response.status_code == 413 and response.json()["error"]["code"] == "too_large"

    received = 0

    async def receive() -> dict[str, Any]:
        nonlocal received
        received += 1  # 10,000 chunks of 16 KiB (160 MiB) are on offer
        return {"type": "http.request", "body": b" " * 16384, "more_body": received < 10_000}

    scope = {"type": "http", "method": "POST", "path": "/api/tables", "headers": [], "query_string": b""}
    with pytest.raises(api.BadRequest) as refused:
        asyncio.run(api.read_body(Request(scope, receive), "en"))
    assert refused.value.status == 413 and received == api.MAX_BODY // 16384 + 1


def test_a_table_is_created_only_from_a_json_request_not_a_cross_site_form(client: TestClient) -> None:
    body = b'{"game": "stool-pigeon", "players": 2}'
    for kind in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"):
        response = client.post("/api/tables", content=body, headers={"content-type": kind})
        assert response.status_code == 415 and response.json()["error"]["code"] == "not_json"
    assert client.post("/api/tables", content=body, headers=JSON).status_code == 201


def test_every_answer_carries_the_safe_browser_headers(client: TestClient) -> None:
    """No Referer leaks a token from /t/ID?token=...; no other site frames a page; no inline
    script runs; no file is sniffed as another type."""
    for path in ("/", "/t/some-table?token=x", "/api/games", "/static/static/lobby.js", "/api/tables/nope"):
        headers = client.get(path).headers
        assert headers["referrer-policy"] == "no-referrer"
        assert headers["x-content-type-options"] == "nosniff"
        policy = headers["content-security-policy"]
        assert "frame-ancestors 'none'" in policy and "script-src 'self';" in policy


def test_error_language_follows_lang_then_accept_language(client: TestClient) -> None:
    english = client.get("/api/tables/nope").json()["error"]["message"]
    spanish = client.get("/api/tables/nope", headers={"accept-language": "es-ES,es;q=0.9"}).json()
    french = client.get("/api/tables/nope?lang=fr", headers={"accept-language": "es"}).json()
    assert len({english, spanish["error"]["message"], french["error"]["message"]}) == 3


def test_an_unknown_api_path_or_method_gets_the_apis_json_error_in_the_callers_language(
    client: TestClient,
) -> None:
    """docs/protocol.md: every API error is ``{"error": {"code", "message"}}``; Starlette's own
    404 and 405 answered "Not Found" in plain text."""
    missing = client.get("/api/nothing?lang=es")
    assert missing.status_code == 404
    assert missing.json()["error"] == {
        "code": "no_such_path",
        "message": "Esa dirección no existe en la API.",
    }
    wrong = client.delete("/api/games", headers={"accept-language": "fr"})
    assert wrong.status_code == 405 and "GET" in wrong.headers["allow"]
    assert wrong.json()["error"]["code"] == "method_not_allowed"
    assert wrong.json()["error"]["message"] == "Cette méthode n’est pas acceptée à cette adresse."
    other = client.request("OPTIONS", "/api/tables")
    assert other.status_code == 405 and set(other.headers["allow"].split(", ")) == {"GET", "HEAD", "POST"}
    page = client.get("/nothing")
    assert page.status_code == 404 and page.text == "Not Found"


def test_accept_language_gives_the_supported_language_it_ranks_highest(client: TestClient) -> None:
    spanish = client.get("/api/tables/nope", headers={"accept-language": "es"}).json()["error"]["message"]
    for header in ("de, es;q=0.5", "de-DE,fr;q=0.2,es;q=0.7", "en;q=0, es"):
        answer = client.get("/api/tables/nope", headers={"accept-language": header}).json()
        assert answer["error"]["message"] == spanish, header


def test_list_and_get_tables(client: TestClient) -> None:
    table = new_table(
        client, seats=[{"kind": "human", "name": "Ana"}, {"kind": "agent"}, {"kind": "bot"}], players=3
    )
    listed = client.get("/api/tables").json()["tables"]
    assert listed[0]["id"] == table["id"]
    # Nobody has come yet and it is a person's turn: the table is idle, in the list and its detail.
    assert listed[0]["open_seats"] == 2 and listed[0]["status"] == "idle" and listed[0]["free_seats"] == 1
    detail = client.get(f"/api/tables/{table['id']}").json()
    assert detail["version"] >= 0 and detail["status"] == "idle" and detail["outcome"] is None
    assert detail["options"] == {"memory_aid": False, "round_limit": 20}
    assert [s["name"] for s in detail["seats"]] == ["Ana", None, None]
    assert [s["connected"] for s in detail["seats"]] == [False, False, True]
    assert "token" not in str(detail)
    assert client.get("/api/tables/nope").status_code == 404


def test_record_is_given_only_once_the_game_is_over(client: TestClient) -> None:
    table = new_table(client, seats=[{"kind": "agent"}, {"kind": "bot"}], players=2)
    response = client.get(f"/api/tables/{table['id']}/record")
    assert response.status_code == 409 and response.json()["error"]["code"] == "not_over"
    bots = new_table(client, seats=[{"kind": "bot"}, {"kind": "bot"}], players=2)
    wait_until_over(client, bots)
    record = client.get(f"/api/tables/{bots['id']}/record").json()
    assert record["format"] == "backroom-record/1" and record["seed"] == 7
    assert len(record["actions"]) == client.get(f"/api/tables/{bots['id']}").json()["version"]


def test_every_route_is_described_in_the_openapi_schema(tmp_path: Any) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'x.db'}")
    with TestClient(app) as client:
        schema = client.get("/openapi.json").json()
    assert schema["openapi"].startswith("3.")
    for route in app.routes:
        if isinstance(route, Mount):
            continue
        assert isinstance(route, (Route, WebSocketRoute))
        assert route.path in schema["paths"], route.path
        if isinstance(route, Route):
            for method in route.methods or ():
                if method != "HEAD":
                    assert method.lower() in schema["paths"][route.path], (route.path, method)


def test_pages_are_served_from_the_web_client(client: TestClient) -> None:
    for path in ("/", "/t/abc"):
        response = client.get(path)
        assert response.status_code in (200, 404)
        if response.status_code == 200:
            assert "html" in response.headers["content-type"]


def test_one_address_may_create_only_so_many_tables_a_minute(make_client: Any) -> None:
    client = make_client(tables_per_minute=3)
    for _ in range(3):
        assert client.post("/api/tables", json=GOOD).status_code == 201
    refused = client.post("/api/tables?lang=es", json=GOOD)
    assert refused.status_code == 429
    error = refused.json()["error"]
    assert error["code"] == "too_many_tables" and "3" in error["message"]
    assert len(client.get("/api/tables").json()["tables"]) == 3


def test_the_table_list_shows_tables_in_play_unless_asked_otherwise(client: TestClient) -> None:
    """No ``?status=``: playing and idle tables; ``?status=X``: exactly the tables listed as X,
    for every status the list shows."""
    idle = new_table(client, players=2, seats=[{"kind": "human"}, {"kind": "human"}])
    over = new_table(client, players=2, seats=[{"kind": "bot"}, {"kind": "bot"}])
    playing = new_table(client, players=2, seats=[{"kind": "agent"}, {"kind": "human"}])
    with client.websocket_connect(f"/ws/{playing['id']}?token={playing['seats'][0]['token']}") as ws:
        ws.receive_json()  # someone is at the table: it plays
        for _ in range(200):
            if client.get(f"/api/tables/{over['id']}").json()["status"] == "over":
                break
            time.sleep(0.05)
        listed = {
            status: [t["id"] for t in client.get(f"/api/tables?status={status}").json()["tables"]]
            for status in ("playing", "idle", "over", "damaged", "all")
        }
        in_play = [t["id"] for t in client.get("/api/tables").json()["tables"]]
    assert listed["playing"] == [playing["id"]] and listed["idle"] == [idle["id"]]
    assert in_play == [playing["id"], idle["id"]]
    assert listed["over"] == [over["id"]] and listed["damaged"] == []
    assert set(listed["all"]) == {idle["id"], over["id"], playing["id"]}
    assert client.get("/api/tables?status=gone").json()["error"]["code"] == "bad_field"


def test_another_website_may_not_create_tables_unless_the_operator_allows_it(make_client: Any) -> None:
    """Any page a player visits could POST to the lobby in their name: a foreign Origin is
    refused (403), the server's own and a listed one are accepted, programs send none."""
    body = {"game": "stool-pigeon", "players": 2}
    client = make_client(allowed_origins=["https://games.example.org"])
    evil = client.post("/api/tables", json=body, headers={"origin": "https://evil.example"})
    assert evil.status_code == 403 and evil.json()["error"]["code"] == "bad_origin"
    for origin in ("http://testserver", "https://games.example.org", None):
        headers = {"origin": origin} if origin else {}
        assert client.post("/api/tables", json=body, headers=headers).status_code == 201


def test_a_websocket_from_another_website_is_refused(client: TestClient) -> None:
    from starlette.websockets import WebSocketDisconnect

    table = new_table(client)
    with client.websocket_connect(f"/ws/{table['id']}", headers={"origin": "https://evil.example"}) as ws:
        assert ws.receive_json()["code"] == "bad_origin"
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()
    with client.websocket_connect(f"/ws/{table['id']}", headers={"origin": "http://testserver"}) as ws:
        assert ws.receive_json()["type"] == "welcome"


@pytest.mark.parametrize("route", ["token", "bot", "hidden", "rematch"])
@pytest.mark.parametrize("token", ["\ud800", "\u0000", 5, "x" * 257])
def test_a_token_that_is_no_short_printable_string_is_refused_and_changes_nothing(
    client: TestClient, route: str, token: Any
) -> None:
    """A lone surrogate (valid JSON, ``"\\ud800"``) cannot be encoded to be hashed: it was a
    500 with a traceback on every route that takes a seat's token in its body."""
    table = new_table(client, players=2)
    body = json.dumps({"token": token, "hidden": True}).encode()
    answer = client.post(
        f"/api/tables/{table['id']}/{route}", content=body, headers={"content-type": "application/json"}
    )
    assert answer.status_code == 400 and answer.json()["error"]["code"] == "bad_field"
    assert client.get(f"/api/tables/{table['id']}").json()["hidden"] is False
    with client.websocket_connect(ws_path(table, 0)) as ws:
        assert ws.receive_json()["seat"] == 0


def test_a_seat_player_may_rotate_their_token_and_old_invite_links_stop_working(client: TestClient) -> None:
    """A leaked token could not be revoked: now the seat's player swaps it for a new one (the
    current token travels in the body), the old link opens nothing, the new one the same seat,
    and the change is stored (a restart keeps it)."""
    table = new_table(client, seats=[{"kind": "human"}, {"kind": "agent"}])
    old = table["seats"][0]["token"]
    rotated = client.post(f"/api/tables/{table['id']}/token", json={"token": old})
    assert rotated.status_code == 200
    fresh = rotated.json()
    assert fresh["seat"] == 0 and fresh["token"] != old and fresh["invite"].endswith(fresh["token"])
    with client.websocket_connect(f"/ws/{table['id']}?token={old}") as ws:
        assert ws.receive_json()["code"] == "bad_token"
    with client.websocket_connect(f"/ws/{table['id']}?token={fresh['token']}") as ws:
        assert ws.receive_json()["seat"] == 0
    again = client.post(f"/api/tables/{table['id']}/token", json={"token": old})
    assert again.status_code == 403 and again.json()["error"]["code"] == "bad_token"
    other = client.post(f"/api/tables/{table['id']}/token", json={"token": 5})
    assert other.status_code == 400


def test_a_rotated_token_is_stored(tmp_path: Any) -> None:
    url = f"sqlite:///{tmp_path / 'rotate.db'}"
    with TestClient(create_app(url, allow_seed=True)) as first:  # new_table deals seed 7
        table = new_table(first, seats=[{"kind": "human"}, {"kind": "agent"}])
        fresh = first.post(
            f"/api/tables/{table['id']}/token", json={"token": table["seats"][0]["token"]}
        ).json()
    with (
        TestClient(create_app(url)) as second,
        second.websocket_connect(f"/ws/{table['id']}?token={fresh['token']}") as ws,
    ):
        assert ws.receive_json()["seat"] == 0


def test_a_record_keeps_bot_kinds_not_english_names_so_a_replay_names_bots_in_its_language(
    client: TestClient,
) -> None:
    bots = new_table(
        client, seats=[{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "heuristic"}], players=2
    )
    wait_until_over(client, bots)
    record = client.get(f"/api/tables/{bots['id']}/record").json()
    assert record["names"] == ["", ""] and record["bots"] == ["random", "heuristic"]
    loaded = Record.from_json(record)
    assert seat_names("es", 2, loaded.names, loaded.bots) == ["Bot 1 (al azar)", "Bot 2 (heurístico)"]


def test_a_finished_table_of_other_rules_keeps_its_record_but_is_never_loaded(
    make_client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/server.md: a table stored under another rules version is not loaded (its actions
    would replay into another game), but the record of a finished one is still its players'."""
    client = make_client()
    done = new_table(client, seats=[{"kind": "bot", "bot": "random"}, {"kind": "bot"}], players=2)
    wait_until_over(client, done)
    playing = new_table(client, seats=[{"kind": "human"}, {"kind": "bot"}], players=2)
    game = type(get_game("stool-pigeon"))
    monkeypatch.setattr(game, "rules_version", game.rules_version + 1)
    upgraded = make_client()
    record = upgraded.get(f"/api/tables/{done['id']}/record")
    assert record.status_code == 200
    assert record.json()["rules_version"] == game.rules_version - 1 and record.json()["bots"][0] == "random"
    assert upgraded.get(f"/api/tables/{done['id']}").status_code == 404
    assert upgraded.get(f"/api/tables/{done['id']}/replay").status_code == 404
    assert upgraded.get(f"/api/tables/{playing['id']}/record").json()["error"]["code"] == "unknown_table"


def test_asking_for_tables_that_do_not_exist_leaves_nothing_stored(client: TestClient) -> None:
    """Each unknown id took a lease row for good: a client could grow the database without
    bound by asking for made-up tables."""
    for n in range(20):
        for path in ("", "/record", "/replay"):
            assert client.get(f"/api/tables/nope{n}{path}").status_code == 404
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    with store.engine.begin() as conn:
        left = conn.exec_driver_sql("SELECT table_id FROM backroom_leases WHERE table_id LIKE 'nope%'")
        assert left.fetchall() == []
