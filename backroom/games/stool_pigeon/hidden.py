"""Resampling a Stool Pigeon position: the hidden cards redealt, the future's chance redrawn.

``redeal`` deals every card a seat has not seen among the places it cannot see into, and gives
the position a new ``Chance`` from the caller's generator, so the next reshuffle of the
determinized position is not the real one.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from backroom.engine.resampling import carry_knowledge
from backroom.engine.resampling import redeal as redeal_places
from backroom.games.stool_pigeon.cards import EMPTY, OVER

if TYPE_CHECKING:
    from backroom.games.stool_pigeon.state import StoolPigeonState


def redeal(real: StoolPigeonState, other: StoolPigeonState, seat: int, rng: random.Random) -> None:
    """Fill ``other`` (a clone of ``real``) with a redeal consistent with ``seat``'s knowledge.

    The cards the seat has not seen (in Districts, in the draw pile, the card in another's
    hand) are dealt again in a uniform random order over the same places. Nobody ever knows a
    draw-pile card (a reshuffle wipes that knowledge), so only the District cards and the held
    card can carry other seats' knowledge with them.
    """
    mask = real.known[seat]
    if real.phase == OVER:  # every District and the Soplón's card are face up by now
        for district in real.districts:
            for c in district:
                if c != EMPTY:
                    mask |= 1 << c
        if real.soplon_card != EMPTY:
            mask |= 1 << real.soplon_card
    places = [
        (district, i)
        for district in other.districts
        for i, c in enumerate(district)
        if c != EMPTY and not (mask >> c) & 1
    ]
    held_hidden = other.held != EMPTY and not (mask >> other.held) & 1
    before, after = redeal_places(places, other.deck, rng, [other.held] if held_hidden else None)
    if held_hidden:
        other.held = after[-1]
    other.chance = real.chance.reseeded(rng)
    other._outcome = None
    other.known = carry_knowledge(real.known, seat, before, after)
