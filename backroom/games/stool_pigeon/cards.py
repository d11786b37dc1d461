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
"""Who acts and how.

draw: the active seat draws, or closes instead of playing the turn. swap: it holds the drawn
card and swaps it into its District. peek: Matón, or the Sicario's first half. switch:
Conductora, or the Sicario's second half (two decisions: pick a card, then the other). capo:
remove a card of one's own District, or add the next card to another. snap: the elimination
window, every eligible seat may snap or pass. give: a snapper who took from another District
gives one of their own cards.
"""
DRAW, SWAP, PEEK, SWITCH, CAPO, SNAP, GIVE, OVER = PHASES

MAX_SLOTS = 64
"""Ruling 15: a District never has more slots than this; with 54 cards one is always empty."""

STARTING_CARDS = 4
BOTTOM_ROW = (1, 3)
"""Slot ``i`` is in column ``i // 2``, row ``i % 2`` (0 top, 1 bottom)."""

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

FAMILY_PHASE = {"maton": PEEK, "conductora": SWITCH, "sicario": PEEK, "capo": CAPO}

SOPLON_FALLBACK_VALUE = 10
"""Ruling: the Soplón's value when no draw pile can be formed at scoring (the highest Witness)."""

NO_PICK = (-1, -1)
"""No slot chosen yet (the first step of a blind swap, a give not yet aimed)."""
