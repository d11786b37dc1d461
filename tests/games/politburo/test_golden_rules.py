"""Politburó: "Resumiendo: las 11 reglas de oro", one test each, in the rulebook's order."""

from __future__ import annotations

from tests.helpers import refuse

from .conftest import INTERIOR, position


def test_golden_rule_1_each_turn_the_player_draws_up_to_a_full_hand():
    # "Cada turno, el jugador roba cartas hasta completar su mano."
    state = position(hands={0: [], 1: ["cura", "cura"]})
    state.apply(0, ("pass",))
    assert state.active == 1 and len(state.hands[1]) == 5


def test_golden_rule_2_cards_are_played_from_the_hand_on_the_players_turn():
    # "Las cartas pueden jugarse desde la mano en el turno del jugador."
    state = position(hands={0: ["demagogia-2"], 1: ["demagogia-3"]})
    assert ("play", "demagogia-2", 0) in state.legal_actions(0)
    assert state.legal_actions(1) == []
    assert refuse(state, 1, ("play", "demagogia-3", 3)) == "politburo.error.not_your_turn"


def test_golden_rule_3_cards_are_played_from_candidates_on_the_others_turns():
    # "Las cartas pueden jugarse desde los candidatos en el turno de los demás jugadores."
    state = position(hands={0: []}, assigned={0: ["demagogia-2"], 3: ["demagogia-3"]})
    assert not [a for a in state.legal_actions(0) if a[0] == "use"]
    state.apply(0, ("pass",))
    assert ("use", 3, "demagogia-3", 3) in state.legal_actions(1)


def test_golden_rule_4_cards_are_assigned_only_on_the_players_turn():
    # "Un jugador solo puede asignar cartas a sus candidatos en su turno."
    state = position(hands={0: [], 1: ["demagogia-3"]}, assigned={3: ["agresion-2"]})
    state.apply(0, ("pass",))
    assert state.actors() == (1,)
    assert not [a for a in state.legal_actions(1) if a[0] == "assign"]


def test_golden_rule_5_only_game_cards_are_assigned_never_specials_or_cures():
    # "Solo las cartas de juego pueden ser asignadas a un candidato, nunca las especiales ni las de cura."
    state = position(hands={0: ["cura", "contraataque", "favorito"]})
    assigned = {a[1] for a in state.legal_actions(0) if a[0] == "assign"}
    assert assigned == {"favorito"}


def test_golden_rule_6_a_candidate_has_at_most_two_assigned_cards():
    # "Un candidato no puede tener asignadas más de dos cartas."
    state = position(hands={0: ["favorito", "vengativo", "manipulador"]})
    state.apply(0, ("assign", "favorito", 0))
    state.apply(0, ("assign", "vengativo", 0))
    assert ("assign", "manipulador", 0) not in state.legal_actions(0)


def test_golden_rule_7_a_candidate_must_be_activated_to_play_its_cards():
    # "Para jugar cartas un candidato tiene que activarse."
    state = position(hands={0: []}, assigned={3: ["demagogia-3"]})
    state.apply(0, ("pass",))
    events = state.apply(1, ("use", 3, "demagogia-3", 3))
    assert [e.kind for e in events][:2] == ["activate", "use"] and state.marker[3]


def test_golden_rule_8_once_activated_it_may_play_any_number_of_its_cards():
    # "Una vez activado puede jugar cualquier cantidad de cartas que tenga asignadas."
    state = position(hands={0: []}, assigned={3: ["demagogia-3", "difamacion-2"]})
    state.apply(0, ("pass",))
    state.apply(1, ("use", 3, "demagogia-3", 3))
    state.apply(1, ("use", 3, "difamacion-2", 0))
    assert state.loyalty[3] == 8 and state.loyalty[0] == 3 and not state.assigned[3]


def test_golden_rule_9_activated_once_per_round_not_even_to_defend():
    # "Cada candidato solo puede activarse una vez por ronda. Una vez deja de estar activado no
    # puede volver a jugar cartas hasta la siguiente ronda, ni siquiera para defenderse."
    harmless = ["demagogia-2"] * 5 + ["demagogia-3"] * 4  # what seats 1 and 2 draw
    state = position(
        players=3,
        hands={0: [], 1: [], 2: ["agresion-2"]},
        assigned={3: ["demagogia-3", "guardaespaldas"]},
        deck=harmless,
    )
    state.apply(0, ("pass",))
    state.apply(1, ("use", 3, "demagogia-3", 3))  # nothing else to play: the window closes
    assert state.active == 1
    state.apply(1, ("pass",))
    assert state.active == 2
    state.apply(2, ("play", "agresion-2", 3))
    assert state.health[3] == 8 and state.assigned[3]  # nobody was asked
    state.apply(2, ("pass",))
    assert state.round == 2 and not state.marker[3]  # "hasta la siguiente ronda"


def test_golden_rule_10_specials_are_played_from_hand_at_any_time():
    # "Las cartas especiales pueden jugarse en cualquier momento desde la mano, ya sea el turno del
    # jugador o no."
    state = position(hands={0: ["agresion-2"], 1: ["contraataque"], 2: ["popularidad"]})
    state.apply(0, ("play", "agresion-2", 4))
    assert state.actors() == (1,) and ("special", "contraataque") in state.legal_actions(1)
    state.apply(1, ("pass",))
    state.apply(0, ("pass",))
    assert 2 in state.actors() and ("special", "popularidad") in state.legal_actions(2)


def test_golden_rule_11_two_equal_game_cards_never_on_the_same_candidate_in_a_turn():
    # "En un mismo turno, no pueden usarse dos cartas de juego iguales sobre un mismo candidato."
    state = position(hands={0: ["agresion-2", "agresion-3"]})
    state.apply(0, ("play", "agresion-2", 5))
    assert ("play", "agresion-3", 5) not in state.legal_actions(0)
    # ... nor from a candidate, later in the same turn
    state = position(
        hands={0: ["agresion-2"]}, assigned={3: ["agresion-3"]}, offices={INTERIOR: 6}, loyalty={6: 14}
    )
    state.apply(0, ("play", "agresion-2", 5))
    state.apply(0, ("pass",))
    assert ("use", 3, "agresion-3", 5) not in state.legal_actions(1)
