"""The research observation (``observation.py``): what the view shows, in [0, 1], and never
the text of another player's specials (the conformance suite adds the resample check)."""

from __future__ import annotations

import random

import pytest

from backroom.games.illuminati import GAME
from backroom.games.illuminati.cards import CARD_OF
from backroom.games.illuminati.observation import ENCODER, SPECIAL_INDEX, S

from .conftest import position


def encoded(state, seat):
    layout = ENCODER.layout(state.n, GAME.resolve_options({}))
    out = [0.0] * layout.size
    ENCODER.encode(state, seat, out)
    return layout, out


def test_a_seat_sees_its_own_specials_and_only_the_number_of_the_others():
    state = position(["network", "ufos"], hands={0: ["interference"], 1: ["murphys_law", "interference"]})
    layout, out = encoded(state, 0)
    hand, seen = layout.at["hand"], layout.at["seen"]
    assert out[hand + SPECIAL_INDEX["interference"]] == 0.5 and sum(out[hand : hand + S]) == 0.5  # 1 of 2
    assert sum(out[seen : seen + 2 * S]) == 0.0
    assert out[layout.at["players"] + 12 + 8 + 2] == 2 / S  # seat 1's specials held, by count


def test_a_special_seen_in_another_hand_is_shown_by_its_face():
    state = position(["network", "ufos"], hands={1: ["murphys_law", "deep_agent"]})
    state.known[0] |= 1 << state.hands[1][0]  # as Computer Espionage shows it
    layout, out = encoded(state, 0)
    seen = layout.at["seen"] + 1 * S
    assert out[seen + SPECIAL_INDEX["murphys_law"]] == 1.0 and out[seen + SPECIAL_INDEX["deep_agent"]] == 0.0


def test_money_and_structure_place_of_every_card():
    state = position(
        ["network", "ufos"],
        structures={0: [("multinational_oil_companies", "network", "right")]},
        money={"network": 15, "multinational_oil_companies": 300},
        uncontrolled=["chinese_campaign_donors"],
    )
    layout, out = encoded(state, 1)
    size = 2 + 20
    oil = layout.at["cards"] + CARD_OF["multinational_oil_companies"] * size
    network = layout.at["cards"] + CARD_OF["network"] * size
    donors = layout.at["cards"] + CARD_OF["chinese_campaign_donors"] * size
    assert out[oil + 0] == 1.0 and out[oil + 2 + 3] == 1.0  # seat 0's, money capped at 1
    assert out[network + 2 + 3] == 15 / 150 and out[network + 2 + 4] == 0.0  # the root: distance 0
    assert out[oil + 2 + 4] == 1 / 16  # one link from its Illuminati
    assert out[donors + 2] == 1.0 and out[donors + 0] == out[donors + 1] == 0.0
    assert all(0.0 <= x <= 1.0 for x in out)


@pytest.mark.parametrize(
    ("players", "options"), [(2, {}), (5, {"hidden_illuminati": "exaggerating", "secret_goals": True})]
)
def test_two_positions_a_seat_sees_differently_never_encode_alike(players, options):
    """Everything the view shows is in the vector: the deal being made (the money on each side,
    its specials' faces to its two parties, the counter-offers left, the offers and gifts made)
    was missing, and with hidden Illuminati whether a card is face up, its claims, its treasury
    and the accusations that ruled cards out. Left out on purpose: how many attacks were
    cancelled since the position last changed (the vector says whether one was)."""
    seen: dict[tuple, dict] = {}
    for seed in range(3):
        state, _ = GAME.start(players, options, seed)
        rng = random.Random(seed)
        while state.actors():
            for seat in range(players):
                view = state.view(seat)
                view["turn"]["cancelled"] = bool(view["turn"]["cancelled"])
                assert seen.setdefault((seat, tuple(encoded(state, seat)[1])), view) == view
            seat = state.actors()[0]
            state.apply(seat, state.random_action(seat, rng))
