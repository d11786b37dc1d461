"""Illuminati: goals, shared wins, elimination and the end (rulebook: "Fin de la partida",
"Eliminar a un jugador", the summary's "Objetivos básicos" and "Objetivos especiales";
rulings 12 and 13)."""

from __future__ import annotations

import random

import pytest

from backroom.games.illuminati import GAME
from backroom.games.illuminati.cards import ALIGN, CARD_OF, GOAL_BY_PLAYERS, GROUP_FACES, VIOLENT
from backroom.games.illuminati.goals import HOLDING, basic_goal, eliminate, special_goal
from backroom.games.illuminati.layout import new_structure
from backroom.games.illuminati.state import IlluminatiState
from tests.helpers import event

from .conftest import all_pass, declare, dice, position

TWELVE = [
    ("the_mafia", "network", "right"),
    ("loan_sharks", "the_mafia", "top"),
    ("multinational_oil_companies", "network", "left"),
]


def test_basic_goal_by_player_count_including_the_illuminati():
    # "2 o 3 jugadores (no se recomienda) . . . . . 13", "4 jugadores. . . . . 12", "5 jugadores.
    # . . . . 10", "6 jugadores. . . . . 9", "7 u 8 jugadores (no se recomienda) . . . . . 8"
    assert GOAL_BY_PLAYERS == {2: 13, 3: 13, 4: 12, 5: 10, 6: 9, 7: 8, 8: 8}


ROOTS = [
    "ufos",
    "network",
    "gnomes_of_zurich",
    "discordian_society",
    "bermuda_triangle",
    "servants_of_cthulhu",
    "bavarian_illuminati",
    "society_of_assassins",
]


def grown(root, groups):
    """``root`` with ``groups`` laid in order, each on the first free arrow that takes it."""
    structure, laid = new_structure(CARD_OF[root]), []
    for card in groups:
        master, fit = next((m, p[0]) for m in structure.cards() if (p := structure.placements(m, card)))
        structure.attach(fit, card)
        laid.append((card, master, fit.arrow))
    return laid


@pytest.mark.parametrize("players", range(2, 9))
def test_basic_goal_by_the_summarys_table_wins_at_the_end_of_the_turn(players):
    # "El *Objetivo básico* es el mismo para todos los jugadores: controlar cierto número de
    # Grupos, que depende del número de jugadores que hubiera al empezar la partida." and "El
    # juego se acaba cuando un jugador cumple, al final de su turno o del de otro, uno de sus
    # Objetivos." The UFOs (no goal chosen) reach the table's number with a bribe
    goal = GOAL_BY_PLAYERS[players]
    pool = [g for g in GROUP_FACES if g != "yuppies"]
    state = position(
        ROOTS[:players],
        structures={0: grown("ufos", pool[: goal - 2])},
        uncontrolled=["yuppies"],
        hands={0: ["bribery"]},
    )
    assert not basic_goal(state, 0)
    state.apply(0, next(a for a in state.legal_actions(0) if a[:2] == ("bribe", "yuppies")))
    state.apply(0, state.legal_actions(0)[0])  # the first free arrow
    assert len(state.structures[0]) == goal and basic_goal(state, 0)
    assert not state.is_over  # not before the end of the turn
    events = state.apply(0, ("end",))
    assert event(events, "game_over").params["winners"] == [0] and state.outcome().reason == "goal"


@pytest.mark.parametrize("players", range(2, 9))
def test_one_group_short_of_the_basic_goal_does_not_win(players):
    goal = GOAL_BY_PLAYERS[players]
    state = position(ROOTS[:players], structures={0: grown("ufos", GROUP_FACES[: goal - 2])})
    state.apply(0, ("end",))
    assert not state.is_over and state.active != 0


def test_two_players_meeting_the_basic_goal_at_once_share_the_win():
    # "Si dos o más jugadores los cumplen a la vez compartirán la victoria y se dividirán el mundo
    # entre ellos." Checked at the end of seat 0's turn, seat 3 included
    goal = GOAL_BY_PLAYERS[4]
    state = position(
        ROOTS[:4],
        structures={
            0: grown("ufos", GROUP_FACES[: goal - 1]),
            3: grown("discordian_society", GROUP_FACES[goal - 1 : 2 * goal - 2]),
            1: grown("network", GROUP_FACES[2 * goal - 2 : 3 * goal - 4]),  # one short
        },
    )
    assert not special_goal(state, 3)  # it wins by the basic goal alone
    events = state.apply(0, ("end",))
    assert event(events, "game_over").params["winners"] == [0, 3]
    assert state.outcome().winners == (0, 3) and state.outcome().scores == (1.0, 0.0, 0.0, 1.0)


def test_a_goal_met_at_the_end_of_a_turn_wins_and_two_share_the_win():
    # "El juego se acaba cuando un jugador cumple, al final de su turno o del de otro, uno de sus
    # Objetivos. Si dos o más jugadores los cumplen a la vez compartirán la victoria"
    state = position(
        [
            "gnomes_of_zurich",
            "servants_of_cthulhu",
            "network",
            "ufos",
            "discordian_society",
            "bermuda_triangle",
        ],
        money={"gnomes_of_zurich": 150},
    )
    state.destroyed[1] = 8
    assert special_goal(state, 0) and special_goal(state, 1) and not basic_goal(state, 0)
    events = state.apply(0, ("end",))
    assert event(events, "game_over").params["winners"] == [0, 1]
    outcome = state.outcome()
    assert outcome.winners == (0, 1) and outcome.reason == "goal" and outcome.scores[:3] == (1.0, 1.0, 0.0)


@pytest.mark.parametrize(
    ("root", "laid", "met"),
    [
        # Bavarians: Power 35 with their own 10
        ("bavarian_illuminati", [("the_mafia", "bavarian_illuminati", "right")], False),
        # Network: Transferable Power 25 with its own 7
        ("network", [("c_i_a", "network", "right"), ("madison_avenue", "network", "left")], False),
    ],
)
def test_special_goals_count_the_structure(root, laid, met):
    state = position([root, "ufos"], structures={0: laid})
    assert special_goal(state, 0) is met


NETWORK_18 = ["c_i_a", "big_media", "federal_reserve", "i_r_s", "madison_avenue", "kgb"]  # 4+3+3+3+3+2
BAVARIANS_25 = ["the_mafia", "international_communist_conspiracy", "new_york", "big_media"]  # 7+7+7+4
WEIRD_5 = ["california", "comic_books", "flat_earthers", "hackers", "punk_rockers"]


@pytest.mark.parametrize(
    ("root", "groups", "met"),
    [
        ("network", NETWORK_18, True),  # 7 + 18 = 25
        ("network", [*NETWORK_18[:-1], "yuppies"], False),  # 7 + 17 = 24
        ("bavarian_illuminati", BAVARIANS_25, True),  # 10 + 25 = 35
        ("bavarian_illuminati", [*BAVARIANS_25[:-1], "madison_avenue"], False),  # 10 + 24 = 34
        ("discordian_society", WEIRD_5, True),
        ("discordian_society", [*WEIRD_5[:-1], "yuppies"], False),  # four Weird groups
    ],
)
def test_special_goals_of_the_network_the_bavarians_and_the_discordians_at_their_thresholds(
    root, groups, met
):
    """ "**Illuminati de Baviera:** controlar Grupos con un Poder total de 35 o más, incluyendo
    sus 10 puntos.", "**La Red:** controlar Grupos con un Poder Transferible total de 25,
    incluyendo sus 7 puntos." and "**Sociedad de la Discordia:** controlar cinco Grupos
    Raritos." (summary, "Objetivos especiales"); "Un jugador gana si cumple su Objetivo especial
    al final de cualquier turno." """
    state = position([root, "ufos"], structures={0: grown(root, groups)})
    assert not basic_goal(state, 0)
    assert special_goal(state, 0) is met
    events = state.apply(0, ("end",))
    if met:
        assert event(events, "game_over").params == {"reason": "goal", "winners": [0]}
    else:
        assert not state.is_over


def test_bermuda_triangle_needs_every_alignment():
    # "**Triángulo de las Bermudas:** controlar al menos un Grupo de cada alineación. Si el Grupo
    # tiene más de una, cuentan todas."
    laid = [
        ("semiconscious_liberation_army", "bermuda_triangle", "right"),  # Com Cri Lib Vio Wei
        ("f_b_i", "bermuda_triangle", "left"),  # Gov Str
        ("survivalists", "bermuda_triangle", "top"),  # Con Fan Vio
    ]
    state = position(["bermuda_triangle", "ufos"], structures={0: laid})
    assert not special_goal(state, 0)  # no Peaceful group
    state = position(
        ["bermuda_triangle", "ufos"], structures={0: [*laid, ("moonies", "bermuda_triangle", "bottom")]}
    )
    assert special_goal(state, 0)


def test_society_of_assassins_needs_six_violent_groups():
    # "**Sociedad de los Asesinos:** controlar seis Grupos Violentos."
    violent = [g for g in GROUP_FACES if ALIGN[CARD_OF[g]] & VIOLENT]
    calm = [g for g in GROUP_FACES if not ALIGN[CARD_OF[g]] & VIOLENT]
    state = position(
        ["society_of_assassins", "ufos"],
        structures={0: grown("society_of_assassins", violent[:5] + calm[:4])},
    )
    assert not special_goal(state, 0)  # five Violent groups, and others
    state = position(
        ["society_of_assassins", "ufos"], structures={0: grown("society_of_assassins", violent[:6])}
    )
    assert special_goal(state, 0)
    state.apply(0, ("end",))
    assert state.outcome().winners == (0,)


def last_group_under_attack(hands=None):
    """Seat 1, past its third turn, holds only the Mafia besides its Illuminati; seat 0 has
    attacked to neutralize it and the dice will succeed once every seat asked has passed."""
    state = position(
        ["society_of_assassins", "network", "ufos"],
        structures={
            0: [("texas", "society_of_assassins", "right")],
            1: [("the_mafia", "network", "right")],
            2: [("kkk", "ufos", "right")],
        },
        money={"network": 7, "society_of_assassins": 3},
        hands=hands,
        turns=4,
    )
    declare(state, "neutralize", "the_mafia", "society_of_assassins")
    state.chance = dice(2)
    state.apply(0, ("spend", "illuminati", 3))  # 8 + 4 + 6 - 7 - 10 + 3 = 4
    return state


def test_a_player_with_only_its_illuminati_after_its_third_turn_is_eliminated_money_to_the_bank():
    # "Un jugador queda eliminado si en algún momento posterior a su tercer turno no controla más
    # Grupos que sus Illuminati. Su dinero pasa al banco."
    state = last_group_under_attack()
    events = all_pass(state)
    assert event(events, "eliminated").params["seat"] == 1
    assert not state.alive[1] and state.money[CARD_OF["network"]] == 0
    assert CARD_OF["network"] in state.out and state.inventory() == {"cards": 106, "mb": 0}
    assert 1 not in [s for s in range(3) if state.alive[s]]


@pytest.mark.parametrize("recaptured", [True, False])
def test_a_player_who_loses_its_last_group_in_its_third_turn_is_eliminated_only_if_it_ends_so(recaptured):
    # "Un jugador queda eliminado si en algún momento posterior a su tercer turno no controla más
    # Grupos que sus Illuminati." In its third turn it drops Texas, then attacks to take it back.
    state = position(
        ["society_of_assassins", "network"],
        structures={0: [("texas", "society_of_assassins", "right")], 1: [("the_mafia", "network", "right")]},
        turns=3,
    )
    state.apply(0, ("drop", "texas"))
    declare(state, "control", "texas", "society_of_assassins")
    state.chance = dice(2 if recaptured else 12)
    all_pass(state)
    if recaptured:
        state.apply(0, ("place", "right"))
    assert state.alive == [True, True]
    state.apply(0, ("end",))  # seat 0's third turn is over
    assert state.alive[0] is recaptured
    assert (state.phase == "over") is not recaptured  # the last player left wins (ruling 13)


CTHULHU_FIRST = {
    0: [("texas", "servants_of_cthulhu", "right")],
    1: [("kkk", "network", "right")],
    2: [("yuppies", "ufos", "right")],
}
"""Three players, the Servants of Cthulhu first, each with one group: the tables of the tests
on who takes a last group."""


def test_cthulhu_counts_an_illuminati_it_puts_out_of_the_game():
    # "Si echan de la partida a otros Illuminati quitándoles su último Grupo los Illuminati
    # destruidos también cuentan para el Objetivo."
    state = position(
        ["servants_of_cthulhu", "network", "ufos"],
        structures=CTHULHU_FIRST,
        money={"servants_of_cthulhu": 8},
        turns=4,
    )
    declare(state, "destroy", "kkk", "servants_of_cthulhu")
    state.chance = dice(2)
    state.apply(0, ("spend", "illuminati", 8))  # 9 + 2 (Cthulhu's bonus) - 2 - 10 + 8 = 7
    all_pass(state)
    assert state.destroyed[0] == 2 and not state.alive[1]


STRIPPED = {
    0: [("texas", "network", "right")],
    1: [("kkk", "servants_of_cthulhu", "right")],
    2: [("yuppies", "ufos", "right")],
}


def strip_cthulhu(taker: int) -> IlluminatiState:
    """Seat ``taker`` destroys the Servants of Cthulhu's (seat 1's) last group in its second
    round, too early to put them out; the events."""
    state = position(
        ["network", "servants_of_cthulhu", "ufos"],
        structures=STRIPPED,
        money={"network": 10, "servants_of_cthulhu": 10},
        active=taker,
        turns=2,
    )
    declare(state, "destroy", "kkk", state.view(None)["players_info"][taker]["illuminati"])
    state.chance = dice(2)
    state.apply(taker, ("spend", "illuminati", 10))
    all_pass(state)
    assert CARD_OF["kkk"] in state.dead and state.alive == [True, True, True]
    assert state.stripped[1] == taker and state.destroyed[taker] == 1
    return state


def test_an_illuminati_stripped_before_its_third_turn_ends_counts_for_its_taker_when_put_out():
    # "Si echan de la partida a otros Illuminati quitándoles su último Grupo los Illuminati
    # destruidos también cuentan para el Objetivo." and "Un jugador queda eliminado si en algún
    # momento posterior a su tercer turno no controla más Grupos que sus Illuminati." The Network
    # takes Cthulhu's last group in their second round; Cthulhu goes out when its third turn
    # ends, its own, and the Network's tally counts it (ruling 41).
    state = strip_cthulhu(0)
    events = []
    while not (state.active == 1 and state.turns[1] == 3 and state.phase == "action"):
        seat = state.actors()[0]
        events = state.apply(seat, ("end",) if state.phase == "action" else ("pass",))
        assert state.alive[1]
    events = state.apply(1, ("end",))  # Cthulhu's third turn is over
    assert event(events, "eliminated").params["seat"] == 1 and not state.alive[1]
    assert state.destroyed == [2, 0, 0]


@pytest.mark.parametrize(("taker", "wins"), [(1, True), (0, False)])
def test_cthulhu_stripped_of_its_last_group_by_another_is_not_the_exception(taker, wins):
    # "Excepción: si los Servidores de Cthulhu destruyen su último Grupo y al hacerlo cumplen su
    # Objetivo especial de destruir 8 Grupos, no quedan destruidos... ¡ganan!" Only the Servants
    # who took their own last group are spared so (ruling 41); the end of the turn checks their
    # goal (ruling 42). The end of a turn checks the goals before the eliminations, so the
    # exception is examined here on its own: Cthulhu's third turn ends with its tally at eight
    # and nothing but its Illuminati.
    state = strip_cthulhu(taker)
    state.active, state.turns[1], state.destroyed[1] = 1, 3, 8
    events = []
    eliminate(state, events, turn_over=True)
    assert state.alive[1] is wins
    if wins:
        assert not events and special_goal(state, 1)
    else:
        assert event(events, "eliminated").params["seat"] == 1 and state.destroyed[0] == 2
        assert not state.winners and state.phase != "over"


def test_an_illuminati_stripped_after_its_third_turn_goes_out_at_once_to_the_player_on_turn():
    # The ordinary case: "en algún momento posterior a su tercer turno" the loss puts it out at
    # once, to the player on turn; a seat taking a group again holds it again (ruling 41).
    state = position(
        ["network", "servants_of_cthulhu", "ufos"],
        structures=STRIPPED,
        money={"network": 10},
        turns=3,
        active=2,
    )
    state.stripped[0] = 2  # lost a group once, then took Texas: the check marks it as holding
    eliminate(state, None)
    assert state.stripped == [HOLDING, HOLDING, HOLDING]
    state.active = 0
    declare(state, "destroy", "kkk", "network")
    state.chance = dice(2)
    events = state.apply(0, ("spend", "illuminati", 10)) + all_pass(state)
    assert event(events, "eliminated").params["seat"] == 1 and not state.alive[1]
    assert state.destroyed == [2, 0, 0] and state.stripped[1] == 0


def test_the_round_limit_ends_a_game_with_no_winner():
    # Ruling 12: places go by the groups controlled, then the money
    state = position(
        ["ufos", "network"],
        structures={0: [("kkk", "ufos", "right")], 1: TWELVE},
        uncontrolled=["texas", "yuppies"],
    )
    state.round_limit = 2
    events = []
    while not state.is_over:  # every turn ended at once; the start windows passed
        seat = state.actors()[0]
        events = state.apply(seat, ("end",) if state.phase == "action" else ("pass",))
    assert event(events, "game_over").params["reason"] == "limit"
    assert sum(state.turns) == 2 * 2
    outcome = state.outcome()
    assert outcome.scores == (0.0, 0.0) and outcome.ranks == (2, 1) and outcome.tiebreak == "groups"


def test_ufos_choose_another_illuminatis_goal_in_secret_before_the_first_turn():
    # "al principio de la partida, después de elegir Illuminati, el jugador de los OVNIs escoge el
    # Objetivo especial de cualquier otro Grupo y lo escribe, manteniéndolo en secreto." (ruling 24)
    seed = next(s for s in range(50) if CARD_OF["ufos"] in GAME.start(3, {}, s)[0].illuminati)
    state, _ = GAME.start(3, {}, seed)
    ufos = [p["illuminati"] for p in state.view(None)["players_info"]].index("ufos")
    assert state.phase == "choose" and state.actors() == (ufos,)
    assert len(state.legal_actions(ufos)) == 7 and ("goal", "ufos") not in state.legal_actions(ufos)
    events = state.apply(ufos, ("goal", "servants_of_cthulhu"))
    assert event(events, "goal_chosen").to is None and event(events, "goal_chosen_face").to == (ufos,)
    other = (ufos + 1) % 3
    assert state.view(ufos)["secret_goal"] == "servants_of_cthulhu"
    assert state.view(other)["secret_goal"] is None
    assert state.phase in ("start", "action")
    state.destroyed[ufos] = 8
    assert special_goal(state, ufos)
    redrawn = {state.resample(other, random.Random(i)).goal_choice[ufos] for i in range(40)}
    assert len(redrawn) > 1


def test_longer_game_option_raises_the_basic_goal():
    # "Para que sea más larga aumenta el número de Grupos necesarios para cumplir el Objetivo
    # básico."
    state, _ = GAME.start(4, {"goal_extra": 3}, seed=1)
    assert state.goal == 12 + 3 and state.view(0)["goal"] == 15


@pytest.mark.parametrize(("destroyed", "wins"), [(7, True), (6, False)])
def test_cthulhu_destroying_its_own_last_group_wins_if_that_is_its_eighth(destroyed, wins):
    # "Excepción: si los Servidores de Cthulhu destruyen su último Grupo y al hacerlo cumplen su
    # Objetivo especial de destruir 8 Grupos, no quedan destruidos... ¡ganan!"
    state = position(
        ["servants_of_cthulhu", "network"],
        structures={0: [("texas", "servants_of_cthulhu", "right")], 1: [("kkk", "network", "right")]},
        money={"servants_of_cthulhu": 10},
        turns=4,
    )
    state.destroyed[0] = destroyed
    declare(state, "destroy", "texas", "servants_of_cthulhu")
    state.chance = dice(2)
    state.apply(0, ("spend", "illuminati", 10))
    all_pass(state)
    assert CARD_OF["texas"] in state.dead and state.destroyed[0] == destroyed + 1
    assert state.alive[0] == wins
    if wins:  # not put out; the goal wins when the turn ends (ruling 42)
        assert state.phase != "over"
        state.apply(0, ("end",))
    assert state.winners == ([0] if wins else [1])  # else the Network, the last left


def test_cthulhu_destroying_its_last_group_as_its_eighth_wins_at_the_end_of_the_turn_shared():
    """ "Excepción: si los Servidores de Cthulhu destruyen su último Grupo y al hacerlo cumplen
    su Objetivo especial de destruir 8 Grupos, no quedan destruidos... ¡ganan!", "El juego se
    acaba cuando un jugador cumple, al final de su turno o del de otro, uno de sus Objetivos. Si
    dos o más jugadores los cumplen a la vez compartirán la victoria y se dividirán el mundo
    entre ellos." and "Un jugador gana si cumple su Objetivo especial al final de cualquier
    turno." The Servants are not put out, and win when the turn ends, with the Gnomes who meet
    their own goal then (ruling 42)."""
    state = position(
        ["servants_of_cthulhu", "gnomes_of_zurich", "network"],
        structures={
            0: [("texas", "servants_of_cthulhu", "right")],
            1: [("kkk", "gnomes_of_zurich", "right")],
            2: [("yuppies", "network", "right")],
        },
        money={"servants_of_cthulhu": 10, "gnomes_of_zurich": 150},
        turns=4,
    )
    state.destroyed[0] = 7
    declare(state, "destroy", "texas", "servants_of_cthulhu")  # 9 + 2 - 6 = 5
    state.chance = dice(2)
    events = all_pass(state)
    assert state.destroyed[0] == 8 and len(state.structures[0]) == 1
    assert state.alive[0] and not [e for e in events if e.kind in ("eliminated", "game_over")]
    assert state.phase == "action" and state.actions_left == 1
    events = state.apply(0, ("end",))
    assert event(events, "game_over").params["winners"] == [0, 1]
    assert state.outcome().winners == (0, 1) and state.outcome().reason == "goal"


def test_cthulhu_dropping_its_last_group_is_not_the_exception_only_destroying_it_is():
    """ "Un jugador queda eliminado si en algún momento posterior a su tercer turno no controla
    más Grupos que sus Illuminati." and "Excepción: si los Servidores de Cthulhu destruyen su
    último Grupo y al hacerlo cumplen su Objetivo especial de destruir 8 Grupos, no quedan
    destruidos... ¡ganan!" The Servants make their eighth destruction, then drop their last
    group (or give it away) instead of destroying it: they go out at once, before the end of the
    turn that would have given them the win."""
    state = position(
        ["servants_of_cthulhu", "network", "ufos"],
        structures=CTHULHU_FIRST,
        uncontrolled=["the_mafia"],
        turns=4,
    )
    state.destroyed[0] = 7
    declare(state, "destroy", "the_mafia", "servants_of_cthulhu")  # 9 + 2 - 7 = 4
    state.chance = dice(2)
    all_pass(state)
    assert state.destroyed[0] == 8 and special_goal(state, 0)
    events = state.apply(0, ("drop", "texas"))
    assert event(events, "eliminated").params["seat"] == 0 and not state.alive[0]
    assert not state.winners and state.phase != "over"


def test_an_illuminati_that_trades_away_its_last_group_counts_for_nobody():
    """ "Si echan de la partida a otros Illuminati quitándoles su último Grupo los Illuminati
    destruidos también cuentan para el Objetivo." The strategy section says how a group is so
    taken: "¡Recuerda que si eliminas de la partida a un rival, capturando, neutralizando o
    destruyendo su último Grupo, el Illuminati destruido cuenta como víctima!" A player who
    sells its last group goes out, but nobody took it: "Un jugador que esté perdiendo no
    debería poder decidir quién va a ganar." (ruling 41)."""
    state = position(
        ["servants_of_cthulhu", "network", "ufos"],
        structures=CTHULHU_FIRST,
        money={"servants_of_cthulhu": 10},
        turns=4,
    )
    state.apply(0, ("offer", 1))
    state.apply(0, ("offer_take", "kkk"))
    state.apply(0, ("offer_money", "give", 5))
    state.apply(0, ("propose",))
    state.apply(1, ("accept",))
    events = state.apply(0, next(a for a in state.legal_actions(0) if a[0] == "receive"))
    assert event(events, "eliminated").params["seat"] == 1 and not state.alive[1]
    assert state.owner[CARD_OF["kkk"]] == 0 and state.destroyed == [0, 0, 0]
