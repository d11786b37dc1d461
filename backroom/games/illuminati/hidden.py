"""Resampling an Illuminati position: what a seat cannot see, dealt again from the caller's rng.

Hidden from ``seat``: the faces of the other players' specials (their number is public) it has
not seen (``known``), and the order of the deck. The unseen specials held by the others and
those still in the deck are redealt uniformly over the others' unseen places; the deck gets
the rest with its groups, in a uniform random order. With hidden Illuminati (ruling 38) the
other seats' face-down Illuminati are drawn again, jointly and uniformly, among the faces the
seat cannot rule out (``illuminati_faces``); each takes over the real card's place, treasury and
uses. The secret goal another seat wrote down (the UFOs', or everyone's with secret goals) is
drawn again among those its Illuminati could choose. The future's chance is re-seeded from
``rng``.
"""

from __future__ import annotations

import random
from itertools import permutations
from typing import TYPE_CHECKING

from backroom.engine.resampling import permuted
from backroom.games.illuminati import concealment, goals
from backroom.games.illuminati.cards import CARD_OF, FACE, ILLUMINATI, is_special
from backroom.games.illuminati.layout import ARROWS
from backroom.games.illuminati.structure import Structure

TRIES = 64
"""Uniform draws of the face-down cards tried before counting every consistent one."""

if TYPE_CHECKING:
    from backroom.games.illuminati.state import IlluminatiState


def redeal(real: IlluminatiState, other: IlluminatiState, seat: int, rng: random.Random) -> None:
    """Fill ``other`` (a clone of ``real``) with a redeal consistent with ``seat``'s view."""
    illuminati_faces(real, other, seat, rng)
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
    redealt = {old: new for s in others for old, new in zip(real.hands[s], other.hands[s], strict=True)}
    other.d_give = [redealt.get(c, c) for c in real.d_give]  # an offer's specials follow the redeal
    other.d_take = [redealt.get(c, c) for c in real.d_take]
    other.deck = permuted(specials[at:] + [c for c in real.deck if not is_special(c)], rng)
    for s in others:
        if real.goal_choice[s] >= 0:
            choices = goals.goals_to_choose(other, s)
            other.goal_choice[s] = CARD_OF[choices[int(rng.random() * len(choices))]]
    other.chance = real.chance.reseeded(rng)
    other._outcome = None


def illuminati_faces(real: IlluminatiState, other: IlluminatiState, seat: int, rng: random.Random) -> None:
    """The other seats' face-down Illuminati, drawn uniformly among the assignments of distinct
    cards the seat cannot rule out: not its own nor one turned up, not ruled out by an
    accusation, with printed numbers (+1 exaggerating) at least those claimed. A few uniform
    draws are tried; failing those, every consistent assignment is counted."""
    seats = [s for s in range(real.n) if s != seat and concealment.conceals(real, s)]
    if not seats:
        return
    known = {real.illuminati[s] for s in range(real.n) if s not in seats}
    pool = [c for c in ILLUMINATI if c not in known]

    def consistent(cards: tuple[int, ...]) -> bool:
        return all(concealment.fits(real, s, c) for s, c in zip(seats, cards, strict=True))

    drawn: tuple[int, ...] | None = None
    for _ in range(TRIES):
        trial = tuple(permuted(pool, rng)[: len(seats)])
        if consistent(trial):
            drawn = trial
            break
    if drawn is None:
        every = [p for p in permutations(pool, len(seats)) if consistent(p)]
        drawn = every[int(rng.random() * len(every))]
    rename = {real.illuminati[s]: card for s, card in zip(seats, drawn, strict=True)}
    for card in pool:
        other.owner[card], other.money[card], other.used[card] = -1, 0, 0
    for old, new in rename.items():
        other.owner[new], other.money[new], other.used[new] = real.owner[old], real.money[old], real.used[old]
    for s in seats:
        other.illuminati[s] = rename[real.illuminati[s]]
        other.structures[s] = _renamed(real.structures[s], FACE[other.illuminati[s]])
    alive = {other.illuminati[s] for s in range(real.n) if real.alive[s]}
    other.out = [c for c in ILLUMINATI if c not in alive]
    other.p_helpers = [rename.get(c, c) for c in real.p_helpers]
    other.p_attacker = rename.get(real.p_attacker, real.p_attacker)
    other.t_from, other.t_to = rename.get(real.t_from, real.t_from), rename.get(real.t_to, real.t_to)


def _renamed(structure: Structure, root: str) -> Structure:
    """The structure with another Illuminati at its root: every Illuminati has an outward arrow
    on each side, so the same layout holds."""
    data = structure.to_json()
    old = data["root"]
    data["root"] = root
    for entry in data["cards"]:
        if entry["master"] == old:
            entry["master"] = root
    return Structure.from_json(data, ARROWS)
