"""In a real browser: rematch from the end screen, your-turn alerts (title, icon, a mocked
notification), idle timers chosen in the lobby and moving for a silent seat, and the replay
page of a finished game (docs/web.md)."""

from __future__ import annotations

import itertools
import time
from typing import TYPE_CHECKING, Any

import pytest

from backroom.games import get_game
from backroom.i18n import catalog
from tests.web.conftest import get_json, post_json, shot

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

sync_api = pytest.importorskip("playwright.sync_api", reason="pip install -e .[dev] installs playwright")
expect = sync_api.expect

TWO = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bruno"}]

FAKE_NOTIFICATIONS = """
window.__notes = [];
window.__asks = 0;
class FakeNotification {
  constructor(title, options) { window.__notes.push({ title, body: options && options.body }); }
  close() {}
}
FakeNotification.permission = localStorage.getItem("test.permission") || "default";
FakeNotification.requestPermission = async () => {
  window.__asks += 1;
  FakeNotification.permission = localStorage.getItem("test.answer") || "granted";
  return FakeNotification.permission;
};
Object.defineProperty(window, "Notification", { value: FakeNotification, configurable: true });
Object.defineProperty(document, "hidden", { get: () => localStorage.getItem("test.hidden") === "1" });
"""
"""The browser's notifications, mocked: whether permission is asked and what is shown. A
background tab is mocked too (``document.hidden``), since a headless page is never hidden."""


def _finished(server: str, **extra: Any) -> dict[str, Any]:
    """A two-seat table that plays itself to the end: nobody comes, so after the one-second turn
    timer a bot plays each seat."""
    table = post_json(
        f"{server}/api/tables",
        {"game": "stool-pigeon", "players": 2, "seats": TWO, "bot_delay": 0, "turn_timer": 1, **extra},
    )
    deadline = time.monotonic() + 60
    while get_json(f"{server}/api/tables/{table['id']}")["status"] != "over":
        assert time.monotonic() < deadline, "the table did not finish"
        time.sleep(0.1)
    return table


def _open(browser: Browser, url: str, script: str | None = None) -> Page:
    context = browser.new_context(viewport={"width": 1200, "height": 850})
    if script:
        context.add_init_script(script)
    page = context.new_page()
    page.goto(url)
    return page


def test_rematch_seats_each_accepting_player_at_the_new_table_with_their_own_token(
    server: str, browser: Browser
) -> None:
    old = _finished(server)
    ana, bruno = (_open(browser, f"{server}{old['seats'][seat]['invite']}&lang=en") for seat in (0, 1))
    for page in (ana, bruno):
        expect(page.locator("#end")).to_be_visible()
        expect(page.locator("#rematch")).to_have_text(catalog("en")["web.end.rematch"])
    ana.click("#rematch")
    ana.wait_for_url(lambda url: old["id"] not in url)
    new_id = ana.url.split("/t/")[1].split("?")[0]
    assert new_id != old["id"]
    expect(ana.locator(".player.me")).to_have_attribute("data-seat", "0")
    # Bruno's end screen learns of it and offers to join; he lands in his own seat.
    expect(bruno.locator("#rematch")).to_have_text(catalog("en")["web.end.join_rematch"])
    shot(bruno, "rematch-offered")
    bruno.click("#rematch")
    bruno.wait_for_url(f"{server}/t/{new_id}")
    expect(bruno.locator(".player.me")).to_have_attribute("data-seat", "1")
    tokens = [
        page.evaluate(f"() => localStorage.getItem('backroom.token.{new_id}')") for page in (ana, bruno)
    ]
    assert tokens[0] and tokens[1] and tokens[0] != tokens[1]
    assert not {s["token"] for s in old["seats"]} & set(tokens)
    # The lobby links the new table to the one it followed. The rematch keeps the old table's
    # one-second absent timer, so bots may have played it to its end before both players sat
    # down on a slow machine, and the lobby lists only tables in play: it is asked for all.
    lobby = browser.new_context(viewport={"width": 1200, "height": 850}).new_page()
    lobby.route(
        lambda url: url.endswith("/api/tables"),
        lambda route: (
            route.continue_(url=f"{route.request.url}?status=all")
            if route.request.method == "GET"
            else route.continue_()
        ),
    )
    lobby.goto(f"{server}/?lang=en")
    link = lobby.locator(f'tr[data-table="{new_id}"] .rematch-of')
    expect(link).to_have_attribute("href", f"/t/{old['id']}?spectate")
    for page in (ana, bruno, lobby):
        page.context.close()


def _first_actor(server: str) -> tuple[dict[str, Any], int]:
    seed = 99
    table = post_json(
        f"{server}/api/tables",
        {"game": "stool-pigeon", "players": 2, "seats": TWO, "bot_delay": 0, "seed": seed},
    )
    state, _ = get_game("stool-pigeon").start(2, get_game("stool-pigeon").resolve_options({}), seed)
    return table, state.actors()[0]


def _open_alerts(page: Page) -> None:
    """Open the alerts panel once the table has drawn itself: a click while the page still
    lays itself out (the board, the chat) can land beside the summary."""
    expect(page.locator(".sp-board")).to_be_visible()
    page.click("#alerts-panel summary")
    expect(page.locator("#alert-notify")).to_be_visible()


def test_your_turn_in_a_background_tab_changes_the_title_and_icon_and_notifies(
    server: str, browser: Browser
) -> None:
    table, seat = _first_actor(server)
    setup = (
        "localStorage.setItem('test.hidden', '1'); localStorage.setItem('test.permission', 'granted');"
        "localStorage.setItem('backroom.alerts.notify', '1');"
    )
    page = _open(browser, f"{server}{table['seats'][seat]['invite']}&lang=fr", setup + FAKE_NOTIFICATIONS)
    expect(page.locator("body.my-turn")).to_have_count(1)
    turn = catalog("fr")["web.banner.your_turn"]
    assert page.title().startswith(f"▶ {turn}")
    assert "circle" in (page.locator("link[rel~='icon']").get_attribute("href") or "")
    notes = page.evaluate("() => window.__notes")
    assert [n["title"] for n in notes] == [turn]
    # The other seat's tab, not asked, keeps its plain title and icon and shows nothing.
    other = _open(
        browser, f"{server}{table['seats'][1 - seat]['invite']}&lang=fr", setup + FAKE_NOTIFICATIONS
    )
    expect(other.locator(".sp-board")).to_be_visible()
    assert not other.title().startswith("▶")
    assert "circle" not in (other.locator("link[rel~='icon']").get_attribute("href") or "")
    assert other.evaluate("() => window.__notes") == []
    for p in (page, other):
        p.context.close()


def test_notification_permission_is_asked_once_from_the_settings_click(server: str, browser: Browser) -> None:
    table, seat = _first_actor(server)
    page = _open(browser, f"{server}{table['seats'][1 - seat]['invite']}&lang=en", FAKE_NOTIFICATIONS)
    assert page.evaluate("() => window.__asks") == 0  # never asked unbidden
    _open_alerts(page)
    page.check("#alert-notify")
    expect(page.locator("#alert-notify")).to_be_checked()
    assert page.evaluate("() => window.__asks") == 1
    page.uncheck("#alert-notify")
    page.check("#alert-notify")
    assert page.evaluate("() => window.__asks") == 1
    shot(page, "alerts-settings")
    page.context.close()


def test_notifications_refused_by_the_browser_stay_off_and_say_so(server: str, browser: Browser) -> None:
    table, seat = _first_actor(server)
    script = "localStorage.setItem('test.answer', 'denied');" + FAKE_NOTIFICATIONS
    page = _open(browser, f"{server}{table['seats'][seat]['invite']}&lang=es", script)
    _open_alerts(page)
    page.click("#alert-notify")
    expect(page.locator("#alerts-blocked")).to_have_text(catalog("es")["web.alerts.blocked"])
    expect(page.locator("#alert-notify")).not_to_be_checked()
    page.context.close()


def test_idle_timers_chosen_in_the_lobby_move_for_a_silent_player(server: str, browser: Browser) -> None:
    page = _open(browser, f"{server}/?lang=en")
    page.locator('.game-choice[data-game="stool-pigeon"]').click()
    page.fill("#players", "2")
    page.dispatch_event("#players", "change")
    page.select_option("#window-timer", "10")
    page.select_option("#move-timer", "game:300")
    page.click("#create")
    expect(page.locator("#created-panel")).to_be_visible()
    page.click("#open-seat")
    page.wait_for_url("**/t/**")
    table_id = page.url.split("/t/")[1].split("?")[0]
    timers = get_json(f"{server}/api/tables/{table_id}")["timers"]
    assert timers == {"window": 10, "move": 300, "clock": "game"}
    page.context.close()
    # Three seconds a move and a window: the silent players' moves are made for them, and
    # when a card opens a window they both pass (the log says so).
    table = post_json(
        f"{server}/api/tables",
        {
            "game": "stool-pigeon",
            "players": 2,
            "seats": TWO,
            "bot_delay": 0,
            "timers": {"move": 3, "window": 3},
        },
    )
    pages = [_open(browser, f"{server}{table['seats'][s]['invite']}&lang=en") for s in (0, 1)]
    # No check that a page opened at version 0: on a busy machine the first 3 s run out while
    # the second page loads, and the timer has moved already.
    for p in pages:
        expect(p.locator("#countdown")).to_be_visible()
    for p in pages:
        expect(p.locator("body")).not_to_have_attribute("data-version", "0", timeout=15000)
        expect(p.locator("#log .ev-pass")).to_have_count(2, timeout=30000)
    shot(pages[0], "idle-passed")
    for p in pages:
        p.context.close()


def test_a_finished_game_replays_step_by_step_from_each_point_of_view(server: str, browser: Browser) -> None:
    table = _finished(server)
    replay = get_json(f"{server}/api/tables/{table['id']}/replay?seat=0")
    page = _open(browser, f"{server}/t/{table['id']}/replay?seat=0&lang=en")
    expect(page.locator(".sp-board")).to_be_visible()
    expect(page.locator("body")).to_have_attribute("data-step", "0")
    _expect_district(page, 0, replay["steps"][0]["view"]["districts"][0])
    page.click("#replay-next")
    page.click("#replay-next")
    expect(page.locator("body")).to_have_attribute("data-step", "2")
    assert "step=2" in page.url and "seat=0" in page.url
    _expect_district(page, 0, replay["steps"][2]["view"]["districts"][0])
    shot(page, "replay-seat0")
    # The shared address opens the same moment; a spectator sees the other District as backs.
    shared = _open(browser, page.url.replace("seat=0", "seat=1"))
    expect(shared.locator("body")).to_have_attribute("data-step", "2")
    other = get_json(f"{server}/api/tables/{table['id']}/replay?seat=1")
    _expect_district(shared, 1, other["steps"][2]["view"]["districts"][1])
    shared.select_option("#replay-seat", "")
    shared.wait_for_url(lambda url: "seat=" not in url)
    expect(shared.locator("body")).to_have_attribute("data-step", "2")
    spectator = get_json(f"{server}/api/tables/{table['id']}/replay")
    _expect_district(shared, 1, spectator["steps"][2]["view"]["districts"][1])
    shared.click("#replay-last")
    expect(shared.locator("body")).to_have_attribute("data-step", str(len(spectator["steps"]) - 1))
    for p in (page, shared):
        p.context.close()


REPLAY_CONTROLS = ("seat", "first", "prev", "range", "next", "last", "step", "share")
"""The replay bar's controls in the page's order ("seat": its "Seen by" label and list)."""

BOXES = """(names) => Object.fromEntries(names.map((name) => {
  const el = document.querySelector(name === "seat" ? ".replay-as" : `#replay-${name}`);
  const { left, right, top, bottom } = el.getBoundingClientRect();
  return [name, { left, right, top, bottom, middle: (top + bottom) / 2 }];
}))"""

INSIDE = """(el) => {
  const r = el.getBoundingClientRect(), style = getComputedStyle(el);
  return [r.left + parseFloat(style.paddingLeft), r.right - parseFloat(style.paddingRight)];
}"""


def test_the_replay_bar_wraps_into_tidy_rows_on_a_phone_and_keeps_one_row_on_a_desktop(
    server: str, browser: Browser
) -> None:
    """At 375 px the bar wrapped wherever each control happened to fall: "Seen by" with Start,
    Back beside a short slider, Forward, End and the step, then Copy link alone. Now, in each
    language: the view; the slider alone, across the bar; the four step buttons in one row; the
    step and Copy link in one row; nothing out of the bar or the window. On a desktop all of it
    stays in one row, in the page's order."""
    table = _finished(server)
    rows = [["seat"], ["range"], ["first", "prev", "next", "last"], ["step", "share"]]
    for lang in ("en", "es", "fr"):
        page = _open(browser, f"{server}/t/{table['id']}/replay?seat=0&lang={lang}")
        expect(page.locator(".sp-board")).to_be_visible()
        page.set_viewport_size({"width": 375, "height": 812})
        left, right = page.locator("#replay-bar").evaluate(INSIDE)
        box = page.evaluate(BOXES, REPLAY_CONTROLS)
        assert page.evaluate("document.scrollingElement.scrollWidth") <= 375, lang
        assert all(left - 0.5 <= b["left"] and b["right"] <= right + 0.5 for b in box.values()), (lang, box)
        for above, below in itertools.pairwise(rows):
            assert max(box[n]["bottom"] for n in above) <= min(box[n]["top"] for n in below), (lang, below)
        for row in rows[2:]:
            assert [box[n]["left"] for n in row] == sorted(box[n]["left"] for n in row), (lang, row)
            assert max(box[n]["middle"] for n in row) - min(box[n]["middle"] for n in row) < 1, (lang, row)
        slider = box["range"]["right"] - box["range"]["left"]
        assert slider >= right - left - 6, (lang, slider, right - left)  # but for its own margins
        shot(page, f"replay-bar-{lang}-phone", full_page=False)
        page.set_viewport_size({"width": 1280, "height": 800})
        box = page.evaluate(BOXES, REPLAY_CONTROLS)
        assert [box[n]["left"] for n in REPLAY_CONTROLS] == sorted(b["left"] for b in box.values()), lang
        middles = [b["middle"] for b in box.values()]
        assert max(middles) - min(middles) < 4, (lang, box)
        shot(page, f"replay-bar-{lang}-desktop", full_page=False)
        page.context.close()


def _expect_district(page: Page, seat: int, faces: list[str | None]) -> None:
    cards = page.locator(f'.district[data-district="{seat}"] .sp-card')
    expect(cards).to_have_count(len([f for f in faces if f is not None]))
    shown = cards.evaluate_all("cards => cards.map(c => c.dataset.face)")
    assert shown == [f for f in faces if f is not None]


def test_the_replay_page_of_a_game_still_on_shows_nothing_of_it(server: str, browser: Browser) -> None:
    table = post_json(f"{server}/api/tables", {"game": "stool-pigeon", "players": 2, "seats": TWO})
    page = _open(browser, f"{server}/t/{table['id']}/replay?seat=0&lang=fr")
    expect(page.locator(".fatal")).to_contain_text(catalog("fr")["server.error.not_over"])
    assert page.locator("[data-face]").count() == 0
    page.context.close()


def test_the_french_replay_says_whose_view_it_shows_in_french(server: str, browser: Browser) -> None:
    """The replay bar reads its label then the chosen view: "Vue de" + "un spectateur" made
    "Vue de un spectateur", which French never says (it elides: "d'un"); "Vu par" takes a
    player's name and a spectator alike."""
    table = _finished(server)
    page = _open(browser, f"{server}/t/{table['id']}/replay?lang=fr")
    expect(page.locator(".sp-board")).to_be_visible()
    label = page.locator(".replay-as > span").inner_text()
    seen = page.locator("#replay-seat option:checked").inner_text()
    assert seen == catalog("fr")["web.replay.spectator"]
    assert " de un " not in f" {label} {seen} " and " de une " not in f" {label} {seen} "
    page.context.close()
