"""The Rulings of docs/games/corruption.md, one test each, named after the ruling."""

from __future__ import annotations

from backroom.games.corruption import GAME
from backroom.games.corruption.cards import BRIBE_VALUE, FACES
from tests.helpers import refuse

from .conftest import contract, play, plays_of, position, run

ROUND_ONE = [["monument", "opera_house"], ["stadium", "subway"], ["university", "airport"]]


def finish_round(state):
    """The round's remaining cards, smallest bribe first, on the Monument; award choices: first."""
    current = state.round
    events = []
    while state.round == current and state.actors():
        seat = state.actors()[0]
        if state.phase == "corruption":
            bribe = min(k for k in state.hands[seat] if BRIBE_VALUE[k])
            events += state.apply(seat, ("play", FACES[bribe], contract(state, "monument")))
        else:
            events += state.apply(seat, state.legal_actions(seat)[0])
    return events


def test_ruling_1_final_tie_more_contracts_then_shared():
    table = [["monument", "opera_house"], ["stadium", "subway"], ["university", "hospital"]]
    state = position(
        4,
        table,
        round_number=4,
        won={
            0: ["hydro_electric_dam"],
            1: ["museum", "power_plant"],
            2: ["airport"],
            3: ["city_park", "prison"],
        },
    )
    run(state, [(0, "attorney", "monument"), (1, "attorney", "monument"), (2, "attorney", "monument")])
    run(state, [(3, "attorney", "monument")])
    finish_round(state)
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.scores[:3] == (1_200_000.0, 1_200_000.0, 1_200_000.0)
    assert outcome.winners == (1,)  # two contracts beat one at equal value
    assert outcome.tiebreak == "more_contracts"

    shared = position(4, ROUND_ONE, round_number=4, won={0: ["museum"], 2: ["city_park"]})
    run(shared, [(0, "attorney", "monument"), (1, "attorney", "monument"), (2, "attorney", "monument")])
    run(shared, [(3, "attorney", "monument")])
    finish_round(shared)
    outcome = shared.outcome()
    assert outcome is not None and outcome.winners == (0, 2)


def test_ruling_2_hitman_owner_chooses_victim_own_cards_included_and_dead_hitman_does_nothing():
    state = position(3, ROUND_ONE)
    run(state, [(0, "hitman", "stadium"), (1, "hitman", "stadium"), (2, "attorney", "stadium")])
    run(state, [(0, "reporter", "stadium"), (1, "bribe-10000", "stadium"), (2, "bribe-1000", "stadium")])
    while state.phase == "corruption":
        seat = state.mover
        bribe = min(k for k in state.hands[seat] if BRIBE_VALUE[k])
        state.apply(seat, ("play", FACES[bribe], contract(state, "monument")))
    # Seat 0's hitman resolves first: it may kill seat 1's hitman, seat 2's attorney or its own
    # reporter.
    own_reporter = plays_of(state, 0, "reporter", "stadium")
    seat1_hitman = plays_of(state, 1, "hitman", "stadium")
    attorney = plays_of(state, 2, "attorney", "stadium")
    assert state.actors() == (0,)
    assert sorted(a[1] for a in state.legal_actions(0)) == sorted([own_reporter, seat1_hitman, attorney])
    events = state.apply(0, ("kill", seat1_hitman))
    # Seat 1's hitman was killed before its turn: it does nothing, so the attorney cancels.
    assert [e.params["seat"] for e in events if e.kind == "hitman_kills"] == [0]
    assert "contract_cancelled" in [e.kind for e in events]


def test_ruling_3_reporter_may_remove_its_owners_own_bribe_and_with_none_does_nothing():
    state = position(3, ROUND_ONE)
    run(state, [(0, "reporter", "stadium"), (1, "reporter", "university"), (2, "bribe-1000", "subway")])
    run(state, [(0, "bribe-1000", "stadium"), (1, "bribe-2000", "monument"), (2, "bribe-2000", "stadium")])
    while state.phase == "corruption":
        seat = state.mover
        bribe = min(k for k in state.hands[seat] if BRIBE_VALUE[k])
        state.apply(seat, ("play", FACES[bribe], contract(state, "monument")))
    own = plays_of(state, 0, "bribe-1000", "stadium")
    assert state.actors() == (0,) and ("remove", own) in state.legal_actions(0)
    events = state.apply(0, ("remove", own))
    removed = next(e for e in events if e.kind == "reporter_removes")
    assert removed.params["target_seat"] == 0
    assert [e.params["seat"] for e in events if e.kind == "reporter_idle"] == [1]
    assert contract(state, "stadium") in state.won[2]


def test_ruling_4_swiss_bribe_may_go_to_a_contract_that_will_be_cancelled_and_comes_back():
    state = position(3, ROUND_ONE)
    run(
        state,
        [(0, "bribe-10000", "swiss:city"), (1, "attorney", "opera_house"), (2, "bribe-1000", "opera_house")],
    )
    while state.phase == "corruption":
        seat = state.mover
        bribe = min(k for k in state.hands[seat] if BRIBE_VALUE[k])
        state.apply(seat, ("play", FACES[bribe], contract(state, "stadium")))
    assert ("assign", contract(state, "opera_house")) in state.legal_actions(0)
    state.apply(0, ("assign", contract(state, "opera_house")))
    assert contract(state, "opera_house") in state.table
    assert 5 in state.hands[0]  # the $10,000 bribe (kind 5) came back


def test_ruling_5_contract_with_no_bribe_is_not_won_and_stays():
    state = position(3, ROUND_ONE)
    finish_round(state)
    assert contract(state, "airport") in state.table
    assert all(contract(state, "airport") not in w for w in state.won)


def test_ruling_6_stud_libre_same_positions_for_everyone():
    state, _ = GAME.start(4, {"variant": "stud_libre", "first_leader": 0}, 9)
    state.apply(0, ("face_up", 2))
    state.apply(0, ("positions_done",))
    for _ in range(12):
        seat = state.mover
        state.apply(
            seat, ("play", FACES[min(k for k in state.hands[seat] if BRIBE_VALUE[k])], state.table[0])
        )
    assert [state.p_up[i] for i in range(12)] == [False] * 8 + [True] * 4


def test_ruling_7_little_black_book_one_look_per_card_then_spent():
    state = position(3, ROUND_ONE, options={"black_book": True})
    run(state, [(0, "bribe-1000", "stadium"), (1, "bribe-1000", "stadium"), (2, "bribe-1000", "stadium")])
    run(state, [(0, "attorney", "stadium"), (1, "hitman", "airport")])
    state.apply(2, ("look", 3))
    state.apply(2, ("look", 4))
    assert state.bb_left[2] == 0 and state.bb_used[2] == 2
    assert not [a for a in state.legal_actions(2) if a[0] == "look"]
    run(state, [(2, "bribe-2000", "stadium")])
    assert state.actors() == (1, 0)  # seat 1 may still look; seat 2's books are spent


def test_ruling_7_a_decline_holds_only_until_the_next_card_is_played():
    """ "En cualquier momento durante el juego, un jugador puede usar su carta de pequeño libro
    negro para mirar una carta boca abajo que ha sido jugada en un contrato."

    Ruling 7: a seat that declines a window is not asked again until the next card is played;
    then it may look again, at the new card or at the one it passed over."""
    state = position(4, ROUND_ONE, options={"black_book": True})
    run(state, [(s, "bribe-1000", "stadium") for s in range(4)])
    play(state, 0, "attorney", "stadium")  # play 4, face down; seat 1 is to play
    assert state.actors() == (2, 3, 1)
    state.apply(3, ("decline",))
    assert state.actors() == (2, 1) and state.legal_actions(3) == []
    play(state, 1, "bribe-2000", "subway")  # play 5: the window is new
    assert state.actors() == (3, 0, 1, 2)
    assert {("look", 4), ("look", 5), ("decline",)} <= set(state.legal_actions(3))
    state.apply(3, ("look", 4))
    assert state.view(3)["plays"][4]["card"] == "attorney"


def test_ruling_8_first_leading_player_drawn_by_the_seeded_generator_or_chosen():
    leaders = {GAME.start(5, {}, seed)[0].leader for seed in range(30)}
    assert len(leaders) > 1
    assert GAME.start(5, {}, 11)[0].leader == GAME.start(5, {}, 11)[0].leader
    assert GAME.start(5, {"first_leader": 3}, 11)[0].leader == 3


def test_ruling_9_leading_player_still_tied_goes_clockwise_from_the_previous_leader():
    state = position(4, ROUND_ONE, round_number=2, leader=2, won={0: ["museum"], 3: ["city_park"]})
    assert state.leading_player() == 3
    state = position(4, ROUND_ONE, round_number=2, leader=1, won={0: ["museum"], 3: ["city_park"]})
    assert state.leading_player() == 3
    state = position(4, ROUND_ONE, round_number=2, leader=0, won={0: ["museum"], 3: ["city_park"]})
    assert state.leading_player() == 0


def test_ruling_11_two_new_contracts_under_each_body_whatever_figure_1s_caption_says():
    """ "Reparte los primeros seis cartas de contrato boca arriba, poniendo dos bajo cada carta de
    cuerpo gubernamental." Figure 1's caption says "tres cuerpos gubernamentales con tres
    contratos cada uno"; the text governs: two new under each body every round, more under a
    body only from contracts that stayed."""
    for players in (3, 7):
        state, _ = GAME.start(players, {}, players)
        assert [state.body_of[c] for c in state.table] == [0, 0, 1, 1, 2, 2]
    state = position(3, ROUND_ONE)
    finish_round(state)  # a tie on the Monument, no bribe elsewhere: all six stay
    assert [state.body_of[c] for c in state.table[6:]] == [0, 0, 1, 1, 2, 2]
    assert [sum(state.body_of[c] == b for c in state.table) for b in range(3)] == [4, 4, 4]


def test_ruling_12_a_swiss_bribe_must_be_assigned_only_its_contract_is_chosen():
    """ "Jugadores que han jugado sobornos en cuentas de bancos suizos los asignan a contratos
    específicos." The owner chooses the contract of that body; leaving the bribe unassigned is
    not a choice (a reporter's "no_removal" is refused here)."""
    state = position(3, ROUND_ONE)
    run(state, [(0, "bribe-10000", "swiss:county")])
    while state.phase == "corruption":
        seat = state.mover
        bribe = min(k for k in state.hands[seat] if BRIBE_VALUE[k])
        state.apply(seat, ("play", FACES[bribe], contract(state, "monument")))
    assert state.actors() == (0,) and state.step == "swiss"
    assert state.legal_actions(0) == [
        ("assign", contract(state, "stadium")),
        ("assign", contract(state, "subway")),
    ]
    for action in [("no_removal",), ("decline",)]:
        assert refuse(state, 0, action) == "corruption.error.unknown_action"


def test_ruling_13_each_step_resolves_in_the_order_of_play_not_of_seats():
    """ "Por cada paso, las acciones proceden en el orden que las cartas fueron jugadas durante la
    fase de corrupción." and "Más cartas (aunque rara vez importará) deben resolverse de izquierda
    a derecha." Seat 2 leads: its reporter, played before seat 0's on the same contract, acts
    first, and removes the bribe seat 0's reporter would otherwise have had to choose."""
    state = position(3, ROUND_ONE, leader=2)
    run(state, [(2, "reporter", "stadium"), (0, "reporter", "stadium"), (1, "bribe-10000", "stadium")])
    run(state, [(2, "bribe-1000", "stadium"), (0, "bribe-2000", "stadium")])
    while state.phase == "corruption":
        seat = state.mover
        bribe = min(k for k in state.hands[seat] if BRIBE_VALUE[k])
        state.apply(seat, ("play", FACES[bribe], contract(state, "monument")))
    assert state.actors() == (2,) and state.step == "reporters"
    ten = plays_of(state, 1, "bribe-10000", "stadium")
    state.apply(2, ("remove", ten))
    assert state.actors() == (0,)
    assert ("remove", ten) not in state.legal_actions(0)
    state.apply(0, ("remove", plays_of(state, 2, "bribe-1000", "stadium")))
    assert contract(state, "stadium") in state.won[0]
