"""Politburó: more rulings of ``docs/games/politburo.md`` (from 47 on, and additions to earlier
ones), one test each, named after the ruling (``test_rulings.py`` has the others)."""

from __future__ import annotations

from backroom.games.politburo.cards import SIBERIA
from backroom.games.politburo.flow import hand_max

from .conftest import INDUSTRIA, hand, hospitalize, position


def test_ruling_47_industria_power_after_the_hand_has_shrunk():
    """Rulebook: "El ministro de industria puede en su turno, una vez ha completado su mano hasta
    el máximo de cartas permitido, robar una carta adicional y decidir si la descarta, la devuelve
    al mazo o la suma a su mano a cambio de intercambiarla por una de las cartas de su mano, que es
    descartada." and "Cada uno de los cargos del juego cuenta con una habilidad especial, que el
    jugador puede utilizar una vez por candidatura, en cualquier momento durante su turno."

    Seat 0's hand was filled to six when its turn began; a play and a discard leave four, and the
    power is still offered: the extra card is swapped for one of the four."""
    state = position(
        hands={0: ["demagogia-2", "agresion-2", "favorito", "vengativo", "guardaespaldas", "manipulador"]},
        offices={INDUSTRIA: 0},
        loyalty={0: 10},
        deck=["cura"],
    )
    assert len(state.hands[0]) == hand_max(state, 0) == 6
    state.apply(0, ("play", "agresion-2", 4))
    state.apply(0, ("discard", "favorito"))
    assert len(state.hands[0]) == 4 and ("industry",) in state.legal_actions(0)
    state.apply(0, ("industry",))
    state.apply(0, ("industry_swap", "vengativo"))
    assert hand(state, 0) == ["cura", "demagogia-2", "guardaespaldas", "manipulador"]


def test_ruling_48_the_hand_is_refilled_only_at_the_start_of_the_turn():
    """Rulebook: "En su turno, un jugador podrá realizar cualquiera de las siguientes acciones:"
    and "1) reponer su mano robando cartas del mazo hasta el máximo de cartas permitidas, jugar
    cartas desde su mano, descartarse de cartas de su mano y pasar turno…", with "El turno de un
    jugador comienza con este robando cartas hasta completar su mano en cinco cartas."

    Seat 0 plays two of its five cards (the first brings it Industria, a hand of six): nothing
    refills the hand during the turn, nor during seat 1's; its next turn begins with the draw
    to six."""
    state = position(
        players=2,
        hands={0: ["demagogia-4", "agresion-2", "favorito", "vengativo", "guardaespaldas"]},
        loyalty={0: 6},
    )
    state.apply(0, ("play", "demagogia-4", 0))
    state.apply(0, ("play", "agresion-2", 4))
    assert state.office[INDUSTRIA] == 0 and hand_max(state, 0) == 6
    assert len(state.hands[0]) == 3
    assert {a[0] for a in state.legal_actions(0)} == {"assign", "discard", "industry", "pass"}
    state.apply(0, ("pass",))
    while state.round == 1:
        assert len(state.hands[0]) == 3
        state.apply(state.actors()[0], ("pass",))
    assert state.active == 0 and len(state.hands[0]) == 6


def test_ruling_49_one_candidate_per_turn_for_each_player():
    """Rulebook: "Cada turno de juego, solo pueden jugarse cartas desde un mismo candidato, nunca
    desde varios." and (FAQ) "Si ambos jugadores están jugando carta en el turno de otro jugador,
    jugará la carta en primer lugar el jugador que ostente el cargo más alto, o aquél cuyos
    candidatos sumen un valor de lealtad mayor, en caso de que ninguno de ellos ostente un cargo."

    At the end of seat 0's turn seat 2 plays from its candidate 6 on seat 1's candidate 3; seat 1
    may still activate 3 to defend it, and then play 3's other card, but never 4's."""
    state = position(
        players=3,
        hands={0: []},
        assigned={3: ["guardaespaldas", "agresion-2"], 4: ["difamacion-2"], 6: ["agresion-3"]},
    )
    state.apply(0, ("pass",))
    assert state.actors() == (2, 1)
    state.apply(2, ("use", 6, "agresion-3", 3))
    assert state.legal_actions(1) == [("defend", "guardaespaldas", "assigned"), ("pass",)]
    state.apply(1, ("defend", "guardaespaldas", "assigned"))
    assert state.health[3] == 10 and state.actors() == (1,)
    plays = state.legal_actions(1)
    assert ("use", 3, "agresion-2", 6) in plays and not [a for a in plays if a[:2] == ("use", 4)]


def test_ruling_22_gran_purga_sends_a_hospitalized_candidate_to_siberia_too():
    """Rulebook: "Todos los Candidatos con 4 puntos o menos de lealtad son enviados a Siberia de
    forma inmediata.Esta carta solo puede ser jugada por un cargo." against "Mientras un candidato
    esté hospitalizado permanecerá inactivo a todos los efectos. El jugador no podrá jugar cartas
    de ningún tipo sobre él ni desde él.  Este no podrá ser objetivo de ningún ataque a su salud
    por parte del resto de candidatos, pero si podrá ser objeto de difamaciones."

    Candidate 4, in hospital at 4 loyalty, is the only one the card acts on: it is offered, and
    4 goes to Siberia, leaving the hospital (its Hospitalización to the discard pile)."""
    state = position(hands={0: ["gran_purga"]}, offices={INDUSTRIA: 0}, loyalty={0: 10, 4: 4})
    hospitalize(state, 4)
    assert ("special", "gran_purga") in state.legal_actions(0)
    state.apply(0, ("special", "gran_purga"))
    assert state.fate[4] == SIBERIA and state.hospital[4] < 0 and not state.effects
    assert "hospitalizacion" in state.view(None)["discard"]


def test_ruling_50_a_redirected_difamacion_is_no_difamacion_played_on_its_new_target():
    """Rulebook: "Un candidato activado que tenga asignada una carta de Guardaespaldas, Vengativo,
    Manipulador o Favorito solo puede usarla sobre si mismo, nunca para neutralizar o reenviar un
    ataque sufrido por otro candidato que no sea el mismo." and "En un mismo turno no puede
    jugarse más de una carta de un tipo sobre el mismo candidato." (Manipulador sends the
    Difamación to another candidate: proposed default, ruling 5.)

    Seat 1's Manipulador sends seat 0's Difamación to 7, which took one this turn already, and
    seat 2 may answer it there with 7's Favorito. Seat 3's sends another to 8, on which seat 0
    may then still play a Difamación of its own."""
    state = position(
        hands={0: ["difamacion-3", "difamacion-2", "difamacion-4", "difamacion-2"]},
        assigned={4: ["manipulador"], 7: ["favorito"], 10: ["manipulador"]},
    )
    state.apply(0, ("play", "difamacion-3", 7))
    state.apply(2, ("pass",))  # 7 keeps its Favorito: 5 - 3
    state.apply(0, ("play", "difamacion-2", 4))
    state.apply(1, ("defend", "manipulador", "assigned"))
    assert ("target", 7) in state.legal_actions(1)
    state.apply(1, ("target", 7))
    assert state.actors() == (2,) and ("defend", "favorito", "assigned") in state.legal_actions(2)
    state.apply(2, ("pass",))
    assert state.loyalty[7] == 0 and state.loyalty[4] == 5
    state.apply(0, ("play", "difamacion-4", 10))
    state.apply(3, ("defend", "manipulador", "assigned"))
    state.apply(3, ("target", 8))
    assert state.loyalty[8] == 1 and state.loyalty[10] == 5 and state.actors() == (0,)
    assert ("play", "difamacion-2", 8) in state.legal_actions(0)


def test_ruling_51_no_contrabando_in_the_window_at_the_end_of_the_round():
    """Rulebook: "Esta carta puede ser jugada en cualquier momento para elegir cualquier carta en la
    pila de descartes y subirla a la mano, pero su uso implica una perdida de 2 puntos de
    lealtad." against "Para evitar que el candidato acabe sus días en Siberia, un jugador puede,
    una vez todos los turnos de la ronda han sido jugados, pero antes de que esta acabe, jugar una
    carta de Demagogia de su mano y tratar de elevar la lealtad de su candidato por encima de los
    valores negativos." and (FAQ) "Si el candidato llega al final de la ronda con un valor
    negativo de lealtad, se le permite jugar una carta desde su mano."

    Seat 0's candidate 1 is in disgrace, a Demagogia lies in the discard pile and seat 0 holds
    Contrabando. It is asked at the end of seat 1's turn, the round's last, and may take the
    Demagogia back there and play it at the end of the round; passing there, it is not asked at
    the end of the round, and 1 goes to Siberia."""

    def last_turn_ended():
        state = position(players=2, hands={0: ["contrabando"]}, discard=["demagogia-3"], loyalty={1: -3})
        state.apply(0, ("pass",))
        state.apply(1, ("pass",))
        assert state.phase == "turn_end" and state.legal_actions(0) == [("smuggle", "demagogia-3"), ("pass",)]
        return state

    state = last_turn_ended()
    state.apply(0, ("pass",))
    assert state.round == 2 and state.fate[1] == SIBERIA  # no round-end window asked seat 0

    state = last_turn_ended()
    state.apply(0, ("smuggle", "demagogia-3"))
    state.apply(0, ("target", 2))
    assert state.phase == "round_end" and state.legal_actions(0) == [("play", "demagogia-3", 1), ("pass",)]
    state.apply(0, ("play", "demagogia-3", 1))
    assert state.round == 2 and state.fate[1] == 0 and state.loyalty[1] == 1
