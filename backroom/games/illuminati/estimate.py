"""An estimate of every seat's chance to win an Illuminati game from a position, for searches
whose playouts are cut short (``ismcts:horizon=N``, docs/bots.md).

A whole random playout of an Illuminati game is hundreds of actions decided by dice long after
the move searched, so its result says little about that move. This scores a position instead by
how near each seat is to winning: the larger of its progress toward the basic goal (the cards it
controls, its Illuminati included, against the number the table needs) and toward its special
goal (``goals.meets``' measures: money for the Gnomes, Power for the Bavarians, and so on), the
other goal counting a little, and a little for the money in its structure, which buys attacks
and defences; a seat holding no group, or one, is near elimination (``EXPOSED``). The seats'
strengths become chances by a softmax (``SHARPNESS``): a seat a few groups ahead of another is
the likely winner, not the sure one.

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

SHARPNESS = 8.0
"""The softmax's sharpness: at two players one group ahead (1/12 of the basic goal) is a win
chance of about 0.66, four groups ahead about 0.94."""
OTHER_GOAL = 0.25
"""How much the lesser of the two goals' progress adds: a seat near both has two ways to win."""
MONEY_SCALE = 60.0
"""The MB at which a structure's money adds half of ``MONEY_WEIGHT``."""
MONEY_WEIGHT = 0.15
INCOME_WEIGHT = 0.01
"""Per MB of printed income a turn, beyond the money already held."""
EXPOSED = (0.3, 0.1)
"""What holding no group, or one, takes off: a player holding no group after its third turn is
out of the game, and one group is a single attack from none (a search that ended its first
turns without a capture was put out by a random player, docs/bots.md)."""
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


def strength(state: IlluminatiState, seat: int) -> float:
    """How near the seat is to winning: its better goal's progress, a share of the other's,
    and its money and income."""
    basic, special = progress(state, seat)
    ahead, behind = (basic, special) if basic >= special else (special, basic)
    cards = state.cards_of(seat)
    money = sum(state.money[c] for c in cards)
    income = sum(INCOME[c] for c in cards)
    held = len(cards) - 1
    return (
        ahead
        + OTHER_GOAL * behind
        + MONEY_WEIGHT * money / (money + MONEY_SCALE)
        + INCOME_WEIGHT * max(0, income)
        - (EXPOSED[held] if held < len(EXPOSED) else 0.0)
    )


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
        weights[s] = math.exp(SHARPNESS * (value - top))
    total = sum(weights)
    return [w / total for w in weights]
