"""The table's chat in a real browser (issue 18, section 2): two seats talk; what anyone
writes shows as text and runs nothing; a mute is one browser's own and holds across a reload;
spectators talk among themselves and the players never see it; a hidden table is not listed
in the lobby."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest

from backroom.i18n import catalog
from tests.web.conftest import post_json, shot

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

sync_api = pytest.importorskip("playwright.sync_api", reason="pip install -e .[dev] installs playwright")
expect = sync_api.expect

LINES = "#chat-lines .chat-line:not(.system)"


def new_table(server: str, **extra: Any) -> dict[str, Any]:
    return post_json(
        f"{server}/api/tables",
        {
            "game": "stool-pigeon",
            "players": 2,
            "seats": [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bruno"}],
            "bot_delay": 0,
            **extra,
        },
    )


@pytest.fixture
def people(browser: Browser) -> Iterator[Any]:
    """Open a page per person, each in a browser context of its own (its own storage, as two
    people's browsers have); pages log their script errors in ``errors``."""
    contexts = []
    errors: list[str] = []

    def open_page(url: str) -> Page:
        context = browser.new_context(viewport={"width": 1200, "height": 900})
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(url)
        page.wait_for_selector("#chat-form")
        expect(page.locator("#conn")).to_have_attribute("data-state", "open")
        return page

    open_page.errors = errors  # type: ignore[attr-defined]
    yield open_page
    for context in contexts:
        context.close()
    assert not errors, errors


def say(page: Page, text: str) -> None:
    page.fill("#chat-input", text)
    page.locator("#chat-form button[type=submit]").click()
    expect(page.locator("#chat-input")).to_have_value("")  # the server took it


def test_two_seats_chat_and_see_who_joined(server: str, people: Any) -> None:
    table = new_table(server)
    ana = people(f"{server}{table['seats'][0]['invite']}&lang=en")
    bruno = people(f"{server}{table['seats'][1]['invite']}&lang=en")
    joined = catalog("en")["server.chat.joined"].format(seat="Bruno")
    expect(ana.locator("#chat-lines .chat-line.system").last).to_have_text(joined)
    say(ana, "Shall we split the pot?")
    expect(bruno.locator(LINES).last.locator(".chat-who")).to_have_text("Ana")
    expect(bruno.locator(LINES).last.locator(".chat-text")).to_have_text("Shall we split the pot?")
    say(bruno, "Never.")
    expect(ana.locator(LINES).last.locator(".chat-text")).to_have_text("Never.")
    shot(ana, "chat-two-seats")
    # A reconnect (a reload) brings the recent lines back.
    bruno.reload()
    expect(bruno.locator(LINES)).to_have_count(2)
    expect(bruno.locator(LINES).first.locator(".chat-text")).to_have_text("Shall we split the pot?")


def test_what_a_player_writes_shows_as_text_and_runs_nothing(server: str, people: Any) -> None:
    table = new_table(server)
    ana = people(f"{server}{table['seats'][0]['invite']}&lang=en")
    bruno = people(f"{server}{table['seats'][1]['invite']}&lang=en")
    attack = (
        '<img src=x onerror="document.title=\'pwned\'"><b>bold</b><script>document.title="pwned"</script>'
    )
    say(ana, attack)
    line = bruno.locator(LINES).last
    expect(line.locator(".chat-text")).to_have_text(attack)
    assert line.locator("img, b, script").count() == 0
    assert bruno.locator("#chat-lines img, #chat-lines script").count() == 0
    assert bruno.title() != "pwned" and ana.title() != "pwned"


def test_a_mute_hides_a_players_lines_in_this_browser_only_and_holds_across_a_reload(
    server: str, people: Any
) -> None:
    table = new_table(server)
    ana = people(f"{server}{table['seats'][0]['invite']}&lang=en")
    bruno = people(f"{server}{table['seats'][1]['invite']}&lang=en")
    say(ana, "first")
    expect(bruno.locator(LINES)).to_have_count(1)
    bruno.locator(f"{LINES} .chat-mute").first.click()
    expect(bruno.locator(LINES)).to_have_count(0)
    expect(bruno.locator("#chat-muted .chat-unmute")).to_have_text(
        catalog("en")["web.chat.unmute"].format(name="Ana")
    )
    say(ana, "second")
    say(bruno, "I hear nothing")
    expect(bruno.locator(LINES)).to_have_count(1)  # his own line only
    expect(ana.locator(LINES)).to_have_count(3)  # Ana's page mutes nobody
    bruno.reload()
    expect(bruno.locator(LINES)).to_have_count(1)
    bruno.locator("#chat-muted .chat-unmute").click()
    expect(bruno.locator(LINES)).to_have_count(3)


def test_spectators_talk_among_themselves_and_the_players_never_see_it(server: str, people: Any) -> None:
    table = new_table(server)
    ana = people(f"{server}{table['seats'][0]['invite']}&lang=en")
    eve = people(f"{server}/t/{table['id']}?spectate&lang=en")
    carl = people(f"{server}/t/{table['id']}?spectate&lang=en")
    eve.fill("#chat-name", "Eve")
    eve.dispatch_event("#chat-name", "change")
    expect(ana.locator("#watchers")).to_have_text(
        catalog("en")["web.chat.watching_named"].format(count=2, names="Eve")
    )
    say(eve, "Ana holds the capo")
    expect(carl.locator(LINES).last.locator(".chat-who")).to_have_text("Eve")
    expect(carl.locator(LINES).last).to_have_class("chat-line from-spectator")
    say(ana, "hello table")
    # Spectators read the players' chat...
    expect(eve.locator(LINES).last.locator(".chat-text")).to_have_text("hello table")
    # ...and the players read only their own: Ana's page has her line and nothing before it.
    expect(ana.locator(LINES)).to_have_count(1)
    assert "capo" not in ana.locator("#chat-lines").inner_text()
    shot(carl, "chat-spectators")


def lobby_rows(page: Page, server: str, listed: str) -> list[str]:
    """The tables the lobby lists, once its list holds ``listed`` (so it has loaded)."""
    page.goto(f"{server}/?lang=en")
    expect(page.locator(f'tr[data-table="{listed}"]')).to_have_count(1)
    return [row.get_attribute("data-table") or "" for row in page.locator("#tables tr").all()]


def test_a_table_made_hidden_in_the_lobby_is_not_listed_but_its_link_leads_to_it(
    server: str, browser: Browser
) -> None:
    marker = new_table(server)
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    page.goto(f"{server}/?lang=en")
    page.locator('.game-choice[data-game="stool-pigeon"]').click()
    page.fill("#players", "2")
    page.dispatch_event("#players", "change")
    page.check("#hidden")
    page.click("#create")
    expect(page.locator("#created-panel")).to_be_visible()
    page.click("#open-seat")
    expect(page.locator("#hide-table")).to_be_checked()  # the link leads to it, marked hidden
    table_id = page.url.split("/t/")[1].split("?")[0]
    assert table_id not in lobby_rows(context.new_page(), server, marker["id"])
    context.close()


def test_a_table_hidden_from_its_page_leaves_the_lobby_and_comes_back_when_listed(
    server: str, people: Any
) -> None:
    marker = new_table(server)
    table = new_table(server)
    ana = people(f"{server}{table['seats'][0]['invite']}&lang=en")
    lobby = ana.context.new_page()
    assert table["id"] in lobby_rows(lobby, server, marker["id"])
    expect(ana.locator("#hide-table")).not_to_be_checked()
    ana.locator("#hide-table").check()
    expect(ana.locator("#chat-lines .chat-line.system").last).to_have_attribute("data-system", "hidden")
    assert table["id"] not in lobby_rows(lobby, server, marker["id"])
    ana.reload()
    expect(ana.locator("#hide-table")).to_be_checked()
    ana.locator("#hide-table").uncheck()
    expect(ana.locator("#chat-lines .chat-line.system").last).to_have_attribute("data-system", "listed")
    assert table["id"] in lobby_rows(lobby, server, marker["id"])
