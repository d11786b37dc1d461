"""What one seat may see of a Corruption position (the JSON shape is documented on
``CorruptionState``). Hidden cards appear only as ``"back"``: a face-down card's kind is shown
to its owner, to a seat that looked at it with a Little Black Book (while ``recall``), and to
everyone once the round's cards are revealed (the award phase)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from backroom.games.corruption import award
from backroom.games.corruption.cards import (
    AWARD,
    BODIES,
    BRIBE_VALUE,
    BUILTIN,
    CORRUPTION,
    FACES,
    IS_BRIBE,
    OVER,
    ROUNDS,
    mask_positions,
)

if TYPE_CHECKING:
    from backroom.games.corruption.state import CorruptionState


def shown_kinds(state: CorruptionState, seat: int | None, recall: bool = True) -> list[int]:
    """The kind of each of this round's plays as ``seat`` sees it, -1 for a card it cannot
    see: the one rule of what is hidden, read by the view and by the heuristic bot."""
    if state.phase == AWARD:
        return state.p_kind[:]
    seen = state.seen[seat] if seat is not None and recall else 0
    up = state.p_up
    return [
        kind if up[i] or state.p_seat[i] == seat or (seen >> i) & 1 else -1
        for i, kind in enumerate(state.p_kind)
    ]


class Sight(NamedTuple):
    """The numbers the heuristic bot bids from, as ``view(seat)`` shows them (lists are the
    state's own, to read and not to change)."""

    players: int
    variant: str
    table: list[int]
    value: list[int]
    """Each contract's dollars, by contract index."""
    body: list[int]
    """Each contract's body index, by contract index."""
    seat: list[int]
    kind: list[int]
    """Each play's kind, -1 where the seat cannot see it (``shown_kinds``)."""
    where: list[int]
    """Each play's contract, or ``-1 - body`` for a Swiss account."""
    spent: list[list[int]]
    on: list[int]
    """The contract each play counts on (-1: none yet)."""
    gone: list[int]
    """Each play's fate (``award.IN_PLAY``, ``KILLED``, ...)."""
    pending: int
    """The play whose owner decides in the award phase (-1 outside it)."""
    hand: list[int]
    """The seat's own hand (kind indices, sorted)."""
    mover: int
    """Whose card is next (-1 outside the Corruption phase)."""
    book_left: int
    """The seat's Little Black Book cards left (0 without the Book)."""


_BUILTIN_VALUES = [c.value for c in BUILTIN]


def sight(state: CorruptionState, seat: int) -> Sight:
    """``seat``'s reading of the position, for ``Observation.read``."""
    return Sight(
        state.n,
        state.variant,
        state.table,
        _BUILTIN_VALUES if state.contracts is BUILTIN else [c.value for c in state.contracts],
        state.body_of,
        state.p_seat,
        shown_kinds(state, seat),
        state.p_where,
        state.spent,
        state.p_on,
        state.p_gone,
        state.pending if state.phase == AWARD else -1,
        state.hands[seat],
        state.mover if state.phase == CORRUPTION else -1,
        state.bb_left[seat] if state.black_book else 0,
    )


def build_view(state: CorruptionState, seat: int | None, recall: bool) -> dict[str, Any]:
    revealed = state.phase == AWARD
    seen = state.seen[seat] if seat is not None and recall else 0
    shown = shown_kinds(state, seat, recall)
    plays = []
    for i, owner in enumerate(state.p_seat):
        kind = state.p_kind[i]
        where = state.p_where[i]
        known = shown[i] >= 0
        on = state.p_on[i]
        plays.append(
            {
                "index": i,
                "seat": owner,
                "position": i // state.n + 1,
                "card": FACES[kind] if known else "back",
                "contract": where if where >= 0 else None,
                "swiss": BODIES[-1 - where] if where < 0 else None,
                "face_up": state.p_up[i],
                "counts_on": on if on >= 0 else None,
                "value": (BRIBE_VALUE[kind] // (2 if where < 0 else 1)) if known and IS_BRIBE[kind] else None,
                "fate": award.GONE_NAMES[state.p_gone[i]],
                "looked": bool((seen >> i) & 1),
                "looked_by": [s for s in range(state.n) if (state.seen[s] >> i) & 1],
            }
        )
    hands = []
    for s in range(state.n):
        hands.append(
            {
                "seat": s,
                "cards": [FACES[k] for k in state.hands[s]] if s == seat else None,
                "size": len(state.hands[s]),
                "spent": [FACES[k] for k in state.spent[s]],
            }
        )
    pending: dict[str, Any] | None = None
    if state.phase == AWARD and state.pending >= 0:
        pending = {"step": state.step, "play": state.pending, "seat": state.p_seat[state.pending]}
    view: dict[str, Any] = {
        "game": "corruption",
        "seat": seat,
        "players": state.n,
        "variant": state.variant,
        "black_book": state.black_book,
        "round": state.round,
        "rounds": ROUNDS,
        "phase": state.phase,
        "leader": state.leader,
        "mover": state.mover if state.phase == CORRUPTION else None,
        "actors": list(state.actors()),
        "face_up_positions": mask_positions(state.up_mask),
        "bodies": list(BODIES),
        "contracts": [
            {
                "index": c,
                "id": card.id,
                "name": card.name,
                "value": card.value,
                "label": state.label_of(c),
                "status": card.status,
            }
            for c, card in enumerate(state.contracts)
        ],
        "deck": len(state.deck),
        "table": [
            {"contract": c, "body": BODIES[state.body_of[c]], "cancelled": c in state.cancelled}
            for c in state.table
        ],
        "plays": plays,
        "hands": hands,
        "won": [{"seat": s, "contracts": state.won[s][:], "total": state.total(s)} for s in range(state.n)],
        "black_book_left": state.bb_left[:],
        "award": pending,
        "totals": ({str(c): row for c, row in award.totals(state).items()} if revealed else None),
        "results": [
            {"contract": r[0], "result": r[1], "seat": r[2] if r[2] != -1 else None, "total": r[3]}
            for r in state.results
        ],
    }
    if state.phase == OVER:
        outcome = state.outcome()
        assert outcome is not None
        view["outcome"] = outcome.to_json()
    return view
