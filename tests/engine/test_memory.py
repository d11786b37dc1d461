"""The canonical information-state key (``backroom.engine.memory``) over random games of every
registered game: one key never stands for two views of its seat, a seat's key is new at every
step, and a memory pickles to the same keys."""

from __future__ import annotations

import json
import pickle
import random

import pytest

from backroom.engine.memory import Memory
from backroom.games import all_games


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_a_key_determines_the_seats_view_and_changes_at_every_step(game):
    players = game.min_players
    views: dict[tuple[int, str], str] = {}
    rng = random.Random(0)
    for seed in range(3):
        state, events = game.start(players, None, seed)
        memory = Memory(None, -1, events, players)
        keys: list[set[str]] = [set() for _ in range(players)]
        while state.actors():
            for seat in range(players):
                key = memory.key(seat)
                view = json.dumps(state.view(seat), sort_keys=True)
                assert views.setdefault((seat, key), view) == view
                assert key not in keys[seat]
                keys[seat].add(key)
            seat = state.actors()[0]
            action = state.random_action(seat, rng)
            memory = memory.then(seat, action, state.apply(seat, action))
        again = pickle.loads(pickle.dumps(memory))
        assert [again.key(s) for s in range(players)] == [memory.key(s) for s in range(players)]


def test_the_actor_s_own_choice_is_in_its_key_and_in_no_other_seats():
    """Two actions with the same events (Illuminati: paying one megabuck or all, when one is all
    there is) are two histories to the seat that chose, and one to the others: the action
    itself may be hidden from them, only its events tell."""
    start = Memory(None, -1, [], 3)
    one, every = start.then(0, ("amount", 1), []), start.then(0, ("amount", "all"), [])
    assert one.key(0) != every.key(0)
    assert [one.key(s) for s in (1, 2)] == [every.key(s) for s in (1, 2)]
    assert one.digests()[-1] == every.digests()[-1]  # the public record
