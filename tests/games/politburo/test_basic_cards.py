"""Politburó: the seven basic cards, their targets and their answer to an attack (rulebook
"Jugando las cartas de juego", the data notes for the defensive effects, rulings 5 and 6), and
the reaction windows that ask exactly the seats that can answer."""

from __future__ import annotations

from tests.helpers import event, kinds

from .conftest import position


def test_demagogia_raises_loyalty_of_any_candidate():
    state = position(hands={0: ["demagogia-4"]})
    state.apply(0, ("play", "demagogia-4", 7))
    assert state.loyalty[7] == 9


def test_difamacion_lowers_loyalty_when_nobody_can_answer():
    state = position(hands={0: ["difamacion-3"]})
    events = state.apply(0, ("play", "difamacion-3", 4))
    assert state.loyalty[4] == 2 and "window" not in kinds(events)


def test_agresion_lowers_health_when_nobody_can_answer():
    state = position(hands={0: ["agresion-4"]})
    state.apply(0, ("play", "agresion-4", 4))
    assert state.health[4] == 6 and state.actors() == (0,)


def test_guardaespaldas_assigned_cancels_an_agresion_on_its_candidate():
    state = position(hands={0: ["agresion-4"]}, assigned={4: ["guardaespaldas"]})
    events = state.apply(0, ("play", "agresion-4", 4))
    assert event(events, "window").params["seats"] == [1]
    assert state.legal_actions(1) == [("defend", "guardaespaldas", "assigned"), ("pass",)]
    events = state.apply(1, ("defend", "guardaespaldas", "assigned"))
    assert state.health[4] == 10 and "cancelled" in kinds(events)
    assert state.marker[4]  # defending activated the candidate
    assert state.actors() == (0,)


def test_guardaespaldas_pass_takes_the_blow():
    state = position(hands={0: ["agresion-4"]}, assigned={4: ["guardaespaldas"]})
    state.apply(0, ("play", "agresion-4", 4))
    state.apply(1, ("pass",))
    assert state.health[4] == 6 and state.assigned[4] and not state.marker[4]


def test_vengativo_returns_the_agresion_to_a_candidate_of_the_attacker():
    # Ruling 6: from a hand the attack has no candidate; the defender picks one of the attacker's.
    state = position(hands={0: ["agresion-3"]}, assigned={4: ["vengativo"]})
    state.apply(0, ("play", "agresion-3", 4))
    state.apply(1, ("defend", "vengativo", "assigned"))
    assert state.actors() == (1,) and state.legal_actions(1) == [("target", 0), ("target", 1), ("target", 2)]
    state.apply(1, ("target", 2))
    assert state.health[2] == 7 and state.health[4] == 10


def test_assigned_defence_cannot_be_used_on_the_owners_own_turn():
    state = position(hands={0: []}, assigned={3: ["agresion-3"], 1: ["vengativo"]})
    state.apply(0, ("pass",))
    state.apply(1, ("use", 3, "agresion-3", 1))
    # seat 0 is on turn: its defence comes from its hand, not from candidate 1 (golden rule 3)
    assert state.actors() == (1,)
    assert state.health[1] == 7


def test_defence_from_hand_on_the_owners_own_turn():
    # "Las cartas pueden jugarse desde la mano en el turno del jugador."
    state = position(hands={0: ["vengativo"]}, assigned={3: ["agresion-3"]})
    state.apply(0, ("pass",))
    state.apply(1, ("use", 3, "agresion-3", 1))
    assert state.actors() == (0,)
    assert state.legal_actions(0) == [("defend", "vengativo", "hand"), ("pass",)]
    state.apply(0, ("defend", "vengativo", "hand"))  # back to candidate 3, no choice to make
    assert state.health[3] == 7 and state.health[1] == 10


def test_favorito_cancels_a_difamacion():
    state = position(hands={0: ["difamacion-4"]}, assigned={5: ["favorito"]})
    state.apply(0, ("play", "difamacion-4", 5))
    state.apply(1, ("defend", "favorito", "assigned"))
    assert state.loyalty[5] == 5


def test_manipulador_sends_the_difamacion_to_another_candidate():
    state = position(hands={0: ["difamacion-4"]}, assigned={5: ["manipulador"]})
    state.apply(0, ("play", "difamacion-4", 5))
    state.apply(1, ("defend", "manipulador", "assigned"))
    assert ("target", 5) not in state.legal_actions(1)
    state.apply(1, ("target", 0))
    assert state.loyalty[0] == 1 and state.loyalty[5] == 5


def test_defensive_cards_answer_only_for_their_own_candidate():
    # "solo puede usarla sobre si mismo, nunca para neutralizar o reenviar un ataque sufrido por
    # otro candidato que no sea el mismo."
    state = position(hands={0: ["agresion-4"]}, assigned={3: ["guardaespaldas"]})
    events = state.apply(0, ("play", "agresion-4", 4))
    assert "window" not in kinds(events) and state.health[4] == 6


def test_window_never_asks_a_seat_with_nothing_playable():
    # Issue 13: "a seat with nothing playable is never asked"
    state = position(hands={0: ["agresion-2"], 1: ["demagogia-3", "cura"]}, assigned={4: ["favorito"]})
    events = state.apply(0, ("play", "agresion-2", 4))
    assert "window" not in kinds(events) and state.actors() == (0,)


def test_activated_candidate_cannot_defend_again_this_round():
    # "no puede jugar más cartas que tenga asignadas hasta la próxima, ni siquiera para defenderse."
    state = position(hands={0: ["agresion-2"]}, assigned={4: ["guardaespaldas"]}, markers=[4])
    events = state.apply(0, ("play", "agresion-2", 4))
    assert "window" not in kinds(events) and state.health[4] == 8


def test_window_eligibility_agrees_with_the_legal_list_along_random_games():
    # Issue 13: "a seat with nothing playable is never asked"; the end-of-turn window's quick
    # test must say exactly what the full list says.
    import random

    from backroom.games.politburo import GAME
    from backroom.games.politburo.legality import any_candidate_play, candidate_plays

    for seed in range(6):
        state, _ = GAME.start(4, {}, seed)
        rng = random.Random(seed)
        while state.actors():
            for seat in range(4):
                assert any_candidate_play(state, seat) == bool(candidate_plays(state, seat))
            seat = state.actors()[0]
            legal = state.legal_actions(seat)
            in_window = state.react or state.phase in ("turn_end", "round_end")
            if in_window and not state.step:
                assert len(legal) > 1, (state.react, state.phase)  # more than a pass
            state.apply(seat, legal[rng.randrange(len(legal))])
