"""A seat's Stool Pigeon observation as a fixed-size vector (``backroom.engine.observation``).

It holds what ``view(seat, recall=True)`` shows, written straight from the state: every
District slot (empty, face down, or the face the seat knows), the card the seat holds, the
piles, the window and the turn. Seats are absolute (seat 0 first), like the seats in actions.
Faces are the 15 distinct faces of the deck in ``deck.json`` order; counts are divided by the
number of copies of the face, seats and slots are one-hot.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from backroom.engine.observation import Layout
from backroom.games.stool_pigeon.cards import (
    DECK_SIZE,
    EMPTY,
    FACES,
    GIVE,
    MAX_SLOTS,
    OVER,
    PHASES,
    PRINTED,
    SNAP,
    SWITCH,
)

if TYPE_CHECKING:
    from backroom.games.stool_pigeon.state import StoolPigeonState

DISTINCT = tuple(dict.fromkeys(FACES))
FACE_OF = tuple(DISTINCT.index(f) for f in FACES)
"""The distinct face (0-14) of every card id."""
SHARE = tuple(1.0 / FACES.count(f) for f in FACES)
"""What one card adds to its face's count (1 / copies of the face)."""
SLOT = 2 + len(DISTINCT)
"""Per slot: occupied, face down (to this seat), then the face one-hot when known."""
WINDOW_VALUES = max(PRINTED) + 1


@cache
def _layout(players: int) -> Layout:
    n = players
    f = len(DISTINCT)
    return Layout(
        [
            ("seat", n, "the observing seat, one-hot"),
            ("phase", len(PHASES), "draw, swap, peek, switch, capo, snap, give, over"),
            ("active", n, "whose turn it is"),
            ("actors", n, "the seats that may act now (several in a snap window)"),
            ("districts", n * MAX_SLOTS * SLOT, "per seat, per slot: occupied, face down, face one-hot"),
            ("held", f + 1, "the drawn card: its face if this seat drew it, else the last flag"),
            ("deck", 1, "cards left in the draw pile / 54"),
            ("discard", f, "discarded cards per face / copies"),
            ("discard_top", f, "the face on top of the discard pile"),
            ("removed", f, "cards out of the game (Capo) per face / copies"),
            ("closer", n, "the seat that closed, if any"),
            ("window", WINDOW_VALUES, "the number being eliminated in a snap window"),
            ("sicario", 1, "the Family card in play is a Sicario"),
            ("picked", n + MAX_SLOTS, "a blind swap's first pick: seat, slot"),
            ("give_to", n + MAX_SLOTS, "where a snapper's given card goes: seat, slot"),
            ("giver", n, "the seat that must give a card"),
            ("turn", 1, "turns played / turn limit"),
        ]
    )


class StoolPigeonObservation:
    """The encoder the manifest declares."""

    def layout(self, players: int, options: dict[str, Any]) -> Layout:
        return _layout(players)

    def encode(self, state: StoolPigeonState, seat: int, out: Any) -> None:
        n = state.n
        at = _layout(n).at
        phase = state.phase
        out[at["seat"] + seat] = 1.0
        out[at["phase"] + PHASES.index(phase)] = 1.0
        out[at["active"] + state.active] = 1.0
        actors = at["actors"]
        for s in state.actors():
            out[actors + s] = 1.0
        over = phase == OVER
        mask = state.known[seat]
        row = at["districts"]
        for district in state.districts:
            cell = row
            for c in district:
                if c != EMPTY:
                    out[cell] = 1.0
                    if over or (mask >> c) & 1:
                        out[cell + 2 + FACE_OF[c]] = 1.0
                    else:
                        out[cell + 1] = 1.0
                cell += SLOT
            row += MAX_SLOTS * SLOT
        if state.held != EMPTY:
            out[at["held"] + (FACE_OF[state.held] if seat == state.active else len(DISTINCT))] = 1.0
        out[at["deck"]] = len(state.deck) / DECK_SIZE
        _counts(out, at["discard"], state.discard)
        if state.discard:
            out[at["discard_top"] + FACE_OF[state.discard[-1]]] = 1.0
        _counts(out, at["removed"], state.removed)
        if state.closer >= 0:
            out[at["closer"] + state.closer] = 1.0
        if phase == SNAP:
            out[at["window"] + state.window_value] = 1.0
        if state.sicario:
            out[at["sicario"]] = 1.0
        if phase == SWITCH and state.picked[0] >= 0:
            out[at["picked"] + state.picked[0]] = 1.0
            out[at["picked"] + n + state.picked[1]] = 1.0
        if phase == GIVE:
            out[at["give_to"] + state.give_target[0]] = 1.0
            out[at["give_to"] + n + state.give_target[1]] = 1.0
            out[at["giver"] + state.giver] = 1.0
        out[at["turn"]] = min(state.turns / max(state.turn_limit, 1), 1.0)


def _counts(out: Any, start: int, cards: list[int]) -> None:
    """Cards per face / copies of the face (adds ``1 / copies`` per card: no list to build)."""
    for c in cards:
        out[start + FACE_OF[c]] += SHARE[c]


ENCODER = StoolPigeonObservation()
