"""What the three adapters share (``backroom.interop.table``): it reads one seat's observation
and nothing of another seat's."""

from __future__ import annotations

import random

import pytest

from backroom.games import all_games
from tests.helpers import require

np = require("numpy")
from backroom.interop.table import Table  # noqa: E402 (after the library check)


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_an_observation_of_a_seat_not_at_the_table_is_refused_not_read_from_the_end(game):
    """``view`` and ``resample`` refuse such a seat (``State.check_seat``); the observation
    vector read seat -1 from the end of the per-seat lists and was the last seat's own vector,
    its hidden cards included, all but the seat's one-hot."""
    players = game.min_players
    table = Table(game, players)
    state, _ = game.start(players, None, 7)
    rng = random.Random(7)
    for _ in range(12):
        seat = state.actors()[0]
        state.apply_quiet(seat, state.random_action(seat, rng))
    for seat in (-1, -players, players, players + 3):
        with pytest.raises(ValueError, match="not at this table"):
            table.observation(state, seat)
