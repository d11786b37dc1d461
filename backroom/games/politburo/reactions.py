"""What a seat may answer in a reaction window, and whether a window asks it (``can_answer``).

A window asks a seat only when its legal list holds more than a pass, and both are stated by
the functions here and in ``legality.py`` (what may be played on a turn and at its end), so
they never disagree. Apart from ``legality.py`` to keep each module under 500 lines.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from backroom.engine.actions import Action
from backroom.games.politburo.cards import (
    ATTACK,
    BETRAY,
    DEFAME,
    DYING,
    FACE_OF,
    FACE_TYPE,
    HEALTH_DEFENCE,
    LOYALTY_DEFENCE,
    MURDERED,
    OFFICE,
    OFFICE_ANSWER_CARDS,
    ON_OFFICE,
    ROUND_END,
    SETUP,
    TURN_END,
)
from backroom.games.politburo.legality import (
    activatable,
    at_turn_end,
    distinct,
    faces,
    holds,
    own,
    return_targets,
    round_end_plays,
    special_plays,
    type_allowed,
)

if TYPE_CHECKING:
    from backroom.games.politburo.state import PolitburoState


def can_answer(state: PolitburoState, seat: int, react: str) -> bool:
    """Whether ``seat`` holds something playable in this window: only then is it asked."""
    if react == ROUND_END:
        return bool(round_end_plays(state, seat))
    if react == TURN_END:
        return at_turn_end(state, seat)
    if react == SETUP:
        return True
    return bool(answers(state, seat, react))


def answers(state: PolitburoState, seat: int, react: str) -> list[Action]:
    """What ``seat`` may play in reaction window ``react`` (a pass is always added)."""
    hand = state.hands[seat]
    if react == BETRAY:
        return [("special", "traicion")] if seat == state.p_seat and holds(hand, "traicion") else []
    if react in (ATTACK, DEFAME):
        return defences(state, seat, react)
    if react == DYING:
        return dying_answers(state, seat)
    if react == MURDERED:
        return [("special", "patriotismo")] if holds(hand, "patriotismo") and own(state, seat) else []
    if react == OFFICE:
        out: list[Action] = []
        if OFFICE_ANSWER_CARDS.isdisjoint(hand):  # asked of every seat at each move: most hold none
            return out
        mine = own(state, seat)
        if mine:
            for f in faces(hand):
                if f in ON_OFFICE or f == "ascenso":
                    out += special_plays(state, seat, f, mine)
        return out
    return []


def dying_answers(state: PolitburoState, seat: int) -> list[Action]:
    """A candidate at 0 health: its owner may play a cure from the hand, or take one back from
    the discard pile with Contrabando ("en cualquier momento", so even with a cure in hand) and
    then be asked again with it in hand."""
    c = state.dying
    if state.owner[c] != seat:
        return []
    hand = state.hands[seat]
    out: list[Action] = [("special_on", "cura", c)] if holds(hand, "cura") else []
    if holds(hand, "contrabando") and holds(state.discard, "cura"):
        out.append(("smuggle", "cura"))
    return out


def defences(state: PolitburoState, seat: int, react: str) -> list[Action]:
    """The target's owner answers an Agresión (Guardaespaldas, Vengativo, ¡Contraataque!,
    Hospitalización) or a Difamación (Favorito, Manipulador, Popularidad). A basic card comes
    from the candidate attacked (activating it) off-turn, from the hand on the owner's turn.
    A hospitalized candidate takes no card, but Popularidad is played before the player on
    turn, not on it (ruling 28): Popularidad alone. A sure attack (Atentado, a Difamación
    doubled by ¡Traición!) opens no window at all (ruling 24)."""
    c = state.p_target
    if state.owner[c] != seat:
        return []
    hand = state.hands[seat]
    if state.hospital[c] >= 0:
        return [("special", "popularidad")] if react == DEFAME and holds(hand, "popularidad") else []
    kinds = HEALTH_DEFENCE if react == ATTACK else LOYALTY_DEFENCE
    if seat == state.active:
        where, cards = "hand", hand
    else:
        where, cards = "assigned", state.assigned[c]
        if cards and c not in activatable(state, seat):
            cards = []
    returnable: bool | None = None  # for Vengativo, ¡Contraataque!: looked up when one is held
    out: list[Action] = []
    for f in distinct(map(FACE_OF, cards)):
        kind = FACE_TYPE[f]
        if kind in kinds and type_allowed(state, seat, kind, c):
            if f == "vengativo":
                returnable = bool(return_targets(state))
                if not returnable:
                    continue
            out.append(("defend", f, where))
    if react == ATTACK:
        if holds(hand, "contraataque"):
            if returnable is None:
                returnable = bool(return_targets(state))
            if returnable:
                out.append(("special", "contraataque"))
        if holds(hand, "hospitalizacion"):
            out.append(("special_on", "hospitalizacion", c))
    elif holds(hand, "popularidad"):
        out.append(("special", "popularidad"))
    return out
