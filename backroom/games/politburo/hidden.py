"""Resampling a Politburó position: what a seat cannot see, dealt again from the caller's rng.

Hidden from ``seat``: the deck's order, the other players' hands, the cards other players
assigned to their candidates that the seat has not looked at (Líder del NKVD), and the card
another Ministro de Industria is deciding about. Those cards are redealt uniformly over the
same places; the discard pile and everything in play are public. The future's chance is
re-seeded from ``rng`` (``Chance.reseeded``), so reshuffles differ from the real ones.

Known approximation: a reaction window asks only the seats that can answer, so being asked
tells the table that a seat holds an answer. The redeal keeps the open window as it is (the
seats asked are public) but does not condition the other hands on it.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from backroom.engine.resampling import carry_knowledge
from backroom.engine.resampling import redeal as redeal_places

if TYPE_CHECKING:
    from backroom.games.politburo.state import PolitburoState


def redeal(real: PolitburoState, other: PolitburoState, seat: int, rng: random.Random) -> None:
    """Fill ``other`` (a clone of ``real``) with a redeal consistent with ``seat``'s view."""
    mask = real.known[seat]
    places: list[tuple[list[int], int]] = []
    for s in range(real.n):
        if s != seat:
            hand = other.hands[s]
            places += [(hand, i) for i in range(len(hand))]
    for c, cards in enumerate(other.assigned):
        if real.owner[c] != seat:
            places += [(cards, i) for i in range(len(cards)) if not (mask >> cards[i]) & 1]
    held = [other.extra]
    if other.extra >= 0 and other.step_seat != seat:
        places.append((held, 0))
    before, after = redeal_places(places, other.deck, rng)
    other.extra = held[0]
    other.known = carry_knowledge(real.known, seat, before, after)
    other.chance = real.chance.reseeded(rng)
    other._outcome = None
