"""What a table sends its connections: each one's update, and the gathering of joins and leaves
into one update per ``presence_interval``.

Updates are the hot path of every action (docs/benchmarks.md), so what several connections
share is built and encoded once: an event per language, a seat's legal list per version, a
view per seat, one update for every spectator alike. ``LiveTable`` binds the public functions
as its methods (``table.broadcast()``); they are apart so that ``live.py`` holds the table's
state, connections and commit path.
"""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING, Any

import orjson

from backroom.i18n import translate
from backroom.server.labels import legal_json
from backroom.server.messages import Conn, dumps

if TYPE_CHECKING:
    from backroom.server.live import LiveTable

Shared = tuple[int | None, orjson.Fragment, list[int]]
"""What every connection's update says alike: the turn deadline, the seats, the actors."""


ENTRIES = 16384
"""Encoded event entries kept for every table alike (a few MiB): the same events recur
across tables and games (a seat passes, draws, misses a snap), each translated once."""

_ENTRIES: dict[tuple[str, str, str, str, tuple[str, ...], bool], orjson.Fragment] = {}


def _event_entry(
    table: LiveTable, index: int, kind: str, params: str, lang: str, transient: bool
) -> orjson.Fragment:
    """An event as updates carry it, translated and encoded once per event and language,
    however many connections see it, and once for every table whose players have the same
    names (``ENTRIES``)."""
    key = (index, lang, transient)
    entry = table._entries.get(key)
    if entry is None:
        names = table.names(lang)
        alike = (table.row.game, kind, params, lang, names, transient)
        entry = _ENTRIES.get(alike)
        if entry is None:
            text = translate(lang, f"{table.row.game}.event.{kind}", orjson.loads(params), names)
            fields: dict[str, Any] = {"kind": kind, "params": orjson.Fragment(params), "text": text}
            if transient:
                fields["transient"] = True
            if len(_ENTRIES) >= ENTRIES:
                _ENTRIES.clear()
            entry = _ENTRIES[alike] = orjson.Fragment(orjson.dumps(fields))
        table._entries[key] = entry
    return entry


def _legal_for(table: LiveTable, seat: int, lang: str) -> orjson.Fragment:
    """A seat's labelled legal actions, computed once per version and language; where a
    game's labels depend on the action alone, an unchanged list (the other seats of a
    reaction window, say, while one of them passes) is not even relabelled."""
    key = (seat, lang)
    cached = table._legal.get(key)
    if cached is not None and cached[0] == table.version:
        return cached[2]
    state = table.state
    actions = state.legal_actions(seat)
    latest = table._legal_latest
    if cached is not None and table.static_labels and cached[1] == actions:
        legal = cached[2]
    elif latest is not None and latest[0] == table.version and latest[1] == lang and latest[2] == actions:
        legal = latest[3]  # the seat before was offered the same list (a reaction window's seats)
    else:
        legal = legal_json(state, actions, lang, table.names(lang))
    table._legal[key] = (table.version, actions, legal)
    table._legal_latest = (table.version, lang, actions, legal)
    return legal


def view_of(table: LiveTable, seat: int | None) -> orjson.Fragment:
    cached = table._views.get(seat)
    if cached is None:
        if seat is None:
            view = table.state.view(None)
        else:
            kind = table.row.seats[seat].kind
            view = table.state.view(seat, recall=table.human_recall if kind == "human" else True)
        cached = table._views[seat] = orjson.Fragment(orjson.dumps(view))
    return cached


def deadline(table: LiveTable) -> int | None:
    if (table.row.turn_timer is None and table.idle is None) or table.is_over:
        return None
    return _deadline(table)


def _deadline(table: LiveTable) -> int | None:
    """``deadline`` where a timer runs: apart, as its comprehensions make ``table`` a cell at
    every call (every update) on CPython 3.11."""
    timer = table.row.turn_timer
    times = (
        []
        if timer is None
        else [
            away + timer
            for seat in table.state.actors()
            if (away := table.away_since[seat]) is not None and not table.autoplay[seat]
        ]
    )
    if table.idle is not None:
        times += [due for seat in table.state.actors() if (due := table.idle.due_at(seat)) is not None]
    return int(min(times) * 1000) if times else None


def outcome_text(table: LiveTable, lang: str) -> dict[str, Any] | None:
    """The end of the game with its sentence in ``lang``, made once per language (every
    connection's last update carries it); None while the game goes on."""
    if table._outcome is None:
        return None
    made = table._outcome_texts.get(lang)
    if made is None:
        made = table._outcome_texts[lang] = _outcome_text(table, lang)
    return made


def _outcome_text(table: LiveTable, lang: str) -> dict[str, Any]:
    assert table._outcome is not None
    names = table.names(lang)
    gid = table.row.game
    details = table._outcome.get("details") or {}
    text = translate(lang, f"{gid}.end.{table._outcome['reason']}", details, names)
    if table._outcome.get("tiebreak"):
        text += " " + translate(lang, f"{gid}.tiebreak.{table._outcome['tiebreak']}", details, names)
    return {**table._outcome, "text": text}


def shared(table: LiveTable) -> Shared:
    """What an update says alike to every connection: the turn deadline, the seats and the
    seats that act."""
    return table.deadline(), orjson.Fragment(orjson.dumps(table.seats_json())), list(table.state.actors())


def update_for(table: LiveTable, conn: Conn, shared: Shared) -> dict[str, Any]:
    deadline, seats, actors = shared
    seat = conn.seat
    lang = conn.lang
    legal: orjson.Fragment | list[Any] = []
    if seat is not None and seat in actors and not table.autoplay[seat]:
        legal = _legal_for(table, seat, lang)
    events = []
    # Without the memory aid a person must remember what they saw: a private event reaches
    # them once, marked transient (the client drops it when they next act), and is not sent
    # again when they rejoin, unless it belongs to the latest action. A seat that joins late
    # still gets what it was never sent (the deal's look at the bottom row).
    forget = seat is not None and table.row.seats[seat].kind == "human" and not table.human_recall
    delivered = -1 if seat is None else table.delivered[seat]
    kept = table.events
    last = table.event_count - 1
    # The newest few, read from the end (an iterator from the start of the deque would step
    # over the whole recent log at every update). A loop, not a generator: on CPython 3.11 one
    # that reads ``kept`` makes it a cell at every call, and ``min`` parses keywords.
    end = len(kept)
    start = end - last + conn.seen
    for i in range(start if start > 0 else 0, end):
        index, kind, to, params = kept[i]
        if to is not None and (seat is None or seat not in to):
            continue
        private = forget and to is not None
        if private and index < table.latest_events and index <= delivered:
            continue
        events.append(_event_entry(table, index, kind, params, lang, private))
    conn.seen = last
    if seat is not None:
        table.delivered[seat] = last
    update = {
        "type": "update",
        "version": table.version,
        "view": view_of(table, seat),
        "actors": actors,
        "legal": legal,
        "events": events,
        "seats": seats,
        "deadline": deadline,
        "outcome": outcome_text(table, lang),
    }
    if table.idle is not None and (clocks := table.idle.clocks()) is not None:
        update["clocks"] = clocks
    if table.row.rematch is not None:
        update["rematch"] = table.row.rematch
    return update


def broadcast(table: LiveTable, ack: tuple[Conn, str] | None = None) -> None:
    """Send every connection its update; ``ack`` (a connection and its encoded ack) goes
    out just before that connection's update, in the same write."""
    if table._presence is not None:  # this update says who is here: nothing left to gather
        table._presence.cancel()
        table._presence = None
    shared = table.shared()
    if ack is not None and ack[0] not in table.conns:
        ack[0].send_text(ack[1])
    # A spectator's update depends only on its language and on what it has already been
    # sent: built and encoded once for every spectator alike in both (a crowd costs one).
    watching: dict[tuple[str, int], str] = {}
    for conn in list(table.conns):
        if conn.seat is not None:
            update = dumps(table.update_for(conn, shared))
            if ack is not None and conn is ack[0]:
                conn.send_text(ack[1], update)
            else:
                conn.send_text(update)
            continue
        key = (conn.lang, conn.seen)
        text = watching.get(key)
        if text is None:
            text = watching[key] = dumps(table.update_for(conn, shared))
        else:
            conn.seen = table.event_count - 1
        conn.send_text(text)


def presence_changed(table: LiveTable) -> bool:
    """Tell every connection that a seat came or went: at once if the table has said nothing
    of it for ``presence_interval`` seconds, else in one update at the end of that interval
    for every join and leave meanwhile (a reconnect loop would otherwise send each seat an
    update per attempt, and a slow honest player fell a minute behind). True when the
    update went out now."""
    if table._presence is not None:
        return False
    wait = table._presence_at + table.hub.limits.presence_interval - time.monotonic()
    if wait > 0:
        table._presence = asyncio.get_running_loop().call_later(wait, _send_presence, table)
        return False
    _send_presence(table)
    return True


def _send_presence(table: LiveTable) -> None:
    table.broadcast()
    table._presence_at = time.monotonic()
