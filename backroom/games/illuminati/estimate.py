"""An estimate of every seat's chance to win an Illuminati game from a position, for searches
whose playouts are cut short (``ismcts:horizon=N``, docs/bots.md).

A whole random playout of an Illuminati game is hundreds of actions decided by dice long after
the move searched, so its result says little about that move. This scores a position instead by
how near each seat is to winning (``features``): the larger of its progress toward the basic
goal (the cards it controls, its Illuminati included, against the number the table needs) and
toward its special goal (``goals.meets``' measures: money for the Gnomes, Power for the
Bavarians, and so on), the other goal's, the money in its structure, which buys attacks and
defences, its income, and whether it holds no group or one (near elimination). The seats'
strengths (``WEIGHTS`` times the features) become chances by a softmax, a conditional logit:
with two seats, the logistic regression that ``scripts/fit-estimate illuminati`` fits on the
turns of games between heuristic bots and who won them.

It reads the whole position (a search's determinization), as ``outcome()`` does, and only at a
settled moment: no attack, transfer, deal or answer in flight (``None`` elsewhere: the playout
goes on to the next such moment).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from backroom.games.illuminati.attack import align
from backroom.games.illuminati.cards import (
    ACTION,
    ALIGNMENTS,
    BAVARIANS,
    BERMUDA,
    CTHULHU,
    DISCORDIANS,
    GNOMES,
    INCOME,
    NETWORK,
    START,
    TRANSFER,
    VIOLENT,
    WEIRD,
)
from backroom.games.illuminati.goals import (
    ASSASSINS,
    ASSASSINS_VIOLENT,
    BAVARIANS_POWER,
    CTHULHU_KILLS,
    DISCORDIANS_WEIRD,
    GNOMES_MB,
    NETWORK_TRANSFER,
    goal_of,
)

if TYPE_CHECKING:
    from backroom.games.illuminati.state import IlluminatiState

FEATURES = ("ahead", "behind", "money", "income", "no group", "one group")
"""What ``features`` gives, in order: the better goal's progress and the other's (each in
[0, 1]), the structure's money as ``money / (money + MONEY_SCALE)``, its printed income a turn,
and 1 where the seat holds no group (a player holding none after its third turn is out) or only
one (a single attack from none)."""
MONEY_SCALE = 60.0
"""The MB at which a structure's money feature is one half: money counts less as it piles up."""
WEIGHTS = (2.5, 0.425, 3.2, 0.085, -0.55, -0.25)
"""Log-odds per unit of each feature, fitted by ``scripts/fit-estimate illuminati`` (2,000
two-player games between heuristic bots, seed 7, 26,653 turns; the two halves of the data gave
2.2-2.8 for ``ahead`` and 3.0-3.4 for money): log-loss 0.460 against the hand-set weights'
0.623 (chance: 0.693), whose sharpness of 8 made a seat six groups ahead a near-sure winner
where the games make it about a three-in-four one, and whose money was worth an eighth of
what the games say against a group: about 7 MB are worth a group here at 20 MB, 16 MB at 60 MB
(docs/bots.md)."""
SETTLED = (START, ACTION)


def progress(state: IlluminatiState, seat: int) -> tuple[float, float]:
    """The seat's progress in [0, 1] toward its basic goal and toward its special goal. Power
    and Transferable Power count from the Illuminati's own (every seat starts with some), so
    that a seat's lead at the start is nobody's."""
    cards = state.cards_of(seat)
    basic = 0.0 if state.very_long else (len(cards) - 1) / max(1, state.goal - 1)
    goal = goal_of(state, seat)
    special = 0.0
    root, groups = cards[0], cards[1:]
    if goal == GNOMES:
        special = sum(state.money[c] for c in cards) / GNOMES_MB
    elif goal == BAVARIANS:
        special = sum(state.power(c) for c in groups) / (BAVARIANS_POWER - state.power(root))
    elif goal == NETWORK:
        special = sum(TRANSFER[c] for c in groups) / (NETWORK_TRANSFER - TRANSFER[root])
    elif goal == CTHULHU:
        special = state.destroyed[seat] / CTHULHU_KILLS
    elif goal == DISCORDIANS:
        special = sum(1 for c in cards if align(state, c) & WEIRD) / DISCORDIANS_WEIRD
    elif goal == ASSASSINS:
        special = sum(1 for c in cards if align(state, c) & VIOLENT) / ASSASSINS_VIOLENT
    elif goal == BERMUDA:
        covered = 0
        for c in cards:
            covered |= align(state, c)
        special = bin(covered).count("1") / len(ALIGNMENTS)
    return min(1.0, basic), min(1.0, special)


def features(state: IlluminatiState, seat: int) -> tuple[float, ...]:
    """The seat's ``FEATURES``."""
    basic, special = progress(state, seat)
    ahead, behind = (basic, special) if basic >= special else (special, basic)
    cards = state.cards_of(seat)
    money = sum(state.money[c] for c in cards)
    income = sum(INCOME[c] for c in cards)
    held = len(cards) - 1
    return (
        ahead,
        behind,
        money / (money + MONEY_SCALE),
        max(0, income),
        1.0 if held == 0 else 0.0,
        1.0 if held == 1 else 0.0,
    )


def strength(state: IlluminatiState, seat: int) -> float:
    """How near the seat is to winning, in log-odds: ``WEIGHTS`` times its ``features``."""
    return sum(w * f for w, f in zip(WEIGHTS, features(state, seat), strict=True))


def evaluate(state: IlluminatiState) -> list[float] | None:
    """Every seat's estimated chance to win (summing to 1 over the seats still in): the winners
    share a finished game; elsewhere a softmax of ``strength``, at the start of a turn or
    between a turn's actions, else ``None``."""
    if state.winners:
        return [1.0 / len(state.winners) if s in state.winners else 0.0 for s in range(state.n)]
    if state.phase not in SETTLED or state.window or state.p_target >= 0 or state.d_from >= 0:
        return None
    alive = [s for s in range(state.n) if state.alive[s]]
    if not alive:
        return [0.0] * state.n
    weights = [0.0] * state.n
    strengths = {s: strength(state, s) for s in alive}
    top = max(strengths.values())
    for s, value in strengths.items():
        weights[s] = math.exp(value - top)
    total = sum(weights)
    return [w / total for w in weights]
