"""Politburó: components, setup, the turn, assigning and activating (rulebook sections
"Componentes de juego", "Inicio de la partida", "El turno de juego", "Asignar cartas a un
candidato", "Jugar cartas desde un candidato", "Jugando las cartas de juego")."""

from __future__ import annotations

from backroom.games.politburo import GAME
from backroom.games.politburo.cards import DECK_SIZE, FACE, TYPE
from backroom.games.politburo.flow import hand_max
from tests.helpers import kinds, play, refuse

from .conftest import INDUSTRIA, INTERIOR, NKVD, PROPAGANDA, hand, position


def test_components_76_basic_cards_22_special_15_candidates_5_offices():
    # "Baraja de 76 cartas de juego, 22 cartas especiales y 5 cartas de cargo." "15 cartas de Candidato"
    assert DECK_SIZE == 98
    assert sum(1 for t in TYPE if t >= 0) == 76
    assert sum(1 for t in TYPE if t < 0) == 22
    assert FACE.count("cura") == 2
    view = GAME.start(5, {}, seed=2)[0].view(None)
    assert len(view["candidates"]) == 15 and len(view["offices"]) == 5
    assert [o["loyalty"] for o in view["offices"]] == [10, 14, 17, 21, 25]


def test_setup_three_candidates_each_health_10_loyalty_5_and_five_cards():
    # "A cada jugador se le reparten tres cartas de Candidato ... a cada jugador se le reparten
    # cinco"; "uno sobre el marcador de salud (en el valor 10) y el otro ... lealtad (en el valor 5)"
    state, _ = GAME.start(4, {}, seed=7)
    view = state.view(0)
    for seat in range(4):
        mine = [c for c in view["candidates"] if c["seat"] == seat]
        assert len(mine) == 3 and all(c["health"] == 10 and c["loyalty"] == 5 for c in mine)
        assert len(state.hands[seat]) == 5
    assert view["phase"] == "setup" and view["actors"] == [0, 1, 2, 3]


def test_setup_keep_assign_or_discard_then_everyone_draws_back_to_five():
    # "Cada jugador mira sus cinco cartas y decide si las deja en su mano, las asigna a un
    # candidato o las descarta; entonces todos roban hasta tener de nuevo cinco cartas."
    state, _ = GAME.start(2, {}, seed=5)
    first = FACE[state.hands[0][0]]
    mine = [c for c in range(15) if state.owner[c] == 0]
    if TYPE[state.hands[0][0]] >= 0:
        state.apply(0, ("assign", first, mine[0]))
    else:
        state.apply(0, ("discard", first))
    state.apply(0, ("discard", FACE[state.hands[0][0]]))
    assert len(state.hands[0]) == 3
    play(state, (0, ("pass",)), (1, ("pass",)))
    assert state.phase == "turn" and state.active == 0
    assert len(state.hands[0]) == 5 and len(state.hands[1]) == 5


def test_turn_draws_up_to_five_plus_one_per_office_minus_one_per_candidate_lost():
    # "El turno de un jugador comienza con este robando cartas hasta completar su mano en cinco
    # cartas" — "Cada ministro puede tener en la mano un máximo de seis cartas" — "deberá reducir
    # en uno la cantidad de cartas totales que pueda haber en su mano, por cada candidato descartado"
    state = position(hands={0: [], 1: ["demagogia-2"]}, offices={INDUSTRIA: 3, INTERIOR: 4}, out={5: "dead"})
    assert hand_max(state, 0) == 5
    assert hand_max(state, 1) == 5 + 2 - 1
    state.apply(0, ("pass",))
    while state.phase != "turn":
        state.apply(state.actors()[0], ("pass",))
    assert state.active == 1 and len(state.hands[1]) == 6


def test_turn_hand_over_the_limit_is_discarded_down_first():
    # "Un jugador nunca podrá tener más de cinco cartas en su mano" (ruling 9)
    state = position(hands={1: ["agresion-2"] * 6}, out={5: "dead"})
    state.apply(0, ("pass",))
    assert state.actors() == (1,) and state.step == "trim"
    assert state.legal_actions(1) == [("discard", "agresion-2")]
    state.apply(1, ("discard", "agresion-2"))
    state.apply(1, ("discard", "agresion-2"))
    assert state.step == "" and len(state.hands[1]) == 4


def test_turn_redraw_still_offered_after_the_discard_down_that_opens_the_turn():
    # "El turno de un jugador comienza con este robando cartas hasta completar su mano en cinco
    # cartas." The discard-down is that start, not one of the turn's actions (ruling 9), so
    # "ó 2) descartarse de toda su mano, robar siete cartas, descartar dos de estas y pasar
    # turno." is still open
    state = position(hands={1: ["agresion-2"] * 6}, out={5: "dead"})
    state.apply(0, ("pass",))
    state.apply(1, ("discard", "agresion-2"))
    state.apply(1, ("discard", "agresion-2"))
    assert ("redraw",) in state.legal_actions(1)


def test_turn_option_two_discard_hand_draw_seven_discard_two_and_pass():
    # "ó 2) descartarse de toda su mano, robar siete cartas, descartar dos de estas y pasar turno."
    state = position(hands={0: ["demagogia-2"] * 5}, deck=["agresion-2"] * 4 + ["agresion-3"] * 3)
    events = state.apply(0, ("redraw",))
    assert kinds(events)[:2] == ["redraw", "draw"]
    assert hand(state, 0) == ["agresion-2"] * 4 + ["agresion-3"] * 3 and state.phase == "redraw"
    assert sorted(state.legal_actions(0)) == [("discard", "agresion-2"), ("discard", "agresion-3")]
    state.apply(0, ("discard", "agresion-2"))
    state.apply(0, ("discard", "agresion-2"))
    assert state.active == 1  # the turn is over: nobody had anything to play at its end
    assert hand(state, 0) == ["agresion-2"] * 2 + ["agresion-3"] * 3


def test_turn_redraw_only_as_the_whole_turn_not_after_playing():
    state = position(hands={0: ["demagogia-2", "demagogia-3"]})
    state.apply(0, ("play", "demagogia-2", 0))
    assert ("redraw",) not in state.legal_actions(0)


def test_assign_face_down_to_own_candidate_on_own_turn_only():
    # "En su turno, después de haber robado cartas, un jugador puede asignar cartas a cualquiera
    # de sus candidatos." "bocabajo, ocultas al resto de los jugadores."
    state = position(hands={0: ["agresion-3"]})
    assert ("assign", "agresion-3", 3) not in state.legal_actions(0)  # not another's candidate
    events = state.apply(0, ("assign", "agresion-3", 0))
    assert [e.kind for e in events if e.to is None] == ["assign"]
    assert all("card" not in e.params for e in events if e.to is None)
    assert state.view(1)["candidates"][0]["assigned"] == [None]
    assert state.view(0)["candidates"][0]["assigned"] == ["agresion-3"]


def test_assign_never_more_than_two_cards_on_a_candidate():
    # "Un candidato nunca puede tener más de 2 cartas asignadas"
    state = position(hands={0: ["agresion-3"]}, assigned={0: ["favorito", "vengativo"]})
    assert ("assign", "agresion-3", 0) not in state.legal_actions(0)
    assert refuse(state, 0, ("assign", "agresion-3", 0)) == "politburo.error.two_assigned"


def test_assigned_cards_cannot_be_discarded_only_played():
    # "estas cartas no pueden ser descartadas, solo se retiran si se juegan."
    state = position(hands={0: []}, assigned={0: ["favorito"]})
    assert not [a for a in state.legal_actions(0) if a[0] == "discard"]


def test_play_from_hand_on_any_candidate_own_or_other():
    # "emplear la carta desde su mano para jugarla sobre cualquiera de sus candidatos o sobre
    # cualquiera de los candidatos de otro jugador"
    state = position(hands={0: ["demagogia-3"]})
    targets = {a[2] for a in state.legal_actions(0) if a[:2] == ("play", "demagogia-3")}
    assert targets == set(range(12))


def test_one_card_of_a_type_per_turn_on_the_same_candidate():
    # "En un mismo turno no puede jugarse más de una carta de un tipo sobre el mismo candidato.
    # En turnos posteriores pueden volverse a usar cartas de ese mismo tipo sobre ese mismo candidato."
    state = position(hands={0: ["demagogia-2", "demagogia-3"]})
    state.apply(0, ("play", "demagogia-2", 1))
    assert ("play", "demagogia-3", 1) not in state.legal_actions(0)
    assert refuse(state, 0, ("play", "demagogia-3", 1)) == "politburo.error.one_of_a_type"
    assert ("play", "demagogia-3", 0) in state.legal_actions(0)


def test_one_card_of_a_type_per_turn_later_turns_may_again():
    # "En turnos posteriores pueden volverse a usar cartas de ese mismo tipo sobre ese mismo
    # candidato."
    state = position(hands={0: ["demagogia-2"], 1: ["demagogia-3"]})
    state.apply(0, ("play", "demagogia-2", 6))
    state.apply(0, ("pass",))
    assert state.active == 1 and ("play", "demagogia-3", 6) in state.legal_actions(1)


def test_interior_minister_may_add_a_second_agresion_once_per_round():
    # "El ministro de interior puede, en su turno, emplear una segunda carta de agresión sobre un
    # candidato contra el que ya haya jugado una primera carta de agresión."
    state = position(
        hands={0: ["agresion-2", "agresion-3", "agresion-4"]}, offices={INTERIOR: 0}, loyalty={0: 14}
    )
    state.apply(0, ("play", "agresion-2", 3))
    assert ("play", "agresion-3", 3) in state.legal_actions(0)
    state.apply(0, ("play", "agresion-3", 3))
    assert state.health[3] == 5
    assert ("play", "agresion-4", 3) not in state.legal_actions(0)  # the power is spent


def test_each_ministers_second_card_is_its_own_kind_only():
    # "El ministro de interior puede, en su turno, emplear una segunda carta de agresión sobre un
    # candidato contra el que ya haya jugado una primera carta de agresión." "El ministro de
    # propaganda puede, en su turno, emplear una segunda carta de demagogia o difamación sobre un
    # candidato hacia el que ya haya jugado una primera carta de demagogia o difamación."
    # The Propaganda minister gets no second Agresión, the Interior minister no second
    # Demagogia or Difamación, and no other office gives either.
    for office, loyalty in ((PROPAGANDA, 17), (INDUSTRIA, 10), (NKVD, 20)):
        state = position(hands={0: ["agresion-2", "agresion-3"]}, offices={office: 0}, loyalty={0: loyalty})
        state.apply(0, ("play", "agresion-2", 3))
        assert ("play", "agresion-3", 3) not in state.legal_actions(0), office
    for first, second in (("demagogia-2", "demagogia-3"), ("difamacion-2", "difamacion-3")):
        target = 1 if first.startswith("demagogia") else 4
        state = position(hands={0: [first, second]}, offices={INTERIOR: 0}, loyalty={0: 14})
        state.apply(0, ("play", first, target))
        assert ("play", second, target) not in state.legal_actions(0)


def test_propaganda_minister_may_add_a_second_demagogia_or_difamacion():
    # "El ministro de propaganda puede, en su turno, emplear una segunda carta de demagogia o
    # difamación sobre un candidato hacia el que ya haya jugado una primera"
    state = position(hands={0: ["demagogia-2", "demagogia-3"]}, offices={PROPAGANDA: 0}, loyalty={0: 17})
    state.apply(0, ("play", "demagogia-2", 1))
    state.apply(0, ("play", "demagogia-3", 1))
    assert state.loyalty[1] == 10


def test_propaganda_power_is_spent_after_one_use():
    # "Cada uno de los cargos del juego cuenta con una habilidad especial, que el jugador puede
    # utilizar una vez por candidatura, en cualquier momento durante su turno."
    state = position(
        hands={0: ["demagogia-2", "demagogia-3", "difamacion-2", "difamacion-3"]},
        offices={PROPAGANDA: 0},
        loyalty={0: 17},
    )
    state.apply(0, ("play", "demagogia-2", 1))
    state.apply(0, ("play", "demagogia-3", 1))
    state.apply(0, ("play", "difamacion-2", 4))
    assert ("play", "difamacion-3", 4) not in state.legal_actions(0)


def test_interior_and_propaganda_powers_only_on_the_holders_own_turn():
    # "El ministro de interior puede, en su turno, emplear una segunda carta de agresión sobre un
    # candidato contra el que ya haya jugado una primera carta de agresión." (Propaganda: the same)
    state = position(
        hands={0: ["agresion-2", "difamacion-2"]},
        assigned={3: ["agresion-3", "difamacion-3"]},
        offices={INTERIOR: 3, PROPAGANDA: 4},
        loyalty={3: 14, 4: 17},
    )
    state.apply(0, ("play", "agresion-2", 8))
    state.apply(0, ("play", "difamacion-2", 8))
    state.apply(0, ("pass",))
    legal = state.legal_actions(1)
    assert ("use", 3, "agresion-3", 8) not in legal and ("use", 3, "difamacion-3", 8) not in legal
    assert ("use", 3, "agresion-3", 7) in legal


def test_office_powers_come_back_each_round():
    # "Cada uno de los cargos del juego cuenta con una habilidad especial, que el jugador puede
    # utilizar una vez por candidatura, en cualquier momento durante su turno."
    state = position(
        players=2,
        hands={0: ["agresion-2", "agresion-3"]},
        offices={INTERIOR: 0},
        loyalty={0: 14},
        deck=["demagogia-2"] * 5 + ["agresion-2", "agresion-4"],  # seat 1 draws five first
    )
    state.apply(0, ("play", "agresion-2", 3))
    state.apply(0, ("play", "agresion-3", 3))
    while state.round == 1:
        state.apply(state.actors()[0], ("pass",))
    state.apply(0, ("play", "agresion-2", 4))
    assert ("play", "agresion-4", 4) in state.legal_actions(0)


def test_activate_candidate_out_of_turn_marks_it_for_the_round():
    # "A jugar una carta desde un candidato se le denomina 'activarlo'; una vez un candidato ha
    # sido activado para que juegue cartas se le coloca encima un marcador de acción."
    state = position(hands={0: []}, assigned={3: ["agresion-2", "demagogia-3"]})
    state.apply(0, ("pass",))
    assert state.phase == "turn_end" and state.actors() == (1,)
    state.apply(1, ("use", 3, "demagogia-3", 3))
    assert state.marker[3] and state.loyalty[3] == 8
    # "Una vez activado puede jugar cualquier cantidad de cartas que tenga asignadas."
    assert ("use", 3, "agresion-2", 0) in state.legal_actions(1)


def test_activate_only_one_candidate_per_turn():
    # "Cada turno de juego, solo pueden jugarse cartas desde un mismo candidato, nunca desde varios."
    state = position(hands={0: []}, assigned={3: ["demagogia-3"], 4: ["demagogia-2"]})
    state.apply(0, ("pass",))
    state.apply(1, ("use", 3, "demagogia-3", 3))
    assert not [a for a in state.legal_actions(1) if a[0] == "use" and a[1] == 4]


def test_cards_from_candidates_never_on_own_turn():
    # "un jugador puede jugar cartas desde sus candidatos siempre que no esté en su turno."
    state = position(hands={0: []}, assigned={0: ["demagogia-3"]})
    assert not [a for a in state.legal_actions(0) if a[0] == "use"]
    assert refuse(state, 0, ("use", 0, "demagogia-3", 0)) == "politburo.error.own_turn_from_hand"
