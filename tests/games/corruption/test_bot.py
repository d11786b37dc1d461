"""The heuristic bot: legal choices from the view alone, and stronger than random play."""

from __future__ import annotations

from backroom.bots import make_bot
from backroom.bots.base import Observation
from backroom.games.corruption import GAME
from backroom.games.corruption.cards import FACES
from backroom.sim.playout import play_game

from .conftest import contract, position, run

ROUND_ONE = [["monument", "opera_house"], ["stadium", "subway"], ["university", "airport"]]


def test_heuristic_bot_plays_legal_actions_in_every_variant():
    for options in GAME.test_variants():
        result = play_game(GAME, 5, options, 3, ["heuristic"])
        assert result.outcome.reason == "rounds_played"


def test_heuristic_bot_finishes_first_against_random_players_most_of_the_time():
    games = 40
    first = 0
    for g in range(games):
        seat = g % 4
        kinds = ["random"] * 4
        kinds[seat] = "heuristic"
        if play_game(GAME, 4, {}, 500 + g, kinds).outcome.ranks[seat] == 1:
            first += 1
    assert first >= 0.75 * games


def test_heuristic_bot_assigns_swiss_bribe_where_it_wins():
    state = position(3, ROUND_ONE)
    run(
        state,
        [(0, "bribe-10000", "swiss:state"), (1, "bribe-4000", "airport"), (2, "bribe-8000", "university")],
    )
    while state.phase == "corruption":
        seat = state.mover
        state.apply(seat, ("play", FACES[min(state.hands[seat])], contract(state, "monument")))
    bot = make_bot("heuristic", GAME, 0)
    assert bot.choose(Observation(state, 0)) == ("assign", contract(state, "airport"))


def test_heuristic_bot_reporter_removes_the_rivals_bribe():
    state = position(3, ROUND_ONE)
    run(state, [(0, "reporter", "stadium"), (1, "bribe-10000", "stadium"), (2, "bribe-1000", "monument")])
    run(state, [(0, "bribe-8000", "stadium"), (1, "bribe-1000", "stadium"), (2, "bribe-2000", "monument")])
    while state.phase == "corruption":
        seat = state.mover
        state.apply(seat, ("play", FACES[min(state.hands[seat])], contract(state, "monument")))
    choice = make_bot("heuristic", GAME, 0).choose(Observation(state, 0))
    assert choice[0] == "remove" and state.p_seat[choice[1]] == 1 and state.p_kind[choice[1]] == 5


def test_heuristic_bot_reporter_never_removes_its_own_winning_bribe():
    # Award step 4 lets the owner remove a bribe or none: alone on the contract with its own
    # winning bribe, the bot removes nothing.
    state = position(3, ROUND_ONE)
    run(state, [(0, "reporter", "stadium"), (1, "bribe-1000", "monument"), (2, "bribe-1000", "airport")])
    run(state, [(0, "bribe-8000", "stadium")])
    while state.phase == "corruption":
        seat = state.mover
        state.apply(seat, ("play", FACES[min(state.hands[seat])], contract(state, "monument")))
    assert state.actors() == (0,) and state.step == "reporters"
    assert make_bot("heuristic", GAME, 0).choose(Observation(state, 0)) == ("no_removal",)
