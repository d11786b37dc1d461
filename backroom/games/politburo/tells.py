"""What being asked in a window tells the table about a seat's hidden cards.

A window asks only the seats that can answer (``reactions.can_answer``), so a seat asked holds
an answer somewhere. ``answer_faces`` says where it may lie and which faces would answer,
from the same rule functions as the legal lists; ``hidden.py`` keeps it for every pass so a
resample deals the seat an answer again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from backroom.games.politburo.cards import (
    ATTACK,
    BASIC_FACES,
    BETRAY,
    DEFAME,
    DEMAGOGIA_FACES,
    DYING,
    FACE_TYPE,
    HEALTH_DEFENCE,
    INITIATIVE,
    LOYALTY_DEFENCE,
    MURDERED,
    OFFENSIVE,
    OFFENSIVE_FACES,
    OFFICE,
    ON_OFFICE,
    ROUND_END,
    TURN_END,
)
from backroom.games.politburo.legality import (
    activatable,
    any_target,
    disgraced,
    holds,
    own,
    return_targets,
    special_segment,
    type_allowed,
)

if TYPE_CHECKING:
    from backroom.games.politburo.state import PolitburoState


def answer_faces(state: PolitburoState, seat: int, react: str) -> list[tuple[list[int], frozenset[str]]]:
    """Each place where ``seat`` hides cards (its hand, the face-down cards of a candidate)
    with the faces that would answer there in window ``react`` now: ``can_answer`` is whether
    one of them lies there. So being asked tells the table that much, which a resample keeps
    (``hidden.py``). The faces come from the same rules as the legal lists."""
    hand = state.hands[seat]
    mine = own(state, seat)
    if react == TURN_END:
        if not mine:
            return []
        out = [(hand, frozenset(f for f in INITIATIVE if special_segment(state, seat, f, mine)))]
        kinds = [kind for kind in OFFENSIVE if any_target(state, seat, kind)]
        playable = frozenset(f for f in OFFENSIVE_FACES if FACE_TYPE[f] in kinds)
        out += [(state.assigned[c], playable) for c in activatable(state, seat) if state.assigned[c]]
        return out
    if react == ROUND_END:
        last = disgraced(state, seat)
        plan = special_segment(state, seat, "plan_quinquenal", mine)
        return [
            (
                hand,
                frozenset([*(DEMAGOGIA_FACES if last else ()), *(["plan_quinquenal"] if plan else [])]),
            )
        ]
    if react in (ATTACK, DEFAME):
        return _defence_faces(state, seat, react)
    if react == OFFICE:
        return [
            (
                hand,
                frozenset(
                    f for f in (*ON_OFFICE, "ascenso") if mine and special_segment(state, seat, f, mine)
                ),
            )
        ]
    if react == BETRAY:
        return [(hand, frozenset(["traicion"] if seat == state.p_seat else []))]
    if react == DYING:
        if state.owner[state.dying] != seat:
            return [(hand, frozenset())]
        return [(hand, frozenset(["cura", "contrabando"] if holds(state.discard, "cura") else ["cura"]))]
    if react == MURDERED:
        return [(hand, frozenset(["patriotismo"] if mine else []))]
    return []  # the setup asks everyone: it tells nothing


def _defence_faces(state: PolitburoState, seat: int, react: str) -> list[tuple[list[int], frozenset[str]]]:
    """``answer_faces`` for an attack in flight (``reactions.defences``, face by face)."""
    c = state.p_target
    if state.owner[c] != seat:
        return []
    if state.hospital[c] >= 0:
        return [(state.hands[seat], frozenset(["popularidad"] if react == DEFAME else []))]
    returnable = bool(return_targets(state))
    kinds = HEALTH_DEFENCE if react == ATTACK else LOYALTY_DEFENCE
    basic = [
        f
        for f in BASIC_FACES
        if FACE_TYPE[f] in kinds
        and type_allowed(state, seat, FACE_TYPE[f], c)
        and (f != "vengativo" or returnable)
    ]
    if react == ATTACK:
        special = ["hospitalizacion", *(["contraataque"] if returnable else [])]
    else:
        special = ["popularidad"]
    if seat == state.active:
        return [(state.hands[seat], frozenset(basic + special))]
    out = [(state.hands[seat], frozenset(special))]
    if c in activatable(state, seat):
        out.append((state.assigned[c], frozenset(basic)))
    return out
