"""The lobby's list comes in pages of ``LIST_LIMIT`` tables, newest first: a page's ``next``
lists the tables after it (``?before=``), so no table is out of reach behind the newest 200."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from backroom.server import api
from backroom.server.store import Store
from tests.server.conftest import new_table
from tests.server.test_seeds import row_with

BOTH = [{"kind": "human"}, {"kind": "human"}]


def pages(client: TestClient, query: str = "") -> list[list[str]]:
    found, after = [], None
    while True:
        cursor = f"before={after}" if after else ""
        listed = client.get(f"/api/tables?{'&'.join(q for q in (query, cursor) if q)}").json()
        found.append([t["id"] for t in listed["tables"]])
        after = listed["next"]
        if after is None:
            return found


def test_every_table_is_reached_page_after_page_newest_first_once(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(api, "LIST_LIMIT", 3)
    made = [new_table(client, players=2, seats=BOTH)["id"] for _ in range(7)]
    listed = pages(client)
    assert [len(page) for page in listed] == [3, 3, 1]
    assert [t for page in listed for t in page] == made[::-1]
    assert [t for page in pages(client, "status=all") for t in page] == made[::-1]


def test_a_full_last_page_leads_to_an_empty_one(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(api, "LIST_LIMIT", 2)
    made = [new_table(client, players=2, seats=BOTH)["id"] for _ in range(4)]
    assert pages(client) == [made[:1:-1], made[1::-1], []]


def test_tables_created_at_the_same_moment_are_paged_by_id_none_twice_none_lost(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'tables.db'}")
    try:
        for name in "abcde":
            store.create_table(row_with(name, 1, seeded=False))  # all created at 1.0
        first = store.list_tables(2)
        second = store.list_tables(2, before=(first[-1].created, first[-1].id))
        third = store.list_tables(2, before=(second[-1].created, second[-1].id))
    finally:
        store.engine.dispose()
    assert [[r.id for r in page] for page in (first, second, third)] == [["e", "d"], ["c", "b"], ["a"]]


@pytest.mark.parametrize("before", ["", "12", "nan:abc", "inf:abc", "x:abc", "1.5:", "1.5:" + "a" * 33])
def test_a_cursor_that_no_page_gave_is_refused_in_a_sentence(client: TestClient, before: Any) -> None:
    refused = client.get(f"/api/tables?before={before}&lang=es")
    assert refused.status_code == 400
    error = refused.json()["error"]
    assert error["code"] == "bad_field" and "before" in error["message"]
