"""The bot's pruned search picks exactly what scoring every legal action would: the same
action, ties broken by the same draws, and the generator left where those draws leave it."""

from __future__ import annotations

import math
import random

from backroom.bots import make_bot
from backroom.bots.base import Observation
from backroom.engine.actions import Action
from backroom.games.corruption import GAME
from backroom.games.corruption.bidder import Bidder
from backroom.games.corruption.state import CorruptionState
from backroom.games.corruption.view import sight


def every_action_scored(bidder: Bidder, legal: list[Action], rng: random.Random) -> Action:
    """The bot's choice as it was first written: a score and a draw for each legal action."""
    looks = [a for a in legal if a[0] == "look"]
    wanted = bidder._look(looks) if looks else None
    if wanted is not None:
        return wanted
    best: tuple[float, float, int] = (-math.inf, 0.0, 0)
    for index, action in enumerate(legal):
        key = (bidder.score(action), rng.random(), index)
        if key > best:
            best = key
    if best[0] == -math.inf and ("decline",) in legal:
        return ("decline",)
    return legal[best[2]]


def bidding_positions(games: int, seed: int):
    """Corruption-phase positions of games where heuristic and random seats meet, every variant
    and 3-7 players, with each seat that may act (Little Black Book windows included)."""
    rng = random.Random(seed)
    variants = GAME.test_variants()
    for g in range(games):
        state, _ = GAME.start(3 + g % 5, variants[g // 5 % len(variants)], rng.randrange(10**6))
        bots = [make_bot(rng.choice(["heuristic", "random"]), GAME, g * 10 + s) for s in range(state.n)]
        while not state.is_over:
            assert isinstance(state, CorruptionState)
            actors = state.actors()
            if state.phase == "corruption":
                for seat in actors:
                    if len(state.legal_actions(seat)) > 1:
                        yield state, seat
            state.apply_quiet(actors[0], bots[actors[0]].choose(Observation(state, actors[0])))


def test_pruned_choice_is_the_argmax_of_every_legal_action_scored():
    positions = 0
    for state, seat in bidding_positions(30, 4):
        legal = state.legal_actions(seat)
        for draw_seed in range(2):
            pruned_rng, full_rng = random.Random(draw_seed), random.Random(draw_seed)
            pruned = Bidder(sight(state, seat), seat).choose(legal, pruned_rng)
            assert pruned == every_action_scored(Bidder(sight(state, seat), seat), legal, full_rng)
            assert pruned_rng.random() == full_rng.random()
        positions += 1
    assert positions > 3000
