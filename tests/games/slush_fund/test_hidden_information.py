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


def test_hidden_information_a_resample_deals_covered_places_only_bribe_cards():
    # "Une carte argent est jouée en étant placée face visible du côté du joueur actif d'une
    # carte politicien." and "Une carte PV est jouée selon les mêmes règles que les cartes
    # argent, c'est-à-dire dans une pile de corruption": every seat saw each covered card go
    # into the pile as a bribe, so a resample deals a covered place a Money or VP card, never
    # a Time card, a Scandal or a power card, and the deck keeps every card of those kinds.
    from backroom.games.slush_fund.cards import MONEY, VP

    covered = 0
    for seed in range(6):
        state, _ = GAME.start(2, {}, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            kinds = state.deck_def.kinds
            for watcher in range(2):
                other = state.resample(watcher, rng)
                rival = 1 - watcher
                for before, after in zip(state.piles[rival], other.piles[rival], strict=True):
                    assert len(before) == len(after)
                    assert all(kinds[c] in (MONEY, VP) for c in after)
                    covered += sum(1 for a, b in zip(before[:-1], after[:-1], strict=True) if a != b)
                kept = sorted(c for c in state.deck if kinds[c] not in (MONEY, VP))
                assert sorted(c for c in other.deck if kinds[c] not in (MONEY, VP)) == kept
                assert len(other.deck) == len(state.deck)
            seat = state.actors()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
    assert covered > 100  # the games did cover cards, and resamples did redeal them
