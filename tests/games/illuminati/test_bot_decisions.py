"""The Illuminati heuristic bot's choices in named situations, on positions written out by card
face (``conftest.position``)."""

from __future__ import annotations

import random

from backroom.bots import Observation
from backroom.games.illuminati.bot import HeuristicBot

from .conftest import declare, position


def choose(state, seat: int):
    return HeuristicBot(random.Random(0)).choose(Observation(state, seat))


def test_heuristic_bot_attacks_a_group_its_power_and_money_can_take():
    # Bavarians' Power 10 against the Oil Companies' Resistance 4: a 6, and 10 MB lift it to 10.
    state = position(
        ["bavarian_illuminati", "gnomes_of_zurich"],
        uncontrolled=["multinational_oil_companies"],
        money={"bavarian_illuminati": 10},
    )
    assert choose(state, 0) == ("attack", "control", "multinational_oil_companies")


def test_heuristic_bot_does_not_attack_at_hopeless_odds_and_takes_the_5_mb_instead():
    # Power 10 against the Communist Conspiracy's Resistance 8: a 2 (1 in 36) with no money.
    state = position(
        ["bavarian_illuminati", "gnomes_of_zurich"],
        uncontrolled=["international_communist_conspiracy"],
    )
    assert ("attack", "control", "international_communist_conspiracy") in state.legal_actions(0)
    assert choose(state, 0) == ("end",)


def test_heuristic_bot_attacks_the_same_group_once_its_money_makes_the_odds_good():
    state = position(
        ["bavarian_illuminati", "gnomes_of_zurich"],
        uncontrolled=["international_communist_conspiracy"],
        money={"bavarian_illuminati": 8},
    )
    assert choose(state, 0) == ("attack", "control", "international_communist_conspiracy")


def test_heuristic_bot_spends_up_to_a_roll_of_10_on_its_attack():
    state = position(
        ["bavarian_illuminati", "gnomes_of_zurich"],
        uncontrolled=["multinational_oil_companies"],
        money={"bavarian_illuminati": 10},
    )
    declare(state, "control", "multinational_oil_companies", "bavarian_illuminati")
    assert state.view(0)["attack"]["need"] == 6
    assert choose(state, 0) == ("spend", "illuminati", 4)


def leader_attacks(leader: int):
    """Three players; seat 1 attacks an uncontrolled group and passes; seat 0, with money,
    is asked next. ``leader`` holds three groups, the others none."""
    groups = [
        ("multinational_oil_companies", "network", "right"),
        ("cfl_aio", "network", "left"),
        ("democrats", "network", "bottom"),
    ]
    roots = ["bavarian_illuminati", "gnomes_of_zurich", "servants_of_cthulhu"]
    roots[leader] = "network"
    state = position(
        roots,
        structures={leader: groups},
        uncontrolled=["copy_shops"],
        money={"bavarian_illuminati": 12, "gnomes_of_zurich": 12, "servants_of_cthulhu": 12, "network": 12},
        active=1,
    )
    declare(state, "control", "copy_shops", roots[1])
    state.apply(1, ("pass",))
    assert state.actors() == (0,)
    return state


def test_heuristic_bot_interferes_against_the_leaders_attack():
    state = leader_attacks(leader=1)
    action = choose(state, 0)
    assert action[:2] == ("interfere", "against") and action[2] > 0


def test_heuristic_bot_lets_a_trailing_players_attack_be():
    state = leader_attacks(leader=2)
    assert choose(state, 0) == ("pass",)


def test_heuristic_bot_spends_its_groups_money_to_defend_it():
    # Seat 1 attacks seat 0's Oil Companies and raises to a 10; seat 0 answers from the
    # group's own treasury first, where each MB counts twice.
    state = position(
        ["gnomes_of_zurich", "bavarian_illuminati"],
        structures={0: [("multinational_oil_companies", "gnomes_of_zurich", "right")]},
        money={"multinational_oil_companies": 6, "gnomes_of_zurich": 10, "bavarian_illuminati": 20},
        active=1,
    )
    declare(state, "control", "multinational_oil_companies", "bavarian_illuminati")
    need = state.view(0)["attack"]["need"]
    state.apply(1, ("spend", "illuminati", 10 - need))
    assert state.actors() == (0,) and state.view(0)["attack"]["need"] == 10
    action = choose(state, 0)
    assert action[:2] == ("spend", "group") and action[2] >= 4
    state.apply(0, action)
    assert state.view(0)["attack"]["need"] <= 2


def test_heuristic_bot_does_not_pay_against_an_attack_that_cannot_succeed():
    state = position(
        ["gnomes_of_zurich", "bavarian_illuminati"],
        structures={0: [("multinational_oil_companies", "gnomes_of_zurich", "right")]},
        money={"multinational_oil_companies": 6, "gnomes_of_zurich": 10},
        active=1,
    )
    declare(state, "control", "multinational_oil_companies", "bavarian_illuminati")
    state.apply(1, ("pass",))
    assert state.actors() == (0,) and state.view(0)["attack"]["need"] <= 1
    assert choose(state, 0) == ("pass",)


EIGHT = [
    "bavarian_illuminati",
    "network",
    "gnomes_of_zurich",
    "servants_of_cthulhu",
    "discordian_society",
    "society_of_assassins",
    "bermuda_triangle",
    "ufos",
]
NETWORK_GROUPS = [
    ("multinational_oil_companies", "network", "right"),
    ("cfl_aio", "network", "left"),
    ("democrats", "network", "bottom"),
    ("big_media", "network", "top"),
    ("loan_sharks", "democrats", "bottom"),
    ("international_cocaine_smugglers", "multinational_oil_companies", "right"),
]


def test_heuristic_bot_neutralizes_a_group_of_a_rival_one_capture_from_its_goal():
    # Eight players: 8 cards win. The Network holds 7; the Bavarians, without money, cannot take
    # the Cocaine Smugglers (10 - 5 - 5 two links away: a 0) but can neutralize them (+6: a 6).
    state = position(EIGHT, structures={1: NETWORK_GROUPS})
    assert state.goal == len(state.structures[1]) + 1
    assert choose(state, 0) == ("attack", "neutralize", "international_cocaine_smugglers")


def test_heuristic_bot_leaves_a_rival_far_from_its_goal_alone_when_it_can_only_neutralize():
    state = position(EIGHT, structures={1: NETWORK_GROUPS[:2] + NETWORK_GROUPS[5:]})
    assert ("attack", "neutralize", "international_cocaine_smugglers") in state.legal_actions(0)
    assert choose(state, 0) == ("end",)
