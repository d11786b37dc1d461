"""Who knows the deal: the server draws every seed itself; a chosen one is accepted only from a
server started with ``--allow-seed``, and then every seat is told that the deal was seeded."""

from __future__ import annotations

import argparse
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select
from starlette.testclient import TestClient

from backroom.games import get_game
from backroom.server.cli import add_serve_command
from backroom.server.rows import SeatRow, TableRow, tables_t
from backroom.server.store import Store
from tests.server.conftest import new_table, receive_until, ws_path

Message = dict[str, Any]
SEATS = [{"kind": "agent"}, {"kind": "agent"}]


def row_with(table_id: str, seed: int, *, seeded: bool) -> TableRow:
    return TableRow(
        id=table_id,
        game="stool-pigeon",
        players=2,
        options={},
        seed=seed,
        rules_version=get_game("stool-pigeon").rules_version,
        bot_delay=0.0,
        turn_timer=None,
        created=1.0,
        status="playing",
        outcome=None,
        seats=[SeatRow(0, "bot", "random", None, None), SeatRow(1, "bot", "random", None, None)],
        seeded=seeded,
    )


def welcome_and_view(client: TestClient, table: Message, seat: int | None) -> tuple[Message, Message]:
    with client.websocket_connect(ws_path(table, seat)) as ws:
        welcome = ws.receive_json()
        update = receive_until(ws, lambda m: m["type"] == "update")
    return welcome, update


def test_a_creator_cannot_choose_the_seed_and_so_know_every_hidden_card(
    make_client: Callable[..., TestClient],
) -> None:
    """The attack: create a table with a known seed, replay the deal, read the other seat's
    secret look. A server without ``--allow-seed`` refuses the seed (and creates nothing)."""
    client = make_client(allow_seed=False)
    body = {"game": "stool-pigeon", "players": 2, "seats": SEATS, "seed": 7, "bot_delay": 0}
    refused = client.post("/api/tables?lang=es", json=body)
    assert refused.status_code == 403
    error = refused.json()["error"]
    assert error["code"] == "seed_not_allowed" and "--allow-seed" in error["message"]
    assert not error["message"].startswith("server.error.")
    assert client.get("/api/tables?status=all").json()["tables"] == []
    del body["seed"]
    table = client.post("/api/tables", json=body).json()
    welcome, update = welcome_and_view(client, table, 0)
    assert welcome["seeded"] is False
    assert client.get(f"/api/tables/{table['id']}").json()["seeded"] is False
    game = get_game("stool-pigeon")
    known_deal, _ = game.start(2, game.resolve_options({}), 7)
    assert update["view"] != known_deal.view(0, recall=True)  # the server's own deal, not seed 7's


def test_the_server_draws_each_seed_from_the_system_s_cryptographic_source(
    make_client: Callable[..., TestClient], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    drawn: list[int] = []
    import backroom.server.api as api

    def randbits(k: int) -> int:
        drawn.append(k)
        return 123_456_789

    monkeypatch.setattr(api.secrets, "randbits", randbits)
    client = make_client(allow_seed=False)
    table = new_table(client, players=2, seats=SEATS, seed=None)
    assert drawn == [63]
    store = Store(f"sqlite:///{tmp_path / 'tables.db'}")
    try:
        loaded = store.load_table(table["id"])
        assert loaded is not None and loaded[0].seed == 123_456_789 and not loaded[0].seeded
    finally:
        store.engine.dispose()


def test_every_seat_and_spectator_of_a_seeded_table_is_told_even_after_a_restart(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client()  # the test servers run as with --allow-seed
    seeded = new_table(client, players=2, seats=SEATS, seed=7)
    for seat in (0, 1, None):
        assert welcome_and_view(client, seeded, seat)[0]["seeded"] is True
    assert client.get(f"/api/tables/{seeded['id']}").json()["seeded"] is True
    drawn = new_table(client, players=2, seats=SEATS, seed=None)
    assert welcome_and_view(client, drawn, 0)[0]["seeded"] is False
    client.__exit__(None, None, None)
    again = make_client()
    assert welcome_and_view(again, seeded, 1)[0]["seeded"] is True
    assert welcome_and_view(again, drawn, 1)[0]["seeded"] is False


@pytest.mark.parametrize("seed", [0, 7, 2**63 - 1])
def test_a_chosen_seed_is_stored_apart_from_a_drawn_one_and_read_back_exactly(
    tmp_path: Path, seed: int
) -> None:
    """A chosen seed is marked in its own column; every seed of the allowed range fits, and
    the table (so its record, once over) gets the seed used."""
    store = Store(f"sqlite:///{tmp_path / 's.db'}")
    try:
        store.create_table(row_with("chosen", seed, seeded=True))
        store.create_table(row_with("drawn", seed, seeded=False))
        with store.engine.connect() as conn:
            stored = {r.id: (r.seed, r.seeded) for r in conn.execute(select(tables_t))}
        assert stored == {"chosen": (seed, True), "drawn": (seed, False)}
        for table_id, seeded in (("chosen", True), ("drawn", False)):
            loaded = store.load_table(table_id)
            assert loaded is not None and (loaded[0].seed, loaded[0].seeded) == (seed, seeded)
        assert {r.id: (r.seed, r.seeded) for r in store.list_tables(10)} == {
            "chosen": (seed, True),
            "drawn": (seed, False),
        }
    finally:
        store.engine.dispose()


def test_migration_0003_turns_a_complemented_seed_into_the_seed_and_its_mark(tmp_path: Path) -> None:
    """Between revisions 0002 and 0003 a chosen seed was kept as its complement (a negative
    value, no column of its own); the upgrade reads it back as the seed and the mark."""
    url = f"sqlite:///{tmp_path / 'old.db'}"
    store = Store(url)
    try:
        store.create_table(row_with("chosen", 7, seeded=False))
        store.create_table(row_with("drawn", 8, seeded=False))
    finally:
        store.engine.dispose()
    with sqlite3.connect(tmp_path / "old.db") as conn:
        conn.execute("ALTER TABLE backroom_tables DROP COLUMN seeded")
        conn.execute("ALTER TABLE backroom_seats DROP COLUMN joined")  # revision 0004's
        conn.execute("DROP INDEX ix_backroom_tables_wake")  # revision 0008's
        for column in ("wake", "clocks"):
            conn.execute(f"ALTER TABLE backroom_tables DROP COLUMN {column}")
        conn.execute("DROP TABLE backroom_leases")  # revision 0007's
        for column in ("timers", "rematch", "rematch_of"):  # revision 0006's
            conn.execute(f"ALTER TABLE backroom_tables DROP COLUMN {column}")
        conn.execute("ALTER TABLE backroom_tables DROP COLUMN hidden")  # revision 0005's
        conn.execute("UPDATE backroom_tables SET seed = ? WHERE id = 'chosen'", (~7,))
        conn.execute("UPDATE alembic_version SET version_num = '0002'")
    store = Store(url)
    try:
        assert {r.id: (r.seed, r.seeded) for r in store.list_tables(10)} == {
            "chosen": (7, True),
            "drawn": (8, False),
        }
    finally:
        store.engine.dispose()


def test_serve_allows_a_chosen_seed_only_when_asked() -> None:
    parser = argparse.ArgumentParser(prog="backroom")
    add_serve_command(parser.add_subparsers(dest="command"))
    assert parser.parse_args(["serve"]).allow_seed is False
    assert parser.parse_args(["serve", "--allow-seed"]).allow_seed is True
