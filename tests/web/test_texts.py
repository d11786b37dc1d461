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
    {"$": "stool-pigeon.event.close", "seat": 1},
]
"""Illuminati's names with an article, after a preposition, in a list and starting a sentence;
a player's chosen name that starts like a card's ("La Red"), never rewritten."""
NAMES = ["Ana", "La Redacción"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_browser_writes_a_name_with_an_article_as_the_server_does(
    server: str, browser: Any, lang: str
) -> None:
    """ "de los OVNIs", "du Triangle", "aux OVNI": the client renders the log itself (``tMsg``),
    from the same catalog words as ``backroom.articles``."""
    page = browser.new_page()
    page.goto(f"{server}/?lang=en")
    said = page.evaluate(
        """async ([lang, messages, names]) => {
          const i18n = await import("/static/static/i18n.js");
          await i18n.setLang(lang);
          return messages.map((msg) => i18n.tMsg(msg, names));
        }""",
        [lang, MESSAGES, NAMES],
    )
    assert said == [text_of(lang, msg) for msg in MESSAGES]
    assert "La Redacción" in said[-1]


def text_of(lang: str, msg: dict[str, Any]) -> str:
    return translate(lang, msg["$"], {k: v for k, v in msg.items() if k != "$"}, NAMES)
