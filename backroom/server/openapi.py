"""The OpenAPI 3 description of the HTTP routes, written by hand so it says exactly what the
handlers in ``api.py`` and ``seat_api.py`` accept and answer; a test checks every route appears
here. The longer bodies' shapes are named in ``openapi_schemas.py``."""

from __future__ import annotations

from typing import Any

from backroom.server.openapi_schemas import (
    CREATED,
    GAMES,
    NEW_TABLE,
    SEAT_KEY,
    SEAT_KEY_FIELDS,
    TABLE,
    TABLES,
)

_ERROR = {
    "description": "A refused request: a machine code and a translated sentence.",
    "content": {
        "application/json": {
            "schema": {
                "type": "object",
                "required": ["error"],
                "properties": {
                    "error": {
                        "type": "object",
                        "required": ["code", "message"],
                        "properties": {"code": {"type": "string"}, "message": {"type": "string"}},
                    }
                },
            }
        }
    },
}

_LANG_PARAM = {
    "name": "lang",
    "in": "query",
    "required": False,
    "description": "Language of error messages (es, en, fr); else Accept-Language.",
    "schema": {"type": "string"},
}

_TABLE_ID = {"name": "table_id", "in": "path", "required": True, "schema": {"type": "string"}}


def _json(description: str, schema: dict[str, Any]) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


SCHEMA: dict[str, Any] = {
    "openapi": "3.1.0",
    "info": {
        "title": "Backroom online table",
        "version": "1",
        "description": "The lobby API. Play itself goes over the WebSocket /ws/{table_id} "
        "described in docs/protocol.md.",
    },
    "paths": {
        "/api/games": {
            "get": {
                "summary": "The games this server offers, with their options and bot kinds.",
                "responses": {
                    "200": _json(
                        "Every registered game.",
                        GAMES,
                    )
                },
            }
        },
        "/api/i18n/{lang}": {
            "get": {
                "summary": "The merged message catalog (interface and every game) of a language.",
                "parameters": [
                    {
                        "name": "lang",
                        "in": "path",
                        "required": True,
                        "schema": {"type": "string", "enum": ["es", "en", "fr"]},
                    }
                ],
                "responses": {
                    "200": _json(
                        "Message key to text.",
                        {"type": "object", "additionalProperties": {"type": "string"}},
                    ),
                    "404": _ERROR,
                },
            }
        },
        "/api/tables": {
            "get": {
                "summary": (
                    "The newest tables, 200 a page: in play (playing, idle) or as ?status= says;"
                    " ?before= a page's next for the page after it."
                ),
                "parameters": [
                    {
                        "name": "status",
                        "in": "query",
                        "required": False,
                        "schema": {
                            "type": "string",
                            "enum": ["playing", "idle", "over", "damaged", "all"],
                        },
                    },
                    {
                        "name": "before",
                        "in": "query",
                        "required": False,
                        "description": "The next of an earlier page: the tables listed after it.",
                        "schema": {"type": "string"},
                    },
                ],
                "responses": {
                    "200": _json(
                        "Tables, newest first.",
                        TABLES,
                    ),
                    "400": _ERROR,
                },
            },
            "post": {
                "summary": "Create a table; returns each human/agent seat's secret invite once.",
                "parameters": [_LANG_PARAM],
                "requestBody": {
                    "required": True,
                    "content": {"application/json": {"schema": NEW_TABLE}},
                },
                "responses": {
                    "201": _json(
                        "The new table.",
                        CREATED,
                    ),
                    "400": _ERROR,
                    "403": _ERROR,
                    "413": _ERROR,
                    "429": _ERROR,
                    "503": _ERROR,
                },
            },
        },
        "/api/tables/{table_id}": {
            "get": {
                "summary": "One table: options, version, seats and the outcome once over.",
                "parameters": [_TABLE_ID, _LANG_PARAM],
                "responses": {
                    "200": _json(
                        "The table.",
                        TABLE,
                    ),
                    "404": _ERROR,
                    "503": _ERROR,
                },
            }
        },
        "/api/tables/{table_id}/record": {
            "get": {
                "summary": "The game record (backroom-record/1) of a finished table.",
                "parameters": [_TABLE_ID, _LANG_PARAM],
                "responses": {
                    "200": _json("The record.", {"type": "object"}),
                    "404": _ERROR,
                    "409": _ERROR,
                    "503": _ERROR,
                },
            }
        },
        "/api/tables/{table_id}/token": {
            "post": {
                "summary": "A seat's player replaces their token: old invite links stop working.",
                "parameters": [_TABLE_ID, _LANG_PARAM],
                "requestBody": {
                    "required": True,
                    "content": {
                        "application/json": {
                            "schema": {
                                "type": "object",
                                "required": ["token"],
                                "properties": {"token": {"type": "string", "maxLength": 256}},
                            }
                        }
                    },
                },
                "responses": {
                    "200": _json(
                        "The new token and invite link.",
                        SEAT_KEY,
                    ),
                    "400": _ERROR,
                    "403": _ERROR,
                    "404": _ERROR,
                    "415": _ERROR,
                    "503": _ERROR,
                },
            }
        },
        "/api/tables/{table_id}/claim": {
            "post": {
                "summary": "Take a seat nobody has come to, from the lobby (its unused invite link "
                "stops working).",
                "parameters": [_TABLE_ID, _LANG_PARAM],
                "requestBody": {
                    "required": True,
                    "content": {"application/json": {"schema": {"type": "object"}}},
                },
                "responses": {
                    "200": _json(
                        "The seat, its new token and invite link.",
                        SEAT_KEY,
                    ),
                    "403": _ERROR,
                    "404": _ERROR,
                    "409": _ERROR,
                    "415": _ERROR,
                    "503": _ERROR,
                },
            }
        },
        "/api/tables/{table_id}/bot": {
            "post": {
                "summary": "The holder of a seat's invite link hands it, while nobody has come to "
                "it, to a bot.",
                "parameters": [_TABLE_ID, _LANG_PARAM],
                "requestBody": {
                    "required": True,
                    "content": {
                        "application/json": {
                            "schema": {
                                "type": "object",
                                "required": ["token"],
                                "properties": {"token": {"type": "string", "maxLength": 256}},
                            }
                        }
                    },
                },
                "responses": {
                    "200": _json(
                        "The seat, now a bot's.",
                        {
                            "type": "object",
                            "properties": {"seat": {"type": "integer"}, "kind": {"type": "string"}},
                        },
                    ),
                    "400": _ERROR,
                    "403": _ERROR,
                    "404": _ERROR,
                    "409": _ERROR,
                    "415": _ERROR,
                    "503": _ERROR,
                },
            }
        },
        "/api/tables/{table_id}/hidden": {
            "post": {
                "summary": "A seat's player hides the table from the lobby's public list "
                "(hidden: true) or lists it again; its links lead to it either way.",
                "parameters": [_TABLE_ID, _LANG_PARAM],
                "requestBody": {
                    "required": True,
                    "content": {
                        "application/json": {
                            "schema": {
                                "type": "object",
                                "required": ["token", "hidden"],
                                "properties": {
                                    "token": {"type": "string", "maxLength": 256},
                                    "hidden": {"type": "boolean"},
                                },
                            }
                        }
                    },
                },
                "responses": {
                    "200": _json(
                        "Whether the table is hidden now.",
                        {"type": "object", "properties": {"hidden": {"type": "boolean"}}},
                    ),
                    "400": _ERROR,
                    "403": _ERROR,
                    "404": _ERROR,
                    "415": _ERROR,
                    "429": _ERROR,
                    "503": _ERROR,
                },
            }
        },
        "/api/tables/{table_id}/replay": {
            "get": {
                "summary": "A finished game step by step, as one seat (?seat=N) or a spectator saw "
                "it: the view after each action and the events it could see. 409 not_over while "
                "the game is on.",
                "parameters": [
                    _TABLE_ID,
                    _LANG_PARAM,
                    {
                        "name": "seat",
                        "in": "query",
                        "required": False,
                        "schema": {"type": "integer", "minimum": 0},
                    },
                ],
                "responses": {
                    "200": _json(
                        "The replay.",
                        {
                            "type": "object",
                            "properties": {
                                "game": {"type": "string"},
                                "players": {"type": "integer"},
                                "seat": {"type": ["integer", "null"]},
                                "names": {"type": "array", "items": {"type": "string"}},
                                "steps": {"type": "array", "items": {"type": "object"}},
                                "outcome": {"type": "object"},
                            },
                        },
                    ),
                    "400": _ERROR,
                    "404": _ERROR,
                    "409": _ERROR,
                },
            }
        },
        "/api/tables/{table_id}/rematch": {
            "post": {
                "summary": "A player of a finished table takes their seat at its rematch (the "
                "first to ask makes it: same game, seats, options, bots and timers, a new deal).",
                "parameters": [_TABLE_ID, _LANG_PARAM],
                "requestBody": {
                    "required": True,
                    "content": {
                        "application/json": {
                            "schema": {
                                "type": "object",
                                "required": ["token"],
                                "properties": {"token": {"type": "string", "maxLength": 256}},
                            }
                        }
                    },
                },
                "responses": {
                    "200": _json(
                        "The new table, the seat and a token for it alone.",
                        {
                            "type": "object",
                            "properties": {"table": {"type": "string"}, **SEAT_KEY_FIELDS},
                        },
                    ),
                    "400": _ERROR,
                    "403": _ERROR,
                    "404": _ERROR,
                    "409": _ERROR,
                    "415": _ERROR,
                    "503": _ERROR,
                },
            }
        },
        "/openapi.json": {
            "get": {
                "summary": "This document.",
                "responses": {"200": _json("OpenAPI 3.1.", {"type": "object"})},
            }
        },
        "/": {
            "get": {
                "summary": "The lobby page.",
                "responses": {"200": {"description": "HTML", "content": {"text/html": {}}}},
            }
        },
        "/t/{table_id}/replay": {
            "get": {
                "summary": "The replay page of a finished table (?seat=N&step=K).",
                "parameters": [_TABLE_ID],
                "responses": {"200": {"description": "HTML", "content": {"text/html": {}}}},
            }
        },
        "/t/{table_id}": {
            "get": {
                "summary": "The table page; a seat's token travels in ?token=.",
                "parameters": [_TABLE_ID],
                "responses": {"200": {"description": "HTML", "content": {"text/html": {}}}},
            }
        },
        "/ws/{table_id}": {
            "get": {
                "summary": "WebSocket of a table (docs/protocol.md); ?token= takes a seat, "
                "none spectates; ?lang= chooses the language of texts.",
                "parameters": [
                    _TABLE_ID,
                    {"name": "token", "in": "query", "required": False, "schema": {"type": "string"}},
                    {"name": "lang", "in": "query", "required": False, "schema": {"type": "string"}},
                    {
                        "name": "chat",
                        "in": "query",
                        "required": False,
                        "description": "1: send this connection the table's chat and who watches",
                        "schema": {"type": "string", "enum": ["1"]},
                    },
                ],
                "responses": {"101": {"description": "Switching to the WebSocket protocol."}},
            }
        },
    },
}
