"""Card names put in sentences: where the article goes (``Los OVNIs``, ``Le Triangle des
Bermudes``, ``The UFOs``) and what agrees with a plural name.

Mid-sentence, a name's article is written lower-case (``de los OVNIs``), and Spanish and French
contract it with the preposition before it (``del Triángulo``, ``aux OVNI``). The words that
agree with a name (its verb, a pronoun, an adjective: "Los OVNIs cobran", "The UFOs collect
3 MB", "pour les contrôler") are written in the message by both forms, singular first:
``{card} ⟦cobra|cobran⟧ {mb} MB.``. Such a marker agrees with the nearest card name before it,
or, with none before it, the first after it (Spanish's ``⟦Ataca|Atacan⟧ {card}.``); with no
card name at all it takes the singular. A player's chosen name is never a card name, so never
plural and never rewritten, whatever it starts with; nor is a list of names (``{cards}``) one
name: a marker after one agrees with its last.

A card's name is one catalog message and the sentences that show it are others, so no single
message can word this; ``translate`` marks every card name put in a sentence, with its number,
and ``settle`` rewrites each mark from the words before it and picks each marker's form.
What a language does is data in its catalog, which the web client reads too (``tMsg`` in
``static/i18n.js``): ``ui.name_articles`` and ``ui.name_contractions`` for articles, and
``<game>.plural_cards`` for number, the ids of the game's cards whose name is plural in that
language (missing: none). A name's number is listed, not read from its article, because the
article tells it in Spanish ("Los", "Las") and French ("Les") but not in English ("The UFOs",
"The Network"), and most plural names have no article in any of the three ("Demócratas",
"Feminists", "Révoltes"); the catalog tests check that the Spanish and French lists agree with
their plural articles.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

MARK = "\x1f"
"""Put before a card's name in a sentence, and taken out by ``settle``."""
PLURAL = "\x1e"
"""Put after ``MARK`` before a plural name."""
AGREE = "\x1d"
"""Opens and closes a marker once ``agreeing`` has made it ``settle``'s own; ``OR`` parts its
two forms. Control characters, which no player's chosen name holds (the server refuses them)."""
OR = "\x1c"

_WRITTEN = re.compile(r"⟦([^⟦⟧|]*)\|([^⟦⟧|]*)⟧")
_AGREEING = re.compile(f"{AGREE}([^{AGREE}{OR}]*){OR}([^{AGREE}{OR}]*){AGREE}")

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


def agreeing(template: str) -> str:
    """A message's text with its markers (``⟦cobra|cobran⟧``) written as ``settle`` reads them,
    before its parameters are put in: a marker a parameter's text holds is left as it is."""
    return _WRITTEN.sub(f"{AGREE}\\1{OR}\\2{AGREE}", template) if "⟦" in template else template


def mark(said: Grammar, name: str, plural: bool = False, agreeing: bool = True) -> str:
    """A card's ``name`` marked for ``settle``, with its number, where there is something to
    settle: words of its message that agree with a name (``agreeing``), or an article to place.
    Unmarked, a name costs ``settle`` nothing (most names, in most messages)."""
    if agreeing:
        return MARK + PLURAL + name if plural else MARK + name
    return MARK + name if said.articles and name.startswith(said.articles) else name


def settle(said: Grammar, text: str) -> str:
    """``text`` with each marked name written as its place in the sentence asks: as it is where
    a sentence starts, else with its article lower-case or contracted with the word before; and
    each marker with the form its name's number asks."""
    if MARK not in text and AGREE not in text:
        return text
    first, *rest = text.split(MARK)
    out = first
    names: list[tuple[int, bool]] = []  # where each name starts in ``out``, and its number
    for part in rest:
        plural = part.startswith(PLURAL)
        out, part = _placed(said, out, part[1:] if plural else part)
        names.append((len(out), plural))
        out += part
    if AGREE not in out:
        return out
    return _AGREEING.sub(lambda m: m.group(2 if _plural_at(names, m.start()) else 1), out)


def _plural_at(names: list[tuple[int, bool]], at: int) -> bool:
    """Whether the marker at ``at`` agrees with a plural name: the nearest before it, else the
    first after it; singular without a name."""
    before = [plural for start, plural in names if start < at]
    if before:
        return before[-1]
    return bool(names) and names[0][1]


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
