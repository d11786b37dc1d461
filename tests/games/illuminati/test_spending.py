"""Illuminati: spending on an attack, interference, privileged attacks and cancelling
(rulebook: "Gastar dinero para atacar", "Gastar dinero para defenderse", "Gasto continuo",
"Interferencias", "Cancelar un ataque"; ruling 6, the spending protocol, and ruling 7)."""

from __future__ import annotations

from backroom.games.illuminati.attack import needed
from backroom.games.illuminati.cards import CARD_OF, FACE
from tests.helpers import event, refuse

from .conftest import declare, dice, play_special, position

ROOTS = ["ufos", "network", "gnomes_of_zurich", "discordian_society"]


def table(**money):
    return position(
        ROOTS,
        structures={1: [("the_mafia", "network", "right")]},
        uncontrolled=["kkk"],
        money={"ufos": 10, "network": 10, "gnomes_of_zurich": 10, "discordian_society": 10, **money},
    )


def test_the_attacker_speaks_first_then_the_others_in_the_order_of_play():
    # Ruling 6: "rounds in a fixed order starting with the attacker"; play is counter-clockwise
    state = table()
    declare(state, "control", "kkk", "ufos")
    assert list(state.window) == [0, 3, 2, 1]
    assert state.actors() == (0,)


def test_a_raise_starts_a_new_round_ending_with_the_raiser_and_a_full_round_of_passes_rolls():
    # "Cuando ninguno de los jugadores esté dispuesto a gastar más dinero para afectar al ataque
    # se tiran los dados para determinar el resultado." (ruling 6)
    state = table()
    declare(state, "control", "kkk", "ufos")
    state.apply(0, ("pass",))
    state.apply(3, ("pass",))
    state.apply(2, ("interfere", "against", 2))
    assert list(state.window) == [1, 0, 3, 2]
    for seat in (1, 0, 3):
        state.apply(seat, ("pass",))
    events = state.apply(2, ("pass",))
    assert event(events, "roll").params["need"] == 6 - 5 - 2
    assert state.phase in ("action", "place")


def test_the_attacker_spends_from_the_attacking_groups_treasury_or_its_illuminati_at_one():
    """ "El dinero para el ataque puede salir tanto del tesoro del grupo atacante como del de los
    Illuminati. Los demás Grupos de la Estructura de Poder no podrán gastar su dinero para
    ayudar." and "Cada MB gastado, devuelto al banco, añade un punto de Poder al ataque." """
    state = position(
        ["network", "ufos"],
        structures={0: [("the_mafia", "network", "right"), ("loan_sharks", "the_mafia", "top")]},
        uncontrolled=["kkk"],
        money={"network": 10, "the_mafia": 6, "loan_sharks": 9},
    )
    declare(state, "control", "kkk", "the_mafia")
    base = needed(state)
    sources = {a[1] for a in state.legal_actions(0) if a[0] == "spend"}
    assert sources == {"group", "illuminati"}  # the Loan Sharks' 9 MB cannot help
    assert max(a[2] for a in state.legal_actions(0) if a[:2] == ("spend", "group")) == 6
    state.apply(0, ("spend", "group", 4))
    assert needed(state) == base + 4
    assert state.money[CARD_OF["the_mafia"]] == 2 and state.money[CARD_OF["loan_sharks"]] == 9
    state.chance = dice(12)  # the UFOs hold nothing: the round is the attacker's alone
    state.apply(0, ("spend", "illuminati", 3))
    assert needed(state) == base + 7 and state.money[CARD_OF["network"]] == 7
    assert state.inventory()["mb"] == 0


def test_interference_costs_the_interferers_illuminati_one_for_one():
    # "anuncia a quién ayudará y contribuye con dinero *del tesoro de sus Illuminati*. Este
    # dinero pasa al banco. Afecta a la tirada necesaria en 1 por cada MB que se gaste."
    state = table()
    declare(state, "control", "kkk", "ufos")
    base = needed(state)
    state.apply(0, ("pass",))
    state.apply(3, ("interfere", "for", 3))
    assert needed(state) == base + 3
    state.apply(2, ("interfere", "against", 5))
    assert needed(state) == base - 2
    assert state.money[CARD_OF["discordian_society"]] == 7
    assert state.money[CARD_OF["gnomes_of_zurich"]] == 5
    assert state.inventory()["mb"] == 0


def test_defender_spends_from_the_defending_group_at_two_and_its_illuminati_at_one():
    # Summary: "Cada MB que gaste el Grupo defensor . . . -2", "Cada MB que gasten los Illuminati
    # del defensor . . . -1"; "Los demás Grupos no pueden participar."
    state = table(the_mafia=4)
    declare(state, "control", "the_mafia", "ufos")
    base = needed(state)
    state.apply(0, ("pass",))
    state.apply(3, ("pass",))
    state.apply(2, ("pass",))
    assert sorted({a[1] for a in state.legal_actions(1) if a[0] == "spend"}) == ["group", "illuminati"]
    state.apply(1, ("spend", "group", 2))
    assert needed(state) == base - 4
    state.apply(0, ("pass",))
    state.apply(3, ("pass",))
    state.apply(2, ("pass",))
    state.chance = dice(12)
    state.apply(1, ("spend", "illuminati", 3))
    assert needed(state) == base - 7


def test_only_seats_that_can_spend_are_asked():
    # Issue 14: "An interference window asks only the seats that can still spend."
    state = table(gnomes_of_zurich=0, network=0)
    declare(state, "control", "kkk", "ufos")
    assert list(state.window) == [0, 3]


def test_a_raise_is_bounded_by_the_treasury_and_by_twenty():
    state = table(ufos=30)
    declare(state, "control", "kkk", "ufos")
    raises = [a for a in state.legal_actions(0) if a[0] == "spend"]
    assert max(a[2] for a in raises) == 20
    assert refuse(state, 0, ("spend", "illuminati", 21)) == "illuminati.error.cannot_spend"
    assert refuse(state, 3, ("interfere", "for", 1)) == "illuminati.error.not_your_turn"
    poor = table(ufos=3)
    declare(poor, "control", "kkk", "ufos")
    assert refuse(poor, 0, ("spend", "illuminati", 4)) == "illuminati.error.cannot_spend"


def test_privileged_attack_by_discarding_any_special_nobody_may_interfere():
    # "Un atacante puede prevenir las interferencias declarando un ataque “Confidencial”. Para
    # ello debe descartarse de *cualquier* carta Especial y anunciar “¡Confidencial!” al
    # *declarar el ataque*. Nadie puede interferir a favor o en contra de un ataque Confidencial."
    state = position(
        ROOTS,
        structures={1: [("the_mafia", "network", "right")]},
        money={"ufos": 10, "network": 10, "gnomes_of_zurich": 10, "discordian_society": 10, "the_mafia": 3},
        hands={0: ["slush_fund"]},
    )
    declare(state, "control", "the_mafia", "ufos", how="slush_fund")
    assert state.p_privileged and [FACE[c] for c in state.discard] == ["slush_fund"]
    assert state.hands[0] == []
    assert list(state.window) == [0, 1]  # the attacker and the defender only
    assert ("cancel",) not in state.legal_actions(0)  # ruling 7: committed


def test_an_attack_may_be_cancelled_until_money_is_spent_on_it():
    # "Después de anunciar un ataque, un jugador *puede* cambiar de idea y cancelarlo *hasta* que
    # gasta dinero en él." "Si el atacante no gasta dinero el ataque se realiza cuando otro
    # jugador lo hace, ya sea a su favor o en su contra, o cuando él tira el dado."
    state = table()
    declare(state, "control", "kkk", "ufos")
    assert ("cancel",) in state.legal_actions(0)
    state.apply(0, ("cancel",))
    assert state.phase == "action" and state.actions_left == 2 and not state.acted
    declare(state, "control", "kkk", "ufos")
    state.apply(0, ("pass",))
    state.apply(3, ("interfere", "against", 1))
    state.apply(2, ("pass",))
    state.apply(1, ("pass",))
    assert refuse(state, 0, ("cancel",)) == "illuminati.error.cannot_cancel"


def test_ruling_7_cancelling_is_not_capped_a_turn():
    # "Después de anunciar un ataque, un jugador *puede* cambiar de idea y cancelarlo *hasta* que
    # gasta dinero en él.": no number of cancellations is set
    state = table()
    for mode, target in [
        ("control", "kkk"),
        ("destroy", "kkk"),
        ("control", "the_mafia"),
        ("neutralize", "the_mafia"),
    ]:
        declare(state, mode, target, "ufos")
        assert ("cancel",) in state.legal_actions(0)
        state.apply(0, ("cancel",))
    assert state.phase == "action" and state.actions_left == 2 and not state.acted
    assert state.money[CARD_OF["ufos"]] == 10


def test_ruling_7_the_same_attack_cancelled_again_in_an_unchanged_position_is_played():
    # Ruling 7: a cancelled attack leaves the position as it was; announcing the very same attack
    # (mode, target, attacking group) and cancelling it again would loop without end
    state = position(
        ROOTS,
        structures={0: [("loan_sharks", "ufos", "right")], 1: [("the_mafia", "network", "right")]},
        uncontrolled=["kkk"],
        money={"ufos": 10, "network": 10, "gnomes_of_zurich": 10, "discordian_society": 10},
    )
    declare(state, "control", "kkk", "ufos")
    state.apply(0, ("cancel",))
    declare(state, "control", "kkk", "loan_sharks")  # another attacking group: a new attack
    state.apply(0, ("cancel",))
    declare(state, "control", "kkk", "ufos")
    assert ("cancel",) not in state.legal_actions(0)
    assert refuse(state, 0, ("cancel",)) == "illuminati.error.cannot_cancel"
    state = position(
        ROOTS,
        structures={0: [("loan_sharks", "ufos", "right")], 1: [("the_mafia", "network", "right")]},
        uncontrolled=["kkk"],
        money={"ufos": 10, "network": 10, "gnomes_of_zurich": 10, "discordian_society": 10},
    )
    declare(state, "control", "kkk", "ufos")
    state.apply(0, ("cancel",))
    state.apply(0, ("transfer", "ufos", "loan_sharks"))  # the position changes
    state.apply(0, ("amount", 1))
    declare(state, "control", "kkk", "ufos")
    assert ("cancel",) in state.legal_actions(0)


def privileged_table():
    state = position(
        ROOTS,
        structures={1: [("the_mafia", "network", "right")]},
        uncontrolled=["kkk"],
        money={"ufos": 10, "network": 10, "gnomes_of_zurich": 10, "discordian_society": 10},
        hands={0: ["slush_fund"], 2: ["deep_agent"], 3: ["interference", "bribery"]},
    )
    declare(state, "control", "kkk", "ufos", how="slush_fund")
    return state


def test_a_privileged_round_also_asks_the_seats_holding_specials():
    # Ruling 20: they may cancel the privilege or play Interference; their number is public
    state = privileged_table()
    assert list(state.window) == [0, 3, 2]
    state.apply(0, ("pass",))
    legal = state.legal_actions(3)
    assert ("special", "interference") in legal and ("unprivilege", "bribery", "interference") in legal
    assert not [a for a in legal if a[0] == "interfere"]


def test_deep_agent_cancels_the_privilege_and_everyone_may_interfere_again():
    # "La confidencialidad puede cancelarse usando la carta Especial *Agente Infiltrado* o
    # descartando dos cartas Especiales (ver pág. 12). Si se cancela la confidencialidad no
    # podrá volver a aplicarse a ese ataque."
    state = privileged_table()
    state.apply(0, ("pass",))
    state.apply(3, ("pass",))
    events = play_special(state, 2, ("special", "deep_agent"))
    assert event(events, "unprivileged").params["seat"] == 2
    assert not state.p_privileged
    assert list(state.window) == [1, 0, 3, 2]
    assert ("interfere", "for", 1) in state.legal_actions(1)


def test_two_specials_discarded_together_cancel_the_privilege():
    # "Un jugador puede descartar *dos* cartas Especiales cualesquiera, juntas, para cancelar la
    # confidencialidad de otro."
    state = privileged_table()
    state.apply(0, ("pass",))
    play_special(state, 3, ("unprivilege", "bribery", "interference"))
    assert not state.p_privileged and state.hands[3] == []
    assert [FACE[c] for c in state.discard] == ["slush_fund", "bribery", "interference"]


def test_the_attacker_cannot_cancel_the_privilege_of_its_own_attack():
    """ "Un jugador puede descartar *dos* cartas Especiales cualesquiera, juntas, para cancelar
    la confidencialidad de otro." Only another player's privilege is cancelled, with two specials
    or with Deep Agent."""
    state = position(
        ROOTS,
        uncontrolled=["kkk"],
        money={"ufos": 10},
        hands={0: ["slush_fund", "deep_agent", "bribery", "swiss_bank_account"]},
    )
    declare(state, "control", "kkk", "ufos", how="slush_fund")
    assert state.p_privileged and state.actors() == (0,)
    legal = state.legal_actions(0)
    assert ("special", "deep_agent") not in legal
    assert not [a for a in legal if a[0] == "unprivilege"]
    assert (
        refuse(state, 0, ("unprivilege", "bribery", "deep_agent")) == "illuminati.error.cannot_play_special"
    )


def test_interference_lets_its_holder_alone_interfere_in_a_privileged_attack():
    # Interference: "The holder may interfere with one privileged attack (spend money for or
    # against it); nobody else may."
    state = privileged_table()
    state.apply(0, ("pass",))
    play_special(state, 3, ("special", "interference"))
    assert state.p_privileged and ("interfere", "against", 2) in state.legal_actions(3)
    state.apply(3, ("interfere", "against", 2))
    assert state.p_spent[4] == 2
    assert not [
        a for a in state.legal_actions(state.actors()[0]) if a[0] == "interfere" and state.actors()[0] != 3
    ]
