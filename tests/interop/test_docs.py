"""``docs/research.md`` documents every block of every game's observation vector and names
every game's Gymnasium and OpenSpiel id."""

from __future__ import annotations

from pathlib import Path

import pytest

from backroom.games import all_games
from tests.helpers import require

DOC = (Path(__file__).parents[2] / "docs" / "research.md").read_text("utf-8")


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_every_observation_block_is_documented(game):
    layout = game.observation_encoder().layout(game.min_players, game.resolve_options({}))
    for block in layout.blocks:
        assert f"| `{block.name}` |" in DOC, f"{game.id}: block {block.name} is missing from docs/research.md"


def test_every_gymnasium_and_openspiel_id_is_named():
    require("gymnasium")
    require("pyspiel")
    from backroom.interop.gym import env_id
    from backroom.interop.openspiel import short_name

    registers = {line for line in DOC.splitlines() if "# registers" in line}
    for game in all_games():
        camel = env_id(game.id).removeprefix("backroom/")
        assert any(camel in line for line in registers), f"{camel} is missing from docs/research.md"
        assert any(short_name(game.id) in line for line in registers), short_name(game.id)
