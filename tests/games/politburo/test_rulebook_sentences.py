"""Politburó: rulebook sentences that no other test would catch being broken (a review of the
living rulebook, sentence by sentence). Each test quotes the sentence it checks."""

from __future__ import annotations

from backroom.games.politburo.cards import FACE

from .conftest import INDUSTRIA, hand, hospitalize, position


def test_an_office_held_with_its_loyalty_is_not_taken_by_a_candidate_with_more():
    """ "Un jugador que cuente con la cantidad necesaria de lealtad para acceder a un cargo, lo
    podrá hacer si este no está ocupado ya."

    The holder sits exactly at the minimum: it still has the loyalty the office needs, so a
    candidate with more does not take it (and there is no lower office to fall back on)."""
    state = position(hands={0: ["demagogia-4"]}, offices={INDUSTRIA: 3}, loyalty={3: 10, 0: 8})
    state.apply(0, ("play", "demagogia-4", 0))
    assert state.loyalty[0] == 12
    assert state.office[INDUSTRIA] == 3 and 0 not in state.office


def test_revueltas_takes_two_loyalty_from_office_holders_only():
    """ "Al jugar esta carta todos los candidatos que ostenten un cargo pierden dos puntos de
    lealtad, de forma inmediata. Descarta esta carta." """
    state = position(hands={0: ["revueltas"]}, offices={INDUSTRIA: 3}, loyalty={3: 12})
    before = list(state.loyalty)
    state.apply(0, ("special", "revueltas"))
    assert state.loyalty[3] == 10
    assert all(state.loyalty[c] == before[c] for c in range(12) if c != 3)
    assert FACE[state.discard[-1]] == "revueltas"


def test_traicion_goes_with_a_difamacion_never_with_an_agresion():
    """ "Esta carta puede jugarse junto con cualquier carta de difamación para doblar su valor." """
    state = position(hands={0: ["agresion-2", "difamacion-2", "traicion"]})
    state.apply(0, ("play", "agresion-2", 4))
    assert state.react == "" and state.health[4] == 8  # no window: the Agresión hits as printed
    assert "traicion" in hand(state, 0)
    state.apply(0, ("play", "difamacion-2", 4))  # the same card is offered with a Difamación
    assert state.react == "betray" and state.legal_actions(0) == [("special", "traicion"), ("pass",)]


def test_patriotismo_heroico_only_for_an_assassinated_candidate_never_one_sent_to_siberia():
    """ "Esta carta solo puede ser jugada cuando un candidato del jugador sea asesinado." """
    # Siberia by Gran Purga
    state = position(
        hands={0: ["gran_purga"], 1: ["patriotismo"]}, offices={INDUSTRIA: 0}, loyalty={0: 10, 4: 3}
    )
    state.apply(0, ("special", "gran_purga"))
    assert state.fate[4] == 2
    assert state.react == "" and state.actors() == (0,) and "patriotismo" in hand(state, 1)
    # Siberia at the end of the round
    state = position(players=2, hands={1: ["patriotismo"]}, loyalty={4: -4}, deck=["guardaespaldas"] * 4)
    state.apply(0, ("pass",))
    state.apply(1, ("pass",))
    assert state.round == 2 and state.fate[4] == 2
    assert state.react == "" and state.actors() == (0,) and "patriotismo" in hand(state, 1)
    # a candidate killed is what the card answers
    state = position(hands={0: ["agresion-4"], 1: ["patriotismo"]}, health={4: 3})
    state.apply(0, ("play", "agresion-4", 4))
    assert state.fate[4] == 1 and state.react == "murdered" and state.actors() == (1,)


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


def test_health_track_stops_at_10_hospitalizacion_heals_up_to_it():
    """ "En ellas está representado el nivel de lealtad (desde -5 hasta 25) y de salud (desde 1
    a 10) de cada candidato." with Hospitalización's "recuperará 5 puntos de salud al final de
    la misma." """
    state = position(players=2, hands={0: ["hospitalizacion"]}, health={1: 8}, deck=["guardaespaldas"] * 5)
    state.apply(0, ("special_on", "hospitalizacion", 1))
    assert state.hospital[1] >= 0
    state.apply(0, ("pass",))
    state.apply(1, ("pass",))
    assert state.round == 2 and state.active == 0  # the stay ended as seat 0's turn came back
    assert state.hospital[1] == -1 and state.health[1] == 10


def test_the_last_demagogia_goes_only_on_ones_own_candidate_in_disgrace():
    """ "Para evitar que el candidato acabe sus días en Siberia, un jugador puede, una vez todos
    los turnos de la ronda han sido jugados, pero antes de que esta acabe, jugar una carta de
    Demagogia de su mano y tratar de elevar la lealtad de su candidato por encima de los valores
    negativos."

    The FAQ calls it "la única excepción de juego de cartas desde la mano fuera del turno del
    jugador": not on a candidate of its own that is not in disgrace, nor on another player's."""
    state = position(
        players=2,
        hands={0: ["demagogia-3"]},
        loyalty={1: -3, 2: 0, 4: -2},
        deck=["guardaespaldas"] * 5,
    )
    state.apply(0, ("pass",))
    state.apply(1, ("pass",))
    assert state.phase == "round_end" and state.actors() == (0,)
    assert state.legal_actions(0) == [("play", "demagogia-3", 1), ("pass",)]


def test_a_hospitalized_candidate_may_be_defamed_from_an_activated_candidate_too():
    """ "Este no podrá ser objetivo de ningún ataque a su salud por parte del resto de candidatos,
    pero si podrá ser objeto de difamaciones." A candidate of another player, activated at the
    end of the turn, may play its assigned Difamación on the hospitalized candidate, and not
    its Agresión."""
    state = position(assigned={3: ["difamacion-3", "agresion-2"]}, health={0: 4})
    hospitalize(state, 0)
    state.apply(0, ("pass",))
    legal = state.legal_actions(1)
    assert ("use", 3, "difamacion-3", 0) in legal
    assert ("use", 3, "agresion-2", 0) not in legal and ("use", 3, "agresion-2", 1) in legal


def test_patriotismo_adds_one_to_the_three_of_a_plan_quinquenal_at_the_end_of_the_round():
    """ "Hasta que vuelva a ser el turno de ese jugador, todos tus candidatos aumentan en uno toda
    ganancia de lealtad." and "Al final de la candidatura, todos tus candidatos aumentan en tres
    puntos su lealtad, en lugar de aumentarla en uno." Both in force, the end of the round
    gives 3 + 1 (ruling 32)."""
    state = position(
        players=2,
        hands={0: ["agresion-4"], 1: ["patriotismo", "plan_quinquenal"]},
        health={4: 3},
        offices={INDUSTRIA: 3},  # "Esta carta solo puede ser jugada por un cargo."
        loyalty={3: 10},
    )
    state.apply(0, ("play", "agresion-4", 4))
    state.apply(1, ("special", "patriotismo"))
    while state.round == 1:
        seat = state.actors()[0]
        plan = ("special", "plan_quinquenal")
        state.apply(seat, plan if plan in state.legal_actions(seat) else ("pass",))
    assert "plan_quinquenal" not in [FACE[c] for c in state.hands[1]]  # it was played
    assert state.loyalty[3] == 10 + 3 + 1 and state.loyalty[5] == 5 + 3 + 1 and state.loyalty[0] == 5 + 1
