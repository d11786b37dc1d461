"""One test per rule of the rulebook (shared/seeds/000_cc2ae405b88df7bc.txt), named after it."""

from __future__ import annotations

import pytest

from backroom.engine.errors import IllegalAction
from backroom.games.corruption import GAME
from backroom.games.corruption.cards import BODIES, BRIBE_VALUE, DECK_SIZE, FACES
from tests.helpers import kinds

from .conftest import card, contract, play, plays_of, position, run, swiss

ROUND_ONE = [["monument", "opera_house"], ["stadium", "subway"], ["university", "airport"]]


def fill(state):
    """Play the round's remaining cards, smallest bribe first, all on the Monument."""
    current = state.round
    events = []
    while state.phase == "corruption" and state.round == current:
        seat = state.mover
        bribe = min((k for k in state.hands[seat] if BRIBE_VALUE[k]), default=state.hands[seat][0])
        events += state.apply(seat, ("play", FACES[bribe], contract(state, "monument")))
    return events


# ------------------------------------------------------------------ setup


def test_setup_each_player_holds_a_ten_card_set_in_their_colour():
    state, _ = GAME.start(4, {}, 7)
    faces = [FACES[k] for k in state.hands[0]]
    assert faces == [
        "bribe-1000", "bribe-2000", "bribe-4000", "bribe-6000", "bribe-8000", "bribe-10000",
        "attorney", "reporter", "reporter", "hitman",
    ]  # fmt: skip
    assert all(len(h) == 10 for h in state.hands)


def test_setup_three_government_bodies_and_24_shuffled_contracts():
    state, _ = GAME.start(3, {}, 1)
    other, _ = GAME.start(3, {}, 2)
    assert len(state.contracts) == DECK_SIZE == 24
    assert len(state.deck) + len(state.table) == 24
    assert sorted({state.body_of[c] for c in state.table}) == [0, 1, 2]
    assert state.deck != other.deck


def test_player_count_is_three_to_seven():
    assert (GAME.min_players, GAME.max_players) == (3, 7)


# ---------------------------------------------------- invitation to bid


def test_invitation_to_bid_two_new_contracts_under_each_body():
    state, _ = GAME.start(5, {}, 3)
    assert [sum(1 for c in state.table if state.body_of[c] == b) for b in range(3)] == [2, 2, 2]
    assert len(state.deck) == 18


def test_contracts_not_won_stay_and_six_new_ones_join_them():
    state = position(3, ROUND_ONE)
    fill(state)  # equal bribes on the Monument (a tie); the five other contracts get none
    assert state.round == 2
    for cid in ["monument", "opera_house", "stadium", "subway", "university", "airport"]:
        assert contract(state, cid) in state.table
    assert len(state.table) == 6 + 6
    assert [sum(1 for c in state.table if state.body_of[c] == b) for b in range(3)] == [4, 4, 4]


def test_four_rounds_then_the_game_ends():
    state, _ = GAME.start(3, {}, 5)
    rounds = set()
    while state.actors():
        rounds.add(state.round)
        seat = state.actors()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    assert rounds == {1, 2, 3, 4}
    assert state.outcome() is not None and state.outcome().reason == "rounds_played"


# ------------------------------------------------------- corruption phase


def test_leading_player_has_the_highest_total_contract_value():
    state = position(4, ROUND_ONE, round_number=2, leader=0, won={2: ["hydro_electric_dam"], 3: ["museum"]})
    assert state.leading_player() == 2


def test_leading_player_tie_goes_to_more_contracts():
    state = position(
        4, ROUND_ONE, round_number=2, won={1: ["hydro_electric_dam"], 3: ["museum", "power_plant"]}
    )
    assert state.leading_player() == 3


def test_leading_player_plays_first_then_clockwise():
    state = position(4, ROUND_ONE, leader=2)
    seen = []
    for _ in range(8):
        seen.append(state.mover)
        play(state, state.mover, "bribe-1000" if len(seen) <= 4 else "bribe-2000", "monument")
    assert seen == [2, 3, 0, 1, 2, 3, 0, 1]


def test_each_player_places_six_cards_one_at_a_time():
    state = position(3, ROUND_ONE)
    for _ in range(17):
        assert state.phase == "corruption"
        fill_one = min(k for k in state.hands[state.mover] if BRIBE_VALUE[k])
        state.apply(state.mover, ("play", FACES[fill_one], contract(state, "stadium")))
    assert state.phase == "corruption" and state.turn == 17
    state.apply(state.mover, ("play", "bribe-10000", contract(state, "stadium")))
    assert state.round == 2  # the eighteenth card ended round one


def test_round_r_first_r_cards_of_each_player_face_up():
    state = position(3, ROUND_ONE, round_number=3)
    for _ in range(17):
        seat = state.mover
        state.apply(
            seat,
            ("play", FACES[min(k for k in state.hands[seat] if BRIBE_VALUE[k])], contract(state, "airport")),
        )
    assert state.p_up == [True] * 9 + [False] * 8


def test_face_down_cards_are_hidden_from_other_players_until_the_reveal():
    state = position(3, ROUND_ONE)
    run(state, [(0, "bribe-1000", "stadium"), (1, "bribe-1000", "stadium"), (2, "bribe-1000", "stadium")])
    events = play(state, 0, "attorney", "stadium")
    assert [e.kind for e in events if e.to is None] == ["play_face_down"]
    assert all("card" not in e.params for e in events if e.to is None)
    assert state.view(1)["plays"][3]["card"] == "back"
    assert state.view(None)["plays"][3]["card"] == "back"
    assert state.view(0)["plays"][3]["card"] == "attorney"


def test_swiss_account_takes_bribes_only_always_face_down():
    state = position(3, ROUND_ONE)
    for face in ("hitman", "attorney", "reporter"):
        for b in range(len(BODIES)):
            with pytest.raises(IllegalAction) as refused:
                state.apply(0, ("swiss", face, b))
            assert refused.value.key == "corruption.error.character_in_swiss"
    swiss(state, 0, "bribe-10000", "county")  # the first card: a face-up position
    assert state.p_up == [False]
    assert state.view(1)["plays"][0]["card"] == "back"
    assert state.view(1)["plays"][0]["swiss"] == "county"


def test_characters_are_played_only_on_contracts():
    state = position(3, ROUND_ONE)
    legal = state.legal_actions(0)
    characters = ("attorney", "reporter", "hitman")
    moves = [a for a in legal if a[1] in characters]
    assert {a[1] for a in moves} == set(characters)
    assert all(a[0] == "play" for a in moves)


def test_a_card_not_in_hand_or_a_contract_not_on_the_table_is_refused():
    state = position(3, ROUND_ONE)
    run(state, [(0, "hitman", "stadium"), (1, "bribe-1000", "stadium"), (2, "bribe-1000", "stadium")])
    before = state.to_json()
    refusals = {
        (
            0,
            ("play", "hitman", contract(state, "stadium")),
        ): "corruption.error.card_not_in_hand",
        (
            0,
            ("play", "attorney", contract(state, "hospital")),
        ): "corruption.error.contract_not_on_table",
        (
            1,
            ("play", "attorney", contract(state, "stadium")),
        ): "corruption.error.not_your_turn",
        (0, ("swiss", "bribe-1000", 3)): "corruption.error.no_such_body",
    }
    for (seat, action), key in refusals.items():
        with pytest.raises(IllegalAction) as refused:
            state.apply(seat, action)
        assert refused.value.key == key
    assert state.to_json() == before


# ---------------------------------------------------------- contract award


def test_award_step_1_swiss_bribe_goes_to_a_contract_of_the_same_body_at_half_value():
    state = position(3, ROUND_ONE)
    run(
        state,
        [(0, "bribe-10000", "swiss:state"), (1, "bribe-4000", "airport"), (2, "bribe-1000", "university")],
    )
    fill(state)
    assert state.phase == "award" and state.actors() == (0,)
    assert state.legal_actions(0) == [
        ("assign", contract(state, "university")),
        ("assign", contract(state, "airport")),
    ]
    events = state.apply(0, ("assign", contract(state, "airport")))
    assert next(e for e in events if e.kind == "swiss_assigned").params["value"] == 5000
    won = [e for e in events if e.kind == "contract_won" and e.params["contract"]["$"].endswith("airport")]
    assert won[0].params["seat"] == 0 and won[0].params["total"] == 5000  # beats $4,000


def test_award_step_2_hitman_kills_a_character_on_its_contract():
    state = position(3, ROUND_ONE)
    run(state, [(0, "bribe-10000", "stadium"), (1, "hitman", "stadium"), (2, "bribe-8000", "stadium")])
    run(state, [(0, "attorney", "stadium")])
    events = fill(state)
    killed = [e for e in events if e.kind == "hitman_kills"]
    assert killed and killed[0].params["seat"] == 1 and killed[0].params["card"] == "attorney"
    assert not [e for e in events if e.kind == "contract_cancelled"]
    assert contract(state, "stadium") in state.won[0]


def test_award_step_2_hitman_without_legal_target_leaves():
    state = position(3, ROUND_ONE)
    run(state, [(0, "hitman", "stadium")])
    events = fill(state)
    assert "hitman_leaves" in kinds(events)


def test_award_step_3_district_attorney_cancels_contract_it_stays_and_bribes_return():
    state = position(3, ROUND_ONE)
    run(state, [(0, "bribe-10000", "airport"), (1, "attorney", "airport")])
    events = fill(state)
    assert "contract_cancelled" in kinds(events)
    assert contract(state, "airport") in state.table
    assert card(state, 0, "bribe-10000") in state.hands[0]  # the bribe came back


def test_award_step_4_reporter_removes_one_bribe_of_its_owners_choice():
    state = position(3, ROUND_ONE)
    run(state, [(0, "bribe-10000", "stadium"), (1, "reporter", "stadium"), (2, "bribe-8000", "stadium")])
    run(state, [(0, "bribe-1000", "stadium")])
    fill(state)
    assert state.actors() == (1,)
    ten = plays_of(state, 0, "bribe-10000", "stadium")
    state.apply(1, ("remove", ten))
    assert contract(state, "stadium") in state.won[2]


def test_award_step_4_reporter_cannot_remove_a_swiss_bribe():
    state = position(3, ROUND_ONE)
    run(state, [(0, "bribe-10000", "swiss:county"), (1, "reporter", "stadium"), (2, "bribe-1000", "stadium")])
    fill(state)
    state.apply(0, ("assign", contract(state, "stadium")))
    # The reporter may remove seat 2's bribe or none; the Swiss bribe is never a choice.
    one = plays_of(state, 2, "bribe-1000", "stadium")
    assert state.legal_actions(1) == [("remove", one), ("no_removal",)]
    state.apply(1, ("remove", one))
    assert contract(state, "stadium") in state.won[0]


def test_award_step_4_a_reporter_allows_its_owner_to_remove_a_bribe_or_none():
    # Award step 4: "Cada reportero le permite a su dueño remover un soborno de su elección"
    # — it allows, where step 2 says the hitman "debe" (must): removing is the owner's choice,
    # even when a single bribe is there, and even the owner's own bribe is never removed for it.
    state = position(3, ROUND_ONE)
    run(state, [(0, "bribe-8000", "stadium"), (1, "reporter", "stadium"), (2, "bribe-1000", "subway")])
    run(state, [(0, "bribe-1000", "subway"), (1, "bribe-10000", "stadium")])
    fill(state)
    assert state.actors() == (1,)
    own = plays_of(state, 1, "bribe-10000", "stadium")
    rival = plays_of(state, 0, "bribe-8000", "stadium")
    assert sorted(state.legal_actions(1)) == sorted([("remove", own), ("remove", rival), ("no_removal",)])
    events = state.apply(1, ("no_removal",))
    assert "reporter_declines" in kinds(events) and "reporter_removes" not in kinds(events)
    assert contract(state, "stadium") in state.won[1]  # both bribes stayed: $10,000 beats $8,000


def test_award_step_5_highest_total_wins_the_contract():
    state = position(3, ROUND_ONE)
    run(
        state,
        [(0, "bribe-6000", "university"), (1, "bribe-4000", "university"), (2, "bribe-2000", "university")],
    )
    run(
        state,
        [(0, "bribe-1000", "university"), (1, "bribe-2000", "university"), (2, "bribe-8000", "university")],
    )
    fill(state)
    assert contract(state, "university") in state.won[2]  # 10,000 against 7,000 and 6,000


def test_award_step_5_tie_means_nobody_wins_and_the_contract_stays():
    state = position(3, ROUND_ONE)
    run(state, [(0, "bribe-6000", "university"), (1, "bribe-6000", "university")])
    fill(state)
    assert contract(state, "university") in state.table
    assert not any(contract(state, "university") in w for w in state.won)


def test_award_follows_the_order_cards_were_played():
    state = position(3, ROUND_ONE, leader=1)
    run(
        state,
        [(1, "bribe-2000", "swiss:city"), (2, "bribe-2000", "swiss:city"), (0, "bribe-2000", "swiss:city")],
    )
    fill(state)
    order = []
    while state.phase == "award":
        seat = state.actors()[0]
        order.append(seat)
        state.apply(seat, state.legal_actions(seat)[0])
    assert order == [1, 2, 0]


def test_characters_leave_the_game_after_their_round_bribes_come_back():
    state = position(3, ROUND_ONE)
    run(state, [(0, "reporter", "stadium"), (1, "hitman", "airport"), (2, "attorney", "subway")])
    fill(state)
    assert [FACES[k] for k in state.spent[0]] == ["reporter"]
    assert [FACES[k] for k in state.spent[1]] == ["hitman"]
    assert [FACES[k] for k in state.spent[2]] == ["attorney"]
    assert all(len(state.hands[s]) == 9 for s in range(3))
    assert state.inventory()["player_cards"] == 30


# ----------------------------------------------------------------- the end


def test_end_after_round_four_highest_total_contract_value_wins():
    state = position(3, ROUND_ONE, round_number=4, won={1: ["hydro_electric_dam"], 2: ["museum"]})
    run(state, [(0, "bribe-10000", "monument"), (1, "attorney", "stadium"), (2, "attorney", "university")])
    fill(state)  # seat 0: $31,000 on the Monument against $21,000 each
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.winners == (1,)
    assert outcome.scores[1] == 1_200_000
    assert outcome.scores[0] == 100_000  # the Monument, won this round
