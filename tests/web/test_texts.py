"""Every word of the browser client comes from the catalogs, complete in Spanish, English and
French: each ``web.*`` key the pages and boards name is in all three, and no language has a
``web.*`` key the others lack."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from backroom.i18n import LANGUAGES, catalog, translate

WEB = Path(__file__).resolve().parents[2] / "backroom" / "web"
LITERAL = re.compile(r"""["'`](web\.[a-z0-9_.-]+[a-z0-9_])["'`]""")
"""A whole key in quotes; keys built at run time (``web.conn.${state}``) are checked below."""

BUILT = {
    "web.seat_kind": ("you", "invite", "agent", "bot"),
    "web.conn": ("connecting", "open", "retry", "stopped"),
    "web.language": LANGUAGES,
    "web.status": ("playing", "idle", "over", "damaged"),
    "web.bot": ("random", "heuristic"),
    "web.stool-pigeon.hint": ("draw", "swap", "keep", "peek", "switch", "capo", "snap", "give"),
    "web.corruption.hint": ("swiss", "hitmen", "reporters", "award"),
    "web.corruption.fate": ("killed", "removed", "left"),
    "web.slush-fund.hint": ("choose", "take", "stash", "spy_look"),
    "web.error": ("bad_token", "unknown_table", "damaged_table"),
}
"""Keys the code builds from data, by prefix: every value the data can take."""


def named_keys() -> set[str]:
    keys: set[str] = set()
    for path in [*WEB.rglob("*.js"), *WEB.rglob("*.html")]:
        keys.update(LITERAL.findall(path.read_text("utf-8")))
    keys.update(f"{prefix}.{value}" for prefix, values in BUILT.items() for value in values)
    return keys


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_web_key_the_client_names_is_in_the_catalog(lang: str) -> None:
    missing = sorted(k for k in named_keys() if k not in catalog(lang))
    assert not missing, f"{lang}: {missing}"


def test_the_three_languages_have_the_same_web_keys() -> None:
    sets = {lang: {k for k in catalog(lang) if k.startswith("web.")} for lang in LANGUAGES}
    assert sets["es"] == sets["en"] == sets["fr"]


MESSAGES = [
    {"$": "illuminati.event.spent", "seat": 0, "mb": 4, "card": "bavarian_illuminati", "source": "x"},
    {"$": "illuminati.event.captured", "seat": 0, "card": "bermuda_triangle", "from_seat": 1},
    {"$": "illuminati.action.transfer", "from_card": "network", "to_card": "ufos"},
    {"$": "illuminati.event.setup", "players": 3, "cards": ["ufos", "network", "bermuda_triangle"]},
    {"$": "illuminati.action.aid", "card": "ufos"},
    {
        "$": "illuminati.event.deal_offered_faces",
        "seat": 0,
        "give_cards": ["assassination", "bribery"],
        "take_cards": [{"$": "illuminati.deal.nothing"}],
    },
    {"$": "stool-pigeon.event.close", "seat": 1},
]
"""Illuminati's names with an article, after a preposition, in a list (``*_cards`` included)
and starting a sentence; a player's chosen name that starts like a card's ("La Red"), never
rewritten."""
NAMES = ["Ana", "La Redacción"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_browser_writes_a_name_with_an_article_as_the_server_does(
    server: str, browser: Any, lang: str
) -> None:
    """ "de los OVNIs", "du Triangle", "aux OVNI": the client renders the log itself (``tMsg``),
    from the same catalog words as ``backroom.articles``."""
    said = browser_texts(server, browser, lang, MESSAGES, NAMES)
    assert said == [text_of(lang, msg) for msg in MESSAGES]
    assert "La Redacción" in said[-1]


def browser_texts(server: str, browser: Any, lang: str, messages: list[Any], names: list[str]) -> list[str]:
    """``messages`` as the browser's log writes them (``tMsg``), in ``lang``."""
    page = browser.new_page()
    page.goto(f"{server}/?lang=en")
    said: list[str] = page.evaluate(
        """async ([lang, messages, names]) => {
          const i18n = await import("/static/static/i18n.js");
          await i18n.setLang(lang);
          return messages.map((msg) => i18n.tMsg(msg, names));
        }""",
        [lang, messages, names],
    )
    return said


def text_of(lang: str, msg: dict[str, Any], names: list[str] = NAMES) -> str:
    return translate(lang, msg["$"], {k: v for k, v in msg.items() if k != "$"}, names)


AGREEING = [
    {"$": "illuminati.event.income", "card": "ufos", "mb": 3},
    {"$": "illuminati.event.income", "card": "democrats", "mb": 3},
    {"$": "illuminati.event.income", "card": "network", "mb": 3},
    {"$": "illuminati.event.income", "mb": 3},
    {"$": "illuminati.event.attacker", "card": "ufos"},
    {"$": "illuminati.event.upkeep", "card": {"$": "illuminati.card.ufos"}, "payer_card": "network"},
    {"$": "illuminati.event.received", "seat": 0, "card": "network", "from_seat": 1, "master_card": "ufos"},
    {"$": "illuminati.event.received", "seat": 0, "card": "network", "from_seat": 2, "master_card": "ufos"},
    {"$": "politburo.event.effect_over", "card": "revueltas", "seat": 0},
]
"""Plural and singular names, with an article and without, as a nested message; a marker with no
name, one before its name; players named like a plural card and like a marker, never plural."""
PLURAL_NAMES = ["Ana", "Los OVNIs", "⟦Bo|Bos⟧"]
INCOME = {"es": "Los OVNIs cobran 3 MB.", "en": "The UFOs collect 3 MB.", "fr": "Les OVNI encaissent 3 MB."}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_browser_makes_words_agree_with_a_plural_card_name_as_the_server_does(
    server: str, browser: Any, lang: str
) -> None:
    """ "Los OVNIs cobran", "The UFOs collect": the client picks each marker's form (``tMsg``)
    from the same plural lists (``<game>.plural_cards``) as ``backroom.articles``."""
    said = browser_texts(server, browser, lang, AGREEING, PLURAL_NAMES)
    assert said == [text_of(lang, msg, PLURAL_NAMES) for msg in AGREEING]
    assert said[0] == INCOME[lang]
    assert "Los OVNIs" in said[-3] and "⟦Bo|Bos⟧" in said[-2]
