"""Resampling a Politburó position: what a seat cannot see, dealt again from the caller's rng.

Hidden from ``seat``: the deck's order, the other players' hands, the cards other players
assigned to their candidates that the seat has not looked at (Líder del NKVD), and the card
another Ministro de Industria is deciding about. Those cards are redealt uniformly over the
same places; the discard pile and everything in play are public. The future's chance is
re-seeded from ``rng`` (``Chance.reseeded``), so reshuffles differ from the real ones.

A window asks only the seats that can answer, so being asked tells the table that a seat
holds an answer: when a redeal leaves a seat of the open window without one, one of its
hidden cards is swapped with a hidden card that gives it one. Windows closed earlier (a seat
asked, then passing) are not looked at.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from backroom.engine.resampling import carry_knowledge
from backroom.engine.resampling import redeal as redeal_places
from backroom.games.politburo.cards import ROUND_END, TURN_END
from backroom.games.politburo.legality import can_answer

if TYPE_CHECKING:
    from backroom.games.politburo.state import PolitburoState


Place = tuple[list[int], int]


def asked(state: PolitburoState) -> tuple[tuple[int, ...], str]:
    """The seats the open window asks, and the window (none: ``((), "")``)."""
    if state.react:
        return tuple(state.window), state.react
    if state.phase in (TURN_END, ROUND_END) and not state.step:
        return tuple(state.base), state.phase
    return (), ""


def redeal(real: PolitburoState, other: PolitburoState, seat: int, rng: random.Random) -> None:
    """Fill ``other`` (a clone of ``real``) with a redeal consistent with ``seat``'s view."""
    mask = real.known[seat]
    places: list[Place] = []
    owners: list[int] = []
    for s in range(real.n):
        if s != seat:
            hand = other.hands[s]
            places += [(hand, i) for i in range(len(hand))]
            owners += [s] * len(hand)
    for c, cards in enumerate(other.assigned):
        if real.owner[c] != seat:
            mine = [(cards, i) for i in range(len(cards)) if not (mask >> cards[i]) & 1]
            places += mine
            owners += [real.owner[c]] * len(mine)
    held = [other.extra]
    if other.extra >= 0 and other.step_seat != seat:
        places.append((held, 0))
        owners.append(other.step_seat)
    before, _ = redeal_places(places, other.deck, rng)
    waiting, react = asked(other)
    for s in waiting:
        if s != seat and not can_answer(other, s, react):
            _repair(other, s, react, places, owners, set(waiting), rng)
    other.extra = held[0]
    after = [where[i] for where, i in places]
    other.known = carry_knowledge(real.known, seat, before, after)
    other.chance = real.chance.reseeded(rng)
    other._outcome = None


def _repair(
    other: PolitburoState,
    s: int,
    react: str,
    places: list[Place],
    owners: list[int],
    waiting: set[int],
    rng: random.Random,
) -> None:
    """Give seat ``s`` an answer: swap one of its hidden cards with a hidden card from the deck
    or from a seat the window does not ask, trying them in random order. The real position is
    one such deal, so an answer lies somewhere hidden."""
    mine = [p for p, o in zip(places, owners, strict=True) if o == s]
    spare = [p for p, o in zip(places, owners, strict=True) if o not in waiting]
    spare += [(other.deck, i) for i in range(len(other.deck))]
    rng.shuffle(mine)
    rng.shuffle(spare)
    for where, i in mine:
        for there, j in spare:
            where[i], there[j] = there[j], where[i]
            if can_answer(other, s, react):
                return
            where[i], there[j] = there[j], where[i]
