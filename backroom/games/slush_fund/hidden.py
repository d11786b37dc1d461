"""Resampling a Slush Fund position: the cards a seat cannot see, dealt again.

The deck and the covered cards of other seats' piles that the seat has not seen are redealt
over the same places. The game has no chance after the deal, so nothing else is redrawn. Nobody
ever knows a deck card, so only covered pile cards can carry other seats' knowledge with them.

A covered card is hidden, but not its kind: the rulebook plays only Money and VP cards into a
bribery pile ("Une carte argent est jouée en étant placée face visible du côté du joueur actif
d'une carte politicien." and "Une carte PV est jouée selon les mêmes règles que les cartes
argent, c'est-à-dire dans une pile de corruption"), and every card goes there in view of all.
So the covered places are dealt from the unseen bribe cards alone (those covered and those in
the deck), and the deck gets what is left of them with its other cards, shuffled. Dealt from
the whole deck, about a quarter of the covered places held a Time card, a Scandal or a power
card: a rival's hidden money counted low, and fewer Time cards left to end the game.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from backroom.engine.resampling import carry_knowledge
from backroom.engine.resampling import redeal as redeal_places
from backroom.games.slush_fund.cards import MONEY, OVER, POLS, VP

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
    kinds = real.deck_def.kinds
    before, after = redeal_places(places, other.deck, rng, lambda c: kinds[c] == MONEY or kinds[c] == VP)
    other._outcome = None
    other.known = carry_knowledge(real.known, seat, before, after)
