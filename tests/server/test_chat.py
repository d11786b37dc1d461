"""The table's chat (issue 18, section 2): the players' room, which spectators read, and the
spectators' room, which no seat receives; every bound (a line's length, a seat's pace, a room's
pace, the history kept) refused with a translated error that changes nothing; system lines in
each reader's language; the recent lines again on every reconnect (docs/protocol.md, chat)."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from starlette.testclient import TestClient

from backroom.client import connect, ws_url
from backroom.i18n import catalog
from backroom.server import chat
from backroom.server.messages import MARKS
from backroom.sim.load_clients import http_json
from backroom.sim.server_load import free_port, server_process
from tests.server.conftest import Message, new_table, receive_until, send, ws_path


def said(ws: Any) -> Message:
    """The next line someone said (system lines and history skipped)."""
    message = receive_until(ws, lambda m: m["type"] == "chat" and not m["history"])
    while "system" in message["lines"][0]:
        message = receive_until(ws, lambda m: m["type"] == "chat" and not m["history"])
    line: Message = message["lines"][0]
    return line


def history(ws: Any) -> list[Message]:
    lines: list[Message] = receive_until(ws, lambda m: m["type"] == "chat" and m["history"])["lines"]
    return lines


def seated(*sockets: Any) -> None:
    """Wait until each socket has joined (its history came): a line said before reaches it in
    that history, not as news."""
    for ws in sockets:
        history(ws)


def error(ws: Any) -> Message:
    return receive_until(ws, lambda m: m["type"] == "error")


def test_a_seats_line_reaches_the_other_seats_and_the_spectators(client: TestClient) -> None:
    table = new_table(client, players=2, seats=[{"kind": "agent", "name": "Ana"}, {"kind": "agent"}])
    with (
        client.websocket_connect(ws_path(table, 0, chat=True)) as ana,
        client.websocket_connect(ws_path(table, 1, chat=True)) as other,
        client.websocket_connect(ws_path(table, chat=True)) as watcher,
    ):
        seated(ana, other, watcher)
        send(ana, {"type": "say", "text": "I offer you the Bavarians"})
        for ws in (ana, other, watcher):
            line = said(ws)
            assert (line["room"], line["seat"], line["name"], line["text"]) == (
                "players",
                0,
                "Ana",
                "I offer you the Bavarians",
            )


def test_the_spectators_chat_never_reaches_a_seat(client: TestClient) -> None:
    table = new_table(client, players=2)
    with (
        client.websocket_connect(ws_path(table, 0, chat=True)) as seat,
        client.websocket_connect(ws_path(table, chat=True)) as first,
        client.websocket_connect(ws_path(table, chat=True)) as second,
    ):
        seated(seat, first, second)
        send(first, {"type": "say", "text": "seat 0 holds the capo"})
        line = said(second)
        assert (line["room"], line["seat"], line["text"]) == ("spectators", None, "seat 0 holds the capo")
        assert said(first)["watcher"] == line["watcher"]
        # Messages reach a socket in order: the seat's next line is its own, later one.
        send(seat, {"type": "say", "text": "after"})
        assert said(seat)["text"] == "after"
    with client.websocket_connect(ws_path(table, 0, chat=True)) as back:
        assert all(line["room"] == "players" for line in history(back))


def test_a_line_longer_than_the_limit_is_refused_and_nobody_receives_it(client: TestClient) -> None:
    table = new_table(client, players=2)
    with (
        client.websocket_connect(ws_path(table, 0, chat=True)) as ws,
        client.websocket_connect(ws_path(table, 1, chat=True)) as other,
    ):
        seated(ws, other)
        send(ws, {"type": "say", "text": "x" * (chat.MAX_TEXT + 1)})
        refused = error(ws)
        assert refused["code"] == "chat_too_long" and str(chat.MAX_TEXT) in refused["message"]
        send(ws, {"type": "say", "text": "y" * chat.MAX_TEXT})
        assert said(other)["text"] == "y" * chat.MAX_TEXT


@pytest.mark.parametrize(
    ("text", "code"),
    [("   ", "chat_empty"), ("\n\t", "chat_empty"), (7, "bad_message"), (None, "bad_message")],
)
def test_an_empty_or_malformed_line_is_refused(client: TestClient, text: Any, code: str) -> None:
    table = new_table(client, players=2)
    with client.websocket_connect(ws_path(table, 0, chat=True)) as ws:
        send(ws, {"type": "say", "text": text})
        assert error(ws)["code"] == code


def test_control_characters_and_lone_surrogates_become_spaces(client: TestClient) -> None:
    table = new_table(client, players=2)
    with client.websocket_connect(ws_path(table, 0, chat=True)) as ws:
        ws.send_text(json.dumps({"type": "say", "text": "a\nb\x00c"}))
        assert said(ws)["text"] == "a b c"
        ws.send_text('{"type": "say", "text": "x\\ud800y"}')  # a lone surrogate cannot be encoded
        assert said(ws)["text"] == "x y"


def test_marks_stacked_on_one_character_are_cut_to_a_few(client: TestClient) -> None:
    table = new_table(client, players=2)
    accented = "Vi\u1ec7t \u0065\u0302\u0301"  # precomposed, and two stacked marks: kept
    zalgo = "a" + "\u0301" * 200 + "b"
    with client.websocket_connect(ws_path(table, 0, chat=True)) as ws:
        send(ws, {"type": "say", "text": accented})
        assert said(ws)["text"] == accented
        send(ws, {"type": "say", "text": zalgo})
        assert said(ws)["text"] == "a" + "\u0301" * MARKS + "b"


def test_marks_stacked_in_a_name_are_cut_to_a_few_as_in_a_line(client: TestClient) -> None:
    """A seat's name and a spectator's are shown beside every line and in every seat list: a
    name of forty stacked marks spilled over whatever is above and below it, as a line did."""
    zalgo = "a" + "\u0301" * 33 + "b"
    cut = "a" + "\u0301" * MARKS + "b"
    table = new_table(client, players=2, seats=[{"kind": "agent", "name": zalgo}, {"kind": "agent"}])
    assert table["seats"][0]["name"] == cut
    with client.websocket_connect(ws_path(table, chat=True)) as ws:
        send(ws, {"type": "name", "name": "Vi\u1ec7t " + zalgo})
        send(ws, {"type": "say", "text": "hi"})
        assert said(ws)["name"] == "Vi\u1ec7t " + cut


def test_a_seat_says_a_burst_of_lines_then_one_per_interval_whatever_its_connections(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(chat, "EVERY", 0.3)
    table = new_table(client, players=2)
    with (
        client.websocket_connect(ws_path(table, 0, chat=True)) as tab,
        client.websocket_connect(ws_path(table, 0, chat=True)) as other_tab,
        client.websocket_connect(ws_path(table, 1, chat=True)) as listener,
    ):
        seated(tab, other_tab, listener)
        for n in range(chat.BURST):
            send(tab if n % 2 else other_tab, {"type": "say", "text": f"line {n}"})
            assert said(listener)["text"] == f"line {n}"
        send(tab, {"type": "say", "text": "one too many"})
        assert error(tab)["code"] == "chat_too_fast"
        time.sleep(chat.EVERY * 1.2)  # the allowance refills: one line more
        send(tab, {"type": "say", "text": "later"})
        assert said(listener)["text"] == "later"


def test_the_spectators_room_as_a_whole_is_bounded_however_many_spectators_write(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(chat, "ROOM_BURST", 3)
    monkeypatch.setattr(chat, "ROOM_RATE", 0.001)
    table = new_table(client, players=2)
    with (
        client.websocket_connect(ws_path(table, chat=True)) as one,
        client.websocket_connect(ws_path(table, chat=True)) as two,
    ):
        seated(one, two)
        for n, ws in enumerate((one, two, one)):
            send(ws, {"type": "say", "text": f"line {n}"})
            assert said(one)["text"] == said(two)["text"] == f"line {n}"
        send(two, {"type": "say", "text": "the crowd is full"})
        assert error(two)["code"] == "chat_busy"


def test_each_room_keeps_a_bounded_history_which_a_reconnecting_seat_gets_again(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(chat, "HISTORY", 6)
    monkeypatch.setattr(chat, "BURST", 20)
    table = new_table(client, players=2)
    with client.websocket_connect(ws_path(table, 0, chat=True)) as talker:
        with client.websocket_connect(ws_path(table, 1, chat=True)) as leaver:
            seated(talker, leaver)
            for n in range(10):
                send(talker, {"type": "say", "text": str(n)})
                said(talker)
        with client.websocket_connect(ws_path(table, 1, chat=True)) as back:
            lines = history(back)
    # The seat's "left" and "joined" follow each other: the later replaces the earlier.
    assert [line.get("system") or line["text"] for line in lines] == ["5", "6", "7", "8", "9", "joined"]


def test_a_seat_reconnecting_in_a_loop_cannot_push_what_was_said_out_of_the_history(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(chat, "HISTORY", 6)  # ten reconnects would be twenty lines
    table = new_table(client, players=2)
    with client.websocket_connect(ws_path(table, 0, chat=True)) as talker:
        history(talker)
        send(talker, {"type": "say", "text": "I PROMISE to give you 10 money"})
        said(talker)
        for _ in range(10):
            with client.websocket_connect(ws_path(table, 1)):
                pass
        with client.websocket_connect(ws_path(table, 1, chat=True)) as back:
            lines = history(back)
    assert [line.get("system") or line["text"] for line in lines][-2:] == [
        "I PROMISE to give you 10 money",
        "joined",
    ]


def test_a_seat_coming_and_going_under_a_turn_timer_keeps_one_line_of_where_it_is() -> None:
    """Under a turn timer a seat that reconnects in a loop is also announced away, with a bot
    playing for it, between leaving and coming back: those lines replace each other too, so
    they cannot push what was said out of the history."""
    room = chat.Chat(SimpleNamespace(conns=()))  # nobody connected: the history alone
    room.system("joined", 0)
    for _ in range(chat.HISTORY):
        for key in ("left", "autoplay", "joined"):
            room.system(key, 1)
    kept = [(line.system, dict(line.params)["seat"]) for line in room.history["players"]]
    assert kept == [("joined", 0), ("joined", 1)]
    room.system("bot", 1)  # for good: a line of its own
    room.system("joined", 1)
    assert [line.system for line in room.history["players"]][-2:] == ["bot", "joined"]


def test_a_full_history_of_the_longest_lines_never_keeps_anyone_from_joining(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The history is queued with the welcome and the first update, before anything is sent:
    lines of 500 emoji (four bytes a character) soon overflow the connection's queue, which
    would drop it, so only the newest lines that fit are sent."""
    lines_said = 19  # 76 KB as Python holds them, over twice a queue; within a socket's pace
    monkeypatch.setattr(chat, "BURST", lines_said)
    monkeypatch.setattr(chat, "ROOM_BURST", lines_said)
    table = new_table(client, players=2)
    with client.websocket_connect(ws_path(table, 0, chat=True)) as talker:
        history(talker)
        for n in range(lines_said):
            send(talker, {"type": "say", "text": f"{n:03d}" + "\U0001f600" * (chat.MAX_TEXT - 3)})
            said(talker)
        for path in (ws_path(table, 1, chat=True), ws_path(table, chat=True)):
            with client.websocket_connect(path) as newcomer:
                lines = history(newcomer)
                assert 0 < len(lines) < lines_said
                texts = [line["text"] for line in lines if "system" not in line]
                assert texts[-1].startswith(f"{lines_said - 1:03d}")  # the newest are kept
                send(newcomer, {"type": "ping"})
                assert receive_until(newcomer, lambda m: m["type"] == "pong")  # still connected


def test_spectators_of_one_address_share_one_allowance_whatever_their_connections(
    client: TestClient,
) -> None:
    table = new_table(client, players=2)
    with (
        client.websocket_connect(ws_path(table, chat=True)) as one,
        client.websocket_connect(ws_path(table, chat=True)) as two,
    ):
        seated(one, two)
        for n in range(chat.BURST):
            send(one if n % 2 else two, {"type": "say", "text": f"line {n}"})
            assert said(one)["text"] == f"line {n}"
        send(one, {"type": "say", "text": "a fresh connection is no fresh allowance"})
        assert error(one)["code"] == "chat_too_fast"


def test_system_lines_say_who_joined_and_left_in_each_readers_language(client: TestClient) -> None:
    seats = [{"kind": "agent", "name": "Ana"}, {"kind": "agent", "name": "Bo"}]
    table = new_table(client, players=2, seats=seats)
    with client.websocket_connect(ws_path(table, 0, lang="es", chat=True)) as ana:
        with client.websocket_connect(ws_path(table, 1, lang="fr", chat=True)) as bo:
            joined = receive_until(ana, lambda m: m["type"] == "chat" and not m["history"])["lines"][0]
            assert joined["system"] == "joined" and joined["params"] == {"seat": 1}
            assert joined["text"] == catalog("es")["server.chat.joined"].format(seat="Bo")
            assert history(bo)[-1]["text"] == catalog("fr")["server.chat.joined"].format(seat="Bo")
        left = receive_until(ana, lambda m: m["type"] == "chat" and not m["history"])["lines"][0]
        assert left["text"] == catalog("es")["server.chat.left"].format(seat="Bo")


def test_a_system_line_says_a_seat_is_played_by_a_bot_now(client: TestClient) -> None:
    table = new_table(client, players=2, seats=[{"kind": "human"}, {"kind": "human"}])
    absent = table["seats"][1]["token"]
    with client.websocket_connect(ws_path(table, 0, chat=True)) as ws:
        history(ws)
        assert client.post(f"/api/tables/{table['id']}/bot", json={"token": absent}).status_code == 200
        line = receive_until(ws, lambda m: m["type"] == "chat")["lines"][0]
        assert line["system"] == "bot"
        assert line["text"] == catalog("en")["server.chat.bot"].format(seat="Player 2")


def test_a_system_line_says_a_bot_plays_for_an_away_seat_past_the_turn_timer(client: TestClient) -> None:
    table = new_table(client, players=2, seats=[{"kind": "human"}, {"kind": "agent"}], turn_timer=1)
    with client.websocket_connect(ws_path(table, 1, chat=True)) as ws:
        line = receive_until(ws, lambda m: m["type"] == "chat" and not m["history"], 5000)["lines"][0]
        assert (line["system"], line["params"]) == ("autoplay", {"seat": 0})


def test_a_connection_that_did_not_ask_for_the_chat_receives_none_of_it(client: TestClient) -> None:
    table = new_table(client, players=2)
    with (
        client.websocket_connect(ws_path(table, 0)) as program,
        client.websocket_connect(ws_path(table, 1, chat=True)) as person,
    ):
        seated(person)
        send(program, {"type": "say", "text": "a program may still talk"})
        assert said(person)["text"] == "a program may still talk"
        send(program, {"type": "ping"})
        kinds = []
        while (message := program.receive_json())["type"] != "pong":
            kinds.append(message["type"])
        assert set(kinds) <= {"welcome", "update"}


def test_two_agents_negotiate_through_the_python_client(tmp_path: Path) -> None:
    port = free_port()
    with server_process(f"sqlite:///{tmp_path / 'c.db'}", port, tmp_path):
        base = f"http://127.0.0.1:{port}"
        body = {"game": "stool-pigeon", "players": 2, "seats": [{"kind": "agent"}, {"kind": "agent"}]}
        table = http_json("POST", f"{base}/api/tables", body)
        (url, zero), (_, one) = (ws_url(base, s["invite"]) for s in table["seats"])

        async def negotiate() -> list[Message]:
            async with connect(url, zero, chat=True) as a, connect(url, one, chat=True) as b:
                await a.say("Leave my District alone and I leave yours")
                for _ in range(200):
                    if any(line.get("text", "").startswith("Leave") for line in b.chat):
                        break
                    await asyncio.sleep(0.05)
                assert b.watchers == {"type": "watchers", "count": 0, "names": [], "you": None}
                await a.say("x" * (chat.MAX_TEXT + 1))
                for _ in range(200):
                    if a.errors:
                        break
                    await asyncio.sleep(0.05)
                return [*b.chat, *a.errors]

        lines = asyncio.run(negotiate())
    said_by_zero = [line for line in lines if line.get("seat") == 0]
    assert [line["text"] for line in said_by_zero] == ["Leave my District alone and I leave yours"]
    assert lines[-1]["code"] == "chat_too_long"
