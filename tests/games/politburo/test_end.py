"""Politburó: the end of a candidacy (Siberia, death, discarding a candidate), the end of a
round, and the end of the game (rulebook "El final de una candidatura", "Eliminar candidatos",
"Objetivo del juego"; rulings 7, 13 and 14)."""

from __future__ import annotations

from backroom.games.politburo import GAME
from backroom.games.politburo.flow import hand_max
from tests.helpers import kinds

from .conftest import INDUSTRIA, hospitalize, position


def end_round(state):
    """Everyone passes to the end of the round (no window can hold it: each asks and is passed)."""
    start = state.round
    while state.round == start and not state.is_over:
        state.apply(state.actors()[0], ("pass",))


def test_round_end_removes_markers_and_every_candidate_gains_one():
    # "Al final de una candidatura se retiran los marcadores de los candidatos que hayan sido
    # activados, todos los candidatos que permanezcan en juego ganan un punto de lealtad"
    state = position(players=2, hands={0: []}, markers=[3], loyalty={0: 7})
    end_round(state)
    assert not state.marker[3] and state.loyalty[0] == 8 and state.loyalty[3] == 6


def test_siberia_negative_loyalty_at_the_end_of_the_round():
    # "Si un candidato cae en desgracia y finaliza la ronda presente sin poder recuperar su
    # lealtad, será enviado a Siberia." (ruling 7: the +1 of the round comes first)
    state = position(players=2, hands={0: []}, loyalty={1: -3, 2: -1})
    events = []
    while state.round == 1:
        events += state.apply(state.actors()[0], ("pass",))
    assert state.fate[1] == 2 and state.fate[2] == 0 and state.loyalty[2] == 0
    assert "removed" in kinds(events)


def test_siberia_last_chance_a_demagogia_from_hand_before_the_round_ends():
    # "un jugador puede, una vez todos los turnos de la ronda han sido jugados, pero antes de que
    # esta acabe, jugar una carta de Demagogia de su mano y tratar de elevar la lealtad de su
    # candidato por encima de los valores negativos."
    state = position(players=2, hands={0: ["demagogia-3"]}, loyalty={1: -3})
    state.apply(0, ("pass",))
    state.apply(1, ("pass",))
    assert state.phase == "round_end" and state.actors() == (0,)
    assert state.legal_actions(0) == [("play", "demagogia-3", 1), ("pass",)]
    state.apply(0, ("play", "demagogia-3", 1))
    assert state.fate[1] == 0 and state.loyalty[1] == 1 and state.round == 2


def test_siberia_not_at_once_during_the_round():
    # FAQ: "Cuándo la lealtad de un candidato desciende a valores negativos, ¿este es enviado a
    # Siberia de inmediato? -No."
    state = position(hands={0: ["difamacion-4"]}, loyalty={4: 1})
    state.apply(0, ("play", "difamacion-4", 4))
    assert state.loyalty[4] == -3 and state.fate[4] == 0


def test_death_at_zero_health_discards_the_candidate_and_its_assigned_cards():
    # "Si la salud de un candidato se reduce a cero, este habrá muerto." "La carta de dicho
    # candidato se coloca bocabajo y todas las cartas asignadas a este son descartadas."
    state = position(hands={0: ["agresion-3"]}, health={4: 3}, assigned={4: ["demagogia-2"]})
    state.apply(0, ("play", "agresion-3", 4))
    assert state.fate[4] == 1 and not state.assigned[4]
    assert state.view(None)["discard"][-1] == "demagogia-2"


def test_lost_candidate_shrinks_the_hand_by_one_each():
    # "deberá reducir en uno la cantidad de cartas totales que pueda haber en su mano, por cada
    # candidato descartado." (card 01: "Por cada candidato perdido se reduce en uno el tamaño de la mano.")
    state = position(hands={0: []}, out={3: "dead", 4: "siberia"})
    assert hand_max(state, 1) == 3


def test_lost_office_holder_vacates_the_office():
    state = position(hands={0: ["agresion-4"]}, health={3: 2}, loyalty={3: 12}, offices={INDUSTRIA: 3})
    state.apply(0, ("play", "agresion-4", 3))
    assert state.office[INDUSTRIA] == -1


def test_player_with_no_candidates_left_is_out_and_the_last_player_wins():
    # Ruling 13.
    state = position(players=2, hands={0: ["agresion-4"]}, health={3: 2}, out={4: "dead", 5: "siberia"})
    state.apply(0, ("play", "agresion-4", 3))
    assert state.is_over and state.outcome().reason == "last_standing" and state.outcome().winners == (0,)


def test_win_loyalty_25_and_general_secretary_at_the_end_of_a_round():
    # "Gana la partida el primer jugador que consigue ascender hasta lealtad 25 y se proclama
    # Secretario General del partido."
    state = position(players=2, hands={0: []}, loyalty={4: 24})
    end_round(state)
    assert state.is_over and state.outcome().winners == (1,)


def test_round_limit_ends_the_game_and_ranks_by_office_then_loyalty():
    # Ruling 14: the safety bound.
    state = position(players=2, hands={0: []}, loyalty={3: 12}, offices={INDUSTRIA: 3})
    state.round_limit = 1
    end_round(state)
    result = state.outcome()
    assert result.reason == "round_limit" and result.ranks == (2, 1) and result.tiebreak == "office"


def test_round_limit_option_bounds_max_actions():
    options = GAME.resolve_options({"round_limit": 5})
    assert GAME.max_actions(4, options) < GAME.max_actions(4, GAME.resolve_options({}))


def test_discarding_a_candidate_takes_it_out_of_hospital():
    """Rulebook: "Cuando un candidato es eliminado del juego, ya sea porque ha sido enviado a siberia o
    asesinado, este es descartado."

    A hospitalized candidate sent to Siberia (here by Gran Purga) leaves the hospital with the
    game: its Hospitalización card is discarded and the board no longer shows it hospitalized,
    nor, once the round's markers come off, activated."""
    state = position(players=2, hands={0: ["gran_purga"]}, offices={INDUSTRIA: 0}, loyalty={0: 10, 4: 3})
    hospitalize(state, 4)
    state.apply(0, ("special", "gran_purga"))
    seen = state.view(None)["candidates"][4]
    assert seen["fate"] == "siberia" and not seen["hospitalized"]
    assert "hospitalizacion" in state.view(None)["discard"] and not state.effects
    end_round(state)
    assert not state.view(None)["candidates"][4]["marker"]


def test_a_new_round_begins_with_the_starting_player():
    """Rulebook: "Cuando el último jugador juega su turno se da la ronda por finalizada y el jugador
    inicial comienza una nueva candidatura."

    Seat 0 begins each round; a starting player who is out of the game (ruling 13) has no turn,
    and the first seat still in play begins instead."""
    state = position(players=3, hands={0: []})
    end_round(state)
    assert state.round == 2 and state.phase == "turn" and state.active == 0
    state = position(players=3, hands={1: []}, active=1, out={0: "dead", 1: "dead", 2: "siberia"})
    end_round(state)
    assert state.round == 2 and state.phase == "turn" and state.active == 1


def test_win_still_tied_for_general_secretary_the_game_goes_on():
    """Rulebook: "En caso de nuevo empate el cargo permanecerá vacante hasta que halla un claro candidato."

    Two players' candidates reach 25 together at the end of a round with equal totals: nobody
    is General Secretary, so nobody has won, and the next round begins."""
    state = position(players=2, hands={0: []}, loyalty={0: 24, 3: 24})
    end_round(state)
    assert not state.is_over and state.office[4] == -1 and state.round == 2
    assert state.loyalty[0] == state.loyalty[3] == 25
