"""Politburó: the rulings of ``docs/games/politburo.md``, one test (at least) each."""

from __future__ import annotations

from backroom.games.politburo import GAME
from backroom.i18n import text
from tests.helpers import event, kinds

from .conftest import INDUSTRIA, INTERIOR, NKVD, SECRETARIO, hand, hospitalize, position


def test_ruling_2_the_discard_pile_is_public():
    state = position(hands={0: ["agresion-2"]})
    state.apply(0, ("discard", "agresion-2"))
    assert state.view(3)["discard"] == ["agresion-2"] == state.view(None)["discard"]


def test_ruling_3_an_empty_deck_is_the_discard_pile_shuffled():
    state = position(hands={0: []}, discard=["cura"])
    state.discard += state.deck
    state.deck = []
    events = state.apply(0, ("pass",))
    assert "reshuffle" in kinds(events) and len(state.hands[1]) == 5


def test_ruling_4_out_of_turn_initiative_waits_for_the_end_of_the_turn():
    state = position(hands={0: ["agresion-2"], 1: ["atentado"]})
    state.apply(0, ("play", "agresion-2", 6))
    assert state.actors() == (0,)  # not asked mid-turn: Atentado answers nothing
    state.apply(0, ("pass",))
    assert state.actors() == (1,)


def test_ruling_4_round_end_window_offers_plan_quinquenal():
    state = position(players=2, hands={0: ["plan_quinquenal"]}, offices={INDUSTRIA: 1}, loyalty={1: 10})
    state.apply(0, ("pass",))
    state.apply(1, ("pass",))
    assert state.phase == "turn_end" and ("special", "plan_quinquenal") in state.legal_actions(0)
    state.apply(0, ("pass",))  # not at the end of seat 1's turn: then at the end of the round
    assert state.phase == "round_end" and state.legal_actions(0) == [
        ("special", "plan_quinquenal"),
        ("pass",),
    ]


def test_ruling_6_return_of_an_attack_from_a_hand_single_candidate_needs_no_choice():
    state = position(hands={0: ["agresion-3"]}, assigned={4: ["vengativo"]}, out={1: "dead", 2: "siberia"})
    state.apply(0, ("play", "agresion-3", 4))
    state.apply(1, ("defend", "vengativo", "assigned"))
    assert state.health[0] == 7 and state.step == ""


def test_ruling_10_industria_return_lies_at_a_random_place():
    placed = set()
    for seed in range(6):
        state = position(hands={0: []}, offices={INDUSTRIA: 0}, loyalty={0: 10}, deck=["cura"])
        state.chance = state.chance.reseeded(__import__("random").Random(seed))
        state.apply(0, ("industry",))
        card = state.extra
        state.apply(0, ("industry_return",))
        placed.add(state.deck.index(card))
    assert len(placed) > 1


def test_ruling_11_a_choice_of_several_things_is_several_decisions():
    state = position(hands={0: ["usurpacion"]}, offices={INDUSTRIA: 3}, loyalty={3: 4})
    state.apply(0, ("special_office", "usurpacion", INDUSTRIA))
    assert state.view(0)["step"] == {"seat": 0, "kind": "usurp", "office": "industria"}


def test_ruling_12_hand_size_plus_one_per_office_held():
    from backroom.games.politburo.flow import hand_max

    state = position(hands={0: []}, offices={0: 0, 1: 1}, loyalty={0: 10, 1: 14})
    assert hand_max(state, 0) == 7


def test_ruling_15_redraw_draws_two_more_than_the_hand_size():
    state = position(hands={0: ["cura"] * 2}, offices={INDUSTRIA: 0}, loyalty={0: 10})
    state.apply(0, ("redraw",))
    assert len(state.hands[0]) == 8


def test_ruling_17_traicion_only_with_ones_own_difamacion():
    state = position(hands={0: ["difamacion-2"], 2: ["traicion"]})
    events = state.apply(0, ("play", "difamacion-2", 4))
    assert "window" not in kinds(events) and state.loyalty[4] == 3


def test_ruling_18_hospitalized_candidate_takes_no_card_but_difamacion():
    state = position(hands={0: ["demagogia-2", "difamacion-2", "cura"]}, health={1: 3})
    hospitalize(state, 1)
    targets = {(a[1], a[2]) for a in state.legal_actions(0) if len(a) == 3 and a[2] == 1}
    assert targets == {("difamacion-2", 1)}


def test_ruling_18_a_hospitalized_candidate_in_disgrace_gets_no_last_demagogia_and_goes_to_siberia():
    # "El jugador no podrá jugar cartas de ningún tipo sobre él ni desde él.": not the round's
    # last Demagogia either, so nothing saves it from Siberia
    state = position(players=2, hands={0: ["demagogia-3"]}, loyalty={1: -3})
    hospitalize(state, 1)
    state.apply(0, ("pass",))
    state.apply(1, ("pass",))
    assert ("play", "demagogia-3", 1) not in state.legal_actions(0)
    while state.round == 1:
        state.apply(state.actors()[0], ("pass",))
    assert state.fate[1] == 2


def test_ruling_18_no_ascenso_on_a_hospitalized_candidate():
    state = position(hands={0: ["ascenso"]})
    hospitalize(state, 1)
    assert {a[2] for a in state.legal_actions(0) if a[:2] == ("special_on", "ascenso")} == {0, 2}


def test_ruling_18_a_hospitalized_candidate_never_takes_a_usurped_office():
    state = position(hands={0: ["usurpacion"]}, offices={INTERIOR: 4})
    hospitalize(state, 1)
    state.apply(0, ("special_office", "usurpacion", INTERIOR))
    assert state.legal_actions(0) == [("target", 0), ("target", 2)]


def test_ruling_18_an_office_and_a_price_are_not_cards_on_a_hospitalized_candidate():
    # "El jugador no podrá jugar cartas de ningún tipo sobre él ni desde él.": its player. An
    # office is not a card on its holder, and Contrabando's price is a loss of loyalty, which
    # "pero si podrá ser objeto de difamaciones" leaves open to a hospitalized candidate.
    for card in ("destitucion", "usurpacion"):
        state = position(hands={0: [card]}, offices={NKVD: 3}, loyalty={3: 11})
        hospitalize(state, 3)
        assert ("special_office", card, NKVD) in state.legal_actions(0)
    state = position(hands={0: ["contrabando"]}, discard=["cura"])
    hospitalize(state, 1)
    state.apply(0, ("smuggle", "cura"))
    assert ("target", 1) in state.legal_actions(0)
    state.apply(0, ("target", 1))
    assert state.loyalty[1] == 3


def test_ruling_19_contrabando_payer_is_chosen():
    state = position(hands={0: ["contrabando"]}, discard=["cura"])
    state.apply(0, ("smuggle", "cura"))
    assert state.legal_actions(0) == [("target", 0), ("target", 1), ("target", 2)]


def test_ruling_20_cura_restores_three_health_on_own_candidate():
    state = position(hands={0: ["cura"]}, health={2: 4})
    assert {a[2] for a in state.legal_actions(0) if a[0] == "special_on"} == {2}
    state.apply(0, ("special_on", "cura", 2))
    assert state.health[2] == 7


def test_ruling_21_tracks_stop_at_minus_5_and_25_and_health_at_0():
    state = position(hands={0: ["difamacion-4", "agresion-4"]}, loyalty={4: -3}, health={5: 2})
    state.apply(0, ("play", "difamacion-4", 4))
    state.apply(0, ("play", "agresion-4", 5))
    assert state.loyalty[4] == -5 and state.health[5] == 0 and state.fate[5] == 1


def test_ruling_22_gran_purga_spares_nobody_at_4_or_less_its_player_included():
    state = position(hands={0: ["gran_purga"]}, offices={INDUSTRIA: 0}, loyalty={0: 10, 1: 4})
    state.apply(0, ("special", "gran_purga"))
    assert state.fate[1] == 2


def test_ruling_23_industrializacion_spares_hospitalized_candidates():
    state = position(hands={0: ["industrializacion"]}, offices={INDUSTRIA: 0}, loyalty={0: 10})
    hospitalize(state, 4)
    state.apply(0, ("special", "industrializacion"))
    assert state.health[4] == 10 and state.health[3] == 8


def test_ruling_24_popularidad_still_softens_a_traicion():
    state = position(hands={0: ["difamacion-2", "traicion"], 1: ["popularidad"]}, active=1)
    state.apply(1, ("special", "popularidad"))
    state.apply(1, ("pass",))
    while state.active != 0 or state.phase != "turn":
        state.apply(state.actors()[0], ("pass",))
    state.apply(0, ("play", "difamacion-2", 4))
    state.apply(0, ("special", "traicion"))
    assert state.loyalty[4] == 6 - 3  # 5, +1 at the round's end; then 2 doubled to 4, one less


def test_ruling_24_no_card_answers_a_difamacion_doubled_by_traicion():
    """R: "Juega esta carta junto con cualquier carta de difamación, para doblar su valor. El
    candidato objetivo perderá esa cantidad de puntos de lealtad." and "Esta carta no puede ser
    evitada por ninguna carta.", a sentence the rulebook explains under ¡Atentado!: "El
    candidato objetivo del atentado no puede emplear ninguna carta para defenderse, por mucho
    que cuente con cartas como Vengativo, Guardaespaldas o la especial Contraataque." No window
    opens for the target's owner, not even for the Popularidad in its hand, and its Favorito
    stays unplayed."""
    state = position(hands={0: ["difamacion-3", "traicion"], 1: ["popularidad"]}, assigned={4: ["favorito"]})
    state.apply(0, ("play", "difamacion-3", 4))
    events = state.apply(0, ("special", "traicion"))
    assert "window" not in kinds(events) and 1 not in state.actors()
    assert state.loyalty[4] == 5 - 6 and state.assigned[4] and len(state.hands[1]) == 1  # Popularidad kept


def test_ruling_25_one_card_of_a_type_per_turn_counts_every_players_cards():
    state = position(hands={0: ["demagogia-2"]}, assigned={3: ["demagogia-3"]})
    state.apply(0, ("play", "demagogia-2", 4))
    state.apply(0, ("pass",))
    assert ("use", 3, "demagogia-3", 4) not in state.legal_actions(1)
    assert ("use", 3, "demagogia-3", 3) in state.legal_actions(1)


def test_ruling_26_players_minimum_two_is_said_in_the_game_data():
    assert GAME.min_players == 2 and GAME.max_players == 5
    row = next(r for r in GAME.data_status() if text("en", r["item"]) == "Players")
    assert "proposed" in text("en", row["value"]) and row["status"] == "proposed-default"


def test_ruling_5_events_name_what_was_played_never_a_face_down_card():
    state = position(hands={0: ["favorito"]})
    events = state.apply(0, ("assign", "favorito", 1))
    assert event(events, "assigned").to == (0,) and "card" not in event(events, "assign").params
    assert hand(state, 0) == []


def test_ruling_27_an_effect_waiting_for_a_player_who_is_out_ends_at_the_next_turn():
    state = position(players=3, hands={0: [], 2: ["popularidad"]}, active=2, out={3: "dead", 4: "dead"})
    state.apply(2, ("special", "popularidad"))
    state.effects[0][3] = 1  # as if played on seat 1's turn
    state.fate[5] = 1  # seat 1 is out of the game
    state.apply(2, ("pass",))
    assert state.active == 0 and not state.effects


def test_ruling_29_contraataque_answers_only_an_agresion():
    # "El jugador atacado reenvía el ataque a su agresor y puede añadir una carta adicional de
    # agresión al contraataque, desde su mano."
    state = position(hands={0: ["difamacion-3"], 1: ["contraataque", "popularidad"]})
    state.apply(0, ("play", "difamacion-3", 4))
    assert state.legal_actions(1) == [("special", "popularidad"), ("pass",)]


def test_ruling_30_a_returned_attack_can_be_answered_again_by_its_author():
    state = position(
        hands={0: ["agresion-3", "guardaespaldas"]},
        assigned={4: ["vengativo"]},
        out={1: "dead", 2: "siberia"},
    )
    state.apply(0, ("play", "agresion-3", 4))
    state.apply(1, ("defend", "vengativo", "assigned"))
    assert state.actors() == (0,) and ("defend", "guardaespaldas", "hand") in state.legal_actions(0)
    state.apply(0, ("defend", "guardaespaldas", "hand"))
    assert state.health[0] == 10 and state.health[4] == 10


def test_ruling_31_ascenso_first_vacant_from_industria_own_candidates_below_it():
    # "Permite a un candidato ascender al primer cargo vacante"
    state = position(hands={0: ["ascenso"]}, offices={NKVD: 0}, loyalty={0: 21})
    assert {a[2] for a in state.legal_actions(0) if a[:2] == ("special_on", "ascenso")} == {1, 2}
    state.apply(0, ("special_on", "ascenso", 1))
    assert state.office[INDUSTRIA] == 1


def test_ruling_32_a_second_plan_quinquenal_is_refused_while_the_first_is_in_force():
    state = position(
        hands={0: ["plan_quinquenal", "plan_quinquenal"]}, offices={INDUSTRIA: 0}, loyalty={0: 10}
    )
    state.apply(0, ("special", "plan_quinquenal"))
    assert ("special", "plan_quinquenal") not in state.legal_actions(0)


def test_ruling_32_patriotismo_played_out_of_turn_adds_one_to_the_round_end_gain():
    # "Al jugar esta carta, colócala delante del jugador que estaba jugando su turno.": seat 0's,
    # so it is still in force when the round ends after seat 1's turn
    state = position(players=2, hands={0: ["agresion-4"], 1: ["patriotismo"]}, health={4: 3})
    state.apply(0, ("play", "agresion-4", 4))
    state.apply(1, ("special", "patriotismo"))
    while state.round == 1:
        state.apply(state.actors()[0], ("pass",))
    assert state.loyalty[3] == 7 and state.loyalty[0] == 6


def test_ruling_33_siberia_spares_a_candidate_brought_back_to_zero():
    state = position(players=2, hands={0: ["demagogia-2"]}, loyalty={1: -3})
    state.apply(0, ("pass",))
    state.apply(1, ("pass",))
    state.apply(0, ("play", "demagogia-2", 1))
    assert state.fate[1] == 0 and state.loyalty[1] == 0


def test_ruling_34_a_tie_takes_no_office_from_a_holder_below_its_minimum_nor_gives_the_lower_ones():
    # "Una vez un jugador accede a un cargo, no lo pierde aunque su lealtad se vea reducida por
    # debajo del nivel mínimo necesario para ostentar dicho cargo, al menos, hasta que haya un
    # jugador con la lealtad suficiente para arrebatárselo" and "En caso de nuevo empate el cargo
    # permanecerá vacante hasta que halla un claro candidato."
    state = position(
        players=3, hands={0: ["demagogia-2"]}, offices={NKVD: 0}, loyalty={0: 11, 1: 18, 3: 22, 6: 22}
    )
    events = state.apply(0, ("play", "demagogia-2", 2))  # any play settles the offices
    assert state.loyalty[3] == state.loyalty[6] and sum(state.loyalty[3:6]) == sum(state.loyalty[6:9])
    assert state.office[NKVD] == 0  # nobody took it from its holder at 11
    assert state.office[:NKVD] == [-1, -1, -1]  # 3 and 6 still lead every office 1 (at 18) wants
    assert kinds(events).count("office_tied") == 4


def test_ruling_35_a_cure_saves_from_death_after_an_atentado_whose_five_points_are_lost():
    # "Esta carta no puede ser evitada por ninguna carta." and "Un jugador que vea la salud de uno
    # de sus candidatos reducida a cero y que tenga una carta de cura en su mano puede emplear esta
    # de forma inmediata para recuperar salud y evitar así la muerte de su candidato."
    state = position(hands={0: ["atentado"], 1: ["cura"]}, health={4: 5})
    events = state.apply(0, ("special_on", "atentado", 4))
    assert event(events, "health").params["after"] == 0  # the Atentado is not avoided
    assert state.view(1)["window"]["kind"] == "dying"
    assert state.legal_actions(1) == [("special_on", "cura", 4), ("pass",)]
    state.apply(1, ("special_on", "cura", 4))
    assert state.fate[4] == 0 and state.health[4] == 3


def test_ruling_36_a_hospitalized_candidate_gains_the_rounds_point_and_takes_an_office_by_it():
    # "Mientras un candidato esté hospitalizado permanecerá inactivo a todos los efectos." and
    # "todos los candidatos que permanezcan en juego ganan un punto de lealtad"
    state = position(players=2, hands={1: []}, loyalty={1: 9}, active=1)
    hospitalize(state, 1)  # until seat 1's next turn: through the round's end
    state.apply(1, ("pass",))
    while state.round == 1:
        state.apply(state.actors()[0], ("pass",))
    assert state.hospital[1] >= 0 and state.loyalty[1] == 10 and state.office[INDUSTRIA] == 1


def test_ruling_16_two_own_candidates_at_25_leave_the_secretary_vacant_and_win_nothing_yet():
    # "Gana la partida el primer jugador que consigue ascender hasta lealtad 25 y se proclama
    # Secretario General del partido."
    state = position(players=2, hands={0: ["difamacion-2"]}, loyalty={0: 24, 1: 24})
    while state.round == 1:
        state.apply(state.actors()[0], ("pass",))
    assert state.loyalty[0] == state.loyalty[1] == 25 and state.office[SECRETARIO] == -1
    assert not state.is_over and state.active == 0
    state.apply(0, ("play", "difamacion-2", 1))  # now 0 is a clear candidate
    assert state.office[SECRETARIO] == 0 and state.outcome().winners == (0,)


def test_ruling_37_the_agresion_added_to_a_contraataque_is_no_agresion_played_on_its_target():
    # "El jugador atacado reenvía el ataque a su agresor y puede añadir una carta adicional de
    # agresión al contraataque, desde su mano." and "En un mismo turno no puede jugarse más de una
    # carta de un tipo sobre el mismo candidato."
    state = position(
        hands={0: ["agresion-2"], 1: ["contraataque", "agresion-3"]},
        assigned={6: ["agresion-4"]},
        out={1: "dead", 2: "siberia"},
    )
    state.apply(0, ("play", "agresion-2", 4))
    state.apply(1, ("special", "contraataque"))
    state.apply(1, ("add", "agresion-3"))  # back to 0, the attacker's one candidate
    assert state.health[0] == 5 and state.health[4] == 10
    state.apply(0, ("pass",))
    assert ("use", 6, "agresion-4", 0) in state.legal_actions(2)  # 0 took no Agresión this turn


def test_ruling_38_patriotismo_adds_one_to_the_loyalty_ascenso_and_usurpacion_give():
    # "Hasta que vuelva a ser el turno de ese jugador, todos tus candidatos aumentan en uno toda
    # ganancia de lealtad." and "El candidato gana la lealtad necesaria para ostentar dicho cargo de
    # forma automática."
    for card, office, holder in (("ascenso", INDUSTRIA, -1), ("usurpacion", INTERIOR, 3)):
        offices = {office: holder} if holder >= 0 else {}
        state = position(
            hands={0: ["agresion-4", "patriotismo", card]}, health={2: 3}, offices=offices, loyalty={3: 4}
        )
        state.apply(0, ("play", "agresion-4", 2))  # its own candidate, assassinated
        state.apply(0, ("special", "patriotismo"))
        if card == "ascenso":
            state.apply(0, ("special_on", "ascenso", 1))
        else:
            state.apply(0, ("special_office", "usurpacion", INTERIOR))
            state.apply(0, ("target", 1))
        assert state.office[office] == 1 and state.loyalty[1] == (11 if card == "ascenso" else 15)


def test_ruling_39_an_office_power_is_used_once_a_round_whoever_holds_the_office():
    # "Cada uno de los cargos del juego cuenta con una habilidad especial, que el jugador puede
    # utilizar una vez por candidatura, en cualquier momento durante su turno."
    state = position(
        players=2, hands={0: ["demagogia-4"], 1: []}, offices={INDUSTRIA: 0}, loyalty={0: 10, 3: 10}
    )
    state.apply(0, ("industry",))
    state.apply(0, ("industry_discard",))
    state.apply(0, ("play", "demagogia-4", 0))  # 0 rises to Interior, 3 takes Industria
    assert state.office[INTERIOR] == 0 and state.office[INDUSTRIA] == 3
    while state.active != 1 or state.phase != "turn":
        state.apply(state.actors()[0], ("pass",))
    assert ("industry",) not in state.legal_actions(1)  # used this round by seat 0
    while state.round == 1 or state.active != 1 or state.phase != "turn":
        state.apply(state.actors()[0], ("pass",))
    assert state.office[INDUSTRIA] == 3 and ("industry",) in state.legal_actions(1)


def test_ruling_40_hospitalizacion_lasts_until_the_turn_of_the_player_on_turn_comes_back():
    """R: "Permite hospitalizar a un candidato, que contará como activado hasta que todos los
    jugadores hayan jugado un turno, y recuperará 5 puntos de salud al final de la misma." read
    with Popularidad's "Al jugar esta carta, colócala delante del jugador que estaba jugando su
    turno. Hasta que vuelva a ser el turno de ese jugador, todos tus candidatos reducen en uno
    cualquier pérdida de lealtad que sufran." Played on its owner's own turn, the stay lasts
    through every other turn and ends, with the five health, when that owner's turn comes back."""
    state = position(players=3, hands={1: ["hospitalizacion"]}, active=1, health={4: 4})
    state.apply(1, ("special_on", "hospitalizacion", 4))
    assert state.hospital[4] >= 0 and state.marker[4]
    events = []
    while state.active != 1 or state.round == 1:
        assert state.hospital[4] >= 0 and state.health[4] == 4
        events += state.apply(state.actors()[0], ("pass",))
    assert state.round == 2 and state.hospital[4] < 0 and not state.marker[4]
    assert state.health[4] == 9 and "discharged" in kinds(events)


def test_ruling_41_usurpacion_taken_by_an_own_candidate_never_the_holder_nor_a_step_down():
    """R: "Permite expulsar de su cargo a un candidato que ostente dicho cargo sin reunir el nivel
    mínimo de lealtad necesario. Un candidato del jugador que jugó la carta ocupará ese cargo
    ahora." and "Dado que solo se puede ostentar un cargo cada vez, si el candidato que accede al
    cargo ocupaba otro cargo inferior con anterioridad, este quedará vacante y podrá ser ocupado
    por cualquier otro candidato que cumpla los requisitos de la forma habitual." A candidate
    holding a higher office never steps down to it; one holding a lower office leaves that one
    vacant for the usual rules."""
    state = position(
        hands={0: ["usurpacion"]},
        offices={NKVD: 1, INTERIOR: 3, INDUSTRIA: 2},
        loyalty={1: 22, 2: 10, 3: 5},
    )
    state.apply(0, ("special_office", "usurpacion", INTERIOR))
    assert state.legal_actions(0) == [("target", 0), ("target", 2)]  # not 1, the NKVD
    state.apply(0, ("target", 2))
    assert state.office == [-1, 2, -1, 1, -1] and state.loyalty[2] == 14


def test_ruling_42_the_last_demagogia_is_one_card_for_each_candidate_in_disgrace():
    """R: "Para evitar que el candidato acabe sus días en Siberia, un jugador puede, una vez todos
    los turnos de la ronda han sido jugados, pero antes de que esta acabe, jugar una carta de
    Demagogia de su mano y tratar de elevar la lealtad de su candidato por encima de los valores
    negativos." and (FAQ) "Si el candidato llega al final de la ronda con un valor negativo de
    lealtad, se le permite jugar una carta desde su mano." One card for each candidate in
    disgrace: two of them may each have one, neither a second."""
    state = position(
        players=2, hands={0: ["demagogia-2", "demagogia-3", "demagogia-4"]}, loyalty={1: -3, 2: -4}
    )
    state.apply(0, ("pass",))
    state.apply(1, ("pass",))
    assert state.phase == "round_end"
    state.apply(0, ("play", "demagogia-2", 1))
    assert state.legal_actions(0) == [("play", "demagogia-3", 2), ("play", "demagogia-4", 2), ("pass",)]
    state.apply(0, ("play", "demagogia-3", 2))
    assert state.round == 2 and state.fate[1] == state.fate[2] == 0  # -3 +2 +1 = 0; -4 +3 +1 = 0


def test_ruling_43_the_window_at_the_end_of_a_turn_is_still_that_turn():
    """R: "Un jugador puede jugar cartas en el turno de otro jugador de dos maneras:" and "Como ya
    se ha dicho, un jugador puede jugar cartas desde sus candidatos siempre que no esté en su
    turno." The others' plays in the window at the end of seat 0's turn are plays in seat 0's
    turn: attacked there, seat 0 answers from its hand, never from its candidates."""
    state = position(players=3, hands={0: ["guardaespaldas"]}, assigned={3: ["agresion-2"], 0: ["vengativo"]})
    state.apply(0, ("pass",))
    assert state.phase == "turn_end" and state.actors() == (1,)
    state.apply(1, ("use", 3, "agresion-2", 0))
    assert state.react == "attack"
    assert state.legal_actions(0) == [("defend", "guardaespaldas", "hand"), ("pass",)]


def test_ruling_27_a_stay_ended_early_keeps_the_marker_of_a_candidate_activated_that_round():
    """Rulebook: "Dicho marcador indica que el candidato ya se ha activado esta candidatura y que no
    puede jugar más cartas que tenga asignadas hasta la próxima, ni siquiera para defenderse." and
    "Cada candidato solo puede activarse una vez por ronda. Una vez deja de estar activado no puede
    volver a jugar cartas hasta la siguiente ronda, ni siquiera para defenderse." and "Permite
    hospitalizar a un candidato, que contará como activado hasta que todos los jugadores hayan
    jugado un turno, y recuperará 5 puntos de salud al final de la misma."

    Candidate 4 is activated at the end of seat 0's turn, then hospitalized there; seat 0 loses
    its last candidate, so the stay ends at the start of the next turn (ruling 27), still in
    round 1. The hospital's marker comes off, the activation's stays: 4 plays no other card
    before the next round."""
    state = position(
        players=3,
        hands={0: [], 1: ["hospitalizacion"], 2: []},
        assigned={4: ["agresion-4", "difamacion-2"]},
        health={0: 3},
        out={1: "dead", 2: "dead"},
    )
    state.apply(0, ("pass",))
    state.apply(1, ("use", 4, "agresion-4", 0))
    assert state.fate[0] == 1 and state.marker[4]
    state.apply(1, ("special_on", "hospitalizacion", 4))  # nothing else to play: the window closes
    assert state.active == 1 and state.round == 1 and state.hospital[4] < 0
    assert state.marker[4]
    state.apply(1, ("pass",))
    state.apply(2, ("pass",))  # seat 2's turn ends: seat 1 may be asked, for its hand only
    assert state.round == 1 and not [a for a in state.legal_actions(1) if a[0] == "use"]


def test_ruling_27_a_stay_ended_early_frees_a_candidate_not_activated_that_round():
    """Rulebook: "Permite hospitalizar a un candidato, que contará como activado hasta que todos los
    jugadores hayan jugado un turno, y recuperará 5 puntos de salud al final de la misma."

    Hospitalized without having been activated that round, candidate 4 is free again when its
    stay ends early (ruling 27) and may play its card at the end of the next turn."""
    state = position(
        players=3,
        hands={0: [], 1: ["hospitalizacion", "agresion-4"], 2: []},
        assigned={4: ["difamacion-2"]},
        health={0: 3},
        out={1: "dead", 2: "dead"},
        active=1,
    )
    state.apply(1, ("special_on", "hospitalizacion", 4))
    state.effects[0][3] = 0  # as if played on seat 0's turn
    state.apply(1, ("play", "agresion-4", 0))
    assert state.fate[0] == 1
    state.apply(1, ("pass",))
    assert state.active == 2 and state.hospital[4] < 0 and not state.marker[4]
    state.apply(2, ("pass",))
    assert state.actors() == (1,) and ("use", 4, "difamacion-2", 6) in state.legal_actions(1)


def test_ruling_44_a_pass_ends_a_seats_part_in_the_window_at_the_end_of_a_turn():
    """Rulebook: "Estas cartas se pueden jugar en cualquier momento, incluso en el turno de otros
    jugadores, pero solo pueden ser jugadas desde la mano, por lo que nunca pueden ser asignadas a
    un candidato." and "Así, en el turno de otro jugador se pueden jugar cartas desde un
    candidato, tantas como este tenga asignadas (nunca más de dos)."

    At the end of seat 0's turn seat 2 (the most loyalty) is asked first and passes; seat 3,
    holding only a cure with every candidate at full health, is not asked. Seat 1 then hurts a
    candidate of each: their cures could now be played, but neither is asked again in that
    window; the window closes and the next turn begins."""
    state = position(
        hands={0: [], 1: [], 2: ["popularidad", "cura"], 3: ["cura"]},
        assigned={4: ["agresion-2", "agresion-3"]},
        loyalty={6: 9},
    )
    state.apply(0, ("pass",))
    assert state.actors() == (2, 1)
    state.apply(2, ("pass",))
    state.apply(1, ("use", 4, "agresion-2", 6))
    assert state.health[6] == 8 and state.actors() == (1,)
    state.apply(1, ("use", 4, "agresion-3", 9))
    assert state.health[9] == 7
    assert state.phase == "turn" and state.active == 1 and state.actors() == (1,)


def test_ruling_45_industrializacion_hits_at_once_with_no_hospitalizacion_before_it():
    """Rulebook: "Todos los candidatos que no ostenten un cargo pierden dos puntos de salud, de forma
    inmediata.Esta carta solo puede ser jugada por un cargo." and "Al jugar esta carta todos los
    candidatos que no ostenten un cargo pierden dos puntos de salud, de forma inmediata. Descarta
    esta carta." against "Mientras un candidato esté hospitalizado permanecerá inactivo a todos
    los efectos. El jugador no podrá jugar cartas de ningún tipo sobre él ni desde él.  Este no
    podrá ser objetivo de ningún ataque a su salud por parte del resto de candidatos, pero si
    podrá ser objeto de difamaciones."

    Seat 1 holds Hospitalización but is not asked before the two points are lost: only a
    candidate already in hospital is spared (ruling 23)."""
    state = position(
        hands={0: ["industrializacion"], 1: ["hospitalizacion"]}, offices={INDUSTRIA: 0}, loyalty={0: 10}
    )
    events = state.apply(0, ("special", "industrializacion"))
    assert "window" not in kinds(events) and state.actors() == (0,)
    assert state.health[4] == 8 and state.health[0] == 10


def test_ruling_46_a_special_card_that_can_change_nothing_is_not_offered():
    """Rulebook: "Todos los candidatos que ostenten un cargo pierden dos puntos de lealtad, de forma
    inmediata.Esta carta no puede ser jugada por un cargo." (Revueltas), "Un jugador que vea la
    salud de uno de sus candidatos reducida a cero y que tenga una carta de cura en su mano puede
    emplear esta de forma inmediata para recuperar salud y evitar así la muerte de su
    candidato.", "Todos los Candidatos con 4 puntos o menos de lealtad son enviados a Siberia de
    forma inmediata.Esta carta solo puede ser jugada por un cargo." (Gran Purga) and "Todos los
    candidatos que no ostenten un cargo pierden dos puntos de salud, de forma
    inmediata.Esta carta solo puede ser jugada por un cargo." (Industrialización).

    Revueltas with no office held, a cure on a candidate at full health, a Gran Purga with no
    candidate at 4 or less and an Industrialización with no candidate to hurt are not offered,
    so no window asks a seat for them; each is as soon as it has someone to act on."""
    state = position(hands={0: ["revueltas", "cura"]})
    plays = state.legal_actions(0)
    assert ("special", "revueltas") not in plays and not [a for a in plays if a[:2] == ("special_on", "cura")]
    state = position(hands={0: ["gran_purga", "industrializacion"]}, offices={INDUSTRIA: 0}, loyalty={0: 10})
    plays = state.legal_actions(0)
    assert ("special", "gran_purga") not in plays and ("special", "industrializacion") in plays
    state = position(hands={0: ["gran_purga"]}, offices={INDUSTRIA: 0}, loyalty={0: 10, 7: 4})
    assert ("special", "gran_purga") in state.legal_actions(0)
    state = position(
        players=2,
        hands={0: ["industrializacion"]},
        offices={INDUSTRIA: 0, INTERIOR: 1},
        loyalty={0: 10, 1: 14},
        out={2: "dead", 3: "dead", 4: "siberia"},
    )
    hospitalize(state, 5)  # every candidate holds an office or lies in hospital
    assert ("special", "industrializacion") not in state.legal_actions(0)
