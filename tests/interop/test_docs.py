"""``docs/research.md`` documents every block of every game's observation vector, with the
sizes and action counts the code has, and names every game's Gymnasium and OpenSpiel id."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest

from backroom.engine.game import Game
from backroom.games import all_games
from backroom.interop.table import Table
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


def section(game: Game) -> str:
    """The game's part of "The observation encodings", found by its heading ("Politburó")."""
    for part in DOC.split("\n### ")[1:]:
        heading = unicodedata.normalize("NFKD", part.split("\n", 1)[0]).encode("ascii", "ignore")
        if heading.decode().lower().replace(" ", "-") == game.id:
            return part.split("\n## ", 1)[0]
    raise AssertionError(f"docs/research.md has no section for {game.id}")


def numbers(text: str) -> list[int]:
    """The numbers of a "Sizes:" or "Actions:" sentence, less the player counts in brackets."""
    return [int(x.replace(",", "")) for x in re.findall(r"\d[\d,]*", re.sub(r"\(\d[^)]*\)", "", text))]


def entries(formula: str, players: int) -> int:
    """A block's documented size, ``24 × (10 + 2n)`` say, at ``players`` seats."""
    return eval(re.sub(r"(\d)n", r"\1*n", formula.replace("×", "*")), {"__builtins__": {}}, {"n": players})


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_the_documented_sizes_action_counts_and_block_sizes_are_the_codes(game):
    text = section(game)
    found = re.search(r"Sizes: (.*?)\. Actions: (.*?)[.,]\s", text, re.S)
    assert found, f"{game.id}: no 'Sizes: … Actions: …' sentence"
    tables = [Table(game, n) for n in range(game.min_players, game.max_players + 1)]
    assert numbers(found[1]) == [t.size for t in tables]
    actions = numbers(found[2])
    assert actions == sorted({tables[0].num_actions, tables[-1].num_actions}), f"{game.id} actions"
    assert len(actions) == 2 or len({t.num_actions for t in tables}) == 1
    rows = dict(re.findall(r"^\| `(\w+)` \| ([^|]+?) \|", text, re.M))
    for table in tables:
        documented = {b.name: entries(rows[b.name], table.players) for b in table.layout.blocks}
        assert documented == {b.name: b.size for b in table.layout.blocks}, f"{table.players} players"
