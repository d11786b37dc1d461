"""Slush Fund hidden information: others' piles below the top card and the deck are hidden;
the slush fund, the Scandals, the Time cards and the cards in play this turn are public."""

from __future__ import annotations

import json
import random

from backroom.games.slush_fund import GAME

from .conftest import PRESIDENT, SENATOR, position


def dump(value: object) -> str:
    return json.dumps(value, sort_keys=True)


def test_hidden_information_a_covered_card_changes_no_other_seats_view():
    # Swap the covered card of seat 0's pile: seats 1, 2 and a spectator see exactly the same.
    one = position({(0, PRESIDENT): ["money-50", "money-10"]}, players=3)
    two = position({(0, PRESIDENT): ["money-20", "money-10"]}, players=3)
    for seat in (1, 2, None):
        assert dump(one.view(seat)) == dump(two.view(seat))
        assert one.legal_actions(1) == two.legal_actions(1)
    assert dump(one.view(0)) != dump(two.view(0))


def test_hidden_information_the_deck_is_hidden_and_only_its_size_shows():
    one = position(deck=["money-50", "scandal", "thief"])
    two = position(deck=["thief", "money-50", "scandal"])
    for seat in (0, 1, None):
        assert dump(one.view(seat)) == dump(two.view(seat))
        assert one.view(seat)["deck"] == 90


def test_hidden_information_public_zones_show_in_every_view():
    state = position(
        {(1, SENATOR): ["money-30"]},
        fund=["spy", "vp", "money-10"],
        held=["thief", "scandal"],
        phase="play",
        time=4,
    )
    for seat in (0, 1, None):
        view = state.view(seat)
        assert view["fund"] == ["spy", "vp", "money-10"] and view["held"] == ["thief", "scandal"]
        assert view["time"] == 4 and view["piles"][1][SENATOR]["cards"] == ["money-30"]


def test_hidden_information_no_view_leaks_in_random_games():
    # The kernel's no-leak property for every seat and the spectator over whole random games:
    # redrawing what a seat cannot see never changes what it sees or may do.
    for seed in range(4):
        state, _ = GAME.start(3, {}, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.actors()[0]
            for watcher in range(3):
                other = state.resample(watcher, rng)
                assert dump(other.view(watcher)) == dump(state.view(watcher))
                assert other.legal_actions(watcher) == state.legal_actions(watcher)
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
