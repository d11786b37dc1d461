"""The Illuminati board in the browser, one position at a time (positions written out by card
face, as the engine's own tests build them): gestures on the cards send exactly the engine's
actions, illegal targets are dimmed, the odds dialog agrees with ``attack.needed``, hidden
information never reaches another seat's page, a phone-sized window and the language switch;
and one whole game at a live server, played on the board."""

from __future__ import annotations

import json
import random
import re
from typing import TYPE_CHECKING, Any

import pytest

from backroom.games import get_game
from backroom.games.illuminati import attack
from backroom.games.illuminati.cards import FACE, SPECIAL_FACES
from backroom.i18n import catalog
from tests.games.illuminati.conftest import position
from tests.web.conftest import post_json, shot
from tests.web.layout import check_layout
from tests.web.test_boards import acted, show

sync_api = pytest.importorskip("playwright.sync_api", reason="pip install -e .[dev] installs playwright")
expect = sync_api.expect

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

    from backroom.games.illuminati.state import IlluminatiState


def open_page(browser: Browser, server: str, lang: str = "en", **size: int) -> Page:
    page = browser.new_page(viewport={"width": size.get("width", 1280), "height": size.get("height", 900)})
    page.goto(f"{server}/?lang={lang}")
    page.wait_for_selector(".game-choice")
    page.add_style_tag(url="/static/static/illuminati.css")
    page.evaluate("document.body.classList.add('table-page')")  # the felt the board lies on
    return page


@pytest.fixture
def page(server: str, browser: Browser) -> Page:
    return open_page(browser, server)


def card(face: str) -> str:
    return f'#under-test .il-card[data-face="{face}"]'


def two_players(**extra: Any) -> IlluminatiState:
    """Seat 0 (the UFOs, with the Mafia on their right and the C.I.A. on their left) against the
    Network (Madison Avenue on its right, the Gun Lobby under it); two groups uncontrolled."""
    return position(
        ["ufos", "network"],
        structures={
            0: [("the_mafia", "ufos", "right"), ("c_i_a", "ufos", "left")],
            1: [("madison_avenue", "network", "right"), ("gun_lobby", "madison_avenue", "bottom")],
        },
        money={"ufos": 10, "the_mafia": 4, "madison_avenue": 3},
        uncontrolled=["chinese_campaign_donors", "cycle_gangs"],
        **extra,
    )


def test_attacker_then_target_then_kind_sends_the_attack_then_the_attacker(page: Page) -> None:
    state = two_players()
    show(page, state, 0)
    page.click(card("the_mafia"))
    page.click(card("madison_avenue"))
    page.click('.il-menu [data-kind="neutralize"]')
    assert acted(page) == [["attack", "neutralize", "madison_avenue"]]
    state.apply(0, ("attack", "neutralize", "madison_avenue"))
    show(page, state, 0, keep=True)  # the engine now asks which group attacks: the one picked
    assert acted(page) == [["attacker", "the_mafia"]]


def test_with_an_attacker_picked_the_groups_it_cannot_attack_are_dimmed(page: Page) -> None:
    state = two_players()
    legal = show(page, state, 0)
    page.click(card("the_mafia"))
    targets = {a[2] for a in legal if a[0] == "attack"}
    for face in ["chinese_campaign_donors", "cycle_gangs", "madison_avenue", "gun_lobby", "network", "c_i_a"]:
        classes = page.locator(card(face)).get_attribute("class") or ""
        assert ("target" in classes) == (face in targets), face
        assert ("dim" in classes) == (face not in targets and face != "c_i_a"), face  # c_i_a: pickable
    assert "network" not in targets  # Illuminati are never targets
    page.click(card("network"))  # a dimmed card does nothing
    assert acted(page) == [] and page.locator(".il-menu").count() == 0


def test_a_group_moves_by_picking_it_then_a_free_arrow(page: Page) -> None:
    state = position(
        ["ufos", "network"],
        structures={0: [("the_mafia", "ufos", "right"), ("c_i_a", "ufos", "left")]},
        uncontrolled=["cycle_gangs"],
    )
    legal = show(page, state, 0)
    page.click(card("c_i_a"))
    spots = page.locator('#under-test .il-spot[data-master="the_mafia"]')
    assert spots.count() >= 1
    arrow = spots.first.get_attribute("data-arrow")
    spots.first.click()
    assert acted(page) == [["move", "c_i_a", "the_mafia"]] and ["move", "c_i_a", "the_mafia"] in legal
    state.apply(0, ("move", "c_i_a", "the_mafia"))
    show(page, state, 0, keep=True)  # laid on the arrow clicked, with no second click
    assert acted(page) == [["place", arrow]]
    state.apply(0, ("place", arrow))
    assert state.structures[0].master("c_i_a") == "the_mafia"


def test_a_picked_group_offers_only_the_targets_it_may_attack_itself(page: Page) -> None:
    # The Discordian Society: "Inmunes a ataques de grupos Gubernamentales o Convencionales."
    # Madison Avenue may be attacked by the UFOs, not by the C.I.A. (Government).
    state = position(
        ["ufos", "discordian_society"],
        structures={0: [("c_i_a", "ufos", "right")], 1: [("madison_avenue", "discordian_society", "right")]},
    )
    legal = show(page, state, 0)
    assert ["attack", "control", "madison_avenue"] in legal
    page.click(card("c_i_a"))
    assert "dim" in (page.locator(card("madison_avenue")).get_attribute("class") or "")
    page.click(card("madison_avenue"))
    assert page.locator(".il-menu").count() == 0 and acted(page) == []
    page.click(card("c_i_a"))  # unpicked
    page.click(card("ufos"))
    page.click(card("madison_avenue"))
    assert page.locator('.il-menu [data-kind="control"]').count() == 1


def test_clicking_another_own_card_sends_nothing_until_the_menu_says_what(page: Page) -> None:
    state = two_players()
    show(page, state, 0)
    page.click(card("the_mafia"))
    page.click(card("ufos"))
    assert acted(page) == [] and page.locator('.il-menu [data-kind="transfer"]').count() == 1
    page.click(".il-menu .do-pass")  # unselect
    assert acted(page) == [] and page.locator(".il-menu").count() == 0


def test_money_moves_by_picking_two_adjacent_cards_then_the_amount(page: Page) -> None:
    state = two_players()
    show(page, state, 0)
    page.click(card("ufos"))
    page.click(card("the_mafia"))
    assert acted(page) == []  # a transfer spends one of the turn's two: the menu asks first
    page.locator('.il-menu [data-kind="transfer"]').click()
    assert acted(page) == [["transfer", "ufos", "the_mafia"]]
    state.apply(0, ("transfer", "ufos", "the_mafia"))
    show(page, state, 0)
    page.click('.il-amounts [data-amount="6"]')
    assert acted(page) == [["amount", 6]]


def test_a_captured_group_is_laid_by_clicking_a_free_arrow(page: Page) -> None:
    state = two_players()
    for action in [("attack", "control", "cycle_gangs"), ("attacker", "the_mafia"), ("announce", "open")]:
        state.apply(0, action)
    state.phase, state.p_stage = "place", "place"  # the roll won (rolling is the engine's tests')
    legal = show(page, state, 0)
    spots = page.locator('#under-test .il-spot[data-master="the_mafia"]')
    assert spots.count() == len([a for a in legal if a[0] == "place"]) >= 1
    spots.first.click()
    assert acted(page) == [["place", spots.first.get_attribute("data-arrow")]]


def test_the_odds_dialog_shows_the_engines_need_and_chance_and_its_terms_add_up(page: Page) -> None:
    state = two_players()
    for action in [("attack", "control", "madison_avenue"), ("attacker", "the_mafia"), ("aid", "c_i_a")]:
        state.apply(0, action)
    need = attack.needed(state)
    view = state.view(0)
    show(page, state, 0)
    box = page.locator(".il-odds")
    terms = [int(t) for t in box.locator(".il-term").all_inner_texts()]
    assert sum(terms) == need == int(box.locator(".il-need").inner_text())
    parts = box.locator("[data-part]").evaluate_all("els => els.map(e => e.dataset.part)")
    assert {"power", "aid", "resistance", "proximity"} <= set(parts)
    assert float(box.locator("[data-chance]").get_attribute("data-chance") or "") == view["attack"]["chance"]
    assert need == -2 and "Cannot succeed: 4 short of the lowest roll, 2" in box.inner_text()
    shot(page, "illuminati-odds-dialog")


def test_a_click_on_a_player_focuses_its_structure_and_a_card_shows_its_text(page: Page) -> None:
    state = two_players()
    show(page, state, 0)
    stage = page.locator("#under-test .il-stage")
    assert stage.get_attribute("data-view") == "overview"
    assert page.locator("#under-test .il-structure").count() == 2
    page.click('#under-test .il-player[data-seat="1"]')
    assert stage.get_attribute("data-view") == "focus"
    seats = page.locator("#under-test .il-structure").evaluate_all("els => els.map(e => e.dataset.seat)")
    assert seats == ["1"]
    page.hover(card("gun_lobby"))
    texts = catalog("en")
    info = page.locator("#under-test .il-info")
    assert texts["illuminati.ability.gun_lobby"] in info.inner_text()
    assert texts["illuminati.card.gun_lobby"] in info.inner_text()
    box = stage.get_attribute("viewBox")
    page.click("#under-test .il-zoom.zoom-in")
    assert stage.get_attribute("viewBox") != box  # zoomed in
    shot(page, "illuminati-focus")
    page.click("#under-test .il-player.il-all")
    assert page.locator("#under-test .il-structure").count() == 2


END_SCORES = """async (view) => {
  const board = await import("/static/boards/illuminati.js");
  const i18n = await import("/static/static/i18n.js");
  await i18n.setLang("en");
  const ctx = { t: i18n.t, number: i18n.formatNumber, outcome: view.outcome, view };
  return view.players_info.map((p) => board.endScore(ctx, p.seat));
}"""


def test_the_end_screen_says_which_goal_was_reached_and_the_structures_stay_drawn(page: Page) -> None:
    """The Gnomes of Zurich end their turn with 150 MB in their structure: their special goal."""
    state = position(["gnomes_of_zurich", "network"], money={"gnomes_of_zurich": 150}, uncontrolled=["kgb"])
    state.apply(0, ("end",))
    assert state.is_over
    scores = page.evaluate(END_SCORES, json.loads(json.dumps(state.view(0))))
    texts = catalog("en")
    assert scores[0]["total"] == "1 of 13 cards"
    assert scores[0]["parts"][1] == texts["web.illuminati.end.special"].format(card="The Gnomes of Zurich")
    assert len(scores[1]["parts"]) == 1  # the money only: no goal reached
    show(page, state, 1)
    assert page.locator(card("gnomes_of_zurich")).count() == page.locator(card("network")).count() == 1
    assert page.locator("#under-test .il-hint").inner_text() == texts["web.illuminati.hint.over"]


def test_a_shared_win_says_so_beside_each_winners_goal(page: Page) -> None:
    """Two winners at once (an exchange that makes both win is legal): the end screen's outcome
    as the engine words it, with a second winner added, drawn by the board's endScore."""
    state = position(["gnomes_of_zurich", "network"], money={"gnomes_of_zurich": 150}, uncontrolled=["kgb"])
    state.apply(0, ("end",))
    view = json.loads(json.dumps(state.view(0)))
    view["outcome"]["details"]["winners"] = view["outcome"]["winners"] = [0, 1]
    scores = page.evaluate(END_SCORES, view)
    shared = catalog("en")["web.illuminati.end.shared"].format(count=2)
    assert scores[0]["parts"][-1] == scores[1]["parts"][-1] == shared


def test_another_seats_specials_hidden_illuminati_and_secret_goals_never_reach_the_page(page: Page) -> None:
    state, _ = get_game("illuminati").start(3, {"hidden_illuminati": "face_down", "secret_goals": True}, 4)
    while state.phase == "choose":
        seat = state.actors()[0]
        state.apply(seat, state.legal_actions(seat)[-1])
    own = {FACE[c] for c in state.hands[0]}
    specials = [c for c in state.deck if FACE[c] in SPECIAL_FACES and FACE[c] not in own]
    state.hands[1] += specials[:2]
    state.hands[2] += specials[2:3]
    show(page, state, 0)
    html = page.content()
    texts = catalog("en")
    view = state.view(0)
    mine = {FACE[state.illuminati[0]], view["secret_goal"]}
    for seat in (1, 2):
        root = FACE[state.illuminati[seat]]
        assert f'data-face="{root}"' not in html
        if root not in mine:  # a name the page has no reason to print
            assert texts[f"illuminati.card.{root}"] not in html
        for special in state.hands[seat]:
            assert FACE[special] not in html and texts[f"illuminati.card.{FACE[special]}"] not in html
        goal = FACE[state.goal_choice[seat]]
        if goal not in mine:
            assert texts[f"illuminati.goal.{goal}"] not in html
    assert page.locator('#under-test .il-card[data-face="illuminati"]').count() == 2  # the backs
    assert texts[f"illuminati.card.{FACE[state.illuminati[0]]}"] in html  # one's own is shown


def test_face_down_illuminati_keep_their_seats_and_one_turned_up_is_drawn_face_up(page: Page) -> None:
    state, _ = get_game("illuminati").start(3, {"hidden_illuminati": "face_down"}, 4)
    while state.phase == "choose":
        seat = state.actors()[0]
        state.apply(seat, state.legal_actions(seat)[-1])
    show(page, state, 0)
    backs = page.locator('#under-test .il-card[data-face="illuminati"]')
    assert sorted(backs.evaluate_all("els => els.map(e => e.dataset.owner)")) == ["1", "2"]
    for seat in (1, 2):  # hovering each shows that seat's own claims
        page.hover(f'#under-test .il-card[data-face="illuminati"][data-owner="{seat}"]')
        claims = state.view(0)["players_info"][seat]["face_down"]
        assert page.locator(".il-info").inner_text().count(f"{claims['power']}") >= 1
    revealed = state.actors()[0]
    if revealed == 0:
        state.apply(0, ("end",))
        revealed = state.actors()[0]
    state.apply(revealed, ("reveal",))
    face = FACE[state.illuminati[revealed]]
    show(page, state, 0)
    drawn = page.locator(f'#under-test .il-card[data-face="{face}"]')
    assert "face-down" not in (drawn.get_attribute("class") or "")
    assert " ".join(catalog("en")[f"illuminati.card.{face}"].split()[:1]) in (drawn.text_content() or "")


def table_for(server: str, bots: int, **options: Any) -> dict[str, Any]:
    seats = [{"kind": "human", "name": "Ana"}] + [{"kind": "bot", "bot": "heuristic"}] * bots
    body = {"game": "illuminati", "players": bots + 1, "options": options, "seats": seats, "seed": 5}
    return post_json(f"{server}/api/tables", {**body, "bot_delay": 0})


def names_drawn(page: Page) -> dict[str, str]:
    """Each card on the stage and the words of its name, as drawn (lines joined)."""
    drawn: dict[str, str] = page.locator("#board .il-card[data-face]").evaluate_all(
        "els => Object.fromEntries(els.map(e => [e.dataset.face,"
        " [...e.querySelectorAll('.il-name')].map(t => t.textContent).join(' ')]))"
    )
    return drawn


def test_a_phone_sized_window_fits_and_the_language_switch_renames_the_cards(
    server: str, browser: Browser
) -> None:
    table = table_for(server, bots=3)
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(f"{server}{table['seats'][0]['invite']}&lang=es")
    page.wait_for_selector("#board .il-board .il-card")
    check_layout(page, "illuminati-phone")
    shot(page, "illuminati-phone-window", full_page=False)
    for lang in ("es", "fr"):
        page.select_option("#lang", lang)
        texts = catalog(lang)
        expect(page.locator("#board .il-players")).to_contain_text(texts["web.illuminati.overview"])
        drawn = names_drawn(page)
        assert len(drawn) >= 6
        for face, words in drawn.items():
            name = texts[f"illuminati.card.{face}"]
            shown = words.split("…")[0].strip()  # a long name is cut with "…"
            assert shown and name.startswith(shown), (lang, face, words)
    page.close()


TURN_OR_END = "body.my-turn:not(.busy), #end:not([hidden])"


MOVE = """(r) => {
  // One move, as a player sees the board, in one call (a round trip a click is slow): a choice
  // of the odds dialog (announcing first), a free arrow, an amount, or one of the seat's groups
  // then a target and the first kind of attack offered; else the list beside the board: spend
  // on one's own attack (the last raise offered is the largest), end the turn, or pass.
  const board = document.querySelector("#board");
  const all = (sel) => [...board.querySelectorAll(sel)];
  const pick = (els) => els[Math.floor(r * els.length)];
  const click = (el) => el.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  const offered = [
    ["odds", ".il-odds-choices button[data-action^='[\\"announce']"],
    ["odds", ".il-odds-choices button.use"],
    ["arrow", ".il-spot"],
    ["amount", ".il-amount"],
  ];
  for (const [what, sel] of offered) {
    if (all(sel).length) return click(pick(all(sel))), what;
  }
  for (const face of all('.il-card.clickable[data-owner="0"]').map((e) => e.dataset.face)) {
    click(board.querySelector(`.il-card[data-face="${face}"]`)); // the board is redrawn at each click
    let aims = all('.il-card.target[data-owner="none"]'); // the easiest: uncontrolled groups
    if (!aims.length) aims = all('.il-card.target:not([data-owner="0"])');
    if (!aims.length) {
      click(board.querySelector(".il-card.selected")); // nothing to attack with it
      continue;
    }
    click(pick(aims));
    click(board.querySelector(".il-menu .il-kind"));
    return "attack";
  }
  const listed = [...document.querySelectorAll("#actions button.action[data-action]")];
  const kinds = listed.map((b) => JSON.parse(b.dataset.action)[0]);
  const wanted = ["spend", "end", "pass"].find((k) => kinds.includes(k));
  click(listed[wanted ? kinds.lastIndexOf(wanted) : 0]);
  return "list";
}"""


def test_a_whole_four_player_game_against_bots_played_on_the_board(server: str, browser: Browser) -> None:
    """Issue 15: a whole game by clicking. Illuminati games are long: the table's own
    ``round_limit`` option (5 rounds, its lowest) ends it, placing players by cards held."""
    table = table_for(server, bots=3, round_limit=5)
    page = browser.new_page(viewport={"width": 1366, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}{table['seats'][0]['invite']}&lang=en")
    done: dict[str, int] = {}
    rng = random.Random(15)
    rolled = 0
    for _ in range(400):
        page.wait_for_selector(TURN_OR_END, timeout=60000)
        if page.locator("#end").is_visible():
            break
        what = page.evaluate(MOVE, rng.random())
        done[what] = done.get(what, 0) + 1
        rolled += page.locator("#board .il-roll .il-die").count() // 2  # the dice of an attack just rolled
        if what == "odds" and done[what] == 4:  # a picture of a game well under way, for a person
            shot(page, "illuminati-overview", full_page=False)
        page.wait_for_selector("body:not(.busy)")
    else:
        raise AssertionError("the game did not end")
    assert done.get("attack", 0) >= 2 and done.get("odds", 0) >= 2, done
    assert rolled >= 1, "no roll was ever shown"
    expect(page.locator("#scores .score-total")).to_have_count(4)
    totals = page.locator("#scores .score-total").all_inner_texts()
    assert all(re.fullmatch(r"\d+ of 12 cards", t.strip()) for t in totals), totals  # 4 players: 12 cards
    page.click("#end-close")
    assert page.locator("#board .il-card").count() >= 4  # the final structures stay drawn
    assert not errors, errors
    page.close()
