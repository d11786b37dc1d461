"""Names that begin with an article (``Los OVNIs``, ``Le Triangle des Bermudes``, ``The UFOs``)
put in the middle of a sentence: there the article is written lower-case (``de los OVNIs``), and
Spanish and French contract it with the preposition before it (``del Triángulo``, ``aux OVNI``).

A card's name is one catalog message and the sentences that show it are others, so no single
message can word this; ``translate`` marks a card's name put in a sentence (never a player's
chosen name, whatever it starts with) and ``settle`` rewrites each mark from the words before
it. What a language does is data in its
catalog (``ui.name_articles``, ``ui.name_contractions``), which the web client reads too
(``tMsg`` in ``static/i18n.js``). The verb after a plural name ("Los Illuminati de Baviera
cobra") is left as it is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

MARK = "\x1f"
"""Put before a parameter that starts with a name, and taken out by ``settle``."""

_PREPOSITION = re.compile(r"(?<!\w)(\w+) $")
_SENTENCE_START = re.compile(r"(^|[.!?\n]\s*|[¡¿«“\"]\s*)$")
"""Where a name keeps its capital: the text's start, after a sentence's end, after Spanish's
opening ``¡``/``¿`` and after an opening quote."""


@dataclass(frozen=True, slots=True)
class Grammar:
    """One language's articles (``"Los "``, ``"L'"``: as a name's first letters write them) and
    the (preposition, article) pairs it writes as one word."""

    articles: tuple[str, ...]
    contractions: dict[tuple[str, str], str]


def grammar(articles: str, contractions: str) -> Grammar:
    """From the catalog's words: ``"El, La, Los, Las"`` (an article ending in an apostrophe is
    followed by its word, any other by a space) and ``"de el: del, a el: al"`` (an entry without
    a colon contracts nothing: English's)."""
    heads = tuple(a if a.endswith(("'", "’")) else a + " " for a in map(str.strip, articles.split(",")) if a)
    pairs = {}
    for entry in contractions.split(","):
        words, colon, joined = entry.partition(":")
        if colon and len(words.split()) == 2:
            preposition, article = words.lower().split()
            pairs[preposition, article] = joined.strip()
    return Grammar(heads, pairs)


def mark(said: Grammar, name: str) -> str:
    """A card's ``name`` marked for ``settle`` if it begins with an article."""
    return MARK + name if said.articles and name.startswith(said.articles) else name


def settle(said: Grammar, text: str) -> str:
    """``text`` with each marked name written as its place in the sentence asks: as it is where
    a sentence starts, else with its article lower-case or contracted with the word before."""
    if MARK not in text:
        return text
    first, *rest = text.split(MARK)
    out = first
    for part in rest:
        out, part = _placed(said, out, part)
        out += part
    return out


def _placed(said: Grammar, before: str, name: str) -> tuple[str, str]:
    article = next((a for a in said.articles if name.startswith(a)), "")
    if not article or _SENTENCE_START.search(before):
        return before, name
    word = _PREPOSITION.search(before)
    if word is not None:
        contracted = said.contractions.get((word.group(1).lower(), article.strip().lower()))
        if contracted is not None:
            if word.group(1)[0].isupper():
                contracted = contracted.capitalize()
            return before[: word.start(1)] + contracted + " ", name[len(article) :]
    return before, article.lower() + name[len(article) :]
