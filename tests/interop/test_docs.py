"""``docs/research.md`` documents every block of every game's observation vector."""

from __future__ import annotations

from pathlib import Path

import pytest

from backroom.games import all_games

DOC = (Path(__file__).parents[2] / "docs" / "research.md").read_text("utf-8")


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_every_observation_block_is_documented(game):
    layout = game.observation_encoder().layout(game.min_players, game.resolve_options({}))
    for block in layout.blocks:
        assert f"| `{block.name}` |" in DOC, f"{game.id}: block {block.name} is missing from docs/research.md"
