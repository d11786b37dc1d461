"""Illuminati: what an attack does when it succeeds (rulebook: "Resultado del ataque", the
fourth points of "Ataque para neutralizar" and "Ataque para destruir") and the abilities that
change attacks."""

from __future__ import annotations

import pytest

from backroom.games.illuminati.attack import alignment_modifier, needed
from backroom.games.illuminati.cards import CARD_OF, FACE
from tests.helpers import event

from .conftest import all_pass, declare, dice, position


def seat_cards(state, seat):
    return state.structures[seat].cards()


def test_capture_lays_the_group_on_a_free_arrow_of_its_captor():
    # "Se sitúa junto a su captor, con su flecha hacia dentro junto a una de las flechas hacia
    # fuera de ese Grupo, que pasa a ser su nuevo “amo”."
    state = position(["bavarian_illuminati", "network"], uncontrolled=["kkk"])
    declare(state, "control", "kkk", "bavarian_illuminati")
    state.chance = dice(2)
    assert event(all_pass(state), "result").params["success"]
    assert state.phase == "place"
    assert sorted(a[1] for a in state.legal_actions(0)) == ["bottom", "left", "right", "top"]
    state.apply(0, ("place", "left"))
    assert state.structures[0].master("kkk") == "bavarian_illuminati"
    assert state.structures[0].placement("kkk").arrow == "left"
    assert state.owner[CARD_OF["kkk"]] == 0 and CARD_OF["kkk"] not in state.uncontrolled
    assert state.phase == "action"


def test_capture_takes_the_puppets_along_with_half_of_every_treasury():
    # "Si el Grupo capturado ya tiene sus propios títeres, también son capturados. Cuando se
    # sitúen en la Estructura de Poder del atacante deberán mantener la misma posición hacia su
    # amo que tenían en un principio." "La mitad del dinero que quede en los tesoros de los
    # Grupos capturados, redondeando a la baja, pasa con ellos a su nuevo amo, y la otra mitad
    # se devuelve al banco."
    state = position(
        ["bavarian_illuminati", "network"],
        structures={1: [("the_mafia", "network", "right"), ("loan_sharks", "the_mafia", "top")]},
        money={"the_mafia": 5, "loan_sharks": 3, "bavarian_illuminati": 9},
    )
    arrow = state.structures[1].placement("loan_sharks").arrow
    declare(state, "control", "the_mafia", "bavarian_illuminati")
    state.chance = dice(2)
    state.apply(0, ("spend", "illuminati", 9))  # 10 - 7 - 10 (next to the Network) + 9 = 2
    all_pass(state)
    state.apply(0, ("place", "right"))
    assert seat_cards(state, 0) == ["bavarian_illuminati", "the_mafia", "loan_sharks"]
    assert seat_cards(state, 1) == ["network"]
    assert state.structures[0].placement("loan_sharks").arrow == arrow
    assert state.money[CARD_OF["the_mafia"]] == 2 and state.money[CARD_OF["loan_sharks"]] == 1
    assert state.owner[CARD_OF["loan_sharks"]] == 0
    assert state.inventory()["mb"] == 0


def test_captured_puppet_that_collides_is_re_placed_under_the_same_master_or_freed():
    # "Si no es posible porque choquen con otras cartas que tenga el atacante, podrá recolocar
    # las cartas nuevas, siempre que sigan bajo el control del mismo Grupo. Los Grupos nuevos que
    # no puedan colocarse se liberan y pasan a ser no controlados."
    # Seat 1: the KKK on the Network's right, the Yuppies on the KKK's only arrow. Seat 0's
    # Illuminati have only their bottom arrow free, and the K.G.B. lies where the Yuppies would
    # go: the KKK has no other arrow, so the Yuppies go free.
    state = position(
        ["bavarian_illuminati", "network"],
        structures={
            0: [
                ("multinational_oil_companies", "bavarian_illuminati", "right"),
                ("kgb", "multinational_oil_companies", "bottom"),
                ("democrats", "bavarian_illuminati", "top"),
                ("republicans", "bavarian_illuminati", "left"),
            ],
            1: [("kkk", "network", "right"), ("yuppies", "kkk", "bottom")],
        },
        money={"yuppies": 4, "bavarian_illuminati": 7},
    )
    declare(state, "control", "kkk", "bavarian_illuminati")
    state.chance = dice(2)
    state.apply(0, ("spend", "illuminati", 7))  # 10 - 5 - 10 + 7 = 2
    assert state.legal_actions(0) == [("place", "bottom")]
    events = state.apply(0, ("place", "bottom"))
    assert event(events, "freed").params["cards"] == ["yuppies"]
    assert state.structures[0].master("kkk") == "bavarian_illuminati"
    assert CARD_OF["yuppies"] in state.uncontrolled and state.owner[CARD_OF["yuppies"]] == -1
    assert state.money[CARD_OF["yuppies"]] == 0
    assert seat_cards(state, 1) == ["network"]
    assert state.inventory() == {"cards": 106, "mb": 0}


def test_neutralize_sends_the_group_and_its_puppets_uncontrolled_money_to_the_bank():
    # "4. Si el ataque tiene éxito, el Grupo objetivo y todos sus subordinados se sitúan en la
    # *zona no controlada*. Todo su dinero se devuelve al banco."
    state = position(
        ["society_of_assassins", "network"],
        structures={1: [("the_mafia", "network", "right"), ("loan_sharks", "the_mafia", "top")]},
        money={"the_mafia": 5, "loan_sharks": 3, "society_of_assassins": 1},
    )
    declare(state, "neutralize", "the_mafia", "society_of_assassins")
    state.chance = dice(2)
    state.apply(0, ("spend", "illuminati", 1))  # 8 + 4 (the Assassins' +4) + 6 - 7 - 10 + 1 = 2
    all_pass(state)
    assert seat_cards(state, 1) == ["network"]
    assert [FACE[c] for c in state.uncontrolled] == ["the_mafia", "loan_sharks"]
    assert state.money[CARD_OF["the_mafia"]] == state.money[CARD_OF["loan_sharks"]] == 0
    assert state.phase == "action" and state.inventory()["mb"] == 0


def test_destroy_sends_the_group_to_the_dead_pile_and_frees_its_puppets():
    # "4. Si el ataque tiene éxito el Grupo objetivo pasa a la “pila de muertos”. Sus Grupos
    # subordinados no quedan destruidos, sino que pasan a ser no controlados."
    state = position(
        ["servants_of_cthulhu", "network"],
        structures={1: [("the_mafia", "network", "right"), ("loan_sharks", "the_mafia", "top")]},
        money={"servants_of_cthulhu": 8},
    )
    declare(state, "destroy", "the_mafia", "servants_of_cthulhu")
    state.chance = dice(2)
    state.apply(0, ("spend", "illuminati", 8))  # 9 + 2 (Cthulhu's +2) - 7 - 10 + 8 = 2
    all_pass(state)
    assert [FACE[c] for c in state.dead] == ["the_mafia"]
    assert [FACE[c] for c in state.uncontrolled] == ["loan_sharks"]
    assert state.destroyed[0] == 1


def test_failed_attack_leaves_the_group_where_it_was():
    # "*Resultado del ataque:* si el ataque falla el Grupo defensor se queda donde estaba."
    state = position(["servants_of_cthulhu", "network"], structures={1: [("the_mafia", "network", "right")]})
    declare(state, "destroy", "the_mafia", "servants_of_cthulhu")
    state.chance = dice(12)
    all_pass(state)
    assert seat_cards(state, 1) == ["network", "the_mafia"] and not state.dead


def test_gun_lobby_resistance_10_against_liberal_communist_or_weird_attackers():
    # The Gun Lobby's card (ruling 8: the attacking group's alignments only)
    # the Democrats (Liberal) also meet one opposite alignment (Conservative): -4
    for attacker, resistance in (("democrats", 10 + 4), ("multinational_oil_companies", 3)):
        state = position(
            ["ufos", "network"], structures={0: [(attacker, "ufos", "right")]}, uncontrolled=["gun_lobby"]
        )
        declare(state, "control", "gun_lobby", attacker)
        power = {"democrats": 5, "multinational_oil_companies": 6}[attacker]
        assert needed(state) == power - resistance


def test_survivalists_give_two_resistance_to_their_controllers_other_groups():
    # The Survivalists' card: +2 to the Resistance of the owner's other groups.
    state = position(
        ["ufos", "network"],
        structures={
            0: [("multinational_oil_companies", "ufos", "right")],
            1: [("survivalists", "network", "left"), ("yuppies", "network", "right")],
        },
    )
    declare(state, "control", "yuppies", "multinational_oil_companies")
    assert needed(state) == 6 - (4 + 2) - 10


def test_survivalists_do_not_raise_their_own_resistance():
    """The Survivalists' card gives +2 Resistance to "all of the owner's other groups": the
    Survivalists themselves keep their printed Resistance 6."""
    state = position(
        ["ufos", "network"],
        structures={
            0: [("multinational_oil_companies", "ufos", "right")],
            1: [("survivalists", "network", "left"), ("yuppies", "network", "right")],
        },
    )
    declare(state, "control", "survivalists", "multinational_oil_companies")
    assert needed(state) == 6 - 6 - 10  # the Oil Companies have no alignment


def test_discordians_are_immune_to_government_and_straight_groups():
    # "Ningún Grupo Convencional o Gubernamental podrá atacar a la Estructura de Poder Discordiana
    # de ninguna forma, ni ayudar a un ataque contra ella."
    state = position(
        ["ufos", "discordian_society"],
        structures={
            0: [("pentagon", "ufos", "right"), ("c_i_a", "ufos", "left"), ("the_mafia", "ufos", "top")],
            1: [("punk_rockers", "discordian_society", "right")],
        },
    )
    state.apply(0, ("attack", "control", "punk_rockers"))
    legal = state.legal_actions(0)
    assert ("attacker", "pentagon") not in legal and ("attacker", "the_mafia") in legal
    state.apply(0, ("attacker", "the_mafia"))
    assert ("aid", "c_i_a") not in state.legal_actions(0)


@pytest.mark.parametrize("mode", ["neutralize", "destroy"])
def test_chinese_campaign_donors_count_as_government_only_to_control(mode):
    """The card: "When this group itself tries to control a Government group it counts as
    Government"; to neutralize or destroy one, its Communist alignment stays the opposite of
    Government and nothing is added (ruling 9)."""
    state = position(
        ["ufos", "network"],
        structures={
            0: [("chinese_campaign_donors", "ufos", "right")],
            1: [("post_office", "network", "left")],
        },
    )
    declare(state, mode, "post_office", "chinese_campaign_donors")
    if mode == "neutralize":  # Power 3 - Resistance 3 - proximity 10 - opposite 4 + 6
        assert needed(state) == 3 - 3 - 10 - 4 + 6
    else:  # Power 3 - Power 4 - proximity 10 + opposite 4
        assert needed(state) == 3 - 4 - 10 + 4


def test_discordians_plus_4_to_control_weird_groups():
    # "consiguen un +4 a sus intentos de controlar a estos Grupos"
    state = position(["discordian_society", "network"], uncontrolled=["punk_rockers"])
    declare(state, "control", "punk_rockers", "discordian_society")
    assert needed(state) == 8 - 4 + 4


def test_chinese_campaign_donors_count_as_government_instead_of_communist_to_control_a_government_group():
    """The card: "Treat this group as Government when it attempts to control a Government
    group."; its data: "it counts as Government (so it gets the same-alignment bonus instead of
    the Communist-vs-Government penalty)". +4, not -4, and not both (ruling 9)."""
    state = position(
        ["ufos", "network"],
        structures={0: [("chinese_campaign_donors", "ufos", "right")]},
        uncontrolled=["post_office"],
    )
    declare(state, "control", "post_office", "chinese_campaign_donors")
    assert needed(state) == 3 - 3 + 4
    donors, post_office = CARD_OF["chinese_campaign_donors"], CARD_OF["post_office"]
    assert alignment_modifier("control", donors, post_office) == 4
    assert alignment_modifier("destroy", donors, post_office) == 4  # only to control


DISCORDIANS_WITH_THE_CIA = {
    0: [("texas", "ufos", "right")],
    1: [
        ("c_i_a", "discordian_society", "right"),
        ("the_mafia", "discordian_society", "left"),
        ("kkk", "discordian_society", "top"),
    ],
}
"""The Discordians (seat 1, on turn) hold the C.I.A. (Government, 6/4), the Mafia and the KKK."""


def test_discordians_own_government_or_straight_groups_cannot_attack_or_aid_against_their_structure():
    """ "Su naturaleza caótica los hace inmunes a los ataques de Grupos Convencionales o
    Gubernamentales. Ningún Grupo Convencional o Gubernamental podrá atacar a la Estructura de
    Poder Discordiana de ninguna forma, ni ayudar a un ataque contra ella." "Ningún Grupo" is
    every group, the Discordians' own too: their C.I.A. may neither destroy one of their groups
    nor aid that attack, and may attack or aid against any group outside it (ruling 43)."""
    state = position(["ufos", "discordian_society"], structures=DISCORDIANS_WITH_THE_CIA, active=1)
    aims = state.view(1)["turn"]["aims"]
    assert ["destroy", "kkk"] in aims["the_mafia"] and ["destroy", "kkk"] not in aims["c_i_a"]
    assert ["neutralize", "texas"] in aims["c_i_a"]
    state.apply(1, ("attack", "destroy", "kkk"))
    legal = state.legal_actions(1)
    assert ("attacker", "c_i_a") not in legal and ("attacker", "the_mafia") in legal
    state.apply(1, ("attacker", "the_mafia"))
    legal = state.legal_actions(1)
    assert ("aid", "c_i_a") not in legal and ("aid", "discordian_society") in legal
    for target, mode in (("texas", "neutralize"), ("yuppies", "control")):
        state = position(
            ["ufos", "discordian_society"],
            structures=DISCORDIANS_WITH_THE_CIA,
            uncontrolled=["yuppies"],
            active=1,
        )
        state.apply(1, ("attack", mode, target))
        assert ("attacker", "c_i_a") in state.legal_actions(1)
        state.apply(1, ("attacker", "the_mafia"))
        assert ("aid", "c_i_a") in state.legal_actions(1)
