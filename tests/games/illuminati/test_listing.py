"""Illuminati's fast answers agree with its legal list: ``random_action`` counts the gifts of
money and the raises of a spending round instead of listing them, and ``is_legal`` lists only
the kind asked for (or looks at one target, or the part of a window or an offer that can hold
it), so each is checked against ``legal_actions`` over random play and exact positions."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from backroom.games.illuminati import GAME
from backroom.games.illuminati.cards import ACTION, DEAL, GROUP_FACES, MODES, ROLLED, SPEND, START

from .conftest import position


class Sweep(random.Random):
    """A generator whose ``random()`` walks the midpoints of ``n`` equal slices of [0, 1)."""

    def __init__(self, n: int) -> None:
        super().__init__(0)
        self.n, self.i = n, 0

    def random(self) -> float:
        self.i += 1
        return (self.i - 0.5) / self.n


def draws_of_every_slice(state, seat) -> list:
    legal = state.legal_actions(seat)
    sweep = Sweep(len(legal))
    return [state.random_action(seat, sweep) for _ in legal]


def action_phase_positions(seed: int, players: int, phases=(ACTION,)):
    state, _ = GAME.start(players, {"round_limit": 5}, seed)
    rng = random.Random(seed)
    while state.actors():
        seat = state.actors()[0]
        if state.phase in phases:
            yield state, seat
        state.apply(seat, rng.choice(state.legal_actions(seat)))


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 4, 6]))
def test_random_action_draws_each_legal_action_from_one_equal_slice(seed, players):
    """Uniform and exact: the ``n`` midpoints of ``n`` equal slices draw every legal action
    once, gifts of money and raises included, in the phases where they are counted."""
    for step, (state, seat) in enumerate(
        action_phase_positions(seed, players, (ACTION, SPEND, ROLLED, START))
    ):
        if step % 5 == 0:
            assert sorted(draws_of_every_slice(state, seat), key=repr) == sorted(
                state.legal_actions(seat), key=repr
            )


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 4, 6]))
def test_is_legal_answers_as_the_legal_list_for_every_attack_gift_raise_and_offer_step(seed, players):
    for step, (state, seat) in enumerate(
        action_phase_positions(seed, players, (ACTION, SPEND, ROLLED, START, DEAL))
    ):
        if step % 5:
            continue
        legal = state.legal_actions(seat)
        asked = [("attack", mode, face) for mode in MODES for face in GROUP_FACES]
        asked += [("give_money", other, mb) for other in range(players) for mb in (0, 1, 5, 20, 21)]
        asked += [
            (kind, source, mb)
            for kind in ("spend", "interfere")
            for source in ("group", "illuminati")
            for mb in (0, 1, 7, 20, 21)
        ]
        asked += [("pass",), ("cancel",), ("give_money", 0), ("spend", "group", "3")]
        asked += [("end",), ("recycle",), ("drop", "the_mafia"), ("attack", "control"), ("attack", 1, [])]
        asked += [("propose",), ("withdraw",), ("withdraw", 0), ("offer_give", "the_mafia")]
        asked += [("offer_money", side, mb) for side in ("give", "take") for mb in (0, 1, 20, 21)]
        for action in asked + legal:
            assert state.is_legal(seat, action) == (action in legal), action


def test_gifts_of_money_to_the_gnomes_stop_below_their_goal_when_drawn_at_random():
    # "Ningún jugador puede “regalar” la partida a otro limitándose a darle suficiente dinero"
    state = position(["network", "gnomes_of_zurich"], money={"network": 10, "gnomes_of_zurich": 145})
    drawn = {a for a in draws_of_every_slice(state, 0) if a[0] == "give_money"}
    assert drawn == {("give_money", 1, mb) for mb in range(1, 5)}
