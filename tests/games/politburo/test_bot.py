"""The Politburó heuristic bot: legal actions only, sensible choices, and it beats random bots
(the 1,000-game figure is in docs/benchmarks.md)."""

from __future__ import annotations

import random

from backroom.bots import Observation, make_bot
from backroom.games.politburo import GAME
from backroom.games.politburo.bot import HeuristicBot
from backroom.sim.playout import play_game

from .conftest import position


def choose(state, seat: int = 0):
    return HeuristicBot(random.Random(0)).choose(Observation(state, seat))


def test_heuristic_bot_finishes_first_in_most_four_player_games_against_random():
    games = 24
    wins = 0
    for seed in range(games):
        seat = seed % 4
        kinds = ["random"] * 4
        kinds[seat] = "heuristic"
        wins += play_game(GAME, 4, None, seed, kinds).outcome.winners == (seat,)
    assert wins >= 0.7 * games


def test_heuristic_bot_is_found_by_the_bot_registry():
    assert isinstance(make_bot("heuristic", GAME, 1), HeuristicBot)


def test_heuristic_bot_plays_its_cure_on_a_lethal_blow_and_keeps_it_otherwise():
    state = position(hands={0: ["agresion-4"], 1: ["cura"]}, health={4: 3, 3: 6})
    state.apply(0, ("play", "agresion-4", 4))
    assert choose(state, 1) == ("special_on", "cura", 4)
    state = position(hands={0: [], 1: ["cura"]}, health={3: 6})
    state.apply(0, ("pass",))
    assert state.actors() == (1,) and choose(state, 1) == ("pass",)


def test_heuristic_bot_aims_its_difamacion_at_the_rival_nearest_an_office():
    state = position(hands={0: ["difamacion-3"]}, loyalty={7: 13, 4: 9})
    assert choose(state) == ("play", "difamacion-3", 7)


def test_heuristic_bot_raises_its_leading_candidate():
    state = position(hands={0: ["demagogia-3"]}, loyalty={2: 8})
    assert choose(state) == ("play", "demagogia-3", 2)


def test_heuristic_bot_defends_its_candidate_in_a_window():
    state = position(hands={0: ["agresion-4"]}, assigned={4: ["guardaespaldas"]})
    state.apply(0, ("play", "agresion-4", 4))
    assert choose(state, 1) == ("defend", "guardaespaldas", "assigned")
