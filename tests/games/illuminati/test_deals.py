"""Illuminati: deals, gifts out of turn and leaving the game (rulebook: "Regalos e
intercambios", "Transferencia de Grupos", "Regalar la partida", "¿Cuándo un trato es
vinculante?", "Dejar la partida"; rulings 29 to 31)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from backroom.games.illuminati import GAME
from backroom.games.illuminati.cards import CARD_OF, FACE
from backroom.games.illuminati.state import IlluminatiState
from backroom.i18n import translate
from tests.helpers import event, refuse

from .conftest import declare, position

MAFIA_AND_SHARKS = [("the_mafia", "network", "right"), ("loan_sharks", "the_mafia", "top")]


def money(state, face):
    return state.money[CARD_OF[face]]


def offer(state, to_seat, *steps):
    """The player on turn opens an offer to ``to_seat``, adds ``steps`` and proposes it."""
    seat = state.active
    state.apply(seat, ("offer", to_seat))
    for step in steps:
        state.apply(seat, step)
    return state.apply(seat, ("propose",))


def network_and_ufos(players=2):
    roots = ["network", "ufos", "bermuda_triangle"][:players]
    return position(
        roots,
        structures={0: MAFIA_AND_SHARKS, 1: [("pentagon", "ufos", "top")]},
        money={"network": 10, "ufos": 8, "the_mafia": 4, "loan_sharks": 3, "pentagon": 2},
        hands={0: ["deep_agent"], 1: ["slush_fund"]},
    )


def test_deal_is_binding_when_the_exchange_is_immediate():
    # "Cuando dos jugadores llegan a un acuerdo será vinculante si realizan el intercambio
    # inmediatamente." An accepted offer moves money, specials and groups at once.
    state = network_and_ufos()
    offer(state, 1, ("offer_give", "the_mafia"), ("offer_give", "deep_agent"), ("offer_money", "take", 5))
    assert state.actors() == (1,) and ("decline",) in state.legal_actions(1)
    state.apply(1, ("accept",))
    assert money(state, "network") == 15 and money(state, "ufos") == 3
    assert state.view(1)["hand"] == ["deep_agent", "slush_fund"] and state.view(0)["hand"] == []
    assert state.phase == "arrive" and state.actors() == (1,) and state.actions_left == 1
    assert state.structures[0].cards() == ["network", "the_mafia", "loan_sharks"]  # not laid yet
    lay = next(a for a in state.legal_actions(1) if a[1] == "ufos")
    events = state.apply(1, lay)
    assert event(events, "received").params["from_seat"] == 0
    assert state.structures[0].cards() == ["network"]
    assert set(state.structures[1].cards()) == {"ufos", "pentagon", "the_mafia", "loan_sharks"}
    # "sus títeres, si lo tiene, deben acompañarlo, junto con todos sus tesoros"
    assert money(state, "the_mafia") == 4 and money(state, "loan_sharks") == 3
    assert state.owner[CARD_OF["loan_sharks"]] == 1 and state.phase == "action" and state.actors() == (0,)


def test_deal_declined_changes_nothing_promises_are_not_enforced():
    # "No lo será si implica intercambiar algo ahora por otra cosa más adelante." Only what an
    # offer moves now is binding; a declined offer leaves everything as it was.
    state = network_and_ufos()
    before = state.to_json()
    offer(state, 1, ("offer_money", "give", 3))
    state.apply(1, ("decline",))
    after = state.to_json()
    assert state.phase == "action" and after.pop("offers") == 1
    before.pop("offers")
    assert after == before


def test_gift_of_a_group_needs_the_receivers_consent():
    # "¡Sólo puedes *regalar* un Grupo si el jugador que lo recibiría lo acepta!"
    state = network_and_ufos()
    offer(state, 1, ("offer_give", "the_mafia"))
    state.apply(1, ("decline",))
    assert state.owner[CARD_OF["the_mafia"]] == 0 and state.actions_left == 2


def test_each_group_exchanged_costs_the_active_player_an_action():
    # "Cada Grupo intercambiado cuenta como una acción para el jugador activo, sin importar en
    # qué dirección se mueva."
    state = network_and_ufos()
    state.apply(0, ("offer", 1))
    state.apply(0, ("offer_give", "the_mafia"))
    assert ("offer_take", "pentagon") in state.legal_actions(0)
    assert ("offer_give", "loan_sharks") not in state.legal_actions(0)  # it goes with its master
    state.apply(0, ("offer_take", "pentagon"))
    state.apply(0, ("propose",))
    state.apply(1, ("accept",))
    assert state.actions_left == 0
    while state.phase == "arrive":
        seat = state.actors()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    assert state.owner[CARD_OF["pentagon"]] == 0 and state.owner[CARD_OF["the_mafia"]] == 1
    state.apply(0, ("offer", 1))
    assert not any(a[0] == "offer_give" and a[1] == "loan_sharks" for a in state.legal_actions(0))


def test_offered_specials_are_seen_by_the_two_parties_only():
    # "Pueden mantenerse boca abajo o mostrarse, como quiera el jugador, pero debe colocarlas de
    # forma que los demás puedan ver cuántas Especiales tiene."
    state = network_and_ufos(players=3)
    events = offer(state, 1, ("offer_give", "deep_agent"))
    assert event(events, "deal_offered").params["give_specials"] == 1
    assert "deep_agent" not in str(event(events, "deal_offered").params)
    assert event(events, "deal_offered_faces").to == (0, 1)
    assert state.view(1)["deal"]["give_specials"] == ["deep_agent"]
    assert state.view(2)["deal"]["give_specials"] == [] and state.view(2)["deal"]["give_special_count"] == 1


def test_deal_asks_only_for_specials_the_proposer_has_seen():
    state = network_and_ufos()
    state.apply(0, ("offer", 1))
    assert ("offer_take", "slush_fund") not in state.legal_actions(0)
    state.known[0] |= 1 << next(iter(state.hands[1]))
    assert ("offer_take", "slush_fund") in state.legal_actions(0)


def bavarians_and_gnomes():
    return position(
        ["bavarian_illuminati", "gnomes_of_zurich"],
        structures={
            0: [
                ("international_communist_conspiracy", "bavarian_illuminati", "top"),
                ("new_york", "bavarian_illuminati", "right"),
                ("c_i_a", "bavarian_illuminati", "bottom"),
            ],
            1: [("the_mafia", "gnomes_of_zurich", "top")],
        },
        money={"bavarian_illuminati": 20, "gnomes_of_zurich": 140},
    )


def test_no_player_may_give_the_game_away_but_an_exchange_where_both_win_is_legal():
    # "Ningún jugador puede “regalar” la partida a otro limitándose a darle suficiente dinero,
    # Grupos, etc. para que gane. Un intercambio que hace que ganen *los dos* jugadores, sin
    # embargo, es perfectamente legal." The Bavarians have Power 30 of 35, the Gnomes 140 MB
    # of 150.
    state = bavarians_and_gnomes()
    state.apply(0, ("offer", 1))
    state.apply(0, ("offer_take", "the_mafia"))  # Power 7: the Bavarians alone would win
    assert ("propose",) not in state.legal_actions(0)
    assert refuse(state, 0, ("propose",)) == "illuminati.error.cannot_propose"
    state.apply(0, ("offer_money", "give", 10))  # and now the Gnomes reach 150 MB too
    assert ("propose",) in state.legal_actions(0)
    state.apply(0, ("withdraw",))
    state.apply(0, ("offer", 1))
    state.apply(0, ("offer_money", "give", 10))  # the Gnomes alone would win
    assert ("propose",) not in state.legal_actions(0)


def gifts_position():
    return position(
        ["network", "ufos"],
        structures={0: MAFIA_AND_SHARKS},
        money={"network": 10, "ufos": 8, "the_mafia": 4},
        uncontrolled=["pentagon"],
        hands={0: ["deep_agent", "slush_fund"], 1: ["murphys_law"]},
    )


def test_gifts_out_of_turn_when_asked_in_a_window():
    # "*Regalar dinero o una carta Especial*: esto puede hacerse en cualquier momento, no sólo
    # durante tu turno."
    state = gifts_position()
    declare(state, "control", "pentagon", "the_mafia")
    state.apply(0, ("pass",))
    assert state.actors() == (1,) and ("give_money", 0, 3) in state.legal_actions(1)
    state.apply(1, ("give_money", 0, 3))
    state.apply(1, ("give_special", 0, "murphys_law"))
    assert state.actors() == (1,) and state.gifts[1] == 2  # a gift is not an answer
    assert not any(a[0].startswith("give_") for a in state.legal_actions(1))  # two a turn
    assert money(state, "network") == 13 and not state.acted  # nothing the player on turn did


def test_no_gifts_nor_offers_during_a_privileged_attack():
    # "Pueden transferirse dinero o cartas Especiales en cualquier momento, excepto durante un
    # ataque Confidencial"
    state = gifts_position()
    declare(state, "control", "pentagon", "the_mafia", how="deep_agent")
    assert state.p_privileged and 1 in state.window
    while state.phase == "spend":
        seat = state.actors()[0]
        assert not any(a[0].startswith("give_") or a[0] == "offer" for a in state.legal_actions(seat))
        state.apply(seat, ("pass",))


def test_leaving_the_game_frees_the_groups_banks_the_treasuries_and_retires_the_illuminati():
    # "Si un jugador abandona sus Grupos quedan sin control, sus tesoros pasan al banco y su
    # carta de Illuminati se retira del juego."
    state = network_and_ufos(players=3)
    assert ("leave",) not in state.legal_actions(0)  # the table's option
    assert refuse(state, 0, ("leave",)) == "illuminati.error.cannot_leave"
    state.leaving = True
    mb = sum(state.money) - state.issued
    events = state.apply(0, ("leave",))
    assert not state.alive[0] and CARD_OF["network"] in state.out
    assert {FACE[c] for c in state.uncontrolled} >= {"the_mafia", "loan_sharks"}
    assert money(state, "network") == money(state, "the_mafia") == money(state, "loan_sharks") == 0
    assert [FACE[c] for c in state.discard] == ["deep_agent"] and state.hands[0] == []
    assert event(events, "left").params["card"] == "network"
    assert sum(state.money) - state.issued == mb and state.active != 0 and not state.is_over


def test_last_player_left_wins_when_the_other_leaves():
    state = network_and_ufos()
    state.leaving = True
    state.apply(0, ("leave",))
    assert state.is_over and state.outcome().scores == (0.0, 1.0)


DEALING = {"offer", "offer_give", "offer_take", "propose", "accept", "receive", "lose", "settle"}
DEALING |= {"give_money", "give_special", "special", "special_on", "espionage", "unprivilege", "replace"}


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([2, 3, 5]))
def test_deals_gifts_and_specials_keep_every_card_once_and_the_money_conserved(seed, players):
    # "Pueden realizarse transferencias de Grupos, cartas Especiales y dinero entre jugadores:
    # intercambios, ventas (intercambios por dinero) o regalos." Play that prefers deals, gifts
    # and specials (Secrets Man included) moves cards and money without making or losing any.
    state, _ = GAME.start(players, {}, seed=seed)
    rng = random.Random(seed)
    inventory = state.inventory()
    for _ in range(400):
        if state.is_over:
            break
        seat = state.actors()[0]
        legal = state.legal_actions(seat)
        preferred = [a for a in legal if a[0] in DEALING and a[0] != "give_money"]
        action = rng.choice(preferred if preferred and rng.random() < 0.7 else legal)
        state.apply(seat, action)
        state.check()
        assert state.inventory() == inventory
        assert IlluminatiState.from_json(state.to_json()).to_json() == state.to_json()


def test_receiver_resolves_collisions_by_leaving_new_or_old_cards_uncontrolled():
    # "Si no se pueden evitar los choques el jugador debe solucionarlos eligiendo una o más
    # cartas que choquen, sin importar si son nuevas o no, y dejarlas no controladas." The UFOs'
    # four arrows hold groups without arrows: the Mafia fits nowhere.
    full = ["antiwar_activists", "boy_sprouts", "cycle_gangs", "eco_guerrillas"]
    sides = ["top", "right", "bottom", "left"]
    state = position(
        ["network", "ufos"],
        structures={0: MAFIA_AND_SHARKS, 1: [(g, "ufos", side) for g, side in zip(full, sides, strict=True)]},
        money={"boy_sprouts": 3},
    )
    offer(state, 1, ("offer_give", "the_mafia"))
    state.apply(1, ("accept",))
    assert state.phase == "arrive"
    assert state.legal_actions(1) == [("lose", "the_mafia")] + [("lose", g) for g in full]
    state.apply(1, ("lose", "boy_sprouts"))  # an old card goes, its money to the bank
    assert CARD_OF["boy_sprouts"] in state.uncontrolled and money(state, "boy_sprouts") == 0
    assert state.legal_actions(1) == [("receive", "ufos", "right")]
    state.apply(1, ("receive", "ufos", "right"))
    assert state.structures[1].master("loan_sharks") == "the_mafia" and state.phase == "action"


def test_a_new_card_that_fits_nowhere_may_be_the_one_left_uncontrolled():
    full = ["antiwar_activists", "boy_sprouts", "cycle_gangs", "eco_guerrillas"]
    sides = ["top", "right", "bottom", "left"]
    state = position(
        ["network", "ufos"],
        structures={0: MAFIA_AND_SHARKS, 1: [(g, "ufos", side) for g, side in zip(full, sides, strict=True)]},
        money={"the_mafia": 4},
    )
    offer(state, 1, ("offer_give", "the_mafia"))
    state.apply(1, ("accept",))
    state.apply(1, ("lose", "the_mafia"))
    assert {CARD_OF["the_mafia"], CARD_OF["loan_sharks"]} <= set(state.uncontrolled)
    assert money(state, "the_mafia") == 0 and state.phase == "action" and state.inventory()["cards"] == 106


def test_an_offer_reads_in_the_log_as_what_each_side_holds():
    state = network_and_ufos(players=3)
    events = offer(state, 1, ("offer_give", "deep_agent"))
    names = ("Ana", "Bruno", "Carla")
    public = event(events, "deal_offered")
    assert translate("en", "illuminati.event.deal_offered", public.params, names) == (
        "Ana offers Bruno a deal: 1 special card for nothing."
    )
    faces = event(events, "deal_offered_faces")
    assert translate("es", "illuminati.event.deal_offered_faces", faces.params, names) == (
        "Las Especiales del trato: Agente Infiltrado a cambio de nada."
    )


def test_a_deal_without_specials_tells_no_faces():
    state = network_and_ufos(players=3)
    events = offer(state, 1, ("offer_money", "give", 3))
    assert [e for e in events if e.kind == "deal_offered_faces"] == []
    assert translate(
        "fr", "illuminati.event.deal_offered", event(events, "deal_offered").params, ("A", "B", "C")
    ) == ("A propose un marché à B : 3 MB contre rien.")


def test_giving_the_game_away_is_not_judged_on_a_secret_goal():
    # With secret goals (ruling 34) nobody but its owner knows what a seat pursues: an offer
    # refused because it would meet the Gnomes' goal would tell the proposer the other's goal.
    state = position(["network", "bavarian_illuminati"], money={"network": 10, "bavarian_illuminati": 145})
    state.secret_goals = True
    state.goal_choice = [CARD_OF["bavarian_illuminati"], CARD_OF["gnomes_of_zurich"]]
    state.apply(0, ("offer", 1))
    state.apply(0, ("offer_money", "give", 10))
    assert ("propose",) in state.legal_actions(0)
