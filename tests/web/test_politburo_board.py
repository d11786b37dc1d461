"""The Politburó board in the browser: a card then its candidate, an assigned card off-turn,
a reaction window that shows what is in flight and only the seat's answers, with Pass, and
every candidate's health and loyalty readable on a phone and a desktop."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from backroom.i18n import catalog
from tests.games.politburo.conftest import INTERIOR, position
from tests.web.layout import bottom, check_layout, phone_seat, viewport
from tests.web.test_boards import acted, page, show

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

__all__ = ["page"]


def test_politburo_a_hand_card_then_a_candidate_plays_it(page: Page) -> None:
    state = position(hands={0: ["demagogia-3", "favorito"]})
    show(page, state, 0)
    page.click('.pb-hand [data-face="demagogia-3"]')
    page.click('[data-candidate="4"] .pb-candidate-card.clickable')
    assert acted(page) == [["play", "demagogia-3", 4]]


def test_politburo_assign_mode_sends_the_card_face_down(page: Page) -> None:
    state = position(hands={0: ["agresion-3"]})
    show(page, state, 0)
    page.click('.pb-hand [data-face="agresion-3"]')
    page.click('.pb-mode[data-mode="assign"]')
    page.click('[data-candidate="1"] .pb-candidate-card.clickable')
    assert acted(page) == [["assign", "agresion-3", 1]]


def test_politburo_a_french_office_starting_a_label_takes_a_capital(page: Page) -> None:
    state = position(offices={INTERIOR: 4})
    show(page, state, 0, lang="fr")
    assert page.locator('[data-candidate="4"] .pb-office-badge').inner_text() == "Ministre de l’Intérieur"
    assert page.locator('.pb-office[data-office="industria"] b').inner_text() == "Ministre de l’Industrie"


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
def test_politburo_the_status_line_labels_the_discard_pile_with_one_colon(page: Page, lang: str) -> None:
    """The catalog's label ends with its colon (a space before it in French); the board once
    added a second one: "Discard pile:: Demagogia +3"."""
    state = position(hands={0: ["demagogia-3"]})
    state.apply(0, ("play", "demagogia-3", 4))
    show(page, state, 0, lang=lang)
    status = page.locator(".pb-status").inner_text()
    label = catalog(lang)["politburo.ui.discard"]
    assert label.endswith(":") and f"{label} " in status
    assert "::" not in status and ": :" not in status


def test_politburo_others_assigned_cards_are_backs(page: Page) -> None:
    state = position(hands={0: []}, assigned={3: ["vengativo"], 0: ["favorito"]})
    show(page, state, 0)
    assert page.locator('[data-candidate="3"] .pb-assigned').get_attribute("data-face") == "back"
    assert page.locator('[data-candidate="0"] .pb-assigned').get_attribute("data-face") == "favorito"
    assert "vengativo" not in page.content()


def test_politburo_reaction_window_shows_the_attack_and_the_answers_with_pass(page: Page) -> None:
    state = position(hands={0: ["agresion-4"], 1: ["contraataque"]}, assigned={4: ["guardaespaldas"]})
    state.apply(0, ("play", "agresion-4", 4))
    legal = show(page, state, 1)
    box = page.locator('.pb-window[data-window="attack"]')
    assert "Agresión −4" in box.inner_text()
    assert box.locator("[data-action]").count() == len(legal)
    box.locator(".do-pass").click()
    box.locator('[data-action=\'["defend","guardaespaldas","assigned"]\']').click()
    assert acted(page) == [["pass"], ["defend", "guardaespaldas", "assigned"]]
    show(page, state, 2)
    assert page.locator(".pb-window .do-pass").count() == 0  # seat 2 is not asked


def test_politburo_an_assigned_card_is_used_off_turn_in_two_clicks(page: Page) -> None:
    state = position(hands={0: []}, assigned={3: ["difamacion-2"]})
    state.apply(0, ("pass",))
    show(page, state, 1)
    page.click('[data-candidate="3"] .pb-assigned.clickable')
    page.click('[data-candidate="7"] .pb-candidate-card.clickable')
    assert acted(page) == [["use", 3, "difamacion-2", 7]]


def test_politburo_in_a_reaction_window_a_highlighted_hand_card_sends_its_answer(page: Page) -> None:
    """A hand card lit in a reaction window answers at a click, as the window's button for it
    does (a click on it once did nothing); a card the defence takes from the candidate attacked
    (Guardaespaldas, assigned) is not lit in the hand."""
    state = position(
        hands={0: ["agresion-4"], 1: ["contraataque", "guardaespaldas"]}, assigned={4: ["guardaespaldas"]}
    )
    state.apply(0, ("play", "agresion-4", 4))
    legal = show(page, state, 1)
    assert ["defend", "guardaespaldas", "assigned"] in legal
    assert page.locator('.pb-hand [data-face="guardaespaldas"].clickable').count() == 0
    page.click('.pb-hand [data-face="contraataque"]')
    assert acted(page) == [["special", "contraataque"]]


def test_politburo_in_a_reaction_window_the_defence_assigned_to_the_candidate_answers_at_a_click(
    page: Page,
) -> None:
    """The card assigned face down to the candidate attacked (Guardaespaldas) defends it at a
    click on it, as the window's button does: only that button answered with it."""
    assigned = {4: ["guardaespaldas", "difamacion-2"], 5: ["favorito"]}
    state = position(hands={0: ["agresion-4"]}, assigned=assigned)
    state.apply(0, ("play", "agresion-4", 4))
    show(page, state, 1)
    defence = '[data-candidate="4"] .pb-assigned[data-face="guardaespaldas"]'
    assert page.get_attribute(defence, "data-action") == '["defend","guardaespaldas","assigned"]'
    assert page.locator(".pb-assigned.clickable").count() == 1
    page.click(defence)
    assert acted(page) == [["defend", "guardaespaldas", "assigned"]]


def test_politburo_a_hand_card_with_several_answers_keeps_only_those_in_the_window(page: Page) -> None:
    """When an office changes hands, Ascenso may promote any of three candidates: a click on the
    card picks it, lights them and leaves only its answers (and Pass) in the window, which
    listed Destitución's too; Destitución, with one answer, is sent at a click."""
    state = position(
        hands={0: ["demagogia-4"], 1: ["ascenso", "destitucion"]},
        loyalty={0: 8, 6: 12},
        offices={INTERIOR: 6},
    )
    state.apply(0, ("play", "demagogia-4", 0))
    show(page, state, 1)
    box = page.locator('.pb-window[data-window="office"]')
    assert box.locator('[data-action=\'["special_office","destitucion",1]\']').count() == 1
    page.click('.pb-hand [data-face="ascenso"]')
    assert acted(page) == []
    answers = box.locator("[data-action]").evaluate_all("els => els.map(e => JSON.parse(e.dataset.action))")
    assert answers == [["special_on", "ascenso", c] for c in (3, 4, 5)] + [["pass"]]
    page.click('[data-candidate="4"] .pb-candidate-card.clickable')
    page.click('.pb-hand [data-face="destitucion"]')
    assert acted(page) == [["special_on", "ascenso", 4], ["special_office", "destitucion", INTERIOR]]


def test_politburo_on_a_phone_the_hand_is_on_the_first_screen(server: str, browser: Browser) -> None:
    """At 390×844 the hand lay under twelve candidates stacked one a row, some 2,000 px down:
    on a phone it comes right under the window, and a player's three candidates share a row."""
    phone = phone_seat(server, browser, "politburo", ".pb-hand .pb-card")
    assert bottom(phone, ".pb-hand") < 844
    tops = phone.locator('.pb-seat[data-seat="1"] .pb-candidate').evaluate_all(
        "els => els.map(e => e.getBoundingClientRect().top)"
    )
    assert len(set(tops)) == 1, tops
    check_layout(phone, "politburo-phone")
    phone.close()


TRACKS = """els => els.map(t => {
  const box = (e) => e.getBoundingClientRect();
  const card = box(t.closest(".pb-candidate-card")), bar = box(t.querySelector(".pb-bar"));
  const value = t.querySelector("b"), seen = box(value);
  return {
    track: t.title, bar: bar.width, value: value.textContent,
    shown: seen.width > 0 && seen.height > 0 && seen.left >= card.left && seen.right <= card.right
      && getComputedStyle(value).visibility === "visible",
  };
})"""


@pytest.mark.parametrize("size", ["phone", "desktop", "wide"])
@pytest.mark.parametrize("players", [4, 5])
def test_politburo_each_candidates_health_and_loyalty_can_be_read(
    page: Page, size: str, players: int
) -> None:
    """Every candidate's two bars are at least 40 px wide with their value shown inside its
    card: a bar beside its label and value kept 1-3 px on a 1366×768 desktop's narrow cards
    (four seats across) and 17-19 on a 1920×1080 one's with five players."""
    page.set_viewport_size(viewport(size))
    state = position(players=players, loyalty={0: -5, 1: 25}, health={2: 0})
    show(page, state, 0)
    tracks = page.locator(".pb-track").evaluate_all(TRACKS)
    assert len(tracks) == 2 * 3 * players
    for t in tracks:
        assert t["bar"] >= 40 and t["shown"] and t["track"].endswith(" " + t["value"]), t


CONTRAST = """(el) => {
  const lum = (rgb) => {
    const [r, g, b] = rgb.match(/\\d+/g).slice(0, 3).map((c) => {
      const v = c / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ink = lum(getComputedStyle(el).color);
  // The felt under the board: the lighter and the darker end of the table page's gradient.
  return Math.min(...["rgb(36, 90, 72)", "rgb(20, 51, 41)"].map((bg) => {
    const [hi, lo] = [Math.max(ink, lum(bg)), Math.min(ink, lum(bg))];
    return (hi + 0.05) / (lo + 0.05);
  }));
}"""


def test_politburo_the_hint_of_what_to_do_now_can_be_read_on_the_felt(server: str, browser: Browser) -> None:
    """The line under the hand that says what to do now ("Choose a card from your hand, then
    the candidate") lies on the green felt itself: it was the lobby's muted brown, #6c6253, at
    1.3:1 against the felt, where the other boards' hints are light on a dark band."""
    phone = phone_seat(server, browser, "politburo", ".pb-board > .hint")
    hint = phone.locator(".pb-board > .hint")
    assert hint.inner_text().strip()
    assert hint.evaluate(CONTRAST) >= 4.5
    phone.close()
