"""What the active seat may do in a Slush Fund position, and why anything else is refused.

Actions name what every player sees: cards by face (identical cards are one choice, ruling 11),
politicians by rank, opponents by seat. Hidden cards never decide legality (ruling 2): a Thief's
targets are the piles that may hold money as far as the thief can tell.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from backroom.engine.actions import Action
from backroom.games.slush_fund.cards import (
    CARDS_TO_TAKE,
    CHOOSE,
    GAME_ID,
    MONEY,
    OVER,
    PLAY,
    POLITICIAN_ARGS,
    POLS,
    SCANDAL,
    SPY,
    STASH,
    TAKE,
    THIEF,
    TRANSFER,
    VP,
)

if TYPE_CHECKING:
    from backroom.games.slush_fund.state import SlushFundState


def legal_actions(state: SlushFundState, seat: int) -> list[Action]:
    """The active seat's choices in the current phase (the caller checks the seat)."""
    phase = state.phase
    if phase == PLAY:
        return play_actions(state, seat)
    faces = state.deck_def.faces
    if phase == CHOOSE:
        actions: list[Action] = [("draw",)] if state.deck else []
        if len(state.fund) >= CARDS_TO_TAKE:
            actions.extend(("take", f) for f in distinct(state.fund, faces))
        return actions
    if phase == TAKE:
        return [("take", f) for f in distinct(state.fund, faces)]
    if phase == STASH:
        return [("stash", f) for f in distinct(state.held, faces)]
    # SPY_LOOK
    actions = [("look", t, p) for t, p in look_targets(state, seat)]
    if state.spy_moved:
        actions.append(("no_look",))
    return actions


def play_actions(state: SlushFundState, seat: int) -> list[Action]:
    """Every use of every held card (one entry per distinct face), and always a discard."""
    faces = state.deck_def.faces
    kinds = state.deck_def.kinds
    live = [p for p in range(POLS) if not state.removed[p]]
    actions: list[Action] = []
    seen: list[str] = []
    for card in state.held:
        face = faces[card]
        if face in seen:
            continue
        seen.append(face)
        kind = kinds[card]
        if kind in (MONEY, VP):
            actions.extend(("bribe", face, p) for p in live)
        elif kind == SCANDAL:
            actions.extend(("scandal", p) for p in live)
        elif kind == THIEF:
            actions.extend(("thief", t, p) for t, p in thief_targets(state, seat, live))
        elif kind == SPY:
            actions.extend(("spy_move", a, b) for a in live if state.scandals[a] for b in live if b != a)
            if look_targets(state, seat):
                actions.append(("spy",))
        elif kind == TRANSFER:
            own = state.piles[seat]
            for a in live:
                money = distinct([c for c in own[a] if kinds[c] == MONEY], faces)
                for f in money:
                    actions.extend(("transfer", a, f, b) for b in live if b != a)
                for f in money:
                    for copy in covered_copies(own[a], f, faces):
                        actions.extend(("transfer_copy", a, f, copy, b) for b in live if b != a)
        actions.append(("discard", face))
    return actions


def covered_copies(pile: list[int], face: str, faces: tuple[str, ...]) -> list[int]:
    """Which cards of ``face`` below its topmost one a Money Transfer may move as a move of its
    own: copy ``k`` (counted from the top, 1 = the topmost, which ``transfer`` moves) when the
    card right above it is of another face. Cards of one face lying one on the other leave the
    same pile whichever moves, so they are one choice (ruling 11)."""
    copies: list[int] = []
    k = 0
    above = ""
    for i in range(len(pile) - 1, -1, -1):
        f = faces[pile[i]]
        if f == face:
            k += 1
            if k > 1 and above != face:
                copies.append(k)
        above = f
    return copies


def thief_targets(state: SlushFundState, seat: int, live: list[int]) -> list[tuple[int, int]]:
    """Opponents' piles that may hold money as far as ``seat`` can tell (ruling 2): the top
    is money, or a covered card is money or unseen."""
    kinds = state.deck_def.kinds
    mask = state.known[seat]
    targets: list[tuple[int, int]] = []
    for t in range(state.n):
        if t == seat:
            continue
        for p in live:
            pile = state.piles[t][p]
            if not pile:
                continue
            if kinds[pile[-1]] == MONEY or any(not (mask >> c) & 1 or kinds[c] == MONEY for c in pile[:-1]):
                targets.append((t, p))
    return targets


def look_targets(state: SlushFundState, seat: int) -> list[tuple[int, int]]:
    """Opponents' non-empty piles at politicians still in play: what a Spy may look at."""
    return [
        (t, p)
        for t in range(state.n)
        if t != seat
        for p in range(POLS)
        if not state.removed[p] and state.piles[t][p]
    ]


def why_illegal(state: SlushFundState, seat: int, action: Action) -> str:
    """The catalog key of the rule an illegal action breaks; public facts only."""
    if state.phase == OVER:
        return "error.game_over"
    if seat != state.active:
        return f"{GAME_ID}.error.not_your_turn"
    kind = action[0] if type(action) is tuple and action else ""
    if kind == "take" and state.phase == CHOOSE and len(state.fund) < CARDS_TO_TAKE:
        return f"{GAME_ID}.error.fund_too_small"
    named = [action[i] for i in POLITICIAN_ARGS.get(kind, ()) if i < len(action)]
    if any(type(p) is int and 0 <= p < POLS and state.removed[p] for p in named):
        return f"{GAME_ID}.error.politician_removed"
    return "error.illegal_action"


def distinct(cards: list[int], faces: tuple[str, ...]) -> list[str]:
    """The faces among ``cards``, each once, in first-seen order: identical cards are one
    choice, so a player is never offered the same move twice."""
    out: list[str] = []
    for c in cards:
        f = faces[c]
        if f not in out:
            out.append(f)
    return out
