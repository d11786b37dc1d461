"""The shapes of the lobby API's JSON bodies, named for ``openapi.py``: written inline, their
nesting was most of that module and hid its list of routes."""

from __future__ import annotations

from typing import Any

LANGS = {"type": "object", "properties": {lang: {"type": "string"} for lang in ("es", "en", "fr")}}

SEAT_KEY_FIELDS: dict[str, Any] = {
    "seat": {"type": "integer"},
    "token": {"type": "string"},
    "invite": {"type": "string"},
}
SEAT_KEY = {"type": "object", "properties": SEAT_KEY_FIELDS}
"""A seat and the token and invite link that open it (token rotation, a claim from the lobby)."""

LINK = {"type": ["string", "null"], "description": "The id of the table that followed, or was followed."}

SEAT_STATUS = {
    "type": "object",
    "properties": {
        "seat": {"type": "integer"},
        "kind": {"type": "string", "enum": ["human", "agent", "bot"]},
        "name": {"type": ["string", "null"]},
        "connected": {"type": "boolean"},
        "autoplay": {"type": "boolean"},
    },
}

GAMES: dict[str, Any] = {
    "type": "object",
    "properties": {
        "games": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "id": {"type": "string"},
                    "name": LANGS,
                    "min_players": {"type": "integer"},
                    "max_players": {"type": "integer"},
                    "options": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "properties": {
                                "name": {"type": "string"},
                                "default": {},
                                "choices": {
                                    "type": "array",
                                    "items": {"type": "string"},
                                },
                                "low": {"type": ["integer", "null"]},
                                "high": {"type": ["integer", "null"]},
                                "label": LANGS,
                            },
                        },
                    },
                    "bots": {"type": "array", "items": {"type": "string"}},
                },
            },
        }
    },
}
"""``GET /api/games``: every game, its options and bot kinds."""

TABLES: dict[str, Any] = {
    "type": "object",
    "properties": {
        "tables": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "id": {"type": "string"},
                    "game": {"type": "string"},
                    "players": {"type": "integer"},
                    "open_seats": {"type": "integer"},
                    "free_seats": {"type": "integer"},
                    "status": {
                        "type": "string",
                        "enum": ["playing", "idle", "over", "damaged"],
                    },
                    "created": {"type": "number"},
                    "rematch": LINK,
                    "rematch_of": LINK,
                },
            },
        },
        "next": {
            "type": ["string", "null"],
            "description": "A full page: ?before= this lists the tables after it; null: the last page.",
        },
    },
}
"""``GET /api/tables``: the lobby's list, a page of it."""

NEW_TABLE: dict[str, Any] = {
    "type": "object",
    "required": ["game", "players"],
    "properties": {
        "game": {"type": "string"},
        "players": {"type": "integer"},
        "options": {"type": "object"},
        "seats": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "kind": {
                        "type": "string",
                        "enum": ["human", "agent", "bot"],
                    },
                    "bot": {"type": "string"},
                    "name": {"type": "string", "maxLength": 40},
                },
            },
        },
        "seed": {
            "type": "integer",
            "minimum": 0,
            "description": "Only on a server started with "
            "--allow-seed (403 seed_not_allowed otherwise); the "
            "table is then marked seeded for every seat.",
        },
        "bot_delay": {"type": "number", "minimum": 0, "maximum": 30},
        "hidden": {
            "type": "boolean",
            "description": "Keep the table off the lobby's public "
            "list: only its links lead to it (default false).",
        },
        "turn_timer": {
            "type": ["integer", "null"],
            "minimum": 1,
            "maximum": 86400,
        },
        "timers": {
            "type": ["object", "null"],
            "description": "Idle timers: a seat that lets a window's "
            "time run out passes; a turn's, its move is made by the "
            "bot (docs/protocol.md, Idle timers). 400 bad_timer out "
            "of bounds.",
            "additionalProperties": False,
            "properties": {
                "window": {
                    "type": ["integer", "null"],
                    "minimum": 3,
                    "maximum": 3600,
                },
                "move": {
                    "type": ["integer", "null"],
                    "minimum": 3,
                    "maximum": 86400,
                },
                "clock": {"type": "string", "enum": ["move", "game"]},
            },
        },
    },
}
"""``POST /api/tables``: the request body."""

CREATED: dict[str, Any] = {
    "type": "object",
    "properties": {
        "id": {"type": "string"},
        "game": {"type": "string"},
        "players": {"type": "integer"},
        "seats": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "seat": {"type": "integer"},
                    "kind": {"type": "string"},
                    "name": {"type": ["string", "null"]},
                    "bot": {"type": "string"},
                    "token": {"type": "string"},
                    "invite": {"type": "string"},
                },
            },
        },
        "spectate": {"type": "string"},
    },
}
"""``POST /api/tables``: the new table, with each seat's invite."""

TABLE: dict[str, Any] = {
    "type": "object",
    "properties": {
        "id": {"type": "string"},
        "game": {"type": "string"},
        "players": {"type": "integer"},
        "options": {"type": "object"},
        "version": {"type": "integer"},
        "status": {"type": "string", "enum": ["playing", "idle", "over"]},
        "seats": {"type": "array", "items": SEAT_STATUS},
        "outcome": {"type": ["object", "null"]},
        "seeded": {"type": "boolean"},
        "timers": {"type": ["object", "null"]},
        "rematch": LINK,
        "rematch_of": LINK,
        "hidden": {"type": "boolean"},
    },
}
"""``GET /api/tables/{table_id}``: one table."""
