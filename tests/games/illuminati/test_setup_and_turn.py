"""Illuminati: components, setup and the order of play (rulebook sections "Componentes",
"Preparar el juego", "Orden de juego", "Ingresos", "Acciones")."""

from __future__ import annotations

import random

import pytest

from backroom.engine.events import Event
from backroom.games.illuminati import GAME
from backroom.games.illuminati.cards import (
    CARD_OF,
    FACE,
    GROUPS,
    ILLUMINATI,
    INCOME,
    SPECIAL_CARDS,
    is_special,
)
from backroom.games.illuminati.turn import setup_area
from tests.helpers import kinds, refuse

from .conftest import let_through, play_special, position

MAFIA_AND_SHARKS = [("the_mafia", "network", "right"), ("loan_sharks", "the_mafia", "top")]
LASERS_AND_RECYCLERS = [
    ("orbital_mind_control_lasers", "network", "left"),
    ("recyclers", "network", "bottom"),
]


def test_components_8_illuminati_83_groups_15_specials_interference_twice():
    # "8 cartas de Illuminati, 83 cartas que representan a otros Grupos, 15 cartas Especiales"
    assert (len(ILLUMINATI), len(GROUPS), len(SPECIAL_CARDS)) == (8, 83, 15)
    assert [FACE[c] for c in SPECIAL_CARDS].count("interference") == 2


@pytest.mark.parametrize("players", [2, 4, 8])
def test_setup_an_illuminati_each_with_its_income_on_it(players):
    # "Cada jugador coge una carta de Illuminati, la coloca boca arriba frente a él, saca del
    # banco los Ingresos indicados y los sitúa sobre la carta."
    state, _ = GAME.start(players, {}, seed=3)
    assert len(set(state.illuminati)) == players
    extra = {7: 3, 8: 5}.get(players, 0)
    for seat, root in enumerate(state.illuminati):
        earned = INCOME[root] + extra
        if seat == state.first and state.phase != "choose":
            earned *= 2  # the first player has also collected its first turn's income
        assert state.money[root] == earned
    assert len(state.out) == 8 - players


def test_setup_four_uncontrolled_groups_specials_go_back_under_the_deck():
    # "Da la vuelta a cuatro cartas ... Si alguna es Especial devuélvela al fondo del mazo y
    # saca otra carta de Grupo para sustituirla."
    state = position(
        ["network", "ufos"], deck=["slush_fund", "the_mafia", "deep_agent", "kgb", "texas", "pentagon"]
    )
    state.uncontrolled = []
    setup_area(state, None)
    assert [FACE[c] for c in state.uncontrolled] == ["the_mafia", "kgb", "texas", "pentagon"]
    assert [FACE[c] for c in state.deck[:2]] == ["deep_agent", "slush_fund"]


def test_a_special_turned_up_goes_under_the_deck_in_view_of_all_and_a_resample_keeps_it_there():
    # "Da la vuelta a cuatro cartas ... Si alguna es Especial devuélvela al fondo del mazo y
    # saca otra carta de Grupo para sustituirla." The card is turned face up: the log names it
    # to everyone, and no resample moves it from the bottom of the deck.
    state = position(
        ["network", "ufos"], deck=["slush_fund", "the_mafia", "deep_agent", "kgb", "texas", "pentagon"]
    )
    state.uncontrolled = []
    events: list[Event] = []
    setup_area(state, events)
    under = [e.params["card"] for e in events if e.kind == "under_deck"]
    assert under == ["slush_fund", "deep_agent"] and all(e.to is None for e in events)
    assert state.bottom == 2 and [FACE[c] for c in state.deck[:2]] == ["deep_agent", "slush_fund"]
    seen = 0
    for seed in range(12):  # whole deals: the known bottom is what the setup's log named
        dealt, setup = GAME.start(3, {}, seed)
        named = [e.params["card"] for e in setup if e.kind == "under_deck"]
        assert [FACE[c] for c in dealt.deck[: dealt.bottom]] == named[::-1]
        for seat in range(dealt.n):
            other = dealt.resample(seat, random.Random(seed))
            assert other.deck[: dealt.bottom] == dealt.deck[: dealt.bottom]
            assert other.deck[dealt.bottom :] != dealt.deck[dealt.bottom :]  # the rest is redealt
        seen += len(named)
    assert seen > 0


@pytest.mark.parametrize("seed", range(6))
def test_highest_roll_starts_ties_roll_again(seed):
    # "Cada jugador tira dos dados y el jugador con la tirada más alta inicia la partida" (ruling 1)
    state, events = GAME.start(5, {}, seed=seed)
    rolls = [e for e in events if e.kind == "start_roll"]
    rolling, at = list(range(5)), 0
    while len(rolling) > 1:
        this = rolls[at : at + len(rolling)]
        assert [e.params["seat"] for e in this] == rolling
        at += len(rolling)
        best = max(sum(e.params["dice"]) for e in this)
        rolling = [e.params["seat"] for e in this if sum(e.params["dice"]) == best]
    assert at == len(rolls)
    assert state.first == state.active == rolling[0]


def test_play_runs_counter_clockwise():
    # "El juego continúa *en la dirección contraria a las agujas del reloj*" (ruling 1: the
    # seats are numbered clockwise, so the next player is the seat before)
    state = position(["network", "ufos", "gnomes_of_zurich", "discordian_society"], active=0)
    state.apply(0, ("end",))
    assert state.active == 3
    state.apply(3, ("end",))
    assert state.active == 2


def test_income_goes_on_every_card_with_income():
    # "Al principio de tu turno cada Grupo que controles obtiene la cantidad indicada en su
    # carta. Estos Ingresos se colocan directamente sobre la carta"
    state = position(
        ["ufos", "network"],
        structures={1: [("the_mafia", "network", "right"), ("kkk", "network", "left")]},
    )
    state.apply(0, ("end",))
    assert state.money[CARD_OF["network"]] == INCOME[CARD_OF["network"]]
    assert state.money[CARD_OF["the_mafia"]] == 6
    assert state.money[CARD_OF["kkk"]] == 1


def test_post_office_costs_one_mb_and_irs_taxes_two_from_each_other_player():
    # "El I.R.S. consigue sus Ingresos cobrando 2 MB en impuestos a cada jugador en el turno
    # del jugador que lo controla. El Servicio Postal *cuesta* 1 MB por turno" (ruling 4)
    state = position(
        ["ufos", "network", "gnomes_of_zurich"],
        structures={0: [("i_r_s", "ufos", "right"), ("post_office", "ufos", "left")]},
        money={"network": 5, "gnomes_of_zurich": 1, "post_office": 0},
        active=1,
    )
    state.apply(1, ("end",))  # the network passes: +5 MB, then the next player, seat 0
    assert state.active == 0
    ufos, irs = CARD_OF["ufos"], CARD_OF["i_r_s"]
    assert state.money[irs] == 2 + 1  # 2 from the Network, 1 from the Gnomes (all they had)
    assert state.money[CARD_OF["network"]] == 5 + 5 - 2
    assert state.money[CARD_OF["gnomes_of_zurich"]] == 0
    assert state.money[ufos] == INCOME[ufos] - 1  # the Post Office's upkeep from its Illuminati


def test_the_post_office_is_paid_by_its_controller_then_by_its_illuminati_never_by_itself():
    # "El Servicio Postal *cuesta* 1 MB por turno, que pagará su controlador o sus Illuminati."
    # (ruling 4: the group it hangs from pays, else the Illuminati; its own treasury does not)
    mafia, cia, ufos = CARD_OF["the_mafia"], CARD_OF["c_i_a"], CARD_OF["ufos"]
    under_mafia = {0: [("the_mafia", "ufos", "right"), ("post_office", "the_mafia", "top")]}
    state = position(["ufos", "network"], structures=under_mafia, money={"post_office": 4}, active=1)
    state.apply(1, ("end",))
    assert state.money[mafia] == INCOME[mafia] - 1
    assert state.money[CARD_OF["post_office"]] == 4
    assert state.money[ufos] == INCOME[ufos]
    # The C.I.A. earns nothing and holds nothing: the Illuminati pay.
    assert INCOME[cia] == 0
    under_cia = {0: [("c_i_a", "ufos", "right"), ("post_office", "c_i_a", "top")]}
    state = position(["ufos", "network"], structures=under_cia, money={"post_office": 4}, active=1)
    state.apply(1, ("end",))
    assert state.money[cia] == 0 and state.money[CARD_OF["post_office"]] == 4
    assert state.money[ufos] == INCOME[ufos] - 1


def test_draw_group_to_uncontrolled_special_to_hand_face_private():
    # "si la carta es un Grupo se coloca boca arriba en el centro de la mesa ... Si es una carta
    # Especial el jugador la guarda ... Los demás jugadores no tienen por qué saber lo que dice
    # la carta, pero sí tienen derecho a saber *cuántas* cartas Especiales tiene cada uno."
    state = position(
        ["ufos", "society_of_assassins"], uncontrolled=["texas", "pentagon"], deck=["bribery", "kkk"]
    )
    events = state.apply(0, ("end",))
    drawn = [e for e in events if e.kind.startswith("drew")]
    assert kinds(drawn) == ["drew_special", "drew_special_face"]
    assert drawn[0].to is None and "card" not in drawn[0].params
    assert drawn[1].to == (1,) and drawn[1].params["card"] == "bribery"
    assert state.view(0)["players_info"][1]["specials"] == 1
    assert state.view(0)["hand"] == [] and state.view(1)["hand"] == ["bribery"]
    state.apply(1, ("end",))
    assert state.phase == "start" and state.actors() == (1,)  # ruling 21: seat 1 holds a special
    state.apply(1, ("pass",))
    assert FACE[state.uncontrolled[-1]] == "kkk"


def test_the_network_draws_two_cards():
    # "el jugador de la Red saca *dos* cartas por turno"
    state = position(["ufos", "network"], uncontrolled=["cfl_aio", "pentagon"], deck=["kkk", "texas"])
    state.apply(0, ("end",))
    assert [FACE[c] for c in state.uncontrolled[-2:]] == ["kkk", "texas"]


FREE_ACTIONS = {
    "nothing": [],
    "free transfer": [("transfer", "the_mafia", "loan_sharks"), ("amount", 1)],
    "drop": [("drop", "loan_sharks")],
    "gift of money": [("give_money", 1, 3)],
    "gift of a special": [("give_special", 1, "deep_agent")],
    "special": [("special", "slush_fund")],
    "computer espionage": [("espionage", 1)],
    "lasers": [("lasers", "the_mafia", "add", "Liberal")],
    "recyclers": [("recycle",)],
    "deal": [("offer", 1), ("offer_money", "give", 2), ("propose",)],
}


@pytest.mark.parametrize("done", FREE_ACTIONS)
def test_only_a_player_who_does_nothing_not_even_a_free_action_takes_five_mb(done):
    # "Un jugador puede escoger no realizar acciones, ni siquiera acciones gratuitas,
    # transferencias gratuitas o acciones especiales, y obtener 5 MB para el tesoro de sus
    # Illuminati."
    state = position(
        ["network", "ufos"],
        structures={0: [*MAFIA_AND_SHARKS, *LASERS_AND_RECYCLERS]},
        money={"network": 10, "the_mafia": 4, "recyclers": 12},
        hands={0: ["slush_fund", "deep_agent", "computer_espionage"], 1: ["murphys_law"]},
    )
    for step in FREE_ACTIONS[done]:
        state.apply(0, step)
        let_through(state)
    if done == "deal":
        state.apply(1, ("accept",))
    before = state.money[CARD_OF["network"]]
    state.apply(0, ("end",))
    assert state.money[CARD_OF["network"]] - before == (5 if done == "nothing" else 0)


@pytest.mark.parametrize("special", ["market_manipulation", "slush_fund"])
def test_a_special_played_before_its_income_is_a_free_action_so_no_five_mb_for_passing(special):
    """ "Un jugador puede escoger no realizar acciones, ni siquiera acciones gratuitas,
    transferencias gratuitas o acciones especiales, y obtener 5 MB para el tesoro de sus
    Illuminati." and, among the free actions, "*Usar una carta Especial*: sigue las
    instrucciones de la carta. Excepción: usar la carta *Soborno* es una acción normal." A
    special the player on turn plays in the window before its income (ruling 21: Market
    Manipulation, or any "any time" card) is a free action of that turn like one played in its
    action phase."""
    state = position(["ufos", "network"], uncontrolled=["texas", "pentagon"], hands={1: [special]})
    state.apply(0, ("end",))
    assert state.phase == "start" and state.actors() == (1,)
    play_special(state, 1, ("special", special))
    if state.phase == "start":
        state.apply(1, ("pass",))
    assert state.phase == "action" and state.active == 1
    before = state.money[CARD_OF["network"]]
    events = state.apply(1, ("end",))
    assert state.money[CARD_OF["network"]] == before
    assert not any(e.kind == "passed" for e in events)


def test_uncontrolled_area_is_refilled_to_two_at_the_end_of_a_turn():
    # Ruling 2
    state = position(["ufos", "network"], uncontrolled=["kkk"], deck=["texas", "murphys_law", "pentagon"])
    state.apply(0, ("end",))
    area = [FACE[c] for c in state.uncontrolled]
    assert area[:2] == ["kkk", "texas"]
    assert not any(is_special(c) for c in state.uncontrolled)


def test_only_the_active_player_acts_and_a_refusal_changes_nothing():
    state = position(["ufos", "network"], uncontrolled=["kkk"])
    assert refuse(state, 1, ("end",)) == "illuminati.error.not_your_turn"
    assert refuse(state, 0, ("pass",)) == "illuminati.error.not_now"
