"""End to end in a real browser: the lobby makes a table, a person plays a whole game of Stool
Pigeon by clicking the board, two people at one table each see only their own cards, and the
pages speak Spanish, English and French."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from backroom.games import get_game
from backroom.i18n import catalog
from tests.web.conftest import LiveServer, get_json, post_json, shot

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

sync_api = pytest.importorskip("playwright.sync_api", reason="pip install -e .[dev] installs playwright")
expect = sync_api.expect
PlaywrightTimeout = sync_api.TimeoutError

TURN_OR_END = "body.my-turn:not(.busy), #end:not([hidden])"
"""What a player waits for: their own move (after any answer is in) or the end screen."""


def wait_idle(page: Page) -> None:
    page.wait_for_selector("body:not(.busy)")


def wait_past_version(page: Page, version: int, timeout: float = 15.0) -> None:
    """Wait until the page shows a version after ``version`` (polled from here: the pages'
    Content-Security-Policy forbids the in-page eval that ``wait_for_function`` uses)."""
    for _ in range(int(timeout / 0.05)):
        if int(page.locator("body").get_attribute("data-version") or "0") > version:
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"the page stayed at version {version}")


def play_one_move(page: Page) -> None:
    """Click what a newcomer would: the draw pile, Pass in a window, else a highlighted card
    (two in turn for a switch), else another District's "add" button, else Close; nothing if
    the turn has passed meanwhile."""
    for selector in (
        ".pile-card.clickable",
        ".big-buttons .do-pass",
        ".big-buttons .do-keep",
        "button.slot.clickable:not(.selected)",
        ".add-here",
        ".big-buttons .do-close",
    ):
        target = page.locator(selector).first
        if target.count():
            # A bot may close the window and take the button with it: the caller waits again.
            with contextlib.suppress(PlaywrightTimeout):
                target.click(timeout=5000)
            return
    # Bots answer a reaction window at once: it may have closed since the wait saw my turn.
    if page.locator(TURN_OR_END).count():
        raise AssertionError("my turn, yet the board offers nothing to click")


def test_lobby_creates_a_stool_pigeon_table_and_a_whole_game_is_played_by_clicking(
    server: str, browser: Browser
) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/?lang=en")
    page.locator('.game-choice[data-game="stool-pigeon"]').click()
    page.fill("#players", "4")
    page.dispatch_event("#players", "change")
    page.fill("#opt-round_limit", "2")
    page.select_option("#bot-pace", "0")
    expect(page.locator(".seat-kind")).to_have_count(4)
    assert page.locator(".seat-kind").first.input_value() == "you"
    for i in (1, 2, 3):
        assert page.locator(".seat-kind").nth(i).input_value() == "bot"
    shot(page, "lobby")
    page.click("#create")
    expect(page.locator("#created-panel")).to_be_visible()
    expect(page.locator(".created-seat")).to_have_count(4)
    shot(page, "lobby-created")
    page.click("#open-seat")
    page.wait_for_selector(".sp-board")
    expect(page.locator("#conn")).to_have_attribute("data-state", "open")
    expect(page.locator("#seeded")).to_be_hidden()  # the lobby sends no seed: the server draws it
    shots = 0
    for _ in range(400):
        page.wait_for_selector(TURN_OR_END, timeout=30000)
        if page.locator("#end").is_visible():
            break
        if shots < 3 and page.locator("button.slot.clickable").count():
            shot(page, f"table-move-{shots}")
            shots += 1
        play_one_move(page)
        wait_idle(page)
    else:
        raise AssertionError("the game did not end")
    expect(page.locator("#end-title")).not_to_be_empty()
    assert page.locator("#scores tr").count() == 4
    reason = page.locator("#end-reason").inner_text()
    assert reason.strip()
    shot(page, "table-end")
    page.click("#end-close")
    # At the end every District is face up: no card back is left on the board.
    assert page.locator(".district .sp-card.back").count() == 0
    shot(page, "table-end-board")
    page.click("#show-results")
    expect(page.locator("#end")).to_be_visible()
    assert not errors, errors


def faces_in(page: Page, seat: int) -> list[str]:
    return page.locator(f'.district[data-district="{seat}"] .sp-card').evaluate_all(
        "cards => cards.map(c => c.dataset.face)"
    )


def test_two_people_at_one_table_each_see_only_their_own_cards(server: str, browser: Browser) -> None:
    seed = 1234
    options = {"memory_aid": True}
    table = post_json(
        f"{server}/api/tables",
        {
            "game": "stool-pigeon",
            "players": 2,
            "options": options,
            "seats": [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bruno"}],
            "seed": seed,
            "bot_delay": 0,
        },
    )
    # The engine's own deal for the same options and seed: what is really in each District.
    state, _ = get_game("stool-pigeon").start(2, options, seed)
    pages = []
    for seat in (0, 1):
        context = browser.new_context(viewport={"width": 1100, "height": 850})
        page = context.new_page()
        page.goto(f"{server}{table['seats'][seat]['invite']}&lang=en")
        page.wait_for_selector(".sp-board")
        # The creator chose the seed, so knows the deal: every seat is told.
        expect(page.locator("#seeded")).to_be_visible()
        expect(page.locator("#seeded")).to_have_text(catalog("en")["web.table.seeded"])
        pages.append(page)

    def check(step: str, version: int) -> None:
        for page in pages:
            expect(page.locator("body")).to_have_attribute("data-version", str(version))
        assert _version(server, table["id"]) == version
        for seat, page in enumerate(pages):
            own = state.view(seat, recall=True)
            other = 1 - seat
            assert faces_in(page, seat) == [f for f in own["districts"][seat] if f is not None], step
            # The other District shows backs only, exactly where the engine says this seat is blind.
            assert faces_in(page, other) == [f for f in own["districts"][other] if f is not None], step
            hidden = _hidden_faces(state, other, own)
            shown = page.locator("[data-face]").evaluate_all("els => els.map(e => e.dataset.face)")
            assert not (set(shown) & hidden - _visible_faces(own)), step
            held = page.locator('[data-pile="held"] .sp-card')
            if held.count():
                assert held.get_attribute("data-face") == own["held"], step
        shot(pages[0], f"two-{step}-seat0")
        shot(pages[1], f"two-{step}-seat1")

    check("deal", 0)
    assert faces_in(pages[0], 1) == ["back"] * 4
    # Ana draws: she sees the card, Bruno sees its back.
    pages[0].locator(".pile-card.clickable").click()
    state.apply(0, ("draw",))
    check("draw", 1)
    assert pages[1].locator('[data-pile="held"] .sp-card').get_attribute("data-face") == "back"
    # Ana swaps it into her top-left slot.
    pages[0].locator('.district[data-district="0"] button.slot[data-slot="0"]').click()
    state.apply(0, ("swap", 0))
    check("swap", 2)
    for page in pages:
        page.context.close()


def _version(server: str, table_id: str) -> int:
    return int(get_json(f"{server}/api/tables/{table_id}")["version"])


def _visible_faces(view: dict[str, Any]) -> set[str]:
    faces = {f for d in view["districts"] for f in d if f not in (None, "back")}
    faces |= set(view["discard"])
    if view["held"] not in (None, "back"):
        faces.add(view["held"])
    return faces


def _hidden_faces(state: Any, seat: int, viewer: dict[str, Any]) -> set[str]:
    """Faces of ``seat``'s District that the viewer's view shows as backs."""
    truth = state.view(seat, recall=True)["districts"][seat]
    return {
        real
        for real, seen in zip(truth, viewer["districts"][seat], strict=True)
        if seen == "back" and real not in (None, "back")
    }


def test_pages_switch_between_spanish_english_and_french(server: str, browser: Browser) -> None:
    page = browser.new_page()
    page.goto(server + "/")
    page.wait_for_selector(".game-choice")
    for lang in ("es", "fr", "en"):
        page.select_option("#lang", lang)
        texts = catalog(lang)
        expect(page.locator("#create")).to_have_text(texts["web.lobby.create"])
        expect(page.locator("#create-title")).to_have_text(texts["web.lobby.new_table"])
        expect(page.locator('.game-choice[data-game="stool-pigeon"] .game-name')).to_have_text(
            texts["stool-pigeon.name"]
        )
        assert page.evaluate("localStorage.getItem('backroom.lang')") == lang
    page.select_option("#lang", "fr")
    table = post_json(
        f"{server}/api/tables",
        {"game": "stool-pigeon", "players": 2, "seats": [{"kind": "human"}, {"kind": "bot"}], "bot_delay": 0},
    )
    # The language choice is remembered on the table page and the server's event texts follow it.
    page.goto(server + table["seats"][0]["invite"])
    page.wait_for_selector(".sp-board")
    fr = catalog("fr")
    expect(page.locator("#banner .banner-text")).to_have_text(fr["web.banner.your_turn"])
    expect(page.locator("#log li").first).to_have_text(fr["stool-pigeon.event.deal"].format(cards=4))
    page.select_option("#lang", "es")
    es = catalog("es")
    expect(page.locator("#banner .banner-text")).to_have_text(es["web.banner.your_turn"])
    expect(page.locator("#log li").first).to_have_text(es["stool-pigeon.event.deal"].format(cards=4))
    expect(page.locator(".big-buttons .do-draw")).to_have_text(es["stool-pigeon.action.draw"])
    shot(page, "table-es")
    assert json.loads(page.locator(".big-buttons .do-draw").get_attribute("data-action")) == ["draw"]


def test_a_reload_or_a_server_restart_lands_in_the_same_seat(browser: Browser, tmp_path: Path) -> None:
    live = LiveServer(tmp_path / "restart.db").start()
    server = live.base
    table = post_json(
        f"{server}/api/tables",
        {"game": "stool-pigeon", "players": 2, "seats": [{"kind": "bot"}, {"kind": "human"}], "bot_delay": 0},
    )
    context = browser.new_context()
    page = context.new_page()
    try:
        page.goto(server + table["seats"][1]["invite"] + "&lang=en")
        page.wait_for_selector(TURN_OR_END)
        # The token leaves the address bar (and so the history) as soon as the page has read it.
        assert "token=" not in page.url and "lang=en" in page.url
        # A bare table address (no token) finds the seat remembered in this browser.
        page.goto(f"{server}/t/{table['id']}")
        page.wait_for_selector(TURN_OR_END)
        assert "token=" not in page.url
        expect(page.locator('.district.mine[data-district="1"]')).to_have_count(1)
        version = int(page.locator("body").get_attribute("data-version") or "0")
        # The server goes away: the page says so and retries until it is back, then the game
        # goes on from the same position in the same seat.
        live.stop()
        expect(page.locator("#conn")).not_to_have_attribute("data-state", "open", timeout=10000)
        # ...and does not claim it is the player's turn while nothing can be played.
        offline = catalog("en")["web.banner.offline"]
        expect(page.locator("#banner .banner-text")).to_have_text(offline)
        expect(page.locator("body.my-turn")).to_have_count(0)
        live.start()
        expect(page.locator("#conn")).to_have_attribute("data-state", "open", timeout=20000)
        page.wait_for_selector(TURN_OR_END)
        assert int(page.locator("body").get_attribute("data-version") or "0") == version
        play_one_move(page)
        wait_past_version(page, version)
    finally:
        context.close()
        live.stop()


def test_an_absent_player_shows_a_countdown_then_a_bot_plays_for_them(server: str, browser: Browser) -> None:
    table = post_json(
        f"{server}/api/tables",
        {
            "game": "stool-pigeon",
            "players": 2,
            "seats": [{"kind": "human", "name": "Absent"}, {"kind": "bot"}],
            "bot_delay": 0,
            "turn_timer": 6,
        },
    )
    page = browser.new_page()
    page.goto(f"{server}/t/{table['id']}?spectate&lang=en")
    page.wait_for_selector(".sp-board")
    countdown = page.locator("#countdown")
    expect(countdown).to_be_visible()
    expect(countdown).to_contain_text(" s")
    shot(page, "table-countdown")
    # Once the timer runs out the seat is marked as played by a bot, and the game moves on.
    expect(page.locator('.player[data-seat="0"] .tag.warn')).to_be_visible(timeout=25000)
    wait_past_version(page, 0, timeout=20)
    page.close()


def test_a_wrong_invite_link_says_so_and_stops_retrying(server: str, browser: Browser) -> None:
    table = post_json(
        f"{server}/api/tables",
        {"game": "stool-pigeon", "players": 2, "seats": [{"kind": "human"}, {"kind": "bot"}], "bot_delay": 0},
    )
    page = browser.new_page()
    page.goto(f"{server}/t/{table['id']}?token=not-a-token&lang=en")
    expect(page.locator(".fatal")).to_be_visible()
    expect(page.locator("#conn")).to_have_attribute("data-state", "stopped")
    message = page.locator(".fatal p").inner_text().strip()
    assert message
    # Said once (no toast repeating it), and the title no longer claims to be joining.
    assert page.locator("#toast").is_hidden()
    assert page.get_by_text(message).count() == 1
    expect(page.locator("#game-title")).to_have_text(catalog("en")["web.table.cannot_join"])
    page.close()


def test_a_player_replaces_a_leaked_invite_link_and_the_old_one_stops_working(
    server: str, browser: Browser
) -> None:
    table = post_json(
        f"{server}/api/tables",
        {"game": "stool-pigeon", "players": 2, "seats": [{"kind": "human"}, {"kind": "bot"}], "bot_delay": 0},
    )
    old_invite = f"{server}{table['seats'][0]['invite']}&lang=en"
    context = browser.new_context()
    page = context.new_page()
    page.goto(old_invite)
    page.wait_for_selector(".sp-board")
    page.click("#new-link")
    expect(page.locator("#toast")).to_contain_text(f"/t/{table['id']}?token=")
    fresh = page.evaluate(f"localStorage.getItem('backroom.token.{table['id']}')")
    assert fresh and fresh != table["seats"][0]["token"]
    page.reload()  # the seat is still this browser's, through the new token
    page.wait_for_selector('.district.mine[data-district="0"]')
    stranger = browser.new_page()  # whoever found the old link gets nothing
    stranger.goto(old_invite)
    expect(stranger.locator(".fatal")).to_be_visible()
    stranger.close()
    context.close()


def test_without_the_memory_aid_a_card_you_look_at_lies_face_up_until_you_act(
    server: str, browser: Browser
) -> None:
    """PREPARACIÓN: each player looks once at the bottom row of their District, then must
    remember it. The board shows those two cards face up (what the player is to memorise) and
    turns them face down at the player's next action."""
    seed = 77
    table = post_json(
        f"{server}/api/tables",
        {
            "game": "stool-pigeon",
            "players": 2,
            "seats": [{"kind": "human"}, {"kind": "bot"}],
            "seed": seed,
            "bot_delay": 0,
        },
    )
    state, _ = get_game("stool-pigeon").start(2, {}, seed)
    truth = state.view(0, recall=True)["districts"][0]
    page = browser.new_page()
    page.goto(f"{server}{table['seats'][0]['invite']}&lang=en")
    page.wait_for_selector(TURN_OR_END)
    assert faces_in(page, 0) == ["back", truth[1], "back", truth[3]]
    expect(page.locator(".district.mine .slot.sighted")).to_have_count(2)
    page.locator(".pile-card.clickable").click()
    wait_past_version(page, 0)
    assert faces_in(page, 0) == ["back"] * 4
    page.close()


def test_a_long_list_of_actions_is_chosen_card_first_then_its_use(server: str, browser: Browser) -> None:
    """Corruption offers dozens of plays at once: beside the board they are grouped by the card
    played, each group opening onto that card's uses, every one still a labelled button."""
    table = post_json(
        f"{server}/api/tables",
        {
            "game": "corruption",
            "players": 5,
            "seats": [{"kind": "human"}] + [{"kind": "bot"}] * 4,
            "seed": 3,
            "bot_delay": 0,
        },
    )
    page = browser.new_page()
    page.goto(f"{server}{table['seats'][0]['invite']}&lang=en")
    page.wait_for_selector(TURN_OR_END)
    groups = page.locator("#actions .action-group")
    buttons = page.locator("#actions button.action")
    assert 2 <= groups.count() <= 12 < buttons.count()
    for i in range(groups.count()):
        card = groups.nth(i).get_attribute("data-card")
        actions = (
            groups.nth(i)
            .locator("button.action")
            .evaluate_all("els => els.map(e => JSON.parse(e.dataset.action))")
        )
        assert all(action[1] == card for action in actions)
    expect(buttons.first).to_be_hidden()  # a card's uses show once the card is chosen
    version = int(page.locator("body").get_attribute("data-version") or "0")
    groups.first.locator("summary").click()
    groups.first.locator("button.action").first.click()
    wait_past_version(page, version)
    page.close()


def test_a_group_of_actions_that_is_not_a_card_is_named_by_its_labels(server: str, browser: Browser) -> None:
    """Illuminati groups its attacks by their mode ("control", "destroy"): a heading reads as
    the words its actions' labels share, never as the bare argument."""
    table = post_json(
        f"{server}/api/tables",
        {
            "game": "illuminati",
            "players": 2,
            "seats": [{"kind": "human"}, {"kind": "bot"}],
            "seed": 0,  # the person plays first: 26 actions, attacks among them
            "bot_delay": 0,
        },
    )
    page = browser.new_page()
    page.goto(f"{server}{table['seats'][0]['invite']}&lang=en")
    page.wait_for_selector(TURN_OR_END)
    groups = page.locator("#actions .action-group")
    headings = {
        groups.nth(i).get_attribute("data-card"): groups.nth(i).locator("summary").inner_text()
        for i in range(groups.count())
    }
    assert "control" in headings, headings
    assert not [h for card, h in headings.items() if h.startswith(f"{card}:")], headings
    assert headings["control"].startswith("Attack") and "…" in headings["control"], headings
    page.close()


def test_the_lobby_joins_a_free_seat_and_hands_an_absent_invitee_to_a_bot(
    server: str, browser: Browser
) -> None:
    """From the tables list a newcomer sits at a seat nobody came to; the host of a table hands
    the seat of an invitee who never came to a bot."""
    table = post_json(
        f"{server}/api/tables",
        {
            "game": "stool-pigeon",
            "players": 2,
            "seats": [{"kind": "human"}, {"kind": "human"}],
            "bot_delay": 0,
        },
    )
    newcomer = browser.new_context().new_page()
    newcomer.goto(f"{server}/?lang=en")
    row = newcomer.locator(f'#tables tr[data-table="{table["id"]}"]')
    expect(row).to_contain_text(catalog("en")["web.status.idle"])
    row.locator("button.join").click()
    newcomer.wait_for_selector('.district.mine[data-district="0"]')
    newcomer.context.close()

    host = browser.new_context().new_page()
    host.goto(f"{server}/?lang=en")
    host.locator('.game-choice[data-game="stool-pigeon"]').click()
    host.fill("#players", "2")
    host.dispatch_event("#players", "change")
    host.select_option(".seat-kind >> nth=1", "invite")
    host.click("#create")
    seat = host.locator('.created-seat[data-seat="1"]')
    seat.locator("button.to-bot").click()
    expect(seat.locator(".seat-kind-tag")).to_have_text(catalog("en")["web.seat_kind.bot"])
    expect(seat.locator(".invite")).to_have_count(0)
    host.context.close()


def test_the_lobby_counts_as_free_only_the_seats_a_newcomer_can_join(server: str, browser: Browser) -> None:
    """The tables list's "Free seats" said 1 for a table whose one person had sat down and
    stepped away (the seats with nobody connected), with no Join button beside it: a
    newcomer read a seat that nobody may take. It counts the seats nobody ever came to."""
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bruno"}, {"kind": "bot"}]
    body = {"game": "stool-pigeon", "players": 3, "seats": seats, "bot_delay": 0}
    table = post_json(f"{server}/api/tables", body)
    ana = browser.new_context().new_page()
    ana.goto(f"{server}{table['seats'][0]['invite']}&lang=en")
    ana.wait_for_selector(".sp-board")
    ana.context.close()  # Ana has sat down and gone; Bruno never came

    newcomer = browser.new_context().new_page()
    newcomer.goto(f"{server}/?lang=en")
    row = newcomer.locator(f'#tables tr[data-table="{table["id"]}"]')
    expect(row.locator("td").nth(2)).to_have_text("1")  # Bruno's seat, not Ana's
    expect(row.locator("button.join")).to_have_count(1)
    newcomer.context.close()
