"""The registry of games: one id per game, each a package of its own."""

from __future__ import annotations

from importlib import import_module

from backroom.engine.errors import UnknownGame
from backroom.engine.game import Game

_MODULES = {
    "stool-pigeon": "backroom.games.stool_pigeon",
    "corruption": "backroom.games.corruption",
    "slush-fund": "backroom.games.slush_fund",
}


def game_ids() -> list[str]:
    return list(_MODULES)


def get_game(game_id: str) -> Game:
    """The game registered as ``game_id``; ``UnknownGame`` lists the known ids otherwise."""
    module = _MODULES.get(game_id)
    if module is None:
        raise UnknownGame("error.unknown_game", game=game_id, known=", ".join(_MODULES))
    game: Game = import_module(module).GAME
    return game


def all_games() -> list[Game]:
    return [get_game(g) for g in _MODULES]
