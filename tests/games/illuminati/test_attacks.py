"""Illuminati: attacks and their modifier table (rulebook sections "Ataques", "Ataque para
controlar", "Ataque para neutralizar", "Ataque para destruir", "Aptitudes especiales" and the
summary's "Ataques"). Every worked example of those sections is here."""

from __future__ import annotations

from backroom.games.illuminati.attack import alignment_modifier, needed, succeeds
from backroom.games.illuminati.cards import (
    CARD_OF,
    COMMUNIST,
    FACE,
    GOVERNMENT,
    RESISTANCE,
    STRAIGHT,
    WEIRD,
    same_and_opposite,
)
from tests.helpers import event, refuse

from .conftest import all_pass, declare, dice, position


def need_of(state, mode, target, attacker, helpers=()):
    declare(state, mode, target, attacker, helpers)
    return needed(state)


def test_power_minus_resistance_worked_example_6_against_2_needs_4():
    # "si un Poder de 6 ataca a una Resistencia de 2 sólo tendrá éxito si saca un 4 o menos."
    state = position(
        ["ufos", "network"],
        structures={0: [("multinational_oil_companies", "ufos", "right")]},
        uncontrolled=["chinese_campaign_donors"],
    )
    assert need_of(state, "control", "chinese_campaign_donors", "multinational_oil_companies") == 4


def test_transferable_power_and_money_worked_example_6_plus_4_against_3_needs_7_then_10_then_4():
    # "si un Grupo con un Poder de 6, apoyado por otro cuyo Poder Transferible es 4, ataca a un
    # Grupo con Resistencia 3, el Poder total del atacante será 10 (6+4) y tendrá que sacar un 7
    # o menos (10-3) para tener éxito." "Si el atacante piensa que no va a poder sacar un 7 o
    # menos podría gastar 3 MB para que la tirada necesaria sea de un 10 o menos" "el defensor
    # tiene 3 MB en su Grupo. Lo gasta todo, y vale doble, por lo que en vez de un 10 ahora el
    # atacante necesita un 4 o menos."
    state = position(
        ["ufos", "network"],
        structures={
            0: [("multinational_oil_companies", "ufos", "right"), ("c_i_a", "ufos", "left")],
            1: [("madison_avenue", "network", "right")],
        },
        money={"ufos": 10, "madison_avenue": 3},
    )
    base = need_of(state, "control", "madison_avenue", "multinational_oil_companies", ["c_i_a"])
    proximity = 10  # Madison Avenue hangs directly from its Illuminati
    assert base == 7 - proximity
    state.apply(0, ("spend", "illuminati", 3))
    assert needed(state) == 10 - proximity
    assert state.actors() == (1,)
    state.apply(1, ("spend", "group", 3))
    assert needed(state) == 4 - proximity


def test_aiding_groups_alignments_do_not_count():
    # "La alineación de los Grupos que transfieran Poder no se tiene en cuenta."
    state = position(
        ["ufos", "network"],
        structures={0: [("multinational_oil_companies", "ufos", "right"), ("c_i_a", "ufos", "left")]},
        uncontrolled=["pentagon"],
    )
    # the C.I.A. shares Government and Violent with the Pentagon: no +8 for the attack
    assert need_of(state, "control", "pentagon", "multinational_oil_companies", ["c_i_a"]) == 6 + 4 - 6


def test_alignments_worked_example_weird_communist_against_straight_government_is_minus_8():
    # "si un Grupo Rarito y Comunista intenta controlar a uno Convencional y Gubernamental, las
    # dos alineaciones opuestas restarán 8 al Poder del atacante en esta acción."
    assert same_and_opposite(WEIRD | COMMUNIST, STRAIGHT | GOVERNMENT) == (0, 2)
    # the same as cards: the Orbital Mind Control Lasers (Communist) against the F.B.I.
    # (Government, Straight) lose 4; reversed to destroy
    lasers, fbi = CARD_OF["orbital_mind_control_lasers"], CARD_OF["f_b_i"]
    assert alignment_modifier("control", lasers, fbi) == -4
    assert alignment_modifier("destroy", lasers, fbi) == 4


def test_fanatic_is_the_opposite_of_fanatic_and_criminal_has_no_opposite():
    # "Dos grupos Fanáticos se consideran mutuamente opuestos." "**Criminal:** [...] No tiene
    # opuesto." (ruling 3)
    moonies, libertarians = CARD_OF["moonies"], CARD_OF["libertarians"]
    assert alignment_modifier("control", moonies, libertarians) == -4
    junk_mail, mafia = CARD_OF["junk_mail"], CARD_OF["the_mafia"]
    assert alignment_modifier("control", mafia, junk_mail) == 4


def test_mafia_worked_example_plus_7_to_control_a_criminal_group():
    # "la Mafia tiene un +3 para controlar cualquier otra carta Criminal. [...] La Mafia también
    # tendría un bonificador de +4 a la hora de controlar otras cartas Criminales porque el
    # Grupo tiene alineación Criminal. ¡Por lo tanto, tendrá un bonificador total de +7 para
    # controlar cartas Criminales!"
    state = position(
        ["ufos", "network"],
        structures={0: [("the_mafia", "ufos", "right"), ("multinational_oil_companies", "ufos", "left")]},
        uncontrolled=["junk_mail"],
    )
    assert need_of(state, "control", "junk_mail", "the_mafia") == 7 - 3 + 7
    # "Si intentas lograrlo con otra carta dará lo mismo que controles a la Mafia."
    state = position(
        ["ufos", "network"],
        structures={0: [("the_mafia", "ufos", "right"), ("multinational_oil_companies", "ufos", "left")]},
        uncontrolled=["junk_mail"],
    )
    assert need_of(state, "control", "junk_mail", "multinational_oil_companies") == 6 - 3


def test_any_attempt_ability_cycle_gangs_plus_2_to_every_destroy():
    # "si controlas las Bandas de Moteros cualquier intento de destruir a otro Grupo *con
    # cualquiera de los tuyos* recibirá un bonificador +2."
    laid = [("multinational_oil_companies", "ufos", "right"), ("cycle_gangs", "ufos", "left")]
    state = position(["ufos", "network"], structures={0: laid}, uncontrolled=["republicans"])
    assert need_of(state, "destroy", "republicans", "multinational_oil_companies") == 6 - 4 + 2


def test_proximity_plus_10_plus_5_plus_2_then_nothing():
    # "Si está al lado consigue ¡un +10! Si está a un Grupo de distancia logra un +5, y si está a
    # dos un +2." Figure 3: "los Grupos alejados en más de tres cartas de los Illuminati no
    # obtienen ningún bonificador."
    chain = [
        ("multinational_oil_companies", "network", "right"),
        ("madison_avenue", "multinational_oil_companies", "top"),
        ("empty_vee", "madison_avenue", "bottom"),
        ("video_games", "empty_vee", "left"),
    ]
    for target, bonus in zip([c for c, _, _ in chain], (10, 5, 2, 0), strict=True):
        state = position(["bavarian_illuminati", "network"], structures={0: [], 1: chain})
        base = 10 - RESISTANCE[CARD_OF[target]]
        assert need_of(state, "control", target, "bavarian_illuminati") == base - bonus


def test_neutralize_plus_6_no_free_arrow_needed_only_other_players_groups():
    # "2. El atacante gana un bonificador +6 adicional. 3. El atacante no necesita una flecha de
    # control libre." "1. El objetivo debe ser un Grupo que controle otro jugador."
    state = position(
        ["ufos", "network"],
        structures={
            0: [("kkk", "ufos", "right"), ("yuppies", "kkk", "bottom")],
            1: [("multinational_oil_companies", "network", "right")],
        },
        uncontrolled=["republicans"],
    )
    legal = state.legal_actions(0)
    assert ("attack", "neutralize", "republicans") not in legal
    assert ("attack", "neutralize", "yuppies") not in legal
    state.apply(0, ("attack", "neutralize", "multinational_oil_companies"))
    assert ("attacker", "kkk") in state.legal_actions(0)  # its one arrow holds the Yuppies
    state.apply(0, ("attacker", "kkk"))
    state.apply(0, ("announce", "open"))
    assert needed(state) == 2 - 4 - 10 + 6


def test_control_needs_a_free_outward_arrow():
    # "El Grupo atacante debe tener al menos una flecha hacia fuera libre. Si no tiene flecha, ya
    # sea porque todas estén en uso o alguna esté bloqueada, no podrá intentar controlar a otro
    # Grupo."
    state = position(
        ["ufos", "network"],
        structures={0: [("kkk", "ufos", "right"), ("yuppies", "kkk", "bottom")]},
        uncontrolled=["republicans"],
    )
    state.apply(0, ("attack", "control", "republicans"))
    assert ("attacker", "kkk") not in state.legal_actions(0)
    assert refuse(state, 0, ("attacker", "kkk")) == "illuminati.error.cannot_attacker"


def test_destroy_power_against_power_alignments_reversed_no_free_arrow():
    # "En vez de tirar Poder menos Resistencia, el atacante tira Poder menos Poder." "Un ataque
    # para destruir consigue un bonificador +4 por cada alineación *opuesta*, y un -4 por cada una
    # *igual*." "3. Un Grupo no necesita una flecha de control libre para intentar destruir a
    # otro."
    state = position(
        ["ufos", "network"],
        structures={0: [("kkk", "ufos", "right"), ("yuppies", "kkk", "bottom")]},
        uncontrolled=["democrats"],
    )
    # KKK (Conservative, Violent) against the Democrats (Liberal): power 2 - 5, one opposite
    assert need_of(state, "destroy", "democrats", "kkk") == 2 - 5 + 4


def test_destroying_ones_own_group_has_no_proximity_and_no_group_attacks_itself():
    # "5. Puedes intentar destruir un Grupo que ya controles. En este caso su cercanía a los
    # Illuminati no lo protege. ¡Pero ningún grupo puede atacarse *a sí mismo*, ni ayudar en un
    # intento de destruirse!"
    state = position(
        ["ufos", "network"],
        structures={0: [("multinational_oil_companies", "ufos", "right"), ("c_i_a", "ufos", "left")]},
    )
    state.apply(0, ("attack", "destroy", "c_i_a"))
    assert ("attacker", "c_i_a") not in state.legal_actions(0)
    state.apply(0, ("attacker", "multinational_oil_companies"))
    assert ("aid", "c_i_a") not in state.legal_actions(0)
    state.apply(0, ("announce", "open"))
    assert needed(state) == 6 - 6


def test_groups_without_power_cannot_attack_nor_be_destroyed_even_with_transferable_power():
    # "Una carta sin Poder no puede atacar. Hay unos pocos Grupos que sólo tienen Poder
    # Transferible, por ejemplo 0/1. Esto quiere decir que no pueden atacar, pero sí ayudar a
    # *otro* Grupo a hacerlo." "Un Grupo sin Poder *no puede ser destruido* más que por la carta
    # Especial *Campaña de Rumores*." (ruling 40: the Men in Black and Phone Phreaks are 0/x)
    for hand in ([], ["whispering_campaign"]):
        state = position(
            ["ufos", "network"],
            structures={0: [("cycle_gangs", "ufos", "right"), ("phone_phreaks", "ufos", "left")]},
            uncontrolled=["punk_rockers", "the_men_in_black", "kkk"],
            hands={0: hand},
        )
        legal = state.legal_actions(0)
        for group in ("punk_rockers", "the_men_in_black", "phone_phreaks"):
            assert (("attack", "destroy", group) in legal) is bool(hand)
        assert ("attack", "control", "the_men_in_black") in legal
        state.apply(0, ("attack", "destroy", "kkk"))  # no outward arrow is needed to destroy
        assert state.legal_actions(0) == [("attacker", "ufos")]
        state.apply(0, ("attacker", "ufos"))
        assert ("aid", "phone_phreaks") in state.legal_actions(0)


def test_illuminati_cannot_be_attacked():
    # "Las cartas de Illuminati pueden atacar, pero no ser atacadas."
    state = position(["ufos", "network"])
    assert all(a[2] != "network" for a in state.legal_actions(0) if a[0] == "attack")
    assert refuse(state, 0, ("attack", "control", "network")) == "illuminati.error.cannot_attack"


def test_eleven_and_twelve_always_fail():
    # "*Fallo automático:* un resultado de 11 o 12 resulta en el fallo automático del ataque, por
    # mucho Poder que tuviese el atacante."
    assert not succeeds(11, 40) and not succeeds(12, 40)
    assert succeeds(10, 10) and not succeeds(10, 9) and succeeds(2, 2)
    state = position(
        ["bavarian_illuminati", "network"], uncontrolled=["punk_rockers"], money={"bavarian_illuminati": 9}
    )
    declare(state, "control", "punk_rockers", "bavarian_illuminati")
    state.chance = dice(11)
    events = state.apply(0, ("spend", "illuminati", 9))  # nobody else can spend: the dice roll
    assert sum(event(events, "roll").params["dice"]) == 11
    result = event(events, "result")
    assert result.params["need"] == 10 - 4 + 9 and result.params["roll"] == 11
    assert not result.params["success"]
    assert FACE[state.uncontrolled[0]] == "punk_rockers"


def test_no_group_attacks_twice_a_turn_but_the_ufos_do():
    # "Ningún Grupo, excepto los OVNIs, puede atacar más de una vez por turno."
    for root, again in (("ufos", True), ("bavarian_illuminati", False)):
        state = position([root, "network"], uncontrolled=["punk_rockers", "kkk"])
        declare(state, "control", "punk_rockers", root)
        state.chance = dice(12)
        all_pass(state)
        assert (("attack", "control", "kkk") in state.legal_actions(0)) is again


def test_a_group_that_aided_an_attack_takes_no_part_in_another_that_turn_but_the_ufos_do():
    # "Cualquier cantidad de Grupos pueden apoyar un ataque con su Poder Transferible, pero cada
    # Grupo sólo puede participar en un ataque por turno, excepto los OVNIs, cuya aptitud
    # especial le permite participar en dos." The Men in Black and the Illuminati aid the first.
    for root, again in (("ufos", True), ("bavarian_illuminati", False)):
        laid = [("the_mafia", root, "right"), ("texas", root, "left"), ("the_men_in_black", root, "bottom")]
        state = position([root, "network"], structures={0: laid}, uncontrolled=["kkk", "punk_rockers"])
        declare(state, "control", "kkk", "the_mafia", [root, "the_men_in_black"])
        state.chance = dice(12)
        all_pass(state)
        state.apply(0, ("attack", "control", "punk_rockers"))
        assert state.legal_actions(0) == [("attacker", root)] * again + [("attacker", "texas")]
        state.apply(0, ("attacker", "texas"))
        assert state.legal_actions(0) == [("aid", root)] * again + [("announce", "open")]


def test_after_a_failed_first_action_the_player_may_attack_the_same_group_again():
    # "Si la primera acción de un jugador es un ataque y falla, el *jugador* podrá volver a
    # atacar al mismo Grupo con su segunda acción."
    state = position(
        ["bavarian_illuminati", "network"],
        structures={0: [("multinational_oil_companies", "bavarian_illuminati", "right")]},
        uncontrolled=["kkk"],
    )
    declare(state, "control", "kkk", "bavarian_illuminati")
    state.chance = dice(12)
    all_pass(state)
    assert state.actions_left == 1
    state.apply(0, ("attack", "control", "kkk"))
    assert state.legal_actions(0) == [("attacker", "multinational_oil_companies")]


def test_two_actions_a_turn():
    # "*Llevar a cabo dos “acciones”*"; "Las acciones **NO** pueden guardarse para otros turnos."
    state = position(["ufos", "network"], uncontrolled=["punk_rockers", "kkk", "texas"])
    for target in ("punk_rockers", "kkk"):
        declare(state, "control", target, "ufos")
        state.chance = dice(12)
        all_pass(state)
    assert state.actions_left == 0
    assert not [a for a in state.legal_actions(0) if a[0] == "attack"]
    assert refuse(state, 0, ("attack", "control", "texas")) == "illuminati.error.no_actions_left"


def test_orbital_mind_control_lasers_change_an_alignment_for_the_turn():
    # The Orbital Mind Control Lasers: "During its owner's turn, may add, remove or flip one
    # alignment of one other group in play; the change lasts only for that turn." (ruling 27)
    state = position(
        ["ufos", "network"],
        structures={0: [("orbital_mind_control_lasers", "ufos", "right"), ("kkk", "ufos", "left")]},
        uncontrolled=["democrats", "texas", "pentagon"],
    )
    assert ("lasers", "democrats", "reverse", "Liberal") in state.legal_actions(0)
    assert ("lasers", "democrats", "reverse", "Criminal") not in state.legal_actions(0)
    state.apply(0, ("lasers", "democrats", "reverse", "Liberal"))  # now Conservative
    assert not [a for a in state.legal_actions(0) if a[0] == "lasers"]
    declare(state, "control", "democrats", "kkk")
    assert needed(state) == 2 - 4 + 4  # the KKK (Conservative) now shares an alignment
    state.chance = dice(12)
    all_pass(state)
    state.apply(0, ("end",))
    assert state.laser_card == -1 and state.view(0)["lasers"] is None


def test_the_dice_stay_in_the_view_while_a_captured_group_is_placed():
    # The board shows the roll with its arithmetic; a won control goes on to placing the group.
    state = position(["bavarian_illuminati", "network"], uncontrolled=["kkk"])
    declare(state, "control", "kkk", "bavarian_illuminati")
    state.chance = dice(2)
    all_pass(state)
    assert state.phase == "place"
    shown = state.view(1)["attack"]
    assert shown["roll"] == 2 and shown["need"] == state.p_need and "breakdown" not in shown


def test_each_ready_group_lists_only_the_attacks_it_may_make_itself():
    # The Discordian Society: immune to Government and Straight attackers.
    state = position(
        ["ufos", "discordian_society"],
        structures={0: [("c_i_a", "ufos", "right")], 1: [("madison_avenue", "discordian_society", "right")]},
    )
    aims = state.view(0)["turn"]["aims"]
    assert ["control", "madison_avenue"] in aims["ufos"]
    assert not [a for a in aims["c_i_a"] if a[1] == "madison_avenue"]
    assert state.view(1)["turn"]["aims"] == {} and state.view(None)["turn"]["aims"] == {}


def capture_the_lasers():
    """The UFOs' Mafia (7) takes the uncontrolled Orbital Mind Control Lasers (Resistance 5, no
    alignment in common) with the turn's first action, needing 2 and rolling 2."""
    state = position(
        ["ufos", "network"],
        structures={0: [("the_mafia", "ufos", "right")]},
        uncontrolled=["orbital_mind_control_lasers", "kkk", "democrats"],
    )
    declare(state, "control", "orbital_mind_control_lasers", "the_mafia")
    state.chance = dice(2)
    all_pass(state)
    state.apply(0, next(a for a in state.legal_actions(0) if a[0] == "place"))
    assert state.owner[CARD_OF["orbital_mind_control_lasers"]] == 0
    assert (state.phase, state.actions_left) == ("action", 1)
    return state


def test_a_group_newly_controlled_may_attack_aid_or_use_its_ability_the_same_turn():
    # "Un Grupo recién controlado puede atacar, apoyar un ataque o utilizar su aptitud especial
    # en el mismo turno en el que se consigue."
    # Its special ability: the Lasers flip one alignment of another group this turn (ruling 27).
    state = capture_the_lasers()
    assert ("lasers", "democrats", "reverse", "Liberal") in state.legal_actions(0)
    state.apply(0, ("lasers", "democrats", "reverse", "Liberal"))
    assert state.laser_card == CARD_OF["democrats"]
    # It attacks with the second action: Power 4 - Resistance 5 of the KKK.
    state.apply(0, ("attack", "control", "kkk"))
    assert ("attacker", "orbital_mind_control_lasers") in state.legal_actions(0)
    state.apply(0, ("attacker", "orbital_mind_control_lasers"))
    state.apply(0, ("announce", "open"))
    assert needed(state) == 4 - 5
    state.chance = dice(12)
    assert event(all_pass(state), "roll").params["seat"] == 0
    assert state.used[CARD_OF["orbital_mind_control_lasers"]] == 1
    # Or it aids the second action with its Transferable Power 2: the UFOs (6) against the KKK.
    state = capture_the_lasers()
    state.apply(0, ("attack", "control", "kkk"))
    state.apply(0, ("attacker", "ufos"))
    assert ("aid", "orbital_mind_control_lasers") in state.legal_actions(0)
    state.apply(0, ("aid", "orbital_mind_control_lasers"))
    state.apply(0, ("announce", "open"))
    assert needed(state) == 6 + 2 - 5
    state.chance = dice(12)
    all_pass(state)
    assert state.used[CARD_OF["orbital_mind_control_lasers"]] == 1 and state.actions_left == 0
