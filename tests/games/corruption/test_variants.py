"""The rulebook's four variants ("Variantes"), one test or more each, as table options."""

from __future__ import annotations

import pytest

from backroom.engine.errors import IllegalAction
from backroom.games.corruption import GAME
from backroom.games.corruption.cards import BRIBES, FACES, VARIANTS

from .conftest import contract, play, position, run, swiss

ROUND_ONE = [["monument", "opera_house"], ["stadium", "subway"], ["university", "airport"]]


def cheapest(state, seat):
    return min(state.hands[seat], key=lambda k: (FACES[k] != "bribe-1000", k))


def face_up_pattern(options, round_number):
    """Which of seat 0's six plays land face up in round ``round_number`` (no Swiss plays)."""
    state = position(3, ROUND_ONE, round_number=round_number, options=options)
    ups = []
    for _ in range(16):
        seat = state.mover
        k = min(state.hands[seat])
        state.apply(seat, ("play", FACES[k], contract(state, "stadium")))
    ups = [state.p_up[i] for i in range(len(state.p_seat)) if state.p_seat[i] == 0]
    return [p + 1 for p, up in enumerate(ups) if up]


def test_standard_round_r_first_r_cards_face_up():
    assert [face_up_pattern({}, r) for r in (1, 2, 3, 4)] == [[1], [1, 2], [1, 2, 3], [1, 2, 3, 4]]


def test_rio_abajo_face_up_pattern_of_the_rulebook():
    options = {"variant": "rio_abajo"}
    assert [face_up_pattern(options, r) for r in (1, 2, 3, 4)] == [[3], [3, 4], [2, 3, 4], [2, 3, 4, 5]]


def test_stud_libre_leading_player_chooses_how_many_and_which_cards_are_face_up():
    state, _ = GAME.start(3, {"variant": "stud_libre", "first_leader": 1}, 4)
    assert state.phase == "positions" and state.actors() == (1,)
    assert state.legal_actions(0) == []
    assert ("positions_done",) in state.legal_actions(1)
    state.apply(1, ("face_up", 0))
    state.apply(1, ("face_up", 5))
    assert ("face_up", 0) not in state.legal_actions(1)
    events = state.apply(1, ("positions_done",))
    assert next(e for e in events if e.kind == "face_up_positions").params["positions"] == [1, 6]
    assert state.phase == "corruption" and state.mover == 1
    for _ in range(18):
        seat = state.mover
        state.apply(seat, ("play", FACES[cheapest(state, seat)], state.table[0]))
        if len(state.p_seat) == 17:
            break
    ups = [p for p in range(17) if state.p_up[p]]
    assert ups == [0, 1, 2, 15, 16]  # first and sixth card of each seat (the last one not yet played)


def test_stud_libre_swiss_plays_stay_face_down():
    state, _ = GAME.start(3, {"variant": "stud_libre", "first_leader": 0}, 4)
    state.apply(0, ("face_up", 0))
    state.apply(0, ("positions_done",))
    state.apply(0, ("swiss", "bribe-4000", 1))
    assert state.p_up == [False]


def test_cerrado_all_cards_face_down_and_no_character_cards():
    state, _ = GAME.start(4, {"variant": "cerrado"}, 2)
    assert all(h == list(BRIBES) for h in state.hands)
    assert state.up_mask == 0
    while state.round == 1:
        seat = state.actors()[0]
        state.apply(seat, state.legal_actions(seat)[0])
        if state.phase == "corruption" and state.round == 1:
            assert not any(state.p_up)
    assert all(h == list(BRIBES) for h in state.hands)  # every bribe played and back


@pytest.mark.parametrize("variant", VARIANTS)
def test_little_black_book_none_unless_asked_in_every_variant_two_cards_each_when_asked(variant):
    """Ruling 10: the regular game and the other variants use no book; asked for, it is two each."""
    without, _ = GAME.start(3, {"variant": variant}, 1)
    with_book, _ = GAME.start(3, {"variant": variant, "black_book": True}, 1)
    assert without.bb_left == [0, 0, 0] and not without.black_book
    assert with_book.bb_left == [2, 2, 2] and with_book.black_book


def test_little_black_book_looks_at_a_face_down_card_on_a_contract_privately():
    state = position(3, ROUND_ONE, options={"black_book": True})
    run(state, [(0, "bribe-1000", "stadium"), (1, "bribe-1000", "stadium"), (2, "bribe-1000", "stadium")])
    play(state, 0, "attorney", "stadium")  # face down
    # A window: seat 2 and seat 0 hold books, seat 1 is to play; the others are asked first.
    assert state.actors() == (2, 1)
    assert ("look", 3) in state.legal_actions(2) and ("decline",) in state.legal_actions(2)
    events = state.apply(2, ("look", 3))
    public = [e for e in events if e.to is None]
    private = [e for e in events if e.to is not None]
    assert [e.kind for e in public] == ["look"] and "card" not in public[0].params
    assert private[0].to == (2,) and private[0].params["card"] == "attorney"
    assert state.view(2)["plays"][3]["card"] == "attorney"
    assert state.view(1)["plays"][3]["card"] == "back"
    assert state.view(2, recall=False)["plays"][3]["card"] == "back"
    assert state.bb_left == [2, 2, 1]


def test_little_black_book_never_looks_into_a_swiss_account():
    state = position(3, ROUND_ONE, options={"black_book": True})
    run(state, [(0, "bribe-1000", "stadium"), (1, "bribe-1000", "stadium"), (2, "bribe-1000", "stadium")])
    swiss(state, 0, "bribe-10000", "city")
    assert state.actors() == (1,)  # nothing a book may look at: no window
    assert not [a for a in state.legal_actions(1) if a[0] == "look"]
    with pytest.raises(IllegalAction) as refused:
        state.apply(2, ("look", 3))
    assert refused.value.key == "corruption.error.not_your_turn"


def test_little_black_book_usable_in_the_players_own_turn():
    state = position(3, ROUND_ONE, options={"black_book": True})
    run(state, [(0, "bribe-1000", "stadium"), (1, "bribe-1000", "stadium"), (2, "bribe-1000", "stadium")])
    play(state, 0, "attorney", "stadium")
    state.apply(2, ("decline",))
    assert state.actors() == (1,)
    assert ("look", 3) in state.legal_actions(1)
    state.apply(1, ("look", 3))
    assert state.actors() == (1,) and state.bb_left[1] == 1
