"""Stool Pigeon's resample: every card a seat has not seen is dealt again, from the caller's
generator, over the places that seat cannot see into (face-down District slots, the card another
seat holds, the draw pile), and every other seat still knows what lies at the places it had seen.
The conformance suite checks that views and legal actions stay equal; these tests check what is
redrawn and what is kept."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

from backroom.games.stool_pigeon import GAME
from backroom.games.stool_pigeon.cards import EMPTY, FACES
from backroom.games.stool_pigeon.state import StoolPigeonState
from tests.helpers import play

from .conftest import FILLER, position


def positions(seed: int, players: int = 4) -> Iterator[StoolPigeonState]:
    """Every position of one random game, the last one over."""
    state, _ = GAME.start(players, None, seed)
    rng = random.Random(seed)
    while state.actors():
        yield state
        seat = state.actors()[0]
        state.apply_quiet(seat, state.random_action(seat, rng))
    yield state


def places(state: StoolPigeonState) -> dict[tuple[int, int], int]:
    """The card at each District slot ((seat, slot)) and the held card ((-1, -1))."""
    cards = {(t, i): c for t, district in enumerate(state.districts) for i, c in enumerate(district)}
    cards[-1, -1] = state.held
    return cards


def knows(state: StoolPigeonState, seat: int, card: int) -> bool:
    return card != EMPTY and bool(state.known[seat] >> card & 1)


def test_resample_keeps_what_the_seat_saw_redeals_the_rest_and_knowledge_stays_with_its_place():
    rng = random.Random(3)
    checked = 0
    for seed in range(3):
        for step, real in enumerate(positions(seed)):
            if step % 4:
                continue
            seat = step // 4 % real.n
            guess = real.resample(seat, rng)
            before, after = places(real), places(guess)
            assert before.keys() == after.keys()
            over = real.outcome() is not None  # every card is face up at the end
            unseen = [c for c in before.values() if c != EMPTY and not over and not knows(real, seat, c)]
            redealt = [c for c in after.values() if c != EMPTY and not over and not knows(real, seat, c)]
            for place, card in before.items():
                if card == EMPTY or over or knows(real, seat, card):
                    assert after[place] == card, place  # seen (or empty): kept
            assert sorted(unseen + real.deck) == sorted(redealt + guess.deck)
            assert len(guess.deck) == len(real.deck) and guess.discard == real.discard
            assert guess.known[seat] == real.known[seat]
            for other in range(real.n):
                for place, card in before.items():
                    assert knows(guess, other, after[place]) == knows(real, other, card), (other, place)
                for card in real.discard + real.removed:
                    assert knows(guess, other, card) == knows(real, other, card)
            checked += 1
    assert checked > 30


def test_resample_draws_unseen_cards_uniformly_and_only_from_the_callers_generator():
    # At the deal seat 0 has seen its bottom row: the other 52 cards may lie anywhere it cannot
    # see. Over 5,200 resamples each should reach a face-down slot of seat 1 about 100 times
    # (sd 10) and the top of the draw pile as often; a biased permutation would not.
    real, _ = GAME.start(4, None, 11)
    rng = random.Random(7)
    slot, top = Counter[int](), Counter[int]()
    for _ in range(5200):
        guess = real.resample(0, rng)
        slot[guess.districts[1][0]] += 1
        top[guess.deck[-1]] += 1
    unseen = {c for c in range(54) if not knows(real, 0, c)}
    assert set(slot) == set(top) == unseen and len(unseen) == 52
    assert min(slot.values()) > 50 and max(slot.values()) < 150
    assert min(top.values()) > 50 and max(top.values()) < 150
    # The generator alone decides: the same seed gives the same position, another seed another.
    assert real.resample(0, random.Random(1)).to_json() == real.resample(0, random.Random(1)).to_json()
    assert real.resample(0, random.Random(1)).deck != real.resample(0, random.Random(2)).deck


def test_maton_a_card_looked_at_in_secret_is_kept_in_the_lookers_resample_only():
    # MATÓN: "Mira en secreto una carta que esté bocabajo en cualquier Distrito (incluso en el
    # tuyo) y vuelve a dejarla en su sitio." Seat 0 looks at seat 1's slot 2 (a Witness 8):
    # seat 0's resamples keep that card there, and its view is the same; seat 1 has not seen
    # it, so seat 1's resamples deal that place again, and seat 0 still knows whatever card
    # now lies there (what it saw was a place, which it watched).
    state = position(
        [["maton", "witness-3", "witness-4", "witness-5"], FILLER[1], FILLER[2]],
        deck=["witness-2"],
    )
    play(state, (0, ("draw",)), (0, ("swap", 0)), (0, ("peek", 1, 2)))
    card = state.districts[1][2]
    assert FACES[card] == "witness-8"
    rng = random.Random(4)
    for _ in range(50):
        guess = state.resample(0, rng)
        assert guess.districts[1][2] == card
        assert guess.view(0) == state.view(0)
        assert guess.view(0)["districts"][1][2] == "witness-8"
    redealt = 0
    for _ in range(50):
        guess = state.resample(1, rng)
        redealt += guess.districts[1][2] != card
        assert knows(guess, 0, guess.districts[1][2])
        assert guess.view(1) == state.view(1)
        assert guess.view(1)["districts"][1][2] == "back"
    assert redealt > 40  # seat 1 has seen nothing: any of the 53 cards off the discard pile
