"""The playout policy and the estimate search plays here (``rollout.py``): each card goes where
it helps most, from what the seat knows. (That the policy reads nothing else is a conformance
property of every game's rollout policy.)"""

from __future__ import annotations

import random

from backroom.games.slush_fund.rollout import UNSEEN, Board, evaluate, rollout

from .conftest import PRESIDENT, SPEAKER, VICE_PRESIDENT, position


def decide(state):
    return rollout(state, state.active, random.Random(1))


def test_rollout_bribes_a_contested_politician_over_a_sure_lead_a_lost_cause_or_an_empty_one():
    state = position(
        {
            (0, PRESIDENT): ["money-50", "money-50"],
            (1, VICE_PRESIDENT): ["money-30"],
            (1, SPEAKER): ["money-10"],
        },
        held=["money-20"],
        phase="play",
    )
    assert decide(state) == ("bribe", "money-20", SPEAKER)


def test_rollout_lays_a_scandal_on_a_politician_the_rival_leads():
    state = position(
        {(0, PRESIDENT): ["money-50"], (1, VICE_PRESIDENT): ["money-50"]}, held=["scandal"], phase="play"
    )
    assert decide(state) == ("scandal", VICE_PRESIDENT)


def test_rollout_lays_a_fifth_scandal_to_take_out_a_politician_the_rival_leads():
    state = position(
        {(0, PRESIDENT): ["money-50"], (1, VICE_PRESIDENT): ["money-50"], (1, SPEAKER): ["money-50"]},
        held=["scandal"],
        scandals={VICE_PRESIDENT: 4},
        phase="play",
    )
    assert decide(state) == ("scandal", VICE_PRESIDENT)


def test_rollout_steals_the_biggest_money_it_can_see():
    state = position(
        {(1, PRESIDENT): ["money-50"], (1, VICE_PRESIDENT): ["money-10"]}, held=["thief"], phase="play"
    )
    assert decide(state) == ("thief", 1, PRESIDENT)


def test_rollout_counts_a_covered_card_it_has_seen_at_its_face_and_one_it_has_not_at_the_mean():
    piles = {(1, PRESIDENT): ["money-50", "money-10"]}
    assert Board(position(piles), 0).rivals[PRESIDENT] == 10 + UNSEEN
    assert Board(position(piles, known={0: [(1, PRESIDENT)]}), 0).rivals[PRESIDENT] == 60
    assert Board(position(piles), 1).mine[PRESIDENT] == 60


def test_rollout_takes_three_big_money_cards_from_the_fund_and_draws_for_small_ones():
    assert decide(position(fund=["money-50", "money-50", "money-40"])) == ("take", "money-50")
    assert decide(position(fund=["money-10", "scandal", "vp"])) == ("draw",)


def test_rollout_with_one_time_card_to_go_draws_when_ahead_and_takes_when_behind():
    fund = ["money-10", "scandal", "vp"]
    ahead = position({(0, PRESIDENT): ["money-50"]}, fund=fund, time=9)
    behind = position({(1, PRESIDENT): ["money-50"]}, fund=fund, time=9)
    assert decide(ahead) == ("draw",)
    assert decide(behind) == ("take", "money-10")


def test_rollout_stashes_the_revealed_card_it_gains_least_from():
    state = position(held=["money-50", "scandal", "vp"], phase="stash")
    assert decide(state) == ("stash", "scandal")


def test_estimate_is_given_only_at_the_start_of_a_turn():
    assert evaluate(position(held=["money-20"], phase="play")) is None
    assert evaluate(position()) == [0.0, 0.0]


def test_estimate_gives_the_richer_seat_more_of_a_politician_and_more_so_as_the_time_runs_out():
    piles = {(0, PRESIDENT): ["money-30"], (1, PRESIDENT): ["money-10"]}
    early = evaluate(position(piles))
    late = evaluate(position(piles, time=9))
    assert early is not None and late is not None
    assert late[0] > early[0] > early[1] > late[1]
    assert sum(early) == sum(late) == 7
