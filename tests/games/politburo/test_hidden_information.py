"""Politburó hidden information: hands, face-down assigned cards and the deck never leak, and
``resample`` redraws them (and the future's chance) from the caller's generator."""

from __future__ import annotations

import json
import random

from backroom.games.politburo import GAME
from backroom.games.politburo.cards import (
    ATTACK,
    BETRAY,
    DEFAME,
    DYING,
    FACE,
    NC,
    REACTIONS,
    ROUND_END,
    SETUP,
    TURN_END,
    TYPE,
)
from backroom.games.politburo.hidden import asked, facts
from backroom.games.politburo.legality import own
from backroom.games.politburo.reactions import can_answer
from backroom.games.politburo.tells import answer_faces

from .conftest import INDUSTRIA, NKVD, position


def test_views_show_a_seat_only_its_own_hand_and_assigned_cards():
    state = position(hands={0: ["cura"], 1: ["atentado"]}, assigned={0: ["favorito"], 3: ["vengativo"]})
    view = state.view(0)
    assert view["hand"] == ["cura"]
    assert view["candidates"][0]["assigned"] == ["favorito"] and view["candidates"][3]["assigned"] == [None]
    assert "atentado" not in json.dumps(view) and "vengativo" not in json.dumps(view)
    assert state.view(None)["hand"] is None


def test_labels_and_legal_lists_never_name_another_seats_cards():
    state = position(hands={0: ["agresion-2"], 1: ["contraataque"]}, assigned={4: ["vengativo"]})
    state.apply(0, ("play", "agresion-2", 4))
    for action in state.legal_actions(0) + state.legal_actions(2):
        assert "vengativo" not in json.dumps(state.label(action).to_json())


def test_resample_redraws_hands_assigned_cards_and_deck_from_the_callers_rng():
    state = position(
        hands={0: ["cura"], 1: ["atentado", "traicion"]}, assigned={3: ["vengativo", "favorito"]}
    )
    a = state.resample(0, random.Random(1))
    b = state.resample(0, random.Random(2))
    assert a.hands[0] == state.hands[0] and a.assigned[0] == state.assigned[0]  # its own cards stay
    assert any((r.hands[1], r.assigned[3]) != (state.hands[1], state.assigned[3]) for r in (a, b))
    assert (a.hands[1], a.assigned[3], a.deck) != (b.hands[1], b.assigned[3], b.deck)
    assert len(a.hands[1]) == 2 and len(a.assigned[3]) == 2
    assert a.chance.seed != state.chance.seed


def test_resample_keeps_what_the_nkvd_saw():
    state = position(
        hands={0: []}, offices={NKVD: 0}, loyalty={0: 21}, assigned={4: ["vengativo"], 5: ["favorito"]}
    )
    state.apply(0, ("nkvd", 4))
    for seed in range(5):
        other = state.resample(0, random.Random(seed))
        assert [FACE[c] for c in other.assigned[4]] == ["vengativo"]


def test_resample_hides_the_industria_card_from_others_only():
    state = position(hands={0: []}, offices={INDUSTRIA: 0}, loyalty={0: 10}, deck=["cura"])
    state.apply(0, ("industry",))
    assert state.resample(0, random.Random(3)).extra == state.extra
    assert any(state.resample(1, random.Random(s)).extra != state.extra for s in range(5))


def test_resample_keeps_an_answer_for_every_seat_the_window_asks():
    # Being asked in a window is public: the seat holds an answer, in every redeal too.
    state = position(hands={0: ["agresion-4"], 1: ["cura", "demagogia-2"]}, health={4: 3})
    state.apply(0, ("play", "agresion-4", 4))
    assert state.actors() == (1,)
    for seed in range(30):
        other = state.resample(2, random.Random(seed))
        assert "cura" in [FACE[c] for c in other.hands[1]]
        assert sorted(other._all_cards()) == list(range(98))


def _redealt(real, other, seat: int) -> dict[int, int]:
    """Which card a redeal put where each card hidden from ``seat`` was (the rest stay)."""
    places = [(real.hands[s], other.hands[s]) for s in range(real.n) if s != seat]
    places += [(real.assigned[c], other.assigned[c]) for c in range(NC) if real.owner[c] != seat]
    return {a: b for was, now in places for a, b in zip(was, now, strict=True)}


def test_resample_keeps_an_answer_for_every_seat_that_passed_in_an_earlier_window():
    # Asked, then passing: the table saw that seat hold an answer then, and it still holds the
    # cards it passed with (or they were shown since). Every redeal must agree: the position
    # at each such pass, with the redeal's cards in that seat's places, still asks it.
    checked = 0
    for seed in range(12):
        rng = random.Random(seed)
        state, _ = GAME.start(4, {}, seed)
        passes = []
        while state.actors() and state.round <= 4:
            seat = state.actors()[0]
            action = state.random_action(seat, rng)
            waiting, react = asked(state)
            if action == ("pass",) and seat in waiting and react != SETUP:
                passes.append((state.clone(), seat, react))
            state.apply_quiet(seat, action)
            if state.turns % 3 or not passes:
                continue
            for viewer in range(state.n):
                other = state.resample(viewer, random.Random(rng.random()))
                assert sorted(other._all_cards()) == list(range(98))
                assert other.chance.seed != state.chance.seed
                moved = _redealt(state, other, viewer)
                for past, s, react in passes:
                    if s == viewer:
                        continue
                    then = past.clone()
                    then.hands[s] = [moved.get(x, x) for x in then.hands[s]]
                    for c in own(then, s):
                        then.assigned[c] = [moved.get(x, x) for x in then.assigned[c]]
                    assert can_answer(then, s, react), (seed, s, react)
                    checked += 1
    assert checked > 1000


def test_a_seat_is_asked_exactly_when_an_answering_face_lies_in_one_of_its_places():
    # What a pass remembers (answer_faces) and whether a window asks (can_answer) agree, in
    # every window, for every seat, all through random games.
    checked = 0
    for seed in range(20):
        rng = random.Random(seed)
        state, _ = GAME.start(2 + seed % 4, {}, seed)
        while state.actors():
            for react in (*REACTIONS, TURN_END, ROUND_END):
                if (react in (ATTACK, DEFAME, BETRAY) and state.p_target < 0) or (
                    react == DYING and state.dying < 0
                ):
                    continue
                for s in range(state.n):
                    places = answer_faces(state, s, react)
                    held = any(FACE[x] in faces for cards, faces in places for x in cards)
                    assert can_answer(state, s, react) == held, (seed, s, react)
                    checked += 1
            seat = state.actors()[0]
            state.apply_quiet(seat, state.random_action(seat, rng))
    assert checked > 10000


def test_resample_that_cannot_meet_every_earlier_pass_keeps_the_open_window_and_ends():
    # A fact no redeal can meet (every answering card is face up) cannot come from play; fed
    # in, the resample gives up on it after its redeals and still keeps the window open now.
    state = position(hands={0: ["agresion-4"], 1: ["cura", "demagogia-2"]}, health={4: 3})
    state.apply(0, ("play", "agresion-4", 4))
    shown = sum(1 << c for c in state.discard)
    state.facts = ((1, ((sum(1 << c for c in state.hands[1]), shown),)),)
    for seed in range(5):
        other = state.resample(2, random.Random(seed))
        assert "cura" in [FACE[c] for c in other.hands[1]]
        assert sorted(other._all_cards()) == list(range(98))


def test_a_pass_answered_by_a_card_shown_since_is_settled_before_the_pile_becomes_the_deck():
    # Seat 1 passed holding a Hospitalización that has since been discarded face up: the pass
    # is explained. When the pile is shuffled into the deck, that card hides again, so the pass
    # must not make a redeal put a Hospitalización wherever that card now lies (the facts are
    # worked out when a resample or a save asks for them, against the cards shown then).
    state = position(hands={0: [], 1: ["cura"]}, discard=["hospitalizacion", "agresion-2"])
    state.discard += state.deck
    state.deck = []
    shown, other = state.discard[0], state.discard[1]
    state.facts = ((1, ((1 << shown | 1 << other | 1 << state.hands[1][0], 1 << shown),)),)
    state.apply(0, ("pass",))
    assert state.active == 1 and facts(state) == ()


def test_facts_worked_out_late_are_those_worked_out_at_every_step_across_reshuffles():
    # A reshuffle only marks where the pile hid again; the passes before it are worked out and
    # settled against the cards shown then when a resample or a save asks. Same games, one
    # asking for the facts after every action, one only at the end: the same facts.
    reshuffles = 0
    for seed in range(12):
        players = 2 + seed % 4
        eager, _ = GAME.start(players, {}, seed)
        late, _ = GAME.start(players, {}, seed)
        rng_eager, rng_late = random.Random(seed), random.Random(seed)
        while eager.actors():
            deck = len(eager.deck)
            seat = eager.actors()[0]
            eager.apply_quiet(seat, eager.random_action(seat, rng_eager))
            late.apply_quiet(seat, late.random_action(seat, rng_late))
            reshuffles += len(eager.deck) > deck
            assert facts(eager) == eager.facts
        assert facts(late) == eager.facts
    assert reshuffles > 20


def test_resample_assigns_no_special_card_to_a_candidate():
    # "Solo las cartas de juego pueden ser asignadas a un candidato, nunca las especiales ni las
    # de cura." Every seat knows that a card assigned face down is a basic card, so a resample
    # deals the assigned cards it cannot see from the basic cards alone.
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        state, _ = GAME.start(4, {}, seed)
        while state.actors() and state.round <= 4:
            seat = state.actors()[0]
            state.apply_quiet(seat, state.random_action(seat, rng))
            if state.turns % 2:
                continue
            for viewer in range(state.n):
                other = state.resample(viewer, random.Random(rng.random()))
                assert sorted(other._all_cards()) == list(range(98))
                for c, cards in enumerate(other.assigned):
                    if state.owner[c] != viewer:
                        assert all(TYPE[card] >= 0 for card in cards), (seed, viewer, c)
                        checked += sum(1 for a, b in zip(state.assigned[c], cards, strict=True) if a != b)
    assert checked > 500  # assigned cards were there, and redealt


def test_resample_leaves_a_card_taken_with_contrabando_in_the_takers_hand():
    # "Esta carta puede ser jugada en cualquier momento para elegir cualquier carta en la pila de
    # descartes y subirla a la mano, pero su uso implica una perdida de 2 puntos de lealtad."
    # The whole table saw the card go into that hand, so no other seat's resample takes it out.
    # A special cannot be assigned, so after a card is assigned face down from that hand the
    # special is still known to be there; a basic card taken may be the one assigned, and is
    # known no longer.
    for taken, kept in (("cura", True), ("demagogia-3", False)):
        state = position(
            hands={0: ["contrabando", "demagogia-2", "agresion-2"]}, discard=["cura", "demagogia-3"]
        )
        state.apply(0, ("smuggle", taken))
        state.apply(0, ("target", 1))
        card = next(c for c in state.hands[0] if FACE[c] == taken)
        for viewer in (1, 2, 3):
            for redraw in range(20):
                other = state.resample(viewer, random.Random(redraw))
                assert card in other.hands[0]
                assert sorted(other._all_cards()) == list(range(98))
        assign = next(a for a in state.legal_actions(0) if a[0] == "assign" and a[1] != taken)
        state.apply(0, assign)
        assert state.open_hand[0] == (1 << card if kept else 0)
        redealt = [card in state.resample(1, random.Random(r)).hands[0] for r in range(20)]
        assert all(redealt) if kept else not all(redealt)


def test_a_copy_spent_face_up_leaves_the_table_unsure_which_contrabando_card_went():
    # Contrabando takes demagogia-3 into the hand in view of all; the Ministro de Industria
    # then draws a card in secret and swaps away a demagogia-3 face up. Whether the card drawn
    # was another demagogia-3 or not, the table saw the same thing, so seat 1's resamples must
    # not tell the two apart (a review found the drawn card's face given away).
    kept = []
    for drawn in ("demagogia-3", "agresion-3"):
        state = position(
            hands={0: ["contrabando", "agresion-2", "demagogia-2"]},
            discard=["demagogia-3"],
            offices={INDUSTRIA: 0},
            loyalty={0: 10},
            deck=[drawn],
        )
        state.apply(0, ("smuggle", "demagogia-3"))
        state.apply(0, ("target", 1))
        state.apply(0, ("industry",))
        swap = next(
            a for a in state.legal_actions(0) if "demagogia-3" in a and a[0] not in ("assign", "play")
        )
        state.apply(0, swap)
        state.check()
        assert state.open_hand[0] == 0
        kept.append([FACE[c] for c in state.resample(1, random.Random(7)).hands[0]])
    assert kept[0] == kept[1]
