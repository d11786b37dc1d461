"""Resampling an Illuminati position: what a seat cannot see, dealt again from the caller's rng.

Hidden from ``seat``: the faces of the other players' specials (their number is public) it has
not seen (``known``), and the order of the deck. The unseen specials held by the others and
those still in the deck are redealt uniformly over the others' unseen places; the deck gets
the rest with its groups, in a uniform random order. The secret goal another seat wrote down
(the UFOs', or everyone's with secret goals) is drawn again among those it could choose. The
future's chance is re-seeded from ``rng``.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from backroom.engine.resampling import permuted
from backroom.games.illuminati import goals
from backroom.games.illuminati.cards import CARD_OF, is_special

if TYPE_CHECKING:
    from backroom.games.illuminati.state import IlluminatiState


def redeal(real: IlluminatiState, other: IlluminatiState, seat: int, rng: random.Random) -> None:
    """Fill ``other`` (a clone of ``real``) with a redeal consistent with ``seat``'s view."""
    others = [s for s in range(real.n) if s != seat]
    seen = real.known[seat]
    hidden = [c for s in others for c in real.hands[s] if not (seen >> c) & 1]
    specials = permuted(hidden + [c for c in real.deck if is_special(c)], rng)
    at = 0
    for s in others:
        hand = other.hands[s]
        for i, card in enumerate(hand):
            if not (seen >> card) & 1:
                hand[i] = specials[at]
                at += 1
    other.deck = permuted(specials[at:] + [c for c in real.deck if not is_special(c)], rng)
    for s in others:
        if real.goal_choice[s] >= 0:
            choices = goals.goals_to_choose(real, s)
            other.goal_choice[s] = CARD_OF[choices[int(rng.random() * len(choices))]]
    other.chance = real.chance.reseeded(rng)
    other._outcome = None
