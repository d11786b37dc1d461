"""Illuminati's spending and deal panels (boards/illuminati/windows.js) in the browser: position
by position, each click sends exactly the engine's action; then two people at a live table, one
interfering in the other's attack, and a deal accepted and one declined, executed by the engine."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import pytest

from backroom.games import get_game
from backroom.i18n import catalog
from tests.games.illuminati.conftest import all_pass, declare, position
from tests.web.conftest import post_json, shot
from tests.web.layout import bottom, check_layout, top, viewport
from tests.web.test_boards import RENDER, acted, page, show
from tests.web.test_play import wait_past_version

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Locator, Page

    from backroom.games.illuminati.state import IlluminatiState

__all__ = ["page"]

sync_api = pytest.importorskip("playwright.sync_api", reason="pip install -e .[dev] installs playwright")
expect = sync_api.expect
EN = catalog("en")


def action_key(action: Any) -> str:
    """An action as the page marks it (``JSON.stringify``)."""
    return json.dumps(list(action), separators=(",", ":"))


def marked(page: Page, scope: str) -> list[list[Any]]:
    found: list[str] = page.locator(f"{scope} [data-action]").evaluate_all(
        "els => els.map(e => e.dataset.action)"
    )
    return [json.loads(a) for a in found]


def text(key: str, **params: Any) -> str:
    out = EN[key]
    for name, value in params.items():
        out = out.replace(f"{{{name}}}", str(value))
    return out


def three_seats(**extra: Any) -> IlluminatiState:
    """The Network (the Mafia under it) on turn, the Gnomes (the Pentagon under them) and the
    Servants of Cthulhu beside."""
    return position(
        [extra.pop("root", "network"), "gnomes_of_zurich", "servants_of_cthulhu"],
        structures={
            0: [("the_mafia", extra.pop("root_name", "network"), "right")],
            1: [("pentagon", "gnomes_of_zurich", "top")],
        },
        money={
            "network": 10,
            "bavarian_illuminati": 10,
            "gnomes_of_zurich": 8,
            "servants_of_cthulhu": 7,
            "the_mafia": 4,
        },
        uncontrolled=["loan_sharks", "hollywood"],
        **extra,
    )


def totals(page: Page) -> tuple[str, str]:
    return (
        page.locator('[data-total="for"]').inner_text(),
        page.locator('[data-total="against"]').inner_text(),
    )


# ----------------------------------------------------------------------------- the spending window


def test_spend_panel_shows_the_attack_the_views_totals_and_to_seats_not_asked_who_is_still_to_answer(
    page: Page,
) -> None:
    state = three_seats()
    declare(state, "control", "loan_sharks", "the_mafia")
    state.apply(0, ("spend", "group", 2))
    state.apply(2, ("interfere", "against", 3))
    show(page, state, 1)
    attack = state.view(1)["attack"]
    spent = attack["spent"]
    assert totals(page) == (
        text("web.illuminati.spend.total_for", mb=spent["attacker"] + spent["support"]),
        text(
            "web.illuminati.spend.total_against",
            mb=spent["defending_group"] + spent["defender_illuminati"] + spent["oppose"],
        ),
    )
    assert "For: 2 MB" in totals(page)[0] and "Against: 3 MB" in totals(page)[1]
    panel = page.locator('[data-panel="spend"]')
    assert (
        EN["illuminati.card.the_mafia"] in panel.inner_text()
        and EN["illuminati.card.loan_sharks"] in panel.inner_text()
    )
    percent = f"{round(attack['chance'] * 1000) / 10:g}"  # as the odds beside the board show it
    assert panel.locator(".iw-odds").inner_text() == text(
        "web.illuminati.spend.need", need=attack["need"], percent=percent
    )
    show(page, state, 0)  # the Servants raised: the Gnomes are asked, the Network waits
    waiting = state.view(0)["attack"]["waiting"]
    assert state.actors() == (1,) and waiting[0] == 1
    names = ", ".join(["Ana", "Bruno", "Carla"][s] for s in waiting)
    assert page.locator(".iw-waiting").inner_text() == text("web.illuminati.spend.waiting", seats=names)
    assert page.locator('[data-panel="spend"] [data-action]').count() == 0


def test_spend_panel_and_odds_dialog_say_an_attack_needing_less_than_two_cannot_succeed(page: Page) -> None:
    state = three_seats()
    declare(state, "control", "pentagon", "the_mafia")  # 7 - 6 - 10 (beside the Gnomes) + 4
    assert state.view(0)["attack"]["need"] == -5
    show(page, state, 0)
    said = text("illuminati.ui.hopeless", short=7)
    assert page.locator(".iw-odds").inner_text() == said
    assert page.locator(".il-odds [data-chance]").inner_text() == said


def test_after_a_hopeless_roll_the_panel_says_no_roll_could_make_it_not_a_negative_need(page: Page) -> None:
    state = three_seats(hands={2: ["murphys_law"]})
    declare(state, "control", "pentagon", "the_mafia")  # needs -5, as above
    all_pass(state)
    assert state.phase == "rolled" and state.view(2)["attack"]["need"] == -5
    show(page, state, 2)
    said = page.locator('[data-panel="spend"] .iw-odds').inner_text()
    assert said == text(
        "web.illuminati.spend.rolled", roll=state.p_roll, needing=EN["illuminati.needing.none"]
    )
    assert "-5" not in page.locator("body").inner_text()


def test_spend_panel_adding_money_sends_exactly_the_engines_raise_within_its_bounds_and_pass_passes(
    page: Page,
) -> None:
    state = three_seats()
    declare(state, "control", "loan_sharks", "the_mafia")
    state.apply(0, ("pass",))
    legal = show(page, state, 2)  # the Servants of Cthulhu, 7 MB: they may interfere
    against = page.locator('[data-raise="interfere:against"]')
    assert against.locator("input").get_attribute("max") == str(
        max(a[2] for a in legal if a[:2] == ["interfere", "against"])
    )
    against.locator("input").fill("4")
    against.locator("button").click()
    against.locator("input").fill("8")  # more than the treasury holds: refused before it is sent
    assert against.locator("button").is_disabled()
    assert against.locator(".iw-bounds.bad").count() == 1
    assert acted(page) == [["interfere", "against", 4]]
    assert all(a in legal for a in marked(page, '[data-panel="spend"]'))
    page.locator('[data-panel="spend"] .do-pass').click()
    assert acted(page) == [["interfere", "against", 4], ["pass"]]


def test_spend_panel_after_the_dice_shows_the_roll_the_specials_answering_it_and_the_countdown(
    page: Page,
) -> None:
    # Murphy's Law is played "immediately after the dice are rolled for any attack" (ruling 17).
    state = three_seats(hands={2: ["murphys_law"]})
    declare(state, "control", "loan_sharks", "the_mafia")
    all_pass(state)
    assert state.phase == "rolled" and state.actors() == (2,)
    legal = [list(a) for a in state.legal_actions(2)]
    view = json.loads(json.dumps(state.view(2)))
    page.evaluate(
        RENDER.replace("deadline: null", "deadline: Date.now() + 30000"),
        ["illuminati", view, legal, 2, False],
    )
    panel = page.locator('[data-panel="spend"]')
    attack = view["attack"]
    needing = text("illuminati.needing.some", need=attack["need"])
    assert panel.locator(".iw-odds").inner_text() == text(
        "web.illuminati.spend.rolled", roll=attack["roll"], needing=needing
    )
    assert marked(page, '[data-panel="spend"]') == [["special", "murphys_law"], ["pass"]]
    assert panel.locator(".iw-countdown").inner_text() in {
        text("web.illuminati.spend.countdown", seconds=n) for n in (28, 29, 30)
    }
    expect(panel.locator(".iw-countdown")).not_to_have_text(
        text("web.illuminati.spend.countdown", seconds=30)
    )


def test_spend_panel_a_privileged_attack_offers_no_interference_only_its_cancelling(page: Page) -> None:
    # "Nadie puede interferir a favor o en contra de un ataque Confidencial." "La
    # confidencialidad puede cancelarse [...] descartando dos cartas Especiales".
    state = three_seats(
        root="bavarian_illuminati",
        root_name="bavarian_illuminati",
        hands={2: ["murphys_law", "swiss_bank_account"]},
    )
    declare(state, "control", "loan_sharks", "the_mafia", how="bavarian")
    state.apply(0, ("pass",))
    legal = show(page, state, 2)
    panel = page.locator('[data-panel="spend"]')
    assert panel.locator(".iw-privileged").inner_text() == EN["web.illuminati.spend.privileged"]
    assert panel.locator("[data-raise]").count() == 0
    assert ["unprivilege", "murphys_law", "swiss_bank_account"] in marked(page, '[data-panel="spend"]')
    assert all(a in legal for a in marked(page, '[data-panel="spend"]'))
    panel.locator(
        f"[data-action='{action_key(('unprivilege', 'murphys_law', 'swiss_bank_account'))}']"
    ).click()
    assert acted(page) == [["unprivilege", "murphys_law", "swiss_bank_account"]]


# ----------------------------------------------------------------------------- deals


def trading() -> IlluminatiState:
    """The Network holds Deep Agent, the Gnomes Slush Fund; the Servants watch."""
    return three_seats(hands={0: ["deep_agent"], 1: ["slush_fund"]})


def choose(page: Page, name: str, action: Any) -> None:
    """Pick ``action`` in the chooser ``name`` and send it."""
    box = page.locator(f'[data-chooser="{name}"]')
    box.locator("select").select_option(action_key(action))
    box.locator("button").click()


def test_deal_panel_builds_an_offer_action_by_action(page: Page) -> None:
    state = trading()
    steps = [
        ("iw-offer", ("offer", 1)),
        ("iw-offer_give", ("offer_give", "deep_agent")),
        ("iw-offer_take", ("offer_take", "pentagon")),
        ("money", ("offer_money", "take", 5)),
    ]
    for name, action in steps:
        legal = show(page, state, 0)
        assert list(action) in legal
        if name == "money":
            box = page.locator('[data-amount="iw-money-take"]')
            box.locator("input").fill("5")
            box.locator("button").click()
        else:
            choose(page, name, action)
        assert acted(page)[-1] == list(action)
        state.apply(0, action)
    show(page, state, 0)
    give, take = page.locator('[data-side="give"]'), page.locator('[data-side="take"]')
    assert give.locator("[data-face]").evaluate_all("els => els.map(e => e.dataset.face)") == ["deep_agent"]
    assert take.locator("[data-face]").evaluate_all("els => els.map(e => e.dataset.face)") == ["pentagon"]
    assert take.locator("[data-mb]").get_attribute("data-mb") == "5"
    page.locator('[data-panel="deal"] [data-action=\'["propose"]\']').click()
    assert acted(page)[-1] == ["propose"]


def proposed() -> IlluminatiState:
    state = trading()
    for action in (
        ("offer", 1),
        ("offer_give", "deep_agent"),
        ("offer_give", "the_mafia"),
        ("offer_money", "take", 5),
    ):
        state.apply(0, action)
    state.apply(0, ("propose",))
    return state


def test_deal_panel_the_other_party_answers_in_one_click_a_third_seat_sees_no_specials_faces(
    page: Page,
) -> None:
    state = proposed()
    legal = show(page, state, 1)
    panel = page.locator('[data-panel="deal"]')
    assert EN["illuminati.card.deep_agent"] in panel.inner_text()  # the other party sees the face
    panel.locator(".do-accept").click()
    panel.locator(".do-pass").click()
    assert acted(page) == [["accept"], ["decline"]] and ["accept"] in legal and ["decline"] in legal
    show(page, state, 2)  # a third seat: the offer's groups and money, its specials face down
    panel = page.locator('[data-panel="deal"]')
    assert text("web.illuminati.deal.hidden_specials", count=1) in panel.inner_text()
    assert EN["illuminati.card.the_mafia"] in panel.inner_text()
    assert EN["illuminati.card.deep_agent"] not in page.locator("body").inner_text()
    assert "deep_agent" not in page.content()
    assert panel.locator("[data-action]").count() == 0


def test_deal_panel_groups_received_are_laid_from_the_legal_places(page: Page) -> None:
    state = proposed()
    state.apply(1, ("accept",))
    legal = show(page, state, 1)
    lay = page.locator('[data-chooser="iw-lay"] option').evaluate_all(
        "els => els.map(e => JSON.parse(e.value))"
    )
    assert lay == [a for a in legal if a[0] in ("receive", "lose")]
    choose(page, "iw-lay", lay[-1])
    assert acted(page) == [lay[-1]]


def test_gift_form_sends_money_and_specials_to_the_chosen_seat(page: Page) -> None:
    state = trading()
    legal = show(page, state, 0)
    page.locator('select[name="iw-gift-seat"]').select_option("2")
    box = page.locator('[data-amount="iw-gift-mb"]')
    box.locator("input").fill("3")
    box.locator("button").click()
    choose(page, "iw-gift-special", ("give_special", 2, "deep_agent"))
    assert acted(page) == [["give_money", 2, 3], ["give_special", 2, "deep_agent"]]
    assert all(a in legal for a in acted(page))


def test_deal_panel_a_seat_asked_in_a_window_offers_with_the_same_builder_and_the_other_counters_it(
    page: Page,
) -> None:
    # Ruling 30: the Gnomes, asked in the Network's spending round, sell Murphy's Law to the
    # Servants; money and specials only, a special's face to the two parties alone.
    state = three_seats(hands={1: ["murphys_law"], 2: ["slush_fund"]})
    declare(state, "control", "loan_sharks", "the_mafia")
    while state.actors() != (1,):
        state.apply(state.actors()[0], ("pass",))
    for name, action in (("iw-offer", ("offer", 2)), ("iw-offer_give", ("offer_give", "murphys_law"))):
        assert list(action) in show(page, state, 1)
        choose(page, name, action)
        assert acted(page)[-1] == list(action)
        state.apply(1, action)
    legal = show(page, state, 1)
    assert not any(a[0] == "offer_give" for a in legal)  # no group out of the action phase
    box = page.locator('[data-amount="iw-money-take"]')
    box.locator("input").fill("4")
    box.locator("button").click()
    assert acted(page)[-1] == ["offer_money", "take", 4]
    state.apply(1, ("offer_money", "take", 4))
    show(page, state, 1)
    page.locator('[data-panel="deal"] [data-action=\'["propose"]\']').click()
    state.apply(1, ("propose",))
    legal = show(page, state, 2)
    panel = page.locator('[data-panel="deal"]')
    assert text("web.illuminati.deal.out_of_turn") in panel.inner_text()
    assert EN["illuminati.card.murphys_law"] in panel.inner_text()
    panel.locator(".do-counter").click()
    panel.locator(".do-accept").click()
    assert acted(page)[-2:] == [["counter"], ["accept"]] and ["counter"] in legal
    show(page, state, 0)  # the player on turn is no party: the special lies face down
    assert "murphys_law" not in page.content()
    hidden = text("web.illuminati.deal.hidden_specials", count=1)
    assert hidden in page.locator('[data-panel="deal"]').inner_text()
    state.apply(2, ("counter",))  # the Servants' builder: first what they take out
    legal = show(page, state, 2)
    choose(page, "iw-offer_remove", ("offer_remove", "take", "murphys_law"))
    box = page.locator('[data-amount="iw-less-give"]')
    box.locator("input").fill("1")
    box.locator("button").click()
    assert acted(page)[-2:] == [["offer_remove", "take", "murphys_law"], ["offer_remove_mb", "give", 1]]
    assert all(a in legal for a in acted(page)[-2:])


# ----------------------------------------------------------------------------- the choosers' width

ON_THE_TABLE = """() => {
  // The board as table.html lays it out: beside the page's own 320-pixel column of panels.
  const board = document.getElementById("under-test");
  const layout = document.createElement("main");
  const side = document.createElement("aside");
  layout.className = "table-layout";
  side.className = "side";
  side.innerHTML = '<section class="panel"><h2>Players</h2></section>';
  board.replaceWith(layout);
  layout.append(board, side);
}"""

NEEDED = """(select) => [...select.options].map((option) => {
  // What the select needs to show this option whole: a copy of it holding only that option,
  // as wide as it would be with room to spare.
  const copy = select.cloneNode(false);
  copy.append(new Option(option.text));
  copy.style.cssText = "flex: none; width: auto; max-width: none; position: absolute; visibility: hidden";
  select.after(copy);
  const width = copy.getBoundingClientRect().width;
  copy.remove();
  return [option.text, width];
})"""


def long_names(building: bool) -> IlluminatiState:
    """The Network under the groups and holding the special with the longest names in the
    three languages (the Semiconscious Liberation Army's in Spanish, Secrets Man Was Not Meant
    to Know's in English and French): with gifts to give, or building an offer to the Gnomes."""
    state = position(
        ["network", "gnomes_of_zurich", "servants_of_cthulhu"],
        structures={
            0: [
                ("semiconscious_liberation_army", "network", "left"),
                ("international_communist_conspiracy", "network", "bottom"),
                ("evil_geniuses_for_a_better_tomorrow", "network", "right"),
            ]
        },
        money={"network": 10},
        hands={0: ["secrets_man_was_not_meant_to_know", "deep_agent"]},
    )
    if building:
        state.apply(0, ("offer", 1))
    return state


def test_deal_and_gift_choosers_stay_in_the_panel_and_name_the_card_chosen_whole(page: Page) -> None:
    """A chooser's list had a basis of 10rem beside its button in the 20rem column: at 1280 px a
    long name was cut ("Secrets Man Was Not Meant") and the row stuck out of the panel (on a
    phone the page scrolled sideways in French). Now nothing leaves the panel or the window, on
    a desktop every English name is shown whole, and where the column cuts a name short (the
    longest Spanish and French ones; the map keeps its width) the list's title holds the one
    chosen whole."""
    page.add_style_tag(url="/static/static/illuminati-windows.css")
    page.add_style_tag(url="/static/static/illuminati.css")
    page.evaluate("document.body.classList.add('table-page')")
    for size, width in (("desktop", 1280), ("phone", 375)):
        page.set_viewport_size({"width": width, "height": 900})
        for lang in ("en", "es", "fr"):
            for building, names in ((False, "iw-gift-special"), (True, "iw-offer_give")):
                show(page, long_names(building), 0, lang=lang)
                page.evaluate(ON_THE_TABLE)
                panel = page.locator('[data-panel="deal"]')
                assert panel.locator(f'[data-chooser="{names}"] option').count() == (5 if building else 2)
                right = panel.evaluate("el => el.getBoundingClientRect().right")
                for chooser in panel.locator(".iw-chooser").all():
                    box = chooser.evaluate("el => el.getBoundingClientRect().right")
                    assert box <= right, (size, lang, chooser.get_attribute("data-chooser"))
                    select = chooser.locator("select")
                    if size == "desktop" and lang == "en":
                        shown = select.evaluate("el => el.getBoundingClientRect().width")
                        for text, needed in select.evaluate(NEEDED):
                            assert shown >= needed - 0.5, (lang, text, shown, needed)
                    for option in select.locator("option").all():
                        select.select_option(option.get_attribute("value"))
                        assert select.get_attribute("title") == option.text_content(), (lang, size)
                assert page.evaluate("document.scrollingElement.scrollWidth") <= width, (size, lang)
            shot(page, f"illuminati-deal-chooser-{lang}-{size}")


# ----------------------------------------------------------------------------- two people at a live table

SEED = 2
"""Two players: the Network (seat 0, 18 MB) on turn, the Servants of Cthulhu (seat 1, 7 MB)."""


def seated(server: str, browser: Browser) -> tuple[dict[str, Any], list[Page], list[dict[str, Any]]]:
    """A live two-seat table, both seats in a browser; each page's last update as received."""
    table = post_json(
        f"{server}/api/tables",
        {
            "game": "illuminati",
            "players": 2,
            "seats": [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bruno"}],
            "seed": SEED,
            "bot_delay": 0,
        },
    )
    pages, last = [], []
    for seat in (0, 1):
        context = browser.new_context(
            viewport={"width": 390, "height": 844} if seat else {"width": 1200, "height": 850}
        )
        page = context.new_page()
        seen: dict[str, Any] = {}

        def keep(payload: Any, seen: dict[str, Any] = seen) -> None:
            message = json.loads(payload)
            if message.get("type") == "update":
                seen.update(message)

        page.on("websocket", lambda ws, keep=keep: ws.on("framereceived", keep))
        page.goto(f"{server}{table['seats'][seat]['invite']}&lang=en")
        page.wait_for_selector("body[data-version]")
        pages.append(page)
        last.append(seen)
    return table, pages, last


def fits_a_phone(panel: Locator) -> None:
    """The panel lies inside a 390-pixel-wide window and nothing in it scrolls sideways."""
    box = panel.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    assert panel.evaluate("el => el.scrollWidth <= el.clientWidth")


def engine() -> IlluminatiState:
    game = get_game("illuminati")
    state, _ = game.start(2, game.resolve_options({}), SEED)
    return state  # type: ignore[return-value]


def click(page: Page, target: Locator) -> None:
    """Click, and wait for the server's answer (the next version)."""
    version = int(page.locator("body").get_attribute("data-version") or "0")
    target.click()
    wait_past_version(page, version)


def level(clicked: Page, other: Page) -> None:
    """Wait until ``other`` shows the version ``clicked`` shows."""
    expect(other.locator("body")).to_have_attribute(
        "data-version", clicked.locator("body").get_attribute("data-version") or ""
    )


def from_list(page: Page, action: Any) -> Locator:
    """The action's button in the page's list of legal actions (opening its group if needed)."""
    button = page.locator(f"#actions [data-action='{action_key(action)}']")
    if not button.is_visible():
        page.locator(f"#actions details:has([data-action='{action_key(action)}']) > summary").click()
    return button


def test_two_people_one_interferes_in_the_others_attack_and_both_see_the_totals(
    server: str, browser: Browser
) -> None:
    _table, (ana, bruno), last = seated(server, browser)
    state = engine()
    assert last[0]["view"] == json.loads(json.dumps(state.view(0)))
    for action in (("attack", "control", "goldfish_fanciers"), ("attacker", "network"), ("announce", "open")):
        click(ana, from_list(ana, action))
        state.apply(0, action)
    expect(bruno.locator(".iw-waiting")).to_have_text(
        text("web.illuminati.spend.waiting", seats="Ana, Bruno")
    )
    click(ana, ana.locator('[data-panel="spend"] .do-pass'))
    state.apply(0, ("pass",))
    against = bruno.locator('[data-raise="interfere:against"]')
    against.locator("input").fill("2")
    click(bruno, against.locator("button"))
    state.apply(1, ("interfere", "against", 2))
    for each in (ana, bruno):
        expect(each.locator('[data-total="against"]')).to_have_text(
            text("web.illuminati.spend.total_against", mb=2)
        )
    # Ana answers from her Illuminati; Bruno's page (a phone's width) follows.
    raise_box = ana.locator('[data-raise="spend:illuminati"]')
    raise_box.locator("input").fill("3")
    click(ana, raise_box.locator("button"))
    state.apply(0, ("spend", "illuminati", 3))
    level(ana, bruno)
    for seat, each in enumerate((ana, bruno)):
        expect(each.locator('[data-total="for"]')).to_have_text(text("web.illuminati.spend.total_for", mb=3))
        assert last[seat]["view"] == json.loads(json.dumps(state.view(seat)))
    fits_a_phone(bruno.locator('[data-panel="spend"]'))
    shot(bruno, "illuminati-spend-phone")
    for each in (ana, bruno):
        each.context.close()


def test_the_spending_rounds_answers_lie_on_the_first_screen_above_the_odds(
    server: str, browser: Browser
) -> None:
    """A seat asked to spend on an attack saw its first answer some 1,000 px down a desktop and
    1,550 down a phone, under the odds dialog and the panel's breakdown: the panel comes first
    beside the board (above the map on a phone), its answers right under the attack."""
    _table, (ana, _bruno), _last = seated(server, browser)
    for action in (("attack", "control", "goldfish_fanciers"), ("attacker", "network"), ("announce", "open")):
        click(ana, from_list(ana, action))
    for size in ("desktop", "phone"):
        ana.set_viewport_size(viewport(size))
        answer = top(ana, '[data-panel="spend"] .iw-act')
        assert bottom(ana, '[data-panel="spend"] .iw-act') < viewport(size)["height"], (size, answer)
        for below in ('[data-panel="spend"] .iw-totals', '[data-panel="spend"] .iw-odds', ".il-odds"):
            assert answer < top(ana, below), (size, below)
        check_layout(ana, f"illuminati-spend-first-{size}")
    ana.context.close()


def test_two_people_a_deal_accepted_then_one_declined_executed_by_the_engine(
    server: str, browser: Browser
) -> None:
    _table, (ana, bruno), last = seated(server, browser)
    state = engine()
    for accepting, (side, mb) in ((True, ("give", 3)), (False, ("take", 2))):
        deal = ana.locator('[data-panel="deal"]')
        click(ana, deal.locator('[data-chooser="iw-offer"] button'))
        box = deal.locator(f'[data-amount="iw-money-{side}"]')
        box.locator("input").fill(str(mb))
        click(ana, box.locator("button"))
        shot(ana, f"illuminati-deal-building-{side}")
        click(ana, deal.locator("[data-action='[\"propose\"]']"))
        for action in (("offer", 1), ("offer_money", side, mb), ("propose",)):
            state.apply(0, action)
        answer = bruno.locator(f'[data-panel="deal"] [data-side="{side}"] [data-mb]')
        expect(answer).to_have_attribute("data-mb", str(mb))
        fits_a_phone(bruno.locator('[data-panel="deal"]'))
        shot(bruno, f"illuminati-deal-offered-{'accepted' if accepting else 'declined'}")
        click(bruno, bruno.locator(".do-accept" if accepting else '[data-panel="deal"] .do-pass'))
        state.apply(1, ("accept",) if accepting else ("decline",))
        level(ana, bruno)
        for seat in (0, 1):
            assert last[seat]["view"] == json.loads(json.dumps(state.view(seat)))
    money = [p["structure"][0]["money"] for p in last[1]["view"]["players_info"]]
    assert money == [18 - 3, 7 + 3]  # the accepted deal moved 3 MB; the declined one nothing
    assert last[1]["view"]["deal"] is None and last[1]["view"]["turn"]["offers"] == 2
    for each in (ana, bruno):
        each.context.close()
