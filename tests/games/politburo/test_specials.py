"""Politburó: the special cards 01-20 and the cures, each with its restriction and its timing
(rulebook "Aclaraciones a las cartas especiales"; played from the hand at any time: ruling 4)."""

from __future__ import annotations

from backroom.games.politburo.cards import FACE
from backroom.games.politburo.flow import hand_max
from tests.helpers import kinds

from .conftest import INDUSTRIA, NKVD, SECRETARIO, hand, hospitalize, position


def test_special_01_gran_purga_sends_every_candidate_at_4_or_less_to_siberia():
    # "Todos los Candidatos con 4 puntos o menos de lealtad son enviados a Siberia de forma inmediata."
    state = position(hands={0: ["gran_purga"]}, offices={INDUSTRIA: 0}, loyalty={0: 10, 1: 4, 3: 3, 6: 5})
    state.apply(0, ("special", "gran_purga"))
    assert state.fate[1] == 2 and state.fate[3] == 2 and state.fate[6] == 0 and state.fate[0] == 0


def test_special_01_gran_purga_each_player_losing_a_candidate_has_a_smaller_hand():
    # "Los candidatos con 4 puntos de lealtad o menos se retiran del juego, las cartas que tuvieran
    # asignadas se descartan y cada jugador que ha perdido un candidato reduce el tamaño de su mano.
    # Por cada candidato perdido se reduce en uno el tamaño de la mano."
    state = position(
        hands={0: ["gran_purga"]},
        offices={INDUSTRIA: 0},
        loyalty={0: 10, 3: 4, 4: 2},
        assigned={3: ["favorito"]},
    )
    state.apply(0, ("special", "gran_purga"))
    assert hand_max(state, 1) == 3 and hand_max(state, 2) == 5 and not state.assigned[3]
    assert "favorito" in [FACE[c] for c in state.discard]


def test_special_01_gran_purga_only_by_an_office_holder():
    # "Esta carta solo puede ser jugada por un cargo."
    state = position(hands={0: ["gran_purga"]})
    assert ("special", "gran_purga") not in state.legal_actions(0)


def test_special_02_atentado_five_damage_that_no_card_prevents():
    # "El candidato objetivo del atentado no puede emplear ninguna carta para defenderse, por
    # mucho que cuente con cartas como Vengativo, Guardaespaldas o la especial Contraataque."
    state = position(
        hands={0: ["atentado"], 1: ["contraataque"]}, assigned={4: ["guardaespaldas", "vengativo"]}
    )
    events = state.apply(0, ("special_on", "atentado", 4))
    assert "window" not in kinds(events) and state.health[4] == 5


def test_special_02_atentado_never_on_a_hospitalized_candidate():
    # "Este no podrá ser objetivo de ningún ataque a su salud por parte del resto de candidatos,
    # pero si podrá ser objeto de difamaciones."
    state = position(hands={0: ["atentado"]})
    hospitalize(state, 4)
    targets = {a[2] for a in state.legal_actions(0) if a[:2] == ("special_on", "atentado")}
    assert 4 not in targets and 3 in targets


def test_special_03_contraataque_returns_the_attack_and_may_add_an_agresion():
    # "Se juega desde la mano para reenviar un ataque sufrido, pudiendo o no añadir una carta de
    # agresión que el jugador tenga en la mano al contraataque."
    state = position(hands={0: ["agresion-2"], 1: ["contraataque", "agresion-3"]})
    state.apply(0, ("play", "agresion-2", 4))
    assert ("special", "contraataque") in state.legal_actions(1)
    state.apply(1, ("special", "contraataque"))
    assert state.legal_actions(1) == [("add", "agresion-3"), ("pass",)]
    state.apply(1, ("add", "agresion-3"))
    state.apply(1, ("target", 0))
    assert state.health[0] == 5 and state.health[4] == 10


def test_special_04_contraataque_without_adding():
    state = position(hands={0: ["agresion-2"], 1: ["contraataque"]})
    state.apply(0, ("play", "agresion-2", 4))
    state.apply(1, ("special", "contraataque"))
    state.apply(1, ("pass",))
    state.apply(1, ("target", 1))
    assert state.health[1] == 8


def test_special_03_contraataque_adds_only_an_agresion():
    # "El jugador atacado reenvía el ataque a su agresor y puede añadir una carta adicional de
    # agresión al contraataque, desde su mano."
    state = position(
        hands={0: ["agresion-2"], 1: ["contraataque", "difamacion-3", "demagogia-3", "agresion-4"]}
    )
    state.apply(0, ("play", "agresion-2", 4))
    state.apply(1, ("special", "contraataque"))
    assert state.legal_actions(1) == [("add", "agresion-4"), ("pass",)]


def test_special_05_destitucion_empties_an_office_held_below_its_minimum():
    # "Permite expulsar de su cargo a un candidato que ostente dicho cargo sin reunir el nivel
    # mínimo de lealtad necesario para ese cargo. El cargo quedará libre hasta que algún candidato
    # reúna la lealtad necesaria para ostentarlo."
    state = position(hands={0: ["destitucion"]}, offices={NKVD: 3}, loyalty={3: 11})
    assert [a for a in state.legal_actions(0) if a[0] == "special_office"] == [
        ("special_office", "destitucion", NKVD)
    ]
    state.apply(0, ("special_office", "destitucion", NKVD))
    assert state.office[NKVD] == -1
    assert (
        state.office[INDUSTRIA] == 3
    )  # "tendrá suerte si el cargo de Ministro de Industria permanece vacante"


def test_special_06_destitucion_not_against_a_holder_with_the_loyalty():
    state = position(hands={0: ["destitucion"]}, offices={INDUSTRIA: 3}, loyalty={3: 10})
    assert not [a for a in state.legal_actions(0) if a[0] == "special_office"]


def test_special_07_ascenso_takes_the_first_vacant_office_with_its_loyalty():
    # "Permite a un candidato ascender al primer cargo vacante, aunque no reúna el nivel mínimo ...
    # El candidato gana la lealtad necesaria para ostentar dicho cargo de forma automática."
    state = position(hands={0: ["ascenso"]}, offices={INDUSTRIA: 3}, loyalty={3: 10})
    state.apply(0, ("special_on", "ascenso", 1))
    assert state.office[1] == 1 and state.loyalty[1] == 14


def test_special_07_ascenso_never_to_general_secretary():
    # "Esta carta no puede ser jugada para proclamarse Secretario General del Partido."
    state = position(
        hands={0: ["ascenso"]}, offices={0: 3, 1: 4, 2: 5, 3: 6}, loyalty={3: 10, 4: 14, 5: 17, 6: 21}
    )
    assert not [a for a in state.legal_actions(0) if a[0] == "special_on"]


def test_special_08_usurpacion_seizes_an_office_held_below_its_minimum():
    # "Un candidato del jugador que jugó la carta ocupará ese cargo ahora. Este candidato gana la
    # lealtad necesaria para ostentar dicho cargo de forma automática."
    state = position(hands={0: ["usurpacion"]}, offices={NKVD: 3}, loyalty={3: 11})
    state.apply(0, ("special_office", "usurpacion", NKVD))
    assert state.legal_actions(0) == [("target", 0), ("target", 1), ("target", 2)]
    state.apply(0, ("target", 2))
    assert state.office[NKVD] == 2 and state.loyalty[2] == 21


def test_special_08_usurpacion_never_the_general_secretary():
    state = position(hands={0: ["usurpacion"]})
    state.office[SECRETARIO] = 3  # a holder below 25 (only reachable by hand-built positions)
    state.loyalty[3] = 20
    assert ("special_office", "usurpacion", SECRETARIO) not in state.legal_actions(0)


def test_special_08_usurpacion_only_against_a_holder_below_the_minimum():
    # "Permite arrebatar su cargo a un candidato cuyo nivel de lealtad se halle por debajo del
    # mínimo necesario para ostentar dicho cargo."
    state = position(hands={0: ["usurpacion"]}, offices={NKVD: 3}, loyalty={3: 21})
    assert not [a for a in state.legal_actions(0) if a[0] == "special_office"]


def test_special_09_popularidad_reduces_each_loyalty_loss_by_one_until_that_turn_returns():
    # "Hasta que vuelva a ser el turno de ese jugador, todos tus candidatos reducen en uno
    # cualquier pérdida de lealtad que sufran."
    state = position(hands={0: ["popularidad", "difamacion-3"]})
    state.apply(0, ("special", "popularidad"))
    state.apply(0, ("play", "difamacion-3", 1))
    assert state.loyalty[1] == 3
    assert [e[2:4] for e in state.effects] == [[0, 0]]  # in front of seat 0, until its next turn


def test_special_10_popularidad_answers_a_difamacion():
    state = position(hands={0: ["difamacion-3"], 1: ["popularidad"]})
    state.apply(0, ("play", "difamacion-3", 4))
    assert state.legal_actions(1) == [("special", "popularidad"), ("pass",)]
    state.apply(1, ("special", "popularidad"))
    assert state.loyalty[4] == 3


def test_special_10_popularidad_answers_a_difamacion_on_a_hospitalized_candidate():
    # "Todos los candidatos de quien juega esta carta reducen en uno toda pérdida de lealtad
    # hasta que todos los jugadores hayan jugado un turno.": not a card on the candidate, so a
    # hospitalized one (which only a Difamación reaches) is shielded too (ruling 28)
    state = position(hands={0: ["difamacion-3"], 1: ["popularidad"]})
    hospitalize(state, 4)
    state.apply(0, ("play", "difamacion-3", 4))
    assert state.legal_actions(1) == [("special", "popularidad"), ("pass",)]
    state.apply(1, ("special", "popularidad"))
    assert state.loyalty[4] == 3


def test_special_09_popularidad_lasts_until_the_turn_of_the_player_on_turn_when_played():
    # "Al jugar esta carta, colócala delante del jugador que estaba jugando su turno. Hasta que
    # vuelva a ser el turno de ese jugador, todos tus candidatos reducen en uno cualquier pérdida
    # de lealtad que sufran.": played by seat 1 on seat 0's turn, it lasts through seat 1's own
    state = position(players=2, hands={0: ["difamacion-3"], 1: ["popularidad"]}, deck=["difamacion-2"])
    state.apply(0, ("play", "difamacion-3", 4))
    state.apply(1, ("special", "popularidad"))
    state.apply(0, ("pass",))
    state.apply(1, ("play", "difamacion-2", 3))
    assert state.loyalty[3] == 4
    events = []
    while state.active != 0:
        events += state.apply(state.actors()[0], ("pass",))
    assert "effect_over" in kinds(events)


def test_special_11_plan_quinquenal_three_loyalty_at_round_end_instead_of_one():
    # "Al final de la candidatura, todos tus candidatos aumentan en tres puntos su lealtad, en
    # lugar de aumentarla en uno. Descarta esta carta al final de la candidatura."
    state = position(players=2, hands={0: ["plan_quinquenal"]}, offices={INDUSTRIA: 0}, loyalty={0: 10})
    state.apply(0, ("special", "plan_quinquenal"))
    state.apply(0, ("pass",))
    state.apply(1, ("pass",))
    assert state.loyalty[0] == 13 and state.loyalty[1] == 8 and state.loyalty[3] == 6
    assert not state.effects


def test_special_12_plan_quinquenal_only_by_an_office_holder():
    state = position(hands={0: ["plan_quinquenal"]})
    assert ("special", "plan_quinquenal") not in state.legal_actions(0)


def test_special_13_revueltas_every_office_holder_loses_two():
    # "todos los candidatos que ostenten un cargo pierden dos puntos de lealtad, de forma inmediata."
    state = position(hands={0: ["revueltas"]}, offices={INDUSTRIA: 3, NKVD: 6}, loyalty={3: 12, 6: 22})
    state.apply(0, ("special", "revueltas"))
    assert state.loyalty[3] == 10 and state.loyalty[6] == 20


def test_special_14_revueltas_not_by_an_office_holder():
    # "Esta carta no puede ser jugada por un cargo."
    state = position(hands={0: ["revueltas"]}, offices={INDUSTRIA: 0, NKVD: 6}, loyalty={0: 12, 6: 22})
    assert ("special", "revueltas") not in state.legal_actions(0)


def test_special_15_industrializacion_two_health_off_everyone_without_office():
    # "todos los candidatos que no ostenten un cargo pierden dos puntos de salud"
    state = position(hands={0: ["industrializacion"]}, offices={INDUSTRIA: 0}, loyalty={0: 10})
    state.apply(0, ("special", "industrializacion"))
    assert state.health[0] == 10 and all(state.health[c] == 8 for c in range(1, 12))


def test_special_16_colectivizacion_only_by_an_office_holder():
    state = position(hands={0: ["colectivizacion"]})
    assert ("special", "colectivizacion") not in state.legal_actions(0)


def test_special_17_patriotismo_heroico_only_when_a_candidate_is_assassinated():
    # "Esta carta solo puede ser jugada cuando un candidato del jugador sea asesinado."
    # "todos tus candidatos aumentan en uno toda ganancia de lealtad."
    state = position(hands={0: ["agresion-4", "demagogia-2"], 1: ["patriotismo"]}, health={4: 3})
    assert ("special", "patriotismo") not in state.legal_actions(1)
    state.apply(0, ("play", "agresion-4", 4))
    assert state.fate[4] == 1 and state.legal_actions(1) == [("special", "patriotismo"), ("pass",)]
    state.apply(1, ("special", "patriotismo"))
    state.apply(0, ("play", "demagogia-2", 3))
    assert state.loyalty[3] == 8


def test_special_17_patriotismo_heroico_lasts_until_the_turn_of_the_player_on_turn_when_played():
    """R: "Al jugar esta carta, colócala delante del jugador que estaba jugando su turno. Hasta que
    vuelva a ser el turno de ese jugador, todos tus candidatos aumentan en uno toda ganancia de
    lealtad." Played by seat 1 on seat 0's turn, it adds one through seat 1's own turn and the
    round's point, and ends when seat 0's turn comes back."""
    state = position(
        players=2,
        hands={0: ["agresion-4", "demagogia-3"], 1: ["patriotismo", "demagogia-2"]},
        health={4: 3},
    )
    state.apply(0, ("play", "agresion-4", 4))
    state.apply(1, ("special", "patriotismo"))
    state.apply(0, ("pass",))
    state.apply(1, ("play", "demagogia-2", 3))
    assert state.loyalty[3] == 8  # 5 + 2 + 1
    events = []
    while state.active != 0:
        events += state.apply(state.actors()[0], ("pass",))
    assert state.loyalty[5] == 7  # the round's point, + 1
    assert "effect_over" in kinds(events) and not state.effects
    state.apply(0, ("play", "demagogia-3", 5))
    assert state.loyalty[5] == 10  # 7 + 3: over


def test_special_18_traicion_doubles_a_difamacion_that_cannot_be_prevented():
    # "Juega esta carta junto con cualquier carta de difamación, para doblar su valor."
    # "Esta carta no puede ser evitada por ninguna carta."
    state = position(hands={0: ["difamacion-3", "traicion"]}, assigned={4: ["favorito"]})
    state.apply(0, ("play", "difamacion-3", 4))
    assert state.legal_actions(0) == [("special", "traicion"), ("pass",)]
    events = state.apply(0, ("special", "traicion"))
    assert state.loyalty[4] == -1 and "window" not in kinds(events)


def test_special_19_contrabando_any_discard_into_hand_for_two_loyalty():
    # "elegir cualquier carta en la pila de descartes y subirla a la mano, pero su uso implica una
    # perdida de 2 puntos de lealtad."
    state = position(hands={0: ["contrabando"]}, discard=["cura", "agresion-2"])
    assert {a for a in state.legal_actions(0) if a[0] == "smuggle"} == {
        ("smuggle", "cura"),
        ("smuggle", "agresion-2"),
    }
    state.apply(0, ("smuggle", "cura"))
    state.apply(0, ("target", 1))
    assert state.loyalty[1] == 3 and hand(state, 0) == ["cura"]
    assert "contrabando" in [FACE[c] for c in state.discard]


def test_special_20_hospitalizacion_counts_activated_immune_to_health_attacks_then_plus_five():
    # "contará como activado hasta que todos los jugadores hayan jugado un turno, y recuperará 5
    # puntos de salud al final de la misma." "no podrá ser objetivo de ningún ataque a su salud
    # ... pero si podrá ser objeto de difamaciones."
    state = position(
        players=2, hands={0: ["hospitalizacion"], 1: ["agresion-2", "difamacion-2"]}, health={0: 4}
    )
    state.apply(0, ("special_on", "hospitalizacion", 0))
    assert state.marker[0]
    state.apply(0, ("pass",))
    plays = state.legal_actions(1)
    assert ("play", "agresion-2", 0) not in plays and ("play", "difamacion-2", 0) in plays
    state.apply(1, ("pass",))
    assert state.active == 0 and state.health[0] == 9 and state.hospital[0] == -1 and not state.marker[0]


def test_special_20_hospitalizacion_answers_an_agresion():
    state = position(hands={0: ["agresion-4"], 1: ["hospitalizacion"]})
    state.apply(0, ("play", "agresion-4", 4))
    state.apply(1, ("special_on", "hospitalizacion", 4))
    assert state.health[4] == 10


def test_special_20_hospitalizacion_lasts_until_the_turn_of_the_player_on_turn_when_played():
    # "Al jugar esta carta, colócala delante del jugador que estaba jugando su turno." (as for
    # Popularidad): played by seat 1 on seat 0's turn, it lasts through seat 1's own
    state = position(players=2, hands={0: ["agresion-2"], 1: ["hospitalizacion"]})
    state.apply(0, ("play", "agresion-2", 4))
    state.apply(1, ("special_on", "hospitalizacion", 4))
    state.apply(0, ("pass",))
    assert state.active == 1 and state.hospital[4] >= 0
    events = []
    while state.active != 0:
        events += state.apply(state.actors()[0], ("pass",))
    assert state.hospital[4] < 0 and "discharged" in kinds(events)


def test_special_20_hospitalizacion_only_on_ones_own_candidate():
    # "Permite hospitalizar a un candidato" (ruling 18: one's own)
    state = position(hands={0: ["hospitalizacion"]})
    assert {a[2] for a in state.legal_actions(0) if a[:2] == ("special_on", "hospitalizacion")} == {0, 1, 2}


def test_special_20_hospitalizacion_no_card_from_a_hospitalized_candidate():
    # "El jugador no podrá jugar cartas de ningún tipo sobre él ni desde él.": not even from a
    # candidate activated earlier in the same turn
    state = position(hands={0: [], 1: ["hospitalizacion"]}, assigned={4: ["agresion-2", "difamacion-2"]})
    state.apply(0, ("pass",))
    state.apply(1, ("use", 4, "agresion-2", 8))
    state.apply(1, ("special_on", "hospitalizacion", 4))
    assert not [a for a in state.legal_actions(1) if a[0] == "use"]


def test_cura_from_hand_saves_a_candidate_dropped_to_zero():
    # "Un jugador que vea la salud de uno de sus candidatos reducida a cero y que tenga una carta
    # de cura en su mano puede emplear esta de forma inmediata para recuperar salud"
    state = position(hands={0: ["agresion-4"], 1: ["cura"]}, health={4: 3})
    state.apply(0, ("play", "agresion-4", 4))
    assert state.view(1)["window"]["kind"] == "dying"
    assert state.legal_actions(1) == [("special_on", "cura", 4), ("pass",)]
    state.apply(1, ("special_on", "cura", 4))
    assert state.fate[4] == 0 and state.health[4] == 3


def test_cura_refused_the_candidate_dies():
    state = position(hands={0: ["agresion-4"], 1: ["cura"]}, health={4: 3})
    state.apply(0, ("play", "agresion-4", 4))
    state.apply(1, ("pass",))
    assert state.fate[4] == 1


def test_specials_are_played_out_of_turn_in_the_window_at_the_end_of_a_turn():
    # "pueden ser jugadas en cualquier momento y desde la mano, tanto en el turno del jugador como
    # en el de otros jugadores"
    state = position(hands={0: [], 2: ["atentado"]})
    state.apply(0, ("pass",))
    assert state.actors() == (2,) and ("special_on", "atentado", 0) in state.legal_actions(2)


def test_specials_can_never_be_assigned():
    # "solo pueden ser jugadas desde la mano, por lo que nunca pueden ser asignadas a un candidato."
    state = position(hands={0: ["cura", "atentado", "popularidad"]})
    assert not [a for a in state.legal_actions(0) if a[0] == "assign"]


def test_special_04_contraataque_labels_say_what_adding_nothing_means():
    state = position(hands={0: ["agresion-2"], 1: ["contraataque"]})
    state.apply(0, ("play", "agresion-2", 4))
    state.apply(1, ("special", "contraataque"))
    assert state.label(("pass",)).key == "politburo.action.pass.counter_add"


def test_special_07_ascenso_leaves_the_lower_office_vacant_for_the_usual_rules():
    """Rulebook: "Dado que solo se puede ostentar un cargo cada vez, si el candidato que accede al cargo
    ocupaba otro cargo inferior con anterioridad, este quedará vacante y podrá ser ocupado por
    cualquier otro candidato que cumpla los requisitos de la forma habitual."

    The Industria minister rises with ¡Ascenso! to Interior, the first vacant office; Industria
    goes to the candidate that has its loyalty."""
    state = position(hands={0: ["ascenso"]}, offices={INDUSTRIA: 1}, loyalty={1: 10, 3: 11})
    state.apply(0, ("special_on", "ascenso", 1))
    assert state.office[1] == 1 and state.loyalty[1] == 14 and state.office[INDUSTRIA] == 3


def test_special_19_contrabando_played_on_another_players_turn():
    """Rulebook: "Esta carta puede ser jugada en cualquier momento para elegir cualquier carta en la pila
    de descartes y subirla a la mano, pero su uso implica una perdida de 2 puntos de lealtad."

    Seat 1 plays it at the end of seat 0's turn (ruling 4) and one of its candidates pays."""
    state = position(hands={0: [], 1: ["contrabando"]}, discard=["atentado"])
    state.apply(0, ("pass",))
    assert ("smuggle", "atentado") in state.legal_actions(1)
    state.apply(1, ("smuggle", "atentado"))
    state.apply(1, ("target", 5))
    assert state.loyalty[5] == 3 and hand(state, 1) == ["atentado"]


def test_special_20_hospitalizacion_keeps_its_candidate_activated_through_the_round_end():
    """Rulebook: "Permite hospitalizar a un candidato, que contará como activado hasta que todos los
    jugadores hayan jugado un turno, y recuperará 5 puntos de salud al final de la misma."

    Hospitalized on seat 1's turn, the last of the round, candidate 4 keeps its marker when the
    round's markers come off, plays nothing at the end of seat 0's next turn, and leaves the
    hospital (+5) when seat 1's turn comes back."""
    state = position(
        players=2,
        hands={0: [], 1: ["hospitalizacion"]},
        active=1,
        health={4: 3},
        assigned={4: ["agresion-2"]},
    )
    state.apply(1, ("special_on", "hospitalizacion", 4))
    state.apply(1, ("pass",))
    while state.round == 1:
        state.apply(state.actors()[0], ("pass",))
    assert state.active == 0 and state.marker[4] and state.hospital[4] >= 0
    state.apply(0, ("pass",))
    assert state.active == 1 and state.phase == "turn"  # seat 1 was not asked: 4 cannot act
    assert state.assigned[4] and state.hospital[4] < 0 and not state.marker[4] and state.health[4] == 8


def test_special_19_contrabando_fetches_a_cura_for_a_candidate_dropped_to_zero():
    """Rulebook: "Esta carta puede ser jugada en cualquier momento para elegir cualquier carta en la pila
    de descartes y subirla a la mano, pero su uso implica una perdida de 2 puntos de lealtad." and
    "Un jugador que vea la salud de uno de sus candidatos reducida a cero y que tenga una carta de
    cura en su mano puede emplear esta de forma inmediata para recuperar salud y evitar así la
    muerte de su candidato."

    "En cualquier momento" includes the moment a candidate drops to 0 health: its owner, with no
    cure in hand but one in the discard pile, is asked in the `dying` window, takes the cure back
    with Contrabando, pays for it, and is asked again, now with the cure in hand."""
    state = position(hands={0: ["agresion-4"], 1: ["contrabando"]}, health={4: 3}, discard=["cura"])
    state.apply(0, ("play", "agresion-4", 4))
    assert state.view(1)["window"]["kind"] == "dying"
    assert state.legal_actions(1) == [("smuggle", "cura"), ("pass",)]
    state.apply(1, ("smuggle", "cura"))
    state.apply(1, ("target", 5))
    assert state.loyalty[5] == 3 and state.fate[4] == 0
    assert state.view(1)["window"]["kind"] == "dying"
    assert state.legal_actions(1) == [("special_on", "cura", 4), ("pass",)]
    state.apply(1, ("special_on", "cura", 4))
    assert state.fate[4] == 0 and state.health[4] == 3


def test_special_19_contrabando_is_no_answer_to_a_dying_candidate_without_a_cura_in_the_pile():
    """Rulebook: "Esta carta puede ser jugada en cualquier momento para elegir cualquier carta en la pila
    de descartes y subirla a la mano, pero su uso implica una perdida de 2 puntos de lealtad."

    What answers a candidate at 0 health is a cure: with none in the discard pile, Contrabando
    answers nothing there, so its holder is not asked (it plays it at the end of the turn)."""
    state = position(hands={0: ["agresion-4"], 1: ["contrabando"]}, health={4: 3}, discard=["atentado"])
    state.apply(0, ("play", "agresion-4", 4))
    assert state.fate[4] == 1
