"""The tables the research adapters are checked at: every registered game, every variant it
lists in ``test_variants()``, at its smallest and its largest player count."""

from __future__ import annotations

import json

import pytest

from backroom.games import all_games


def tables() -> list:
    out = []
    for game in all_games():
        for variant in game.test_variants():
            for players in sorted({game.min_players, game.max_players}):
                name = f"{game.id}-{players}p-{json.dumps(variant, sort_keys=True)}"
                out.append(pytest.param(game.id, variant, players, id=name))
    return out


TABLES = tables()
