"""``estimate.evaluate``: each seat's chance to win a Politburó game from a whole position, for
searches whose playouts are cut short (docs/bots.md, Politburó)."""

from __future__ import annotations

import random

import pytest

from backroom.bots import make_bot
from backroom.games.politburo import GAME
from backroom.games.politburo.cards import TURN
from backroom.games.politburo.estimate import evaluate
from backroom.games.politburo.legality import own
from tests.helpers import assert_chances, random_positions

from .conftest import position


def test_politburo_declares_its_estimate_and_its_search_stops_a_lap_after_the_move():
    assert GAME.manifest.evaluate == "backroom.games.politburo.estimate:evaluate"
    budget = make_bot("ismcts", GAME, 1).budget
    assert (budget.horizon, budget.lap, budget.playout) == (0, True, "heuristic")


@pytest.mark.parametrize("players", [2, 3, 5])
def test_one_chance_per_seat_at_each_settled_moment_of_a_turn_through_whole_games(players):
    rng = random.Random(players)
    for seed in range(4):
        seen = 0
        for state in random_positions(GAME, players, seed, rng):
            chances = evaluate(state)
            settled = state.phase == TURN and not state.react and not state.step and state.p_target < 0
            assert (chances is not None) == settled, (state.phase, state.react, state.step)
            if chances is not None:
                seen += 1
                assert_chances(chances, players, [s for s in range(players) if not own(state, s)])
        assert seen > 0
        assert state.is_over and evaluate(state) is None


def test_the_estimate_reads_only_what_every_seat_sees():
    # A search scores its determinizations: each must score as the real position does
    rng = random.Random(7)
    compared = 0
    for seed in range(3):
        for state in random_positions(GAME, 3, seed, rng):
            chances = evaluate(state)
            if chances is not None and rng.random() < 0.2:
                for seat in range(3):
                    assert evaluate(state.resample(seat, rng)) == chances
                compared += 1
    assert compared > 10


def test_even_seats_are_even_and_a_candidate_nearer_the_secretary_is_the_likelier_winner():
    even = evaluate(position(players=2))
    assert even == pytest.approx([0.5, 0.5])
    ahead = evaluate(position(players=2, loyalty={0: 18}))
    further = evaluate(position(players=2, loyalty={0: 23}))
    assert ahead is not None and further is not None
    assert 0.75 < ahead[0] < further[0] < 1.0


def test_a_seat_with_no_candidate_left_has_no_chance():
    state = position(players=3, out={3: "dead", 4: "siberia", 5: "dead"})
    chances = evaluate(state)
    assert chances is not None and chances[1] == 0.0 and chances[0] == pytest.approx(chances[2])


def test_a_lost_candidate_and_a_wounded_one_lower_the_chance():
    even = evaluate(position(players=2))
    lost = evaluate(position(players=2, out={2: "dead"}))
    wounded = evaluate(position(players=2, health={0: 3, 1: 3}))
    assert even is not None and lost is not None and wounded is not None
    assert lost[0] < even[0] and wounded[0] < even[0]


def test_no_estimate_while_an_attack_waits_for_its_window():
    state = position(players=2, hands={0: ["agresion-4"]}, assigned={4: ["guardaespaldas"]})
    assert evaluate(state) is not None
    state.apply(0, ("play", "agresion-4", 4))
    assert state.actors() == (1,) and evaluate(state) is None
    state.apply(1, ("pass",))
    assert state.actors() == (0,) and evaluate(state) is not None
