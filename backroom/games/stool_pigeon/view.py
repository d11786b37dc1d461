"""What each seat sees of a Stool Pigeon position, and the labels of its actions.

The view is the only owner of hidden information: District cards are backs (``"back"``),
faces the seat knows, or ``None`` (an empty slot).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from backroom.engine.actions import Action
from backroom.engine.events import Msg
from backroom.games.stool_pigeon.cards import EMPTY, FACES, GAME_ID, GIVE, OVER, SNAP, SWITCH

if TYPE_CHECKING:
    from backroom.games.stool_pigeon.state import StoolPigeonState

_SLOT_KINDS = ("swap", "remove", "give")
_SEAT_SLOT_KINDS = ("peek", "snap", "pick", "switch")


def view(state: StoolPigeonState, seat: int | None, recall: bool) -> dict[str, Any]:
    over = state.phase == OVER
    mask = state.known[seat] if (seat is not None and recall) else 0
    districts = [
        [None if c == EMPTY else (FACES[c] if over or (mask >> c) & 1 else "back") for c in district]
        for district in state.districts
    ]
    held: str | None = None
    if state.held != EMPTY:
        held = FACES[state.held] if seat == state.active else "back"
    data: dict[str, Any] = {
        "game": GAME_ID,
        "seat": seat,
        "players": state.n,
        "phase": state.phase,
        "active": state.active,
        "actors": list(state.actors()),
        "districts": districts,
        "held": held,
        "deck": len(state.deck),
        "discard": [FACES[c] for c in state.discard],
        "removed": [FACES[c] for c in state.removed],
        "closer": state.closer if state.closer >= 0 else None,
        "window": state.window_value if state.phase == SNAP else None,
        "sicario": state.sicario,
        "picked": list(state.picked) if state.phase == SWITCH and state.picked[0] >= 0 else None,
        "give_to": list(state.give_target) if state.phase == GIVE else None,
        "giver": state.giver if state.phase == GIVE else None,
        "turn": state.turns,
        "turn_limit": state.turn_limit,
    }
    if over:
        outcome = state.outcome()
        assert outcome is not None
        data["outcome"] = outcome.to_json()
    return data


def label(action: Action) -> Msg:
    kind = action[0]
    params: dict[str, Any] = {}
    if kind in _SLOT_KINDS:
        params = {"slot": action[1]}
    elif kind in _SEAT_SLOT_KINDS:
        params = {"target_seat": action[1], "slot": action[2]}
    elif kind == "add":
        params = {"target_seat": action[1]}
    return Msg(f"{GAME_ID}.action.{kind}", params)
