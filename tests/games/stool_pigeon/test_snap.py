"""ELIMINAR TESTIGOS: the window a played Witness (or the Primo) opens, and the rulings that
settle what the rulebook leaves to a table playing in real time.

The rulebook's "¡Rápido! Solo quien primero lo haga" is a race; the engine asks the seats in
order from the left of the player who played the card, and the first to snap is first.
"""

from __future__ import annotations

import pytest

from tests.helpers import event, kinds, play, refuse

from .conftest import faces, position

PLAYED_7 = ["witness-7", "witness-3", "witness-4", "witness-5"]
"""Seat 0's District: slot 0 holds the Witness 7 it is about to play."""


def open_window_7(*others: list[str | None]):
    """Seat 0 draws a Witness 2, swaps it into slot 0 and plays a Witness 7."""
    state = position([PLAYED_7, *others], deck=["witness-2", "witness-10"])
    events = play(state, (0, ("draw",)), (0, ("swap", 0)))
    assert event(events, "window_open").params == {"value": 7}
    return state


def test_eliminar_the_first_to_snap_a_matching_witness_eliminates_it():
    # "Para eliminar una carta de Testigo, debes ser la primera persona en descartar otra carta
    # de Testigo con el mismo número que la carta jugada ... Las cartas de Testigos eliminadas
    # irán a la pila de descarte." Seat 1 snaps the Witness 7 of its own District.
    state = open_window_7(["witness-6", "witness-7", "witness-8", "witness-9"])
    assert state.actors() == (1, 0)
    events = state.apply(1, ("snap", 1, 1))
    assert event(events, "snap_hit").params == {
        "seat": 1,
        "target_seat": 1,
        "slot": 1,
        "card": "witness-7",
    }
    assert faces(state, 1) == ["witness-6", None, "witness-8", "witness-9"]
    assert state.view(0)["discard"][-2:] == ["witness-7", "witness-7"]
    # Ruling: a successful snap closes the window, and the eliminated card opens no new one.
    assert kinds(events) == ["snap_hit", "window_closed", "turn"]
    assert state.phase == "draw" and state.active == 1


def test_eliminar_the_player_who_played_the_witness_may_snap_too():
    # "Cualquier persona": the active player is asked last, but may snap as well.
    state = open_window_7(["witness-6", "witness-7", "witness-8", "witness-9"])
    state.apply(1, ("pass",))
    assert state.actors() == (0,)
    events = state.apply(0, ("snap", 1, 1))
    assert event(events, "snap_hit").params["seat"] == 0
    assert state.phase == "give" and state.actors() == (0,)


def test_eliminar_from_another_district_you_give_one_of_your_own_face_down_unseen():
    # "Puedes descartar una carta que se encuentre en cualquier Distrito ... Si eliminas una
    # carta de Testigo de otro Distrito, coloca en él una carta de tu Distrito para
    # sustituirla (bocabajo y sin mirarla)." Seat 2 takes seat 1's Witness 7 and gives it
    # the Matón of its slot 2, into the emptied slot.
    state = open_window_7(
        ["witness-6", "witness-7", "witness-8", "witness-9"],
        ["witness-10", "witness-2", "maton", "witness-3"],
    )
    state.apply(1, ("pass",))
    events = state.apply(2, ("snap", 1, 1))
    assert kinds(events) == ["snap_hit"]
    assert state.phase == "give" and state.actors() == (2,)
    assert state.legal_actions(2) == [("give", 0), ("give", 1), ("give", 2), ("give", 3)]
    assert state.legal_actions(1) == [] and state.legal_actions(0) == []

    events = state.apply(2, ("give", 2))
    assert event(events, "give").params == {"seat": 2, "slot": 2, "target_seat": 1, "target_slot": 1}
    assert all(e.to is None and "card" not in e.params for e in events)  # nobody sees it
    assert faces(state, 1) == ["witness-6", "maton", "witness-8", "witness-9"]
    assert faces(state, 2) == ["witness-10", "witness-2", None, "witness-3"]
    for seat in range(3):
        assert state.view(seat)["districts"][1][1] == "back"
    assert kinds(events)[1:] == ["window_closed", "turn"]
    assert state.active == 1


def test_eliminar_a_snapper_with_no_card_left_has_nothing_to_give():
    # The replacement comes from "tu Distrito"; an empty District gives nothing.
    state = open_window_7(["witness-6", "witness-7", "witness-8", "witness-9"], [None, None, None, None])
    state.apply(1, ("pass",))
    events = state.apply(2, ("snap", 1, 1))
    assert kinds(events) == ["snap_hit", "window_closed", "turn"]
    assert faces(state, 1) == ["witness-6", None, "witness-8", "witness-9"]


@pytest.mark.parametrize(("family", "number"), [("maton", 7), ("conductora", 5), ("sicario", 3)])
def test_eliminar_family_cards_can_never_be_eliminated_even_with_the_same_number(family, number):
    # "No puedes eliminar cartas de Familia, incluso si tienen el mismo número que la carta
    # jugada; solo pueden eliminarse de este modo cartas de Testigo."
    state = position(
        [
            [f"witness-{number}", "witness-2", "witness-4", "witness-6"],
            [family, "witness-8", "witness-9", "witness-10"],
        ],
        deck=["witness-2", "witness-10"],
    )
    events = play(state, (0, ("draw",)), (0, ("swap", 0)))
    assert event(events, "window_open").params == {"value": number}
    events = state.apply(1, ("snap", 1, 0))
    assert event(events, "snap_miss").params["card"] == family
    assert faces(state, 1)[0] == family  # it goes back; a penalty card follows
    assert "penalty" in kinds(events)


def test_eliminar_a_wrong_guess_goes_back_and_costs_an_unseen_penalty_card():
    # "Si te equivocas y la carta no coincide, debes devolver la carta a su lugar original.
    # Además, como penalización, deberás robar una carta del mazo de robo (sin mirarla) y
    # añadirla a tu Distrito."
    state = open_window_7(["witness-6", "witness-8", "witness-8", "witness-9"])
    events = state.apply(1, ("snap", 0, 2))  # seat 0's slot 2 is a Witness 4
    assert event(events, "snap_miss").params == {
        "seat": 1,
        "target_seat": 0,
        "slot": 2,
        "card": "witness-4",
    }
    assert event(events, "snap_miss").to is None  # the card was shown to the table
    assert faces(state, 0) == ["witness-2", "witness-3", "witness-4", "witness-5"]
    assert faces(state, 1) == ["witness-6", "witness-8", "witness-8", "witness-9", "witness-10"]
    assert event(events, "penalty").params == {"seat": 1, "slot": 4}
    assert all("card" not in e.params for e in events if e.kind == "penalty")
    assert state.view(1)["districts"][1][4] == "back"  # drawn without looking
    assert state.view(1)["districts"][0][2] == "witness-4"  # but everyone saw the miss
    assert state.view(0)["districts"][0][2] == "witness-4"
    assert state.misses == [0, 1] and state.passes == [0, 0]  # the table's tallies (search reads them)


def test_eliminar_after_a_miss_anyone_even_the_one_who_missed_may_try_again():
    # "Después de una equivocación, cualquier persona, incluso quien falló, puede volver a
    # intentar eliminar un testigo." Seat 1 passes, seat 2 misses: all three are asked again
    # (seat 1 included, since the table changed), and seat 2 then finds the right card.
    state = open_window_7(
        ["witness-6", "witness-7", "witness-8", "witness-9"],
        ["witness-10", "witness-2", "witness-3", "witness-4"],
    )
    state.apply(1, ("pass",))
    assert state.actors() == (2, 0)
    state.apply(2, ("snap", 1, 0))
    assert state.phase == "snap" and state.actors() == (1, 2, 0)
    events = state.apply(2, ("snap", 1, 1))
    assert "snap_hit" in kinds(events)


def test_eliminar_the_window_closes_when_everyone_passes():
    state = open_window_7(["witness-6", "witness-7", "witness-8", "witness-9"])
    assert kinds(state.apply(1, ("pass",))) == ["pass"]
    assert state.passes == [0, 1]  # the table's tally of passes (search reads it)
    assert refuse(state, 1, ("pass",)) == "stool-pigeon.error.not_your_turn"  # passed is passed
    events = state.apply(0, ("pass",))
    assert kinds(events) == ["pass", "window_closed", "turn"]
    assert state.phase == "draw" and state.active == 1


def test_eliminar_the_soplon_cannot_be_discarded_by_a_snap():
    # EL SOPLÓN: "El Soplón es la única carta que no puedes jugar": snapping it is a miss.
    state = open_window_7(["soplon", "witness-7", "witness-8", "witness-9"])
    events = state.apply(1, ("snap", 1, 0))
    assert "snap_miss" in kinds(events)
    assert faces(state, 1)[0] == "soplon"


# ------------------------------------------------------------------------------ rulings


def test_primo_opens_a_window_for_zero_where_only_misses_are_possible_ruling():
    # Ruling: the played Primo is "treated as a Witness", so a window opens for its number 0;
    # no Witness carries 0, so every attempt is a miss with its penalty.
    state = position(
        [["primo", "witness-2", "witness-4", "witness-6"], ["witness-2", "witness-3", "witness-8", "capo"]],
        deck=["witness-5", "witness-9"],
    )
    events = play(state, (0, ("draw",)), (0, ("swap", 0)))
    assert event(events, "window_open").params == {"value": 0}
    for target in (0, 1):
        for slot in range(4):
            probe = state.clone()
            assert "snap_miss" in kinds(probe.apply(1, ("snap", target, slot)))
    events = play(state, (1, ("pass",)), (0, ("pass",)))
    assert kinds(events)[-2:] == ["window_closed", "turn"]


def test_a_successful_snap_closes_the_window_ruling():
    # Ruling: "Solo quien primero lo haga puede eliminar un Testigo": one elimination per
    # played card. A second Witness 7 on the table can no longer be snapped.
    state = open_window_7(
        ["witness-6", "witness-7", "witness-8", "witness-9"],
        ["witness-7", "witness-2", "witness-3", "witness-4"],
    )
    events = state.apply(1, ("snap", 1, 1))
    assert "window_closed" in kinds(events)
    assert refuse(state, 2, ("snap", 2, 0)) == "stool-pigeon.error.not_your_turn"


def test_the_eliminated_card_opens_no_new_window_ruling():
    # Ruling: only a card played on one's turn opens a window; a snapped Witness 7 does not
    # start another round of eliminations.
    state = open_window_7(["witness-6", "witness-7", "witness-8", "witness-9"])
    events = state.apply(1, ("snap", 1, 1))
    assert "window_open" not in kinds(events)
    assert state.phase == "draw"


def test_a_miss_with_no_penalty_card_to_draw_closes_the_window_ruling():
    # Ruling: if the draw pile is empty and the discard pile is only the played card, no
    # penalty card exists; the miss still puts the card back, the window closes, and since no
    # card can be drawn either, the game ends ("deck_exhausted").
    state = position(
        [["witness-2", "witness-3", "witness-4", "witness-5"], ["witness-6", "witness-8"]],
        deck=[],
        discard=["witness-7"],
        leftover=1,
        phase="snap",
        window=7,
        eligible=[1, 0],
    )
    events = state.apply(1, ("snap", 0, 0))
    assert kinds(events)[:3] == ["snap_miss", "no_penalty_card", "window_closed"]
    assert "penalty" not in kinds(events)
    assert faces(state, 0)[0] == "witness-2"
    assert state.outcome() is not None and state.outcome().reason == "deck_exhausted"


def test_fin_de_la_partida_only_family_cards_are_barred_from_the_closer_district():
    # FIN DE LA PARTIDA: "A partir de este momento, tu Distrito ya no podrá ser afectado por
    # cartas de Familia." Only Family cards are barred: any player may eliminate a matching
    # Witness from the closer's District and gives the closer one of their own cards.
    state = position(
        [
            ["witness-7", "witness-3", "witness-4", "witness-5"],
            ["witness-6", "witness-7", "witness-8", "witness-9"],
            ["witness-2", "witness-7", "witness-10", "witness-10"],
        ],
        deck=["witness-2"],
        closer=1,
        active=2,
    )
    play(state, (2, ("draw",)), (2, ("swap", 1)))
    assert state.actors() == (0, 1, 2)
    assert ("snap", 1, 1) in state.legal_actions(0)
    events = state.apply(0, ("snap", 1, 1))
    assert "snap_hit" in kinds(events) and state.phase == "give" and state.actors() == (0,)
    state.apply(0, ("give", 2))
    assert faces(state, 1)[1] == "witness-4" and faces(state, 0)[2] is None


def test_fin_de_la_partida_a_miss_in_the_closer_district_costs_the_usual_penalty():
    state = position(
        [
            ["witness-7", "witness-3", "witness-4", "witness-5"],
            ["witness-6", "witness-7", "witness-8", "witness-9"],
            ["witness-2", "witness-7", "witness-10", "witness-10"],
        ],
        deck=["witness-2", "witness-9"],
        closer=1,
        active=2,
    )
    play(state, (2, ("draw",)), (2, ("swap", 1)))
    events = state.apply(0, ("snap", 1, 0))
    assert kinds(events)[:2] == ["snap_miss", "penalty"]
    assert faces(state, 1)[0] == "witness-6" and faces(state, 0)[-1] == "witness-9"
    assert state.actors() == (0, 1, 2)  # anyone, the snapper too, may try again
