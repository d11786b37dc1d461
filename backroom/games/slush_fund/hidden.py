"""Resampling a Slush Fund position: the cards a seat cannot see, dealt again.

The deck and the covered cards of other seats' piles that the seat has not seen are redealt
over the same places. The game has no chance after the deal, so nothing else is redrawn. Nobody
ever knows a deck card, so only covered pile cards can carry other seats' knowledge with them.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from backroom.engine.resampling import carry_knowledge
from backroom.engine.resampling import redeal as redeal_places
from backroom.games.slush_fund.cards import OVER, POLS

if TYPE_CHECKING:
    from backroom.games.slush_fund.state import SlushFundState


def redeal(real: SlushFundState, other: SlushFundState, seat: int, rng: random.Random) -> None:
    """Fill ``other`` (a clone of ``real``) with a redeal consistent with ``seat``'s knowledge."""
    mask = real.known[seat]
    places: list[tuple[list[int], int]] = []
    for s in range(real.n):
        if s == seat:
            continue
        for p in range(POLS):
            if real.phase == OVER and not real.removed[p]:
                continue  # revealed at the end
            pile = other.piles[s][p]
            places += [(pile, i) for i in range(len(pile) - 1) if not (mask >> pile[i]) & 1]  # tops are seen
    before, after = redeal_places(places, other.deck, rng)
    other._outcome = None
    other.known = carry_knowledge(real.known, seat, before, after)
