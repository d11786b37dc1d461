"""Why Politburó refuses an action: the catalog key of the rule it breaks (``IllegalAction``).

Apart from ``legality.py``, which states what is legal: a refusal is asked only for an action
already found illegal, never on a playout's path.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from backroom.engine.actions import Action
from backroom.games.politburo.cards import FACE_TYPE, GAME_ID, MAX_ASSIGNED, NC, OVER
from backroom.games.politburo.legality import faces

if TYPE_CHECKING:
    from backroom.games.politburo.state import PolitburoState


def why_illegal(state: PolitburoState, seat: int, action: Action) -> str:
    """The catalog key of the rule an illegal action breaks; never a fact hidden from ``seat``."""
    if state.phase == OVER:
        return "error.game_over"
    if seat not in state.actors():
        return f"{GAME_ID}.error.not_your_turn"
    kind = action[0] if type(action) is tuple and action else ""
    shaped = len(action) > 1 if kind else False
    cards = ("play", "assign", "discard", "special", "special_on", "special_office")
    if kind in cards and shaped and action[1] not in faces(state.hands[seat]):
        return f"{GAME_ID}.error.not_in_hand"
    c = action[2] if kind in ("assign", "play") and len(action) == 3 else None
    if kind == "assign" and type(c) is int and 0 <= c < NC and len(state.assigned[c]) >= MAX_ASSIGNED:
        return f"{GAME_ID}.error.two_assigned"
    if kind == "play" and len(action) == 3 and type(action[2]) is int and 0 <= action[2] < NC:
        t = FACE_TYPE.get(action[1], -1) if isinstance(action[1], str) else -1
        if t >= 0 and (state.typed[t] >> action[2]) & 1:
            return f"{GAME_ID}.error.one_of_a_type"
    if kind == "use" and state.active == seat:
        return f"{GAME_ID}.error.own_turn_from_hand"
    return "error.illegal_action"
