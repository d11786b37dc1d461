"""The heuristic bot plays as the issue asks: keeps low cards, remembers, snaps when sure,
closes when likely lowest — and so beats random play."""

from __future__ import annotations

import random

from backroom.bots import Observation
from backroom.games.stool_pigeon import GAME
from backroom.games.stool_pigeon.bot import HeuristicBot
from backroom.sim.playout import play_game

from .conftest import position


def choose(state, seat):
    return HeuristicBot(random.Random(0)).choose(Observation(state, seat))


def test_bot_snaps_a_witness_it_knows_matches_preferring_its_own_district():
    state = position(
        [
            ["witness-9", "witness-4", "witness-3", "witness-8"],
            ["witness-4", "witness-2", "witness-6", "witness-7"],
        ],
        discard=["witness-4"],
        phase="snap",
        window=4,
        eligible=[1, 0],
        known={0: [(0, 1), (1, 0)]},
    )
    assert choose(state, 0) == ("snap", 0, 1)


def test_bot_passes_a_window_when_it_knows_no_match():
    state = position(
        [
            ["witness-9", "witness-4", "witness-3", "witness-8"],
            ["witness-4", "witness-2", "witness-6", "witness-7"],
        ],
        discard=["witness-5"],
        phase="snap",
        window=5,
        eligible=[1, 0],
        known={0: [(0, 1)]},
    )
    assert choose(state, 0) == ("pass",)


def test_bot_swaps_the_drawn_low_card_for_its_highest_known_card():
    state = position(
        [
            ["witness-9", "witness-2", "witness-10", "witness-3"],
            ["witness-4", "witness-5", "witness-6", "witness-7"],
        ],
        phase="swap",
        held="primo",
        known={0: [(0, 1), (0, 2), (0, 3)]},
    )
    assert choose(state, 0) == ("swap", 2)


def test_bot_never_swaps_out_a_known_soplon():
    state = position(
        [
            ["soplon", "witness-2", "witness-3", "witness-4"],
            ["witness-4", "witness-5", "witness-6", "witness-7"],
        ],
        phase="swap",
        held="witness-10",
        known={0: [(0, 0), (0, 1), (0, 2), (0, 3)]},
    )
    assert choose(state, 0) != ("swap", 0)


def test_bot_closes_when_its_known_total_is_low():
    state = position(
        [["primo", "capo", "witness-2", "witness-2"], ["witness-9", "witness-8", "witness-10", "witness-7"]],
        known={0: [(0, 0), (0, 1), (0, 2), (0, 3)]},
    )
    assert choose(state, 0) == ("close",)


def test_bot_draws_when_its_total_is_unknown_and_early():
    state = position(
        [
            ["witness-9", "witness-8", "witness-10", "witness-7"],
            ["witness-9", "witness-8", "witness-10", "witness-7"],
        ],
    )
    assert choose(state, 0) == ("draw",)


def test_heuristic_beats_random_in_most_two_player_games():
    """A quick check of the benchmark figure (1,000 games in docs/benchmarks.md): 200 seeded
    games, the heuristic bot alternating seats, must be won at least 75% of the time."""
    wins = 0.0
    for seed in range(200):
        seating = ["heuristic", "random"] if seed % 2 == 0 else ["random", "heuristic"]
        outcome = play_game(GAME, 2, {}, seed, seating).outcome
        winners = outcome.winners
        wins += sum(1 for s in winners if seating[s] == "heuristic") / len(winners)
    assert wins / 200 >= 0.75
