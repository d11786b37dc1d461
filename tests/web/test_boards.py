"""The boards, one position at a time: each board module is loaded in the browser and given a
view and legal actions made by the engine itself, and a click must send exactly the action the
player aimed at. Positions are built directly (phases and fields set), never left to a seed."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from backroom.engine.window import Window
from backroom.games import get_game
from backroom.games.politburo.cards import FACES as POLITBURO_FACES
from backroom.games.stool_pigeon import cards as sp
from backroom.games.stool_pigeon.state import StoolPigeonState
from backroom.i18n import catalog, format_number
from tests.games.politburo.conftest import position as politburo_position
from tests.web.layout import bottom, check_layout, phone_seat, tab_order, viewport

if TYPE_CHECKING:
    from playwright.sync_api import Page

BOARDS = Path(__file__).resolve().parents[2] / "backroom" / "web" / "boards"

RENDER = """async ([boardName, view, legal, seat, keep, lang = "en"]) => {
  const board = await import(`/static/boards/${boardName}.js`);
  const game = view.game;
  const { h } = await import("/static/static/dom.js");
  const i18n = await import("/static/static/i18n.js");
  await i18n.setLang(lang);
  window.acted = [];
  const root = h("div", { id: "under-test", class: "board" });
  document.body.replaceChildren(root);
  const names = ["Ana", "Bruno", "Carla", "Dario", "Eva", "Fede", "Gala"];
  const ctx = {
    game, seat, view, actors: view.actors || [], events: [], seats: [], names,
    name: (s) => names[s], deadline: null, outcome: null, memo: keep ? window.memo : {}, pending: false,
    legal: legal.map((action) => ({ action, label: JSON.stringify(action) })),
    act: (action) => window.acted.push(action),
    rerender: () => board.render(root, ctx),
    t: i18n.t, tFirst: i18n.tFirst, tMsg: (msg) => i18n.tMsg(msg, names), number: i18n.formatNumber, h,
  };
  window.memo = ctx.memo;  // kept for a next render of the same table (what is new since)
  board.render(root, ctx);
}"""


@pytest.fixture
def page(server: str, browser: Any) -> Page:
    """A page to render boards in: the lobby's, with its style sheets and Politburó's board's
    own (``politburo.css``), as the table's page links it."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(f"{server}/?lang=en")
    page.wait_for_selector(".game-choice")
    page.add_style_tag(url="/static/static/politburo.css")
    return page


def show(page: Page, state: Any, seat: int, keep: bool = False, lang: str = "en") -> list[list[Any]]:
    """Render ``state`` as ``seat`` sees it; ``keep``: as the next render of the same table;
    ``lang``: in the reader's language."""
    legal = [list(a) for a in state.legal_actions(seat)]
    view = json.loads(json.dumps(state.view(seat)))
    page.evaluate(RENDER, [state.GAME_ID, view, legal, seat, keep, lang])
    return legal


def acted(page: Page) -> list[list[Any]]:
    result: list[list[Any]] = page.evaluate("window.acted")
    return result


def slot(seat: int, index: int) -> str:
    return f'.district[data-district="{seat}"] [data-slot="{index}"]'


def stool_pigeon(phase: str, active: int = 0) -> StoolPigeonState:
    state, _ = get_game("stool-pigeon").start(3, {"memory_aid": True}, 5)
    assert isinstance(state, StoolPigeonState)
    state.active = active
    state.phase = phase
    return state


def test_stool_pigeon_draw_is_a_click_on_the_draw_pile(page: Page) -> None:
    show(page, stool_pigeon(sp.DRAW), 0)
    page.click(".pile-card.clickable")
    assert acted(page) == [["draw"]]
    page.click(".big-buttons .do-close")
    assert acted(page) == [["draw"], ["close"]]


def test_stool_pigeon_swap_is_a_click_on_one_of_your_cards(page: Page) -> None:
    state = stool_pigeon(sp.DRAW)
    state.apply(0, ("draw",))
    show(page, state, 0)
    assert page.locator('[data-pile="held"] .sp-card').get_attribute("data-face") != "back"
    assert page.locator(".district:not(.mine) button.slot").count() == 0
    page.click(slot(0, 2))
    assert acted(page) == [["swap", 2]]


def test_stool_pigeon_switch_is_two_choices_pick_then_switch(page: Page) -> None:
    state = stool_pigeon(sp.SWITCH)
    show(page, state, 0)
    page.click(slot(2, 3))
    assert acted(page) == [["pick", 2, 3]]
    state.apply(0, ("pick", 2, 3))
    show(page, state, 0)
    assert "selected" in (page.locator(slot(2, 3)).get_attribute("class") or "")
    page.click(slot(0, 1))
    assert acted(page) == [["switch", 0, 1]]


def test_stool_pigeon_snap_window_offers_every_card_and_a_pass(page: Page) -> None:
    state = stool_pigeon(sp.SNAP)
    state.window_value = 5
    state.window = Window([1, 2, 0])
    legal = show(page, state, 1)
    assert page.locator("button.slot.clickable").count() == len(legal) - 1
    page.click(slot(0, 3))
    page.click(".big-buttons .do-pass")
    assert acted(page) == [["snap", 0, 3], ["pass"]]


def test_stool_pigeon_capo_removes_your_card_or_adds_to_another_district(page: Page) -> None:
    show(page, stool_pigeon(sp.CAPO), 0)
    page.click(slot(0, 1))
    page.click('.district[data-district="2"] .add-here')
    assert acted(page) == [["remove", 1], ["add", 2]]


def test_stool_pigeon_give_is_a_click_on_the_card_to_give(page: Page) -> None:
    state = stool_pigeon(sp.GIVE)
    state.giver = 2
    state.give_target = (0, 1)
    state.discard.append(state.districts[0][1])
    state.districts[0][1] = sp.EMPTY
    show(page, state, 2)
    assert page.locator(".give-target").count() == 1
    page.click(slot(2, 0))
    assert acted(page) == [["give", 0]]


@pytest.mark.parametrize("game_id", sorted(p.stem for p in BOARDS.glob("*.js") if p.stem != "generic"))
def test_every_clickable_thing_sends_a_legal_action_of_the_seat(page: Page, game_id: str) -> None:
    """Along random games, every element marked with an action holds a legal one, and a click
    on it sends exactly that action. Where a card must be picked first (a hand), it is."""
    game = get_game(game_id)
    rng = random.Random(11)
    state, _ = game.start(
        game.min_players + 1 if game.max_players > game.min_players else game.min_players, {}, 3
    )
    checked = 0
    for step in range(120):
        if state.is_over:
            break
        seat = state.actors()[0]
        if step % 3 == 0:
            legal = show(page, state, seat)
            marked = page.locator("#under-test [data-action]")
            if not marked.count() and page.locator("#under-test .clickable").count():
                page.locator("#under-test .clickable").first.click()
            actions = [json.loads(a) for a in marked.evaluate_all("els => els.map(e => e.dataset.action)")]
            assert all(a in legal for a in actions), (game_id, step)
            if actions:
                pick = rng.randrange(len(actions))
                marked.nth(pick).click()
                assert acted(page)[-1] == actions[pick]
                checked += 1
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert checked >= 5


def test_the_generic_board_shows_any_view_with_hidden_cards_as_backs(page: Page) -> None:
    state = stool_pigeon(sp.DRAW)
    view = json.loads(json.dumps(state.view(0)))
    page.evaluate(RENDER, ["generic", view, [], 0])
    faces = page.locator("#under-test [data-face]").evaluate_all("els => els.map(e => e.dataset.face)")
    expected = [f for d in view["districts"] for f in d if f is not None]
    assert faces == expected
    phase = catalog("en")["stool-pigeon.phase.draw"]
    assert page.locator('#under-test [data-key="phase"] dd').inner_text() == phase


def slush_fund_holding(
    held: str, scandals: dict[int, str] | None = None, piles: dict[tuple[int, int], str] | None = None
) -> Any:
    """A 2-player Slush Fund position in the play phase, seat 0 holding the one card ``held``,
    with a card of the named face on each politician's ``scandals`` or seat's pile given."""
    game = get_game("slush-fund")
    start, _ = game.start(2, {}, 1)
    faces = start.deck_def.faces
    data = start.to_json()
    placed = {**(scandals or {}), **(piles or {})}
    cards = {face: faces.index(face) for face in [held, *placed.values()]}
    data["deck"] = [c for c in data["deck"] if c not in cards.values()]
    data["held"] = [cards[held]]
    for politician, face in (scandals or {}).items():
        data["scandals"][politician] = [cards[face]]
    for (seat, politician), face in (piles or {}).items():
        data["piles"][seat][politician] = [cards[face]]
    data["phase"] = "play"
    return game.state_from_json(data)


def test_slush_fund_a_spy_moves_a_scandal_with_two_clicks_on_politicians(page: Page) -> None:
    """Spy (rulebook, Power cards): move one Scandal to another politician. The Spy, the only
    card held, is chosen already; then the politician the Scandal leaves, then the one it goes to."""
    state = slush_fund_holding("spy", scandals={1: "scandal"})
    legal = show(page, state, 0)
    assert ["spy_move", 1, 3] in legal
    assert "selected" in (page.locator('.sf-pick:has([data-face="spy"])').get_attribute("class") or "")
    page.click('th[data-politician="1"] .sf-pol-card.clickable')
    assert acted(page) == []
    page.click('th[data-politician="3"] .sf-pol-card.clickable')
    assert acted(page) == [["spy_move", 1, 3]]


CARD_TEXTS = """els => els.map(e => {
  const box = e.getBoundingClientRect();
  const part = (sel) => {
    const el = e.querySelector(sel);
    if (!el) return null;
    const r = el.getBoundingClientRect();
    const inside = r.left >= box.left - 1 && r.right <= box.right + 1
      && r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
    const text = el.textContent.replaceAll("\\u00ad", "");  // as read: a soft hyphen is unseen
    return { text, size: parseFloat(getComputedStyle(el).fontSize), inside };
  };
  const icon = Boolean(e.querySelector('.emblem svg path'));
  return { face: e.dataset.face, width: box.width, value: part('.value'), name: part('.name'), icon };
})"""


def expected_name(game_id: str, face: str, lang: str = "en") -> str:
    """The name a face-up card prints: its own in the game's catalog, or, where the value
    already says the card's name ("$10K", "$1,000 bribe"), the name of its kind."""
    texts = catalog(lang)
    if game_id == "slush-fund" and face.startswith("money-"):
        return texts["web.slush-fund.money_card"]
    if game_id == "corruption" and face.startswith("bribe-"):
        return texts["web.corruption.bribe"]
    return texts[f"{game_id}.card.{face}"]


@pytest.mark.parametrize("game_id", ["stool-pigeon", "slush-fund", "corruption"])
def test_every_face_up_card_shows_its_value_name_and_icon(browser: Any, server: str, game_id: str) -> None:
    """Issue 12: cards a player recognises at a glance, at phone size. Along a game seen on a
    390 px wide window, every face-up card shows the icon of its kind, its name, and its value
    (the number on the face: a witness, money in $K, a bribe's amount; a VP card's or a
    Scandal's point), each at a readable size and within the card; a card without a number (a
    character, a power) shows its name alone, larger."""
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(f"{server}/?lang=en")
    page.wait_for_selector(".game-choice")
    game = get_game(game_id)
    state, _ = game.start(game.min_players + 1, {}, 5)
    rng = random.Random(2)
    seen: set[str] = set()
    for step in range(60):
        if state.is_over:
            break
        seat = state.actors()[0]
        if step % 4 == 3:  # a few moves in, so that cards lie on the table too
            show(page, state, seat)
            cards = page.locator('#under-test [data-face]:not([data-face="back"])').evaluate_all(CARD_TEXTS)
            for card in cards:
                face = card["face"]
                seen.add(face)
                assert card["icon"], face
                assert card["name"] and card["name"]["text"] == expected_name(game_id, face), card
                assert card["name"]["size"] >= 7.5 and card["name"]["inside"], card
                number = re.search(r"\d+", face)
                scored = number or face in ("vp", "scandal") or game_id == "stool-pigeon"
                if not scored:
                    assert card["value"] is None, card
                    continue
                assert card["value"] and card["value"]["size"] >= 10 and card["value"]["inside"], card
                value = card["value"]["text"]
                if number:  # witness-3, money-20 ("$20K"), bribe-4000 ("$4,000")
                    assert re.sub(r"\D", "", value) == number.group(), card
                elif face in ("vp", "scandal"):  # a point won, a point lost
                    assert "1" in value, card
                else:  # Stool Pigeon's Family (printed numbers) and Rat ("?")
                    assert value.strip(), card
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert len(seen) >= 3, seen
    page.close()


def test_a_card_just_drawn_slides_in_once_and_not_under_reduced_motion(server: str, browser: Any) -> None:
    state = stool_pigeon(sp.DRAW)
    after = stool_pigeon(sp.DRAW)
    after.apply(0, ("draw",))
    for motion, animation in (("no-preference", "arrive"), ("reduce", "none")):
        page = browser.new_page(reduced_motion=motion)
        page.goto(f"{server}/?lang=en")
        page.wait_for_selector(".game-choice")
        show(page, state, 0)
        assert page.locator(".arrive").count() == 0  # the first sight of a table is no news
        show(page, after, 0, keep=True)
        held = page.locator('[data-pile="held"].arrive')
        assert held.count() == 1
        assert held.evaluate("e => getComputedStyle(e).animationName") == animation
        show(page, after, 0, keep=True)  # the same position again: nothing new to animate
        assert page.locator(".arrive").count() == 0
        page.close()


def test_the_generic_board_lays_out_an_illuminati_table_with_its_cards_by_name(page: Page) -> None:
    """Illuminati has no board of its own yet: the generic one must show its view (structures,
    the uncontrolled area, the seat's specials) so the table stays playable online."""
    state, _ = get_game("illuminati").start(4, {}, 3)
    seat = state.actors()[0]
    view = json.loads(json.dumps(state.view(seat)))
    page.evaluate(RENDER, ["generic", view, [], seat])
    faces = page.locator("#under-test [data-face]").evaluate_all("els => els.map(e => e.dataset.face)")
    assert set(view["uncontrolled"]) <= set(faces)
    roots = {p["illuminati"] for p in view["players_info"]}
    assert roots <= set(faces)
    phase = catalog("en")[f"illuminati.phase.{view['phase']}"]
    assert page.locator('#under-test [data-key="phase"] dd').inner_text() == phase


@pytest.mark.parametrize(
    ("lang", "one", "two"),
    [
        ("en", "1 card in hand", "2 cards in hand"),
        ("es", "1 carta en mano", "2 cartas en mano"),
        ("fr", "1 carte en main", "2 cartes en main"),
    ],
)
def test_a_counted_word_agrees_with_its_number_in_the_browser(
    page: Page, lang: str, one: str, two: str
) -> None:
    """``t`` picks the language's plural form (``<key>.one``/``.other``) by ``count``, as the
    server's ``translate`` does: a board once said "1 cards in hand"."""
    said = page.evaluate(
        """async (lang) => {
          const i18n = await import("/static/static/i18n.js");
          await i18n.setLang(lang);
          return [1, 2].map((count) => i18n.t("web.corruption.in_hand", { count }));
        }""",
        lang,
    )
    assert said == [one, two]


@pytest.mark.parametrize("lang", ["es", "en", "fr"])
def test_the_browser_writes_a_figure_as_the_servers_own_sentences_do(page: Page, lang: str) -> None:
    """A board's amounts and the labels the server writes beside them agree: a Spanish
    Corruption card once said "$1000" next to an action "soborno de $1.000" (the browser's
    Spanish leaves four digits ungrouped, Babel groups them)."""
    figures = [1000, 10000, 1234567]
    written = page.evaluate(
        """async ([lang, figures]) => {
          const i18n = await import("/static/static/i18n.js");
          await i18n.setLang(lang);
          return figures.map((value) => i18n.formatNumber(value));
        }""",
        [lang, figures],
    )
    assert written == [format_number(lang, value) for value in figures]


def test_slush_fund_the_only_card_held_is_chosen_and_a_click_puts_it_down(page: Page) -> None:
    """A single card held (a Thief) is chosen at once, its targets lit; a click on it must put
    it down like any other chosen card (it was chosen again at every render, so it could not)."""
    state = slush_fund_holding("thief", piles={(1, 2): "money-10"})
    assert ["thief", 1, 2] in show(page, state, 0)
    thief_card = page.locator('.sf-pick:has([data-face="thief"])')
    assert "selected" in (thief_card.get_attribute("class") or "")
    assert page.locator(".sf-pile-box.clickable").count() == 1
    thief_card.click()
    assert "selected" not in (thief_card.get_attribute("class") or "")
    assert page.locator(".sf-pile-box.clickable").count() == 0
    thief_card.click()
    page.click(".sf-pile-box.clickable")
    assert acted(page) == [["thief", 1, 2]]


def test_corruption_calls_the_seat_you_everywhere_never_by_its_name(page: Page) -> None:
    """The board names this seat "you" (``web.you``) as the other boards do: under its cards,
    in the contracts won and in an award's totals, which once said "Ana $10,000" under "you"."""
    state, _ = get_game("corruption").start(3, {}, 5)
    rng = random.Random(1)
    while not state.view(0)["totals"]:
        seat = state.actors()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    show(page, state, 0)
    you = catalog("en")["web.you"]
    assert "Ana" not in page.inner_text("#under-test")  # ctx.name(0) in RENDER
    assert page.locator(".co-won li.mine b").inner_text() == you
    owners = page.locator(".co-play.own .co-owner").all_inner_texts()
    assert owners and set(owners) == {you}
    assert all(line.startswith(f"{you} ") for line in page.locator(".co-totals").all_inner_texts())


def test_corruption_on_a_phone_the_hand_is_on_the_first_screen(server: str, browser: Any) -> None:
    """At 390×844 the hand lay under the three bodies' contracts stacked one a column, some
    1,450 px down: it comes right under the round's status and buttons, before the bodies."""
    phone = phone_seat(server, browser, "corruption", ".co-hand .co-pick.clickable")
    assert bottom(phone, ".co-hand") < 844
    check_layout(phone, "corruption-phone")
    phone.close()


@pytest.mark.parametrize(
    ("game", "hand", "table"),
    [("politburo", ".pb-hand", ".pb-seats"), ("corruption", ".co-hand", ".co-bodies")],
)
def test_tab_reaches_the_hand_before_the_table_in_the_order_seen(
    server: str, browser: Any, game: str, hand: str, table: str
) -> None:
    """With a hand card picked, Tab goes from the hand to its targets on the table in the order
    the page shows them, on a phone and on a desktop: Politburó's phone showed the hand first
    (CSS order) while Tab went through twelve candidates before reaching it."""
    phone = phone_seat(server, browser, game, f"{hand} .clickable")
    phone.locator(f"{hand} .clickable").first.click()
    for size in ("phone", "desktop"):
        phone.set_viewport_size(viewport(size))
        stops = tab_order(phone, {"hand": hand, "table": table})
        assert [part for part, _ in stops] == ["hand", "table"], (size, stops)
        assert stops[0][1] < stops[1][1], (size, stops)
    phone.close()


def test_stool_pigeon_your_district_comes_right_under_the_buttons_before_the_others(
    server: str, browser: Any
) -> None:
    """At 390×844 the District a player swaps into lay under the three opponents', at
    863-1,180 px, the draw pile and the buttons at 457: it comes right under the buttons, before
    the others, at every width (the order Tab follows too), and on a desktop the whole table
    fits its first screen, your District first in the others' row."""
    phone = phone_seat(server, browser, "stool-pigeon", ".pile-card.clickable")
    for size in ("phone", "desktop"):
        phone.set_viewport_size(viewport(size))
        tops = phone.locator(".district").evaluate_all(
            "els => els.map(e => [e.classList.contains('mine'), e.getBoundingClientRect().top + scrollY])"
        )
        assert tops[0][0] and all(tops[0][1] <= top for _, top in tops), (size, tops)
        assert tops[0][1] - bottom(phone, ".middle") < 20, (size, tops)
    assert bottom(phone, ".district:last-child") < viewport("desktop")["height"]
    phone.set_viewport_size(viewport("phone"))
    assert bottom(phone, '.district.mine [data-slot="0"]') < viewport("phone")["height"]
    check_layout(phone, "stool-pigeon-phone")
    phone.close()


BROKEN_WORDS = """([sel, within]) => [...document.querySelectorAll(sel)].flatMap((el) => {
  // The line each character lies on; a word (between spaces, hyphens and the soft hyphens of
  // web.hyphenation, where a break shows a hyphen) must keep to one.
  const text = el.firstChild;
  const range = document.createRange();
  const line = (i) => {
    range.setStart(text, i);
    range.setEnd(text, i + 1);
    return Math.round([...range.getClientRects()].at(-1).top);  // the last: a hyphen drawn comes first
  };
  const split = [...text.data.matchAll(/[^\\s\\-\u2010\u00ad]+/g)]
    .filter((m) => new Set([...m[0]].map((_, k) => line(m.index + k))).size > 1)
    .map((m) => `"${m[0]}" split`);
  const size = parseFloat(getComputedStyle(el).fontSize);
  const card = (within ? el.closest(within) : el.parentElement).getBoundingClientRect();
  const own = el.getBoundingClientRect();
  const wider = el.scrollWidth > el.clientWidth + 1 || own.left < card.left - 1 || own.right > card.right + 1;
  const over = wider ? [`wider than its card (${el.scrollWidth}px)`] : [];
  return [...split, ...over, ...(size < 8 ? [`${size}px`] : [])].map((p) => `${text.data}: ${p}`);
})"""


def assert_whole_words(page: Page, selector: str, within: str | None = None) -> None:
    """Every name ``selector`` finds keeps its words whole, at 8px at the least, inside its
    card: its parent, or the nearest ``within`` (a card that may itself grow past its place)."""
    broken = page.evaluate(BROKEN_WORDS, [selector, within])
    assert not broken, broken


def printed_faces(game_id: str) -> set[str]:
    """Every face of ``game_id`` that is drawn as a card (static/cards.js faceCard)."""
    faces = {key.split(".card.")[1] for key in catalog("en") if key.startswith(f"{game_id}.card.")}
    if game_id == "corruption":  # its contracts are wide paper cards, named in full
        faces = {f for f in faces if f.startswith("bribe-") or f in ("attorney", "reporter", "hitman")}
    return faces


FACES_AT = {"stool-pigeon": 46, "slush-fund": 60, "corruption": 58}
"""The narrowest card each board draws (style.css): an opponent's District on a phone, Slush
Fund's cards on a phone, a card played on a Corruption contract."""


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
def test_a_card_name_wraps_between_words_and_never_inside_one(page: Page, lang: str) -> None:
    """A card's name breaks at a space or a hyphen and is set smaller for a long word, never
    split inside one ("Chauffeu|se", "Difamació|n"): every name of each board, in each
    language, on the narrowest card the board draws (with a value and without one),
    Politburó's hand cards, its candidates on a desktop (Ordzhonikidze ran into the next
    card) and a phone, and Slush Fund's politicians on a phone."""
    cards = [
        {"name": expected_name(game, face, lang), "value": value, "width": width}
        for game, width in FACES_AT.items()
        for face in printed_faces(game)
        for value in ("7", None)
    ]
    page.evaluate(
        """async ([lang, cards]) => {
          const { faceCard } = await import("/static/static/cards.js");
          const { h } = await import("/static/static/dom.js");
          const i18n = await import("/static/static/i18n.js");
          await i18n.setLang(lang);
          document.body.replaceChildren(...cards.map(({ name, value, width }) =>
            h("div", { style: `--card-w: ${width}px; --card-h: ${width * 1.41}px` },
              faceCard(h, { face: "x", kind: "x", icon: "eye", value, name }))));
        }""",
        [lang, cards],
    )
    assert_whole_words(page, ".card .name")
    hand = sorted({f for f in POLITBURO_FACES if not f.endswith(("-2", "-3"))})
    show(page, politburo_position(hands={0: hand}), 0, lang=lang)
    assert_whole_words(page, ".pb-hand .pb-card")
    for size in ("desktop", "phone"):  # the fifteen candidates (Ordzhonikidze) on their cards
        page.set_viewport_size(viewport(size))
        show(page, politburo_position(players=5), 0, lang=lang)
        assert_whole_words(page, ".pb-name", within=".pb-candidate")
    show(page, get_game("slush-fund").start(4, {}, 1)[0], 0, lang=lang)  # on the phone still
    assert_whole_words(page, ".sf-pol-name")
