"""The registry of games: one id per game, each a package of its own.

Games are imported here by name, not discovered: a game whose module is broken fails loudly
at import instead of quietly missing from the list.
"""

from __future__ import annotations

from backroom.engine.errors import UnknownGame
from backroom.engine.game import Game
from backroom.games.corruption import GAME as CORRUPTION
from backroom.games.illuminati import GAME as ILLUMINATI
from backroom.games.politburo import GAME as POLITBURO
from backroom.games.slush_fund import GAME as SLUSH_FUND
from backroom.games.stool_pigeon import GAME as STOOL_PIGEON

_GAMES: dict[str, Game] = {g.id: g for g in (STOOL_PIGEON, CORRUPTION, SLUSH_FUND, POLITBURO, ILLUMINATI)}


def game_ids() -> list[str]:
    return list(_GAMES)


def get_game(game_id: str) -> Game:
    """The game registered as ``game_id``; ``UnknownGame`` lists the known ids otherwise."""
    game = _GAMES.get(game_id)
    if game is None:
        raise UnknownGame("error.unknown_game", game=game_id, known=", ".join(_GAMES))
    return game


def all_games() -> list[Game]:
    return list(_GAMES.values())
