"""Names that begin with an article (``Los OVNIs``, ``Le Triangle des Bermudes``, ``The UFOs``)
put in the middle of a sentence: there the article is written lower-case (``de los OVNIs``), and
Spanish and French contract it with the preposition before it (``del Triángulo``, ``aux OVNI``).

A card's name is one catalog message and the sentences that show it are others, so no single
message can word this; ``translate`` marks a parameter that starts with such a name and
``settle`` rewrites each mark from the words before it, one table per language for every
message. (The verb after a plural name, "Los Illuminati de Baviera cobra", is left as it is.)
"""

from __future__ import annotations

import re
from collections.abc import Iterable

ARTICLES = {"es": ("El ", "La ", "Los ", "Las "), "fr": ("Le ", "La ", "Les ", "L'", "L’"), "en": ("The ",)}
"""The articles a name may begin with, as a name's first letters write them."""

CONTRACTIONS = {
    "es": {("de", "el"): "del", ("a", "el"): "al"},
    "fr": {("de", "le"): "du", ("de", "les"): "des", ("à", "le"): "au", ("à", "les"): "aux"},
}
"""Preposition and article that a language writes as one word."""

MARK = "\x1f"
"""Put before a parameter that starts with a name, and taken out by ``settle``."""

_PREPOSITION = re.compile(r"(?<!\w)(\w+) $")
_SENTENCE_START = re.compile(r"(^|[.!?\n]\s*)$")


def names_pattern(lang: str, names: Iterable[str]) -> re.Pattern[str] | None:
    """What matches the start of a text that begins with one of ``names`` that has an article."""
    articles = ARTICLES.get(lang, ())
    with_article = sorted((n for n in names if n.startswith(articles)), key=len, reverse=True)
    return re.compile("|".join(map(re.escape, with_article))) if with_article else None


def mark(pattern: re.Pattern[str] | None, value: str) -> str:
    """``value`` marked for ``settle`` if it starts with a name that has an article."""
    return MARK + value if pattern is not None and pattern.match(value) else value


def settle(lang: str, text: str) -> str:
    """``text`` with each marked name written as its place in the sentence asks: as it is where
    a sentence starts, else with its article lower-case or contracted with the word before."""
    if MARK not in text:
        return text
    first, *rest = text.split(MARK)
    out = first
    for part in rest:
        out, part = _placed(lang, out, part)
        out += part
    return out


def _placed(lang: str, before: str, name: str) -> tuple[str, str]:
    if _SENTENCE_START.search(before):
        return before, name
    article = next((a for a in ARTICLES.get(lang, ()) if name.startswith(a)), "")
    if not article:
        return before, name
    word = _PREPOSITION.search(before)
    if word is not None:
        contracted = CONTRACTIONS.get(lang, {}).get((word.group(1).lower(), article.strip().lower()))
        if contracted is not None:
            if word.group(1)[0].isupper():
                contracted = contracted.capitalize()
            return before[: word.start(1)] + contracted + " ", name[len(article) :]
    return before, article.lower() + name[len(article) :]
