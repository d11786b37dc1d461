"""Refused actions: each raises ``IllegalAction`` with a key naming the rule, and changes nothing.

``conftest.refuse`` compares the whole state's JSON before and after every attempt.
"""

from __future__ import annotations

import pytest

from backroom.games import get_game
from tests.helpers import play, refuse

from .conftest import FILLER, position


def test_acting_out_of_turn_is_refused():
    # CÓMO SE JUEGA: "En tu turno, deberás robar": only the active player draws.
    state = position(FILLER, deck=["witness-10"])
    assert refuse(state, 1, ("draw",)) == "stool-pigeon.error.not_your_turn"
    assert refuse(state, 2, ("close",)) == "stool-pigeon.error.not_your_turn"
    state.apply(0, ("draw",))
    assert refuse(state, 1, ("swap", 0)) == "stool-pigeon.error.not_your_turn"


def test_playing_the_drawn_card_directly_is_refused():
    # CÓMO SE JUEGA: "No puedes jugar inmediatamente la carta que acabas de robar".
    state = position(FILLER, deck=["witness-10"])
    state.apply(0, ("draw",))
    assert refuse(state, 0, ("discard",)) == "stool-pigeon.error.discard_drawn"


def test_closing_twice_is_refused():
    # FIN DE LA PARTIDA: one player closes; the others only play their last turns.
    state = position(FILLER, closer=2, active=0)
    assert refuse(state, 0, ("close",)) == "stool-pigeon.error.already_closed"


def test_touching_the_closer_district_is_refused():
    # FIN DE LA PARTIDA: "tu Distrito ya no podrá ser afectado por cartas de Familia".
    state = position(
        [["maton", "witness-3", "witness-4", "witness-5"], FILLER[1], FILLER[2]],
        deck=["witness-10"],
        closer=2,
    )
    play(state, (0, ("draw",)), (0, ("swap", 0)))
    assert refuse(state, 0, ("peek", 2, 0)) == "stool-pigeon.error.closer_immune"


def test_acting_after_the_end_is_refused():
    state = position(FILLER, deck=["witness-10"], closer=1, active=0)
    state.apply(0, ("draw",))
    state.apply(0, ("swap", 1))
    while state.actors():
        state.apply(state.actors()[0], ("pass",))
    assert state.is_over
    assert refuse(state, 1, ("draw",)) == "error.game_over"


def test_malformed_and_unknown_actions_are_refused():
    state = position(FILLER, deck=["witness-10"])
    assert refuse(state, 0, ("no-such-action",)) == "error.illegal_action"
    assert refuse(state, 0, ("draw", 5)) == "error.illegal_action"
    assert refuse(state, 0, ()) == "error.illegal_action"
    state.apply(0, ("draw",))
    assert refuse(state, 0, ("swap", 9)) == "error.illegal_action"
    assert refuse(state, 0, ("swap", "0")) == "error.illegal_action"


def test_a_negative_seat_is_not_the_closer_when_nobody_has_closed_bug():
    # With no closer (stored as -1), a Matón aimed at seat -1 was refused as "closer_immune",
    # naming a rule that does not apply: it is simply not a legal target.
    state = position([["maton", "witness-3", "witness-4", "witness-5"], FILLER[1]], deck=["witness-10"])
    play(state, (0, ("draw",)), (0, ("swap", 0)))
    assert refuse(state, 0, ("peek", -1, 0)) == "error.illegal_action"


def test_discarding_before_drawing_is_not_the_drawn_card_rule_bug():
    # "discard_drawn" names the rule about the card just drawn; at the draw step there is no
    # such card, and the attempt was refused with that misleading reason.
    state = position(FILLER, deck=["witness-10"])
    assert refuse(state, 0, ("discard",)) == "error.illegal_action"


@pytest.mark.parametrize(
    ("field", "value"),
    [("misses", []), ("passes", [0]), ("passes", [0, 0, 0, 0]), ("misses", [0, -1, 0])],
)
def test_a_position_whose_snap_record_does_not_fit_its_seats_is_refused(field, value):
    """Each seat's wrong snaps and passes (read by search) are counted from 0, one per seat: a
    hand-written position with a short list was taken, then failed in play (IndexError)."""
    data = position(FILLER).to_json()
    data[field] = value
    with pytest.raises(ValueError, match="wrong snaps and passes"):
        get_game("stool-pigeon").state_from_json(data)
