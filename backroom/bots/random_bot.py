"""The baseline: a uniformly random legal action, from the bot's own seeded generator."""

from __future__ import annotations

import random

from backroom.bots.base import Observation
from backroom.engine.actions import Action


class RandomBot:
    __slots__ = ("rng",)

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, obs: Observation) -> Action:
        legal = obs.legal
        return legal[int(self.rng.random() * len(legal))]
