"""Every word of the browser client comes from the catalogs, complete in Spanish, English and
French: each ``web.*`` key the pages and boards name is in all three, and no language has a
``web.*`` key the others lack."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from backroom.i18n import LANGUAGES, catalog

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
