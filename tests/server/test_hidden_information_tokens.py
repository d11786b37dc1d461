"""Hidden information at the online table (second part): a refusal's reason and the seats'
tokens. The first part, ``test_hidden_information.py``, states the rule and drives whole games.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import subprocess
import sys
import threading
import urllib.request
from collections.abc import Callable
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from backroom.client import ActionRefused, connect
from backroom.games import get_game
from backroom.i18n import translate
from backroom.server.cli import RedactTokens, redact
from backroom.sim.load_clients import http_json
from backroom.sim.server_load import free_port, wait_ready
from tests.server.conftest import receive_until, send, ws_path
from tests.server.test_hidden_information import create, tokens_of

# ------------------------------------------------------------------------ errors


def test_a_refused_action_gets_the_rules_own_reason_and_out_of_turn_stays_not_your_turn(
    make_client: Callable[..., TestClient],
) -> None:
    """The server no longer checks legality itself: the game refuses and names its rule (card
    not in hand, no such contract, nothing to look at...), in the player's language. Reasons
    depend on nothing the seat cannot see (a conformance property checks it under
    resampling). A seat out of turn gets the code ``not_your_turn``."""
    client = make_client(rate=1000.0)
    options = {"black_book": True, "first_leader": 0}
    seats = [{"kind": "agent"}, {"kind": "agent"}, {"kind": "agent"}]
    table = create(client, "corruption", seats, seed=5, options=options)
    state, _ = get_game("corruption").start(3, get_game("corruption").resolve_options(options), 5)
    assert state.actors() == (0,)
    off_table = next(c for c in range(24) if c not in state.table)
    illegal = [
        ("swiss", "hitman", 0),
        ("play", "bribe-1000", off_table),
        ("swiss", "bribe-1000", 5),
        ("look", 0),
    ]
    keys = [state.why_illegal(0, a) for a in illegal]
    assert len(set(keys)) == len(illegal)  # four different rules
    with (
        client.websocket_connect(ws_path(table, 0, "es")) as mover,
        client.websocket_connect(ws_path(table, 1, "fr")) as other,
    ):
        joined = receive_until(mover, lambda m: m["type"] == "update" and m["seats"][1]["connected"])
        receive_until(other, lambda m: m["type"] == "update")
        for n, (action, key) in enumerate(zip(illegal, keys, strict=True)):
            send(mover, {"type": "act", "action": list(action), "version": 0, "id": f"x{n}"})
            error = receive_until(mover, lambda m: m["type"] == "error")
            assert error["code"] == "illegal_action" and error["rule"] == key and error["id"] == f"x{n}"
            assert error["message"] == translate("es", key) and error["message"] != key
        legal_for_mover = joined["legal"][0]["action"]
        send(other, {"type": "act", "action": legal_for_mover, "version": 0, "id": "y0"})
        error = receive_until(other, lambda m: m["type"] == "error")
        assert error["code"] == "not_your_turn" and error["rule"] == "corruption.error.not_your_turn"
    assert client.get(f"/api/tables/{table['id']}").json()["version"] == 0


# ------------------------------------------------------------------------ tokens


def test_a_token_opens_only_its_own_seat_at_its_own_table_and_a_refusal_does_not_echo_it(
    client: TestClient,
) -> None:
    first = create(client, "slush-fund", [{"kind": "agent"}, {"kind": "human"}], seed=1)
    second = create(client, "slush-fund", [{"kind": "agent"}, {"kind": "human"}], seed=1)
    for seat, token in enumerate(tokens_of(first)):
        with client.websocket_connect(f"/ws/{first['id']}?token={token}") as ws:
            assert ws.receive_json()["seat"] == seat
        forged = token[:-1] + ("A" if token[-1] != "A" else "B")
        for table_id, attempt in ((second["id"], token), (first["id"], forged)):
            with client.websocket_connect(f"/ws/{table_id}?token={attempt}") as ws:
                text = ws.receive_text()
                assert json.loads(text)["code"] == "bad_token" and attempt not in text
                with pytest.raises(WebSocketDisconnect):
                    ws.receive_text()


def test_tokens_never_reach_the_log_of_a_running_server(tmp_path: Path) -> None:
    """``backroom serve`` for real (uvicorn's access and WebSocket logs): an invite page, a
    seat's socket and a refused token leave only ``token=<redacted>`` in the output."""
    port = free_port()
    log_path = tmp_path / "server.log"
    env = {**os.environ, "BACKROOM_DATA_DIR": str(tmp_path)}
    command = [
        sys.executable,
        "-m",
        "backroom.server",
        "serve",
        "--port",
        str(port),
        "--db",
        f"sqlite:///{tmp_path / 'l.db'}",
    ]
    with log_path.open("wb") as log_file:
        process = subprocess.Popen(command, env=env, stdout=log_file, stderr=subprocess.STDOUT)
        try:
            wait_ready(port, process)
            base = f"http://127.0.0.1:{port}"
            seats = [{"kind": "agent"}, {"kind": "human"}]
            table = http_json(
                "POST", f"{base}/api/tables", {"game": "stool-pigeon", "players": 2, "seats": seats}
            )
            tokens = tokens_of(table)
            with urllib.request.urlopen(f"{base}{table['seats'][1]['invite']}", timeout=10) as page:
                page.read()

            async def sockets() -> None:
                url = f"ws://127.0.0.1:{port}/ws/{table['id']}"
                async with connect(url, token=tokens[0]) as seat:
                    assert seat.seat == 0
                with pytest.raises(ActionRefused):
                    async with connect(url, token=tokens[1][::-1]):
                        pass

            asyncio.run(sockets())
        finally:
            process.kill()
            process.wait()
    text = log_path.read_text()
    assert "token=<redacted>" in text
    for token in [*tokens, tokens[1][::-1]]:
        assert token not in text


def test_a_token_sent_under_a_percent_encoded_parameter_name_is_redacted_from_the_log_too(
    client: TestClient,
) -> None:
    """``?%74oken=`` is ``?token=`` to the server (query names are percent-decoded), so it takes
    the seat; uvicorn logs the query string as received, so the redaction must catch it too."""
    table = create(client, "stool-pigeon", [{"kind": "agent"}, {"kind": "agent"}], seed=1)
    token = table["seats"][1]["token"]
    path = f"/ws/{table['id']}?lang=en&%74oken={token}"
    with client.websocket_connect(path) as ws:
        assert ws.receive_json()["seat"] == 1  # the encoded name carries a working token
    record = logging.LogRecord(
        "uvicorn.error",
        logging.INFO,
        __file__,
        1,
        '%s - "WebSocket %s" [accepted]',
        ("127.0.0.1:5", path),
        None,
    )
    assert RedactTokens().filter(record)
    assert token not in record.getMessage()


def test_redacting_a_very_long_path_takes_one_pass_not_one_per_character() -> None:
    """A path with no ``=`` was scanned again from each character (quadratic, in the event
    loop: a 32 kB path held every table 4 s). 400 kB would take hours that way; one pass
    takes milliseconds, so the bound below is a thousand times what it needs."""
    done = threading.Event()
    worker = threading.Thread(
        target=lambda: (redact("/" + "x" * 400_000 + "?token=abc"), done.set()), daemon=True
    )
    worker.start()
    worker.join(timeout=5)
    assert done.is_set()
    assert redact("/" + "x" * 1000 + "?token=abc").endswith("?token=<redacted>")
