"""Where a colliding puppet goes, as its controlling player chooses (ruling 33).

"Si el mover un Grupo hace que algunos de los títeres choquen con otras cartas podrán moverse a
otras flechas de control, *siempre y cuando sigan bajo el control del mismo amo*." A group laid
with its puppets (a capture, a move, a group received in a deal) keeps each puppet on its arrow;
a puppet that collides and could go on more than one free arrow of its master waits for its
player to choose one (``settle arrow``), one puppet at a time, in the order the structure
settles them (``Structure.choice``); then the group is laid as chosen. A collision with a single
answer (one free arrow, or none: the puppet is lost) asks nothing.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from backroom.engine.events import Event
from backroom.engine.window import Window
from backroom.games.illuminati.cards import ARRIVE, CARD_OF, FACE, PLACE, SETTLE, SIDES
from backroom.games.illuminati.geometry import Group, Placement

if TYPE_CHECKING:
    from backroom.games.illuminati.state import IlluminatiState
    from backroom.games.illuminati.structure import Structure

KINDS = frozenset({"settle"})
Laying = tuple["Structure", Group, Placement, bool]


def _laying(state: IlluminatiState, seat: int, action: tuple, phase: str) -> Laying | None:
    """What ``action`` lays: into which structure, the group, where, and whether it is a move
    within that structure."""
    if action[0] == "place" and phase == PLACE and state.p_stage in ("place", "move"):
        if state.draft:
            return None  # the Bermuda Triangle's new layout lays each group alone (ruling 23)
        structure = state.structures[state.active]
        face = FACE[state.p_target]
        master = FACE[state.p_attacker]
        placement = next(p for p in structure.placements(master, face) if p.arrow == action[1])
        if state.p_stage == "move":
            return structure, structure.group(face), placement, True
        old = state.owner[state.p_target]
        return None if old < 0 else (structure, state.structures[old].group(face), placement, False)
    if action[0] == "receive" and phase == ARRIVE:
        face = FACE[state.d_arriving[0]]
        structure = state.structures[seat]
        placement = next(p for p in structure.placements(action[1], face) if p.arrow == action[2])
        return structure, state.structures[state.owner[state.d_arriving[0]]].group(face), placement, False
    return None


def _open(state: IlluminatiState, laying: Laying) -> tuple[str, list] | None:
    structure, group, placement, moving = laying
    return structure.choice(group, placement, state.chosen_arrows(), moving=moving)


def intercepts(state: IlluminatiState, seat: int, action: tuple) -> bool:
    """Whether laying what ``action`` lays leaves a puppet's arrow to choose."""
    laying = _laying(state, seat, action, state.phase)
    return laying is not None and _open(state, laying) is not None


def ask(state: IlluminatiState, seat: int, action: tuple) -> None:
    state.s_action, state.s_phase, state.s_window = json.dumps(list(action)), state.phase, list(state.window)
    state.phase, state.window = SETTLE, Window([seat])


def _pending(state: IlluminatiState, seat: int) -> tuple[tuple, tuple[str, list] | None]:
    action = tuple(json.loads(state.s_action))
    laying = _laying(state, seat, action, state.s_phase)
    assert laying is not None
    return action, _open(state, laying)


def answers(state: IlluminatiState, seat: int) -> list[tuple]:
    _action, choice = _pending(state, seat)
    assert choice is not None
    return [("settle", arrow) for arrow in choice[1]]


def play(state: IlluminatiState, seat: int, action: tuple, events: list[Event] | None) -> None:
    laid, choice = _pending(state, seat)
    assert choice is not None
    state.s_choices = [*state.s_choices, CARD_OF[choice[0]], SIDES.index(action[1])]
    if _pending(state, seat)[1] is not None:
        return
    state.phase, state.window = state.s_phase, Window(state.s_window)
    state.perform(seat, laid, events)
    state.s_action, state.s_phase, state.s_window, state.s_choices = "", "", [], []
