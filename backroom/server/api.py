"""The HTTP lobby: games, catalogs, creating and listing tables (docs/protocol.md, /openapi.json);
a seat holder's POSTs on a table are in ``seat_api.py``.

Every input is checked here (or there) before the engine sees it; a bad request gets a 4xx
answer with a machine code and a translated sentence, never a server error.
"""

from __future__ import annotations

import json
import math
import re
import secrets
import time
from typing import Any

from sqlalchemy.exc import DBAPIError
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, PlainTextResponse, Response

from backroom.bots import bot_kinds
from backroom.engine.errors import BadOptions, EngineError, UnknownGame
from backroom.engine.game import Game
from backroom.engine.record import Record
from backroom.games import all_games, get_game
from backroom.i18n import LANGUAGES, catalog, normalize_language, preferred_language, translate
from backroom.server.hub import Hub
from backroom.server.idle import BadTimer, parse_timers
from backroom.server.live import LiveTable
from backroom.server.messages import clean_name, hash_token, new_token
from backroom.server.origin import origin_allowed
from backroom.server.rows import SeatRow, TableRow
from backroom.server.trouble import RETRY_AFTER

MAX_BODY = 64 * 1024
MAX_BOT_DELAY = 30.0
MAX_TURN_TIMER = 86400
DEFAULT_BOT_DELAY = 0.6
LIST_LIMIT = 200
"""Tables in one page of the lobby's list; ``next`` leads to the page after."""
LISTED = ("playing", "idle", "over", "damaged")
"""Every status the lobby shows; ``?status=`` asks for one of them (or ``all``)."""
_STORED = {"playing": "playing", "idle": "playing", "over": "over"}
"""The stored status of the tables each listed one comes from (``idle`` is ``playing`` with
nothing due; a table quarantined since it was loaded may still be stored as ``playing``)."""
SEAT_KINDS = ("human", "agent", "bot")


class BadRequest(Exception):
    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(code)
        self.status = status
        self.code = code
        self.message = message


def request_language(request: Request) -> str:
    given = request.query_params.get("lang")
    if given:
        return normalize_language(given)
    return preferred_language(request.headers.get("accept-language", ""))


_SURROGATE = re.compile("[\ud800-\udfff]")


def error_response(status: int, code: str, message: str) -> JSONResponse:
    # A sentence may repeat what the request said (an unknown game's name), and a lone
    # surrogate, valid in JSON, cannot be encoded: it is shown as a replacement character.
    message = _SURROGATE.sub("\ufffd", message)
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status)


def fail(lang: str, code: str, status: int = 400, /, **params: Any) -> BadRequest:
    return BadRequest(status, code, translate(lang, f"server.error.{code}", params))


def _engine_fail(lang: str, code: str, exc: EngineError) -> BadRequest:
    return BadRequest(400, code, translate(lang, exc.key, exc.params))


def missing(request: Request, lang: str) -> BadRequest:
    """No table to answer with: a quarantined one says so (503: the server's data, not the
    request, is wrong), any other is unknown (404)."""
    if request.path_params["table_id"] in hub_of(request).damaged:
        return fail(lang, "damaged_table", 503)
    return fail(lang, "unknown_table", 404)


def hub_of(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def game_json(game: Game) -> dict[str, Any]:
    gid = game.id
    return {
        "id": gid,
        "name": {lang: translate(lang, f"{gid}.name") for lang in LANGUAGES},
        "min_players": game.min_players,
        "max_players": game.max_players,
        "options": [
            {
                "name": o.name,
                "default": o.default,
                "choices": list(o.choices),
                "low": o.low,
                "high": o.high,
                "label": {lang: translate(lang, f"{gid}.option.{o.name}") for lang in LANGUAGES},
            }
            for o in game.options
            if not o.local
        ],
        "bots": bot_kinds(game),
    }


async def list_games(request: Request) -> Response:
    return JSONResponse({"games": [game_json(g) for g in all_games()]})


async def i18n_catalog(request: Request) -> Response:
    lang = request.path_params["lang"]
    if lang not in LANGUAGES:
        raise fail(request_language(request), "unknown_language", 404, lang=str(lang)[:16])
    return JSONResponse(catalog(lang))


async def create_table(request: Request) -> Response:
    lang = request_language(request)
    if not origin_allowed(request):
        raise fail(lang, "bad_origin", 403)
    if not hub_of(request).may_create(request.client.host if request.client else ""):
        raise fail(lang, "too_many_tables", 429, limit=int(hub_of(request).tables_per_minute))
    if request.headers.get("content-type", "").split(";")[0].strip().lower() != "application/json":
        # A form or text/plain POST is what another website can send without asking (CSRF).
        raise fail(lang, "not_json", 415)
    body = await read_body(request, lang)
    try:
        data = json.loads(body)
    except (ValueError, RecursionError):
        raise fail(lang, "bad_json") from None
    if not isinstance(data, dict):
        raise fail(lang, "bad_field", field="(body)")
    row, tokens = parse_table(lang, data, allow_seed=request.app.state.allow_seed)
    hub = hub_of(request)
    try:
        await hub.create(row)
    except BadOptions as exc:  # what only the deal can tell (a combination of options)
        raise _engine_fail(lang, "bad_options", exc) from None
    hub.lobby_trouble.succeeded()
    seats = []
    for s in row.seats:
        item: dict[str, Any] = {"seat": s.seat, "kind": s.kind, "name": s.name}
        if s.kind == "bot":
            item["bot"] = s.bot
        token = tokens.get(s.seat)
        if token is not None:
            item["token"] = token
            item["invite"] = f"/t/{row.id}?token={token}"
        seats.append(item)
    return JSONResponse(
        {
            "id": row.id,
            "game": row.game,
            "players": row.players,
            "seats": seats,
            "spectate": f"/t/{row.id}",
        },
        status_code=201,
    )


async def read_body(request: Request, lang: str) -> bytes:
    """The request body, refused with 413 as soon as it is known to pass ``MAX_BODY``: from
    ``Content-Length`` before reading, else while reading, so a huge body is never held."""
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
        raise fail(lang, "too_large", 413, limit=MAX_BODY)
    chunks: list[bytes] = []
    size = 0
    try:
        async for chunk in request.stream():
            size += len(chunk)
            if size > MAX_BODY:
                raise fail(lang, "too_large", 413, limit=MAX_BODY)
            chunks.append(chunk)
    except ClientDisconnect:
        # Gone before the body was in, or cut off for sending it too slowly (--body-timeout):
        # nobody is left to read the answer, and the log needs no traceback for it.
        raise fail(lang, "too_slow", 408) from None
    return b"".join(chunks)


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def parse_table(
    lang: str, data: dict[str, Any], *, allow_seed: bool = False
) -> tuple[TableRow, dict[int, str]]:
    """A new table from a request body, or ``BadRequest`` naming the first wrong field.

    The deal's seed is the server's own draw from ``secrets``: whoever knows a seed can replay
    the deal and see every hidden card. A ``seed`` in the body is refused (403
    ``seed_not_allowed``) unless the server runs with ``--allow-seed`` (tests, research), and
    a table dealt from a chosen seed is marked ``seeded`` so that every seat is told."""
    game_id = data.get("game")
    if not isinstance(game_id, str):
        raise fail(lang, "bad_field", field="game")
    try:
        game = get_game(game_id)
    except UnknownGame as exc:
        raise _engine_fail(lang, "unknown_game", exc) from None
    players = data.get("players")
    if not isinstance(players, int) or isinstance(players, bool):
        raise fail(lang, "bad_field", field="players")
    try:
        game.check_players(players)
    except BadOptions as exc:
        raise _engine_fail(lang, "bad_options", exc) from None
    given_options = data.get("options", {})
    if given_options is None:
        given_options = {}
    if not isinstance(given_options, dict):
        raise fail(lang, "bad_field", field="options")
    for option in game.options:
        if option.local and given_options.get(option.name, option.default) != option.default:
            raise fail(lang, "local_option", option=option.name)
    try:
        options = game.resolve_options(given_options)
    except BadOptions as exc:
        raise _engine_fail(lang, "bad_options", exc) from None
    seats_in = data.get("seats", [])
    if not isinstance(seats_in, list) or len(seats_in) > players:
        raise fail(lang, "bad_field", field="seats")
    seats: list[SeatRow] = []
    tokens: dict[int, str] = {}
    kinds = bot_kinds(game)
    for seat in range(players):
        spec = seats_in[seat] if seat < len(seats_in) else {"kind": "human"}
        if not isinstance(spec, dict):
            raise fail(lang, "bad_field", field=f"seats[{seat}]")
        kind = spec.get("kind", "human")
        if kind not in SEAT_KINDS:
            raise fail(lang, "bad_field", field=f"seats[{seat}].kind")
        try:
            name = clean_name(spec.get("name"))
        except ValueError:
            raise fail(lang, "bad_field", field=f"seats[{seat}].name") from None
        bot: str | None = None
        token_hash: str | None = None
        if kind == "bot":
            bot = spec.get("bot", "random")
            if bot not in kinds:
                raise fail(lang, "unknown_bot", bot=str(bot)[:32], known=", ".join(kinds))
        else:
            token = new_token()
            tokens[seat] = token
            token_hash = hash_token(token)
        seats.append(SeatRow(seat, kind, bot, name, token_hash))
    chosen = data.get("seed")
    if chosen is None:
        seed = secrets.randbits(63)
    elif not allow_seed:
        raise fail(lang, "seed_not_allowed", 403)
    elif not _int(chosen) or not 0 <= chosen < 2**63:
        raise fail(lang, "bad_field", field="seed")
    else:
        seed = chosen
    bot_delay = data.get("bot_delay", DEFAULT_BOT_DELAY)
    if (
        isinstance(bot_delay, bool)
        or not isinstance(bot_delay, (int, float))
        or not 0 <= bot_delay <= MAX_BOT_DELAY
    ):
        raise fail(lang, "bad_field", field="bot_delay")
    hidden = data.get("hidden", False)
    if not isinstance(hidden, bool):
        raise fail(lang, "bad_field", field="hidden")
    turn_timer = data.get("turn_timer")
    if turn_timer is not None and (not _int(turn_timer) or not 1 <= turn_timer <= MAX_TURN_TIMER):
        raise fail(lang, "bad_field", field="turn_timer")
    try:
        timers = parse_timers(data.get("timers"))
    except BadTimer as bad:
        if bad.low is None:
            raise fail(lang, "bad_field", field=bad.field) from None
        raise fail(lang, "bad_timer", field=bad.field, low=bad.low, high=bad.high) from None
    row = TableRow(
        id=secrets.token_urlsafe(9),
        game=game.id,
        players=players,
        options=options,
        seed=seed,
        rules_version=game.rules_version,
        bot_delay=float(bot_delay),
        turn_timer=turn_timer,
        created=time.time(),
        status="playing",
        outcome=None,
        seats=seats,
        seeded=chosen is not None,
        timers=None if timers is None else timers.to_json(),
        hidden=hidden,
    )
    return row, tokens


async def tables(request: Request) -> Response:
    """``/api/tables``: the list (GET) or a new table (POST), one route so that a refused
    method's 405 names both in ``Allow``."""
    return await (create_table(request) if request.method == "POST" else list_tables(request))


async def list_tables(request: Request) -> Response:
    hub = hub_of(request)
    wanted = request.query_params.get("status")
    if wanted is not None and wanted not in (*LISTED, "all"):
        raise fail(request_language(request), "bad_field", field="status")
    before = _cursor(request)
    rows = await hub.list_rows(LIST_LIMIT, "playing" if wanted is None else _STORED.get(wanted), before)
    cluster = getattr(request.app.state, "cluster", None)
    elsewhere = (
        {} if cluster is None else await cluster.lobby_entries([r.id for r in rows if r.id not in hub.tables])
    )
    tables = []
    for row in rows:
        live = hub.tables.get(row.id)
        if row.status == "damaged" or row.id in hub.damaged:
            entry = {"open_seats": 0, "free_seats": 0, "status": "damaged"}
        elif live is not None:
            entry = lobby_entry(live)
        elif row.id in elsewhere:  # in play on another worker (``cluster.py``)
            entry = elsewhere[row.id]
        else:  # not loaded: nobody has been at this table for a while
            entry = {
                "open_seats": sum(1 for s in row.seats if s.open),
                "free_seats": sum(1 for s in row.seats if s.unclaimed),
                "status": "idle" if row.status == "playing" else row.status,
            }
        if wanted not in (None, "all") and entry["status"] != wanted:
            continue
        tables.append(
            {
                "id": row.id,
                "game": row.game,
                "players": row.players,
                **entry,
                "created": row.created,
                "rematch": row.rematch,
                "rematch_of": row.rematch_of,
            }
        )
    # A full page: there may be older tables, listed from ``next`` on (``?before=``).
    last = rows[-1] if len(rows) == LIST_LIMIT else None
    return JSONResponse({"tables": tables, "next": None if last is None else f"{last.created!r}:{last.id}"})


def _cursor(request: Request) -> tuple[float, str] | None:
    """``?before=``, as an earlier page's ``next`` gave it: (created, id)."""
    given = request.query_params.get("before")
    if given is None:
        return None
    created, colon, table_id = given.partition(":")
    try:
        when = float(created)
    except ValueError:
        when = math.nan
    if not colon or not math.isfinite(when) or not 0 < len(table_id) <= 32:
        raise fail(request_language(request), "bad_field", field="before")
    return when, table_id


def lobby_entry(live: LiveTable) -> dict[str, Any]:
    """What the lobby shows of a table in memory: who may still sit, and whether it plays."""
    return {
        "open_seats": live.open_seats(),
        "free_seats": sum(1 for s in range(live.row.players) if live.seating.is_free(s)),
        "status": live.status(),
    }


async def get_table(request: Request) -> Response:
    hub = hub_of(request)
    table = await hub.get(request.path_params["table_id"])
    if table is None:
        raise missing(request, request_language(request))
    summary = table.summary()
    hub.release(table)
    return JSONResponse(summary)


async def get_replay(request: Request) -> Response:
    """A finished table's game, step by step, as one seat (``?seat=N``) or a spectator saw it;
    refused while the game is on, when it would show hidden cards."""
    lang = request_language(request)
    hub = hub_of(request)
    table = await hub.get(request.path_params["table_id"])
    if table is None:
        raise missing(request, lang)
    try:
        given = request.query_params.get("seat", "")
        # A seat number is a few digits: ``int()`` of thousands raises (Python's digit limit).
        if given and not (
            given.isascii() and given.isdigit() and len(given) <= 4 and int(given) < table.row.players
        ):
            raise fail(lang, "bad_field", field="seat")
        if not table.is_over:
            raise fail(lang, "not_over", 409)
        body = await hub.replays.of(table, int(given) if given else None, lang)
    finally:
        hub.release(table)
    if body is None:
        raise fail(lang, "unknown_table", 404)
    return Response(body, media_type="application/json")


async def get_record(request: Request) -> Response:
    lang = request_language(request)
    hub, table_id = hub_of(request), request.path_params["table_id"]
    table = await hub.get(table_id)
    if table is None:
        record = None if table_id in hub.damaged else await hub.record(table_id, other_rules=True)
        if record is None:
            raise missing(request, lang)
        return JSONResponse(record.to_json())
    if not table.is_over:
        raise fail(lang, "not_over", 409)
    record = await hub.record(table_id)
    hub.release(table)
    if not isinstance(record, Record):
        raise fail(lang, "unknown_table", 404)
    return JSONResponse(record.to_json())


async def bad_request_handler(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, BadRequest)
    return error_response(exc.status, exc.code, exc.message)


async def routing_error_handler(request: Request, exc: Exception) -> Response:
    """Starlette's own refusals, no such path (404) or method (405): under ``/api/`` the
    API's JSON error in the caller's language, as every other API error; elsewhere as before."""
    assert isinstance(exc, HTTPException)
    codes = {404: "no_such_path", 405: "method_not_allowed"}
    if not request.url.path.startswith("/api/") or exc.status_code not in codes:
        return PlainTextResponse(exc.detail, status_code=exc.status_code, headers=exc.headers)
    code = codes[exc.status_code]
    response = error_response(
        exc.status_code, code, translate(request_language(request), f"server.error.{code}")
    )
    response.headers.update(exc.headers or {})
    return response


async def storage_unavailable_handler(request: Request, exc: Exception) -> Response:
    """The database refused (disk full, read-only, locked): a JSON error a client can act on,
    503 with ``Retry-After``, instead of a plain-text 500; logged at most once a minute."""
    assert isinstance(exc, DBAPIError)
    hub_of(request).lobby_trouble.failed(exc)
    lang = request_language(request)
    response = error_response(503, "storage_unavailable", translate(lang, "server.error.storage_unavailable"))
    response.headers["Retry-After"] = str(RETRY_AFTER)
    return response
