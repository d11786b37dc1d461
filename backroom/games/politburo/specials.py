"""The special cards and the office powers: what each does once it is legal to play.

Every function takes the state, the seat and the action's arguments (a card's face, a
candidate, an office) and appends events unless ``events`` is None; ``PolitburoState.play``
dispatches here by the action's kind, then ``flow.advance`` settles what follows.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from backroom.engine.events import Event
from backroom.games.politburo import effects, flow, legality
from backroom.games.politburo.cards import (
    ATENTADO_DAMAGE,
    CURE_HEALTH,
    FACE,
    HOSPITAL,
    IN_PLAY,
    INDUSTRY_DAMAGE,
    NC,
    NKVD,
    OFFICE_MIN,
    PATRIOTISMO,
    PLAN,
    POPULARIDAD,
    PURGE_LOYALTY,
    REVUELTAS_LOSS,
    SIBERIA,
    cand,
)
from backroom.games.politburo.flow import HEALTH

if TYPE_CHECKING:
    from backroom.games.politburo.state import PolitburoState

Events = list[Event] | None


def seize(state: PolitburoState, c: int, o: int, events: Events) -> None:
    """¡Ascenso!, ¡Usurpación!: the candidate takes the office and gains the loyalty it needs,
    a gain like any other (Patriotismo Heroico adds one: ruling 38)."""
    effects.take_office(state, c, o, events)
    if state.loyalty[c] < OFFICE_MIN[o]:
        effects.gain(state, c, OFFICE_MIN[o] - state.loyalty[c], events, "office")
    state.office_dirty = True


def special(state: PolitburoState, seat: int, face: str, events: Events) -> None:
    card = state._spend(seat, face, events)
    state.acted = state.acted or seat == state.active
    if face == "traicion":
        state.p_amount *= 2
        state.p_sure = True
    elif face == "contraataque":
        state.step, state.step_seat = "counter_add", seat
    elif face in ("popularidad", "patriotismo", "plan_quinquenal"):
        state.discard.pop()
        kind = {"popularidad": POPULARIDAD, "patriotismo": PATRIOTISMO}.get(face, PLAN)
        state.effects.append([card, kind, seat, -1 if kind == PLAN else state.active, -1])
    elif face == "gran_purga":
        for c in range(NC):
            if state.fate[c] == IN_PLAY and state.loyalty[c] <= PURGE_LOYALTY:
                effects.remove(state, c, SIBERIA, events)
    elif face == "revueltas":
        for c in [c for c in state.office if c >= 0]:
            effects.lose(state, c, REVUELTAS_LOSS, events, face)
    else:  # industrializacion, colectivizacion
        for c in range(NC):
            if state.fate[c] == IN_PLAY and state.hospital[c] < 0 and c not in state.office:
                effects.hurt(state, c, INDUSTRY_DAMAGE, events, face)


def special_on(state: PolitburoState, seat: int, face: str, c: int, events: Events) -> None:
    card = state._spend(seat, face, events, "special_on", c)
    state.acted = state.acted or seat == state.active
    if face == "atentado":
        flow.attack(state, seat, HEALTH, ATENTADO_DAMAGE, c, -1, face)
        state.p_sure = True
    elif face == "hospitalizacion":
        state.discard.pop()
        state.hospital[c] = card
        # the round it had been activated in, if it had: a stay ended within it leaves that marker
        state.effects.append([card, HOSPITAL, seat, state.active, c, state.round if state.marker[c] else 0])
        state.marker[c] = True
        if state.p_kind == HEALTH and state.p_target == c:
            flow.clear_pending(state)
    elif face == "cura":
        effects.heal(state, c, CURE_HEALTH, events, face)
        if state.dying == c:
            state.dying = -1
    else:  # ascenso
        seize(state, c, legality.first_vacant(state), events)


def special_office(state: PolitburoState, seat: int, face: str, o: int, events: Events) -> None:
    state._spend(seat, face, events, "special_office", more={"office": effects.office_param(o)})
    state.acted = state.acted or seat == state.active
    if face == "destitucion":
        effects.vacate(state, o, events)
    else:
        state.step, state.step_seat, state.step_arg = "usurp", seat, o


def smuggle(state: PolitburoState, seat: int, face: str, events: Events) -> None:
    """Contrabando: any card of the discard pile into the hand, for two loyalty (R)."""
    taken = state._take(state.discard, face)
    state.hands[seat].append(taken)
    state.open_hand[seat] |= 1 << taken  # "subirla a la mano", in view of all
    state._spend(seat, "contrabando", events, "smuggle", more={"taken_card": face})
    state.acted = state.acted or seat == state.active
    state.step, state.step_seat = "smuggle", seat


def industry(state: PolitburoState, seat: int, events: Events) -> None:
    """Ministro de Industria: one more card, to discard, return or swap (R)."""
    state.powers |= 1
    state.acted = True
    before = len(state.hands[seat])
    flow.draw(state, seat, 1, events)
    if len(state.hands[seat]) > before:
        state.extra = state.hands[seat].pop()
        state.step, state.step_seat = "industry", seat


def industry_discard(state: PolitburoState, seat: int, events: Events) -> None:
    state.discard.append(state.extra)
    if events is not None:
        events.append(Event("discard", {"seat": seat, "card": FACE[state.extra]}))
    _industry_done(state)


def industry_return(state: PolitburoState, seat: int, events: Events) -> None:
    """Returned to the deck at a random place (ruling 10): nobody knows the next draw."""
    where, state.chance = state.chance.randrange(len(state.deck) + 1)
    state.deck.insert(where, state.extra)
    if events is not None:
        events.append(Event("industry_return", {"seat": seat}))
    _industry_done(state)


def industry_swap(state: PolitburoState, seat: int, face: str, events: Events) -> None:
    state.hands[seat].append(state.extra)
    state._spend(seat, face, events, "discard")
    _industry_done(state)


def _industry_done(state: PolitburoState) -> None:
    state.extra = -1
    state.step = ""


def nkvd(state: PolitburoState, seat: int, c: int, events: Events) -> None:
    """Líder del NKVD: look at the cards assigned to any candidate (R)."""
    state.powers |= 1 << NKVD
    state.acted = True
    for card in state.assigned[c]:
        state.known[seat] |= 1 << card
    if events is not None:
        events.append(Event("nkvd", {"seat": seat, "candidate": cand(c)}))
        events.append(
            Event(
                "nkvd_saw",
                {"seat": seat, "candidate": cand(c), "cards": [FACE[x] for x in state.assigned[c]]},
                (seat,),
            )
        )


HANDLERS: dict[str, Callable[..., None]] = {
    "special": special,
    "special_on": special_on,
    "special_office": special_office,
    "smuggle": smuggle,
    "industry": industry,
    "industry_discard": industry_discard,
    "industry_return": industry_return,
    "industry_swap": industry_swap,
    "nkvd": nkvd,
}
"""The actions handled here, by kind."""
