"""What a goal not won tells the table (rulebook, "Fin de la partida": "Un jugador gana si
cumple su Objetivo especial al final de cualquier turno"; ruling 38): a resample never holds a
seat that a check nobody won would have made a winner."""

from __future__ import annotations

import random
from collections import Counter

from backroom.games.illuminati import hidden
from backroom.games.illuminati.cards import CARD_OF, ILLUMINATI, UFOS
from backroom.games.illuminati.goals import goal_met
from backroom.games.illuminati.state import IlluminatiState

from .conftest import position

BAVARIANS = CARD_OF["bavarian_illuminati"]
CTHULHU = CARD_OF["servants_of_cthulhu"]
MIGHTY = [  # Power 27, no transferable Power: 34 under the Network, 37 under the Bavarians
    ("international_communist_conspiracy", "network", "right"),
    ("new_york", "network", "left"),
    ("the_mafia", "network", "top"),
    ("cfl_aio", "network", "bottom"),
]


def face_down_table() -> IlluminatiState:
    """Seat 1, face-down Network, holds groups whose Power would give face-down Bavarians their
    goal; everyone wrote its printed goal, the UFOs the Gnomes'."""
    state = position(["servants_of_cthulhu", "network", "ufos"], structures={1: MIGHTY})
    state.hidden_mode = "face_down"
    state.goal_choice = [CTHULHU, CARD_OF["network"], CARD_OF["gnomes_of_zurich"]]
    return state


def drawn(state: IlluminatiState, seat: int, tries: int) -> list[tuple[int, int]]:
    """Seat's card and goal in ``tries`` resamples by seat 0."""
    out = []
    for i in range(tries):
        other = state.resample(0, random.Random(i))
        out.append((other.illuminati[seat], other.goal_choice[seat]))
    return out


def test_a_face_down_seat_never_holds_an_illuminati_whose_goal_an_unwon_check_found_met():
    state = face_down_table()
    state.apply(0, ("end",))  # the end of the turn: nobody won
    cards = {card for card, _ in drawn(state, 1, 300)}
    possible = set(ILLUMINATI) - {BAVARIANS, CTHULHU}  # Cthulhu: the resampling seat's own
    assert cards == possible


def test_a_goal_met_in_the_middle_of_a_turn_rules_nothing_out_before_the_check():
    # Goals are checked at the end of a turn: until then the seat may be about to win.
    state = face_down_table()
    assert goal_met(state, 1, BAVARIANS, BAVARIANS)
    assert BAVARIANS in {card for card, _ in drawn(state, 1, 300)}


def test_the_check_tries_each_card_with_its_own_printed_power_not_the_real_one():
    # Under the UFOs (Power 6) the same groups make 33: the UFOs may have written the
    # Bavarians' goal; under the real Network (34) the Bavarians would not have been ruled out.
    state = face_down_table()
    state.apply(0, ("end",))
    ufo_goals = {goal for card, goal in drawn(state, 1, 600) if card == UFOS}
    assert ufo_goals == set(ILLUMINATI) - {UFOS}


def test_what_a_check_ruled_out_stays_ruled_out_when_the_structure_shrinks():
    state = face_down_table()
    while state.active != 1:
        state.apply(state.active, ("end",))
    state.apply(1, ("drop", "the_mafia"))
    state.apply(1, ("end",))  # 27 under the Bavarians now: this check rules nothing out
    assert not goal_met(state, 1, BAVARIANS, BAVARIANS)
    assert BAVARIANS not in {card for card, _ in drawn(state, 1, 300)}


def test_unwon_goals_keep_the_face_down_cards_uniform_among_those_left():
    state = face_down_table()
    state.apply(0, ("end",))
    counts = Counter(card for card, _ in drawn(state, 1, 1200))
    assert set(counts) == set(ILLUMINATI) - {BAVARIANS, CTHULHU}
    assert all(150 <= n <= 250 for n in counts.values()), counts


def test_enumeration_draws_what_rejection_draws_when_the_tries_run_out(monkeypatch):
    state = face_down_table()
    state.apply(0, ("end",))
    monkeypatch.setattr(hidden, "TRIES", 0)
    pairs = drawn(state, 1, 600)
    assert {card for card, _ in pairs} == set(ILLUMINATI) - {BAVARIANS, CTHULHU}
    assert {goal for card, goal in pairs if card == UFOS} == set(ILLUMINATI) - {UFOS}


def test_a_secret_goal_an_unwon_check_found_met_is_never_drawn():
    # Ruling 34: with secret goals the cards are face up but the goals hidden; eight groups
    # destroyed would have given the Network the Servants' goal, had it written that one.
    state = position(["bavarian_illuminati", "network", "ufos"])
    state.secret_goals = True
    state.goal_choice = [CARD_OF["gnomes_of_zurich"], CARD_OF["society_of_assassins"], BAVARIANS]
    state.destroyed[1] = 8
    state.apply(0, ("end",))
    goals = {goal for _, goal in drawn(state, 1, 300)}
    assert goals == set(ILLUMINATI) - {UFOS, CARD_OF["network"], CTHULHU}
