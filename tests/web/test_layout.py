"""Every board, a whole game against bots: at every turn of the person the layout must hold at
the three window sizes of issue 12 (1366×768, 1920×1080, 390×844) — no horizontal scroll, no
button covered or clipped, no status squeezed to a word per line — and so must the end screen
and the board under it. The language changes every few turns with the page's own selector
(English, French, Spanish in turn: French words run longest), so each board is seen in all
three. Screenshots of the start, the most crowded moment and the end land in ``$BACKROOM_SHOTS``,
when it is set, for a person to look at.

The person's moves are chosen by a seeded random generator from the full list of legal actions
beside the board, leaning towards the moves that crowd a board most: an eliminating guess in
Stool Pigeon (a miss adds a penalty card to the District), a discard in Slush Fund (it goes into
the slush fund)."""

from __future__ import annotations

import json
import random
import re
from typing import TYPE_CHECKING, Any

import pytest

from tests.web.conftest import post_json, shot
from tests.web.layout import SIZES, check_layout, viewport

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

sync_api = pytest.importorskip("playwright.sync_api", reason="pip install -e .[dev] installs playwright")
expect = sync_api.expect

TURN_OR_END = "body.my-turn:not(.busy), #end:not([hidden])"

GAMES = {
    "stool-pigeon": {"players": 4, "options": {"round_limit": 6}, "crowd": ("snap",)},
    "slush-fund": {"players": 4, "options": {}, "crowd": ("discard", "take")},
    "corruption": {"players": 5, "options": {}, "crowd": ()},
    "politburo": {"players": 4, "options": {}, "crowd": ()},
}
LANGUAGES = ("en", "fr", "es")
LANGUAGE_TURNS = 4
"""The person's turns between two switches of language."""


def crowding(page: Page) -> int:
    """How full the board is: the number of drawn cards and controls on it."""
    return page.locator("#board [data-face], #board button").count()


def choose(page: Page, rng: random.Random, crowd: tuple[str, ...]) -> bool:
    """Click one of the legal actions listed beside the board; False when none is offered now."""
    actions = page.locator("#actions button.action[data-action]")
    kinds = [json.loads(a)[0] for a in actions.evaluate_all("els => els.map(e => e.dataset.action)")]
    if not kinds:
        return False
    preferred = [i for i, kind in enumerate(kinds) if kind in crowd]
    index = rng.choice(preferred) if preferred and rng.random() < 0.8 else rng.randrange(len(kinds))
    # A plain DOM click: that every control can be clicked where it is drawn is what
    # check_layout asserts at every turn, without Playwright's slower actionability waits.
    actions.nth(index).dispatch_event("click")
    return True


def check_every_size(page: Page, name: str | None = None, scope: str | None = None) -> None:
    """The layout holds at each of the three window sizes (a screenshot of each when named)."""
    for size in SIZES:
        check_size(page, size, name and f"{name}-{size}", scope)


def check_size(page: Page, size: str, name: str | None = None, scope: str | None = None) -> None:
    page.set_viewport_size(viewport(size))
    try:
        check_layout(page, name, scope=scope)
    except AssertionError as problem:
        raise AssertionError(f"at {size}: {problem}") from None


def switch_language(page: Page, code: str) -> None:
    """Choose ``code`` in the page's selector; the table rejoins in it for the log's texts."""
    page.select_option("#lang", code)
    page.wait_for_function("code => document.documentElement.lang === code", arg=code)


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_against_bots_keeps_the_layout(server: str, browser: Browser, game: str) -> None:
    spec: dict[str, Any] = GAMES[game]
    seats = [{"kind": "human", "name": "Ana"}] + [{"kind": "bot", "bot": "heuristic"}] * (spec["players"] - 1)
    table = post_json(
        f"{server}/api/tables",
        {
            "game": game,
            "players": spec["players"],
            "options": spec["options"],
            "seats": seats,
            "seed": 3,
            "bot_delay": 0,
        },
    )
    context = browser.new_context(viewport=viewport("desktop"))
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}{table['seats'][0]['invite']}&lang={LANGUAGES[0]}")
    rng = random.Random(game)
    name = f"layout-{game}"
    most = 0
    seen = set()
    for turn in range(600):
        page.wait_for_selector(TURN_OR_END, timeout=20000)
        if page.locator("#end").is_visible():
            break
        if turn and turn % LANGUAGE_TURNS == 0:
            switch_language(page, LANGUAGES[turn // LANGUAGE_TURNS % len(LANGUAGES)])
            page.wait_for_selector(TURN_OR_END, timeout=20000)
        seen.add(page.evaluate("document.documentElement.lang"))
        if turn == 0:
            check_every_size(page, f"{name}-start")
        else:  # one size a turn, each in turn: every size sees a third of the game's positions
            check_size(page, list(SIZES)[turn % len(SIZES)])
        if crowding(page) >= most + 10:  # a picture of the board each time it grows markedly
            most = crowding(page)
            shot(page, f"{name}-crowded")
        choose(page, rng, spec["crowd"])
        page.wait_for_selector("body:not(.busy)")
    else:
        raise AssertionError("the game did not end")
    assert seen == set(LANGUAGES), f"the game ended before every language was seen: {seen}"
    check_every_size(page, f"{name}-end", scope="#end")
    # Scores read in the game's unit, grouped the reader's way (never a bare 5200000), each
    # broken down as the rulebook adds it.
    totals = page.locator("#scores .score-total").all_inner_texts()
    assert len(totals) == spec["players"] and not [t for t in totals if re.fullmatch(r"\d{4,}", t.strip())]
    assert page.locator("#scores .score-parts").count() == spec["players"]
    page.click("#end-close")
    check_every_size(page, f"{name}-end-board")
    assert not errors, errors
    context.close()
