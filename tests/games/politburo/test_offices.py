"""Politburó: offices by loyalty, ties, vacancies and the office powers (rulebook "Ostentar
Cargos", "Ascensos", "Empates", "Habilidades de los Cargos"), with the NKVD example."""

from __future__ import annotations

from tests.helpers import event, kinds

from .conftest import INDUSTRIA, INTERIOR, NKVD, PROPAGANDA, SECRETARIO, hand, position


def test_office_taken_at_its_loyalty_minimum():
    # "El de ministro de industria con 10 puntos de lealtad, el de ministro de interior con 14 ..."
    state = position(hands={0: ["demagogia-4", "demagogia-2"]}, loyalty={1: 8})
    state.apply(0, ("play", "demagogia-2", 1))
    assert state.office[INDUSTRIA] == 1
    assert state.view(None)["candidates"][1]["office"] == "industria"


def test_office_occupied_by_a_qualified_holder_gives_the_next_free_one_below():
    # "De ser así y estar el cargo ocupado por otro jugador, el candidato podrá ocupar el primer
    # cargo inferior a este que esté libre."
    state = position(hands={0: ["demagogia-4"]}, loyalty={1: 11, 3: 15}, offices={INTERIOR: 3})
    state.apply(0, ("play", "demagogia-4", 1))  # 15: Interior is held by 3 at 15
    assert state.office[INTERIOR] == 3 and state.office[INDUSTRIA] == 1


def test_nkvd_example_holder_keeps_the_office_below_its_minimum_until_someone_qualifies():
    # "El candidato A aumenta su lealtad de 19 a 22, por lo que se convierte en Líder del NKVD. Tras
    # unos cuantos turnos de ataques contra su lealtad, esta se ha reducido a 11, mientras que el
    # candidato B cuenta con una lealtad de 18. El candidato A sigue ostentando el cargo de Líder del
    # NKVD ... Un turno después el candidato B juega una carta que aumenta su lealtad hasta 22 puntos
    # y se convierte en el nuevo Líder del NKVD. El candidato A tendrá suerte si el cargo de Ministro
    # de Industria permanece vacante…"
    a, b = 3, 0
    state = position(hands={0: ["demagogia-4"], 1: ["demagogia-3"]}, loyalty={a: 19, b: 18}, active=1)
    state.apply(1, ("play", "demagogia-3", a))
    assert state.office[NKVD] == a and state.loyalty[a] == 22
    state.loyalty[a] = 11  # "tras unos cuantos turnos de ataques"
    state.office_dirty = True
    state.active = 0
    state.apply(0, ("play", "demagogia-4", 1))  # any play settles the offices again
    assert state.office[NKVD] == a and state.office[PROPAGANDA] == b  # B (18) is Propaganda
    state.typed = [0] * 7
    state.hands[0].append(state.deck.pop())
    state.loyalty[b] = 18
    events = state.apply(0, ("discard", hand(state, 0)[0]))  # nothing changes without loyalty
    assert state.office[NKVD] == a and not [e for e in events if e.kind == "office"]
    state.loyalty[b] = 22
    state.office_dirty = True
    state.apply(0, ("pass",))
    assert state.office[NKVD] == b and state.office[INDUSTRIA] == a


def test_only_one_office_at_a_time_the_lower_falls_vacant():
    # "si el candidato que accede al cargo ocupaba otro cargo inferior con anterioridad, este
    # quedará vacante"
    state = position(hands={0: ["demagogia-4"]}, loyalty={1: 12}, offices={INDUSTRIA: 1})
    state.apply(0, ("play", "demagogia-4", 1))
    assert state.office[INTERIOR] == 1 and state.office[INDUSTRIA] == -1


def test_ascensos_an_office_left_vacant_goes_at_once_to_the_candidate_with_its_loyalty():
    """R: "Cuando un cargo queda vacante o esta desocupado, el candidato que reúna el nivel de lealtad
    mínimo necesario para ostentarlo será quien lo ocupe." The Ministro de Interior dies: the
    candidate at 14, who could not have it while it was held, takes it at once."""
    state = position(
        hands={0: ["agresion-4"]},
        health={3: 2},
        loyalty={3: 15, 6: 11, 7: 14},
        offices={INTERIOR: 3, INDUSTRIA: 6},
    )
    events = state.apply(0, ("play", "agresion-4", 3))
    assert state.fate[3] == 1
    assert state.office[INTERIOR] == 7 and state.office[INDUSTRIA] == 6
    assert "office" in kinds(events)


def test_office_cannot_be_refused_but_own_difamacion_keeps_you_below():
    # "Un candidato nunca puede rechazar un cargo, aunque puede ... jugar cartas de Difamación sobre
    # si mismo para reducir su propio valor de lealtad"
    state = position(hands={0: ["difamacion-2"]}, loyalty={0: 11})
    assert state.office[INDUSTRIA] == -1  # hand-built: not yet settled
    state.apply(0, ("play", "difamacion-2", 0))
    assert state.loyalty[0] == 9 and state.office[INDUSTRIA] == -1


def test_empates_higher_loyalty_of_the_two_takes_the_office():
    # "siendo el candidato con mayor lealtad de los dos quien ocupe el cargo."
    state = position(hands={0: ["revueltas"]}, loyalty={3: 12, 6: 11}, offices={INTERIOR: 9}, active=0)
    state.loyalty[9] = 16
    state.apply(0, ("special", "revueltas"))  # Interior's holder drops; Industria settles
    assert state.office[INDUSTRIA] == 3


def test_empates_tie_broken_by_the_players_total_loyalty():
    # "En caso de empate se sumará la lealtad de los candidatos en juego de cada uno de los
    # jugadores, siendo el candidato del jugador que mayor lealtad total obtenga quien se haga con
    # el cargo."
    state = position(hands={0: ["demagogia-2"]}, loyalty={3: 10, 6: 10, 4: 1, 7: 2})
    state.apply(0, ("play", "demagogia-2", 2))  # any play settles the offices
    assert state.office[INDUSTRIA] == 6  # seat 2 totals 10+2+5 > seat 1's 10+1+5


def test_empates_still_tied_the_office_stays_vacant():
    # "En caso de nuevo empate el cargo permanecerá vacante hasta que halla un claro candidato."
    state = position(hands={0: ["demagogia-2"]}, loyalty={3: 10, 6: 10})
    events = state.apply(0, ("play", "demagogia-2", 2))
    assert state.office[INDUSTRIA] == -1 and "office_tied" in kinds(events)


def test_industria_power_extra_card_discard_return_or_swap():
    # "robar una carta adicional y decidir si la descarta, la devuelve al mazo o la suma a su mano
    # a cambio de intercambiarla por una de las cartas de su mano, que es descartada."
    state = position(hands={0: ["demagogia-2"]}, offices={INDUSTRIA: 0}, loyalty={0: 10}, deck=["cura"])
    state.apply(0, ("industry",))
    assert state.view(0)["step"]["card"] == "cura" and "card" not in state.view(1)["step"]
    assert set(state.legal_actions(0)) == {
        ("industry_discard",),
        ("industry_return",),
        ("industry_swap", "demagogia-2"),
    }
    state.apply(0, ("industry_swap", "demagogia-2"))
    assert hand(state, 0) == ["cura"] and ("industry",) not in state.legal_actions(0)


def test_industria_power_return_puts_the_card_back_in_the_deck():
    state = position(hands={0: []}, offices={INDUSTRIA: 0}, loyalty={0: 10}, deck=["cura"])
    size = len(state.deck)
    state.apply(0, ("industry",))
    state.apply(0, ("industry_return",))
    assert len(state.deck) == size and state.extra == -1


def test_nkvd_power_looks_at_a_candidates_assigned_cards():
    # "El líder del NKVD puede, en su turno, elegir cualquier candidato en juego y examinar las
    # cartas que dicho candidato tenga asignadas."
    state = position(
        hands={0: []}, offices={NKVD: 0}, loyalty={0: 21}, assigned={4: ["vengativo", "agresion-3"]}
    )
    events = state.apply(0, ("nkvd", 4))
    saw = event(events, "nkvd_saw")
    assert saw.to == (0,) and saw.params["cards"] == ["vengativo", "agresion-3"]
    assert state.view(0)["candidates"][4]["assigned"] == ["vengativo", "agresion-3"]
    assert state.view(2)["candidates"][4]["assigned"] == [None, None]
    assert not [a for a in state.legal_actions(0) if a[0] == "nkvd"]  # once per round


def test_secretario_general_wins_at_once():
    # "Ostentar el cargo de Secretario General del partido permite al jugador ganar la partida de
    # forma inmediata."
    state = position(hands={0: ["demagogia-3"]}, loyalty={1: 22})
    state.apply(0, ("play", "demagogia-3", 1))
    assert state.is_over and state.office[SECRETARIO] == 1
    assert state.outcome().winners == (0,) and state.outcome().reason == "secretary"


def test_industria_and_nkvd_powers_only_during_the_holders_own_turn():
    """Rulebook: "Cada uno de los cargos del juego cuenta con una habilidad especial, que el jugador puede
    utilizar una vez por candidatura, en cualquier momento durante su turno."

    Seat 1 holds Industria and the NKVD: at the end of seat 0's turn (where its Popularidad
    has it asked) neither power is offered; on its own turn both are."""
    state = position(
        hands={0: [], 1: ["popularidad"]},
        offices={INDUSTRIA: 3, NKVD: 4},
        loyalty={3: 10, 4: 21},
        assigned={0: ["agresion-2"]},
    )
    state.apply(0, ("pass",))
    assert state.phase == "turn_end" and state.actors() == (1,)
    assert not [a for a in state.legal_actions(1) if a[0] in ("industry", "nkvd")]
    while state.active != 1 or state.phase != "turn":
        state.apply(state.actors()[0], ("pass",))
    powers = {a[0] for a in state.legal_actions(1)}
    assert {"industry", "nkvd"} <= powers
