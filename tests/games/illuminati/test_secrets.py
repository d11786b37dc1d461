"""Illuminati: Secrets Man Was Not Meant to Know (its card: "when any other Special card is
played, for any purpose: That card is cancelled and has no effect; both cards are
discarded."; ruling 32)."""

from __future__ import annotations

import pytest

from backroom.games.illuminati.cards import CARD_OF, FACE
from tests.helpers import event

from .conftest import all_pass, declare, dice, position

SECRETS = "secrets_man_was_not_meant_to_know"


def discard(state):
    return sorted(FACE[c] for c in state.discard)


def test_secrets_man_cancels_another_special_and_both_are_discarded():
    state = position(["ufos", "network"], hands={0: ["slush_fund"], 1: [SECRETS]})
    events = state.apply(0, ("special", "slush_fund"))
    assert event(events, "special_shown").params["cards"] == ["slush_fund"]
    assert state.phase == "counter" and state.actors() == (1,)
    assert set(state.legal_actions(1)) == {("pass",), ("special", SECRETS)}
    events = state.apply(1, ("special", SECRETS))
    assert event(events, "special_cancelled").params == {"seat": 0, "card": "slush_fund"}
    assert state.money[CARD_OF["ufos"]] == 0 and discard(state) == sorted(["slush_fund", SECRETS])
    assert state.phase == "action" and state.actors() == (0,) and state.actions_left == 2


def test_every_seat_holding_specials_is_asked_so_being_asked_tells_nothing():
    hands = {0: ["slush_fund"], 1: ["deep_agent"], 2: []}
    state = position(["ufos", "network", "gnomes_of_zurich"], hands=hands)
    state.apply(0, ("special", "slush_fund"))
    assert state.actors() == (1,) and state.legal_actions(1) == [("pass",)]
    assert state.view(2)["players_info"][0]["seen"] == ["slush_fund"]  # shown as it is played
    state.apply(1, ("pass",))
    assert state.money[CARD_OF["ufos"]] == 15 and state.phase == "action"


def test_a_privilege_cancelled_by_secrets_man_leaves_the_attack_open():
    # "También puede descartarse una carta Especial cualquiera para hacer un ataque
    # “Confidencial”": a card discarded for a purpose is played "for any purpose".
    state = position(
        ["bavarian_illuminati", "network"], uncontrolled=["kkk"], hands={0: ["deep_agent"], 1: [SECRETS]}
    )
    state.apply(0, ("attack", "control", "kkk"))
    state.apply(0, ("attacker", "bavarian_illuminati"))
    state.apply(0, ("announce", "deep_agent"))
    state.apply(1, ("special", SECRETS))
    assert state.phase == "spend" and not state.p_privileged
    assert discard(state) == ["deep_agent", SECRETS]


def pair_hit_by_secrets(pair, extra=()):
    """Seat 1 discards ``pair`` (holding ``extra`` too) against seat 0's privileged attack, and
    seat 0 cancels one of the two with Secrets Man."""
    state = position(
        ["bavarian_illuminati", "network", "ufos"],
        uncontrolled=["kkk"],
        money={"bavarian_illuminati": 10},
        hands={0: [SECRETS], 1: [*pair, *extra], 2: []},
    )
    state.privileged_used = False
    declare(state, "control", "kkk", "bavarian_illuminati", how="bavarian")
    state.apply(0, ("pass",))
    state.apply(1, ("unprivilege", *pair))
    state.apply(0, ("special", SECRETS))
    return state


@pytest.mark.parametrize("pair", [("bribery", "deep_agent"), ("deep_agent", "whispering_campaign")])
def test_secrets_man_on_one_of_two_specials_the_other_is_lost_unless_replaced(pair):
    # "Si se utiliza *Secretos que el hombre no debía conocer* para cancelar *una* de esas
    # cartas, la otra se perderá, a no ser que el jugador pueda reemplazarla." A Whispering
    # Campaign discarded in a pair is any special: Secrets cancels the pair's first card, as for
    # any pair (ruling 39 is about the campaign played for its attack). It once cancelled the
    # campaign, the pair's second card, then asked its player to replace that card, gone: the
    # game stopped on it.
    state = pair_hit_by_secrets(pair)
    assert state.p_privileged and state.phase == "spend" and state.hands[1] == []
    assert discard(state) == sorted([*pair, SECRETS])
    state = pair_hit_by_secrets(pair, ["slush_fund"])
    assert state.phase == "replace" and set(state.legal_actions(1)) == {("pass",), ("replace", "slush_fund")}
    state.apply(1, ("replace", "slush_fund"))
    assert not state.p_privileged and state.hands[1] == []
    state = pair_hit_by_secrets(pair, ["slush_fund"])
    state.apply(1, ("pass",))
    assert state.p_privileged and [FACE[c] for c in state.hands[1]] == ["slush_fund"]


def test_the_later_of_two_contradicting_cards_applies_and_a_cancelled_card_does_not():
    # "Si se juegan dos Especiales que se contradicen, como *Asesinato* y *Ley de Murphy*, la
    # última que se juegue será la que se aplique." Murphy's Law cancelled: Assassination stands.
    state = position(
        ["bavarian_illuminati", "network", "ufos"],
        uncontrolled=["kkk"],
        hands={0: ["assassination"], 1: ["murphys_law"], 2: [SECRETS]},
    )
    declare(state, "control", "kkk", "bavarian_illuminati")
    state.chance = dice(9)
    state.apply(0, ("pass",))
    state.apply(0, ("special", "assassination"))
    assert list(state.window) == [2, 1]  # the others, in the order of play from the next
    state.apply(2, ("pass",))
    state.apply(1, ("pass",))
    assert state.phase == "rolled" and state.p_roll == 2 and list(state.window) == [2, 1]
    state.apply(2, ("pass",))
    state.apply(1, ("special", "murphys_law"))
    assert state.phase == "counter" and state.actors() == (2,)
    state.apply(2, ("special", SECRETS))
    assert state.phase == "rolled" and state.actors() == (1,) and state.p_roll == 2
    events = state.apply(1, ("pass",))
    assert event(events, "result").params["roll"] == 2 and event(events, "result").params["success"]


def whispering_attack(hand):
    """Seat 0 about to announce a Whispering Campaign's attack on the powerless Punk Rockers."""
    state = position(
        ["servants_of_cthulhu", "network"],
        uncontrolled=["punk_rockers"],
        hands={0: ["whispering_campaign", *hand], 1: [SECRETS]},
    )
    state.apply(0, ("attack", "destroy", "punk_rockers"))
    state.apply(0, ("attacker", "servants_of_cthulhu"))
    return state


def test_secrets_man_cancels_a_whispering_campaign_and_its_attack_does_not_take_place():
    # Whispering Campaign: "playing the card is free; the attack it enables is one of your
    # actions"; Secrets Man: "when any other Special card is played, for any purpose: That card
    # is cancelled and has no effect; both cards are discarded." (ruling 39)
    state = whispering_attack([])
    events = state.apply(0, ("announce", "open"))
    assert event(events, "special_shown").params["cards"] == ["whispering_campaign"]
    assert state.phase == "counter" and state.actors() == (1,)
    events = state.apply(1, ("special", SECRETS))
    assert event(events, "special_cancelled").params == {"seat": 0, "card": "whispering_campaign"}
    assert event(events, "cancelled").params["card"] == "punk_rockers"
    assert discard(state) == sorted(["whispering_campaign", SECRETS])
    assert state.phase == "action" and state.actions_left == 2 and state.p_target == -1
    assert "punk_rockers" in [FACE[c] for c in state.uncontrolled]
    assert ("attack", "destroy", "punk_rockers") not in state.legal_actions(0)  # no card, no attack


def test_a_whispering_attack_made_privileged_plays_both_cards_and_secrets_cancels_the_campaign():
    state = whispering_attack(["deep_agent"])
    events = state.apply(0, ("announce", "deep_agent"))
    assert event(events, "special_shown").params["cards"] == ["deep_agent", "whispering_campaign"]
    state.apply(1, ("special", SECRETS))
    assert [FACE[c] for c in state.hands[0]] == ["deep_agent"]  # its announcement had no effect
    assert discard(state) == sorted(["whispering_campaign", SECRETS]) and state.phase == "action"


def test_a_whispering_campaign_let_through_is_discarded_with_the_dice_of_its_attack():
    state = whispering_attack([])
    state.apply(0, ("announce", "open"))
    state.apply(1, ("pass",))
    assert state.phase == "spend" and [FACE[c] for c in state.hands[0]] == ["whispering_campaign"]
    state.chance = dice(2)
    all_pass(state)
    assert discard(state) == ["whispering_campaign"] and [FACE[c] for c in state.hands[1]] == [SECRETS]
