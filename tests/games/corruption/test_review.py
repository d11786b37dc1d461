"""An independent review of the rulebook, sentence by sentence: the rules the other test files
leave unpinned, each named after the rule it pins (rulebook ``shared/seeds/000_cc2ae405b88df7bc.txt``,
rulings ``shared/rules/corruption-data.md`` and ``docs/games/corruption.md``)."""

from __future__ import annotations

import json

import pytest

from backroom.engine.errors import IllegalAction
from backroom.engine.events import Event
from backroom.games.corruption import GAME
from backroom.games.corruption.cards import BRIBE_VALUE, FACES
from backroom.games.corruption.state import CorruptionState
from tests.helpers import kinds

from .conftest import card, contract, play, plays_of, position, run, swiss
from .test_worked_example import BODIES as EXAMPLE_BODIES
from .test_worked_example import CORRUPTION_PHASE

ROUND_ONE = [["monument", "opera_house"], ["stadium", "subway"], ["university", "airport"]]


def finish_round(state: CorruptionState, cid: str = "monument") -> list[Event]:
    """The round's remaining cards, smallest bribe first, all on ``cid``; award choices: first."""
    current = state.round
    events: list[Event] = []
    while state.round == current and state.actors():
        seat = state.actors()[0]
        if state.phase == "corruption":
            bribe = min(k for k in state.hands[seat] if BRIBE_VALUE[k])
            events += state.apply(seat, ("play", FACES[bribe], contract(state, cid)))
        else:
            events += state.apply(seat, state.legal_actions(seat)[0])
    return events


def finish_round_cards(state: CorruptionState, cid: str) -> None:
    """Play the round's remaining cards (smallest bribe first, on ``cid``) up to the award."""
    while state.phase == "corruption":
        seat = state.mover
        bribe = min(k for k in state.hands[seat] if BRIBE_VALUE[k])
        state.apply(seat, ("play", FACES[bribe], contract(state, cid)))


def finish_round_books(state: CorruptionState) -> None:
    """As ``finish_round``, every Little Black Book holder declining each window."""
    current = state.round
    while state.round == current and state.actors():
        seat = state.actors()[0]
        if seat != state.mover:
            state.apply(seat, ("decline",))
            continue
        bribe = min(k for k in state.hands[seat] if BRIBE_VALUE[k])
        state.apply(seat, ("play", FACES[bribe], contract(state, "monument")))


def won_by(events: list[Event]) -> dict[str, int]:
    return {
        e.params["contract"]["$"].rsplit(".", 1)[1]: e.params["seat"]
        for e in events
        if e.kind == "contract_won"
    }


# ------------------------------------------------------------ invitation to bid


def test_invitation_to_bid_every_round_deals_two_new_contracts_under_each_body_until_the_last():
    """24 contracts, six a round for four rounds: the deck never runs dry, so every body has at
    least two open contracts in every round (a Swiss bribe always has somewhere to go)."""
    state, _ = GAME.start(3, {"first_leader": 0}, 0)
    for round_number in range(1, 5):
        assert state.round == round_number
        assert len(state.deck) == 24 - 6 * round_number
        new = state.table[-6:]
        assert [state.body_of[c] for c in new] == [0, 0, 1, 1, 2, 2]
        finish_round(state, state.contracts[state.table[0]].id)
    assert state.phase == "over" and state.deck == []


def test_unwon_contract_stays_under_its_body_and_takes_that_bodys_swiss_bribes_next_round():
    state = position(3, ROUND_ONE)
    finish_round(state)  # equal bribes on the Monument: a tie, it stays
    monument = contract(state, "monument")
    assert state.round == 2 and state.body_of[monument] == 0
    city = [c for c in state.table if state.body_of[c] == 0]
    assert monument in city and len(city) == 4
    swiss(state, state.leader, "bribe-4000", "city")
    finish_round_cards(state, "stadium")
    assert state.phase == "award"
    assert sorted(a[1] for a in state.legal_actions(state.p_seat[0])) == sorted(city)


# -------------------------------------------------------------------- corruption


def test_leading_player_is_recomputed_at_the_start_of_every_round():
    """ "El jugador líder (aquel cuyos contratos tienen un valor total mayor al comienzo de la
    ronda) juega primero.": seat 0 leads round two with the Dam; seat 1 wins the Airport and the
    University and leads round three."""
    state = position(3, ROUND_ONE, round_number=2, leader=0, won={0: ["hydro_electric_dam"]})
    assert state.mover == 0
    run(
        state,
        [(0, "attorney", "opera_house"), (1, "bribe-10000", "airport"), (2, "bribe-1000", "opera_house")],
    )
    run(
        state,
        [(0, "bribe-1000", "opera_house"), (1, "bribe-8000", "university"), (2, "bribe-2000", "opera_house")],
    )
    finish_round(state, "opera_house")  # every other card goes to the cancelled Opera House
    assert [state.total(s) for s in range(3)] == [1_200_000, 2_100_000, 0]
    assert state.round == 3 and state.leader == 1 and state.mover == 1


def test_round_r_face_up_positions_hold_in_every_round_of_a_whole_game():
    """Round r: each player's first r cards face up, for every player, to the end of the game."""
    state, _ = GAME.start(4, {"first_leader": 1}, 3)
    checked = 0
    while state.phase != "over":
        r, i = state.round, len(state.p_seat)
        seat = state.mover
        bribe = min(k for k in state.hands[seat] if BRIBE_VALUE[k])
        state.apply(seat, ("play", FACES[bribe], state.table[0]))  # bribes only: no award decision
        if state.phase == "corruption" and state.round == r:
            assert state.p_up[i] == (i // 4 < r)
            checked += 1
    assert checked == 4 * (4 * 6 - 1)  # all but each round's last card


def test_rio_abajo_swiss_card_in_a_face_up_position_stays_face_down():
    state = position(3, ROUND_ONE, options={"variant": "rio_abajo"})
    run(state, [(s, "bribe-1000", "stadium") for s in range(3)])
    run(state, [(s, "bribe-2000", "stadium") for s in range(3)])
    run(state, [(0, "bribe-10000", "swiss:state"), (1, "bribe-4000", "stadium")])
    assert state.p_up[6:] == [False, True]  # the third card: up, unless in a Swiss account
    assert state.view(1)["plays"][6]["card"] == "back"


def test_stud_libre_the_leader_may_choose_no_face_up_card_at_all():
    state, _ = GAME.start(3, {"variant": "stud_libre", "first_leader": 2}, 1)
    state.apply(2, ("positions_done",))
    assert state.up_mask == 0 and state.mover == 2
    for _ in range(6):
        state.apply(state.mover, ("play", FACES[min(state.hands[state.mover])], state.table[0]))
    assert not any(state.p_up)


def test_stud_libre_the_leader_chooses_again_each_round():
    state, _ = GAME.start(3, {"variant": "stud_libre", "first_leader": 0}, 1)
    state.apply(0, ("face_up", 5))
    state.apply(0, ("positions_done",))
    finish_round(state, state.contracts[state.table[0]].id)
    assert state.round == 2 and state.phase == "positions" and state.up_mask == 0
    assert state.actors() == (state.leader,)


def test_cerrado_only_bribes_can_be_played():
    state, _ = GAME.start(3, {"variant": "cerrado"}, 0)
    assert {a[1] for a in state.legal_actions(state.mover)} == {f for f in FACES if f.startswith("bribe")}


# ---------------------------------------------------------- award, step 1: Swiss


def test_swiss_bribe_counts_half_value_even_the_smallest():
    state = position(3, ROUND_ONE)
    run(state, [(0, "bribe-1000", "swiss:county"), (1, "bribe-1000", "stadium")])
    finish_round_cards(state, "monument")
    # Seat 0 assigns its Swiss $1,000 to the Stadium: it counts $500 against seat 1's $1,000.
    events = state.apply(0, ("assign", contract(state, "stadium")))
    assert next(e for e in events if e.kind == "swiss_assigned").params["value"] == 500
    assert won_by(events)["stadium"] == 1


def test_swiss_bribe_cannot_be_assigned_to_a_contract_of_another_body():
    state = position(3, ROUND_ONE)
    run(state, [(0, "bribe-10000", "swiss:city")])
    finish_round_cards(state, "stadium")
    before = state.to_json()
    with pytest.raises(IllegalAction) as refused:
        state.apply(0, ("assign", contract(state, "stadium")))
    assert refused.value.key == "corruption.error.unknown_action"
    assert state.to_json() == before
    with pytest.raises(IllegalAction):
        state.apply(1, ("assign", contract(state, "monument")))  # not the owner
    assert state.to_json() == before


def test_swiss_half_value_tying_a_face_value_total_wins_nothing():
    state = position(3, ROUND_ONE)
    run(
        state,
        [(0, "bribe-10000", "swiss:state"), (1, "bribe-4000", "airport"), (2, "bribe-1000", "monument")],
    )
    run(state, [(0, "bribe-1000", "monument"), (1, "bribe-1000", "airport")])
    finish_round_cards(state, "stadium")
    events = state.apply(0, ("assign", contract(state, "airport")))
    tied = [
        e.params["total"]
        for e in events
        if e.kind == "contract_tied" and e.params["contract"]["$"].endswith("airport")
    ]
    assert tied == [5000]
    assert contract(state, "airport") in state.table


# --------------------------------------------------------- award, step 2: hitmen


def test_hitman_targets_only_characters_on_its_own_contract_never_bribes():
    state = position(3, ROUND_ONE)
    run(state, [(0, "hitman", "stadium"), (1, "attorney", "subway"), (2, "bribe-10000", "stadium")])
    run(state, [(0, "bribe-1000", "stadium"), (1, "reporter", "stadium"), (2, "reporter", "stadium")])
    finish_round_cards(state, "monument")
    assert state.actors() == (0,) and state.step == "hitmen"
    targets = sorted(a[1] for a in state.legal_actions(0))
    assert targets == sorted(
        [plays_of(state, 1, "reporter", "stadium"), plays_of(state, 2, "reporter", "stadium")]
    )


def test_hitman_killing_a_reporter_stops_its_removal():
    state = position(3, ROUND_ONE)
    run(state, [(0, "hitman", "stadium"), (1, "reporter", "stadium"), (2, "bribe-1000", "subway")])
    run(state, [(0, "bribe-10000", "stadium"), (1, "bribe-2000", "stadium")])
    events = finish_round(state, "monument")
    assert [e.params["card"] for e in events if e.kind == "hitman_kills"] == ["reporter"]
    assert "reporter_removes" not in kinds(events)
    assert won_by(events)["stadium"] == 0


def test_hitman_already_resolved_may_still_be_killed_by_a_later_hitman_its_kill_stands():
    state = position(3, ROUND_ONE)
    run(state, [(0, "hitman", "stadium"), (1, "attorney", "stadium"), (2, "hitman", "stadium")])
    run(state, [(0, "bribe-10000", "stadium"), (1, "bribe-10000", "subway"), (2, "bribe-1000", "subway")])
    finish_round_cards(state, "monument")
    attorney = plays_of(state, 1, "attorney", "stadium")
    first = plays_of(state, 0, "hitman", "stadium")
    events = state.apply(0, ("kill", attorney))
    # Seat 2's hitman now has one target left, seat 0's hitman, and kills it at once.
    kills = [(e.params["seat"], e.params["victim"]) for e in events if e.kind == "hitman_kills"]
    assert kills == [(0, attorney), (2, first)]
    assert "contract_cancelled" not in kinds(events)
    assert won_by(events)["stadium"] == 0


# ----------------------------------------------------- award, step 3: attorneys


def test_one_or_more_attorneys_cancel_a_contract_one_living_attorney_is_enough():
    state = position(3, ROUND_ONE)
    run(state, [(0, "attorney", "stadium"), (1, "attorney", "stadium"), (2, "hitman", "stadium")])
    run(state, [(0, "bribe-10000", "stadium")])
    finish_round_cards(state, "monument")
    events = state.apply(2, ("kill", plays_of(state, 0, "attorney", "stadium")))
    cancelled = [e for e in events if e.kind == "contract_cancelled"]
    assert [e.params["seat"] for e in cancelled] == [1]  # one event, the living attorney's
    assert contract(state, "stadium") in state.table
    assert card(state, 0, "bribe-10000") in state.hands[0]


def test_reporter_on_a_cancelled_contract_does_nothing():
    state = position(3, ROUND_ONE)
    run(state, [(0, "attorney", "stadium"), (1, "reporter", "stadium"), (2, "bribe-10000", "stadium")])
    events = finish_round(state)
    assert "contract_cancelled" in kinds(events)
    assert not [e for e in events if e.kind in ("reporter_removes", "reporter_idle")]


def test_cancelled_contract_is_open_to_new_bribes_next_round():
    state = position(3, ROUND_ONE)
    run(state, [(0, "attorney", "airport"), (1, "bribe-10000", "airport")])
    finish_round(state)
    assert contract(state, "airport") in state.table and not state.cancelled
    assert ("play", "bribe-1000", contract(state, "airport")) in state.legal_actions(state.mover)


# ----------------------------------------------------- award, step 4: reporters


def test_reporter_removes_only_bribes_on_its_own_contract():
    state = position(3, ROUND_ONE)
    run(state, [(0, "reporter", "stadium"), (1, "bribe-10000", "subway"), (2, "bribe-8000", "stadium")])
    run(state, [(0, "bribe-1000", "subway"), (1, "bribe-6000", "stadium")])
    finish_round_cards(state, "monument")
    assert state.actors() == (0,)
    targets = sorted(a[1] for a in state.legal_actions(0) if a[0] == "remove")
    assert targets == sorted(
        [plays_of(state, 2, "bribe-8000", "stadium"), plays_of(state, 1, "bribe-6000", "stadium")]
    )


# --------------------------------------------------------- award, step 5: ties


def test_tie_between_the_highest_totals_gives_nothing_even_to_a_lower_bidder():
    state = position(3, ROUND_ONE)
    run(
        state,
        [(0, "bribe-6000", "university"), (1, "bribe-6000", "university"), (2, "bribe-4000", "university")],
    )
    events = finish_round(state)
    assert "university" not in won_by(events)
    tied = next(
        e for e in events if e.kind == "contract_tied" and e.params["contract"]["$"].endswith("university")
    )
    assert tied.params["tied_seat"] == [0, 1]
    assert all(contract(state, "university") not in w for w in state.won)


# ------------------------------------------------------- after the round


def test_every_character_played_leaves_the_game_killed_idle_or_cancelled():
    state = position(3, ROUND_ONE)
    run(state, [(0, "hitman", "stadium"), (1, "attorney", "stadium"), (2, "hitman", "airport")])
    run(state, [(0, "attorney", "subway"), (1, "reporter", "subway"), (2, "reporter", "university")])
    finish_round(state)
    assert [sorted(FACES[k] for k in state.spent[s]) for s in range(3)] == [
        ["attorney", "hitman"],
        ["attorney", "reporter"],
        ["hitman", "reporter"],
    ]
    assert [len(state.hands[s]) for s in range(3)] == [8, 8, 8]


def test_little_black_book_cards_are_two_for_the_whole_game_not_per_round():
    state = position(3, ROUND_ONE, options={"black_book": True})
    run(state, [(s, "bribe-1000", "stadium") for s in range(3)])
    play(state, 0, "bribe-2000", "stadium")
    state.apply(2, ("look", 3))
    finish_round_books(state)
    assert state.round == 2 and state.bb_left == [2, 2, 1]


def test_little_black_book_never_looks_at_a_face_up_card_or_the_lookers_own():
    state = position(3, ROUND_ONE, options={"black_book": True})
    run(state, [(0, "bribe-1000", "stadium"), (1, "bribe-1000", "stadium"), (2, "bribe-1000", "stadium")])
    play(state, 0, "bribe-2000", "stadium")
    assert state.look_targets(1) == [3]  # the face-up first cards are not targets
    assert state.look_targets(0) == []  # its own face-down card neither
    with pytest.raises(IllegalAction) as refused:
        state.apply(2, ("look", 1))
    assert refused.value.key == "corruption.error.cannot_look"


# ------------------------------------------------------------ the end


def test_game_ends_after_the_fourth_round_with_no_fifth_deal():
    state = position(3, ROUND_ONE, round_number=4)
    events = finish_round(state)
    assert state.phase == "over" and state.round == 4
    assert "round" not in kinds(events) and kinds(events)[-1] == "game_over"
    assert state.actors() == () and state.legal_actions(0) == []
    with pytest.raises(IllegalAction) as refused:
        state.apply(0, ("play", "bribe-1000", state.table[0]))
    assert refused.value.key == "error.game_over"


# ------------------------------------------------------- the worked example


def test_worked_example_the_swiss_bribe_on_the_opera_house_would_have_been_wasted():
    """ "Sabiendo que la Casa de la Ópera será retrasada [...] la mejor opción es ponerlo en el
    Monumento": assigned to the Opera House, player 1's $4,000 is lost with the cancellation
    and the Monument goes to player 2's $2,000 instead."""
    state = position(4, EXAMPLE_BODIES, leader=0)
    run(state, CORRUPTION_PHASE)
    events = state.apply(0, ("assign", contract(state, "opera_house")))
    events += state.apply(1, ("assign", contract(state, "airport")))
    events += state.apply(2, ("remove", plays_of(state, 0, "bribe-10000", "airport")))
    events += state.apply(3, ("remove", plays_of(state, 2, "bribe-10000", "airport")))
    assert won_by(events)["monument"] == 1
    assert state.won[0] == []


# ------------------------------------------------------- hidden information


def twins() -> tuple[tuple[CorruptionState, list[Event]], tuple[CorruptionState, list[Event]]]:
    """Two positions equal in all but seat 0's face-down card on the Stadium (play 3) and its
    Swiss bribe at City Hall (play 6), with the events of those two plays."""
    out = []
    for hidden, secret in (("attorney", "bribe-8000"), ("bribe-10000", "bribe-1000")):
        state = position(3, ROUND_ONE, options={"black_book": True})
        run(state, [(0, "bribe-2000", "stadium"), (1, "bribe-1000", "stadium"), (2, "bribe-1000", "stadium")])
        events = play(state, 0, hidden, "stadium")
        run(state, [(1, "bribe-2000", "airport"), (2, "bribe-2000", "airport")])
        events += swiss(state, 0, secret, "city")
        out.append((state, events))
    return out[0], out[1]


def seen(events: list[Event], seat: int | None) -> str:
    return json.dumps([e.to_json() for e in events if e.to is None or (seat is not None and seat in e.to)])


def refusals(state: CorruptionState, seat: int) -> list[tuple[str, str]]:
    attempts = [
        ("look", 3),
        ("look", 6),
        ("look", 0),
        ("decline",),
        ("play", "bribe-10000", state.table[0]),
        ("swiss", "attorney", 0),
        ("assign", state.table[0]),
        ("kill", 3),
        ("remove", 3),
    ]
    out = []
    for action in attempts:
        try:
            state.clone().apply(seat, action)
            out.append(("accepted", ""))
        except IllegalAction as refused:
            out.append((refused.key, json.dumps(refused.params, sort_keys=True)))
    return out


def test_hidden_cards_leak_through_no_view_event_action_label_or_error_to_others():
    (a, a_events), (b, b_events) = twins()
    assert a.p_kind[3] != b.p_kind[3] and a.p_kind[6] != b.p_kind[6]
    assert a.mover == 1 and a.actors() == (2, 0, 1)  # seats 2 and 0 may look, seat 1 is to play
    for seat in (1, 2, None):
        assert seen(a_events, seat) == seen(b_events, seat)
        for recall in (True, False):
            assert json.dumps(a.view(seat, recall=recall)) == json.dumps(b.view(seat, recall=recall))
        if seat is None:
            continue
        assert a.legal_actions(seat) == b.legal_actions(seat)
        assert [a.label(x) for x in a.legal_actions(seat)] == [b.label(x) for x in b.legal_actions(seat)]
        assert refusals(a, seat) == refusals(b, seat)
    assert a.actors() == b.actors()
    assert a.view(0)["plays"][3]["card"] != b.view(0)["plays"][3]["card"]  # the owner sees its own


def test_little_black_book_look_is_private_to_the_looker_in_views_and_events():
    (a, _), (b, _) = twins()
    looks = [s.apply(1, ("look", 3)) for s in (a, b)]
    assert seen(looks[0], 2) == seen(looks[1], 2) and seen(looks[0], None) == seen(looks[1], None)
    assert json.dumps(a.view(2)) == json.dumps(b.view(2))
    assert json.dumps(a.view(None)) == json.dumps(b.view(None))
    assert a.view(1)["plays"][3]["card"] == "attorney" and b.view(1)["plays"][3]["card"] == "bribe-10000"
    private = [e for e in looks[0] if e.to is not None]
    assert [e.to for e in private] == [(1,)] and private[0].params["card"] == "attorney"


# ------------------------------------------------------------ regressions


def test_position_with_a_body_without_contracts_stalls_the_swiss_bribe_bug():
    """A Swiss bribe must go to a contract of its body, and every round deals two under each, so
    a position in play with an empty body cannot arise; read from a hand-written file, it used to
    load and then stall the award (the owner to act with no legal action). It is refused."""
    with pytest.raises(ValueError, match="under every body"):
        position(3, [["monument", "opera_house"], [], ["university", "airport"]])
    data = position(3, ROUND_ONE).to_json()
    data["body_of"][data["table"][0]] = -1
    with pytest.raises(ValueError, match="under every body"):
        CorruptionState.from_json(data)
    # Once the game is over the contracts left unwon may leave a body empty: that still loads.
    over = position(3, ROUND_ONE, round_number=4)
    finish_round(over)
    data = over.to_json()
    county = [c for c in data["table"] if data["body_of"][c] == 1]
    data["table"] = [c for c in data["table"] if c not in county]
    data["won"][0] += county
    for c in county:
        data["body_of"][c] = -1
    assert CorruptionState.from_json(data).phase == "over"
