"""What a seat may do in a Corruption position, and why anything else is refused.

Actions name faces, never an index into a hand (two identical reporters are one choice).
``is_legal``, ``random_action`` and ``refusal`` answer by rule, without listing every action,
because random play and search ask them at every step; ``legal_actions`` is the statement the
conformance suite checks them against.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from backroom.engine.actions import Action
from backroom.engine.game import State
from backroom.engine.spec import ActionSpace
from backroom.games.corruption import award
from backroom.games.corruption.cards import (
    AWARD,
    BODIES,
    CORRUPTION,
    FACES,
    IS_BRIBE,
    KINDS_OF,
    OVER,
    PLAYS_PER_ROUND,
    POSITIONS,
    SET_SIZE,
    SWISS_ACCOUNTS,
)

if TYPE_CHECKING:
    from backroom.games.corruption.state import CorruptionState


def look_targets(state: CorruptionState, seat: int) -> list[int]:
    """Face-down cards on contracts (never in a Swiss account) of other seats, not yet seen."""
    seen = state.seen[seat]
    return [
        i
        for i in range(len(state.p_seat))
        if not state.p_up[i] and state.p_where[i] >= 0 and state.p_seat[i] != seat and not (seen >> i) & 1
    ]


def legal_actions(state: CorruptionState, seat: int) -> list[Action]:
    phase = state.phase
    if phase == CORRUPTION:
        actions = plays(state, seat, state._moves or build_moves(state))
        actions.extend(looks(state, seat))
        return actions
    if phase == AWARD:
        if seat != state.p_seat[state.pending]:
            return []
        if state._choices is None:
            state._choices = award.options(state)
        return state._choices
    if phase == POSITIONS and seat == state.leader:
        chosen = state.up_mask
        actions = [("face_up", p) for p in range(PLAYS_PER_ROUND) if not (chosen >> p) & 1]
        actions.append(("positions_done",))
        return actions
    return []


def plays(state: CorruptionState, seat: int, moves: list[list[Any]]) -> list[Any]:
    """The mover's card plays, one ``moves[k]`` per face in hand: actions or their indices."""
    out: list[Any] = []
    if seat == state.mover:
        last = -1
        for k in state.hands[seat]:  # sorted: equal faces are neighbours
            if last < 0 or FACES[k] != FACES[last]:
                out += moves[k]
            last = k
    return out


def looks(state: CorruptionState, seat: int) -> list[Action]:
    """The Little Black Book's looks (and the decline of a window) open to ``seat``."""
    mover = seat == state.mover
    if not (state.black_book and state.bb_left[seat] and (mover or not (state.declined >> seat) & 1)):
        return []
    out: list[Action] = [("look", i) for i in look_targets(state, seat)]
    if out and not mover and state.turn:
        out.append(("decline",))
    return out


def legal_indices(state: CorruptionState, seat: int, space: ActionSpace) -> list[int]:
    """``legal_actions`` numbered: the card plays' indices are kept a round with their tuples
    (64 plays a turn on average, 5 µs of hashing where the engine's step costs 4)."""
    if state.phase != CORRUPTION:
        return space.indices(legal_actions(state, seat))
    numbers = state._move_indices
    if numbers is None:
        moves = state._moves or build_moves(state)
        numbers = state._move_indices = [space.indices(m) for m in moves]
    out = plays(state, seat, numbers)
    out.extend(space.indices(looks(state, seat)))
    return out


def build_moves(state: CorruptionState) -> list[list[Action]]:
    """Every card's plays on this round's table, built once a round: the table only
    changes between rounds, and reusing the tuples keeps ``legal_actions`` cheap."""
    table = state.table
    state._moves = [
        [("play", FACES[k], c) for c in table]
        + ([("swiss", FACES[k], b) for b in range(len(BODIES))] if IS_BRIBE[k] else [])
        for k in range(SET_SIZE)
    ]
    return state._moves


def hand_kind(state: CorruptionState, seat: int, face: Any) -> int:
    """The kind index of a card of ``face`` in the seat's hand, or -1: equal faces (the two
    reporters) are one choice, so the first of them is the one played."""
    hand = state.hands[seat]
    for k in KINDS_OF.get(face, ()) if type(face) is str else ():
        if k in hand:
            return k
    return -1


def random_action(state: CorruptionState, seat: int, rng: random.Random) -> Action:
    """The mover's card plays drawn without building the list (outside the Little Black
    Book, whose looks join the list): a (hand card, place) cell is drawn and redrawn while
    it is no move — a character's Swiss cell, or the second of two equal faces."""
    if state.phase != CORRUPTION or state.black_book or seat != (state.leader + state.turn) % state.n:
        return State.random_action(state, seat, rng)
    moves = state._moves or build_moves(state)
    hand = state.hands[seat]
    places = len(state.table)
    width = places + SWISS_ACCOUNTS
    cells = len(hand) * width
    while True:
        i, j = divmod(int(rng.random() * cells), width)
        k = hand[i]
        if (j < places or IS_BRIBE[k]) and not (i and FACES[hand[i - 1]] == FACES[k]):
            return moves[k][j]


def is_legal(state: CorruptionState, seat: int, action: Action) -> bool:
    if (  # the common case first: the mover plays a card on a contract (hot path)
        state.phase == CORRUPTION
        and type(action) is tuple
        and len(action) == 3
        and action[0] == "play"
        and seat == (state.leader + state.turn) % state.n
        and type(action[2]) is int
    ):
        return action[2] in state.table and hand_kind(state, seat, action[1]) >= 0
    return refusal(state, seat, action) is None


def why_illegal(state: CorruptionState, seat: int, action: Action) -> str:
    return refusal(state, seat, action) or "error.illegal_action"


def refusal(state: CorruptionState, seat: int, action: Action) -> str | None:
    """Why ``action`` is refused, or ``None``: checked by rule, not by listing every action."""
    if state.phase == OVER:
        return "error.game_over"
    if type(action) is not tuple or not action:
        return "corruption.error.unknown_action"
    kind = action[0]
    if state.phase == CORRUPTION and kind in ("play", "swiss") and len(action) == 3:
        face, where = action[1], action[2]
        if type(where) is not int or not isinstance(face, str):
            return "corruption.error.unknown_action"
        if seat != state.mover:
            return "corruption.error.not_your_turn"
        k = hand_kind(state, seat, face)
        if k < 0:
            return "corruption.error.card_not_in_hand"
        if kind == "swiss":
            if not IS_BRIBE[k]:
                return "corruption.error.character_in_swiss"
            return None if 0 <= where < len(BODIES) else "corruption.error.no_such_body"
        return None if where in state.table else "corruption.error.contract_not_on_table"
    if seat not in state.actors():
        return "corruption.error.not_your_turn"
    if state.phase == CORRUPTION and kind in ("look", "decline"):
        if not state.black_book or not state.bb_left[seat]:
            return "corruption.error.no_black_book"
        if action in legal_actions(state, seat):
            return None
        return "corruption.error.cannot_look"
    if action in legal_actions(state, seat):
        return None
    return "corruption.error.unknown_action"
