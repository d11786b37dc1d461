"""The lobby API's POSTs on one table, each from a seat's holder or a newcomer: a new token, a
claimed seat, a seat handed to a bot, the table hidden or listed, a rematch.

Apart from ``api.py`` because they share checks of their own: an allowed origin, a JSON body,
and the seat's token in that body, never in the address (which logs and histories keep).
"""

from __future__ import annotations

import json
from collections.abc import Awaitable
from typing import TYPE_CHECKING, Any, TypeVar

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from backroom.server import audience, rematch
from backroom.server.api import fail, hub_of, missing, read_body, request_language
from backroom.server.messages import Refused
from backroom.server.origin import origin_allowed

if TYPE_CHECKING:
    from backroom.server.hub import Hub
    from backroom.server.live import LiveTable

T = TypeVar("T")


async def rotate_token(request: Request) -> Response:
    """A seat's player replaces their token (the body carries the current one, never the
    address): old invite links stop working, the answer holds the new one."""
    lang = request_language(request)
    token = _token(await _json_post(request, lang), lang)
    hub, table = await _table(request, lang)
    rotated = await _on(hub, table, lang, table.seating.rotate_token(token))
    if rotated is None:
        raise fail(lang, "bad_token", 403)
    seat, fresh = rotated
    return JSONResponse({"seat": seat, "token": fresh, "invite": f"/t/{table.row.id}?token={fresh}"})


async def _json_post(request: Request, lang: str) -> Any:
    """The JSON body of a POST that only this server's pages (or allowed origins) may send."""
    if not origin_allowed(request):
        raise fail(lang, "bad_origin", 403)
    if request.headers.get("content-type", "").split(";")[0].strip().lower() != "application/json":
        raise fail(lang, "not_json", 415)
    try:
        return json.loads(await read_body(request, lang))
    except (ValueError, RecursionError):
        raise fail(lang, "bad_json") from None


async def _table(request: Request, lang: str) -> tuple[Hub, LiveTable]:
    """The hub and the table the address names, held (``hub.release`` it), or the error that
    says why there is none: unknown (404), or quarantined (503) — for every POST alike."""
    hub = hub_of(request)
    table = await hub.get(request.path_params["table_id"])
    if table is None:
        raise missing(request, lang)
    return hub, table


STATUS = {"bad_token": 403, "unknown_table": 404, "hide_too_fast": 429, "table_moved": 503}
"""The HTTP status of each refusal these POSTs give; any other is 409 (the table's state
forbids it). ``table_moved``: this worker lost the table meanwhile, nothing was stored, and
the request asked again reaches the table's new worker."""


async def _on(hub: Hub, table: LiveTable, lang: str, change: Awaitable[T]) -> T:
    """``change``'s result (a change to ``table``, held since ``_table``), its refusal answered
    with the status ``STATUS`` gives; the table is released either way."""
    try:
        return await change
    except Refused as refused:
        raise fail(lang, refused.code, STATUS.get(refused.code, 409), **refused.params) from None
    finally:
        hub.release(table)


def _token(data: Any, lang: str) -> str:
    """The seat token a body carries (never the address, which logs and histories keep): a
    short printable string (a lone surrogate, valid JSON, cannot even be encoded to be hashed)."""
    token = data.get("token") if isinstance(data, dict) else None
    if not isinstance(token, str) or not 0 < len(token) <= 256 or not token.isprintable():
        raise fail(lang, "bad_field", field="token")
    return token


async def claim_seat(request: Request) -> Response:
    """Someone in the lobby takes a seat nobody has come to: the answer holds its new token
    (the unused invite link stops working)."""
    lang = request_language(request)
    await _json_post(request, lang)
    hub, table = await _table(request, lang)
    claimed = await _on(hub, table, lang, table.seating.claim_seat())
    if claimed is None:
        raise fail(lang, "no_free_seat", 409)
    seat, token = claimed
    return JSONResponse({"seat": seat, "token": token, "invite": f"/t/{table.row.id}?token={token}"})


async def seat_to_bot(request: Request) -> Response:
    """Whoever holds a seat's invite link (the host) hands that seat to a bot, as long as
    nobody has come to it; the link opens nothing afterwards."""
    lang = request_language(request)
    token = _token(await _json_post(request, lang), lang)
    hub, table = await _table(request, lang)
    seat = await _on(hub, table, lang, table.seating.seat_to_bot(token))
    if seat is None:
        raise fail(lang, "seat_taken", 409)
    return JSONResponse({"seat": seat, "kind": "bot"})


async def set_hidden(request: Request) -> Response:
    """A seat's player takes the table off the lobby's public list, or puts it back: its links
    lead to it either way."""
    lang = request_language(request)
    data = await _json_post(request, lang)
    token = _token(data, lang)
    hidden = data.get("hidden")
    if not isinstance(hidden, bool):
        raise fail(lang, "bad_field", field="hidden")
    hub, table = await _table(request, lang)
    seat = await _on(hub, table, lang, audience.set_hidden(table, token, hidden))
    if seat is None:
        raise fail(lang, "bad_token", 403)
    return JSONResponse({"hidden": hidden})


async def accept_rematch(request: Request) -> Response:
    """A player of a finished table takes their seat at its rematch (made by the first to ask):
    the answer holds a token for that seat alone."""
    lang = request_language(request)
    token = _token(await _json_post(request, lang), lang)
    hub, table = await _table(request, lang)
    fresh, seat, new = await _on(hub, table, lang, rematch.accept(hub, table, token))
    invite = f"/t/{fresh.row.id}?token={new}"
    return JSONResponse({"table": fresh.row.id, "seat": seat, "token": new, "invite": invite})
