"""Layout assertions that can fail, for the browser tests (issue 12: "no horizontal scroll, no
control hidden under another"). Screenshots are kept for a person to judge the look, but what
a test compares at each moment is this: the page is no wider than the window, every visible
button's centre hit-tests to that button (nothing covers it, nothing clips it away), no part of
the board scrolls sideways (hiding cards a player never thinks to scroll to), and no
text block of the table's status is squeezed to a word per line."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from tests.web.conftest import post_json, shot

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

SIZES = {"desktop": (1366, 768), "wide": (1920, 1080), "phone": (390, 844)}
"""The window sizes issue 12 names."""

PROBLEMS = (Path(__file__).with_name("layout.js")).read_text("utf-8")
"""The check itself, in the page (``layout.js``)."""


def layout_problems(page: Page, scope: str | None = None) -> list[str]:
    """Everything wrong with the layout now (an empty list when nothing is); ``scope`` limits
    the hit test to one part of the page (the end screen covers the board on purpose)."""
    problems: list[str] = page.evaluate(PROBLEMS, scope)
    return problems


def check_layout(page: Page, name: str | None = None, scope: str | None = None) -> None:
    """Assert a clean layout now, and keep a screenshot of the moment when ``name`` is given."""
    if name:
        shot(page, name, full_page=scope is None)
    problems = layout_problems(page, scope)
    assert not problems, f"{name or 'layout'}: {problems}"


def viewport(size: str) -> dict[str, Any]:
    width, height = SIZES[size]
    return {"width": width, "height": height}


def phone_seat(server: str, browser: Browser, game: str, ready: str) -> Page:
    """Seat 0 of a new four-player table against bots (seed 3), in Spanish on a phone's
    390×844 window, once it is this seat's turn and ``ready`` (a selector) is drawn."""
    seats = [{"kind": "human", "name": "Ana"}] + [{"kind": "bot", "bot": "heuristic"}] * 3
    body = {"game": game, "players": 4, "seats": seats, "seed": 3, "bot_delay": 0}
    table = post_json(f"{server}/api/tables", body)
    phone = browser.new_page(viewport=viewport("phone"))
    phone.goto(f"{server}{table['seats'][0]['invite']}&lang=es")
    phone.wait_for_selector(f"body.my-turn:not(.busy) {ready}")
    return phone


EDGE = "([sel, edge]) => document.querySelector(sel).getBoundingClientRect()[edge] + scrollY"


def bottom(page: Page, selector: str) -> float:
    """How far down the page the bottom of ``selector``'s first element lies, in CSS pixels."""
    return float(page.evaluate(EDGE, [selector, "bottom"]))


def top(page: Page, selector: str) -> float:
    """How far down the page the top of ``selector``'s first element lies, in CSS pixels."""
    return float(page.evaluate(EDGE, [selector, "top"]))


TAB_PARTS = """(parts) => {
  const el = document.activeElement;
  const part = Object.keys(parts).find((name) => el.closest(parts[name]));
  return part ? [part, el.getBoundingClientRect().top + scrollY] : el.closest(".side") ? "side" : null;
}"""


def tab_order(page: Page, parts: dict[str, str]) -> list[tuple[str, float]]:
    """The board's ``parts`` (name → selector) in the order Tab first reaches each, from the
    top of the page (its brand link) to the side panels, with how far down the page that
    first stop lies."""
    page.focus(".topbar .brand")
    seen: dict[str, float] = {}
    for _ in range(200):
        page.keyboard.press("Tab")
        stop = page.evaluate(TAB_PARTS, parts)
        if stop == "side":
            break
        if stop and stop[0] not in seen:
            seen[stop[0]] = stop[1]
    return list(seen.items())
