"""An estimate of every seat's chance to win a Politburó game from a position, for searches
whose playouts are cut short (``ismcts:horizon=N``, docs/bots.md).

A whole random playout of Politburó is a long walk of random plays and windows, so its result
says little about the move searched, and random play is a poor model of a careful opponent.
This scores a position instead by how near each seat is to the Secretary's loyalty and how
well it can hold on (``features``): its leading candidate's loyalty and the next one's, the
health of the candidates it has left, its hand and its cards assigned face down. The seats'
strengths (``WEIGHTS`` times the features) become chances by a softmax, a conditional logit:
with two seats, the logistic regression that ``scripts/fit-estimate politburo`` fits on the
turns of games between heuristic bots and who won them.

It reads only what every seat sees (tracks, who is in play, how many cards each hand and each
candidate holds), so a determinization scores as the real position does, and only at a
settled moment of a turn: no window, attack or second decision in flight (``None`` elsewhere:
the playout goes on to the next such moment).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from backroom.games.politburo.cards import OFFICE_MIN, SECRETARIO, TURN
from backroom.games.politburo.legality import own

if TYPE_CHECKING:
    from backroom.games.politburo.state import PolitburoState

FEATURES = ("leader", "second", "health", "hand", "assigned")
"""What ``features`` gives, in order: the loyalty of the seat's most and second most loyal
candidates in play (below 0 counts as 0) over the Secretary's, their health (all its candidates
in play) over 30, the cards in its hand over 7 and the cards assigned face down to its
candidates over 6. Offices and the number of candidates were tried and left out: with loyalty
and health counted, the games gave them no weight (-0.09 and -0.22, halves on both sides of 0
for the office)."""
TOP = OFFICE_MIN[SECRETARIO]
WEIGHTS = (4.16, 3.07, 0.79, 0.33, 0.23)
"""Log-odds per unit of each feature, fitted by ``scripts/fit-estimate politburo`` (4,000
two-player games between heuristic bots, seed 7, 56,600 turns; the two halves of the data gave
3.9-4.4 for ``leader``, 2.9-3.2 for ``second`` and 0.4-1.2 for health): log-loss 0.517
(chance: 0.693), and the seats given each tenth of chance won at a rate inside that tenth. A
candidate at 15 loyalty against one at 5, the rest even, is given 84%."""


def features(state: PolitburoState, seat: int) -> tuple[float, ...]:
    """The seat's ``FEATURES``."""
    mine = own(state, seat)
    loyalty = state.loyalty
    health = state.health
    assigned = state.assigned
    tracks = sorted((max(0, loyalty[c]) for c in mine), reverse=True)
    return (
        (tracks[0] if tracks else 0) / TOP,
        (tracks[1] if len(tracks) > 1 else 0) / TOP,
        sum([health[c] for c in mine]) / 30,
        len(state.hands[seat]) / 7,
        sum([len(assigned[c]) for c in mine]) / 6,
    )


def strength(state: PolitburoState, seat: int) -> float:
    """How near the seat is to winning, in log-odds: ``WEIGHTS`` times its ``features``."""
    total = 0.0
    for w, f in zip(WEIGHTS, features(state, seat), strict=True):
        total += w * f
    return total


def evaluate(state: PolitburoState) -> list[float] | None:
    """Every seat's estimated chance to win (summing to 1 over the seats with candidates in
    play), at a settled moment of a turn, else ``None``."""
    if state.phase != TURN or state.step or state.react or state.p_target >= 0:
        return None
    alive = [s for s in range(state.n) if own(state, s)]
    if not alive:
        return None
    strengths = {s: strength(state, s) for s in alive}
    top = max(strengths.values())
    weights = [0.0] * state.n
    for s, value in strengths.items():
        weights[s] = math.exp(value - top)
    total = sum(weights)
    return [w / total for w in weights]
