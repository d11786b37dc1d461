"""The Slush Fund heuristic bot: it plays only legal actions, uses its power cards well and
beats the random bot (the full 1,000-game figure is in docs/benchmarks.md)."""

from __future__ import annotations

import random

from backroom.bots import Observation, make_bot
from backroom.games.slush_fund import GAME
from backroom.games.slush_fund.bot import HeuristicBot
from backroom.sim.playout import play_game

from .conftest import PRESIDENT, REPRESENTATIVE, SENATOR, SPEAKER, VICE_PRESIDENT, position


def choose(state, seat: int = 0):
    return HeuristicBot(random.Random(0)).choose(Observation(state, seat))


def test_heuristic_bot_beats_random_in_most_two_player_games():
    games = 40
    wins = 0
    for seed in range(games):
        seat = seed % 2
        kinds = ["random", "random"]
        kinds[seat] = "heuristic"
        outcome = play_game(GAME, 2, None, seed, kinds).outcome
        wins += outcome.winners == (seat,)
    assert wins >= 0.75 * games


def test_heuristic_bot_is_found_by_the_bot_registry():
    assert isinstance(make_bot("heuristic", GAME, 1), HeuristicBot)


def test_heuristic_bot_steals_the_biggest_money_it_can_see_where_it_swings_a_politician():
    piles = {
        (1, PRESIDENT): ["money-50"],
        (0, PRESIDENT): ["money-20"],
        (1, SENATOR): ["money-10"],
    }
    state = position(piles, held=["thief", "vp"], phase="play")
    assert choose(state) == ("thief", 1, PRESIDENT)


def test_heuristic_bot_moves_a_scandal_from_its_own_politician_onto_a_rivals():
    piles = {(0, SPEAKER): ["money-50"], (1, VICE_PRESIDENT): ["money-50"]}
    state = position(piles, held=["spy", "vp"], phase="play", scandals={SPEAKER: 3})
    assert choose(state) == ("spy_move", SPEAKER, VICE_PRESIDENT)


def test_heuristic_bot_bribes_a_contested_politician_rather_than_a_sure_win():
    piles = {
        (0, PRESIDENT): ["money-50", "money-50", "money-50"],
        (1, PRESIDENT): ["money-10"],
        (0, SENATOR): ["money-10"],
        (1, SENATOR): ["money-20"],
    }
    state = position(piles, held=["money-20", "vp"], phase="play", time=8)
    action = choose(state)
    assert action[0] == "bribe" and action[2] != PRESIDENT


def test_heuristic_bot_does_not_bribe_a_politician_one_scandal_from_removal():
    piles = {(1, REPRESENTATIVE): ["money-10"], (1, SPEAKER): ["money-10"]}
    state = position(piles, held=["money-20", "vp"], phase="play", scandals={REPRESENTATIVE: 4})
    action = choose(state)
    assert action[:2] == ("bribe", "money-20") and action[2] != REPRESENTATIVE


def test_heuristic_bot_watches_the_time_drawing_when_ahead_and_taking_from_the_fund_when_behind():
    # One Time card from the end: a draw may end the game before the bot plays.
    fund = ["money-10", "money-10", "vp"]
    ahead = position({(0, PRESIDENT): ["money-50"], (0, SENATOR): ["money-50"]}, fund=fund, time=9)
    assert choose(ahead) == ("draw",)
    behind = position({(1, PRESIDENT): ["money-50"], (1, SENATOR): ["money-50"]}, fund=fund, time=9)
    assert choose(behind)[0] == "take"


def test_heuristic_bot_takes_the_money_a_rival_discarded_into_the_slush_fund():
    # Ruling 5: discards go into the slush fund, where option (b) may take them; the bot sees
    # them there and takes three big bribes rather than draw.
    piles = {(0, PRESIDENT): ["money-20"], (1, PRESIDENT): ["money-30"]}
    state = position(piles, held=["money-50", "money-40", "money-30"], phase="play", active=1)
    for face in ("money-50", "money-40", "money-30"):
        state.apply(1, ("discard", face))
    assert state.active == 0 and choose(state) == ("take", "money-50")
