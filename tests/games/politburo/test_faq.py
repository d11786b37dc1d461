"""Politburó: every question of the rulebook's F.A.Q., one test each, in its order."""

from __future__ import annotations

from backroom.games.politburo.flow import priority

from .conftest import INDUSTRIA, NKVD, position


def test_faq_1_defensive_assigned_card_only_on_its_own_candidate():
    # "-No, un candidato solo puede usar cartas defensivas sobre si mismo, y nunca sobre otro candidato."
    state = position(hands={0: ["difamacion-2"]}, assigned={3: ["favorito"]})
    state.apply(0, ("play", "difamacion-2", 4))
    assert state.actors() == (0,) and state.loyalty[4] == 3


def test_faq_2_agresion_difamacion_demagogia_on_an_own_candidate_from_a_candidate():
    # "– Si, estas cartas pueden jugarse sobre un candidato propio o de otro jugador, tanto desde la
    # mano como desde un candidato."
    state = position(hands={0: ["agresion-2"]}, assigned={3: ["difamacion-2"]})
    assert ("play", "agresion-2", 1) in state.legal_actions(0)
    state.apply(0, ("pass",))
    assert ("use", 3, "difamacion-2", 4) in state.legal_actions(1)


def test_faq_3_a_health_card_is_never_assigned_nor_played_from_a_candidate():
    # "-No, una carta de salud solo puede ser jugada desde la mano, y nunca puede ser asignada a un
    # candidato."
    state = position(hands={0: ["cura"]}, health={0: 5})
    assert not [a for a in state.legal_actions(0) if a[0] == "assign"]
    assert ("special_on", "cura", 0) in state.legal_actions(0)


def test_faq_4_two_equal_cards_on_the_same_candidate_in_a_turn_ruling_1_more_than_one():
    # "-No, nunca pueden jugarse más de dos cartas de un mismo tipo por turno, sobre un mismo
    # candidato. Algunos cargos (Ministro de Interior y Ministro de Propaganda) modifican esta regla."
    # Ruling 1: "más de dos" contradicts "más de una carta de un tipo"; one it is.
    state = position(hands={0: ["difamacion-2", "difamacion-3"]})
    state.apply(0, ("play", "difamacion-2", 4))
    assert ("play", "difamacion-3", 4) not in state.legal_actions(0)


def test_faq_5_a_candidate_plays_in_one_turn_per_round_the_other_card_waits():
    # "si el jugador decide jugar tan solo una de las dos cartas de su candidato, no podrá jugar la
    # otra carta hasta que la ronda termine y el marcador de acción sea retirado."
    state = position(hands={0: []}, assigned={3: ["demagogia-3", "demagogia-2"]}, deck=["difamacion-2"] * 5)
    state.apply(0, ("pass",))
    state.apply(1, ("use", 3, "demagogia-3", 3))
    state.apply(1, ("pass",))
    state.apply(1, ("pass",))  # seat 1's own turn
    assert state.active == 2
    state.apply(2, ("pass",))  # at the end of seat 2's turn, candidate 3 is still marked
    assert state.phase == "turn" and state.active == 3 and state.marker[3] and state.assigned[3]


def test_faq_6_hand_cards_only_on_own_turn_except_stars():
    # "-No, un jugador solo puede jugar cartas desde su mano en el transcurso de su propio turno. La
    # única excepción a esta regla son las cartas marcadas con una estrella roja"
    state = position(hands={0: [], 1: ["demagogia-4", "cura"]}, health={3: 6})
    state.apply(0, ("pass",))
    assert state.actors() == (1,)
    assert state.legal_actions(1) == [("special_on", "cura", 3), ("pass",)]


def test_faq_6_a_defensive_card_is_not_played_from_the_hand_out_of_turn():
    # "-No, un jugador solo puede jugar cartas desde su mano en el transcurso de su propio turno."
    # A Guardaespaldas in the hand does not answer when the candidate cannot be activated
    state = position(hands={0: ["agresion-2"], 1: ["guardaespaldas"]}, markers=[4])
    state.apply(0, ("play", "agresion-2", 4))
    assert state.actors() == (0,) and state.health[4] == 8


def test_faq_7_tie_for_an_office_player_totals_then_nobody():
    # "En caso de empate se suma la lealtad de los candidatos en juego de cada jugador ... En caso de
    # haber un nuevo empate, ninguno de los jugadores accede al cargo, hasta que no halla un claro
    # candidato, y la ronda continúa."
    state = position(hands={0: ["demagogia-2", "demagogia-3"]}, loyalty={3: 10, 6: 10})
    state.apply(0, ("play", "demagogia-2", 2))
    assert state.office[INDUSTRIA] == -1
    state.apply(0, ("play", "demagogia-3", 7))  # seat 2 now totals more
    assert state.office[INDUSTRIA] == 6


def test_faq_8_negative_loyalty_is_not_siberia_at_once_one_card_at_the_end():
    # "Si el candidato llega al final de la ronda con un valor negativo de lealtad, se le permite
    # jugar una carta desde su mano. ... Si el jugador no tienen cartas que jugar o no son
    # suficientes para elevar el nivel de lealtad a valor positivo, el candidato ... es enviado a Siberia."
    state = position(players=2, hands={0: ["demagogia-2", "demagogia-3"]}, loyalty={1: -5})
    state.apply(0, ("pass",))
    state.apply(1, ("pass",))
    state.apply(0, ("play", "demagogia-2", 1))
    assert state.round == 2 and state.fate[1] == 2  # -5 +2 +1 = -2: Siberia


def test_faq_9_near_simultaneous_plays_turn_then_office_then_loyalty_then_nearest_right_first():
    # "En caso de que un jugador este en su turno, será su carta la que se juegue primero. ... jugará
    # la carta en primer lugar el jugador que ostente el cargo más alto, o aquél cuyos candidatos
    # sumen un valor de lealtad mayor ... el jugador sentado más cerca del jugador en turno y si aún
    # así no hay un claro ganador, el jugador sentado a la derecha del jugador en turno."
    state = position(players=5, hands={0: []}, offices={NKVD: 12}, loyalty={12: 21, 9: 9})
    # seat 0 is on turn; seat 4 holds the NKVD; seat 3 has the most loyalty; seats 1 and 2 tie
    # and seat 1 sits nearer.
    assert priority(state) == [0, 4, 3, 1, 2]
    state.loyalty[9] = 5  # seats 1, 2, 3 tie: seat 1 is nearest; seats 2 and 3 are two away,
    # and seat 3 sits on seat 0's right (the turn passes to the left, seat 0 to seat 1)
    assert priority(state)[:2] == [0, 4]
    assert priority(state)[2:] == [1, 3, 2]
