"""The Illuminati board in the browser, one position at a time (positions written out by card
face, as the engine's own tests build them): gestures on the cards send exactly the engine's
actions, illegal targets are dimmed, the odds dialog agrees with ``attack.needed``, hidden
information never reaches another seat's page, a phone-sized window and the language switch;
and one whole game at a live server, played on the board."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import pytest

from backroom.games import get_game
from backroom.games.illuminati import attack
from backroom.games.illuminati.cards import FACE, SPECIAL_FACES
from backroom.i18n import catalog
from tests.games.illuminati.conftest import position
from tests.web.conftest import post_json, shot
from tests.web.test_boards import RENDER, acted, show

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


def test_money_moves_by_picking_two_adjacent_cards_then_the_amount(page: Page) -> None:
    state = two_players()
    show(page, state, 0)
    page.click(card("ufos"))
    page.click(card("the_mafia"))
    menu = page.locator(".il-menu")
    if menu.count():  # the Mafia could also be attacked (destroyed) from here: say which
        menu.locator('[data-kind="transfer"]').click()
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
    assert f"{need} or less" in box.inner_text()
    shot(page, "illuminati-odds-dialog")


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
