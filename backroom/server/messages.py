"""What a connection is and what the server says on it: the ``Conn`` of one WebSocket, the
protocol's refusals, tokens, and the encoding of every message (docs/protocol.md)."""

from __future__ import annotations

import hashlib
import secrets
import unicodedata
from collections.abc import Callable, Sequence
from typing import Any

import orjson

from backroom.engine.errors import IllegalAction
from backroom.i18n import translate
from backroom.server.connections import Outbox, TokenBucket
from backroom.server.settings import (
    QUEUE_BYTES,
    RATE,
)


class Refused(Exception):
    """An action or message refused with a protocol error code; nothing changed. ``rule`` is
    the game's own reason (``IllegalAction``) when the rules refused the action; ``params``
    fill the code's sentence (a limit, say)."""

    def __init__(self, code: str, rule: IllegalAction | None = None, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.rule = rule
        self.params = params


LANG_BURST = 3
"""Language changes (``lang``) a connection may make at once...

Each is answered with the whole recent log, tens of kilobytes in a long game: at the message
rate, a few bytes from a client made the server send a full update each, 20 a second a socket
(45 sockets of one address: 10 MB a second), where reconnecting, which costs the same update,
is held to 120 a minute an address."""

LANG_EVERY = 2.0
"""...and then one every this many seconds."""

MAX_NAME = 40
"""Characters in a seat's name (given when the table is made) or a spectator's."""


MARKS = 3
"""Combining marks kept on one character: enough for any script's accents (Vietnamese stacks
two), not a "zalgo" line or name whose marks spill over the lines around it."""


def shown(text: str, unprintable: str = " ") -> str:
    """``text`` as it may be shown, trimmed: characters that are not printable (newlines, tabs,
    NUL, lone surrogates, which cannot even be encoded) become ``unprintable``, and marks
    stacked on one character past ``MARKS`` are dropped."""
    kept: list[str] = []
    stacked = 0
    for ch in text:
        if not ch.isprintable():
            if unprintable:  # a space ends a stack; a character dropped does not
                kept.append(unprintable)
                stacked = 0
            continue
        if unicodedata.combining(ch):
            stacked += 1
            if stacked > MARKS:
                continue
        else:
            stacked = 0
        kept.append(ch)
    return "".join(kept).strip()


def clean_name(name: Any) -> str | None:
    """A name as shown: its printable characters, with few marks stacked, trimmed; None for no
    name (None, or nothing left). ValueError when it is no string or is longer than
    ``MAX_NAME``."""
    if name is None:
        return None
    if not isinstance(name, str) or len(name.strip()) > MAX_NAME:
        raise ValueError(name)
    return shown(name, "") or None


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token() -> str:
    """256 random bits, URL-safe: an invite link is the only key to its seat."""
    return secrets.token_urlsafe(32)


def dumps(message: dict[str, Any]) -> str:
    """A message as compact UTF-8 JSON text. orjson, because encoding every seat's update was a
    fifth of the server's time per move with the standard library's encoder."""
    return orjson.dumps(message).decode("utf-8")


class Conn:
    """One WebSocket connection: its seat (None: spectator), language, and outbox."""

    __slots__ = (
        "seat",
        "lang",
        "outbox",
        "seen",
        "bucket",
        "langs",
        "closed",
        "abort",
        "write",
        "chat",
        "address",
    )

    def __init__(
        self, seat: int | None, lang: str, rate: float = RATE, queue_bytes: int = QUEUE_BYTES
    ) -> None:
        self.seat = seat
        self.lang = lang
        self.outbox = Outbox(queue_bytes)
        self.seen = -1
        self.bucket = TokenBucket(rate)
        self.langs = TokenBucket(1 / LANG_EVERY, LANG_BURST)
        """Its allowance of language changes, each answered with the whole recent log."""
        self.closed = False
        self.abort: Callable[[], None] = self.outbox.close
        """Drops the connection; the endpoint sets it to abort the socket itself. By default
        the send loop ends and closes politely, all a server without the transport allows."""
        self.write: Callable[[Sequence[str]], bool] | None = None
        """Sends messages on the socket now, if it takes them (the transport's, lent by the
        endpoint); None: every message goes through the outbox and the send loop."""
        self.address = ""
        """The client's address: a spectator's chat allowance is its address's, so that
        several connections (or reconnecting) do not multiply it."""
        self.chat = False
        """It asked for the table's chat (``?chat=1``): lines and who watches are sent to it.
        A program that only plays is spared them, and a client that reads the protocol
        message by message sees no difference."""

    def send(self, message: dict[str, Any]) -> None:
        self.send_text(dumps(message))

    def send_text(self, *texts: str) -> None:
        """Send messages already encoded, in order (one text serves several alike connections;
        texts given together leave in one write where the socket takes them at once)."""
        if self.closed:
            return
        if self.write is not None and self.outbox.idle and self.write(texts):
            return  # the socket took them at once: the send loop would only have passed them on
        for text in texts:
            if not self.outbox.put(text):
                # A client that does not read may not grow the server's memory: it is dropped
                # at once, whatever its send loop is waiting on.
                self.closed = True
                self.abort()
                return

    def error(self, code: str, client_id: str | None = None, /, **params: Any) -> None:
        self.send(error_message(self.lang, code, client_id, **params))


def error_message(lang: str, code: str, client_id: str | None = None, /, **params: Any) -> dict[str, Any]:
    return {
        "type": "error",
        "code": code,
        "message": translate(lang, f"server.error.{code}", params),
        "id": client_id,
    }


def refusal_message(
    lang: str, refused: Refused, client_id: str | None, names: tuple[str, ...]
) -> dict[str, Any]:
    """A refused move: the protocol code, and the rule that refused it in the reader's words
    (``rule`` is its catalog key, stable for programs)."""
    if refused.rule is None:
        return error_message(lang, refused.code, client_id)
    rule = refused.rule
    params = {k: v for k, v in rule.params.items() if k != "action"}
    return {
        "type": "error",
        "code": refused.code,
        "rule": rule.key,
        "message": translate(lang, rule.key, params, names),
        "id": client_id,
    }
