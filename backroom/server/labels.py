"""Legal actions as the protocol sends them: each with its label, translated, as JSON text.

The same labels recur at every table and every turn, so translations are cached process-wide:
formatting and encoding them anew was most of the server's work per move. Where a game's
labels depend on the action alone (``State.STATIC_LABELS``), a whole entry is cached by the
action itself, without even building its label.
"""

from __future__ import annotations

from typing import Any, TypeVar

import orjson

from backroom.engine.actions import Action
from backroom.engine.events import Msg
from backroom.engine.game import State
from backroom.i18n import translate

K = TypeVar("K")
V = TypeVar("V")

CACHE_SIZE = 65536
"""Entries per cache; a full cache starts again empty (a bound on memory, rarely reached)."""

CONTEXTS = 1024
"""Sets of encoded entries kept (one per game, language and set of player names)."""

_LABELS: dict[tuple[Any, ...], str] = {}
_ENTRIES: dict[tuple[str, str, tuple[str, ...]], dict[Action, str]] = {}
"""Encoded entries by game, language and player names, then by action."""

LISTS = 8192
"""Whole lists kept, all contexts together (a few MiB)."""

_LISTS: dict[tuple[tuple[str, str, tuple[str, ...]], tuple[Action, ...]], orjson.Fragment] = {}
"""Whole encoded lists by game, language and player names and by the actions: the same list
recurs (every seat of a reaction window is offered the same one, the seats that did not act
the same as before), and one look-up of the whole list costs less than one per action."""


def legal_json(state: State, actions: list[Action], lang: str, names: tuple[str, ...]) -> orjson.Fragment:
    """``[{"action": [...], "label": "..."}, ...]`` for ``actions``, ready to embed in a message."""
    if state.STATIC_LABELS:
        context = (state.GAME_ID, lang, names)
        key = (context, tuple(actions))
        whole = _LISTS.get(key)
        if whole is not None:
            return whole
        entries = _ENTRIES.get(context)
        if entries is None:
            entries = _remember(_ENTRIES, context, {}, CONTEXTS)
        pieces = []
        for action in actions:
            piece = entries.get(action)
            if piece is None:
                piece = _remember(entries, action, _entry(state, action, lang, names))
            pieces.append(piece)
        return _remember(_LISTS, key, orjson.Fragment("[" + ",".join(pieces) + "]"), LISTS)
    else:
        pieces = [_entry(state, action, lang, names) for action in actions]
    return orjson.Fragment("[" + ",".join(pieces) + "]")


def _entry(state: State, action: Action, lang: str, names: tuple[str, ...]) -> str:
    label = label_text(lang, state.label(action), names)
    return orjson.dumps({"action": list(action), "label": label}).decode()


def label_text(lang: str, label: Msg, names: tuple[str, ...]) -> str:
    """A label's text in ``lang``, with seat numbers shown as ``names``."""
    frozen: Any = tuple(label.params.items())
    try:
        key = (lang, label.key, frozen, names)
        text = _LABELS.get(key)
    except TypeError:  # nested lists or messages among the parameters
        key = (lang, label.key, _freeze(label.params), names)
        text = _LABELS.get(key)
    if text is None:
        text = _remember(_LABELS, key, translate(lang, label.key, label.params, names))
    return text


def _remember(cache: dict[K, V], key: K, value: V, limit: int = CACHE_SIZE) -> V:
    if len(cache) >= limit:
        cache.clear()
    cache[key] = value
    return value


def _freeze(value: Any) -> Any:
    """A hashable twin of a message parameter (plain data or nested messages)."""
    if isinstance(value, dict):
        return tuple((k, _freeze(v)) for k, v in value.items())
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, Msg):
        return ("$", value.key, _freeze(value.params))
    return value
