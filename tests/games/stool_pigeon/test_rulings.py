"""Rulings: where the rulebook is silent, the choices ``state.py`` makes, each pinned here.

(The rulings about the elimination window are in ``test_snap.py``, the Soplón's value when
nothing can be revealed in ``test_scoring.py``.)
"""

from __future__ import annotations

import pytest

from backroom.engine.errors import BadOptions
from backroom.games.stool_pigeon import GAME
from tests.helpers import event, kinds, play, refuse

from .conftest import FILLER, faces, position, quiet_turn


def test_player_count_is_two_to_six_ruling():
    # Ruling: the rulebook shows two players and names no limit; 54 cards seat 2-6 (six
    # Districts take 24 cards and leave 30 to draw).
    assert (GAME.min_players, GAME.max_players) == (2, 6)
    for players in (1, 7):
        with pytest.raises(BadOptions) as error:
            GAME.start(players, {}, seed=0)
        assert error.value.key == "error.player_count"
    state, _ = GAME.start(6, {}, seed=0)
    assert len(state.deck) == 30


def test_grid_growth_new_cards_are_appended_and_empty_slots_are_kept_ruling():
    # Ruling: a District grows by appending slots (column len // 2, top row first); a card
    # that leaves makes an empty slot that stays, so remembered places never shift. A penalty
    # card does not fill the hole left by an eliminated Witness.
    state = position(
        [
            ["witness-7", None, "witness-3", "witness-4"],
            ["witness-6", "witness-8", "witness-9", "witness-10"],
        ],
        deck=["witness-2", "witness-5"],
    )
    play(state, (0, ("draw",)), (0, ("swap", 0)), (1, ("snap", 1, 0)))  # a miss: penalty
    assert faces(state, 1) == ["witness-6", "witness-8", "witness-9", "witness-10", "witness-5"]
    assert faces(state, 0) == ["witness-2", None, "witness-3", "witness-4"]
    assert state.view(0)["districts"][0][1] is None  # an empty slot is shown as empty


def test_an_exhausted_draw_pile_is_rebuilt_from_the_discard_pile_but_its_top_card_ruling():
    # Ruling: when a card must be drawn and the draw pile is empty, the discard pile except
    # its face-up top card is shuffled into a new draw pile.
    state = position(
        [FILLER[0], FILLER[1]],
        deck=[],
        discard=["witness-5", "witness-6", "witness-9"],
        leftover=1,
    )
    events = state.apply(0, ("draw",))
    assert event(events, "reshuffle").params == {"count": 2}
    assert kinds(events)[0] == "reshuffle"
    assert state.view(None)["discard"] == ["witness-9"]
    assert state.view(0)["held"] in ("witness-5", "witness-6")
    assert state.view(None)["deck"] == 1


def test_a_penalty_draw_may_reshuffle_but_the_played_card_stays_on_top_ruling():
    # The same rebuild happens in the middle of a window: a penalty card drawn from an empty
    # draw pile reshuffles the discard pile under the Witness that opened the window.
    state = position(
        [FILLER[0], FILLER[1]],
        deck=[],
        discard=["witness-9", "witness-10", "witness-7"],
        leftover=1,
        phase="snap",
        window=7,
        eligible=[1, 0],
    )
    events = state.apply(1, ("snap", 0, 0))
    assert kinds(events) == ["snap_miss", "reshuffle", "penalty"]
    assert state.view(None)["discard"] == ["witness-7"]
    assert faces(state, 1)[-1] in ("witness-9", "witness-10")
    assert state.phase == "snap" and state.window_value == 7


def test_the_game_ends_when_no_card_can_be_drawn_for_the_next_turn_ruling():
    # Ruling: if at the end of a turn the draw pile is empty and the discard pile holds only
    # its top card, nobody can play a turn: the game ends and is scored ("deck_exhausted").
    state = position([FILLER[0], FILLER[1]], deck=["witness-10"], leftover=1)
    events = quiet_turn(state, 0, 0)  # draws the last card and plays a Witness 2
    assert state.deck == [] and len(state.discard) == 1
    assert event(events, "game_over").params["reason"] == "deck_exhausted"
    assert state.outcome() is not None and state.outcome().reason == "deck_exhausted"


def test_the_round_limit_option_ends_the_game_after_n_rounds_ruling():
    # Ruling: the table option round_limit (default 20) caps the game at that many rounds;
    # a round is one turn per seat, closing included.
    state = position([FILLER[0], FILLER[1]], round_limit=2, turns=2, deck=["witness-10"] * 3)
    quiet_turn(state, 0, 0)
    assert not state.is_over  # three turns of four
    events = quiet_turn(state, 1, 0)
    assert event(events, "game_over").params["reason"] == "round_limit"
    assert GAME.resolve_options({})["round_limit"] == 20
    fresh, _ = GAME.start(3, {"round_limit": 5}, seed=0)
    assert fresh.turn_limit == 15


def test_a_family_action_with_a_target_is_mandatory_ruling():
    # Ruling: "realiza la acción descrita en la carta" is not optional: there is no pass, and
    # the game waits for the action.
    state = position([["maton", "witness-3", "witness-4", "witness-5"], FILLER[1]], deck=["witness-2"])
    play(state, (0, ("draw",)), (0, ("swap", 0)))
    assert {a[0] for a in state.legal_actions(0)} == {"peek"}
    assert refuse(state, 0, ("pass",)) == "error.illegal_action"
    assert refuse(state, 0, ("draw",)) == "error.illegal_action"


def test_a_family_action_with_no_target_is_skipped_ruling():
    # Ruling: an action that cannot be carried out is skipped. Seat 2 has closed and seat 1's
    # District is empty, so after seat 0 plays its Conductora the only face-down card it may
    # touch is the one it just swapped in: no pair to swap, and the turn ends.
    state = position([["conductora"], [None, None], FILLER[1]], deck=["witness-2"], closer=2)
    events = play(state, (0, ("draw",)), (0, ("swap", 0)))
    assert event(events, "no_target").params == {"seat": 0, "phase": "switch"}
    assert kinds(events)[-2:] == ["no_target", "turn"]
    assert state.phase == "draw" and state.active == 1


def test_a_sicario_with_nothing_to_swap_still_looks_ruling():
    # Ruling: the Sicario's two halves are separate; the look happens, the swap is skipped.
    state = position([["sicario"], [None, None], FILLER[1]], deck=["witness-2"], closer=2)
    play(state, (0, ("draw",)), (0, ("swap", 0)))
    assert state.legal_actions(0) == [("peek", 0, 0)]
    events = state.apply(0, ("peek", 0, 0))
    assert kinds(events) == ["peek", "peeked", "no_target", "turn"]
    assert event(events, "no_target").params["phase"] == "switch"


def test_an_empty_district_at_the_swap_step_keeps_the_drawn_card_ruling():
    # Ruling: with every card eliminated there is nothing to swap with, so the drawn card
    # joins the District ("keep") and nothing is played: no window, no Family action.
    state = position([FILLER[0], [None, None, None, None]], deck=["witness-2", "witness-3"], active=1)
    state.apply(1, ("draw",))
    assert state.legal_actions(1) == [("keep",)]
    events = state.apply(1, ("keep",))
    assert kinds(events) == ["keep", "turn"]
    assert faces(state, 1) == [None, None, None, None, "witness-2"]
    assert state.view(1)["districts"][1][4] == "witness-2"  # the keeper saw it when drawing
    assert state.view(0)["districts"][1][4] == "back"


def test_the_capo_cannot_add_when_no_card_can_be_drawn_ruling():
    # Ruling: the Capo's "add" needs a next card; with an empty draw pile and only the Capo
    # itself in the discard pile, removing one of one's own cards is the only choice left.
    state = position([["capo", "witness-3"], FILLER[1]], deck=["witness-2"], leftover=1)
    play(state, (0, ("draw",)), (0, ("swap", 0)))
    assert state.legal_actions(0) == [("remove", 0), ("remove", 1)]


def test_round_limit_still_gives_every_other_seat_its_last_turn_after_a_close_ruling():
    # FIN DE LA PARTIDA: "El resto de personas tendrá un último turno" — the safety limit of
    # the round_limit option never takes that turn away.
    state = position([FILLER[0], FILLER[1]], round_limit=2, turns=3, deck=["witness-10"] * 3)
    play(state, (0, ("close",)))
    assert not state.is_over and state.actors() == (1,)
    quiet_turn(state, 1, 0)
    assert state.outcome() is not None and state.outcome().reason == "closed"


def test_a_reshuffle_after_a_resample_draws_from_the_resample_not_the_real_deal_ruling_4():
    """Ruling 4 says nobody knows where reshuffled cards lie: neither may a determinized
    position. Before the kernel owned chance, ``resample`` copied the deal's seed and 789 of 812
    determinizations drew exactly the real new pile; now each resample redraws it."""
    import random

    state = position([FILLER[0], FILLER[1]], deck=[], leftover="discard")
    real = state.clone()
    real.apply(0, ("draw",))
    rng = random.Random(5)
    same = 0
    for _ in range(200):
        guess = state.resample(1, rng)
        guess.apply(0, ("draw",))
        same += guess.deck == real.deck
    assert same <= 2, f"{same} of 200 resamples drew the real reshuffled pile"


def test_a_district_never_holds_more_than_64_slots_ruling_15():
    # Ruling 15: a card added to a District (penalty, Capo, returned Soplón) takes a new slot
    # at the end; once the District has 64 slots it takes the first empty one instead (only 54
    # cards exist, so one is always free), which bounds every slot number an action can name.
    from backroom.games.stool_pigeon.cards import MAX_SLOTS

    row = ["witness-3", None, "witness-4"] + [None] * (MAX_SLOTS - 3)
    state = position(
        [["witness-7", "witness-3", "witness-4"], row], deck=["witness-2", "witness-5"], leftover=0
    )
    play(state, (0, ("draw",)), (0, ("swap", 0)), (1, ("snap", 0, 1)))  # seat 1 misses
    assert len(state.districts[1]) == MAX_SLOTS
    assert faces(state, 1)[1] == "witness-5"  # the first empty slot took the penalty card
