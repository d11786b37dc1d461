"""A whole Stool Pigeon game played over WebSockets: every seat sees exactly the engine's view
of its seat, the events it may see, and its legal actions; spectators see the public view."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from contextlib import ExitStack
from typing import Any

import pytest
from starlette.testclient import TestClient

from backroom.engine.events import Event
from backroom.games import all_games, get_game
from tests.server.conftest import all_connected, new_table, play_to_the_end, receive_until, send, ws_path


def plain(value: Any) -> Any:
    return json.loads(json.dumps(value))


@pytest.mark.parametrize("game_id", [g.id for g in all_games()])
def test_a_whole_game_over_websockets_shows_each_seat_only_its_own_view(
    make_client: Callable[..., TestClient], game_id: str
) -> None:
    client = make_client(rate=1000.0)  # the test acts as fast as it can, beyond the human limit
    game = get_game(game_id)
    if not game.min_players <= 4 <= game.max_players:
        pytest.skip(f"{game_id} is not played by four")
    seats = [{"kind": "human"}, {"kind": "agent"}, {"kind": "human", "name": "Zoé"}, {"kind": "agent"}]
    response = client.post(
        "/api/tables", json={"game": game_id, "players": 4, "seats": seats, "seed": 11, "bot_delay": 0}
    )
    table = response.json()
    human = game.human_recall(game.resolve_options({}))
    recall = [human, True, human, True]
    state, setup_events = game.start(4, {}, 11)
    rng = random.Random(5)
    with ExitStack() as stack:
        sockets = [stack.enter_context(client.websocket_connect(ws_path(table, s))) for s in range(4)]
        spectator = stack.enter_context(client.websocket_connect(ws_path(table)))
        welcome = sockets[2].receive_json()
        assert welcome == {
            "type": "welcome",
            "table": table["id"],
            "seat": 2,
            "game": game_id,
            "players": 4,
            "seeded": True,  # dealt from the test's seed 11: every seat is told
            "hidden": False,
        }
        latest = []
        for seat, ws in enumerate([*sockets, spectator]):
            seen: list[dict[str, Any]] = []
            latest.append(
                receive_until(
                    ws, lambda m, seen=seen: bool(seen.extend(m.get("events", []))) or all_connected(4)(m)
                )
            )
            mine = [e for e in setup_events if e.visible_to(None if seat == 4 else seat)]
            assert [e["params"] for e in seen] == [plain(e.to_json()["params"]) for e in mine]
        version = 0
        while not state.is_over:
            actors = state.actors()
            for seat in range(5):
                update = latest[seat]
                who = None if seat == 4 else seat
                assert update["version"] == version
                assert update["actors"] == list(actors)
                expected = state.view(who) if who is None else state.view(who, recall=recall[who])
                assert update["view"] == plain(expected)
                legal = state.legal_actions(who) if who is not None and who in actors else []
                assert [tuple(a["action"]) for a in update["legal"]] == legal
                assert all(a["label"] for a in update["legal"])
            seat = actors[rng.randrange(len(actors))]
            choice = rng.choice(latest[seat]["legal"])["action"]
            send(sockets[seat], {"type": "act", "action": choice, "version": version, "id": f"m{version}"})
            ack = sockets[seat].receive_json()
            assert ack == {"type": "ack", "id": f"m{version}", "version": version + 1}
            events: list[Event] = state.apply(seat, tuple(choice))
            version += 1
            for who, ws in enumerate([*sockets, spectator]):
                latest[who] = ws.receive_json()
                assert latest[who]["type"] == "update"
                viewer = None if who == 4 else who
                visible = [plain(e.to_json()["params"]) for e in events if e.visible_to(viewer)]
                assert [e["params"] for e in latest[who]["events"]] == visible
                assert all(
                    e["text"] and not e["text"].startswith(f"{game_id}.") for e in latest[who]["events"]
                )
        outcome = latest[0]["outcome"]
        assert outcome is not None and outcome["text"]
        assert outcome["ranks"] == list(state.outcome().ranks)  # type: ignore[union-attr]
        assert latest[4]["view"] == plain(state.view(None))
    detail = client.get(f"/api/tables/{table['id']}").json()
    assert detail["status"] == "over" and detail["version"] == version


def test_names_and_language_of_texts_follow_each_connection(client: TestClient) -> None:
    table = new_table(client, players=2, seats=[{"kind": "agent", "name": "Ana"}, {"kind": "agent"}])
    with client.websocket_connect(ws_path(table, 0, lang="es")) as ws:
        ws.receive_json()
        first = ws.receive_json()
        assert first["seats"][0]["name"] == "Ana"
        send(ws, {"type": "lang", "lang": "fr"})
        french = ws.receive_json()
        assert french["type"] == "update" and french["version"] == first["version"]
        assert [e["kind"] for e in french["events"]] == [e["kind"] for e in first["events"]]
        if first["legal"]:
            assert first["legal"][0]["label"] != french["legal"][0]["label"] or first["legal"][0]["label"]


def test_bots_play_their_seats_and_the_game_reaches_its_end(client: TestClient) -> None:
    table = new_table(client, players=3, seats=[{"kind": "bot"}, {"kind": "bot"}, {"kind": "bot"}])
    with client.websocket_connect(ws_path(table)) as spectator:
        update = receive_until(spectator, lambda m: m["type"] == "update" and m["outcome"] is not None, 5000)
    assert update["legal"] == [] and update["outcome"]["text"]


def test_a_human_plays_against_bots(make_client: Callable[..., TestClient]) -> None:
    client = make_client(rate=1000.0)  # the test answers faster than a person could
    table = new_table(
        client, players=3, seats=[{"kind": "human"}, {"kind": "bot"}, {"kind": "bot", "bot": "random"}]
    )
    rng = random.Random(3)
    with client.websocket_connect(ws_path(table, 0)) as ws:
        update = play_to_the_end(ws, lambda legal: rng.choice(legal)["action"])
        assert update["outcome"]["ranks"]


@pytest.mark.parametrize("game", [g.id for g in all_games()])
def test_every_registered_game_is_played_at_a_table_by_bots_and_a_spectator_sees_the_end(
    client: TestClient, game: str
) -> None:
    rules = get_game(game)
    players = rules.min_players
    body = {"game": game, "players": players, "seats": [{"kind": "bot"}] * players, "seed": 2, "bot_delay": 0}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    table = response.json()
    with client.websocket_connect(f"/ws/{table['id']}?lang=fr") as spectator:
        end = receive_until(spectator, lambda m: m["type"] == "update" and m["outcome"] is not None, 100_000)
    assert end["outcome"]["text"] and not end["outcome"]["text"].startswith(f"{game}.")
    state, _ = rules.start(players, {}, 2)
    assert set(json.loads(json.dumps(state.view(None)))) <= set(end["view"])


@pytest.mark.parametrize(("iterations", "budget"), [(None, "ismcts"), (8, "ismcts:iterations=8")])
def test_a_search_bot_thinks_with_its_games_budget_unless_the_server_names_one(
    make_client: Callable[..., TestClient], iterations: int | None, budget: str
) -> None:
    """Each game's own budget keeps a move within a second (200 iterations in Illuminati, 300
    in Politburó, 1000 elsewhere); ``--search-iterations`` sets one for every game."""
    client = make_client(search_iterations=iterations)
    asked: list[str] = []

    async def choose(game_id: str, state: Any, seat: int, kind: str, seed: int) -> Any:
        asked.append(kind)
        return state.legal_actions(seat)[0]

    client.app.state.hub.thinker.choose = choose  # type: ignore[attr-defined]
    table = new_table(client, players=2, seats=[{"kind": "bot", "bot": "ismcts"}, {"kind": "agent"}])
    with client.websocket_connect(ws_path(table)) as spectator:
        receive_until(spectator, lambda m: m["type"] == "update" and m["version"] >= 1)
    assert asked and set(asked) == {budget}


def test_search_bots_play_a_table_to_its_end_from_the_process_pool(
    make_client: Callable[..., TestClient],
) -> None:
    """``ismcts`` is a bot kind like the others at a table; its moves come from the hub's
    process pool (backroom.server.thinking), with the server's budget per move."""
    client = make_client(search_iterations=8)
    table = new_table(
        client, players=2, seats=[{"kind": "bot", "bot": "ismcts"}, {"kind": "bot", "bot": "ismcts"}]
    )
    with client.websocket_connect(ws_path(table)) as spectator:
        end = receive_until(spectator, lambda m: m["type"] == "update" and m["outcome"] is not None, 5000)
    assert end["outcome"]["ranks"]
    pool = client.app.state.hub.thinker._pool  # type: ignore[attr-defined]
    assert pool is not None and pool._processes  # the moves were thought in the pool's process
