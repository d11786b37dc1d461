"""What a seat may do in a Stool Pigeon position, and why anything else is refused.

Legality is stated once, in ``legal_actions``; ``is_legal`` and ``random_action`` answer the same
question without building the list, because random play and search ask them at every step
(property-tested against ``legal_actions``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from backroom.engine.actions import Action
from backroom.engine.game import State
from backroom.engine.spec import ActionSpace
from backroom.games.stool_pigeon.cards import (
    CAPO,
    DRAW,
    EMPTY,
    GIVE,
    MAX_SLOTS,
    NO_PICK,
    OVER,
    PEEK,
    SNAP,
    SWAP,
    SWITCH,
)

if TYPE_CHECKING:
    from backroom.games.stool_pigeon.state import StoolPigeonState

SNAP_ACTIONS = tuple(tuple(("snap", t, s) for s in range(MAX_SLOTS)) for t in range(8))
"""Snap actions built once: a window lists every face-down card, often, in random play."""


SNAP_INDICES: dict[ActionSpace, tuple[int, list[list[int]]]] = {}
"""Per action space (one per table size): the pass's index and ``SNAP_ACTIONS`` numbered."""


def legal_actions(state: StoolPigeonState, seat: int) -> list[Action]:
    phase = state.phase
    if phase == SNAP:
        return snap_window(state, ("pass",), SNAP_ACTIONS) if seat in state.window else []
    if phase == GIVE:
        own = state.districts[seat] if seat == state.giver else []
        return [("give", s) for s, c in enumerate(own) if c != EMPTY]
    if phase == OVER or seat != state.active:
        return []
    if phase == DRAW:
        return [("draw",), ("close",)] if state.closer < 0 else [("draw",)]
    own = state.districts[seat]
    if phase == SWAP:
        slots: list[Action] = [("swap", s) for s, c in enumerate(own) if c != EMPTY]
        return slots or [("keep",)]
    if phase == PEEK:
        return [("peek", t, s) for t, s in family_targets(state)]
    if phase == SWITCH:
        targets = family_targets(state)
        if state.picked == NO_PICK:
            return [("pick", t, s) for t, s in targets] if len(targets) > 1 else []
        return [("switch", t, s) for t, s in targets if (t, s) != state.picked]
    if phase == CAPO:
        actions = [("remove", s) for s, c in enumerate(own) if c != EMPTY]
        if state.can_draw():
            actions.extend(("add", t) for t in range(state.n) if t != seat and t != state.closer)
        return actions
    raise AssertionError(phase)


def snap_window(state: StoolPigeonState, passing: Any, rows: Sequence[Sequence[Any]]) -> list[Any]:
    """A window's choices: ``passing``, then ``rows[target][slot]`` for every face-down card
    (the closer's too: a close stops Family cards only), as actions or as their indices."""
    out = [passing]
    for target in range(state.n):
        row = rows[target]
        out += [row[s] for s, c in enumerate(state.districts[target]) if c != EMPTY]
    return out


def legal_indices(state: StoolPigeonState, seat: int, space: ActionSpace) -> list[int]:
    """``legal_actions`` numbered; a window's (four decisions in five, 33 choices on average
    at four players) from numbered rows rather than by hashing every snap."""
    if state.phase != SNAP or seat not in state.window:
        return space.indices(legal_actions(state, seat))
    numbers = SNAP_INDICES.get(space)
    if numbers is None:
        rows = [space.indices(row) for row in SNAP_ACTIONS[: state.n]]
        numbers = SNAP_INDICES[space] = (space.index(("pass",)), rows)
    return snap_window(state, *numbers)


def is_legal(state: StoolPigeonState, seat: int, action: Action) -> bool:
    """``action in legal_actions(state, seat)``, decided without building the list (hot path)."""
    phase = state.phase
    if type(action) is not tuple or not action:
        return False
    kind = action[0]
    size = len(action)
    if phase == SNAP:
        if seat not in state.window:
            return False
        if kind == "pass":
            return size == 1
        return kind == "snap" and size == 3 and occupied(state, action[1], action[2])
    if phase == GIVE:
        return seat == state.giver and kind == "give" and size == 2 and occupied(state, seat, action[1])
    if phase == OVER or seat != state.active:
        return False
    if phase == DRAW:
        return size == 1 and (kind == "draw" or (kind == "close" and state.closer < 0))
    if phase == SWAP:
        if kind == "keep":
            return size == 1 and all(c == EMPTY for c in state.districts[seat])
        return kind == "swap" and size == 2 and occupied(state, seat, action[1])
    if phase == PEEK:
        return kind == "peek" and size == 3 and family_target(state, action[1], action[2])
    if phase == SWITCH:
        if size != 3 or not family_target(state, action[1], action[2]):
            return False
        if state.picked == NO_PICK:
            return kind == "pick" and len(family_targets(state)) > 1
        return kind == "switch" and (action[1], action[2]) != state.picked
    if phase == CAPO:
        if kind == "remove":
            return size == 2 and occupied(state, seat, action[1])
        return (
            kind == "add"
            and size == 2
            and action[1] in range(state.n)
            and action[1] not in (seat, state.closer)
            and state.can_draw()
        )
    return False


def random_action(state: StoolPigeonState, seat: int, rng: random.Random) -> Action:
    """In a snap window, pass or any face-down card, uniformly, without listing them: a
    slot drawn among all slots (and one entry for pass) is redrawn while it is empty."""
    if state.phase != SNAP or seat not in state.window:
        return State.random_action(state, seat, rng)
    districts = state.districts
    total = 0
    for district in districts:
        total += len(district)
    while True:
        pick = int(rng.random() * (total + 1))
        if pick == total:
            return ("pass",)
        for target, district in enumerate(districts):
            if pick < len(district):
                if district[pick] != EMPTY:
                    return SNAP_ACTIONS[target][pick]
                break
            pick -= len(district)


def why_illegal(state: StoolPigeonState, seat: int, action: Action) -> str:
    if state.phase == OVER:
        return "error.game_over"
    if seat not in state.actors():
        return "stool-pigeon.error.not_your_turn"
    kind = action[0] if type(action) is tuple and action else ""
    if kind == "close" and state.closer >= 0:
        return "stool-pigeon.error.already_closed"
    targets = [action[1]] if kind in ("peek", "pick", "switch", "add") and len(action) > 1 else []
    if state.closer >= 0 and state.closer in targets:
        return "stool-pigeon.error.closer_immune"
    if kind == "discard" and state.phase == SWAP:
        return "stool-pigeon.error.discard_drawn"
    return "error.illegal_action"


def family_targets(state: StoolPigeonState) -> list[tuple[int, int]]:
    """Face-down cards a Family card may touch: any District but the closer's."""
    return [
        (t, s)
        for t in range(state.n)
        if t != state.closer
        for s, c in enumerate(state.districts[t])
        if c != EMPTY
    ]


def occupied(state: StoolPigeonState, target: Any, slot: Any) -> bool:
    if type(target) is not int or type(slot) is not int or not 0 <= target < state.n:
        return False
    district = state.districts[target]
    return 0 <= slot < len(district) and district[slot] != EMPTY


def family_target(state: StoolPigeonState, target: Any, slot: Any) -> bool:
    return target != state.closer and occupied(state, target, slot)
