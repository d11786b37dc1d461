"""The playout policy search plays here (``rollout.py``): it acts on what the seat has seen,
so a playout is no longer buried in penalty cards from snaps at random face-down cards. (That
it reads nothing else is a conformance property of every game's rollout policy.)"""

from __future__ import annotations

import random

import pytest

from backroom.games.stool_pigeon.rollout import erratic, rollout
from tests.helpers import play

from .conftest import position


def window_7(known):
    """Seat 0 swaps a drawn Witness 2 for the Witness 7 at its slot 0 and plays it; seat 1
    holds a Witness 7 at slot 1, seat 0 another at slot 2."""
    state = position(
        [
            ["witness-7", "witness-3", "witness-7", "witness-5"],
            ["witness-6", "witness-7", "witness-8", "witness-9"],
        ],
        deck=["witness-2", "witness-10"],
        known=known,
    )
    play(state, (0, ("draw",)), (0, ("swap", 0)))
    return state


def test_rollout_passes_in_a_window_when_the_seat_knows_no_matching_witness():
    state = window_7({1: [(1, 0), (0, 1)]})
    assert state.actors()[0] == 1
    assert rollout(state, 1, random.Random(1)) == ("pass",)


def test_rollout_snaps_a_witness_it_knows_its_own_district_first():
    state = window_7({1: [(0, 2), (1, 1)]})
    assert rollout(state, 1, random.Random(1)) == ("snap", 1, 1)
    state = window_7({1: [(0, 2)]})
    assert rollout(state, 1, random.Random(1)) == ("snap", 0, 2)


def test_rollout_swaps_out_the_card_it_knows_to_be_highest():
    state = position(
        [
            ["witness-2", "witness-9", "witness-3", "witness-4"],
            ["witness-6", "witness-7", "witness-8", "witness-5"],
        ],
        deck=["witness-2"],
        known={0: [(0, 0), (0, 1), (0, 2), (0, 3)]},
    )
    state.apply(0, ("draw",))
    assert rollout(state, 0, random.Random(1)) == ("swap", 1)


def test_rollout_closes_with_a_low_known_total_below_every_estimate_and_draws_otherwise():
    low = [["witness-2", "witness-3", None, None], ["witness-6", "witness-7", "witness-8", "witness-5"]]
    assert rollout(position(low, known={0: [(0, 0), (0, 1)]}), 0, random.Random(1)) == ("close",)
    assert rollout(position(low, known={}), 0, random.Random(1)) == ("draw",)


def test_erratic_starts_at_one_in_five_and_a_wrong_snap_makes_the_snapper_likely_random():
    state = window_7({})
    assert erratic(state) == pytest.approx([0.2, 0.2])
    state.apply(1, ("snap", 0, 1))  # seat 0's slot 1 is a Witness 3: a miss
    assert erratic(state) == pytest.approx([0.2, 5 / 6])  # odds 1:4, then 20 times that


def test_erratic_falls_with_each_pass_in_a_window():
    state = window_7({})
    state.apply(1, ("pass",))
    assert erratic(state) == pytest.approx([0.2, 1 / 41])  # odds 1:4, then a tenth of that


def test_erratic_falls_with_each_draw_while_closing_was_allowed_and_not_after_a_close():
    two = [
        ["witness-2", "witness-3", "witness-4", "witness-5"],
        ["witness-6", "witness-7", "witness-8", "witness-9"],
    ]
    # Turns 0-2 were played (seat 0 drew twice, seat 1 once); seat 1 is to play.
    assert erratic(position(two, active=1, turns=3)) == pytest.approx([1 / 17, 1 / 9])  # odds 1:16, 1:8
    # Seat 0 closed on turn 2: it drew once, and its close is no draw.
    assert erratic(position(two, active=1, turns=3, closer=0)) == erratic(position(two, active=0, turns=2))


def test_erratic_stays_a_probability_after_hundreds_of_passes():
    """Each pass multiplies the odds of random play by 0.1: past some 300 of them (a long game
    with a raised round limit) ``math.exp`` of the evidence overflowed, and every search
    decision of the table raised."""
    state = position([["witness-2"], ["witness-3"]])
    state.passes = [5000, 0]
    state.misses = [0, 5000]
    careful, wild = erratic(state)
    assert 0.0 <= careful < 1e-300 and 0.999 < wild <= 1.0
