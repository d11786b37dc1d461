"""The Illuminati heuristic bot: legal actions only, at every player count, from what its seat
sees alone; its reading of the attack table is the engine's; and it beats random bots (the
500-game figure is in docs/benchmarks.md)."""

from __future__ import annotations

import copy
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from backroom.bots import Observation, make_bot
from backroom.games.illuminati import GAME
from backroom.games.illuminati.attack import RATES
from backroom.games.illuminati.bot import HeuristicBot
from backroom.games.illuminati.reading import Table
from backroom.games.illuminati.view import bot_view
from backroom.sim.playout import play_game

ROUNDS = 8
"""A short ``round_limit`` keeps each property example quick; the bot is asked all the same."""


def bot_seats(draw_bits: int, players: int) -> list[bool]:
    """Which seats the heuristic holds (at least one), from a drawn bit mask."""
    seats = [bool((draw_bits >> s) & 1) for s in range(players)]
    return seats if any(seats) else [True, *seats[1:]]


@settings(max_examples=30, deadline=None)
@given(players=st.integers(2, 8), seed=st.integers(0, 10**6), mask=st.integers(1, 255))
def test_heuristic_bot_only_ever_plays_legal_actions(players, seed, mask):
    state, _ = GAME.start(players, {"round_limit": ROUNDS}, seed)
    heuristic = bot_seats(mask, players)
    bots = [HeuristicBot(random.Random(seed + s)) for s in range(players)]
    rng = random.Random(seed)
    asked = 0
    while not state.is_over:
        seat = state.actors()[0]
        obs = Observation(state, seat)
        if heuristic[seat]:
            action = bots[seat].choose(obs)
            assert action in obs.legal
            asked += 1
        else:
            action = obs.legal[int(rng.random() * len(obs.legal))]
        state.apply(seat, action)
    assert asked > 0


@settings(max_examples=25, deadline=None)
@given(players=st.integers(2, 8), seed=st.integers(0, 10**6), steps=st.integers(0, 400))
def test_heuristic_bot_decides_the_same_whatever_the_hidden_cards(players, seed, steps):
    """The deck's order and the other players' specials, redrawn by ``resample``, never change
    what the bot plays: it reads nothing its seat cannot see."""
    state, _ = GAME.start(players, {"round_limit": ROUNDS}, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            return
        seat = state.actors()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[int(rng.random() * len(legal))])
    if state.is_over:
        return
    seat = state.actors()[0]
    mine = HeuristicBot(random.Random(7)).choose(Observation(state, seat))
    for redraw in range(3):
        other = state.resample(seat, random.Random(redraw))
        assert HeuristicBot(random.Random(7)).choose(Observation(other, seat)) == mine


def test_the_bots_reading_of_an_attack_is_the_number_the_engine_announces():
    """At every spending round of random games at every player count, ``Table.need`` read
    from the asked seat's view, plus the money spent at the summary's rates, is the ``need``
    the view announces."""
    checked = 0
    for players in range(2, 9):
        for seed in range(4):
            state, _ = GAME.start(players, {"round_limit": ROUNDS}, seed)
            rng = random.Random(seed)
            while not state.is_over:
                seat = state.actors()[0]
                if state.phase == "spend":
                    view = state.view(seat)
                    attack = view["attack"]
                    spent = sum(rate * mb for rate, mb in zip(RATES, attack["spent"].values(), strict=True))
                    table = Table(view, seat)
                    estimate = table.need(
                        attack["mode"], attack["attacker"], attack["helpers"], attack["target"]
                    )
                    assert estimate + spent == attack["need"]
                    checked += 1
                legal = state.legal_actions(seat)
                state.apply(seat, legal[int(rng.random() * len(legal))])
    assert checked > 100


def test_heuristic_bot_wins_most_four_player_games_against_random():
    games = 24
    wins = 0
    for seed in range(games):
        seat = seed % 4
        kinds = ["random"] * 4
        kinds[seat] = "heuristic"
        wins += play_game(GAME, 4, None, seed, kinds).outcome.winners == (seat,)
    assert wins >= 0.75 * games


def test_heuristic_bot_is_found_by_the_bot_registry():
    assert isinstance(make_bot("heuristic", GAME, 1), HeuristicBot)


def test_heuristic_bot_plays_at_random_among_actions_it_does_not_know():
    """Rules still grow (moves, specials, deals): when nothing the bot knows is legal, it still
    answers with a legal action, spread over all of them."""
    state, _ = GAME.start(4, {}, 3)
    seat = state.actors()[0]
    novel = [("novel_deal", 1), ("novel_deal", 2), ("novel_card",)]
    chosen = {HeuristicBot(random.Random(s)).choose(Observation(state, seat, novel)) for s in range(40)}
    assert chosen == set(novel)


SCREEN_ONLY = ("arrow", "rotation", "cell", "in", "out")
"""What a structure card's full view adds to the bot's brief one: where it lies."""


def without_what_only_a_screen_draws(view: dict) -> dict:
    trimmed = copy.deepcopy(view)
    trimmed["cards"] = None
    trimmed["turn"]["aims"] = {}
    for info in trimmed["players_info"]:
        info["structure"] = [{k: v for k, v in e.items() if k not in SCREEN_ONLY} for e in info["structure"]]
    if trimmed["attack"]:
        trimmed["attack"].pop("chance", None)
        trimmed["attack"].pop("breakdown", None)
    return trimmed


@settings(max_examples=25, deadline=None)
@given(
    players=st.integers(2, 8),
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 400),
    hidden=st.sampled_from(["off", "face_down", "exaggerating"]),
    secret=st.booleans(),
)
def test_the_bots_brief_view_is_the_seats_view_less_what_only_a_screen_draws(
    players, seed, steps, hidden, secret
):
    """The bot reads ``bot_view``: the same keys and values as the seat's view, with only the
    printed card data, card places, aims and the attack's breakdown left out, so it can show
    nothing the view hides (hidden Illuminati and secret goals included)."""
    options = {"round_limit": ROUNDS, "hidden_illuminati": hidden, "secret_goals": secret}
    state, _ = GAME.start(players, options, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.actors()[0]
        state.apply_quiet(seat, state.random_action(seat, rng))
    for seat in range(players):
        assert bot_view(state, seat) == without_what_only_a_screen_draws(state.view(seat))
