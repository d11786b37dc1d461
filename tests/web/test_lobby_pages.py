"""The lobby lists the newest tables a page at a time: "Older tables" shows the page after,
and it stays shown as the list refreshes, so no table is out of reach behind the newest 200."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import pytest

from backroom.i18n import catalog

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Route

sync_api = pytest.importorskip("playwright.sync_api", reason="pip install -e .[dev] installs playwright")
expect = sync_api.expect


def row(table_id: str) -> dict[str, Any]:
    return {
        **{"id": table_id, "game": "stool-pigeon", "players": 2, "open_seats": 2, "free_seats": 2},
        **{"status": "idle", "created": 1.0, "rematch": None, "rematch_of": None},
    }


PAGES = {
    "": {"tables": [row("newest"), row("newer")], "next": "2.0:newer"},
    "2.0:newer": {"tables": [row("older"), row("oldest")], "next": None},
}
"""Two pages as the server gives them (its own paging has its tests in tests/server)."""


def test_older_tables_shows_the_next_page_and_keeps_it_through_refreshes(
    server: str, browser: Browser
) -> None:
    asked: list[str] = []

    def answer(route: Route) -> None:
        before = route.request.url.partition("before=")[2]
        asked.append(before)
        route.fulfill(
            status=200, content_type="application/json", body=json.dumps(PAGES[before.replace("%3A", ":")])
        )

    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.route("**/api/tables?*", answer)
    page.route("**/api/tables", answer)
    page.goto(f"{server}/?lang=en")
    listed = page.locator("#tables tr")
    expect(listed).to_have_count(2)
    older = page.locator("#older-tables")
    expect(older).to_have_text(catalog("en")["web.lobby.older_tables"])
    older.click()
    expect(listed).to_have_count(4)
    assert [listed.nth(i).get_attribute("data-table") for i in range(4)] == [
        "newest",
        "newer",
        "older",
        "oldest",
    ]
    expect(older).to_be_hidden()  # the last page
    asked.clear()
    page.wait_for_timeout(5500)  # a refresh (every 5 s) asks for both pages again
    assert "" in asked and "2.0%3Anewer" in asked
    expect(listed).to_have_count(4)
    assert errors == []
