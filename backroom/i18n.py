"""Message catalogs (es, en, fr) and the one function that turns a message into text.

Catalogs are gettext ``.po`` files keyed by stable ids (``stool-pigeon.event.draw``), so
translators use their usual tools; Babel reads them at start-up, with no compile step. The
interface catalog is ``backroom/locale/<lang>.po``; each game keeps its own beside its rules.
A missing key falls back to English, then to the key itself, so a gap is visible, not fatal.
"""

from __future__ import annotations

import decimal
import os
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from string import Formatter
from typing import Any

from babel import Locale
from babel.messages.pofile import read_po
from babel.numbers import format_decimal, format_percent

from backroom import articles
from backroom.engine.errors import describe_with, listed
from backroom.engine.events import names_cards
from backroom.games import all_games

LANGUAGES = ("es", "en", "fr")
DEFAULT_LANGUAGE = "en"
_ROOT = Path(__file__).parent


def catalog_files(lang: str) -> list[Path]:
    """The interface's catalog, then each registered game's, from its manifest."""
    return [_ROOT / "locale" / f"{lang}.po", *(g.manifest.catalogs / f"{lang}.po" for g in all_games())]


@cache
def catalog(lang: str) -> dict[str, str]:
    """Every message of ``lang``, interface and games together."""
    messages: dict[str, str] = {}
    for path in catalog_files(lang):
        with path.open("rb") as handle:
            for message in read_po(handle, locale=lang):
                if message.id and isinstance(message.id, str) and message.string:
                    messages[message.id] = str(message.string)
    return messages


def normalize_language(lang: str | None) -> str:
    """The closest supported language to a tag such as ``fr-CA`` or ``es_ES``."""
    if lang:
        primary = lang.replace("_", "-").split("-")[0].lower()
        if primary in LANGUAGES:
            return primary
    return DEFAULT_LANGUAGE


def preferred_language(header: str) -> str:
    """The supported language an ``Accept-Language`` header ranks highest: ``de, es;q=0.5`` is
    Spanish, not the default because German came first. Ties keep the header's order; only its
    first 32 ranges are read (a client chooses its length)."""
    best: tuple[float, int, str] | None = None
    for i, part in enumerate(header.split(",", 32)[:32]):
        tag, _, param = part.partition(";")
        primary = tag.strip().replace("_", "-").split("-")[0].lower()
        if primary not in LANGUAGES:
            continue
        quality = 1.0
        for item in param.split(";"):  # q among the range's parameters, anywhere
            name, _, value = item.strip().partition("=")
            if name.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
                quality = quality if 0 <= quality <= 1 else 0.0  # 0 to 1, as RFC 9110 says
        if quality > 0 and (best is None or (-quality, i) < best[:2]):
            best = (-quality, i, primary)
    return DEFAULT_LANGUAGE if best is None else best[2]


LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")
"""Where the locale names the language of messages, in the order POSIX gives them weight."""


def default_language() -> str:
    """The language of the command line: $BACKROOM_LANG, else the locale's messages ($LC_ALL,
    else $LC_MESSAGES, else $LANG: the first one set)."""
    given = os.environ.get("BACKROOM_LANG") or next(
        (value for name in LOCALE_VARIABLES if (value := os.environ.get(name))), None
    )
    return normalize_language(given)


class _Params(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def translate(lang: str, key: str, params: dict[str, Any] | None = None, names: Sequence[str] = ()) -> str:
    """The text of message ``key`` in ``lang``.

    Parameters that are messages (``{"$": key, ...}`` or ``Msg``) are translated first;
    parameters named ``seat``/``*_seat`` become player names when ``names`` is given.
    """
    template = articles.agreeing(_template(lang, key, (params or {}).get("count")))
    agreeing = articles.AGREE in template
    prefix = key.split(".", 1)[0]
    values = _Params()
    for name, value in (params or {}).items():
        values[name] = _render(lang, prefix, name, value, names, agreeing)
    try:
        return articles.settle(_grammar(lang), template.format_map(values))
    except (ValueError, IndexError, AttributeError):
        return articles.settle(_grammar(lang), template)


@cache
def _grammar(lang: str) -> articles.Grammar:
    """How ``lang`` writes a card's name that begins with an article, wherever a sentence puts it."""
    said = catalog(lang)
    return articles.grammar(said.get("ui.name_articles", ""), said.get("ui.name_contractions", ""))


@cache
def _plural_cards(lang: str, prefix: str) -> frozenset[str]:
    """The cards of game ``prefix`` whose name is plural in ``lang``: its ``<prefix>.plural_cards``,
    ids parted by commas, never English's (a name's number is its language's own)."""
    return frozenset(catalog(lang).get(f"{prefix}.plural_cards", "").replace(",", " ").split())


def text(lang: str, value: Any) -> str:
    """A message as rows and views carry it (``{"$": key, ...}``) in ``lang``; other values as
    they are. A message with a ``text`` parameter (a data file's English words) falls back to
    that text, not to the English catalog, where ``lang`` has no translation of it."""
    if not (isinstance(value, dict) and "$" in value):
        return str(value)
    params = {k: v for k, v in value.items() if k != "$"}
    if "text" in params and value["$"] not in catalog(lang):
        return str(params["text"])
    return translate(lang, value["$"], params)


def texts(lang: str, prefix: str) -> Callable[..., str]:
    """The messages under ``prefix`` in ``lang``, by the rest of their key: a command line's
    help texts (``texts(lang, "cli.run")("games", games=1000)`` is ``cli.run.games``; no key,
    ``prefix`` itself)."""

    def text(key: str = "", **params: Any) -> str:
        return translate(lang, f"{prefix}.{key}" if key else prefix, params)

    return text


def capitalized(text: str) -> str:
    """``text`` with a capital first letter, as a line or a table's cell starts (French office
    names are written lowercase, for the middle of a sentence); the rest as it was."""
    return text[:1].upper() + text[1:]


def _template(lang: str, key: str, count: Any) -> str:
    """The message ``key`` in ``lang``, else in English, else the key. A message whose words
    follow a number has one entry per plural category of the language, ``<key>.one`` and
    ``<key>.other`` (and any other category it needs), chosen by the ``count`` parameter."""
    if not isinstance(count, int) or isinstance(count, bool):  # most messages: no number
        return catalog(lang).get(key) or catalog(DEFAULT_LANGUAGE).get(key) or key
    keys = (f"{key}.{Locale.parse(lang).plural_form(count)}", f"{key}.other", key)
    return next((m[k] for m in (catalog(lang), catalog(DEFAULT_LANGUAGE)) for k in keys if m.get(k)), key)


def _render(
    lang: str, prefix: str, name: str, value: Any, names: Sequence[str], agreeing: bool = False
) -> Any:
    """One parameter as text. Conventions keep events plain data: ``seat``/``*_seat`` are seat
    numbers (shown as names); ``slot``/``*_slot`` are 0-based positions (shown from 1);
    ``card``/``cards``/``*_card``/``*_cards`` are card faces, named by ``<game>.card.<face>``; ``totals``
    is one number per seat, each shown beside its player's name (``<game>.seat_total``);
    a ``seed`` is printed as it is typed back (``--seed 12345``, never ``12,345``); other whole
    numbers from 1,000 up are grouped as the language writes them."""
    from backroom.engine.events import Msg

    if isinstance(value, Msg):
        return _named(lang, value.key, translate(lang, value.key, value.params, names), agreeing)
    if isinstance(value, dict) and "$" in value:
        inner = {k: v for k, v in value.items() if k != "$"}
        return _named(lang, value["$"], translate(lang, value["$"], inner, names), agreeing)
    if name == "totals" and isinstance(value, list):
        each = [
            translate(lang, f"{prefix}.seat_total", {"seat": s, "total": v}, names)
            for s, v in enumerate(value)
        ]
        return "; ".join(each)
    if isinstance(value, list):
        items = [str(_render(lang, prefix, name, v, names, agreeing)) for v in value]
        return ("; " if any("," in item for item in items) else ", ").join(items)
    if (name == "seat" or name.endswith("_seat")) and isinstance(value, int):
        return names[value] if 0 <= value < len(names) else seat_name(lang, value)
    if (name == "slot" or name.endswith("_slot")) and isinstance(value, int):
        return value + 1
    if names_cards(name) and isinstance(value, str):
        plural = agreeing and value in _plural_cards(lang, prefix)
        return articles.mark(_grammar(lang), translate(lang, f"{prefix}.card.{value}"), plural, agreeing)
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 1000 and name != "seed":
        return format_number(lang, value)  # money and totals: 4,400,000 / 4.400.000 / 4 400 000
    return value


def _named(lang: str, key: str, said: str, agreeing: bool) -> str:
    """A nested message's text, marked for ``articles.settle`` if the message is a card's name
    (``<game>.card.<face>``)."""
    game, card, face = key.partition(".card.")
    return (
        articles.mark(_grammar(lang), said, agreeing and face in _plural_cards(lang, game), agreeing)
        if card
        else said
    )


def format_number(lang: str, value: float, decimals: int | None = None) -> str:
    """A figure as people of ``lang`` write it: ``7,600,000`` / ``7.600.000`` / ``7 600 000``;
    with ``decimals``, exactly that many digits after the point (``119.4`` / ``119,4``).

    Babel rounds in the current decimal context, 28 digits by default: a bigger figure (one a
    request chose, say) raised ``InvalidOperation``, so the context then holds every digit."""
    if abs(value) < BIG:  # every figure a game shows: the default context holds it
        return _format(lang, value, decimals)
    with decimal.localcontext() as context:
        context.prec = max(context.prec, decimal.Decimal(value).adjusted() + (decimals or 0) + 10)
        return _format(lang, value, decimals)


BIG = 10**15
"""Figures below this fit the decimal context's 28 digits with any decimals shown."""


def _format(lang: str, value: float, decimals: int | None) -> str:
    if decimals is None:
        whole = isinstance(value, int) or float(value).is_integer()  # float(10**400) raises
        return format_decimal(int(value) if whole else value, locale=lang)
    return format_decimal(value, format="#,##0" + ("." + "0" * decimals if decimals else ""), locale=lang)


def format_share(lang: str, rate: float) -> str:
    """A rate from 0 to 1 as a percentage with one decimal, spaced as ``lang`` writes it:
    ``27.8%`` / ``27,8 %``."""
    pattern = Locale.parse(lang).percent_formats[None].pattern
    last = pattern.rindex("0") + 1
    return format_percent(rate, format=pattern[:last] + ".0" + pattern[last:], locale=lang)


def format_interval(lang: str, ci: Sequence[float]) -> str:
    """A 95% interval of rates: ``23.1%–47.2%``."""
    return f"{format_share(lang, ci[0])}–{format_share(lang, ci[1])}"


def format_rate(lang: str, rate: float, ci: Sequence[float]) -> str:
    """A rate and its interval: ``35.0% (23.1%–47.2%)``."""
    return f"{format_share(lang, rate)} ({format_interval(lang, ci)})"


def seat_name(lang: str, seat: int) -> str:
    return translate(lang, "ui.seat_name", {"number": seat + 1})


def bot_kind_name(lang: str, kind: str) -> str:
    """A bot kind as ``lang`` says it (``heurístico``), its settings as typed (``ismcts:iterations=50``)."""
    name, _, settings = kind.partition(":")
    known = f"ui.bot_kind.{name}" in catalog(lang)
    return " ".join(filter(None, (translate(lang, f"ui.bot_kind.{name}") if known else name, settings)))


def bot_name(lang: str, seat: int, kind: str) -> str:
    """A bot's seat as the terminal and game records name it: ``Bot 2 (heuristic)``."""
    return translate(lang, "ui.bot_name", {"number": seat + 1, "kind": bot_kind_name(lang, kind)})


def seat_names(
    lang: str, players: int, chosen: Sequence[str] = (), bots: Sequence[str] = (), you: int | None = None
) -> list[str]:
    """Each seat's name in ``lang``: the one a person chose, else ``Player 1 (you)`` for
    ``you``, ``Bot 2 (heuristic)`` for a bot, ``Player 3`` for anyone else. Records keep the
    choices rather than the sentences, so a replay names every seat in the replay's language."""

    def one(seat: int) -> str:
        if seat < len(chosen) and chosen[seat]:
            return chosen[seat]
        if seat == you:
            return translate(lang, "ui.you", {"number": seat + 1})
        if seat < len(bots) and bots[seat]:
            return bot_name(lang, seat, bots[seat])
        return seat_name(lang, seat)

    return [one(seat) for seat in range(players)]


def describe_error(key: str, params: dict[str, Any]) -> str:
    """An engine error in English, for programs' tracebacks (``str(error)``). Parameters its
    sentence leaves out follow it, so a refused action still says which one and whose."""
    template = catalog(DEFAULT_LANGUAGE).get(key, key)
    try:
        named = {field.split(".")[0].split("[")[0] for _, field, _, _ in Formatter().parse(template) if field}
    except ValueError:  # a template that is not a format string: translate shows it as it is
        named = set()
    rest = {name: value for name, value in params.items() if name not in named}
    text = translate(DEFAULT_LANGUAGE, key, params)
    return f"{text} ({listed(rest)})" if rest else text


describe_with(describe_error)
