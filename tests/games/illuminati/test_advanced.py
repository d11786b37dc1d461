"""Illuminati's advanced rules as table options (rulebook: "Reglas avanzadas": "Ajustar la
duración de la partida", "Objetivos secretos", "Partidas de más jugadores"; rulings 34-36)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from backroom.engine.errors import BadOptions
from backroom.games.illuminati import GAME
from backroom.games.illuminati.cards import CARD_OF, INCOME, is_group, is_special
from backroom.games.illuminati.goals import basic_goal, goals_to_choose, special_goal
from backroom.games.illuminati.state import IlluminatiState
from backroom.games.illuminati.turn import order
from tests.helpers import event

from .conftest import all_pass, declare, dice, position


def no_group_left(state: IlluminatiState, keep: int = 0) -> None:
    """Every group still in the deck goes to the dead pile but the top ``keep``; the uncontrolled
    area is empty."""
    groups = [c for c in state.deck if is_group(c)]
    kept = groups[len(groups) - keep :] if keep else []
    state.dead += [c for c in groups if c not in kept]
    state.deck = [c for c in state.deck if is_special(c) or c in kept]
    state.dead += state.uncontrolled
    state.uncontrolled = []


def test_very_long_game_ignores_the_basic_and_special_goals():
    # "Para lograr una partida muy larga ignorad tanto los Objetivos básicos como los especiales
    # y seguid jugando hasta que no queden cartas sin controlar."
    state = position(["gnomes_of_zurich", "network"], money={"gnomes_of_zurich": 150})
    state.goal = 1
    assert special_goal(state, 0) and basic_goal(state, 0)
    state.very_long = True
    assert not special_goal(state, 0) and not basic_goal(state, 1)
    state.apply(0, ("end",))
    assert not state.is_over


def test_very_long_game_ends_when_no_group_is_left_and_scores_power_plus_one_a_card():
    # "Luego sumad el Poder de los Grupos de cada jugador, y 1 punto por Grupo controlado. El
    # ganador será el jugador que logre más puntos." (ruling 35)
    state = position(
        ["bavarian_illuminati", "ufos"],
        structures={
            0: [("the_mafia", "bavarian_illuminati", "right")],
            1: [("loan_sharks", "ufos", "right"), ("kkk", "ufos", "left")],
        },
    )
    state.very_long = True
    no_group_left(state, keep=1)
    state.apply(0, ("end",))  # the last group is turned up: it is still uncontrolled
    assert not state.is_over and len(state.uncontrolled) == 1
    state.dead += state.uncontrolled
    state.uncontrolled = []
    events = state.apply(1, ("end",))
    assert event(events, "game_over").params == {"reason": "points", "winners": [0]}
    outcome = state.outcome()
    # Bavarians 10 + 1, the Mafia 7 + 1; the UFOs 6 + 1, Loan Sharks 5 + 1, the KKK 2 + 1
    assert outcome.details["points"] == [19, 16] and outcome.ranks == (1, 2) and outcome.scores == (1.0, 0.0)


def test_very_long_game_equal_best_points_share_the_win():
    # "El ganador será el jugador que logre más puntos." Equal best scores share it (ruling 35).
    state = position(
        ["network", "gnomes_of_zurich"],
        structures={
            0: [("c_i_a", "network", "right")],
            1: [("multinational_oil_companies", "gnomes_of_zurich", "right")],
        },
    )
    state.very_long = True
    no_group_left(state)
    state.apply(0, ("end",))
    outcome = state.outcome()
    assert outcome.details["points"] == [15, 15] and outcome.winners == (0, 1) and outcome.ranks == (1, 1)


def test_very_long_game_reaching_the_length_bound_is_scored_on_points():
    # Ruling 35: the safety bound (ruling 12) scores a very long game as if the groups had run
    # out, with its own reason.
    state = position(["bavarian_illuminati", "ufos"], structures={1: [("the_mafia", "ufos", "right")]})
    state.very_long = True
    state.round_limit = 1
    events = state.apply(0, ("end",))
    assert event(events, "game_over").params == {"reason": "points_limit", "winners": [1]}
    assert state.outcome().details["points"] == [11, 15]


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 8), rounds=st.integers(1, 3))
def test_a_very_long_game_always_ends_with_a_winner_holding_the_most_points(seed, players, rounds):
    # Ruling 35: the points decide however the game ends, the length bound included (random
    # play eliminates players within a few rounds, so the bound is set short to reach it).
    state, _ = GAME.start(players, {"very_long": True}, seed)
    state.round_limit = rounds
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.actors()[0]
        state.apply(seat, state.random_action(seat, rng))
    outcome = state.outcome()
    assert state.winners and outcome.reason in ("points", "points_limit", "last_standing")
    if outcome.reason != "last_standing":
        best = max(outcome.details["points"])
        assert [s for s, p in enumerate(outcome.details["points"]) if p == best] == state.winners


def test_secret_goals_every_player_writes_one_down_in_turn_order_never_its_own():
    # "Cada Grupo de Illuminati tiene su aptitud especial normal, pero ninguno, salvo los OVNIs,
    # tiene su Objetivo especial habitual. Cada jugador elige un Objetivo de la lista y lo
    # apunta, como suelen hacer los OVNIs." (ruling 34)
    seed = next(s for s in range(50) if CARD_OF["ufos"] in GAME.start(4, {}, s)[0].illuminati)
    state, _ = GAME.start(4, {"secret_goals": True}, seed)
    choosers = []
    while state.phase == "choose":
        seat = state.actors()[0]
        choosers.append(seat)
        root = state.illuminati[seat]
        legal = [a[1] for a in state.legal_actions(seat)]
        assert "ufos" not in legal
        if root == CARD_OF["ufos"]:
            assert len(legal) == 7
        else:
            assert len(legal) == 6 and state.view(None)["players_info"][seat]["illuminati"] not in legal
        events = state.apply(seat, ("goal", legal[0]))
        chosen = event(events, "goal_chosen")
        assert chosen.to is None and chosen.params == {"seat": seat}
        assert event(events, "goal_chosen_face").to == (seat,)
        assert state.view(seat)["secret_goal"] == legal[0]
        assert all(state.view(s)["secret_goal"] is None for s in range(4) if s not in choosers)
    assert choosers == order(state, state.first) and state.phase in ("start", "action")


def test_secret_goals_the_printed_goal_no_longer_wins_the_chosen_one_does():
    # "ninguno, salvo los OVNIs, tiene su Objetivo especial habitual"
    state = position(["servants_of_cthulhu", "network"])
    state.secret_goals = True
    state.goal_choice = [CARD_OF["gnomes_of_zurich"], CARD_OF["bavarian_illuminati"]]
    state.destroyed[0] = 8
    assert not special_goal(state, 0)
    state.earn(CARD_OF["servants_of_cthulhu"], 150)
    assert special_goal(state, 0)
    events = state.apply(0, ("end",))
    assert event(events, "game_over").params == {"reason": "goal", "winners": [0]}


def test_secret_goals_the_ufos_have_one_more_power():
    # "Aumenta el Poder de los OVNIs en 1 punto para compensarlos por la pérdida de una de sus
    # ventajas."
    needs = []
    for secret in (False, True):
        state = position(["ufos", "network"], uncontrolled=["kkk", "the_mafia"])
        state.secret_goals = secret
        declare(state, "control", "kkk", "ufos")
        needs.append(state.view(1)["attack"]["need"])
    assert needs[1] == needs[0] + 1


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 8))
def test_secret_goals_are_redrawn_for_the_others_and_kept_for_oneself(seed, players):
    # Hidden information: the face goes to its writer alone; a resample for a seat keeps its
    # own goal and draws every other seat's again among the goals that seat could write down.
    state, _ = GAME.start(players, {"secret_goals": True}, seed)
    rng = random.Random(seed)
    while state.phase == "choose":
        seat = state.actors()[0]
        events = state.apply(seat, state.random_action(seat, rng))
        assert [e.to for e in events if "card" in e.params and e.kind.startswith("goal")] == [(seat,)]
    for seat in range(players):
        drawn: dict[int, set[int]] = {s: set() for s in range(players)}
        for _ in range(20):
            other = state.resample(seat, rng)
            for s in range(players):
                drawn[s].add(other.goal_choice[s])
        assert drawn[seat] == {state.goal_choice[seat]}
        for s in range(players):
            if s != seat:
                assert drawn[s] <= {CARD_OF[f] for f in goals_to_choose(state, s)} and len(drawn[s]) > 1


def test_seven_and_eight_players_illuminati_income_is_three_and_five_more_every_turn():
    # "En una partida de siete jugadores deberían ampliarse los Ingresos de cada carta de
    # Illuminati en 3 MB por turno, y en 5 MB si hay ocho." (ruling 36)
    roots = [
        "bavarian_illuminati",
        "bermuda_triangle",
        "discordian_society",
        "gnomes_of_zurich",
        "network",
        "servants_of_cthulhu",
        "society_of_assassins",
        "ufos",
    ]
    for players, extra in ((6, 0), (7, 3), (8, 5)):
        last = players - 1  # the next player, counter-clockwise
        state = position(roots[:players], structures={last: [("the_mafia", roots[last], "right")]})
        state.apply(0, ("end",))
        assert state.active == last
        assert state.money[CARD_OF[roots[last]]] == INCOME[CARD_OF[roots[last]]] + extra
        assert state.money[CARD_OF["the_mafia"]] == INCOME[CARD_OF["the_mafia"]]  # groups: printed
        assert GAME.start(players, {}, seed=1)[0].goal == {6: 9, 7: 8, 8: 8}[players]


def test_two_and_three_players_need_thirteen_groups_and_earn_the_printed_income():
    # "Pueden jugarse partidas con tres o incluso dos, pero esto limita las posibilidades de la
    # diplomacia y la negociación." The summary: "2 o 3 jugadores (no se recomienda) . . . . . 13"
    for players in (2, 3):
        roots = ["network", "ufos", "gnomes_of_zurich"][:players]
        state = position(roots)
        state.apply(0, ("end",))
        active = CARD_OF[roots[state.active]]
        assert state.active == players - 1 and state.money[active] == INCOME[active]
        assert GAME.start(players, {}, seed=1)[0].goal == 13


def test_secret_goals_a_gift_of_money_is_never_refused_for_a_hidden_goal():
    # "Ningún jugador puede “regalar” la partida a otro limitándose a darle suficiente dinero,
    # Grupos, etc. para que gane." With secret goals the Gnomes' printed goal is not theirs and
    # nobody's goal is public, so the refusal would tell the giver something (ruling 34).
    for secret, refused in ((False, True), (True, False)):
        state = position(["network", "gnomes_of_zurich"], money={"network": 10, "gnomes_of_zurich": 145})
        state.secret_goals = secret
        state.goal_choice = [CARD_OF["gnomes_of_zurich"], CARD_OF["bermuda_triangle"]]
        assert (("give_money", 1, 5) not in state.legal_actions(0)) == refused


def test_secret_goals_whoever_wrote_destroying_eight_counts_an_illuminati_put_out():
    # "Si echan de la partida a otros Illuminati quitándoles su último Grupo los Illuminati
    # destruidos también cuentan para el Objetivo." (ruling 34)
    state = position(
        ["network", "servants_of_cthulhu", "ufos"],
        structures={
            0: [("texas", "network", "right")],
            1: [("kkk", "servants_of_cthulhu", "right")],
            2: [("yuppies", "ufos", "right")],
        },
        money={"network": 8},
        turns=4,
    )
    state.secret_goals = True
    state.goal_choice = [CARD_OF["servants_of_cthulhu"], CARD_OF["network"], CARD_OF["network"]]
    state.destroyed[0] = 6
    declare(state, "destroy", "kkk", "network")
    state.chance = dice(2)
    state.apply(0, ("spend", "illuminati", 8))  # 7 - 2 - 10 + 8 = 3
    all_pass(state)
    assert state.destroyed[0] == 8 and not state.alive[1]
    events = state.apply(0, ("end",))
    assert event(events, "game_over").params == {"reason": "goal", "winners": [0]}


def test_game_length_the_rulebook_only_lengthens_a_game():
    # "Para que sea más larga aumenta el número de Grupos necesarios para cumplir el Objetivo
    # básico." No shorter game: a negative goal_extra is refused, the longest is accepted.
    with pytest.raises(BadOptions):
        GAME.resolve_options({"goal_extra": -1})
    assert GAME.start(4, {"goal_extra": 20}, seed=1)[0].goal == 12 + 20
