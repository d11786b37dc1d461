"""A record (game, options, seed, actions) replays to the same state, and survives JSON."""

import json

import pytest

from backroom.engine.errors import EngineError
from backroom.engine.record import Record, replay
from backroom.games import get_game
from backroom.sim.playout import play_game


def test_replay_of_a_recorded_game_reaches_the_same_end(tmp_path):
    game = get_game("stool-pigeon")
    played = play_game(game, 3, {}, 11, ["heuristic", "random"], keep_record=True)
    assert played.record is not None
    path = tmp_path / "game.json"
    played.record.save(path)
    again = Record.load(path)
    state = replay(game, again)
    assert state.outcome() == played.outcome


def test_record_with_another_rules_version_is_refused():
    game = get_game("stool-pigeon")
    record = Record(game.id, 2, game.resolve_options({}), 1, game.rules_version + 1)
    with pytest.raises(EngineError) as raised:
        replay(game, record)
    assert raised.value.key == "error.rules_version"


@pytest.mark.parametrize(
    "data",
    [
        {"format": "other"},
        {"format": "backroom-record/1", "game": "stool-pigeon"},
        [1, 2, 3],
        {
            "format": "backroom-record/1",
            "game": "x",
            "players": 2,
            "options": {},
            "seed": 1,
            "rules_version": 1,
            "actions": [[0, [3]]],
        },
    ],
)
def test_malformed_record_raises_value_error(data):
    with pytest.raises(ValueError):
        Record.from_json(json.loads(json.dumps(data)))
