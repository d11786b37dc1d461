"""Agents that play every game through the contract, and the registry of bot kinds.

A bot sees a seat's ``Observation``: the legal actions and, on demand, the seat's view. It
never sees the full state. Game-specific heuristic bots live in their game's package and are
registered here by game id.
"""

from __future__ import annotations

import random
import sys
from importlib import import_module

from backroom.bots.base import Bot, Observation
from backroom.bots.random_bot import RandomBot
from backroom.engine.errors import BadOptions
from backroom.engine.game import Game

GENERIC_BOTS = ("random",)


def bot_kinds(game: Game) -> list[str]:
    kinds = list(GENERIC_BOTS)
    if _heuristic_module(game) is not None:
        kinds.append("heuristic")
    return kinds


def _heuristic_module(game: Game) -> str | None:
    """``<game package>.bot`` if the game ships a heuristic bot there."""
    module = sys.modules[type(game).__module__]
    package = module.__name__ if hasattr(module, "__path__") else module.__name__.rsplit(".", 1)[0]
    name = f"{package}.bot"
    try:
        import_module(name)
    except ModuleNotFoundError:
        return None
    return name


def make_bot(kind: str, game: Game, seed: int) -> Bot:
    """A fresh bot of ``kind`` for ``game``, seeded so that its play is reproducible."""
    rng = random.Random(seed)
    if kind == "random":
        return RandomBot(rng)
    module = _heuristic_module(game) if kind == "heuristic" else None
    if module is None:
        raise BadOptions("error.unknown_bot", bot=kind, known=", ".join(bot_kinds(game)))
    bot: Bot = import_module(module).HeuristicBot(rng)
    return bot


__all__ = ["Bot", "Observation", "RandomBot", "bot_kinds", "make_bot"]
