"""Hidden information: face-down cards are hidden from all but their owner until the reveal;
Little Black Book looks are private to the looker; a resample keeps every view and every rule
(Swiss accounts hold bribes only)."""

from __future__ import annotations

import json
import random

from backroom.games.corruption import GAME
from backroom.games.corruption.cards import FACES, IS_BRIBE

from .conftest import position, run

ROUND_ONE = [["monument", "opera_house"], ["stadium", "subway"], ["university", "airport"]]


def test_resample_redeals_only_what_the_seat_cannot_see_and_keeps_swiss_plays_bribes():
    state = position(3, ROUND_ONE, options={"black_book": True})
    run(state, [(0, "bribe-1000", "stadium"), (1, "bribe-1000", "stadium"), (2, "bribe-1000", "stadium")])
    run(state, [(0, "attorney", "stadium"), (1, "bribe-10000", "swiss:city")])
    state.apply(2, ("look", 3))
    rng = random.Random(5)
    changed = False
    for _ in range(40):
        other = state.resample(2, rng)
        assert json.dumps(other.view(2)) == json.dumps(state.view(2))
        assert IS_BRIBE[other.p_kind[4]]
        assert other.p_kind[3] == state.p_kind[3]  # seat 2 looked at it
        changed |= other.p_kind[4] != state.p_kind[4]
    assert changed


def test_revealed_cards_are_public_in_the_award():
    state = position(3, ROUND_ONE)
    run(state, [(0, "bribe-8000", "swiss:city")] + [(s, "bribe-1000", "stadium") for s in (1, 2)])
    while state.phase == "corruption":
        state.apply(state.mover, ("play", FACES[min(state.hands[state.mover])], state.table[2]))
    assert state.phase == "award"
    assert state.view(None)["plays"][0]["card"] == "bribe-8000"
    assert state.view(None)["totals"] is not None


def test_no_leak_property_covers_every_variant():
    variants = GAME.test_variants()
    assert {v.get("variant", "standard") for v in variants} == {
        "standard",
        "rio_abajo",
        "stud_libre",
        "cerrado",
    }
    assert any(v.get("black_book") for v in variants)
