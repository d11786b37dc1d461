"""Rows of a game's data provenance (``Game.data_status``), built the same way by every game.

A row is ``{"item", "value", "status", "source", "codes"}``: ``item``, ``value`` and
``source`` are messages (``{"$": key, ...params}``, plain JSON) that ``backroom.i18n.text``
renders in any language; ``status`` is ``sourced``, ``proposed-default`` or
``table-supplied``; ``codes`` lists the source codes (``R``, ``S1``, ``P``…) that the source
cites, each explained by the game's legend (``Game.data_sources``).

The data files keep the English source texts. A translation of one is the catalog message
``<game>.data.source.<slug of the text>`` (the English catalog repeats the text, and a test
keeps the two equal, so that a changed source shows which translations to redo); where a
language has none (a text with no words but codes and addresses, or one a table's file
supplied), the text is shown as the data file writes it. Legend lines work the same way,
keyed ``<game>.data.legend.<code>``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

Message = dict[str, Any]

_SLUG_LIMIT = 60


def slug(text: str) -> str:
    """A catalog key's last part for an English text: ``name: R (sourced)`` is ``name_r_sourced``."""
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")[:_SLUG_LIMIT].rstrip("_")


def message(key: str, **params: Any) -> Message:
    """A message as rows carry it."""
    return {"$": key, **params}


def source(game_id: str, text: str) -> Message:
    """A source cell: the data file's English ``text``, translated where the catalogs know it."""
    return message(f"{game_id}.data.source.{slug(text)}", text=text)


def as_given(text: str) -> Message:
    """A text shown as a file wrote it (a table's corrected file: its own words)."""
    return message("ui.data.as_given", text=text)


def cited(text: str, codes: Iterable[str]) -> list[str]:
    """The ``codes`` that ``text`` cites, in the legend's order (``S3`` is not ``S``)."""
    return [code for code in codes if re.search(rf"(?<![\w/.-]){re.escape(code)}(?![\w/-])", text)]


def row(
    game_id: str,
    item: Message,
    value: Message | str,
    entry: Mapping[str, Any],
    legend: Mapping[str, str] = {},
) -> dict[str, Any]:
    """One row from a data file's ``entry`` (its ``status`` and English ``source``)."""
    return sourced_row(game_id, item, value, entry["status"], entry["source"], legend)


def sourced_row(
    game_id: str,
    item: Message,
    value: Message | str,
    status: str,
    text: str,
    legend: Mapping[str, str] = {},
) -> dict[str, Any]:
    """One row whose source is the English ``text`` of a data file."""
    return {
        "item": item,
        "value": value if isinstance(value, dict) else message("ui.data.as_given", text=value),
        "status": status,
        "source": source(game_id, text),
        "codes": cited(text, legend),
    }


def legend(game_id: str, sources: Mapping[str, str]) -> dict[str, Message]:
    """Each source code's line under the table, from the data file's ``sources``."""
    return {code: message(f"{game_id}.data.legend.{code}", text=text) for code, text in sources.items()}
