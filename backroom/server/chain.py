"""The hash chain of a table's action log: what makes a lost or altered row visible at load.

Each stored action carries ``chain``, the SHA-256 of the previous action's chain and of its
own content (table, number, seat, action text, client id), and the table row carries ``head``,
the chain of its latest action. A deleted row breaks the chain of the one after it, a deleted
last row leaves ``head`` pointing past the log, an edited or swapped row no longer hashes to
what the next one says. It detects accidents and careless edits, not an attacker: whoever can
write the database can recompute every hash. A table whose log fails is ``Damaged``: refused
alone (quarantined by the server, reported by ``--check-db``), never stopping the others.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass
from json.encoder import encode_basestring_ascii as _quote
from typing import Any

from backroom.i18n import translate

GENESIS = ""
"""What the first action of a table chains to."""


def link(previous: str, table_id: str, n: int, seat: int, action: str, client_id: str | None) -> str:
    """The chain of action ``n``, stored as ``action`` (its JSON text, hashed as stored)."""
    content = _content(previous, table_id, n, seat, action, client_id)
    return hashlib.sha256(content.encode("utf-8")).hexdigest()


def _content(previous: str, table_id: str, n: int, seat: int, action: str, client_id: str | None) -> str:
    """``json.dumps([previous, table_id, n, seat, action, client_id])``, the text that is hashed,
    written out directly where every field has its plain type (every move: ``dumps`` spends
    most of its time choosing how to encode; a test holds the two equal)."""
    if (
        type(previous) is str
        and type(table_id) is str
        and type(n) is int
        and type(seat) is int
        and type(action) is str
        and (client_id is None or type(client_id) is str)
    ):
        client = "null" if client_id is None else _quote(client_id)
        return f"[{_quote(previous)}, {_quote(table_id)}, {n}, {seat}, {_quote(action)}, {client}]"
    return json.dumps([previous, table_id, n, seat, action, client_id])


@dataclass(slots=True)
class StoredAction:
    """An action row as stored, before its JSON is decoded."""

    n: int
    seat: int
    action: str
    client_id: str | None
    chain: str | None


def break_in(
    table_id: str, actions: Iterable[StoredAction], head: str | None
) -> tuple[str, dict[str, Any]] | None:
    """Why the log of ``table_id`` is not the one that was written, as the key of a message
    (``server.damaged.*``) and its parameters; None when every row chains to the stored head."""
    previous = GENESIS
    expected = 1
    for a in actions:
        if a.n != expected:
            return "missing_action", {"n": expected, "next": a.n}
        if a.chain != link(previous, table_id, a.n, a.seat, a.action, a.client_id):
            return "altered_action", {"n": a.n}
        previous = a.chain
        expected += 1
    if (head or GENESIS) != previous:
        return "truncated", {"n": expected - 1}
    return None


class Damaged(Exception):
    """A table whose stored rows are not what was written (a broken chain, a row that does not
    decode or replay): it is refused alone. ``key`` names the message (``server.damaged.*``)
    that says why, naming the row; ``text`` renders it."""

    def __init__(self, table_id: str, key: str, params: dict[str, Any] | None = None) -> None:
        super().__init__(f"table {table_id}: {key}")
        self.table_id = table_id
        self.key = key
        self.params = params or {}

    def text(self, lang: str) -> str:
        return translate(lang, f"server.damaged.{self.key}", self.params)
