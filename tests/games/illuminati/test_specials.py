"""Illuminati: the special cards played so far (rulebook: "Cartas Especiales"; the cards'
texts; rulings 16 and 17)."""

from __future__ import annotations

import random

from backroom.games.illuminati.attack import needed
from backroom.games.illuminati.cards import CARD_OF, FACE
from tests.helpers import event, refuse

from .conftest import all_pass, declare, dice, play_special, position


def test_slush_fund_and_swiss_bank_account_pay_the_illuminati_any_time():
    # Slush Fund: 15 MB, Swiss Bank Account: 25 MB into the Illuminati treasury, any time
    # (ruling 16: whenever the holder is asked to act). "Jugar una carta Especial no cuenta
    # como acción a no ser que la carta diga lo contrario. Una vez que se juega, debe
    # descartarse."
    state = position(
        ["ufos", "network"],
        uncontrolled=["kkk"],
        hands={0: ["slush_fund"], 1: ["swiss_bank_account"]},
        money={"network": 1},
    )
    play_special(state, 0, ("special", "slush_fund"))
    assert state.money[CARD_OF["ufos"]] == 15 and state.actions_left == 2
    assert [FACE[c] for c in state.discard] == ["slush_fund"]
    declare(state, "control", "kkk", "ufos")
    state.apply(0, ("pass",))
    assert ("special", "swiss_bank_account") in state.legal_actions(1)  # asked: may play it
    play_special(state, 1, ("special", "swiss_bank_account"))
    assert state.money[CARD_OF["network"]] == 26
    assert state.inventory()["mb"] == 0


def test_media_campaign_brings_a_dead_group_back_uncontrolled():
    # Media Campaign: "Bring one group back from the dead pile into the uncontrolled area."
    # "El Grupo sólo puede ser devuelto a la vida por la carta Especial *Campaña Mediática*."
    state = position(["ufos", "network"], hands={0: ["media_campaign"]})
    kkk = CARD_OF["kkk"]
    state.deck.remove(kkk)
    state.dead.append(kkk)
    play_special(state, 0, ("special_on", "media_campaign", "kkk"))
    assert kkk in state.uncontrolled and not state.dead


def test_a_group_brought_back_by_media_campaign_still_counts_as_destroyed_and_counts_again():
    """Media Campaign: "For Cthulhu's goal the group still counts as destroyed, and counts again
    if destroyed again." (the card); "**Servidores de Cthulhu:** destruir ocho Grupos." """
    state = position(
        ["servants_of_cthulhu", "network"],
        uncontrolled=["kkk"],
        money={"servants_of_cthulhu": 10},
        hands={0: ["media_campaign"]},
    )
    declare(state, "destroy", "kkk", "servants_of_cthulhu")
    state.chance = dice(2)
    all_pass(state)
    state.apply(0, ("pass",))  # the dice are down: Cthulhu, holding a special, is asked
    assert CARD_OF["kkk"] in state.dead and state.destroyed[0] == 1
    play_special(state, 0, ("special_on", "media_campaign", "kkk"))
    assert CARD_OF["kkk"] in state.uncontrolled and state.destroyed[0] == 1
    state.apply(0, ("end",))
    state.apply(1, ("end",))
    declare(state, "destroy", "kkk", "servants_of_cthulhu")
    state.chance = dice(2)
    all_pass(state)
    assert CARD_OF["kkk"] in state.dead and state.destroyed[0] == 2


def test_assassination_makes_the_roll_a_2_after_the_dice():
    # Assassination: "immediately after the dice are rolled for any attack [...] The roll just
    # made is treated as a 2 instead" (ruling 17: the seats holding specials answer the dice)
    state = position(["bavarian_illuminati", "network"], uncontrolled=["kkk"], hands={0: ["assassination"]})
    declare(state, "control", "kkk", "bavarian_illuminati")
    assert needed(state) == 10 - 5
    state.chance = dice(9)
    events = state.apply(0, ("pass",))
    assert sum(event(events, "roll").params["dice"]) == 9 and state.phase == "rolled"
    assert state.actors() == (0,)
    events = play_special(state, 0, ("special", "assassination"))
    assert event(events, "result").params["roll"] == 2 and state.phase == "place"


def test_murphys_law_after_assassination_the_last_card_played_applies():
    # Murphy's Law: "The roll just made is treated as a 12 instead (automatic failure)." "Si se
    # juegan dos Especiales que se contradicen, como *Asesinato* y *Ley de Murphy*, la última que
    # se juegue será la que se aplique."
    state = position(
        ["bavarian_illuminati", "network", "ufos"],
        uncontrolled=["kkk"],
        hands={0: ["assassination"], 1: ["murphys_law"], 2: []},
    )
    declare(state, "control", "kkk", "bavarian_illuminati")
    assert needed(state) == 10 - 5
    state.chance = dice(9)
    state.apply(0, ("pass",))
    assert list(state.window) == [0, 1]  # only the seats holding specials are asked
    play_special(state, 0, ("special", "assassination"))
    assert list(state.window) == [1]
    events = play_special(state, 1, ("special", "murphys_law"))
    assert event(events, "result").params["roll"] == 12
    assert not event(events, "result").params["success"] and CARD_OF["kkk"] in state.uncontrolled


def test_bribery_takes_an_uncontrolled_group_without_a_roll_as_an_action():
    # Bribery: "Take control of any one uncontrolled group automatically, no roll." "Excepción:
    # usar la carta *Soborno* es una acción normal."
    state = position(["ufos", "network"], uncontrolled=["kkk"], hands={0: ["bribery"]})
    play_special(state, 0, ("bribe", "kkk", "ufos"))
    assert state.phase == "place"
    state.apply(0, ("place", "top"))
    assert state.structures[0].master("kkk") == "ufos" and state.owner[CARD_OF["kkk"]] == 0
    assert state.actions_left == 1 and [FACE[c] for c in state.discard] == ["bribery"]
    assert not [a for a in state.legal_actions(0) if a[0] == "bribe"]


def test_an_announced_bribery_is_known_to_all_until_it_is_spent_so_a_resample_keeps_it():
    # The bribe is announced to the table before its group is placed; a resample that redealt
    # the Bribery card then stopped on the placing (no such card in the hand to spend).
    state = position(["ufos", "network"], uncontrolled=["kkk"], hands={0: ["bribery", "deep_agent"]})
    play_special(state, 0, ("bribe", "kkk", "ufos"))
    assert state.phase == "place"
    for k in range(20):
        other = state.resample(1, random.Random(k))
        assert "bribery" in [FACE[c] for c in other.hands[0]]
        other.apply(0, ("place", "top"))
        assert other.owner[CARD_OF["kkk"]] == 0


def test_an_attack_only_whispering_campaign_allows_shows_the_campaign_so_a_resample_keeps_it():
    # "Un Grupo sin Poder *no puede ser destruido* más que por la carta Especial *Campaña de
    # Rumores*": declaring that attack tells the table its player holds the campaign, which
    # is spent when the attack is announced (ruling 39); a resample that redealt it stopped there.
    state = position(
        ["servants_of_cthulhu", "network"],
        uncontrolled=["punk_rockers"],
        hands={0: ["whispering_campaign", "deep_agent"]},
    )
    state.apply(0, ("attack", "destroy", "punk_rockers"))
    state.apply(0, ("attacker", "servants_of_cthulhu"))
    for k in range(20):
        other = state.resample(1, random.Random(k))
        assert "whispering_campaign" in [FACE[c] for c in other.hands[0]]
        other.apply(0, ("announce", "open"))


def test_whispering_campaign_destroys_a_powerless_group_power_against_resistance():
    # Whispering Campaign: "Lets you try to destroy one group whose Power is 0 (normally
    # indestructible): compare your attacking power against its Resistance"; "Un Grupo sin Poder
    # *no puede ser destruido* más que por la carta Especial *Campaña de Rumores*."
    state = position(
        ["servants_of_cthulhu", "network"], uncontrolled=["punk_rockers"], hands={0: ["whispering_campaign"]}
    )
    state.apply(0, ("attack", "destroy", "punk_rockers"))
    state.apply(0, ("attacker", "servants_of_cthulhu"))
    assert ("announce", "whispering_campaign") not in state.legal_actions(0)  # it is needed
    state.apply(0, ("announce", "open"))
    assert needed(state) == 9 - 4 + 2  # Cthulhu's +2 to destroy
    state.chance = dice(2)
    events = all_pass(state)
    assert event(events, "result").params["success"]
    assert [FACE[c] for c in state.dead] == ["punk_rockers"]
    assert [FACE[c] for c in state.discard] == ["whispering_campaign"]


def test_a_special_cannot_be_played_out_of_its_moment():
    state = position(
        ["ufos", "network"], uncontrolled=["kkk"], hands={0: ["assassination"], 1: ["slush_fund"]}
    )
    assert refuse(state, 0, ("special", "assassination")) == "illuminati.error.cannot_play_special"
    assert refuse(state, 1, ("special", "slush_fund")) == "illuminati.error.not_your_turn"


def test_senate_investigating_committee_makes_another_player_lose_the_whole_turn():
    # Senate Investigating Committee: "at the beginning of another player's turn"; "That player
    # loses the entire turn." (ruling 21: no income, no draw, no action, no 5 MB)
    state = position(
        ["ufos", "network", "gnomes_of_zurich"],
        uncontrolled=["texas", "pentagon"],
        hands={0: ["senate_investigating_committee"]},
        deck=["kkk"],
    )
    state.apply(0, ("end",))  # seat 2 is next (counter-clockwise)
    assert state.phase == "start" and list(state.window) == [0]
    assert ("special", "senate_investigating_committee") in state.legal_actions(0)
    events = play_special(state, 0, ("special", "senate_investigating_committee"))
    assert state.active == 1 and state.money[CARD_OF["gnomes_of_zurich"]] == 0
    assert not [e for e in events if e.kind in ("income", "drew_group") and e.params["seat"] == 2]
    assert state.turns[2] == 2 and not any(e.kind == "passed" and e.params["seat"] == 2 for e in events)


def test_the_senate_investigating_committee_is_never_played_on_ones_own_turn():
    """The Senate Investigating Committee is played "at the beginning of another player's
    turn" (its card; ruling 21): at the start of its holder's own turn it is not offered."""
    state = position(
        ["ufos", "network"],
        uncontrolled=["texas", "pentagon"],
        hands={1: ["senate_investigating_committee"]},
    )
    state.apply(0, ("end",))  # seat 1's turn begins
    assert state.phase == "start" and state.active == 1 and state.actors() == (1,)
    assert ("special", "senate_investigating_committee") not in state.legal_actions(1)
    assert refuse(state, 1, ("special", "senate_investigating_committee")) == (
        "illuminati.error.cannot_play_special"
    )


def test_market_manipulation_doubles_the_income_of_the_player_on_turn():
    # Market Manipulation: "during your own income phase"; "Doubles the income of all your groups
    # for that turn; the I.R.S. does not tax twice and the Post Office does not cost double."
    state = position(
        ["ufos", "network"],
        structures={1: [("the_mafia", "network", "right"), ("post_office", "network", "left")]},
        money={"post_office": 3},
        uncontrolled=["texas", "pentagon"],
        hands={1: ["market_manipulation"]},
    )
    state.apply(0, ("end",))
    assert state.phase == "start" and state.actors() == (1,)
    play_special(state, 1, ("special", "market_manipulation"))
    state.apply(1, ("pass",))
    assert state.money[CARD_OF["the_mafia"]] == 12
    assert state.money[CARD_OF["network"]] == 18 - 1  # its master pays the Post Office, once
    assert state.money[CARD_OF["post_office"]] == 3


def test_market_manipulation_leaves_the_irs_taxing_once():
    """Market Manipulation: "Doubles the income of all your groups for that turn; the I.R.S.
    does not tax twice and the Post Office does not cost double." The I.R.S. still taxes, once:
    "El I.R.S. consigue sus Ingresos cobrando 2 MB en impuestos a cada jugador en el turno del
    jugador que lo controla." """
    state = position(
        ["ufos", "network"],
        structures={1: [("i_r_s", "network", "right")]},
        money={"ufos": 10},
        uncontrolled=["texas", "pentagon"],
        hands={1: ["market_manipulation"]},
    )
    state.apply(0, ("end",))
    play_special(state, 1, ("special", "market_manipulation"))
    state.apply(1, ("pass",))
    assert state.money[CARD_OF["i_r_s"]] == 2
    assert state.money[CARD_OF["ufos"]] == 10 + 5 - 2  # its 5 MB for passing, then the tax
    assert state.money[CARD_OF["network"]] == 2 * 9


def test_computer_espionage_shows_another_players_specials_and_resamples_keep_them():
    # Computer Espionage: "Either count the money on any one group card, or look at all of one
    # player's Special cards." (ruling 25: treasuries are public, so it shows a hand)
    state = position(
        ["ufos", "network", "gnomes_of_zurich"],
        hands={0: ["computer_espionage"], 1: ["deep_agent", "bribery"], 2: ["slush_fund"]},
    )
    assert state.view(0)["players_info"][1]["seen"] == []
    events = play_special(state, 0, ("espionage", 1))
    assert event(events, "espionage_seen").to == (0,)
    assert state.view(0)["players_info"][1]["seen"] == ["bribery", "deep_agent"]
    assert state.view(2)["players_info"][1]["seen"] == []
    for i in range(10):
        other = state.resample(0, random.Random(i))
        assert sorted(FACE[c] for c in other.hands[1]) == ["bribery", "deep_agent"]
    assert len({FACE[state.resample(2, random.Random(i)).hands[1][0]] for i in range(30)}) > 1


def test_a_special_given_is_known_only_to_the_giver_and_the_receiver():
    state = position(
        ["ufos", "network", "gnomes_of_zurich"],
        hands={0: ["computer_espionage", "deep_agent"], 1: ["bribery"]},
    )
    play_special(state, 0, ("espionage", 1))
    state.apply(0, ("give_special", 1, "deep_agent"))
    assert state.view(0)["players_info"][1]["seen"] == ["bribery", "deep_agent"]
    assert state.view(2)["players_info"][1]["seen"] == []
