"""Agents that play every game through the contract, and the registry of bot kinds.

A bot sees a seat's ``Observation``: the legal actions and, on demand, the seat's view. It
never sees the full state. Game-specific bots live in their game's package and are declared in
its manifest (``Game.manifest.bots``).
"""

from __future__ import annotations

import random

from backroom.bots.base import Bot, Observation
from backroom.bots.random_bot import RandomBot
from backroom.engine.errors import BadOptions
from backroom.engine.game import Game, load

GENERIC_BOTS = ("random", "ismcts")
"""Bots written once against the contract; the search bot takes settings after its name
(``ismcts:iterations=200:c=0.5``, see ``backroom.bots.ismcts.Budget``)."""


def bot_kinds(game: Game) -> list[str]:
    return [*GENERIC_BOTS, *game.manifest.bots]


def make_bot(kind: str, game: Game, seed: int) -> Bot:
    """A fresh bot of ``kind`` for ``game``, seeded so that its play is reproducible."""
    rng = random.Random(seed)
    if kind == "random":
        return RandomBot(rng)
    name, _, settings = kind.partition(":")
    if name == "ismcts":
        from backroom.bots.ismcts import Budget, IsmctsBot

        return IsmctsBot(rng, game, Budget.parse(settings, game))
    path = game.manifest.bots.get(kind)
    if path is None:
        if settings and name in bot_kinds(game):  # heuristic:c=1 named a bot that has no settings
            raise BadOptions("error.bot_no_settings", bot=name, given=settings)
        raise BadOptions("error.unknown_bot", bot=kind, known=", ".join(bot_kinds(game)))
    bot: Bot = load(path)(rng)
    return bot


__all__ = ["Bot", "Observation", "RandomBot", "bot_kinds", "make_bot"]
