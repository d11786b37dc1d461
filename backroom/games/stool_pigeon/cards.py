"""The 54 cards, read from ``deck.json``. A card in play is its index into these tables."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

DATA: dict[str, Any] = json.loads((Path(__file__).parent / "deck.json").read_text("utf-8"))
GAME_ID: str = DATA["game"]

EMPTY = -1
"""A District slot whose card has left (slots are never compacted)."""

PHASES = ("draw", "swap", "peek", "switch", "capo", "snap", "give", "over")
"""Who acts and how: see the phase constants of ``state.py``."""

FACES: tuple[str, ...] = tuple(e["face"] for e in DATA["cards"] for _ in range(e["count"]))
"""The face of every card id, e.g. ``FACES[0] == "witness-2"``."""

KINDS: tuple[str, ...] = tuple(e["kind"] for e in DATA["cards"] for _ in range(e["count"]))

PRINTED: tuple[int, ...] = tuple(
    (e["value"] if e["value"] is not None else -1) for e in DATA["cards"] for _ in range(e["count"])
)
"""Printed numbers; the Soplón's is ``-1`` because its value is only known at scoring."""

FACE_VALUE: dict[str, int | None] = {e["face"]: e["value"] for e in DATA["cards"]}
DECK_SIZE = len(FACES)
SOPLON = FACES.index("soplon")
WITNESS_LIKE = frozenset(i for i, k in enumerate(KINDS) if k in ("witness", "primo"))
"""Cards that open an elimination window when played (the Primo counts as a Witness)."""

ELIMINABLE = frozenset(i for i, k in enumerate(KINDS) if k == "witness")
"""Only Witness cards can be eliminated; a Family card of the same number is a miss."""

SOPLON_FALLBACK_VALUE = 10
"""Ruling: the Soplón's value when no draw pile can be formed at scoring (the highest Witness)."""
