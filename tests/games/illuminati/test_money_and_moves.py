"""Illuminati: transferring money, moving and dropping groups, gifts (rulebook: "Transferir
dinero", "Mover un Grupo", "Acciones gratuitas", "Regalos e intercambios", "Regalar la
partida")."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from backroom.games.illuminati.cards import CARD_OF, FACE
from tests.helpers import event, refuse

from .conftest import all_pass, declare, dice, position

MAFIA_AND_SHARKS = [("the_mafia", "network", "right"), ("loan_sharks", "the_mafia", "top")]


def money(state, face):
    return state.money[CARD_OF[face]]


def test_transfer_to_the_master_or_a_puppet_only():
    # "Un Grupo puede usar una acción para transferir cualquier porción de su dinero a un Grupo
    # adyacente, su amo o su títere."
    state = position(
        ["network", "ufos"],
        structures={0: [*MAFIA_AND_SHARKS, ("kkk", "network", "left")]},
        money={"loan_sharks": 6},
    )
    legal = [a for a in state.legal_actions(0) if a[0] == "transfer"]
    assert legal == [("transfer", "loan_sharks", "the_mafia")]
    state.apply(0, ("transfer", "loan_sharks", "the_mafia"))
    assert state.phase == "transfer"
    state.apply(0, ("amount", 4))
    assert money(state, "loan_sharks") == 2 and money(state, "the_mafia") == 4
    assert refuse(state, 0, ("transfer", "kkk", "loan_sharks")) == "illuminati.error.cannot_transfer"


def test_two_free_transfers_then_each_costs_an_action():
    # "Un jugador puede realizar dos transferencias como parte de su turno (*Orden de juego*, en
    # la pág. 2). Pero si lo cree necesario puede hacer también una transferencia como acción
    # normal. Realizando transferencias sucesivas puede moverse el dinero a dos o más Grupos de
    # distancia en un turno."
    state = position(["network", "ufos"], structures={0: MAFIA_AND_SHARKS}, money={"network": 9})
    for source, target in (
        ("network", "the_mafia"),
        ("the_mafia", "loan_sharks"),
        ("loan_sharks", "the_mafia"),
    ):
        state.apply(0, ("transfer", source, target))
        state.apply(0, ("amount", "all"))
    assert (state.transfers_left, state.actions_left) == (0, 1)
    assert money(state, "the_mafia") == 9


def test_the_two_free_transfers_may_leave_the_same_group_never_for_itself():
    # "5. *Transferir dinero*: el jugador puede transferir una parte o todo el tesoro de dos
    # Grupos a los de grupos *adyacentes* a ellos (ver pág. 10)." The page it points to and the
    # summary count transfers: "Un jugador puede realizar dos transferencias como parte de su
    # turno" and "Se pueden realizar dos transferencias por turno." So one group may make both
    # free transfers; a transfer always joins two different cards (ruling 44).
    laid = [*MAFIA_AND_SHARKS, ("kkk", "network", "left"), ("federal_reserve", "network", "top")]
    state = position(
        ["network", "ufos"], structures={0: laid}, money={"network": 9, "the_mafia": 4, "federal_reserve": 5}
    )
    transfers = [a for a in state.legal_actions(0) if a[0] == "transfer"]
    assert ("transfer", "federal_reserve", "loan_sharks") in transfers  # anywhere, but
    assert not [a for a in transfers if a[1] == a[2]]  # never a card to itself
    for target in ("the_mafia", "kkk"):
        state.apply(0, ("transfer", "network", target))
        state.apply(0, ("amount", 3))
    assert [money(state, f) for f in ("network", "the_mafia", "kkk")] == [3, 7, 3]
    assert (state.transfers_left, state.actions_left) == (0, 2)


def test_the_federal_reserve_transfers_anywhere_in_its_structure():
    # The Federal Reserve's card: its money may go to any group of its structure.
    state = position(
        ["network", "ufos"],
        structures={0: [*MAFIA_AND_SHARKS, ("federal_reserve", "network", "left")]},
        money={"federal_reserve": 5},
    )
    assert ("transfer", "federal_reserve", "loan_sharks") in state.legal_actions(0)


def test_after_a_capture_the_attacker_may_pass_money_to_its_new_puppet_at_no_cost():
    # "El Grupo que atacó podrá transferir inmediatamente todo su tesoro o parte de él al Grupo
    # que ha capturado. Esta no es una acción distinta, sino que se considera parte del ataque."
    state = position(["bavarian_illuminati", "ufos"], uncontrolled=["kkk"], money={"bavarian_illuminati": 6})
    declare(state, "control", "kkk", "bavarian_illuminati")
    state.chance = dice(2)
    all_pass(state)
    state.apply(0, ("place", "top"))
    assert state.phase == "transfer" and ("amount", 0) in state.legal_actions(0)
    state.apply(0, ("amount", 3))
    assert money(state, "kkk") == 3 and state.transfers_left == 2 and state.actions_left == 1


def test_move_a_group_with_its_puppets_to_a_free_arrow_as_an_action():
    # "Un jugador puede utilizar una de sus acciones para reorganizar su Estructura de Poder,
    # moviendo un Grupo a una flecha de control libre. [...] Si el Grupo a mover tiene títeres se
    # moverán con él (así como los títeres de estos, etc.)."
    state = position(["network", "ufos"], structures={0: MAFIA_AND_SHARKS})
    state.apply(0, ("move", "the_mafia", "network"))
    assert state.phase == "place"
    arrows = [a[1] for a in state.legal_actions(0)]
    assert "right" not in arrows
    state.apply(0, ("place", arrows[0]))
    assert state.structures[0].placement("the_mafia").arrow == arrows[0]
    assert state.structures[0].master("loan_sharks") == "the_mafia"
    assert state.actions_left == 1


def test_moved_puppet_that_cannot_be_re_placed_is_lost_with_its_puppets():
    # "Las cartas no pueden quedar montadas. Si el mover un Grupo hace que algunos de los títeres
    # choquen con otras cartas podrán moverse a otras flechas de control, *siempre y cuando sigan
    # bajo el control del mismo amo*. Cualquier títere que no pueda ser recolocado *se pierde*.
    # Pasa, junto a sus títeres, a la zona no controlada."
    # The KKK (one arrow, the Yuppies on it) moves from the Network's right to its bottom, where
    # the K.G.B. lies in the Yuppies' way.
    state = position(
        ["bavarian_illuminati", "ufos"],
        structures={
            0: [
                ("kkk", "bavarian_illuminati", "left"),
                ("yuppies", "kkk", "bottom"),
                ("multinational_oil_companies", "bavarian_illuminati", "right"),
                ("kgb", "multinational_oil_companies", "bottom"),
            ]
        },
        money={"yuppies": 2},
    )
    trial = state.clone()
    trial.apply(0, ("move", "kkk", "bavarian_illuminati"))
    lost = {}
    for arrow in [a[1] for a in trial.legal_actions(0)]:
        again = trial.clone()
        lost[arrow] = [e.params["cards"] for e in again.apply(0, ("place", arrow)) if e.kind == "freed"]
    arrow = next(a for a, cards in lost.items() if cards)
    state.apply(0, ("move", "kkk", "bavarian_illuminati"))
    events = state.apply(0, ("place", arrow))
    assert event(events, "freed").params["cards"] == ["yuppies"]
    assert CARD_OF["yuppies"] in state.uncontrolled and money(state, "yuppies") == 0
    assert state.inventory() == {"cards": 106, "mb": 0}


def test_drop_a_group_and_its_puppets_go_uncontrolled_free_action():
    # "*Deshacerse de Grupos*: quitar un grupo de tu Estructura de Poder y devolverlo a la zona no
    # controlada. Sus títeres quedarán también sin control."
    state = position(["network", "ufos"], structures={0: MAFIA_AND_SHARKS}, money={"loan_sharks": 2})
    state.apply(0, ("drop", "the_mafia"))
    assert [FACE[c] for c in state.uncontrolled] == ["the_mafia", "loan_sharks"]
    assert state.actions_left == 2 and money(state, "loan_sharks") == 0


def test_gifts_of_money_go_from_illuminati_to_illuminati_and_specials_hand_to_hand():
    # "Pueden transferirse dinero o cartas Especiales en cualquier momento, excepto durante un
    # ataque Confidencial, y esto no cuenta como acción. Cuando se transfiere dinero debe
    # proceder de una carta de Illuminati y pasar a otra. Los demás Grupos no pueden dar dinero
    # a otros jugadores ni recibirlo."
    state = position(
        ["network", "ufos"],
        structures={0: MAFIA_AND_SHARKS},
        money={"network": 4, "the_mafia": 9},
        hands={0: ["deep_agent"]},
    )
    gifts = [a for a in state.legal_actions(0) if a[0] == "give_money"]
    assert gifts == [("give_money", 1, mb) for mb in range(1, 5)]
    state.apply(0, ("give_money", 1, 3))
    assert money(state, "network") == 1 and money(state, "ufos") == 3
    events = state.apply(0, ("give_special", 1, "deep_agent"))
    assert event(events, "gave_special").to is None and "card" not in event(events, "gave_special").params
    assert event(events, "gave_special_face").to == (0, 1)
    assert state.view(1)["hand"] == ["deep_agent"] and state.actions_left == 2


def test_no_player_may_give_the_game_away():
    # "Ningún jugador puede “regalar” la partida a otro limitándose a darle suficiente dinero,
    # Grupos, etc. para que gane."
    state = position(["network", "gnomes_of_zurich"], money={"network": 10, "gnomes_of_zurich": 145})
    gifts = [a[2] for a in state.legal_actions(0) if a[0] == "give_money"]
    assert gifts == [1, 2, 3, 4]
    assert refuse(state, 0, ("give_money", 1, 5)) == "illuminati.error.cannot_give_money"


def test_ruling_28_a_transfer_moves_any_portion_of_a_treasury():
    # "Un Grupo puede usar una acción para transferir cualquier porción de su dinero a un Grupo
    # adyacente, su amo o su títere." 57 MB: 20 and 20 with ``more``, then the last 17
    state = position(["network", "ufos"], structures={0: MAFIA_AND_SHARKS}, money={"the_mafia": 60})
    state.apply(0, ("transfer", "the_mafia", "network"))
    assert ("more",) in state.legal_actions(0) and ("amount", 0) not in state.legal_actions(0)
    state.apply(0, ("more",))
    assert ("amount", 0) in state.legal_actions(0)  # something moved: it may stop here
    state.apply(0, ("more",))
    events = state.apply(0, ("amount", 17))
    assert money(state, "network") == 57 and money(state, "the_mafia") == 3
    assert event(events, "transferred").params["mb"] == 57
    assert state.phase == "action" and state.transfers_left == 1 and state.actions_left == 2
    state.apply(0, ("transfer", "network", "the_mafia"))
    state.apply(0, ("more",))
    state.apply(0, ("more",))
    assert ("more",) not in state.legal_actions(0)  # 17 MB left: ``amount`` says the rest
    assert refuse(state, 0, ("more",)) == "illuminati.error.cannot_more"
    state.apply(0, ("amount", "all"))
    assert money(state, "the_mafia") == 60 and state.transfers_left == 0


def test_ruling_22_gnomes_move_money_freely_any_card_any_number_of_times():
    # "los Gnomos pueden mover dinero entre sus Grupos como deseen al final de su turno." Any card
    # to any card, again and again, up to one transfer fewer than the cards (ruling 22)
    state = position(
        ["gnomes_of_zurich", "ufos"],
        structures={0: [("the_mafia", "gnomes_of_zurich", "right"), ("loan_sharks", "the_mafia", "top")]},
        money={"gnomes_of_zurich": 50},
        uncontrolled=["texas", "pentagon"],
    )
    state.apply(0, ("end",))
    assert state.phase == "redistribute" and state.active == 0
    state.apply(0, ("transfer", "gnomes_of_zurich", "loan_sharks"))  # not adjacent: fine here
    state.apply(0, ("more",))
    state.apply(0, ("amount", 7))
    state.apply(0, ("transfer", "gnomes_of_zurich", "the_mafia"))  # the Gnomes send again
    state.apply(0, ("amount", "all"))
    assert [money(state, f) for f in ("gnomes_of_zurich", "the_mafia", "loan_sharks")] == [0, 23, 27]
    assert state.transfers_left == 2 and state.legal_actions(0) == [("end",)]  # 3 cards: 2 transfers
    state.apply(0, ("end",))
    assert state.active == 1 and state.inventory()["mb"] == 0


GNOMES_THREE = [("the_mafia", "gnomes_of_zurich", "right"), ("loan_sharks", "the_mafia", "top")]


def send(state, source, target, mb):
    """One transfer of ``mb`` MB in parts (ruling 28): 20 at a time with ``more``, then the rest."""
    state.apply(0, ("transfer", source, target))
    while mb > 20:
        state.apply(0, ("more",))
        mb -= 20
    state.apply(0, ("amount", mb))


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.integers(0, 49), min_size=3, max_size=3).flatmap(  # under the 150 MB that win
        lambda held: st.tuples(st.just(held), st.lists(st.integers(0, sum(held)), min_size=2, max_size=2))
    )
)
def test_ruling_22_every_distribution_of_the_gnomes_money_is_reached(case):
    # "los Gnomos pueden mover dinero entre sus Grupos como deseen": whatever the treasuries and
    # the distribution wanted, surplus to shortfall reaches it within the phase's transfers
    held, cuts = case
    low, high = sorted(cuts)
    wanted = [low, high - low, sum(held) - high]
    faces = ["gnomes_of_zurich", "the_mafia", "loan_sharks"]
    state = position(
        ["gnomes_of_zurich", "ufos"],
        structures={0: GNOMES_THREE},
        money=dict(zip(faces, held, strict=True)),
        uncontrolled=["texas", "pentagon"],
    )
    state.apply(0, ("end",))
    while [money(state, f) for f in faces] != wanted:
        have = [money(state, f) for f in faces]
        rich = next(i for i in range(3) if have[i] > wanted[i])
        poor = next(i for i in range(3) if have[i] < wanted[i])
        send(state, faces[rich], faces[poor], min(have[rich] - wanted[rich], wanted[poor] - have[poor]))
    assert state.phase == "redistribute"
    state.apply(0, ("end",))
    assert state.active == 1 and state.inventory()["mb"] == 0


def test_white_collar_crime_is_played_any_time_even_in_another_players_attack():
    # White Collar Crime, "any time" (cards.json): "Move any amounts of your money freely between
    # any of your groups, and gain an extra 5 MB to place anywhere in your structure." Asked in
    # the spending round of another player's attack, its holder plays it, moves its money, and
    # is asked again (rulings 16 and 22)
    state = position(
        ["ufos", "network"],
        structures={1: [("the_mafia", "network", "right")]},
        money={"ufos": 10, "network": 4},
        uncontrolled=["kkk"],
        hands={1: ["white_collar_crime"]},
    )
    declare(state, "control", "kkk", "ufos")
    state.apply(0, ("pass",))
    assert state.actors() == (1,)
    state.apply(1, ("special_on", "white_collar_crime", "the_mafia"))
    assert money(state, "the_mafia") == 5 and state.phase == "redistribute" and state.actors() == (1,)
    state.apply(1, ("transfer", "network", "the_mafia"))
    state.apply(1, ("amount", "all"))
    state.apply(1, ("end",))
    assert state.phase == "spend" and state.actors() == (1,) and money(state, "the_mafia") == 9
    assert not state.acted and state.actions_left == 2  # nothing of the attacker's turn was spent
    state.apply(1, ("pass",))
    assert state.phase != "spend" and state.inventory()["mb"] == 0


def test_white_collar_crime_on_ones_own_turn_goes_back_to_the_actions():
    state = position(
        ["network", "ufos"],
        structures={0: MAFIA_AND_SHARKS},
        money={"network": 4},
        hands={0: ["white_collar_crime"]},
    )
    state.apply(0, ("special_on", "white_collar_crime", "loan_sharks"))
    assert money(state, "loan_sharks") == 5 and state.phase == "redistribute"
    state.apply(0, ("transfer", "network", "loan_sharks"))
    state.apply(0, ("amount", "all"))
    state.apply(0, ("end",))
    assert state.phase == "action" and state.active == 0
    assert money(state, "loan_sharks") == 9 and state.transfers_left == 2
    assert state.inventory()["mb"] == 0


BERMUDA_FOUR = [
    ("the_mafia", "bermuda_triangle", "right"),
    ("kkk", "bermuda_triangle", "left"),
    ("texas", "bermuda_triangle", "top"),
    ("pentagon", "bermuda_triangle", "bottom"),
]


def lay(state, card, master, arrow):
    state.apply(0, ("move", card, master))
    state.apply(0, ("place", arrow))


def test_ruling_23_bermuda_triangle_lays_its_structure_anew_at_the_end_of_its_turn():
    # "el jugador del Triángulo de las Bermudas puede reorganizar libremente su Estructura de
    # Poder al final de cada turno." Two groups swap arrows: no sequence of moves of "Mover un
    # Grupo" each made once can do it, the arrows being full
    state = position(
        ["bermuda_triangle", "ufos"], structures={0: BERMUDA_FOUR}, uncontrolled=["yuppies", "hackers"]
    )
    state.actions_left = 0
    state.apply(0, ("end",))
    assert state.phase == "redistribute" and [c["card"] for c in state.view(0)["draft"]] == [
        "bermuda_triangle"
    ]
    lay(state, "kkk", "bermuda_triangle", "right")
    assert refuse(state, 0, ("move", "kkk", "bermuda_triangle")) == "illuminati.error.cannot_move"  # laid
    lay(state, "the_mafia", "bermuda_triangle", "left")
    assert state.structures[0].placement("kkk").arrow == "left"  # nothing changes before ``end``
    events = state.apply(0, ("end",))
    s = state.structures[0]
    assert s.placement("kkk").arrow == "right" and s.placement("the_mafia").arrow == "left"
    assert s.placement("texas").arrow == "top" and s.placement("pentagon").arrow == "bottom"  # laid back
    assert not [e for e in events if e.kind == "freed"] and state.active == 1 and state.actions_left == 2


def test_ruling_23_a_group_that_cannot_be_laid_again_is_lost():
    # "Cualquier títere que no pueda ser recolocado *se pierde*. Pasa, junto a sus títeres, a la
    # zona no controlada." The Mafia's puppet takes its arrow: the Mafia finds none left
    state = position(
        ["bermuda_triangle", "ufos"],
        structures={0: [*BERMUDA_FOUR, ("loan_sharks", "the_mafia", "top")]},
        money={"the_mafia": 6},
        uncontrolled=["yuppies", "hackers"],
    )
    state.apply(0, ("end",))
    for card, arrow in [("kkk", "left"), ("texas", "top"), ("pentagon", "bottom"), ("loan_sharks", "right")]:
        lay(state, card, "bermuda_triangle", arrow)
    assert ("move", "the_mafia", "bermuda_triangle") not in state.legal_actions(0)
    events = state.apply(0, ("end",))
    assert event(events, "freed").params["cards"] == ["the_mafia"]
    assert (
        "the_mafia" not in state.structures[0]
        and state.structures[0].master("loan_sharks") == "bermuda_triangle"
    )
    assert CARD_OF["the_mafia"] in state.uncontrolled and money(state, "the_mafia") == 0
    assert state.inventory()["cards"] == 106


def test_recyclers_pay_five_mb_from_their_treasury_for_an_extra_card_once_a_turn():
    # The Recyclers: "Pay 5 MB out of this group's own treasury to draw one extra card on your
    # turn; not an action." (ruling 26)
    state = position(
        ["network", "ufos"],
        structures={0: [("recyclers", "network", "right")]},
        money={"recyclers": 12},
        deck=["kkk"],
    )
    state.apply(0, ("recycle",))
    assert money(state, "recyclers") == 7 and FACE[state.uncontrolled[-1]] == "kkk"
    assert state.actions_left == 2 and ("recycle",) not in state.legal_actions(0)
