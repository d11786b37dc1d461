"""Politburó: rulebook sentences that no other test would catch being broken (a review of the
living rulebook, sentence by sentence). Each test quotes the sentence it checks."""

from __future__ import annotations

from .conftest import INDUSTRIA, position


def test_an_office_held_with_its_loyalty_is_not_taken_by_a_candidate_with_more():
    """ "Un jugador que cuente con la cantidad necesaria de lealtad para acceder a un cargo, lo
    podrá hacer si este no está ocupado ya."

    The holder sits exactly at the minimum: it still has the loyalty the office needs, so a
    candidate with more does not take it (and there is no lower office to fall back on)."""
    state = position(hands={0: ["demagogia-4"]}, offices={INDUSTRIA: 3}, loyalty={3: 10, 0: 8})
    state.apply(0, ("play", "demagogia-4", 0))
    assert state.loyalty[0] == 12
    assert state.office[INDUSTRIA] == 3 and 0 not in state.office


def test_priority_the_highest_office_plays_first_before_the_most_loyalty():
    """ "Si ambos jugadores están jugando carta en el turno de otro jugador, jugará la carta en
    primer lugar el jugador que ostente el cargo más alto, o aquél cuyos candidatos sumen un
    valor de lealtad mayor, en caso de que ninguno de ellos ostente un cargo."

    Seat 3 holds an office with less loyalty in play (10 + 5 + 5) than seat 1 (9 + 9 + 9), which
    holds none, and sits farther from seat 0: the office still comes first."""
    state = position(
        hands={1: ["popularidad"], 3: ["popularidad"]},
        offices={INDUSTRIA: 9},
        loyalty={9: 10, 3: 9, 4: 9, 5: 9},
    )
    state.apply(0, ("pass",))
    assert state.phase == "turn_end" and state.actors() == (3, 1)
