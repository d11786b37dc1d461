"""The heuristic bot: legal choices from what its seat sees alone, and stronger than random play."""

from __future__ import annotations

import random

from backroom.bots import make_bot
from backroom.bots.base import Observation
from backroom.games.corruption import GAME
from backroom.games.corruption.cards import FACES
from backroom.games.corruption.view import sight
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


def random_positions(count: int, seed: int):
    """Positions of 3-6 players with the Little Black Book, a random number of random moves in
    (the award phase included), with the seat to act."""
    rng = random.Random(seed)
    for _ in range(count):
        players = rng.randrange(3, 7)
        state, _ = GAME.start(players, {"black_book": True}, rng.randrange(10**6))
        for _ in range(rng.randrange(0, 40 * players)):
            if state.is_over:
                break
            seat = state.actors()[0]
            state.apply_quiet(seat, state.random_action(seat, rng))
        if not state.is_over:
            yield state, state.actors()[0]


def test_bots_sight_shows_a_card_exactly_where_the_seats_view_does():
    for state, _ in random_positions(60, 1):
        for seat in range(state.n):
            shown = sight(state, seat).kind
            cards = [p["card"] for p in state.view(seat)["plays"]]
            assert [FACES[k] if k >= 0 else "back" for k in shown] == cards


def test_heuristic_bot_decides_the_same_whatever_the_hidden_cards():
    """Other hands and face-down cards redrawn by ``resample`` change neither the bot's
    sight nor its choice: it reads nothing its seat cannot see."""
    for state, seat in random_positions(60, 2):
        mine = make_bot("heuristic", GAME, 7).choose(Observation(state, seat))
        for redraw in range(3):
            other = state.resample(seat, random.Random(redraw))
            assert sight(other, seat) == sight(state, seat)
            assert make_bot("heuristic", GAME, 7).choose(Observation(other, seat)) == mine
