"""Moving money freely within a structure: the Gnomes of Zurich at the end of their turn, and
White Collar Crime; and the Bermuda Triangle's free reorganisation at the end of its turn.

"los Gnomos pueden mover dinero entre sus Grupos como deseen al final de su turno" (step 6 of
"Orden de juego": "si controla a los Gnomos de Zúrich ahora puede distribuir su dinero entre
los tesoros"). White Collar Crime: "Move any amounts of your money freely between any of your
groups, and gain an extra 5 MB to place anywhere in your structure." Both open a phase of
``transfer`` and ``amount`` between any two of the player's cards, at no cost, each card
sending money once (ruling 22: what the player could do in one sweep; it bounds the phase),
until ``end``. White Collar Crime is played on the player's own turn, naming the card that
takes the 5 MB (ruling 22).

"el jugador del Triángulo de las Bermudas puede reorganizar libremente su Estructura de Poder
al final de cada turno": the same phase with ``move`` and ``place`` at no cost, each group
moved once (ruling 23).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from backroom.engine.events import Event
from backroom.games.illuminati import concealment
from backroom.games.illuminati.cards import ACTION, BERMUDA, CARD_OF, FACE, GNOMES, REDISTRIBUTE

if TYPE_CHECKING:
    from backroom.games.illuminati.state import IlluminatiState

GNOMES_TURN, BERMUDA_TURN, WHITE_COLLAR = "gnomes", "bermuda", "white_collar"
WHITE_COLLAR_CRIME, WHITE_COLLAR_MB = "white_collar_crime", 5


def power_first(state: IlluminatiState) -> bool:
    """At the Gnomes' or the Bermuda Triangle's ``end``: open their end-of-turn power first
    (False when there is nothing to do or it is done)."""
    seat = state.active
    root = state.illuminati[seat]
    if state.phase != ACTION or len(state.structures[seat]) < (2 if root == GNOMES else 3):
        return False
    if root not in (GNOMES, BERMUDA) or not concealment.has_ability(state, seat):
        return False
    open_phase(state, GNOMES_TURN if root == GNOMES else BERMUDA_TURN)
    return True


def open_phase(state: IlluminatiState, why: str) -> None:
    state.phase = REDISTRIBUTE
    state.redistribute = why
    state.sent = []


def transfers(state: IlluminatiState, seat: int) -> list[tuple]:
    cards = state.cards_of(seat)
    return [
        ("transfer", FACE[c], FACE[d])
        for c in cards
        if state.money[c] > 0 and c not in state.sent
        for d in cards
        if d != c
    ]


def white_collar(state: IlluminatiState, seat: int, card: str, events: list[Event] | None) -> None:
    state.earn(CARD_OF[card], WHITE_COLLAR_MB)
    if events is not None:
        events.append(Event("income", {"seat": seat, "card": card, "mb": WHITE_COLLAR_MB}))
    open_phase(state, WHITE_COLLAR)


def close(state: IlluminatiState) -> bool:
    """``end`` in the phase: True when the turn ends now (the Gnomes' redistribution)."""
    ends_turn = state.redistribute in (GNOMES_TURN, BERMUDA_TURN)
    state.redistribute = ""
    state.sent = []
    if not ends_turn:
        state.phase = ACTION
    return ends_turn
