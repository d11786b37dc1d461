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


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_unplayed_steps_give_the_keys_of_played_ones_on_every_copy_of_a_position(game):
    """Steps recorded unplayed (``then_unplayed``, the position moved by ``apply_quiet``) give
    the keys the same steps give played, whenever the keys are asked and on copies of a
    position continued in other ways (an OpenSpiel search clones states and plays on), also
    after a step that restarts the replay (a position changed outside ``apply``)."""
    players = game.min_players
    rng = random.Random(7)
    for seed in range(3):
        state, events = game.start(players, None, seed)
        played = unplayed = Memory(None, -1, events, players)
        line: list[tuple[Memory, Memory]] = []
        steps = 0
        while state.actors() and steps < 400:
            line.append((unplayed, played))
            if rng.random() < 0.1:  # an earlier step's keys, asked later
                earlier_unplayed, earlier_played = rng.choice(line)
                assert earlier_unplayed.digests() == earlier_played.digests()
            if rng.random() < 0.1:  # a copy continued a few steps, keys asked along the way
                other, other_played, other_unplayed = state.clone(), played, unplayed
                for _ in range(rng.randrange(1, 6)):
                    if not other.actors():
                        break
                    other_played, other_unplayed = _both(other, other_played, other_unplayed, rng, 0.2)
                    if rng.random() < 0.5:
                        assert other_unplayed.digests() == other_played.digests()
            played, unplayed = _both(state, played, unplayed, rng, 0.1)
            if rng.random() < 0.3:
                assert unplayed.digests() == played.digests()
            steps += 1
        assert pickle.loads(pickle.dumps(unplayed)).digests() == played.digests()


def _both(
    state, played: Memory, unplayed: Memory, rng: random.Random, restart: float
) -> tuple[Memory, Memory]:
    """A random step of ``state``, played (with its events) and recorded unplayed, the replay
    restarting from a copy of the position with probability ``restart`` (always where needed)."""
    seat = state.actors()[0]
    action = state.random_action(seat, rng)
    before = None if unplayed.replays and rng.random() >= restart else state.clone()
    unplayed = unplayed.then_unplayed(seat, action, before)
    return played.then(seat, action, state.apply(seat, action)), unplayed


def test_an_unplayed_step_after_a_played_one_needs_the_position_before_it():
    game = all_games()[0]
    state, events = game.start(game.min_players, None, 0)
    start = Memory(None, -1, events, game.min_players)
    seat = state.actors()[0]
    action = state.random_action(seat, random.Random(0))
    with pytest.raises(ValueError, match="position before it"):
        start.then_unplayed(seat, action)
    step = start.then_unplayed(seat, action, state.clone())
    assert step.replays and step.then_unplayed(seat, action) is not None
