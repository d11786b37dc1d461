"""Resampling an Illuminati position: what a seat cannot see, dealt again from the caller's rng.

Hidden from ``seat``: the faces of the other players' specials (their number is public) it has
not seen (``known``), and the order of the deck. The unseen specials held by the others and
those still in the deck are redealt uniformly over the others' unseen places; the deck gets
the rest with its groups, in a uniform random order, over the specials the whole table saw
turned up and put under it (``state.bottom``), which stay where they are. With hidden
Illuminati (ruling 38) the other seats' face-down Illuminati are drawn again, jointly and
uniformly, among the faces the seat cannot rule out (``illuminati_faces``); each takes over
the real card's place, treasury and uses. The goal another seat wrote down is drawn again
among those its Illuminati could write and no check it did not win has ruled out
(``goals.rule_out_met``). The future's chance is re-seeded from ``rng``.
"""

from __future__ import annotations

import random
from itertools import permutations
from typing import TYPE_CHECKING

from backroom.engine.resampling import permuted
from backroom.games.illuminati import attack, concealment, goals
from backroom.games.illuminati.cards import ATTACK, FACE, ILLUMINATI, SPEND, is_special
from backroom.games.illuminati.layout import ARROWS
from backroom.games.illuminati.structure import Structure

TRIES = 64
"""Uniform draws of the face-down cards tried before counting every consistent one."""

if TYPE_CHECKING:
    from backroom.games.illuminati.state import IlluminatiState


def redeal(real: IlluminatiState, other: IlluminatiState, seat: int, rng: random.Random) -> None:
    """Fill ``other`` (a clone of ``real``) with a redeal consistent with ``seat``'s view."""
    drawn_goals = illuminati_faces(real, other, seat, rng)
    others = [s for s in range(real.n) if s != seat]
    seen = real.known[seat]
    hidden = [c for s in others for c in real.hands[s] if not (seen >> c) & 1]
    public, unseen = real.deck[: real.bottom], real.deck[real.bottom :]
    specials = permuted(hidden + [c for c in unseen if is_special(c)], rng)
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
    other.deck = public + permuted(specials[at:] + [c for c in unseen if not is_special(c)], rng)
    for s in others:
        if s not in drawn_goals and real.goal_choice[s] >= 0:
            allowed, _ = _open_goals(real, s, real.illuminati[s])
            other.goal_choice[s] = allowed[int(rng.random() * len(allowed))]
    for s, goal in drawn_goals.items():
        other.goal_choice[s] = goal
    other.chance = real.chance.reseeded(rng)
    other._outcome = None


def illuminati_faces(
    real: IlluminatiState, other: IlluminatiState, seat: int, rng: random.Random
) -> dict[int, int]:
    """The other seats' face-down Illuminati, each with the goal it wrote; the goals by seat.

    Drawn from what the seat knows: the cards were dealt uniformly and, the model every
    resample uses, each goal written uniformly among those its card could write; the table has
    since ruled out its own card and those turned up, those an accusation named, those whose
    bounds (``concealment.bound``: printed numbers, +1 exaggerating, the lesser of Power and
    Transferable Power for the Power) fall short of a claim, and every card and goal a check
    nobody won found met. Rejection draws exactly that: a deal and goals drawn so, kept when
    nothing rules them out. A try costs a shuffle and while little is ruled out (the usual case)
    the first one is kept, so rejection comes first; failing ``TRIES``, the deals (at most
    7! = 5040, the seat's own card known) are enumerated, each weighted by the chance that its
    goals survive: dearer, but exact and never failing."""
    seats = [s for s in range(real.n) if s != seat and concealment.conceals(real, s)]
    if not seats:
        return {}
    known = {real.illuminati[s] for s in range(real.n) if s not in seats}
    pool = [c for c in ILLUMINATI if c not in known]
    drawn, written = _draw(real, seats, pool, rng)
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
    return dict(zip(seats, written, strict=True))


def _draw(
    real: IlluminatiState, seats: list[int], pool: list[int], rng: random.Random
) -> tuple[tuple[int, ...], list[int]]:
    """Cards from ``pool`` for ``seats`` and their goals, by rejection, then by enumeration."""
    for _ in range(TRIES):
        trial = tuple(permuted(pool, rng)[: len(seats)])
        written = []
        for s, card in zip(seats, trial, strict=True):
            allowed, choices = _open_goals(real, s, card)
            at = int(rng.random() * choices) if choices > 1 else 0  # uniform; kept if allowed
            if at >= len(allowed):
                break
            written.append(allowed[at])
        if len(written) == len(seats):
            return trial, written
    deals = list(permutations(pool, len(seats)))
    weights = [_weight(real, seats, deal) for deal in deals]
    drawn = rng.choices(deals, weights)[0]
    goals_open = (_open_goals(real, s, card)[0] for s, card in zip(seats, drawn, strict=True))
    return drawn, [allowed[int(rng.random() * len(allowed))] for allowed in goals_open]


def _weight(real: IlluminatiState, seats: list[int], deal: tuple[int, ...]) -> float:
    """How likely, against any other deal, ``deal`` is given what the table knows: the chance
    that goals written uniformly survive."""
    weight = 1.0
    for s, card in zip(seats, deal, strict=True):
        allowed, choices = _open_goals(real, s, card)
        weight *= len(allowed) / choices
    return weight


def _open_goals(real: IlluminatiState, seat: int, card: int) -> tuple[list[int], int]:
    """The goals ``seat`` holding ``card`` may have written and the table has not ruled out,
    and how many it could write; none (``-1``) before it writes one; nothing if ``card``
    disagrees with the claims and accusations."""
    if not concealment.fits(real, seat, card) or not _could_act(real, seat, card):
        return [], 1
    if real.goal_choice[seat] < 0:
        return [-1], 1
    choices = goals.goals_for(real, card)
    if not real.ruled_goals[seat]:
        return choices, len(choices)
    return [g for g in choices if not goals.ruled_out(real, seat, card, g)], len(choices)


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


def _could_act(real: IlluminatiState, seat: int, card: int) -> bool:
    """Whether ``card`` could have done what the seat's Illuminati did this turn, which the
    table saw: "Ningún Grupo, excepto los OVNIs, puede atacar más de una vez por turno", so a
    face-down Illuminati that takes part in a second attack (or must make the attack its
    player declared, no other group being able to) is the UFOs. An attack in flight counts
    its groups only when the dice are rolled."""
    illuminati = real.illuminati[seat]
    uses = real.used[illuminati]
    if seat == real.active and {real.phase, real.c_phase} & {ATTACK, SPEND}:
        if real.phase == ATTACK and real.p_stage == "attacker":
            uses += attack.attackers(real, seat, real.p_mode, real.p_target) == [illuminati]
        else:
            uses += illuminati == real.p_attacker or illuminati in real.p_helpers
    return uses <= attack.uses_per_turn(card)
