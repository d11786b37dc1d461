"""The Politburó board in the browser: a card then its candidate, an assigned card off-turn,
and a reaction window that shows what is in flight and only the seat's answers, with Pass."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tests.games.politburo.conftest import position
from tests.web.test_boards import acted, page, show

if TYPE_CHECKING:
    from playwright.sync_api import Page

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
